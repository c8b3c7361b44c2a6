//! Every shipped board, pinned: its full replay log (plain text) and its
//! `paths --format yaml` document. Adding a file to `boards/` adds its
//! snapshots with no code change; a changed cost or path fails the test.

use crate::common;

use common::{hatchway, words};

use std::path::Path;

fn is_board(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("board" | "yaml" | "yml" | "json")
    )
}

/// A board's answer as data, from the library.
fn digest(path: &Path) -> hatchway::answer::Digest {
    let board = hatchway::load::board_file(path)
        .expect("shipped boards load")
        .value;
    let turn = hatchway::answer::Turn::new(board);
    let solution = turn
        .solve(&hatchway::search::Limits::default())
        .expect("shipped boards solve");
    hatchway::answer::Answer::new(&turn, &solution.outcomes).digest()
}

#[test]
fn every_board_is_pinned() {
    common::snapshot_settings().bind(|| {
        insta::glob!("../../boards", "*", |path| {
            if !is_board(path) {
                return;
            }
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("board");
            let file = path.to_str().expect("board paths are UTF-8");
            let (log, err, code) = hatchway(&["replay", file, "--color", "never"]);
            assert_eq!(code, 0, "replay {name} failed: {err}");
            // The answer's data travels in the header, as `hatchway test`
            // writes it, so that its short diff can compare answers.
            let mut settings = insta::Settings::clone_current();
            settings.set_info(&digest(path));
            settings.bind(|| insta::assert_snapshot!("replay", log));
            let (yaml, err, code) = hatchway(&["paths", file, "--format", "yaml"]);
            assert_eq!(code, 0, "paths {name} failed: {err}");
            insta::assert_snapshot!("paths", yaml);
        });
    });
}

#[test]
fn the_builtin_board_replays_ten_outcomes() {
    // With no board, the published game: the standard submarine and the sea.
    let (log, _, code) = hatchway(&["replay", "--color", "never", "--max-cost", "1"]);
    assert_eq!(code, 0);
    assert!(log.starts_with(
        "red-november-rulebook: start in room 1 (Engine Room), rules\n  red-november-rulebook, 3 outcomes"
    ));
    // The first pathfinder's board, by name.
    let (log, _, code) = hatchway(&["replay", "red-november", "--color", "never"]);
    assert_eq!(code, 0);
    assert_eq!(log.matches("\noutcome ").count(), 10);
    assert!(log.contains("outcome 10 of 10: ends in room 10 (Captain's Cabin), 4 min"));
}

#[test]
fn worked_examples_show_the_water_flowing() {
    let (log, _, code) = hatchway(&["replay", "boards/mini-flood.board", "--color", "never"]);
    assert_eq!(code, 0);
    // In a player's words, as the rules say them.
    assert!(log.contains("flow: room 2 high water -> low water"));
    assert!(log.contains("flow: room 1 clear -> low water"));
    assert!(log.contains("flow: room 3 fire -> low water"));
}

/// The text insta stored for a snapshot (after its header).
fn stored(snapshot: &str) -> String {
    let text = std::fs::read_to_string(format!("snapshots/{snapshot}.snap"))
        .expect("the snapshot is committed");
    let body = text
        .splitn(3, "---\n")
        .nth(2)
        .expect("a snapshot has a header");
    body.trim_end().to_string()
}

/// A test of the test: the stored snapshot matches today's output exactly,
/// and a board whose one cost changes no longer matches it, so the snapshot
/// test would fail on such a change.
#[test]
fn a_changed_cost_breaks_the_snapshot() {
    let (log, _, _) = hatchway(&["replay", "boards/open-mini.board", "--color", "never"]);
    assert_eq!(log.trim_end(), stored("replay@open-mini.board"));

    let original = std::fs::read_to_string("boards/open-mini.board").expect("shipped board");
    // Room 3 under low water: moving there now costs 1 instead of 0.
    let changed = original.replace("room 3: clear", "room 3: low_flood");
    assert_ne!(changed, original);
    let dir = std::env::temp_dir().join(format!("hatchway-snapshot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("open-mini.board");
    std::fs::write(&path, changed).expect("temp board");
    let (log, _, code) = hatchway(&["replay", path.to_str().expect("utf-8"), "--color", "never"]);
    assert_eq!(code, 0);
    assert_ne!(log.trim_end(), stored("replay@open-mini.board"));
    assert!(log.contains("ends in room 3, 1 min"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `replay --draw` shows the picture of `hatchway draw` at the start and
/// after every step.
#[test]
fn replay_draws_the_ship_after_every_step() {
    let (log, err, code) = hatchway(&[
        "replay",
        "red-november",
        "--outcome",
        "2",
        "--draw",
        "--color",
        "never",
    ]);
    assert_eq!(code, 0, "{err}");
    // The start and two steps: three pictures, one legend.
    assert_eq!(log.matches("+3----------+").count(), 3, "{log}");
    assert_eq!(log.matches("hatches: [c] closed").count(), 1, "{log}");
    common::snapshot_settings()
        .bind(|| insta::assert_snapshot!("replay-draw@red-november-outcome-2", log));
}

/// The outcomes of `paths --format json` with these arguments, by number:
/// (final room, cost, the whole outcome as JSON).
fn numbered(file: &str, extra: &[&str]) -> Vec<(u64, serde_json::Value)> {
    let mut args = vec!["paths", file, "--format", "json"];
    args.extend_from_slice(extra);
    let (out, err, code) = hatchway(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("paths writes JSON");
    doc["outcomes"]
        .as_array()
        .expect("a list of outcomes")
        .iter()
        .map(|o| {
            (
                o["number"].as_u64().expect("each outcome has a number"),
                o.clone(),
            )
        })
        .collect()
}

/// An outcome's number is its place in the full listing (cheapest first):
/// `--max-cost` and `--to` hide outcomes but never renumber them, in JSON,
/// in the table, and for `replay --outcome`.
#[test]
fn filters_hide_outcomes_but_keep_their_numbers() {
    for file in [
        "boards/mini-flood.board",
        "boards/burning-reactor.board",
        "boards/red-november.board",
    ] {
        let all = numbered(file, &[]);
        let numbers: Vec<u64> = all.iter().map(|(n, _)| *n).collect();
        let expected: Vec<u64> = (1..=all.len() as u64).collect();
        assert_eq!(numbers, expected, "{file}: numbered in listing order");
        let costs: Vec<u64> = all
            .iter()
            .map(|(_, o)| o["cost"].as_u64().unwrap_or(0))
            .collect();
        assert!(
            costs.windows(2).all(|w| w[0] <= w[1]),
            "{file}: cheapest first: {costs:?}"
        );
        let most = costs.last().copied().unwrap_or(0);
        for cost in 0..=most {
            let limit = cost.to_string();
            let shown = numbered(file, &["--max-cost", &limit]);
            assert!(
                !shown.is_empty() || cost < costs[0],
                "{file} --max-cost {cost}"
            );
            for (n, o) in &shown {
                assert_eq!(o, &all[*n as usize - 1].1, "{file} --max-cost {cost}: #{n}");
            }
            let cheap = costs.iter().filter(|&&c| c <= cost).count();
            assert_eq!(shown.len(), cheap, "{file} --max-cost {cost}");
        }
        let rooms: Vec<String> = all
            .iter()
            .map(|(_, o)| o["final_room"].as_str().unwrap_or("").to_string())
            .collect();
        for room in &rooms {
            let shown = numbered(file, &["--to", room]);
            for (n, o) in &shown {
                assert_eq!(o, &all[*n as usize - 1].1, "{file} --to {room}: #{n}");
            }
            let (table, _, _) = hatchway(&["paths", file, "--to", room]);
            for (n, _) in &shown {
                assert!(
                    table.contains(&format!("#{n} ")),
                    "{file} --to {room}:\n{table}"
                );
            }
        }
        // The last outcome, under a cost limit that shows it, is the same
        // outcome for `replay`.
        let (n, last) = all.last().expect("at least one outcome");
        let limit = last["cost"].to_string();
        let number = n.to_string();
        let room = last["final_room"].as_str().unwrap_or("");
        let (log, err, code) =
            hatchway(&["replay", file, "--outcome", &number, "--max-cost", &limit]);
        assert_eq!(code, 0, "{err}");
        assert!(log.contains(&format!("outcome {number} of")), "{log}");
        assert!(log.contains(&format!("ends in room {room}")), "{log}");
    }
}

/// Outcomes come in the order INTERCHANGE.md and COMMANDS.md give: by cost,
/// then final room (numeric ids by value, then named ids alphabetically),
/// then the states the rooms are left in, each ranked by its place in the
/// rules' `room states`.
#[test]
fn outcomes_come_in_the_documented_order() {
    let docs = |file: &str| {
        let text = std::fs::read_to_string(file).expect("the doc is shipped");
        words(&text)
    };
    assert!(
        docs("docs/INTERCHANGE.md")
            .contains("Outcomes are in number order, cheapest first: by cost, then final room"),
        "INTERCHANGE.md names another order"
    );
    assert!(
        docs("docs/COMMANDS.md")
            .contains("Outcomes are numbered cheapest first: by cost, then by final room"),
        "COMMANDS.md names another order"
    );
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("outcome_order");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let board = dir.join("order.board");
    std::fs::write(
        &board,
        "board order\nrules red-november\nroom 10: clear\nroom 2: low_flood\nroom galley: high_flood\n\
         room aft: clear\nhatch 10-2\nhatch 2-galley\nhatch galley-aft\nhatch 10-aft\nstart 10\n",
    )
    .expect("the board is written");
    let states = ["clear", "low_flood", "high_flood", "fire"];
    let rank = |s: &serde_json::Value| states.iter().position(|x| s == x);
    // A room id's place in the room order: numbers first, by value.
    let room = |id: &str| match id.parse::<u64>() {
        Ok(n) => (0, n, String::new()),
        Err(_) => (1, 0, id.to_string()),
    };
    for file in [
        board.to_str().expect("a UTF-8 path"),
        "boards/mini-flood.board",
        "boards/red-november.board",
    ] {
        let keys: Vec<_> = numbered(file, &[])
            .into_iter()
            .map(|(_, o)| {
                let rooms = o["rooms"].as_object().expect("every room's state");
                let mut ids: Vec<&String> = rooms.keys().collect();
                ids.sort_by_key(|id| room(id));
                let left: Vec<_> = ids.iter().map(|id| rank(&rooms[id.as_str()])).collect();
                (
                    o["cost"].as_u64(),
                    room(o["final_room"].as_str().unwrap_or("")),
                    left,
                )
            })
            .collect();
        assert!(keys.len() > 1, "{file}");
        assert!(
            keys.windows(2).all(|w| w[0] < w[1]),
            "{file}: not in the documented order: {keys:?}"
        );
    }
    // The scratch board has two outcomes of 2 minutes: room 2 comes before
    // room aft, and room 10 (the start, 0 minutes) before both.
    let listed: Vec<(String, u64)> = numbered(board.to_str().expect("a UTF-8 path"), &[])
        .into_iter()
        .map(|(_, o)| {
            (
                o["final_room"].as_str().unwrap_or("").to_string(),
                o["cost"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let two: Vec<&str> = listed
        .iter()
        .filter(|(_, c)| *c == 2)
        .map(|(r, _)| r.as_str())
        .collect();
    assert_eq!(two, ["2", "aft"], "{listed:?}");
}

/// `paths` fits the table to `COLUMNS` (or the terminal, or 80 when the
/// output is not a terminal) and breaks lines only between actions.
#[test]
fn tables_fit_the_width_and_keep_actions_whole() {
    let table = |columns: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hatchway"))
            .args(["paths", "boards/long-hull.board", "--color", "never"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("COLUMNS", columns)
            .output()
            .expect("the binary runs");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let is_action = |item: &str| {
        let words: Vec<&str> = item.split(' ').collect();
        matches!(words.as_slice(), ["stay"])
            || matches!(words.as_slice(), ["move", room] if !room.is_empty())
            || matches!(words.as_slice(), ["open", hatch] if hatch.contains('-') && !hatch.ends_with('-'))
    };
    let mut lengths = Vec::new();
    for columns in [40usize, 60, 80, 200] {
        let text = table(&columns.to_string());
        let mut in_actions = false;
        for line in text.lines() {
            let trimmed = line.trim_start();
            let rest = if trimmed.starts_with('#') {
                in_actions = true;
                // `#3    2 min  open 1-2, ...`
                trimmed.split_once(" min  ").map_or("", |(_, rest)| rest)
            } else if trimmed.starts_with("changes ")
                || trimmed.starts_with("room ")
                || trimmed.is_empty()
            {
                in_actions = false;
                continue;
            } else if in_actions {
                trimmed
            } else {
                continue;
            };
            for item in rest.trim_end_matches(',').split(", ") {
                assert!(
                    is_action(item),
                    "COLUMNS={columns}: `{item}` is not a whole action in\n{line}\n{text}"
                );
            }
            if line.chars().count() > columns {
                assert!(
                    !rest.contains(", "),
                    "COLUMNS={columns}: a line of {} columns holds two actions:\n{line}",
                    line.chars().count()
                );
            }
        }
        lengths.push(text.lines().count());
    }
    assert!(lengths.windows(2).all(|w| w[0] >= w[1]), "{lengths:?}");
    assert!(
        lengths[0] > lengths[3],
        "the width is not used: {lengths:?}"
    );
}

/// Built-in rules given with no board play their own board, not the
/// default board (whose sea the old model has no state for).
#[test]
fn rules_given_without_a_board_play_their_own_board() {
    common::Run::new(&["paths", "--rules", "red-november", "--to", "2"])
        .stdout(
            "red-november: start in room 1 (Engine Room), rules red-november, 1 of 10
  outcomes

room 2 (Oxygen Pumps)
  #2    1 min  open 1-2, move 2
",
        )
        .run();
    common::Run::new(&["paths", "--rules", "deep-water", "--max-cost", "1"])
        .stdout(
            "deep-water: start in room mess (Mess Hall), rules deep-water, 2 outcomes

room mess (Mess Hall)
  #1    0 min  stay

room store (Store Room)
  #2    1 min  open mess-store, move store
",
        )
        .run();
}
