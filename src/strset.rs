//! A small set of strings: open addressing over positions, hashed with
//! FNV-1a. Linear time on hostile input, and far smaller in the wasm than
//! `std`'s `HashSet` with its SipHash and random state.

pub(crate) struct StrSet<'a> {
    table: Vec<Option<&'a str>>,
    len: usize,
}

impl<'a> StrSet<'a> {
    pub(crate) fn new() -> Self {
        StrSet {
            table: vec![None; 16],
            len: 0,
        }
    }

    /// Adds `s`; returns whether it was not there yet.
    pub(crate) fn insert(&mut self, s: &'a str) -> bool {
        if 2 * (self.len + 1) > self.table.len() {
            let bigger = vec![None; 2 * self.table.len()];
            let old = std::mem::replace(&mut self.table, bigger);
            self.len = 0;
            for s in old.into_iter().flatten() {
                self.insert(s);
            }
        }
        let mask = self.table.len() - 1;
        let hash = s.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        let mut slot = (hash as usize) & mask;
        loop {
            match self.table[slot] {
                None => {
                    self.table[slot] = Some(s);
                    self.len += 1;
                    return true;
                }
                Some(t) if t == s => return false,
                Some(_) => slot = (slot + 1) & mask,
            }
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_distinct_strings() {
        let words: Vec<String> = (0..1000).map(|n| format!("w{}", n % 300)).collect();
        let mut set = super::StrSet::new();
        let new = words.iter().filter(|w| set.insert(w)).count();
        assert_eq!((new, set.len()), (300, 300));
    }
}
