//! `hatchway sweep`: every configuration of a board, summarised.

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
    let mut rooms = Vec::new();
    for id in room_ids {
        match room_arg(&q.turn.board, id, "--rooms") {
            Ok(r) if !rooms.contains(&r) => rooms.push(r),
            Ok(_) => {}
            Err(e) => {
                print_plain(e.message, e.help, term);
                return Exit::Invalid;
            }
        }
    }
    if room_ids.is_empty() {
        rooms = (0..q.turn.board.rooms.len())
            .map(|i| RoomId(i as u32))
            .collect();
    }
    let mut states = Vec::new();
    for name in state_names {
        match rules.room_state(name) {
            Some(s) if !states.contains(&s) => states.push(s),
            Some(_) => {}
            None => {
                print_plain(
                    format!("unknown room state `{name}` in `--states`"),
                    Some(format!(
                        "{}the rules `{}` have the room states: {}",
                        crate::spelling::did_you_mean(
                            name,
                            rules.room_states.iter().map(String::as_str)
                        ),
                        rules.name,
                        rules.room_states.join(", ")
                    )),
                    term,
                );
                return Exit::Invalid;
            }
        }
    }
    if state_names.is_empty() {
        states = (0..rules.room_states.len())
            .map(|i| StateId(i as u8))
            .collect();
    }
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
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(total)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {wide_bar} {pos}/{len} solves, {per_sec}, eta {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let started = std::time::Instant::now();
    let summary = crate::sweep::run(&q.turn.board, &q.turn.movement, &plan, &|n| bar.inc(n));
    bar.finish_and_clear();
    let elapsed = started.elapsed();
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
    if summary.over_budget > 0 {
        Exit::Limit
    } else {
        Exit::Success
    }
}
