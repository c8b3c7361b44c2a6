//! `hatchway diff` from the command line: a minimal counterexample between
//! two shipped rules that `hatchway paths` confirms under both.

use crate::common::{self, hatchway};

#[test]
fn a_random_counterexample_is_confirmed_by_paths_under_both_rules() {
    let dir = std::env::temp_dir().join(format!("hatchway-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the temporary folder can be made");
    let file = dir.join("counterexample.board");
    let written = file.to_str().expect("temporary paths are UTF-8");
    let (out, err, code) = hatchway(&[
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
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("30 random boards of 6 rooms (seed 7)"),
        "{out}"
    );
    assert!(out.contains(&format!("written to {written}")), "{out}");

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
    assert!(out.contains("shrunk: 1 room, 0 hatches"), "{out}");

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
    assert_eq!(
        action["second"]["if_failed"],
        "he stays in room 3: safe"
    );
}

#[test]
fn incompatible_rules_and_bad_usage_are_diagnosed() {
    let (_, err, code) = hatchway(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "red-november-rulebook",
        "boards/red-november-rulebook.board",
    ]);
    assert_eq!(code, 1);
    assert!(
        common::words(&err).contains("the rules `red-november` have no room state `sea`"),
        "{err}"
    );
    let (_, err, code) = hatchway(&["diff", "--rules", "red-november"]);
    assert_eq!(code, 2);
    assert!(
        common::words(&err).contains("compares two rules, and was given 1"),
        "{err}"
    );
    let (_, err, code) = hatchway(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "no-such-rules",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("hatchway::unknown_rules")
            && err.contains("unknown rules `no-such-rules`: no such file"),
        "{err}"
    );
    let (_, err, code) = hatchway(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "deep-water",
        "--random",
        "5",
        "--rooms",
        "99",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("--rooms 99"), "{err}");
}
