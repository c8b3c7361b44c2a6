//! The rest of a turn after the move, compiled: what becomes of a gnome left
//! in a room when the turn ends (`end` rules), and the actions a gnome may
//! take where the move ended, with their extra minutes and their bonuses to
//! the roll (`action` statements).
//!
//! Like the movement rules, nothing here knows a state by name: a verdict
//! and an action's terms are looked up in the rules a file declared.

use std::fmt;

use super::{Condition, Cost, HatchStateId, ItemSet, StateId};

/// A compiled `end` rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndRule {
    /// The state of the room the gnome is left in.
    pub state: StateId,
    /// When it applies (items only).
    pub condition: Condition,
    /// Whether the gnome dies.
    pub fatal: bool,
}

/// What the end rules say of a gnome left in a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the gnome dies.
    pub fatal: bool,
    /// The deciding rule, an index into [`TurnRules::end`]; `None` when no
    /// rule speaks of the room's state, which means the gnome is safe.
    pub rule: Option<usize>,
}

/// An action, by its index in [`TurnRules::actions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActionId(pub u8);

/// What an action acts on and what it changes when the roll succeeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The gnome's room, in state `from`, becomes `to`.
    Room {
        /// The state acted on.
        from: StateId,
        /// What it becomes.
        to: StateId,
    },
    /// A hatch of the gnome's room, in state `from`, becomes `to`.
    Hatch {
        /// The state acted on.
        from: HatchStateId,
        /// What it becomes.
        to: HatchStateId,
    },
}

/// What a gnome does after a failed roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnFailure {
    /// He stays where he is (no `fails` statement).
    #[default]
    Stay,
    /// He must take one step out of the room under the movement rules
    /// (`action NAME fails: leave`), if any step is legal.
    Leave,
}

/// A declared action: a name and every change it can make (one per
/// `action NAME: ...` statement; all of rooms or all of hatches).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// Its name.
    pub name: String,
    /// What it changes, in the order declared.
    pub changes: Vec<Change>,
    /// What a failed roll makes the gnome do.
    pub on_failure: OnFailure,
}

impl Action {
    /// Whether the action acts on hatches rather than on the gnome's room.
    pub fn on_hatches(&self) -> bool {
        matches!(self.changes.first(), Some(Change::Hatch { .. }))
    }

    /// What the action makes of a room in state `state`, if it acts on it.
    pub fn room_change(&self, state: StateId) -> Option<StateId> {
        self.changes.iter().find_map(|c| match *c {
            Change::Room { from, to } if from == state => Some(to),
            _ => None,
        })
    }

    /// What the action makes of a hatch in state `state`, if it acts on it.
    pub fn hatch_change(&self, state: HatchStateId) -> Option<HatchStateId> {
        self.changes.iter().find_map(|c| match *c {
            Change::Hatch { from, to } if from == state => Some(to),
            _ => None,
        })
    }
}

/// What an `action` rule says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionEffect {
    /// The action cannot be taken.
    Forbidden,
    /// The action takes this many more minutes, paid before the roll; they
    /// do not count towards the roll.
    Cost(Cost),
    /// This is added to the minutes the roll must not exceed.
    Bonus(u32),
}

/// A compiled `action` rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRule {
    /// The action it is about; `None` for every action.
    pub action: Option<ActionId>,
    /// When it applies: `from` is the state of the gnome's room (`in`), and
    /// items.
    pub condition: Condition,
    /// What it says.
    pub effect: ActionEffect,
}

impl ActionRule {
    fn applies(&self, action: ActionId, room: StateId, items: ItemSet) -> bool {
        self.action.is_none_or(|a| a == action)
            && self.condition.holds(room, HatchStateId(0), items)
    }

    /// How specific the rule is: a rule naming its action is more specific
    /// than one for every action with as many conditions.
    fn specificity(&self) -> u32 {
        2 * self.condition.count() + u32::from(self.action.is_some())
    }
}

/// What taking an action costs and adds to the roll where the gnome stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Minutes paid before the roll (on top of those chosen for it).
    pub extra: Cost,
    /// Added to the minutes chosen: the roll must not exceed their sum.
    pub bonus: u32,
    /// The rule that decided whether it may be taken and its extra minutes,
    /// an index into [`TurnRules::action_rules`].
    pub rule: Option<usize>,
    /// The `bonus` rules that applied.
    pub bonuses: Vec<usize>,
}

/// The end rules and actions of a rules file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnRules {
    /// `end` rules.
    pub end: Vec<EndRule>,
    /// Declared actions, in the order first declared.
    pub actions: Vec<Action>,
    /// `action` rules.
    pub action_rules: Vec<ActionRule>,
}

impl TurnRules {
    /// What becomes of a gnome left in a room in state `state`: the most
    /// specific `end` rule decides; with none, the gnome is safe.
    pub fn verdict(&self, state: StateId, items: ItemSet) -> Verdict {
        let mut best: Option<(u32, usize)> = None;
        for (i, r) in self.end.iter().enumerate() {
            if r.state == state && r.condition.holds(state, HatchStateId(0), items) {
                let count = r.condition.count();
                if best.is_none_or(|(c, _)| count > c) {
                    best = Some((count, i));
                }
            }
        }
        match best {
            Some((_, i)) => Verdict {
                fatal: self.end[i].fatal,
                rule: Some(i),
            },
            None => Verdict {
                fatal: false,
                rule: None,
            },
        }
    }

    /// The `forbidden` or `cost` rule that decides whether `action` may be
    /// taken in a room in state `room` with `items`, and its extra minutes:
    /// the most specific that applies (an index into
    /// [`TurnRules::action_rules`]).
    pub fn deciding(&self, action: ActionId, room: StateId, items: ItemSet) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (i, r) in self.action_rules.iter().enumerate() {
            if matches!(r.effect, ActionEffect::Bonus(_)) || !r.applies(action, room, items) {
                continue;
            }
            if best.is_none_or(|(s, _)| r.specificity() > s) {
                best = Some((r.specificity(), i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// An action by name.
    pub fn action(&self, name: &str) -> Option<ActionId> {
        self.actions
            .iter()
            .position(|a| a.name == name)
            .map(|i| ActionId(i as u8))
    }

    /// The terms of taking `action` in a room in state `room` with `items`,
    /// or `None` when a rule forbids it there. The most specific `forbidden`
    /// or `cost` rule decides (the checker makes sure there is one at
    /// most); every `bonus` rule that applies adds up, as the modifiers of
    /// the items played do.
    pub fn terms(&self, action: ActionId, room: StateId, items: ItemSet) -> Option<Terms> {
        let deciding = self.deciding(action, room, items);
        let mut bonus = 0u32;
        let mut bonuses = Vec::new();
        for (i, r) in self.action_rules.iter().enumerate() {
            if let ActionEffect::Bonus(b) = r.effect
                && r.applies(action, room, items)
            {
                bonus = bonus.saturating_add(b);
                bonuses.push(i);
            }
        }
        let extra = match deciding.map(|i| self.action_rules[i].effect) {
            Some(ActionEffect::Forbidden) => return None,
            Some(ActionEffect::Cost(c)) => c,
            _ => Cost(0),
        };
        Some(Terms {
            extra,
            bonus,
            rule: deciding,
            bonuses,
        })
    }
}

/// The sides of the die a fix-it roll is made with, which is also the most
/// minutes a player may choose to spend on one.
pub const DIE_SIDES: u32 = 10;

/// The chance that a fix-it roll succeeds: a player chooses `minutes`, adds
/// `bonus`, and rolls a die of [`DIE_SIDES`] sides; the roll succeeds when
/// it is at most their sum. Kept exact, as a number of winning faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Chance {
    faces: u32,
}

impl Chance {
    /// The chance of a roll with `minutes` chosen and `bonus` added.
    pub fn of(minutes: u32, bonus: u32) -> Chance {
        Chance {
            faces: minutes.saturating_add(bonus).min(DIE_SIDES),
        }
    }

    /// How many faces of the die succeed.
    pub fn faces(self) -> u32 {
        self.faces
    }

    /// The highest roll that succeeds (0 when none does).
    pub fn highest_roll(self) -> u32 {
        self.faces
    }

    /// The chance as a fraction in lowest terms: numerator, denominator.
    pub fn fraction(self) -> (u32, u32) {
        let g = gcd(self.faces, DIE_SIDES);
        (self.faces / g, DIE_SIDES / g)
    }

    /// The chance as a number from 0 to 1, for programs that sort, plot or
    /// sum chances: `0.7` for `7/10`. Exact as a decimal, since the die has
    /// ten sides (the nearest `f64`, as `0.7` always is).
    pub fn probability(self) -> f64 {
        f64::from(self.faces) / f64::from(DIE_SIDES)
    }

    /// The chance in percent, rounded down (whole: the die has ten sides).
    pub fn percent(self) -> u32 {
        self.faces * 100 / DIE_SIDES
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Chance {
    /// The chance as a player says it: `sure` for a roll that cannot fail,
    /// else the exact fraction (`2/5`).
    pub fn words(self) -> String {
        if self.faces() == DIE_SIDES {
            "sure".to_string()
        } else {
            self.to_string()
        }
    }
}

impl fmt::Display for Chance {
    /// `7/10`, `1/2`, `1` or `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.fraction() {
            (0, _) => write!(f, "0"),
            (n, 1) => write!(f, "{n}"),
            (n, d) => write!(f, "{n}/{d}"),
        }
    }
}

/// A chance as a number from 0 to 1 (`0.7` for `7/10`), beside the exact
/// fraction every document also gives, for programs that sort, plot or
/// sum chances. Kept as the chance itself, so that documents that compare
/// chances compare them exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probability(pub Chance);

impl serde::Serialize for Probability {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0.probability())
    }
}

impl schemars::JsonSchema for Probability {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Probability".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A chance as a number from 0 to 1, in tenths (a ten-sided die).",
            "type": "number",
            "minimum": 0,
            "maximum": 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_are_fractions_in_lowest_terms() {
        assert_eq!(Chance::of(7, 0).to_string(), "7/10");
        assert_eq!(Chance::of(2, 3).to_string(), "1/2");
        assert_eq!(Chance::of(7, 3).to_string(), "1");
        assert_eq!(Chance::of(10, 5).to_string(), "1");
        assert_eq!(Chance::of(0, 0).to_string(), "0");
        assert_eq!(Chance::of(4, 0).to_string(), "2/5");
        assert_eq!(Chance::of(4, 0).percent(), 40);
    }
}
