//! `hatchway sweep`: its summary against solving every configuration one by
//! one with the general search, its output (snapshot), and its exit codes.

use crate::common;

use common::hatchway;

use hatchway::model::{ItemSet, StateId};
use hatchway::search::Limits;
use hatchway::sweep::{self, COST_BUCKETS, Sweep};

/// The summary of a sweep over rooms 2, 5 and 8 of the standard board is
/// what solving each of its 640 configurations apart gives.
#[test]
fn sweep_matches_solving_each_configuration() {
    let board = common::shipped_board("red-november.board");
    let movement = board.rules.movement(ItemSet::default());
    let rooms: Vec<_> = ["2", "5", "8"]
        .iter()
        .map(|id| common::room(&board, id))
        .collect();
    let states: Vec<StateId> = (0..board.rules.room_states.len())
        .map(|s| StateId(s as u8))
        .collect();
    let plan = Sweep {
        rooms: rooms.clone(),
        states: states.clone(),
        starts: (0..board.rooms.len())
            .map(|r| hatchway::model::RoomId(r as u32))
            .collect(),
        limits: Limits::default(),
    };
    let summary = sweep::run(&board, &movement, &plan, &|_| {});

    let mut solves = 0u64;
    let mut reachable = vec![0u64; board.rooms.len()];
    let mut costs = vec![vec![0u64; COST_BUCKETS]; board.rooms.len()];
    let mut trapped = Vec::new();
    let mut ship = board.clone();
    for &a in &states {
        for &b in &states {
            for &c in &states {
                for (room, state) in rooms.iter().zip([a, b, c]) {
                    ship.rooms[room.index()].state = state;
                }
                for start in &plan.starts {
                    let solution = hatchway::testing::solve_exhaustive(
                        &ship,
                        &movement,
                        *start,
                        &Limits::default(),
                    )
                    .expect("a standard board solves within the budget");
                    solves += 1;
                    let mut best = vec![None; board.rooms.len()];
                    for o in &solution.outcomes {
                        let b: &mut Option<u32> = &mut best[o.room.index()];
                        *b = Some(b.map_or(o.cost.0, |x| x.min(o.cost.0)));
                    }
                    for (r, cost) in best.iter().enumerate() {
                        if let Some(cost) = cost {
                            reachable[r] += 1;
                            costs[r][(*cost as usize).min(COST_BUCKETS - 1)] += 1;
                        }
                    }
                    if best
                        .iter()
                        .enumerate()
                        .all(|(r, c)| r == start.index() || c.is_none())
                    {
                        let named: Vec<(String, String)> = rooms
                            .iter()
                            .map(|r| {
                                let s = ship.rooms[r.index()].state;
                                (
                                    board.room(*r).id.clone(),
                                    board.rules.room_states[usize::from(s.0)].clone(),
                                )
                            })
                            .collect();
                        trapped.push((board.room(*start).id.clone(), named));
                    }
                }
            }
        }
    }
    assert_eq!(summary.solves, solves);
    assert_eq!(summary.over_budget, 0);
    assert_eq!(summary.trapped, trapped.len() as u64);
    assert_eq!(
        summary.trapped_examples.len(),
        sweep::EXAMPLES.min(trapped.len())
    );
    for example in &summary.trapped_examples {
        assert!(
            trapped.contains(&(example.start.clone(), example.rooms.clone())),
            "{example:?} is not a trap"
        );
    }
    for (r, room) in summary.rooms.iter().enumerate() {
        assert_eq!(room.room, board.rooms[r].id);
        assert_eq!(room.reachable, reachable[r], "room {}", room.room);
        assert_eq!(room.cost_counts, costs[r], "room {}", room.room);
    }
}

/// The text summary. Its heading (up to the first blank line) is taken as
/// words, with the time it took and the count of search states (which
/// depends on how the search prunes, not on the answers) taken out, since
/// they change its wrapping; the table and the traps are kept as printed.
#[test]
fn sweep_text_summary() {
    let (out, err, code) = hatchway(&["sweep", "red-november", "--rooms", "2,5,8"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    let (heading, table) = out.split_once("\n\n").expect("a heading");
    let words: Vec<&str> = heading.split_whitespace().collect();
    let mut kept = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let next = words.get(i + 1).copied();
        let after = words.get(i + 2).copied();
        if i > 0 && words[i - 1] == "in" && next == Some("s") {
            kept.push("[time]");
        } else if next == Some("search") && after == Some("states") {
            assert!(word.chars().all(|c| c.is_ascii_digit()), "{heading}");
            kept.push("[n]");
        } else {
            kept.push(word);
        }
    }
    let text = format!("{}\n\n{table}", kept.join(" "));
    common::snapshot_settings()
        .bind(|| insta::assert_snapshot!("sweep@red-november-rooms-2-5-8", text));
}

/// The JSON summary is one document with the same figures.
#[test]
fn sweep_json_summary() {
    let (out, err, code) = hatchway(&[
        "sweep",
        "red-november",
        "--rooms",
        "2,5,8",
        "--states",
        "clear,fire",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    // 2 states over 3 rooms, 10 start rooms.
    assert_eq!(v["solves"], 80);
    assert_eq!(v["over_budget"], 0);
    let rooms = v["rooms"].as_array().expect("rooms");
    assert_eq!(rooms.len(), 10);
    for room in rooms {
        let counts: u64 = room["cost_counts"]
            .as_array()
            .expect("counts")
            .iter()
            .filter_map(serde_json::Value::as_u64)
            .sum();
        assert_eq!(Some(counts), room["reachable"].as_u64(), "{room}");
    }
    // A start room on fire with rooms 2, 5, 8 all on fire is one trap.
    assert!(v["trapped"].as_u64().is_some_and(|t| t > 0), "{out}");
}

/// Wrong rooms or states are invalid input (exit 1), as is a sweep past the
/// limit on solves; a search budget that some configurations run out of
/// gives the summary of the others and exit 3.
#[test]
fn sweep_exit_codes() {
    let (_, err, code) = hatchway(&["sweep", "--rooms", "99"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown room `99` in `--rooms`"), "{err}");
    let (_, err, code) = hatchway(&["sweep", "--states", "nope"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("unknown room state `nope` in `--states`"),
        "{err}"
    );
    let (out, err, code) = hatchway(&["sweep", "--rooms", "2", "--max-states", "3"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("ran out of their search budget"), "{out}");
    let (out, err, code) = hatchway(&["sweep", "--rooms", "2", "--max-memory", "0"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("ran out of their search budget"), "{out}");
    // 5 room states over 11 rooms for 11 start rooms: 537,109,375 solves.
    let (out, err, code) = hatchway(&[
        "sweep",
        "boards/red-november-rulebook.board",
        "--states",
        "clear,low_flood,high_flood,fire,sea",
        "--rooms",
        "1,2,3,4,5,6,7,8,9,10,sea",
    ]);
    assert_eq!(code, 1);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("this sweep is too large"), "{err}");
}

/// Ctrl-C (SIGINT) stops a sweep with the summary of the solves it made,
/// marked partial, and exit 130. The sweep is of the published rules over
/// the standard sub, far too long to end by itself in the test's time.
#[test]
fn ctrl_c_gives_a_partial_summary() {
    let (out, err, status) = interrupted(&[&ENDLESS[..], &["--format", "json"]].concat());
    assert_eq!(status, Some(130), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(v["partial"], true, "{out}");
    let solves = v["solves"].as_u64().expect("solves");
    assert!(solves < 46_137_344, "{solves}");
    // Every solve made is in the figures: each reaches its start room.
    let reached: u64 = v["rooms"]
        .as_array()
        .expect("rooms")
        .iter()
        .filter_map(|r| r["reachable"].as_u64())
        .sum();
    let over = v["over_budget"].as_u64().expect("over_budget");
    assert!(reached >= solves - over, "{reached} < {solves} - {over}");
}

/// A sweep far too long to end by itself in a test's time: the published
/// rules over the standard sub.
pub(crate) const ENDLESS: [&str; 5] = [
    "sweep",
    "--rules",
    "red-november-rulebook",
    "--states",
    "clear,low_flood,high_flood,fire",
];

/// Runs hatchway with `args`, a sweep too long to end by itself, and sends
/// it Ctrl-C's signal (SIGINT) once it catches it and has made some
/// solves; gives its standard output, standard error and exit code.
pub(crate) fn interrupted(args: &[&str]) -> (String, String, Option<i32>) {
    use std::io::Read;
    use std::process::{Command, Stdio};

    let mut child = Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hatchway starts");
    // The signal is sent once the sweep catches it: Linux lists the
    // signals a process catches in its status (`SigCgt`, a mask of bits
    // counted from signal 1).
    let proc_status = format!("/proc/{}/status", child.id());
    let catches_sigint = || {
        std::fs::read_to_string(&proc_status).is_ok_and(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("SigCgt:"))
                .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
                .is_some_and(|mask| mask & (1 << (libc::SIGINT - 1)) != 0)
        })
    };
    let waiting = std::time::Instant::now();
    while !catches_sigint() {
        assert!(
            waiting.elapsed() < std::time::Duration::from_secs(60),
            "the sweep never caught SIGINT"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // Some solves under way: the summary is of those made.
    std::thread::sleep(std::time::Duration::from_millis(200));
    let pid = nix::unistd::Pid::from_raw(i32::try_from(child.id()).expect("a process id"));
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).expect("SIGINT sent");
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("standard output")
        .read_to_string(&mut out)
        .expect("the summary");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("standard error")
        .read_to_string(&mut err)
        .expect("standard error");
    let status = child.wait().expect("hatchway ends");
    (out, err, status.code())
}
