//! Finding repeated strings (duplicate options, lookalike hosts, the sites
//! of a list) by sorting: O(n log n) comparisons whatever the strings, so
//! that crafted input cannot make a parse slow. An unkeyed hash table (FNV
//! with linear probing, tried first) can be flooded with colliding keys; a
//! keyed one (`std`'s `HashMap`) and a `BTreeMap` both cost more wasm than
//! this.
//!
//! Not a crate: a sort of indices and one pass; what it needs (no flooding,
//! little wasm) is what a hash set crate would not give (see above;
//! fuzz/tools/colliding_option_keys.py made the keys that flooded the
//! unkeyed table).

use crate::prelude::*;

/// For each string, the position of the first string equal to it (its own
/// position when it is the first).
pub(crate) fn first_of_each(keys: &[&str]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    heapsort(&mut order, keys);
    let mut first = vec![0; keys.len()];
    let mut run = 0;
    for (k, &i) in order.iter().enumerate() {
        if k == 0 || keys[order[k - 1]] != keys[i] {
            run = i;
        }
        first[i] = run;
    }
    first
}

/// Sorts positions by their string, then by position. A heapsort: O(n log n)
/// in every case, and a fraction of the wasm that `sort_unstable` costs
/// (measured with serde-wasm-bindgen in: `sort_unstable_by_key` adds 3.9 KB
/// raw, 1.4 KB gzip).
fn heapsort(order: &mut [usize], keys: &[&str]) {
    let less = |a: usize, b: usize| (keys[a], a) < (keys[b], b);
    let sift_down = |order: &mut [usize], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            break;
        }
        if child + 1 < end && less(order[child], order[child + 1]) {
            child += 1;
        }
        if !less(order[root], order[child]) {
            break;
        }
        order.swap(root, child);
        root = child;
    };
    let n = order.len();
    for root in (0..n / 2).rev() {
        sift_down(order, root, n);
    }
    for end in (1..n).rev() {
        order.swap(0, end);
        sift_down(order, 0, end);
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;
    use alloc::format;

    #[test]
    fn finds_the_first_of_each_string() {
        let words: Vec<String> = (0..1000).map(|n| format!("w{}", n % 300)).collect();
        let keys: Vec<&str> = words.iter().map(String::as_str).collect();
        let first = super::first_of_each(&keys);
        assert_eq!((0..1000).filter(|&i| first[i] == i).count(), 300);
        assert_eq!(first[307], 7);
        assert_eq!(first[7], 7);
        assert!(super::first_of_each(&[]).is_empty());
        let mut order: Vec<usize> = (0..keys.len()).collect();
        super::heapsort(&mut order, &keys);
        assert!(order
            .windows(2)
            .all(|w| (keys[w[0]], w[0]) < (keys[w[1]], w[1])));
    }
}
