//! The dry-ship shortcut of the search gives exactly what the full search
//! gives: same outcomes, costs and tie-broken paths.

use hatchway::load;
use hatchway::model::{Board, ItemSet, RoomId};
use hatchway::search::{self, Limits};

fn same_answers(board: &Board, items: ItemSet) {
    let movement = board.rules.movement(items);
    let limits = Limits::default();
    for start in 0..board.rooms.len() {
        let start = RoomId(start as u32);
        let fast = search::solve(board, &movement, start, &limits);
        let full = hatchway::testing::solve_exhaustive(board, &movement, start, &limits);
        match (fast, full) {
            (Ok(f), Ok(e)) => assert_eq!(f.outcomes, e.outcomes, "{} from {start:?}", board.name),
            (f, e) => panic!("{}: {:?} vs {:?}", board.name, f.is_ok(), e.is_ok()),
        }
    }
}

fn board(text: &str) -> Board {
    match load::board_from_str("test.board", text) {
        Ok(b) => b.value,
        Err(f) => panic!(
            "{:?}",
            f.reports
                .iter()
                .map(|r| r.problem().message.clone())
                .collect::<Vec<_>>()
        ),
    }
}

/// `text` with each `(from, to)` replaced, once each; a `from` the text
/// does not hold fails the test, so that a stale edit cannot leave a board
/// unchanged and the test checking nothing new.
fn edited(text: &str, edits: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (from, to) in edits {
        assert!(out.contains(from), "the board holds no `{from}`");
        out = out.replacen(from, to, 1);
    }
    out
}

#[test]
fn dry_boards_agree_with_the_full_search() {
    let standard = std::fs::read_to_string("boards/red-november.board").expect("shipped board");
    same_answers(&board(&standard), ItemSet::default());
    // Fire and low water without high water: nothing can flow, but rooms
    // still bar the way and cost minutes.
    let smoky = edited(
        &standard,
        &[
            (
                "room 4 \"Reactor Room\" at 1,1",
                "room 4 \"Reactor Room\" at 1,1: fire",
            ),
            ("room 5 at 2,0\n", "room 5 at 2,0: low_flood\n"),
            ("hatch 2-5", "hatch 2-5: blocked"),
            ("hatch 8-9", "hatch 8-9: open"),
        ],
    );
    same_answers(&board(&smoky), ItemSet::default());
    let rulebook = edited(
        &smoky,
        &[("rules red-november", "rules red-november-rulebook")],
    );
    let b = board(&rulebook);
    let grog = ItemSet::default().with(b.rules.item("grog").expect("the rulebook has grog"));
    same_answers(&b, ItemSet::default());
    same_answers(&b, grog);
    let deep = edited(
        &standard,
        &[
            ("rules red-november", "rules deep-water"),
            ("room 6 at 2,1\n", "room 6 at 2,1: high_flood\n"),
            ("hatch 5-6", "hatch 5-6: open"),
        ],
    );
    same_answers(&board(&deep), ItemSet::default());
}
