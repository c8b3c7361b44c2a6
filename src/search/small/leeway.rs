//! How much a state of the paths pass may have spent and still be on the
//! way to some outcome at its least cost, from a search of a smaller
//! ship: one where a hatch through which no flow can happen any more is
//! walked through without being opened (docs/SEARCH.md, "Leeway").

use std::collections::BinaryHeap;

use crate::model::{HatchStateId, Movement, StateId};

use super::super::step::{changes, walk_cost};
use super::super::table::Table;
use super::{Bounds, Shape, Word};

/// A class of states: equal but for their loose hatches ([`Shape::loose`]),
/// which are the same hatches for every state of the class.
#[derive(Clone, Copy)]
struct Class<W> {
    /// One state of the class, from which its steps are made.
    state: W,
    /// Its loose hatches.
    loose: W,
    /// Whether another class was found by the same key: then neither bounds
    /// anything.
    shared: bool,
}

/// The leeway of every class the smaller ship can reach.
pub(super) struct Leeway<W> {
    classes: Table<Vec<W>, u32>,
    found: Vec<Class<W>>,
    /// Steps of the smaller ship, as (to, from, minutes).
    steps: Vec<(u32, u32, u32)>,
    /// Where each class's steps into it start in `steps`, once sorted.
    first: Vec<u32>,
    /// The most minutes a state of each class may have spent and still be
    /// on the way to an outcome at its least cost.
    most: Vec<i64>,
    /// [`Shape::loose`] by state without position and dry hatches.
    loose: Table<Vec<W>, W>,
    least: Table<Vec<W>, u32>,
}

impl<W: Default> Default for Leeway<W> {
    fn default() -> Self {
        Leeway {
            classes: Table::default(),
            found: Vec::new(),
            steps: Vec::new(),
            first: Vec::new(),
            most: Vec::new(),
            loose: Table::default(),
            least: Table::default(),
        }
    }
}

impl<W: Word> Leeway<W> {
    fn loose_of(&mut self, shape: &Shape<W>, movement: &Movement, state: W) -> W {
        let key = shape.rooms_and_wet_hatches(state);
        let (id, fresh) = self.loose.find_or_insert(key, W::default());
        if fresh {
            self.loose.nodes[id as usize] = shape.loose(movement, state);
        }
        self.loose.nodes[id as usize]
    }

    /// The class of `state`, stored if new.
    fn class(
        &mut self,
        shape: &Shape<W>,
        movement: &Movement,
        state: W,
        todo: &mut Vec<u32>,
    ) -> u32 {
        let loose = self.loose_of(shape, movement, state);
        let (id, fresh) = self
            .classes
            .find_or_insert(state | loose, self.found.len() as u32);
        let at = self.classes.nodes[id as usize];
        if fresh {
            self.found.push(Class {
                state,
                loose,
                shared: false,
            });
            todo.push(at);
        } else if self.found[at as usize].loose != loose {
            self.found[at as usize].shared = true;
        }
        at
    }

    /// Searches the smaller ship from `initial` and works out each class's
    /// leeway from the outcomes' least costs in `bounds`.
    pub(super) fn find(
        &mut self,
        shape: &Shape<W>,
        movement: &Movement,
        board: &crate::model::Board,
        bounds: &Bounds<W>,
        initial: W,
    ) {
        self.classes.reset(128);
        self.loose.reset(128);
        self.least.reset(128);
        self.found.clear();
        self.steps.clear();
        let mut todo = Vec::new();
        self.class(shape, movement, initial, &mut todo);
        while let Some(from) = todo.pop() {
            let Class { state, loose, .. } = self.found[from as usize];
            let here = shape.position(state);
            let here_field = shape.rooms[here];
            let here_state = StateId(here_field.get(state));
            let may_leave = movement.may_leave(here_state);
            for l in shape.links(here) {
                let before = HatchStateId(l.hatch_field.get(state));
                let there_state = StateId(l.there_field.get(state));
                if (l.hatch_field.mask << l.hatch_field.shift) & loose != W::default() {
                    // Walked through in any state its opens can bring it
                    // to from the start, without paying for them.
                    if !may_leave {
                        continue;
                    }
                    let mut least: Option<u32> = None;
                    let mut t = Some(board.hatches[l.hatch as usize].state);
                    for _ in 0..movement.hatch_state_count() {
                        let Some(now) = t else { break };
                        if let Some(c) = walk_cost(movement, here_state, now, there_state) {
                            least = Some(least.map_or(c.0, |m| m.min(c.0)));
                        }
                        t = movement.opening(now).map(|o| o.becomes);
                    }
                    if let Some(c) = least {
                        let next = shape.walk(state, here, l.there);
                        let to = self.class(shape, movement, next, &mut todo);
                        self.steps.push((to, from, c));
                    }
                    continue;
                }
                if let Some(opening) = movement.opening(before) {
                    let flow = movement.flow(here_state, there_state);
                    let mut next = l.hatch_field.set(state, opening.becomes.0);
                    if let Some((a, b)) = flow.filter(|_| changes(flow, here_state, there_state)) {
                        next = l.there_field.set(here_field.set(next, a.0), b.0);
                    }
                    let to = self.class(shape, movement, next, &mut todo);
                    self.steps.push((to, from, opening.cost.0));
                }
                if may_leave && let Some(c) = walk_cost(movement, here_state, before, there_state) {
                    let next = shape.walk(state, here, l.there);
                    let to = self.class(shape, movement, next, &mut todo);
                    self.steps.push((to, from, c.0));
                }
            }
        }
        // Each outcome's least cost, by its room states and room.
        let outcome_bits = shape.room_bits | shape.position_mask;
        for &(rooms, room, (cost, _)) in &bounds.outcomes {
            let (id, _) = self
                .least
                .find_or_insert(rooms | W::from(room as u64), cost);
            self.least.nodes[id as usize] = cost;
        }
        let n = self.found.len();
        self.most.clear();
        let mut heap = BinaryHeap::new();
        for c in &self.found {
            let m = if c.shared {
                i64::MAX
            } else {
                self.least
                    .find(c.state & outcome_bits)
                    .map_or(i64::MIN / 2, |id| i64::from(self.least.nodes[id as usize]))
            };
            self.most.push(m);
        }
        for (i, &m) in self.most.iter().enumerate() {
            heap.push((m, i as u32));
        }
        self.steps.sort_unstable_by_key(|s| s.0);
        self.first.clear();
        self.first.resize(n + 1, 0);
        for s in &self.steps {
            self.first[s.0 as usize + 1] += 1;
        }
        for i in 0..n {
            self.first[i + 1] += self.first[i];
        }
        while let Some((m, at)) = heap.pop() {
            if m != self.most[at as usize] {
                continue;
            }
            let (a, b) = (
                self.first[at as usize] as usize,
                self.first[at as usize + 1] as usize,
            );
            for &(_, from, w) in &self.steps[a..b] {
                let c = if m == i64::MAX { m } else { m - i64::from(w) };
                if c > self.most[from as usize] {
                    self.most[from as usize] = c;
                    heap.push((c, from));
                }
            }
        }
    }

    /// Whether a state reached at `cost` may still be on the way to some
    /// outcome at its least cost.
    pub(super) fn allows(
        &mut self,
        shape: &Shape<W>,
        movement: &Movement,
        state: W,
        cost: u32,
    ) -> bool {
        let loose = self.loose_of(shape, movement, state);
        let Some(id) = self.classes.find(state | loose) else {
            return true;
        };
        let at = self.classes.nodes[id as usize] as usize;
        i64::from(cost) <= self.most[at]
    }
}
