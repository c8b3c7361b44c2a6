//! `hatchway paths --stream`, and what a budget-stopped `paths` still
//! lists: outcomes cheapest first, each final, and a message that says up
//! to which cost the listing is complete.

use crate::common::{self, hatchway};

use serde_json::Value;

/// A 5-by-5 grid of closed hatches with four rooms of high water: too large
/// for a small state budget, quick for the default one.
fn grid() -> String {
    let mut text = String::from("board grid5\nrules red-november\n");
    for r in 0..5 {
        for c in 0..5 {
            let n = r * 5 + c + 1;
            let state = if [7, 9, 17, 19].contains(&n) {
                ": high_flood"
            } else {
                ""
            };
            text.push_str(&format!("room {n} at {c},{r}{state}\n"));
        }
    }
    for r in 0..5 {
        for c in 0..5 {
            let n = r * 5 + c + 1;
            if c < 4 {
                text.push_str(&format!("hatch {n}-{}\n", n + 1));
            }
            if r < 4 {
                text.push_str(&format!("hatch {n}-{}\n", n + 5));
            }
        }
    }
    text.push_str("start 13\n");
    text
}

fn grid_file(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("hatchway-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(name);
    std::fs::write(&path, grid()).expect("the board is written");
    path.to_string_lossy().into_owned()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect()
}

/// The stream lists what `paths` lists, in the same order and with the same
/// numbers: JSON Lines of the turn, then one outcome a line, each the
/// outcome `paths --format json` writes.
#[test]
fn the_stream_is_the_listing() {
    let board = grid_file("listing.board");
    let (whole, _, code) = hatchway(&["paths", &board, "--format", "json"]);
    assert_eq!(code, 0);
    let whole: Value = serde_json::from_str(&whole).expect("a document");
    let (stream, err, code) = hatchway(&["paths", &board, "--stream", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let lines = json_lines(&stream);
    let turn = &lines[0];
    for key in ["format", "board", "rules", "items", "start"] {
        assert_eq!(turn[key], whole[key], "{key}");
    }
    let outcomes: Vec<Value> = lines[1..]
        .iter()
        .map(|l| {
            let mut o = l.clone();
            o.as_object_mut().expect("an object").remove("format");
            o
        })
        .collect();
    assert_eq!(&Value::Array(outcomes), &whole["outcomes"]);
    assert!(lines.len() > 20, "a grid has many outcomes");

    // The table: every outcome once, by number, with its room.
    let (table, _, code) = hatchway(&["paths", &board, "--stream"]);
    assert_eq!(code, 0);
    let numbers: Vec<&str> = table
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix('#'))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let expected: Vec<String> = (1..lines.len()).map(|n| n.to_string()).collect();
    assert_eq!(numbers, expected);
    assert!(table.contains("  #1    0 min  in room 13: stay"), "{table}");
}

/// Stopped by its state budget, `paths` lists every outcome up to the cost
/// it had made final, exactly as the full answer has them, says so, and
/// exits 3; the stream gets at least as far.
#[test]
fn a_stopped_search_lists_what_it_made_final() {
    let board = grid_file("stopped.board");
    let (whole, _, _) = hatchway(&["paths", &board, "--format", "json"]);
    let whole: Value = serde_json::from_str(&whole).expect("a document");
    let all = whole["outcomes"].as_array().expect("outcomes");
    let (part, err, code) =
        hatchway(&["paths", &board, "--format", "json", "--max-states", "2000"]);
    assert_eq!(code, 3, "{err}");
    let part: Value = serde_json::from_str(&part).expect("a document");
    let complete = part["complete_up_to"].as_u64().expect("complete_up_to");
    let cheap: Vec<&Value> = all
        .iter()
        .filter(|o| o["cost"].as_u64() <= Some(complete))
        .collect();
    let listed: Vec<&Value> = part["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .collect();
    assert_eq!(listed, cheap);
    assert!(
        cheap.len() < all.len(),
        "the budget stopped the search short"
    );
    let said = common::words(&err);
    assert!(
        said.contains(&format!(
            "stopped at its limit of 2000 states: every outcome costing at most {complete} minutes is listed; more may exist above"
        )),
        "{err}"
    );
    assert!(said.contains("raise `--max-states` to list more"), "{err}");

    let (stream, err, code) = hatchway(&[
        "paths",
        &board,
        "--stream",
        "--format",
        "json",
        "--max-states",
        "2000",
    ]);
    assert_eq!(code, 3, "{err}");
    let streamed = json_lines(&stream).len() - 1;
    assert!(streamed >= cheap.len(), "{streamed} < {}", cheap.len());
    assert!(streamed < all.len());
    assert!(
        common::words(&err).contains("is listed; more may exist above"),
        "{err}"
    );
}

#[test]
fn a_stream_is_not_a_batch() {
    let (_, err, code) = hatchway(&["paths", "--stream", "--batch"]);
    assert_eq!(code, 2, "{err}");
    let (_, err, code) = hatchway(&["paths", "--jobs", "2"]);
    assert_eq!(code, 2, "{err}");
}
