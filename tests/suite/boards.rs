//! Every shipped board, pinned: its full replay log (plain text) and its
//! `paths --format yaml` document. Adding a file to `boards/` adds its
//! snapshots with no code change; a changed cost or path fails the test.

use crate::common;

use common::hatchway;

use std::path::Path;

fn is_board(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("board" | "yaml" | "yml" | "json")
    )
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
            insta::assert_snapshot!("replay", log);
            let (yaml, err, code) = hatchway(&["paths", file, "--format", "yaml"]);
            assert_eq!(code, 0, "paths {name} failed: {err}");
            insta::assert_snapshot!("paths", yaml);
        });
    });
}

#[test]
fn the_builtin_board_replays_ten_outcomes() {
    let (log, _, code) = hatchway(&["replay", "--color", "never"]);
    assert_eq!(code, 0);
    assert_eq!(log.matches("\noutcome ").count(), 10);
    assert!(log.contains("outcome 10 of 10: ends in room 10 (Captain's Cabin), 4 min"));
}

#[test]
fn worked_examples_show_the_water_flowing() {
    let (log, _, code) = hatchway(&["replay", "boards/mini-flood.board", "--color", "never"]);
    assert_eq!(code, 0);
    assert!(log.contains("flow: room 2 high_flood -> low_flood"));
    assert!(log.contains("flow: room 1 clear -> low_flood"));
    assert!(log.contains("flow: room 3 fire -> low_flood"));
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
    let (log, err, code) = hatchway(&["replay", "--outcome", "2", "--draw", "--color", "never"]);
    assert_eq!(code, 0, "{err}");
    // The start and two steps: three pictures.
    assert_eq!(
        log.matches("hatches between boxes that do not touch")
            .count(),
        3
    );
    common::snapshot_settings()
        .bind(|| insta::assert_snapshot!("replay-draw@red-november-outcome-2", log));
}
