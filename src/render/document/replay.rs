//! The result of `hatchway replay`: each outcome shown with its steps.

use super::*;

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
