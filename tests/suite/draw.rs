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
        assert!(line.chars().count() <= 80, "too wide: {line:?}");
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
