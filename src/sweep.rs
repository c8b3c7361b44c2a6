//! Every configuration of a board at once: all combinations of room states
//! (optionally only some rooms and some states) for every start room, solved
//! in parallel, summarised per room; or one shard of them, for a sweep that
//! outgrows one machine, merged afterwards.

use std::sync::atomic::AtomicBool;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::turn::Change;
use crate::model::{Board, Movement, RoomId, Rules, StateId};
use crate::search::Limits;

mod classes;
mod forecast;
mod merge;
mod shard;
mod swept;
mod tally;
mod worker;

pub use forecast::{Forecast, forecast};
pub use merge::{Merged, Refusal, merge, read_shard};
pub use shard::{MAX_SHARDS, Shard, ShardSummary, run_shard};
pub use swept::Swept;

use classes::Classes;
use tally::Tally;

/// The most solves one sweep may ask for.
pub const MAX_SOLVES: u64 = 200_000_000;

/// Costs up to this are counted one by one; costlier ones share a bucket.
pub const COST_BUCKETS: usize = 16;

/// What to sweep over.
#[derive(Clone, Debug)]
pub struct Sweep {
    /// The rooms whose states vary (the others keep the board's states).
    pub rooms: Vec<RoomId>,
    /// The states they take.
    pub states: Vec<StateId>,
    /// The start rooms.
    pub starts: Vec<RoomId>,
    /// The search limits of each solve; the memory budget is shared by
    /// the threads that solve at once (each takes its share).
    pub limits: Limits,
}

impl Sweep {
    /// How many configurations (without the start room).
    pub fn configurations(&self) -> Option<u64> {
        (self.states.len() as u64).checked_pow(u32::try_from(self.rooms.len()).ok()?)
    }

    /// How many solves in all.
    pub fn solves(&self) -> Option<u64> {
        self.configurations()?.checked_mul(self.starts.len() as u64)
    }
}

/// The room states a sweep varies when none are named: those some rule
/// changes a room into or out of (a flow, an action). A state no rule
/// touches is one a room stays in whatever is played, a place rather than
/// a condition (the sea outside the hull, under the rulebook): no game
/// brings a room into it, so no game reaches a configuration that puts one
/// there. Every state when fewer than two are changed: a sweep of one
/// state would vary nothing.
///
/// ```
/// use hatchway::sweep;
///
/// let rules = hatchway::load::builtin_rules("red-november-rulebook").ok_or("no such rules")?;
/// let states: Vec<&str> = sweep::default_states(&rules)
///     .into_iter()
///     .map(|s| rules.room_states[usize::from(s.0)].as_str())
///     .collect();
/// assert_eq!(states, ["clear", "low_flood", "high_flood", "fire"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn default_states(rules: &Rules) -> Vec<StateId> {
    let n = rules.room_states.len();
    let mut changed = vec![false; n];
    let mut mark = |from: StateId, to: StateId| {
        if from != to {
            for s in [from, to] {
                if let Some(c) = changed.get_mut(usize::from(s.0)) {
                    *c = true;
                }
            }
        }
    };
    for (pair, flow) in rules.flow.iter().enumerate() {
        if let Some((a, b)) = flow {
            mark(StateId((pair / n.max(1)) as u8), *a);
            mark(StateId((pair % n.max(1)) as u8), *b);
        }
    }
    for action in &rules.turn.actions {
        for change in &action.changes {
            if let Change::Room { from, to } = change {
                mark(*from, *to);
            }
        }
    }
    let states: Vec<StateId> = (0..n)
        .filter(|&i| changed[i])
        .map(|i| StateId(i as u8))
        .collect();
    if states.len() < 2 {
        (0..n).map(|i| StateId(i as u8)).collect()
    } else {
        states
    }
}

/// The rooms a sweep varies when none are named: those whose state is one
/// of `states` (a command passes [`default_states`], so that a room in a
/// state no rule changes, a place, stays one); the others keep theirs.
pub fn default_rooms(board: &Board, states: &[StateId]) -> Vec<RoomId> {
    (0..board.rooms.len() as u32)
        .map(RoomId)
        .filter(|r| states.contains(&board.room(*r).state))
        .collect()
}

/// A configuration: the varying rooms' states and the start room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Configuration {
    /// The start room's id.
    pub start: String,
    /// (room id, state) for every varying room.
    pub rooms: Vec<(String, String)>,
}

/// What a sweep found for one room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoomSummary {
    /// The room's id.
    pub room: String,
    /// In how many solves the room was a possible final room.
    pub reachable: u64,
    /// How many solves reached it at each minimum cost (the last bucket
    /// counts everything from `COST_BUCKETS - 1` up).
    pub cost_counts: Vec<u64>,
}

/// The result of a sweep.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Summary {
    /// Solves made.
    pub solves: u64,
    /// Search states stored by the searches made.
    pub states: u64,
    /// Searches made: solves that differ only in rooms the player can
    /// neither stand in nor open a hatch to share one (see
    /// docs/SEARCH.md, "Sweeping classes of configurations").
    pub searches: u64,
    /// Per room.
    pub rooms: Vec<RoomSummary>,
    /// Solves where the player could not leave the start room.
    pub trapped: u64,
    /// The first trapped configurations, in sweep order.
    pub trapped_examples: Vec<Configuration>,
    /// Solves that ran out of their search budget, states or memory (not
    /// counted above).
    pub over_budget: u64,
    /// Whether the sweep was stopped before it had made every solve
    /// ([`run_until`]): the figures are then those of the solves made.
    pub partial: bool,
}

/// How many trapped configurations a summary lists.
pub const EXAMPLES: usize = 20;

/// Decodes solve number `index` into (start room, states of varying rooms).
fn decode(sweep: &Sweep, index: u64) -> (RoomId, Vec<StateId>) {
    let k = sweep.states.len() as u64;
    let start = sweep.starts[(index % sweep.starts.len() as u64) as usize];
    let mut rest = index / sweep.starts.len() as u64;
    let mut states = Vec::with_capacity(sweep.rooms.len());
    for _ in &sweep.rooms {
        states.push(sweep.states[(rest % k) as usize]);
        rest /= k;
    }
    (start, states)
}

/// Runs a sweep; `progress` is called now and then with the number of solves
/// done since the last call.
///
/// ```
/// use hatchway::{load, sweep};
/// use hatchway::model::{ItemSet, RoomId};
/// use hatchway::search::Limits;
///
/// let board = load::board_from_str("two", "board two\nroom 1\nroom 2\nhatch 1-2\nstart 1\n")?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// // Room 2 takes every state of the rules; the gnome starts in room 1.
/// let states = (0..board.rules.room_states.len() as u8).map(hatchway::model::StateId).collect();
/// let plan = sweep::Sweep {
///     rooms: vec![RoomId(1)],
///     states,
///     starts: vec![RoomId(0)],
///     limits: Limits::default(),
/// };
/// let summary = sweep::run(&board, &movement, &plan, &|_| {});
/// assert_eq!(summary.solves, plan.solves().unwrap_or(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run(
    board: &Board,
    movement: &Movement,
    sweep: &Sweep,
    progress: &(dyn Fn(u64) + Sync),
) -> Summary {
    run_until(board, movement, sweep, progress, &AtomicBool::new(false))
}

/// Runs a sweep as [`run`] does until `stop` is set (by a Ctrl-C handler,
/// say): the solves under way finish, no other starts, and the summary is
/// of the solves made, marked [`Summary::partial`] unless every solve was
/// made.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use hatchway::{load, sweep};
/// use hatchway::model::{ItemSet, RoomId, StateId};
/// use hatchway::search::Limits;
///
/// let board = load::board_from_str("two", "board two\nroom 1\nroom 2\nhatch 1-2\nstart 1\n")?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// let plan = sweep::Sweep {
///     rooms: vec![RoomId(1)],
///     states: vec![StateId(0), StateId(1)],
///     starts: vec![RoomId(0)],
///     limits: Limits::default(),
/// };
/// // Stopped before it starts: nothing is swept.
/// let summary = sweep::run_until(&board, &movement, &plan, &|_| {}, &AtomicBool::new(true));
/// assert!(summary.partial);
/// assert_eq!(summary.solves, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
pub fn run_until(
    board: &Board,
    movement: &Movement,
    sweep: &Sweep,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Summary {
    let classes = classes_of(board, movement, sweep);
    let share = shard::sweep_share(&classes, Shard::WHOLE, progress, &|_| {}, stop);
    let swept = Swept::new(board, movement, sweep);
    summary(&swept, share.tally, sweep.solves().unwrap_or(0))
}

/// The classes of `sweep`, each searched within its thread's share of the
/// budget.
fn classes_of<'a>(board: &'a Board, movement: &'a Movement, sweep: &'a Sweep) -> Classes<'a> {
    let threads = rayon::current_num_threads().max(1);
    Classes::new(board, movement, sweep, thread_limits(sweep, threads))
}

/// The limits of one search of `sweep` on one of its `threads`: every
/// thread searches in a workspace of its own, so each is given its share
/// of the memory budget, and the sweep as a whole keeps it.
fn thread_limits(sweep: &Sweep, threads: usize) -> Limits {
    Limits {
        max_memory: sweep.limits.max_memory / threads.max(1),
        ..sweep.limits
    }
}

/// The summary of what `tally` counted of `swept`, a sweep of `total`
/// solves.
fn summary(swept: &Swept, tally: Tally, total: u64) -> Summary {
    Summary {
        solves: tally.solves,
        states: tally.states,
        rooms: room_summaries(swept, &tally),
        trapped: tally.trapped,
        trapped_examples: tally
            .trapped_first
            .iter()
            .filter_map(|&i| swept.configuration(i))
            .collect(),
        over_budget: tally.over_budget,
        searches: tally.searches,
        partial: tally.solves < total,
    }
}

/// Each room of `swept`'s board with what `tally` counted of it.
fn room_summaries(swept: &Swept, tally: &Tally) -> Vec<RoomSummary> {
    swept
        .board_rooms
        .iter()
        .zip(tally.reachable.iter().zip(&tally.costs))
        .map(|(id, (&reachable, costs))| RoomSummary {
            room: id.clone(),
            reachable,
            cost_counts: costs.to_vec(),
        })
        .collect()
}
