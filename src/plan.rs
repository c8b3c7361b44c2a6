//! A player's planned path, as text: parsed with its own small pest grammar
//! (`grammar/plan.pest`) into actions that keep their place in the text, so
//! that the referee can point at the step it refuses.

use pest::Parser;
use pest::error::InputLocation;

use crate::diagnostic::{Code, Problem};
use crate::model::Board;
use crate::outcome::Action;
use crate::syntax::ast::{Name, Span};

/// The parser pest derives from the grammar, with its `Rule` enum: kept in
/// a module of its own, since the generated items carry no documentation.
mod grammar {
    #![allow(missing_docs)]
    use pest_derive::Parser;

    #[derive(Parser)]
    #[grammar = "../grammar/plan.pest"]
    pub(super) struct PlanParser;
}

use grammar::{PlanParser, Rule};

/// The most steps a plan may have.
pub const MAX_STEPS: usize = 10_000;

/// One step as written.
#[derive(Clone, Debug)]
pub enum PlannedStep {
    /// `open A-B`
    Open(Name, Name),
    /// `move R`
    Move(Name),
    /// `ACTION [A-B] MINUTES`: an action after the move, with the minutes
    /// spent on its roll (and the hatch, for an action on a hatch).
    Fixit {
        /// The action's name.
        action: Name,
        /// The hatch acted on, by its two rooms.
        hatch: Option<(Name, Name)>,
        /// The minutes as written.
        minutes: Name,
    },
}

/// A step as written, with its place.
#[derive(Clone, Debug)]
pub struct Written {
    /// What it says.
    pub step: PlannedStep,
    /// Where it stands in the plan.
    pub span: Span,
}

/// Parses a plan's text; `stay` alone (as the outcome tables write the
/// outcome of no step) is the plan of no step, and `stay` followed by an
/// action (`stay, extinguish_fire 5`) that action where the turn starts.
///
/// One function of some 120 lines: the grammar's pairs read into steps in
/// one pass, then the two rules about where `stay` and the action may
/// stand, each reported at the word that breaks it.
pub fn parse(text: &str) -> Result<Vec<Written>, Problem> {
    let pairs = PlanParser::parse(Rule::plan, text).map_err(|e| {
        let at = match e.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
        let trimmed = text.trim_end();
        let (at, end) = if at >= trimmed.len() && !trimmed.is_empty() {
            // The plan ends too early: point at its last word, since a label
            // past the end of the text would not be shown.
            let end = trimmed.len();
            let start = trimmed
                .rfind([',', '\n', ' ', ';'])
                .map_or(0, |i| i + 1)
                .min(end - 1);
            (start, end)
        } else {
            let at = at.min(text.len());
            let end = text[at..]
                .find([',', '\n', ' '])
                .map_or(text.len(), |e| at + e)
                .max((at + 1).min(text.len()));
            (at, end)
        };
        Problem::error(Code::PlanSyntax, "this step cannot be read")
            .label(Span::new(at, end), "expected `open A-B` or `move ROOM`")
            .help("write actions like `open 1-2, move 2`, separated by commas or new lines, or `stay` alone to stay put; a plan may end with an action and the minutes spent on its roll, such as `extinguish_fire 7`")
    })?;
    let stay = pairs
        .clone()
        .flatten()
        .find(|p| p.as_rule() == Rule::kw_stay)
        .map(|p| Span::new(p.as_span().start(), p.as_span().end()));
    let mut steps = Vec::new();
    for step in pairs.flatten().filter(|p| p.as_rule() == Rule::step) {
        let span = Span::new(step.as_span().start(), step.as_span().end());
        let Some(inner) = step.into_inner().next() else {
            continue;
        };
        let kind = inner.as_rule();
        let named = |p: pest::iterators::Pair<'_, Rule>| {
            Name::new(
                p.as_str(),
                Span::new(p.as_span().start(), p.as_span().end()),
            )
        };
        let words: Vec<(Rule, Name)> = inner
            .into_inner()
            .filter(|p| matches!(p.as_rule(), Rule::room_id | Rule::action | Rule::minutes))
            .map(|p| (p.as_rule(), named(p)))
            .collect();
        let ids: Vec<Name> = words
            .iter()
            .filter(|(r, _)| *r == Rule::room_id)
            .map(|(_, n)| n.clone())
            .collect();
        let word = |rule: Rule| {
            words
                .iter()
                .find(|(r, _)| *r == rule)
                .map(|(_, n)| n.clone())
        };
        let step = match (kind, ids.as_slice()) {
            (Rule::open_step, [a, b]) => PlannedStep::Open(a.clone(), b.clone()),
            (Rule::move_step, [r]) => PlannedStep::Move(r.clone()),
            (Rule::fixit_step, ids) => {
                let (Some(action), Some(minutes)) = (word(Rule::action), word(Rule::minutes))
                else {
                    continue;
                };
                PlannedStep::Fixit {
                    action,
                    hatch: match ids {
                        [a, b] => Some((a.clone(), b.clone())),
                        _ => None,
                    },
                    minutes,
                }
            }
            _ => continue,
        };
        if steps.len() == MAX_STEPS {
            return Err(Problem::error(Code::PlanTooLong, "the plan is too long")
                .label(
                    span,
                    format!("step {} of at most {MAX_STEPS}", MAX_STEPS + 1),
                )
                .help("a plan may have at most 10,000 steps"));
        }
        steps.push(Written { step, span });
    }
    // `stay` is the move of no step: only the turn's action may follow it.
    if let (Some(stay), Some(first)) = (stay, steps.first())
        && !matches!(first.step, PlannedStep::Fixit { .. })
    {
        return Err(Problem::error(
            Code::PlanSyntax,
            "a move after `stay`, the plan of no move",
        )
        .label(first.span, "a move after `stay`")
        .label(stay, "no move")
        .help("write `stay` alone to stay put, or followed by the turn's action only (`stay, extinguish_fire 7`); to move, leave `stay` out"));
    }
    // Only the last step may be an action: a turn is a move, then one
    // action.
    if let Some(early) = steps
        .iter()
        .rev()
        .skip(1)
        .find(|w| matches!(w.step, PlannedStep::Fixit { .. }))
    {
        return Err(
            Problem::error(Code::PlanSyntax, "an action must be the plan's last step")
                .label(early.span, "an action before the end of the move")
                .help("a turn is a move and then one action: put the action last"),
        );
    }
    Ok(steps)
}

/// Reads a plan's final step as a move word it is not: a final step that is
/// no action of `rules` (`walk 2`, `fly 2`) cannot be read, as any other
/// unknown word.
pub fn check_actions(written: &[Written], rules: &crate::model::Rules) -> Result<(), Problem> {
    let Some(Written {
        step: PlannedStep::Fixit { action, .. },
        span,
    }) = written.last()
    else {
        return Ok(());
    };
    if rules.action_meant(&action.text).is_some() {
        return Ok(());
    }
    let known = rules.turn.actions.iter().map(|a| a.name.as_str());
    let actions = if rules.turn.actions.is_empty() {
        format!("; the rules `{}` declare no actions", rules.name)
    } else {
        format!(
            "; the rules' actions are {}",
            known.clone().collect::<Vec<_>>().join(", ")
        )
    };
    Err(Problem::error(Code::PlanSyntax, "this step cannot be read")
        .label(*span, "expected `open A-B` or `move ROOM`")
        .help(format!(
            "{}write actions like `open 1-2, move 2`, separated by commas or new lines, or `stay` alone to stay put{actions}",
            crate::spelling::did_you_mean(
                &action.text,
                known.chain(["open", "move", "stay"])
            )
        )))
}

/// The plan's moves, and its final action if it has one.
pub fn split(written: &[Written]) -> (&[Written], Option<&Written>) {
    match written.split_last() {
        Some((last, moves)) if matches!(last.step, PlannedStep::Fixit { .. }) => {
            (moves, Some(last))
        }
        _ => (written, None),
    }
}

/// Finds the rooms and hatches a step names on a board.
pub fn resolve(board: &Board, written: &Written) -> Result<Action, Problem> {
    let room = |n: &Name| {
        board.room_by_id(&n.text).ok_or_else(|| {
            Problem::error(Code::UnknownRoom, format!("unknown room `{}`", n.text))
                .label(n.span, "no room has this id")
                .help(board.rooms_help(&n.text))
        })
    };
    match &written.step {
        PlannedStep::Fixit { action, .. } => Err(Problem::error(
            Code::PlanSyntax,
            format!("`{}` is an action, not a move", action.text),
        )
        .label(written.span, "not a move")
        .help("only `hatchway replay` plays a plan's final action; here write moves only")),
        PlannedStep::Move(r) => Ok(Action::Move(room(r)?)),
        PlannedStep::Open(a, b) => {
            let (ra, rb) = (room(a)?, room(b)?);
            board
                .hatch_between(ra, rb)
                .map(Action::Open)
                .ok_or_else(|| {
                    Problem::error(
                        Code::NoSuchHatch,
                        format!("no hatch joins rooms `{}` and `{}`", a.text, b.text),
                    )
                    .label(written.span, "there is no such hatch")
                    .help("only hatches listed on the board can be opened")
                })
        }
    }
}
