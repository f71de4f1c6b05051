//! Ordered sets and maps kept as sorted vectors, for the app's small collections (a Syno
//! chain's dimensions and colours, a size's variables, the cells a hover lights).
//!
//! They replace the standard library's B-trees, whose code the wasm build instantiated for each
//! of a dozen key and value types: 32 KB of code, 14 KB of the brotli download (docs/journal.md,
//! Size). Lookups are binary searches; an insertion moves the larger entries, so building in
//! ascending order (cells row by row) appends, and any order is quadratic in moves, which is
//! microseconds at the sizes these hold (at most the 1,024 cells a grid draws).

use std::borrow::Borrow;
use std::fmt;

/// Where `key` is among `items` (ascending by `key_of`), or where it would go; the last item is
/// read first, so ascending insertions cost one comparison.
fn position<E, Q: Ord + ?Sized>(
    items: &[E],
    key_of: impl Fn(&E) -> &Q,
    key: &Q,
) -> Result<usize, usize> {
    match items.last().map(|last| key_of(last).cmp(key)) {
        None | Some(std::cmp::Ordering::Less) => Err(items.len()),
        _ => items.binary_search_by(|item| key_of(item).cmp(key)),
    }
}

/// A set of `T` in ascending order, without repeats.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SortedSet<T> {
    items: Vec<T>,
}

impl<T> SortedSet<T> {
    /// The empty set; allocates nothing until the first insertion.
    pub const fn new() -> Self {
        Self { items: Vec::new() }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the set has no element.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The elements in ascending order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    /// The smallest element.
    pub fn first(&self) -> Option<&T> {
        self.items.first()
    }

    /// The largest element.
    pub fn last(&self) -> Option<&T> {
        self.items.last()
    }

    /// Keeps the elements for which `keep` holds (order is kept, so the set stays sorted).
    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.items.retain(keep);
    }
}

impl<T: Ord> SortedSet<T> {
    fn find<Q: Ord + ?Sized>(&self, value: &Q) -> Result<usize, usize>
    where
        T: Borrow<Q>,
    {
        position(&self.items, |item| item.borrow(), value)
    }

    /// Adds `value`; whether it was not there.
    pub fn insert(&mut self, value: T) -> bool {
        match self.find(&value) {
            Ok(_) => false,
            Err(at) => {
                self.items.insert(at, value);
                true
            }
        }
    }

    /// Removes `value`; whether it was there.
    pub fn remove<Q: Ord + ?Sized>(&mut self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.find(value).map(|at| self.items.remove(at)).is_ok()
    }

    /// Whether `value` is in the set, by binary search.
    pub fn contains<Q: Ord + ?Sized>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.find(value).is_ok()
    }

    /// The elements of both sets, in ascending order.
    pub fn intersection<'a>(&'a self, other: &'a Self) -> impl Iterator<Item = &'a T> + 'a {
        self.iter().filter(move |v| other.contains(*v))
    }
}

impl<T> Default for SortedSet<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: fmt::Debug> fmt::Debug for SortedSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(&self.items).finish()
    }
}

impl<T: Ord> Extend<T> for SortedSet<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, values: I) {
        for value in values {
            self.insert(value);
        }
    }
}

impl<T: Ord> FromIterator<T> for SortedSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Self {
        let mut set = Self::new();
        set.extend(values);
        set
    }
}

impl<T: Ord, const N: usize> From<[T; N]> for SortedSet<T> {
    fn from(values: [T; N]) -> Self {
        values.into_iter().collect()
    }
}

impl<T> IntoIterator for SortedSet<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a SortedSet<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

/// A map from `K` to `V` in ascending order of keys.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SortedMap<K, V> {
    entries: Vec<(K, V)>,
}

impl<K, V> SortedMap<K, V> {
    /// The empty map; allocates nothing until the first insertion.
    pub const fn new() -> Self {
        Self {
            entries: Vec::new(),
        }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map has no entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Removes every entry, keeping the allocation.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// The entries in ascending order of keys.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> + ExactSizeIterator {
        self.into_iter()
    }

    /// The keys in ascending order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The values in ascending order of their keys.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.entries.iter().map(|(_, v)| v)
    }
}

impl<K: Ord, V> SortedMap<K, V> {
    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        position(&self.entries, |(k, _)| k.borrow(), key)
    }

    /// The value of `key`, by binary search.
    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|at| &self.entries[at].1)
    }

    /// The value of `key`, to change in place.
    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|at| &mut self.entries[at].1)
    }

    /// Whether `key` has a value.
    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }

    /// Sets `key` to `value`; the value it had.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(at) => Some(std::mem::replace(&mut self.entries[at].1, value)),
            Err(at) => {
                self.entries.insert(at, (key, value));
                None
            }
        }
    }

    /// Removes `key`; the value it had.
    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|at| self.entries.remove(at).1)
    }

    /// The place of `key`, to read or fill.
    pub fn entry(&mut self, key: K) -> Entry<'_, K, V> {
        let at = self.find(&key);
        Entry { map: self, at, key }
    }
}

/// A key's place in a [`SortedMap`]: its value, or where it would go.
pub struct Entry<'a, K, V> {
    map: &'a mut SortedMap<K, V>,
    at: Result<usize, usize>,
    key: K,
}

impl<'a, K, V> Entry<'a, K, V> {
    /// The key's value, first set to `make()` where it has none.
    pub fn or_insert_with(self, make: impl FnOnce() -> V) -> &'a mut V {
        let at = match self.at {
            Ok(at) => at,
            Err(at) => {
                self.map.entries.insert(at, (self.key, make()));
                at
            }
        };
        &mut self.map.entries[at].1
    }

    /// The key's value, first set to `value` where it has none.
    pub fn or_insert(self, value: V) -> &'a mut V {
        self.or_insert_with(|| value)
    }

    /// The key's value, first set to `V::default()` where it has none.
    pub fn or_default(self) -> &'a mut V
    where
        V: Default,
    {
        self.or_insert_with(V::default)
    }
}

impl<K: Ord + Borrow<Q>, Q: Ord + ?Sized, V> std::ops::Index<&Q> for SortedMap<K, V> {
    type Output = V;

    /// # Panics
    /// Where `key` is not in the map, as the standard maps do.
    fn index(&self, key: &Q) -> &V {
        self.get(key).expect("a key of the map")
    }
}

impl<K, V> Default for SortedMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for SortedMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K: Ord, V> Extend<(K, V)> for SortedMap<K, V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, entries: I) {
        for (k, v) in entries {
            self.insert(k, v);
        }
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for SortedMap<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(entries: I) -> Self {
        let mut map = Self::new();
        map.extend(entries);
        map
    }
}

impl<K: Ord, V, const N: usize> From<[(K, V); N]> for SortedMap<K, V> {
    fn from(entries: [(K, V); N]) -> Self {
        entries.into_iter().collect()
    }
}

impl<K, V> IntoIterator for SortedMap<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

type EntryRef<'a, K, V> = fn(&'a (K, V)) -> (&'a K, &'a V);

impl<'a, K, V> IntoIterator for &'a SortedMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (K, V)>, EntryRef<'a, K, V>>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// A short pseudo-random sequence of small values, with repeats.
    fn values(seed: u64, len: usize) -> Vec<u8> {
        let mut state = seed;
        (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (state >> 59) as u8
            })
            .collect()
    }

    #[test]
    fn sets_agree_with_the_standard_b_tree_set() {
        for seed in 0..200 {
            let ops = values(seed, 60);
            let (mut ours, mut std_set) = (SortedSet::new(), BTreeSet::new());
            for (k, &v) in ops.iter().enumerate() {
                if k % 3 == 2 {
                    assert_eq!(ours.remove(&v), std_set.remove(&v));
                } else {
                    assert_eq!(ours.insert(v), std_set.insert(v));
                }
                assert_eq!(ours.contains(&(v / 2)), std_set.contains(&(v / 2)));
            }
            assert!(ours.iter().eq(std_set.iter()));
            assert_eq!(ours.len(), std_set.len());
            assert_eq!(ours.first(), std_set.first());
            assert_eq!(ours.last(), std_set.last());
            let other: SortedSet<u8> = values(seed + 1000, 20).into_iter().collect();
            let std_other: BTreeSet<u8> = other.iter().copied().collect();
            assert!(ours
                .intersection(&other)
                .eq(std_set.intersection(&std_other)));
            assert_eq!(format!("{ours:?}"), format!("{std_set:?}"));
        }
    }

    #[test]
    fn maps_agree_with_the_standard_b_tree_map() {
        for seed in 0..200 {
            let ops = values(seed, 60);
            let (mut ours, mut std_map) = (SortedMap::new(), BTreeMap::new());
            for (k, &key) in ops.iter().enumerate() {
                match k % 4 {
                    0 | 1 => assert_eq!(ours.insert(key, k), std_map.insert(key, k)),
                    2 => assert_eq!(ours.remove(&key), std_map.remove(&key)),
                    _ => {
                        *ours.entry(key).or_insert(100) += 1;
                        *std_map.entry(key).or_insert(100) += 1;
                    }
                }
                assert_eq!(ours.get(&(key / 2)), std_map.get(&(key / 2)));
            }
            assert!(ours.iter().eq(std_map.iter()));
            assert!(ours.keys().rev().eq(std_map.keys().rev()));
            assert_eq!(format!("{ours:?}"), format!("{std_map:?}"));
        }
    }

    #[test]
    fn string_keys_are_found_by_str() {
        let map = SortedMap::from([("N".to_string(), 4), ("M".to_string(), 2)]);
        assert_eq!(map.get("N"), Some(&4));
        assert_eq!(map.keys().collect::<Vec<_>>(), ["M", "N"]);
        assert!(!map.contains_key("K"));
    }
}
