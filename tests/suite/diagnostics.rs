//! Every file in `tests/invalid/` is an error, and its diagnostics are
//! pinned: rendered without colour at a width of 80 columns, named by the
//! file name alone, in `snapshots/`. Adding a file adds a snapshot.

use crate::common;

use std::path::Path;

use hatchway::diagnostic::Report;
use hatchway::load::{self, Input, InputKind};

/// The folder of `path`, relative to the crate when it is inside it, so that
/// messages about files a board names do not depend on where the crate is.
fn relative_dir(path: &Path) -> Option<std::path::PathBuf> {
    let dir = path.parent()?;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    Some(dir.strip_prefix(root).unwrap_or(dir).to_path_buf())
}

/// Reads a corpus file the way the command line does, but names it by its
/// file name only.
fn input(path: &Path) -> Result<Input, load::Failure> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .expect("corpus file names are UTF-8")
        .to_string();
    let bytes = std::fs::read(path).expect("corpus files can be read");
    hatchway::testing::input_from_bytes(name, bytes, relative_dir(path), InputKind::of(path))
}

/// Everything `hatchway check` would report for a file.
fn reports(path: &Path) -> (bool, Vec<Report>) {
    match input(path).and_then(|i| load::compile(&i)) {
        Ok(loaded) => (true, loaded.warnings),
        Err(failure) => (false, failure.reports),
    }
}

fn render(reports: &[Report]) -> String {
    reports
        .iter()
        .map(|r| r.render_plain(80))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every problem's main place lies inside the text of its own file.
fn assert_labels_inside(name: &str, reports: &[Report]) {
    for r in reports {
        let len = r.file().text.len();
        for label in &r.problem().labels {
            assert!(
                label.span.start < label.span.end && label.span.end <= len,
                "{name}: label {:?} of `{}` is outside its file `{}` ({len} bytes)",
                label.span,
                r.problem().message,
                r.file().name,
            );
            assert!(
                r.file().text.is_char_boundary(label.span.start)
                    && r.file().text.is_char_boundary(label.span.end),
                "{name}: label {:?} of `{}` splits a character",
                label.span,
                r.problem().message,
            );
        }
    }
}

#[test]
fn every_invalid_file_is_an_error() {
    common::snapshot_settings().bind(|| {
        insta::glob!("..", "invalid/*", |path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
            let (ok, reports) = reports(path);
            assert!(!ok, "{name} was accepted");
            assert!(
                reports.iter().any(Report::is_error),
                "{name} failed without an error"
            );
            assert_labels_inside(name, &reports);
            insta::assert_snapshot!("invalid", render(&reports));
        });
    });
}

#[test]
fn the_corpus_is_large_enough() {
    let count = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/invalid"))
        .expect("tests/invalid exists")
        .count();
    assert!(count >= 30, "only {count} invalid files");
}

#[test]
fn a_missing_file_is_an_error() {
    let failure = load::read(Path::new("tests/invalid/no-such-file.board"))
        .expect_err("the file does not exist");
    assert!(failure.reports.iter().all(Report::is_error));
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("invalid@missing-file", render(&failure.reports));
    });
}

#[test]
fn a_folder_is_not_a_file() {
    let failure = load::read(Path::new("tests/invalid")).expect_err("a folder is not a file");
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("invalid@folder", render(&failure.reports));
    });
}

#[test]
fn a_rules_file_is_not_a_board() {
    let path = Path::new("boards/red-november.rules");
    let failure = input(path)
        .and_then(|i| load::board(&i))
        .expect_err("a rules file is not a board");
    assert_labels_inside("red-november.rules", &failure.reports);
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("invalid@rules-given-as-board", render(&failure.reports));
    });
}

#[test]
fn an_oversized_input_is_an_error() {
    let bytes = vec![b'#'; 2 << 20];
    let failure =
        hatchway::testing::input_from_bytes("huge.board".into(), bytes, None, InputKind::Language)
            .expect_err("two MiB is too much");
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("invalid@oversized", render(&failure.reports));
    });
}

#[test]
fn an_unreachable_room_is_a_warning() {
    // The old model has no action that unblocks a hatch: a blocked hatch is
    // a wall there.
    let text = "board island\nrules red-november\nroom 1\nroom 2\nroom 3\nhatch 1-2\nhatch 2-3: blocked\nstart 1\n";
    let loaded = load::board_from_str("island.board", text).expect("the board is valid");
    assert_eq!(loaded.warnings.len(), 1);
    assert!(!loaded.warnings[0].is_error());
    assert_labels_inside("island.board", &loaded.warnings);
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("warning@unreachable-room", render(&loaded.warnings));
    });
}

/// Under the published rules, Unblock Hatch frees a blocked hatch: a room
/// behind one is a normal state of the game, not a room cut off, and no
/// warning is given.
#[test]
fn a_room_behind_a_hatch_an_action_frees_is_no_warning() {
    let text = "board jammed\nroom 1\nroom 2\nroom 3\nhatch 1-2\nhatch 2-3: blocked\nstart 1\n";
    let loaded = load::board_from_str("jammed.board", text).expect("the board is valid");
    assert!(loaded.warnings.is_empty(), "{}", render(&loaded.warnings));
}

#[test]
fn shipped_files_have_no_problems() {
    let boards = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards");
    for entry in std::fs::read_dir(boards).expect("boards/ exists") {
        let path = entry.expect("boards/ can be listed").path();
        let (ok, reports) = reports(&path);
        assert!(ok, "{} has errors:\n{}", path.display(), render(&reports));
        assert!(
            reports.is_empty(),
            "{} has warnings:\n{}",
            path.display(),
            render(&reports)
        );
    }
}

/// Every file that could be cut short or lose a line: no panic, and every
/// label lies inside its own file.
#[test]
fn damaged_files_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    for dir in ["boards", "tests/invalid"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("the folder exists") {
            paths.push(entry.expect("the folder can be listed").path());
        }
    }
    paths.sort();
    for path in paths {
        let bytes = std::fs::read(&path).expect("the file can be read");
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        // Every cut of a small file; about 500 cuts and lines of a big one.
        let step = (bytes.len() / 500).max(1);
        let mut variants: Vec<Vec<u8>> = (0..bytes.len())
            .step_by(step)
            .map(|n| bytes[..n].to_vec())
            .collect();
        let lines: Vec<&[u8]> = bytes.split_inclusive(|&b| b == b'\n').collect();
        for skip in (0..lines.len()).step_by((lines.len() / 500).max(1)) {
            variants.push(
                lines
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != skip)
                    .flat_map(|(_, l)| l.iter().copied())
                    .collect(),
            );
        }
        for bytes in variants {
            let result = hatchway::testing::input_from_bytes(
                name.to_string(),
                bytes,
                relative_dir(&path),
                InputKind::of(&path),
            )
            .and_then(|i| load::compile(&i));
            let reports = match result {
                Ok(loaded) => loaded.warnings,
                Err(failure) => failure.reports,
            };
            assert_labels_inside(name, &reports);
            for r in &reports {
                let _ = r.render_plain(80);
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

    /// Text spliced anywhere into a valid board or rules file, or into a
    /// YAML or JSON board: no panic, and every label lies inside its file.
    #[test]
    fn spliced_text_never_panics(
        which in 0usize..4,
        at in 0usize..400,
        insert in r#"([a-z_0-9 :,+\-">{}\[\]#\n\t]|room |hatch |enter |flow |rules |start |cost |from |with |"|\u{0}|é){0,12}"#,
    ) {
        let (name, text) = match which {
            0 => ("red-november.board", include_str!("../../boards/red-november.board")),
            1 => ("red-november.rules", include_str!("../../boards/red-november.rules")),
            2 => ("board.yaml", "name: x\nrooms:\n  - {id: 1, state: clear}\n  - {id: 2}\nhatches:\n  - {between: [1, 2], state: open}\nstart: 1\n"),
            _ => ("board.json", "{\"rooms\": [{\"id\": 1}, {\"id\": \"b\", \"state\": \"fire\"}], \"hatches\": [{\"between\": [1, \"b\"]}], \"start\": 1}"),
        };
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let spliced = format!("{}{}{}", &text[..at], insert, &text[at..]);
        let result = hatchway::testing::input_from_bytes(
            name.to_string(),
            spliced.into_bytes(),
            None,
            InputKind::of(Path::new(name)),
        )
        .and_then(|i| load::compile(&i));
        let reports = match result {
            Ok(loaded) => loaded.warnings,
            Err(failure) => failure.reports,
        };
        assert_labels_inside(name, &reports);
        for r in &reports {
            let _ = r.render_plain(80);
        }
    }
}

/// A file with thousands of problems is read in about the time it takes to
/// parse it, and reports a bounded number of them with a count of the rest.
#[test]
fn thousands_of_problems_are_counted_not_listed() {
    let mut text = String::from("board broken\n");
    while text.len() < 1_000_000 {
        text.push_str(&format!("room {} 2\n", text.len()));
    }
    let failure = load::board_from_str("broken.board", &text).expect_err("every line is wrong");
    assert_eq!(failure.reports.len(), 51);
    let last = failure.reports.last().expect("a note").problem();
    assert!(
        last.message.ends_with("more statements do not parse"),
        "{}",
        last.message
    );

    let mut text = String::from("board smoky\n");
    for i in 0..300 {
        text.push_str(&format!("room {i}: smoke\n"));
    }
    text.push_str("start 0\n");
    let failure = load::board_from_str("smoky.board", &text).expect_err("no such state");
    assert_eq!(failure.reports.len(), 101);
    let last = failure.reports.last().expect("a note").problem();
    assert_eq!(last.message, "200 more problems (200 errors) are not shown");
    assert!(last.is_error());
}
