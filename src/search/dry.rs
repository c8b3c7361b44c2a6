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
//! before leaving. This module searches exactly those sequences: nodes are
//! "in room r" and "in room r, having opened hatch h into state s"; every
//! node has one path, so ties are settled by the same parent-chain
//! comparison as the full search.

use crate::model::{Board, Cost, HatchStateId, Movement, RoomId};
use crate::outcome::Action;

use super::{Frontier, Full, LimitReached, Limits, Workspace};

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

#[derive(Clone, Copy)]
struct Node {
    cost: u32,
    len: u32,
    parent: u32,
    action: u32,
    settled: bool,
    reached: bool,
}

const NONE: u32 = u32::MAX;

/// The memory of the dry search, kept between solves.
#[derive(Default)]
pub struct Space {
    nodes: Vec<Node>,
}

/// Solves a turn on a ship where nothing can flow, into `workspace`.
pub fn solve(
    workspace: &mut Workspace,
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
) -> Result<(), LimitReached> {
    let rooms = board.rooms.len();
    let hs = movement.hatch_state_count();
    let hatch_count = board.hatches.len();
    // Room nodes first, then one node per (hatch, side, hatch state).
    let total = rooms + hatch_count * 2 * hs;
    if total > limits.max_states {
        return Err(LimitReached {
            states: total,
            settled_cost: Cost(0),
        });
    }
    let blank = Node {
        cost: u32::MAX,
        len: u32::MAX,
        parent: NONE,
        action: 0,
        settled: false,
        reached: false,
    };
    let Workspace {
        dry: Space { nodes },
        full: Full { frontier, .. },
        solution,
        spare,
        ..
    } = workspace;
    nodes.clear();
    nodes.resize(total, blank);
    let opened = |h: usize, side: usize, s: usize| rooms + (h * 2 + side) * hs + s;
    let max_cost = limits.max_cost.map_or(u32::MAX, |c| c.0);
    frontier.reset(super::max_action_cost(movement));
    nodes[start.index()] = Node {
        cost: 0,
        len: 0,
        reached: true,
        ..blank
    };
    frontier.push(0, 0, start.0);
    let mut reached = 1usize;

    let mut relax = |nodes: &mut Vec<Node>,
                     frontier: &mut Frontier,
                     from: u32,
                     to: usize,
                     step: u32,
                     action: u32| {
        let n = nodes[from as usize];
        let Some(cost) = n.cost.checked_add(step).filter(|&c| c <= max_cost) else {
            return;
        };
        let len = n.len + 1;
        let old = nodes[to];
        if old.settled {
            return;
        }
        if !old.reached || (cost, len) < (old.cost, old.len) {
            if !old.reached {
                reached += 1;
            }
            nodes[to] = Node {
                cost,
                len,
                parent: from,
                action,
                settled: false,
                reached: true,
            };
            frontier.push(cost, len, to as u32);
        } else if (cost, len) == (old.cost, old.len)
            && super::path_less(
                |n| (nodes[n as usize].parent, nodes[n as usize].action),
                from,
                action,
                old.parent,
                old.action,
            )
        {
            nodes[to].parent = from;
            nodes[to].action = action;
        }
    };

    while let Some((cost, len, id)) = frontier.pop() {
        let n = nodes[id as usize];
        if n.settled || (n.cost, n.len) != (cost, len) {
            continue;
        }
        nodes[id as usize].settled = true;
        let id_usize = id as usize;
        // Where the player stands, and which hatch (if any) they are busy
        // opening, in which state.
        let (here, busy) = if id_usize < rooms {
            (RoomId(id), None)
        } else {
            let k = id_usize - rooms;
            let (h, side, s) = (k / (2 * hs), (k / hs) % 2, k % hs);
            let hatch = &board.hatches[h];
            (hatch.rooms[side], Some((h, side, HatchStateId(s as u8))))
        };
        let here_state = board.rooms[here.index()].state;
        let leave = movement.may_leave(here_state);
        match busy {
            None => {
                for &(h, there) in board.neighbours(here) {
                    let hatch = board.hatch(h);
                    let side = usize::from(hatch.rooms[1] == here);
                    if let Some(o) = movement.opening(hatch.state) {
                        relax(
                            nodes,
                            frontier,
                            id,
                            opened(h.index(), side, usize::from(o.becomes.0)),
                            o.cost.0,
                            Action::Open(h).rank(hatch_count),
                        );
                    }
                    if leave
                        && movement.walk_through(hatch.state)
                        && let Some(c) = movement.enter(
                            here_state,
                            hatch.state,
                            board.rooms[there.index()].state,
                        )
                    {
                        relax(
                            nodes,
                            frontier,
                            id,
                            there.index(),
                            c.0,
                            Action::Move(there).rank(hatch_count),
                        );
                    }
                }
            }
            Some((h, side, state)) => {
                let hatch = &board.hatches[h];
                let there = hatch.other(here);
                if let Some(o) = movement.opening(state) {
                    relax(
                        nodes,
                        frontier,
                        id,
                        opened(h, side, usize::from(o.becomes.0)),
                        o.cost.0,
                        Action::Open(crate::model::HatchId(h as u32)).rank(hatch_count),
                    );
                }
                if leave
                    && movement.walk_through(state)
                    && let Some(c) =
                        movement.enter(here_state, state, board.rooms[there.index()].state)
                {
                    relax(
                        nodes,
                        frontier,
                        id,
                        there.index(),
                        c.0,
                        Action::Move(there).rank(hatch_count),
                    );
                }
            }
        }
    }

    for r in 0..rooms {
        let n = nodes[r];
        if !n.settled {
            continue;
        }
        let path = std::iter::successors(Some(r as u32), |&at| {
            Some(nodes[at as usize].parent).filter(|&p| p != NONE)
        })
        .filter(|&at| nodes[at as usize].parent != NONE)
        .map(|at| super::decode(nodes[at as usize].action, hatch_count));
        super::push_outcome(
            spare,
            &mut solution.outcomes,
            RoomId(r as u32),
            board.rooms.iter().map(|room| room.state),
            Cost(n.cost),
            path,
        );
    }
    solution.states = reached;
    Ok(())
}
