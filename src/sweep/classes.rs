//! Configurations that one search answers.
//!
//! A turn's outcomes read the states of few rooms: every step reads the
//! player's room and one beside it through a hatch (to open the hatch, to
//! walk through it), and an open's flow changes those two rooms alone. So
//! the outcomes of a turn read no room but those the player can stand in
//! (the rooms where an outcome ends: every state the search reaches is an
//! outcome) and those beside them through a hatch that can be opened or
//! walked through (its *reach*). Two configurations that agree on the
//! rooms of one's reach have the same outcomes: a way of one is a way of
//! the other, step by step, since each step reads only rooms where they
//! agree, and neither can step outside those rooms, since the first step
//! out would enter a room beside the reach through such a hatch, where
//! they agree, and the first could then take it too.
//!
//! A sweep therefore searches a *class* of configurations (some varying
//! rooms fixed, the others free) once, with the free rooms in one state
//! (its representative): if the reach of the answer holds no free room,
//! the answer is every configuration's in the class; otherwise the class
//! is split on the first free room of its reach, one class per state.
//! Free rooms take the state that lets the player least far (see
//! [`Classes::new`]), so that a representative's reach, and so the tree,
//! stays small.

use crate::model::{Board, Movement, RoomId, StateId};
use crate::search::{Limits, Reach, Workspace};

use super::Sweep;

/// Configurations of one start room that agree on some varying rooms and
/// take any of the sweep's states in the others.
#[derive(Clone, Debug)]
pub(super) struct Class {
    /// The start room's index in [`Sweep::starts`].
    pub(super) start: usize,
    /// By varying room (as [`Sweep::rooms`] lists them), the index of its
    /// state in [`Sweep::states`], or `None` where the class leaves it
    /// free.
    pub(super) fixed: Vec<Option<u8>>,
}

impl Class {
    /// How many configurations the class holds: the sweep's `k` states in
    /// each free room.
    pub(super) fn size(&self, k: u64) -> u64 {
        let free = self.fixed.iter().filter(|f| f.is_none()).count();
        k.saturating_pow(u32::try_from(free).unwrap_or(u32::MAX))
    }
}

/// What one search says of a class.
pub(super) enum Verdict {
    /// The answer of every configuration of the class: `None` when its
    /// search ran out of budget.
    Whole(Option<Reach>),
    /// The class must be split on this varying room (its index in
    /// [`Sweep::rooms`]). `known` is the answer of the class's
    /// representative, which is that of the part where the room takes the
    /// free rooms' state.
    Split { room: usize, known: Option<Reach> },
}

/// A sweep's classes: what every search of one reads.
pub(super) struct Classes<'a> {
    board: &'a Board,
    movement: &'a Movement,
    sweep: &'a Sweep,
    /// By room of the board, its index in [`Sweep::rooms`] when it varies.
    slot: Vec<Option<usize>>,
    /// The index in [`Sweep::states`] of the state free rooms take.
    free: u8,
    /// By hatch, whether a step can use it: it can be opened or walked
    /// through in the state it starts the turn in (hatches keep the
    /// board's states in a sweep, and a hatch that is neither never
    /// becomes either within a turn).
    usable: Vec<bool>,
    /// The search limits of one search.
    limits: Limits,
}

impl<'a> Classes<'a> {
    /// The classes of `sweep`, each searched within `limits`.
    ///
    /// Free rooms take, of the sweep's states, one that cannot be entered
    /// if there is one, and of those one that flows with the fewest
    /// states: the player then stops at the free rooms, which change
    /// nothing when opened, and a representative's reach is the least.
    /// Any state would give the same answers; only the number of searches
    /// depends on it.
    pub(super) fn new(
        board: &'a Board,
        movement: &'a Movement,
        sweep: &'a Sweep,
        limits: Limits,
    ) -> Classes<'a> {
        let mut slot = vec![None; board.rooms.len()];
        for (i, room) in sweep.rooms.iter().enumerate() {
            if let Some(s) = slot.get_mut(room.index()) {
                *s = Some(i);
            }
        }
        let rules = movement.rules();
        let enterable = |to: StateId| {
            (0..rules.room_states.len()).any(|from| {
                (0..rules.hatch_states.len()).any(|through| {
                    let through = crate::model::HatchStateId(through as u8);
                    movement.walk_through(through)
                        && movement.enter(StateId(from as u8), through, to).is_some()
                })
            })
        };
        let free = (0..sweep.states.len())
            .min_by_key(|&i| {
                let state = sweep.states[i];
                (enterable(state), movement.flow_partners(state).count_ones())
            })
            .map_or(0, |i| i as u8);
        let usable = board
            .hatches
            .iter()
            .map(|h| movement.opening(h.state).is_some() || movement.walk_through(h.state))
            .collect();
        Classes {
            board,
            movement,
            sweep,
            slot,
            free,
            usable,
            limits,
        }
    }

    /// The board the classes are of.
    pub(super) fn board(&self) -> &'a Board {
        self.board
    }

    /// The sweep the classes are of.
    pub(super) fn sweep(&self) -> &'a Sweep {
        self.sweep
    }

    /// The index in [`Sweep::states`] of the state free rooms take.
    pub(super) fn free(&self) -> u8 {
        self.free
    }

    /// The class of every configuration of the start room `start` (its
    /// index in [`Sweep::starts`]).
    pub(super) fn root(&self, start: usize) -> Class {
        Class {
            start,
            fixed: vec![None; self.sweep.rooms.len()],
        }
    }

    /// Searches the representative of `class` (unless its answer is
    /// `known`) on `ship`, a copy of the board whose varying rooms this
    /// sets, and says whether the answer is the whole class's.
    pub(super) fn judge(
        &self,
        class: &Class,
        known: Option<Reach>,
        ship: &mut Board,
        workspace: &mut Workspace,
    ) -> Verdict {
        let reach = match known {
            Some(reach) => Some(reach),
            None => self.search(class, ship, workspace),
        };
        let split = match &reach {
            Some(reach) => self.first_free_in_reach(class, reach),
            // Without an answer there is no reach to go by: the class is
            // split room by room, down to configurations searched alone.
            None => class.fixed.iter().position(Option::is_none),
        };
        match split {
            Some(room) => Verdict::Split { room, known: reach },
            None => Verdict::Whole(reach),
        }
    }

    /// The answer of the class's representative.
    fn search(&self, class: &Class, ship: &mut Board, workspace: &mut Workspace) -> Option<Reach> {
        for (room, fixed) in self.sweep.rooms.iter().zip(&class.fixed) {
            let state = self.sweep.states[usize::from(fixed.unwrap_or(self.free))];
            if let Some(r) = ship.rooms.get_mut(room.index()) {
                r.state = state;
            }
        }
        let start = self.sweep.starts[class.start];
        workspace
            .solve_reach(ship, self.movement, start, &self.limits)
            .ok()
            .cloned()
    }

    /// The first free room, in board order, of the reach of `reach`: a
    /// room where an outcome ends, or one beside it through a usable
    /// hatch.
    fn first_free_in_reach(&self, class: &Class, reach: &Reach) -> Option<usize> {
        let free = |room: RoomId| {
            self.slot
                .get(room.index())
                .copied()
                .flatten()
                .filter(|&i| class.fixed[i].is_none())
        };
        let mut first: Option<(RoomId, usize)> = None;
        let mut consider = |room: RoomId| {
            if let Some(i) = free(room)
                && first.is_none_or(|(r, _)| room < r)
            {
                first = Some((room, i));
            }
        };
        for (r, least) in reach.least.iter().enumerate() {
            if least.is_none() {
                continue;
            }
            let room = RoomId(r as u32);
            consider(room);
            for &(hatch, beside) in self.board.neighbours(room) {
                if self.usable.get(hatch.index()).copied().unwrap_or(true) {
                    consider(beside);
                }
            }
        }
        first.map(|(_, i)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::{Class, Classes, Verdict};
    use crate::generate::Rng;
    use crate::model::{Board, ItemSet, Movement, RoomId, StateId};
    use crate::search::{Limits, Reach, Workspace};
    use crate::sweep::Sweep;
    use crate::sweep::tally::Tally;

    /// The standard board under the rulebook, and a sweep of its rooms in
    /// the hull over the states a room there can be in.
    fn standard() -> (Board, Movement, Sweep) {
        let (name, text) = crate::builtin::STANDARD_BOARD;
        let board = crate::load::board_from_str(name, text)
            .expect("the standard board loads")
            .value;
        let movement = board.rules.movement(ItemSet::default());
        let states: Vec<StateId> = ["clear", "low_flood", "high_flood", "fire"]
            .iter()
            .map(|s| board.rules.room_state(s).expect("a rulebook state"))
            .collect();
        let sweep = Sweep {
            rooms: (0..board.rooms.len() as u32)
                .map(RoomId)
                .filter(|r| states.contains(&board.room(*r).state))
                .collect(),
            states,
            starts: (0..board.rooms.len() as u32).map(RoomId).collect(),
            limits: Limits::default(),
        };
        (board, movement, sweep)
    }

    /// The class that holds the configuration `states` (indices into the
    /// sweep's states, by varying room) of the start room `start`, split as
    /// the sweep splits it, with its answer.
    fn class_of(
        classes: &Classes<'_>,
        start: usize,
        states: &[u8],
        ship: &mut Board,
        workspace: &mut Workspace,
    ) -> (Class, Option<Reach>) {
        let mut class = classes.root(start);
        let mut known = None;
        loop {
            match classes.judge(&class, known, ship, workspace) {
                Verdict::Whole(reach) => return (class, reach),
                Verdict::Split { room, known: k } => {
                    class.fixed[room] = Some(states[room]);
                    known = k.filter(|_| states[room] == classes.free());
                }
            }
        }
    }

    /// Every configuration has the answer of the class the sweep puts it
    /// in: on 10,000 configurations of the standard board drawn at random
    /// (those whose search alone stores at most 20,000 states),
    /// the class's answer is the configuration's own, searched alone. It
    /// fails when a class's reach leaves out the rooms beside the rooms
    /// reached, or holds only the rooms where the cheapest outcomes end.
    #[test]
    fn a_class_answers_each_of_its_configurations_as_its_own_search_does() {
        let (board, movement, sweep) = standard();
        // A few configurations take a second or more alone (many rooms of
        // high water to drain in every order): those are left out, so the
        // sample stays a test.
        let limits = Limits {
            max_states: 20_000,
            ..Limits::default()
        };
        let classes = Classes::new(&board, &movement, &sweep, limits);
        let mut rng = Rng::new(45);
        let (mut ship, mut alone) = (board.clone(), board.clone());
        let (mut workspace, mut own) = (Workspace::new(), Workspace::new());
        let (mut compared, mut shared) = (0, 0);
        for n in 0..12_000 {
            if compared == 10_000 {
                break;
            }
            let start = rng.below(sweep.starts.len() as u64) as usize;
            let states: Vec<u8> = (0..sweep.rooms.len())
                .map(|_| rng.below(sweep.states.len() as u64) as u8)
                .collect();
            for (room, &s) in sweep.rooms.iter().zip(&states) {
                alone.rooms[room.index()].state = sweep.states[usize::from(s)];
            }
            let Ok(expected) = own.solve_reach(&alone, &movement, sweep.starts[start], &limits)
            else {
                continue;
            };
            let (class, reach) = class_of(&classes, start, &states, &mut ship, &mut workspace);
            let reach =
                reach.unwrap_or_else(|| panic!("configuration {n}: over budget in its class"));
            assert_eq!(
                &reach.least, &expected.least,
                "configuration {n}: start {start}, states {states:?}, class {class:?}"
            );
            compared += 1;
            let size = class.size(sweep.states.len() as u64);
            shared += usize::from(size > 1);
        }
        // The sample shows sharing at work, or the test would hold nothing.
        assert_eq!(compared, 10_000, "configurations compared");
        assert!(
            shared > 1_000,
            "only {shared} configurations shared a search"
        );
    }

    /// A sweep whose classes share searches counts every configuration as
    /// a search of each alone does: the same figures, down to the first
    /// trapped configurations in the sweep's order.
    #[test]
    fn a_shared_sweep_counts_as_searching_each_configuration_alone() {
        let (board, movement, mut sweep) = standard();
        sweep.rooms.truncate(3);
        let summary = crate::sweep::run(&board, &movement, &sweep, &|_| {});
        let mut tally = Tally::new(board.rooms.len());
        let (mut ship, mut workspace) = (board.clone(), Workspace::new());
        let total = sweep.solves().expect("a small sweep");
        for index in 0..total {
            let (start, states) = crate::sweep::decode(&sweep, index);
            let class = Class {
                start: sweep
                    .starts
                    .iter()
                    .position(|&s| s == start)
                    .expect("a start"),
                fixed: states
                    .iter()
                    .map(|s| sweep.states.iter().position(|x| x == s).map(|i| i as u8))
                    .collect(),
            };
            let reach = workspace
                .solve_reach(
                    &{
                        for (room, s) in sweep.rooms.iter().zip(&states) {
                            ship.rooms[room.index()].state = *s;
                        }
                        ship.clone()
                    },
                    &movement,
                    start,
                    &Limits::default(),
                )
                .ok()
                .cloned();
            tally.add(&sweep, &class, reach.as_ref());
        }
        let swept = crate::sweep::Swept::new(&board, &movement, &sweep);
        let alone = crate::sweep::summary(&swept, tally, total);
        assert!(summary.searches < total, "no search was shared");
        assert_eq!(
            serde_json::to_value(&summary.rooms).ok(),
            serde_json::to_value(&alone.rooms).ok()
        );
        assert_eq!(
            (summary.solves, summary.trapped, summary.over_budget),
            (alone.solves, alone.trapped, alone.over_budget)
        );
        assert_eq!(summary.trapped_examples, alone.trapped_examples);
        assert!(
            !summary.trapped_examples.is_empty(),
            "no trapped configuration to compare"
        );
    }
}
