//! Where every search writes its answer: the best settled state of every
//! outcome (cheapest, then shortest, then first in the action order), which
//! each search picks out of its own states, written out as [`Outcome`]s over
//! the memory of the last solve's.

use crate::model::{Cost, RoomId, StateId};
use crate::outcome::{Action, Outcome};

use super::{AnswerSize, LimitReached, Limits, Stopped};

/// The bytes one outcome of an answer takes: the outcome, its room states
/// on a board of `rooms` rooms, and a path of `actions` actions, with
/// `kept` bytes for each action kept by what reads it
/// ([`Limits::kept_per_action`]).
pub(super) fn outcome_bytes(rooms: usize, actions: usize, kept: usize) -> usize {
    std::mem::size_of::<Outcome>()
        + rooms * std::mem::size_of::<StateId>()
        + actions * (std::mem::size_of::<Action>() + kept)
}

/// Whether the answer a search is about to write fits beside what the
/// search holds: `held` bytes of its tables, after storing `states` states,
/// on a board of `rooms` rooms, for outcomes given as their cost and the
/// number of actions of their path (cheapest first, for the costs that
/// fit to be named; in any order, to know only whether all fit). The answer lives with the
/// search's tables while it is written, then on its own while the commands
/// read it, so the two together are the search's peak. When it does not
/// fit, the search stops, naming the costs whose outcomes fit (asked for
/// alone with [`Limits::max_cost`], they fit beside the smaller search
/// that finds them) and how big the whole answer would be.
pub(super) fn answer_fits(
    limits: &Limits,
    held: usize,
    (rooms, states): (usize, usize),
    outcomes: impl Iterator<Item = (u32, u32)>,
) -> Result<(), Stopped> {
    let room = limits.max_memory.saturating_sub(held);
    let mut bytes = 0usize;
    let mut count = 0usize;
    // The costs whose outcomes all fit: every level before the first
    // that does not.
    let mut fitting: Option<u32> = None;
    let mut level: Option<u32> = None;
    let mut full = false;
    for (cost, actions) in outcomes {
        if level != Some(cost) {
            if !full && level.is_some() {
                fitting = level;
            }
            level = Some(cost);
        }
        bytes = bytes.saturating_add(outcome_bytes(
            rooms,
            actions as usize,
            limits.kept_per_action,
        ));
        count += 1;
        full |= bytes > room;
    }
    if !full {
        return Ok(());
    }
    Err(Box::new(LimitReached {
        states,
        settled_cost: fitting.map(Cost),
        memory: true,
        answer: Some(AnswerSize {
            outcomes: count,
            bytes,
        }),
    }))
}

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
