//! The names a rules file declares as a player says them: what a player's
//! words name (a name in any case, or the words output says it in), and
//! the closest name to words that name nothing. Every option and file that
//! takes a state, an item or an action reads it here, so that input takes
//! the words output uses.

use std::borrow::Cow;

use super::*;
use crate::spelling;

/// The names of one kind that a rules file declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    /// A room state (`room states:`).
    RoomStates,
    /// A hatch state (`hatch states:`).
    HatchStates,
    /// An item (`items:`).
    Items,
    /// An action (`action NAME: ...`).
    Actions,
}

impl Rules {
    /// The names of `kind`, in the order they are declared (the order of
    /// their ids).
    pub fn declared(&self, kind: Names) -> Vec<&str> {
        match kind {
            Names::RoomStates => self.room_states.iter().map(String::as_str).collect(),
            Names::HatchStates => self.hatch_states.iter().map(String::as_str).collect(),
            Names::Items => self.items.iter().map(String::as_str).collect(),
            Names::Actions => self.turn.actions.iter().map(|a| a.name.as_str()).collect(),
        }
    }

    /// Each name of `kind` with the words a player says it in.
    fn said(&self, kind: Names) -> Vec<(&str, Cow<'_, str>)> {
        self.declared(kind)
            .into_iter()
            .map(|name| (name, self.say(name)))
            .collect()
    }

    /// The index among the names of `kind` of the one `words` name: the
    /// name, in any case, or the words the rules say it in, in any case
    /// (see `spelling::meant`).
    pub fn meant(&self, kind: Names, words: &str) -> Option<usize> {
        // The name spelt exactly first, without the words: a batch reads
        // every state of every line here.
        let exact = match kind {
            Names::RoomStates => self.room_state(words).map(|s| usize::from(s.0)),
            Names::HatchStates => self.hatch_state(words).map(|s| usize::from(s.0)),
            Names::Items => self.item(words).map(|s| usize::from(s.0)),
            Names::Actions => self.turn.action(words).map(|s| usize::from(s.0)),
        };
        if exact.is_some() {
            return exact;
        }
        let said = self.said(kind);
        spelling::meant(words, said.iter().map(|(n, s)| (*n, s.as_ref())))
    }

    /// The room state `words` name.
    pub fn room_state_meant(&self, words: &str) -> Option<StateId> {
        self.meant(Names::RoomStates, words)
            .map(|i| StateId(i as u8))
    }

    /// The hatch state `words` name.
    pub fn hatch_state_meant(&self, words: &str) -> Option<HatchStateId> {
        self.meant(Names::HatchStates, words)
            .map(|i| HatchStateId(i as u8))
    }

    /// The item `words` name.
    pub fn item_meant(&self, words: &str) -> Option<ItemId> {
        self.meant(Names::Items, words).map(|i| ItemId(i as u8))
    }

    /// The action `words` name.
    pub fn action_meant(&self, words: &str) -> Option<ActionId> {
        self.meant(Names::Actions, words).map(|i| ActionId(i as u8))
    }

    /// The name of `kind` closest to `words` that name none, searched among
    /// the names and the words they are said in
    /// (`spelling::closest_said`).
    pub fn closest(&self, kind: Names, words: &str) -> Option<&str> {
        let said = self.said(kind);
        spelling::closest_said(words, said.iter().map(|(n, s)| (*n, s.as_ref())))
    }

    /// `did you mean `low_flood` ("low water")? ` when a name of `kind` is
    /// close to `words`, with the words of its `say` statement when they
    /// are other words than the name's (not only `Grog` for `grog`), else
    /// nothing: the start of a help line that goes on to list the names.
    pub fn did_you_mean(&self, kind: Names, words: &str) -> String {
        let Some(name) = self.closest(kind, words) else {
            return String::new();
        };
        match self.wording.said.get(name) {
            Some(said) if said.to_lowercase() != name.replace('_', " ").to_lowercase() => {
                format!("did you mean `{name}` (\"{said}\")? ")
            }
            _ => format!("did you mean `{name}`? "),
        }
    }
}
