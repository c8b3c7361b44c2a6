//! Where two turns on the same board and start give different answers
//! (`hatchway diff`): the same board under two rules files, or under one
//! rules holding an item more. Over the whole turn: the outcomes of a move
//! that exist in one only or cost differently, the end rules' verdicts where the move leaves the
//! gnome, and what each action offers there (whether it can be taken, its
//! extra minutes, bonus and odds, and what a failed roll leads to); on
//! given boards or on random ones, with the smallest board that shows a
//! difference shrunk to a minimal counterexample.
//!
//! A board is played under other rules by the names of its states
//! ([`load::rebind`](crate::load::rebind)): a room that is `low_flood`
//! stays `low_flood`. Items are held by name too, so both rules must
//! declare them.

mod documents;

pub use documents::*;

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::answer::{Answer, Turn};
use crate::check::{self, RulesSource};
use crate::diagnostic::Problem;
use crate::fixit::{Failure, Fixit, Target};
use crate::generate::{self, BoardSpec, Topology};
use crate::load::{Incompatible, rebind};
use crate::model::turn::Probability;
use crate::model::{Board, Hatch, HatchStateId, ItemSet, RoomId, RuleRef, Rules, StateId, Verdict};
use crate::outcome::Outcome;
use crate::search::{LimitReached, Limits};
use crate::syntax::{self, ast};

/// How one side reaches an outcome: its cost and path, as words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Way {
    /// The outcome's number in this side's listing (`paths` with the same
    /// items).
    pub outcome: usize,
    /// Minutes.
    pub cost: u32,
    /// The actions, as `paths` writes them (`open 1-2`, `move 2`).
    pub path: Vec<String>,
}

/// What one side's end rules say of the gnome an outcome leaves.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Fate {
    /// Whether he dies.
    pub fatal: bool,
    /// The deciding `end` rule as the rules file writes it; `None` when no
    /// `end` rule speaks of the room's state, which leaves him safe.
    pub rule: Option<String>,
}

impl Fate {
    fn of(rules: &Rules, verdict: Verdict) -> Fate {
        Fate {
            fatal: verdict.fatal,
            rule: verdict
                .rule
                .and_then(|i| rules.quote(RuleRef::End(i)))
                .map(|q| q.text.to_string()),
        }
    }

    /// `fatal (end fire: fatal)`, or `safe (no end rule)`.
    pub fn words(&self) -> String {
        let verdict = if self.fatal { "fatal" } else { "safe" };
        match &self.rule {
            Some(rule) => format!("{verdict} ({rule})"),
            None => format!("{verdict} (no end rule)"),
        }
    }
}

/// What one action offers on one target where an outcome leaves the
/// gnome, under one rules.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Offer {
    /// The state the target takes when the roll succeeds.
    pub becomes: String,
    /// Minutes paid before the roll.
    pub extra: u32,
    /// Added to the minutes chosen for the roll.
    pub bonus: u32,
    /// The chance of success for each choice of minutes, 1 to 10, as
    /// `7/10`.
    pub chances: Vec<String>,
    /// The same chances as numbers from 0 to 1.
    pub probabilities: Vec<Probability>,
    /// What a failed roll leads to, in words.
    pub if_failed: String,
    /// Whether the gnome dies if the roll fails.
    pub fatal_if_failed: bool,
}

/// An action whose offer differs between the rules where an outcome
/// leaves the gnome: one can take it and the other cannot, or its terms,
/// odds or failure differ.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct ActionDifference {
    /// The action's name.
    pub action: String,
    /// What it acts on: `room 2` or `hatch 2-4`.
    pub target: String,
    /// What it offers under the first rules; `None` when it cannot be
    /// taken there (not declared, forbidden, or not acting on the state).
    pub first: Option<Offer>,
    /// What it offers under the second rules.
    pub second: Option<Offer>,
}

impl ActionDifference {
    /// What differs, in words, each side named by the words that put a
    /// statement on it (`under A`, `with aqualung`), and each state as
    /// `say` says it: `chance 7/10 with 4 min under A, 1/2 under B`.
    pub fn words(&self, sides: [&str; 2], say: &dyn Fn(&str) -> String) -> Vec<String> {
        let [a, b] = sides;
        let (x, y) = match (&self.first, &self.second) {
            (Some(x), Some(y)) => (x, y),
            (None, Some(y)) => {
                return vec![format!(
                    "cannot be taken {a}; can {b} ({})",
                    offer_terms(y, say)
                )];
            }
            (Some(x), None) => {
                return vec![format!(
                    "can be taken {a} ({}); cannot {b}",
                    offer_terms(x, say)
                )];
            }
            (None, None) => return Vec::new(),
        };
        let mut out = Vec::new();
        if x.becomes != y.becomes {
            out.push(format!(
                "makes it {} {a}, {} {b}",
                say(&x.becomes),
                say(&y.becomes)
            ));
        }
        if x.extra != y.extra {
            out.push(format!("{} extra min {a}, {} {b}", x.extra, y.extra));
        }
        if x.bonus != y.bonus {
            out.push(format!("bonus {} {a}, {} {b}", x.bonus, y.bonus));
        }
        let chance = x
            .chances
            .iter()
            .zip(&y.chances)
            .enumerate()
            .find(|(_, (p, q))| p != q);
        if let Some((i, (p, q))) = chance {
            out.push(format!("chance {p} with {} min {a}, {q} {b}", i + 1));
        }
        if x.if_failed != y.if_failed || x.fatal_if_failed != y.fatal_if_failed {
            out.push(format!(
                "if the roll fails, {} {a}; {} {b}",
                x.if_failed, y.if_failed
            ));
        }
        out
    }
}

fn offer_terms(o: &Offer, say: &dyn Fn(&str) -> String) -> String {
    format!(
        "makes it {}, {} extra min, bonus {}",
        say(&o.becomes),
        o.extra,
        o.bonus
    )
}

/// An outcome two turns disagree on: it exists in one only, costs
/// differently, or the rest of the turn there differs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Difference {
    /// The final room's id.
    pub room: String,
    /// The rooms whose state differs from the board's at the end, by id,
    /// with their final state.
    pub changes: BTreeMap<String, String>,
    /// How the first turn reaches it, if it does.
    pub first: Option<Way>,
    /// How the second turn reaches it, if it does.
    pub second: Option<Way>,
    /// Both sides' verdicts, when both reach the outcome and one is fatal
    /// and the other not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdicts: Option<[Fate; 2]>,
    /// The actions whose offer there differs, when both reach it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<ActionDifference>,
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
    /// An item to hold is not declared by one of the rules.
    #[error("the rules `{rules}` declare no item `{item}`")]
    UnknownItem {
        /// The rules' name.
        rules: String,
        /// The item.
        item: String,
    },
    /// A generated board did not compile: a bug of hatchway.
    #[error("internal error: a generated board does not compile")]
    Generated,
}

type Key = (String, BTreeMap<String, String>);

/// One side's outcome: how it is reached, and the outcome itself.
struct Reached {
    way: Way,
    outcome: Outcome,
}

fn keyed(board: &Board, outcomes: Vec<Outcome>) -> BTreeMap<Key, Reached> {
    let rules = &board.rules;
    crate::outcome::numbered(outcomes)
        .map(|(number, o)| {
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
                Reached {
                    way: Way {
                        outcome: number,
                        cost: o.cost.0,
                        path,
                    },
                    outcome: o,
                },
            )
        })
        .collect()
}

/// The items named, as `rules` numbers them.
pub fn item_set(rules: &Rules, items: &[String]) -> Result<ItemSet, Uncompared> {
    Turn::items_named(rules, items).map_err(|unknown| Uncompared::UnknownItem {
        rules: rules.name.clone(),
        item: unknown.name,
    })
}

/// One side of a comparison: a turn, with what is worked out of it in
/// words both sides share.
struct Side<'a> {
    turn: &'a Turn,
}

impl Side<'_> {
    /// What a target is called in both rules: by room and hatch ids.
    fn target(&self, target: Target) -> (String, String) {
        let rules = &self.turn.board.rules;
        match target {
            Target::Room { to, .. } => {
                (String::new(), rules.room_states[usize::from(to.0)].clone())
            }
            Target::Hatch { hatch, to } => {
                let [a, b] = self.turn.board.hatch(hatch).rooms;
                (
                    format!(
                        "hatch {}-{}",
                        self.turn.board.room(a).id,
                        self.turn.board.room(b).id
                    ),
                    rules.hatch_states[usize::from(to.0)].clone(),
                )
            }
        }
    }

    /// Every action the gnome can take where `reached` leaves him, keyed
    /// by action name and target.
    fn offers(&self, reached: &Reached) -> Vec<((String, String), Offer)> {
        let answer = Answer::from_number(
            self.turn,
            reached.way.outcome,
            std::slice::from_ref(&reached.outcome),
            |_, _| true,
        );
        answer
            .outcomes()
            .iter()
            .flat_map(|told| told.fixits())
            .map(|f: &Fixit| {
                let turn = &self.turn.movement.rules().turn;
                let name = turn.actions[usize::from(f.action.0)].name.clone();
                let (mut target, becomes) = self.target(f.plan.target);
                if target.is_empty() {
                    target = format!("room {}", self.turn.board.room(reached.outcome.room).id);
                }
                let offer = Offer {
                    becomes,
                    extra: f.plan.terms.extra.0,
                    bonus: f.plan.terms.bonus,
                    chances: f.plan.odds.iter().map(|o| o.chance.to_string()).collect(),
                    probabilities: f.plan.odds.iter().map(|o| Probability(o.chance)).collect(),
                    if_failed: self.failure_words(&f.plan.if_failed),
                    fatal_if_failed: f.plan.if_failed.verdict.fatal,
                };
                ((name, target), offer)
            })
            .collect()
    }

    /// What a failed roll leads to, in words that both rules can share
    /// (no rule quoted): `he must leave: open 1-3, move 3, 1 min more; in
    /// room 3: safe`.
    fn failure_words(&self, failure: &Failure) -> String {
        let verdict = if failure.verdict.fatal {
            "fatal"
        } else {
            "safe"
        };
        let room = &self.turn.board.room(failure.room).id;
        if !failure.must_leave {
            return format!("he stays in room {room}: {verdict}");
        }
        if failure.steps.is_empty() {
            return format!("he must leave but cannot; left in room {room}: {verdict}");
        }
        let steps: Vec<String> = failure
            .steps
            .iter()
            .map(|s| s.action.text(&self.turn.board))
            .collect();
        format!(
            "he must leave: {}, {} min more; in room {room}: {verdict}",
            steps.join(", "),
            failure.minutes.0
        )
    }
}

/// The same turn on `first` and `second`, the same board under two rules
/// (see [`rebind`]), from `start`, holding `items` under each: both rules
/// must declare every item.
pub fn under_both(
    first: &Board,
    second: &Board,
    start: RoomId,
    items: &[String],
) -> Result<[Turn; 2], Uncompared> {
    let turn = |board: &Board| -> Result<Turn, Uncompared> {
        let held = item_set(&board.rules, items)?;
        Ok(Turn {
            board: board.clone(),
            movement: board.rules.movement(held),
            start,
        })
    };
    Ok([turn(first)?, turn(second)?])
}

/// The outcomes that two turns disagree on, ordered by final room and
/// changes. The turns are on the same board from the same start room
/// (rooms matched by id), each with its own rules and items: the same
/// board under two rules ([`under_both`]), or under one rules holding two
/// sets of items.
pub fn compare(
    first: &Turn,
    second: &Turn,
    limits: &Limits,
) -> Result<Vec<Difference>, Uncompared> {
    let (one, two) = (Side { turn: first }, Side { turn: second });
    let solve = |s: &Side| -> Result<_, Uncompared> {
        let solution = s.turn.solve(limits)?;
        Ok(keyed(&s.turn.board, solution.outcomes))
    };
    let mut a = solve(&one)?;
    let mut b = solve(&two)?;
    let mut keys: Vec<Key> = a.keys().chain(b.keys()).cloned().collect();
    keys.sort_by(|x, y| {
        let room = |k: &Key| first.board.room_by_id(&k.0).map_or(u32::MAX, |r| r.0);
        room(x).cmp(&room(y)).then_with(|| x.cmp(y))
    });
    keys.dedup();
    let mut out = Vec::new();
    for key in keys {
        let (x, y) = (a.remove(&key), b.remove(&key));
        let (mut verdicts, mut actions) = (None, Vec::new());
        if let (Some(x), Some(y)) = (&x, &y) {
            let (fx, fy) = (
                x.outcome.verdict(&first.movement),
                y.outcome.verdict(&second.movement),
            );
            if fx.fatal != fy.fatal {
                verdicts = Some([
                    Fate::of(&first.board.rules, fx),
                    Fate::of(&second.board.rules, fy),
                ]);
            }
            actions = differing_offers(one.offers(x), two.offers(y));
        }
        let same_way = matches!((&x, &y), (Some(x), Some(y)) if x.way.cost == y.way.cost);
        if !same_way || verdicts.is_some() || !actions.is_empty() {
            out.push(Difference {
                room: key.0,
                changes: key.1,
                first: x.map(|r| r.way),
                second: y.map(|r| r.way),
                verdicts,
                actions,
            });
        }
    }
    Ok(out)
}

/// The actions whose offers differ, by name and target: the first rules'
/// in their order, then those only the second rules offer.
fn differing_offers(
    first: Vec<((String, String), Offer)>,
    mut second: Vec<((String, String), Offer)>,
) -> Vec<ActionDifference> {
    let mut out = Vec::new();
    for (key, x) in first {
        let y = second
            .iter()
            .position(|(k, _)| *k == key)
            .map(|i| second.remove(i).1);
        if y.as_ref() != Some(&x) {
            out.push(ActionDifference {
                action: key.0,
                target: key.1,
                first: Some(x),
                second: y,
            });
        }
    }
    out.extend(second.into_iter().map(|(key, y)| ActionDifference {
        action: key.0,
        target: key.1,
        first: None,
        second: Some(y),
    }));
    out
}

/// The most items whose every combination `--random` tries.
pub const MAX_COMBINED_ITEMS: usize = 4;

/// The item sets to compare on when none is named: the items both rules
/// declare (in the first rules' order), every combination of them when
/// there are at most [`MAX_COMBINED_ITEMS`] (at most 16 sets), otherwise
/// none, each alone and all together. Fewest items first.
pub fn item_sets(first: &Rules, second: &Rules) -> Vec<Vec<String>> {
    let items: Vec<String> = shared(&first.items, &second.items)
        .into_iter()
        .cloned()
        .collect();
    let mut sets: Vec<Vec<String>> = if items.len() <= MAX_COMBINED_ITEMS {
        (0u32..1 << items.len())
            .map(|mask| {
                items
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, n)| n.clone())
                    .collect()
            })
            .collect()
    } else {
        let mut sets = vec![Vec::new()];
        sets.extend(items.iter().map(|i| vec![i.clone()]));
        sets.push(items.clone());
        sets
    };
    sets.sort_by_key(Vec::len);
    sets
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
    /// The items held in the turn that differs.
    pub items: Vec<String>,
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
/// rooms, in states both rules declare) from every start room, holding
/// each of `item_sets` in turn (a turn differs when one of them does), and
/// shrinks the smallest boards on which the rules differ, holding the
/// first item set that showed it.
pub fn random(
    first: &Arc<Rules>,
    second: &Arc<Rules>,
    plan: RandomPlan,
    item_sets: &[Vec<String>],
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
            for items in item_sets {
                let [one, two] = under_both(&board, &other, start, items)?;
                let differences = compare(&one, &two, limits)?;
                if differences.is_empty() {
                    continue;
                }
                run.differing += 1;
                if found.len() < SHRUNK {
                    found.push(Counterexample {
                        board: board.with_start(start),
                        start,
                        items: items.clone(),
                        differences,
                    });
                }
                break;
            }
        }
    }
    for example in found {
        let small = renumbered(shrink(example, second, limits)?, second, limits)?;
        let size = |c: &Counterexample| (c.board.rooms.len(), c.board.hatches.len(), c.items.len());
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
    let [one, two] = under_both(&board, &other, board.start, &example.items)?;
    let differences = compare(&one, &two, limits)?;
    Ok(Counterexample {
        start: board.start,
        board,
        items: example.items,
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
            let [one, two] = under_both(&candidate, &other, candidate.start, &best.items)?;
            let differences = compare(&one, &two, limits)?;
            if !differences.is_empty() {
                best = Counterexample {
                    start: candidate.start,
                    board: candidate,
                    items: best.items.clone(),
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

    fn offer(extra: u32, bonus: u32, if_failed: &str) -> Offer {
        Offer {
            becomes: "clear".to_string(),
            extra,
            bonus,
            chances: (1..=10)
                .map(|m| crate::model::turn::Chance::of(m, bonus).to_string())
                .collect(),
            probabilities: (1..=10)
                .map(|m| Probability(crate::model::turn::Chance::of(m, bonus)))
                .collect(),
            if_failed: if_failed.to_string(),
            fatal_if_failed: false,
        }
    }

    #[test]
    fn an_action_difference_is_told_in_words() {
        let words = rules("red-november-rulebook");
        let say = |n: &str| words.say(n).into_owned();
        let d = ActionDifference {
            action: "extinguish_fire".to_string(),
            target: "room 3".to_string(),
            first: Some(offer(0, 3, "he stays in room 3: safe")),
            second: Some(offer(2, 1, "he stays in room 3: safe")),
        };
        assert_eq!(
            d.words(["under A", "under B"], &say),
            [
                "0 extra min under A, 2 under B",
                "bonus 3 under A, 1 under B",
                "chance 2/5 with 1 min under A, 1/5 under B",
            ]
        );
        let only = ActionDifference {
            second: None,
            ..d.clone()
        };
        assert_eq!(
            only.words(["under A", "under B"], &say),
            ["can be taken under A (makes it clear, 0 extra min, bonus 3); cannot under B"]
        );
        let same = differing_offers(
            vec![(("a".into(), "room 1".into()), offer(0, 0, "x"))],
            vec![(("a".into(), "room 1".into()), offer(0, 0, "x"))],
        );
        assert!(same.is_empty());
    }

    #[test]
    fn the_same_rules_never_differ() {
        let a = rules("red-november-rulebook");
        let plan = RandomPlan {
            boards: 5,
            seed: 3,
            rooms: 5,
        };
        let sets = item_sets(&a, &a);
        assert_eq!(sets.len(), 8, "every combination of three items");
        let run = random(&a, &a, plan, &sets, &Limits::default()).expect("comparable");
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
        let run = random(&a, &b, plan, &[Vec::new()], &limits).expect("comparable");
        assert!(run.differing > 0);
        let small = run.smallest.expect("a counterexample");
        let other = rebind(&small.board, &b).expect("shared states");
        let [one, two] = under_both(&small.board, &other, small.start, &[]).expect("no item");
        assert!(!compare(&one, &two, &limits).expect("solvable").is_empty());
        let (rs, hs) = (StateId(0), HatchStateId(0));
        for c in simpler(&small.board, rs, hs) {
            let o = rebind(&c, &b).expect("shared states");
            let [one, two] = under_both(&c, &o, c.start, &[]).expect("no item");
            assert!(compare(&one, &two, &limits).expect("solvable").is_empty());
        }
    }
}
