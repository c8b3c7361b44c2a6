//! The rules variants shipped in `boards/`, worked out by hand.
//!
//! Each test states a small board, works out its outcomes from the rules
//! files in comments, and checks the engine against that (and against the
//! brute force of `common::brute`). The last tests compare the compiled
//! tables of the three rules files entry by entry: they must differ exactly
//! where the files do. It is a little over 800 lines because each worked
//! example carries its working in comments.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use hatchway::load;
use hatchway::model::{Board, Cost, HatchStateId, ItemSet, Movement, Rules, StateId};
use hatchway::outcome::{Action, Outcome};
use hatchway::referee;
use hatchway::search::{self, Limits};

use common::brute;

/// The engine's outcomes (a test board never needs more than the default
/// budget).
fn solve(board: &Board, movement: &Movement) -> Vec<Outcome> {
    match search::solve(board, movement, board.start, &Limits::default()) {
        Ok(s) => s.outcomes,
        Err(e) => panic!("the search gave up: {e}"),
    }
}

/// An outcome written by hand: final room, the rooms whose state changed
/// (with their new state), and the cost.
type Summary = (String, Vec<(String, String)>, u32);

fn summarize(board: &Board, outcomes: &[Outcome]) -> Vec<Summary> {
    let names = &board.rules.room_states;
    let mut out: Vec<Summary> = outcomes
        .iter()
        .map(|o| {
            let changed = board
                .rooms
                .iter()
                .zip(&o.rooms)
                .filter(|(room, s)| room.state != **s)
                .map(|(room, s)| (room.id.clone(), names[usize::from(s.0)].clone()))
                .collect();
            (board.room(o.room).id.clone(), changed, o.cost.0)
        })
        .collect();
    out.sort();
    out
}

/// An outcome as written in a test: final room, (room, new state) for each
/// room that changed, cost.
type Want<'a> = (&'a str, &'a [(&'a str, &'a str)], u32);

fn summary(list: &[Want]) -> Vec<Summary> {
    let mut out: Vec<Summary> = list
        .iter()
        .map(|&(room, changed, cost)| {
            (
                room.to_string(),
                changed
                    .iter()
                    .map(|&(r, s)| (r.to_string(), s.to_string()))
                    .collect(),
                cost,
            )
        })
        .collect();
    out.sort();
    out
}

/// Checks the outcomes against a hand-worked list, and against the brute
/// force; returns them.
fn expect(board: &Board, items: ItemSet, want: &[Want]) -> Vec<Outcome> {
    let movement = board.rules.movement(items);
    let outcomes = solve(board, &movement);
    assert_eq!(
        summarize(board, &outcomes),
        summary(want),
        "rules {} with items {items:?}",
        board.rules.name
    );
    let brute = brute::enumerate(board, &movement, board.start, 1_000_000);
    let mut costs: Vec<_> = outcomes
        .iter()
        .map(|o| ((o.room, o.rooms.clone()), o.cost, o.actions.clone()))
        .collect();
    costs.sort_by(|a, b| a.0.cmp(&b.0));
    let brute_costs: Vec<_> = brute
        .outcomes
        .iter()
        .map(|(k, b)| (k.clone(), b.cost(), b.actions.clone()))
        .collect();
    assert_eq!(costs, brute_costs, "engine and brute force differ");
    outcomes
}

/// The actions of the outcome ending in `room` with exactly these rooms
/// changed.
fn actions_of(
    board: &Board,
    outcomes: &[Outcome],
    room: &str,
    changed: &[(&str, &str)],
) -> Vec<Action> {
    let rooms = common::states_with(board, changed);
    let r = common::room(board, room);
    match outcomes.iter().find(|o| o.room == r && o.rooms == rooms) {
        Some(o) => o.actions.clone(),
        None => panic!("no outcome in {room} with {changed:?}"),
    }
}

fn item(rules: &Rules, name: &str) -> ItemSet {
    match rules.item(name) {
        Some(i) => ItemSet::default().with(i),
        None => panic!("rules `{}` have no item `{name}`", rules.name),
    }
}

fn with_rules(rules: &str, body: &str) -> Board {
    common::board(&format!("board test\nrules {rules}\n{body}"))
}

// ------------------------------------------------------------ rulebook rules

/// Leaving a burning room.
///
/// ```text
/// 1 (fire, start) --open-- 2
/// 1 --closed-- 3 (low_flood)
/// ```
///
/// Revised: there is no `leave` rule, so the player walks out of the fire:
/// into 2 through the open hatch for 0 (`enter clear: cost 0`), into 3 by
/// opening 1-3 (1; fire + low water has no flow rule) and wading in (1):
/// 2. Room 1 cannot be entered again (`enter fire: forbidden` without grog),
/// so nothing else. Base game: `leave fire: forbidden`, so the player stays;
/// opening 1-3 changes no room, so it is the same outcome at a higher cost.
#[test]
fn rulebook_leaving_a_burning_room() {
    let body = "room 1: fire\nroom 2\nroom 3: low_flood\n\
                hatch 1-2: open\nhatch 1-3\nstart 1\n";
    let board = with_rules("red-november-rulebook", body);
    let outcomes = expect(
        &board,
        ItemSet::default(),
        &[("1", &[], 0), ("2", &[], 0), ("3", &[], 2)],
    );
    let h = common::hatch(&board, "1", "3");
    assert_eq!(
        actions_of(&board, &outcomes, "3", &[]),
        vec![Action::Open(h), Action::Move(common::room(&board, "3"))]
    );

    let base = with_rules("red-november", body);
    expect(&base, ItemSet::default(), &[("1", &[], 0)]);
}

/// Entering a fire only with grog.
///
/// ```text
/// 1 (start) --open-- 2 (fire) --open-- 3
/// ```
///
/// Revised without grog (or with the aqualung only): `enter fire:
/// forbidden`, and 3 is only reachable through 2: the player stays. With
/// grog, `enter fire with grog: cost 0` is the more specific rule: into 2
/// for 0, and on into 3 for 0 (leaving a fire is allowed). The base game has
/// no items at all.
#[test]
fn rulebook_fire_only_with_grog() {
    let body = "room 1\nroom 2: fire\nroom 3\nhatch 1-2: open\nhatch 2-3: open\nstart 1\n";
    let board = with_rules("red-november-rulebook", body);
    let grog = item(&board.rules, "grog");
    let aqualung = item(&board.rules, "aqualung");
    expect(&board, ItemSet::default(), &[("1", &[], 0)]);
    expect(&board, aqualung, &[("1", &[], 0)]);
    let both = ItemSet(grog.0 | aqualung.0);
    for items in [grog, both] {
        let outcomes = expect(
            &board,
            items,
            &[("1", &[], 0), ("2", &[], 0), ("3", &[], 0)],
        );
        let r = |id: &str| common::room(&board, id);
        assert_eq!(
            actions_of(&board, &outcomes, "3", &[]),
            vec![Action::Move(r("2")), Action::Move(r("3"))]
        );
    }
    let base = with_rules("red-november", body);
    assert_eq!(base.rules.item("grog"), None);
    expect(&base, ItemSet::default(), &[("1", &[], 0)]);
}

/// High water meeting low water.
///
/// ```text
/// 1 (low_flood, start) --closed-- 2 (high_flood)
/// ```
///
/// Revised: opening 1-2 costs 1 and `flow high_flood + low_flood ->
/// low_flood + low_flood` levels both rooms at low water; then 2 can be
/// waded into (1). Outcomes: stay (0), open and stay with both rooms low
/// (1), open and wade into 2 (2). Base game: no flow for high + low, and
/// high water cannot be entered: only staying.
#[test]
fn rulebook_high_meets_low() {
    let body = "room 1: low_flood\nroom 2: high_flood\nhatch 1-2\nstart 1\n";
    let board = with_rules("red-november-rulebook", body);
    let low = [("2", "low_flood")];
    let outcomes = expect(
        &board,
        ItemSet::default(),
        &[("1", &[], 0), ("1", &low, 1), ("2", &low, 2)],
    );
    let h = common::hatch(&board, "1", "2");
    assert_eq!(
        actions_of(&board, &outcomes, "1", &low),
        vec![Action::Open(h)]
    );

    let base = with_rules("red-november", body);
    expect(&base, ItemSet::default(), &[("1", &[], 0)]);
}

/// Revisits: an opened hatch can be walked back through for free.
///
/// ```text
/// 1 (start) --closed-- 2 --closed-- 3 (high_flood)
/// ```
///
/// Both rule sets: stay (0); open 1-2 and step into 2 (1); from 2 open 2-3
/// (1): high + clear floods 2 and 3 to low water (2 in all, standing in 2);
/// then wade into 3 (1 more: 3).
///
/// Revised only (`revisit: allowed`): after flooding, walk back into 1
/// through the hatch already open: no opening, and 1 is clear, so 0: the
/// outcome "in 1 with 2 and 3 at low water" costs 2. The base game forbids
/// entering 1 again, so that outcome does not exist there.
#[test]
fn rulebook_revisits_walk_back_for_free() {
    let body = "room 1\nroom 2\nroom 3: high_flood\nhatch 1-2\nhatch 2-3\nstart 1\n";
    let flooded = [("2", "low_flood"), ("3", "low_flood")];
    let common_outcomes: [Want; 4] = [
        ("1", &[], 0),
        ("2", &[], 1),
        ("2", &flooded, 2),
        ("3", &flooded, 3),
    ];

    let board = with_rules("red-november-rulebook", body);
    let mut want = common_outcomes.to_vec();
    want.push(("1", &flooded, 2));
    let outcomes = expect(&board, ItemSet::default(), &want);
    let h = |a: &str, b: &str| common::hatch(&board, a, b);
    let r = |id: &str| common::room(&board, id);
    assert_eq!(
        actions_of(&board, &outcomes, "1", &flooded),
        vec![
            Action::Open(h("1", "2")),
            Action::Move(r("2")),
            Action::Open(h("2", "3")),
            Action::Move(r("1")),
        ]
    );
    // The referee agrees that the walk back costs nothing.
    let replayed = referee::replay(
        &board,
        &board.rules.movement(ItemSet::default()),
        board.start,
        &actions_of(&board, &outcomes, "1", &flooded),
    );
    let costs: Vec<u32> = match replayed {
        Ok((_, steps)) => steps.iter().map(|s| s.cost.0).collect(),
        Err((i, why)) => panic!("step {i} is illegal: {why}"),
    };
    assert_eq!(costs, vec![1, 0, 1, 0]);

    let base = with_rules("red-november", body);
    expect(&base, ItemSet::default(), &common_outcomes);
}

/// The standard submarine with the sea outside (boards/red-november-rulebook):
/// every room clear, every hatch closed, exterior hatches 3-sea, 6-sea and
/// 9-sea, start 1, the rulebook's rules.
///
/// Without the aqualung (`enter sea: forbidden`):
/// - the dry outcomes are those of the standard board: one opening per step
///   of the shortest route (1:0, 2:1, 3:1, 4:2, 5:2, 6:3, 7:3, 8:3, 9:4,
///   10:4);
/// - opening an exterior hatch lets the sea in: `flow sea + clear -> sea +
///   high_flood`. From 1: open 1-3 (1), step into 3 (0), open 3-sea (1):
///   room 3 is under high water, the player standing in it: 2. No `leave`
///   rule holds them, and revisits are allowed, so they can walk back into
///   1 through the open hatch for 0: "in 1 with 3 flooded" also costs 2;
/// - the sea itself is never reached.
///
/// With the aqualung (`enter sea with aqualung: cost 1`): the sea is reached
/// the same way plus a swim (1): 3. From the sea, opening 6-sea (1) floods
/// room 6 too: 4. Opening a hatch from the sea floods the room behind it to
/// high water, which cannot be entered; but a room whose water has drained
/// can be: open 1-3 (1), step into 3, open 3-sea (1: 3 at high water), open
/// 3-4 (1: `flow high_flood + clear`, 3 and 4 at low water), swim out (1),
/// open 9-sea (1: 9 at high water), swim back into 3, now at low water, for
/// 1: "in 3 with 3 and 4 low and 9 high" costs 6. Without the aqualung 9
/// must be flooded from inside: 1-2, 2-5, 5-7, 7-9 and 9-sea opened and
/// walked dry (5), back to 2 and open 2-3, then 3-sea and 3-4 from 3 (3
/// more): 8. The aqualung only adds moves, so every outcome without it is
/// there with it too, at no higher cost.
///
/// With 18 hatches the whole turn has over a million states (two million
/// with the aqualung, past the default budget: see
/// `sea_board_with_aqualung_fits_the_default_budget`), so this test asks
/// only for the outcomes of up to 8 minutes, which hold all of the above.
#[test]
fn rulebook_sea_with_and_without_aqualung() {
    let board = common::shipped_board("red-november-rulebook.board");
    let limits = Limits {
        max_cost: Some(Cost(8)),
        ..Limits::default()
    };
    let solve = |board: &Board, movement: &Movement| match search::solve(
        board,
        movement,
        board.start,
        &limits,
    ) {
        Ok(s) => s.outcomes,
        Err(e) => panic!("the search gave up: {e}"),
    };
    let rules = &board.rules;
    let aqualung = item(rules, "aqualung");
    let r = |id: &str| common::room(&board, id);
    let h = |a: &str, b: &str| common::hatch(&board, a, b);
    let flooded3 = [("3", "high_flood")];

    let dry = board.room_states();
    let dry_costs = |outcomes: &[Outcome]| -> Vec<(String, u32)> {
        outcomes
            .iter()
            .filter(|o| o.rooms == dry)
            .map(|o| (board.room(o.room).id.clone(), o.cost.0))
            .collect()
    };
    let standard: Vec<(String, u32)> = [
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
    ]
    .iter()
    .map(|&(id, c)| (id.to_string(), c))
    .collect();

    let plain = board.rules.movement(ItemSet::default());
    let without = solve(&board, &plain);
    assert_eq!(dry_costs(&without), standard);
    assert!(without.iter().all(|o| o.room != r("sea")));
    let find = |outcomes: &[Outcome], room: &str, changed: &[(&str, &str)]| {
        let rooms = common::states_with(&board, changed);
        outcomes
            .iter()
            .find(|o| o.room == r(room) && o.rooms == rooms)
            .map(|o| (o.cost.0, o.actions.clone()))
    };
    let into_three = vec![
        Action::Open(h("1", "3")),
        Action::Move(r("3")),
        Action::Open(h("3", "sea")),
    ];
    assert_eq!(
        find(&without, "3", &flooded3),
        Some((2, into_three.clone()))
    );
    let mut back = into_three.clone();
    back.push(Action::Move(r("1")));
    assert_eq!(find(&without, "1", &flooded3), Some((2, back)));

    // The referee shows the sea coming in when 3-sea opens.
    match referee::replay(&board, &plain, board.start, &into_three) {
        Ok((_, steps)) => {
            let changes: Vec<_> = steps[2]
                .changes
                .iter()
                .map(|c| (board.room(c.room).id.as_str(), c.before, c.after))
                .collect();
            assert_eq!(
                changes,
                vec![(
                    "3",
                    common::state(&board, "clear"),
                    common::state(&board, "high_flood")
                )]
            );
        }
        Err((i, why)) => panic!("step {i} is illegal: {why}"),
    }

    let swim = board.rules.movement(aqualung);
    let with = solve(&board, &swim);
    let mut to_sea = into_three.clone();
    to_sea.push(Action::Move(r("sea")));
    assert_eq!(find(&with, "sea", &flooded3), Some((3, to_sea.clone())));
    let mut and_six = to_sea;
    and_six.push(Action::Open(h("6", "sea")));
    assert_eq!(
        find(&with, "sea", &[("3", "high_flood"), ("6", "high_flood")]),
        Some((4, and_six))
    );
    assert!(
        with.iter()
            .filter(|o| o.room == r("sea"))
            .all(|o| o.cost.0 >= 3)
    );

    // The sea as a corridor.
    let drained = [("3", "low_flood"), ("4", "low_flood"), ("9", "high_flood")];
    let corridor = vec![
        Action::Open(h("1", "3")),
        Action::Move(r("3")),
        Action::Open(h("3", "sea")),
        Action::Open(h("3", "4")),
        Action::Move(r("sea")),
        Action::Open(h("9", "sea")),
        Action::Move(r("3")),
    ];
    assert_eq!(find(&with, "3", &drained), Some((6, corridor)));
    assert_eq!(find(&without, "3", &drained).map(|c| c.0), Some(8));

    // Nothing is lost with the aqualung.
    for o in &without {
        let there = with.iter().find(|w| w.room == o.room && w.rooms == o.rooms);
        assert!(there.is_some_and(|w| w.cost <= o.cost), "{o:?}");
    }

    // Grog changes nothing here: no room burns.
    let grog = item(rules, "grog");
    assert_eq!(solve(&board, &board.rules.movement(grog)), without);
}

/// The sea board is shipped for the rulebook's rules, and a player may carry
/// the aqualung: its full turn needs about 2.09 million search states
/// (every subset of opened hatches is a distinct state once revisits are
/// allowed), which the default budget (`search::DEFAULT_MAX_STATES`) must
/// cover so that a shipped board never ends in "limit reached".
#[test]
fn sea_board_with_aqualung_fits_the_default_budget() {
    let board = common::shipped_board("red-november-rulebook.board");
    let movement = board.rules.movement(item(&board.rules, "aqualung"));
    let result = search::solve(&board, &movement, board.start, &Limits::default());
    assert!(result.is_ok(), "{:?}", result.err());
}

// ------------------------------------------------------------ deep water

/// The shipped deep-water board: from the mess, the corridor (high water,
/// hatch open) is waded into for 2 (`enter high_flood: cost 2`), and the
/// galley beyond it costs 1 more to climb out into (`enter clear from
/// high_flood: cost 1`): 3 in two moves. Going round by the store and the
/// bunks needs three openings (3 at least, in six actions), so the corridor
/// wins whatever the bunks hold. No closed hatch touches the corridor, so no
/// water ever flows: five outcomes, one per room.
#[test]
fn deep_water_board_wades_through_the_corridor() {
    let board = common::shipped_board("deep-water.board");
    let movement = board.rules.movement(ItemSet::default());
    let outcomes = solve(&board, &movement);
    assert_eq!(outcomes.len(), 5);
    assert!(outcomes.iter().all(|o| o.rooms == board.room_states()));
    let r = |id: &str| common::room(&board, id);
    let cost_actions = |id: &str| {
        outcomes
            .iter()
            .find(|o| o.room == r(id))
            .map(|o| (o.cost.0, o.actions.clone()))
    };
    assert_eq!(cost_actions("mess"), Some((0, vec![])));
    assert_eq!(
        cost_actions("corridor"),
        Some((2, vec![Action::Move(r("corridor"))]))
    );
    assert_eq!(
        cost_actions("galley"),
        Some((
            3,
            vec![Action::Move(r("corridor")), Action::Move(r("galley"))]
        ))
    );
    assert_eq!(cost_actions("store").map(|c| c.0), Some(1));
    let brute = brute::enumerate(&board, &movement, board.start, 1_000_000);
    assert_eq!(brute.outcomes.len(), 5);
}

/// Deep water, by hand:
///
/// - a fire can be left (no `leave` rule) but not entered:
///   `1 (fire, start) --open-- 2 --open-- 3 (fire)`: into 2 for 0; 3 never;
/// - climbing out of deep water costs 1 (`enter clear from high_flood`),
///   low water costs 1 whatever it is entered from:
///   `1 (high_flood, start) --open-- 2`, `1 --open-- 3 (low_flood)`: 2 and 3
///   both cost 1;
/// - wading in and out: `1 (start) --open-- 2 (high_flood) --open-- 3`:
///   2 costs 2, 3 costs 2 + 1;
/// - high meets low: no flow rule, so opening `1 (low_flood, start)
///   --closed-- 2 (high_flood)` changes nothing, and wading into 2 costs
///   1 + 2 = 3;
/// - high meets clear: opening `1 (start) --closed-- 2 (high_flood)` floods
///   both to low water (1); 2 is then entered at low water (1 more): 2. It
///   cannot be entered at high water, since the only hatch floods it.
#[test]
fn deep_water_by_hand() {
    let dw = |body: &str| with_rules("deep-water", body);
    let none = ItemSet::default();

    let fire =
        dw("room 1: fire\nroom 2\nroom 3: fire\nhatch 1-2: open\nhatch 2-3: open\nstart 1\n");
    expect(&fire, none, &[("1", &[], 0), ("2", &[], 0)]);

    let climb = dw(
        "room 1: high_flood\nroom 2\nroom 3: low_flood\nhatch 1-2: open\nhatch 1-3: open\nstart 1\n",
    );
    expect(&climb, none, &[("1", &[], 0), ("2", &[], 1), ("3", &[], 1)]);

    let wade =
        dw("room 1\nroom 2: high_flood\nroom 3\nhatch 1-2: open\nhatch 2-3: open\nstart 1\n");
    expect(&wade, none, &[("1", &[], 0), ("2", &[], 2), ("3", &[], 3)]);

    let low = dw("room 1: low_flood\nroom 2: high_flood\nhatch 1-2\nstart 1\n");
    expect(&low, none, &[("1", &[], 0), ("2", &[], 3)]);

    let drain = dw("room 1\nroom 2: high_flood\nhatch 1-2\nstart 1\n");
    let both = [("1", "low_flood"), ("2", "low_flood")];
    expect(
        &drain,
        none,
        &[("1", &[], 0), ("1", &both, 1), ("2", &both, 2)],
    );
    // The same board in the base game: flooding works the same way, and the
    // low water costs the same.
    let base = with_rules(
        "red-november",
        "room 1\nroom 2: high_flood\nhatch 1-2\nstart 1\n",
    );
    expect(
        &base,
        none,
        &[("1", &[], 0), ("1", &both, 1), ("2", &both, 2)],
    );
}

// ------------------------------------------------------------ compiled tables

fn builtin(name: &str) -> std::sync::Arc<Rules> {
    match load::builtin_rules(name) {
        Some(r) => r,
        None => panic!("no built-in rules `{name}`"),
    }
}

/// Every entry of a rules file's tables for some items, keyed by state
/// names so that different rules files can be compared.
fn tables(rules: &std::sync::Arc<Rules>, items: ItemSet) -> BTreeMap<String, String> {
    let m = rules.movement(items);
    let rs = &rules.room_states;
    let hs = &rules.hatch_states;
    let room = |i: usize| StateId(i as u8);
    let hatch = |i: usize| HatchStateId(i as u8);
    let mut t = BTreeMap::new();
    for (f, from) in rs.iter().enumerate() {
        for (h, through) in hs.iter().enumerate() {
            for (o, to) in rs.iter().enumerate() {
                let cost = m.enter(room(f), hatch(h), room(o)).map(|c| c.0);
                t.insert(
                    format!("enter({from}, {through}, {to})"),
                    format!("{cost:?}"),
                );
            }
        }
        t.insert(
            format!("may_leave({from})"),
            m.may_leave(room(f)).to_string(),
        );
        for (o, other) in rs.iter().enumerate() {
            let flow = m
                .flow(room(f), room(o))
                .map(|(a, b)| (rs[usize::from(a.0)].clone(), rs[usize::from(b.0)].clone()));
            t.insert(format!("flow({from}, {other})"), format!("{flow:?}"));
        }
    }
    for (h, state) in hs.iter().enumerate() {
        let opening = m
            .opening(hatch(h))
            .map(|o| (o.cost.0, hs[usize::from(o.becomes.0)].clone()));
        t.insert(format!("opening({state})"), format!("{opening:?}"));
        t.insert(
            format!("walk_through({state})"),
            m.walk_through(hatch(h)).to_string(),
        );
    }
    t.insert("revisit".to_string(), m.revisit().to_string());
    t
}

/// The entries two tables share that differ, and the entries only one has.
fn differences(
    a: &BTreeMap<String, String>,
    b: &BTreeMap<String, String>,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let differ = a
        .iter()
        .filter(|(k, v)| b.get(*k).is_some_and(|w| w != *v))
        .map(|(k, _)| k.clone())
        .collect();
    let only = a
        .keys()
        .filter(|k| !b.contains_key(*k))
        .chain(b.keys().filter(|k| !a.contains_key(*k)))
        .cloned()
        .collect();
    (differ, only)
}

fn set(list: impl IntoIterator<Item = String>) -> BTreeSet<String> {
    list.into_iter().collect()
}

const BASE_STATES: [&str; 4] = ["clear", "low_flood", "high_flood", "fire"];
const HATCH_STATES: [&str; 3] = ["closed", "open", "blocked"];

/// `enter(from, through, to)` for every base `from` and every hatch state.
fn entering(to: &str) -> Vec<String> {
    BASE_STATES
        .iter()
        .flat_map(|from| {
            HATCH_STATES
                .iter()
                .map(move |h| format!("enter({from}, {h}, {to})"))
        })
        .collect()
}

/// The base game against the rulebook's rules: leaving a fire, high + low
/// water, and revisits differ; with grog, entering a fire too; everything
/// about the sea exists only in the rulebook's rules.
#[test]
fn tables_base_against_rulebook() {
    let base = builtin("red-november");
    let rulebook = builtin("red-november-rulebook");
    let grog = item(&rulebook, "grog");
    let aqualung = item(&rulebook, "aqualung");
    let t_base = tables(&base, ItemSet::default());

    let headline = set([
        "may_leave(fire)".to_string(),
        "flow(high_flood, low_flood)".to_string(),
        "flow(low_flood, high_flood)".to_string(),
        "revisit".to_string(),
    ]);
    let (differ, only) = differences(&t_base, &tables(&rulebook, ItemSet::default()));
    assert_eq!(differ, headline);
    assert!(
        !only.is_empty() && only.iter().all(|k| k.contains("sea")),
        "{only:?}"
    );

    // With the aqualung, nothing changes among the base states.
    let (differ, _) = differences(&t_base, &tables(&rulebook, aqualung));
    assert_eq!(differ, headline);

    // With grog, a fire can be entered too, from anywhere, for 0.
    let t_grog = tables(&rulebook, grog);
    let (differ, _) = differences(&t_base, &t_grog);
    assert_eq!(
        differ,
        set(headline.iter().cloned().chain(entering("fire")))
    );
    assert_eq!(
        t_grog.get("enter(clear, open, fire)").map(String::as_str),
        Some("Some(0)")
    );
    assert_eq!(
        t_base.get("may_leave(fire)").map(String::as_str),
        Some("false")
    );

    // Within the rulebook's rules, the aqualung opens the sea and nothing else.
    let (differ, only) = differences(
        &tables(&rulebook, ItemSet::default()),
        &tables(&rulebook, aqualung),
    );
    assert!(only.is_empty());
    let sea: BTreeSet<String> = BASE_STATES
        .iter()
        .chain(["sea"].iter())
        .flat_map(|from| {
            HATCH_STATES
                .iter()
                .map(move |h| format!("enter({from}, {h}, sea)"))
        })
        .collect();
    assert_eq!(differ, sea);
    let t_swim = tables(&rulebook, aqualung);
    assert_eq!(
        t_swim
            .get("enter(high_flood, open, sea)")
            .map(String::as_str),
        Some("Some(1)")
    );

    // The sea's flow: it pours into clear, low-water and burning rooms.
    let t_rev = tables(&rulebook, ItemSet::default());
    for s in ["clear", "low_flood", "fire"] {
        assert_eq!(
            t_rev.get(&format!("flow(sea, {s})")).map(String::as_str),
            Some("Some((\"sea\", \"high_flood\"))")
        );
        assert_eq!(
            t_rev.get(&format!("flow({s}, sea)")).map(String::as_str),
            Some("Some((\"high_flood\", \"sea\"))")
        );
    }
    assert_eq!(
        t_rev.get("flow(sea, high_flood)").map(String::as_str),
        Some("None")
    );
}

/// The base game against deep water: high water can be entered (2),
/// climbing out of it into a dry room costs 1, and a fire can be left.
/// Flow, opening, walking through and revisits are the same.
#[test]
fn tables_base_against_deep_water() {
    let base = builtin("red-november");
    let deep = builtin("deep-water");
    let t_base = tables(&base, ItemSet::default());
    let t_deep = tables(&deep, ItemSet::default());
    let (differ, only) = differences(&t_base, &t_deep);
    assert!(only.is_empty(), "{only:?}");
    let climb = HATCH_STATES
        .iter()
        .map(|h| format!("enter(high_flood, {h}, clear)"));
    let want = set(entering("high_flood")
        .into_iter()
        .chain(climb)
        .chain(["may_leave(fire)".to_string()]));
    assert_eq!(differ, want);
    assert_eq!(
        t_base
            .get("enter(clear, open, high_flood)")
            .map(String::as_str),
        Some("None")
    );
    assert_eq!(
        t_deep
            .get("enter(clear, open, high_flood)")
            .map(String::as_str),
        Some("Some(2)")
    );
    assert_eq!(
        t_deep
            .get("enter(high_flood, open, clear)")
            .map(String::as_str),
        Some("Some(1)")
    );
    assert_eq!(
        t_deep
            .get("enter(low_flood, open, clear)")
            .map(String::as_str),
        Some("Some(0)")
    );
    assert_eq!(
        t_deep.get("flow(high_flood, low_flood)"),
        t_base.get("flow(high_flood, low_flood)")
    );
    assert_eq!(
        t_deep
            .get("flow(high_flood, low_flood)")
            .map(String::as_str),
        Some("None")
    );
}

/// Each built-in rules file compiles, declares the states the boards use,
/// and its items make sense (only the rulebook's rules have any).
#[test]
fn builtin_rules_load() {
    for name in ["red-november", "red-november-rulebook", "deep-water"] {
        let rules = builtin(name);
        assert_eq!(rules.name, name);
        for s in BASE_STATES {
            assert!(rules.room_state(s).is_some(), "{name} lacks {s}");
        }
        for h in HATCH_STATES {
            assert!(rules.hatch_state(h).is_some(), "{name} lacks {h}");
        }
    }
    assert_eq!(
        builtin("red-november-rulebook").items,
        vec!["grog", "aqualung", "fire_extinguisher"]
    );
    assert!(builtin("red-november").items.is_empty());
    assert!(builtin("deep-water").items.is_empty());
    assert!(load::builtin_rules("no-such-rules").is_none());
}
