//! The exact search: every reachable outcome at its minimum cost, with one
//! cheapest action sequence, read from the compiled tables only.
//!
//! A search state is the player's room, every room's state, every hatch's
//! state and (when the rules forbid revisits) the rooms visited, packed into a
//! few machine words. States are settled in order of (cost, number of
//! actions) with a two-level bucket queue, since costs are small integers.
//! Among sequences of equal cost and length the one that is smallest in the
//! fixed action order wins ([`Action::rank`](crate::outcome::Action::rank)); because every state's parent
//! is settled before the state, comparing two candidate paths only walks
//! their parent chains up to where they meet.
//!
//! Nothing is pruned but what is provably worse (see `step::changes`,
//! `packing::exit_bits` and, with revisits, the small search's dominance),
//! a state with a single way on is skipped over (see
//! `step::fused`), and there is no depth cap: the search ends when every
//! reachable state is settled, or when the state budget runs out, which is
//! reported, never silently cut.
//!
//! [`solve`] picks one of three searches that give the same answers:
//!
//! - on a ship where no water can flow ([`can_flow`]), a shortest-path
//!   search over rooms (`dry.rs`);
//! - otherwise, when a state fits in 64 or 128 bits, the full search with
//!   the state in one machine word (`small.rs`);
//! - otherwise the general full search (`general.rs`), whose states are
//!   any number of words; `solve_exhaustive` (in `hatchway::testing`) always uses it, and the
//!   tests hold the other two to it.
//!
//! Why these give exact answers is argued in `docs/SEARCH.md`. The files:
//!
//! - `packing.rs`: where each part of a general state lives in its words;
//! - `canon.rs`: the canonical form of a general state (what is forgotten);
//! - `flows.rs`: what water can do this turn, worked out once per solve;
//! - `step.rs`: what one step of either full search may do (which opens are
//!   worth making, fused open-and-move steps, the cost of a walk);
//! - `table.rs`: the one hash table of stored states and outcome keys;
//! - `frontier.rs`: the bucket queue of states waiting to be settled;
//! - `path.rs`: search nodes, the tie-break between paths, and the actions
//!   of a path read back;
//! - `general.rs`, `small.rs`, `dry.rs`: the three searches;
//! - `small/`: the parts of the small search (listed at the top of
//!   `small.rs`): its state word, the ship's shape in it, dominance, its
//!   passes, its loop, the leeway (`small/leeway.rs`: what a state of its
//!   costs and paths passes may have spent, from a search of a smaller
//!   ship) and its answer;
//! - `outcomes.rs`: the outcomes every search writes its answer into, over
//!   those of the last solve;
//! - `cheapest.rs`: outcomes cheapest first, a cost at a time, and what a
//!   search stopped by a budget had made final.

mod canon;
mod cheapest;
mod dry;
mod flows;
mod frontier;
mod general;
mod outcomes;
mod packing;
mod path;
mod reach;
mod small;
mod standing;
mod step;
mod table;

pub use cheapest::{cheapest_first, settled};
pub use dry::can_flow;
pub use reach::Reach;

use crate::model::{Board, Cost, Movement, RoomId};
use crate::outcome::Outcome;

use general::Full;
use table::{Table, Words};

/// How far a search may go.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most search states that may be stored before giving up.
    pub max_states: usize,
    /// Outcomes costlier than this are not wanted (and not searched for).
    pub max_cost: Option<Cost>,
    /// The most bytes the search may take before giving up: its stored
    /// states, their table (with the copies its growth leaves), its queue
    /// and what it keeps of each state. On a board of hundreds of rooms one
    /// state takes hundreds of bytes, so the state budget alone would let a
    /// search take gigabytes.
    pub max_memory: usize,
    /// The bytes what reads the answer keeps for each action of each
    /// outcome's path, beyond the path itself, counted with the answer
    /// against [`Limits::max_memory`]: a page that shows every step keeps
    /// hundreds, a listing written an outcome at a time none.
    pub kept_per_action: usize,
}

/// The default state budget: about 520 MB on a 64-room board that uses it
/// all, 760 MB on a 128-room one (see BENCHMARKS.md).
pub const DEFAULT_MAX_STATES: usize = 5_000_000;

/// The default memory budget of a search: 1 GiB.
pub const DEFAULT_MAX_MEMORY: usize = 1 << 30;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: DEFAULT_MAX_STATES,
            max_cost: None,
            max_memory: DEFAULT_MAX_MEMORY,
            kept_per_action: 0,
        }
    }
}

/// Every outcome of a turn.
#[derive(Clone, Debug, Default)]
pub struct Solution {
    /// The outcomes, ordered by cost, then final room (in board order), then
    /// the room states (in the order the rules declare them). An outcome's
    /// number is its place here, counting from 1. The order is cheapest
    /// first so that a search bounded by [`Limits::max_cost`] finds the
    /// first outcomes of the full answer, with the same numbers.
    pub outcomes: Vec<Outcome>,
    /// How many search states were stored (for the crate's tests and
    /// benchmarks; hidden from the API, outside semantic versioning):
    /// where a search makes more than
    /// one pass (one way to each outcome, the least costs, then the paths;
    /// docs/SEARCH.md, "Costs first"), every pass made, with the classes
    /// of the smaller ship that bounds them.
    #[doc(hidden)]
    pub states: usize,
    /// The cheapest way [`Limits::max_cost`] cut off (for the crate's own
    /// listing cheapest first and its tests; hidden from the API, outside
    /// semantic versioning): no outcome left out
    /// costs less, so a search bounded at this cost is the next to find
    /// any. `None` when the bound cut nothing, so the outcomes are every
    /// outcome of the turn.
    #[doc(hidden)]
    pub beyond: Option<Cost>,
}

/// The search ran out of its state budget, or of its memory budget.
#[derive(Clone, Debug)]
pub struct LimitReached {
    /// States stored when it stopped: the limit itself when the state
    /// budget stopped it.
    pub states: usize,
    /// Every outcome of at most this cost had been found (and asking only
    /// for those, with [`Limits::max_cost`], fits in the same budget);
    /// `None` when it stopped among the states of cost 0.
    pub settled_cost: Option<Cost>,
    /// Whether the memory budget, not the state budget, stopped it.
    pub memory: bool,
    /// When the search itself fitted but its answer would not have fitted
    /// beside it: how big the whole answer would be.
    pub answer: Option<AnswerSize>,
}

/// How big an answer a search found would be, had it been written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnswerSize {
    /// Its outcomes.
    pub outcomes: usize,
    /// The bytes they would take, each with its room states and path.
    pub bytes: usize,
}

impl std::fmt::Display for LimitReached {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.answer.is_some() {
            return match self.settled_cost {
                Some(c) => write!(
                    f,
                    "{}; the outcomes costing at most {} fit",
                    self.why(),
                    crate::spelling::count(u64::from(c.0), "minute")
                ),
                None => write!(f, "{}; not even those of cost 0 fit", self.why()),
            };
        }
        match self.settled_cost {
            Some(c) => write!(
                f,
                "{}, having settled every outcome up to cost {c}",
                self.why()
            ),
            None => write!(
                f,
                "{}, before it had settled every outcome of cost 0",
                self.why()
            ),
        }
    }
}

impl std::error::Error for LimitReached {}

impl LimitReached {
    /// Which option to raise to go further: the budget that stopped it.
    pub fn raise(&self) -> &'static str {
        if self.memory {
            "raise `--max-memory` (MiB)"
        } else {
            "raise `--max-states`"
        }
    }

    /// What to do about the stop, naming only the options the command
    /// takes: raise the budget that stopped it (when it takes `budget`
    /// options), or ask only for the outcomes it settled, which fits in the
    /// same budget (when it takes `--max-cost`). `None` when it takes
    /// neither.
    pub fn advice(&self, budget: bool, max_cost: bool) -> Option<String> {
        let which = if self.answer.is_some() {
            "that fit"
        } else {
            "it settled"
        };
        let settled = self
            .settled_cost
            .filter(|_| max_cost)
            .map(|c| format!("ask only for the outcomes {which}: `--max-cost {c}`"));
        match (budget, settled) {
            (true, Some(settled)) => Some(format!("{}, or {settled}", self.raise())),
            (true, None) => Some(self.raise().to_string()),
            (false, settled) => settled,
        }
    }

    /// Which budget stopped the search, and where: `the search stopped at
    /// its limit of 5000 states`.
    pub fn why(&self) -> String {
        let states = crate::spelling::count(self.states as u64, "state");
        if let Some(answer) = self.answer {
            format!(
                "the search found {} in {states}, but they would take {} MiB, more than its memory budget leaves beside the search",
                crate::spelling::count(answer.outcomes as u64, "outcome"),
                answer.bytes.div_ceil(1 << 20)
            )
        } else if self.memory {
            format!(
                "the search stopped after {states}, as many as fit in its memory budget on a board this large"
            )
        } else {
            format!("the search stopped at its limit of {states}")
        }
    }
}

/// What a solve is asked for: every outcome with its tie-break's path,
/// only every outcome's least cost, or only what a [`Reach`] holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Paths,
    Costs,
    Reach,
}

/// How the searches stop early, inside this module: boxed, so that the
/// `Result` of every step of a search is one word, not a struct returned
/// through memory (it happens once per solve at most).
type Stopped = Box<LimitReached>;

/// The search stopped with `states` stored while settling states of cost
/// `settling`, so every outcome up to the cost before was settled.
#[cold]
#[inline(never)]
fn stopped(states: usize, settling: u32, memory: bool) -> Stopped {
    Box::new(LimitReached {
        states,
        settled_cost: settling.checked_sub(1).map(Cost),
        memory,
        answer: None,
    })
}

/// Memory for many solves. A solve through a workspace keeps its tables,
/// queues and outcomes for the next one, so solving in a loop (a sweep, a
/// game AI) allocates next to nothing once the workspace has grown to the
/// boards it sees. It keeps the memory of its largest solve until dropped.
#[derive(Default)]
pub struct Workspace {
    full: Full,
    best: Table<Words, u32>,
    key: Vec<u64>,
    dry: dry::Space,
    small: small::Space,
    solution: Solution,
    spare: Vec<Outcome>,
    reach: Reach,
    /// Whether the last solve wrote `reach` itself, rather than outcomes
    /// to read it from.
    reached: bool,
}

impl Workspace {
    /// An empty workspace.
    pub fn new() -> Workspace {
        Workspace::default()
    }

    /// Finds every outcome of a turn starting in `start`, exactly as
    /// [`solve`] does; the answer lives until the next solve.
    pub fn solve(
        &mut self,
        board: &Board,
        movement: &Movement,
        start: RoomId,
        limits: &Limits,
    ) -> Result<&Solution, LimitReached> {
        self.answer(board, movement, start, limits, Want::Paths)?;
        Ok(&self.solution)
    }

    /// Finds every outcome of a turn at its least cost, as
    /// [`Workspace::solve`] does, but not the paths: every outcome's
    /// `actions` is empty. Where rooms may be entered again this makes
    /// only the first of the search's two passes (docs/SEARCH.md, "Costs
    /// first"), so it is several times faster; elsewhere it is the same
    /// search. For what reads only costs: a sweep, the editor's lens.
    pub fn solve_costs(
        &mut self,
        board: &Board,
        movement: &Movement,
        start: RoomId,
        limits: &Limits,
    ) -> Result<&Solution, LimitReached> {
        self.answer(board, movement, start, limits, Want::Costs)?;
        for outcome in &mut self.solution.outcomes {
            outcome.actions.clear();
        }
        Ok(&self.solution)
    }

    /// The least cost of ending in each room of a turn starting in
    /// `start`, as [`Workspace::solve_costs`] would give it; the answer
    /// lives until the next solve. Where rooms may
    /// be entered again this takes far fewer states than the outcomes'
    /// costs (docs/SEARCH.md, "What a sweep reads"). For a sweep.
    pub fn solve_reach(
        &mut self,
        board: &Board,
        movement: &Movement,
        start: RoomId,
        limits: &Limits,
    ) -> Result<&Reach, LimitReached> {
        self.reach.clear(board.rooms.len());
        self.reached = false;
        self.answer(board, movement, start, limits, Want::Reach)?;
        if !self.reached {
            self.reach.read(&self.solution);
        }
        Ok(&self.reach)
    }

    fn answer(
        &mut self,
        board: &Board,
        movement: &Movement,
        start: RoomId,
        limits: &Limits,
        want: Want,
    ) -> Result<(), LimitReached> {
        self.recycle();
        let done = if !can_flow(board, movement) {
            dry::solve(self, board, movement, start, limits)
        } else if let Some(done) = small::solve(self, board, movement, start, limits, want) {
            done
        } else {
            general::solve(self, board, movement, start, limits)
        };
        done.map_err(|stop| *stop)
    }

    /// The full search, as [`solve_exhaustive`] does.
    pub(crate) fn solve_exhaustive(
        &mut self,
        board: &Board,
        movement: &Movement,
        start: RoomId,
        limits: &Limits,
    ) -> Result<&Solution, LimitReached> {
        self.recycle();
        general::solve(self, board, movement, start, limits).map_err(|stop| *stop)?;
        Ok(&self.solution)
    }

    /// The bytes the workspace has room for, written or not: every table,
    /// queue and vector of its searches and its answer, as the allocator
    /// gave them (the few words per room and hatch of a ship's layout
    /// aside), and of that, the small search's. For the test that holds
    /// the count to the allocator's.
    pub(crate) fn room(&self) -> (usize, usize) {
        use table::vec_room;
        let outcome = |o: &Outcome| vec_room(&o.rooms) + vec_room(&o.actions);
        let whole = self.full.room()
            + self.best.room()
            + vec_room(&self.key)
            + self.dry.room()
            + self.small.room()
            + vec_room(&self.solution.outcomes)
            + self.solution.outcomes.iter().map(outcome).sum::<usize>()
            + vec_room(&self.spare)
            + self.spare.iter().map(outcome).sum::<usize>()
            + vec_room(&self.reach.least);
        (self.small.room(), whole)
    }

    /// Forgets the last answer, keeping its outcomes' memory to write the
    /// next over.
    fn recycle(&mut self) {
        self.solution.states = 0;
        self.solution.beyond = None;
    }

    /// Hands over the last answer, leaving the workspace empty of it.
    fn take(&mut self) -> Solution {
        std::mem::take(&mut self.solution)
    }
}

/// Finds every outcome of a turn starting in `start`: each way the turn can
/// end (a room and the state of every room) at its true minimum cost, with
/// one cheapest path, cheapest first. A search that would pass a limit
/// stops with [`LimitReached`], which says which and suggests a bound.
///
/// ```
/// use hatchway::{load, search};
/// use hatchway::model::{Cost, ItemSet};
///
/// let board = load::board(&load::standard_board())?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// let limits = search::Limits { max_cost: Some(Cost(3)), ..search::Limits::default() };
/// let solution = search::solve(&board, &movement, board.start, &limits)?;
/// assert!(solution.outcomes.iter().all(|o| o.cost <= Cost(3)));
/// assert!(solution.outcomes.windows(2).all(|w| w[0].cost <= w[1].cost));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
) -> Result<Solution, LimitReached> {
    let mut workspace = Workspace::new();
    workspace.solve(board, movement, start, limits)?;
    Ok(workspace.take())
}

/// Finds every outcome of a turn at its least cost, as [`solve`] does, but
/// not the paths: every outcome's `actions` is empty (see
/// [`Workspace::solve_costs`]).
///
/// ```
/// use hatchway::{load, search};
/// use hatchway::model::ItemSet;
///
/// let board = load::board(&load::standard_board())?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// let limits = search::Limits::default();
/// let costs = search::solve_costs(&board, &movement, board.start, &limits)?;
/// let full = search::solve(&board, &movement, board.start, &limits)?;
/// let cost_of = |s: &search::Solution| s.outcomes.iter().map(|o| (o.room, o.cost)).collect::<Vec<_>>();
/// assert_eq!(cost_of(&costs), cost_of(&full));
/// assert!(costs.outcomes.iter().all(|o| o.actions.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_costs(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
) -> Result<Solution, LimitReached> {
    let mut workspace = Workspace::new();
    workspace.solve_costs(board, movement, start, limits)?;
    Ok(workspace.take())
}

/// The general full search over every state; [`solve`] uses it when water
/// may flow and a state does not fit in 128 bits; the crate's tests hold
/// the shortcuts to it through `hatchway::testing`.
pub(crate) fn solve_exhaustive(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
) -> Result<Solution, LimitReached> {
    let mut workspace = Workspace::new();
    workspace.solve_exhaustive(board, movement, start, limits)?;
    Ok(workspace.take())
}
