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

use hatchway::model::turn::{Change, OnFailure};
use hatchway::model::{
    ActionEffect, ActionId, Board, Condition, Cost, HatchId, HatchStateId, ItemId, ItemSet,
    Movement, RoomId, Rules, StateId,
};
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
    /// Every hatch's state at its end.
    pub hatches: Vec<HatchStateId>,
    /// The rooms entered by its end.
    pub visited: Vec<bool>,
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
                    hatches: ship.hatches.clone(),
                    visited: ship.visited.clone(),
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

/// One way to take an action after a move, found by brute force: the
/// outcome's key, the hatch acted on (for a hatch action), the extra
/// minutes, the bonus, whether failing leaves the gnome to die, and for
/// each choice of minutes 1 to 10, the turn's total and how many of the
/// die's ten faces succeed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TurnPlan {
    /// The outcome the move ends in.
    pub outcome: OutcomeKey,
    /// The hatch acted on, for a hatch action.
    pub hatch: Option<HatchId>,
    /// Extra minutes.
    pub extra: u32,
    /// Bonus to the roll.
    pub bonus: u32,
    /// What a failed roll leads to: the ranks of the step out's actions,
    /// its minutes and the room the gnome is left in.
    pub failure: (Vec<u32>, u32, RoomId),
    /// Whether the end rules kill the gnome after a failed roll.
    pub fatal_if_failed: bool,
    /// Whether the end rules spare the gnome when the roll succeeds: the
    /// action makes his room one they spare (acting on a hatch leaves the
    /// room as it is).
    pub saved_if_success: bool,
    /// `(total minutes, total if the roll fails, winning faces)` for 1 to
    /// 10 minutes.
    pub odds: Vec<(u32, u32, u32)>,
}

/// What a failed roll of `action` leads to for a gnome on `ship`: the step
/// out the player picks when the rules make him leave (every sequence of a
/// move, or of an opening and a move through the hatch opened, tried on
/// the ship; the cheapest that leaves him alive, else the cheapest; ties
/// by fewer actions, then ranks), or none.
pub fn failure(
    board: &Board,
    movement: &Movement,
    ship: &Ship,
    action: ActionId,
) -> ((Vec<u32>, u32, RoomId), bool) {
    let rules = movement.rules();
    let items = movement.items();
    let here = ship.position;
    let stay = (
        (Vec::new(), 0, here),
        fatal(rules, ship.rooms[here.index()], items),
    );
    if rules.turn.actions[usize::from(action.0)].on_failure != OnFailure::Leave {
        return stay;
    }
    let n = board.hatches.len();
    let mut steps: Vec<(Vec<Action>, u32, Ship)> = Vec::new();
    for (first, cost, next) in successors(board, movement, ship) {
        match first {
            Action::Move(_) => steps.push((vec![first], cost, next)),
            Action::Open(h) => {
                let through = board.hatch(h).other(here);
                for (second, more, last) in successors(board, movement, &next) {
                    if second == Action::Move(through) {
                        steps.push((vec![first, second], cost + more, last));
                    }
                }
            }
        }
    }
    steps
        .into_iter()
        .map(|(actions, cost, last)| {
            let dies = fatal(rules, last.rooms[last.position.index()], items);
            let ranks: Vec<u32> = actions.iter().map(|a| a.rank(n)).collect();
            (dies, cost, actions.len(), ranks, last.position)
        })
        .min()
        .map_or(stay, |(dies, cost, _, ranks, room)| {
            ((ranks, cost, room), dies)
        })
}

/// Whether a compiled condition holds for a gnome in a room in state
/// `room` with `items`, written out rather than taken from the model.
fn holds(condition: &Condition, room: StateId, items: ItemSet) -> bool {
    let from_ok = match condition.from {
        Some(s) => s == room,
        None => true,
    };
    let with_ok =
        (0..16u8).all(|i| !condition.with.contains(ItemId(i)) || items.contains(ItemId(i)));
    let without_ok =
        (0..16u8).all(|i| !condition.without.contains(ItemId(i)) || !items.contains(ItemId(i)));
    from_ok && with_ok && without_ok && condition.through.is_none()
}

fn specificity(condition: &Condition) -> u32 {
    let mut n = u32::from(condition.from.is_some()) + u32::from(condition.through.is_some());
    for i in 0..16u8 {
        n += u32::from(condition.with.contains(ItemId(i)));
        n += u32::from(condition.without.contains(ItemId(i)));
    }
    n
}

/// Whether the end rules kill a gnome left in a room in state `room`: the
/// matching `end` rule with the most conditions decides; none means safe.
pub fn fatal(rules: &Rules, room: StateId, items: ItemSet) -> bool {
    let mut best: Option<(u32, bool)> = None;
    for r in &rules.turn.end {
        if r.state == room && holds(&r.condition, room, items) {
            let s = specificity(&r.condition);
            if best.is_none() || best.is_some_and(|(b, _)| s > b) {
                best = Some((s, r.fatal));
            }
        }
    }
    best.is_some_and(|(_, f)| f)
}

/// Every way to take `action` at `at` after a move, from the brute force's
/// outcomes, reading the rules' tables directly.
pub fn turn_plans(
    board: &Board,
    movement: &Movement,
    outcomes: &BTreeMap<OutcomeKey, Best>,
    action: ActionId,
    at: RoomId,
) -> Vec<TurnPlan> {
    let rules = movement.rules();
    let items = movement.items();
    let declared = &rules.turn.actions[usize::from(action.0)];
    let mut plans = Vec::new();
    for ((room, rooms), best) in outcomes {
        if *room != at {
            continue;
        }
        let here = rooms[at.index()];
        // The deciding `forbidden`/`cost` rule: most conditions, and a rule
        // naming the action before one for every action.
        let mut deciding: Option<(u32, ActionEffect)> = None;
        let mut bonus = 0;
        for r in &rules.turn.action_rules {
            let about = match r.action {
                Some(a) => a == action,
                None => true,
            };
            if !about || !holds(&r.condition, here, items) {
                continue;
            }
            if let ActionEffect::Bonus(b) = r.effect {
                bonus += b;
                continue;
            }
            let s = 2 * specificity(&r.condition) + u32::from(r.action.is_some());
            if deciding.is_none() || deciding.is_some_and(|(b, _)| s > b) {
                deciding = Some((s, r.effect));
            }
        }
        let extra = match deciding {
            Some((_, ActionEffect::Forbidden)) => continue,
            Some((_, ActionEffect::Cost(c))) => c.0,
            _ => 0,
        };
        let mut targets: Vec<Option<HatchId>> = Vec::new();
        for change in &declared.changes {
            match *change {
                Change::Room { from, .. } if from == here => targets.push(None),
                Change::Hatch { from, .. } => {
                    for (h, hatch) in board.hatches.iter().enumerate() {
                        if hatch.rooms.contains(&at) && best.hatches[h] == from {
                            targets.push(Some(HatchId(h as u32)));
                        }
                    }
                }
                Change::Room { .. } => {}
            }
        }
        let ship = Ship {
            position: at,
            rooms: rooms.clone(),
            hatches: best.hatches.clone(),
            visited: best.visited.clone(),
        };
        let (failed, fatal_if_failed) = failure(board, movement, &ship, action);
        let room_after = declared.changes.iter().find_map(|c| match *c {
            Change::Room { from, to } if from == here => Some(to),
            _ => None,
        });
        for hatch in targets {
            let saved_if_success =
                hatch.is_none() && room_after.is_some_and(|to| !fatal(rules, to, items));
            let odds = (1..=10u32)
                .map(|m| {
                    let faces = (1..=10u32).filter(|&f| f <= m + bonus).count() as u32;
                    let total = best.key.cost + extra + m;
                    (total, total + failed.1, faces)
                })
                .collect();
            plans.push(TurnPlan {
                outcome: (*room, rooms.clone()),
                hatch,
                extra,
                bonus,
                failure: failed.clone(),
                fatal_if_failed,
                saved_if_success,
                odds,
            });
        }
    }
    plans.sort();
    plans
}

/// An outcome's survival as the brute force works it out: the kind's name,
/// the action that saves the gnome (or whose risks are listed), the fewest
/// minutes and the total that save him, and the risks as (minutes, total,
/// deadly faces), the least risk first.
pub type Survival = (
    &'static str,
    Option<ActionId>,
    Option<u32>,
    Option<u32>,
    Vec<(u32, u32, u32)>,
);

/// The survival of a gnome left where `fatal_here` says, with `plans` every
/// fix-it he can take there (each with its action), in the order the
/// actions are declared. Each choice of fix-it and minutes is tried: the
/// die's faces that kill him are those whose branch (success or failure)
/// leaves him in a room the end rules do not spare.
pub fn survival(fatal_here: bool, plans: &[(ActionId, &TurnPlan)]) -> Survival {
    if !fatal_here {
        return ("safe", None, None, None, Vec::new());
    }
    let deadly = |p: &TurnPlan, faces: u32| -> u32 {
        (0..10u32)
            .filter(|&face| {
                let succeeds = face < faces;
                if succeeds {
                    !p.saved_if_success
                } else {
                    p.fatal_if_failed
                }
            })
            .count() as u32
    };
    let mut best_any: Option<(u32, usize)> = None;
    let mut best_sure: Option<(u32, usize, u32)> = None;
    let mut best_chance: Option<(u32, u32, usize)> = None;
    for (i, (_, p)) in plans.iter().enumerate() {
        for (m, &(total, _, faces)) in (1u32..).zip(&p.odds) {
            let d = deadly(p, faces);
            if p.saved_if_success && !p.fatal_if_failed && best_any.is_none_or(|b| (total, i) < b) {
                best_any = Some((total, i));
            }
            if d == 0 && best_sure.is_none_or(|b| (total, i, m) < b) {
                best_sure = Some((total, i, m));
            }
            if d < 10 && best_chance.is_none_or(|b| (d, total, i) < b) {
                best_chance = Some((d, total, i));
            }
        }
    }
    let risks = |i: usize, below: u32| -> Vec<(u32, u32, u32)> {
        let p = plans[i].1;
        let mut kept: Vec<(u32, u32, u32)> = Vec::new();
        for (m, &(total, _, faces)) in (1u32..).zip(&p.odds) {
            let d = deadly(p, faces);
            if m < below && d > 0 && d < 10 && kept.last().is_none_or(|k| d < k.2) {
                kept.push((m, total, d));
            }
        }
        kept.reverse();
        kept
    };
    if let Some((total, i)) = best_any {
        return (
            "safe_any_roll",
            Some(plans[i].0),
            Some(1),
            Some(total),
            Vec::new(),
        );
    }
    if let Some((total, i, m)) = best_sure {
        return (
            "safe_sure_roll",
            Some(plans[i].0),
            Some(m),
            Some(total),
            risks(i, m),
        );
    }
    match best_chance {
        Some((_, _, i)) => ("fatal", Some(plans[i].0), None, None, risks(i, 11)),
        None => ("fatal", None, None, None, Vec::new()),
    }
}
