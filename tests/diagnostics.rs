//! Every file in `tests/invalid/` is an error, and its diagnostics are
//! pinned: rendered without colour at a width of 80 columns, named by the
//! file name alone, in `snapshots/`. Adding a file adds a snapshot.

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
    load::input_from_bytes(name, bytes, relative_dir(path), InputKind::of(path))
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

fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

#[test]
fn every_invalid_file_is_an_error() {
    snapshot_settings().bind(|| {
        insta::glob!("invalid/*", |path| {
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
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("invalid@missing-file", render(&failure.reports));
    });
}

#[test]
fn a_folder_is_not_a_file() {
    let failure = load::read(Path::new("tests/invalid")).expect_err("a folder is not a file");
    snapshot_settings().bind(|| {
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
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("invalid@rules-given-as-board", render(&failure.reports));
    });
}

#[test]
fn an_oversized_input_is_an_error() {
    let bytes = vec![b'#'; 2 << 20];
    let failure = load::input_from_bytes("huge.board".into(), bytes, None, InputKind::Language)
        .expect_err("two MiB is too much");
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("invalid@oversized", render(&failure.reports));
    });
}

#[test]
fn an_unreachable_room_is_a_warning() {
    let text = "board island\nroom 1\nroom 2\nroom 3\nhatch 1-2\nhatch 2-3: blocked\nstart 1\n";
    let loaded = load::board_from_str("island.board", text).expect("the board is valid");
    assert_eq!(loaded.warnings.len(), 1);
    assert!(!loaded.warnings[0].is_error());
    assert_labels_inside("island.board", &loaded.warnings);
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("warning@unreachable-room", render(&loaded.warnings));
    });
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
