//! Scenarios shared by the benchmarks and by `examples/scenarios.rs`: the
//! standard board edited into the situations a player meets, seeded
//! generated boards, and the JSON Lines input of the batch benchmark.
//!
//! Every board is built as text (the way a user would write it) and then
//! compiled, so the benchmarks measure exactly what `hatchway paths` runs.
//! Each bench binary uses a different part of this module.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use hatchway::generate::{self, BoardSpec, Topology, board_text};
use hatchway::load;
use hatchway::model::{Board, ItemSet, Movement, RoomId};
use hatchway::search::{self, LimitReached, Limits, Solution, Workspace};

/// The text of the shipped standard board (`boards/red-november.board`).
pub fn standard_text() -> String {
    load::standard_board().text
}

/// An edit of the standard board's text.
#[derive(Clone, Debug, Default)]
pub struct Edit {
    /// Rooms given a state: (room id, state).
    pub rooms: Vec<(&'static str, &'static str)>,
    /// Hatches given a state: (lower room, higher room, state).
    pub hatches: Vec<(&'static str, &'static str, &'static str)>,
    /// Lines added before the `start` line (extra rooms and hatches).
    pub extra: Vec<&'static str>,
    /// Another rules name for the `rules` line.
    pub rules: Option<&'static str>,
    /// Another start room.
    pub start: Option<&'static str>,
}

/// The part of a `room` or `hatch` line before any `: state`.
fn head(line: &str) -> &str {
    // Room names are quoted and never hold a colon in the standard board.
    line.split(':').next().unwrap_or(line).trim_end()
}

/// Applies an edit to a board text, line by line.
pub fn edit(text: &str, e: &Edit) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let keyword = words.next().unwrap_or("");
        let subject = words.next().unwrap_or("");
        let changed = match keyword {
            "rules" => e.rules.map(|r| format!("rules {r}")),
            "start" => {
                let mut s = String::new();
                for x in &e.extra {
                    let _ = writeln!(s, "{x}");
                }
                let _ = write!(s, "start {}", e.start.unwrap_or(subject));
                Some(s)
            }
            "room" => e
                .rooms
                .iter()
                .find(|(id, _)| *id == subject)
                .map(|(_, state)| format!("{}: {state}", head(line))),
            "hatch" => e
                .hatches
                .iter()
                .find(|(a, b, _)| format!("{a}-{b}") == subject)
                .map(|(_, _, state)| format!("{}: {state}", head(line))),
            _ => None,
        };
        let _ = writeln!(out, "{}", changed.as_deref().unwrap_or(line));
    }
    out
}

/// One situation on a board: its text and the items the player holds.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// A short name, used as the benchmark id.
    pub name: &'static str,
    /// What it is, for the table.
    pub about: &'static str,
    /// The board text.
    pub text: String,
    /// Items the player holds.
    pub items: Vec<&'static str>,
}

/// The standard-board scenarios.
pub fn standard_scenarios() -> Vec<Scenario> {
    let std = standard_text();
    let scenario = |name, about, e: Edit, items: Vec<&'static str>| Scenario {
        name,
        about,
        text: edit(&std, &e),
        items,
    };
    // Hatches closed so that the way from 1 to 10 is
    // 1-3-2-4-5-7-8-9-10 (eight moves, eight opens).
    let long_route = vec![
        ("1", "2", "blocked"),
        ("2", "5", "blocked"),
        ("3", "4", "blocked"),
        ("5", "8", "blocked"),
        ("7", "9", "blocked"),
        ("8", "10", "blocked"),
    ];
    vec![
        scenario(
            "all-clear",
            "every room clear, start 1",
            Edit::default(),
            vec![],
        ),
        scenario(
            "water-and-fire",
            "4 fire, 7 high_flood, 5 low_flood, start 1",
            Edit {
                rooms: vec![("4", "fire"), ("7", "high_flood"), ("5", "low_flood")],
                ..Edit::default()
            },
            vec![],
        ),
        scenario(
            "heavy-water-and-fire",
            "3, 6, 7 high_flood; 4, 9 fire; 5, 8 low_flood, start 1",
            Edit {
                rooms: vec![
                    ("3", "high_flood"),
                    ("6", "high_flood"),
                    ("7", "high_flood"),
                    ("4", "fire"),
                    ("9", "fire"),
                    ("5", "low_flood"),
                    ("8", "low_flood"),
                ],
                ..Edit::default()
            },
            vec![],
        ),
        scenario(
            "blocked-long-route",
            "6 hatches blocked: 1 to 10 takes 8 moves; all clear",
            Edit {
                hatches: long_route.clone(),
                ..Edit::default()
            },
            vec![],
        ),
        scenario(
            "blocked-long-route-flood",
            "the same, with 6 high_flood",
            Edit {
                hatches: long_route,
                rooms: vec![("6", "high_flood")],
                ..Edit::default()
            },
            vec![],
        ),
        scenario(
            "start-in-high-water",
            "start 5 high_flood; 4 fire, 8 low_flood",
            Edit {
                rooms: vec![("5", "high_flood"), ("4", "fire"), ("8", "low_flood")],
                start: Some("5"),
                ..Edit::default()
            },
            vec![],
        ),
        scenario(
            "start-in-fire",
            "start 4 fire; 5, 7 high_flood; 9 fire; 2-5 blocked",
            Edit {
                rooms: vec![
                    ("4", "fire"),
                    ("5", "high_flood"),
                    ("7", "high_flood"),
                    ("9", "fire"),
                ],
                hatches: vec![("2", "5", "blocked")],
                start: Some("4"),
                ..Edit::default()
            },
            vec![],
        ),
        scenario(
            "rulebook-grog-aqualung",
            "rulebook rules, grog + aqualung; 4, 9 fire; 7 high_flood; 5 low_flood",
            Edit {
                rules: Some("red-november-rulebook"),
                rooms: vec![
                    ("4", "fire"),
                    ("9", "fire"),
                    ("7", "high_flood"),
                    ("5", "low_flood"),
                ],
                ..Edit::default()
            },
            vec!["grog", "aqualung"],
        ),
        scenario(
            "rulebook-sea-grog-aqualung",
            "the same with the sea behind hatches 3, 6, 9",
            Edit {
                rules: Some("red-november-rulebook"),
                rooms: vec![
                    ("4", "fire"),
                    ("9", "fire"),
                    ("7", "high_flood"),
                    ("5", "low_flood"),
                ],
                extra: vec![
                    "room sea \"The Sea\": sea",
                    "hatch 3-sea",
                    "hatch 6-sea",
                    "hatch 9-sea",
                    "",
                ],
                ..Edit::default()
            },
            vec!["grog", "aqualung"],
        ),
    ]
}

/// A compiled board with the player's rules and start: what
/// [`search::solve`] takes.
pub struct Prepared {
    /// The board.
    pub board: Board,
    /// The rules narrowed to the items held.
    pub movement: Movement,
    /// The start room.
    pub start: RoomId,
}

impl Prepared {
    /// Compiles a board text, with items by name.
    pub fn new(name: &str, text: &str, items: &[&str]) -> Prepared {
        let board = match load::board_from_str(name, text) {
            Ok(loaded) => loaded.value,
            Err(f) => panic!(
                "the benchmark board {name} does not compile: {:?}\n{text}",
                f.reports
                    .iter()
                    .map(|r| r.problem().message.clone())
                    .collect::<Vec<_>>()
            ),
        };
        let held = hatchway::answer::Turn::items_named(&board.rules, items)
            .unwrap_or_else(|e| panic!("the rules of {name} have no item {}", e.name));
        let movement = board.rules.movement(held);
        let start = board.start;
        Prepared {
            board,
            movement,
            start,
        }
    }

    /// One solve with the default limits, on its own (a fresh workspace).
    pub fn solve(&self) -> Result<Solution, LimitReached> {
        search::solve(&self.board, &self.movement, self.start, &Limits::default())
    }

    /// One solve with the default limits in a reused workspace: what a loop
    /// of solves (a sweep, a game AI) pays per solve.
    pub fn solve_in<'w>(&self, workspace: &'w mut Workspace) -> Result<&'w Solution, LimitReached> {
        workspace.solve(&self.board, &self.movement, self.start, &Limits::default())
    }

    /// The costs alone, as a sweep asks for them, in a reused workspace.
    pub fn solve_costs_in<'w>(
        &self,
        workspace: &'w mut Workspace,
    ) -> Result<&'w Solution, LimitReached> {
        workspace.solve_costs(&self.board, &self.movement, self.start, &Limits::default())
    }

    /// Whether water can flow on this board (so the full search runs rather
    /// than the dry shortcut): opening some hatch changes a room.
    pub fn can_flow(&self) -> bool {
        self.board.hatches.iter().any(|h| {
            let [a, b] = h.rooms;
            let (sa, sb) = (self.board.room(a).state, self.board.room(b).state);
            self.movement.opening(h.state).is_some()
                && self
                    .movement
                    .flow(sa, sb)
                    .is_some_and(|(x, y)| (x, y) != (sa, sb))
        })
    }
}

/// The shipped rules files by name: the built-in ones and those of
/// `boards/`, each with its rules.
pub fn shipped_rules() -> Vec<(String, std::sync::Arc<hatchway::model::Rules>)> {
    let mut all: Vec<(String, std::sync::Arc<hatchway::model::Rules>)> =
        load::builtin_rules_names()
            .filter_map(|name| load::builtin_rules(name).map(|r| (name.to_string(), r)))
            .collect();
    let boards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("boards");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&boards)
        .expect("the boards folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    files.sort();
    for file in files {
        let rules = load::rules_file(&file)
            .unwrap_or_else(|_| panic!("{} compiles", file.display()))
            .value;
        if !all.iter().any(|(name, _)| *name == rules.name) {
            all.push((rules.name.clone(), rules));
        }
    }
    all
}

/// `count` turns of [`generate::standard_turns`] played by `rules`.
pub fn standard_turns_by(
    rules: &std::sync::Arc<hatchway::model::Rules>,
    count: usize,
    seed: u64,
) -> Vec<Prepared> {
    generate::standard_turns(count, seed)
        .lines()
        .enumerate()
        .map(|(n, line)| {
            let input = hatchway::testing::input_from_bytes(
                format!("turn-{n}.json"),
                line.as_bytes().to_vec(),
                None,
                load::InputKind::Document(load::Format::Json),
            )
            .unwrap_or_else(|_| panic!("turn {n} reads"));
            let board = load::board_played_by(&input, rules)
                .unwrap_or_else(|_| panic!("turn {n} is played by {}", rules.name))
                .value;
            let movement = board.rules.movement(ItemSet::default());
            let start = board.start;
            Prepared {
                board,
                movement,
                start,
            }
        })
        .collect()
}

/// Compiles a scenario.
pub fn prepare(s: &Scenario) -> Prepared {
    Prepared::new(s.name, &s.text, &s.items)
}

/// The room counts of the generated boards.
pub const GENERATED_ROOMS: [usize; 4] = [16, 32, 64, 128];
/// The high-water room counts of the generated boards.
pub const GENERATED_HIGH_WATER: [usize; 4] = [0, 2, 4, 8];
/// The seed of every generated board (one board per configuration).
pub const GENERATED_SEED: u64 = 2026;

/// One generated configuration.
#[derive(Clone, Debug)]
pub struct Generated {
    /// `grid-64-hw4` (or `grid-64-hw4-fire`) and the like.
    pub name: String,
    /// `grid` or `hull`.
    pub shape: &'static str,
    /// Rooms.
    pub rooms: usize,
    /// Rooms forced to high_flood.
    pub high_water: usize,
    /// Whether other rooms may be on fire.
    pub fire: bool,
    /// The board text.
    pub text: String,
}

/// The spec of one generated board: red-november rules; rooms clear
/// (weight 4) or low_flood (1), and with `fire` also fire (1); then
/// `high_water` rooms forced to high_flood; every hatch closed (as at the
/// start of a turn); start in room 1.
pub fn generated_spec(topology: Topology, high_water: usize, fire: bool, seed: u64) -> BoardSpec {
    let mut room_states = vec![("clear".to_string(), 4), ("low_flood".to_string(), 1)];
    if fire {
        room_states.push(("fire".to_string(), 1));
    }
    BoardSpec {
        topology,
        rules: "red-november".to_string(),
        room_states,
        hatch_states: vec![("closed".to_string(), 1)],
        high_water,
        high_water_state: Some("high_flood".to_string()),
        start: Some(1),
        seed,
    }
}

/// Every generated configuration: Grid and Hull, 16 to 128 rooms, 0 to 8
/// high-water rooms; rooms otherwise clear or low_flood, and with `fire`
/// also on fire (which walls off much of the board from room 1).
pub fn generated(fire: bool) -> Vec<Generated> {
    let mut all = Vec::new();
    for shape in ["grid", "hull"] {
        for rooms in GENERATED_ROOMS {
            for high_water in GENERATED_HIGH_WATER {
                let topology = if shape == "grid" {
                    Topology::Grid { rooms }
                } else {
                    Topology::Hull { rooms }
                };
                let spec = generated_spec(topology, high_water, fire, GENERATED_SEED);
                all.push(Generated {
                    name: format!(
                        "{shape}-{rooms}-hw{high_water}{}",
                        if fire { "-fire" } else { "" }
                    ),
                    shape,
                    rooms,
                    high_water,
                    fire,
                    text: board_text(&spec),
                });
            }
        }
    }
    all
}

/// What one solve did, measured once.
#[derive(Clone, Debug)]
pub struct Probe {
    /// Wall time of the solve.
    pub time: Duration,
    /// Time the thread spent on a CPU during the solve, when the system
    /// tells (Linux): unlike wall time, it does not grow while other
    /// programs hold the CPU.
    pub cpu: Option<Duration>,
    /// States stored (at the limit, when it was reached).
    pub states: usize,
    /// Outcomes, or `None` when the state budget ran out.
    pub outcomes: Option<usize>,
}

/// The time this thread has spent on a CPU so far, from
/// `/proc/thread-self/schedstat` (Linux only). It is given in nanoseconds
/// but advances at scheduler ticks (every few milliseconds), so it is only
/// meaningful over long spans.
pub fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Solves once, timing it.
pub fn probe(p: &Prepared) -> Probe {
    let cpu_before = cpu_time();
    let t = Instant::now();
    let result = std::hint::black_box(p.solve());
    let time = t.elapsed();
    let cpu = cpu_time()
        .zip(cpu_before)
        .map(|(after, before)| after.saturating_sub(before));
    let (states, outcomes) = match result {
        Ok(s) => (s.states, Some(s.outcomes.len())),
        Err(l) => (l.states, None),
    };
    Probe {
        time,
        cpu,
        states,
        outcomes,
    }
}

/// Generated configurations slower than this to solve once (or over the
/// state budget) are left out of criterion.
pub const CRITERION_CUTOFF: Duration = Duration::from_secs(2);

/// Writes the batch input to a file in the temporary folder and returns
/// its path.
pub fn batch_file(count: usize, seed: u64) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!(
        "hatchway-batch-{count}-{seed}-{}.jsonl",
        std::process::id()
    ));
    std::fs::write(&path, generate::standard_turns(count, seed))
        .expect("write the batch input file");
    path
}

/// The number of random standard-sub turns the `rules` benchmark solves
/// under each rules file.
pub const RULES_TURNS: usize = 100;

/// The number of boards and the seed of the batch benchmark.
pub const BATCH_BOARDS: usize = 10_000;
/// The seed of the batch input.
pub const BATCH_SEED: u64 = 11;

/// Generated configurations are probed with this state budget before
/// criterion sees them: one that needs more (about 1.5–2 s of solving on
/// the reference machine) is left out of criterion, and its figures at the
/// default budget come from `examples/scenarios.rs`.
pub const PROBE_STATES: usize = 400_000;

/// Solves once with the probe budget: `Some(time)` when the configuration
/// is cheap enough for criterion.
pub fn cheap_enough(p: &Prepared) -> Option<Duration> {
    let limits = Limits {
        max_states: PROBE_STATES,
        ..Limits::default()
    };
    let cpu_before = cpu_time();
    let t = Instant::now();
    let result = search::solve(&p.board, &p.movement, p.start, &limits);
    let time = t.elapsed();
    // On a busy machine the wall time overstates the cost: judge by CPU
    // time where the system tells it.
    let cost = cpu_time()
        .zip(cpu_before)
        .map_or(time, |(after, before)| after.saturating_sub(before));
    (result.is_ok() && cost < CRITERION_CUTOFF).then_some(time)
}

/// Criterion settings for a benchmark whose single run takes `one`: many
/// samples for fast routines, ten flat samples for slow ones, so that the
/// whole `cargo bench` stays within a few minutes.
pub fn tune(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    one: Duration,
) {
    use criterion::SamplingMode;
    group.warm_up_time(Duration::from_millis(500));
    if one < Duration::from_micros(200) {
        group
            .sampling_mode(SamplingMode::Auto)
            .sample_size(60)
            .measurement_time(Duration::from_secs(2));
    } else if one < Duration::from_millis(20) {
        group
            .sampling_mode(SamplingMode::Flat)
            .sample_size(30)
            .measurement_time(Duration::from_secs(3));
    } else {
        group
            .sampling_mode(SamplingMode::Flat)
            .sample_size(10)
            .measurement_time((one * 12).max(Duration::from_secs(3)));
    }
}
