//! The result of `hatchway paths`: the turn and every outcome shown, each
//! with its path, verdict and remedies.

use super::*;

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
    /// Whether he lives through the end of the turn, counting the fix-it
    /// he would take; absent under rules without `end` rules, where every
    /// outcome is safe.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub survival: Option<SurvivalDoc<'a>>,
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

/// One outcome's entry, with the steps of its path as the answer replayed
/// it. An outcome numbered 0 (a player's own plan's) is written without a
/// number.
pub fn outcome_doc<'a>(told: &Told<'a>) -> Result<OutcomeDoc<'a>, Refused> {
    outcome_doc_in(told, &mut Replay::start(told.turn()))
}

/// [`outcome_doc`], its path played into `scratch` unless the answer has
/// it already.
fn outcome_doc_in<'a>(told: &Told<'a>, scratch: &mut Replay) -> Result<OutcomeDoc<'a>, Refused> {
    let turn = told.turn();
    let (board, movement, o) = (&turn.board, &turn.movement, told.outcome);
    let rules = movement.rules();
    let steps = told.steps_in(scratch)?;
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
        survival: (!rules.turn.end.is_empty()).then(|| survival_doc(movement, told.survival())),
        // Only a fatal outcome has remedies: the others skip asking.
        remedies: if verdict.fatal {
            remedy_docs(board, movement, told.remedies())
        } else {
            Vec::new()
        },
        actions: steps.iter().map(|s| action_doc(board, s)).collect(),
    })
}

/// A line of `paths --batch` that has a result: the result of `paths`,
/// after the `id` the line gave with its own turn, if it gave one.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BatchResultDoc<'a> {
    /// The line's `id`, as it gave it (any JSON value, its text unchanged).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Value>")]
    pub id: Option<Box<serde_json::value::RawValue>>,
    /// The result.
    #[serde(flatten)]
    pub result: ResultDoc<'a>,
}

/// The result of `hatchway paths` as [`ResultDoc`] writes it, with each
/// outcome's entry made as it is written and forgotten after: the whole
/// document is never held, so an answer of tens of thousands of outcomes
/// on hundreds of rooms is written in the memory of one.
#[derive(Serialize)]
struct ResultStream<'r, 'a> {
    #[serde(flatten)]
    turn: TurnDoc<'a>,
    outcomes: OutcomeList<'r, 'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    complete_up_to: Option<u32>,
}

/// The outcomes of an answer, written one entry at a time.
struct OutcomeList<'r, 'a>(&'r Answer<'a>);

impl Serialize for OutcomeList<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeSeq};
        let outcomes = self.0.outcomes();
        let mut scratch = Replay::start(self.0.turn);
        let mut list = serializer.serialize_seq(Some(outcomes.len()))?;
        for told in outcomes {
            let told = told.unworked();
            let doc = outcome_doc_in(&told, &mut scratch).map_err(S::Error::custom)?;
            list.serialize_element(&doc)?;
        }
        list.end()
    }
}

/// Writes the document of [`result_doc`] to `out` as pretty JSON (or YAML),
/// with `complete_up_to` when a budget stopped the search, making each
/// outcome's entry as it goes: what `hatchway paths` writes.
pub fn write_result(
    answer: &Answer<'_>,
    complete_up_to: Option<u32>,
    yaml: bool,
    out: &mut impl std::io::Write,
) -> Result<(), RenderError> {
    let doc = Versioned::new(ResultStream {
        turn: turn_doc(answer.turn),
        outcomes: OutcomeList(answer),
        complete_up_to,
    });
    if yaml {
        return serde_yaml::to_writer(&mut *out, &doc).map_err(|e| {
            // The YAML writer says an error of its output only in words.
            if e.to_string().contains("Broken pipe") {
                RenderError::Closed
            } else {
                RenderError::Document(e.to_string())
            }
        });
    }
    let closed = |kind: Option<std::io::ErrorKind>| kind == Some(std::io::ErrorKind::BrokenPipe);
    serde_json::to_writer_pretty(&mut *out, &doc).map_err(|e| {
        if closed(e.io_error_kind()) {
            RenderError::Closed
        } else {
            RenderError::Document(e.to_string())
        }
    })?;
    out.write_all(b"\n").map_err(|e| {
        if closed(Some(e.kind())) {
            RenderError::Closed
        } else {
            RenderError::Document(e.to_string())
        }
    })
}

/// Builds the document for the outcomes of an answer, each with its number.
pub fn result_doc<'a>(answer: &Answer<'a>) -> Result<ResultDoc<'a>, Refused> {
    let turn = answer.turn;
    let mut scratch = Replay::start(turn);
    // Filled in place: collecting results would grow the list step by step.
    let mut outcomes = Vec::with_capacity(answer.outcomes().len());
    for told in answer.outcomes() {
        outcomes.push(outcome_doc_in(told, &mut scratch)?);
    }
    Ok(ResultDoc {
        turn: turn_doc(turn),
        outcomes,
        complete_up_to: None,
    })
}
