//! The answer of a full search: the best settled state of every outcome
//! (cheapest, then shortest, then first in the action order), written out
//! as [`Outcome`]s over the memory of the last solve's.

use crate::model::{Board, Cost, RoomId, StateId};
use crate::outcome::Outcome;

use super::Workspace;
use super::general::Full;
use super::packing::Layout;
use super::path::{better_way, write_actions};

/// The best settled state of every outcome of the general search, turned
/// into [`Outcome`]s in the workspace's solution.
pub(super) fn collect(workspace: &mut Workspace, board: &Board, layout: &Layout) {
    // Outcome keys (position and room states) in an arena table like the
    // states themselves, with the best node of each.
    let Workspace {
        full: Full { store, settled, .. },
        best,
        key,
        solution,
        spare,
        ..
    } = workspace;
    best.reset(settled.len());
    best.keys.stride = layout.words;
    key.clear();
    key.resize(layout.words, 0);
    for &node in settled.iter() {
        for ((k, w), m) in key
            .iter_mut()
            .zip(store.keys.state(node))
            .zip(&layout.outcome_mask)
        {
            *k = w & m;
        }
        let (slot, inserted) = best.find_or_insert(key, node);
        if inserted {
            continue;
        }
        if better_way(&store.nodes, node, best.nodes[slot as usize]) {
            best.nodes[slot as usize] = node;
        }
    }
    let hatch_count = board.hatches.len();
    let mut writer = Writer::new(&mut solution.outcomes, spare);
    for &node in &best.nodes {
        let state = store.keys.state(node);
        let room = RoomId(layout.position.get(state) as u32);
        let cost = Cost(store.nodes[node as usize].cost);
        let outcome = writer.push(room, cost);
        outcome
            .rooms
            .extend(layout.rooms.iter().map(|f| StateId(f.get(state) as u8)));
        write_actions(&store.nodes, node, hatch_count, &mut outcome.actions);
    }
    writer
        .finish()
        .sort_unstable_by(|a, b| (a.cost, a.room, &a.rooms).cmp(&(b.cost, b.room, &b.rooms)));
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
