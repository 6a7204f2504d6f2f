//! A small map from strings to positions: open addressing, hashed with
//! FNV-1a. Linear time on hostile input, and far smaller in the wasm than
//! `std`'s `HashMap` with its SipHash and random state.

pub(crate) struct StrMap<'a> {
    table: Vec<Option<(&'a str, usize)>>,
    len: usize,
}

impl<'a> StrMap<'a> {
    pub(crate) fn new() -> Self {
        StrMap {
            table: vec![None; 16],
            len: 0,
        }
    }

    /// Adds `key` with `value` unless it is there; returns the value it had.
    pub(crate) fn insert(&mut self, key: &'a str, value: usize) -> Option<usize> {
        if 2 * (self.len + 1) > self.table.len() {
            let bigger = vec![None; 2 * self.table.len()];
            let old = std::mem::replace(&mut self.table, bigger);
            self.len = 0;
            for (k, v) in old.into_iter().flatten() {
                self.insert(k, v);
            }
        }
        let mask = self.table.len() - 1;
        let mut slot = (fnv(key) as usize) & mask;
        loop {
            match self.table[slot] {
                None => {
                    self.table[slot] = Some((key, value));
                    self.len += 1;
                    return None;
                }
                Some((k, v)) if k == key => return Some(v),
                Some(_) => slot = (slot + 1) & mask,
            }
        }
    }

    /// The value of `key`, if it is there.
    pub(crate) fn get(&self, key: &str) -> Option<usize> {
        let mask = self.table.len() - 1;
        let mut slot = (fnv(key) as usize) & mask;
        loop {
            match self.table[slot] {
                None => return None,
                Some((k, v)) if k == key => return Some(v),
                Some(_) => slot = (slot + 1) & mask,
            }
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

/// FNV-1a, 64 bits.
fn fnv(key: &str) -> u64 {
    key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn keeps_the_first_value_of_each_key() {
        let words: Vec<String> = (0..1000).map(|n| format!("w{}", n % 300)).collect();
        let mut map = super::StrMap::new();
        let new = (0..words.len())
            .filter(|&i| map.insert(&words[i], i).is_none())
            .count();
        assert_eq!((new, map.len()), (300, 300));
        assert_eq!(map.insert("w7", 0), Some(7));
        assert_eq!(map.get("w8"), Some(8));
        assert_eq!(map.get("x"), None);
    }
}
