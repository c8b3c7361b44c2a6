//! Collecting what the small search found: the best settled state of every outcome
//! (its position and room states), turned into outcomes ordered as the
//! general search orders them, or kept as each outcome's least cost for the
//! pass after.

use crate::model::{Board, Cost, RoomId, StateId};
use crate::outcome::Outcome;

use super::super::outcomes::{Writer, answer_fits};
use super::super::path::{better_way, write_actions};
use super::super::{Limits, Reach, Solution, Stopped, Want};
use super::Search;
use super::word::Word;

/// Where the outcomes go, or what they reach.
pub(super) struct Sink<'a> {
    pub(super) solution: &'a mut Solution,
    pub(super) spare: &'a mut Vec<Outcome>,
    pub(super) reach: &'a mut Reach,
    /// Set when `reach` is written here rather than read from `solution`.
    pub(super) reached: &'a mut bool,
}

/// Keeps in `search.best` the best settled state of every outcome (its
/// position and room states): the tie-break's, or when only costs are
/// wanted, any of the least (cost, actions).
pub(super) fn best_of_each_outcome<W: Word>(search: &mut Search<W>, want: Want) {
    let Search {
        shape,
        states,
        best,
        settled,
        ..
    } = search;
    best.reset(settled.len());
    for &node in settled.iter() {
        let key = states.keys[node as usize] & shape.outcome_mask;
        let (slot, inserted) = best.find_or_insert(key, node);
        if inserted {
            continue;
        }
        let held = best.nodes[slot as usize];
        let better = match want {
            Want::Paths => better_way(&states.nodes, node, held),
            Want::Costs | Want::Reach => {
                let (this, held) = (states.nodes[node as usize], states.nodes[held as usize]);
                (this.cost, this.len) < (held.cost, held.len)
            }
        };
        if better {
            best.nodes[slot as usize] = node;
        }
    }
}

/// The best settled state of every outcome, turned into outcomes (with
/// their paths when `want` asks for them), as the general search does.
pub(super) fn collect_outcomes<'a, W: Word>(
    search: &mut Search<W>,
    board: &Board,
    answer: Sink<'a>,
    want: Want,
    limits: &Limits,
) -> Result<&'a mut Solution, Stopped> {
    // The groups, the loose hatches and the leeway serve the passes alone:
    // when the search holds more than half its memory budget, they give
    // their room back to the answer (a sweep's small solves keep theirs
    // for the next).
    if search.held() > limits.max_memory / 2 {
        search.release_passes();
    }
    best_of_each_outcome(search, want);
    // What the search holds, with the ranking below at its full length.
    let held = search.held() + search.best.nodes.len() * std::mem::size_of::<(u32, u32, W, u32)>();
    let Search {
        shape,
        states,
        best,
        ranked,
        ..
    } = search;
    let Sink {
        solution, spare, ..
    } = answer;
    solution.states = states.nodes.len();
    // Outcomes go out ordered by cost, room and room states (in room
    // order); only the rooms that can change differ between outcomes, and
    // their fields, read as one number, order their states that way.
    ranked.clear();
    for &node in &best.nodes {
        let state = states.keys[node as usize];
        let rooms = state >> shape.rooms_shift & shape.rooms_mask;
        let cost = states.nodes[node as usize].cost;
        ranked.push((cost, shape.position(state) as u32, rooms, node));
    }
    ranked.sort_unstable();
    let actions = |node: u32| match want {
        Want::Paths => states.nodes[node as usize].len,
        Want::Costs | Want::Reach => 0,
    };
    answer_fits(
        limits,
        held,
        (board.rooms.len(), states.nodes.len()),
        ranked
            .iter()
            .map(|&(cost, _, _, node)| (cost, actions(node))),
    )?;
    let hatch_count = board.hatches.len();
    let mut writer = Writer::new(&mut solution.outcomes, spare);
    for &(cost, room, _, node) in ranked.iter() {
        let state = states.keys[node as usize];
        let outcome = writer.push(RoomId(room), Cost(cost));
        outcome.rooms.extend(board.rooms.iter().map(|r| r.state));
        for &(r, field) in &shape.changing {
            if let Some(slot) = outcome.rooms.get_mut(r) {
                *slot = StateId(field.get(state));
            }
        }
        if want == Want::Paths {
            write_actions(&states.nodes, node, hatch_count, &mut outcome.actions);
        }
    }
    writer.finish();
    Ok(solution)
}
