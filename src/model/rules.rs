//! Compiled rules, as a rules file writes them: what each statement says
//! and where it is written, to quote the rule that decided.

use std::sync::Arc;

use crate::diagnostic::SourceFile;
use crate::diagnostic::Span;

use super::*;

/// A compiled `enter` rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnterRule {
    /// The state of the room entered.
    pub state: StateId,
    /// When it applies.
    pub condition: Condition,
    /// The cost, or `None` when entering is forbidden.
    pub cost: Option<Cost>,
}

/// A compiled `leave` rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaveRule {
    /// The state of the room left.
    pub state: StateId,
    /// When it applies (items only).
    pub condition: Condition,
    /// Whether leaving is allowed.
    pub allowed: bool,
}

/// What opening a hatch does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// What it costs.
    pub cost: Cost,
    /// The state the hatch takes.
    pub becomes: HatchStateId,
}

/// A compiled `open` rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenRule {
    /// The hatch state it opens.
    pub state: HatchStateId,
    /// When it applies (items only).
    pub condition: Condition,
    /// What happens, or `None` when opening is forbidden.
    pub opening: Option<Opening>,
}

/// Compiled movement rules, as written in a rules file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The name after `rules`.
    pub name: String,
    /// Room state names; the first is the default for rooms.
    pub room_states: Vec<String>,
    /// Hatch state names; the first is the default for hatches.
    pub hatch_states: Vec<String>,
    /// Item names.
    pub items: Vec<String>,
    /// `enter` rules.
    pub enter: Vec<EnterRule>,
    /// `leave` rules.
    pub leave: Vec<LeaveRule>,
    /// `open` rules.
    pub open: Vec<OpenRule>,
    /// Which hatch states can be walked through.
    pub walk_through: Vec<bool>,
    /// Water flow: for each ordered pair of room states `(a, b)`, what they
    /// become, at `a * room_states + b`. Symmetric by construction.
    pub flow: Vec<Option<(StateId, StateId)>>,
    /// Whether a room may be entered again in the same turn.
    pub revisit: bool,
    /// What follows the move: end rules and actions.
    pub turn: TurnRules,
    /// Where the rules file says each rule, to quote it in messages.
    pub wording: Wording,
}

/// Where a rules file writes each of its rules, so that a message can quote
/// the one that decided. What rules mean does not depend on where they are
/// written, so any two wordings are equal: rules compare by meaning.
#[derive(Clone, Debug, Default)]
pub struct Wording {
    /// The rules file's name and text; `None` for rules made in code.
    pub source: Option<Arc<SourceFile>>,
    /// Each `enter` rule's statement, in the order of [`Rules::enter`].
    pub enter: Vec<Span>,
    /// Each `leave` rule's statement, in the order of [`Rules::leave`].
    pub leave: Vec<Span>,
    /// Each `open` rule's statement, in the order of [`Rules::open`].
    pub open: Vec<Span>,
    /// The `walk through` statement.
    pub walk_through: Option<Span>,
    /// The `revisit` statement, if the file has one.
    pub revisit: Option<Span>,
    /// Where each hatch state is declared.
    pub hatch_states: Vec<Span>,
    /// Each `end` rule's statement, in the order of [`TurnRules::end`].
    pub end: Vec<Span>,
    /// Each `action` rule's statement, in the order of
    /// [`TurnRules::action_rules`].
    pub action_rules: Vec<Span>,
    /// Where each action is first declared, in the order of
    /// [`TurnRules::actions`].
    pub actions: Vec<Span>,
    /// Each action's `fails` statement, if it has one, in the order of
    /// [`TurnRules::actions`].
    pub failures: Vec<Option<Span>>,
    /// How a player says a state, an item or an action, by its name, as
    /// the file's `say` statements give it (see [`Rules::say`]).
    pub said: std::collections::BTreeMap<String, String>,
}

impl PartialEq for Wording {
    fn eq(&self, _: &Wording) -> bool {
        true
    }
}

impl Eq for Wording {}

/// One statement of a rules file that decides a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleRef {
    /// An `enter` rule, by its index in [`Rules::enter`].
    Enter(usize),
    /// A `leave` rule, by its index in [`Rules::leave`].
    Leave(usize),
    /// An `open` rule, by its index in [`Rules::open`].
    Open(usize),
    /// The `walk through` statement.
    WalkThrough,
    /// The `revisit` statement.
    Revisit,
    /// The declaration of a hatch state (which no `open` rule names).
    HatchState(HatchStateId),
    /// An `end` rule, by its index in [`TurnRules::end`].
    End(usize),
    /// An `action` rule, by its index in [`TurnRules::action_rules`].
    ActionRule(usize),
    /// An action's declaration.
    Action(ActionId),
    /// An action's `fails` statement.
    Failure(ActionId),
}

/// A rule as its rules file writes it.
#[derive(Clone, Debug)]
pub struct Quote {
    /// The rules file.
    pub source: Arc<SourceFile>,
    /// Where the rule is written.
    pub span: Span,
    /// Its text on one line (white space runs made one space).
    pub text: String,
    /// The line it starts on, from 1.
    pub line: usize,
}

/// Picks the single most specific rule that applies.
fn most_specific<'a, R>(
    rules: impl Iterator<Item = (&'a Condition, R)>,
    from: StateId,
    through: HatchStateId,
    items: ItemSet,
) -> Option<R> {
    let mut best: Option<(u32, R)> = None;
    for (condition, value) in rules {
        if condition.holds(from, through, items) {
            let count = condition.count();
            if best.as_ref().is_none_or(|(c, _)| count > *c) {
                best = Some((count, value));
            }
        }
    }
    best.map(|(_, r)| r)
}

impl Rules {
    /// How a player says `name`, a state, an item or an action of these
    /// rules: the words of its `say` statement, else the name with its
    /// underscores read as spaces (`low_flood` is "low flood").
    pub fn say<'a>(&'a self, name: &'a str) -> std::borrow::Cow<'a, str> {
        match self.wording.said.get(name) {
            Some(words) => std::borrow::Cow::Borrowed(words.as_str()),
            None if name.contains('_') => std::borrow::Cow::Owned(name.replace('_', " ")),
            None => std::borrow::Cow::Borrowed(name),
        }
    }

    /// How a player says room state `state` ("low water").
    pub fn say_room_state(&self, state: StateId) -> std::borrow::Cow<'_, str> {
        self.room_states
            .get(usize::from(state.0))
            .map_or(std::borrow::Cow::Borrowed("?"), |n| self.say(n))
    }

    /// How a player says hatch state `state`.
    pub fn say_hatch_state(&self, state: HatchStateId) -> std::borrow::Cow<'_, str> {
        self.hatch_states
            .get(usize::from(state.0))
            .map_or(std::borrow::Cow::Borrowed("?"), |n| self.say(n))
    }

    /// How a player says action `action` ("Extinguish Fire").
    pub fn say_action(&self, action: crate::model::ActionId) -> std::borrow::Cow<'_, str> {
        self.turn
            .actions
            .get(usize::from(action.0))
            .map_or(std::borrow::Cow::Borrowed("?"), |a| self.say(&a.name))
    }

    /// A room state by name.
    pub fn room_state(&self, name: &str) -> Option<StateId> {
        self.room_states
            .iter()
            .position(|s| s == name)
            .map(|i| StateId(i as u8))
    }

    /// A hatch state by name.
    pub fn hatch_state(&self, name: &str) -> Option<HatchStateId> {
        self.hatch_states
            .iter()
            .position(|s| s == name)
            .map(|i| HatchStateId(i as u8))
    }

    /// An item by name.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.items
            .iter()
            .position(|s| s == name)
            .map(|i| ItemId(i as u8))
    }

    /// The `enter` rule (an index into [`Rules::enter`]) that decides
    /// entering a room in state `to` from one in state `from` through a
    /// hatch in state `through`.
    pub fn enter_rule(
        &self,
        from: StateId,
        through: HatchStateId,
        to: StateId,
        items: ItemSet,
    ) -> Option<usize> {
        let rules = self
            .enter
            .iter()
            .enumerate()
            .filter(|(_, r)| r.state == to)
            .map(|(i, r)| (&r.condition, i));
        most_specific(rules, from, through, items)
    }

    /// The cost of entering a room in state `to` from one in state `from`
    /// through a hatch in state `through`, or `None` when forbidden (or when
    /// no rule covers the case, which the checker does not let through).
    pub fn enter_cost(
        &self,
        from: StateId,
        through: HatchStateId,
        to: StateId,
        items: ItemSet,
    ) -> Option<Cost> {
        self.enter_rule(from, through, to, items)
            .and_then(|i| self.enter[i].cost)
    }

    /// The `leave` rule (an index into [`Rules::leave`]) that decides
    /// leaving a room in state `from`, if any does.
    pub fn leave_rule(&self, from: StateId, items: ItemSet) -> Option<usize> {
        let rules = self
            .leave
            .iter()
            .enumerate()
            .filter(|(_, r)| r.state == from)
            .map(|(i, r)| (&r.condition, i));
        most_specific(rules, from, HatchStateId(0), items)
    }

    /// Whether a player may leave a room in state `from`.
    pub fn may_leave(&self, from: StateId, items: ItemSet) -> bool {
        self.leave_rule(from, items)
            .is_none_or(|i| self.leave[i].allowed)
    }

    /// The `open` rule (an index into [`Rules::open`]) that decides opening
    /// a hatch in state `state`, if any does.
    pub fn open_rule(&self, state: HatchStateId, items: ItemSet) -> Option<usize> {
        let rules = self
            .open
            .iter()
            .enumerate()
            .filter(|(_, r)| r.state == state)
            .map(|(i, r)| (&r.condition, i));
        most_specific(rules, StateId(0), state, items)
    }

    /// What opening a hatch in state `state` does, or `None` when it cannot
    /// be opened.
    pub fn opening(&self, state: HatchStateId, items: ItemSet) -> Option<Opening> {
        self.open_rule(state, items)
            .and_then(|i| self.open[i].opening)
    }

    /// A rule as the rules file writes it; `None` when the rules were not
    /// read from a file or the statement is not in it.
    pub fn quote(&self, rule: RuleRef) -> Option<Quote> {
        let w = &self.wording;
        let span = match rule {
            RuleRef::Enter(i) => w.enter.get(i).copied(),
            RuleRef::Leave(i) => w.leave.get(i).copied(),
            RuleRef::Open(i) => w.open.get(i).copied(),
            RuleRef::WalkThrough => w.walk_through,
            RuleRef::Revisit => w.revisit,
            RuleRef::HatchState(h) => w.hatch_states.get(usize::from(h.0)).copied(),
            RuleRef::End(i) => w.end.get(i).copied(),
            RuleRef::ActionRule(i) => w.action_rules.get(i).copied(),
            RuleRef::Action(a) => w.actions.get(usize::from(a.0)).copied(),
            RuleRef::Failure(a) => w.failures.get(usize::from(a.0)).copied().flatten(),
        }?;
        let source = w.source.as_ref()?;
        let written = source.text.get(span.start..span.end)?;
        // A statement's span runs on over the comments and blank lines
        // after it; the quote ends where its last word does.
        let mut end = 0;
        let mut words = Vec::new();
        let mut quoted = false;
        let mut offset = 0;
        for line in written.split_inclusive('\n') {
            let mut cut = line.len();
            for (i, c) in line.char_indices() {
                match c {
                    '"' => quoted = !quoted,
                    '#' if !quoted => {
                        cut = i;
                        break;
                    }
                    _ => {}
                }
            }
            let kept = line[..cut].trim_end();
            if !kept.trim_start().is_empty() {
                end = offset + kept.len();
                words.extend(kept.split_whitespace());
            }
            offset += line.len();
        }
        let line = source.text[..span.start].matches('\n').count() + 1;
        Some(Quote {
            source: Arc::clone(source),
            span: Span::new(span.start, span.start + end),
            text: words.join(" "),
            line,
        })
    }
}
