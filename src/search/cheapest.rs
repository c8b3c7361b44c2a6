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
//! [`cheapest_first`] searches again, each time bounded further: at the
//! next cost where a new outcome may be while the states stored grow fast
//! with cost (the searches before the last then cost less than it), and
//! twice as far each time while they grow slowly (BENCHMARKS.md measures
//! both kinds of board). The searches share one [`Workspace`], so they reuse its memory.

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
    // How far past the cheapest way cut off the next search looks: one
    // cost while each search stores at least twice the states of the one
    // before (then the searches before the last cost at most as much as
    // it), doubled while they grow slower, so that a board whose states
    // stop growing is not searched again once a cost.
    let mut step = 1u32;
    let mut stored = 0usize;
    // How many outcomes were handed over: all those of at most `complete`.
    let mut listed = 0usize;
    let mut complete: Option<u32> = None;
    loop {
        let bounded = Limits {
            max_cost: Some(Cost(bound)),
            ..*limits
        };
        let solution = match workspace.solve(board, movement, start, &bounded) {
            Ok(s) => s,
            Err(stop) => {
                return Err(stopped(
                    &mut workspace,
                    (board, movement, start, limits),
                    stop,
                    (listed, complete),
                    &mut found,
                ));
            }
        };
        if hand_over(&solution.outcomes, listed, &mut found).is_break() {
            return Ok(());
        }
        listed = solution.outcomes.len();
        complete = Some(bound);
        step = if solution.states < stored.saturating_mul(2) {
            step.saturating_mul(2)
        } else {
            1
        };
        stored = solution.states;
        match solution.beyond {
            Some(next) if next.0 <= last => {
                bound = next.0.max(bound.saturating_add(step)).min(last)
            }
            _ => return Ok(()),
        }
    }
}

/// Hands the outcomes after the first `listed` to `found`, a cost at a
/// time.
fn hand_over(
    outcomes: &[Outcome],
    listed: usize,
    found: &mut impl FnMut(usize, &[Outcome]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut first = listed + 1;
    for level in outcomes
        .get(listed..)
        .unwrap_or_default()
        .chunk_by(|a, b| a.cost == b.cost)
    {
        found(first, level)?;
        first += level.len();
    }
    ControlFlow::Continue(())
}

/// After a budget stopped a search bounded past the last cost listed: hands
/// over the outcomes it had made final beyond those (found again by a
/// search bounded at its settled cost, which fits in the same budget), and
/// says up to which cost the listing is complete.
fn stopped(
    workspace: &mut Workspace,
    (board, movement, start, limits): (&Board, &Movement, RoomId, &Limits),
    mut stop: LimitReached,
    (listed, complete): (usize, Option<u32>),
    found: &mut impl FnMut(usize, &[Outcome]) -> ControlFlow<()>,
) -> LimitReached {
    let reached = stop.settled_cost.map(|c| c.0);
    stop.settled_cost = complete.map(Cost);
    if reached <= complete {
        return stop;
    }
    let bounded = Limits {
        max_cost: reached.map(Cost),
        ..*limits
    };
    // Said to fit; should it not, the listing is complete where it was.
    if let Ok(solution) = workspace.solve(board, movement, start, &bounded) {
        stop.settled_cost = reached.map(Cost);
        let _ = hand_over(&solution.outcomes, listed, found);
    }
    stop
}

/// The outcomes a search stopped by a budget had made final: every outcome
/// of the turn costing at most its [`LimitReached::settled_cost`], found
/// again by a search bounded there, which fits in the same budget. Where
/// their answer does not fit beside that search, the cost is lowered to
/// the one whose outcomes fit (in `stop`, so that it says what is listed)
/// and the search made again: each search stores no more than the last,
/// and a cost is found whose answer fits beside its search, or none. `None` when it stopped before any cost
/// was complete, or none fits.
///
/// ```
/// use hatchway::{load, search};
/// use hatchway::model::ItemSet;
///
/// let board = load::board(&load::standard_board())?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// let tight = search::Limits { max_states: 5, ..search::Limits::default() };
/// let mut stop = search::solve(&board, &movement, board.start, &tight)
///     .err()
///     .ok_or("5 states are too few for the standard board")?;
/// let settled = search::settled(&board, &movement, board.start, &tight, &mut stop)
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
    stop: &mut LimitReached,
) -> Option<Solution> {
    // One workspace for every try: each reuses the tables of the last
    // rather than leave the allocator holding their memory.
    let mut workspace = Workspace::new();
    loop {
        let cost = stop.settled_cost?;
        let bounded = Limits {
            max_cost: Some(cost),
            ..*limits
        };
        match workspace.solve(board, movement, start, &bounded) {
            Ok(_) => return Some(workspace.take()),
            // The costs whose outcomes fit beside this search, or, when
            // none does (the search itself filled the budget), half the
            // cost: a smaller search leaves more room.
            Err(again) if again.answer.is_some() => {
                stop.settled_cost = (again.settled_cost.filter(|&c| c < cost))
                    .or_else(|| (cost.0 > 0).then_some(Cost(cost.0 / 2)));
            }
            Err(_) => return None,
        }
    }
}
