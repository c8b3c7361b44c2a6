//! `hatchway diff` from the command line: a minimal counterexample between
//! two shipped rules that `hatchway paths` confirms under both.

use crate::common::{self, Run, hatchway};

#[test]
fn a_random_counterexample_is_confirmed_by_paths_under_both_rules() {
    let dir = std::env::temp_dir().join(format!("hatchway-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the temporary folder can be made");
    let file = dir.join("counterexample.board");
    let written = file.to_str().expect("temporary paths are UTF-8");
    let out = Run::new(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "red-november-rulebook",
        "--random",
        "30",
        "--seed",
        "7",
        "--rooms",
        "6",
        "-o",
        written,
    ])
    .tmp(&dir)
    .snapshot("diff@random-seed-7-written");
    assert!(
        out.stdout.contains("written to [TMP]/counterexample.board"),
        "{}",
        out.stdout
    );

    let board = std::fs::read_to_string(&file).expect("the counterexample is written");
    assert!(board.contains("\nrules red-november\n"), "{board}");
    // `replay` shows the whole turn: each outcome, its verdict and what the
    // gnome can do there. Its first lines name the rules and their states.
    let (under_first, err, code) = hatchway(&["replay", written]);
    assert_eq!(code, 0, "{err}");
    let rulebook = dir.join("rulebook.board");
    std::fs::write(
        &rulebook,
        board.replace("\nrules red-november\n", "\nrules red-november-rulebook\n"),
    )
    .expect("writable");
    let rulebook = rulebook.to_str().expect("UTF-8");
    let (under_second, err, code) = hatchway(&["replay", rulebook]);
    assert_eq!(code, 0, "{err}");
    let turn = |text: &str| -> String {
        text.find("\noutcome ")
            .map_or_else(String::new, |i| text[i..].to_string())
    };
    assert_ne!(
        turn(&under_first),
        turn(&under_second),
        "the two rules agree on:\n{board}"
    );
    // Shrunk: red-november has no pump_water, so one flooded room is enough.
    assert!(
        out.stdout.contains("shrunk: 1 room, 0 hatches"),
        "{}",
        out.stdout
    );

    // The same run as JSON, for scripts.
    let (json, _, code) = hatchway(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "red-november-rulebook",
        "--random",
        "30",
        "--seed",
        "7",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).expect("diff writes JSON");
    assert_eq!(v["turns"], 180);
    assert_eq!(v["smallest"]["rooms"], 1);
    assert_eq!(v["item_sets"].as_array().map(Vec::len), Some(1));
    assert_eq!(v["smallest"]["board"].as_str(), Some(board.as_str()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn boards_compared_side_by_side() {
    let (out, err, code) = hatchway(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "red-november-rulebook",
        "boards/mini-flood.board",
    ]);
    assert_eq!(code, 0, "{err}");
    common::snapshot_settings().bind(|| insta::assert_snapshot!("diff-mini-flood", out));
    let (json, _, code) = hatchway(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "red-november-rulebook",
        "boards/mini-flood.board",
        "boards/open-mini.board",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).expect("diff writes JSON");
    let boards = v["boards"].as_array().expect("one entry a board");
    assert_eq!(boards.len(), 2);
    let differences = boards[0]["differences"].as_array().expect("a list");
    let at = |room: &str, changes: serde_json::Value| {
        differences
            .iter()
            .find(|d| d["room"] == room && d["changes"] == changes)
            .unwrap_or_else(|| panic!("no difference ending in room {room}: {json}"))
    };
    let only_first = at("4", serde_json::json!({}));
    assert_eq!(only_first["first"]["cost"], 2);
    assert_eq!(only_first["second"], serde_json::Value::Null);
    // Staying in high water: no `end` rule under red-november, fatal under
    // the rulebook, which says so.
    let stay = at("2", serde_json::json!({}));
    assert_eq!(stay["verdicts"][0]["fatal"], false);
    assert_eq!(stay["verdicts"][0]["rule"], serde_json::Value::Null);
    assert_eq!(stay["verdicts"][1]["fatal"], true);
    assert_eq!(stay["verdicts"][1]["rule"], "end high_flood: fatal");
    // Only the rulebook declares pump_water.
    let pumped = at("3", serde_json::json!({"2": "low_flood", "3": "low_flood"}));
    let action = &pumped["actions"][0];
    assert_eq!(action["action"], "pump_water");
    assert_eq!(action["target"], "room 3");
    assert_eq!(action["first"], serde_json::Value::Null);
    assert_eq!(action["second"]["chances"][6], "7/10");
    assert_eq!(action["second"]["if_failed"], "he stays in room 3: safe");
}

#[test]
fn incompatible_rules_and_bad_usage_are_diagnosed() {
    Run::new(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "red-november-rulebook",
        "boards/red-november-rulebook.board",
    ])
    .snapshot("diff@incompatible-board");
    Run::new(&["diff", "--rules", "red-november"])
        .stderr(concat!(
            "  × `hatchway diff` compares two rules, and was given 1\n",
            "  help: name them with `--rules A --rules B`\n",
        ))
        .status(2)
        .run();
    Run::new(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "no-such-rules",
    ])
    .snapshot("diff@unknown-rules");
    Run::new(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "deep-water",
        "--random",
        "5",
        "--rooms",
        "99",
    ])
    .snapshot("diff@too-many-rooms");
}

/// The shipped rulebook rules, renamed to `name` (a copy that keeps a
/// built-in name is warned about) with `from` replaced by `to`, written in
/// `dir`; `from` must be written exactly once.
fn mutant(dir: &std::path::Path, name: &str, from: &str, to: &str) -> String {
    let original = std::fs::read_to_string(common::board_path("red-november-rulebook.rules"))
        .expect("the shipped rules are readable");
    assert_eq!(
        original.matches(from).count(),
        1,
        "`{from}` is not one statement of the rulebook"
    );
    let text = original.replace(from, to).replace(
        "\nrules red-november-rulebook\n",
        &format!("\nrules {name}\n"),
    );
    let file = dir.join(format!("{name}.rules"));
    std::fs::write(&file, text).expect("the temporary folder is writable");
    file.to_str()
        .expect("temporary paths are UTF-8")
        .to_string()
}

fn temporary(what: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hatchway-{what}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the temporary folder can be made");
    dir
}

#[test]
fn a_different_verdict_is_a_difference_on_a_board_and_at_random() {
    let dir = temporary("diff-verdict");
    let house = mutant(&dir, "house", "end fire: fatal", "end fire: safe");
    let board = dir.join("burning.board");
    std::fs::write(
        &board,
        "board burning\nrules red-november-rulebook\n\nroom 1: fire\nroom 2: clear\n\nhatch 1-2: closed\n\nstart 1\n",
    )
    .expect("writable");
    let board = board.to_str().expect("UTF-8");
    let out = Run::new(&[
        "diff",
        "--rules",
        "red-november-rulebook",
        "--rules",
        &house,
        board,
    ])
    .tmp(&dir)
    .snapshot("diff@verdict-on-a-board");
    // He opens the hatch and leaves if a roll fails: safe under both.
    assert!(!out.stdout.contains("extinguish_fire"), "{}", out.stdout);

    // The fixture's gnome reaches the burning Galley only with grog.
    let fixture = "tests/fixtures/rulebook-fire.board";
    Run::new(&[
        "diff",
        "--rules",
        "red-november-rulebook",
        "--rules",
        &house,
        fixture,
    ])
    .tmp(&dir)
    .snapshot("diff@verdict-unreachable-without-grog");
    Run::new(&[
        "diff",
        "--rules",
        "red-november-rulebook",
        "--rules",
        &house,
        fixture,
        "--with",
        "grog",
    ])
    .tmp(&dir)
    .snapshot("diff@verdict-reached-with-grog");

    let (json, err, code) = hatchway(&[
        "diff",
        "--rules",
        "red-november-rulebook",
        "--rules",
        &house,
        "--random",
        "100",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).expect("diff writes JSON");
    assert_eq!(v["item_sets"].as_array().map(Vec::len), Some(8), "{json}");
    assert!(v["differing"].as_u64() > Some(0), "{json}");
    // One burning room is the smallest board where the verdicts differ.
    assert_eq!(v["smallest"]["rooms"], 1, "{json}");
    let stay = &v["smallest"]["differences"][0];
    assert_eq!(stay["verdicts"][1]["rule"], "end fire: safe", "{json}");
    // With no way out, a failed roll leaves him in the fire: fatal under
    // one rules only.
    let roll = &stay["actions"][0];
    assert_eq!(roll["action"], "extinguish_fire", "{json}");
    assert_eq!(roll["first"]["fatal_if_failed"], true, "{json}");
    assert_eq!(roll["second"]["fatal_if_failed"], false, "{json}");
    // Not pinned whole: the board's comment wraps the temporary folder's
    // path, whose length changes with the process id.
    let (out, _, _) = hatchway(&[
        "diff",
        "--rules",
        "red-november-rulebook",
        "--rules",
        &house,
        "--random",
        "100",
    ]);
    assert!(
        common::words(&out).contains(
            "Extinguish Fire on room 1 at outcome #1: if the roll fails, he must leave but cannot; left in room 1: fatal under red-november-rulebook; he must leave but cannot; left in room 1: safe under house"
        ),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn items_must_be_declared_by_both_rules_and_from_is_refused() {
    Run::new(&[
        "diff",
        "--rules",
        "red-november-rulebook",
        "--rules",
        "red-november",
        "--with",
        "grog",
    ])
    .snapshot("diff@item-of-one-rules-only");
    Run::new(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "red-november",
        "--from",
        "2",
    ])
    .snapshot("diff@from-refused");
}

/// Each kind of statement of the rulebook, changed so that some answer
/// changes, is told apart from the original by `diff --random`.
#[test]
fn a_mutant_of_each_kind_of_statement_is_found_at_random() {
    let dir = temporary("diff-mutants");
    let mutations = [
        (
            "open",
            "open closed: cost 1, becomes open",
            "open closed: cost 2, becomes open",
        ),
        (
            "walk_through",
            "walk through: open\n",
            "walk through: open, blocked\n",
        ),
        (
            "enter",
            "enter low_flood: cost 1",
            "enter low_flood: cost 2",
        ),
        (
            "flow",
            "flow high_flood + clear -> low_flood + low_flood",
            "flow high_flood + clear -> high_flood + low_flood",
        ),
        ("revisit", "revisit: allowed", "revisit: forbidden"),
        ("end", "end fire: fatal", "end fire: safe"),
        (
            "declaration",
            "action pump_water: room low_flood becomes clear",
            "action pump_water: room low_flood becomes fire",
        ),
        (
            "forbidden",
            "action in fire: forbidden",
            "action in fire: cost 1",
        ),
        (
            "cost",
            "action in low_flood: cost 2",
            "action in low_flood: cost 3",
        ),
        (
            "bonus",
            "action with grog: bonus 3",
            "action with grog: bonus 2",
        ),
        (
            "fails",
            "action extinguish_fire fails: leave",
            "action unblock_hatch fails: leave",
        ),
    ];
    let original = common::board_path("red-november-rulebook.rules");
    let original = original.to_str().expect("UTF-8");
    for (kind, from, to) in mutations {
        let file = mutant(&dir, &format!("mutant-{kind}"), from, to);
        let (json, err, code) = hatchway(&[
            "diff", "--rules", original, "--rules", &file, "--random", "40", "--rooms", "5",
            "--format", "json",
        ]);
        assert_eq!(code, 0, "{kind}: {err}");
        let v: serde_json::Value = serde_json::from_str(&json).expect("diff writes JSON");
        assert!(
            v["differing"].as_u64() > Some(0),
            "`{to}` is not told from `{from}`: {json}"
        );
    }
    // The original against itself: no difference.
    let same = mutant(&dir, "same", "revisit: allowed", "revisit: allowed");
    let (json, _, code) = hatchway(&[
        "diff", "--rules", original, "--rules", &same, "--random", "40", "--rooms", "5",
        "--format", "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).expect("diff writes JSON");
    assert_eq!(v["differing"], 0, "{json}");
    let _ = std::fs::remove_dir_all(&dir);
}
