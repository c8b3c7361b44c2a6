//! Pieces every document shares: the rooms' states, the rooms changed,
//! an action and a step of a path, what a failed roll leads to, and the
//! odds of a choice of minutes.

use super::*;

/// Room id to state name, kept in board order (numbers by value): written
/// straight from the board and the outcome's states, with no copy.
#[derive(Debug)]
pub struct RoomStates<'a> {
    /// The board, for the rooms' ids.
    pub board: &'a Board,
    /// The rules' names of room states.
    pub names: &'a [String],
    /// The state of every room, in board order.
    pub states: &'a [StateId],
}

impl JsonSchema for RoomStates<'_> {
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

impl RoomStates<'_> {
    /// Each room's id with its state's name, in board order.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (&str, &str)> {
        self.board
            .rooms
            .iter()
            .zip(self.states)
            .map(|(room, state)| {
                let name = self
                    .names
                    .get(usize::from(state.0))
                    .map_or("", String::as_str);
                (room.id.as_str(), name)
            })
    }
}

impl Serialize for RoomStates<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.states.len()))?;
        for (id, state) in self.entries() {
            map.serialize_entry(id, state)?;
        }
        map.end()
    }
}

/// The ids of the rooms whose state differs from the board's, in board
/// order: written straight from the board and the outcome's states.
#[derive(Debug)]
pub struct Changed<'a> {
    /// The board, for the rooms' ids and their states at the start.
    pub board: &'a Board,
    /// The state of every room, in board order.
    pub states: &'a [StateId],
}

impl Changed<'_> {
    /// The changed rooms' ids, in board order.
    pub(crate) fn ids(&self) -> impl Iterator<Item = &str> {
        self.board
            .rooms
            .iter()
            .zip(self.states)
            .filter(|(r, s)| r.state != **s)
            .map(|(r, _)| r.id.as_str())
    }
}

impl JsonSchema for Changed<'_> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        <Vec<String>>::schema_name()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        <Vec<String>>::json_schema(generator)
    }
}

impl Serialize for Changed<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.ids())
    }
}

/// One action of a path.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum ActionDoc<'a> {
    /// A hatch opened, with the rooms water flowed into.
    Open {
        /// The hatch's two rooms.
        hatch: [&'a str; 2],
        /// What it cost.
        cost: u32,
        /// Rooms whose state the opening changed, by the rules' `flow`
        /// statements.
        flows: Vec<&'a str>,
    },
    /// A move into a room.
    Move {
        /// The room entered.
        room: &'a str,
        /// What it cost.
        cost: u32,
    },
}

/// Describes one step for the document.
pub fn action_doc<'a>(board: &'a Board, step: &Step) -> ActionDoc<'a> {
    match step.action {
        Action::Open(h) => {
            let [a, b] = board.hatch(h).rooms;
            ActionDoc::Open {
                hatch: [&board.room(a).id, &board.room(b).id],
                cost: step.cost.0,
                flows: step
                    .changes
                    .iter()
                    .map(|c| board.room(c.room).id.as_str())
                    .collect(),
            }
        }
        Action::Move(r) => ActionDoc::Move {
            room: &board.room(r).id,
            cost: step.cost.0,
        },
    }
}

/// A room whose state a step changed.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ChangeDoc<'a> {
    /// The room's id.
    pub room: &'a str,
    /// Its state before the step.
    pub before: &'a str,
    /// Its state after.
    pub after: &'a str,
}

/// One step of a log: the action, the minutes spent so far, and the rooms
/// whose state it changed.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StepDoc<'a> {
    /// The action and what it cost.
    #[serde(flatten)]
    pub action: ActionDoc<'a>,
    /// Minutes spent in the turn once this step is done.
    pub minutes: u32,
    /// Rooms whose state the step changed, with their states.
    pub changes: Vec<ChangeDoc<'a>>,
}

/// Describes one step of a log.
pub fn step_doc<'a>(board: &'a Board, movement: &'a Movement, step: &Step) -> StepDoc<'a> {
    let names = &movement.rules().room_states;
    StepDoc {
        action: action_doc(board, step),
        minutes: step.total.0,
        changes: step
            .changes
            .iter()
            .map(|c| ChangeDoc {
                room: &board.room(c.room).id,
                before: &names[usize::from(c.before.0)],
                after: &names[usize::from(c.after.0)],
            })
            .collect(),
    }
}

/// What a failed roll leads to.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FailureDoc<'a> {
    /// The step out of the room the rules make the gnome take, each
    /// action with the minutes it alone costs (as in `actions`); empty when
    /// they let him stay, or when he must leave but no step is legal.
    pub moves: Vec<ActionDoc<'a>>,
    /// What the step out costs.
    pub minutes: u32,
    /// Whether the rules make the gnome leave (`action NAME fails: leave`);
    /// with `moves` empty, he cannot.
    pub must_leave: bool,
    /// The room he is left in.
    pub room: &'a str,
    /// Whether the `end` rules kill him there.
    pub fatal: bool,
    /// The `end` rule that decided, as the rules file writes it; absent
    /// when none speaks of the room's state (he is safe).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_rule: Option<String>,
}

/// Describes what a failed roll leads to.
pub fn failure_doc<'a>(
    board: &'a Board,
    movement: &Movement,
    failure: &crate::fixit::Failure,
) -> FailureDoc<'a> {
    FailureDoc {
        moves: failure.steps.iter().map(|s| action_doc(board, s)).collect(),
        minutes: failure.minutes.0,
        must_leave: failure.must_leave,
        room: &board.room(failure.room).id,
        fatal: failure.verdict.fatal,
        end_rule: failure
            .verdict
            .rule
            .and_then(|i| movement.rules().quote(RuleRef::End(i)))
            .map(|q| q.text),
    }
}

/// One choice of minutes.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OddsDoc {
    /// Minutes chosen for the roll.
    pub minutes: u32,
    /// Minutes of the whole turn.
    pub total: u32,
    /// Minutes of the whole turn if the roll fails: `total` and the step
    /// out of the room the failure makes the gnome take.
    pub total_if_failed: u32,
    /// The chance of success, an exact fraction in lowest terms: `"7/10"`,
    /// `"1"`, `"0"`.
    pub chance: String,
    /// The same chance as a number from 0 to 1: `0.7`.
    pub probability: Probability,
}

pub(super) fn odds_doc(o: &crate::fixit::Odds) -> OddsDoc {
    OddsDoc {
        minutes: o.minutes,
        total: o.total.0,
        total_if_failed: o.total_if_failed.0,
        chance: o.chance.to_string(),
        probability: Probability(o.chance),
    }
}

pub(super) fn hatch_rooms(board: &Board, target: crate::fixit::Target) -> Option<[String; 2]> {
    match target {
        crate::fixit::Target::Hatch { hatch, .. } => {
            let [a, b] = board.hatch(hatch).rooms;
            Some([board.room(a).id.clone(), board.room(b).id.clone()])
        }
        crate::fixit::Target::Room { .. } => None,
    }
}

/// Whether the gnome lives through the end of the turn, counting the
/// fix-it a player would take ([`crate::survival`]).
#[derive(Debug, Serialize, JsonSchema)]
pub struct SurvivalDoc<'a> {
    /// `safe` (the `end` rules spare the room as it is), `safe_any_roll`
    /// (a fix-it saves him whatever the die says), `safe_sure_roll` (only
    /// a roll that cannot fail saves him) or `fatal` (nothing saves him
    /// for sure).
    pub kind: &'static str,
    /// The action that saves him; for `fatal`, the one whose risks are
    /// listed, if any leaves him a chance; absent for `safe`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<&'a str>,
    /// The fewest minutes on its roll that save him; absent for `safe` and
    /// `fatal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u32>,
    /// The minutes of the whole turn with them; absent with `minutes`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u32>,
    /// For fewer minutes, the chance that he dies: the frontier of total
    /// minutes against that chance, the least risk first; absent when
    /// nothing is at risk.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub risks: Vec<RiskDoc>,
}

/// One choice of minutes that risks the gnome's life.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RiskDoc {
    /// Minutes on the roll.
    pub minutes: u32,
    /// Minutes of the whole turn.
    pub total: u32,
    /// The chance that he dies, an exact fraction in lowest terms:
    /// `"1/10"`.
    pub death_chance: String,
    /// The same chance as a number from 0 to 1: `0.1`.
    pub death_probability: Probability,
}

/// Describes an outcome's survival.
pub fn survival_doc<'a>(movement: &'a Movement, s: &crate::survival::Survival) -> SurvivalDoc<'a> {
    SurvivalDoc {
        kind: s.kind.name(),
        action: s
            .action
            .and_then(|a| movement.rules().turn.actions.get(usize::from(a.0)))
            .map(|a| a.name.as_str()),
        minutes: s.minutes,
        total: s.total.map(|t| t.0),
        risks: s
            .risks
            .iter()
            .map(|r| RiskDoc {
                minutes: r.minutes,
                total: r.total.0,
                death_chance: r.death.to_string(),
                death_probability: Probability(r.death),
            })
            .collect(),
    }
}
