//! Parse -> compile -> solve on small structured boards. Every outcome's path
//! must replay through the referee to the room, room states and cost the
//! search claims, and the full search must agree with the search `solve`
//! picks (it takes a shortcut on boards where no water can flow).
#![no_main]

use arbitrary::Arbitrary;
use hatchway::load;
use hatchway::model::ItemSet;
use hatchway::referee;
use hatchway::search::{self, Limits};
use libfuzzer_sys::fuzz_target;

/// A small board, as indices into what the chosen rules declare.
#[derive(Arbitrary, Debug)]
struct Spec {
    rules: u8,
    named_ids: bool,
    rooms: Vec<u8>,
    hatches: Vec<(u8, u8, u8)>,
    start: u8,
    items: u8,
}

const RULES: [&str; 3] = ["red-november", "red-november-rulebook", "deep-water"];

fuzz_target!(|spec: Spec| {
    let rules_name = RULES[usize::from(spec.rules) % RULES.len()];
    let Some(rules) = load::builtin_rules(rules_name) else {
        return;
    };
    let room_count = spec.rooms.len().clamp(1, 8);
    let id = |i: usize| {
        if spec.named_ids {
            format!("r{i}")
        } else {
            (i + 1).to_string()
        }
    };
    let mut text = format!("board fuzz\nrules {rules_name}\n");
    for i in 0..room_count {
        let state = spec.rooms.get(i).copied().unwrap_or(0);
        let state = &rules.room_states[usize::from(state) % rules.room_states.len()];
        text.push_str(&format!("room {}: {state}\n", id(i)));
    }
    // Hatches on distinct pairs only: duplicates are (rightly) errors, and
    // the point here is to reach the search.
    let mut seen = std::collections::HashSet::new();
    for &(a, b, s) in spec.hatches.iter().take(16) {
        let (a, b) = (usize::from(a) % room_count, usize::from(b) % room_count);
        if a == b || !seen.insert((a.min(b), a.max(b))) {
            continue;
        }
        let state = &rules.hatch_states[usize::from(s) % rules.hatch_states.len()];
        text.push_str(&format!("hatch {}-{}: {state}\n", id(a), id(b)));
    }
    text.push_str(&format!(
        "start {}\n",
        id(usize::from(spec.start) % room_count)
    ));

    let board = match load::board_from_str("fuzz.board", &text) {
        Ok(l) => l.value,
        Err(f) => panic!(
            "a well-formed board does not compile:\n{text}\n{:?}",
            f.reports
                .iter()
                .map(|r| r.problem().message.clone())
                .collect::<Vec<_>>()
        ),
    };
    let mut items = ItemSet::default();
    for i in 0..rules.items.len().min(8) {
        if spec.items & (1 << i) != 0 {
            items = items.with(hatchway::model::ItemId(i as u8));
        }
    }
    let movement = board.rules.movement(items);
    let limits = Limits {
        max_states: 20_000,
        ..Limits::default()
    };
    let Ok(solution) = search::solve(&board, &movement, board.start, &limits) else {
        return;
    };
    assert!(
        !solution.outcomes.is_empty(),
        "no outcome, not even staying:\n{text}"
    );
    for o in &solution.outcomes {
        let (ship, _) = match referee::replay(&board, &movement, board.start, &o.actions) {
            Ok(r) => r,
            Err((i, e)) => panic!("step {i} of {:?} is illegal: {e}\n{text}", o.actions),
        };
        assert_eq!(ship.position, o.room, "final room\n{text}");
        assert_eq!(ship.rooms, o.rooms, "room states\n{text}");
        assert_eq!(ship.spent, o.cost, "cost\n{text}");
    }
    if let Ok(full) = hatchway::testing::solve_exhaustive(&board, &movement, board.start, &limits) {
        let key = |s: &search::Solution| {
            s.outcomes
                .iter()
                .map(|o| (o.room, o.rooms.clone(), o.cost))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            key(&solution),
            key(&full),
            "solve and solve_exhaustive differ\n{text}"
        );
    }
});
