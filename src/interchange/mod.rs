//! Boards as YAML or JSON (the shape of `INTERCHANGE.md`), read into the same
//! syntax tree as the hatchway language so that the same checks apply.
//!
//! - `document`: the document's shape (serde and JSON Schema types);
//! - `reading`: text to document, with problems at their places;
//! - `messages`: serde's errors said in the player's words;
//! - `tree`: a document to the syntax tree the checker takes;
//! - `places`: where each value stands in the text, looked up only for the
//!   values a problem points at.

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
