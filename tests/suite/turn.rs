//! The whole turn: end-of-turn verdicts and fix-it plans against the brute
//! force on random boards, and the worked examples of the rulebook by hand.
//!
//! The brute force (`common::brute`) finds every outcome of a move and
//! works out each verdict and plan from the compiled rules' tables with its
//! own code, counting the die's winning faces one by one; the engine's
//! `fixit::plans` and `Outcome::verdict` must say the same.

use crate::common;

use std::cell::Cell;

use hatchway::fixit::{self, Plan, Target};
use hatchway::generate::{BoardSpec, Topology, board_text};
use hatchway::model::{ActionId, Board, ItemId, ItemSet, Movement, RoomId};
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
fn spec(which: usize, shape: u8, rooms: usize, extra: usize, forced: usize, seed: u64) -> BoardSpec {
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
            w(&[("clear", 4), ("low_flood", 2), ("high_flood", 2), ("fire", 3)]),
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
fn as_brute(board: &Board, outcomes: &[(usize, Outcome)], plan: &Plan) -> brute::TurnPlan {
    let o = outcomes
        .iter()
        .find(|(n, _)| *n == plan.outcome)
        .map(|(_, o)| o)
        .unwrap_or_else(|| panic!("plan of an unknown outcome {}", plan.outcome));
    let _ = board;
    brute::TurnPlan {
        outcome: (o.room, o.rooms.clone()),
        hatch: match plan.target {
            Target::Hatch { hatch, .. } => Some(hatch),
            Target::Room { .. } => None,
        },
        extra: plan.terms.extra.0,
        bonus: plan.terms.bonus,
        fatal_if_failed: plan.if_failed.fatal,
        odds: plan
            .odds
            .iter()
            .map(|x| (x.total.0, x.chance.faces()))
            .collect(),
    }
}

/// Checks one board with one set of items; returns how many plans it
/// compared.
fn agree(text: &str, board: &Board, movement: &Movement) -> Result<usize, TestCaseError> {
    let outcomes: Vec<(usize, Outcome)> =
        match search::solve(board, movement, board.start, &Limits::default()) {
            Ok(s) => s.outcomes.into_iter().enumerate().map(|(i, o)| (i + 1, o)).collect(),
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
    for a in 0..rules.turn.actions.len() {
        let action = ActionId(a as u8);
        for r in 0..board.rooms.len() {
            let at = RoomId(r as u32);
            let plans = fixit::plans(board, movement, &outcomes, action, at);
            let mut ours: Vec<brute::TurnPlan> =
                plans.iter().map(|p| as_brute(board, &outcomes, p)).collect();
            ours.sort();
            let theirs = brute::turn_plans(board, movement, &expected, action, at);
            prop_assert_eq!(
                &ours,
                &theirs,
                "plans for `{}` at room {} on\n{}",
                rules.turn.actions[a].name,
                board.room(at).id,
                text
            );
            compared += ours.len();
            // The cheapest way to each chance: the lowest total among the
            // choices that reach it, by the brute force's plans.
            for b in fixit::best(&plans) {
                let cheapest = theirs
                    .iter()
                    .flat_map(|p| p.odds.iter())
                    .filter(|(_, faces)| *faces >= b.chance.faces())
                    .map(|(total, _)| *total)
                    .min();
                prop_assert_eq!(Some(b.odds.total.0), cheapest, "best for {:?}", b.chance);
                prop_assert!(b.odds.chance >= b.chance);
            }
        }
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
    let result = runner.run(&cases, |(which, shape, rooms, extra, forced, seed, mask)| {
        let text = board_text(&spec(which, shape, rooms, extra, forced, seed));
        let board = common::board(&text);
        let items = (0..board.rules.items.len())
            .filter(|i| mask & (1 << i) != 0)
            .fold(ItemSet::default(), |set, i| set.with(ItemId(i as u8)));
        let movement = board.rules.movement(items);
        let n = agree(&text, &board, &movement)?;
        compared.set(compared.get() + n);
        if n > 0 {
            boards_with_plans.set(boards_with_plans.get() + 1);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let (compared, boards) = (compared.get(), boards_with_plans.get());
    eprintln!("whole turn: {compared} plans compared on {boards} of {CASES} boards");
    assert!(
        boards >= CASES / 4,
        "only {boards} of {CASES} boards had a plan to compare"
    );
}
