//! `hatchway sweep`: every configuration of a board, summarised.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::*;

pub(super) fn sweep(
    path: Option<&Path>,
    room_ids: &[String],
    state_names: &[String],
    turn: TurnArgs,
    budget: Budget,
    format: CheckFormat,
    term: &Terminal,
) -> Exit {
    let one_start = turn.from.is_some();
    let args = QueryArgs {
        turn,
        budget,
        ..QueryArgs::default()
    };
    let q = match load_query(path, &args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let rules = std::sync::Arc::clone(&q.turn.board.rules);
    let states = match chosen_states(&rules, state_names, term) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let rooms = match chosen_rooms(&q.turn.board, room_ids, &rules, term) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let plan = crate::sweep::Sweep {
        rooms,
        states,
        starts: if one_start {
            vec![q.turn.start]
        } else {
            (0..q.turn.board.rooms.len())
                .map(|i| RoomId(i as u32))
                .collect()
        },
        limits: budget.limits(),
    };
    let total = match plan.solves().filter(|&n| n <= crate::sweep::MAX_SOLVES) {
        Some(n) => n,
        None => {
            print_plain(
                format!(
                    "this sweep is too large: {} over {} for {}",
                    render::count(plan.states.len() as u64, "state"),
                    render::count(plan.rooms.len() as u64, "room"),
                    render::count(plan.starts.len() as u64, "start room")
                ),
                Some(format!(
                    "a sweep makes at most {} solves; narrow it with `--rooms` or `--states`",
                    crate::sweep::MAX_SOLVES
                )),
                term,
            );
            return Exit::Invalid;
        }
    };
    let stop = stop_on_ctrl_c();
    let (summary, elapsed) = with_progress(&q.turn, &plan, total, &stop);
    let text = match format {
        CheckFormat::Json => match render::document_text(
            &render::sweep::SweepDoc::new(&q.turn.board, &q.turn.movement, &plan, &summary),
            false,
        ) {
            Ok(s) => s,
            Err(e) => {
                print_plain(e.to_string(), None, term);
                return Exit::Invalid;
            }
        },
        CheckFormat::Text => render::sweep::summary(
            &q.turn.board,
            &q.turn.movement,
            &plan,
            &summary,
            elapsed,
            term.out,
        ),
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    if summary.partial {
        Exit::Interrupted
    } else if summary.over_budget > 0 {
        Exit::Limit
    } else {
        Exit::Success
    }
}

/// The rooms `--rooms` names, each once, in the order given; when none is
/// named, every room in a state some rule changes
/// ([`crate::sweep::default_rooms`]), whatever `--states` says: a room in
/// a state no rule changes is a place, not a room a game changes.
fn chosen_rooms(
    board: &Board,
    room_ids: &[String],
    rules: &Rules,
    term: &Terminal,
) -> Result<Vec<RoomId>, Exit> {
    let mut rooms = Vec::new();
    for id in room_ids {
        match room_arg(board, id, "--rooms") {
            Ok(r) if !rooms.contains(&r) => rooms.push(r),
            Ok(_) => {}
            Err(e) => {
                print_plain(e.message, e.help, term);
                return Err(Exit::Invalid);
            }
        }
    }
    if room_ids.is_empty() {
        rooms = crate::sweep::default_rooms(board, &crate::sweep::default_states(rules));
    }
    Ok(rooms)
}

/// The room states `--states` names, each once, in the order given; when
/// none is named, the states some rule changes a room into or out of
/// ([`crate::sweep::default_states`]).
fn chosen_states(
    rules: &Rules,
    state_names: &[String],
    term: &Terminal,
) -> Result<Vec<StateId>, Exit> {
    let mut states = Vec::new();
    for name in state_names {
        match rules.room_state_meant(name) {
            Some(s) if !states.contains(&s) => states.push(s),
            Some(_) => {}
            None => {
                print_plain(
                    format!("unknown room state `{name}` in `--states`"),
                    Some(format!(
                        "{}the rules `{}` have the room states: {}",
                        rules.did_you_mean(Names::RoomStates, name),
                        rules.name,
                        rules.room_states.join(", ")
                    )),
                    term,
                );
                return Err(Exit::Invalid);
            }
        }
    }
    if state_names.is_empty() {
        states = crate::sweep::default_states(rules);
    }
    Ok(states)
}

/// The flag Ctrl-C raises: the sweep stops with the summary of what it
/// swept; a second Ctrl-C ends the process at once, for a sweep whose
/// solves under way take long to finish.
fn stop_on_ctrl_c() -> std::sync::Arc<AtomicBool> {
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let handler_stop = std::sync::Arc::clone(&stop);
    let handled = ctrlc::set_handler(move || {
        if handler_stop.swap(true, Ordering::SeqCst) {
            std::process::exit(Exit::Interrupted as i32);
        }
    });
    if let Err(e) = handled {
        // Without the handler Ctrl-C ends the sweep as it ends any
        // process, with no summary; the sweep itself is unchanged.
        eprintln!("warning: Ctrl-C will end this sweep without a summary: {e}");
    }
    stop
}

/// Runs the sweep until it ends or `stop` is raised, with a progress bar
/// and, before it, a forecast on a terminal; gives the summary and the
/// sweep's time (the forecast's own left out).
fn with_progress(
    turn: &Turn,
    plan: &crate::sweep::Sweep,
    total: u64,
    stop: &AtomicBool,
) -> (crate::sweep::Summary, Duration) {
    // Said on a terminal, as the progress bar is shown: standard error
    // that is not one (a script's, a log's) holds problems only.
    let on_terminal = std::io::stderr().is_terminal();
    if on_terminal {
        eprintln!(
            "sweeping {}: {} x {}",
            render::count(total, "solve"),
            render::count(plan.configurations().unwrap_or(0), "configuration"),
            render::count(plan.starts.len() as u64, "start room")
        );
        if let Some(line) = forecast(turn, plan) {
            eprintln!("{line}");
        }
    }
    let bar = progress_bar(
        total,
        on_terminal,
        "{spinner} {wide_bar} {pos}/{len} solves, {per_sec}, eta {eta}",
    );
    let progress = |n: u64| bar.inc(n);
    let started = std::time::Instant::now();
    let summary = crate::sweep::run_until(&turn.board, &turn.movement, plan, &progress, stop);
    let elapsed = started.elapsed();
    bar.finish_and_clear();
    (summary, elapsed)
}

/// How long a forecast samples: long enough for a mean over turns whose
/// costs vary a thousandfold, short beside a sweep worth forecasting.
const SAMPLE: Duration = Duration::from_secs(1);

/// A sweep shorter than this needs no forecast: it is done about as soon.
const WORTH_FORECASTING: f64 = 10.0;

/// The forecast of a sweep's time, when it is long enough to be worth
/// saying ([`crate::sweep::forecast`]).
fn forecast(turn: &Turn, plan: &crate::sweep::Sweep) -> Option<String> {
    let forecast = crate::sweep::forecast(&turn.board, &turn.movement, plan, SAMPLE)?;
    (forecast.seconds >= WORTH_FORECASTING).then(|| {
        format!(
            "{} drawn across the sweep and searched alone forecast about {} in all (Ctrl-C stops it with a summary of what was swept)",
            render::count(forecast.sampled, "configuration"),
            spoken_duration(forecast.seconds)
        )
    })
}

/// A duration as a person says it: seconds, minutes or hours.
fn spoken_duration(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{} s", seconds.round())
    } else if seconds < 90.0 * 60.0 {
        format!("{} min", (seconds / 60.0).round())
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}
