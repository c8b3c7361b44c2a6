//! An outcome's survival in a player's words: whether the gnome lives
//! through the end of the turn, counting the fix-it he would take, as the
//! answer worked it out ([`Told::survival`]).

use crate::answer::Told;
use crate::model::{Movement, RuleRef};
use crate::survival::{Kind, Survival};

/// The action that saves him, as a player says it.
fn action_name<'m>(movement: &'m Movement, s: &Survival) -> std::borrow::Cow<'m, str> {
    s.action.map_or(std::borrow::Cow::Borrowed(""), |a| {
        movement.rules().say_action(a)
    })
}

/// The `end` rule that kills a gnome left as he is, as the rules file
/// writes it; `None` when the room is safe or not `explain`.
fn end_rule(told: &Told<'_>, explain: bool) -> Option<String> {
    let verdict = told.verdict();
    verdict
        .rule
        .filter(|_| verdict.fatal && explain)
        .and_then(|i| told.turn().movement.rules().quote(RuleRef::End(i)))
        .map(|q| q.text)
}

/// The verdict of an outcome that counts the fix-it: `safe`, `safe
/// whatever the roll: Extinguish Fire with 1 min on the roll, 5 in all`,
/// `safe with a sure roll: ...`, or `fatal: no fix-it can save him`; with
/// `explain`, the `end` rule that kills him as he is, quoted. `None` under
/// rules without `end` rules, where every outcome is safe and nothing is
/// said.
pub fn headline(told: &Told<'_>, explain: bool) -> Option<String> {
    let movement = &told.turn().movement;
    if movement.rules().turn.end.is_empty() {
        return None;
    }
    let s = told.survival();
    let rule = end_rule(told, explain);
    let as_he_is = rule
        .as_ref()
        .map_or_else(String::new, |r| format!(" (left as he is: {r})"));
    let with = |s: &Survival| {
        format!(
            "{} with {} min on the roll, {} in all",
            action_name(movement, s),
            s.minutes.unwrap_or(0),
            s.total.map_or(0, |t| t.0)
        )
    };
    Some(match s.kind {
        Kind::Safe => s.kind.words().to_string(),
        Kind::SafeAnyRoll | Kind::SafeSureRoll => {
            format!("{}: {}{as_he_is}", s.kind.words(), with(s))
        }
        Kind::Fatal => {
            let rule = rule.map_or_else(String::new, |r| format!(" ({r})"));
            match s.action {
                Some(_) => format!("fatal: no fix-it saves him for sure{rule}"),
                None => format!("fatal: no fix-it can save him{rule}"),
            }
        }
    })
}

/// What fewer minutes risk, one line: `fewer minutes risk his life: 6 min
/// (10 in all) 1/10, 5 min (9 in all) 1/5`; for an outcome nothing saves
/// for sure, the best odds of living. Empty when nothing is at risk.
pub fn risks(told: &Told<'_>) -> String {
    let s = told.survival();
    if s.risks.is_empty() {
        return String::new();
    }
    let lead = match s.kind {
        Kind::Fatal => format!(
            "{} gives him a chance, death",
            action_name(&told.turn().movement, s)
        ),
        _ => "fewer minutes risk his life, death".to_string(),
    };
    let choices: Vec<String> = s
        .risks
        .iter()
        .map(|r| format!("{} with {} min ({} in all)", r.death, r.minutes, r.total.0))
        .collect();
    format!("{lead} {}", choices.join(", "))
}

/// A few words for a badge: `safe whatever the roll`, `safe with 7 min on
/// extinguish_fire`, `fatal`; `None` when the room is safe as it is.
pub fn badge(told: &Told<'_>) -> Option<String> {
    let s = told.survival();
    let movement = &told.turn().movement;
    match s.kind {
        Kind::Safe => None,
        Kind::SafeAnyRoll => Some(format!(
            "safe whatever the roll of {}",
            action_name(movement, s)
        )),
        Kind::SafeSureRoll => Some(format!(
            "safe with {} min on {}",
            s.minutes.unwrap_or(0),
            action_name(movement, s)
        )),
        Kind::Fatal => Some("fatal".to_string()),
    }
}
