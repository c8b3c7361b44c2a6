//! Every configuration of a board at once: all combinations of room states
//! (optionally only some rooms and some states) for every start room, solved
//! in parallel, summarised per room.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use serde::Serialize;

use crate::model::{Board, Movement, RoomId, StateId};
use crate::search::{self, Limits};

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

/// A configuration: the varying rooms' states and the start room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Configuration {
    /// The start room's id.
    pub start: String,
    /// (room id, state) for every varying room.
    pub rooms: Vec<(String, String)>,
}

/// What a sweep found for one room.
#[derive(Clone, Debug, Serialize)]
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
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// Solves made.
    pub solves: u64,
    /// Outcomes found in all.
    pub outcomes: u64,
    /// Search states stored in all.
    pub states: u64,
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

struct Tally {
    outcomes: u64,
    states: u64,
    reachable: Vec<u64>,
    costs: Vec<[u64; COST_BUCKETS]>,
    trapped: u64,
    trapped_first: Vec<u64>,
    over_budget: u64,
    solves: u64,
}

impl Tally {
    fn new(rooms: usize) -> Tally {
        Tally {
            outcomes: 0,
            states: 0,
            reachable: vec![0; rooms],
            costs: vec![[0; COST_BUCKETS]; rooms],
            trapped: 0,
            trapped_first: Vec::new(),
            over_budget: 0,
            solves: 0,
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.outcomes += other.outcomes;
        self.states += other.states;
        for (a, b) in self.reachable.iter_mut().zip(&other.reachable) {
            *a += b;
        }
        for (a, b) in self.costs.iter_mut().zip(&other.costs) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        self.trapped += other.trapped;
        self.trapped_first.extend(other.trapped_first);
        self.trapped_first.sort_unstable();
        self.trapped_first.truncate(EXAMPLES);
        self.over_budget += other.over_budget;
        self.solves += other.solves;
        self
    }
}

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
/// One function of some 100 lines: rayon's fold and reduce share the
/// plan's numbering of configurations, the workspaces and the stop flag
/// through closures over its locals.
pub fn run_until(
    board: &Board,
    movement: &Movement,
    sweep: &Sweep,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Summary {
    let total = sweep.solves().unwrap_or(0);
    let rooms = board.rooms.len();
    // Every thread solves in a workspace of its own: each is given its
    // share of the memory budget, so that the sweep as a whole keeps it.
    let limits = Limits {
        max_memory: sweep.limits.max_memory / rayon::current_num_threads().max(1),
        ..sweep.limits
    };
    // Chunks keep the per-solve overhead of rayon and progress small.
    const CHUNK: u64 = 1024;
    let chunks = total.div_ceil(CHUNK);
    let tally = (0..chunks)
        .into_par_iter()
        // A workspace and a ship are made for each of rayon's pieces of
        // work, not each chunk: a workspace sets aside room for its
        // search's whole budget at its first solve.
        .map_init(
            || (search::Workspace::new(), board.clone()),
            |(workspace, ship), chunk| {
                let mut tally = Tally::new(rooms);
                let end = ((chunk + 1) * CHUNK).min(total);
                for index in chunk * CHUNK..end {
                    // Checked a solve at a time: under the rulebook a chunk can
                    // take a second, and Ctrl-C should answer at once.
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let (start, states) = decode(sweep, index);
                    for (room, state) in sweep.rooms.iter().zip(&states) {
                        ship.rooms[room.index()].state = *state;
                    }
                    tally.solves += 1;
                    let Ok(reach) = workspace.solve_reach(ship, movement, start, &limits) else {
                        tally.over_budget += 1;
                        continue;
                    };
                    tally.outcomes += reach.outcomes as u64;
                    tally.states += reach.states as u64;
                    let mut left = false;
                    for (r, cost) in reach.least.iter().enumerate() {
                        let Some(cost) = cost.map(|c| c.0) else {
                            continue;
                        };
                        tally.reachable[r] += 1;
                        tally.costs[r][(cost as usize).min(COST_BUCKETS - 1)] += 1;
                        left |= r != start.index();
                    }
                    if !left {
                        tally.trapped += 1;
                        if tally.trapped_first.len() < EXAMPLES {
                            tally.trapped_first.push(index);
                        }
                    }
                }
                progress(tally.solves);
                tally
            },
        )
        .reduce(|| Tally::new(rooms), Tally::merge);

    let rules = movement.rules();
    let describe = |index: u64| {
        let (start, states) = decode(sweep, index);
        Configuration {
            start: board.room(start).id.clone(),
            rooms: sweep
                .rooms
                .iter()
                .zip(&states)
                .map(|(r, s)| {
                    (
                        board.room(*r).id.clone(),
                        rules.room_states[usize::from(s.0)].clone(),
                    )
                })
                .collect(),
        }
    };
    Summary {
        solves: tally.solves,
        outcomes: tally.outcomes,
        states: tally.states,
        rooms: board
            .rooms
            .iter()
            .enumerate()
            .map(|(i, r)| RoomSummary {
                room: r.id.clone(),
                reachable: tally.reachable[i],
                cost_counts: tally.costs[i].to_vec(),
            })
            .collect(),
        trapped: tally.trapped,
        trapped_examples: tally.trapped_first.iter().map(|&i| describe(i)).collect(),
        over_budget: tally.over_budget,
        partial: tally.solves < total,
    }
}
