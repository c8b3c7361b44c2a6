//! How long a sweep will take, said before it starts: from configurations
//! drawn evenly over the sweep and searched alone. The pace of a sweep's first
//! seconds says little, since the classes it answers first are often the
//! large ones of a boxed-in player, and a turn's cost varies a thousandfold
//! between configurations of one board (docs/SEARCH.md, "Sweeping classes
//! of configurations").

use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::model::{Board, Movement};
use crate::search::Workspace;

use super::{Sweep, decode, thread_limits};

/// A sweep's forecast.
#[derive(Clone, Copy, Debug)]
pub struct Forecast {
    /// How many configurations were searched for it.
    pub sampled: u64,
    /// The sweep's forecast time on all threads, in seconds: the mean
    /// time of a search of the sample, for every solve of the sweep, shared
    /// among the threads. Searches that solves share are not taken off,
    /// so it is the most the sweep should take.
    pub seconds: f64,
}

/// Searches configurations drawn evenly across `sweep`, each alone, on
/// every thread for about `time` (or a tenth of the sweep's solves, if
/// that is fewer), and forecasts the whole sweep from their mean. `None`
/// when the sweep has no solve.
///
/// ```
/// use std::time::Duration;
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
/// let forecast = sweep::forecast(&board, &movement, &plan, Duration::from_millis(20));
/// assert!(forecast.is_some_and(|f| f.sampled > 0 && f.seconds >= 0.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn forecast(
    board: &Board,
    movement: &Movement,
    sweep: &Sweep,
    time: Duration,
) -> Option<Forecast> {
    let total = sweep.solves().filter(|&n| n > 0)?;
    let threads = rayon::current_num_threads().max(1);
    let limits = thread_limits(sweep, threads);
    let started = Instant::now();
    let (sampled, spent) = (0..threads as u64)
        .into_par_iter()
        .map(|thread| {
            let (mut workspace, mut ship) = (Workspace::new(), board.clone());
            let (mut sampled, mut spent) = (0u64, Duration::ZERO);
            // One search at least, however long it takes: a forecast needs
            // one. No more than a tenth of the sweep: a small sweep is
            // over before a long sample would be.
            while sampled == 0
                || (started.elapsed() < time && sampled * threads as u64 * 10 < total)
            {
                let (start, states) =
                    decode(sweep, drawn(thread + sampled * threads as u64, total));
                for (room, state) in sweep.rooms.iter().zip(states) {
                    ship.rooms[room.index()].state = state;
                }
                let search = Instant::now();
                // Over budget or not, its time counts: the sweep spends it.
                let _ = workspace.solve_reach(&ship, movement, start, &limits);
                spent += search.elapsed();
                sampled += 1;
            }
            (sampled, spent)
        })
        .reduce(|| (0, Duration::ZERO), |a, b| (a.0 + b.0, a.1 + b.1));
    let mean = spent.as_secs_f64() / sampled.max(1) as f64;
    Some(Forecast {
        sampled,
        seconds: mean * total as f64 / threads as f64,
    })
}

/// The `n`th solve drawn of `total`: the fraction of `n` times the golden
/// ratio, scaled to `total`, so that the draws spread evenly over the
/// sweep's numbering (whose first solves differ only in the first rooms)
/// and are the same in every run.
fn drawn(n: u64, total: u64) -> u64 {
    let fraction = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    ((u128::from(fraction) * u128::from(total)) >> 64) as u64
}
