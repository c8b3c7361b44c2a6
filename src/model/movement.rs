//! The rules narrowed to the items a player holds, as the flat tables the
//! search reads in its inner loop.

use std::sync::Arc;

use super::*;

impl Movement {
    /// The items held, as a player says them ("Grog"), joined by `, `.
    pub fn held_words(&self) -> String {
        let rules = self.rules();
        self.held()
            .iter()
            .map(|n| rules.say(n))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The names of the items held, in the order the rules declare them.
    pub fn held(&self) -> Vec<&str> {
        self.rules()
            .items
            .iter()
            .enumerate()
            .filter(|(i, _)| self.items().contains(ItemId(*i as u8)))
            .map(|(_, n)| n.as_str())
            .collect()
    }
}

impl Rules {
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
            flow_sets: Vec::new(),
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
        if rs <= FLOW_SET_STATES {
            movement.flow_sets = movement.flow_sets();
        }
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

/// The most room states for which [`Movement::flow_results`] keeps every
/// pair of masks in a table: 4,096 pairs.
const FLOW_SET_STATES: usize = 6;

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
    flow_sets: Vec<[u8; 2]>,
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

    /// The states two rooms can be left in by a flow that changes
    /// something, when they may be in any of the states of the masks `a`
    /// and `b`: one look-up when the rules have at most six room states.
    #[inline]
    pub fn flow_results(&self, a: u32, b: u32) -> (u32, u32) {
        if (a | b) >> self.room_states == 0
            && let Some(&[x, y]) = self
                .flow_sets
                .get((a as usize) << self.room_states | b as usize)
        {
            return (u32::from(x), u32::from(y));
        }
        self.flow_results_by_pairs(a, b)
    }

    /// [`Movement::flow_results`] worked out pair of states by pair.
    fn flow_results_by_pairs(&self, a: u32, b: u32) -> (u32, u32) {
        let mut out = (0u32, 0u32);
        let mut xs = a;
        while xs != 0 {
            let x = StateId(xs.trailing_zeros() as u8);
            xs &= xs - 1;
            // Only the states that `x` changes something with: most pairs
            // of rooms never flow, and one look-up says so.
            let mut ys = b & self.flow_partners(x);
            while ys != 0 {
                let y = StateId(ys.trailing_zeros() as u8);
                ys &= ys - 1;
                if let Some((x2, y2)) = self.flow(x, y) {
                    out.0 |= 1 << x2.0;
                    out.1 |= 1 << y2.0;
                }
            }
        }
        out
    }

    /// [`Movement::flow_results`] of every pair of masks, by `a << room
    /// states | b`: each pair of masks is the union of two smaller ones,
    /// down to one state in each.
    fn flow_sets(&self) -> Vec<[u8; 2]> {
        let n = 1usize << self.room_states;
        let mut sets = vec![[0u8; 2]; n * n];
        let union = |x: [u8; 2], y: [u8; 2]| [x[0] | y[0], x[1] | y[1]];
        for a in 1..n {
            for b in 1..n {
                sets[a * n + b] = if a & (a - 1) != 0 {
                    union(
                        sets[(a & (a - 1)) * n + b],
                        sets[(a & a.wrapping_neg()) * n + b],
                    )
                } else if b & (b - 1) != 0 {
                    union(
                        sets[a * n + (b & (b - 1))],
                        sets[a * n + (b & b.wrapping_neg())],
                    )
                } else {
                    let x = StateId(a.trailing_zeros() as u8);
                    let y = StateId(b.trailing_zeros() as u8);
                    match self.flow(x, y) {
                        Some((x2, y2)) if (x2, y2) != (x, y) => [1 << x2.0, 1 << y2.0],
                        _ => [0, 0],
                    }
                };
            }
        }
        sets
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

#[cfg(test)]
mod tests {
    use crate::model::ItemSet;

    /// The table of every pair of masks says what the pairs of states in
    /// them say, under rules with a flow into each room.
    #[test]
    fn the_table_of_masks_agrees_with_the_pairs_of_states() {
        let (name, text) = crate::builtin::STANDARD_BOARD;
        let board = crate::load::board_from_str(name, text)
            .expect("the standard board loads")
            .value;
        let movement = board.rules.movement(ItemSet::default());
        let n = 1u32 << movement.room_state_count();
        assert!(!movement.flow_sets.is_empty(), "no table");
        let mut flowing = 0;
        for a in 0..n {
            for b in 0..n {
                let results = movement.flow_results(a, b);
                assert_eq!(results, movement.flow_results_by_pairs(a, b), "{a:b} {b:b}");
                flowing += usize::from(results != (0, 0));
            }
        }
        assert!(flowing > 0, "nothing flows");
    }
}
