//! Where every search writes its answer: the best settled state of every
//! outcome (cheapest, then shortest, then first in the action order), which
//! each search picks out of its own states, written out as [`Outcome`]s over
//! the memory of the last solve's.

use crate::model::{Cost, RoomId};
use crate::outcome::Outcome;

/// Writes outcomes over those of the last solve, in place, so that a warm
/// workspace moves and allocates nothing; outcomes left over go to `spare`
/// for a later solve with more.
pub(super) struct Writer<'a> {
    pub(super) outcomes: &'a mut Vec<Outcome>,
    pub(super) spare: &'a mut Vec<Outcome>,
    pub(super) filled: usize,
}

impl<'a> Writer<'a> {
    #[inline]
    pub(super) fn new(outcomes: &'a mut Vec<Outcome>, spare: &'a mut Vec<Outcome>) -> Writer<'a> {
        Writer {
            outcomes,
            spare,
            filled: 0,
        }
    }

    /// The next outcome, with no room states and no actions, for the
    /// caller to fill in.
    #[inline]
    pub(super) fn push(&mut self, room: RoomId, cost: Cost) -> &mut Outcome {
        if self.filled == self.outcomes.len() {
            let outcome = self.spare.pop().unwrap_or_else(|| Outcome {
                room,
                rooms: Vec::new(),
                cost,
                actions: Vec::new(),
            });
            self.outcomes.push(outcome);
        }
        let outcome = &mut self.outcomes[self.filled];
        self.filled += 1;
        outcome.room = room;
        outcome.cost = cost;
        outcome.rooms.clear();
        outcome.actions.clear();
        outcome
    }

    /// The outcomes written, the rest put aside.
    #[inline]
    pub(super) fn finish(self) -> &'a mut Vec<Outcome> {
        self.spare.extend(self.outcomes.drain(self.filled..));
        self.outcomes
    }
}
