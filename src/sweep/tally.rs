//! What a sweep has counted so far, one class of configurations at a time.

use crate::search::Reach;

use super::classes::Class;
use super::{COST_BUCKETS, EXAMPLES, Sweep};

/// The counts of the classes answered so far; each class counts for every
/// configuration it holds.
pub(super) struct Tally {
    pub(super) states: u64,
    pub(super) reachable: Vec<u64>,
    pub(super) costs: Vec<[u64; COST_BUCKETS]>,
    pub(super) trapped: u64,
    /// The first trapped solves, by their number in the sweep's order
    /// ([`super::decode`]).
    pub(super) trapped_first: Vec<u64>,
    pub(super) over_budget: u64,
    pub(super) solves: u64,
    pub(super) searches: u64,
}

impl Tally {
    pub(super) fn new(rooms: usize) -> Tally {
        Tally {
            states: 0,
            reachable: vec![0; rooms],
            costs: vec![[0; COST_BUCKETS]; rooms],
            trapped: 0,
            trapped_first: Vec::new(),
            over_budget: 0,
            solves: 0,
            searches: 0,
        }
    }

    /// Counts a search made.
    pub(super) fn searched(&mut self, reach: Option<&Reach>) {
        self.searches += 1;
        self.states += reach.map_or(0, |r| r.states as u64);
    }

    /// Counts `class`, whose every configuration has the answer `reach`
    /// (`None`: out of budget), and returns how many solves it stands for.
    pub(super) fn add(&mut self, sweep: &Sweep, class: &Class, reach: Option<&Reach>) -> u64 {
        let k = sweep.states.len() as u64;
        let weight = class.size(k);
        self.solves += weight;
        let Some(reach) = reach else {
            self.over_budget += weight;
            return weight;
        };
        let start = sweep.starts[class.start].index();
        let mut left = false;
        for (r, cost) in reach.least.iter().enumerate() {
            let Some(cost) = cost.map(|c| c.0) else {
                continue;
            };
            self.reachable[r] += weight;
            self.costs[r][(cost as usize).min(COST_BUCKETS - 1)] += weight;
            left |= r != start;
        }
        if !left {
            self.trapped += weight;
            self.trapped_first.extend(first_numbers(sweep, class));
            self.keep_first();
        }
        weight
    }

    /// Adds `other`'s counts. They may come from a shard's summary read
    /// from a file, so a count past the largest adds up to the largest
    /// rather than wrap round (the merge then finds the solves do not add
    /// up).
    pub(super) fn merge(mut self, other: Tally) -> Tally {
        let add = |a: &mut u64, b: u64| *a = a.saturating_add(b);
        add(&mut self.states, other.states);
        for (a, b) in self.reachable.iter_mut().zip(&other.reachable) {
            add(a, *b);
        }
        for (a, b) in self.costs.iter_mut().zip(&other.costs) {
            for (x, y) in a.iter_mut().zip(b) {
                add(x, *y);
            }
        }
        add(&mut self.trapped, other.trapped);
        self.trapped_first.extend(other.trapped_first);
        self.keep_first();
        add(&mut self.over_budget, other.over_budget);
        add(&mut self.solves, other.solves);
        add(&mut self.searches, other.searches);
        self
    }

    fn keep_first(&mut self) {
        self.trapped_first.sort_unstable();
        self.trapped_first.dedup();
        self.trapped_first.truncate(EXAMPLES);
    }
}

/// The numbers of the first [`EXAMPLES`] solves of `class` in the sweep's
/// order: the start room varies fastest, then the first varying room's
/// state, and so on, so a class's numbers rise as its free rooms' states
/// are counted up from the first free room.
fn first_numbers(sweep: &Sweep, class: &Class) -> Vec<u64> {
    let k = sweep.states.len() as u64;
    let starts = sweep.starts.len() as u64;
    let free: Vec<usize> = (0..class.fixed.len())
        .filter(|&i| class.fixed[i].is_none())
        .collect();
    let mut digits: Vec<u64> = class.fixed.iter().map(|f| f.map_or(0, u64::from)).collect();
    let mut numbers = Vec::with_capacity(EXAMPLES);
    loop {
        let mut n = 0u64;
        for d in digits.iter().rev() {
            n = n.saturating_mul(k).saturating_add(*d);
        }
        numbers.push(n.saturating_mul(starts).saturating_add(class.start as u64));
        if numbers.len() == EXAMPLES {
            break;
        }
        // Counts up the free rooms' states, the first free room fastest.
        let mut carried = true;
        for &i in &free {
            digits[i] += 1;
            if digits[i] < k {
                carried = false;
                break;
            }
            digits[i] = 0;
        }
        if carried {
            break;
        }
    }
    numbers
}
