//! The documents of `INTERCHANGE.md`: the result of `paths` for one solved
//! board, and the step-by-step logs of `replay`, all built here so that the
//! same thing has the same shape in every output.

use schemars::JsonSchema;
use serde::Serialize;
use serde::ser::SerializeMap;

use crate::answer::{Answer, Plans, Refused, Told, Turn};
use crate::model::{Board, Movement, Quote, RoomId, RuleRef, StateId};
use crate::outcome::Action;
use crate::referee::{Ruling, Step};

/// The version of every JSON and YAML document hatchway writes: each carries
/// it as `"format"`. It changes only when a document changes in a way an
/// existing reader could misread (docs/INTERCHANGE.md).
pub const FORMAT: u32 = 1;

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

/// The whole result of `hatchway paths` for one board.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ResultDoc<'a> {
    /// The board, rules, items and start.
    #[serde(flatten)]
    pub turn: TurnDoc<'a>,
    /// One entry per outcome.
    pub outcomes: Vec<OutcomeDoc<'a>>,
    /// Present only when a search budget stopped the search: every outcome
    /// costing at most this many minutes is listed, and more may cost more.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete_up_to: Option<u32>,
}

/// One outcome.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OutcomeDoc<'a> {
    /// Its place in the full listing of the turn (cheapest first, counting
    /// from 1), the same whatever filter hides other outcomes; absent for
    /// the end of a judged plan, which need not be a listed outcome.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<usize>,
    /// Where the player ends.
    pub final_room: &'a str,
    /// The minimum total cost.
    pub cost: u32,
    /// The final state of every room, in board order.
    pub rooms: RoomStates<'a>,
    /// Rooms whose state differs from the start.
    pub changed: Changed<'a>,
    /// Whether the rules' `end` rules kill a gnome left where the outcome
    /// ends.
    pub fatal: bool,
    /// The `end` rule that decided, as the rules file writes it; absent
    /// when none speaks of the final room's state (the gnome is safe).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_rule: Option<String>,
    /// For a fatal outcome, the actions that can save the gnome there
    /// (each acts on his room and makes it one he survives), with their
    /// best odds and what a failed roll leads to; absent when none can.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub remedies: Vec<RemedyDoc<'a>>,
    /// One cheapest action sequence.
    pub actions: Vec<ActionDoc<'a>>,
}

/// An action that can save the gnome where a fatal outcome leaves him.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RemedyDoc<'a> {
    /// The action.
    pub action: &'a str,
    /// The frontier of its chance against minutes: for each chance, the
    /// fewest minutes on the roll that reach it, highest chance first.
    pub best: Vec<OddsDoc>,
    /// What a failed roll leads to.
    pub if_failed: FailureDoc<'a>,
}

/// Describes the remedies of an outcome.
pub fn remedy_docs<'a, 'f>(
    board: &'a Board,
    movement: &'a Movement,
    remedies: impl IntoIterator<Item = &'f crate::fixit::Fixit>,
) -> Vec<RemedyDoc<'a>> {
    let actions = &movement.rules().turn.actions;
    remedies
        .into_iter()
        .map(|r| RemedyDoc {
            action: actions
                .get(usize::from(r.action.0))
                .map_or("", |a| a.name.as_str()),
            best: r.best.iter().map(|b| odds_doc(&b.odds)).collect(),
            if_failed: failure_doc(board, movement, &r.plan.if_failed),
        })
        .collect()
}

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

/// One outcome's entry, with the steps of its path as the answer replayed
/// it. An outcome numbered 0 (a player's own plan's) is written without a
/// number.
pub fn outcome_doc<'a>(told: &Told<'a>) -> Result<OutcomeDoc<'a>, Refused> {
    let turn = told.turn();
    let (board, movement, o) = (&turn.board, &turn.movement, told.outcome);
    let rules = movement.rules();
    let steps = &told.replay().map_err(Refused::clone)?.steps;
    let verdict = told.verdict();
    Ok(OutcomeDoc {
        number: (told.number > 0).then_some(told.number),
        final_room: &board.room(o.room).id,
        cost: o.cost.0,
        rooms: RoomStates {
            board,
            names: &rules.room_states,
            states: &o.rooms,
        },
        changed: Changed {
            board,
            states: &o.rooms,
        },
        fatal: verdict.fatal,
        end_rule: verdict
            .rule
            .and_then(|i| rules.quote(RuleRef::End(i)))
            .map(|q| q.text),
        remedies: remedy_docs(board, movement, told.remedies()),
        actions: steps.iter().map(|s| action_doc(board, s)).collect(),
    })
}

/// Builds the document for the outcomes of an answer, each with its number.
pub fn result_doc<'a>(answer: &Answer<'a>) -> Result<ResultDoc<'a>, Refused> {
    let turn = answer.turn;
    Ok(ResultDoc {
        turn: turn_doc(turn),
        outcomes: answer
            .outcomes()
            .iter()
            .map(outcome_doc)
            .collect::<Result<_, _>>()?,
        complete_up_to: None,
    })
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

/// The result of `hatchway replay`: each outcome with its path step by step.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ReplayDoc<'a> {
    /// The board, rules, items and start.
    #[serde(flatten)]
    pub turn: TurnDoc<'a>,
    /// The outcomes shown.
    pub outcomes: Vec<ReplayedDoc<'a>>,
}

/// One outcome of a replay: its entry as `paths` writes it, and its steps.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ReplayedDoc<'a> {
    /// The outcome, as in the result of `paths`.
    #[serde(flatten)]
    pub outcome: OutcomeDoc<'a>,
    /// Its path, step by step.
    pub steps: Vec<StepDoc<'a>>,
}

/// Builds the document of a replay of the outcomes of an answer.
pub fn replay_doc<'a>(answer: &Answer<'a>) -> Result<ReplayDoc<'a>, Refused> {
    let turn = answer.turn;
    Ok(ReplayDoc {
        turn: turn_doc(turn),
        outcomes: answer
            .outcomes()
            .iter()
            .map(|told| {
                let steps = &told.replay().map_err(Refused::clone)?.steps;
                Ok(ReplayedDoc {
                    outcome: outcome_doc(told)?,
                    steps: steps
                        .iter()
                        .map(|s| step_doc(&turn.board, &turn.movement, s))
                        .collect(),
                })
            })
            .collect::<Result<_, Refused>>()?,
    })
}

/// A rule as its rules file writes it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RuleDoc {
    /// The rules file.
    pub file: String,
    /// The line the rule starts on, from 1.
    pub line: usize,
    /// The rule's text.
    pub text: String,
}

fn rule_doc(q: &Quote) -> RuleDoc {
    RuleDoc {
        file: q.source.name.clone(),
        line: q.line,
        text: q.text.clone(),
    }
}

/// Whether the rules allow a planned step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The step is allowed.
    Allowed,
    /// The step is refused; the plan stops there.
    Refused,
}

/// One planned step judged.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JudgedDoc<'a> {
    /// The step's number in the plan, from 1.
    pub step: usize,
    /// The step as the plan writes it.
    pub written: String,
    /// Allowed or refused.
    pub verdict: Verdict,
    /// For an allowed step, the action, its cost, the minutes so far and
    /// what it changed.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub done: Option<StepDoc<'a>>,
    /// The rule that decided, when a rule did (a step through no hatch is
    /// refused by the board, not by a rule).
    pub rule: Option<RuleDoc>,
    /// For a refused step, why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// For a refused step, items any one of which would allow it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub allowed_with: Vec<String>,
}

/// Judges an allowed step for the document of a plan.
pub fn allowed_doc<'a>(
    board: &'a Board,
    movement: &'a Movement,
    number: usize,
    written: &str,
    step: &Step,
    rule: Option<Quote>,
) -> JudgedDoc<'a> {
    JudgedDoc {
        step: number,
        written: written.to_string(),
        verdict: Verdict::Allowed,
        done: Some(step_doc(board, movement, step)),
        rule: rule.as_ref().map(rule_doc),
        reason: None,
        allowed_with: Vec::new(),
    }
}

/// Judges a refused step for the document of a plan.
pub fn refused_doc(number: usize, written: &str, ruling: &Ruling) -> JudgedDoc<'static> {
    JudgedDoc {
        step: number,
        written: written.to_string(),
        verdict: Verdict::Refused,
        done: None,
        rule: ruling.rule.as_ref().map(rule_doc),
        reason: Some(ruling.reason.clone()),
        allowed_with: ruling.allowed_with.clone(),
    }
}

/// The result of `hatchway replay --path`: the plan judged step by step.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PlanDoc<'a> {
    /// The board, rules, items and start.
    #[serde(flatten)]
    pub turn: TurnDoc<'a>,
    /// Allowed when every step is; refused when one is (the last listed).
    pub verdict: Verdict,
    /// The steps judged, up to the first refused one.
    pub steps: Vec<JudgedDoc<'a>>,
    /// Where an allowed plan ends, what it costs and changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeDoc<'a>>,
    /// The plan's final action, when it has one: its terms and chance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<RollDoc<'a>>,
}

/// A plan's final action, judged.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RollDoc<'a> {
    /// The action.
    pub action: String,
    /// The hatch acted on (its two rooms), for a hatch action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hatch: Option<[String; 2]>,
    /// Minutes chosen for the roll.
    pub minutes: u32,
    /// Minutes the action takes before the roll.
    pub extra_minutes: u32,
    /// What the `bonus` rules add to the minutes chosen.
    pub bonus: u32,
    /// The highest roll of the ten-sided die that succeeds (0: none does).
    pub roll_at_most: u32,
    /// The chance of success, an exact fraction in lowest terms.
    pub chance: String,
    /// Minutes of the whole turn.
    pub total: u32,
    /// Minutes of the whole turn if the roll fails: `total` and the step
    /// out.
    pub total_if_failed: u32,
    /// Whether the gnome dies if the roll fails: `if_failed.fatal`.
    pub fatal_if_failed: bool,
    /// What a failed roll leads to.
    pub if_failed: FailureDoc<'a>,
}

/// What a failed roll leads to.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FailureDoc<'a> {
    /// The step out of the room the rules make the gnome take, counted on
    /// from the turn's minutes; empty when they let him stay, or when he
    /// must leave but no step is legal.
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

/// Describes a plan's judged final action.
pub fn roll_doc<'a>(
    board: &'a Board,
    movement: &Movement,
    roll: &crate::fixit::Roll,
) -> RollDoc<'a> {
    RollDoc {
        action: movement
            .rules()
            .turn
            .actions
            .get(usize::from(roll.action.0))
            .map(|a| a.name.clone())
            .unwrap_or_default(),
        hatch: hatch_rooms(board, roll.target),
        minutes: roll.minutes,
        extra_minutes: roll.terms.extra.0,
        bonus: roll.terms.bonus,
        roll_at_most: roll.chance.highest_roll(),
        chance: roll.chance.to_string(),
        total: roll.total.0,
        total_if_failed: roll.total.0.saturating_add(roll.if_failed.minutes.0),
        fatal_if_failed: roll.if_failed.verdict.fatal,
        if_failed: failure_doc(board, movement, &roll.if_failed),
    }
}

/// Builds the document of a judged plan; `end` is the outcome an allowed
/// plan reaches.
pub fn plan_doc<'a>(
    turn: &'a Turn,
    steps: Vec<JudgedDoc<'a>>,
    end: Option<&Told<'a>>,
) -> Result<PlanDoc<'a>, Refused> {
    let verdict = if steps.iter().any(|s| s.verdict == Verdict::Refused) {
        Verdict::Refused
    } else {
        Verdict::Allowed
    };
    Ok(PlanDoc {
        turn: turn_doc(turn),
        verdict,
        steps,
        outcome: end.map(outcome_doc).transpose()?,
        roll: None,
    })
}

/// The result of `hatchway plan`: every way to end a move where an action
/// can be taken, and its odds for each choice of minutes.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FixitDoc<'a> {
    /// The board, rules, items and start.
    #[serde(flatten)]
    pub turn: TurnDoc<'a>,
    /// The action.
    pub action: String,
    /// The room it is taken at.
    pub at: String,
    /// The plans, by the minutes of the turn before the roll.
    pub plans: Vec<FixitPlanDoc<'a>>,
    /// For each chance some plan reaches, the cheapest plan and minutes that
    /// reach at least it; highest chance first.
    pub best: Vec<BestDoc>,
}

/// One plan: a move and the action after it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FixitPlanDoc<'a> {
    /// The number of the outcome the move ends in, as `paths` lists it.
    pub outcome: usize,
    /// The hatch acted on (its two rooms), for a hatch action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hatch: Option<[String; 2]>,
    /// One cheapest move to the outcome.
    pub moves: Vec<ActionDoc<'a>>,
    /// What the move costs.
    pub move_minutes: u32,
    /// Minutes the action takes on top of those chosen for the roll.
    pub extra_minutes: u32,
    /// What is added to the minutes chosen before the roll.
    pub bonus: u32,
    /// Whether the gnome dies if the roll fails: `if_failed.fatal`.
    pub fatal_if_failed: bool,
    /// What a failed roll leads to.
    pub if_failed: FailureDoc<'a>,
    /// The chance for each choice of minutes, 1 to 10.
    pub odds: Vec<OddsDoc>,
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
}

/// A point of the frontier of chance against minutes: the cheapest way to
/// a chance, when no choice as cheap reaches a higher one.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BestDoc {
    /// The chance reached (at least).
    pub at_least: String,
    /// The plan's outcome number.
    pub outcome: usize,
    /// The hatch of a hatch action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hatch: Option<[String; 2]>,
    /// Minutes chosen for the roll, with the exact chance and total.
    #[serde(flatten)]
    pub odds: OddsDoc,
}

fn odds_doc(o: &crate::fixit::Odds) -> OddsDoc {
    OddsDoc {
        minutes: o.minutes,
        total: o.total.0,
        total_if_failed: o.total_if_failed.0,
        chance: o.chance.to_string(),
    }
}

fn hatch_rooms(board: &Board, target: crate::fixit::Target) -> Option<[String; 2]> {
    match target {
        crate::fixit::Target::Hatch { hatch, .. } => {
            let [a, b] = board.hatch(hatch).rooms;
            Some([board.room(a).id.clone(), board.room(b).id.clone()])
        }
        crate::fixit::Target::Room { .. } => None,
    }
}

/// Builds the document of `hatchway plan`: `answer` holds the outcomes
/// that end in the room asked about, `found` the plans made from them.
pub fn fixit_doc<'a>(
    answer: &Answer<'a>,
    request: (&str, RoomId),
    found: &Plans,
) -> Result<FixitDoc<'a>, Refused> {
    let turn = answer.turn;
    let (board, movement) = (&turn.board, &turn.movement);
    let plans = &found.plans;
    let moves = |number: usize| -> Result<Vec<ActionDoc<'a>>, Refused> {
        match answer.outcome(number) {
            Some(told) => Ok(told
                .replay()
                .map_err(Refused::clone)?
                .steps
                .iter()
                .map(|s| action_doc(board, s))
                .collect()),
            None => Ok(Vec::new()),
        }
    };
    Ok(FixitDoc {
        turn: turn_doc(turn),
        action: request.0.to_string(),
        at: board.room(request.1).id.clone(),
        plans: plans
            .iter()
            .map(|p| {
                Ok(FixitPlanDoc {
                    outcome: p.outcome,
                    hatch: hatch_rooms(board, p.target),
                    moves: moves(p.outcome)?,
                    move_minutes: p.move_cost.0,
                    extra_minutes: p.terms.extra.0,
                    bonus: p.terms.bonus,
                    fatal_if_failed: p.if_failed.verdict.fatal,
                    if_failed: failure_doc(board, movement, &p.if_failed),
                    odds: p.odds.iter().map(odds_doc).collect(),
                })
            })
            .collect::<Result<_, Refused>>()?,
        best: found
            .best
            .iter()
            .map(|b| BestDoc {
                at_least: b.chance.to_string(),
                outcome: plans[b.plan].outcome,
                hatch: hatch_rooms(board, plans[b.plan].target),
                odds: odds_doc(&b.odds),
            })
            .collect(),
    })
}
