//! `hatchway replay --path`: planned paths refereed step by step. Each case
//! pins standard output, standard error and the exit code.

use crate::common;

/// The run as one text: exit code, standard output, standard error.
fn run(args: &[&str]) -> String {
    let (out, err, code) = common::hatchway(args);
    format!("exit: {code}\n--- stdout\n{out}--- stderr\n{err}")
}

/// (snapshot name, board, extra flags, plan)
const CASES: &[(&str, &str, &[&str], &str)] = &[
    // Legal plans.
    (
        "legal-cheapest",
        "red-november",
        &[],
        "open 1-2, move 2, open 2-5, move 5",
    ),
    (
        "legal-words-and-lines",
        "red-november",
        &[],
        "open hatch 1-3\nmove to room 3\n",
    ),
    (
        "legal-not-cheapest",
        "red-november",
        &[],
        "open 1-3, move 3, open 3-4, move 4, open 2-4, move 2",
    ),
    (
        "legal-flood",
        "boards/mini-flood.board",
        &[],
        "open 1-2, move 1",
    ),
    ("legal-empty", "red-november", &[], ""),
    (
        "legal-fire-put-out",
        "boards/burning-reactor.board",
        &[],
        "open 4-5, move 5",
    ),
    (
        "legal-revisit-rulebook",
        "boards/red-november-rulebook.board",
        &[],
        "open 1-2, move 2, move 1",
    ),
    (
        "legal-grog",
        "tests/fixtures/rulebook-fire.board",
        &["--with", "grog"],
        "move 2, open 2-3, move 3",
    ),
    // Illegal plans: each stops at its first illegal step, exit 1.
    ("illegal-closed-hatch", "red-november", &[], "move 2"),
    ("illegal-hatch-not-here", "red-november", &[], "open 2-5"),
    (
        "illegal-not-adjacent",
        "red-november",
        &[],
        "open 1-2, move 2, move 7",
    ),
    (
        "illegal-revisit",
        "red-november",
        &[],
        "open 1-2, move 2, move 1",
    ),
    (
        "illegal-open-twice",
        "red-november",
        &[],
        "open 1-2, open 1-2",
    ),
    (
        "illegal-unknown-room",
        "red-november",
        &[],
        "open 1-2, move 42",
    ),
    ("illegal-no-such-hatch", "red-november", &[], "open 1-5"),
    ("illegal-syntax", "red-november", &[], "open 1-2, walk 2"),
    (
        "illegal-leave-fire",
        "boards/burning-reactor.board",
        &[],
        "open 3-4, move 3",
    ),
    (
        "illegal-enter-fire",
        "boards/open-mini.board",
        &["--rules", "red-november"],
        "move 4",
    ),
    (
        "illegal-enter-high-water",
        "boards/burning-reactor.board",
        &[],
        "open 4-5, move 5, open 5-7, move 7",
    ),
    (
        "illegal-blocked",
        "boards/burning-reactor.board",
        &[],
        "open 4-5, open 2-4, move 2, open 2-5",
    ),
    (
        "illegal-enter-sea-without-aqualung",
        "boards/red-november-rulebook.board",
        &[],
        "open 1-3, move 3, open 3-sea, move sea",
    ),
    (
        "illegal-fire-without-grog",
        "tests/fixtures/rulebook-fire.board",
        &[],
        "move 2, open 2-3, move 3",
    ),
    (
        "illegal-back-and-forth",
        "boards/open-mini.board",
        &["--rules", "red-november"],
        "move 3, move 1",
    ),
];

#[test]
fn planned_paths_are_refereed() {
    common::snapshot_settings().bind(|| {
        for (name, board, flags, plan) in CASES {
            let mut args = vec!["replay", board];
            args.extend_from_slice(flags);
            args.extend_from_slice(&["--path", plan]);
            let output = run(&args);
            let expected_exit = if name.starts_with("legal") {
                "exit: 0\n"
            } else {
                "exit: 1\n"
            };
            assert!(output.starts_with(expected_exit), "{name}: {output}");
            insta::assert_snapshot!(format!("plan@{name}"), output);
        }
    });
}

#[test]
fn a_plan_file_is_read() {
    let dir = std::env::temp_dir().join(format!("hatchway-plan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("plan.txt");
    std::fs::write(&file, "# to the oxygen pumps\nopen 1-2\nmove 2\n").expect("temp plan");
    let output = run(&["replay", "--path-file", file.to_str().expect("utf-8")]);
    assert!(output.starts_with("exit: 0\n"), "{output}");
    assert!(output.contains("it is a cheapest way to this outcome"));
    let missing = run(&[
        "replay",
        "--path-file",
        dir.join("none.txt").to_str().expect("utf-8"),
    ]);
    assert!(missing.starts_with("exit: 1\n"), "{missing}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A plan is judged by a search bounded by the plan's own cost, so it is
/// judged within a budget that the whole turn does not fit in; below even
/// that, the answer says it cannot tell.
#[test]
fn a_plan_is_judged_within_a_budget_too_small_for_the_whole_turn() {
    let plan = "open 1-2, move 2, open 2-5, move 5";
    let whole = run(&["paths", "red-november", "--max-states", "5"]);
    assert!(whole.starts_with("exit: 3\n"), "{whole}");
    let judged = run(&[
        "replay",
        "red-november",
        "--max-states",
        "5",
        "--path",
        plan,
    ]);
    assert!(judged.starts_with("exit: 0\n"), "{judged}");
    assert!(
        judged.contains("it is a cheapest way to this outcome"),
        "{judged}"
    );
    let unsure = run(&[
        "replay",
        "red-november",
        "--max-states",
        "2",
        "--path",
        plan,
    ]);
    assert!(unsure.starts_with("exit: 0\n"), "{unsure}");
    assert!(
        unsure.contains("cannot tell whether it is the cheapest: the search stopped"),
        "{unsure}"
    );
}

/// What the outcome tables write, a plan accepts: `stay` alone is the plan
/// of no step, refereed like an empty plan; `stay` among steps is not.
#[test]
fn stay_is_a_plan() {
    let (table, _, _) = common::hatchway(&["paths", "boards/mini-flood.board"]);
    assert!(table.contains("0 min  stay"), "{table}");
    let stay = run(&["replay", "boards/mini-flood.board", "--path", " stay \n"]);
    let empty = run(&["replay", "boards/mini-flood.board", "--path", ""]);
    assert!(stay.starts_with("exit: 0"), "{stay}");
    assert_eq!(stay, empty);
    let (_, _, code) = common::hatchway(&["dot", "boards/mini-flood.board", "--path", "STAY"]);
    assert_eq!(code, 0);
    let mixed = run(&[
        "replay",
        "boards/mini-flood.board",
        "--path",
        "stay, move 1",
    ]);
    assert!(mixed.starts_with("exit: 1"), "{mixed}");
    assert!(mixed.contains("`stay` alone"), "{mixed}");
    assert!(
        common::words(&mixed).contains("a move after `stay`, the plan of no move"),
        "{mixed}"
    );
}

/// `stay` is the move part of a plan whose turn is only an action where
/// it starts: `stay, ACTION MINUTES` is judged as the action alone; a move
/// after `stay`, or `stay` after a move, is refused.
#[test]
fn stay_may_be_followed_by_the_turns_action() {
    let board = "tests/fixtures/rulebook-fire.board";
    let replay = |plan: &str, extra: &[&str]| {
        let mut args = vec!["replay", board, "--from", "2", "--path", plan];
        args.extend_from_slice(extra);
        run(&args)
    };
    let alone = replay("extinguish_fire 5", &[]);
    assert!(alone.starts_with("exit: 0"), "{alone}");
    assert!(alone.contains("chance 1/2"), "{alone}");
    for plan in [
        "stay, extinguish_fire 5",
        "STAY\nextinguish_fire 5\n",
        "stay; extinguish_fire 5",
    ] {
        assert_eq!(replay(plan, &[]), alone, "{plan}");
    }
    let json = replay("stay, extinguish_fire 5", &["--format", "json"]);
    assert!(json.starts_with("exit: 0"), "{json}");
    assert!(json.contains("\"roll_at_most\": 5"), "{json}");
    for (plan, message) in [
        ("stay, move 1", "a move after `stay`"),
        ("stay, open 1-2, extinguish_fire 5", "a move after `stay`"),
        (
            "stay, extinguish_fire 5, move 1",
            "an action must be the plan's last step",
        ),
        ("move 1, stay", "this step cannot be read"),
        ("stay, stay", "this step cannot be read"),
    ] {
        let refused = replay(plan, &[]);
        assert!(refused.starts_with("exit: 1"), "{plan}: {refused}");
        assert!(
            common::words(&refused).contains(message),
            "{plan}: {refused}"
        );
    }
}
