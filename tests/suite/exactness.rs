//! The search against an independent brute force, on random boards for every
//! shipped rules file, and on the worked examples of the rules.
//!
//! The brute force (`common::brute`) walks every action sequence on an
//! explicit ship and reads only the compiled tables; it shares no code with
//! `hatchway::search` or `hatchway::referee`. Both must agree on every
//! outcome, its minimum cost and its tie-break winner, and every path the
//! engine gives must replay through the referee to what it claims.
//!
//! Besides the shipped rules, two test rules files (`tests/common/ajar*.rules`)
//! use what the shipped rules do not (two-step openings, costs that depend on
//! the hatch walked through), and larger dry boards check the search's
//! shortcut for ships where nothing flows against its full search.
//!
//! The file is long because its subject is one: every property that holds
//! the search to the brute force, with the random boards they share.

use crate::common;

use std::collections::BTreeMap;

use hatchway::generate::{BoardSpec, Rng, Topology, board_text};
use hatchway::model::{Board, Cost, HatchId, ItemSet, Movement, RoomId};
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

    // The documented order: by cost, then final room, then room states.
    for pair in outcomes.windows(2) {
        let key = |o: &Outcome| (o.cost, o.room, o.rooms.clone());
        prop_assert!(key(&pair[0]) < key(&pair[1]), "out of order: {:?}", pair);
    }
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
    same_costs(board, movement, &outcomes)
}

/// Asked for the costs alone, the search gives the same outcomes, in the
/// same order and at the same costs, with no actions.
fn same_costs(board: &Board, movement: &Movement, full: &[Outcome]) -> Result<(), TestCaseError> {
    let costs = match search::solve_costs(board, movement, board.start, &Limits::default()) {
        Ok(s) => s.outcomes,
        Err(e) => panic!("the costs search gave up on a test board: {e}"),
    };
    let stripped: Vec<Outcome> = full
        .iter()
        .map(|o| Outcome {
            actions: Vec::new(),
            ..o.clone()
        })
        .collect();
    prop_assert_eq!(costs, stripped, "the costs alone differ");
    same_reach(board, movement, full)
}

/// Asked only what a sweep reads, the search gives for each room the
/// least cost of the full answer's outcomes ending there.
fn same_reach(board: &Board, movement: &Movement, full: &[Outcome]) -> Result<(), TestCaseError> {
    let mut workspace = search::Workspace::new();
    let reach = match workspace.solve_reach(board, movement, board.start, &Limits::default()) {
        Ok(r) => r.clone(),
        Err(e) => panic!("the sweep's search gave up on a test board: {e}"),
    };
    let mut least = vec![None; board.rooms.len()];
    for o in full {
        let l: &mut Option<Cost> = &mut least[o.room.index()];
        *l = Some(l.map_or(o.cost, |c| c.min(o.cost)));
    }
    prop_assert_eq!(
        reach.least,
        least,
        "the sweep's least cost of a room differs"
    );
    Ok(())
}

/// [`agree`] for a generated board, with the board's text and the items in
/// the failure message.
fn agree_on(text: &str, board: &Board, items: ItemSet) -> Result<(), TestCaseError> {
    agree(board, &board.rules.movement(items))
        .map_err(|e| TestCaseError::fail(format!("{e}\nwith items {items:?} on\n{text}")))
}

/// The test rules with a crowbar: a random board of `pick` under `rules`,
/// with `hatches`, checked with and without the crowbar.
fn agree_with_and_without_crowbar(
    pick: &Pick,
    rules: &str,
    hatches: &[(&str, u32)],
) -> Result<(), TestCaseError> {
    let text = board_text(&pick.spec(rules, BASE_ROOMS, "high_flood", hatches));
    let board = common::board(&text);
    for items in item_subsets(&board, &["crowbar"]) {
        agree_on(&text, &board, items)?;
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
    /// No room holds water that can flow (no `high_flood`, no `sea`): the
    /// search takes its shortcut for ships where nothing flows.
    dry: bool,
    seed: u64,
}

/// Random boards of up to `max_rooms` rooms, mostly of 4 rooms or more: a
/// random tree with up to `max_extra` extra hatches, a grid or a hull; up to
/// 2 rooms forced to a chosen state; a start room picked by proptest (or,
/// for 0, by the generator); one board in four dry.
fn picks_up_to(max_rooms: usize, max_extra: usize) -> impl Strategy<Value = Pick> {
    (
        0u8..3,
        prop_oneof![1 => 1usize..=3, 4 => 4usize..=max_rooms],
        0usize..=max_extra,
        0usize..=2,
        0usize..=max_rooms,
        prop::bool::weighted(0.25),
        any::<u64>(),
    )
        .prop_map(
            |(shape, rooms, extra_hatches, forced, start, dry, seed)| Pick {
                shape,
                rooms,
                extra_hatches,
                forced,
                start,
                dry,
                seed,
            },
        )
}

/// The boards checked against the brute force: up to 7 rooms and 11
/// hatches.
fn picks() -> impl Strategy<Value = Pick> {
    picks_up_to(7, 5)
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
        let wet = |s: &str| s == forced_state || s == "high_flood" || s == "sea";
        let room_states: Vec<(&str, u32)> = room_states
            .iter()
            .copied()
            .filter(|&(s, _)| !(self.dry && wet(s)))
            .collect();
        BoardSpec {
            topology,
            rules: rules.to_string(),
            room_states: weights(&room_states),
            hatch_states: weights(hatch_states),
            high_water: if self.dry { 0 } else { self.forced },
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
const AJAR_HATCHES: &[(&str, u32)] = &[("closed", 5), ("ajar", 2), ("open", 2), ("blocked", 2)];
const JAMMED_HATCHES: &[(&str, u32)] = &[("closed", 4), ("jammed", 3), ("open", 2), ("blocked", 2)];

/// Test rules beyond the shipped ones (see the comments in the files):
/// two-step openings, a free first step, costs that depend on the hatch
/// walked through and the room left, and an item for opening and leaving.
const AJAR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/common/ajar.rules");
/// Test rules in which the sea raises a room to high water, which can then
/// flood its other neighbours: an open that changes no room can change
/// rooms after another open at the same room.
const SURGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/common/surge.rules");
/// The same with revisits allowed.
const AJAR_REVISIT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/common/ajar-revisit.rules"
);
/// Test rules with revisits whose hatches open from three states into one.
const JAMMED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/common/jammed.rules");

/// The rule sets most property tests draw from, as (rules, room states,
/// the state forced on some rooms, hatch states); tests pick one by index.
type RuleSet = (
    &'static str,
    &'static [(&'static str, u32)],
    &'static str,
    &'static [(&'static str, u32)],
);

const RULE_SETS: [RuleSet; 5] = [
    ("red-november", BASE_ROOMS, "high_flood", HATCHES),
    ("red-november-rulebook", REVISED_ROOMS, "sea", HATCHES),
    ("deep-water", BASE_ROOMS, "high_flood", HATCHES),
    (AJAR, BASE_ROOMS, "high_flood", AJAR_HATCHES),
    (AJAR_REVISIT, BASE_ROOMS, "high_flood", AJAR_HATCHES),
];

impl Pick {
    /// The board text of this pick under rule set `which` of [`RULE_SETS`].
    fn board_text(&self, which: usize) -> String {
        let (rules, rooms, forced, hatches) = RULE_SETS[which];
        board_text(&self.spec(rules, rooms, forced, hatches))
    }
}

/// Random boards checked against the brute force, per rules file (the
/// rulebook's rules check each board with all four sets of items, the test
/// rules with and without their item).
const CASES_BASE: u32 = 1500;
const CASES_REVISED: u32 = 1000;
const CASES_DEEP_WATER: u32 = 1500;
const CASES_AJAR: u32 = 300;
/// More than the other test rules: a comparison by more than one catch-up
/// comes up in few of them.
const CASES_JAMMED: u32 = 1000;
const CASES_SURGE: u32 = 600;
/// Random boards compiled twice, from differently ordered text.
const CASES_LINE_ORDER: u32 = 500;
/// Random walks on random boards, every action checked with the referee.
const CASES_REFEREE: u32 = 300;
/// Random boards padded past 64 rooms, checked against the brute force.
const CASES_PADDED: u32 = 200;
/// Random boards solved with and without a cost limit.
const CASES_COST_LIMIT: u32 = 300;
/// A test whose cases may check nothing must check at least one case in
/// this many (a stopped search that settled some cost comes up in about one
/// case in twelve).
const MIN_SHARE: u32 = 50;
/// Larger random boards solved with and without the shortcuts.
const CASES_SHORTCUT: u32 = 800;
/// Sequences of boards solved in one reused workspace.
const CASES_WORKSPACE: u32 = 100;

proptest! {
    #![proptest_config(common::proptest_config(CASES_BASE))]

    /// Base rules: fire holds the player, no revisits.
    #[test]
    fn red_november_matches_brute_force(pick in picks()) {
        let text = board_text(&pick.spec("red-november", BASE_ROOMS, "high_flood", HATCHES));
        let board = common::board(&text);
        agree_on(&text, &board, ItemSet::default())?;
    }
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_REVISED))]

    /// Rulebook rules, with every subset of {grog, aqualung} on each board.
    /// One or two rooms are forced to `sea` on half the boards (on the
    /// others `sea` may still come up at random), so the sea's flow and the
    /// aqualung are exercised.
    #[test]
    fn red_november_rulebook_matches_brute_force(pick in picks()) {
        let text = board_text(&pick.spec("red-november-rulebook", REVISED_ROOMS, "sea", HATCHES));
        let board = common::board(&text);
        if pick.forced > 0 && !pick.dry {
            prop_assert!(text.contains(": sea"), "{}", text);
        }
        for items in item_subsets(&board, &["grog", "aqualung"]) {
            agree_on(&text, &board, items)?;
        }
    }
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_DEEP_WATER))]

    /// Deep water: wading through high water, a cost that depends on the
    /// room left.
    #[test]
    fn deep_water_matches_brute_force(pick in picks()) {
        let text = board_text(&pick.spec("deep-water", BASE_ROOMS, "high_flood", HATCHES));
        let board = common::board(&text);
        agree_on(&text, &board, ItemSet::default())?;
    }
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_AJAR))]

    /// Test rules with two-step hatches and costs that depend on the hatch
    /// and the room left; revisits forbidden (up to 6 rooms).
    #[test]
    fn ajar_rules_match_brute_force(pick in picks_up_to(6, 3)) {
        agree_with_and_without_crowbar(&pick, AJAR, AJAR_HATCHES)?;
    }

    /// The same rules with revisits allowed (on smaller boards: the brute
    /// force keeps the visited rooms in its state even when they do not
    /// matter).
    #[test]
    fn ajar_revisit_rules_match_brute_force(pick in picks_up_to(5, 2)) {
        agree_with_and_without_crowbar(&pick, AJAR_REVISIT, AJAR_HATCHES)?;
    }
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_JAMMED))]

    /// Test rules with revisits whose closed, jammed and blocked hatches
    /// all open into the same state: the costs pass compares states by
    /// more than one catch-up.
    #[test]
    fn jammed_rules_match_brute_force(pick in picks()) {
        agree_with_and_without_crowbar(&pick, JAMMED, JAMMED_HATCHES)?;
    }
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_SURGE))]

    /// Surge rules: one or two rooms forced to `sea` on half the boards;
    /// revisits forbidden, so the search fuses opens with moves, which it
    /// must not do where a later flow at the same room could make the open
    /// change rooms.
    #[test]
    fn surge_rules_match_brute_force(pick in picks()) {
        let text = board_text(&pick.spec(SURGE, REVISED_ROOMS, "sea", HATCHES));
        let board = common::board(&text);
        agree_on(&text, &board, ItemSet::default())?;
    }
}

/// Solves a board with `search::solve` (its dry-ship shortcut, or on a
/// ship where water may flow and whose state fits in 128 bits, the
/// small-ship search) and with the general full search: both must give the
/// same outcome list, sequences included. Where water may flow, both make
/// the same canonical states and prune the same actions, so they also store
/// the same number of states. Where rooms may be entered again the small
/// search drops dominated states and searches the costs alone first
/// (docs/SEARCH.md, "Dominance" and "Costs first"), so its count is not
/// compared. Asked for the costs alone, the search gives the same outcomes
/// without their actions.
fn same_as_exhaustive(text: &str) -> Result<(), TestCaseError> {
    let board = &common::board(text);
    let every = (0..board.rules.items.len()).fold(ItemSet::default(), |s, i| {
        s.with(hatchway::model::ItemId(i as u8))
    });
    for items in [ItemSet::default(), every] {
        let movement = board.rules.movement(items);
        let quick = search::solve(board, &movement, board.start, &Limits::default());
        let full =
            hatchway::testing::solve_exhaustive(board, &movement, board.start, &Limits::default());
        match (quick, full) {
            (Ok(q), Ok(f)) => {
                prop_assert_eq!(&q.outcomes, &f.outcomes, "items {:?} on\n{}", items, text);
                same_costs(board, &movement, &f.outcomes)?;
                if search::can_flow(board, &movement) && !movement.revisit() {
                    prop_assert_eq!(q.states, f.states, "items {:?} on\n{}", items, text);
                }
            }
            (q, f) => prop_assert!(false, "a search gave up: {:?} / {:?}", q.err(), f.err()),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_SHORTCUT))]

    /// On ships too large for the brute force (up to 13 rooms), the
    /// shortcuts of `search::solve` give exactly what the general full
    /// search gives: the dry-ship search where nothing can flow, and where
    /// water may flow, the small-ship search (most of these states fit in
    /// 64 or 128 bits, a few do not). Revisits forbidden.
    #[test]
    fn shortcuts_match_exhaustive_search(pick in picks_up_to(13, 5), which in 0usize..4) {
        let (rules, rooms, forced, hatches) = [
            ("red-november", BASE_ROOMS, "high_flood", HATCHES),
            ("deep-water", BASE_ROOMS, "high_flood", HATCHES),
            (AJAR, BASE_ROOMS, "high_flood", AJAR_HATCHES),
            (SURGE, REVISED_ROOMS, "sea", HATCHES),
        ][which];
        same_as_exhaustive(&board_text(&pick.spec(rules, rooms, forced, hatches)))?;
    }

    /// The same with revisits allowed (up to 7 rooms: with revisits every
    /// set of opened hatches is a state of the full search).
    #[test]
    fn shortcuts_match_exhaustive_search_with_revisits(pick in picks_up_to(7, 3), which in 0usize..2) {
        let (rules, rooms, hatches) = [
            ("red-november-rulebook", REVISED_ROOMS, HATCHES),
            (AJAR_REVISIT, BASE_ROOMS, AJAR_HATCHES),
        ][which];
        same_as_exhaustive(&board_text(&pick.spec(rules, rooms, "high_flood", hatches)))?;
    }
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_WORKSPACE))]

    /// A workspace reused for a run of different boards (wet and dry, all
    /// three rule sets, varied sizes and budgets) answers each exactly as a
    /// fresh solve does: nothing of one solve leaks into the next.
    #[test]
    fn a_reused_workspace_answers_like_a_fresh_one(
        picks in proptest::collection::vec((picks(), 0usize..3, 20usize..400), 2..8),
    ) {
        let mut workspace = search::Workspace::new();
        for (pick, which, budget) in picks {
            let (rules, rooms) = [
                ("red-november", BASE_ROOMS),
                ("red-november-rulebook", REVISED_ROOMS),
                ("deep-water", BASE_ROOMS),
            ][which];
            let text = board_text(&pick.spec(rules, rooms, "high_flood", HATCHES));
            let board = &common::board(&text);
            let movement = board.rules.movement(ItemSet::default());
            let limits = Limits { max_states: budget, ..Limits::default() };
            let fresh = search::solve(board, &movement, board.start, &limits);
            let reused = workspace.solve(board, &movement, board.start, &limits);
            match (fresh, reused) {
                (Ok(f), Ok(r)) => {
                    prop_assert_eq!(&f.outcomes, &r.outcomes, "on\n{}", text);
                    prop_assert_eq!(f.states, r.states);
                }
                (Err(f), Err(r)) => prop_assert_eq!(f.states, r.states),
                (f, r) => prop_assert!(false, "one gave up: {:?} / {:?}\n{}", f.err(), r.err(), text),
            }
        }
    }
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_COST_LIMIT))]

    /// A cost limit gives exactly the outcomes of the full answer that cost
    /// no more than the limit, with the same sequences, and they are the
    /// first of the full answer: each has the same number with the limit
    /// as without (numbers are places in the listing, cheapest first). The
    /// cheapest way the limit cut off is below every outcome left out, and
    /// when the limit cut nothing, nothing was left out.
    #[test]
    fn cost_limit_keeps_the_cheaper_outcomes(pick in picks(), which in 0usize..4, limit in 0u32..6) {
        let text = pick.board_text(which);
        let board = common::board(&text);
        let movement = board.rules.movement(ItemSet::default());
        let all = engine(&board, &movement);
        let limits = Limits { max_cost: Some(Cost(limit)), ..Limits::default() };
        match search::solve(&board, &movement, board.start, &limits) {
            Ok(s) => {
                let first = &all[..s.outcomes.len().min(all.len())];
                prop_assert_eq!(&s.outcomes[..], first, "numbers moved under limit {} on\n{}", limit, text);
                let left_out = all.iter().filter(|o| o.cost.0 > limit).map(|o| o.cost).min();
                match s.beyond {
                    None => prop_assert_eq!(left_out, None, "limit {} cut nothing on\n{}", limit, text),
                    Some(b) => {
                        prop_assert!(b.0 > limit, "beyond {} under limit {} on\n{}", b.0, limit, text);
                        prop_assert!(left_out.is_none_or(|c| c >= b), "an outcome of {:?} below beyond {} on\n{}", left_out, b.0, text);
                    }
                }
                let cheap: Vec<Outcome> = all.into_iter().filter(|o| o.cost.0 <= limit).collect();
                prop_assert_eq!(s.outcomes, cheap, "limit {} on\n{}", limit, text);
            }
            Err(e) => prop_assert!(false, "{}", e),
        }
    }
}

/// Under the rulebook the paths pass, bounded by its leeway, stores fewer
/// states than a search bounded at a cost: on this board (one the test
/// below found) it stopped at a budget of 16 states having settled 3
/// minutes, and the search bounded at 3 minutes did not fit in 16. A stop
/// names what the search without the leeway settled, which always fits.
#[test]
fn a_stop_names_a_cost_whose_outcomes_fit_the_same_budget() {
    let text = "board stop\nrules red-november-rulebook\n\
        room 1: clear\nroom 2: fire\nroom 3: clear\nroom 4: high_flood\n\
        room 5: low_flood\nroom 6: clear\nroom 7: fire\n\
        hatch 1-2: blocked\nhatch 1-4: closed\nhatch 2-3: closed\n\
        hatch 2-5: closed\nhatch 3-6: open\nhatch 4-5: closed\n\
        hatch 4-7: closed\nhatch 5-6: open\nstart 2\n";
    let board = common::board(text);
    let movement = board.rules.movement(ItemSet::default());
    let mut stops = 0;
    for budget in 1..40 {
        let limits = Limits {
            max_states: budget,
            ..Limits::default()
        };
        let Err(mut stop) = search::solve(&board, &movement, board.start, &limits) else {
            continue;
        };
        if stop.settled_cost.is_some() {
            stops += 1;
            assert!(
                search::settled(&board, &movement, board.start, &limits, &mut stop).is_some(),
                "a budget of {budget} states"
            );
        }
    }
    assert!(stops > 0, "no budget stopped the search after a cost");
}

/// A search that runs out of its state budget names the cost up to which it
/// settled every outcome, and asking only for those, with the same budget,
/// answers: exactly the full answer's outcomes up to that cost. A board the
/// budget does not stop, or that stops before settling cost 0, checks
/// nothing, so the cases that check something are counted and must be a
/// good share of them.
#[test]
fn a_stopped_search_names_what_it_settled() {
    let checked = std::cell::Cell::new(0u32);
    let mut runner =
        proptest::test_runner::TestRunner::new(common::proptest_config(CASES_COST_LIMIT));
    let cases = (picks(), 0usize..4, 1usize..60);
    let result = runner.run(&cases, |(pick, which, budget)| {
        let text = pick.board_text(which);
        let board = common::board(&text);
        let movement = board.rules.movement(ItemSet::default());
        let limits = Limits {
            max_states: budget,
            ..Limits::default()
        };
        let Err(mut stopped) = search::solve(&board, &movement, board.start, &limits) else {
            return Ok(());
        };
        // A budget of N stores N states and says N.
        prop_assert_eq!(stopped.states, budget, "states on\n{}", text);
        let Some(settled) = stopped.settled_cost else {
            return Ok(());
        };
        checked.set(checked.get() + 1);
        let all = engine(&board, &movement);
        match search::settled(&board, &movement, board.start, &limits, &mut stopped)
            .ok_or("does not fit")
        {
            Ok(s) => {
                let cheap: Vec<Outcome> = all.into_iter().filter(|o| o.cost <= settled).collect();
                prop_assert_eq!(
                    s.outcomes,
                    cheap,
                    "settled {} with {} states on\n{}",
                    settled.0,
                    budget,
                    text
                );
            }
            Err(e) => prop_assert!(
                false,
                "{} (settled {}, {} states) on\n{}",
                e,
                settled.0,
                budget,
                text
            ),
        }
        Ok(())
    });
    enough_stopped("a stopped search", result, checked.get());
}

/// Outcomes handed over cheapest first, a cost at a time, are the full
/// answer, numbered as it numbers them; when a budget stops the listing,
/// they are exactly the full answer's outcomes up to the cost it names.
/// Cases the budget does not stop, or stops before any cost is complete,
/// check less, so those that stop after settling some cost are counted and
/// must be a good share.
#[test]
fn outcomes_cheapest_first_are_the_full_answer() {
    let checked = std::cell::Cell::new(0u32);
    let mut runner =
        proptest::test_runner::TestRunner::new(common::proptest_config(CASES_COST_LIMIT));
    // Budgets are a share of the states the whole search stores, so that
    // the listing stops at every depth, in later searches as well as the
    // first.
    let cases = (picks(), 0usize..4, 5usize..100);
    let result = runner.run(&cases, |(pick, which, share)| {
        let text = pick.board_text(which);
        let board = common::board(&text);
        let movement = board.rules.movement(ItemSet::default());
        let all = engine(&board, &movement);
        let whole = search::solve(&board, &movement, board.start, &Limits::default())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let budget = (whole.states * share / 100).max(1);
        let limits = Limits {
            max_states: budget,
            ..Limits::default()
        };
        let mut listed: Vec<Outcome> = Vec::new();
        let mut numbers_ok = true;
        let mut costs_rise = true;
        let done =
            search::cheapest_first(&board, &movement, board.start, &limits, |first, level| {
                numbers_ok &= first == listed.len() + 1;
                costs_rise &= level.iter().all(|o| o.cost == level[0].cost)
                    && listed.last().is_none_or(|l| l.cost < level[0].cost);
                listed.extend_from_slice(level);
                std::ops::ControlFlow::Continue(())
            });
        prop_assert!(numbers_ok, "numbers skipped on\n{}", text);
        prop_assert!(costs_rise, "a cost came twice or out of order on\n{}", text);
        match done {
            Ok(()) => prop_assert_eq!(listed, all, "budget {} on\n{}", budget, text),
            Err(stop) => {
                let cheap: Vec<Outcome> = match stop.settled_cost {
                    Some(c) => {
                        checked.set(checked.get() + 1);
                        all.into_iter().filter(|o| o.cost <= c).collect()
                    }
                    None => Vec::new(),
                };
                prop_assert_eq!(
                    listed,
                    cheap,
                    "stopped at {:?} with {} states on\n{}",
                    stop.settled_cost,
                    budget,
                    text
                );
            }
        }
        Ok(())
    });
    enough_stopped("cheapest first", result, checked.get());
}

/// Fails on a failed property, and when too few of the cases were stopped
/// by their budget after settling some cost (those are the cases that
/// check what a stopped search lists).
fn enough_stopped(
    test: &str,
    result: Result<(), proptest::test_runner::TestError<impl std::fmt::Debug>>,
    checked: u32,
) {
    if let Err(e) = result {
        panic!("{e}");
    }
    eprintln!("{test}: {checked} of {CASES_COST_LIMIT} cases stopped after settling some cost");
    assert!(
        checked >= CASES_COST_LIMIT / MIN_SHARE,
        "{test}: only {checked} of {CASES_COST_LIMIT} cases stopped after settling some cost"
    );
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_REFEREE))]

    /// The referee allows exactly the actions the brute force finds, with
    /// the same cost and the same ship after them, and refuses every other
    /// action (leaving the ship as it was), along a random walk of up to 12
    /// actions.
    #[test]
    fn referee_agrees_with_brute_force_on_every_action(pick in picks(), which in 0usize..5, walk in any::<u64>()) {
        let text = pick.board_text(which);
        let board = common::board(&text);
        let mut rng = Rng::new(walk);
        let every = (0..board.rules.items.len()).fold(ItemSet::default(), |s, i| {
            if rng.below(2) == 1 { s.with(hatchway::model::ItemId(i as u8)) } else { s }
        });
        let movement = board.rules.movement(every);
        let all_actions: Vec<Action> = (0..board.hatches.len())
            .map(|h| Action::Open(HatchId(h as u32)))
            .chain((0..board.rooms.len()).map(|r| Action::Move(RoomId(r as u32))))
            .collect();
        let mut ship = brute::initial_ship(&board, board.start);
        let mut refereed = referee::Ship::new(&board, board.start);
        for _ in 0..12 {
            let legal = brute::successors(&board, &movement, &ship);
            for &action in &all_actions {
                let mut trial = refereed.clone();
                let result = trial.apply(&board, &movement, action);
                match legal.iter().find(|(a, _, _)| *a == action) {
                    Some((_, cost, next)) => {
                        let step = result.map_err(|e| {
                            TestCaseError::fail(format!("{action:?} refused: {e} on\n{text}"))
                        })?;
                        prop_assert_eq!(step.cost, Cost(*cost));
                        prop_assert_eq!(step.total, Cost(refereed.spent.0 + cost));
                        prop_assert_eq!(trial.position, next.position);
                        prop_assert_eq!(&trial.rooms, &next.rooms);
                        prop_assert_eq!(&trial.hatches, &next.hatches);
                        prop_assert_eq!(&trial.visited, &next.visited);
                        let mut changed: Vec<RoomId> = step.changes.iter().map(|c| c.room).collect();
                        changed.sort();
                        let really: Vec<RoomId> = (0..board.rooms.len())
                            .filter(|&r| ship.rooms[r] != next.rooms[r])
                            .map(|r| RoomId(r as u32))
                            .collect();
                        prop_assert_eq!(changed, really, "changes of {:?}", action);
                    }
                    None => {
                        prop_assert!(result.is_err(), "{:?} allowed on\n{}", action, text);
                        prop_assert_eq!(&trial, &refereed, "a refused action changed the ship");
                    }
                }
            }
            if legal.is_empty() {
                break;
            }
            let (action, _, next) = &legal[rng.index(legal.len())];
            prop_assert!(refereed.apply(&board, &movement, *action).is_ok());
            ship = next.clone();
        }
    }
}

/// A board with more than 64 rooms (the search handles those differently):
/// the core board, plus rooms up to `total` joined to it only by blocked
/// hatches (which no shipped rule opens), in random states (high water
/// included) and joined to each other by hatches in random states.
fn padded(core: &str, core_rooms: usize, total: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let states = ["clear", "low_flood", "high_flood", "fire"];
    let hatch_states = ["closed", "open", "blocked"];
    let mut text = core.to_string();
    for k in core_rooms + 1..=total {
        text.push_str(&format!("room {k}: {}\n", states[rng.index(states.len())]));
        let anchor = 1 + rng.index(k - 1);
        let state = if anchor <= core_rooms {
            "blocked"
        } else {
            hatch_states[rng.index(hatch_states.len())]
        };
        text.push_str(&format!("hatch {anchor}-{k}: {state}\n"));
    }
    text
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_PADDED))]

    /// Boards of more than 64 rooms, where all but a few cannot be reached:
    /// still exact, the far rooms untouched.
    #[test]
    fn boards_past_64_rooms_match_brute_force(pick in picks(), which in 0usize..2, pad in 65usize..80) {
        let rules = ["red-november", "deep-water"][which];
        let core = board_text(&pick.spec(rules, BASE_ROOMS, "high_flood", HATCHES));
        let text = padded(&core, pick.rooms, pad, pick.seed);
        let board = common::board(&text);
        prop_assert_eq!(board.rooms.len(), pad);
        agree_on(&text, &board, ItemSet::default())?;
        // The rooms past the core are never in play, so the search of more
        // than 64 rooms (room sets as lists) stores exactly the states of
        // the core board's (room sets as bits): the same canonical forms.
        let core_board = common::board(&core);
        let movement = board.rules.movement(ItemSet::default());
        let core_movement = core_board.rules.movement(ItemSet::default());
        let limits = Limits::default();
        let wide = hatchway::testing::solve_exhaustive(&board, &movement, board.start, &limits);
        let narrow = hatchway::testing::solve_exhaustive(&core_board, &core_movement, core_board.start, &limits);
        match (wide, narrow) {
            (Ok(w), Ok(n)) => prop_assert_eq!(w.states, n.states, "on\n{}", text),
            (w, n) => prop_assert!(false, "{:?} / {:?}", w.err(), n.err()),
        }
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
    #![proptest_config(common::proptest_config(CASES_LINE_ORDER))]

    /// The outcome list, sequences included, does not depend on the order in
    /// which a file lists its rooms and hatches.
    #[test]
    fn outcomes_do_not_depend_on_line_order(pick in picks(), which in 0usize..4, shuffle in any::<u64>()) {
        let text = pick.board_text(which);
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

/// Under the surge rules, opening 1-2 raises room 1 to high water, after
/// which opening 1-3 floods rooms 1 and 3. So the way into room 3 that
/// leaves it dry opens 1-3 first, then 1-2, then walks: the open of 1-3
/// changes no room when it is made, but it is not fused with the move, since
/// an open that comes after it can make it matter.
#[test]
fn an_open_that_a_later_flow_would_change_is_not_fused() {
    let text = format!(
        "board surge-order\nrules \"{SURGE}\"\n\nroom 1\nroom 2: sea\nroom 3\n\nhatch 1-2\nhatch 1-3\n\nstart 1\n"
    );
    let board = common::board(&text);
    let movement = board.rules.movement(ItemSet::default());
    let outcomes = engine(&board, &movement);
    let three = board.room_by_id("3").map(|r| r.0);
    let high = board.rules.room_state("high_flood");
    let dry_three = outcomes.iter().find(|o| {
        Some(o.room.0) == three && Some(o.rooms[0]) == high && o.rooms[2] == board.rooms[2].state
    });
    let Some(found) = dry_three else {
        panic!("no outcome in room 3 with room 1 under high water: {outcomes:?}");
    };
    assert_eq!(found.cost.0, 2);
    assert_eq!(found.actions.len(), 3);
    assert_agree(&board, &movement);
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
        expected(&[("1", 0), ("3", 0), ("2", 1)])
    );
    let r = |id: &str| common::room(&board, id);
    let actions: Vec<_> = outcomes.iter().map(|o| o.actions.clone()).collect();
    assert_eq!(
        actions,
        vec![
            vec![],
            vec![Action::Move(r("3"))],
            vec![Action::Move(r("2"))]
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
        max_states: 5,
        ..Limits::default()
    };
    match search::solve(&board, &movement, board.start, &limits) {
        Err(LimitReached { states, .. }) => assert_eq!(states, 5, "{states}"),
        Ok(s) => panic!("no error with a budget of 5 states: {} states", s.states),
    }
    let roomy = Limits {
        max_states: 1_000_000,
        ..Limits::default()
    };
    assert!(search::solve(&board, &movement, board.start, &roomy).is_ok());
}

/// A memory budget stops a search whose states are wide (the general
/// search, on a 144-room grid) and a small-ship search alike, before the
/// state budget, and says it was memory.
#[test]
fn memory_budget_is_reported() {
    for (rooms, max_memory) in [(144, 8 << 20), (16, 64 << 10)] {
        let spec = BoardSpec {
            topology: Topology::Grid { rooms },
            rules: "red-november".to_string(),
            room_states: vec![("clear".to_string(), 4), ("low_flood".to_string(), 1)],
            hatch_states: vec![("closed".to_string(), 1)],
            high_water: 2,
            high_water_state: Some("high_flood".to_string()),
            start: Some(1),
            seed: 2026,
        };
        let board = common::board(&board_text(&spec));
        let movement = board.rules.movement(ItemSet::default());
        let limits = Limits {
            max_memory,
            ..Limits::default()
        };
        match search::solve(&board, &movement, board.start, &limits) {
            Err(limit) => {
                assert!(limit.memory, "{rooms} rooms: {limit}");
                assert!(limit.states < limits.max_states, "{}", limit.states);
                // Each state takes at least its node, so the count is bounded.
                assert!(limit.states * 20 <= max_memory + 20, "{}", limit.states);
                assert!(limit.to_string().contains("memory budget"), "{limit}");
            }
            Ok(s) => panic!("{rooms} rooms: solved in {} states", s.states),
        }
    }
}

/// The brute force itself on the smallest boards: one room (only staying
/// put) and two rooms joined by a closed hatch.
#[test]
fn brute_force_sanity() {
    let one = common::board("board one\nrules red-november\nroom 1\nstart 1\n");
    let movement = one.rules.movement(ItemSet::default());
    let e = brute::enumerate(&one, &movement, one.start, 10);
    assert_eq!(e.outcomes.len(), 1);
    assert_eq!(e.expanded, 1);

    let two = common::board(
        "board two\nrules red-november\nroom 1\nroom 2: low_flood\nhatch 1-2\nstart 1\n",
    );
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

/// Random boards on which some room is out of reach.
const CASES_UNREACHED: u32 = 1000;

/// Checks the explanation of every room no outcome ends in against the
/// brute force: the rooms next door said to be out of reach are exactly
/// those no sequence ends in; from every way the brute force ends next
/// door, the step in (opening the hatch first where it must be opened)
/// is refused, by its own stepping as by the referee's; and the refusals
/// the explanation names are exactly the referee's on those ships, told
/// as facts of the ship, with no rule quoted.
fn unreached_explained(text: &str, board: &Board, items: ItemSet) -> Result<usize, TestCaseError> {
    let mut explained = 0;
    let turn = hatchway::answer::Turn::holding(board.clone(), items);
    let movement = &turn.movement;
    let outcomes = engine(board, movement);
    let brute = brute::enumerate(board, movement, board.start, BRUTE_BUDGET).outcomes;
    let ends_in = |room: RoomId| brute.keys().any(|(r, _)| *r == room);
    for (i, _) in board.rooms.iter().enumerate() {
        let room = RoomId(i as u32);
        if room == board.start || ends_in(room) {
            continue;
        }
        explained += 1;
        let why = turn.unreached(room, &outcomes);
        let words = why.words(&turn, "", false);
        let context = || format!("room {i}: {words}\nwith items {items:?} on\n{text}");
        prop_assert!(!why.costlier, "{}", context());
        prop_assert!(!words.contains("the rules"), "{}", context());
        for &(hatch, next) in board.neighbours(room) {
            let named = why.barred.iter().find(|(n, _)| *n == next);
            prop_assert_eq!(
                why.beyond_reach.contains(&next),
                !ends_in(next),
                "{}",
                context()
            );
            if !ends_in(next) {
                continue;
            }
            let mut facts: Vec<String> = Vec::new();
            for ((_, rooms), best) in brute.iter().filter(|((r, _), _)| *r == next) {
                let ship = brute::Ship {
                    position: next,
                    rooms: rooms.clone(),
                    hatches: best.hatches.clone(),
                    visited: best.visited.clone(),
                };
                // The brute force's own stepping: no way in.
                let enters = |s: &brute::Ship| {
                    brute::successors(board, movement, s)
                        .iter()
                        .any(|(a, _, _)| *a == Action::Move(room))
                };
                let opened = brute::successors(board, movement, &ship)
                    .into_iter()
                    .find(|(a, _, _)| *a == Action::Open(hatch));
                prop_assert!(
                    !enters(&ship) && opened.as_ref().is_none_or(|(_, _, s)| !enters(s)),
                    "{}",
                    context()
                );
                // The referee's ruling on the same ship.
                let mut at = referee::Ship {
                    position: next,
                    rooms: rooms.clone(),
                    hatches: best.hatches.clone(),
                    visited: best.visited.clone(),
                    spent: Cost(0),
                };
                if !movement.walk_through(at.hatches[hatch.index()]) {
                    let before = at.clone();
                    if let Err(illegal) = at.apply(board, movement, Action::Open(hatch)) {
                        let fact = before
                            .ruling(board, movement, Action::Open(hatch), &illegal)
                            .fact;
                        if !facts.contains(&fact) {
                            facts.push(fact);
                        }
                        continue;
                    }
                }
                let illegal = at.clone().apply(board, movement, Action::Move(room));
                prop_assert!(illegal.is_err(), "{}", context());
                if let Err(illegal) = illegal {
                    let fact = at
                        .ruling(board, movement, Action::Move(room), &illegal)
                        .fact;
                    if !facts.contains(&fact) {
                        facts.push(fact);
                    }
                }
            }
            let mut said: Vec<String> = named
                .map(|(_, barred)| barred.iter().map(|b| b.ruling.fact.clone()).collect())
                .unwrap_or_default();
            said.sort();
            facts.sort();
            prop_assert_eq!(said, facts, "{}", context());
        }
    }
    Ok(explained)
}

/// The published rules, with and without grog and the aqualung, on 1,000
/// random boards: fire, high water, the sea, blocked hatches and the water
/// an opening lets in each bar some room. The run counts the rooms it
/// explained, so that it cannot pass having checked none.
#[test]
fn unreached_rooms_are_explained_by_what_stops_the_gnome() {
    let explained = std::cell::Cell::new(0usize);
    let mut runner =
        proptest::test_runner::TestRunner::new(common::proptest_config(CASES_UNREACHED));
    let result = runner.run(&picks(), |pick| {
        let text = board_text(&pick.spec("red-november-rulebook", REVISED_ROOMS, "sea", HATCHES));
        let board = common::board(&text);
        for items in item_subsets(&board, &["grog", "aqualung"]) {
            explained.set(explained.get() + unreached_explained(&text, &board, items)?);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    assert!(
        explained.get() >= 1000,
        "only {} unreached rooms were explained",
        explained.get()
    );
}

/// One board, its explanation pinned whole.
#[test]
fn an_unreached_room_is_explained_from_each_side() {
    let text = "board jam\nrules red-november-rulebook\nroom 1\nroom 2\nroom 3: fire\nhatch 1-2\nhatch 2-3\nhatch 1-3: blocked\nstart 1\n";
    let board = common::board(text);
    let turn = hatchway::answer::Turn::new(board.clone());
    let outcomes = engine(&board, &turn.movement);
    let why = turn.unreached(RoomId(2), &outcomes);
    assert_eq!(
        why.words(&turn, "", false),
        "no move ends in room 3: from room 1: hatch 1-3 is blocked (a successful Unblock Hatch frees it); from room 2: room 3 has fire and cannot be entered (with Grog or Fire Extinguisher it is allowed)"
    );
}
