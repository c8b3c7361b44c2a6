//! The result document of `INTERCHANGE.md`: one per solved board.

use schemars::JsonSchema;
use serde::Serialize;
use serde::ser::SerializeMap;

use crate::model::{Board, Movement, RoomId};
use crate::outcome::{Action, Outcome};
use crate::referee::{self, Step};

/// The whole result of `hatchway paths` for one board.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ResultDoc {
    /// The board's name.
    pub board: String,
    /// The start room's id.
    pub start: String,
    /// One entry per outcome.
    pub outcomes: Vec<OutcomeDoc>,
}

/// One outcome.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OutcomeDoc {
    /// Its place in the full listing of the turn (cheapest first, counting
    /// from 1), the same whatever filter hides other outcomes.
    pub number: usize,
    /// Where the player ends.
    pub final_room: String,
    /// The minimum total cost.
    pub cost: u32,
    /// The final state of every room, in board order.
    pub rooms: RoomStates,
    /// Rooms whose state differs from the start.
    pub changed: Vec<String>,
    /// One cheapest action sequence.
    pub actions: Vec<ActionDoc>,
}

/// Room id to state name, kept in board order (numbers by value).
#[derive(Debug)]
pub struct RoomStates(pub Vec<(String, String)>);

impl JsonSchema for RoomStates {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RoomStates".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Room id to the state the room is left in, for every room.",
            "type": "object",
            "additionalProperties": {"type": "string"}
        })
    }
}

impl Serialize for RoomStates {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// One action of a path.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum ActionDoc {
    /// A hatch opened, with the rooms water flowed into.
    Open {
        /// The hatch's two rooms.
        hatch: [String; 2],
        /// What it cost.
        cost: u32,
        /// Rooms whose state the opening changed.
        flood: Vec<String>,
    },
    /// A move into a room.
    Move {
        /// The room entered.
        room: String,
        /// What it cost.
        cost: u32,
    },
}

/// Describes one step for the document.
pub fn action_doc(board: &Board, step: &Step) -> ActionDoc {
    match step.action {
        Action::Open(h) => {
            let [a, b] = board.hatch(h).rooms;
            ActionDoc::Open {
                hatch: [board.room(a).id.clone(), board.room(b).id.clone()],
                cost: step.cost.0,
                flood: step
                    .changes
                    .iter()
                    .map(|c| board.room(c.room).id.clone())
                    .collect(),
            }
        }
        Action::Move(r) => ActionDoc::Move {
            room: board.room(r).id.clone(),
            cost: step.cost.0,
        },
    }
}

/// Builds the document for a board's outcomes, each with its number.
pub fn result_doc(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    outcomes: &[(usize, Outcome)],
) -> ResultDoc {
    let rules = movement.rules();
    let outcomes = outcomes
        .iter()
        .map(|(number, o)| {
            // The engine's paths replay by construction; a failure here would
            // be an engine bug, and the document then shows no actions rather
            // than a wrong log.
            let steps = referee::replay(board, movement, start, &o.actions)
                .map(|(_, steps)| steps)
                .unwrap_or_default();
            OutcomeDoc {
                number: *number,
                final_room: board.room(o.room).id.clone(),
                cost: o.cost.0,
                rooms: RoomStates(
                    board
                        .rooms
                        .iter()
                        .zip(&o.rooms)
                        .map(|(r, s)| (r.id.clone(), rules.room_states[usize::from(s.0)].clone()))
                        .collect(),
                ),
                changed: board
                    .rooms
                    .iter()
                    .zip(&o.rooms)
                    .filter(|(r, s)| r.state != **s)
                    .map(|(r, _)| r.id.clone())
                    .collect(),
                actions: steps.iter().map(|s| action_doc(board, s)).collect(),
            }
        })
        .collect();
    ResultDoc {
        board: board.name.clone(),
        start: board.room(start).id.clone(),
        outcomes,
    }
}
