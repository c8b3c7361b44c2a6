//! `hatchway import`: a flat file of the first pathfinder becomes the same
//! turn as the board written by hand, and malformed flat files are errors at
//! their place, pinned in `snapshots/` (`import@NAME`).

use crate::common;

use common::hatchway_in;

use std::path::Path;

use hatchway::import::{self, Flat};
use hatchway::load;
use hatchway::model::{Board, ItemSet};
use hatchway::search::{self, Limits};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn messages(f: &load::Failure) -> String {
    f.reports
        .iter()
        .map(|r| r.render_plain(100))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A board from text, with no warning.
fn board_from(name: &str, text: &str) -> Board {
    match load::board_from_str(name, text) {
        Ok(l) => {
            assert!(l.warnings.is_empty(), "{name} warns");
            l.value
        }
        Err(f) => panic!("{name} does not compile:\n{}\n---\n{text}", messages(&f)),
    }
}

fn board_file(path: &str) -> Board {
    match load::board_file(&root().join(path)) {
        Ok(l) => l.value,
        Err(f) => panic!("{path} does not compile:\n{}", messages(&f)),
    }
}

/// What `hatchway import` prints for a flat file, compiled.
fn imported(dir: &str, file: &str) -> (String, Board) {
    let (out, err, code) = hatchway_in(dir, &["import", file]);
    assert_eq!(code, 0, "{file}:\n{err}");
    assert!(err.is_empty(), "{file}:\n{err}");
    let board = board_from("imported.board", &out);
    (out, board)
}

/// Same rooms, hatches, start and rules, and the same outcomes from the
/// start room and from every other room.
fn assert_same_turn(what: &str, a: &Board, b: &Board) {
    // Where a room is drawn is not part of the turn: a board written by
    // hand may leave it out.
    let unplaced = |b: &Board| -> Vec<hatchway::model::Room> {
        b.rooms
            .iter()
            .map(|r| hatchway::model::Room {
                position: None,
                ..r.clone()
            })
            .collect()
    };
    assert_eq!(unplaced(a), unplaced(b), "{what}: rooms");
    assert_eq!(a.hatches, b.hatches, "{what}: hatches");
    assert_eq!(a.start, b.start, "{what}: start");
    assert_eq!(*a.rules, *b.rules, "{what}: rules");
    let movement = a.rules.movement(ItemSet::default());
    for (i, _) in a.rooms.iter().enumerate() {
        let from = hatchway::model::RoomId(i as u32);
        let sa = search::solve(a, &movement, from, &Limits::default()).expect("solves");
        let sb = search::solve(b, &movement, from, &Limits::default()).expect("solves");
        assert_eq!(sa.outcomes, sb.outcomes, "{what}: outcomes from room {i}");
    }
}

#[test]
fn a_flat_file_is_the_same_turn_as_the_board_written_by_hand() {
    let (text, board) = imported("tests/fixtures/flat", "mixed.flat");
    let by_hand = board_file("tests/fixtures/flat/mixed.board");
    assert_eq!(board.name, "mixed");
    assert_eq!(board.rules.name, "red-november");
    assert_same_turn("mixed.flat", &by_hand, &board);
    // The written board is a normal board file, with every state spelled
    // out and the standard room names.
    assert!(
        text.contains("\nboard mixed\nrules red-november\n"),
        "{text}"
    );
    assert!(
        text.contains("\nroom 2 \"Oxygen Pumps\" at 1,0: low_flood\n"),
        "{text}"
    );
    assert!(
        text.contains("\nroom 10 \"Captain's Cabin\" at 4,1: clear\n"),
        "{text}"
    );
    assert!(text.contains("\nhatch 8-9: blocked\n"), "{text}");
    assert!(text.ends_with("\nstart 3\n"), "{text}");
}

#[test]
fn spaces_around_words_windows_line_ends_and_blank_lines_at_the_end_are_fine() {
    let (_, spaced) = imported("tests/fixtures/flat", "mixed-spaced.flat");
    let by_hand = board_file("tests/fixtures/flat/mixed.board");
    assert_eq!(spaced.name, "mixed-spaced");
    assert_same_turn("mixed-spaced.flat", &by_hand, &spaced);
}

#[test]
fn the_all_clear_flat_file_is_the_standard_board() {
    // standard.flat has no line break after its last line.
    let (_, board) = imported("tests/fixtures/flat", "standard.flat");
    let standard = board_file("boards/red-november.board");
    assert_same_turn("standard.flat", &standard, &board);
    let movement = board.rules.movement(ItemSet::default());
    let solution =
        search::solve(&board, &movement, board.start, &Limits::default()).expect("solves");
    // RULES.md: ten outcomes, one per room.
    assert_eq!(solution.outcomes.len(), 10);
}

#[test]
fn every_word_maps_to_its_state() {
    let rooms = "Clear,LowFlood,HighFlood,Fire,Clear,Clear,Clear,Clear,Clear,Clear";
    let hatches = "Open,Closed,Blocked,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed";
    let flat = import::parse(&format!("{rooms}\n{hatches}\n10\n")).expect("parses");
    assert_eq!(
        flat,
        Flat {
            rooms: vec![
                "clear",
                "low_flood",
                "high_flood",
                "fire",
                "clear",
                "clear",
                "clear",
                "clear",
                "clear",
                "clear"
            ],
            hatches: [vec!["open", "closed", "blocked"], vec!["closed"; 12]].concat(),
            start: 10,
        }
    );
    let board = import::board(&flat, "words").expect("builds");
    let rules = &board.rules;
    let state = |id: &str| {
        let r = board.room_by_id(id).expect("room exists");
        rules.room_states[usize::from(board.room(r).state.0)].clone()
    };
    assert_eq!(state("3"), "high_flood");
    assert_eq!(state("4"), "fire");
    let hatch = |a: &str, b: &str| {
        let (a, b) = (
            board.room_by_id(a).expect("room"),
            board.room_by_id(b).expect("room"),
        );
        let h = board.hatch_between(a, b).expect("hatch");
        rules.hatch_states[usize::from(board.hatch(h).state.0)].clone()
    };
    assert_eq!(hatch("1", "2"), "open");
    assert_eq!(hatch("1", "3"), "closed");
    assert_eq!(hatch("2", "3"), "blocked");
    assert_eq!(board.room(board.start).id, "10");
}

#[test]
fn board_names_come_from_plain_file_names_only() {
    assert_eq!(import::board_name("turn-3"), "turn-3");
    assert_eq!(import::board_name("my turn"), "imported");
    assert_eq!(import::board_name("room"), "imported");
    assert_eq!(import::board_name(""), "imported");
    assert_eq!(import::board_name(&"x".repeat(65)), "imported");
}

#[test]
fn malformed_flat_files_are_errors_at_their_place() {
    let dir = "tests/fixtures/flat-invalid";
    let mut names: Vec<String> = std::fs::read_dir(root().join(dir))
        .expect("the folder exists")
        .map(|e| {
            e.expect("the folder can be listed")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    assert!(names.len() >= 8, "only {} malformed files", names.len());
    common::snapshot_settings().bind(|| {
        for name in &names {
            let (out, err, code) = hatchway_in(dir, &["import", name]);
            assert_eq!(code, 1, "{name} exited {code}:\n{err}");
            assert!(out.is_empty(), "{name} printed a board:\n{out}");
            assert!(!err.is_empty(), "{name}: no message");
            assert!(!err.contains("panicked"), "{name}:\n{err}");
            insta::assert_snapshot!(format!("import@{name}"), err);
        }
    });
}

#[test]
fn every_error_of_a_file_is_reported_at_a_place_inside_it() {
    let dir = root().join("tests/fixtures/flat-invalid");
    for entry in std::fs::read_dir(&dir).expect("the folder exists") {
        let path = entry.expect("listed").path();
        let Ok(text) = String::from_utf8(std::fs::read(&path).expect("readable")) else {
            continue;
        };
        let problems = import::parse(&text).expect_err("malformed");
        for p in &problems {
            assert!(p.is_error());
            for label in &p.labels {
                assert!(
                    label.span.start < label.span.end && label.span.end <= text.len(),
                    "{}: label {:?} outside the file",
                    path.display(),
                    label.span
                );
            }
            // Only an empty file has no place to point at.
            if !text.trim().is_empty() {
                assert!(
                    !p.labels.is_empty(),
                    "{}: `{}` has no place",
                    path.display(),
                    p.message
                );
            }
        }
    }
}

#[test]
fn a_file_in_no_way_flat_gets_a_bounded_number_of_errors() {
    let junk = "a,".repeat(10_000) + "\n" + &"b,".repeat(10_000) + "\nc\nd\n";
    let problems = import::parse(&junk).expect_err("junk");
    assert!(problems.len() <= 16, "{} problems", problems.len());
}

#[test]
fn a_missing_file_is_an_error() {
    let (out, err, code) = hatchway_in(".", &["import", "no-such.flat"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("no such file"), "{err}");
}
