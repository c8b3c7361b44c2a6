//! The full search on small ships: the same search states, canonical forms,
//! pruning, order and tie-break as the general search in `general.rs`, with a
//! whole state in one machine word (position, room states, hatch states,
//! visits, exit), a `u64` when it fits and a `u128` otherwise, so that
//! making, hashing and comparing a state are a few instructions.
//!
//! Only rooms and hatches whose state can change this turn take bits (a
//! room out of reach of any flow, a hatch that cannot be opened, is always
//! what the board says), so the standard board with some water in it fits
//! in 64 bits. Besides the width, these make it cheaper:
//!
//! - when no open can change whether a hatch can be walked through (true of
//!   every shipped rules file), the rooms reachable from each room are bit
//!   masks fixed for the whole solve, so the rooms still in play are a
//!   flood fill over bits;
//! - after a move, only hatches of the rooms that just left play can need
//!   forgetting: every stored state is already canonical;
//! - when rooms may be entered again, a state that the cheapest state of
//!   its group (equal but for dry hatches) can beat at whatever it does is
//!   dropped ([`Groups`](dominance::Groups), docs/SEARCH.md "Dominance"),
//!   so this search may store fewer states than the general one;
//! - when rooms may be entered again, a cheaper search for the costs alone
//!   comes first, and a search of a smaller ship bounds what each state of
//!   the search for the paths may have spent ([`Search::explore`],
//!   `leeway.rs`, docs/SEARCH.md "Costs first").
//!
//! Why this search has its own expansion loop beside the one of
//! `general.rs`: the decisions both loops make are shared (`step.rs`: which
//! opens are worth making, which are fused with the move, what a walk
//! costs; `path.rs`: how a candidate is offered to a stored state; the
//! table and the frontier), but reading and rebuilding a state is not. Here
//! a state is a value, edited in registers and made canonical with room
//! masks fixed for the whole solve; there it is a run of words in a scratch
//! buffer that `Canon` repairs in place. One loop over both would put a
//! trait over the two forms on the hottest path of the program, so there
//! are two loops, held to each other by the tests instead.
//!
//! The general search is the reference: `tests/suite/exactness.rs` checks that
//! both give the same outcomes and, where rooms may not be entered again,
//! store the same number of states (where they may, this search drops
//! dominated states and searches the costs alone first, so it stores
//! fewer).
//!
//! The files under `small/`:
//!
//! - `word.rs`: the state word ([`Word`](word::Word) for `u64` and `u128`),
//!   a room's or hatch's [`Field`](word::Field) in it, and the
//!   [`Plan`] that picks the width;
//! - `shape.rs`: the ship's [`Shape`] in a word (where each
//!   part of a state lives, each room's hatches as bits) and what is made
//!   of a state with it: the start, the canonical form, a walk;
//! - `dominance.rs`: states of one group that another can beat, and the
//!   groups a pass keeps ([`Groups`](dominance::Groups));
//! - `passes.rs`: which passes a solve makes and what each is for
//!   (`Search::run`, `Search::reach`);
//! - `explore.rs`: the loop of every pass, and a candidate stored or
//!   dropped (`relax`);
//! - `leeway.rs`: what a state of the costs and paths passes may have
//!   spent, from a search of a smaller ship;
//! - `collect.rs`: the best settled state of every outcome, written out.

use crate::model::{Board, Movement, RoomId};

use super::path::Node;
use super::table::Table;
use super::{Limits, Stopped, Want, Workspace};

mod collect;
mod dominance;
mod explore;
mod leeway;
mod passes;
mod shape;
mod word;

use collect::Sink;
use dominance::GroupMemory;
use leeway::Leeway;
use passes::Pass;
use shape::Shape;
use word::Plan;

/// The states a table is first made for: it is cleared in a few
/// instructions, and grows as needed (most small solves store a few hundred
/// states).
const FIRST_STATES: usize = 128;

/// The memory of the small search, kept between solves.
#[derive(Default)]
pub struct Space {
    plan: Plan,
    narrow: Search<u64>,
    wide: Search<u128>,
}

/// The memory of the search for one word width.
struct Search<W> {
    shape: Shape<W>,
    states: Table<Vec<W>, Node>,
    /// With dominance, the groups of states ([`dominance::Groups`]).
    groups: GroupMemory<W>,
    /// [`Shape::loose`] by state without position and dry hatches.
    loose: Table<Vec<W>, W>,
    best: Table<Vec<W>, u32>,
    /// The best node of each outcome, with what orders the outcomes.
    ranked: Vec<(u32, u32, W, u32)>,
    settled: Vec<u32>,
    /// Each outcome's least (cost, actions) that the costs pass settled,
    /// by its state's outcome bits (room and room states).
    least: Vec<(W, (u32, u32))>,
    /// What the next costs pass is made for.
    pass: Pass,
    /// What each state of the costs and paths passes may have spent,
    /// worked out before each.
    leeway: Leeway<W>,
}

impl<W: Default> Default for Search<W> {
    fn default() -> Self {
        Search {
            shape: Shape::default(),
            states: Table::default(),
            groups: GroupMemory::default(),
            loose: Table::default(),
            best: Table::default(),
            ranked: Vec::new(),
            settled: Vec::new(),
            least: Vec::new(),
            pass: Pass::Costs,
            leeway: Leeway::default(),
        }
    }
}

impl<W: word::Word> Search<W> {
    /// The bytes it holds: every table and vector it keeps, per state, per
    /// group and per outcome, whichever pass filled them (the memory of a
    /// pass is kept for the next).
    /// Gives back the memory of what only the passes use: the groups, the
    /// loose hatches and the leeway.
    fn release_passes(&mut self) {
        self.groups = GroupMemory::default();
        self.loose = Table::default();
        self.leeway = Leeway::default();
    }

    /// The bytes it has room for, written or not: what the allocator gave
    /// it (the shape aside, which is a few words per room and hatch).
    fn room(&self) -> usize {
        use super::table::vec_room;
        self.states.room()
            + self.groups.room()
            + self.loose.room()
            + self.best.room()
            + vec_room(&self.ranked)
            + vec_room(&self.settled)
            + vec_room(&self.least)
            + self.leeway.room()
    }

    fn held(&self) -> usize {
        use super::table::vec_bytes;
        self.states.held()
            + self.groups.held()
            + self.loose.held()
            + self.best.held()
            + vec_bytes(&self.ranked)
            + vec_bytes(&self.settled)
            + vec_bytes(&self.least)
            + self.leeway.held()
    }
}

impl Space {
    /// The bytes it has room for (see [`Search::room`]).
    pub(super) fn room(&self) -> usize {
        self.narrow.room() + self.wide.room()
    }
}

/// Solves a turn into `workspace` with the small search, or gives `None`
/// when a state of this board does not fit in 128 bits (or its rooms in the
/// 64 bits of a room set).
pub fn solve(
    workspace: &mut Workspace,
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
    want: Want,
) -> Option<Result<(), Stopped>> {
    let Workspace {
        small: Space { plan, narrow, wide },
        full,
        solution,
        spare,
        reach,
        reached,
        ..
    } = workspace;
    if board.rooms.len() > 64 {
        return None;
    }
    plan.make(board, movement);
    if plan.full_width_bits(board, movement) > 128 {
        return None;
    }
    let bits = plan.bits(board, movement);
    let answer = Sink {
        solution,
        spare,
        reach,
        reached,
    };
    let frontier = &mut full.frontier;
    if bits <= 64 {
        Some(narrow.run(board, movement, plan, start, limits, frontier, answer, want))
    } else if bits <= 128 {
        Some(wide.run(board, movement, plan, start, limits, frontier, answer, want))
    } else {
        None
    }
}
