//! `hatchway sweep`: every configuration of a board, summarised; or one
//! shard of them, written as a shard's summary; or the shards' summaries
//! merged into the whole sweep's (`--merge`, in `sweep_merge.rs`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::sweep::{Shard, Summary, Swept};

use super::*;

/// What `hatchway sweep` is asked, beside `--merge`.
pub(super) struct SweepRequest<'a> {
    /// The board, when one is named.
    pub(super) board: Option<&'a Path>,
    /// `--rooms`.
    pub(super) rooms: &'a [String],
    /// `--states`.
    pub(super) states: &'a [String],
    /// `--from`, `--with`, `--rules`.
    pub(super) turn: TurnArgs,
    /// `--max-states`, `--max-memory`.
    pub(super) budget: Budget,
    /// `--format`, when given.
    pub(super) format: Option<CheckFormat>,
    /// `--shard K/N`.
    pub(super) shard: Option<Shard>,
    /// `-o FILE`.
    pub(super) output: Option<&'a Path>,
}

pub(super) fn sweep(request: SweepRequest<'_>, term: &Terminal) -> Exit {
    if request.shard.is_some() && request.format == Some(CheckFormat::Text) {
        return refuse_option(
            "--format text",
            "sweep --shard",
            "a shard writes its summary as JSON, for `--merge`; the merged summary is text unless `--format json` is given",
            term,
        );
    }
    let one_start = request.turn.from.is_some();
    let args = QueryArgs {
        turn: request.turn,
        budget: request.budget,
        ..QueryArgs::default()
    };
    let q = match load_query(request.board, &args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let rules = std::sync::Arc::clone(&q.turn.board.rules);
    let states = match chosen_states(&rules, request.states, term) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let rooms = match chosen_rooms(&q.turn.board, request.rooms, &rules, term) {
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
        limits: request.budget.limits(),
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
    let (board, movement) = (&q.turn.board, &q.turn.movement);
    if let Some(shard) = request.shard {
        let part = with_progress(&q.turn, &plan, total, shard, |progress, planned| {
            crate::sweep::run_shard(board, movement, &plan, shard, progress, planned, &stop)
        });
        let text = match serde_json::to_string_pretty(&part) {
            Ok(text) => text + "\n",
            Err(e) => {
                print_plain(format!("cannot write the shard's summary: {e}"), None, term);
                return Exit::Invalid;
            }
        };
        let said = format!(
            "shard {} of the sweep, {} of {} in {:.1} s",
            part.shard,
            render::count(part.solves, "solve"),
            total,
            part.seconds
        );
        if let Err(exit) = deliver(&text, request.output, &said, term) {
            return exit;
        }
        return ending(part.partial, part.over_budget);
    }
    let (summary, elapsed) = with_progress(&q.turn, &plan, total, Shard::WHOLE, |progress, _| {
        // Timed here, without the forecast before it.
        let started = std::time::Instant::now();
        let summary = crate::sweep::run_until(board, movement, &plan, progress, &stop);
        (summary, started.elapsed())
    });
    let swept = Swept::new(board, movement, &plan);
    let format = request.format.unwrap_or(CheckFormat::Text);
    print_summary(&swept, &summary, elapsed, format, request.output, term)
}

/// Prints the summary of `swept` (whole, or merged from its shards) in
/// `format`, or writes it to `output`, and gives the sweep's exit code.
pub(super) fn print_summary(
    swept: &Swept,
    summary: &Summary,
    elapsed: Duration,
    format: CheckFormat,
    output: Option<&Path>,
    term: &Terminal,
) -> Exit {
    let text = match format {
        CheckFormat::Json => {
            match render::document_text(&render::sweep::SweepDoc::new(swept, summary), false) {
                Ok(s) => s,
                Err(e) => {
                    print_plain(e.to_string(), None, term);
                    return Exit::Invalid;
                }
            }
        }
        CheckFormat::Text => render::sweep::summary(swept, summary, elapsed, term.out),
    };
    let said = format!("the summary of {}", render::count(summary.solves, "solve"));
    if let Err(exit) = deliver(&text, output, &said, term) {
        return exit;
    }
    ending(summary.partial, summary.over_budget)
}

/// A sweep's exit code: 130 when Ctrl-C stopped it, 3 when solves ran out
/// of their budget, else 0.
fn ending(partial: bool, over_budget: u64) -> Exit {
    if partial {
        Exit::Interrupted
    } else if over_budget > 0 {
        Exit::Limit
    } else {
        Exit::Success
    }
}

/// Prints `text` on standard output, or writes it to `output` and says
/// so there with `said`: written whole under another name, then renamed,
/// so that a job stopped while writing leaves no cut file to merge.
fn deliver(text: &str, output: Option<&Path>, said: &str, term: &Terminal) -> Result<(), Exit> {
    let Some(file) = output else {
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        return Ok(());
    };
    let name = file
        .file_name()
        .map_or_else(|| "summary".into(), |n| n.to_string_lossy());
    let unfinished = file.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written =
        std::fs::write(&unfinished, text).and_then(|()| std::fs::rename(&unfinished, file));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&unfinished);
        print_plain(
            format!("cannot write `{}`: {e}", file.display()),
            None,
            term,
        );
        return Err(Exit::Invalid);
    }
    println!("written to {}: {said}", file.display());
    Ok(())
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

/// Runs `run` (the sweep, or shard `shard` of it) with a progress bar
/// and, before it, a forecast on a terminal: `run` is given what to tell
/// of the solves made, and of how many the shard makes once it knows.
fn with_progress<T>(
    turn: &Turn,
    plan: &crate::sweep::Sweep,
    total: u64,
    shard: Shard,
    run: impl FnOnce(&(dyn Fn(u64) + Sync), &dyn Fn(u64)) -> T,
) -> T {
    // Said on a terminal, as the progress bar is shown: standard error
    // that is not one (a script's, a log's) holds problems only.
    let on_terminal = std::io::stderr().is_terminal();
    if on_terminal {
        let part = if shard == Shard::WHOLE {
            String::new()
        } else {
            format!("shard {shard} of ")
        };
        eprintln!(
            "sweeping {part}{}: {} x {}",
            render::count(total, "solve"),
            render::count(plan.configurations().unwrap_or(0), "configuration"),
            render::count(plan.starts.len() as u64, "start room")
        );
        if let Some(line) = forecast(turn, plan, shard) {
            eprintln!("{line}");
        }
    }
    let bar = progress_bar(
        total,
        on_terminal,
        "{spinner} {wide_bar} {pos}/{len} solves, {per_sec}, eta {eta}",
    );
    let progress = |n: u64| bar.inc(n);
    let planned = |n: u64| bar.set_length(n);
    let done = run(&progress, &planned);
    bar.finish_and_clear();
    done
}

/// How long a forecast samples: long enough for a mean over turns whose
/// costs vary a thousandfold, short beside a sweep worth forecasting.
const SAMPLE: Duration = Duration::from_secs(1);

/// A sweep shorter than this needs no forecast: it is done about as soon.
const WORTH_FORECASTING: f64 = 10.0;

/// The forecast of a sweep's time, or of shard `shard`'s (its share of
/// the whole), when it is long enough to be worth saying
/// ([`crate::sweep::forecast`]).
fn forecast(turn: &Turn, plan: &crate::sweep::Sweep, shard: Shard) -> Option<String> {
    let forecast = crate::sweep::forecast(&turn.board, &turn.movement, plan, SAMPLE)?;
    let seconds = forecast.seconds / f64::from(shard.count());
    (seconds >= WORTH_FORECASTING).then(|| {
        format!(
            "{} drawn across the sweep and searched alone forecast about {} in all (Ctrl-C stops it with a summary of what was swept)",
            render::count(forecast.sampled, "configuration"),
            spoken_duration(seconds)
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
