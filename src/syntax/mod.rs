//! Text to syntax tree, in three stages of a file each: `parse` reads the
//! text by the pest grammar in `grammar/hatchway.pest` (the parser pest
//! derives is in `grammar`), starting again after each statement that does
//! not parse; `lower` walks the parse tree of a file that parses into an
//! [`ast::File`] with spans; `wording` explains each syntax error in the
//! player's words (which statement was being read, what was expected, what
//! was found). Parsing uses the other two; they use the grammar, not each
//! other.

pub mod ast;
mod grammar;
pub mod keywords;
mod lower;
mod parse;
mod wording;

pub(crate) use grammar::Rule;
pub use parse::{parse, parse_all};
pub(crate) use parse::{parse_partial, parse_tree, whole_statement};
pub use wording::room_id_help;

#[cfg(test)]
mod reference_tests;
