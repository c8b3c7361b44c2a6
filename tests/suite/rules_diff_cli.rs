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
    let (under_first, err, code) = hatchway(&["paths", written, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let rulebook = dir.join("rulebook.board");
    std::fs::write(
        &rulebook,
        board.replace("\nrules red-november\n", "\nrules red-november-rulebook\n"),
    )
    .expect("writable");
    let rulebook = rulebook.to_str().expect("UTF-8");
    let (under_second, err, code) = hatchway(&["paths", rulebook, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let outcomes = |json: &str| -> Vec<(serde_json::Value, serde_json::Value, serde_json::Value)> {
        let v: serde_json::Value = serde_json::from_str(json).expect("paths writes JSON");
        v["outcomes"]
            .as_array()
            .expect("a list of outcomes")
            .iter()
            .map(|o| {
                (
                    o["final_room"].clone(),
                    o["rooms"].clone(),
                    o["cost"].clone(),
                )
            })
            .collect()
    };
    assert_ne!(
        outcomes(&under_first),
        outcomes(&under_second),
        "the two rules agree on:\n{board}"
    );
    // Shrunk: a difference needs at least two rooms and a hatch to cross.
    assert!(out.contains("shrunk: 2 rooms, 1 hatch"), "{out}");

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
    assert_eq!(v["smallest"]["rooms"], 2);
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
    let first = &boards[0]["differences"][2];
    assert_eq!(first["room"], "4");
    assert_eq!(first["first"]["cost"], 2);
    assert_eq!(first["second"], serde_json::Value::Null);
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
