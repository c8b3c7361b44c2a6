//! Solves every board of a folder and prints the cheapest way to each room,
//! each step replayed by the referee with its minutes: a program written
//! against hatchway's library alone.
//!
//! ```text
//! cargo run --example cheapest -- boards
//! ```

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use hatchway::model::ItemSet;
use hatchway::search::{self, Limits};
use hatchway::{load, referee};

fn main() -> ExitCode {
    let folder = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "boards".to_string());
    let Ok(entries) = std::fs::read_dir(&folder) else {
        eprintln!("cannot read the folder `{folder}`");
        return ExitCode::FAILURE;
    };
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "board"))
        .collect();
    paths.sort();
    let mut failed = false;
    for path in paths {
        failed |= !cheapest(&path);
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Prints one board's cheapest way to each room; false when it cannot.
fn cheapest(path: &Path) -> bool {
    let board = match load::board_file(path) {
        Ok(loaded) => loaded.value,
        Err(failure) => {
            for report in &failure.reports {
                eprintln!("{}", report.render_plain(80));
            }
            return false;
        }
    };
    let movement = board.rules.movement(ItemSet::default());
    let solution = match search::solve(&board, &movement, board.start, &Limits::default()) {
        Ok(s) => s,
        Err(limit) => {
            eprintln!("{}: {limit}", path.display());
            return false;
        }
    };
    // Written line by line and stopped quietly when the reader goes away
    // (`| head`), as the `hatchway` command does.
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{} (rules {})", board.name, board.rules.name).is_err() {
        return true;
    }
    // Outcomes come cheapest first, so the first one in each room is the
    // cheapest way there.
    let mut seen = vec![false; board.rooms.len()];
    for outcome in &solution.outcomes {
        let room = outcome.room.index();
        if std::mem::replace(&mut seen[room], true) {
            continue;
        }
        // Walked step by step by the referee, each step with its minutes:
        // the path the search reports replays to its outcome.
        let steps = match referee::replay(&board, &movement, board.start, &outcome.actions) {
            Ok((ship, steps)) if ship.spent == outcome.cost => steps,
            _ => {
                eprintln!("{}: a path does not replay to its outcome", path.display());
                return false;
            }
        };
        let path: Vec<String> = steps
            .iter()
            .map(|s| format!("{} ({})", s.action.text(&board), s.cost.0))
            .collect();
        let line = writeln!(
            out,
            "  room {:<4} {:>3} min  {}",
            board.room(outcome.room).id,
            outcome.cost.0,
            if path.is_empty() {
                "stay".to_string()
            } else {
                path.join(", ")
            }
        );
        if line.is_err() {
            return true;
        }
    }
    true
}
