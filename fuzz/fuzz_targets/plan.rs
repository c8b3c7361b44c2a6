//! The plan of `replay --path`: parsed, resolved on the standard board and
//! refereed step by step, as the command does. Never a panic; labels inside
//! the text.
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

fn inside(problem: &hatchway::diagnostic::Problem, len: usize) {
    for label in &problem.labels {
        assert!(
            label.span.start <= label.span.end && label.span.end <= len.max(1),
            "label {:?} outside a plan of {len} bytes",
            label.span
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let board = board();
    let written = match plan::parse(text) {
        Ok(w) => w,
        Err(p) => return inside(&p, text.len()),
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
            Err(p) => return inside(&p, text.len()),
        }
    }
});
