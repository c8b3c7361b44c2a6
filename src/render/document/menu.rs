//! The result of `hatchway plan` when not asked for one action at one
//! room: the turn's menu of fix-its, strongest first.

use super::*;
use crate::answer::Choice;

/// The turn's menu of fix-its.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MenuDoc<'a> {
    /// The board, rules, items and start.
    #[serde(flatten)]
    pub turn: TurnDoc<'a>,
    /// How the choices are ordered.
    pub order: &'static str,
    /// Each action at each room where a move can end with it allowed.
    pub choices: Vec<ChoiceDoc<'a>>,
}

/// One choice: an action at a room, with the cheapest way to each chance.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ChoiceDoc<'a> {
    /// The action.
    pub action: &'a str,
    /// The room the move ends in.
    pub at: &'a str,
    /// The hatch it acts on, for an action on hatches (`1-2`): each hatch
    /// of the room is a choice of its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hatch: Option<String>,
    /// The fewest minutes of the whole turn that make the roll sure; absent
    /// when no plan can.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sure_total: Option<u32>,
    /// For each chance some plan reaches, the cheapest plan and minutes
    /// that reach at least it; highest chance first (as `plan --action
    /// --at` gives it).
    pub best: Vec<BestDoc>,
    /// The outcome the plan of the highest chance ends its move in, as
    /// `paths` numbers it; absent when no plan is made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<usize>,
    /// The steps of that plan's move, as `paths` gives an outcome's
    /// actions (empty with no plan, or when the move is to stay).
    pub moves: Vec<ActionDoc<'a>>,
    /// What a failed roll leads to after the plan of the highest chance.
    pub if_failed: Option<FailureDoc<'a>>,
    /// The survival of that plan's outcome, counting the fix-it; absent
    /// under rules without `end` rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub survival: Option<SurvivalDoc<'a>>,
}

/// Builds the menu's document from the answer's choices; refused when the
/// move of a choice's plan does not replay.
pub fn menu_doc<'a>(
    answer: &Answer<'a>,
    choices: &[Choice],
    order: &'static str,
) -> Result<MenuDoc<'a>, Refused> {
    let turn = answer.turn;
    let (board, movement) = (&turn.board, &turn.movement);
    let has_end_rules = !movement.rules().turn.end.is_empty();
    Ok(MenuDoc {
        turn: turn_doc(turn),
        order,
        choices: choices
            .iter()
            .map(|c| {
                let top = c.plans.best.first().and_then(|b| c.plans.plans.get(b.plan));
                let told = top.and_then(|p| answer.outcome(p.outcome));
                let moves = match told {
                    Some(t) => t
                        .replay()
                        .map_err(Refused::clone)?
                        .steps
                        .iter()
                        .map(|s| action_doc(board, s))
                        .collect(),
                    None => Vec::new(),
                };
                Ok(ChoiceDoc {
                    action: movement
                        .rules()
                        .turn
                        .actions
                        .get(usize::from(c.action.0))
                        .map_or("", |a| a.name.as_str()),
                    at: &board.room(c.at).id,
                    hatch: c.hatch.map(|h| board.hatch_label(h)),
                    sure_total: c.sure_total().map(|t| t.0),
                    best: best_docs(board, &c.plans),
                    outcome: top.map(|p| p.outcome),
                    moves,
                    if_failed: top.map(|p| failure_doc(board, movement, &p.if_failed)),
                    survival: told
                        .filter(|_| has_end_rules)
                        .map(|t| survival_doc(movement, t.survival())),
                })
            })
            .collect::<Result<_, Refused>>()?,
    })
}
