//! The compiled model: rules and boards as small ids and dense tables.
//!
//! Nothing here knows a game state by name. A [`Rules`] value is what a rules
//! file says, compiled; [`Movement`] is the same rules narrowed to the items
//! a player holds, as flat tables the search reads in its inner loop.

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use crate::diagnostic::SourceFile;
use crate::syntax::ast::Span;

pub mod turn;

pub use turn::{
    Action, ActionEffect, ActionId, ActionRule, Chance, EndRule, Terms, TurnRules, Verdict,
};

/// A number of minutes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Cost(pub u32);

impl Cost {
    /// The sum, or `None` past `u32::MAX`.
    pub fn checked_add(self, other: Cost) -> Option<Cost> {
        self.0.checked_add(other.0).map(Cost)
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The largest cost one rule may give an action.
pub const MAX_RULE_COST: u32 = 1000;

/// A room state, as an index into [`Rules::room_states`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StateId(pub u8);

/// A hatch state, as an index into [`Rules::hatch_states`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HatchStateId(pub u8);

/// An item, as an index into [`Rules::items`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub u8);

/// A room, as an index into [`Board::rooms`] (rooms are kept in canonical
/// order, so ids do not depend on the order a file lists them in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoomId(pub u32);

impl RoomId {
    /// The index into the board's rooms.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A hatch, as an index into [`Board::hatches`] (canonical order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HatchId(pub u32);

impl HatchId {
    /// The index into the board's hatches.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Limits on what a rules file may declare (they keep the search's packed
/// states small).
pub mod limits {
    /// Room states a rules file may declare.
    pub const ROOM_STATES: usize = 16;
    /// Hatch states a rules file may declare.
    pub const HATCH_STATES: usize = 16;
    /// Items a rules file may declare.
    pub const ITEMS: usize = 8;
    /// Rooms on one board.
    pub const ROOMS: usize = 1024;
    /// Hatches on one board.
    pub const HATCHES: usize = 4096;
    /// Characters in a name, id or title.
    pub const NAME_LENGTH: usize = 64;
    /// Bytes in one input file.
    pub const FILE_SIZE: usize = 1 << 20;
    /// The largest column or row of a room's `at` position: a drawing is
    /// for a terminal, so a few dozen boxes across is already too wide.
    pub const POSITION: u16 = 99;
}

/// The set of items a player holds this turn, as a bit mask over
/// [`ItemId`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ItemSet(pub u16);

impl ItemSet {
    /// Whether the set holds `item`.
    pub fn contains(self, item: ItemId) -> bool {
        self.0 & (1 << item.0) != 0
    }

    /// The set with `item` added.
    pub fn with(self, item: ItemId) -> ItemSet {
        ItemSet(self.0 | (1 << item.0))
    }
}

/// What narrows a rule to some cases. A rule applies when all its conditions
/// hold; among the rules that apply, the one with the most conditions wins
/// (the checker makes sure there is exactly one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Condition {
    /// The state of the room being left.
    pub from: Option<StateId>,
    /// The state of the hatch walked through.
    pub through: Option<HatchStateId>,
    /// Items that must be held.
    pub with: ItemSet,
    /// Items that must not be held.
    pub without: ItemSet,
}

impl Condition {
    /// How many conditions there are: the rule's specificity.
    pub fn count(&self) -> u32 {
        u32::from(self.from.is_some())
            + u32::from(self.through.is_some())
            + self.with.0.count_ones()
            + self.without.0.count_ones()
    }

    /// Whether the condition holds in this case.
    pub fn holds(&self, from: StateId, through: HatchStateId, items: ItemSet) -> bool {
        self.from.is_none_or(|s| s == from)
            && self.through.is_none_or(|h| h == through)
            && items.0 & self.with.0 == self.with.0
            && items.0 & self.without.0 == 0
    }
}

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

    /// The rules narrowed to the items a player holds, as flat tables.
    pub fn movement(self: &Arc<Self>, items: ItemSet) -> Movement {
        let rs = self.room_states.len();
        let hs = self.hatch_states.len();
        let mut enter = Vec::with_capacity(rs * hs * rs);
        for from in 0..rs {
            for through in 0..hs {
                for to in 0..rs {
                    enter.push(self.enter_cost(
                        StateId(from as u8),
                        HatchStateId(through as u8),
                        StateId(to as u8),
                        items,
                    ));
                }
            }
        }
        let leave = (0..rs)
            .map(|s| self.may_leave(StateId(s as u8), items))
            .collect();
        let open: Vec<Option<Opening>> = (0..hs)
            .map(|h| self.opening(HatchStateId(h as u8), items))
            .collect();
        let max_step = enter
            .iter()
            .flatten()
            .chain(open.iter().flatten().map(|o: &Opening| &o.cost))
            .map(|c| c.0)
            .max()
            .unwrap_or(0);
        let mut movement = Movement {
            rules: Arc::clone(self),
            items,
            room_states: rs,
            hatch_states: hs,
            enter,
            leave,
            open,
            max_step,
            crossings: Vec::new(),
            max_crossing: 0,
            partners: Vec::new(),
            passable: Vec::new(),
        };
        movement.crossings = (0..rs * hs * rs)
            .map(|i| {
                let (from, rest) = (i / (hs * rs), i % (hs * rs));
                let (through, to) = (rest / rs, rest % rs);
                movement.cheapest_crossing(
                    StateId(from as u8),
                    HatchStateId(through as u8),
                    StateId(to as u8),
                )
            })
            .collect();
        movement.max_crossing = movement
            .crossings
            .iter()
            .flatten()
            .map(|c| c.cost.0)
            .max()
            .unwrap_or(0);
        movement.partners = (0..rs)
            .map(|a| {
                (0..rs).fold(0u32, |mask, b| {
                    let (a, b) = (StateId(a as u8), StateId(b as u8));
                    match movement.flow(a, b) {
                        Some(f) if f != (a, b) => mask | 1 << b.0,
                        _ => mask,
                    }
                })
            })
            .collect();
        // Which hatch states can be walked through, now or after a chain
        // of opens: grown backwards along the opens until nothing changes.
        movement.passable = (0..hs)
            .map(|h| movement.walk_through(HatchStateId(h as u8)))
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for h in 0..hs {
                if let Some(o) = movement.opening(HatchStateId(h as u8))
                    && movement.passable[usize::from(o.becomes.0)]
                    && !movement.passable[h]
                {
                    movement.passable[h] = true;
                    changed = true;
                }
            }
        }
        movement
    }
}

/// The rules for one player's turn, with the items they hold: every question
/// the search asks is one table look-up.
#[derive(Clone, Debug)]
pub struct Movement {
    rules: Arc<Rules>,
    items: ItemSet,
    room_states: usize,
    hatch_states: usize,
    enter: Vec<Option<Cost>>,
    leave: Vec<bool>,
    open: Vec<Option<Opening>>,
    max_step: u32,
    crossings: Vec<Option<Crossing>>,
    max_crossing: u32,
    partners: Vec<u32>,
    passable: Vec<bool>,
}

/// The cheapest way through a hatch when room states do not change: open
/// it some number of times, then walk through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// How many opens come before the move.
    pub opens: u32,
    /// What the opens and the move cost together.
    pub cost: Cost,
}

impl Movement {
    /// The cheapest (then shortest) way to cross a hatch in state `through`
    /// from a room in state `from` into one in state `to`, if room states
    /// stay as they are; `None` when no chain of opens leads to a way
    /// through. Leaving `from` is not checked here.
    #[inline]
    pub fn crossing(&self, from: StateId, through: HatchStateId, to: StateId) -> Option<Crossing> {
        self.crossings
            .get(self.move_index(from, through, to))
            .copied()
            .flatten()
    }

    /// Where a move from a room in state `from` through a hatch in state
    /// `through` into one in state `to` sits in the per-move tables
    /// (`enter`, `crossings`).
    #[inline]
    fn move_index(&self, from: StateId, through: HatchStateId, to: StateId) -> usize {
        (usize::from(from.0) * self.hatch_states + usize::from(through.0)) * self.room_states
            + usize::from(to.0)
    }

    fn cheapest_crossing(
        &self,
        from: StateId,
        through: HatchStateId,
        to: StateId,
    ) -> Option<Crossing> {
        let mut state = through;
        let mut paid = 0u32;
        let mut best: Option<Crossing> = None;
        // A chain of opens longer than the number of hatch states repeats
        // itself, and repeating only costs more actions.
        for opens in 0..=self.hatch_states as u32 {
            if self.walk_through(state)
                && let Some(step) = self.enter(from, state, to)
                && let Some(cost) = paid.checked_add(step.0)
                && best.is_none_or(|b| cost < b.cost.0)
            {
                best = Some(Crossing {
                    opens,
                    cost: Cost(cost),
                });
            }
            let Some(opening) = self.opening(state) else {
                break;
            };
            let Some(more) = paid.checked_add(opening.cost.0) else {
                break;
            };
            paid = more;
            state = opening.becomes;
        }
        best
    }

    /// The largest cost one action can have under these tables.
    pub fn max_step(&self) -> u32 {
        self.max_step
    }

    /// Whether a hatch in this state can be walked through, now or after
    /// some chain of opens.
    #[inline]
    pub fn passable(&self, state: HatchStateId) -> bool {
        self.passable
            .get(usize::from(state.0))
            .copied()
            .unwrap_or(false)
    }

    /// The largest cost of one crossing (see [`Movement::crossing`]).
    pub fn max_crossing(&self) -> u32 {
        self.max_crossing
    }

    /// The rules these tables come from.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The items held.
    pub fn items(&self) -> ItemSet {
        self.items
    }

    /// How many room states there are.
    pub fn room_state_count(&self) -> usize {
        self.room_states
    }

    /// How many hatch states there are.
    pub fn hatch_state_count(&self) -> usize {
        self.hatch_states
    }

    /// Cost of entering a room in state `to` from a room in state `from`
    /// through a hatch in state `through`; `None` when forbidden.
    #[inline]
    pub fn enter(&self, from: StateId, through: HatchStateId, to: StateId) -> Option<Cost> {
        self.enter
            .get(self.move_index(from, through, to))
            .copied()
            .flatten()
    }

    /// Whether the player may leave a room in this state.
    #[inline]
    pub fn may_leave(&self, from: StateId) -> bool {
        self.leave
            .get(usize::from(from.0))
            .copied()
            .unwrap_or(false)
    }

    /// What opening a hatch in this state does; `None` when it cannot be opened.
    #[inline]
    pub fn opening(&self, state: HatchStateId) -> Option<Opening> {
        self.open.get(usize::from(state.0)).copied().flatten()
    }

    /// Whether a hatch in this state can be walked through.
    #[inline]
    pub fn walk_through(&self, state: HatchStateId) -> bool {
        self.rules
            .walk_through
            .get(usize::from(state.0))
            .copied()
            .unwrap_or(false)
    }

    /// What two rooms in states `a` and `b` become when a hatch between them
    /// opens; `None` when nothing flows.
    #[inline]
    pub fn flow(&self, a: StateId, b: StateId) -> Option<(StateId, StateId)> {
        let i = usize::from(a.0) * self.room_states + usize::from(b.0);
        self.rules.flow.get(i).copied().flatten()
    }

    /// The states, as a bit mask, that a room in state `a` changes
    /// something with when a hatch between them opens (the flow may change
    /// either room).
    #[inline]
    pub fn flow_partners(&self, a: StateId) -> u32 {
        self.partners.get(usize::from(a.0)).copied().unwrap_or(0)
    }

    /// Whether a room may be entered twice in one turn.
    #[inline]
    pub fn revisit(&self) -> bool {
        self.rules.revisit
    }
}

/// A room of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Its id as written (`7`, `sea`).
    pub id: String,
    /// Its display name, if the board gives one.
    pub name: Option<String>,
    /// Its state at the start of the turn.
    pub state: StateId,
    /// Where `hatchway draw` puts it (column, row), if the board says.
    pub position: Option<(u16, u16)>,
}

impl Room {
    /// How the room is called in messages: `7 (Missile Control)` or `7`.
    pub fn label(&self) -> String {
        match &self.name {
            Some(name) => format!("{} ({name})", self.id),
            None => self.id.clone(),
        }
    }
}

/// A hatch of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hatch {
    /// The two rooms it joins, the lower id first.
    pub rooms: [RoomId; 2],
    /// Its state at the start of the turn.
    pub state: HatchStateId,
}

impl Hatch {
    /// The room on the other side from `room`.
    pub fn other(&self, room: RoomId) -> RoomId {
        if self.rooms[0] == room {
            self.rooms[1]
        } else {
            self.rooms[0]
        }
    }
}

/// A compiled board: rooms and hatches in canonical order, with adjacency.
#[derive(Clone, Debug)]
pub struct Board {
    /// The board's name.
    pub name: String,
    /// The rules it is played by.
    pub rules: Arc<Rules>,
    /// Rooms, in canonical order (numeric ids by value, then names).
    pub rooms: Vec<Room>,
    /// Hatches, ordered by their rooms.
    pub hatches: Vec<Hatch>,
    /// Where the turn starts.
    pub start: RoomId,
    adjacency: Vec<Vec<(HatchId, RoomId)>>,
}

/// The canonical order of room ids: numbers by value (without overflow,
/// whatever their length), then names alphabetically.
pub fn room_id_order(a: &str, b: &str) -> std::cmp::Ordering {
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    match (numeric(a), numeric(b)) {
        (true, true) => {
            let ta = a.trim_start_matches('0');
            let tb = b.trim_start_matches('0');
            ta.len()
                .cmp(&tb.len())
                .then_with(|| ta.cmp(tb))
                .then_with(|| a.cmp(b))
        }
        (true, false) => std::cmp::Ordering::Less,
        (false, true) => std::cmp::Ordering::Greater,
        (false, false) => a.cmp(b),
    }
}

impl Board {
    /// Builds a board from rooms and hatches in any order; they are put in
    /// canonical order. Hatch rooms index into `rooms` as given.
    pub fn new(
        name: String,
        rules: Arc<Rules>,
        rooms: Vec<Room>,
        hatches: Vec<Hatch>,
        start: RoomId,
    ) -> Board {
        let mut order: Vec<usize> = (0..rooms.len()).collect();
        order.sort_by(|&a, &b| room_id_order(&rooms[a].id, &rooms[b].id));
        let mut new_index = vec![0u32; rooms.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new as u32;
        }
        let remap = |r: RoomId| RoomId(new_index.get(r.index()).copied().unwrap_or(0));
        let rooms: Vec<Room> = order.iter().map(|&i| rooms[i].clone()).collect();
        let mut hatches: Vec<Hatch> = hatches
            .into_iter()
            .map(|h| {
                let (a, b) = (remap(h.rooms[0]), remap(h.rooms[1]));
                Hatch {
                    rooms: [a.min(b), a.max(b)],
                    state: h.state,
                }
            })
            .collect();
        hatches.sort_by_key(|h| h.rooms);
        let mut adjacency = vec![Vec::new(); rooms.len()];
        for (i, h) in hatches.iter().enumerate() {
            let id = HatchId(i as u32);
            adjacency[h.rooms[0].index()].push((id, h.rooms[1]));
            adjacency[h.rooms[1].index()].push((id, h.rooms[0]));
        }
        for list in &mut adjacency {
            list.sort_by_key(|&(_, r)| r);
        }
        Board {
            name,
            rules,
            rooms,
            hatches,
            start: remap(start),
            adjacency,
        }
    }

    /// The hatches touching a room, with the room on their other side,
    /// ordered by that room.
    pub fn neighbours(&self, room: RoomId) -> &[(HatchId, RoomId)] {
        self.adjacency.get(room.index()).map_or(&[], Vec::as_slice)
    }

    /// The help for an unknown room id: the closest id, if one is close,
    /// then the board's room ids, in order.
    pub fn rooms_help(&self, unknown: &str) -> String {
        let ids: Vec<&str> = self.rooms.iter().map(|r| r.id.as_str()).collect();
        format!(
            "{}the rooms of `{}` are: {}",
            crate::spelling::did_you_mean(unknown, ids.iter().copied()),
            self.name,
            ids.join(", ")
        )
    }

    /// A room by its id as written.
    pub fn room_by_id(&self, id: &str) -> Option<RoomId> {
        self.rooms
            .binary_search_by(|r| room_id_order(&r.id, id))
            .ok()
            .map(|i| RoomId(i as u32))
    }

    /// The room with this id.
    pub fn room(&self, id: RoomId) -> &Room {
        &self.rooms[id.index()]
    }

    /// The hatch with this id.
    pub fn hatch(&self, id: HatchId) -> &Hatch {
        &self.hatches[id.index()]
    }

    /// The hatch joining two rooms, if any.
    pub fn hatch_between(&self, a: RoomId, b: RoomId) -> Option<HatchId> {
        self.neighbours(a)
            .iter()
            .find(|&&(_, r)| r == b)
            .map(|&(h, _)| h)
    }

    /// The board with another start room.
    pub fn with_start(&self, start: RoomId) -> Board {
        Board {
            start,
            ..self.clone()
        }
    }

    /// The initial state of every room.
    pub fn room_states(&self) -> Vec<StateId> {
        self.rooms.iter().map(|r| r.state).collect()
    }
}
