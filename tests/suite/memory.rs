//! The memory budget is a promise: the whole process's peak resident memory
//! stays within `--max-memory` plus the allowance docs/COMMANDS.md states,
//! whatever the command and whatever the board, measured by the operating
//! system on the real binary: on boards whose search cannot finish within
//! the budget (a random 200-room board under the published rules, hard
//! grids, an 18-room checkerboard in the small search's word) and on
//! chains whose answer is larger than their search.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hatchway::generate::{
    BoardSpec, Topology, board_text, checkerboard_board, random_rulebook_board,
};

/// What the process may take beyond `--max-memory` (docs/COMMANDS.md,
/// "Limits"): the program, the board, its answer, the allocator's own
/// memory.
const ALLOWANCE_MIB: u64 = 64;

/// A folder of this test's own.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hatchway-memory-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temporary folder can be made");
    dir
}

/// The variable that makes [`peak_of_one_run`] the helper that runs
/// hatchway: its value is the arguments, separated by newlines.
const HELPER: &str = "HATCHWAY_MEMORY_HELPER";

/// Runs `hatchway ARGS...`, and gives its exit code, its peak resident
/// memory in KiB, and its time.
///
/// The peak is measured by a helper process, this test binary started
/// again to run [`peak_of_one_run`] alone: Linux counts in a child's peak
/// the memory of the process it was started from (the memory the child
/// had before its `exec`), and this process, running other tests beside
/// this one, can be large (it made a 256 MiB run look like 975 MiB).
fn peak(args: &[&str]) -> (Option<i32>, u64, Duration) {
    let started = Instant::now();
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "memory::peak_of_one_run",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(HELPER, args.join("\n"))
        .stderr(Stdio::null())
        .output()
        .expect("the helper runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let said = text
        .lines()
        .find_map(|l| l.split_once("hatchway-peak ").map(|(_, said)| said))
        .unwrap_or_else(|| panic!("the helper said no peak:\n{text}"));
    let mut words = said.split(' ');
    let kib = words.next().and_then(|w| w.parse().ok()).expect("a peak");
    let code = words.next().and_then(|w| w.parse().ok());
    (code, kib, started.elapsed())
}

/// The helper of [`peak`]: with [`HELPER`] set, runs hatchway with its
/// arguments and prints its peak resident memory in KiB and its exit code;
/// without it, nothing.
#[test]
#[allow(clippy::zombie_processes)] // waited for by wait4, which clippy does not see
fn peak_of_one_run() {
    let Ok(args) = std::env::var(HELPER) else {
        return;
    };
    let child = Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(args.split('\n'))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("hatchway starts");
    let pid = libc::pid_t::try_from(child.id()).expect("a process id");
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // The child's own peak, which `std::process::Child::wait` does not
    // give: getrusage's figure for all children would also count those
    // of other tests.
    // SAFETY: `pid` is our child, not yet waited for; `status` and `usage`
    // are valid for writes for the length of the call.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4 failed");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status).to_string()
    } else {
        "none".to_string()
    };
    // `ru_maxrss` is in KiB on Linux.
    println!("\nhatchway-peak {} {code}", usage.ru_maxrss);
}

/// A chain of `rooms` rooms under the published rules, high water in
/// every other room: tens of thousands of outcomes of hundreds of actions,
/// an answer larger than its search.
fn chain(rooms: usize) -> String {
    let mut text = format!("board chain-{rooms}\nrules red-november-rulebook\n");
    for i in 1..=rooms {
        let water = if i % 2 == 0 { ": high_flood" } else { "" };
        text += &format!("room {i}{water}\n");
    }
    for i in 1..rooms {
        text += &format!("hatch {i}-{}\n", i + 1);
    }
    text + "start 1\n"
}

/// The boards, all under the published rules: a random 200-room board
/// (about 280 hatches, the start in any state, fire too) and a 12 by 12
/// grid with high water (the general search), an 18-room checkerboard (a
/// state in one machine word: the small search, with its passes), and
/// chains of 400 and 1,024 rooms, whose answers outgrow their searches.
fn boards(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out = vec![
        ("random-200-1".to_string(), random_rulebook_board(200, 1)),
        ("checkerboard-18".to_string(), checkerboard_board(18)),
        ("chain-400".to_string(), chain(400)),
        ("chain-1024".to_string(), chain(1024)),
    ];
    let rulebook = hatchway::load::builtin_rules("red-november-rulebook").expect("built in");
    let spec = BoardSpec {
        high_water: 6,
        start: Some(1),
        ..BoardSpec::standard(Topology::Grid { rooms: 144 }, &rulebook, 2026)
    };
    out.push(("grid-144".to_string(), board_text(&spec)));
    out.into_iter()
        .map(|(name, text)| {
            let path = dir.join(format!("{name}.board"));
            std::fs::write(&path, text).expect("the board is written");
            (name, path)
        })
        .collect()
}

/// The commands that search, each with what it asks of the board (the
/// board goes after the command's name) and whether it takes
/// `--max-memory` (`draw` and `dot` search within the defaults).
const COMMANDS: [(&str, &[&str], bool); 9] = [
    ("paths", &[], true),
    ("paths", &["--format", "json"], true),
    ("plan", &[], true),
    ("report", &["--output", "/dev/null"], true),
    ("replay", &[], true),
    ("replay", &["--outcome", "2"], true),
    ("diff", &["--item", "aqualung"], true),
    ("draw", &["--outcome", "2"], false),
    ("dot", &["--outcome", "2"], false),
];

/// Every command that searches, on boards of both full searches, at 256
/// MiB and at the default 1024: the process's peak stays within the
/// budget and its allowance, and every run ends with an answer or a stop
/// (exit 0 or 3), never by a signal.
#[test]
fn peak_memory_stays_within_the_budget() {
    let dir = temp_dir("peak");
    let boards = boards(&dir);
    let mut report = Vec::new();
    for (name, path) in &boards {
        let board = path.to_str().expect("a board path in UTF-8");
        for (command, asked, budgeted) in COMMANDS {
            // The default budget is measured for the listing on each
            // board, and for the commands that take no other on the two
            // boards of the largest answers (the slowest runs, a few
            // seconds each, are at the default).
            let large = name.starts_with("chain");
            let budgets: &[u64] = match (budgeted, command, asked.is_empty()) {
                (false, _, _) if large => &[1024],
                (false, _, _) => &[],
                (true, "paths", true) => &[256, 1024],
                (true, _, _) => &[256],
            };
            for &mib in budgets {
                let budget = mib.to_string();
                let mut args = vec![command, board];
                args.extend_from_slice(asked);
                if budgeted {
                    args.extend(["--max-memory", &budget]);
                }
                let (code, kib, took) = peak(&args);
                report.push(format!(
                    "{name} {} at {mib} MiB: exit {code:?}, peak {} MiB, {:.1} s",
                    args[2..].join(" "),
                    kib / 1024,
                    took.as_secs_f64()
                ));
                assert!(matches!(code, Some(0 | 3)), "{}", report.join("\n"));
                assert!(
                    kib <= (mib + ALLOWANCE_MIB) * 1024,
                    "{name} `{command}` at {mib} MiB took {} MiB:\n{}",
                    kib / 1024,
                    report.join("\n")
                );
            }
        }
    }
    // The figures, for BENCHMARKS.md and the curious (`--nocapture`).
    println!("{}", report.join("\n"));
}
