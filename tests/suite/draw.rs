//! `hatchway draw`: the ship as a picture in the terminal. The standard
//! board is pinned as a snapshot, with and without a path, and must fit 80
//! columns; a board without places is laid out in rows; places are checked.

use crate::common;

use common::hatchway;

fn pinned(name: &str, text: &str) {
    common::snapshot_settings().bind(|| insta::assert_snapshot!(name, text));
}

fn fits_80_columns(text: &str) {
    for line in text.lines() {
        assert!(
            unicode_width::UnicodeWidthStr::width(line) <= 80,
            "too wide: {line:?}"
        );
    }
}

#[test]
fn the_standard_board_is_drawn_as_placed() {
    let (out, err, code) = hatchway(&["draw"]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&out);
    assert!(out.contains("|1         @|"), "the player starts in room 1");
    assert!(out.contains("Engine Room"));
    pinned("draw@red-november", &out);
}

#[test]
fn an_outcome_is_drawn_with_its_path() {
    let (out, err, code) = hatchway(&["draw", "boards/red-november.board", "--outcome", "10"]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&out);
    assert!(out.contains("(4) @|"), "the path ends in room 10");
    pinned("draw@red-november-outcome-10", &out);
    let (_, err, code) = hatchway(&["draw", "--outcome", "11"]);
    assert_eq!(code, 1);
    assert!(err.contains("no outcome 11"), "{err}");
}

#[test]
fn a_board_without_places_is_laid_out_in_rows() {
    let (out, err, code) = hatchway(&["draw", "boards/long-hull.board"]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&out);
    assert!(out.starts_with("+-----------+   +"), "{out}");
    assert!(
        common::words(&err).contains("does not place every room"),
        "the automatic layout is said: {err}"
    );
    let (_, err, _) = hatchway(&["draw"]);
    assert!(err.is_empty(), "a placed board draws without a note: {err}");
}

/// Wide characters take two columns, and what does not fit a box is cut
/// with an ellipsis, never dropped: every box's right border stands in the
/// same column.
#[test]
fn names_are_aligned_by_display_width_and_cut_with_an_ellipsis() {
    let (out, err, code) = hatchway(&["draw", "tests/fixtures/wide-names.board"]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&out);
    assert!(out.contains("|機関室 エン|[c]|🚀🚀🚀     |"), "{out}");
    assert!(out.contains("name indee…|"), "{out}");
    assert!(out.contains("|a_room_id… |"), "{out}");
    for line in out.lines().filter(|l| l.starts_with('|')) {
        let borders: Vec<usize> = line
            .char_indices()
            .filter(|(_, c)| *c == '|')
            .map(|(i, _)| unicode_width::UnicodeWidthStr::width(&line[..i]))
            .collect();
        for (k, column) in borders.iter().enumerate() {
            assert_eq!(column % 16, if k % 2 == 0 { 0 } else { 12 }, "{line}");
        }
    }
    pinned("draw@wide-names", &out);
}

/// With colour on, each room's border and state take the colour of the
/// state's place in the rules; `--color never` draws plain.
#[test]
fn rooms_are_coloured_by_state_when_colour_is_on() {
    let board = "tests/fixtures/wide-names.board";
    let (out, _, code) = hatchway(&["draw", board, "--color", "always"]);
    assert_eq!(code, 0);
    // `clear` is the rules' first state (green), `fire` the fourth (red).
    assert!(out.contains("\u{1b}[32m|clear"), "{out:?}");
    assert!(out.contains("\u{1b}[31m|fire"), "{out:?}");
    let (plain, _, _) = hatchway(&["draw", board, "--color", "never"]);
    assert!(!plain.contains('\u{1b}'));
}

#[test]
fn places_must_be_small_and_unique() {
    let dir = std::env::temp_dir().join(format!("hatchway-draw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let cases = [
        (
            "same.board",
            "board b\nroom 1 at 0,0\nroom 2 at 0,0\nstart 1\n",
            "two rooms are at 0,0",
        ),
        (
            "far.board",
            "board b\nroom 1 at 100,0\nstart 1\n",
            "the column `100` is too large",
        ),
    ];
    for (name, text, message) in cases {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("the file writes");
        let (_, err, code) = hatchway(&["check", file.to_str().expect("UTF-8 path")]);
        assert_eq!(code, 1, "{name}");
        assert!(err.contains(message), "{name}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
