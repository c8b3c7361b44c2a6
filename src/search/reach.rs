//! What a turn reaches, without its outcomes: the least cost of ending in
//! each room. A sweep reads no more, and under rules where rooms may be
//! entered again this is found with far fewer states than the outcomes'
//! costs (docs/SEARCH.md, "What a sweep reads").

use crate::model::{Cost, RoomId};

use super::Solution;

/// The least cost of ending in each room of a turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// By room index, the least cost of an outcome ending there: the least
    /// [`Outcome::cost`](crate::outcome::Outcome::cost) of those with that
    /// room. `None` where no outcome ends.
    pub least: Vec<Option<Cost>>,
    /// How many search states were stored.
    pub states: usize,
}

impl Reach {
    /// Forgets the last answer for a board of `rooms` rooms, keeping the
    /// memory.
    pub(super) fn clear(&mut self, rooms: usize) {
        self.states = 0;
        self.least.clear();
        self.least.resize(rooms, None);
    }

    /// Records that an outcome ends in `room` at `cost`.
    pub(super) fn ends(&mut self, room: RoomId, cost: Cost) {
        if let Some(least) = self.least.get_mut(room.index()) {
            *least = Some(least.map_or(cost, |l| l.min(cost)));
        }
    }

    /// Reads what `solution` reaches.
    pub(super) fn read(&mut self, solution: &Solution) {
        self.states = solution.states;
        for outcome in &solution.outcomes {
            self.ends(outcome.room, outcome.cost);
        }
    }
}
