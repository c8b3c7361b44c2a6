//! The result of `hatchway plan`: every way to end a move where an action
//! can be taken, with its odds for each choice of minutes, and the
//! cheapest way to each chance.

use super::*;

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

/// A point of the frontier of chance against minutes: the cheapest way to
/// a chance, when no choice as cheap reaches a higher one.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BestDoc {
    /// The chance reached (at least), an exact fraction.
    pub at_least: String,
    /// The same chance as a number from 0 to 1.
    pub at_least_probability: Probability,
    /// The plan's outcome number.
    pub outcome: usize,
    /// The hatch of a hatch action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hatch: Option<[String; 2]>,
    /// Minutes chosen for the roll, with the exact chance and total.
    #[serde(flatten)]
    pub odds: OddsDoc,
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
        best: best_docs(board, found),
    })
}

/// The frontier of a set of plans, for a document.
pub(super) fn best_docs(board: &Board, found: &Plans) -> Vec<BestDoc> {
    let plans = &found.plans;
    found
        .best
        .iter()
        .map(|b| BestDoc {
            at_least: b.chance.to_string(),
            at_least_probability: Probability(b.chance),
            outcome: plans[b.plan].outcome,
            hatch: hatch_rooms(board, plans[b.plan].target),
            odds: odds_doc(&b.odds),
        })
        .collect()
}
