//! The frontier of the full searches: states waiting to be settled, in a
//! two-level bucket queue by cost, then by number of actions (costs are
//! small integers, so a ring of buckets replaces a heap).

/// The frontier: states waiting to be settled, by cost, and within a cost by
/// number of actions.
#[derive(Default)]
pub(super) struct Frontier {
    pub(super) ring: Vec<Vec<(u32, u32)>>,
    pub(super) cost: u32,
    pub(super) current: Vec<(u32, u32)>,
    pub(super) next_in_current: usize,
    pub(super) zero: std::collections::VecDeque<(u32, u32)>,
    pub(super) pending: usize,
}

impl Frontier {
    /// The bytes it has room for.
    pub(super) fn room(&self) -> usize {
        let entry = std::mem::size_of::<(u32, u32)>();
        self.ring.capacity() * std::mem::size_of::<Vec<(u32, u32)>>()
            + self.ring.iter().map(Vec::capacity).sum::<usize>() * entry
            + self.current.capacity() * entry
            + self.zero.capacity() * entry
    }

    /// Empties the frontier for actions costing at most `max_step`,
    /// keeping its memory.
    #[inline]
    pub(super) fn reset(&mut self, max_step: u32) {
        let buckets = max_step as usize + 1;
        self.ring.truncate(buckets);
        for bucket in &mut self.ring {
            bucket.clear();
        }
        self.ring.resize_with(buckets, Vec::new);
        self.cost = 0;
        self.current.clear();
        self.next_in_current = 0;
        self.zero.clear();
        self.pending = 0;
    }

    #[inline]
    pub(super) fn push(&mut self, cost: u32, len: u32, node: u32) {
        self.pending += 1;
        // States of the cost being settled come from zero-cost actions of
        // states settled in order of length, so a queue keeps them sorted.
        if cost == self.cost {
            self.zero.push_back((len, node));
        } else {
            let n = self.ring.len();
            // A step past the ring would land in a bucket settled earlier.
            debug_assert!(
                ((cost - self.cost) as usize) < n,
                "a step longer than the ring"
            );
            self.ring[cost as usize % n].push((len, node));
        }
    }

    /// The next (cost, len, node), in order of cost then len.
    #[inline]
    pub(super) fn pop(&mut self) -> Option<(u32, u32, u32)> {
        loop {
            let from_sorted = self.current.get(self.next_in_current).copied();
            let from_zero = self.zero.front().copied();
            let take = match (from_sorted, from_zero) {
                (Some(s), Some(z)) => Some(if s.0 <= z.0 { (s, true) } else { (z, false) }),
                (Some(s), None) => Some((s, true)),
                (None, Some(z)) => Some((z, false)),
                (None, None) => None,
            };
            if let Some(((len, node), sorted)) = take {
                if sorted {
                    self.next_in_current += 1;
                } else {
                    self.zero.pop_front();
                }
                self.pending -= 1;
                return Some((self.cost, len, node));
            }
            if self.pending == 0 {
                return None;
            }
            // Move on to the next cost that has states waiting.
            self.current.clear();
            self.next_in_current = 0;
            let n = self.ring.len();
            loop {
                self.cost += 1;
                let bucket = &mut self.ring[self.cost as usize % n];
                if !bucket.is_empty() {
                    std::mem::swap(&mut self.current, bucket);
                    self.current.sort_unstable();
                    break;
                }
            }
        }
    }
}
