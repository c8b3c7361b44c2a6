//! An answer as plain data that can be stored and read back: the turn it
//! answers and, for each outcome, where it ends, what it costs, what it
//! changes, its path and its survival. `hatchway test` keeps it in a
//! snapshot's header beside the replay's text, so that two answers are
//! compared as data rather than read back from the words that tell them.
//!
//! Names are the rules file's (`low_flood`, not "low water"): data, as in
//! JSON, so a change of words is not a change of answer.

use serde::{Deserialize, Serialize};

use super::Answer;

/// A turn's answer, as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Digest {
    /// The board's name.
    pub board: String,
    /// The rules' name.
    pub rules: String,
    /// The start room's id.
    pub start: String,
    /// The items held, in the order the rules declare them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holding: Vec<String>,
    /// Every outcome of the answer, in its order.
    pub outcomes: Vec<Ending>,
}

/// One outcome, as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// Its number in the full listing.
    pub number: usize,
    /// The id of the room it ends in.
    pub room: String,
    /// Its cost in minutes.
    pub minutes: u32,
    /// The rooms whose state it changes, in board order, with their final
    /// state.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<RoomState>,
    /// Its path, as a plan is written (`open 1-2, move 1`); empty when the
    /// gnome stays.
    pub path: String,
    /// Its survival's kind (`safe`, `safe_any_roll`, `safe_sure_roll`,
    /// `fatal`).
    pub survival: String,
}

/// A room and the state it ends in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomState {
    /// The room's id.
    pub room: String,
    /// The state's name.
    pub state: String,
}

impl Answer<'_> {
    /// The answer as data.
    pub fn digest(&self) -> Digest {
        let turn = self.turn;
        let board = &turn.board;
        let rules = &board.rules;
        let outcomes = self
            .outcomes()
            .iter()
            .map(|told| {
                let o = told.outcome;
                let changes = board
                    .rooms
                    .iter()
                    .zip(&o.rooms)
                    .filter(|(r, s)| r.state != **s)
                    .map(|(r, s)| RoomState {
                        room: r.id.clone(),
                        state: rules.room_states[usize::from(s.0)].clone(),
                    })
                    .collect();
                let path: Vec<String> = o.actions.iter().map(|a| a.text(board)).collect();
                Ending {
                    number: told.number,
                    room: board.room(o.room).id.clone(),
                    minutes: o.cost.0,
                    changes,
                    path: path.join(", "),
                    survival: told.survival().kind.name().to_string(),
                }
            })
            .collect();
        Digest {
            board: board.name.clone(),
            rules: rules.name.clone(),
            start: board.room(turn.start).id.clone(),
            holding: turn.movement.held().into_iter().map(String::from).collect(),
            outcomes,
        }
    }
}
