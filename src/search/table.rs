//! The one hash table of the searches: every stored search state with its
//! node, and, when outcomes are collected, every outcome key with its best
//! node. Keys live in an [`Arena`] in the order they came in, so a key's
//! index is its id, and parents and the frontier refer to states by id; the
//! table itself is open addressing with linear probing over those ids, at
//! most half full.
//!
//! Written here rather than taken from a crate because the keys are not
//! stored in the table: the general search's keys are runs of words of one
//! arena (a state of hundreds of bytes is stored once, not once in an arena
//! and again in a map), and the small search's are single machine words.
//! One type serves both through [`Arena`].

use super::path::Node;

/// Where a [`Table`] keeps its keys: in one arena, by id.
pub(super) trait Arena {
    /// A key as it is looked up.
    type Key<'k>: Copy;
    /// Where the key's probe starts (any bits; the table masks them).
    fn slot(key: Self::Key<'_>) -> usize;
    /// [`Arena::slot`] of the key stored with this id.
    fn slot_of(&self, id: u32) -> usize;
    /// Whether the key stored with this id is `key`.
    fn holds(&self, id: u32, key: Self::Key<'_>) -> bool;
    /// Stores `key` with the next id.
    fn push(&mut self, key: Self::Key<'_>);
    /// Forgets every key, keeping the memory.
    fn clear(&mut self);
}

/// Keys of any number of words, `stride` words each, in one vector.
pub(super) struct Words {
    pub(super) stride: usize,
    words: Vec<u64>,
}

impl Default for Words {
    fn default() -> Self {
        Words {
            stride: 1,
            words: Vec::new(),
        }
    }
}

impl Words {
    /// The key stored with this id.
    #[inline]
    pub(super) fn state(&self, id: u32) -> &[u64] {
        let i = id as usize * self.stride;
        &self.words[i..i + self.stride]
    }
}

/// The hash of a key of words.
#[inline]
fn hash(words: &[u64]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for &w in words {
        h = (h.rotate_left(23) ^ w).wrapping_mul(0x2545_f491_4f6c_dd1d);
    }
    h ^ (h >> 29)
}

impl Arena for Words {
    type Key<'k> = &'k [u64];

    #[inline]
    fn slot(key: &[u64]) -> usize {
        hash(key) as usize
    }

    fn slot_of(&self, id: u32) -> usize {
        hash(self.state(id)) as usize
    }

    #[inline]
    fn holds(&self, id: u32, key: &[u64]) -> bool {
        self.state(id).iter().zip(key).all(|(a, b)| a == b)
    }

    #[inline]
    fn push(&mut self, key: &[u64]) {
        self.words.extend_from_slice(key);
    }

    fn clear(&mut self) {
        self.words.clear();
    }
}

/// Keys in an arena, each with a value (`nodes`, by the same id), found
/// again by key.
pub(super) struct Table<A, T> {
    pub(super) keys: A,
    pub(super) nodes: Vec<T>,
    slots: Vec<u32>,
}

const EMPTY: u32 = u32::MAX;

/// What [`Table::probe`] found.
pub(super) enum Probe {
    /// The key, stored with this id.
    Stored(u32),
    /// Where the key would go.
    Vacant(Vacant),
}

/// An empty slot where a key would go, as [`Table::probe`] found it.
pub(super) struct Vacant(usize);

/// The fewest slots a table has.
const FEWEST_SLOTS: usize = 16;

impl<A: Default, T> Default for Table<A, T> {
    fn default() -> Self {
        Table {
            keys: A::default(),
            nodes: Vec::new(),
            slots: Vec::new(),
        }
    }
}

impl<A: Arena, T> Table<A, T> {
    /// Empties the table for about `expected` keys, keeping its memory (it
    /// grows past them as needed).
    pub(super) fn reset(&mut self, expected: usize) {
        self.keys.clear();
        self.nodes.clear();
        self.slots.clear();
        self.slots
            .resize((expected * 2).next_power_of_two().max(FEWEST_SLOTS), EMPTY);
    }

    /// The id of `key`, and `false`; or, when it is new, the id it is
    /// stored with (holding `fresh`), and `true`.
    #[inline(always)]
    pub(super) fn find_or_insert(&mut self, key: A::Key<'_>, fresh: T) -> (u32, bool) {
        match self.probe(key) {
            Probe::Stored(id) => (id, false),
            Probe::Vacant(vacant) => (self.insert(vacant, key, fresh), true),
        }
    }

    /// Where `key` is stored, or where it would be: a [`Vacant`] slot
    /// stays right for [`Table::insert`] until the table stores another
    /// key. Grows the table first if one more key would fill it past half.
    #[inline(always)]
    pub(super) fn probe(&mut self, key: A::Key<'_>) -> Probe {
        if (self.nodes.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut slot = A::slot(key) & mask;
        loop {
            let entry = self.slots[slot];
            if entry == EMPTY {
                return Probe::Vacant(Vacant(slot));
            }
            if self.keys.holds(entry, key) {
                return Probe::Stored(entry);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Stores `key`, which [`Table::probe`] just found `vacant`, holding
    /// `fresh`, and gives its id.
    #[inline(always)]
    pub(super) fn insert(&mut self, vacant: Vacant, key: A::Key<'_>, fresh: T) -> u32 {
        let id = self.nodes.len() as u32;
        self.slots[vacant.0] = id;
        self.keys.push(key);
        self.nodes.push(fresh);
        id
    }

    /// The id of `key`, if it is stored.
    #[inline]
    pub(super) fn find(&self, key: A::Key<'_>) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut slot = A::slot(key) & mask;
        loop {
            let entry = self.slots[slot];
            if entry == EMPTY {
                return None;
            }
            if self.keys.holds(entry, key) {
                return Some(entry);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Doubles the slots and places every id again.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(FEWEST_SLOTS);
        self.slots.clear();
        self.slots.resize(size, EMPTY);
        let mask = size - 1;
        for id in 0..self.nodes.len() as u32 {
            let mut slot = self.keys.slot_of(id) & mask;
            while self.slots[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = id;
        }
    }
}

/// What one stored state takes, for a state of `key_bytes` bytes: the
/// state, its node, and its share of the table (at most half full, doubled
/// when it grows).
pub(super) fn state_bytes(key_bytes: usize) -> usize {
    key_bytes + std::mem::size_of::<Node>() + 2 * 2 * std::mem::size_of::<u32>()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::{Arena, Table, Words};

    /// Keys whose probes all start in one of three slots, so that nearly
    /// every look-up walks past others.
    #[derive(Default)]
    struct Crowded(Vec<u64>);

    impl Arena for Crowded {
        type Key<'k> = u64;
        fn slot(key: u64) -> usize {
            (key % 3) as usize
        }
        fn slot_of(&self, id: u32) -> usize {
            Self::slot(self.0[id as usize])
        }
        fn holds(&self, id: u32, key: u64) -> bool {
            self.0[id as usize] == key
        }
        fn push(&mut self, key: u64) {
            self.0.push(key);
        }
        fn clear(&mut self) {
            self.0.clear();
        }
    }

    /// A fixed stream of keys with repeats (an xorshift generator).
    fn keys(count: usize, range: u64) -> Vec<u64> {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        (0..count)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % range
            })
            .collect()
    }

    #[test]
    fn crowded_keys_are_found_again_across_growth_and_reset() {
        let mut table = Table::<Crowded, usize>::default();
        for round in 0..2 {
            table.reset(4);
            let mut reference: HashMap<u64, u32> = HashMap::new();
            let stream = keys(3000, 700 + round);
            for (i, &key) in stream.iter().enumerate() {
                let (id, inserted) = table.find_or_insert(key, i);
                match reference.get(&key) {
                    Some(&old) => assert_eq!((id, inserted), (old, false), "key {key}"),
                    None => {
                        assert_eq!((id, inserted), (reference.len() as u32, true), "key {key}");
                        reference.insert(key, id);
                    }
                }
            }
            assert_eq!(table.nodes.len(), reference.len());
            assert!(reference.len() > 500, "the stream repeats too much");
            for (&key, &id) in &reference {
                assert_eq!(table.keys.0[id as usize], key);
                assert_eq!(table.find_or_insert(key, 0), (id, false));
            }
        }
    }

    #[test]
    fn keys_of_words_are_found_again_with_their_values() {
        let mut table = Table::<Words, u32>::default();
        table.reset(1);
        table.keys.stride = 3;
        let stream = keys(6000, 40);
        let mut reference: HashMap<Vec<u64>, u32> = HashMap::new();
        for (i, triple) in stream.chunks(3).enumerate() {
            let (id, inserted) = table.find_or_insert(triple, i as u32);
            assert_eq!(inserted, !reference.contains_key(triple));
            let id = *reference.entry(triple.to_vec()).or_insert(id);
            assert_eq!(table.keys.state(id), triple);
        }
        assert!(reference.len() > 1000, "the stream repeats too much");
        assert_eq!(table.nodes.len(), reference.len());
        for (key, &id) in &reference {
            // The value is the index of the key's first appearance.
            let first = stream.chunks(3).position(|t| t == &key[..]);
            assert_eq!(Some(table.nodes[id as usize] as usize), first);
        }
        table.reset(1);
        assert_eq!(table.find_or_insert(&[1, 2, 3], 9), (0, true));
    }
}
