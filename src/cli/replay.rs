//! `hatchway replay`: action logs, and planned paths refereed step by step.

use super::*;

/// Where a planned path comes from.
pub(super) enum PlanSource {
    Text(String),
    File(PathBuf),
}

pub(super) fn replay(
    path: Option<&Path>,
    args: &QueryArgs,
    only: Option<usize>,
    plan: Option<PlanSource>,
    pictures: bool,
    term: &Terminal,
) -> Exit {
    let q = match load_query(path, args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    if let Some(plan) = plan {
        return referee_plan(&q, plan, pictures, term);
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
    let shown: Vec<(usize, &Outcome)> = solution
        .outcomes
        .iter()
        .enumerate()
        .map(|(i, o)| (i + 1, o))
        .filter(|(n, o)| only.is_none_or(|k| k == *n) && q.to.is_none_or(|t| o.room == t))
        .collect();
    let out = match render::replay::turn_log(
        &q.board,
        &q.movement,
        q.start,
        total,
        &shown,
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

/// Why the rules refuse a step, as a help line naming the rule.
pub(super) fn rule_help(e: &Illegal, board: &Board) -> String {
    let rules = &board.rules;
    match e {
        Illegal::NotAdjacent { from, .. } => {
            let next: Vec<String> = board
                .room_by_id(from)
                .map(|r| {
                    board
                        .neighbours(r)
                        .iter()
                        .map(|&(_, n)| board.room(n).id.clone())
                        .collect()
                })
                .unwrap_or_default();
            format!(
                "a move goes through a hatch of the current room; from room `{from}` hatches lead to: {}",
                next.join(", ")
            )
        }
        Illegal::HatchNotHere { .. } => {
            "a hatch can only be opened from one of the two rooms it joins".to_string()
        }
        Illegal::CannotOpen { state, .. } => format!(
            "the rules `{}` have no rule that opens a hatch that is `{state}`",
            rules.name
        ),
        Illegal::NotPassable { hatch, .. } => {
            let walk: Vec<&str> = rules
                .hatch_states
                .iter()
                .zip(&rules.walk_through)
                .filter(|(_, w)| **w)
                .map(|(n, _)| n.as_str())
                .collect();
            format!(
                "the rules `{}` let a player walk only through {} hatches; open it first with `open {hatch}`",
                rules.name,
                walk.join(", ")
            )
        }
        Illegal::CannotLeave { state, .. } => {
            format!("the rules `{}` say `leave {state}: forbidden`", rules.name)
        }
        Illegal::CannotEnter { state, .. } => format!(
            "the rules `{}` forbid entering a `{state}` room",
            rules.name
        ),
        Illegal::AlreadyVisited { .. } => {
            format!("the rules `{}` say `revisit: forbidden`", rules.name)
        }
        Illegal::CostOverflow => "split the plan".to_string(),
    }
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

pub(super) fn referee_plan(q: &Query, plan: PlanSource, pictures: bool, term: &Terminal) -> Exit {
    let (name, text) = match read_plan(plan) {
        Ok(p) => p,
        Err(f) => {
            print_reports(&f.reports, term);
            return Exit::Invalid;
        }
    };
    let source = std::sync::Arc::new(SourceFile { name, text });
    let report = |p: Problem| Report::new(std::sync::Arc::clone(&source), p);
    let written = match plan::parse(&source.text) {
        Ok(w) => w,
        Err(p) => {
            print_reports(&[report(p)], term);
            return Exit::Invalid;
        }
    };
    let style = term.out;
    let mut ship = Ship::new(&q.board, q.start);
    let mut steps = Vec::new();
    for (i, w) in written.iter().enumerate() {
        let action = match plan::resolve(&q.board, w) {
            Ok(a) => a,
            Err(p) => {
                print_partial(q, &steps, style, pictures);
                print_reports(&[report(p)], term);
                return Exit::Invalid;
            }
        };
        match ship.apply(&q.board, &q.movement, action) {
            Ok(step) => steps.push(step),
            Err(e) => {
                print_partial(q, &steps, style, pictures);
                let p = Problem::error(
                    "hatchway::illegal_step",
                    format!("step {} is not allowed: {e}", i + 1),
                )
                .label(w.span, "this step breaks a rule")
                .help(rule_help(&e, &q.board));
                print_reports(&[report(p)], term);
                return Exit::Invalid;
            }
        }
    }
    let actions: Vec<_> = steps.iter().map(|s| s.action).collect();
    let planned = Outcome {
        room: ship.position,
        rooms: ship.rooms.clone(),
        cost: ship.spent,
        actions,
    };
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
