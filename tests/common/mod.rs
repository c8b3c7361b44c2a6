//! Helpers shared by the integration tests: loading boards, and an
//! independent brute-force enumerator of a turn's outcomes.
//!
//! Each test binary uses a different part of this module.
#![allow(dead_code)]

pub mod brute;
pub mod run;

pub use run::Run;

use std::path::PathBuf;

use hatchway::export::ExportFormat;
use hatchway::load::Format;
use hatchway::load::{self, Failure, InputKind};
use hatchway::model::{Board, HatchId, RoomId, StateId};

/// Proptest settings for `cases` cases. Failures are reported with their
/// (shrunk) input; nothing is written next to the sources.
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}

/// Every format a board can be exported to, with its file extension and
/// how it is read back.
pub const FORMATS: [(ExportFormat, &str, InputKind); 3] = [
    (
        ExportFormat::Yaml,
        "yaml",
        InputKind::Document(Format::Yaml),
    ),
    (
        ExportFormat::Json,
        "json",
        InputKind::Document(Format::Json),
    ),
    (ExportFormat::Hatchway, "board", InputKind::Language),
];

/// The insta settings of every snapshot test: snapshots live in the
/// crate's `snapshots/` folder, named without the test module.
pub fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

/// The words of a message, one space apart: messages wrap differently at
/// different widths, and miette draws a `│` down the left of a wrapped one.
pub fn words(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c == '│')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs the hatchway binary with `args` in the folder `dir` (relative to
/// the crate), without colours; its standard output, standard error and
/// exit code (-1 when it has none).
pub fn hatchway_in(dir: &str, args: &[&str]) -> (String, String, i32) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir))
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        // Output fits `COLUMNS` when set: tests pin the width of a pipe.
        .env_remove("COLUMNS")
        .output()
        .expect("the hatchway binary runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// [`hatchway_in`] the crate's folder.
pub fn hatchway(args: &[&str]) -> (String, String, i32) {
    hatchway_in("", args)
}

/// The path of a file shipped in `boards/`.
pub fn board_path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("boards")
        .join(file)
}

/// Every message of a failure, one a line.
pub fn messages(failure: &Failure) -> String {
    failure
        .reports
        .iter()
        .map(|r| r.problem().message.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A shipped board, compiled (panics with the problems if it does not).
pub fn shipped_board(file: &str) -> Board {
    match load::board_file(&board_path(file)) {
        Ok(loaded) => loaded.value,
        Err(f) => panic!("{file} does not compile:\n{}", messages(&f)),
    }
}

/// A board from text (panics with the problems and the text if it does not
/// compile).
pub fn board(text: &str) -> Board {
    match load::board_from_str("test.board", text) {
        Ok(loaded) => loaded.value,
        Err(f) => panic!("board does not compile:\n{}\n---\n{text}", messages(&f)),
    }
}

/// A room by its id as written (panics if there is none).
pub fn room(board: &Board, id: &str) -> RoomId {
    match board.room_by_id(id) {
        Some(r) => r,
        None => panic!("board has no room `{id}`"),
    }
}

/// A room state by name (panics if the rules have none).
pub fn state(board: &Board, name: &str) -> StateId {
    match board.rules.room_state(name) {
        Some(s) => s,
        None => panic!("rules `{}` have no room state `{name}`", board.rules.name),
    }
}

/// The board's initial room states with some rooms changed: `changes` are
/// (room id, state name) pairs.
pub fn states_with(board: &Board, changes: &[(&str, &str)]) -> Vec<StateId> {
    let mut rooms = board.room_states();
    for &(id, name) in changes {
        rooms[room(board, id).index()] = state(board, name);
    }
    rooms
}

/// A hatch by the ids of its two rooms (panics if there is none).
pub fn hatch(board: &Board, a: &str, b: &str) -> HatchId {
    match board.hatch_between(room(board, a), room(board, b)) {
        Some(h) => h,
        None => panic!("board has no hatch {a}-{b}"),
    }
}
