//! `hatchway replay`: action logs, and planned paths refereed step by step.

use crate::answer::Replay;
use crate::judgement::{self, Comparison};

use super::*;

/// Where a planned path comes from.
pub(super) enum PlanSource {
    Text(String),
    File(PathBuf),
}

/// How a replay is shown.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Shown {
    /// The log for people, with the ship drawn after each step when
    /// `pictures` is set.
    Log { pictures: bool },
    /// The document of INTERCHANGE.md, as JSON.
    Json,
    /// The same, as YAML.
    Yaml,
}

pub(super) fn replay(
    path: Option<&Path>,
    args: &QueryArgs,
    only: Option<usize>,
    plan: Option<PlanSource>,
    shown: Shown,
    term: &Terminal,
) -> Exit {
    let q = match load_query(path, args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let pictures = match shown {
        Shown::Log { pictures } => pictures,
        Shown::Json | Shown::Yaml => false,
    };
    if let Some(plan) = plan {
        return referee_plan(&q, plan, shown, term);
    }
    // One outcome's log keeps its steps alone; the whole log, every step.
    let keeps = if only.is_some() {
        Keeps::Little
    } else {
        Keeps::Steps
    };
    let solution = match solve(&q, Offers::ALL, keeps, term) {
        Ok(s) => s,
        Err(e) => return e,
    };
    if let Some(exit) = no_such_outcome(only, solution.outcomes.len(), term) {
        return exit;
    }
    let answer = q.filters.answer(&q.turn, &solution.outcomes, |n, _| {
        only.is_none_or(|k| k == n)
    });
    if let Some(n) = only
        && answer.outcomes().is_empty()
        && let Some((why, help)) = solution
            .outcomes
            .get(n - 1)
            .and_then(|o| q.filters.why_hidden(&q.turn, n, o))
    {
        print_plain(why, Some(help), term);
        return Exit::Invalid;
    }
    // An empty log says which filter hid everything, as `paths` does; a
    // document keeps standard output for itself.
    let why = if only.is_none() && answer.outcomes().is_empty() {
        q.why_none(&solution.outcomes, term.out.explain)
    } else {
        None
    };
    if shown != (Shown::Log { pictures }) {
        if let Some(why) = why {
            print_plain(why, None, term);
        }
        return match document::replay_doc(&answer) {
            Ok(doc) => write_document(&doc, shown == Shown::Yaml, term),
            Err(refused) => print_refused(&refused, term),
        };
    }
    let mut out = match render::replay::turn_log(&answer, term.out, pictures) {
        Ok(out) => out,
        Err(refused) => return print_refused(&refused, term),
    };
    if let Some(why) = why {
        let options = textwrap::Options::new(term.out.width.max(40))
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        out.push('\n');
        out.push_str(&textwrap::fill(&why, options));
        out.push('\n');
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Exit::Success
}

/// Refuses an outcome number the turn does not have (exit 1), saying
/// which it has.
pub(super) fn no_such_outcome(only: Option<usize>, total: usize, term: &Terminal) -> Option<Exit> {
    let n = only.filter(|&n| n == 0 || n > total)?;
    print_plain(
        format!("there is no outcome {n}"),
        Some(format!("this turn has outcomes 1 to {total}")),
        term,
    );
    Some(Exit::Invalid)
}

pub(super) fn read_plan(plan: PlanSource) -> Result<(String, String), Failure> {
    match plan {
        PlanSource::Text(text) => Ok(("--path".to_string(), text)),
        PlanSource::File(path) => {
            let input = load::read(&path)?;
            Ok((input.name, input.text))
        }
    }
}

/// Judges a planned path step by step, as `replay --path` does: the log
/// (or the document) of the steps the rules allow, the first they refuse
/// as an error pointing into the plan, a final fix-it's roll, and how the
/// plan compares with the cheapest way to where it ends.
pub(super) fn referee_plan(q: &Query, plan: PlanSource, shown: Shown, term: &Terminal) -> Exit {
    let pictures = shown == Shown::Log { pictures: true };
    let log = matches!(shown, Shown::Log { .. });
    let (name, text) = match read_plan(plan) {
        Ok(p) => p,
        Err(f) => {
            print_reports(&f.reports, term);
            return Exit::Invalid;
        }
    };
    let source = std::sync::Arc::new(SourceFile { name, text });
    let report = |p: Problem| Report::new(std::sync::Arc::clone(&source), p);
    let judged = match judgement::judge(&q.turn.board, &q.turn.movement, q.turn.start, &source.text)
    {
        Ok(j) => j,
        Err(p) => {
            print_reports(&[report(p)], term);
            return Exit::Invalid;
        }
    };
    let style = term.out;
    let steps = judged.steps();
    let ships = judged.ships(&q.turn.board, q.turn.start);
    let written_text = |i: usize| {
        judged
            .spans
            .get(i)
            .and_then(|s| source.text.get(s.start..s.end))
            .unwrap_or("")
    };
    let mut docs: Vec<document::JudgedDoc> = judged
        .allowed
        .iter()
        .enumerate()
        .map(|(i, a)| {
            document::allowed_doc(
                &q.turn.board,
                &q.turn.movement,
                i + 1,
                written_text(i),
                &a.step,
                a.rule.clone(),
            )
        })
        .collect();
    if let Some(refused) = &judged.refused {
        if log {
            print_partial(q, &steps, &ships, style, pictures);
        } else {
            docs.push(document::refused_doc(
                refused.index + 1,
                written_text(refused.index),
                &refused.ruling,
            ));
            if let Ok(doc) = document::plan_doc(&q.turn, docs, None) {
                let _ = write_document(&doc, shown == Shown::Yaml, term);
            }
        }
        print_reports(judged.refusal(&source).as_slice(), term);
        return Exit::Invalid;
    }
    if let Some(problem) = judged.problem.clone() {
        if log {
            print_partial(q, &steps, &ships, style, pictures);
        }
        print_reports(&[report(problem)], term);
        return Exit::Invalid;
    }
    let planned = judged.outcome();
    let answer = Answer::of_plan(
        &q.turn,
        &planned,
        Replay {
            steps,
            end: judged.ship.clone(),
        },
    );
    let Some(told) = answer.outcomes().first() else {
        return Exit::Invalid;
    };
    if !log {
        let mut doc = match document::plan_doc(&q.turn, docs, Some(told)) {
            Ok(doc) => doc,
            Err(refused) => return print_refused(&refused, term),
        };
        doc.roll = judged
            .roll
            .as_ref()
            .map(|r| document::roll_doc(&q.turn.board, &q.turn.movement, r));
        return write_document(&doc, shown == Shown::Yaml, term);
    }
    let out = plan_log(q, &judged, told, &ships, style, pictures);
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Exit::Success
}

pub(super) fn print_partial(
    q: &Query,
    steps: &[crate::referee::Step],
    ships: &[Ship],
    style: Style,
    pictures: bool,
) {
    let mut out = plan_heading(q);
    out.push_str(&render::replay::steps_log(
        &q.turn.board,
        &q.turn.movement,
        steps,
        ships,
        style,
        pictures,
    ));
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
}

/// The log of a player's plan whose every step was allowed: the
/// steps with the ship after each, where it ends and the verdict there,
/// what can save the gnome or the final roll, and how the plan compares
/// with the cheapest way to its outcome.
fn plan_log(
    q: &Query,
    judged: &judgement::Judgement,
    told: &crate::answer::Told<'_>,
    ships: &[Ship],
    style: Style,
    pictures: bool,
) -> String {
    let planned = told.outcome;
    let mut out = plan_heading(q);
    out.push_str(&render::replay::legend_lines(
        q.turn.movement.rules(),
        style,
        pictures,
    ));
    out.push('\n');
    let steps = told
        .replay()
        .map(|r| r.steps.as_slice())
        .unwrap_or_default();
    out.push_str(&render::replay::steps_log(
        &q.turn.board,
        &q.turn.movement,
        steps,
        ships,
        style,
        pictures,
    ));
    out.push_str(&format!(
        "\nthe plan ends in room {}, {} min, {}\n",
        q.turn.board.room(planned.room).label(),
        planned.cost.0,
        render::replay::changes_words(&q.turn.board, &planned.rooms)
    ));
    if judged.roll.is_none() {
        // A plan that ends without an action: the verdict with what could
        // save the gnome there.
        out.push_str(&render::replay::verdict_lines(told, style));
    } else {
        // The plan's own roll follows: the consequence it answers first.
        out.push_str(&render::replay::consequence_line(told, style));
    }
    if let Some(roll) = &judged.roll {
        out.push_str(&render::fixit::roll_words(
            &q.turn.board,
            &q.turn.movement,
            planned.room,
            roll,
            style,
        ));
    }
    let words = |actions: &[crate::outcome::Action]| {
        actions
            .iter()
            .map(|&a| a.text(&q.turn.board))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match judgement::compare(
        &q.turn.board,
        &q.turn.movement,
        q.turn.start,
        planned,
        &q.limits,
    ) {
        Comparison::Cheapest { listed } => {
            out.push_str("it is a cheapest way to this outcome");
            if let Some(listed) = listed {
                out.push_str(&format!(" (hatchway would list: {})", words(&listed)));
            }
            out.push('\n');
        }
        Comparison::Cheaper { cost, actions } => out.push_str(&format!(
            "it is not the cheapest: this outcome can be reached for {} min with {}\n",
            cost.0,
            if actions.is_empty() {
                "no action".to_string()
            } else {
                words(&actions)
            }
        )),
        Comparison::NotFound => out.push_str("the search found no cheaper way to this outcome\n"),
        Comparison::Unknown(limit) => out.push_str(&format!(
            "cannot tell whether it is the cheapest: {limit}\n"
        )),
    }
    out
}

/// The first line of a plan's log: `desperate-times: planned path from
/// room 4 (Missile Control)`.
fn plan_heading(q: &Query) -> String {
    format!(
        "{}: planned path from room {}\n",
        q.turn.board.name,
        q.turn.board.room(q.turn.start).label()
    )
}
