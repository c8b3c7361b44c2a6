//! The cheap end of a turn whose whole answer is out of reach: outcomes
//! cheapest first, each final when it is handed over, and what a search
//! stopped by a budget had already made sure of.
//!
//! An outcome is final once every state of its cost is settled, since a
//! cheaper or tie-winning way to it could still be among them. A search
//! bounded at cost `c` finds exactly the outcomes of the turn costing at
//! most `c`, with the numbers and paths of the full answer
//! ([`Solution::outcomes`]), and says the cheapest way its bound cut off
//! ([`Solution::beyond`]), below which no outcome is missing. So
//! [`cheapest_first`] searches again at each cost where a new outcome may
//! be, each time bounded one step further: the searches before the last
//! settle a subset of its states, so the whole costs the last search times
//! a small factor wherever states grow with cost (BENCHMARKS.md measures
//! it). The searches share one [`Workspace`], so they reuse its memory.

use std::ops::ControlFlow;

use crate::model::{Board, Cost, Movement, RoomId};
use crate::outcome::Outcome;

use super::{LimitReached, Limits, Solution, Workspace};

/// Hands over a turn's outcomes cheapest first, a cost at a time: each call
/// of `found` gets the number of its first outcome (as the full listing
/// numbers them, from 1) and the outcomes of one cost, all final. `found`
/// may stop the listing with [`ControlFlow::Break`].
///
/// `Ok` once every outcome (up to [`Limits::max_cost`]) was handed over, or
/// `found` stopped it. When a budget stops the search, every outcome of at
/// most the error's [`LimitReached::settled_cost`] has been handed over,
/// and none above it.
///
/// ```
/// use std::ops::ControlFlow;
/// use hatchway::{load, search};
/// use hatchway::model::ItemSet;
///
/// let board = load::board(&load::standard_board())?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// let mut listed = Vec::new();
/// search::cheapest_first(&board, &movement, board.start, &search::Limits::default(), |first, outcomes| {
///     assert_eq!(first, listed.len() + 1);
///     listed.extend_from_slice(outcomes);
///     ControlFlow::Continue(())
/// })?;
/// let whole = search::solve(&board, &movement, board.start, &search::Limits::default())?;
/// assert_eq!(listed, whole.outcomes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn cheapest_first(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
    mut found: impl FnMut(usize, &[Outcome]) -> ControlFlow<()>,
) -> Result<(), LimitReached> {
    let mut workspace = Workspace::new();
    let last = limits.max_cost.map_or(u32::MAX, |c| c.0);
    let mut bound = 0u32;
    // How many outcomes were handed over, all those of at most `complete`.
    let mut listed = 0usize;
    let mut complete: Option<u32> = None;
    loop {
        let bounded = Limits {
            max_cost: Some(Cost(bound)),
            ..*limits
        };
        let solution = match workspace.solve(board, movement, start, &bounded) {
            Ok(s) => s,
            Err(mut stop) => {
                // The last search said no outcome costs less than `bound`
                // beyond those listed, so the listing is complete up to the
                // cost this one settled, if that is further.
                stop.settled_cost = complete.max(stop.settled_cost.map(|c| c.0)).map(Cost);
                return Err(stop);
            }
        };
        let new = solution.outcomes.get(listed..).unwrap_or_default();
        for (i, level) in new
            .chunk_by(|a, b| a.cost == b.cost)
            .scan(listed, |at, level| {
                let first = *at + 1;
                *at += level.len();
                Some((first, level))
            })
        {
            if found(i, level).is_break() {
                return Ok(());
            }
        }
        listed = solution.outcomes.len();
        complete = Some(bound);
        match solution.beyond {
            Some(next) if next.0 <= last => bound = next.0,
            _ => return Ok(()),
        }
    }
}

/// The outcomes a search stopped by a budget had made final: every outcome
/// of the turn costing at most its [`LimitReached::settled_cost`], found
/// again by a search bounded there, which fits in the same budget. `None`
/// when it stopped before any cost was complete.
///
/// ```
/// use hatchway::{load, search};
/// use hatchway::model::ItemSet;
///
/// let board = load::board(&load::standard_board())?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// let tight = search::Limits { max_states: 5, ..search::Limits::default() };
/// let stop = search::solve(&board, &movement, board.start, &tight)
///     .err()
///     .ok_or("5 states are too few for the standard board")?;
/// let settled = search::settled(&board, &movement, board.start, &tight, &stop)
///     .ok_or("something was settled")?;
/// let whole = search::solve(&board, &movement, board.start, &search::Limits::default())?;
/// let cost = stop.settled_cost.ok_or("a cost was complete")?;
/// let cheap: Vec<_> = whole.outcomes.into_iter().filter(|o| o.cost <= cost).collect();
/// assert_eq!(settled.outcomes, cheap);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn settled(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
    stop: &LimitReached,
) -> Option<Solution> {
    let bounded = Limits {
        max_cost: Some(stop.settled_cost?),
        ..*limits
    };
    super::solve(board, movement, start, &bounded).ok()
}
