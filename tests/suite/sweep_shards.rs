//! `hatchway sweep --shard K/N` and `--merge`: shards swept by separate
//! processes merge into the whole sweep's summary byte for byte; the
//! library's merge of N shards is the whole sweep for several N, on the
//! standard board and on random ones; and every refusal of `--merge`
//! (snapshots of the whole output).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;

use crate::common::{self, Run};

use hatchway::model::{ItemSet, RoomId};
use hatchway::search::Limits;
use hatchway::sweep::{self, Shard, Sweep, Swept};

/// The sweep the command-line tests cut: small enough for a few
/// milliseconds, large enough that every one of four shards is dealt
/// classes of its own (a smaller one is split whole in the top that every
/// shard splits, and shard 1 counts it all).
const SWEEP: [&str; 4] = ["sweep", "red-november", "--rooms", "2,3,5,7,8"];

/// A folder of its own for one test's files, emptied.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hatchway-shards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Sweeps `args` with `--shard K/N` for every K, each by a process of its
/// own and all at once, as the machines of a cluster would, writing
/// `{prefix}-K.json` in `dir`; the files' names.
fn shards(dir: &Path, args: &[&str], count: u32, prefix: &str) -> Vec<String> {
    let children: Vec<_> = (1..=count)
        .map(|k| {
            let file = format!("{prefix}-{k}.json");
            let child = Command::new(env!("CARGO_BIN_EXE_hatchway"))
                .args(args)
                .args(["--shard", &format!("{k}/{count}"), "-o", &file])
                .current_dir(dir)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("hatchway starts");
            (file, child)
        })
        .collect();
    children
        .into_iter()
        .map(|(file, child)| {
            let out = child.wait_with_output().expect("hatchway ends");
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{file}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                stdout.starts_with(&format!("written to {file}: shard ")),
                "{stdout}"
            );
            file
        })
        .collect()
}

/// `sweep --merge FILES` with `more` options, run in `dir`.
fn merge(dir: &Path, files: &[String], more: &[&str]) -> Run {
    let mut run = Run::new(&["sweep", "--merge"]).current_dir(dir);
    for file in files {
        run = run.arg(file);
    }
    for arg in more {
        run = run.arg(arg);
    }
    run
}

/// Four shards, each swept by a process of its own (the fourth writing to
/// standard output), merge into exactly the whole sweep's summary: its
/// JSON byte for byte, and its text but for the time it took (the
/// shards' times added up).
#[test]
fn four_shards_swept_apart_merge_into_the_whole_sweep() {
    let dir = scratch("four");
    // Each written with `-o` (`--format json` is a shard's format too),
    // then the fourth again to standard output, which the merge takes.
    let mut files = shards(
        &dir,
        &[&SWEEP[..], &["--format", "json"]].concat(),
        4,
        "shard",
    );
    let fourth = Run::new(&[&SWEEP[..], &["--shard", "4/4"]].concat()).output();
    assert_eq!((fourth.status, fourth.stderr.as_str()), (0, ""));
    std::fs::write(dir.join("stdout-4.json"), &fourth.stdout).expect("a shard written");
    files[3] = "stdout-4.json".to_string();
    let document: serde_json::Value =
        serde_json::from_str(&fourth.stdout).expect("a shard's summary is JSON");
    assert_eq!(document["shard"], "4/4");
    assert_eq!(document["partial"], false);
    assert!(
        document["solves"].as_u64().is_some_and(|n| n > 0),
        "shard 4 was dealt nothing: the test would not cut the sweep"
    );

    let whole = Run::new(&[&SWEEP[..], &["--format", "json"]].concat()).output();
    let merged = merge(&dir, &files, &["--format", "json"]).output();
    assert_eq!((whole.status, whole.stderr.as_str()), (0, ""));
    assert_eq!(merged, whole, "the merged JSON is not the whole sweep's");

    let whole = Run::new(&SWEEP).seconds().output();
    let merged = merge(&dir, &files, &[]).seconds().output();
    assert_eq!(merged, whole, "the merged text is not the whole sweep's");

    // `-o` writes the merged summary whole, and says so.
    let out = merge(&dir, &files, &["--format", "json", "-o", "merged.json"]).output();
    assert_eq!(
        out.stdout,
        "written to merged.json: the summary of 10240 solves\n"
    );
    let written = std::fs::read_to_string(dir.join("merged.json")).expect("written");
    let whole = Run::new(&[&SWEEP[..], &["--format", "json"]].concat()).output();
    assert_eq!(written, whole.stdout);
}

/// A sweep as the library takes it: `rooms` of `board` over every state
/// some rule changes, from every room (or `from` alone).
fn plan(board: &hatchway::model::Board, rooms: &[&str], from: Option<&str>) -> Sweep {
    Sweep {
        rooms: rooms.iter().map(|id| common::room(board, id)).collect(),
        states: sweep::default_states(&board.rules),
        starts: match from {
            Some(id) => vec![common::room(board, id)],
            None => (0..board.rooms.len() as u32).map(RoomId).collect(),
        },
        limits: Limits::default(),
    }
}

/// For 1, 2, 3 and 7 shards, the merge of every shard is the whole sweep,
/// every field of its summary: on the standard board (with every start
/// and from one room, with a budget some searches run out of), where more
/// than one shard is dealt classes of its own, so the cut is at work; and
/// on random boards of the published rules, some of whose trees are split
/// whole in the top every shard splits (shard 1 then counts them).
#[test]
fn the_merge_of_n_shards_is_the_whole_sweep() {
    let standard = common::shipped_board("red-november.board");
    let varying = ["2", "3", "5", "7", "8"];
    let mut tight = plan(&standard, &varying, None);
    tight.limits.max_states = 40;
    let mut cases = vec![
        (standard.clone(), plan(&standard, &varying, None), true),
        (
            standard.clone(),
            plan(&standard, &["1", "2", "3", "4", "6", "7"], Some("5")),
            true,
        ),
        (standard.clone(), tight, true),
    ];
    for seed in 1..=3 {
        let text = hatchway::generate::random_rulebook_board(9, seed);
        let board = common::board(&text);
        let ids: Vec<String> = board.rooms.iter().take(5).map(|r| r.id.clone()).collect();
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        let sweep = plan(&board, &ids, None);
        cases.push((board, sweep, false));
    }
    let stop = AtomicBool::new(false);
    for (case, (board, plan, cut)) in cases.iter().enumerate() {
        let movement = board.rules.movement(ItemSet::default());
        let whole = sweep::run(board, &movement, plan, &|_| {});
        for count in [1, 2, 3, 7] {
            let parts: Vec<_> = (1..=count)
                .map(|k| {
                    let shard = Shard::new(k, count).expect("a shard");
                    sweep::run_shard(board, &movement, plan, shard, &|_| {}, &|_| {}, &stop)
                })
                .collect();
            let named: Vec<(&str, &sweep::ShardSummary)> =
                parts.iter().map(|p| ("shard", p)).collect();
            let merged =
                sweep::merge(&named).unwrap_or_else(|e| panic!("case {case}, {count} shards: {e}"));
            assert_eq!(merged.summary, whole, "case {case}, {count} shards");
            assert_eq!(merged.swept, Swept::new(board, &movement, plan));
            let dealt = parts.iter().filter(|p| p.solves > 0).count();
            assert!(
                !cut || count == 1 || dealt == count as usize,
                "case {case}, {count} shards: only {dealt} made solves"
            );
        }
        if case == 2 {
            assert!(whole.over_budget > 0, "no search ran out of its budget");
        }
    }
}

/// Missing shards, a shard given twice, shards of another sweep (other
/// rooms, other rules), shard counts that disagree, and a shard Ctrl-C
/// stopped are refused (exit 1), by file name.
#[test]
fn merging_refuses_what_is_not_one_whole_sweep() {
    let dir = scratch("refusals");
    let files = shards(&dir, &SWEEP, 4, "shard");
    let pick = |ks: &[usize]| -> Vec<String> { ks.iter().map(|&k| files[k - 1].clone()).collect() };
    let out = merge(&dir, &pick(&[1, 2, 4]), &[]).snapshot("sweep-merge@missing-shard");
    assert_eq!(out.status, 1);
    let out = merge(&dir, &pick(&[4]), &[]).snapshot("sweep-merge@missing-shards");
    assert_eq!(out.status, 1);

    std::fs::copy(dir.join(&files[1]), dir.join("again.json")).expect("a copy");
    let mut doubled = files.clone();
    doubled.insert(2, "again.json".to_string());
    let out = merge(&dir, &doubled, &[]).snapshot("sweep-merge@doubled-shard");
    assert_eq!(out.status, 1);

    let other_rooms = shards(
        &dir,
        &["sweep", "red-november", "--rooms", "2,5"],
        4,
        "rooms",
    );
    let mut foreign = files.clone();
    foreign[2] = other_rooms[2].clone();
    let out = merge(&dir, &foreign, &[]).snapshot("sweep-merge@foreign-rooms");
    assert_eq!(out.status, 1);

    let rules = [&SWEEP[..], &["--rules", "red-november-rulebook"]].concat();
    let other_rules = shards(&dir, &rules, 4, "rules");
    foreign[2] = other_rules[2].clone();
    let out = merge(&dir, &foreign, &[]).snapshot("sweep-merge@foreign-rules");
    assert_eq!(out.status, 1);

    let thirds = shards(&dir, &SWEEP, 3, "third");
    let counts = vec![files[0].clone(), thirds[1].clone()];
    let out = merge(&dir, &counts, &[]).snapshot("sweep-merge@shard-counts-disagree");
    assert_eq!(out.status, 1);

    // A shard Ctrl-C stopped says so in its summary (as a real one does,
    // `ctrl_c_stops_a_shard_as_partial`).
    let stopped = std::fs::read_to_string(dir.join(&files[2]))
        .expect("a shard")
        .replace("\"partial\": false", "\"partial\": true");
    std::fs::write(dir.join("stopped.json"), stopped).expect("written");
    let mut partial = files.clone();
    partial[2] = "stopped.json".to_string();
    let out = merge(&dir, &partial, &[]).snapshot("sweep-merge@partial-shard");
    assert_eq!(out.status, 1);
}

/// A file that is not a shard's summary is refused with a diagnostic at
/// its place, each file of one merge in turn: a whole sweep's summary, a
/// board, a shard's summary on one long line with a count that is not a
/// number (shown in a window of the line), a file that cannot be read.
#[test]
fn merging_refuses_a_file_that_is_not_a_shards_summary() {
    let dir = scratch("not-a-summary");
    let files = shards(&dir, &SWEEP, 2, "shard");
    let whole = Run::new(&[&SWEEP[..], &["--format", "json"]].concat()).output();
    std::fs::write(dir.join("whole.json"), whole.stdout).expect("written");
    std::fs::copy(
        common::board_path("mini-flood.board"),
        dir.join("mini-flood.board"),
    )
    .expect("a board");
    let text = std::fs::read_to_string(dir.join(&files[1])).expect("a shard");
    let mut document: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    document["searches"] = "many".into();
    // The window of the line shows the time beside it: one that stays.
    document["seconds"] = 1.5.into();
    std::fs::write(dir.join("one-line.json"), document.to_string()).expect("written");
    let given: Vec<String> = [
        &files[0],
        "whole.json",
        "mini-flood.board",
        "one-line.json",
        "gone.json",
    ]
    .iter()
    .map(|f| (*f).to_string())
    .collect();
    let out = merge(&dir, &given, &[]).snapshot("sweep-merge@not-a-summary");
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.lines().all(|l| l.chars().count() < 100),
        "a whole long line shown:\n{}",
        out.stderr
    );
}

/// Options `--merge` cannot honour are refused by name (exit 2): the
/// sweep's own (`--rooms`, a board) by the command line, the turn
/// (`--rules`) with why; and `--shard` takes K/N with K from 1.
#[test]
fn options_a_merge_or_a_shard_cannot_honour_are_refused() {
    let cases: [(&str, &[&str]); 5] = [
        (
            "merge-rooms",
            &["sweep", "--merge", "a.json", "--rooms", "2"],
        ),
        (
            "merge-board",
            &["sweep", "red-november", "--merge", "a.json"],
        ),
        (
            "merge-rules",
            &["sweep", "--merge", "a.json", "--rules", "red-november"],
        ),
        ("shard-zero", &["sweep", "--shard", "0/4"]),
        (
            "shard-text",
            &["sweep", "--shard", "1/4", "--format", "text"],
        ),
    ];
    for (name, args) in cases {
        let out = Run::new(args).snapshot(&format!("sweep-merge@refused-{name}"));
        assert_eq!(out.status, 2, "{args:?}");
    }
}

/// Ctrl-C stops a shard as it stops a sweep: its summary is written,
/// marked partial, with exit 130, and `--merge` refuses it.
#[test]
fn ctrl_c_stops_a_shard_as_partial() {
    let dir = scratch("ctrl-c");
    let args = [&super::sweep::ENDLESS[..], &["--shard", "2/3"]].concat();
    let (out, err, status) = super::sweep::interrupted(&args);
    assert_eq!(status, Some(130), "{err}");
    let document: serde_json::Value = serde_json::from_str(&out).expect("a shard's summary");
    assert_eq!(document["partial"], true, "{out}");
    std::fs::write(dir.join("stopped.json"), &out).expect("written");
    let refused = merge(&dir, &["stopped.json".to_string()], &[]).output();
    assert_eq!(refused.status, 1);
    assert!(
        common::words(&refused.stderr).contains("`stopped.json` (shard 2/3) was stopped by Ctrl-C"),
        "{}",
        refused.stderr
    );
}

/// A shard's summary reads back as it was written.
#[test]
fn a_shards_summary_reads_back_as_written() {
    let board = common::shipped_board("red-november.board");
    let movement = board.rules.movement(ItemSet::default());
    let sweep = plan(&board, &["2", "5", "8"], None);
    let shard = Shard::new(2, 4).expect("a shard");
    let stop = AtomicBool::new(false);
    let part = sweep::run_shard(&board, &movement, &sweep, shard, &|_| {}, &|_| {}, &stop);
    let text = serde_json::to_string_pretty(&part).expect("JSON");
    let read = sweep::read_shard(&text).expect("read back");
    assert_eq!(
        serde_json::to_value(&read).ok(),
        serde_json::to_value(&part).ok()
    );
}
