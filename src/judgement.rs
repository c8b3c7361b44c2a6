//! A player's whole plan judged: each step by the referee, in order, up to
//! the first it refuses; a final action where the move ends; and how the
//! plan's outcome compares with the cheapest way to it. Front ends (the
//! command line, a report, scripts) print or serialize a [`Judgement`]; none
//! of them judges.

use std::sync::Arc;

use crate::diagnostic::{Problem, Report, SourceFile, Span};
use crate::fixit::{self, Roll};
use crate::model::{Board, Movement, Quote, RoomId};
use crate::outcome::{Action, Outcome};
use crate::plan;
use crate::referee::{Illegal, Ruling, Ship, Step};
use crate::search::{self, LimitReached, Limits};

/// One allowed step, with the rule that decided it.
#[derive(Clone, Debug)]
pub struct Allowed {
    /// The step as the referee played it.
    pub step: Step,
    /// The rule of the rules file in use that set its cost, when quotable.
    pub rule: Option<Quote>,
    /// The ship after the step.
    pub ship: Ship,
}

/// The step the referee refused.
#[derive(Clone, Debug)]
pub struct Refused {
    /// Its place among the plan's steps, from 0.
    pub index: usize,
    /// Why it is illegal.
    pub illegal: Illegal,
    /// The ruling: the rule that decided and what would allow it.
    pub ruling: Ruling,
}

/// A plan judged.
#[derive(Clone, Debug)]
pub struct Judgement {
    /// Where each step of the plan stands in its text, moves first, its
    /// final action last: what a message about a step points at.
    pub spans: Vec<Span>,
    /// The steps allowed, in order.
    pub allowed: Vec<Allowed>,
    /// The step refused, if one was.
    pub refused: Option<Refused>,
    /// A step that names something the board does not have (a room, a
    /// hatch) or a final action that cannot be taken: the problem, at its
    /// place in the plan's text.
    pub problem: Option<Problem>,
    /// The ship after the allowed steps.
    pub ship: Ship,
    /// The final action, judged, when the plan has one and every move was
    /// allowed.
    pub roll: Option<Roll>,
}

impl Judgement {
    /// Whether every step, the final action included, was allowed.
    pub fn is_allowed(&self) -> bool {
        self.refused.is_none() && self.problem.is_none()
    }

    /// The ship before the first step and after each step allowed, for
    /// views that draw the ship step by step.
    pub fn ships(&self, board: &Board, start: RoomId) -> Vec<Ship> {
        std::iter::once(Ship::new(board, start))
            .chain(self.allowed.iter().map(|a| a.ship.clone()))
            .collect()
    }

    /// The report of the step the referee refused, if one was: the rule
    /// that refuses it and what would allow it, pointing into the plan's
    /// text `source`.
    pub fn refusal(&self, source: &Arc<SourceFile>) -> Option<Report> {
        self.refused.as_ref().map(|refused| {
            let span = self.spans.get(refused.index).copied().unwrap_or_default();
            refused
                .ruling
                .report(Arc::clone(source), refused.index + 1, span)
        })
    }

    /// The steps allowed, in order.
    pub fn steps(&self) -> Vec<Step> {
        self.allowed.iter().map(|a| a.step.clone()).collect()
    }

    /// Where the allowed moves end: the outcome the plan reaches.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            room: self.ship.position,
            rooms: self.ship.rooms.clone(),
            cost: self.ship.spent,
            actions: self.allowed.iter().map(|a| a.step.action).collect(),
        }
    }
}

/// Judges a plan's text from `start`: `Err` when the text cannot be read
/// as a plan at all; otherwise every step in order up to the first one
/// refused or the first that names something the board lacks.
///
/// ```
/// use hatchway::{judgement, load};
/// use hatchway::model::ItemSet;
///
/// let board = load::board_from_str("two", "board two\nroom 1\nroom 2: fire\nhatch 1-2\nstart 1\n")?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// let judged = judgement::judge(&board, &movement, board.start, "open 1-2, move 2")
///     .map_err(|p| p.message)?;
/// // The hatch opens; fire bars the room.
/// assert_eq!(judged.allowed.len(), 1);
/// let refused = judged.refused.ok_or("the move into fire is refused")?;
/// assert_eq!(refused.index, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn judge(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    text: &str,
) -> Result<Judgement, Problem> {
    let written = plan::parse(text)?;
    plan::check_actions(&written, &board.rules)?;
    let rules = movement.rules();
    let mut judgement = Judgement {
        spans: written.iter().map(|w| w.span).collect(),
        allowed: Vec::new(),
        refused: None,
        problem: None,
        ship: Ship::new(board, start),
        roll: None,
    };
    let (moves, fixit) = plan::split(&written);
    for (index, w) in moves.iter().enumerate() {
        let action = match plan::resolve(board, w) {
            Ok(a) => a,
            Err(p) => {
                judgement.problem = Some(p);
                return Ok(judgement);
            }
        };
        let ship = &mut judgement.ship;
        let rule = ship
            .deciding_rule(board, movement, action)
            .and_then(|r| rules.quote(r));
        match ship.apply(board, movement, action) {
            Ok(step) => {
                let ship = ship.clone();
                judgement.allowed.push(Allowed { step, rule, ship });
            }
            Err(illegal) => {
                let ruling = ship.ruling(board, movement, action, &illegal);
                judgement.refused = Some(Refused {
                    index,
                    illegal,
                    ruling,
                });
                return Ok(judgement);
            }
        }
    }
    if let Some(w) = fixit {
        match fixit::roll(board, movement, &judgement.ship, w) {
            Ok(roll) => judgement.roll = Some(roll),
            Err(p) => judgement.problem = Some(p),
        }
    }
    Ok(judgement)
}

/// How a plan's outcome compares with the cheapest way to it.
#[derive(Clone, Debug)]
pub enum Comparison {
    /// The plan is a cheapest way; `listed` is the way `paths` lists, when
    /// it is another sequence of actions.
    Cheapest {
        /// The engine's way, when it differs from the plan's.
        listed: Option<Vec<Action>>,
    },
    /// A cheaper way exists.
    Cheaper {
        /// Its cost.
        cost: crate::model::Cost,
        /// Its actions.
        actions: Vec<Action>,
    },
    /// The search did not find the outcome (it cannot happen for a plan
    /// the referee allowed; said rather than assumed).
    NotFound,
    /// The search ran out of its budget before it could tell.
    Unknown(LimitReached),
}

/// Compares an allowed plan's outcome with the cheapest way to it. Only
/// outcomes up to the plan's own cost can be cheaper, so the search stops
/// there: a plan can be judged on a board far too large to solve whole.
///
/// ```
/// use hatchway::{judgement, load};
/// use hatchway::judgement::Comparison;
/// use hatchway::model::ItemSet;
/// use hatchway::search::Limits;
///
/// let board = load::board_from_str(
///     "ring",
///     "board ring\nroom 1\nroom 2\nroom 3\nhatch 1-2: open\nhatch 2-3: open\nhatch 1-3\nstart 1\n",
/// )?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// let planned = judgement::judge(&board, &movement, board.start, "move 2, move 3")
///     .map_err(|p| p.message)?
///     .outcome();
/// // Two open hatches cost 2 minutes; opening the closed one and going
/// // straight through costs 2 as well, so the plan is a cheapest way.
/// let comparison = judgement::compare(&board, &movement, board.start, &planned, &Limits::default());
/// assert!(matches!(comparison, Comparison::Cheapest { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn compare(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    planned: &Outcome,
    limits: &Limits,
) -> Comparison {
    let limits = Limits {
        max_cost: Some(planned.cost),
        ..*limits
    };
    match search::solve(board, movement, start, &limits) {
        Ok(solution) => against(&solution.outcomes, planned),
        Err(limit) => Comparison::Unknown(limit),
    }
}

/// Compares an allowed plan's outcome with the cheapest way to it among
/// `outcomes`, the turn already solved (at least up to the plan's cost).
pub fn against(outcomes: &[Outcome], planned: &Outcome) -> Comparison {
    let best = outcomes
        .iter()
        .find(|o| o.room == planned.room && o.rooms == planned.rooms);
    match best {
        Some(b) if b.cost == planned.cost => Comparison::Cheapest {
            listed: (b.actions != planned.actions).then(|| b.actions.clone()),
        },
        Some(b) => Comparison::Cheaper {
            cost: b.cost,
            actions: b.actions.clone(),
        },
        None => Comparison::NotFound,
    }
}
