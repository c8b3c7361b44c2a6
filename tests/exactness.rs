//! The search against an independent brute force, on random boards for every
//! shipped rules file, and on the worked examples of the rules.
//!
//! The brute force (`common::brute`) walks every action sequence on an
//! explicit ship and reads only the compiled tables; it shares no code with
//! `hatchway::search` or `hatchway::referee`. Both must agree on every
//! outcome, its minimum cost and its tie-break winner, and every path the
//! engine gives must replay through the referee to what it claims.

mod common;

use std::collections::BTreeMap;

use hatchway::generate::{BoardSpec, Rng, Topology, board_text};
use hatchway::model::{Board, Cost, ItemSet, Movement, RoomId};
use hatchway::outcome::{Action, Outcome};
use hatchway::referee;
use hatchway::search::{self, LimitReached, Limits};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use common::brute;

/// Sequences the brute force may look at on one board before the test
/// calls it a hang.
const BRUTE_BUDGET: usize = 5_000_000;

/// The engine's answer, which must not run out of states on a test board.
fn engine(board: &Board, movement: &Movement) -> Vec<Outcome> {
    match search::solve(board, movement, board.start, &Limits::default()) {
        Ok(s) => s.outcomes,
        Err(e) => panic!("the search gave up on a test board: {e}"),
    }
}

/// Checks the engine against the brute force on one board with one set of
/// items: the same outcomes, costs and sequences; no outcome twice; and
/// every sequence replays to its outcome.
fn agree(board: &Board, movement: &Movement) -> Result<(), TestCaseError> {
    let outcomes = engine(board, movement);
    let expected = brute::enumerate(board, movement, board.start, BRUTE_BUDGET).outcomes;

    let mut found: BTreeMap<brute::OutcomeKey, &Outcome> = BTreeMap::new();
    for o in &outcomes {
        let again = found.insert((o.room, o.rooms.clone()), o);
        prop_assert!(again.is_none(), "outcome listed twice: {o:?}");
    }
    let engine_keys: Vec<_> = found.keys().collect();
    let brute_keys: Vec<_> = expected.keys().collect();
    prop_assert_eq!(engine_keys, brute_keys, "the outcome sets differ");
    for (key, best) in &expected {
        let Some(o) = found.get(key) else {
            unreachable!("the key sets are equal");
        };
        prop_assert_eq!(o.cost, best.cost(), "minimum cost of {:?}", key);
        prop_assert_eq!(&o.actions, &best.actions, "tie-break winner of {:?}", key);
    }

    for o in &outcomes {
        match referee::replay(board, movement, board.start, &o.actions) {
            Ok((ship, steps)) => {
                prop_assert_eq!(ship.position, o.room, "replayed room of {:?}", o);
                prop_assert_eq!(&ship.rooms, &o.rooms, "replayed room states of {:?}", o);
                prop_assert_eq!(ship.spent, o.cost, "replayed cost of {:?}", o);
                prop_assert_eq!(steps.len(), o.actions.len());
            }
            Err((i, why)) => {
                prop_assert!(false, "action {} of {:?} is illegal: {}", i, o, why);
            }
        }
    }
    Ok(())
}

/// Every subset of the named items of a board's rules.
fn item_subsets(board: &Board, names: &[&str]) -> Vec<ItemSet> {
    let ids: Vec<_> = names
        .iter()
        .map(|n| match board.rules.item(n) {
            Some(i) => i,
            None => panic!("rules `{}` have no item `{n}`", board.rules.name),
        })
        .collect();
    (0..1usize << ids.len())
        .map(|mask| {
            ids.iter()
                .enumerate()
                .filter(|(bit, _)| mask & (1 << bit) != 0)
                .fold(ItemSet::default(), |set, (_, &id)| set.with(id))
        })
        .collect()
}

fn weights(list: &[(&str, u32)]) -> Vec<(String, u32)> {
    list.iter().map(|&(s, w)| (s.to_string(), w)).collect()
}

/// What a random test board is made of, as proptest picks it.
#[derive(Clone, Debug)]
struct Pick {
    shape: u8,
    rooms: usize,
    extra_hatches: usize,
    forced: usize,
    start: usize,
    seed: u64,
}

/// Random boards of up to 7 rooms and 10 hatches: a random tree with up to
/// 4 extra hatches, a grid or a hull; up to 2 rooms forced to a chosen state;
/// a start room picked by proptest (or, for 0, by the generator).
fn picks() -> impl Strategy<Value = Pick> {
    (
        0u8..3,
        1usize..=7,
        0usize..=4,
        0usize..=2,
        0usize..=7,
        any::<u64>(),
    )
        .prop_map(|(shape, rooms, extra_hatches, forced, start, seed)| Pick {
            shape,
            rooms,
            extra_hatches,
            forced,
            start,
            seed,
        })
}

impl Pick {
    fn spec(
        &self,
        rules: &str,
        room_states: &[(&str, u32)],
        forced_state: &str,
        hatch_states: &[(&str, u32)],
    ) -> BoardSpec {
        let topology = match self.shape {
            0 => Topology::Random {
                rooms: self.rooms,
                extra_hatches: self.extra_hatches,
            },
            1 => Topology::Grid { rooms: self.rooms },
            _ => Topology::Hull { rooms: self.rooms },
        };
        BoardSpec {
            topology,
            rules: rules.to_string(),
            room_states: weights(room_states),
            hatch_states: weights(hatch_states),
            high_water: self.forced,
            high_water_state: Some(forced_state.to_string()),
            start: (self.start > 0).then_some(self.start),
            seed: self.seed,
        }
    }
}

const BASE_ROOMS: &[(&str, u32)] = &[
    ("clear", 5),
    ("low_flood", 2),
    ("high_flood", 1),
    ("fire", 2),
];
const REVISED_ROOMS: &[(&str, u32)] = &[
    ("clear", 5),
    ("low_flood", 2),
    ("high_flood", 2),
    ("fire", 2),
    ("sea", 1),
];
const HATCHES: &[(&str, u32)] = &[("closed", 5), ("open", 3), ("blocked", 1)];

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Failures are reported with their (shrunk) seed; nothing is written
        // next to the sources.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(800))]

    /// Base rules: fire holds the player, no revisits.
    #[test]
    fn red_november_matches_brute_force(pick in picks()) {
        let text = board_text(&pick.spec("red-november", BASE_ROOMS, "high_flood", HATCHES));
        let board = common::board(&text);
        agree(&board, &board.rules.movement(ItemSet::default()))?;
    }
}

proptest! {
    #![proptest_config(config(700))]

    /// Revised rules, with every subset of {grog, aqualung} on each board.
    /// Rooms are forced to `sea` (for 2 of 3 picks), and `sea` also comes up
    /// at random, so the sea's flow and the aqualung are exercised.
    #[test]
    fn red_november_revised_matches_brute_force(pick in picks()) {
        let text = board_text(&pick.spec("red-november-revised", REVISED_ROOMS, "sea", HATCHES));
        let board = common::board(&text);
        if pick.forced > 0 {
            prop_assert!(text.contains(": sea"), "{}", text);
        }
        for items in item_subsets(&board, &["grog", "aqualung"]) {
            agree(&board, &board.rules.movement(items))?;
        }
    }
}

proptest! {
    #![proptest_config(config(700))]

    /// Deep water: wading through high water, a cost that depends on the
    /// room left.
    #[test]
    fn deep_water_matches_brute_force(pick in picks()) {
        let text = board_text(&pick.spec("deep-water", BASE_ROOMS, "high_flood", HATCHES));
        let board = common::board(&text);
        agree(&board, &board.rules.movement(ItemSet::default()))?;
    }
}

/// The board text with its statements in another order and every other
/// hatch written the other way round (`hatch 3-1` for `hatch 1-3`).
fn reorder(text: &str, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut lines: Vec<String> = Vec::new();
    let mut header = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with("board ") {
            header = line.to_string();
        } else if let Some(rest) = line.strip_prefix("hatch ") {
            let (ends, state) = match rest.split_once(':') {
                Some((e, s)) => (e.trim(), format!(":{s}")),
                None => (rest.trim(), String::new()),
            };
            match ends.split_once('-') {
                Some((a, b)) if rng.below(2) == 1 => lines.push(format!("hatch {b}-{a}{state}")),
                _ => lines.push(line.to_string()),
            }
        } else {
            lines.push(line.to_string());
        }
    }
    rng.shuffle(&mut lines);
    format!("{header}\n{}\n", lines.join("\n"))
}

proptest! {
    #![proptest_config(config(300))]

    /// The outcome list, sequences included, does not depend on the order in
    /// which a file lists its rooms and hatches.
    #[test]
    fn outcomes_do_not_depend_on_line_order(pick in picks(), which in 0usize..3, shuffle in any::<u64>()) {
        let (rules, rooms, forced) = [
            ("red-november", BASE_ROOMS, "high_flood"),
            ("red-november-revised", REVISED_ROOMS, "sea"),
            ("deep-water", BASE_ROOMS, "high_flood"),
        ][which];
        let text = board_text(&pick.spec(rules, rooms, forced, HATCHES));
        let shuffled = reorder(&text, shuffle);
        let a = common::board(&text);
        let b = common::board(&shuffled);
        let items = a.rules.items.iter().enumerate().fold(ItemSet::default(), |s, (i, _)| {
            s.with(hatchway::model::ItemId(i as u8))
        });
        for items in [ItemSet::default(), items] {
            let oa = engine(&a, &a.rules.movement(items));
            let ob = engine(&b, &b.rules.movement(items));
            prop_assert_eq!(oa, ob, "\n{}\n---\n{}", text, shuffled);
        }
    }
}

/// `reorder` really reorders (the test above would be empty otherwise).
#[test]
fn reorder_changes_the_text_but_not_the_board() {
    let text = board_text(&BoardSpec {
        topology: Topology::Random {
            rooms: 7,
            extra_hatches: 3,
        },
        rules: "red-november".to_string(),
        room_states: weights(BASE_ROOMS),
        hatch_states: weights(HATCHES),
        high_water: 1,
        high_water_state: Some("high_flood".to_string()),
        start: None,
        seed: 11,
    });
    let shuffled = reorder(&text, 5);
    assert_ne!(text, shuffled);
    assert!(shuffled.lines().any(|l| {
        l.strip_prefix("hatch ")
            .and_then(|r| r.split(':').next())
            .and_then(|e| e.trim().split_once('-'))
            .and_then(|(a, b)| Some(a.parse::<u32>().ok()? > b.parse::<u32>().ok()?))
            .unwrap_or(false)
    }));
    let a = common::board(&text);
    let b = common::board(&shuffled);
    assert_eq!(a.rooms, b.rooms);
    assert_eq!(a.hatches, b.hatches);
    assert_eq!(a.start, b.start);
}

// ------------------------------------------------------------ worked examples

/// Runs the brute-force comparison outside proptest.
fn assert_agree(board: &Board, movement: &Movement) {
    if let Err(e) = agree(board, movement) {
        panic!("engine and brute force disagree on {}: {e}", board.name);
    }
}

/// (room id, cost) of every outcome, in the engine's order.
fn room_costs(board: &Board, outcomes: &[Outcome]) -> Vec<(String, u32)> {
    outcomes
        .iter()
        .map(|o| (board.room(o.room).id.clone(), o.cost.0))
        .collect()
}

fn expected(list: &[(&str, u32)]) -> Vec<(String, u32)> {
    list.iter().map(|&(r, c)| (r.to_string(), c)).collect()
}

/// RULES.md: on open-mini the player can stay in 1 (0), wade into 2 (1) or
/// walk into 3 (0); room 4 burns.
#[test]
fn open_mini_has_three_outcomes() {
    let board = common::shipped_board("open-mini.board");
    let movement = board.rules.movement(ItemSet::default());
    let outcomes = engine(&board, &movement);
    assert_eq!(
        room_costs(&board, &outcomes),
        expected(&[("1", 0), ("2", 1), ("3", 0)])
    );
    let r = |id: &str| common::room(&board, id);
    let actions: Vec<_> = outcomes.iter().map(|o| o.actions.clone()).collect();
    assert_eq!(
        actions,
        vec![
            vec![],
            vec![Action::Move(r("2"))],
            vec![Action::Move(r("3"))]
        ]
    );
    assert!(outcomes.iter().all(|o| o.rooms == board.room_states()));
    assert_agree(&board, &movement);
}

/// RULES.md: on the standard board, all clear and closed, from room 1 each
/// room is reached by opening one hatch per step of the shortest route.
#[test]
fn standard_board_has_ten_outcomes() {
    let board = common::shipped_board("red-november.board");
    let movement = board.rules.movement(ItemSet::default());
    let outcomes = engine(&board, &movement);
    assert_eq!(
        room_costs(&board, &outcomes),
        expected(&[
            ("1", 0),
            ("2", 1),
            ("3", 1),
            ("4", 2),
            ("5", 2),
            ("6", 3),
            ("7", 3),
            ("8", 3),
            ("9", 4),
            ("10", 4),
        ])
    );
    // Ties: to 4 both 1-2-4 and 1-3-4 cost 2 in 4 actions; opening 1-2
    // (hatch index 0) comes first in the order, so 1-2-4 wins.
    let four = &outcomes[3];
    let h = |a: &str, b: &str| common::hatch(&board, a, b);
    let r = |id: &str| common::room(&board, id);
    assert_eq!(
        four.actions,
        vec![
            Action::Open(h("1", "2")),
            Action::Move(r("2")),
            Action::Open(h("2", "4")),
            Action::Move(r("4")),
        ]
    );
    assert_agree(&board, &movement);
}

/// RULES.md: on mini-flood, from room 2 (high water), opening 1-2 floods 1
/// and 2 to low water, opening 2-3 floods 2 and 3 (the fire goes out), and
/// opening 2-4 changes nothing (4 already has water). Each from a fresh turn.
#[test]
fn mini_flood_openings() {
    let board = common::shipped_board("mini-flood.board");
    let movement = board.rules.movement(ItemSet::default());
    assert_eq!(board.start, common::room(&board, "2"));
    let cases: [(&str, &[(&str, &str)]); 3] = [
        ("1", &[("1", "low_flood"), ("2", "low_flood")]),
        ("3", &[("2", "low_flood"), ("3", "low_flood")]),
        ("4", &[]),
    ];
    for (other, changed) in cases {
        let open = Action::Open(common::hatch(&board, "2", other));
        let (ship, steps) = match referee::replay(&board, &movement, board.start, &[open]) {
            Ok(r) => r,
            Err((_, why)) => panic!("opening 2-{other} is illegal: {why}"),
        };
        assert_eq!(
            ship.rooms,
            common::states_with(&board, changed),
            "2-{other}"
        );
        assert_eq!(ship.spent, Cost(1));
        assert_eq!(ship.position, board.start);
        let mut changes: Vec<_> = steps[0]
            .changes
            .iter()
            .map(|c| (board.room(c.room).id.as_str(), c.after))
            .collect();
        changes.sort();
        let want: Vec<_> = changed
            .iter()
            .map(|&(id, s)| (id, common::state(&board, s)))
            .collect();
        assert_eq!(changes, want, "2-{other}");
    }
    // Once 2-3 has put the fire out, room 3 (low water now) can be entered.
    let outcomes = engine(&board, &movement);
    let into_three = outcomes
        .iter()
        .find(|o| o.room == common::room(&board, "3"))
        .map(|o| o.cost);
    assert_eq!(into_three, Some(Cost(2)));
    assert_agree(&board, &movement);
}

/// A chain of ten rooms with low water in room 5: room k costs k - 1
/// openings, plus one minute from room 5 on. A search that gave up after a
/// few rounds would miss the far end.
#[test]
fn long_hull_chain() {
    let board = common::shipped_board("long-hull.board");
    let movement = board.rules.movement(ItemSet::default());
    let outcomes = engine(&board, &movement);
    let want: Vec<(String, u32)> = (1..=10u32)
        .map(|k| (k.to_string(), k - 1 + u32::from(k >= 5)))
        .collect();
    assert_eq!(room_costs(&board, &outcomes), want);
    assert_eq!(outcomes[9].actions.len(), 18);
    assert_agree(&board, &movement);
}

fn dry_spec(topology: Topology, start: usize) -> BoardSpec {
    BoardSpec {
        topology,
        rules: "red-november".to_string(),
        room_states: weights(&[("clear", 1)]),
        hatch_states: weights(&[("closed", 1)]),
        high_water: 0,
        high_water_state: None,
        start: Some(start),
        seed: 0,
    }
}

/// A generated ten-room hull: the chain 1-...-10 with cross-links 1-3, 4-6
/// and 7-9, all dry and closed. Each room costs its distance from room 1
/// (one opening per hatch): 1:0 2:1 3:1 4:2 5:3 6:3 7:4 8:5 9:5 10:6.
#[test]
fn generated_hull_of_ten() {
    let board = common::board(&board_text(&dry_spec(Topology::Hull { rooms: 10 }, 1)));
    assert_eq!(board.hatches.len(), 12);
    let movement = board.rules.movement(ItemSet::default());
    let outcomes = engine(&board, &movement);
    assert_eq!(
        room_costs(&board, &outcomes),
        expected(&[
            ("1", 0),
            ("2", 1),
            ("3", 1),
            ("4", 2),
            ("5", 3),
            ("6", 3),
            ("7", 4),
            ("8", 5),
            ("9", 5),
            ("10", 6),
        ])
    );
    assert_agree(&board, &movement);
}

/// Longer generated hulls and grids, started from the far end or the
/// middle, with random states: still exact.
#[test]
fn generated_long_boards() {
    for (topology, start) in [
        (Topology::Hull { rooms: 14 }, 14),
        (Topology::Hull { rooms: 12 }, 6),
        (Topology::Grid { rooms: 9 }, 5),
    ] {
        let dry = common::board(&board_text(&dry_spec(topology.clone(), start)));
        let movement = dry.rules.movement(ItemSet::default());
        assert_eq!(engine(&dry, &movement).len(), topology.rooms());
        assert_agree(&dry, &movement);
        for seed in 0..5 {
            let spec = BoardSpec {
                room_states: weights(BASE_ROOMS),
                hatch_states: weights(HATCHES),
                high_water: 2,
                high_water_state: Some("high_flood".to_string()),
                seed,
                ..dry_spec(topology.clone(), start)
            };
            let board = common::board(&board_text(&spec));
            assert_agree(&board, &board.rules.movement(ItemSet::default()));
        }
    }
}

/// The cheapest route to an outcome can pass through a room that a cheaper
/// partial path had already visited, so a search may not merge states that
/// differ only in the rooms visited.
///
/// ```text
///   1 --open-- 2 --open-- 3 --closed-- 5 (high_flood)
///   |                    |
///   +--open-- 4 (low) ---+
/// ```
///
/// Room 3 is reached for 0 by 1-2-3, or for 1 by 1-4-3 (wading through 4);
/// both leave every room and hatch the same, only the visited rooms differ.
/// The outcome "in room 2, with 3 and 5 at low water" needs 5's water let
/// into 3 (open 3-5 from 3, 1 minute) and then a step into 2: only possible
/// if 2 was not visited yet, so its cheapest route is 1-4-3, open 3-5, 2,
/// for 2 minutes, through the costlier way to room 3.
#[test]
fn cheapest_route_through_a_room_a_cheaper_partial_path_visited() {
    let board = common::board(
        "board detour\nrules red-november\n\
         room 1\nroom 2\nroom 3\nroom 4: low_flood\nroom 5: high_flood\n\
         hatch 1-2: open\nhatch 2-3: open\nhatch 1-4: open\nhatch 3-4: open\nhatch 3-5\n\
         start 1\n",
    );
    let movement = board.rules.movement(ItemSet::default());
    let outcomes = engine(&board, &movement);
    let r = |id: &str| common::room(&board, id);
    let h = |a: &str, b: &str| common::hatch(&board, a, b);
    let find = |room: &str, rooms: &[(&str, &str)]| {
        outcomes
            .iter()
            .find(|o| o.room == r(room) && o.rooms == common::states_with(&board, rooms))
            .map(|o| (o.cost, o.actions.clone()))
    };
    // The cheaper partial path to room 3.
    assert_eq!(
        find("3", &[]),
        Some((Cost(0), vec![Action::Move(r("2")), Action::Move(r("3"))]))
    );
    let flooded = [("3", "low_flood"), ("5", "low_flood")];
    assert_eq!(
        find("2", &flooded),
        Some((
            Cost(2),
            vec![
                Action::Move(r("4")),
                Action::Move(r("3")),
                Action::Open(h("3", "5")),
                Action::Move(r("2")),
            ]
        ))
    );
    // And the other way round: into 4 after flooding, by the cheap way.
    assert_eq!(
        find("4", &flooded),
        Some((
            Cost(2),
            vec![
                Action::Move(r("2")),
                Action::Move(r("3")),
                Action::Open(h("3", "5")),
                Action::Move(r("4")),
            ]
        ))
    );
    assert_agree(&board, &movement);
}

/// A small state budget stops the search with an error, never a silent cut.
#[test]
fn search_budget_is_reported() {
    let board = common::shipped_board("red-november.board");
    let movement = board.rules.movement(ItemSet::default());
    let limits = Limits {
        max_states: 10,
        ..Limits::default()
    };
    match search::solve(&board, &movement, board.start, &limits) {
        Err(LimitReached { states, .. }) => assert!(states > 10, "{states}"),
        Ok(s) => panic!("no error with a budget of 10 states: {} states", s.states),
    }
    let roomy = Limits {
        max_states: 1_000_000,
        ..Limits::default()
    };
    assert!(search::solve(&board, &movement, board.start, &roomy).is_ok());
}

/// The brute force itself on the smallest boards: one room (only staying
/// put) and two rooms joined by a closed hatch.
#[test]
fn brute_force_sanity() {
    let one = common::board("board one\nroom 1\nstart 1\n");
    let movement = one.rules.movement(ItemSet::default());
    let e = brute::enumerate(&one, &movement, one.start, 10);
    assert_eq!(e.outcomes.len(), 1);
    assert_eq!(e.expanded, 1);

    let two = common::board("board two\nroom 1\nroom 2: low_flood\nhatch 1-2\nstart 1\n");
    let movement = two.rules.movement(ItemSet::default());
    let e = brute::enumerate(&two, &movement, two.start, 100);
    let got: Vec<_> = e
        .outcomes
        .iter()
        .map(|((room, _), b)| (*room, b.cost(), b.actions.len()))
        .collect();
    // Stay (0); open and wade in (1 + 1). Opening and staying is the same
    // outcome as staying, at a higher cost.
    assert_eq!(got, vec![(RoomId(0), Cost(0), 0), (RoomId(1), Cost(2), 2)]);
    assert_eq!(e.ships, 3);
}
