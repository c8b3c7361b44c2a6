//! A player's plan judged (`hatchway replay --path`): each step allowed
//! or refused with the deciding rule, the outcome reached and the final
//! roll.

use super::*;

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
    /// For a refused step, why, in a player's words: what of the ship
    /// refuses it and what would allow it (`hatch 8-10 is blocked (Unblock
    /// Hatch frees it)`); `rule` holds the rule that decided.
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
        reason: Some(ruling.words(false)),
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
    /// The same chance as a number from 0 to 1.
    pub probability: Probability,
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
        probability: Probability(roll.chance),
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
