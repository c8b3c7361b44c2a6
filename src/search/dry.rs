//! The search on a dry ship: when no water can flow this turn, whatever the
//! player does, room states never change and the turn is a shortest-path
//! problem over rooms.
//!
//! Why this is exact, with the same tie-break as the full search: on such a
//! ship an open is only worth doing on a hatch walked through afterwards, and
//! a cheapest (then shortest) sequence never enters a room twice (cutting
//! the detour keeps every later action legal at no more cost and fewer
//! actions). So every winning sequence is a simple path of rooms, and in each
//! room the only actions are the opens of the hatch it leaves by, right
//! before leaving. A hatch's state follows one chain of opens, so crossing it
//! has one best form: some number of opens, then the move. This module runs
//! Dijkstra over rooms with those crossings as edges, in order of (cost,
//! actions); two equally cheap and long ways into a room are compared action
//! by action, as the full search does.

use crate::model::{Board, Cost, HatchId, Movement, RoomId, StateId};
use crate::outcome::Action;

use super::outcomes::{Writer, answer_fits};
use super::path::may_store;
use super::{Full, Limits, Stopped, Workspace};

/// Whether any water can flow this turn. Room states change only through
/// flows, so if no flow rule applies to the starting states of the two rooms
/// of any hatch that can be opened, none ever will.
pub fn can_flow(board: &Board, movement: &Movement) -> bool {
    board.hatches.iter().any(|hatch| {
        let [a, b] = hatch.rooms;
        let (sa, sb) = (board.rooms[a.index()].state, board.rooms[b.index()].state);
        movement.opening(hatch.state).is_some()
            && movement
                .flow(sa, sb)
                .is_some_and(|(x, y)| (x, y) != (sa, sb))
    })
}

/// The best known way into a room: the room it came from, and how the
/// hatch between was crossed.
#[derive(Clone, Copy)]
struct Node {
    cost: u32,
    len: u32,
    from: u32,
    hatch: u32,
    opens: u32,
    settled: bool,
    reached: bool,
}

const NONE: u32 = u32::MAX;

const BLANK: Node = Node {
    cost: u32::MAX,
    len: u32::MAX,
    from: NONE,
    hatch: 0,
    opens: 0,
    settled: false,
    reached: false,
};

/// The memory of the dry search, kept between solves.
#[derive(Default)]
pub struct Space {
    nodes: Vec<Node>,
    /// Two action sequences being compared on a tie.
    left: Vec<u32>,
    right: Vec<u32>,
    states: Vec<StateId>,
}

impl Space {
    /// The bytes it has room for.
    pub(super) fn room(&self) -> usize {
        use super::table::vec_room;
        vec_room(&self.nodes)
            + vec_room(&self.left)
            + vec_room(&self.right)
            + vec_room(&self.states)
    }
}

/// Writes the actions of the way into `room` (ranks, first action first).
fn actions_into(nodes: &[Node], room: u32, hatch_count: usize, out: &mut Vec<u32>) {
    out.clear();
    let mut at = room;
    while nodes[at as usize].from != NONE {
        let n = nodes[at as usize];
        out.push(Action::Move(RoomId(at)).rank(hatch_count));
        for _ in 0..n.opens {
            out.push(Action::Open(HatchId(n.hatch)).rank(hatch_count));
        }
        at = n.from;
    }
    out.reverse();
}

/// Solves a turn on a ship where nothing can flow, into `workspace`.
///
/// One function of some 130 lines: Dijkstra's loop over rooms, whose
/// frontier, settled rooms and budget every step reads, and the writing of
/// each room's outcome after it. Kept whole as the small search's loop is
/// (`small/explore.rs` says what splitting that one cost); splitting this
/// one has not been measured.
pub fn solve(
    workspace: &mut Workspace,
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
) -> Result<(), Stopped> {
    let rooms = board.rooms.len();
    let hatch_count = board.hatches.len();
    let Workspace {
        dry:
            Space {
                nodes,
                left,
                right,
                states,
            },
        full: Full { frontier, .. },
        solution,
        spare,
        ..
    } = workspace;
    nodes.clear();
    nodes.resize(rooms, BLANK);
    let max_cost = limits.max_cost.map_or(u32::MAX, |c| c.0);
    // The cheapest step past `max_cost` (`u32::MAX`: none).
    let mut beyond = u32::MAX;
    frontier.reset(movement.max_crossing());
    nodes[start.index()] = Node {
        cost: 0,
        len: 0,
        reached: true,
        ..BLANK
    };
    // A room reached is a state stored, counted against the same budgets
    // as the full search's states.
    let most = limits.max_memory / std::mem::size_of::<Node>();
    let mut reached = 1usize;
    may_store(reached, limits, most, 0)?;
    frontier.push(0, 0, start.0);

    while let Some((cost, len, room)) = frontier.pop() {
        let n = nodes[room as usize];
        if n.settled || (n.cost, n.len) != (cost, len) {
            continue;
        }
        nodes[room as usize].settled = true;
        let here = RoomId(room);
        let here_state = board.rooms[here.index()].state;
        if !movement.may_leave(here_state) {
            continue;
        }
        for &(hatch, there) in board.neighbours(here) {
            let old = nodes[there.index()];
            if old.settled {
                continue;
            }
            let there_state = board.rooms[there.index()].state;
            let Some(crossing) =
                movement.crossing(here_state, board.hatch(hatch).state, there_state)
            else {
                continue;
            };
            let (opens, step) = (crossing.opens, crossing.cost.0);
            let Some(new_cost) = cost.checked_add(step).filter(|&c| c <= max_cost) else {
                beyond = beyond.min(cost.saturating_add(step));
                continue;
            };
            let new_len = len + opens + 1;
            let better = !old.reached
                || (new_cost, new_len) < (old.cost, old.len)
                || ((new_cost, new_len) == (old.cost, old.len) && {
                    // Both ways are written out: ties are rare and short.
                    actions_into(nodes, room, hatch_count, left);
                    left.extend(std::iter::repeat_n(
                        Action::Open(hatch).rank(hatch_count),
                        opens as usize,
                    ));
                    left.push(Action::Move(there).rank(hatch_count));
                    actions_into(nodes, there.0, hatch_count, right);
                    left < right
                });
            if !better {
                continue;
            }
            if !old.reached {
                reached += 1;
                may_store(reached, limits, most, cost)?;
            }
            nodes[there.index()] = Node {
                cost: new_cost,
                len: new_len,
                from: room,
                hatch: hatch.0,
                opens,
                settled: false,
                reached: true,
            };
            frontier.push(new_cost, new_len, there.0);
        }
    }

    let held = rooms * std::mem::size_of::<Node>();
    let settled = || nodes.iter().filter(|n| n.settled).map(|n| (n.cost, n.len));
    // Ordered only when it may not fit: most answers are checked in one
    // pass over the rooms.
    if answer_fits(limits, held, (rooms, reached), settled()).is_err() {
        let mut sizes: Vec<(u32, u32)> = settled().collect();
        sizes.sort_unstable();
        answer_fits(limits, held, (rooms, reached), sizes.into_iter())?;
    }
    states.clear();
    states.extend(board.rooms.iter().map(|room| room.state));
    let mut writer = Writer::new(&mut solution.outcomes, spare);
    for (r, n) in nodes.iter().enumerate() {
        if !n.settled {
            continue;
        }
        let outcome = writer.push(RoomId(r as u32), Cost(n.cost));
        outcome.rooms.extend_from_slice(states);
        let mut at = r as u32;
        while let step = nodes[at as usize]
            && step.from != NONE
        {
            outcome.actions.push(Action::Move(RoomId(at)));
            for _ in 0..step.opens {
                outcome.actions.push(Action::Open(HatchId(step.hatch)));
            }
            at = step.from;
        }
        outcome.actions.reverse();
    }
    // Every room is one outcome, all with the same room states.
    writer.finish().sort_unstable_by_key(|o| (o.cost, o.room));
    solution.states = reached;
    solution.beyond = (beyond < u32::MAX).then_some(Cost(beyond));
    Ok(())
}
