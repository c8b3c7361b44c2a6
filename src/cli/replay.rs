//! `hatchway replay`: action logs, and planned paths refereed step by step.

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
    let solution = match solve(&q, term) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let total = solution.outcomes.len();
    if let Some(n) = only
        && (n == 0 || n > total)
    {
        print_plain(
            format!("there is no outcome {n}"),
            Some(format!("this turn has outcomes 1 to {total}")),
            term,
        );
        return Exit::Invalid;
    }
    if let Some(n) = only
        && let Some(hidden) = solution.outcomes.get(n - 1).filter(|o| !q.shows(o))
    {
        let (why, help) = if q.safe && hidden.verdict(&q.movement).fatal {
            (
                format!("outcome {n} is fatal, and `--safe` hides it"),
                "drop `--safe` to replay it".to_string(),
            )
        } else {
            (
                format!(
                    "outcome {n} ends in room {}, which `--to` does not name",
                    q.board.room(hidden.room).label()
                ),
                "drop `--to`, or name that room in it".to_string(),
            )
        };
        print_plain(why, Some(help), term);
        return Exit::Invalid;
    }
    let outcomes: Vec<(usize, Outcome)> = q
        .listed(solution.outcomes)
        .into_iter()
        .filter(|(n, _)| only.is_none_or(|k| k == *n))
        .collect();
    if shown != (Shown::Log { pictures }) {
        let doc = document::replay_doc(&q.board, &q.movement, q.start, &outcomes);
        return write_document(&doc, shown == Shown::Yaml, term);
    }
    let listed: Vec<(usize, &Outcome)> = outcomes.iter().map(|(n, o)| (*n, o)).collect();
    let out = match render::replay::turn_log(
        &q.board,
        &q.movement,
        q.start,
        total,
        &listed,
        term.out,
        pictures,
    ) {
        Ok(out) => out,
        Err(refused) => {
            print_plain(
                refused.to_string(),
                Some("please report this board".to_string()),
                term,
            );
            return Exit::Invalid;
        }
    };
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Exit::Success
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
    let written = match plan::parse(&source.text)
        .and_then(|w| plan::check_actions(&w, &q.board.rules).map(|()| w))
    {
        Ok(w) => w,
        Err(p) => {
            print_reports(&[report(p)], term);
            return Exit::Invalid;
        }
    };
    let style = term.out;
    let rules = q.movement.rules();
    let mut ship = Ship::new(&q.board, q.start);
    let mut steps = Vec::new();
    let mut judged = Vec::new();
    let (moves, fixit) = plan::split(&written);
    for (i, w) in moves.iter().enumerate() {
        let action = match plan::resolve(&q.board, w) {
            Ok(a) => a,
            Err(p) => {
                if log {
                    print_partial(q, &steps, style, pictures);
                }
                print_reports(&[report(p)], term);
                return Exit::Invalid;
            }
        };
        let text = source.text.get(w.span.start..w.span.end).unwrap_or("");
        let rule = ship
            .deciding_rule(&q.board, &q.movement, action)
            .and_then(|r| rules.quote(r));
        match ship.apply(&q.board, &q.movement, action) {
            Ok(step) => {
                judged.push(document::allowed_doc(
                    &q.board,
                    &q.movement,
                    i + 1,
                    text,
                    &step,
                    rule,
                ));
                steps.push(step);
            }
            Err(e) => {
                let ruling = ship.ruling(&q.board, &q.movement, action, &e);
                if log {
                    print_partial(q, &steps, style, pictures);
                } else {
                    judged.push(document::refused_doc(i + 1, text, &ruling));
                    let doc = document::plan_doc(&q.board, &q.movement, q.start, judged, None);
                    let _ = write_document(&doc, shown == Shown::Yaml, term);
                }
                let refused = ruling.report(std::sync::Arc::clone(&source), i + 1, w.span, &e);
                print_reports(&[refused], term);
                return Exit::Invalid;
            }
        }
    }
    let roll = match fixit.map(|w| hatchway::fixit::roll(&q.board, &q.movement, &ship, w)) {
        None => None,
        Some(Ok(roll)) => Some(roll),
        Some(Err(p)) => {
            if log {
                print_partial(q, &steps, style, pictures);
            }
            print_reports(&[report(p)], term);
            return Exit::Invalid;
        }
    };
    let actions: Vec<_> = steps.iter().map(|s| s.action).collect();
    let planned = Outcome {
        room: ship.position,
        rooms: ship.rooms.clone(),
        cost: ship.spent,
        actions,
    };
    if !log {
        let mut doc = document::plan_doc(&q.board, &q.movement, q.start, judged, Some(&planned));
        doc.roll = roll
            .as_ref()
            .map(|r| document::roll_doc(&q.board, &q.movement, r));
        return write_document(&doc, shown == Shown::Yaml, term);
    }
    let mut out = render::replay::preamble(&q.board, &q.movement, q.start, 1, style)
        .lines()
        .skip(1)
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    out.insert_str(
        0,
        &format!(
            "{}: planned path from room {}\n",
            q.board.name,
            q.board.room(q.start).label()
        ),
    );
    out.push('\n');
    out.push_str(&render::replay::steps_log(
        &q.board,
        &q.movement,
        q.start,
        &steps,
        style,
        pictures,
    ));
    out.push_str(&format!(
        "\nthe plan ends in room {}, {} min, {}\n",
        q.board.room(planned.room).label(),
        planned.cost.0,
        render::replay::changes_words(&q.board, &planned.rooms)
    ));
    if let Some(line) =
        render::replay::verdict_line(&q.board, &q.movement, planned.room, &planned.rooms)
    {
        out.push_str(&line);
    }
    if let Some(roll) = &roll {
        out.push_str(&render::fixit::roll_words(
            &q.board,
            &q.movement,
            ship.position,
            roll,
            style,
        ));
    }
    // The plan reaches its outcome at its own cost, so only outcomes up to
    // that cost can answer whether it is a cheapest way: a bounded search
    // settles them on boards far too large to solve whole.
    let limits = Limits {
        max_cost: Some(planned.cost),
        ..q.limits
    };
    match search::solve(&q.board, &q.movement, q.start, &limits) {
        Ok(solution) => {
            let best = solution
                .outcomes
                .iter()
                .find(|o| o.room == planned.room && o.rooms == planned.rooms);
            match best {
                Some(b) if b.cost == planned.cost => {
                    out.push_str("it is a cheapest way to this outcome");
                    if b.actions != planned.actions {
                        out.push_str(&format!(
                            " (hatchway would list: {})",
                            b.actions
                                .iter()
                                .map(|&a| render::table::action_text(&q.board, a))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                    out.push('\n');
                }
                Some(b) => out.push_str(&format!(
                    "it is not the cheapest: this outcome can be reached for {} min with {}\n",
                    b.cost.0,
                    if b.actions.is_empty() {
                        "no action".to_string()
                    } else {
                        b.actions
                            .iter()
                            .map(|&a| render::table::action_text(&q.board, a))
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                )),
                None => out.push_str("the search found no cheaper way to this outcome\n"),
            }
        }
        Err(limit) => out.push_str(&format!(
            "cannot tell whether it is the cheapest: {limit}\n"
        )),
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Exit::Success
}

pub(super) fn print_partial(
    q: &Query,
    steps: &[hatchway::referee::Step],
    style: Style,
    pictures: bool,
) {
    let mut out = format!(
        "{}: planned path from room {}\n",
        q.board.name,
        q.board.room(q.start).label()
    );
    out.push_str(&render::replay::steps_log(
        &q.board,
        &q.movement,
        q.start,
        steps,
        style,
        pictures,
    ));
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
}
