//! The Rust half of the `hatchway` Python package: a turn loaded as the
//! command loads it, the documents its commands write (as JSON text, which
//! the Python half reads into dicts, so they are the command's documents
//! byte for byte), and a step-by-step model of the turn on the referee of
//! the library: the ship, its next steps with their cost or the fact that
//! refuses them, a step applied, the verdict where the gnome stands, and a
//! fix-it roll as a chance node.
//!
//! Problems are raised as the Python half's `HatchwayError`, with the
//! diagnostics as `check --format json` gives them.

use std::path::Path;
use std::sync::Arc;

use hatchway::answer::{Answer, Replay, Turn};
use hatchway::fixit::Target;
use hatchway::load::{self, Failure, Format, InputKind};
use hatchway::model::{Board, HatchId, Rules};
use hatchway::outcome::{Action, Outcome};
use hatchway::referee::{Ship, Step};
use hatchway::render::{self, Form};
use hatchway::search::Limits;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::{Value, json};

/// The Python half's `HatchwayError(message, diagnostics)`.
fn error(py: Python<'_>, message: String, diagnostics: Value) -> PyErr {
    let raised = py
        .import("hatchway")
        .and_then(|m| m.getattr("HatchwayError"))
        .and_then(|class| {
            let diagnostics = py
                .import("json")?
                .call_method1("loads", (diagnostics.to_string(),))?;
            class.call1((message.clone(), diagnostics))
        });
    match raised {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

/// A failure to load, with its diagnostics as `check --format json` gives
/// them.
fn failed(py: Python<'_>, failure: &Failure) -> PyErr {
    let diagnostics = serde_json::from_str(&render::diagnostics_json(&failure.reports))
        .unwrap_or(Value::Array(Vec::new()));
    let message = failure.reports.iter().find(|r| r.is_error()).map_or_else(
        || "cannot load".to_string(),
        |r| r.problem().message.clone(),
    );
    error(py, message, diagnostics)
}

/// A problem with what the caller asked, not with a file.
fn refused(py: Python<'_>, message: impl Into<String>) -> PyErr {
    error(py, message.into(), Value::Array(Vec::new()))
}

/// The input of a board or rules text, in the language or as a document.
fn text_input(name: &str, text: &str, format: &str) -> Result<load::Input, String> {
    let kind = match format {
        "hatchway" => InputKind::Language,
        "json" => InputKind::Document(Format::Json),
        "yaml" => InputKind::Document(Format::Yaml),
        other => return Err(format!("unknown format `{other}`: hatchway, json or yaml")),
    };
    Ok(load::Input {
        name: name.to_string(),
        text: text.to_string(),
        dir: None,
        kind,
    })
}

/// A turn: a board played by some rules, with some items, from a start
/// room. Its answers are searched once and kept.
#[pyclass(frozen, module = "hatchway._hatchway")]
struct TurnModel {
    turn: Arc<Turn>,
    outcomes: Vec<Outcome>,
}

#[pymethods]
impl TurnModel {
    /// Loads a turn: the board from `board` (a file or a built-in board's
    /// name) or from `text` (in `format`: `hatchway`, `json` or `yaml`),
    /// played by `rules` (a built-in name or a rules file) or `rules_text`
    /// in place of its own, holding `items`, from `start` (a room's id or
    /// name) in place of the board's start room.
    #[new]
    #[pyo3(signature = (board=None, *, text=None, format="hatchway", name="board", rules=None, rules_text=None, items=Vec::new(), start=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        board: Option<&str>,
        text: Option<&str>,
        format: &str,
        name: &str,
        rules: Option<&str>,
        rules_text: Option<&str>,
        items: Vec<String>,
        start: Option<&str>,
    ) -> PyResult<TurnModel> {
        let rules: Option<Arc<Rules>> = match (rules, rules_text) {
            (Some(_), Some(_)) => {
                return Err(refused(py, "give `rules` or `rules_text`, not both"));
            }
            (Some(named), None) => Some(
                load::rules_named(named)
                    .map_err(|e| match e {
                        load::NotRules::Board { given } => {
                            refused(py, format!("`{given}` is a board, not rules"))
                        }
                        load::NotRules::Invalid(f) => failed(py, &f),
                    })?
                    .value
                    .rules,
            ),
            (None, Some(text)) => Some(
                load::rules_from_str("rules", text)
                    .map_err(|f| failed(py, &f))?
                    .value,
            ),
            (None, None) => None,
        };
        let input = match (board, text) {
            (Some(_), Some(_)) => return Err(refused(py, "give `board` or `text`, not both")),
            (Some(path), None) => {
                load::board_input(Path::new(path))
                    .map_err(|f| failed(py, &f))?
                    .input
            }
            (None, Some(text)) => text_input(name, text, format).map_err(|e| refused(py, e))?,
            (None, None) => match &rules {
                Some(r) => load::standard_board_of(&r.name),
                None => load::standard_board(),
            },
        };
        let loaded = match &rules {
            Some(rules) => load::board_played_by(&input, rules),
            None => load::board(&input),
        };
        let board: Board = loaded.map_err(|f| failed(py, &f))?.value;
        let held = Turn::items_named(&board.rules, &items)
            .map_err(|unknown| refused(py, format!("unknown item `{}`", unknown.name)))?;
        let start = match start {
            Some(room) => board
                .room_by_id_or_name(room)
                .ok_or_else(|| refused(py, format!("unknown room `{room}`")))?,
            None => board.start,
        };
        let mut turn = Turn::holding(board, held);
        turn.start = start;
        let solution = turn
            .solve(&Limits::default())
            .map_err(|stop| refused(py, stop.to_string()))?;
        Ok(TurnModel {
            turn: Arc::new(turn),
            outcomes: solution.outcomes,
        })
    }

    /// The document of `hatchway paths --format json`, as JSON text.
    fn paths_json(&self, py: Python<'_>) -> PyResult<String> {
        let answer = Answer::new(&self.turn, &self.outcomes);
        render::outcomes(&answer, Form::Json).map_err(|e| refused(py, e.to_string()))
    }

    /// The document of `hatchway replay --format json` (of outcome
    /// `outcome` alone, when given), as JSON text.
    #[pyo3(signature = (outcome=None))]
    fn replay_json(&self, py: Python<'_>, outcome: Option<usize>) -> PyResult<String> {
        let answer = Answer::shown(&self.turn, &self.outcomes, |n, _| {
            outcome.is_none_or(|o| o == n)
        });
        if answer.outcomes().is_empty() && outcome.is_some() {
            return Err(refused(py, format!("no outcome {}", outcome.unwrap_or(0))));
        }
        render::replay(&answer, Form::Json).map_err(|e| refused(py, e.to_string()))
    }

    /// The document of `hatchway plan --format json` (the menu), or with
    /// `action` and `at`, of `plan --action ACTION --at AT`, as JSON text.
    #[pyo3(signature = (action=None, at=None))]
    fn plan_json(
        &self,
        py: Python<'_>,
        action: Option<&str>,
        at: Option<&str>,
    ) -> PyResult<String> {
        let board = &self.turn.board;
        let action = match action {
            Some(name) => Some(
                board
                    .rules
                    .turn
                    .action(name)
                    .ok_or_else(|| refused(py, format!("unknown action `{name}`")))?,
            ),
            None => None,
        };
        let at = match at {
            Some(room) => Some(
                board
                    .room_by_id_or_name(room)
                    .ok_or_else(|| refused(py, format!("unknown room `{room}`")))?,
            ),
            None => None,
        };
        let text = match (action, at) {
            (Some(action), Some(at)) => {
                let answer = Answer::shown(&self.turn, &self.outcomes, |_, o| o.room == at);
                let plans = answer.plans(action, at);
                render::plans_document(&answer, action, at, &plans, false)
            }
            _ => {
                let answer = Answer::shown(&self.turn, &self.outcomes, |_, o| {
                    at.is_none_or(|r| o.room == r)
                });
                let choices = answer.menu(action, at);
                render::menu_document(&answer, &choices, false)
            }
        };
        text.map_err(|e| refused(py, e.to_string()))
    }

    /// The ship at the start of the turn, before any step.
    fn start(&self) -> ShipModel {
        let turn = &self.turn;
        ShipModel {
            turn: Arc::clone(turn),
            ship: Ship::new(&turn.board, turn.start),
            steps: Vec::new(),
            ended: false,
        }
    }

    /// The board's name.
    #[getter]
    fn board(&self) -> String {
        self.turn.board.name.clone()
    }

    /// The rules' name.
    #[getter]
    fn rules(&self) -> String {
        self.turn.movement.rules().name.clone()
    }
}

/// The ship during a turn: where the gnome stands, every room's and
/// hatch's state, the minutes spent, and the steps that brought it here.
#[pyclass(frozen, module = "hatchway._hatchway")]
struct ShipModel {
    turn: Arc<Turn>,
    ship: Ship,
    steps: Vec<Step>,
    /// Whether a fix-it roll ended the turn.
    ended: bool,
}

impl ShipModel {
    /// The outcome the steps taken reach, as the search writes one.
    fn outcome(&self) -> Outcome {
        Outcome {
            room: self.ship.position,
            rooms: self.ship.rooms.clone(),
            cost: self.ship.spent,
            actions: self.steps.iter().map(|s| s.action).collect(),
        }
    }

    /// `then` of the answer for the steps taken, as the referee played them
    /// (the library's [`Answer::of_plan`]): the verdict, the fix-its and
    /// their failures where the gnome stands.
    fn answered<T>(&self, then: impl FnOnce(&Answer<'_>) -> T) -> T {
        let outcome = self.outcome();
        let replayed = Replay {
            steps: self.steps.clone(),
            end: self.ship.clone(),
        };
        then(&Answer::of_plan(&self.turn, &outcome, replayed))
    }

    /// `action` as a plan writes it: `open 5-7`, `move 5`.
    fn written(&self, action: Action) -> String {
        let board = &self.turn.board;
        match action {
            Action::Open(h) => format!("open {}", board.hatch_label(h)),
            Action::Move(r) => format!("move {}", board.room(r).id),
        }
    }

    /// The action a plan's words name: `open A-B` or `move R`.
    fn action(&self, words: &str) -> Result<Action, String> {
        let board = &self.turn.board;
        let room = |text: &str| {
            board
                .room_by_id_or_name(text.trim())
                .ok_or_else(|| format!("unknown room `{}`", text.trim()))
        };
        let words = words.trim();
        if let Some(rest) = words.strip_prefix("open ") {
            let (a, b) = rest
                .split_once('-')
                .ok_or_else(|| format!("`{words}`: an open names a hatch as `open A-B`"))?;
            let (a, b) = (room(a)?, room(b)?);
            let hatch = board.hatch_between(a, b).ok_or_else(|| {
                format!(
                    "no hatch joins rooms {} and {}",
                    board.room(a).id,
                    board.room(b).id
                )
            })?;
            return Ok(Action::Open(hatch));
        }
        if let Some(rest) = words.strip_prefix("move ") {
            return Ok(Action::Move(room(rest)?));
        }
        Err(format!("`{words}` is not a step: `open A-B` or `move R`"))
    }

    /// A step's document: its action as `paths` writes it, its cost and
    /// the rooms it changed.
    fn step_doc(&self, step: &Step) -> Value {
        let board = &self.turn.board;
        let flows: Vec<&str> = step
            .changes
            .iter()
            .map(|c| board.room(c.room).id.as_str())
            .collect();
        let mut doc = action_doc(board, step.action);
        doc["cost"] = json!(step.cost.0);
        if let Action::Open(_) = step.action {
            doc["flows"] = json!(flows);
        }
        doc
    }

    fn after(&self, ship: Ship, steps: Vec<Step>, ended: bool) -> ShipModel {
        ShipModel {
            turn: Arc::clone(&self.turn),
            ship,
            steps,
            ended,
        }
    }
}

/// An action as `paths` writes one, without its cost.
fn action_doc(board: &Board, action: Action) -> Value {
    match action {
        Action::Open(h) => {
            let [a, b] = board.hatch(h).rooms;
            json!({"action": "open", "hatch": [board.room(a).id, board.room(b).id]})
        }
        Action::Move(r) => json!({"action": "move", "room": board.room(r).id}),
    }
}

#[pymethods]
impl ShipModel {
    /// The room the gnome stands in.
    #[getter]
    fn room(&self) -> String {
        self.turn.board.room(self.ship.position).id.clone()
    }

    /// The minutes spent this turn.
    #[getter]
    fn minutes(&self) -> u32 {
        self.ship.spent.0
    }

    /// Whether a fix-it roll has ended the turn.
    #[getter]
    fn ended(&self) -> bool {
        self.ended
    }

    /// Every room's state, by the room's id, as JSON text.
    fn rooms_json(&self) -> String {
        let board = &self.turn.board;
        let rules = self.turn.movement.rules();
        let rooms: serde_json::Map<String, Value> = board
            .rooms
            .iter()
            .zip(&self.ship.rooms)
            .map(|(r, s)| (r.id.clone(), json!(rules.room_states[usize::from(s.0)])))
            .collect();
        Value::Object(rooms).to_string()
    }

    /// Every hatch's state, by its rooms (`1-2`), as JSON text.
    fn hatches_json(&self) -> String {
        let board = &self.turn.board;
        let rules = self.turn.movement.rules();
        let hatches: serde_json::Map<String, Value> = (0..board.hatches.len())
            .map(|h| {
                let state = self.ship.hatches[h];
                (
                    board.hatch_label(HatchId(h as u32)),
                    json!(rules.hatch_states[usize::from(state.0)]),
                )
            })
            .collect();
        Value::Object(hatches).to_string()
    }

    /// The steps taken, as a plan writes them (`open 5-7, move 5`).
    #[getter]
    fn path(&self) -> String {
        let words: Vec<String> = self.steps.iter().map(|s| self.written(s.action)).collect();
        words.join(", ")
    }

    /// What the gnome could try next, a step per hatch of his room (an
    /// open where the hatch cannot be walked through, else a move), as
    /// JSON text: each with `step` (as a plan writes it), the action as
    /// `paths` writes one, `allowed`, and its `cost` and `flows`, or the
    /// `reason` the ship refuses it.
    fn next_steps_json(&self) -> String {
        let (board, movement) = (&self.turn.board, &self.turn.movement);
        if self.ended {
            return "[]".to_string();
        }
        let steps: Vec<Value> = self
            .ship
            .next_steps(board, movement)
            .iter()
            .map(|next| {
                let mut doc = match &next.ruled {
                    Ok((step, _)) => {
                        let mut doc = self.step_doc(step);
                        doc["allowed"] = json!(true);
                        doc
                    }
                    Err(refusal) => {
                        let mut doc = action_doc(board, next.action);
                        doc["allowed"] = json!(false);
                        doc["reason"] = json!(refusal.ruling.words(false));
                        doc
                    }
                };
                doc["step"] = json!(self.written(next.action));
                doc
            })
            .collect();
        Value::Array(steps).to_string()
    }

    /// The ship after `step` (`open 5-7`, `move 5`); refused with the fact
    /// of the ship that forbids it.
    fn apply(&self, py: Python<'_>, step: &str) -> PyResult<ShipModel> {
        if self.ended {
            return Err(refused(py, "the turn is over: a fix-it roll ended it"));
        }
        let (board, movement) = (&self.turn.board, &self.turn.movement);
        let action = self.action(step).map_err(|e| refused(py, e))?;
        let mut ship = self.ship.clone();
        match ship.apply(board, movement, action) {
            Ok(done) => {
                let mut steps = self.steps.clone();
                steps.push(done);
                Ok(self.after(ship, steps, false))
            }
            Err(illegal) => {
                let ruling = self.ship.ruling(board, movement, action, &illegal);
                Err(refused(py, ruling.words(false)))
            }
        }
    }

    /// The verdict if the gnome stops here, as JSON text: `fatal` (what
    /// the end rules say of his room), `end_rule`, and his `survival`
    /// counting the fix-it he would take, as `paths` writes an outcome's.
    fn verdict_json(&self, py: Python<'_>) -> PyResult<String> {
        let text = self
            .answered(|answer| render::outcomes(answer, Form::Json))
            .map_err(|e| refused(py, e.to_string()))?;
        let mut doc: Value = serde_json::from_str(&text).map_err(|e| refused(py, e.to_string()))?;
        let mut told = doc["outcomes"][0].take();
        let mut verdict = serde_json::Map::new();
        for key in ["fatal", "end_rule", "survival", "remedies"] {
            if let Some(v) = told.get_mut(key) {
                verdict.insert(key.to_string(), v.take());
            }
        }
        Ok(Value::Object(verdict).to_string())
    }

    /// The fix-its the gnome can take here, as JSON text: each `action`,
    /// `hatch` (for a hatch action), the state its target takes on
    /// success (`becomes`), `extra_minutes`, `bonus`, and per choice of
    /// minutes its `chance` and `probability`.
    fn fixits_json(&self, py: Python<'_>) -> PyResult<String> {
        let (board, movement) = (&self.turn.board, &self.turn.movement);
        let rules = movement.rules();
        if self.ended {
            return Ok("[]".to_string());
        }
        let fixits: Option<Vec<Value>> = self.answered(|answer| {
            let told = answer.outcomes().first()?;
            Some(
                told.fixits()
                    .iter()
                    .map(|f| {
                        let mut doc = json!({
                            "action": rules.turn.actions[usize::from(f.action.0)].name,
                            "extra_minutes": f.plan.terms.extra.0,
                            "bonus": f.plan.terms.bonus,
                            "odds": f.plan.odds.iter().map(|o| json!({
                                "minutes": o.minutes,
                                "total": o.total.0,
                                "total_if_failed": o.total_if_failed.0,
                                "chance": o.chance.to_string(),
                                "probability": o.chance.probability(),
                            })).collect::<Vec<_>>(),
                        });
                        match f.plan.target {
                            Target::Room { to, .. } => {
                                doc["becomes"] = json!(rules.room_states[usize::from(to.0)]);
                            }
                            Target::Hatch { hatch, to } => {
                                let [a, b] = board.hatch(hatch).rooms;
                                doc["hatch"] = json!([board.room(a).id, board.room(b).id]);
                                doc["becomes"] = json!(rules.hatch_states[usize::from(to.0)]);
                            }
                        }
                        doc
                    })
                    .collect(),
            )
        });
        let fixits = fixits.ok_or_else(|| refused(py, "the steps taken do not replay"))?;
        Ok(Value::Array(fixits).to_string())
    }

    /// A fix-it roll as a chance node: `action` (on the hatch to room
    /// `hatch`, for a hatch action) with `minutes` chosen, each way the
    /// ten-sided die can fall grouped by what it leads to: the faces that
    /// succeed and those that fail, each with its probability and the ship
    /// it leaves (the turn over: on success the target changed, on failure
    /// after the step out the rules make him take).
    #[pyo3(signature = (action, minutes, hatch=None))]
    fn roll<'py>(
        &self,
        py: Python<'py>,
        action: &str,
        minutes: u32,
        hatch: Option<&str>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        if self.ended {
            return Err(refused(py, "the turn is over: a fix-it roll ended it"));
        }
        let (board, movement) = (&self.turn.board, &self.turn.movement);
        let rules = movement.rules();
        let id = rules
            .turn
            .action(action)
            .ok_or_else(|| refused(py, format!("unknown action `{action}`")))?;
        let through = match hatch {
            Some(room) => Some(
                board
                    .room_by_id_or_name(room)
                    .ok_or_else(|| refused(py, format!("unknown room `{room}`")))?,
            ),
            None => None,
        };
        if !(1..=hatchway::model::turn::DIE_SIDES).contains(&minutes) {
            return Err(refused(
                py,
                format!("{minutes} minutes: a roll takes 1 to 10"),
            ));
        }
        let here = self.ship.position;
        // The plan of the fix-it asked for, if the steps taken replay.
        let found = self.answered(|answer| {
            let told = answer.outcomes().first()?;
            let fixit = told.fixits().iter().find(|f| {
                f.action == id
                    && match (f.plan.target, through) {
                        (Target::Room { .. }, None) => true,
                        (Target::Hatch { hatch, .. }, Some(there)) => {
                            board.hatch_between(here, there) == Some(hatch)
                        }
                        _ => false,
                    }
            });
            Some(fixit.map(|f| f.plan.clone()))
        });
        let found = found.ok_or_else(|| refused(py, "the steps taken do not replay"))?;
        let Some(plan) = found else {
            return Err(refused(
                py,
                format!(
                    "{action} cannot be taken {} here",
                    through.map_or("on the room".to_string(), |r| format!(
                        "on the hatch to room {}",
                        board.room(r).id
                    ))
                ),
            ));
        };
        let odds = plan.odds[(minutes - 1) as usize];
        let winning = odds.chance.faces();
        let mut won = self.ship.clone();
        match plan.target {
            Target::Room { to, .. } => won.rooms[here.index()] = to,
            Target::Hatch { hatch, to } => won.hatches[hatch.index()] = to,
        }
        won.spent = odds.total;
        let mut lost = self.ship.clone();
        let mut lost_steps = self.steps.clone();
        for step in &plan.if_failed.steps {
            let done = lost
                .apply(board, movement, step.action)
                .map_err(|e| refused(py, e.to_string()))?;
            lost_steps.push(done);
        }
        lost.spent = odds.total_if_failed;
        let sides = hatchway::model::turn::DIE_SIDES;
        let branches = [
            (true, 1..=winning, won, self.steps.clone()),
            (false, winning + 1..=sides, lost, lost_steps),
        ];
        let mut nodes = Vec::new();
        for (success, faces, ship, steps) in branches {
            let count = faces.clone().count() as u32;
            if count == 0 {
                continue;
            }
            let node = PyDict::new(py);
            node.set_item("success", success)?;
            node.set_item("faces", faces.collect::<Vec<u32>>())?;
            node.set_item("probability", f64::from(count) / f64::from(sides))?;
            node.set_item("ship", Py::new(py, self.after(ship, steps, true))?)?;
            nodes.push(node);
        }
        Ok(nodes)
    }
}

/// The names of the built-in rules files.
#[pyfunction]
fn builtin_rules() -> Vec<String> {
    load::builtin_rules_names().map(str::to_string).collect()
}

#[pymodule]
fn _hatchway(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TurnModel>()?;
    m.add_class::<ShipModel>()?;
    m.add_function(wrap_pyfunction!(builtin_rules, m)?)?;
    Ok(())
}
