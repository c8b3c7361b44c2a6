//! hatchway: the movement rules of Red November's submarine as data, and an
//! exact search over them.
//!
//! The library is what the `hatchway` command is built on, and a program
//! can do all it does:
//!
//! - [`load`] a board or a rules file from text or a path (the hatchway
//!   language, or a board as YAML or JSON), with every problem as a
//!   [`diagnostic::Report`] pointing at its place; [`import`] reads the flat
//!   files of the first pathfinder for this game;
//! - [`search`] a turn from a room, within [`search::Limits`], for every
//!   [`outcome::Outcome`] at its true minimum cost, cheapest first;
//! - walk an outcome's steps with the [`referee`], judge a player's written
//!   plan with [`judgement`], and plan the action after the move and its odds
//!   with [`fixit`];
//! - [`render`] outcomes and replays as the tables, JSON and YAML the
//!   command prints, and the ship as a picture or a Graphviz graph;
//!   [`export`] writes a board back out, and [`format`](mod@format) lays a
//!   file out in the canonical way;
//! - [`sweep`] many random positions of one board for statistics, and
//!   [`generate`] random boards to test a program of your own.
//!
//! The compiled board and rules are in [`model`]: dense tables indexed by
//! small ids ([`model::RoomId`], [`model::StateId`]), where the rules file's
//! names are kept for display only.
//!
//! A board from text, every outcome of a turn, and a plan judged:
//!
//! ```
//! use hatchway::{judgement, load, search};
//! use hatchway::model::ItemSet;
//!
//! let board = load::board_from_str(
//!     "two",
//!     "board two\nroom 1\nroom 2: low_flood\nhatch 1-2\nstart 1\n",
//! )
//! .map_err(|f| format!("{} problems", f.reports.len()))?
//! .value;
//! let movement = board.rules.movement(ItemSet::default());
//! let solution = search::solve(&board, &movement, board.start, &search::Limits::default())?;
//! // Stay for 0 minutes; open the hatch (1) and wade into room 2 (1 more).
//! let costs: Vec<u32> = solution.outcomes.iter().map(|o| o.cost.0).collect();
//! assert_eq!(costs, [0, 2]);
//!
//! let judged = judgement::judge(&board, &movement, board.start, "open 1-2, move 2")
//!     .map_err(|p| p.message)?;
//! assert!(judged.is_allowed());
//! assert_eq!(judged.outcome().cost.0, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

// The library's API: load boards and rules, search them, walk and judge
// what comes out, and render it.
pub mod answer;
pub mod diagnostic;
pub mod export;
pub mod fixit;
pub mod format;
pub mod generate;
pub mod import;
pub mod judgement;
pub mod load;
pub mod model;
pub mod outcome;
pub mod referee;
pub mod render;
pub mod screen;
pub mod search;
pub mod survival;
pub mod sweep;

// The stages and tools behind that API, and the `hatchway` command.
mod builtin;
mod check;
mod cli;
mod interchange;
mod lsp;
mod plan;
mod rules_diff;
mod schema;
mod snapshot;
mod spelling;
mod suite;
mod syntax;

// The Rust example of docs/COMMANDS.md ("From Rust") is compiled and run
// with the doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/COMMANDS.md")]
struct CommandsExample;

/// What the crate's own tests, benchmarks, examples and fuzz targets reach
/// that is not part of its API: the general search the shortcuts are held
/// to, reading raw bytes as a file, and the batch's layout cache. Hidden
/// from the documentation and outside semantic versioning.
#[doc(hidden)]
pub mod testing {
    use std::path::PathBuf;

    use crate::load::{Failure, Input, InputKind};
    use crate::model::{Board, Movement, RoomId};
    use crate::search::{LimitReached, Limits, Solution};

    pub use crate::load::layouts::Layouts;

    /// The general full search over every state, with no shortcut.
    pub fn solve_exhaustive(
        board: &Board,
        movement: &Movement,
        start: RoomId,
        limits: &Limits,
    ) -> Result<Solution, LimitReached> {
        crate::search::solve_exhaustive(board, movement, start, limits)
    }

    /// The bytes a workspace has room for, as its searches count them: the
    /// small search's, and the whole workspace's (every table, queue and
    /// vector of its searches and its answer).
    pub fn workspace_room(workspace: &crate::search::Workspace) -> (usize, usize) {
        workspace.room()
    }

    /// Bytes read as a file named `name`, with its size and encoding
    /// checked as a file's are.
    pub fn input_from_bytes(
        name: String,
        bytes: Vec<u8>,
        dir: Option<PathBuf>,
        kind: InputKind,
    ) -> Result<Input, Failure> {
        crate::load::input_from_bytes(name, bytes, dir, kind)
    }
}

/// Runs the `hatchway` command line on the process's arguments: the whole
/// program of the `hatchway` binary, which is a call of this. It is not part
/// of the library's API.
#[doc(hidden)]
pub fn command_line() -> std::process::ExitCode {
    cli::run()
}

/// The keywords of the hatchway language, from its one table, in the
/// table's order: what an editor's highlighting must know
/// (`editors/vscode/syntaxes/hatchway.tmLanguage.json` is held to it by a test).
pub fn keywords() -> impl Iterator<Item = &'static str> {
    syntax::keywords::KEYWORDS.iter().map(|k| k.word)
}
