//! The plan of `replay --path`: parsed, resolved on the standard board and
//! refereed step by step, as the command does. Never a panic; labels inside
//! the text; errors shown as a window of a long line.
#![no_main]

use std::sync::OnceLock;

use hatchway::load;
use hatchway::model::{Board, ItemSet};
use hatchway::plan;
use hatchway::referee::Ship;
use libfuzzer_sys::fuzz_target;

fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        load::board(&load::standard_board())
            .map(|l| l.value)
            .unwrap_or_else(|_| panic!("the standard board compiles"))
    })
}

/// Checks that the problem's labels lie inside the plan, and that it shows
/// as `replay --path-file` shows it: no panic, and a window of a long line,
/// never the whole line.
fn inside(problem: &hatchway::diagnostic::Problem, text: &str) {
    let len = text.len();
    for label in &problem.labels {
        assert!(
            label.span.start <= label.span.end && label.span.end <= len.max(1),
            "label {:?} outside a plan of {len} bytes",
            label.span
        );
    }
    let file = std::sync::Arc::new(hatchway::diagnostic::SourceFile {
        name: "plan".to_string(),
        text: text.to_string(),
    });
    let shown = hatchway::diagnostic::Report::new(file, problem.clone()).render_plain(80);
    for line in shown.lines() {
        assert!(line.chars().count() <= 200, "a shown line of {} characters", line.chars().count());
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let board = board();
    let written = match plan::parse(text) {
        Ok(w) => w,
        Err(p) => return inside(&p, text),
    };
    let movement = board.rules.movement(ItemSet::default());
    let mut ship = Ship::new(board, board.start);
    for w in &written {
        assert!(w.span.end <= text.len());
        match plan::resolve(board, w) {
            Ok(action) => {
                if ship.apply(board, &movement, action).is_err() {
                    return;
                }
            }
            Err(p) => return inside(&p, text),
        }
    }
});
