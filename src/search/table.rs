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
//!
//! The table of a search's states is given its budgets
//! ([`Table::reset_within`]): [`Table::most`] is then how many keys it may
//! hold, counting what it takes and what the search keeps beside each key,
//! and the search stops at the key after it (`path::may_store`).

use super::Limits;
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
    /// The bytes one key takes.
    fn key_bytes(&self) -> usize;
    /// The bytes its keys take.
    fn held(&self) -> usize;
    /// The bytes it has room for, written or not.
    fn room(&self) -> usize;
    /// Makes room for `keys` keys in all, exactly, so that the memory it
    /// then holds is known; `false` when the system will not give it.
    fn reserve_for(&mut self, keys: usize) -> bool;
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

    fn key_bytes(&self) -> usize {
        self.stride * std::mem::size_of::<u64>()
    }

    fn held(&self) -> usize {
        vec_bytes(&self.words)
    }

    fn room(&self) -> usize {
        self.words.capacity() * std::mem::size_of::<u64>()
    }

    fn reserve_for(&mut self, keys: usize) -> bool {
        make_room_for(&mut self.words, keys.saturating_mul(self.stride))
    }
}

/// Keys in an arena, each with a value (`nodes`, by the same id), found
/// again by key.
pub(super) struct Table<A, T> {
    pub(super) keys: A,
    pub(super) nodes: Vec<T>,
    slots: Vec<u32>,
    /// How many keys the table may hold within the budgets of its search
    /// ([`Table::reset_within`]; unbounded otherwise): its keys and nodes
    /// have room for one more, so that the key past the budget is stored
    /// without growing and the search then stops.
    pub(super) most: usize,
    /// The bytes a key takes with what is kept beside it, the memory
    /// budget and the state budget that [`Table::most`] was worked out
    /// for, with its keys and nodes given room.
    budgets: Option<(usize, usize, usize)>,
    /// The most keys written into the room set aside since it was set
    /// aside: memory the system gave the table, which emptying it keeps.
    written: usize,
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
            most: usize::MAX,
            budgets: None,
            written: 0,
        }
    }
}

impl<A: Arena, T> Table<A, T> {
    /// Empties the table for about `expected` keys, keeping its memory (it
    /// grows past them as needed).
    pub(super) fn reset(&mut self, expected: usize) {
        self.written = self.written.max(self.nodes.len());
        self.keys.clear();
        self.nodes.clear();
        self.slots.clear();
        self.slots
            .resize((expected * 2).next_power_of_two().max(FEWEST_SLOTS), EMPTY);
    }

    /// Empties the table as [`Table::reset`] does, for a search within
    /// `limits` that keeps `beside` bytes for each key outside the table,
    /// and sets [`Table::most`]: how many keys fit in the memory budget,
    /// or the state budget when that is fewer.
    ///
    /// The keys and nodes are given room for all of those at once (and
    /// one more, the key that stops the search), rather than doubled as
    /// they fill: memory set aside and not yet written takes no room, and
    /// doubling a vector copies it, while the allocator keeps every old
    /// copy resident after it is freed: at 256 MiB a 200-room board's
    /// search peaked at 390 MB growing its vectors, against 180 MB of
    /// states. The slots still double (they are a sixteenth of a state of
    /// a board of hundreds of rooms), counted with their old copies.
    pub(super) fn reset_within(&mut self, expected: usize, limits: &Limits, beside: usize) {
        self.reset(expected);
        let per_key = self.keys.key_bytes() + std::mem::size_of::<T>() + beside;
        // Worked out once for a run of solves within the same budgets (a
        // sweep's, a batch's): the small search resets a table per pass.
        let budgets = (per_key, limits.max_memory, limits.max_states);
        if self.budgets == Some(budgets) {
            return;
        }
        self.budgets = Some(budgets);
        self.written = 0;
        // For each size the slots may grow to, the keys that fit beside
        // them, with the copies of every smaller size before it (twice
        // the last, in all) and a key's place under half full.
        let mut most = 0;
        let mut slots = FEWEST_SLOTS;
        while let Some(slot_bytes) = slots
            .checked_mul(2 * std::mem::size_of::<u32>())
            .filter(|&bytes| bytes <= limits.max_memory)
        {
            let keys = ((limits.max_memory - slot_bytes) / per_key.max(1)).min(slots / 2);
            most = most.max(keys.saturating_sub(1));
            if keys < slots / 2 {
                break;
            }
            slots *= 2;
        }
        let mut most = most.min(limits.max_states);
        // Room the system will not set aside (past its memory and swap,
        // for a budget larger than the machine) is asked for in halves:
        // the search then stops where the room given ends.
        loop {
            let room = most.saturating_add(1);
            if (make_room_for(&mut self.nodes, room) && self.keys.reserve_for(room)) || most == 0 {
                break;
            }
            most /= 2;
        }
        self.most = most;
    }

    /// The bytes the table holds for the keys stored so far: each key with
    /// its node and what the search keeps beside it (as
    /// [`Table::reset_within`] was told), and the slots. Room that
    /// [`Table::reset_within`] set aside and is not yet written is not
    /// counted: the system gives it no memory until it is.
    pub(super) fn held(&self) -> usize {
        let slots = vec_bytes(&self.slots);
        match self.budgets {
            Some((per_key, _, _)) => self.nodes.len().max(self.written) * per_key + slots,
            None => self.keys.held() + vec_bytes(&self.nodes) + slots,
        }
    }

    /// The bytes it has room for, written or not.
    pub(super) fn room(&self) -> usize {
        self.keys.room() + vec_room(&self.nodes) + vec_room(&self.slots)
    }

    /// Sets room aside for `more` keys beyond those stored, so that storing
    /// them copies nothing (a vector that doubles is resident twice while
    /// it is copied); `false` when the system will not give it.
    pub(super) fn make_room(&mut self, more: usize) -> bool {
        let keys = self.nodes.len().saturating_add(more);
        make_room_for(&mut self.nodes, keys) && self.keys.reserve_for(keys)
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
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(FEWEST_SLOTS);
        // The old slots go first: every id is placed again from its key.
        self.slots = Vec::new();
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

/// Makes room in `v` for `total` items in all, exactly, and `false` when
/// the system will not give it. Only the items written are copied: a
/// reallocation copies the whole old room, which a vector given room for
/// its budget has mostly not written, and copying it would make the
/// system give it all.
pub(super) fn make_room_for<T>(v: &mut Vec<T>, total: usize) -> bool {
    if v.capacity() >= total {
        return true;
    }
    let mut fresh = Vec::new();
    if fresh.try_reserve_exact(total).is_err() {
        return false;
    }
    fresh.append(v);
    *v = fresh;
    true
}

/// The bytes a vector has room for, written or not: what the allocator
/// gave it.
pub(super) fn vec_room<T>(v: &Vec<T>) -> usize {
    v.capacity() * std::mem::size_of::<T>()
}

/// The bytes of a vector that are written: what the system has given it.
/// Room set aside and not written takes none, and the searches set room
/// aside rather than double a vector (see [`Table::reset_within`]).
pub(super) fn vec_bytes<T>(v: &[T]) -> usize {
    std::mem::size_of_val(v)
}

/// What a full search keeps beside its table for each stored state, in
/// bytes: its frontier's entry (8 bytes, in vectors grown by doubling, so
/// up to 16) and its place in the order states were settled in (4, up to
/// 8).
pub(super) const BESIDE: usize = 24;

/// What one stored state takes, for a state of `key_bytes` bytes: the
/// state, its node, and its share of the table (at most half full, doubled
/// when it grows).
pub(super) fn state_bytes(key_bytes: usize) -> usize {
    key_bytes + std::mem::size_of::<Node>() + 2 * 2 * std::mem::size_of::<u32>()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::{Arena, Limits, Table, Words};

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
        fn held(&self) -> usize {
            super::vec_bytes(&self.0)
        }
        fn room(&self) -> usize {
            self.0.capacity() * 8
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
        fn key_bytes(&self) -> usize {
            8
        }
        fn reserve_for(&mut self, keys: usize) -> bool {
            self.0.reserve_exact(keys.saturating_sub(self.0.len()));
            true
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

    /// A budget gives the keys the table may hold: as many as fit with
    /// their slots and what is kept beside them, or the state budget when
    /// fewer; the keys and nodes are made room for at once, so filling
    /// the table up to the key that stops its search copies nothing.
    #[test]
    fn a_budget_sets_the_keys_held_and_makes_room_for_them() {
        let budget = 1 << 20;
        let limits = Limits {
            max_memory: budget,
            ..Limits::default()
        };
        let mut table = Table::<Vec<u64>, u32>::default();
        table.reset_within(4, &limits, 24);
        let per_key = 8 + 4 + 24;
        // The keys, with the one that stops the search, and their slots
        // at most half full, with the copies of the slots before.
        let takes = |keys: usize| keys * per_key + 2 * (keys * 2).next_power_of_two() * 4;
        let most = table.most;
        assert!(takes(most + 1) <= budget, "{most}");
        assert!(takes(most + 2) > budget, "{most}");
        let before = (table.nodes.as_ptr(), table.keys.as_ptr());
        for k in 0..=most as u64 {
            assert!(table.find_or_insert(k * 7919, 0).1);
        }
        assert_eq!((table.nodes.as_ptr(), table.keys.as_ptr()), before);
        let few = Limits {
            max_states: 10,
            ..limits
        };
        table.reset_within(4, &few, 24);
        assert_eq!(table.most, 10);
        let none = Limits {
            max_memory: 0,
            ..limits
        };
        table.reset_within(4, &none, 24);
        assert_eq!(table.most, 0);
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
