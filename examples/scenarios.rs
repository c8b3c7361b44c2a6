//! The benchmark scenarios, measured outside criterion: for each one the
//! kind of search, states stored per solve, outcomes per solve, a time per
//! solve, and the peak memory of a process that solves it once.
//!
//! ```text
//! cargo run --release --example scenarios              # the whole table
//! cargo run --release --example scenarios -- one all-clear
//! cargo run --release --example scenarios -- repeat all-clear 10000
//! cargo run --release --example scenarios -- text grid-64-hw4
//! cargo run --release --example scenarios -- sweep
//! cargo run --release --example scenarios -- batch-input FILE
//! ```
//!
//! - `one NAME` solves one scenario once and prints `states outcomes
//!   wall-ns cpu-ns peak-kB` (outcomes -1: the state budget ran out). The table
//!   runs itself this way, one process per scenario, so that each peak is
//!   that scenario's own.
//! - `repeat NAME N` solves it `N` times, for `valgrind --tool=callgrind`.
//! - `text NAME` prints the board text (to run it through `hatchway
//!   paths`; items, if any, go to standard error).
//! - `sweep` solves grid and hull boards of many sizes and high-water counts
//!   over five seeds, to show where the search turns exponential.
//!
//! CPU times come from `/proc/thread-self/schedstat`, which advances at
//! scheduler ticks (every 4 ms on the reference machine): they are right
//! over the half second of solves behind a median, or for one long solve,
//! and mean nothing for a single short one (0 or 4 ms).
//! - `batch-profile` reads the batch benchmark's 10,000 boards in this
//!   process, timing compiling and solving apart, with states and outcomes.
//! - `medians DIR` prints the medians criterion saved under `DIR`
//!   (`target/criterion`) as a table.
//! - `batch-input FILE` writes the JSON Lines input of the batch benchmark.
//! - `random ROOMS SEED` prints a random board of `ROOMS` rooms under
//!   `red-november-rulebook` (a spanning tree and 40 % more hatches, the
//!   rules' standard mix of states, the start anywhere, in fire too): the
//!   boards of the memory and give-up figures of BENCHMARKS.md.

#[path = "../benches/common/mod.rs"]
mod common;

use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use common::{Prepared, Probe};
use hatchway::generate::{Topology, board_text};
use hatchway::search::Workspace;

/// One scenario: name, description, board text, items.
struct Named {
    name: String,
    about: String,
    text: String,
    items: Vec<&'static str>,
}

impl Named {
    fn prepare(&self) -> Prepared {
        Prepared::new(&self.name, &self.text, &self.items)
    }
}

/// Every scenario: the standard-board ones, then the generated ones (rooms
/// clear or low_flood, then the same with fire).
fn all() -> Vec<Named> {
    let mut list: Vec<Named> = common::standard_scenarios()
        .into_iter()
        .map(|s| Named {
            name: s.name.to_string(),
            about: s.about.to_string(),
            text: s.text,
            items: s.items,
        })
        .collect();
    for g in common::generated(false)
        .into_iter()
        .chain(common::generated(true))
    {
        list.push(Named {
            about: format!(
                "{} {}, {} high_flood{}",
                g.shape,
                g.rooms,
                g.high_water,
                if g.fire { ", fire" } else { "" }
            ),
            name: g.name,
            text: g.text,
            items: Vec::new(),
        });
    }
    list
}

/// The peak resident memory of this process so far, in kB (Linux only).
fn peak_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A median wall time per solve (batches of solves of at least a
/// millisecond, for about half a second), and the CPU time per solve over
/// all those solves.
fn median_time(p: &Prepared, one: Duration) -> (Duration, Option<Duration>) {
    let per = one.max(Duration::from_nanos(50));
    let batch = (Duration::from_millis(1).as_nanos() / per.as_nanos()).max(1) as u32;
    let mut samples = Vec::new();
    let mut workspace = Workspace::new();
    let cpu_before = common::cpu_time();
    let begin = Instant::now();
    while samples.len() < 11
        || (begin.elapsed() < Duration::from_millis(500) && samples.len() < 501)
    {
        let t = Instant::now();
        for _ in 0..batch {
            let _ = std::hint::black_box(p.solve_in(&mut workspace).map(|s| s.outcomes.len()));
        }
        samples.push(t.elapsed() / batch);
    }
    let solves = samples.len() as u32 * batch;
    let cpu = common::cpu_time()
        .zip(cpu_before)
        .map(|(after, before)| after.saturating_sub(before) / solves);
    samples.sort();
    (samples[samples.len() / 2], cpu)
}

fn show(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    if ns < 1e3 {
        format!("{ns:.0} ns")
    } else if ns < 1e6 {
        format!("{:.2} µs", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.2} s", ns / 1e9)
    }
}

/// What `one NAME` reports from its own process.
struct Child {
    states: usize,
    outcomes: Option<usize>,
    time: Duration,
    cpu: Option<Duration>,
    peak_kb: u64,
}

/// Solves one scenario once in a child process.
fn child(name: &str) -> Option<Child> {
    let exe = std::env::current_exe().ok()?;
    let out = Command::new(exe).args(["one", name]).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text.split_whitespace();
    let states = words.next()?.parse().ok()?;
    let outcomes: i64 = words.next()?.parse().ok()?;
    let ns: u64 = words.next()?.parse().ok()?;
    let cpu_ns: i64 = words.next()?.parse().ok()?;
    let peak_kb = words.next()?.parse().ok()?;
    Some(Child {
        states,
        outcomes: usize::try_from(outcomes).ok(),
        time: Duration::from_nanos(ns),
        cpu: u64::try_from(cpu_ns).ok().map(Duration::from_nanos),
        peak_kb,
    })
}

fn mb(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1024.0)
}

fn table() {
    let baseline = child("none").map_or("?".to_string(), |c| mb(c.peak_kb));
    println!("peak memory of a process that compiles every scenario and solves none: {baseline}");
    println!();
    println!(
        "| scenario | board | search | states / solve | outcomes / solve | wall time / solve | CPU time / solve | peak memory |"
    );
    println!("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |");
    let cpu_text = |cpu: Option<Duration>| cpu.map_or("?".to_string(), show);
    for s in all() {
        let p = s.prepare();
        let search = if p.can_flow() { "full" } else { "dry" };
        let Some(c) = child(&s.name) else {
            println!(
                "| {} | {} | {search} | ? | ? | ? | ? | ? |",
                s.name, s.about
            );
            continue;
        };
        let (outcomes, time, cpu) = match c.outcomes {
            Some(n) if c.time < Duration::from_millis(50) => {
                let (wall, cpu) = median_time(&p, c.time);
                (n.to_string(), show(wall), cpu_text(cpu))
            }
            Some(n) => (
                n.to_string(),
                format!("{} (one run)", show(c.time)),
                format!("{} (one run)", cpu_text(c.cpu)),
            ),
            None => (
                "budget exceeded".to_string(),
                format!("{} (one run)", show(c.time)),
                format!("{} (one run)", cpu_text(c.cpu)),
            ),
        };
        println!(
            "| {} | {} | {search} | {} | {outcomes} | {time} | {cpu} | {} |",
            s.name,
            s.about,
            c.states,
            mb(c.peak_kb)
        );
    }
}

/// Grid and hull boards over sizes, high-water counts and five seeds.
fn sweep() {
    println!(
        "| board | high_flood rooms | states per seed 1..5 (* = budget exceeded) | slowest solve: wall / CPU time |"
    );
    println!("| --- | ---: | --- | ---: |");
    // Grids past 36 rooms exceed the budget for every seed tried.
    let sizes = [
        ("grid", &[9, 12, 16, 20, 25, 30, 36][..]),
        ("hull", &[16, 32, 64, 128][..]),
    ];
    for (shape, sizes) in sizes {
        for &rooms in sizes {
            for high_water in [1, 2, 4, 8] {
                let mut cells = Vec::new();
                let mut slowest = (Duration::ZERO, Duration::ZERO);
                for seed in 1..=5 {
                    let topology = if shape == "grid" {
                        Topology::Grid { rooms }
                    } else {
                        Topology::Hull { rooms }
                    };
                    let spec = common::generated_spec(topology, high_water, false, seed);
                    let p = Prepared::new("sweep", &board_text(&spec), &[]);
                    let Probe {
                        time,
                        cpu,
                        states,
                        outcomes,
                    } = common::probe(&p);
                    if time > slowest.0 {
                        slowest = (time, cpu.unwrap_or(time));
                    }
                    cells.push(match outcomes {
                        Some(_) => states.to_string(),
                        None => format!("{states}*"),
                    });
                }
                println!(
                    "| {shape} {rooms} | {high_water} | {} | {} / {} |",
                    cells.join(", "),
                    show(slowest.0),
                    show(slowest.1)
                );
            }
        }
    }
}

/// The batch boards compiled and solved in this process: where the time of
/// `paths --batch` goes, apart from reading and writing JSON.
fn batch_profile() {
    use hatchway::load::Format;
    use hatchway::load::{self, InputKind};
    let text = hatchway::generate::standard_turns(common::BATCH_BOARDS, common::BATCH_SEED);
    let (mut compile, mut solve) = (Duration::ZERO, Duration::ZERO);
    let (mut compile_cpu, mut solve_cpu) = (Duration::ZERO, Duration::ZERO);
    let (mut states, mut outcomes, mut full, mut failed) = (0usize, 0usize, 0usize, 0usize);
    let mut slowest = (Duration::ZERO, 0usize);
    for (i, line) in text.lines().enumerate() {
        let cpu_before = common::cpu_time();
        let t = Instant::now();
        let board = hatchway::testing::input_from_bytes(
            format!("line {}", i + 1),
            line.as_bytes().to_vec(),
            None,
            InputKind::Document(Format::Json),
        )
        .and_then(|input| load::board(&input));
        compile += t.elapsed();
        if let Some((after, before)) = common::cpu_time().zip(cpu_before) {
            compile_cpu += after.saturating_sub(before);
        }
        let Ok(board) = board else {
            failed += 1;
            continue;
        };
        let board = board.value;
        let movement = board.rules.movement(hatchway::model::ItemSet::default());
        let p = Prepared {
            start: board.start,
            board,
            movement,
        };
        full += usize::from(p.can_flow());
        let probe = common::probe(&p);
        solve += probe.time;
        let cpu = probe.cpu.unwrap_or(probe.time);
        solve_cpu += cpu;
        if cpu > slowest.0 {
            slowest = (cpu, i + 1);
        }
        states += probe.states;
        match probe.outcomes {
            Some(n) => outcomes += n,
            None => failed += 1,
        }
    }
    let n = common::BATCH_BOARDS as u32;
    println!("boards: {n} ({full} with water that can flow, {failed} failed)");
    println!(
        "compile: wall {} in all, {} per board; CPU {} in all, {} per board",
        show(compile),
        show(compile / n),
        show(compile_cpu),
        show(compile_cpu / n)
    );
    println!(
        "solve: wall {} in all, {} per board; CPU {} in all, {} per board; slowest {} CPU (line {})",
        show(solve),
        show(solve / n),
        show(solve_cpu),
        show(solve_cpu / n),
        show(slowest.0),
        slowest.1
    );
    println!(
        "states per solve: {:.1}; outcomes per solve: {:.1}",
        states as f64 / f64::from(n),
        outcomes as f64 / f64::from(n)
    );
}

/// The medians of the benchmarks criterion saved under `dir`, as a table.
fn medians(dir: &std::path::Path) {
    fn walk(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.ends_with("new/estimates.json") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(dir, &mut found);
    // Numbers in names by value: grid-16 before grid-128.
    let key = |p: &std::path::PathBuf| {
        let text = p.display().to_string();
        let mut parts: Vec<(String, u64)> = Vec::new();
        let mut word = String::new();
        let mut number: Option<u64> = None;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                number = Some(number.unwrap_or(0) * 10 + u64::from(d));
            } else {
                if let Some(n) = number.take() {
                    parts.push((std::mem::take(&mut word), n));
                }
                word.push(c);
            }
        }
        parts.push((word, number.unwrap_or(0)));
        parts
    };
    found.sort_by_key(key);
    println!("| benchmark | median | 95% interval of the median |");
    println!("| --- | ---: | --- |");
    for path in found {
        let Some(id) = path
            .parent()
            .and_then(|p| p.parent())
            .and_then(|p| p.strip_prefix(dir).ok())
        else {
            continue;
        };
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let median = &json["median"];
        let ns = |v: &serde_json::Value| {
            v.as_f64()
                .map_or("?".to_string(), |x| show(Duration::from_nanos(x as u64)))
        };
        println!(
            "| {} | {} | {} – {} |",
            id.display(),
            ns(&median["point_estimate"]),
            ns(&median["confidence_interval"]["lower_bound"]),
            ns(&median["confidence_interval"]["upper_bound"])
        );
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let find = |name: &str| all().into_iter().find(|s| s.name == name);
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => table(),
        ["sweep"] => sweep(),
        ["one", "none"] => {
            let prepared: Vec<Prepared> = all().iter().map(Named::prepare).collect();
            std::hint::black_box(prepared);
            println!("0 0 0 0 {}", peak_kb().unwrap_or(0));
        }
        ["one", name] => {
            let Some(s) = find(name) else {
                eprintln!("no scenario {name}");
                return ExitCode::FAILURE;
            };
            let probe = common::probe(&s.prepare());
            println!(
                "{} {} {} {} {}",
                probe.states,
                probe.outcomes.map_or(-1, |n| n as i64),
                probe.time.as_nanos(),
                probe.cpu.map_or(-1, |c| c.as_nanos() as i64),
                peak_kb().unwrap_or(0)
            );
        }
        ["text", name] => {
            let Some(s) = find(name) else {
                eprintln!("no scenario {name}");
                return ExitCode::FAILURE;
            };
            print!("{}", s.text);
            if !s.items.is_empty() {
                eprintln!("items: {}", s.items.join(", "));
            }
        }
        ["repeat", name, count] => {
            let Some(s) = find(name) else {
                eprintln!("no scenario {name}");
                return ExitCode::FAILURE;
            };
            let Ok(count) = count.parse::<u64>() else {
                eprintln!("not a count: {count}");
                return ExitCode::FAILURE;
            };
            let p = s.prepare();
            let mut outcomes = 0usize;
            let mut workspace = Workspace::new();
            for _ in 0..count {
                outcomes += std::hint::black_box(p.solve_in(&mut workspace))
                    .map_or(0, |s| s.outcomes.len());
            }
            println!("{count} solves, {outcomes} outcomes in all");
        }
        ["batch-profile"] => batch_profile(),
        ["medians", dir] => medians(std::path::Path::new(dir)),
        ["batch-input", path] => {
            let text = hatchway::generate::standard_turns(common::BATCH_BOARDS, common::BATCH_SEED);
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("cannot write {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
        ["random", rooms, seed] => {
            let (Ok(rooms), Ok(seed)) = (rooms.parse::<usize>(), seed.parse::<u64>()) else {
                eprintln!("not a room count and a seed: {rooms} {seed}");
                return ExitCode::FAILURE;
            };
            print!("{}", hatchway::generate::random_rulebook_board(rooms, seed));
        }
        _ => {
            eprintln!(
                "usage: scenarios [one NAME | repeat NAME N | text NAME | sweep | batch-profile | medians DIR | batch-input FILE | random ROOMS SEED]"
            );
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
