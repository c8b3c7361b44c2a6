//! Hostile inputs against the built binary: each must end quickly with the
//! documented exit code (1: invalid input, 3: search limit) and a clear
//! message on standard error, never a panic or a hang. The large inputs are
//! written at test time into a temporary folder, so that no megabyte file is
//! committed.

use crate::common;

use common::words;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one run may take before the test fails (and the run is killed).
const TIMEOUT: Duration = Duration::from_secs(20);

/// A folder of its own for one test, emptied first.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hatchway-hostile-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temporary folder can be made");
    dir
}

/// What a run ended with.
struct Run {
    code: Option<i32>,
    stderr: String,
    took: Duration,
}

/// Runs the binary with `args`, killing it (and failing) after [`TIMEOUT`].
fn run(args: &[&str]) -> Run {
    run_with(args, Stdio::null())
}

/// Runs the binary with `args` and `stdin` as its standard input.
fn run_with(args: &[&str], stdin: Stdio) -> Run {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(args)
        .arg("--color=never")
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // Read standard error on a thread, so that a long message cannot fill
    // the pipe and stall the child while we wait for it.
    let mut stderr = child.stderr.take().expect("standard error is piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited on") {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "`hatchway {}` did not end within {TIMEOUT:?}",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: status.code(),
        stderr: reader.join().unwrap_or_default(),
        took: started.elapsed(),
    }
}

/// Runs and checks the exit code, that nothing panicked, and that standard
/// error says `message`.
fn expect(args: &[&str], code: i32, message: &str) {
    let r = run(args);
    assert!(
        !r.stderr.contains("panicked"),
        "`hatchway {}` panicked:\n{}",
        args.join(" "),
        r.stderr
    );
    assert_eq!(
        r.code,
        Some(code),
        "`hatchway {}` exit code (after {:?}); stderr:\n{}",
        args.join(" "),
        r.took,
        r.stderr
    );
    assert!(
        r.stderr.contains(message),
        "`hatchway {}`: stderr does not say `{message}`:\n{}",
        args.join(" "),
        r.stderr
    );
}

fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("the temporary file can be written");
    path.to_string_lossy().into_owned()
}

/// A board of `n` rooms in a row, each joined to the next.
fn chain_board(n: usize) -> String {
    let mut text = String::from("board long\n");
    for i in 1..=n {
        let _ = writeln!(text, "room {i}");
    }
    for i in 1..n {
        let _ = writeln!(text, "hatch {i}-{}", i + 1);
    }
    text.push_str("start 1\n");
    text
}

#[test]
fn nested_brackets() {
    let dir = temp_dir("nested");
    let nested = "[".repeat(1_000_000);
    for name in ["nested.board", "nested.json", "nested.yaml"] {
        let file = write(&dir, name, &nested);
        expect(&["check", &file], 1, "×");
        expect(&["paths", &file], 1, "×");
    }
    let braces = "{\"rooms\": ".repeat(100_000);
    let file = write(&dir, "braces.json", &braces);
    expect(&["paths", &file], 1, "×");
    let file = write(&dir, "dashes.yaml", "- ".repeat(400_000));
    expect(&["paths", &file], 1, "×");
    // Found by this test: the YAML scanner is quadratic in the nesting of
    // flow mappings, so that this took minutes before depth was limited.
    let file = write(&dir, "maps.yaml", "{a: ".repeat(250_000));
    expect(&["paths", &file], 1, "nested more than 128 levels");
    let file = write(
        &dir,
        "lists.yaml",
        format!("rooms: {}", "[".repeat(999_000)),
    );
    expect(&["check", &file], 1, "nested more than 128 levels");
}

#[test]
fn ten_thousand_rooms() {
    let dir = temp_dir("rooms10k");
    let text = chain_board(10_000);
    let file = write(&dir, "rooms.board", &text);
    expect(&["paths", &file], 1, "at most 1024 rooms");
    // Under the limit, a long chain still solves quickly.
    let file = write(&dir, "rooms1024.board", chain_board(1024));
    let r = run(&["paths", &file]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

#[test]
fn fifty_thousand_rooms() {
    let dir = temp_dir("rooms50k");
    let mut text = String::from("board wide\n");
    for i in 1..=50_000 {
        let _ = writeln!(text, "room {i}");
    }
    text.push_str("start 1\n");
    assert!(text.len() < 1 << 20);
    let file = write(&dir, "rooms.board", &text);
    expect(&["check", &file], 1, "at most 1024 rooms");
    // The same as a document.
    let mut json = String::from("{\"rooms\": [");
    for i in 1..=50_000 {
        let _ = write!(json, "{}{{\"id\": {i}}}", if i > 1 { "," } else { "" });
    }
    json.push_str("], \"hatches\": [], \"start\": 1}");
    let file = write(&dir, "rooms.json", &json);
    expect(&["paths", &file], 1, "1024 rooms");
}

#[test]
fn thirty_digit_ids_and_costs() {
    let dir = temp_dir("digits");
    let big = "123456789012345678901234567890";
    let rules = format!(
        "rules big\nroom states: clear\nhatch states: closed, open\n\
         open closed: cost {big}, becomes open\nwalk through: open\nenter clear: cost {big}\n"
    );
    write(&dir, "big.rules", &rules);
    let file = write(
        &dir,
        "big.board",
        format!("board b\nrules \"big.rules\"\nroom {big}\nroom 1\nhatch 1-{big}\nstart {big}\n"),
    );
    expect(&["paths", &file], 1, "cost");
    // A 30-digit room id is a valid id; a 30-digit `--max-cost` is not a number
    // the command line takes (exit 2).
    let file = write(
        &dir,
        "ids.board",
        format!("board b\nroom {big}\nroom 1\nhatch 1-{big}\nstart {big}\n"),
    );
    let r = run(&["paths", &file]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    expect(&["paths", &file, "--max-cost", big], 2, "error");
    expect(
        &["paths", &file, "--to", &format!("{big}0")],
        1,
        "unknown room",
    );
    let plan = format!("open 1-{big}, move 1, move {big}0");
    expect(&["replay", &file, "--path", &plan], 1, "×");
}

#[test]
fn not_text() {
    let dir = temp_dir("bytes");
    let file = write(
        &dir,
        "utf8.board",
        b"board b\nroom 1 \"\xff\xfe\"\nstart 1\n",
    );
    expect(&["check", &file], 1, "not valid UTF-8");
    let file = write(&dir, "utf8.json", b"{\"rooms\": [{\"id\": \"\xc3\"}]}");
    expect(&["paths", &file], 1, "not valid UTF-8");
    let file = write(&dir, "nul.board", b"board b\nroom 1\0\nstart 1\n");
    expect(&["check", &file], 1, "NUL byte");
    let file = write(&dir, "nul.yaml", b"rooms:\n  - {id: 1\0}\nstart: 1\n");
    expect(&["paths", &file], 1, "×");
    let file = write(&dir, "plan.txt", b"open 1-2,\xff move 2");
    expect(&["replay", "--path-file", &file], 1, "not valid UTF-8");
}

#[test]
fn over_one_mebibyte() {
    let dir = temp_dir("large");
    let mut text = chain_board(10);
    text.push_str(&"# padding\n".repeat(110_000));
    assert!(text.len() > 1 << 20);
    let file = write(&dir, "large.board", &text);
    expect(&["check", &file], 1, "too large");
    let file = write(&dir, "large.json", " ".repeat((1 << 20) + 1));
    expect(&["paths", &file], 1, "too large");
    let file = write(&dir, "plan.txt", "move 1\n".repeat(200_000));
    expect(&["replay", "--path-file", &file], 1, "too large");
}

#[test]
fn twenty_thousand_step_plan() {
    let dir = temp_dir("plan");
    let plan = "open 1-2, move 2, move 1\n".repeat(7_000);
    let file = write(&dir, "plan.txt", &plan);
    expect(&["replay", "--path-file", &file], 1, "the plan is too long");
}

#[test]
fn search_explodes() {
    let dir = temp_dir("explodes");
    // A 5 by 6 grid of closed hatches, with high water in several rooms:
    // every hatch opened may move water, so the states multiply.
    let (w, h) = (5, 6);
    let mut text = String::from("board grid\nrules red-november\n");
    for i in 1..=w * h {
        let state = if [3, 8, 14, 17, 22, 27].contains(&i) {
            "high_flood"
        } else {
            "clear"
        };
        let _ = writeln!(text, "room {i}: {state}");
    }
    for r in 0..h {
        for c in 0..w {
            let i = r * w + c + 1;
            if c + 1 < w {
                let _ = writeln!(text, "hatch {i}-{}", i + 1);
            }
            if r + 1 < h {
                let _ = writeln!(text, "hatch {i}-{}", i + w);
            }
        }
    }
    text.push_str("start 1\n");
    let file = write(&dir, "grid.board", &text);
    expect(
        &["paths", &file, "--max-states", "100000"],
        3,
        "the search stopped",
    );
    expect(
        &["replay", &file, "--max-states", "100000"],
        3,
        "the search stopped",
    );
    // `paths` lists what it settled and says up to which cost.
    let r = run(&["paths", &file, "--max-states", "100000"]);
    assert!(
        words(&r.stderr).contains("is listed; more may exist above"),
        "{}",
        r.stderr
    );
    // The help of the others names the cost up to which every outcome was
    // settled, and asking only for those fits in the same budget.
    let r = run(&["replay", &file, "--max-states", "100000"]);
    let words: Vec<&str> = r.stderr.split_whitespace().collect();
    let settled = words
        .windows(2)
        .find(|w| w[0] == "`--max-cost")
        .map(|w| w[1].trim_end_matches('`'))
        .unwrap_or_else(|| panic!("no --max-cost in the help: {}", r.stderr));
    assert!(
        r.stderr.contains(&format!("up to cost {settled}")),
        "{}",
        r.stderr
    );
    expect(
        &[
            "paths",
            &file,
            "--max-states",
            "100000",
            "--max-cost",
            settled,
        ],
        0,
        "",
    );
    // The memory budget stops the same search sooner, and says so.
    for command in ["paths", "replay"] {
        expect(&[command, &file, "--max-memory", "4"], 3, "memory budget");
    }
    expect(&["paths", &file, "--max-memory", "0"], 3, "memory budget");
    expect(
        &["paths", &file, "--max-memory", "lots"],
        2,
        "invalid value",
    );
}

/// On a dry ship (the first pathfinder's board, all clear) the budget counts rooms
/// reached, and the message says how far the listing is complete: the
/// outcomes it had made final are still listed.
#[test]
fn dry_search_budget() {
    let r = run(&["paths", "red-november", "--max-states", "3"]);
    assert_eq!(r.code, Some(3), "{}", r.stderr);
    assert!(
        words(&r.stderr).contains(
            "stopped at its limit of 3 states: every outcome costing at most 0 minutes is listed; more may exist above"
        ),
        "{}",
        r.stderr
    );
    let r = run(&["paths", "red-november", "--max-states", "10"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    // Stopped among the states of cost 0 (open hatches into a clear room):
    // nothing was settled, and the message does not pretend otherwise.
    let r = run(&["paths", "boards/open-mini.board", "--max-states", "1"]);
    assert_eq!(r.code, Some(3), "{}", r.stderr);
    let said = words(&r.stderr);
    assert!(
        said.contains("before it had settled every outcome of cost 0")
            && !said.contains("--max-cost"),
        "{}",
        r.stderr
    );
}

#[test]
fn batch_input() {
    let dir = temp_dir("batch");
    // Found by this test: a folder as standard input made `--batch` report
    // the same read error once a line, forever.
    let folder = std::fs::File::open(&dir).expect("the folder opens");
    let r = run_with(&["paths", "--batch"], Stdio::from(folder));
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    // A line of 3 MB is refused as too large without being kept whole; the
    // lines around it are still answered.
    let board = "{\"rooms\": [{\"id\": 1}], \"start\": 1}\n";
    let file = write(
        &dir,
        "lines.jsonl",
        format!("{board}{}\n{board}", "a".repeat(3_000_000)),
    );
    let input = std::fs::File::open(&file).expect("the lines open");
    let r = run_with(&["paths", "--batch"], Stdio::from(input));
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
}

/// A limit of N stores at most N states and says N, in each of the three
/// searches (the dry one of the built-in board, the small one, the general
/// one of a 64-room board); 0 stores nothing, so every search stops at
/// once, and a limit as large as the search needs answers.
#[test]
fn state_limits_say_what_they_store() {
    let dir = temp_dir("limits");
    // Water in a 70-room chain: too many rooms for the small search.
    let wet = chain_board(70).replace("room 2\n", "room 2: high_flood\n");
    let wide = write(&dir, "wide.board", &wet);
    for board in [
        "boards/red-november.board",
        "boards/mini-flood.board",
        &wide,
    ] {
        for n in [0usize, 1, 2, 3] {
            let limit = n.to_string();
            let r = run(&["paths", board, "--max-states", &limit]);
            if r.code == Some(0) {
                assert!(n > 0, "{board}: a limit of 0 answered");
                continue;
            }
            assert_eq!(r.code, Some(3), "{board} --max-states {n}: {}", r.stderr);
            let plural = if n == 1 { "state" } else { "states" };
            assert!(
                words(&r.stderr).contains(&format!("stopped at its limit of {n} {plural}")),
                "{board} --max-states {n}: {}",
                r.stderr
            );
        }
        // 0 MiB holds no state either.
        let r = run(&["paths", board, "--max-memory", "0"]);
        assert_eq!(r.code, Some(3), "{board} --max-memory 0: {}", r.stderr);
        assert!(
            words(&r.stderr)
                .contains("stopped after 0 states, as many as fit in its memory budget"),
            "{board}: {}",
            r.stderr
        );
    }
    // The count a solve reports is within its limit: find the states the
    // general search stores, then give it exactly that many, and one fewer.
    let board = common::board(&wet);
    let movement = board.rules.movement(hatchway::model::ItemSet::default());
    let solved = hatchway::search::solve(
        &board,
        &movement,
        board.start,
        &hatchway::search::Limits::default(),
    )
    .expect("the chain is solved");
    let needed = solved.states.to_string();
    expect(&["paths", &wide, "--max-states", &needed], 0, "");
    let fewer = (solved.states - 1).to_string();
    let r = run(&["paths", &wide, "--max-states", &fewer]);
    assert_eq!(r.code, Some(3), "{}", r.stderr);
    assert!(
        words(&r.stderr).contains(&format!("stopped at its limit of {fewer} states")),
        "{}",
        r.stderr
    );
}

/// Runs and checks that the command fails with a short diagnostic: a window
/// of the long line with an ellipsis, never the line itself.
fn expect_window(args: &[&str], message: &str) {
    expect(args, 1, message);
    let r = run(args);
    assert!(
        r.stderr.len() < 4_000,
        "`hatchway {}` printed {} bytes:\n{}",
        args.join(" "),
        r.stderr.len(),
        &r.stderr[..r.stderr.len().min(2_000)]
    );
    assert!(r.stderr.contains('…'), "no window:\n{}", r.stderr);
    for line in r.stderr.lines() {
        assert!(line.chars().count() <= 200, "a long line:\n{}", r.stderr);
    }
}

/// One line of 10,000 steps ending in a step that cannot be read, and a
/// one-line JSON board with a name of 110,000 characters and a start that
/// names no room: each error shows a window of the line, with the right
/// line and column, for every command that reads such input.
#[test]
fn one_long_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let plan = root.join("plan-one-long-line.plan");
    let plan = plan.to_string_lossy();
    expect_window(
        &["replay", "--path-file", &plan],
        "plan-one-long-line.plan:1:100001]",
    );
    let steps = std::fs::read_to_string(&*plan).expect("the plan is readable");
    for command in ["replay", "dot"] {
        expect_window(&[command, "--path", &steps], "[--path:1:100001]");
    }
    let board = root.join("board-long-name.json");
    let board = board.to_string_lossy();
    for command in ["check", "paths", "replay", "dot", "draw"] {
        expect_window(&[command, &board], "unknown room `nowhere`");
    }
    expect_window(
        &["export", "--format", "yaml", &board],
        "unknown room `nowhere`",
    );
    // Errors on the line after a long one show that line whole.
    let dir = temp_dir("long-line");
    let text = format!("# {}\nboard b\nroom 1\nstart 2\n", "x".repeat(200_000));
    let file = write(&dir, "after.board", &text);
    let r = run(&["check", &file]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.len() < 4_000, "{} bytes", r.stderr.len());
    assert!(r.stderr.contains("after.board:4:7"), "{}", r.stderr);
    assert!(r.stderr.contains("start 2"), "{}", r.stderr);
}
