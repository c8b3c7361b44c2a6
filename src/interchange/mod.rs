//! Boards as YAML or JSON (the shape of `INTERCHANGE.md`), read into the same
//! syntax tree as the hatchway language so that the same checks apply.
//!
//! - `document`: the document's shape (serde and JSON Schema types);
//! - `reading`: text to document, with problems at their places;
//! - `messages`: serde's errors said in the player's words;
//! - `tree`: a document to the syntax tree the checker takes;
//! - `places`: where each value stands in the text, looked up only for the
//!   values a problem points at.
//!
//! It also holds what every document hatchway reads or writes shares, its
//! format version, so that a document read back (a sweep shard's summary)
//! checks it with no view of its own.

mod document;
mod messages;
mod offsets;
mod places;
mod reading;
mod tree;

pub use document::{BoardDoc, Format};
pub use places::{Places, read_board_placed};
pub use reading::{read_board, read_document};
pub use tree::board_file;

/// The version of every JSON and YAML document hatchway writes: each carries
/// it as `"format"`. It changes only when a document changes in a way an
/// existing reader could misread (docs/INTERCHANGE.md).
pub const FORMAT: u32 = 1;

/// A JSON reader's error about a document that is not a board, as a
/// problem placed on the value at fault, with `help` in place of the
/// board's.
pub(crate) fn json_document_problem(
    text: &str,
    error: &serde_json::Error,
    help: &str,
) -> crate::diagnostic::Problem {
    let mut problem = messages::json_problem(text, ".", error);
    problem.help = Some(help.to_string());
    problem
}
