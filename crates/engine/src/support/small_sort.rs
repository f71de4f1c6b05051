//! A stable insertion sort for the engine's short lists (modes, dimensions, factors).
//!
//! Each instantiation of the standard library's sorts adds about 3 KB to the wasm, and the
//! engine sorts a dozen element types; the lists are as long as a layout has modes, so the
//! quadratic worst case costs microseconds.

/// Sorts `items` stably by `key`.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Whether `axes` is a permutation of `0..n`.
pub fn is_permutation(axes: &[usize], n: usize) -> bool {
    let mut seen = vec![false; n];
    axes.len() == n
        && axes
            .iter()
            .all(|&a| a < n && !std::mem::replace(&mut seen[a], true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably_like_the_standard_library() {
        let mut seed = 7u64;
        for len in 0..40 {
            let mut items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    ((seed >> 60) as u8, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| k);
            sort_by_key(&mut items, |&(k, _)| k);
            assert_eq!(items, expected, "stable, length {len}");
        }
    }

    #[test]
    fn permutations() {
        assert!(is_permutation(&[2, 0, 1], 3));
        assert!(is_permutation(&[], 0));
        assert!(!is_permutation(&[0, 0, 1], 3));
        assert!(!is_permutation(&[0, 3, 1], 3));
        assert!(!is_permutation(&[0, 1], 3));
    }
}
