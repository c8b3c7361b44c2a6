//! Where two rules files give different answers (`hatchway diff`): the
//! outcomes of a turn that exist under one only or cost differently, on
//! given boards or on random ones, with the smallest board that shows a
//! difference shrunk to a minimal counterexample.
//!
//! A board is played under other rules by the names of its states
//! ([`load::rebind`](crate::load::rebind)): a room that is `low_flood`
//! stays `low_flood`. No item is held.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::check::{self, RulesSource};
use crate::diagnostic::Problem;
use crate::generate::{self, BoardSpec, Topology};
use crate::load::{Incompatible, rebind};
use crate::model::{Board, Hatch, HatchStateId, ItemSet, RoomId, Rules, StateId};
use crate::outcome::Outcome;
use crate::search::{self, LimitReached, Limits};
use crate::syntax::{self, ast};

/// How one side reaches an outcome: its cost and path, as words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Way {
    /// Minutes.
    pub cost: u32,
    /// The actions, as `paths` writes them (`open 1-2`, `move 2`).
    pub path: Vec<String>,
}

/// An outcome the two rules disagree on: it exists under one only, or
/// costs differently.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Difference {
    /// The final room's id.
    pub room: String,
    /// The rooms whose state differs from the board's at the end, by id,
    /// with their final state.
    pub changes: BTreeMap<String, String>,
    /// How the first rules reach it, if they do.
    pub first: Option<Way>,
    /// How the second rules reach it, if they do.
    pub second: Option<Way>,
}

/// Why a comparison could not be made.
#[derive(Clone, Debug, thiserror::Error)]
pub enum Uncompared {
    /// A board uses a state one of the rules does not declare.
    #[error(transparent)]
    Incompatible(#[from] Incompatible),
    /// A search ran out of its budget.
    #[error(transparent)]
    Limit(#[from] LimitReached),
    /// A generated board did not compile: a bug of hatchway.
    #[error("internal error: a generated board does not compile")]
    Generated,
}

type Key = (String, BTreeMap<String, String>);

fn keyed(board: &Board, outcomes: &[Outcome]) -> BTreeMap<Key, Way> {
    let rules = &board.rules;
    outcomes
        .iter()
        .map(|o| {
            let changes = board
                .rooms
                .iter()
                .zip(&o.rooms)
                .filter(|(r, s)| r.state != **s)
                .map(|(r, s)| (r.id.clone(), rules.room_states[usize::from(s.0)].clone()))
                .collect();
            let path = o.actions.iter().map(|&a| a.text(board)).collect();
            (
                (board.room(o.room).id.clone(), changes),
                Way {
                    cost: o.cost.0,
                    path,
                },
            )
        })
        .collect()
}

/// The outcomes of a turn from `start` that the two rules disagree on,
/// ordered by final room and changes. `first` and `second` are the same
/// board under each rules (see [`rebind`]).
pub fn compare(
    first: &Board,
    second: &Board,
    start: RoomId,
    limits: &Limits,
) -> Result<Vec<Difference>, LimitReached> {
    let solve = |board: &Board| {
        let movement = board.rules.movement(ItemSet::default());
        search::solve(board, &movement, start, limits).map(|s| keyed(board, &s.outcomes))
    };
    let mut a = solve(first)?;
    let mut b = solve(second)?;
    let mut keys: Vec<Key> = a.keys().chain(b.keys()).cloned().collect();
    keys.sort_by(|x, y| {
        let room = |k: &Key| first.room_by_id(&k.0).map_or(u32::MAX, |r| r.0);
        room(x).cmp(&room(y)).then_with(|| x.cmp(y))
    });
    keys.dedup();
    Ok(keys
        .into_iter()
        .filter_map(|key| {
            let (x, y) = (a.remove(&key), b.remove(&key));
            let same = matches!((&x, &y), (Some(x), Some(y)) if x.cost == y.cost);
            (!same).then_some(Difference {
                room: key.0,
                changes: key.1,
                first: x,
                second: y,
            })
        })
        .collect())
}

/// What to try on random boards.
#[derive(Clone, Copy, Debug)]
pub struct RandomPlan {
    /// How many boards.
    pub boards: usize,
    /// The seed of the first; board `i` uses `seed + i`.
    pub seed: u64,
    /// Rooms per board.
    pub rooms: usize,
}

/// A board on which the rules differ, from one start room.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The board, under the first rules.
    pub board: Board,
    /// Where the turn starts (the board's start).
    pub start: RoomId,
    /// What differs.
    pub differences: Vec<Difference>,
}

/// The result of trying random boards.
#[derive(Clone, Debug)]
pub struct RandomRun {
    /// Turns tried: every start room of every board.
    pub turns: usize,
    /// Turns on which the rules differ.
    pub differing: usize,
    /// The smallest counterexample found, shrunk; `None` when they never
    /// differ.
    pub smallest: Option<Counterexample>,
}

/// The states both rules declare, in the first rules' order.
fn shared<'a>(first: &'a [String], second: &[String]) -> Vec<&'a String> {
    first.iter().filter(|s| second.contains(s)).collect()
}

/// Hands a generated board the rules it is checked with, whatever its
/// `rules` line says.
struct Given(Arc<Rules>);

impl RulesSource for Given {
    fn rules(&mut self, _: Option<&ast::RulesRef>) -> Result<Arc<Rules>, Vec<Problem>> {
        Ok(Arc::clone(&self.0))
    }
}

/// How many counterexamples are shrunk before the smallest is kept.
const SHRUNK: usize = 8;

/// Tries `plan.boards` random boards (random hatches over `plan.rooms`
/// rooms, in states both rules declare) from every start room, and shrinks
/// the smallest boards on which the rules differ.
pub fn random(
    first: &Arc<Rules>,
    second: &Arc<Rules>,
    plan: RandomPlan,
    limits: &Limits,
) -> Result<RandomRun, Uncompared> {
    let room_states = shared(&first.room_states, &second.room_states);
    let hatch_states = shared(&first.hatch_states, &second.hatch_states);
    let none = |kind: &'static str| Incompatible {
        rules: second.name.clone(),
        kind,
        state: format!("{kind} state of `{}`", first.name),
        place: "every room or hatch".to_string(),
        board: "a random board".to_string(),
    };
    if room_states.is_empty() {
        return Err(none("room").into());
    }
    if hatch_states.is_empty() {
        return Err(none("hatch").into());
    }
    let weigh = |names: &[&String]| {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| ((*n).clone(), if i == 0 { 3 } else { 1 }))
            .collect::<Vec<_>>()
    };
    let high = room_states
        .iter()
        .find(|s| s.as_str() == "high_flood")
        .map(|s| (*s).clone());
    let rooms = plan.rooms.max(1);
    let mut run = RandomRun {
        turns: 0,
        differing: 0,
        smallest: None,
    };
    let mut found: Vec<Counterexample> = Vec::new();
    for i in 0..plan.boards {
        let spec = BoardSpec {
            topology: Topology::Random {
                rooms,
                extra_hatches: rooms / 2,
            },
            rules: String::new(),
            room_states: weigh(&room_states),
            hatch_states: weigh(&hatch_states),
            high_water: usize::from(high.is_some()),
            high_water_state: high.clone(),
            start: Some(1),
            seed: plan.seed.wrapping_add(i as u64),
        };
        let board = generated(&generate::board_text(&spec), first)?;
        let other = rebind(&board, second)?;
        for s in 0..board.rooms.len() {
            let start = RoomId(s as u32);
            run.turns += 1;
            let differences = compare(&board, &other, start, limits)?;
            if !differences.is_empty() {
                run.differing += 1;
                if found.len() < SHRUNK {
                    found.push(Counterexample {
                        board: board.with_start(start),
                        start,
                        differences,
                    });
                }
            }
        }
    }
    for example in found {
        let small = renumbered(shrink(example, second, limits)?, second, limits)?;
        let size = |c: &Counterexample| (c.board.rooms.len(), c.board.hatches.len());
        if run.smallest.as_ref().is_none_or(|s| size(&small) < size(s)) {
            run.smallest = Some(small);
        }
    }
    Ok(run)
}

fn generated(text: &str, rules: &Arc<Rules>) -> Result<Board, Uncompared> {
    let Ok(ast::File::Board(file)) = syntax::parse(text) else {
        return Err(Uncompared::Generated);
    };
    check::board(&file, &mut Given(Arc::clone(rules)))
        .value
        .ok_or(Uncompared::Generated)
}

/// The board without one room (and its hatches); `None` for the start.
fn without_room(board: &Board, gone: RoomId) -> Option<Board> {
    if gone == board.start {
        return None;
    }
    let index = |r: RoomId| if r.0 > gone.0 { RoomId(r.0 - 1) } else { r };
    let rooms = board
        .rooms
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != gone.index())
        .map(|(_, r)| r.clone())
        .collect();
    let hatches = board
        .hatches
        .iter()
        .filter(|h| !h.rooms.contains(&gone))
        .map(|h| Hatch {
            rooms: h.rooms.map(index),
            state: h.state,
        })
        .collect();
    Some(Board::new(
        board.name.clone(),
        Arc::clone(&board.rules),
        rooms,
        hatches,
        index(board.start),
    ))
}

fn rebuilt(board: &Board, rooms: Vec<crate::model::Room>, hatches: Vec<Hatch>) -> Board {
    Board::new(
        board.name.clone(),
        Arc::clone(&board.rules),
        rooms,
        hatches,
        board.start,
    )
}

/// Every board one step simpler than `board`: a room fewer, a hatch fewer,
/// or one room or hatch in the simplest state both rules share (the first
/// rules' first such state), in that order of preference.
fn simpler(board: &Board, room_state: StateId, hatch_state: HatchStateId) -> Vec<Board> {
    let mut out = Vec::new();
    for r in (0..board.rooms.len()).rev() {
        out.extend(without_room(board, RoomId(r as u32)));
    }
    for h in (0..board.hatches.len()).rev() {
        let mut hatches = board.hatches.clone();
        hatches.remove(h);
        out.push(rebuilt(board, board.rooms.clone(), hatches));
    }
    for r in 0..board.rooms.len() {
        if board.rooms[r].state != room_state {
            let mut rooms = board.rooms.clone();
            rooms[r].state = room_state;
            out.push(rebuilt(board, rooms, board.hatches.clone()));
        }
    }
    for h in 0..board.hatches.len() {
        if board.hatches[h].state != hatch_state {
            let mut hatches = board.hatches.clone();
            hatches[h].state = hatch_state;
            out.push(rebuilt(board, board.rooms.clone(), hatches));
        }
    }
    out
}

/// The counterexample with its rooms numbered 1, 2, ... in board order
/// (a shrunk board keeps the numbers of the random board it came from,
/// which the user never saw), and its differences told with those numbers.
fn renumbered(
    example: Counterexample,
    second: &Arc<Rules>,
    limits: &Limits,
) -> Result<Counterexample, Uncompared> {
    let mut rooms = example.board.rooms.clone();
    for (i, room) in rooms.iter_mut().enumerate() {
        room.id = (i + 1).to_string();
    }
    let board = rebuilt(&example.board, rooms, example.board.hatches.clone());
    let other = rebind(&board, second)?;
    let differences = compare(&board, &other, board.start, limits)?;
    Ok(Counterexample {
        start: board.start,
        board,
        differences,
    })
}

/// Shrinks a counterexample by greedy deletion of rooms and hatches and
/// simplification of states, keeping each step while the rules still
/// differ, until no step keeps a difference.
pub fn shrink(
    example: Counterexample,
    second: &Arc<Rules>,
    limits: &Limits,
) -> Result<Counterexample, Uncompared> {
    let first = Arc::clone(&example.board.rules);
    let room_state = shared(&first.room_states, &second.room_states)
        .first()
        .and_then(|s| first.room_state(s))
        .unwrap_or(StateId(0));
    let hatch_state = shared(&first.hatch_states, &second.hatch_states)
        .first()
        .and_then(|s| first.hatch_state(s))
        .unwrap_or(HatchStateId(0));
    let mut best = example;
    'smaller: loop {
        for candidate in simpler(&best.board, room_state, hatch_state) {
            let other = rebind(&candidate, second)?;
            let differences = compare(&candidate, &other, candidate.start, limits)?;
            if !differences.is_empty() {
                best = Counterexample {
                    start: candidate.start,
                    board: candidate,
                    differences,
                };
                continue 'smaller;
            }
        }
        return Ok(best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load;

    fn rules(name: &str) -> Arc<Rules> {
        load::builtin_rules(name).expect("shipped rules compile")
    }

    #[test]
    fn the_same_rules_never_differ() {
        let a = rules("red-november");
        let plan = RandomPlan {
            boards: 5,
            seed: 3,
            rooms: 5,
        };
        let run = random(&a, &a, plan, &Limits::default()).expect("comparable");
        assert_eq!(run.turns, 25);
        assert_eq!(run.differing, 0);
        assert!(run.smallest.is_none());
    }

    #[test]
    fn a_shrunk_counterexample_still_differs_and_no_step_keeps_it() {
        let (a, b) = (rules("red-november"), rules("red-november-rulebook"));
        let plan = RandomPlan {
            boards: 20,
            seed: 1,
            rooms: 6,
        };
        let limits = Limits::default();
        let run = random(&a, &b, plan, &limits).expect("comparable");
        assert!(run.differing > 0);
        let small = run.smallest.expect("a counterexample");
        let other = rebind(&small.board, &b).expect("shared states");
        assert!(
            !compare(&small.board, &other, small.start, &limits)
                .expect("solvable")
                .is_empty()
        );
        let (rs, hs) = (StateId(0), HatchStateId(0));
        for c in simpler(&small.board, rs, hs) {
            let o = rebind(&c, &b).expect("shared states");
            assert!(
                compare(&c, &o, c.start, &limits)
                    .expect("solvable")
                    .is_empty()
            );
        }
    }
}
