//! The whole turn: end-of-turn verdicts and fix-it plans against the brute
//! force on random boards, and the worked examples of the rulebook by hand.
//!
//! The brute force (`common::brute`) finds every outcome of a move and
//! works out each verdict and plan from the compiled rules' tables with its
//! own code, counting the die's winning faces one by one; the engine's
//! `Answer::plans` and `Outcome::verdict` must say the same.

use crate::common;

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

use hatchway::answer::{Answer, Turn};
use hatchway::fixit::{self, Plan, Target};
use hatchway::generate::{BoardSpec, Topology, board_text};
use hatchway::model::{ActionId, Board, HatchId, ItemId, ItemSet, Movement, RoomId};
use hatchway::outcome::Outcome;
use hatchway::search::{self, Limits};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};

use common::brute;

/// Random boards per run, each checked for every action at every room.
const CASES: u32 = 2000;

const AJAR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/common/ajar.rules");

/// The rules drawn from: the rulebook (room and hatch actions, end rules on
/// two states) and the test rules `ajar` (end and action rules that depend
/// on items, two bonuses, an action with two changes).
fn spec(
    which: usize,
    shape: u8,
    rooms: usize,
    extra: usize,
    forced: usize,
    seed: u64,
) -> BoardSpec {
    let topology = match shape {
        0 => Topology::Random {
            rooms,
            extra_hatches: extra,
        },
        1 => Topology::Grid { rooms },
        _ => Topology::Hull { rooms },
    };
    let w = |list: &[(&str, u32)]| -> Vec<(String, u32)> {
        list.iter().map(|&(s, n)| (s.to_string(), n)).collect()
    };
    let (rules, room_states, forced_state, hatch_states) = if which == 0 {
        (
            "red-november-rulebook",
            w(&[
                ("clear", 4),
                ("low_flood", 2),
                ("high_flood", 2),
                ("fire", 3),
                ("sea", 1),
            ]),
            "fire",
            w(&[("closed", 5), ("open", 2), ("blocked", 3)]),
        )
    } else {
        (
            AJAR,
            w(&[
                ("clear", 4),
                ("low_flood", 2),
                ("high_flood", 2),
                ("fire", 3),
            ]),
            "high_flood",
            w(&[("closed", 5), ("ajar", 2), ("open", 2), ("blocked", 2)]),
        )
    };
    BoardSpec {
        topology,
        rules: rules.to_string(),
        room_states,
        hatch_states,
        high_water: forced,
        high_water_state: Some(forced_state.to_string()),
        start: None,
        seed,
    }
}

/// An engine plan in the brute force's terms.
fn as_brute(
    board: &Board,
    movement: &Movement,
    outcomes: &[(usize, Outcome)],
    plan: &Plan,
) -> brute::TurnPlan {
    let o = outcomes
        .iter()
        .find(|(n, _)| *n == plan.outcome)
        .map(|(_, o)| o)
        .unwrap_or_else(|| panic!("plan of an unknown outcome {}", plan.outcome));
    let n = board.hatches.len();
    brute::TurnPlan {
        outcome: (o.room, o.rooms.clone()),
        hatch: match plan.target {
            Target::Hatch { hatch, .. } => Some(hatch),
            Target::Room { .. } => None,
        },
        extra: plan.terms.extra.0,
        bonus: plan.terms.bonus,
        failure: (
            plan.if_failed
                .steps
                .iter()
                .map(|s| s.action.rank(n))
                .collect(),
            plan.if_failed.minutes.0,
            plan.if_failed.room,
        ),
        fatal_if_failed: plan.if_failed.verdict.fatal,
        saved_if_success: match plan.target {
            Target::Room { to, .. } => !movement.rules().turn.verdict(to, movement.items()).fatal,
            Target::Hatch { .. } => false,
        },
        odds: plan
            .odds
            .iter()
            .map(|x| (x.total.0, x.total_if_failed.0, x.chance.faces()))
            .collect(),
    }
}

/// Checks one board with one set of items; returns how many plans it
/// compared.
fn agree(
    text: &str,
    board: &Board,
    movement: &Movement,
    kinds: &RefCell<BTreeMap<&'static str, usize>>,
) -> Result<usize, TestCaseError> {
    let outcomes: Vec<(usize, Outcome)> =
        match search::solve(board, movement, board.start, &Limits::default()) {
            Ok(s) => s
                .outcomes
                .into_iter()
                .enumerate()
                .map(|(i, o)| (i + 1, o))
                .collect(),
            Err(e) => return Err(TestCaseError::fail(format!("{e} on\n{text}"))),
        };
    let expected = brute::enumerate(board, movement, board.start, 5_000_000).outcomes;
    prop_assert_eq!(outcomes.len(), expected.len(), "outcomes on\n{}", text);
    let rules = movement.rules();
    for (_, o) in &outcomes {
        let state = o.rooms[o.room.index()];
        prop_assert_eq!(
            o.verdict(movement).fatal,
            brute::fatal(rules, state, movement.items()),
            "verdict of {:?} on\n{}",
            o,
            text
        );
    }
    let mut compared = 0;
    // Every brute-force plan, with its action, for the survival below.
    let mut every: Vec<(ActionId, brute::TurnPlan)> = Vec::new();
    for a in 0..rules.turn.actions.len() {
        let action = ActionId(a as u8);
        for r in 0..board.rooms.len() {
            let at = RoomId(r as u32);
            let plans = plans_at(board, movement, &outcomes, action, at);
            let mut ours: Vec<brute::TurnPlan> = plans
                .iter()
                .map(|p| as_brute(board, movement, &outcomes, p))
                .collect();
            ours.sort();
            let theirs = brute::turn_plans(board, movement, &expected, action, at);
            every.extend(theirs.iter().map(|p| (action, p.clone())));
            prop_assert_eq!(
                &ours,
                &theirs,
                "plans for `{}` at room {} on\n{}",
                rules.turn.actions[a].name,
                board.room(at).id,
                text
            );
            compared += ours.len();
            // The frontier of chance against minutes, from the brute
            // force's plans: for each chance, the lowest total among the
            // choices that reach it, kept when no choice of that total or
            // less reaches a higher chance. The choice kept is the one
            // with the lowest total, then the lowest total if the roll
            // fails, then the plan listed first (fewest minutes before
            // the roll, then the outcome's number, then the hatch's place
            // among the room's), then the fewest minutes on the roll.
            let number = |key: &brute::OutcomeKey| {
                outcomes
                    .iter()
                    .find(|(_, o)| (o.room, o.rooms.clone()) == *key)
                    .map_or(usize::MAX, |(n, _)| *n)
            };
            let place = |hatch: Option<HatchId>| {
                hatch.map_or(0, |h| {
                    board
                        .neighbours(at)
                        .iter()
                        .position(|&(x, _)| x == h)
                        .unwrap_or(usize::MAX)
                })
            };
            // (total, total if failed, (before the roll, outcome, hatch's
            // place), minutes, faces, outcome, hatch)
            type Choice = (
                u32,
                u32,
                (u32, usize, usize),
                u32,
                u32,
                usize,
                Option<HatchId>,
            );
            let choices: Vec<Choice> = theirs
                .iter()
                .flat_map(|p| {
                    let n = number(&p.outcome);
                    let before = p.odds[0].0 - 1;
                    let listed = (before, n, place(p.hatch));
                    p.odds
                        .iter()
                        .zip(1..)
                        .map(move |(&(total, failed, faces), minutes)| {
                            (total, failed, listed, minutes, faces, n, p.hatch)
                        })
                })
                .filter(|c| c.4 > 0)
                .collect();
            let mut frontier: Vec<(u32, u32, u32, usize, Option<HatchId>, u32)> = Vec::new();
            for faces in (1..=10u32).rev() {
                let Some(chosen) = choices
                    .iter()
                    .filter(|c| c.4 >= faces)
                    .min_by(|a, b| (a.0, a.1, a.2, a.3).cmp(&(b.0, b.1, b.2, b.3)))
                else {
                    continue;
                };
                let highest = choices
                    .iter()
                    .filter(|c| c.0 <= chosen.0)
                    .map(|c| c.4)
                    .max();
                if highest == Some(faces) {
                    frontier.push((faces, chosen.0, chosen.1, chosen.5, chosen.6, chosen.3));
                }
            }
            let ours: Vec<(u32, u32, u32, usize, Option<HatchId>, u32)> = fixit::best(&plans)
                .iter()
                .map(|b| {
                    let plan = &plans[b.plan];
                    let hatch = match plan.target {
                        Target::Hatch { hatch, .. } => Some(hatch),
                        Target::Room { .. } => None,
                    };
                    (
                        b.chance.faces(),
                        b.odds.total.0,
                        b.odds.total_if_failed.0,
                        plan.outcome,
                        hatch,
                        b.odds.minutes,
                    )
                })
                .collect();
            prop_assert_eq!(&ours, &frontier, "the frontier on\n{}", text);
            for b in fixit::best(&plans) {
                prop_assert_eq!(b.odds.chance, b.chance);
            }
        }
    }
    // Each outcome's survival: the answer's, against the brute force's own
    // working-out over its plans (in the order of the actions, then of the
    // hatches acted on).
    let turn = Turn {
        board: board.clone(),
        movement: movement.clone(),
        start: board.start,
    };
    let plain: Vec<Outcome> = outcomes.iter().map(|(_, o)| o.clone()).collect();
    let answer = Answer::new(&turn, &plain);
    for told in answer.outcomes() {
        let o = told.outcome;
        let here: Vec<(ActionId, &brute::TurnPlan)> = every
            .iter()
            .filter(|(_, p)| p.outcome == (o.room, o.rooms.clone()))
            .map(|(a, p)| (*a, p))
            .collect();
        let fatal = brute::fatal(rules, o.rooms[o.room.index()], movement.items());
        let s = told.survival();
        let ours: brute::Survival = (
            s.kind.name(),
            s.action,
            s.minutes,
            s.total.map(|t| t.0),
            s.risks
                .iter()
                .map(|r| (r.minutes, r.total.0, r.death.faces()))
                .collect(),
        );
        prop_assert_eq!(
            ours,
            brute::survival(fatal, &here),
            "survival of outcome {} on\n{}",
            told.number,
            text
        );
        *kinds.borrow_mut().entry(s.kind.name()).or_insert(0) += 1;
    }
    Ok(compared)
}

/// Every verdict and plan of random boards against the brute force. A
/// board where no action can be taken anywhere compares no plan, so the
/// plans compared are counted and must be many.
#[test]
fn verdicts_and_plans_match_brute_force() {
    let compared = Cell::new(0usize);
    let boards_with_plans = Cell::new(0u32);
    let kinds = RefCell::new(BTreeMap::new());
    let mut runner = TestRunner::new(common::proptest_config(CASES));
    let cases = (
        0usize..2,
        0u8..3,
        prop_oneof![1 => 1usize..=3, 4 => 4usize..=7],
        0usize..=4,
        0usize..=2,
        any::<u64>(),
        any::<u16>(),
    );
    let result = runner.run(
        &cases,
        |(which, shape, rooms, extra, forced, seed, mask)| {
            let text = board_text(&spec(which, shape, rooms, extra, forced, seed));
            let board = common::board(&text);
            let items = (0..board.rules.items.len())
                .filter(|i| mask & (1 << i) != 0)
                .fold(ItemSet::default(), |set, i| set.with(ItemId(i as u8)));
            let movement = board.rules.movement(items);
            let n = agree(&text, &board, &movement, &kinds)?;
            compared.set(compared.get() + n);
            if n > 0 {
                boards_with_plans.set(boards_with_plans.get() + 1);
            }
            Ok(())
        },
    );
    if let Err(e) = result {
        panic!("{e}");
    }
    let (compared, boards) = (compared.get(), boards_with_plans.get());
    eprintln!("whole turn: {compared} plans compared on {boards} of {CASES} boards");
    assert!(
        boards >= CASES / 4,
        "only {boards} of {CASES} boards had a plan to compare"
    );
    // Every kind of survival was met, and so compared.
    let kinds = kinds.into_inner();
    eprintln!("survival kinds compared: {kinds:?}");
    for kind in hatchway::survival::Kind::ALL {
        assert!(
            kinds.get(kind.name()).is_some_and(|&n| n >= 10),
            "too few outcomes of kind `{}`: {kinds:?}",
            kind.name()
        );
    }
}

// ------------------------------------------------ worked by hand, from the rules

/// The plans for `action` at room `at` of a board text, with items.
fn plans_of(text: &str, items: &[&str], action: &str, at: &str) -> (Board, Vec<Plan>) {
    let board = common::board(text);
    let set = items.iter().fold(ItemSet::default(), |s, name| {
        s.with(
            board
                .rules
                .item(name)
                .unwrap_or_else(|| panic!("no item {name}")),
        )
    });
    let movement = board.rules.movement(set);
    let outcomes: Vec<(usize, Outcome)> =
        search::solve(&board, &movement, board.start, &Limits::default())
            .unwrap_or_else(|e| panic!("{e}"))
            .outcomes
            .into_iter()
            .enumerate()
            .map(|(i, o)| (i + 1, o))
            .collect();
    let action = board
        .rules
        .turn
        .action(action)
        .unwrap_or_else(|| panic!("no action {action}"));
    let at = common::room(&board, at);
    let plans = plans_at(&board, &movement, &outcomes, action, at);
    (board, plans)
}

/// The plans the library's answer makes for `action` at `at`.
fn plans_at(
    board: &Board,
    movement: &Movement,
    outcomes: &[(usize, Outcome)],
    action: ActionId,
    at: RoomId,
) -> Vec<Plan> {
    let turn = Turn {
        board: board.clone(),
        movement: movement.clone(),
        start: board.start,
    };
    let plain: Vec<Outcome> = outcomes.iter().map(|(_, o)| o.clone()).collect();
    Answer::new(&turn, &plain).plans(action, at).plans
}

/// The step out of a failure, as a plan writes it.
fn steps_of(board: &Board, failure: &fixit::Failure) -> Vec<String> {
    failure.steps.iter().map(|s| s.action.text(board)).collect()
}

/// A burning room whose only way out is into high water: opening the hatch
/// floods both rooms to low water (the fire goes out), and he wades out for
/// a minute more.
#[test]
fn a_failed_roll_opens_into_high_water_and_wades_out() {
    let (board, plans) = plans_of(
        &two_rooms("fire", "high_flood", "closed", "1"),
        &[],
        "extinguish_fire",
        "1",
    );
    assert_eq!(plans.len(), 1);
    let f = &plans[0].if_failed;
    assert!(f.must_leave);
    assert_eq!(steps_of(&board, f), ["open 1-2", "move 2"]);
    assert_eq!(f.minutes.0, 2, "a minute to open, a minute into low water");
    assert_eq!(f.steps[0].changes.len(), 2, "both rooms flood");
    assert_eq!(board.room(f.room).id, "2");
    assert!(!f.verdict.fatal, "low water is safe");
    assert_eq!(
        plans[0]
            .odds
            .iter()
            .map(|o| o.total_if_failed.0)
            .collect::<Vec<_>>(),
        [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    );
}

/// A burning room with no legal way out: its only hatch is blocked, or
/// leads into another fire without grog. He stays, and the fire kills him.
#[test]
fn a_failed_roll_with_no_way_out_leaves_the_gnome_in_the_fire() {
    for (two, hatch) in [("clear", "blocked"), ("fire", "closed")] {
        let (board, plans) = plans_of(
            &two_rooms("fire", two, hatch, "1"),
            &[],
            "extinguish_fire",
            "1",
        );
        assert_eq!(plans.len(), 1, "{two} {hatch}");
        let f = &plans[0].if_failed;
        assert!(f.must_leave && f.steps.is_empty(), "{two} {hatch}: {f:?}");
        assert_eq!(board.room(f.room).id, "1");
        assert_eq!(f.minutes.0, 0);
        assert!(f.verdict.fatal, "{two} {hatch}: left in the fire");
    }
}

/// When every step out ends in a room that kills, the player still must
/// leave: the cheapest step is shown, and it is fatal.
#[test]
fn a_failed_roll_with_only_fatal_ways_out_takes_the_cheapest() {
    let (board, plans) = plans_of(
        &two_rooms("fire", "fire", "open", "1"),
        &["grog"],
        "extinguish_fire",
        "1",
    );
    let stay = plans
        .iter()
        .find(|p| p.move_cost.0 == 0)
        .expect("the plan of staying");
    let f = &stay.if_failed;
    assert_eq!(steps_of(&board, f), ["move 2"]);
    assert_eq!(f.minutes.0, 0);
    assert!(f.verdict.fatal);
}

fn chances(plan: &Plan) -> Vec<String> {
    plan.odds.iter().map(|o| o.chance.to_string()).collect()
}

fn totals(plan: &Plan) -> Vec<u32> {
    plan.odds.iter().map(|o| o.total.0).collect()
}

/// The publisher's worked turn: from Missile Control (7) to the burning
/// Engine Room (1) in 4 minutes with grog, then 7 minutes on Extinguish
/// Fire: with grog's +3 the roll must be at most 10, a sure success, 11
/// minutes in all.
#[test]
fn the_publishers_worked_turn() {
    let text = std::fs::read_to_string(common::board_path("desperate-times.board"))
        .expect("the board is shipped");
    let (board, plans) = plans_of(&text, &["grog"], "extinguish_fire", "1");
    let first = &plans[0];
    assert_eq!(first.move_cost.0, 4);
    assert_eq!(first.terms.extra.0, 0);
    assert_eq!(first.terms.bonus, 3);
    let seven = first.odds[6];
    assert_eq!(
        (seven.minutes, seven.total.0, seven.chance.to_string()),
        (7, 11, "1".to_string())
    );
    // With fewer minutes: 1 + 3 = 4 faces of 10, and so on.
    assert_eq!(
        chances(first),
        [
            "2/5", "1/2", "3/5", "7/10", "4/5", "9/10", "1", "1", "1", "1"
        ]
    );
    // A failed roll: he must leave the burning room. Back into the burning
    // room 2 would be free but fatal; opening 1-3 into the dry room 3 costs
    // a minute and he lives.
    assert_eq!(steps_of(&board, &first.if_failed), ["open 1-3", "move 3"]);
    assert_eq!(first.if_failed.minutes.0, 1);
    assert!(!first.if_failed.verdict.fatal, "room 3 is dry");
    assert_eq!(first.odds[3].total_if_failed.0, 9);
    let best = fixit::best(&plans);
    assert_eq!(best[0].chance.to_string(), "1");
    assert_eq!((best[0].odds.minutes, best[0].odds.total.0), (7, 11));
    // Without grog, no burning room can be entered, and none is planned.
    let (_, plans) = plans_of(&text, &[], "extinguish_fire", "1");
    assert!(plans.is_empty());
}

/// A two-room board under the rulebook: the gnome starts in room `start`
/// of states `one` and `two`, with the hatch between them `hatch`.
fn two_rooms(one: &str, two: &str, hatch: &str, start: &str) -> String {
    format!(
        "board two\nrules red-november-rulebook\nroom 1: {one}\nroom 2: {two}\nhatch 1-2: {hatch}\nstart {start}\n"
    )
}

/// In low water every fix-it but Pump Water takes two more minutes, paid
/// before the roll and not counted in it.
#[test]
fn low_water_costs_two_minutes_before_the_roll() {
    let (_, plans) = plans_of(
        &two_rooms("low_flood", "clear", "blocked", "1"),
        &[],
        "unblock_hatch",
        "1",
    );
    assert_eq!(plans.len(), 1);
    let p = &plans[0];
    assert_eq!((p.move_cost.0, p.terms.extra.0, p.terms.bonus), (0, 2, 0));
    assert_eq!(totals(p), [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert_eq!(
        chances(p),
        [
            "1/10", "1/5", "3/10", "2/5", "1/2", "3/5", "7/10", "4/5", "9/10", "1"
        ]
    );
    assert!(!p.if_failed.verdict.fatal, "low water is not fatal");
    assert!(
        !p.if_failed.must_leave && p.if_failed.steps.is_empty(),
        "a failed Unblock Hatch leaves the gnome where he is"
    );
    // Pump Water pays nothing more.
    let (_, plans) = plans_of(
        &two_rooms("low_flood", "clear", "closed", "1"),
        &[],
        "pump_water",
        "1",
    );
    assert_eq!((plans[0].terms.extra.0, totals(&plans[0])[0]), (0, 1));
}

/// In high water no action can be taken; in fire only Extinguish Fire.
#[test]
fn high_water_and_fire_forbid_actions() {
    for action in ["pump_water", "unblock_hatch", "extinguish_fire"] {
        let (_, plans) = plans_of(
            &two_rooms("high_flood", "fire", "blocked", "1"),
            &["grog"],
            action,
            "1",
        );
        assert!(plans.is_empty(), "{action} in high water");
    }
    let text = two_rooms("fire", "clear", "blocked", "1");
    let (_, plans) = plans_of(&text, &[], "unblock_hatch", "1");
    assert!(plans.is_empty(), "unblock_hatch in a burning room");
    let (_, plans) = plans_of(&text, &[], "extinguish_fire", "1");
    assert_eq!(plans.len(), 1);
    assert_eq!(chances(&plans[0])[6], "7/10", "7 minutes without grog");
}

/// A hatch action is planned from either room of the hatch, and a move
/// there costs what `paths` says: open (1) and step in (0).
#[test]
fn a_blocked_hatch_is_unblocked_from_a_room_it_touches() {
    let text = "board three\nrules red-november-rulebook\nroom 1\nroom 2\nroom 3\nhatch 1-2\nhatch 2-3: blocked\nstart 1\n";
    let (board, plans) = plans_of(text, &["grog"], "unblock_hatch", "2");
    assert_eq!(plans.len(), 1);
    let p = &plans[0];
    assert_eq!(p.move_cost.0, 1);
    assert_eq!(
        p.target,
        Target::Hatch {
            hatch: common::hatch(&board, "2", "3"),
            to: board.rules.hatch_state("closed").expect("closed"),
        }
    );
    assert_eq!(totals(p)[0], 2);
    assert_eq!(chances(p)[0], "2/5", "1 minute and grog's +3");
    let (_, plans) = plans_of(text, &[], "unblock_hatch", "1");
    assert!(plans.is_empty(), "room 1 touches no blocked hatch");
}

// ------------------------------------------------------------ the command line

#[test]
fn plan_answers_in_json_with_exact_fractions() {
    let (out, err, code) = common::hatchway(&[
        "plan",
        "boards/desperate-times.board",
        "--action",
        "extinguish_fire",
        "--at",
        "1",
        "--with",
        "grog",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let plan = &doc["plans"][0];
    assert_eq!(plan["move_minutes"], 4);
    assert_eq!(plan["fatal_if_failed"], false);
    assert_eq!(plan["if_failed"]["fatal"], false);
    assert_eq!(plan["if_failed"]["minutes"], 1);
    assert_eq!(plan["if_failed"]["room"], "3");
    assert_eq!(plan["if_failed"]["must_leave"], true);
    assert_eq!(plan["if_failed"]["moves"][0]["hatch"][1], "3");
    assert_eq!(plan["if_failed"]["moves"][1]["room"], "3");
    assert_eq!(plan["odds"][3]["total_if_failed"], 9);
    assert_eq!(plan["moves"].as_array().map(Vec::len), Some(6));
    assert_eq!(plan["odds"][3]["minutes"], 4);
    assert_eq!(plan["odds"][3]["total"], 8);
    assert_eq!(plan["odds"][3]["chance"], "7/10");
    assert_eq!(plan["odds"][6]["chance"], "1");
    assert_eq!(doc["best"][0]["at_least"], "1");
    assert_eq!(doc["best"][0]["chance"], "1");
    assert_eq!(doc["best"][0]["total"], 11);
}

#[test]
fn plan_refuses_unknown_actions_and_rooms() {
    let (_, err, code) = common::hatchway(&[
        "plan",
        "boards/desperate-times.board",
        "--action",
        "extinguish_fires",
        "--at",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown action `extinguish_fires`"), "{err}");
    assert!(err.contains("did you mean `extinguish_fire`"), "{err}");
    let (_, err, code) = common::hatchway(&[
        "plan",
        "boards/desperate-times.board",
        "--action",
        "pump_water",
        "--at",
        "99",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown room `99` in `--at`"), "{err}");
    let (_, err, code) = common::hatchway(&[
        "plan",
        "red-november",
        "--action",
        "pump_water",
        "--at",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("declare no actions"), "{err}");
}

/// Fatal outcomes are marked in every output, and `--safe` hides them
/// without renumbering the others.
#[test]
fn fatal_outcomes_are_marked_and_can_be_hidden() {
    let board = "boards/red-november-rulebook.board";
    let (out, _, code) = common::hatchway(&["paths", board, "--format", "json"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let outcomes = doc["outcomes"].as_array().expect("outcomes");
    let fatal: Vec<&serde_json::Value> = outcomes.iter().filter(|o| o["fatal"] == true).collect();
    assert!(!fatal.is_empty());
    assert!(outcomes.iter().all(|o| o["fatal"].is_boolean()));
    assert_eq!(fatal[0]["end_rule"], "end high_flood: fatal");
    let (safe, _, _) = common::hatchway(&["paths", board, "--format", "json", "--safe"]);
    let safe: serde_json::Value = serde_json::from_str(&safe).expect("JSON");
    let safe = safe["outcomes"].as_array().expect("outcomes");
    assert_eq!(safe.len(), outcomes.len() - fatal.len());
    let kept: Vec<&serde_json::Value> = outcomes.iter().filter(|o| o["fatal"] == false).collect();
    for (a, b) in safe.iter().zip(kept) {
        assert_eq!(a["number"], b["number"], "numbers are kept");
    }
    let number = fatal[0]["number"].to_string();
    let (table, _, _) = common::hatchway(&["paths", board]);
    assert!(
        common::words(&table)
            .contains("he dies: room 3 has high water, and no fix-it can save him #"),
        "{table}"
    );
    // The deciding rule is one option away.
    let (table, _, _) = common::hatchway(&["paths", board, "--explain"]);
    assert!(common::words(&table).contains(
        "he dies: room 3 has high water, and no fix-it can save him (end high_flood: fatal)"
    ));
    let (log, _, _) = common::hatchway(&["replay", board, "--outcome", &number, "--explain"]);
    let said = common::words(&log);
    assert!(
        said.ends_with(", and no fix-it can save him (end high_flood: fatal)"),
        "{said}"
    );
    // Rules without end rules mark nothing.
    let (table, _, _) = common::hatchway(&["paths", "red-november"]);
    assert!(!table.contains("fatal"));
}

/// A plan may end with an action and its minutes: the replay says the roll
/// needed and the chance, and refuses an action the rules do not allow
/// there, pointing at it.
#[test]
fn a_plan_ends_with_a_fix_it() {
    let board = "boards/desperate-times.board";
    let walk = "open 5-7, move 5, open 2-5, move 2, open 1-2, move 1";
    let (out, err, code) = common::hatchway(&[
        "replay",
        board,
        "--with",
        "grog",
        "--path",
        &format!("{walk}, extinguish_fire 4"),
        "--explain",
    ]);
    assert_eq!(code, 0, "{err}");
    let said = common::words(&out);
    assert!(
        said.contains("4 min on the roll, bonus +3; it succeeds on a roll of 7 or less on the 10-sided die, chance 7/10; the turn takes 8 min"),
        "{out}"
    );
    assert!(
        said.contains("if the roll fails: he must leave (action extinguish_fire fails: leave): open 1-3, move 3, 1 min more; in room 3 he is safe"),
        "{out}"
    );
    let (out, _, code) = common::hatchway(&[
        "replay",
        board,
        "--with",
        "grog",
        "--format",
        "json",
        "--path",
        &format!("{walk}, extinguish_fire 7"),
    ]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(doc["roll"]["chance"], "1");
    assert_eq!(doc["roll"]["roll_at_most"], 10);
    assert_eq!(doc["roll"]["total"], 11);
    assert_eq!(doc["roll"]["total_if_failed"], 12);
    assert_eq!(doc["roll"]["fatal_if_failed"], false);
    assert_eq!(doc["roll"]["if_failed"]["room"], "3");
    // Refused: the wrong room, too many minutes, an action mid-plan.
    for (plan, message) in [
        ("extinguish_fire 7", "does not act on room 7"),
        (
            "open 5-7, move 5, open 4-5, move 4, unblock_hatch 2-4 11",
            "1 to 10 minutes, not 11",
        ),
        (
            "open 5-7, move 5, open 4-5, move 4, unblock_hatch 5",
            "acts on a hatch: say which",
        ),
        ("extinguish_fire 3, move 5", "must be the plan's last step"),
        ("pump_watr 3", "did you mean `pump_water`"),
    ] {
        let (_, err, code) = common::hatchway(&["replay", board, "--path", plan]);
        assert_eq!(code, 1, "{plan}: {err}");
        assert!(common::words(&err).contains(message), "{plan}: {err}");
    }
}

// ----------------------- where the rulebook differs from the first pathfinder

/// The outcomes `paths` lists for a board text with some arguments, as
/// (final room, every room's state), each once.
fn listed(name: &str, text: &str, args: &[&str]) -> std::collections::BTreeSet<String> {
    let dir = std::env::temp_dir().join(format!("hatchway-differences-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join(format!("{name}.board"));
    std::fs::write(&path, text).expect("write the board");
    let path = path.to_str().expect("UTF-8").to_string();
    let mut all = vec!["paths", path.as_str(), "--format", "json"];
    all.extend_from_slice(args);
    let (out, err, code) = common::hatchway(&all);
    assert_eq!(code, 0, "{name} {args:?}: {err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    doc["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .map(|o| format!("{} {}", o["final_room"], o["rooms"]))
        .collect()
}

const RULEBOOK: &str = "red-november-rulebook";

/// Each difference the rulebook makes, on a board that shows it alone: under
/// `red-november` and under `--rules red-november-rulebook` without the
/// item that matters the outcomes are the same where the rulebook agrees,
/// and differ exactly by what the rule allows.
#[test]
fn paths_differ_from_the_first_pathfinders_exactly_where_the_rulebook_does() {
    // Entering fire: only with grog.
    let fire = "board f\nroom 1\nroom 2: fire\nhatch 1-2: open\nstart 1\n";
    let base = listed("fire", fire, &["--rules", "red-november"]);
    assert_eq!(listed("fire", fire, &["--rules", RULEBOOK]), base);
    let grog = listed("fire", fire, &["--rules", RULEBOOK, "--with", "grog"]);
    assert_eq!(grog.difference(&base).count(), 1, "{grog:?}");
    assert!(grog.iter().any(|o| o.starts_with("\"2\"")));

    // Leaving fire: a gnome in a burning room can walk out.
    let leave = "board l\nroom 1: fire\nroom 2\nhatch 1-2: open\nstart 1\n";
    assert_eq!(
        listed("leave", leave, &["--rules", "red-november"]).len(),
        1
    );
    let out = listed("leave", leave, &["--rules", RULEBOOK]);
    assert_eq!(out.len(), 2);
    assert!(out.iter().any(|o| o.starts_with("\"2\"")));

    // Revisits: back to room 1 after flooding the corridor.
    let back = "board r\nroom 1\nroom 2\nroom 3: high_flood\nhatch 1-2\nhatch 2-3\nstart 1\n";
    let base = listed("back", back, &["--rules", "red-november"]);
    let again = listed("back", back, &["--rules", RULEBOOK]);
    assert!(base.is_subset(&again));
    let new: Vec<&String> = again.difference(&base).collect();
    assert_eq!(new.len(), 1, "{new:?}");
    assert!(new[0].starts_with("\"1\""), "{new:?}");

    // High water meeting low water evens out at low water.
    let meet = "board m\nroom 1: high_flood\nroom 2: low_flood\nhatch 1-2\nstart 1\n";
    let base = listed("meet", meet, &["--rules", "red-november"]);
    let even = listed("meet", meet, &["--rules", RULEBOOK]);
    assert!(base.iter().all(|o| o.contains("high_flood")), "{base:?}");
    assert!(even.iter().any(|o| !o.contains("high_flood")), "{even:?}");

    // The sea: no state of the first pathfinder's rules; only with an aqualung.
    let sea = "board s\nrules red-november-rulebook\nroom 1\nroom out: sea\nhatch 1-out\nstart 1\n";
    let (_, err, code) = common::hatchway(&[
        "paths",
        "boards/red-november-rulebook.board",
        "--rules",
        "red-november",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown room state `sea`"), "{err}");
    let dry = listed("sea", sea, &[]);
    assert!(dry.iter().all(|o| !o.starts_with("\"out\"")), "{dry:?}");
    let swim = listed("sea", sea, &["--with", "aqualung"]);
    assert!(swim.iter().any(|o| o.starts_with("\"out\"")), "{swim:?}");
}

/// The library judges a whole plan on its own, as a report or a script
/// would use it: its steps, the final action, and how it compares with the
/// cheapest way.
#[test]
fn a_plan_is_judged_through_the_library_alone() {
    use hatchway::judgement::{self, Comparison};
    let text = std::fs::read_to_string(common::board_path("desperate-times.board"))
        .expect("the board is shipped");
    let board = common::board(&text);
    let grog = ItemSet::default().with(board.rules.item("grog").expect("grog"));
    let movement = board.rules.movement(grog);
    let plan = "open 5-7, move 5, open 2-5, move 2, open 1-2, move 1, extinguish_fire 7";
    let judged = judgement::judge(&board, &movement, board.start, plan).expect("a plan");
    assert!(judged.is_allowed());
    assert_eq!(judged.allowed.len(), 6);
    let roll = judged.roll.as_ref().expect("a final action");
    assert_eq!(
        (roll.chance.to_string(), roll.total.0),
        ("1".to_string(), 11)
    );
    let compared = judgement::compare(
        &board,
        &movement,
        board.start,
        &judged.outcome(),
        &Limits::default(),
    );
    assert!(
        matches!(compared, Comparison::Cheapest { .. }),
        "{compared:?}"
    );
    // Without grog the second move into fire is refused, and says why.
    let dry = board.rules.movement(ItemSet::default());
    let judged = judgement::judge(&board, &dry, board.start, plan).expect("a plan");
    let refused = judged.refused.expect("refused");
    assert_eq!(refused.index, 3);
    assert_eq!(
        refused.ruling.words(false),
        "room 2 (Oxygen Pumps) has fire and cannot be entered (with Grog or Fire Extinguisher it is allowed)"
    );
    assert_eq!(refused.ruling.allowed_with, ["grog", "fire_extinguisher"]);
}

/// The publisher's move ends in the burning Engine Room: `paths` and
/// `replay` mark it fatal unless the fire is put out, with the odds of
/// doing so and what a failed roll leads to; the JSON carries it.
#[test]
fn a_fatal_outcome_points_at_its_remedy() {
    let board = "boards/desperate-times.board";
    let (table, err, code) =
        common::hatchway(&["paths", board, "--with", "grog", "--to", "1", "--explain"]);
    assert_eq!(code, 0, "{err}");
    let said = common::words(&table);
    assert!(
        said.contains("he dies if he stays and does nothing: room 1 has fire (end fire: fatal) Extinguish Fire saves him whatever the roll: 1 min on the roll, 5 in all; if it fails, he must leave (action extinguish_fire fails: leave): open 1-3, move 3, 1 min more; in room 3 he is safe minutes 1 2 3 4 5 6 7 total 5 6 7 8 9 10 11 chance 2/5 1/2 3/5 7/10 4/5 9/10 sure if fails 6 7 8 9 10 11 12"),
        "{table}"
    );
    let (log, _, code) = common::hatchway(&[
        "replay",
        board,
        "--with",
        "grog",
        "--outcome",
        "18",
        "--explain",
    ]);
    assert_eq!(code, 0);
    assert!(
        common::words(&log).contains(
            "he dies if he stays and does nothing: room 1 has fire (end fire: fatal) Extinguish Fire saves him whatever the roll"
        ),
        "{log}"
    );
    let (out, _, code) = common::hatchway(&["paths", board, "--with", "grog", "--format", "json"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let outcomes = doc["outcomes"].as_array().expect("outcomes");
    let publishers = outcomes
        .iter()
        .find(|o| o["number"] == 18)
        .expect("outcome 18");
    assert_eq!(publishers["final_room"], "1");
    let remedy = &publishers["remedies"][0];
    assert_eq!(remedy["action"], "extinguish_fire");
    assert_eq!(remedy["best"][0]["chance"], "1");
    assert_eq!(remedy["best"][0]["minutes"], 7);
    assert_eq!(remedy["best"][0]["total"], 11);
    assert_eq!(remedy["best"].as_array().map(Vec::len), Some(7));
    assert_eq!(remedy["if_failed"]["room"], "3");
    assert_eq!(remedy["if_failed"]["fatal"], false);
    // Only fatal outcomes have remedies, and only where an action helps:
    // high water kills too, but no action can be taken there.
    for o in outcomes {
        let has = o.get("remedies").is_some();
        assert!(!has || o["fatal"] == true, "{o}");
        if o["end_rule"] == "end high_flood: fatal" {
            assert!(!has, "{o}");
        }
    }
    // The report's badge says the same.
    let dir = tempfile_dir();
    let page = dir.join("report.html");
    let (_, err, code) = common::hatchway(&[
        "report",
        board,
        "--with",
        "grog",
        "-o",
        page.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(html.contains(
        "<span class=\"rescue-mark\">dies if he stays; Extinguish Fire saves him on any roll</span>"
    ));
    // The odds go to the page's table as columns, fewest minutes first.
    assert!(html.contains(
        "{\"words\":\"Extinguish Fire on room 1 (fire -> clear); if it fails, he must leave: open 1-3, move 3, 1 min more; in room 3 he is safe\",\"minutes\":[1,2,3,4,5,6,7],\"total\":[5,6,7,8,9,10,11],\"chance\":[\"2/5\",\"1/2\",\"3/5\",\"7/10\",\"4/5\",\"9/10\",\"sure\"],\"if_fails\":[6,7,8,9,10,11,12]}"
    ));
}

/// A folder of this test's own under the target folder.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("remedy-report");
    std::fs::create_dir_all(&dir).expect("a folder for the page");
    dir
}

/// The verdict counts the fix-it a player would take. The publisher's
/// worked turn: with grog, the gnome who reaches the burning Engine Room in
/// 4 minutes lives whatever the roll (the fire goes out, or he steps out to
/// room 3), from 1 minute on Extinguish Fire, 5 in all; the same in the
/// table, the log, JSON and the report's badge.
#[test]
fn the_worked_turn_is_safe_whatever_the_roll() {
    let board = "boards/desperate-times.board";
    let (json, err, code) =
        common::hatchway(&["paths", board, "--with", "grog", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let eighteen = &doc["outcomes"][17];
    assert_eq!(eighteen["number"], 18);
    assert_eq!(
        eighteen["survival"],
        serde_json::json!({
            "kind": "safe_any_roll",
            "action": "extinguish_fire",
            "minutes": 1,
            "total": 5
        })
    );
    let (table, _, _) = common::hatchway(&["paths", board, "--with", "grog", "--to", "1"]);
    assert!(
        common::words(&table).contains(
            "#18 4 min open 5-7, move 5, open 2-5, move 2, open 1-2, move 1 changes 5 low water, 7 low water he dies if he stays and does nothing: room 1 has fire Extinguish Fire saves him whatever the roll: 1 min on the roll, 5 in all; if it fails"
        ),
        "{table}"
    );
    let (log, _, _) = common::hatchway(&["replay", board, "--with", "grog", "--outcome", "18"]);
    assert!(
        common::words(&log).contains(
            "left in room 1 (Engine Room): he dies if he stays and does nothing: room 1 has fire Extinguish Fire saves him whatever the roll: 1 min on the roll, 5 in all"
        ),
        "{log}"
    );
    let (page, _, _) = common::hatchway(&["report", board, "--with", "grog"]);
    assert!(
        page.contains(
            "data-outcome=\"18\" aria-pressed=\"false\"><span class=\"number\">#18</span> <span class=\"cost\">4 min</span> <span class=\"rescue-mark\">dies if he stays; Extinguish Fire saves him on any roll</span>"
        ),
        "the badge of outcome 18"
    );
}

/// A gnome in a burning galley whose only way out leads into another fire:
/// only a roll that cannot fail saves him (7 minutes with grog's +3), and
/// fewer minutes risk his life, one chance in ten for each minute short.
#[test]
fn a_failure_into_fire_needs_a_sure_roll() {
    let (json, err, code) = common::hatchway(&[
        "paths",
        "tests/fixtures/trapped-in-fire.board",
        "--with",
        "grog",
        "--to",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let risks: Vec<serde_json::Value> = (1..=6)
        .rev()
        .map(|m| {
            let death = ["3/5", "1/2", "2/5", "3/10", "1/5", "1/10"][m - 1];
            let probability = [0.6, 0.5, 0.4, 0.3, 0.2, 0.1][m - 1];
            serde_json::json!({
                "minutes": m,
                "total": m,
                "death_chance": death,
                "death_probability": probability
            })
        })
        .collect();
    assert_eq!(
        doc["outcomes"][0]["survival"],
        serde_json::json!({
            "kind": "safe_sure_roll",
            "action": "extinguish_fire",
            "minutes": 7,
            "total": 7,
            "risks": risks
        })
    );
}
