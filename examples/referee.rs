//! Referees the plans of a file, one plan a line, on one board: whether
//! each is allowed, what it costs, and whether it is a cheapest way; a
//! program written against hatchway's library alone.
//!
//! ```text
//! cargo run --example referee -- boards/desperate-times.board plans.txt grog
//! ```
//!
//! Items to hold follow the plans' file.

use std::process::ExitCode;

use hatchway::judgement::{self, Comparison};
use hatchway::load;
use hatchway::model::ItemSet;
use hatchway::search::Limits;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [board_path, plans_path, items @ ..] = args.as_slice() else {
        eprintln!("usage: referee BOARD PLANS [ITEM...]");
        return ExitCode::FAILURE;
    };
    let board = match load::board_file(board_path.as_ref()) {
        Ok(loaded) => loaded.value,
        Err(failure) => {
            for report in &failure.reports {
                eprintln!("{}", report.render_plain(80));
            }
            return ExitCode::FAILURE;
        }
    };
    let mut held = ItemSet::default();
    for name in items {
        let Some(item) = board.rules.item(name) else {
            eprintln!("the rules `{}` have no item `{name}`", board.rules.name);
            return ExitCode::FAILURE;
        };
        held = held.with(item);
    }
    let Ok(plans) = std::fs::read_to_string(plans_path) else {
        eprintln!("cannot read `{plans_path}`");
        return ExitCode::FAILURE;
    };
    let movement = board.rules.movement(held);
    let mut refused = 0;
    for (n, plan) in plans
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let verdict = match judgement::judge(&board, &movement, board.start, plan) {
            Err(problem) => format!("cannot be read: {}", problem.message),
            Ok(j) if !j.is_allowed() => match (&j.refused, &j.problem) {
                (Some(r), _) => format!("refused at step {}: {}", r.index + 1, r.illegal),
                (None, Some(p)) => format!("refused: {}", p.message),
                (None, None) => "refused".to_string(),
            },
            Ok(j) => {
                let outcome = j.outcome();
                let roll = j.roll.as_ref().map_or(String::new(), |r| {
                    format!(
                        ", then a roll, {} to succeed ({} min in all)",
                        r.chance.words(),
                        r.total.0
                    )
                });
                let cheapest = match judgement::compare(
                    &board,
                    &movement,
                    board.start,
                    &outcome,
                    &Limits::default(),
                ) {
                    Comparison::Cheapest { .. } => "a cheapest way".to_string(),
                    Comparison::Cheaper { cost, .. } => format!("{} min is possible", cost.0),
                    Comparison::NotFound => "no cheaper way found".to_string(),
                    Comparison::Unknown(limit) => format!("cannot tell: {limit}"),
                };
                format!(
                    "allowed: ends in room {}, {} min ({cheapest}){roll}",
                    board.room(outcome.room).id,
                    outcome.cost.0
                )
            }
        };
        if verdict.starts_with("refused") || verdict.starts_with("cannot") {
            refused += 1;
        }
        println!("plan {}: {verdict}", n + 1);
    }
    if refused > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
