//! The documents of `INTERCHANGE.md`, all built here so that the same thing
//! has the same shape in every output: one file a document (`result.rs`
//! the result of `paths`, `replay.rs` the step-by-step logs of `replay`,
//! `plan.rs` a player's plan judged, `fixit.rs` the plans of `plan`), the
//! pieces they share in `parts.rs`, and here what every document starts
//! with: its format version and the turn.

use schemars::JsonSchema;
use serde::Serialize;
use serde::ser::SerializeMap;

use super::RenderError;
use crate::answer::{Answer, Plans, Refused, Replay, Told, Turn};
use crate::model::turn::Probability;
use crate::model::{Board, Movement, Quote, RoomId, RuleRef, StateId};
use crate::outcome::Action;
use crate::referee::{Ruling, Step};

mod check;
mod fixit;
mod menu;
mod parts;
mod plan;
mod replay;
mod result;

pub use check::*;
pub use fixit::*;
pub use menu::*;
pub use parts::*;
pub use plan::*;
pub use replay::*;
pub use result::*;

pub use crate::interchange::FORMAT;

/// A document with its format version as its first field.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Versioned<T> {
    /// The format version, [`FORMAT`].
    pub format: u32,
    /// The document.
    #[serde(flatten)]
    pub document: T,
}

impl<T> Versioned<T> {
    /// `document` with the current format version.
    pub fn new(document: T) -> Versioned<T> {
        Versioned {
            format: FORMAT,
            document,
        }
    }
}

/// What every document says first: the board, the rules it was played by,
/// the items held and where the turn starts.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TurnDoc<'a> {
    /// The board's name.
    pub board: &'a str,
    /// The rules' name.
    pub rules: &'a str,
    /// The items the player holds, in the order the rules declare them.
    pub items: Vec<&'a str>,
    /// The start room's id.
    pub start: &'a str,
}

/// The turn's heading for a board, rules with items, and a start room.
pub fn turn_doc(turn: &Turn) -> TurnDoc<'_> {
    let (board, movement, start) = (&turn.board, &turn.movement, turn.start);
    let rules = movement.rules();
    TurnDoc {
        board: &board.name,
        rules: &rules.name,
        items: movement.held(),
        start: &board.room(start).id,
    }
}
