//! Search nodes and the paths they hold: how a candidate is offered to a
//! stored state, the tie-break between two paths of equal cost and length
//! (the first differing action in the fixed action order), and the actions
//! of a path read back from the parent chain.

use crate::model::{HatchId, RoomId};
use crate::outcome::Action;

use super::frontier::Frontier;
use super::step::step_actions;
use super::{Limits, Stopped, stopped};

/// What the search knows of one stored state.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) cost: u32,
    pub(super) len: u32,
    pub(super) parent: u32,
    pub(super) action: u32,
    pub(super) settled: bool,
}

pub(super) const NO_PARENT: u32 = u32::MAX;

/// Whether a search may store its `stored`-th state (counting from one)
/// while settling states of cost `settling`, where `most` states fit in the
/// memory budget (`Table::most`). A budget of N states stores at most N:
/// the search stops when it finds the state after the N-th, saying N. A
/// budget of 0 stores nothing, not even the start, so every search stops
/// at once.
#[inline]
pub(super) fn may_store(
    stored: usize,
    limits: &Limits,
    most: usize,
    settling: u32,
) -> Result<(), Stopped> {
    if stored > limits.max_states || stored > most {
        return Err(stopped(stored - 1, settling, stored <= limits.max_states));
    }
    Ok(())
}

/// Records a candidate for the stored state `id`, just stored (`inserted`)
/// or found: `fresh` is its node, made from a state settled at `from_cost`.
/// A new state joins the frontier unless the store is past the state
/// budget or past `most`, the states the memory budget allows. A stored
/// state not yet settled takes the candidate's node when it is cheaper,
/// shorter, or as cheap and long and earlier in the fixed action order.
/// Both full searches relax through here.
#[inline(always)]
pub(super) fn offer(
    nodes: &mut [Node],
    frontier: &mut Frontier,
    (id, inserted): (u32, bool),
    fresh: Node,
    from_cost: u32,
    limits: &Limits,
    most: usize,
) -> Result<(), Stopped> {
    if inserted {
        may_store(nodes.len(), limits, most, from_cost)?;
        frontier.push(fresh.cost, fresh.len, id);
        return Ok(());
    }
    let old = nodes[id as usize];
    if old.settled {
        return Ok(());
    }
    if (fresh.cost, fresh.len) < (old.cost, old.len) {
        nodes[id as usize] = fresh;
        frontier.push(fresh.cost, fresh.len, id);
    } else if (fresh.cost, fresh.len) == (old.cost, old.len)
        && path_less(nodes, fresh.parent, fresh.action, old.parent, old.action)
    {
        nodes[id as usize].parent = fresh.parent;
        nodes[id as usize].action = fresh.action;
    }
    Ok(())
}

/// Whether settled node `a` is a better way to its outcome than settled node
/// `b`: cheaper, shorter, or as cheap and long and earlier in the fixed
/// action order.
#[inline]
pub(super) fn better_way(nodes: &[Node], a: u32, b: u32) -> bool {
    let (a, b) = (nodes[a as usize], nodes[b as usize]);
    (a.cost, a.len) < (b.cost, b.len)
        || ((a.cost, a.len) == (b.cost, b.len)
            && a.parent != NO_PARENT
            && path_less(nodes, a.parent, a.action, b.parent, b.action))
}

/// Writes the actions that lead to `node`, first action first.
pub(super) fn write_actions(
    nodes: &[Node],
    node: u32,
    hatch_count: usize,
    actions: &mut Vec<Action>,
) {
    actions.clear();
    actions.resize(nodes[node as usize].len as usize, Action::Move(RoomId(0)));
    let mut back = Back::new(nodes, node, None);
    for slot in actions.iter_mut().rev() {
        if let Some(rank) = back.next() {
            *slot = decode(rank, hatch_count);
        }
    }
}

/// The actions of a path, as ranks, last first: those of `pending` (the
/// open of a fused step whose move was already walked), then those of the
/// steps that lead to `node`.
pub(super) struct Back<'a> {
    pub(super) nodes: &'a [Node],
    pub(super) node: u32,
    pub(super) pending: Option<u32>,
}

impl<'a> Back<'a> {
    pub(super) fn new(nodes: &'a [Node], node: u32, pending: Option<u32>) -> Back<'a> {
        Back {
            nodes,
            node,
            pending,
        }
    }

    /// Whether two walks stand at the same place: what is left of both is
    /// the same path.
    pub(super) fn meets(&self, other: &Back<'_>) -> bool {
        self.node == other.node && self.pending == other.pending
    }
}

impl Iterator for Back<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if let Some(rank) = self.pending.take() {
            return Some(rank);
        }
        let n = self.nodes.get(self.node as usize)?;
        let (open, last) = step_actions(n.action);
        self.node = n.parent;
        self.pending = open;
        Some(last)
    }
}

/// Compares the paths `path(a) + a_step` and `path(b) + b_step` of nodes in
/// `nodes`, of equal length in actions, in the fixed action order: the first
/// action where they differ decides. Walking both back one action at a time
/// keeps them at the same depth, so they meet at the latest at the start,
/// and the last pair of different actions seen before they meet is the
/// first difference.
pub(super) fn path_less(nodes: &[Node], a: u32, a_step: u32, b: u32, b_step: u32) -> bool {
    let (a_open, xa) = step_actions(a_step);
    let (b_open, xb) = step_actions(b_step);
    let mut decisive = (xa != xb).then_some((xa, xb));
    let mut a = Back::new(nodes, a, a_open);
    let mut b = Back::new(nodes, b, b_open);
    while !a.meets(&b) {
        let (Some(xa), Some(xb)) = (a.next(), b.next()) else {
            break;
        };
        if xa != xb {
            decisive = Some((xa, xb));
        }
    }
    decisive.is_some_and(|(xa, xb)| xa < xb)
}

/// The action with this rank (see [`Action::rank`]).
pub(super) fn decode(rank: u32, hatch_count: usize) -> Action {
    if (rank as usize) < hatch_count {
        Action::Open(HatchId(rank))
    } else {
        Action::Move(RoomId(rank - hatch_count as u32))
    }
}

/// Notes a step from a state of `cost` that the cost bound cuts off, keeping
/// the cheapest in `beyond`: out of line, as a bounded search takes it
/// rarely and an unbounded one never.
#[cold]
#[inline(never)]
pub(super) fn cut_off(beyond: &std::cell::Cell<u32>, cost: u32, step: u32) {
    beyond.set(beyond.get().min(cost.saturating_add(step)));
}
