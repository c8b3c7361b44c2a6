//! A sweep cut into shards, each swept apart (on another machine, as
//! another job) and merged: the partition of the class tree, and what a
//! shard writes.
//!
//! The cut is of the tree of classes ([`super::classes`]), not of the
//! configurations: a search that answers a class answers configurations
//! whichever shard they would fall in, so cutting the configurations
//! (by start room, by the first rooms' states) would make each shard
//! search again what the whole sweep searches once, and the merged
//! `searches` and `states` would not be the whole sweep's. Instead every
//! shard splits the top of the tree alike, breadth first, into the same
//! classes: the tree depends only on the answers of searches, never on the
//! threads or the shard. The classes left open are dealt out in turn, the
//! first to shard 1, the second to shard 2, and so on; each shard sweeps
//! its own as a whole sweep does. The top's own searches and the classes it
//! answers whole are counted by shard 1 alone, so every search is counted
//! once and every configuration once: the shards' tallies add up to the
//! whole sweep's.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::{Board, Cost, Movement};
use crate::search::Reach;

use super::classes::{Class, Classes};
use super::swept::{Fnv, Swept};
use super::tally::Tally;
use super::worker::Worker;
use super::{COST_BUCKETS, RoomSummary, Sweep, room_summaries};

/// One of the `count` parts of a sweep, numbered from 1: `--shard 2/4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    index: u32,
    count: u32,
}

/// The most shards a sweep is cut into: each is dealt at least one class
/// of the top of the tree, which every shard holds at once.
pub const MAX_SHARDS: u32 = 1024;

impl Shard {
    /// The whole sweep, as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`, when `1 <= index <= count <= MAX_SHARDS`.
    pub fn new(index: u32, count: u32) -> Option<Shard> {
        (1 <= index && index <= count && count <= MAX_SHARDS).then_some(Shard { index, count })
    }

    /// Its number, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// How many shards the sweep is cut into.
    pub fn count(self) -> u32 {
        self.count
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// Reads `K/N`, each a whole number, `K` from 1 to `N`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let numbers = text.split_once('/').and_then(|(k, n)| {
            Some((k.trim().parse::<u32>().ok()?, n.trim().parse::<u32>().ok()?))
        });
        let Some((index, count)) = numbers else {
            return Err("write `K/N`, shard K of N, such as `2/4`".to_string());
        };
        if count == 0 || count > MAX_SHARDS {
            return Err(format!("a sweep is cut into 1 to {MAX_SHARDS} shards"));
        }
        if index == 0 {
            return Err(format!(
                "shards are numbered from 1 to {count}; a 0-based index such as Kubernetes's `$JOB_COMPLETION_INDEX` needs 1 added"
            ));
        }
        Shard::new(index, count).ok_or_else(|| format!("shards are numbered from 1 to {count}"))
    }
}

impl Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Shard {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Shard, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// What one shard of a sweep counted, with what tells its sweep from
/// another's: the document `hatchway sweep --shard K/N` writes and
/// `hatchway sweep --merge` reads (docs/INTERCHANGE.md).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShardSummary {
    /// The format version of the document ([`crate::interchange::FORMAT`]).
    pub format: u32,
    /// The version of hatchway that swept it: shards of different versions
    /// may count differently, so they are not merged.
    pub version: String,
    /// Which shard: `K/N`.
    #[schemars(with = "String")]
    pub shard: Shard,
    /// The sweep it is a shard of.
    pub sweep: Swept,
    /// A fingerprint of the classes the top of the sweep's tree was split
    /// into before they were dealt out, in 16 hex digits: the same in
    /// every shard of one sweep, unless a search of the top ran out of
    /// `--max-memory` in one shard and not in another (each thread's share
    /// of it depends on the machine's threads).
    pub split: String,
    /// How long the shard took, in seconds.
    pub seconds: f64,
    /// Whether Ctrl-C stopped it before it had made every solve of its
    /// share: such a shard is not merged.
    pub partial: bool,
    /// Solves made.
    pub solves: u64,
    /// Search states stored by the searches made.
    pub states: u64,
    /// Searches made.
    pub searches: u64,
    /// Per room of the board.
    pub rooms: Vec<RoomSummary>,
    /// Solves where the player could not leave the start room.
    pub trapped: u64,
    /// The numbers of the first trapped solves in the sweep's order (the
    /// start room counting fastest, then the first varying room's state,
    /// and so on), at most [`super::EXAMPLES`].
    pub trapped_first: Vec<u64>,
    /// Solves that ran out of their search budget.
    pub over_budget: u64,
}

impl ShardSummary {
    /// The counts, as the sweep tallies them; `Err` says what in them
    /// does not fit the sweep the document says it is a shard of.
    pub(super) fn tally(&self) -> Result<Tally, String> {
        let board = &self.sweep.board_rooms;
        if self.rooms.len() != board.len() {
            return Err(format!(
                "it counts {} where its board has {}",
                crate::spelling::count(self.rooms.len() as u64, "room"),
                board.len()
            ));
        }
        let mut tally = Tally::new(board.len());
        for (i, (room, id)) in self.rooms.iter().zip(board).enumerate() {
            if &room.room != id {
                return Err(format!(
                    "its room {} is `{}` where its board's is `{id}`",
                    i + 1,
                    room.room
                ));
            }
            let Ok(costs) = <[u64; COST_BUCKETS]>::try_from(room.cost_counts.as_slice()) else {
                return Err(format!(
                    "room `{id}` has {} where every room has {COST_BUCKETS}",
                    crate::spelling::count(room.cost_counts.len() as u64, "cost count"),
                ));
            };
            tally.reachable[i] = room.reachable;
            tally.costs[i] = costs;
        }
        let total = self.sweep.solves().unwrap_or(0);
        if let Some(n) = self.trapped_first.iter().find(|&&n| n >= total) {
            return Err(format!(
                "it lists solve {n} as trapped, of a sweep of {total}"
            ));
        }
        tally.solves = self.solves;
        tally.states = self.states;
        tally.searches = self.searches;
        tally.trapped = self.trapped;
        tally.trapped_first.clone_from(&self.trapped_first);
        tally.over_budget = self.over_budget;
        Ok(tally)
    }
}

/// Sweeps shard `shard` of `sweep` as [`super::run_until`] sweeps the
/// whole, until it ends or `stop` is set: `planned` is told once how many
/// solves the shard makes (known only once the top of the tree is split),
/// `progress` now and then how many more it made.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use hatchway::{load, sweep};
/// use hatchway::model::{ItemSet, RoomId, StateId};
/// use hatchway::search::Limits;
///
/// let board = load::board_from_str("three", "board three\nroom 1\nroom 2\nroom 3\nhatch 1-2\nhatch 2-3\nstart 1\n")?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// let states = (0..board.rules.room_states.len() as u8).map(StateId).collect();
/// let plan = sweep::Sweep {
///     rooms: vec![RoomId(1), RoomId(2)],
///     states,
///     starts: vec![RoomId(0), RoomId(1), RoomId(2)],
///     limits: Limits::default(),
/// };
/// let stop = AtomicBool::new(false);
/// let shards: Vec<_> = (1..=3)
///     .map(|k| {
///         let shard = sweep::Shard::new(k, 3).ok_or("a shard")?;
///         Ok(sweep::run_shard(&board, &movement, &plan, shard, &|_| {}, &|_| {}, &stop))
///     })
///     .collect::<Result<_, &str>>()?;
/// let merged = sweep::merge(&shards.iter().map(|s| ("shard", s)).collect::<Vec<_>>())?;
/// let whole = sweep::run(&board, &movement, &plan, &|_| {});
/// assert_eq!((merged.summary.solves, merged.summary.searches), (whole.solves, whole.searches));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_shard(
    board: &Board,
    movement: &Movement,
    sweep: &Sweep,
    shard: Shard,
    progress: &(dyn Fn(u64) + Sync),
    planned: &dyn Fn(u64),
    stop: &AtomicBool,
) -> ShardSummary {
    let started = Instant::now();
    let share = sweep_share(
        &super::classes_of(board, movement, sweep),
        shard,
        progress,
        planned,
        stop,
    );
    let swept = Swept::new(board, movement, sweep);
    let tally = share.tally;
    ShardSummary {
        format: crate::interchange::FORMAT,
        version: env!("CARGO_PKG_VERSION").to_string(),
        shard,
        split: format!("{:016x}", share.split),
        seconds: started.elapsed().as_secs_f64(),
        partial: share.solves.is_none_or(|n| tally.solves < n),
        solves: tally.solves,
        states: tally.states,
        searches: tally.searches,
        rooms: room_summaries(&swept, &tally),
        trapped: tally.trapped,
        trapped_first: tally.trapped_first,
        over_budget: tally.over_budget,
        sweep: swept,
    }
}

/// What a shard counted.
pub(super) struct Share {
    /// Its counts.
    pub(super) tally: Tally,
    /// How many solves it stands for; `None` when it was stopped before
    /// the top of the tree was split, which decides that.
    pub(super) solves: Option<u64>,
    /// The fingerprint of the classes the top was split into.
    pub(super) split: u64,
}

/// How many classes of the top of the tree each shard is dealt: enough
/// that their costs, which vary a thousandfold from class to class, even
/// out between shards.
const CLASSES_PER_SHARD: usize = 256;

/// The most classes the top is split into, however many the shards: every
/// shard splits the whole top, at about one search for every `k - 1`
/// classes (`k` states), so a top of this many costs each shard a few
/// thousand searches where a sweep worth a hundred shards makes millions.
const TOP_MOST: usize = 16_384;

/// The most memory the top's classes take while they are split: each holds
/// its fixed rooms and the answer it shares with its parent, a cost a
/// room, so on a large board fewer classes are dealt to each shard.
const TOP_BYTES: usize = 64 << 20;

/// How many classes the top of the tree is split into for `count` shards
/// of a board of `rooms` rooms: none for one shard, which is the whole
/// sweep and deals out nothing; at least one a shard.
fn top_classes(count: u32, rooms: usize) -> usize {
    if count <= 1 {
        return 0;
    }
    let class = rooms * (1 + std::mem::size_of::<Option<Cost>>()) + 64;
    (CLASSES_PER_SHARD * count as usize)
        .min(TOP_MOST)
        .min(TOP_BYTES / class)
        .max(count as usize)
}

/// Sweeps shard `shard` of the sweep of `classes` (see [`run_shard`]).
pub(super) fn sweep_share(
    classes: &Classes<'_>,
    shard: Shard,
    progress: &(dyn Fn(u64) + Sync),
    planned: &dyn Fn(u64),
    stop: &AtomicBool,
) -> Share {
    let (board, sweep) = (classes.board(), classes.sweep());
    let rooms = board.rooms.len();
    if sweep.solves().unwrap_or(0) == 0 {
        planned(0);
        return Share {
            tally: Tally::new(rooms),
            solves: Some(0),
            split: Fnv::new().finish(),
        };
    }
    let threads = rayon::current_num_threads().max(1);
    let mut worker = Worker::new(board);
    let mut open: VecDeque<(Class, Option<Reach>)> = (0..sweep.starts.len())
        .map(|s| (classes.root(s), None))
        .collect();
    // The top: every shard splits it alike, and shard 1 alone counts it.
    let counts_top = shard.index == 1;
    let top = top_classes(shard.count, rooms);
    let stopped = if counts_top {
        breadth_first(&mut worker, classes, &mut open, top, progress, stop)
    } else {
        breadth_first(&mut worker, classes, &mut open, top, &|_| {}, stop)
    };
    if !counts_top {
        worker.tally = Tally::new(rooms);
    }
    let split = split_fingerprint(&open);
    if stopped {
        return Share {
            tally: worker.tally,
            solves: None,
            split,
        };
    }
    let k = sweep.states.len() as u64;
    let sizes: Vec<u64> = open.iter().map(|(class, _)| class.size(k)).collect();
    let dealt = deal(&sizes, shard.count);
    let mut own: VecDeque<(Class, Option<Reach>)> = open
        .into_iter()
        .zip(dealt)
        .filter(|(_, to)| *to == shard.index)
        .map(|(class, _)| class)
        .collect();
    let solves = own.iter().fold(worker.tally.solves, |n, (class, _)| {
        n.saturating_add(class.size(k))
    });
    planned(solves);
    // The shard's own classes are split further until every thread can
    // take a share of the rest.
    if breadth_first(&mut worker, classes, &mut own, 64 * threads, progress, stop) {
        return Share {
            tally: worker.tally,
            solves: Some(solves),
            split,
        };
    }
    let rest = in_parallel(board, classes, own, progress, stop);
    Share {
        tally: worker.tally.merge(rest),
        solves: Some(solves),
        split,
    }
}

/// The shard (from 1) each class of the top is dealt to, given the
/// classes' sizes: largest first, each to the shard with the fewest solves
/// so far (the first such), so that shards make about as many solves;
/// classes of one size in an order shuffled alike on every machine. Dealt
/// in the order they come, a split's parts would fall alike on the shards
/// (on 4 shards of 4 states, shard 4 would take every part whose room
/// keeps the free rooms' state, a wall where the player stops: the
/// cheapest).
fn deal(sizes: &[u64], count: u32) -> Vec<u32> {
    // The shuffle: by a hash of each class's place, the same everywhere.
    let shuffled = |place: usize| {
        let mut hash = Fnv::new();
        hash.number(place as u64);
        hash.finish()
    };
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), shuffled(i)));
    let mut solves = vec![0u64; count as usize];
    let mut dealt = vec![0u32; sizes.len()];
    for i in order {
        let (least, _) = solves
            .iter()
            .enumerate()
            .min_by_key(|&(shard, n)| (*n, shard))
            .unwrap_or((0, &0));
        solves[least] = solves[least].saturating_add(sizes[i]);
        dealt[i] = least as u32 + 1;
    }
    dealt
}

/// Judges the classes of `open` first in first out, their parts queued
/// behind them, until it holds `until` classes or none; says whether `stop`
/// stopped it first.
fn breadth_first(
    worker: &mut Worker,
    classes: &Classes<'_>,
    open: &mut VecDeque<(Class, Option<Reach>)>,
    until: usize,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> bool {
    while open.len() < until {
        let Some((class, known)) = open.pop_front() else {
            break;
        };
        if stop.load(Ordering::Relaxed) {
            return true;
        }
        worker.split(classes, class, known, progress, |part| open.push_back(part));
    }
    false
}

/// Judges every class of `open` and its parts, on every thread.
fn in_parallel(
    board: &Board,
    classes: &Classes<'_>,
    open: VecDeque<(Class, Option<Reach>)>,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Tally {
    let rooms = board.rooms.len();
    Vec::from(open)
        .into_par_iter()
        // A worker is made for each of rayon's pieces of work, not each
        // class: its workspace sets aside room for its search's whole
        // budget at its first search.
        .map_init(
            || Worker::new(board),
            |worker, class| {
                // Depth first, on a stack of its own: a class is split
                // once per varying room at most, which may be many.
                let mut stack = vec![class];
                while let Some((class, known)) = stack.pop() {
                    // Checked a search at a time: under the rulebook one
                    // can take a second, and Ctrl-C should answer at once.
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    worker.split(classes, class, known, progress, |part| stack.push(part));
                }
                std::mem::replace(&mut worker.tally, Tally::new(rooms))
            },
        )
        .reduce(|| Tally::new(rooms), Tally::merge)
}

/// The fingerprint of the classes the top was split into, in the order
/// they are dealt out: each class's start room, its fixed rooms' states,
/// and whether it shares its parent's answer (then it makes no search).
fn split_fingerprint(open: &VecDeque<(Class, Option<Reach>)>) -> u64 {
    let mut hash = Fnv::new();
    hash.number(open.len() as u64);
    for (class, known) in open {
        hash.number(class.start as u64);
        let fixed: Vec<u8> = class
            .fixed
            .iter()
            .map(|f| f.map_or(u8::MAX, |s| s))
            .collect();
        hash.bytes(&fixed);
        hash.bytes(&[u8::from(known.is_some())]);
    }
    hash.finish()
}
