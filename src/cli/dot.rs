//! `hatchway dot`: the ship as a Graphviz graph, with one outcome's path or
//! a planned path drawn on it.

use crate::render::dot::{self, Walk};

use super::*;

/// Which path to draw.
pub(super) enum Drawn {
    /// None: the ship alone.
    Nothing,
    /// The path of an outcome, numbered as `paths` lists them.
    Outcome(usize),
    /// A planned path as written.
    Plan(String),
}

pub(super) fn dot(path: Option<&Path>, turn: TurnArgs, drawn: Drawn, term: &Terminal) -> Exit {
    let args = QueryArgs {
        turn,
        ..QueryArgs::default()
    };
    let q = match load_query(path, &args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let text = match drawn {
        Drawn::Nothing => dot::ship(&q.turn.board, q.turn.start, None),
        Drawn::Outcome(n) => match outcome_walk(&q, n, term) {
            Ok(walked) => {
                let walk = Walk {
                    title: &walked.title,
                    steps: &walked.steps,
                    end: &walked.ship,
                };
                dot::ship(&q.turn.board, q.turn.start, Some(&walk))
            }
            Err(e) => return e,
        },
        Drawn::Plan(text) => match plan_walk(&q, text, term) {
            Ok((ship, steps)) => {
                let walk = Walk {
                    title: "planned path",
                    steps: &steps,
                    end: &ship,
                };
                dot::ship(&q.turn.board, q.turn.start, Some(&walk))
            }
            Err(e) => return e,
        },
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Exit::Success
}

/// An outcome's path as the pictures draw it: its title, the ship where it
/// ends, its steps, and the verdict of the gnome left there in words
/// (empty under rules without `end` rules).
pub(super) struct Walked {
    pub(super) title: String,
    pub(super) ship: Ship,
    pub(super) steps: Vec<referee::Step>,
    pub(super) verdict: String,
}

/// The path of outcome `n`, as the answer replayed it.
pub(super) fn outcome_walk(q: &Query, n: usize, term: &Terminal) -> Result<Walked, Exit> {
    let solution = solve(q, Offers::NONE, Keeps::Little, term)?;
    let answer = Answer::new(&q.turn, &solution.outcomes);
    let total = answer.total;
    let Some(told) = answer.outcome(n) else {
        print_plain(
            format!("there is no outcome {n}"),
            Some(format!(
                "this turn has outcomes 1 to {total}, as `hatchway paths` lists them"
            )),
            term,
        );
        return Err(Exit::Invalid);
    };
    let replay = told.replay().map_err(|r| print_refused(r, term))?;
    Ok(Walked {
        title: format!("outcome {n} of {total}"),
        ship: replay.end.clone(),
        steps: replay.steps.clone(),
        verdict: render::replay::verdict_lines(told, term.out),
    })
}

/// A planned path, judged step by step; the first step the rules refuse
/// is an error pointing into the plan. A final action is not drawn: the
/// picture is of moves.
pub(super) fn plan_walk(
    q: &Query,
    text: String,
    term: &Terminal,
) -> Result<(Ship, Vec<referee::Step>), Exit> {
    let source = std::sync::Arc::new(SourceFile {
        name: "--path".to_string(),
        text,
    });
    let fail = |p: Problem| {
        print_reports(&[Report::new(std::sync::Arc::clone(&source), p)], term);
        Exit::Invalid
    };
    let written = plan::parse(&source.text).map_err(fail)?;
    let (moves, last) = plan::split(&written);
    let judged =
        crate::judgement::judge(&q.turn.board, &q.turn.movement, q.turn.start, &source.text)
            .map_err(fail)?;
    if let Some(report) = judged.refusal(&source) {
        print_reports(&[report], term);
        return Err(Exit::Invalid);
    }
    if let Some(problem) = &judged.problem
        && (last.is_none() || judged.allowed.len() < moves.len())
    {
        return Err(fail(problem.clone()));
    }
    if let Some(last) = last
        && let Err(problem) = plan::resolve(&q.turn.board, last)
    {
        return Err(fail(problem));
    }
    Ok((judged.ship.clone(), judged.steps()))
}
