//! `hatchway export`: every shipped board, written in each format and read
//! back, is the same board (rooms, hatches, start, rules) with the same
//! outcomes; tricky ids and names survive; the command itself behaves.

use crate::common;

use common::hatchway;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use hatchway::export::{self, ExportError, ExportFormat, ExportedId, RulesReference};
use hatchway::load::Format;
use hatchway::load::{self, Input, InputKind};
use hatchway::model::{Board, ItemSet, Room};
use hatchway::outcome::Outcome;
use hatchway::search::{self, Limits};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every board shipped in `boards/`, in any format.
fn shipped_boards() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("boards"))
        .expect("boards/ can be listed")
        .map(|e| e.expect("boards/ can be listed").path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("board" | "yaml" | "yml" | "json")
            )
        })
        .collect();
    files.sort();
    assert!(files.len() >= 8, "too few boards found: {files:?}");
    files
}

fn messages(f: &load::Failure) -> String {
    f.reports
        .iter()
        .map(|r| r.render_plain(100))
        .collect::<Vec<_>>()
        .join("\n")
}

fn load_file(path: &Path) -> Board {
    match load::board_file(path) {
        Ok(l) => l.value,
        Err(f) => panic!("{} does not load:\n{}", path.display(), messages(&f)),
    }
}

/// Reads exported text back as a file of `dir` would be read.
fn read_back(text: &str, ext: &str, kind: InputKind, dir: Option<&Path>) -> Board {
    let input = Input {
        name: format!("exported.{ext}"),
        text: text.to_string(),
        dir: dir.map(Path::to_path_buf),
        kind,
    };
    match load::board(&input) {
        Ok(l) => {
            assert!(
                l.warnings.is_empty(),
                "the export warns:\n{}\n---\n{text}",
                l.warnings
                    .iter()
                    .map(|r| r.render_plain(100))
                    .collect::<String>()
            );
            l.value
        }
        Err(f) => panic!(
            "the export does not read back:\n{}\n---\n{text}",
            messages(&f)
        ),
    }
}

/// The compiled boards are the same: name, rooms (ids, names, states),
/// hatches, start and rules.
fn assert_same(what: &str, a: &Board, b: &Board) {
    assert_eq!(a.name, b.name, "{what}: name");
    assert_eq!(a.rooms, b.rooms, "{what}: rooms");
    assert_eq!(a.hatches, b.hatches, "{what}: hatches");
    assert_eq!(a.start, b.start, "{what}: start");
    assert_eq!(a.rules.name, b.rules.name, "{what}: rules name");
    assert_eq!(*a.rules, *b.rules, "{what}: rules");
}

/// Every outcome of a turn for a player with no item (the turns of the
/// shipped boards with items are too large to list in a test).
fn outcomes(board: &Board) -> Vec<Outcome> {
    let movement = board.rules.movement(ItemSet::default());
    let solution =
        search::solve(board, &movement, board.start, &Limits::default()).expect("solves");
    assert!(!solution.outcomes.is_empty(), "{}: no outcome", board.name);
    solution.outcomes
}

/// `search::solve` gives the same outcomes on both boards.
fn assert_same_outcomes(what: &str, a: &Board, b: &Board) {
    assert_eq!(outcomes(a), outcomes(b), "{what}: outcomes");
}

#[test]
fn every_shipped_board_reads_back_the_same_in_every_format() {
    for path in shipped_boards() {
        let board = load_file(&path);
        let expected = outcomes(&board);
        let rules = export::rules_reference(&board);
        assert!(
            matches!(rules, RulesReference::Builtin(_)),
            "{}: shipped boards use built-in rules",
            path.display()
        );
        for (format, ext, kind) in common::FORMATS {
            let what = format!("{} as {ext}", path.display());
            let text = export::write(&board, &rules, format).expect("a shipped board exports");
            let back = read_back(&text, ext, kind, path.parent());
            assert_same(&what, &board, &back);
            assert_eq!(expected, outcomes(&back), "{what}: outcomes");
            // Writing what was read back gives the same text: the export is
            // a fixed point.
            let again = export::write(&back, &export::rules_reference(&back), format)
                .expect("exports again");
            assert_eq!(text, again, "{what}: exporting twice differs");
        }
    }
}

#[test]
fn every_format_converts_to_every_other() {
    let board = load_file(&root().join("boards/burning-reactor.board"));
    let rules = export::rules_reference(&board);
    for (from, from_ext, from_kind) in common::FORMATS {
        let first = read_back(
            &export::write(&board, &rules, from).expect("exports"),
            from_ext,
            from_kind,
            None,
        );
        for (to, to_ext, to_kind) in common::FORMATS {
            let text = export::write(&first, &rules, to).expect("exports");
            let back = read_back(&text, to_ext, to_kind, None);
            assert_same(&format!("{from_ext} -> {to_ext}"), &board, &back);
        }
    }
}

/// A board whose ids and names need care in every format: ids that YAML
/// would read as other things, ids too long for a number, names with YAML
/// and DOT punctuation.
const TRICKY: &str = r#"
board "true"
rules red-november
room 007 "Bond's: #1 room": low_flood
room 0
room 18446744073709551615 "u64 max"
room 18446744073709551616 "past u64"
room null "  spaced  "
room yes "&amp; \ back"
room 1e3 "Ünïcödé ✓"
room 0x1F "- dash"
room no "[brackets] {braces}"
room _ "'single' quotes"
hatch 007-0: open
hatch 0-18446744073709551615
hatch 18446744073709551615-18446744073709551616: blocked
hatch null-yes
hatch yes-1e3
hatch 1e3-0x1F
hatch 0x1F-no
hatch no-_
hatch _-007
hatch _-18446744073709551616
start null
"#;

#[test]
fn tricky_ids_and_names_read_back_the_same() {
    let board = match load::board_from_str("tricky.board", TRICKY) {
        Ok(l) => l.value,
        Err(f) => panic!("{}", messages(&f)),
    };
    let rules = export::rules_reference(&board);
    for (format, ext, kind) in common::FORMATS {
        let text = export::write(&board, &rules, format).expect("exports");
        let back = read_back(&text, ext, kind, None);
        assert_same(&format!("tricky as {ext}"), &board, &back);
        assert_same_outcomes(&format!("tricky as {ext}"), &board, &back);
    }
}

#[test]
fn ids_are_numbers_only_when_they_read_back_as_the_same_text() {
    assert_eq!(ExportedId::of("7"), ExportedId::Number(7));
    assert_eq!(ExportedId::of("0"), ExportedId::Number(0));
    assert_eq!(
        ExportedId::of("18446744073709551615"),
        ExportedId::Number(u64::MAX)
    );
    for text in ["007", "00", "18446744073709551616", "sea", "1e3", ""] {
        assert_eq!(ExportedId::of(text), ExportedId::Text(text.to_string()));
    }
    let board = load_file(&root().join("boards/mini-flood.board"));
    let json = export::write(&board, &export::rules_reference(&board), ExportFormat::Json)
        .expect("exports");
    let value: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(value["start"], serde_json::json!(2));
    assert_eq!(value["rules"], serde_json::json!("red-november"));
    assert_eq!(value["hatches"][0]["between"], serde_json::json!([1, 2]));
    assert_eq!(value["rooms"][1]["state"], serde_json::json!("high_flood"));
}

#[test]
fn rooms_and_hatches_are_written_in_board_order() {
    // galley.json lists rooms and hatches in its own order; the export uses
    // the board's canonical order whatever the source order was.
    let board = load_file(&root().join("boards/galley.json"));
    let doc = export::board_doc(&board, &export::rules_reference(&board));
    let ids: Vec<ExportedId> = doc.rooms.iter().map(|r| r.id.clone()).collect();
    let expected: Vec<ExportedId> = ["bunks", "corridor", "galley", "mess", "pantry"]
        .iter()
        .map(|s| ExportedId::Text((*s).to_string()))
        .collect();
    assert_eq!(ids, expected);
    assert_eq!(
        doc.hatches[0].between,
        [
            ExportedId::Text("bunks".into()),
            ExportedId::Text("corridor".into())
        ]
    );
    assert_eq!(doc.start, ExportedId::Text("galley".into()));
}

#[test]
fn the_language_export_is_plain_board_text() {
    let board = load_file(&root().join("boards/burning-reactor.board"));
    let text = export::write(
        &board,
        &export::rules_reference(&board),
        ExportFormat::Hatchway,
    )
    .expect("exports");
    assert!(
        text.starts_with("board burning-reactor\nrules red-november\n\n"),
        "{text}"
    );
    assert!(text.contains("\nroom 4 \"Reactor Room\": fire\n"), "{text}");
    assert!(text.contains("\nroom 3: clear\n"), "{text}");
    assert!(text.contains("\nhatch 2-5: blocked\n"), "{text}");
    assert!(text.ends_with("\nstart 4\n"), "{text}");
}

#[test]
fn rules_that_are_not_built_in_are_named_by_path() {
    let dir = root().join("tests/fixtures/house");
    let board = load_file(&dir.join("house.board"));
    assert_eq!(
        export::rules_reference(&board),
        RulesReference::Path("house".to_string())
    );
    let rules = RulesReference::Path("house.rules".to_string());
    for (format, ext, kind) in common::FORMATS {
        let text = export::write(&board, &rules, format).expect("exports");
        let back = read_back(&text, ext, kind, Some(&dir));
        assert_same(&format!("house as {ext}"), &board, &back);
        assert_same_outcomes(&format!("house as {ext}"), &board, &back);
    }
}

#[test]
fn names_the_language_cannot_hold_are_an_error_not_a_broken_file() {
    let board = load_file(&root().join("boards/open-mini.board"));
    let mut rooms = board.rooms.clone();
    rooms[0] = Room {
        name: Some("say \"hi\"".to_string()),
        ..rooms[0].clone()
    };
    let odd = Board::new(
        "odd".to_string(),
        Arc::clone(&board.rules),
        rooms,
        board.hatches.clone(),
        board.start,
    );
    let rules = export::rules_reference(&odd);
    assert!(matches!(
        export::write(&odd, &rules, ExportFormat::Hatchway),
        Err(ExportError::Unwritable {
            what: "room name",
            ..
        })
    ));
    // YAML and JSON can hold it.
    assert!(export::write(&odd, &rules, ExportFormat::Yaml).is_ok());
    assert!(export::write(&odd, &rules, ExportFormat::Json).is_ok());
}

#[test]
fn the_command_writes_each_format_to_stdout() {
    for (format, ext, kind) in common::FORMATS {
        let name = match format {
            ExportFormat::Yaml => "yaml",
            ExportFormat::Json => "json",
            ExportFormat::Hatchway => "hatchway",
        };
        let (out, err, code) = hatchway(&["export", "boards/mini-flood.board", "--format", name]);
        assert_eq!(code, 0, "{err}");
        assert!(err.is_empty(), "{err}");
        let back = read_back(&out, ext, kind, None);
        assert_same(
            name,
            &load_file(&root().join("boards/mini-flood.board")),
            &back,
        );
    }
    // With no board, the standard board of the published game.
    let (out, _, code) = hatchway(&["export", "--format", "hatchway"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("board red-november-rulebook\nrules red-november-rulebook\n"),
        "{out}"
    );
}

#[test]
fn the_command_names_house_rules_by_their_path_and_says_so() {
    let (out, err, code) = hatchway(&[
        "export",
        "tests/fixtures/house/house.board",
        "--format",
        "yaml",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("rules: house.rules\n"), "{out}");
    assert!(err.contains("not built in"), "{err}");
    let back = read_back(
        &out,
        "yaml",
        InputKind::Document(Format::Yaml),
        Some(&root().join("tests/fixtures/house")),
    );
    assert_same(
        "house",
        &load_file(&root().join("tests/fixtures/house/house.board")),
        &back,
    );
}

#[test]
fn the_command_fails_cleanly() {
    let (out, err, code) = hatchway(&["export", "no-such.board", "--format", "yaml"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("no such file"), "{err}");
    let (_, err, code) = hatchway(&["export", "boards/mini-flood.board", "--format", "toml"]);
    assert_eq!(code, 2, "{err}");
    let (_, err, code) = hatchway(&["export", "boards/mini-flood.board"]);
    assert_eq!(code, 2, "{err}");
}
