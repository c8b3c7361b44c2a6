//! Syntax tree to model: every semantic check of rules and board files, and
//! the compilation into [`Rules`](crate::model::Rules) and
//! [`Board`](crate::model::Board).
//!
//! All problems of a file are collected, not just the first; a file compiles
//! only when none of them is an error.
//!
//! - `names`: names and numbers as written, and the lists a rules file
//!   declares (states, items);
//! - `conditions`: the conditions of a rule, checked against what is
//!   declared;
//! - `cases`: every case a kind of rule decides has exactly one most
//!   specific rule;
//! - `rules`: a rules file, compiled into [`Rules`](crate::model::Rules);
//! - `turn`: its `end` and `action` statements;
//! - `board`: a board, checked against its rules and compiled into
//!   [`Board`](crate::model::Board).

mod board;
mod cases;
mod conditions;
mod names;
mod rules;
mod said;
mod turn;

pub use board::{RulesSource, board, sound_board_name};
pub use rules::rules;

use crate::diagnostic::Problem;

/// What checking found: the compiled value when there was no error, and
/// every problem (errors and warnings).
#[derive(Debug)]
pub struct Checked<T> {
    /// The compiled value, when there was no error.
    pub value: Option<T>,
    /// Every problem found, errors and warnings, in file order.
    pub problems: Vec<Problem>,
}
