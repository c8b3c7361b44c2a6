//! Why `hatchway plan` finds no plan where a move ends in the room asked
//! about: the action cannot be taken in the state the move leaves the
//! room in (the deciding `action` rule, and the items that would allow
//! it). Where no move ends there, [`Turn::unreached`](super::Turn::unreached)
//! says why.

use crate::model::{ActionId, ItemId, RuleRef, StateId};

use super::Answer;

impl Answer<'_> {
    /// Why `action` cannot be taken in a room in state `state` with the
    /// items held: the deciding `action` rule, quoted, and any one item
    /// more that would allow it (the rules are asked again with it held,
    /// so the hint is never a guess). `None` when it can be taken there.
    pub fn why_forbidden(&self, action: ActionId, state: StateId) -> Option<String> {
        let movement = &self.turn.movement;
        let rules = movement.rules();
        let turn = &rules.turn;
        let held = movement.items();
        if turn.terms(action, state, held).is_some() {
            return None;
        }
        let rule = turn
            .deciding(action, state, held)
            .and_then(|i| rules.quote(RuleRef::ActionRule(i)))
            .map_or_else(|| "a rule".to_string(), |q| format!("`{}`", q.text));
        let forbidden = format!(
            "in a room that has {}, the rules `{}` say {rule}",
            rules.say_room_state(state),
            rules.name
        );
        let allowing: Vec<String> = (0..rules.items.len())
            .map(|i| ItemId(i as u8))
            .filter(|&item| !held.contains(item))
            .filter(|&item| turn.terms(action, state, held.with(item)).is_some())
            .map(|item| format!("with --with {}", rules.items[usize::from(item.0)]))
            .collect();
        Some(if allowing.is_empty() {
            forbidden
        } else {
            format!("{forbidden}; {} it can be taken", allowing.join(" or "))
        })
    }
}
