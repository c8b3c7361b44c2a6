//! Files to compiled models: reading (with the size limit), choosing the
//! reader by the file's kind, finding a board's rules, and gathering every
//! problem as a [`Report`] tied to its file.
//!
//! Checking a board reads no file itself: the rules file a board names
//! (`rules "mine.rules"`) is read by a reader given to it, the disk for
//! [`compile`], [`board`] and the others, or one of the caller's with
//! [`compile_with`].

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostic::{Problem, Report, SourceFile};
pub use crate::interchange::Format;
use crate::model::{Board, Rules};

// The stages, each using only those before it: `reading` reads files;
// `reports` puts a file's problems in order as reports; `rules_text`
// compiles a rules file's text; `finding` finds a board's rules (built-in,
// or a file it reads and compiles); `compiling` compiles whatever an input
// holds, a board with the rules found. `named` and `layouts` build on them.
mod compiling;
mod finding;
pub(crate) mod layouts;
mod named;
mod reading;
mod rebind;
mod reports;
mod rules_text;

pub use compiling::{
    board, board_file, board_from_str, board_played_by, compile, compile_with, rules_file,
    rules_from_str,
};
pub use finding::{builtin_rules, builtin_rules_names, builtin_rules_text};
pub(crate) use layouts::Layouts;
pub use named::{Named, NamedRules, NotRules, RulesReference, board_input, rules_named};
pub(crate) use reading::input_from_bytes;
pub use reading::{read, read_rules_named, standard_board, standard_board_of};
pub use rebind::{Incompatible, rebind};

/// Problems that stop a file from being used, with any warnings.
#[derive(Debug, Default)]
pub struct Failure {
    /// Every report, errors and warnings, in the order found.
    pub reports: Vec<Report>,
}

impl std::fmt::Display for Failure {
    /// The first error as `file:line:column: message`, and how many more
    /// problems there are; [`Report::render`] shows each in full.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let first = self
            .reports
            .iter()
            .find(|r| r.is_error())
            .or(self.reports.first());
        let Some(report) = first else {
            return write!(f, "the file cannot be used");
        };
        write!(f, "{}", report.file().name)?;
        if let Some((line, column)) = report.line_column() {
            write!(f, ":{line}:{column}")?;
        }
        write!(f, ": {}", report.problem().message)?;
        match self.reports.len() - 1 {
            0 => Ok(()),
            1 => write!(f, " (and 1 more problem)"),
            n => write!(f, " (and {n} more problems)"),
        }
    }
}

impl std::error::Error for Failure {}

impl Failure {
    fn single(source: SourceFile, problem: Problem) -> Failure {
        Failure {
            reports: vec![Report::new(Arc::new(source), problem)],
        }
    }
}

/// A compiled value with the warnings found on the way.
#[derive(Debug)]
pub struct Loaded<T> {
    /// The compiled value.
    pub value: T,
    /// Warnings (never errors).
    pub warnings: Vec<Report>,
}

/// What a file turned out to hold.
#[derive(Debug)]
pub enum Compiled {
    /// A rules file.
    Rules(Arc<Rules>),
    /// A board (with its rules).
    Board(Board),
}

/// Text read from a file or taken from the binary, with its display name and
/// the folder that relative rules paths start from.
#[derive(Clone, Debug)]
pub struct Input {
    /// Shown in diagnostics.
    pub name: String,
    /// The text.
    pub text: String,
    /// The folder of the file, for `rules "relative.rules"`.
    pub dir: Option<PathBuf>,
    /// How to read it.
    pub kind: InputKind,
}

/// The reader a file needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// The hatchway language.
    Language,
    /// A board in the interchange shape.
    Document(Format),
}

impl InputKind {
    /// The reader for a path, by its extension.
    pub fn of(path: &Path) -> InputKind {
        match path.extension().and_then(|e| e.to_str()) {
            Some("yaml" | "yml") => InputKind::Document(Format::Yaml),
            Some("json") => InputKind::Document(Format::Json),
            _ => InputKind::Language,
        }
    }
}
