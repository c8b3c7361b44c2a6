//! The leeway of the costs and paths passes: how much a state may have
//! spent and still lie on the best way to an outcome, from a search of a
//! smaller ship (docs/SEARCH.md, "Costs first").
//!
//! The smaller ship's states are classes of the search's states: equal but
//! for their loose hatches ([`Shape::loose`]), with the same loose hatches.
//! A loose hatch is walked through without being opened, at the least any
//! state its opens can bring it to costs; its opens, which change no room,
//! are left out; every other step is the search's own. Every way of the
//! search is then a way of the smaller ship costing no more minutes and no
//! more actions, so a state that has spent more than the outcomes it can
//! lead to leave it, less the least way there, is on no outcome's best way.
//! The costs pass is bounded from the cost of one way to each outcome, in
//! minutes alone ([`Leeway::bound`]); the paths pass from the least costs.

use std::collections::BinaryHeap;

use crate::model::{Board, HatchStateId, Movement, StateId};

use super::super::Limits;
use super::super::step::{changes, walk_cost};
use super::super::table::{Table, state_bytes, vec_bytes};
use super::shape::Shape;
use super::word::Word;

/// A class of states of the search: a state of the smaller ship.
#[derive(Clone, Copy)]
struct Class<W> {
    /// One state of the class, from which its steps are made: they are the
    /// same from every state of it (docs/SEARCH.md).
    state: W,
    /// Its loose hatches.
    loose: W,
}

/// A step of the smaller ship, into class `to` from class `from`.
#[derive(Clone, Copy)]
struct Step {
    to: u32,
    from: u32,
    minutes: u32,
}

/// The classes the smaller ship reaches, with the most each may have spent
/// in minutes and in actions.
pub(super) struct Leeway<W> {
    /// Each class by its key: a state of it with its loose hatches' bits
    /// all set.
    keys: Table<Vec<W>, u32>,
    classes: Vec<Class<W>>,
    steps: Vec<Step>,
    /// The steps into each class, as (from, minutes), from `first[class]`
    /// to `first[class + 1]`.
    into: Vec<(u32, u32)>,
    first: Vec<u32>,
    /// The most minutes a state of each class may have spent; `i64::MAX`:
    /// no bound.
    minutes: Vec<i64>,
    /// The same in actions.
    actions: Vec<i64>,
    /// Each outcome's least (cost, actions), by its outcome bits.
    least: Table<Vec<W>, (u32, u32)>,
    /// Whether the classes outgrew the state or memory budget (or two met
    /// under one key), so nothing is bounded.
    unbounded: bool,
}

impl<W: Default> Default for Leeway<W> {
    fn default() -> Self {
        Leeway {
            keys: Table::default(),
            classes: Vec::new(),
            steps: Vec::new(),
            into: Vec::new(),
            first: Vec::new(),
            minutes: Vec::new(),
            actions: Vec::new(),
            least: Table::default(),
            unbounded: false,
        }
    }
}

/// The tables a leeway starts with: most solves reach a few hundred
/// classes.
const FIRST_CLASSES: usize = 128;

impl<W: Word> Leeway<W> {
    /// The bytes it has room for.
    pub(super) fn room(&self) -> usize {
        use super::super::table::vec_room;
        self.keys.room()
            + vec_room(&self.classes)
            + vec_room(&self.steps)
            + vec_room(&self.into)
            + vec_room(&self.first)
            + vec_room(&self.minutes)
            + vec_room(&self.actions)
            + self.least.room()
    }

    /// The bytes it holds.
    pub(super) fn held(&self) -> usize {
        self.keys.held()
            + vec_bytes(&self.classes)
            + vec_bytes(&self.steps)
            + vec_bytes(&self.into)
            + vec_bytes(&self.first)
            + vec_bytes(&self.minutes)
            + vec_bytes(&self.actions)
            + self.least.held()
    }
}

impl<W: Word> Leeway<W> {
    /// The class of `state`, kept (and queued in `todo`) if new. A key
    /// found again with other loose hatches (a loose hatch's field can
    /// look like a state with all its bits set) is left unbounded.
    fn class(
        &mut self,
        shape: &Shape<W>,
        movement: &Movement,
        known: &mut Table<Vec<W>, W>,
        state: W,
        todo: &mut Vec<u32>,
    ) -> u32 {
        let loose = shape.loose_in(known, movement, state);
        let (id, fresh) = self
            .keys
            .find_or_insert(state | loose, self.classes.len() as u32);
        let at = self.keys.nodes[id as usize];
        if fresh {
            self.classes.push(Class { state, loose });
            todo.push(at);
        } else if self.classes[at as usize].loose != loose {
            self.unbounded = true;
        }
        at
    }

    /// Searches the smaller ship from `initial`, with the loose hatches
    /// worked out so far in `known` ([`Shape::loose_in`]). Gives how many
    /// classes it stored.
    pub(super) fn find(
        &mut self,
        shape: &Shape<W>,
        movement: &Movement,
        board: &Board,
        known: &mut Table<Vec<W>, W>,
        initial: W,
        limits: &Limits,
    ) -> usize {
        self.keys.reset(FIRST_CLASSES);
        self.classes.clear();
        self.steps.clear();
        self.unbounded = false;
        let mut todo = Vec::new();
        self.class(shape, movement, known, initial, &mut todo);
        let most =
            (limits.max_states).min(limits.max_memory / state_bytes(std::mem::size_of::<W>()));
        while let Some(from) = todo.pop() {
            if self.classes.len() > most {
                self.unbounded = true;
                return self.classes.len();
            }
            self.step_from(shape, movement, board, known, from, &mut todo);
        }
        // The steps by the class they lead into, counted then placed.
        let n = self.classes.len();
        self.first.clear();
        self.first.resize(n + 1, 0);
        for s in &self.steps {
            self.first[s.to as usize + 1] += 1;
        }
        for i in 0..n {
            self.first[i + 1] += self.first[i];
        }
        self.into.clear();
        self.into.resize(self.steps.len(), (0, 0));
        let mut next = self.first.clone();
        for s in &self.steps {
            let at = &mut next[s.to as usize];
            self.into[*at as usize] = (s.from, s.minutes);
            *at += 1;
        }
        n
    }

    /// Works out each class's leeway from `least`, by outcome bits: each
    /// outcome's (cost, actions) on some way to it (the least, or more,
    /// when `exact` is false: then only minutes are bounded, since a
    /// dearer way may take fewer actions than the least).
    pub(super) fn bound(&mut self, shape: &Shape<W>, least: &[(W, (u32, u32))], exact: bool) {
        self.least.reset(FIRST_CLASSES);
        for &(key, l) in least {
            self.least.find_or_insert(key, l);
        }
        let outcome = shape.outcome_mask;
        let mut minutes = std::mem::take(&mut self.minutes);
        self.spread(&mut minutes, outcome, |l| l.0, |minutes| minutes);
        self.minutes = minutes;
        // Every step is one action at least.
        let mut actions = std::mem::take(&mut self.actions);
        if exact {
            self.spread(&mut actions, outcome, |l| l.1, |_| 1);
        } else {
            actions.clear();
            actions.resize(self.classes.len(), i64::MAX);
        }
        self.actions = actions;
    }

    /// Makes the smaller ship's steps from class `from`.
    fn step_from(
        &mut self,
        shape: &Shape<W>,
        movement: &Movement,
        board: &Board,
        known: &mut Table<Vec<W>, W>,
        from: u32,
        todo: &mut Vec<u32>,
    ) {
        let Class { state, loose } = self.classes[from as usize];
        let here = shape.position(state);
        let here_field = shape.rooms[here];
        let here_state = StateId(here_field.get(state));
        let may_leave = movement.may_leave(here_state);
        for l in shape.links(here) {
            let before = HatchStateId(l.hatch_field.get(state));
            let there_state = StateId(l.there_field.get(state));
            let mut add = |leeway: &mut Self, next: W, minutes: u32| {
                let to = leeway.class(shape, movement, known, next, todo);
                leeway.steps.push(Step { to, from, minutes });
            };
            if (l.hatch_field.mask << l.hatch_field.shift) & loose != W::default() {
                // Walked through in the cheapest state its opens can bring
                // it to from the start, unopened.
                let least = may_leave
                    .then(|| {
                        let first = board.hatches[l.hatch as usize].state;
                        std::iter::successors(Some(first), |&t| {
                            movement.opening(t).map(|o| o.becomes)
                        })
                        .take(movement.hatch_state_count())
                        .filter_map(|t| walk_cost(movement, here_state, t, there_state))
                        .map(|c| c.0)
                        .min()
                    })
                    .flatten();
                if let Some(minutes) = least {
                    add(self, shape.walk(state, here, l.there), minutes);
                }
                continue;
            }
            if let Some(opening) = movement.opening(before) {
                let flow = movement.flow(here_state, there_state);
                let mut next = l.hatch_field.set(state, opening.becomes.0);
                if let Some((a, b)) = flow.filter(|_| changes(flow, here_state, there_state)) {
                    next = l.there_field.set(here_field.set(next, a.0), b.0);
                }
                add(self, next, opening.cost.0);
            }
            if may_leave && let Some(c) = walk_cost(movement, here_state, before, there_state) {
                add(self, shape.walk(state, here, l.there), c.0);
            }
        }
    }

    /// Works out into `most` the most each class may have spent in one
    /// measure (`of` picks it from an outcome's least (cost, actions),
    /// `step` from a step): over the outcomes the class can lead to, the
    /// outcome's least less the least way there. A search from the outcomes
    /// backwards along the steps, greatest first.
    fn spread(
        &self,
        most: &mut Vec<i64>,
        outcome: W,
        of: impl Fn((u32, u32)) -> u32,
        step: impl Fn(u32) -> u32,
    ) {
        most.clear();
        let mut heap = BinaryHeap::new();
        for c in &self.classes {
            // A class every way of the search reaches ends an outcome of
            // the costs pass; one that does not bounds nothing by itself.
            let m = self
                .least
                .find(c.state & outcome)
                .map_or(i64::MIN, |id| i64::from(of(self.least.nodes[id as usize])));
            heap.push((m, most.len() as u32));
            most.push(m);
        }
        while let Some((m, at)) = heap.pop() {
            if m != most[at as usize] || m == i64::MIN {
                continue;
            }
            let (a, b) = (
                self.first[at as usize] as usize,
                self.first[at as usize + 1] as usize,
            );
            for &(from, minutes) in &self.into[a..b] {
                let c = m - i64::from(step(minutes));
                if c > most[from as usize] {
                    most[from as usize] = c;
                    heap.push((c, from));
                }
            }
        }
    }

    /// Whether `state`, whose loose hatches are `loose`
    /// ([`Shape::loose`]), reached at (`cost`, `len`), may lie on the
    /// best way to an outcome.
    #[inline]
    pub(super) fn allows(&self, state: W, loose: W, cost: u32, len: u32) -> bool {
        if self.unbounded {
            return true;
        }
        let Some(id) = self.keys.find(state | loose) else {
            return true;
        };
        let at = self.keys.nodes[id as usize] as usize;
        i64::from(cost) <= self.minutes[at] && i64::from(len) <= self.actions[at]
    }
}
