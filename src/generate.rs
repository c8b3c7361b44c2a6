//! Seeded, reproducible random boards for property tests and benchmarks.
//!
//! [`board_text`] turns a [`BoardSpec`] into the text of a board file in the
//! hatchway language. The same spec always gives the same text: the only
//! randomness comes from [`Rng`], a small splitmix64 generator seeded from
//! [`BoardSpec::seed`], so no outside crate (and no global state) is
//! involved.
//!
//! Rooms are numbered `1..=n` and listed in order, then the hatches (each
//! written with its lower room first, in order of their rooms), then the
//! start room.
//!
//! ```
//! use hatchway::generate::{board_text, BoardSpec, Topology};
//!
//! let spec = BoardSpec {
//!     topology: Topology::Grid { rooms: 4 },
//!     rules: "red-november".to_string(),
//!     room_states: vec![("clear".to_string(), 3), ("low_flood".to_string(), 1)],
//!     hatch_states: vec![("closed".to_string(), 1)],
//!     high_water: 1,
//!     high_water_state: Some("high_flood".to_string()),
//!     start: Some(1),
//!     seed: 7,
//! };
//! let text = board_text(&spec);
//! assert_eq!(text, board_text(&spec));
//! assert!(text.contains("hatch 1-2: closed"));
//! assert!(text.contains("start 1"));
//! ```

use std::collections::HashSet;
use std::fmt::Write as _;

use crate::model::Rules;

/// A small deterministic pseudo-random generator (splitmix64): fast, with
/// good enough statistics for test data, and the same sequence on every
/// platform for a given seed.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (0 when `bound` is 0). The tiny modulo bias is
    /// irrelevant for test data.
    pub fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 {
            0
        } else {
            self.next_u64() % bound
        }
    }

    /// An index in `0..bound` (0 when `bound` is 0).
    pub fn index(&mut self, bound: usize) -> usize {
        // `usize` fits in `u64` on every supported platform, and the result
        // is below `bound`, so both conversions are lossless.
        self.below(bound as u64) as usize
    }

    /// Puts `items` in a random order (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// One of `choices`, each as likely as its weight; `None` when the list
    /// is empty or every weight is 0.
    pub fn weighted<'a, T>(&mut self, choices: &'a [(T, u32)]) -> Option<&'a T> {
        let total: u64 = choices.iter().map(|(_, w)| u64::from(*w)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = self.below(total);
        for (choice, weight) in choices {
            let w = u64::from(*weight);
            if pick < w {
                return Some(choice);
            }
            pick -= w;
        }
        None
    }
}

/// How the rooms of a generated board are joined. Every topology gives a
/// connected board (before hatch states are taken into account). A room
/// count of 0 is treated as 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Topology {
    /// A random spanning tree over the rooms plus `extra_hatches` further
    /// distinct hatches between random pairs of rooms (as many as there are
    /// free pairs, if fewer).
    Random {
        /// How many rooms.
        rooms: usize,
        /// How many hatches beyond the `rooms - 1` of the spanning tree.
        extra_hatches: usize,
    },
    /// Rooms laid out row by row in a near-square grid (`ceil(sqrt(rooms))`
    /// columns; the last row may be short), with a hatch between every two
    /// orthogonal neighbours.
    Grid {
        /// How many rooms.
        rooms: usize,
    },
    /// A long submarine: the chain `1-2-3-...-n`, plus a cross-link from
    /// room `i` to room `i + 2` for `i = 1, 4, 7, ...` (every third room)
    /// where room `i + 2` exists.
    Hull {
        /// How many rooms.
        rooms: usize,
    },
}

/// Another name for [`Topology`]: the shape of a generated board.
pub type Shape = Topology;

impl Topology {
    /// The number of rooms the board will have (at least 1).
    pub fn rooms(&self) -> usize {
        let n = match self {
            Topology::Random { rooms, .. }
            | Topology::Grid { rooms }
            | Topology::Hull { rooms } => *rooms,
        };
        n.max(1)
    }
}

/// Everything that decides a generated board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    /// How the rooms are joined.
    pub topology: Topology,
    /// The rules the board names on its `rules` line: a built-in name such
    /// as `red-november`, or a path (written in quotes when it is not a
    /// plain title). Empty: no `rules` line (the default rules).
    pub rules: String,
    /// Room states with their weights: each room gets one at random, as
    /// likely as its weight. When the list is empty or every weight is 0,
    /// rooms get no state (the rules' first room state).
    pub room_states: Vec<(String, u32)>,
    /// Hatch states with their weights, as for rooms.
    pub hatch_states: Vec<(String, u32)>,
    /// How many distinct rooms, chosen at random (the start room included),
    /// are forced to `high_water_state` (at most all of them). Ignored when
    /// `high_water_state` is `None`.
    pub high_water: usize,
    /// The state forced on `high_water` rooms, such as `high_flood` (or
    /// `sea`).
    pub high_water_state: Option<String>,
    /// The start room, by number: `Some(k)` starts in room `k` (clamped to
    /// `1..=n`); `None` picks one at random.
    pub start: Option<usize>,
    /// The seed of every random choice.
    pub seed: u64,
}

impl BoardSpec {
    /// A spec with the [`standard_states`] of `rules`, one room forced to
    /// `high_flood` when the rules have that state, and a random start.
    pub fn standard(topology: Topology, rules: &Rules, seed: u64) -> BoardSpec {
        let (room_states, hatch_states) = standard_states(rules);
        let high_water_state = rules
            .room_state("high_flood")
            .map(|_| "high_flood".to_string());
        BoardSpec {
            topology,
            rules: rules.name.clone(),
            room_states,
            hatch_states,
            high_water: usize::from(high_water_state.is_some()),
            high_water_state,
            start: None,
            seed,
        }
    }
}

/// State names with their weights, as [`BoardSpec`] takes them.
pub type Weighted = Vec<(String, u32)>;

/// A mix of states for a rules file: every room state and hatch state it
/// declares, the first (the default: `clear`, `closed` in the shipped rules)
/// with weight 4 and every other with weight 1.
pub fn standard_states(rules: &Rules) -> (Weighted, Weighted) {
    let weigh = |names: &[String]| {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), if i == 0 { 4 } else { 1 }))
            .collect::<Vec<_>>()
    };
    (weigh(&rules.room_states), weigh(&rules.hatch_states))
}

/// The hatches of a topology, as pairs of room numbers `(a, b)` with
/// `a < b`, sorted.
fn hatches(topology: &Topology, rng: &mut Rng) -> Vec<(usize, usize)> {
    let n = topology.rooms();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    match topology {
        Topology::Random { extra_hatches, .. } => {
            let mut order: Vec<usize> = (1..=n).collect();
            rng.shuffle(&mut order);
            for i in 1..order.len() {
                let j = rng.index(i);
                let (a, b) = (order[i], order[j]);
                pairs.push((a.min(b), a.max(b)));
            }
            let all = n * (n - 1) / 2;
            let wanted = (*extra_hatches).min(all - pairs.len());
            let mut taken: HashSet<(usize, usize)> = pairs.iter().copied().collect();
            if wanted * 2 <= all - pairs.len() {
                // Few extras: draw pairs until enough new ones turned up
                // (at least half the pairs are free, so this ends quickly).
                while taken.len() < pairs.len() + wanted {
                    let a = 1 + rng.index(n);
                    let b = 1 + rng.index(n);
                    if a != b {
                        taken.insert((a.min(b), a.max(b)));
                    }
                }
                let tree: HashSet<(usize, usize)> = pairs.iter().copied().collect();
                let mut extra: Vec<(usize, usize)> = taken.difference(&tree).copied().collect();
                extra.sort_unstable();
                pairs.extend(extra);
            } else {
                // Many extras: list the free pairs and take a random part.
                let mut free: Vec<(usize, usize)> = (1..=n)
                    .flat_map(|a| (a + 1..=n).map(move |b| (a, b)))
                    .filter(|p| !taken.contains(p))
                    .collect();
                rng.shuffle(&mut free);
                free.truncate(wanted);
                taken.extend(free.iter().copied());
                pairs.extend(free);
            }
        }
        Topology::Grid { .. } => {
            let mut columns = 1;
            while columns * columns < n {
                columns += 1;
            }
            for i in 0..n {
                if (i + 1) % columns != 0 && i + 1 < n {
                    pairs.push((i + 1, i + 2));
                }
                if i + columns < n {
                    pairs.push((i + 1, i + columns + 1));
                }
            }
        }
        Topology::Hull { .. } => {
            for i in 1..n {
                pairs.push((i, i + 1));
            }
            for i in (1..=n).step_by(3) {
                if i + 2 <= n {
                    pairs.push((i, i + 2));
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// Whether `name` can be written bare on a `rules` line.
fn is_title(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// The text of the board a spec describes, in the hatchway language. The
/// same spec always gives the same text.
///
/// ```
/// use hatchway::generate::{BoardSpec, Topology, board_text};
/// use hatchway::load;
///
/// let rules = load::builtin_rules("red-november").ok_or("not built in")?;
/// let spec = BoardSpec::standard(Topology::Grid { rooms: 9 }, &rules, 7);
/// let text = board_text(&spec);
/// assert_eq!(text, board_text(&spec));
/// let board = load::board_from_str("grid", &text)?.value;
/// assert_eq!(board.rooms.len(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board_text(spec: &BoardSpec) -> String {
    let mut rng = Rng::new(spec.seed);
    let n = spec.topology.rooms();
    let pairs = hatches(&spec.topology, &mut rng);

    let mut room_states: Vec<Option<&str>> = (0..n)
        .map(|_| rng.weighted(&spec.room_states).map(String::as_str))
        .collect();
    if let Some(forced) = &spec.high_water_state {
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        for &i in order.iter().take(spec.high_water) {
            room_states[i] = Some(forced.as_str());
        }
    }
    let hatch_states: Vec<Option<&str>> = pairs
        .iter()
        .map(|_| rng.weighted(&spec.hatch_states).map(String::as_str))
        .collect();
    let start = match spec.start {
        Some(k) => k.clamp(1, n),
        None => 1 + rng.index(n),
    };

    let mut text = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        text,
        "# Generated by hatchway::generate (seed {}).",
        spec.seed
    );
    let _ = writeln!(text, "board generated-{}", spec.seed);
    if is_title(&spec.rules) {
        let _ = writeln!(text, "rules {}", spec.rules);
    } else if !spec.rules.is_empty() {
        let _ = writeln!(text, "rules \"{}\"", spec.rules);
    }
    text.push('\n');
    for (i, state) in room_states.iter().enumerate() {
        match state {
            Some(s) => {
                let _ = writeln!(text, "room {}: {s}", i + 1);
            }
            None => {
                let _ = writeln!(text, "room {}", i + 1);
            }
        }
    }
    text.push('\n');
    for (&(a, b), state) in pairs.iter().zip(&hatch_states) {
        match state {
            Some(s) => {
                let _ = writeln!(text, "hatch {a}-{b}: {s}");
            }
            None => {
                let _ = writeln!(text, "hatch {a}-{b}");
            }
        }
    }
    text.push('\n');
    let _ = writeln!(text, "start {start}");
    text
}

/// The room states of [`standard_turns`], with weights: the four states
/// every shipped rules file declares, clear most often.
const TURN_ROOM_STATES: [(&str, u32); 4] = [
    ("clear", 4),
    ("low_flood", 1),
    ("high_flood", 1),
    ("fire", 1),
];

/// `count` turns on the standard submarine as JSON Lines in the
/// interchange shape (`hatchway paths --batch` reads them): seeded random
/// room states (clear 4 : low_flood 1 : high_flood 1 : fire 1), every
/// hatch closed, a random start room, under the rules `red-november`
/// (`--rules` plays them by another file).
pub fn standard_turns(count: usize, seed: u64) -> String {
    use crate::import::HATCHES;
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    for n in 0..count {
        let rooms: Vec<String> = (1..=10)
            .map(|id| {
                let state = rng.weighted(&TURN_ROOM_STATES).map_or("clear", |s| s);
                format!(r#"{{"id":{id},"state":"{state}"}}"#)
            })
            .collect();
        let hatches: Vec<String> = HATCHES
            .iter()
            .map(|(a, b)| format!(r#"{{"between":[{a},{b}],"state":"closed"}}"#))
            .collect();
        let start = 1 + rng.index(10);
        let _ = writeln!(
            out,
            r#"{{"name":"turn-{n}","rules":"red-november","rooms":[{}],"hatches":[{}],"start":{start}}}"#,
            rooms.join(","),
            hatches.join(",")
        );
    }
    out
}

/// A grid of `rooms` rooms under the published rules, every hatch closed,
/// high water in every other room as on a checkerboard: with 16 to 20
/// rooms a state fits the small search's word, with its passes and
/// groups, and the search cannot finish within the default budget. The
/// board on which the memory tests hold the small search to its budget.
pub fn checkerboard_board(rooms: usize) -> String {
    let columns = rooms.isqrt() + usize::from(rooms.isqrt().pow(2) < rooms);
    let mut text = format!("board checkerboard-{rooms}\nrules red-november-rulebook\n");
    for i in 0..rooms {
        let water = if (i / columns + i % columns) % 2 == 1 {
            ": high_flood"
        } else {
            ""
        };
        let _ = writeln!(text, "room {}{water}", i + 1);
    }
    for i in 0..rooms {
        if i % columns + 1 < columns && i + 1 < rooms {
            let _ = writeln!(text, "hatch {}-{}", i + 1, i + 2);
        }
        if i + columns < rooms {
            let _ = writeln!(text, "hatch {}-{}", i + 1, i + columns + 1);
        }
    }
    text + "start 1\n"
}

/// A random board of `rooms` rooms under the published rules,
/// `red-november-rulebook`: a spanning tree and 40 % more hatches, every
/// room and hatch state of the rules in [`standard_states`]' mix, one room
/// forced to high water and the start anywhere, in fire too. The boards on
/// which BENCHMARKS.md measures how soon a search gives up and how much
/// memory it takes; empty when the rules are not built in.
pub fn random_rulebook_board(rooms: usize, seed: u64) -> String {
    let Some(rules) = crate::load::builtin_rules("red-november-rulebook") else {
        return String::new();
    };
    let topology = Topology::Random {
        rooms,
        extra_hatches: rooms * 2 / 5,
    };
    board_text(&BoardSpec::standard(topology, &rules, seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(topology: Topology, seed: u64) -> BoardSpec {
        BoardSpec {
            topology,
            rules: "red-november".to_string(),
            room_states: vec![
                ("clear".to_string(), 3),
                ("low_flood".to_string(), 1),
                ("fire".to_string(), 1),
            ],
            hatch_states: vec![("closed".to_string(), 2), ("open".to_string(), 1)],
            high_water: 2,
            high_water_state: Some("high_flood".to_string()),
            start: None,
            seed,
        }
    }

    fn hatch_lines(text: &str) -> Vec<(usize, usize)> {
        text.lines()
            .filter_map(|l| l.strip_prefix("hatch "))
            .filter_map(|l| {
                let ends = l.split(':').next()?;
                let (a, b) = ends.trim().split_once('-')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            })
            .collect()
    }

    fn connected(n: usize, pairs: &[(usize, usize)]) -> bool {
        let mut seen = vec![false; n + 1];
        seen[1] = true;
        let mut stack = vec![1];
        while let Some(r) = stack.pop() {
            for &(a, b) in pairs {
                let other = if a == r {
                    b
                } else if b == r {
                    a
                } else {
                    continue;
                };
                if !seen[other] {
                    seen[other] = true;
                    stack.push(other);
                }
            }
        }
        seen[1..].iter().all(|&s| s)
    }

    #[test]
    fn same_spec_same_text_other_seed_other_text() {
        let a = spec(
            Topology::Random {
                rooms: 8,
                extra_hatches: 3,
            },
            1,
        );
        assert_eq!(board_text(&a), board_text(&a));
        let b = BoardSpec {
            seed: 2,
            ..a.clone()
        };
        assert_ne!(board_text(&a), board_text(&b));
    }

    #[test]
    fn random_boards_are_connected_with_distinct_hatches() {
        for seed in 0..200 {
            for rooms in 1..9 {
                for extra in [0, 2, 40] {
                    let text = board_text(&spec(
                        Topology::Random {
                            rooms,
                            extra_hatches: extra,
                        },
                        seed,
                    ));
                    let pairs = hatch_lines(&text);
                    let all = rooms * (rooms - 1) / 2;
                    assert_eq!(pairs.len(), (rooms - 1 + extra).min(all), "{text}");
                    let distinct: HashSet<_> = pairs.iter().copied().collect();
                    assert_eq!(distinct.len(), pairs.len(), "{text}");
                    assert!(pairs.iter().all(|&(a, b)| a < b && b <= rooms));
                    assert!(connected(rooms, &pairs), "{text}");
                }
            }
        }
    }

    #[test]
    fn grid_and_hull_shapes() {
        let grid = hatch_lines(&board_text(&spec(Topology::Grid { rooms: 7 }, 0)));
        // 1 2 3
        // 4 5 6
        // 7
        assert_eq!(
            grid,
            vec![
                (1, 2),
                (1, 4),
                (2, 3),
                (2, 5),
                (3, 6),
                (4, 5),
                (4, 7),
                (5, 6)
            ]
        );
        let hull = hatch_lines(&board_text(&spec(Topology::Hull { rooms: 8 }, 0)));
        assert_eq!(
            hull,
            vec![
                (1, 2),
                (1, 3),
                (2, 3),
                (3, 4),
                (4, 5),
                (4, 6),
                (5, 6),
                (6, 7),
                (7, 8)
            ]
        );
        for rooms in 1..30 {
            let g = hatch_lines(&board_text(&spec(Topology::Grid { rooms }, 0)));
            assert!(connected(rooms, &g));
            let h = hatch_lines(&board_text(&spec(Topology::Hull { rooms }, 0)));
            assert!(connected(rooms, &h));
        }
    }

    #[test]
    fn forced_rooms_start_and_empty_weights() {
        let mut s = spec(Topology::Hull { rooms: 5 }, 3);
        s.room_states.clear();
        s.hatch_states = vec![("open".to_string(), 0)];
        s.high_water = 9;
        s.start = Some(17);
        let text = board_text(&s);
        assert_eq!(text.matches(": high_flood").count(), 5, "{text}");
        assert!(text.lines().any(|l| l == "hatch 1-2"), "{text}");
        assert!(text.lines().any(|l| l == "start 5"), "{text}");
        s.high_water_state = None;
        s.rules = "my rules.rules".to_string();
        let text = board_text(&s);
        assert!(text.lines().any(|l| l == "room 3"), "{text}");
        assert!(text.contains("rules \"my rules.rules\""), "{text}");
    }

    #[test]
    fn weighted_choice_follows_weights() {
        let mut rng = Rng::new(5);
        let choices = [("a", 0), ("b", 3), ("c", 1)];
        let mut counts = [0usize; 3];
        for _ in 0..4000 {
            match rng.weighted(&choices) {
                Some(&"a") => counts[0] += 1,
                Some(&"b") => counts[1] += 1,
                Some(_) => counts[2] += 1,
                None => {}
            }
        }
        assert_eq!(counts[0], 0);
        assert!(counts[1] > 2 * counts[2], "{counts:?}");
        assert_eq!(rng.weighted::<&str>(&[]), None);
    }
}
