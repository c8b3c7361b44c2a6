//! The memory budget is a promise: the whole process's peak resident memory
//! stays within `--max-memory` plus the allowance docs/COMMANDS.md states,
//! measured by the operating system on the real binary, on boards whose
//! search cannot finish within the budget: random 200-room boards under the
//! published rules and the hard boards of the hostile tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hatchway::generate::{BoardSpec, Topology, board_text, random_rulebook_board};

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

/// Runs `hatchway paths BOARD --max-memory MIB` with its answer as JSON,
/// and gives its exit code, its peak resident memory in KiB, and its time.
///
/// The peak is measured by a helper process, this test binary started
/// again to run [`peak_of_one_run`] alone: Linux counts in a child's peak
/// the memory of the process it was started from (the memory the child
/// had before its `exec`), and this process, running other tests beside
/// this one, can be large (it made a 256 MiB run look like 975 MiB).
fn peak(board: &Path, mib: u64) -> (Option<i32>, u64, Duration) {
    let started = Instant::now();
    let board = board.to_str().expect("a board path in UTF-8");
    let args = [
        "paths",
        board,
        "--max-memory",
        &mib.to_string(),
        "--format",
        "json",
    ];
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

/// The boards: random 200-room boards under the published rules (about
/// 280 hatches, the start in any state, fire too), a 12 by 12 grid with
/// high water under each rules file that floods rooms, and a 36-room grid
/// under the published rules (a state in one machine word: the small
/// search, with its passes).
fn boards(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for seed in [1, 3] {
        out.push((
            format!("random-200-{seed}"),
            random_rulebook_board(200, seed),
        ));
    }
    for (rooms, rules, high_water) in [
        (144, "red-november", 6),
        (144, "red-november-rulebook", 6),
        (36, "red-november-rulebook", 4),
    ] {
        let rulebook = hatchway::load::builtin_rules(rules).expect("built-in rules");
        let spec = BoardSpec {
            high_water,
            start: Some(1),
            ..BoardSpec::standard(Topology::Grid { rooms }, &rulebook, 2026)
        };
        out.push((format!("grid-{rooms}-{rules}"), board_text(&spec)));
    }
    out.into_iter()
        .map(|(name, text)| {
            let path = dir.join(format!("{name}.board"));
            std::fs::write(&path, text).expect("the board is written");
            (name, path)
        })
        .collect()
}

#[test]
fn peak_memory_stays_within_the_budget() {
    let dir = temp_dir("peak");
    let boards = boards(&dir);
    let mut runs: Vec<(&str, &Path, u64)> = boards
        .iter()
        .map(|(name, path)| (name.as_str(), path.as_path(), 256))
        .collect();
    // The default budget on the hardest board (the slowest run).
    runs.push((&boards[0].0, &boards[0].1, 1024));
    let mut report = Vec::new();
    for (name, path, mib) in runs {
        let (code, kib, took) = peak(path, mib);
        report.push(format!(
            "{name} at {mib} MiB: exit {code:?}, peak {} MiB, {:.1} s",
            kib / 1024,
            took.as_secs_f64()
        ));
        assert!(
            matches!(code, Some(0 | 3)),
            "{name} at {mib} MiB: exit {code:?}"
        );
        assert!(
            kib <= (mib + ALLOWANCE_MIB) * 1024,
            "{name} at {mib} MiB took {} MiB:\n{}",
            kib / 1024,
            report.join("\n")
        );
    }
    // The figures, for BENCHMARKS.md and the curious (`--nocapture`).
    println!("{}", report.join("\n"));
}
