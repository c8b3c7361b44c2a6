//! A brute-force enumerator of a turn, written to be obviously right rather
//! than fast, and independent of `hatchway::search` and `hatchway::referee`.
//!
//! It walks every action sequence depth first on an explicit ship. The only
//! pruning: when the very same ship (position, every room state, every hatch
//! state and the set of rooms visited) is reached again by a sequence whose
//! key is not better than the key it was reached with before, that sequence
//! is dropped. The key of a sequence is (cost, number of actions, the
//! actions' ranks compared lexicographically), the documented tie-break of
//! hatchway. Extending two sequences that end in the same ship by the same
//! actions keeps their order, so a dropped sequence can never lead to a
//! better key than the one kept.
//!
//! The rules are read from the compiled tables only, through
//! `Movement::{opening, flow, walk_through, may_leave, revisit, enter}`, and
//! the board through `Board::{rooms, hatches, neighbours}`.

use std::collections::{BTreeMap, HashMap};

use hatchway::model::{Board, Cost, HatchStateId, Movement, RoomId, StateId};
use hatchway::outcome::Action;

/// The full state of the ship during a turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ship {
    /// Where the player is.
    pub position: RoomId,
    /// Every room's state.
    pub rooms: Vec<StateId>,
    /// Every hatch's state.
    pub hatches: Vec<HatchStateId>,
    /// The rooms entered this turn, the start room included.
    pub visited: Vec<bool>,
}

/// How good a sequence is: smaller is better.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    /// Total minutes.
    pub cost: u32,
    /// Number of actions.
    pub len: usize,
    /// `Action::rank` of each action, in order.
    pub ranks: Vec<u32>,
}

/// The best way found to one outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// Its key.
    pub key: Key,
    /// The action sequence.
    pub actions: Vec<Action>,
}

impl Best {
    /// The cost, as the engine reports it.
    pub fn cost(&self) -> Cost {
        Cost(self.key.cost)
    }
}

/// An outcome: the final room and every room's final state.
pub type OutcomeKey = (RoomId, Vec<StateId>);

/// Every outcome with its best sequence.
pub struct Enumeration {
    /// The outcomes.
    pub outcomes: BTreeMap<OutcomeKey, Best>,
    /// How many sequences were looked at (not pruned).
    pub expanded: usize,
    /// How many distinct ships were seen.
    pub ships: usize,
}

struct Walker<'a> {
    board: &'a Board,
    movement: &'a Movement,
    hatch_count: usize,
    seen: HashMap<Ship, Key>,
    outcomes: BTreeMap<OutcomeKey, Best>,
    expanded: usize,
    max_expanded: usize,
}

/// Every action possible from a ship, with its cost and the ship after it.
pub fn successors(board: &Board, movement: &Movement, ship: &Ship) -> Vec<(Action, u32, Ship)> {
    let mut out = Vec::new();
    let here = ship.position;
    let here_state = ship.rooms[here.index()];
    for &(hatch, there) in board.neighbours(here) {
        let hatch_state = ship.hatches[hatch.index()];

        // Open the hatch, letting water flow between its two rooms.
        if let Some(opening) = movement.opening(hatch_state) {
            let mut next = ship.clone();
            next.hatches[hatch.index()] = opening.becomes;
            let there_state = ship.rooms[there.index()];
            if let Some((a, b)) = movement.flow(here_state, there_state) {
                next.rooms[here.index()] = a;
                next.rooms[there.index()] = b;
            }
            out.push((Action::Open(hatch), opening.cost.0, next));
        }

        // Walk through it.
        let may_move = movement.walk_through(hatch_state)
            && movement.may_leave(here_state)
            && (movement.revisit() || !ship.visited[there.index()]);
        if may_move
            && let Some(cost) = movement.enter(here_state, hatch_state, ship.rooms[there.index()])
        {
            let mut next = ship.clone();
            next.position = there;
            next.visited[there.index()] = true;
            out.push((Action::Move(there), cost.0, next));
        }
    }
    out
}

impl Walker<'_> {
    fn walk(&mut self, ship: Ship, cost: u32, actions: &mut Vec<Action>, ranks: &mut Vec<u32>) {
        let key = Key {
            cost,
            len: actions.len(),
            ranks: ranks.clone(),
        };
        if let Some(old) = self.seen.get(&ship)
            && *old <= key
        {
            return;
        }
        self.expanded += 1;
        assert!(
            self.expanded <= self.max_expanded,
            "brute force gave up after {} sequences",
            self.max_expanded
        );
        self.seen.insert(ship.clone(), key.clone());

        let outcome = (ship.position, ship.rooms.clone());
        let better = self.outcomes.get(&outcome).is_none_or(|b| key < b.key);
        if better {
            self.outcomes.insert(
                outcome,
                Best {
                    key,
                    actions: actions.clone(),
                },
            );
        }

        for (action, step, next) in successors(self.board, self.movement, &ship) {
            let Some(total) = cost.checked_add(step) else {
                continue;
            };
            actions.push(action);
            ranks.push(action.rank(self.hatch_count));
            self.walk(next, total, actions, ranks);
            actions.pop();
            ranks.pop();
        }
    }
}

/// The ship at the start of a turn in `start`.
pub fn initial_ship(board: &Board, start: RoomId) -> Ship {
    let mut visited = vec![false; board.rooms.len()];
    visited[start.index()] = true;
    Ship {
        position: start,
        rooms: board.rooms.iter().map(|r| r.state).collect(),
        hatches: board.hatches.iter().map(|h| h.state).collect(),
        visited,
    }
}

/// Every outcome of a turn from `start`, each with its best key and
/// sequence. Panics after `max_expanded` sequences, so a test never hangs.
pub fn enumerate(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    max_expanded: usize,
) -> Enumeration {
    let mut walker = Walker {
        board,
        movement,
        hatch_count: board.hatches.len(),
        seen: HashMap::new(),
        outcomes: BTreeMap::new(),
        expanded: 0,
        max_expanded,
    };
    walker.walk(
        initial_ship(board, start),
        0,
        &mut Vec::new(),
        &mut Vec::new(),
    );
    Enumeration {
        outcomes: walker.outcomes,
        expanded: walker.expanded,
        ships: walker.seen.len(),
    }
}
