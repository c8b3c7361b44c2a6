//! A player's planned path, as text: parsed with its own small pest grammar
//! (`grammar/plan.pest`) into actions that keep their place in the text, so
//! that the referee can point at the step it refuses.

use pest::Parser;
use pest::error::InputLocation;
use pest_derive::Parser;

use crate::diagnostic::{Code, Problem};
use crate::model::Board;
use crate::outcome::Action;
use crate::syntax::ast::{Name, Span};

#[derive(Parser)]
#[grammar = "../grammar/plan.pest"]
struct PlanParser;

/// The most steps a plan may have.
pub const MAX_STEPS: usize = 10_000;

/// One step as written.
#[derive(Clone, Debug)]
pub enum PlannedStep {
    /// `open A-B`
    Open(Name, Name),
    /// `move R`
    Move(Name),
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
/// outcome of no step) is the plan of no step.
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
            .help("write actions like `open 1-2, move 2`, separated by commas or new lines, or `stay` alone to stay put")
    })?;
    let mut steps = Vec::new();
    for step in pairs.flatten().filter(|p| p.as_rule() == Rule::step) {
        let span = Span::new(step.as_span().start(), step.as_span().end());
        let Some(inner) = step.into_inner().next() else {
            continue;
        };
        let is_open = inner.as_rule() == Rule::open_step;
        let ids: Vec<Name> = inner
            .into_inner()
            .filter(|p| p.as_rule() == Rule::room_id)
            .map(|p| {
                Name::new(
                    p.as_str(),
                    Span::new(p.as_span().start(), p.as_span().end()),
                )
            })
            .collect();
        let step = match (is_open, ids.as_slice()) {
            (true, [a, b]) => PlannedStep::Open(a.clone(), b.clone()),
            (false, [r]) => PlannedStep::Move(r.clone()),
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
    Ok(steps)
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
