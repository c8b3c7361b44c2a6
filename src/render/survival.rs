//! An outcome's survival in a player's words, the consequence first: what
//! happens to the gnome if he stays and does nothing, then what saves him
//! and how surely, then the odds; as the answer worked it out
//! ([`Told::survival`]). Every view (the table, the replay logs, the
//! full-screen views, the menu, the report's badge) says it with these
//! functions, so that no view ever says "safe" first of a gnome the `end`
//! rules kill. The whole verdict with the fix-its that save him and their
//! odds is [`super::fixit::verdict_lines`].

use std::borrow::Cow;

use crate::answer::Told;
use crate::model::{Movement, RuleRef};
use crate::survival::{Kind, Survival};

/// The action that saves him, as a player says it.
fn action_name<'m>(movement: &'m Movement, s: &Survival) -> Cow<'m, str> {
    s.action.map_or(Cow::Borrowed("a fix-it"), |a| {
        movement.rules().say_action(a)
    })
}

/// The `end` rule that kills a gnome left as he is, quoted, in
/// parentheses after a space; empty when the room is safe or not
/// `explain`.
fn end_rule(told: &Told<'_>, explain: bool) -> String {
    let verdict = told.verdict();
    verdict
        .rule
        .filter(|_| verdict.fatal && explain)
        .and_then(|i| told.turn().movement.rules().quote(RuleRef::End(i)))
        .map_or_else(String::new, |q| format!(" ({})", q.text))
}

/// What the room he is left in is, as a player says it: `room 1 has
/// fire`.
fn room_words(told: &Told<'_>) -> String {
    let turn = told.turn();
    let room = told.outcome.room;
    let state = told.outcome.rooms[room.index()];
    format!(
        "room {} has {}",
        turn.board.room(room).id,
        turn.movement.rules().say_room_state(state)
    )
}

/// The consequence of the turn for a gnome left where `told` ends, before
/// anything that saves him: `safe`; `he dies if he stays and does nothing:
/// room 1 has fire`; `he dies: room 5 has high water, and no fix-it can
/// save him`. With `explain`, the `end` rule that decides, quoted. `None`
/// under rules without `end` rules, where nothing is said.
pub fn consequence(told: &Told<'_>, explain: bool) -> Option<String> {
    if told.turn().movement.rules().turn.end.is_empty() {
        return None;
    }
    let s = told.survival();
    let rule = end_rule(told, explain);
    Some(match s.kind {
        Kind::Safe => s.kind.words().to_string(),
        Kind::Fatal if s.action.is_none() => format!(
            "he dies: {}, and no fix-it can save him{rule}",
            room_words(told)
        ),
        _ => format!(
            "he dies if he stays and does nothing: {}{rule}",
            room_words(told)
        ),
    })
}

/// What saves a gnome the move leaves where he dies, and how surely, in
/// one sentence: `Extinguish Fire saves him whatever the roll: 1 min on
/// the roll, 5 in all`; `Extinguish Fire saves him only on a sure roll: 7
/// min on the roll, 11 in all`; `no fix-it saves him for sure`. `None`
/// when he is safe as he is or nothing can save him.
pub fn rescue(told: &Told<'_>) -> Option<String> {
    let s = told.survival();
    let movement = &told.turn().movement;
    let how = match s.kind {
        Kind::Safe => return None,
        Kind::Fatal => return s.action.map(|_| "no fix-it saves him for sure".to_string()),
        Kind::SafeAnyRoll => "whatever the roll",
        Kind::SafeSureRoll => "only on a sure roll",
    };
    Some(format!(
        "{} saves him {how}: {} min on the roll, {} in all",
        action_name(movement, s),
        s.minutes.unwrap_or(0),
        s.total.map_or(0, |t| t.0)
    ))
}

/// What fewer minutes risk, one line: `fewer minutes risk his life, death
/// 1/10 with 6 min (10 in all), 1/5 with 5 min (9 in all)`; for an outcome
/// nothing saves for sure, the best odds of living. Empty when nothing is
/// at risk.
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

/// A few words for a badge or a list's column, the consequence first:
/// `dies if he stays; Extinguish Fire saves him on any roll`, `dies if he
/// stays; 7 min on Extinguish Fire save him`, `dies`; `None` when the room
/// is safe as it is.
pub fn badge(told: &Told<'_>) -> Option<String> {
    let s = told.survival();
    let movement = &told.turn().movement;
    match s.kind {
        Kind::Safe => None,
        Kind::SafeAnyRoll => Some(format!(
            "dies if he stays; {} saves him on any roll",
            action_name(movement, s)
        )),
        Kind::SafeSureRoll => Some(format!(
            "dies if he stays; {} min on {} save him",
            s.minutes.unwrap_or(0),
            action_name(movement, s)
        )),
        Kind::Fatal => Some("dies".to_string()),
    }
}
