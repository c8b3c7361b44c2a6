//! Invariants of issue 6, as property tests over random generated boards:
//!
//! - the same board written in the hatchway language, as YAML and as JSON
//!   gives byte-identical output from `hatchway paths` (every format) and
//!   `hatchway replay`;
//! - outcomes do not change when rooms are given other ids, when the states
//!   and items of a rules file are given other names, or when the statements
//!   of a rules file come in another order (line order on boards is covered
//!   by `outcomes_do_not_depend_on_line_order` in `tests/suite/exactness.rs`);
//! - formatting, and exporting to every format, read back as the same board,
//!   and formatting twice changes nothing.
//!
//! The YAML and JSON documents are built here from a plain description of
//! the board (`Layout`) in the shape of INTERCHANGE.md, not by hatchway's
//! exporter, so that the readers are held to the contract.

use crate::common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use hatchway::export;
use hatchway::format::format;
use hatchway::generate::{BoardSpec, Rng, Topology, board_text};
use hatchway::load::{self, Input, InputKind};
use hatchway::model::{Board, ItemId, ItemSet, Rules, StateId, room_id_order};
use hatchway::outcome::Outcome;
use hatchway::referee;
use hatchway::search::{self, Limits};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{Value, json};

/// Boards written in three formats and run through the binary (12 runs a
/// case).
const CASES_FORMATS: u32 = 40;
/// Boards solved with other room ids.
const CASES_ROOM_IDS: u32 = 1000;
/// Boards solved under rules with other names, or in another order.
const CASES_RULES_TEXT: u32 = 400;
/// Boards formatted and exported.
const CASES_ROUND_TRIP: u32 = 800;

// ------------------------------------------------------------ boards

/// A board as plain data, which this test writes in every format itself.
/// States are names; `None` leaves the default to the rules.
#[derive(Clone, Debug)]
struct Layout {
    name: String,
    /// A built-in rules name or a path; empty: not said (the default).
    rules: String,
    rooms: Vec<RoomLine>,
    hatches: Vec<(String, String, Option<String>)>,
    start: String,
}

#[derive(Clone, Debug)]
struct RoomLine {
    id: String,
    name: Option<String>,
    at: Option<(u16, u16)>,
    state: Option<String>,
}

/// Ids that are legal but easy to get wrong: numbers and names, numbers
/// with leading zeros (`7`, `07` and `007` are three rooms), numbers past
/// `u64`, words YAML reads as other things, unreserved keywords, and the
/// longest id allowed.
const IDS: &[&str] = &[
    "1",
    "2",
    "7",
    "07",
    "007",
    "0",
    "10",
    "42",
    "18446744073709551615",
    "99999999999999999999",
    "galley",
    "r7",
    "Galley_2",
    "sea",
    "_",
    "x",
    "null",
    "yes",
    "true",
    "1e3",
    "0x1F",
    "open",
    "states",
    "at",
    "long_id_of_sixty_four_characters_0123456789_0123456789_012345678",
];

/// Display names with spaces and punctuation the formats quote differently.
const NAMES: &[&str] = &[
    "Engine Room",
    "Bond's: #1 room",
    "Ünïcödé ✓",
    "- dash",
    "[brackets] {braces}",
    "  spaced  ",
    "yes",
    "back \\ slash",
];

impl Layout {
    /// Reads the text `generate::board_text` writes (one statement a line).
    fn parse(text: &str) -> Layout {
        let mut layout = Layout {
            name: String::new(),
            rules: String::new(),
            rooms: Vec::new(),
            hatches: Vec::new(),
            start: String::new(),
        };
        let split = |s: &str| match s.split_once(':') {
            Some((a, b)) => (a.trim().to_string(), Some(b.trim().to_string())),
            None => (s.trim().to_string(), None),
        };
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let Some((word, rest)) = line.split_once(' ') else {
                continue;
            };
            match word {
                "board" => layout.name = rest.to_string(),
                "rules" => layout.rules = rest.to_string(),
                "start" => layout.start = rest.to_string(),
                "room" => {
                    let (id, state) = split(rest);
                    layout.rooms.push(RoomLine {
                        id,
                        name: None,
                        at: None,
                        state,
                    });
                }
                "hatch" => {
                    let (ends, state) = split(rest);
                    let (a, b) = ends.split_once('-').expect("a hatch joins two rooms");
                    layout.hatches.push((a.to_string(), b.to_string(), state));
                }
                _ => panic!("unexpected line in a generated board: {line}"),
            }
        }
        layout
    }

    /// The same board with every room id and state name passed through
    /// `id` and `state`.
    fn map(&self, id: impl Fn(&str) -> String, state: impl Fn(&str) -> String) -> Layout {
        let state = |s: &Option<String>| s.as_deref().map(&state);
        Layout {
            name: self.name.clone(),
            rules: self.rules.clone(),
            rooms: self
                .rooms
                .iter()
                .map(|r| RoomLine {
                    id: id(&r.id),
                    state: state(&r.state),
                    ..r.clone()
                })
                .collect(),
            hatches: self
                .hatches
                .iter()
                .map(|(a, b, s)| (id(a), id(b), state(s)))
                .collect(),
            start: id(&self.start),
        }
    }

    /// The same board with its rooms under other ids (from [`IDS`]), some
    /// with a display name and a place: the new ids keep the rooms' order
    /// when `keep_order`. Also gives the new id of every old one.
    fn disguised(&self, seed: u64, keep_order: bool) -> (Layout, HashMap<String, String>) {
        let mut rng = Rng::new(seed);
        let mut ids: Vec<&str> = IDS.to_vec();
        rng.shuffle(&mut ids);
        ids.truncate(self.rooms.len());
        if keep_order {
            ids.sort_by(|a, b| room_id_order(a, b));
        }
        let new: HashMap<String, String> = self
            .rooms
            .iter()
            .zip(ids)
            .map(|(r, id)| (r.id.clone(), id.to_string()))
            .collect();
        let mut layout = self.map(|id| new[id].clone(), str::to_string);
        for (i, room) in layout.rooms.iter_mut().enumerate() {
            if rng.below(3) == 0 {
                room.name = Some(NAMES[rng.index(NAMES.len())].to_string());
            }
            if rng.below(2) == 0 {
                // Distinct places: one per room index.
                room.at = Some(((i % 3) as u16, (i / 3) as u16));
            }
        }
        (layout, new)
    }

    /// The board in the hatchway language.
    fn language(&self) -> String {
        let title = |s: &str| {
            s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        };
        let mut text = format!("board {}\n", self.name);
        match self.rules.as_str() {
            "" => {}
            rules if title(rules) => text += &format!("rules {rules}\n"),
            path => text += &format!("rules \"{path}\"\n"),
        }
        for r in &self.rooms {
            text += &format!("room {}", r.id);
            if let Some(name) = &r.name {
                text += &format!(" \"{name}\"");
            }
            if let Some((column, row)) = r.at {
                text += &format!(" at {column},{row}");
            }
            if let Some(state) = &r.state {
                text += &format!(": {state}");
            }
            text.push('\n');
        }
        for (a, b, state) in &self.hatches {
            match state {
                Some(s) => text += &format!("hatch {a}-{b}: {s}\n"),
                None => text += &format!("hatch {a}-{b}\n"),
            }
        }
        text + &format!("start {}\n", self.start)
    }

    /// The board in the interchange shape of INTERCHANGE.md: ids that are
    /// plain whole numbers as numbers, every other id as text; fields left
    /// out when the board does not say, and `hatches` when there is none.
    fn document(&self) -> Value {
        let id = |id: &str| match id.parse::<u64>() {
            Ok(n) if n.to_string() == id => json!(n),
            _ => json!(id),
        };
        let rooms: Vec<Value> = self
            .rooms
            .iter()
            .map(|r| {
                let mut room = json!({ "id": id(&r.id) });
                if let Some(state) = &r.state {
                    room["state"] = json!(state);
                }
                if let Some(name) = &r.name {
                    room["name"] = json!(name);
                }
                if let Some((column, row)) = r.at {
                    room["at"] = json!([column, row]);
                }
                room
            })
            .collect();
        let hatches: Vec<Value> = self
            .hatches
            .iter()
            .map(|(a, b, state)| match state {
                Some(s) => json!({ "between": [id(a), id(b)], "state": s }),
                None => json!({ "between": [id(a), id(b)] }),
            })
            .collect();
        let mut doc = json!({ "name": self.name, "rooms": rooms, "start": id(&self.start) });
        if !self.rules.is_empty() {
            doc["rules"] = json!(self.rules);
        }
        if !hatches.is_empty() {
            doc["hatches"] = json!(hatches);
        }
        doc
    }
}

const RULES: [&str; 3] = ["red-november", "red-november-rulebook", "deep-water"];

/// What a random board is made of: its rules, its shape (up to 7 rooms)
/// and the seed of everything else.
#[derive(Clone, Debug)]
struct Pick {
    rules: &'static str,
    topology: Topology,
    seed: u64,
}

fn picks() -> impl Strategy<Value = Pick> {
    (0usize..3, 0u8..3, 1usize..=7, 0usize..=4, any::<u64>()).prop_map(
        |(rules, shape, rooms, extra_hatches, seed)| Pick {
            rules: RULES[rules],
            topology: match shape {
                0 => Topology::Random {
                    rooms,
                    extra_hatches,
                },
                1 => Topology::Grid { rooms },
                _ => Topology::Hull { rooms },
            },
            seed,
        },
    )
}

impl Pick {
    fn rules(&self) -> Arc<Rules> {
        load::builtin_rules(self.rules).expect("the rules are built in")
    }

    /// Every state of the rules at random (one room in high water when the
    /// rules have it), a random start.
    fn layout(&self) -> Layout {
        let spec = BoardSpec::standard(self.topology.clone(), &self.rules(), self.seed);
        Layout::parse(&board_text(&spec))
    }
}

// ------------------------------------------------------------ helpers

/// Reads a board, with the problems and the text in the panic message when
/// it does not compile.
fn load_board(name: &str, text: &str, kind: InputKind, dir: Option<&Path>) -> Board {
    let input = Input {
        name: name.to_string(),
        text: text.to_string(),
        dir: dir.map(Path::to_path_buf),
        kind,
    };
    match load::board(&input) {
        Ok(loaded) => loaded.value,
        Err(f) => panic!(
            "{name} does not compile:\n{}\n---\n{text}",
            f.reports
                .iter()
                .map(|r| r.render_plain(100))
                .collect::<String>()
        ),
    }
}

/// The same compiled board: name, rooms (ids, names, places, states),
/// hatches, start and rules.
fn same_board(a: &Board, b: &Board, text: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(&a.name, &b.name, "name, from\n{}", text);
    prop_assert_eq!(&a.rooms, &b.rooms, "rooms, from\n{}", text);
    prop_assert_eq!(&a.hatches, &b.hatches, "hatches, from\n{}", text);
    prop_assert_eq!(a.start, b.start, "start, from\n{}", text);
    prop_assert_eq!(&*a.rules, &*b.rules, "rules, from\n{}", text);
    Ok(())
}

/// No item, and every item of the rules.
fn item_sets(board: &Board) -> [ItemSet; 2] {
    let every = (0..board.rules.items.len()).fold(ItemSet::default(), |set, i| {
        set.with(ItemId(u8::try_from(i).expect("at most 8 items")))
    });
    [ItemSet::default(), every]
}

fn solve(board: &Board, items: ItemSet) -> Vec<Outcome> {
    let movement = board.rules.movement(items);
    search::solve(board, &movement, board.start, &Limits::default())
        .expect("a board of 7 rooms is solved within the default limits")
        .outcomes
}

/// A folder of its own for one test case, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "hatchway-invariants-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("a scratch folder can be made");
        Scratch(dir)
    }

    fn write(&self, file: &str, text: &str) -> PathBuf {
        let path = self.0.join(file);
        std::fs::write(&path, text).expect("a scratch file can be written");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

// ------------------------------------------------------------ 1. formats

/// Standard output and exit code of the binary.
fn run(args: &[&str]) -> (Vec<u8>, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the hatchway binary runs");
    (out.stdout, out.status.code())
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_FORMATS))]

    /// The same board as `.board`, `.yaml` and `.json` (same stem, same
    /// board name; the output names the board, never the file): `paths` in
    /// every format and `replay` print the same bytes and exit the same way.
    /// Half the boards have other room ids, display names and places; boards
    /// under the rulebook's rules are played with random items. On `terse`
    /// boards the documents leave out the name (the file's stem, `case`, is
    /// the board's name) and the default rules.
    #[test]
    fn the_three_formats_give_byte_identical_results(
        pick in picks(),
        ids in proptest::option::of(any::<u64>()),
        items in 0usize..4,
        terse in any::<bool>(),
    ) {
        let mut layout = match ids {
            Some(seed) => pick.layout().disguised(seed, false).0,
            None => pick.layout(),
        };
        if terse {
            layout.name = "case".to_string();
            if layout.rules == "red-november" {
                layout.rules.clear();
            }
        }
        let mut doc = layout.document();
        if terse {
            doc.as_object_mut().expect("a document is an object").remove("name");
        }
        let scratch = Scratch::new();
        let files = [
            scratch.write("case.board", &layout.language()),
            scratch.write("case.yaml", &serde_yaml::to_string(&doc).expect("YAML")),
            scratch.write("case.json", &serde_json::to_string_pretty(&doc).expect("JSON")),
        ];
        let rules = pick.rules();
        let mut with: Vec<&str> = Vec::new();
        for (bit, item) in rules.items.iter().enumerate() {
            if items & (1 << bit) != 0 {
                with.extend(["--with", item.as_str()]);
            }
        }
        for command in [
            &["paths", "--format", "json"][..],
            &["paths", "--format", "yaml"],
            &["paths"],
            &["replay"],
        ] {
            let results: Vec<_> = files
                .iter()
                .map(|file| {
                    let file = file.to_str().expect("temporary paths are UTF-8");
                    run(&[&[command[0], file], &command[1..], &with[..]].concat())
                })
                .collect();
            let (out, code) = &results[0];
            prop_assert_eq!(*code, Some(0), "{:?} on\n{}", command, layout.language());
            prop_assert!(!out.is_empty());
            for ((other, other_code), file) in results[1..].iter().zip(&files[1..]) {
                prop_assert_eq!(code, other_code, "{:?} on {:?}", command, file);
                prop_assert!(
                    out == other,
                    "{:?} {:?} differs from the .board file:\n{}\n---\n{}\n--- board:\n{}",
                    command,
                    file,
                    String::from_utf8_lossy(out),
                    String::from_utf8_lossy(other),
                    std::fs::read_to_string(file).unwrap_or_default(),
                );
            }
        }
    }
}

// ------------------------------------------------------------ 2. names and order

/// One outcome told by room ids: (final room, every room's final state,
/// cost).
type Told = (String, BTreeMap<String, StateId>, u32);

fn told(board: &Board, outcomes: &[Outcome], id: impl Fn(&str) -> String) -> BTreeSet<Told> {
    let id = |r: &hatchway::model::Room| id(&r.id);
    outcomes
        .iter()
        .map(|o| {
            let rooms = board.rooms.iter().map(id).zip(o.rooms.clone()).collect();
            (id(board.room(o.room)), rooms, o.cost.0)
        })
        .collect()
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_ROOM_IDS))]

    /// Rooms under other ids (numbers and names mixed) have the same
    /// outcomes at the same costs, and every path given replays to its
    /// outcome. Ties between equally cheap paths follow the order of the
    /// ids, so the paths themselves are only compared when the new ids keep
    /// the rooms' order.
    #[test]
    fn outcomes_do_not_depend_on_room_ids(pick in picks(), ids in any::<u64>(), keep_order in any::<bool>()) {
        let layout = pick.layout();
        let (renamed, new_id) = layout.disguised(ids, keep_order);
        let text = renamed.language();
        let a = load_board("a.board", &layout.language(), InputKind::Language, None);
        let b = load_board("b.board", &text, InputKind::Language, None);
        prop_assert_eq!(b.rooms.len(), a.rooms.len());
        for items in item_sets(&a) {
            let (oa, ob) = (solve(&a, items), solve(&b, items));
            prop_assert_eq!(ob.len(), oa.len(), "{:?} on\n{}", items, text);
            prop_assert_eq!(
                told(&a, &oa, |id| new_id[id].clone()),
                told(&b, &ob, str::to_string),
                "{:?} on\n{}", items, text
            );
            if keep_order {
                prop_assert_eq!(&oa, &ob, "{:?} on\n{}", items, text);
            }
            let movement = b.rules.movement(items);
            for o in &ob {
                match referee::replay(&b, &movement, b.start, &o.actions) {
                    Ok((ship, _)) => {
                        prop_assert_eq!(ship.position, o.room, "{:?} on\n{}", o, text);
                        prop_assert_eq!(&ship.rooms, &o.rooms, "{:?} on\n{}", o, text);
                        prop_assert_eq!(ship.spent, o.cost, "{:?} on\n{}", o, text);
                    }
                    Err((i, why)) => prop_assert!(false, "action {} of {:?}: {}\n{}", i, o, why, text),
                }
            }
        }
    }
}

/// The statements of a shipped rules file, one a line, without comments:
/// its first line (`rules NAME`) and the others.
fn statements(text: &str) -> (String, Vec<String>) {
    let mut lines = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty());
    let header = lines.next().expect("a rules file has a first line");
    (header, lines.collect())
}

/// The rules text with every word `names` has renamed, except the keyword
/// that starts each statement (`open`, the keyword, is also the name of a
/// hatch state) and quoted words.
fn rename_words(text: &str, names: &HashMap<String, String>) -> String {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let (header, lines) = statements(text);
    let mut out = header + "\n";
    for line in lines {
        let mut rest = line.as_str();
        let mut first = true;
        while let Some(c) = rest.chars().next() {
            let len = if word(c) {
                rest.find(|c: char| !word(c)).unwrap_or(rest.len())
            } else if c == '"' {
                // Quoted words (`say low_flood: "low water"`) are a
                // player's words, not names: kept as they are.
                rest[1..].find('"').map_or(rest.len(), |i| i + 2)
            } else {
                c.len_utf8()
            };
            let (piece, tail) = rest.split_at(len);
            match names.get(piece) {
                Some(new) if word(c) && !first => out += new,
                _ => out += piece,
            }
            first &= !word(c);
            rest = tail;
        }
        out.push('\n');
    }
    out
}

/// New names for every state and item of the rules: a shuffle of their own
/// names and others (unreserved keywords, other case, the longest name
/// allowed), so that names may trade places.
fn fresh_names(rules: &Rules, seed: u64) -> HashMap<String, String> {
    let old: Vec<&String> = rules
        .room_states
        .iter()
        .chain(&rules.hatch_states)
        .chain(&rules.items)
        .collect();
    let extra = [
        "open",
        "states",
        "at",
        "x",
        "_",
        "Fire",
        "CLEAR",
        "wet_2",
        "s1",
        "name_of_sixty_four_characters_0123456789_0123456789_0123456789ab",
    ];
    let mut pool: Vec<String> = old
        .iter()
        .map(|s| s.to_string())
        .chain(extra.iter().map(|s| s.to_string()))
        .collect();
    pool.sort();
    pool.dedup();
    Rng::new(seed).shuffle(&mut pool);
    old.into_iter().cloned().zip(pool).collect()
}

/// Checks that the board has exactly the same outcomes (paths included),
/// with no item and with every item, under its built-in rules and under
/// `rules_text`, a rules file read from beside the board, whose states are
/// named through `names`. Gives the board read with `rules_text`.
fn same_outcomes_under(
    layout: &Layout,
    rules_text: &str,
    names: &HashMap<String, String>,
) -> Result<Board, TestCaseError> {
    let scratch = Scratch::new();
    scratch.write("variant.rules", rules_text);
    let variant = Layout {
        rules: "variant.rules".to_string(),
        ..layout.map(str::to_string, |s| names[s].clone())
    };
    let text = variant.language();
    let a = load_board("a.board", &layout.language(), InputKind::Language, None);
    let b = load_board("b.board", &text, InputKind::Language, Some(&scratch.0));
    for items in item_sets(&a) {
        prop_assert_eq!(
            solve(&a, items),
            solve(&b, items),
            "{:?} on\n{}\n--- rules:\n{}",
            items,
            text,
            rules_text
        );
    }
    Ok(b)
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_RULES_TEXT))]

    /// A shipped rules file with every room state, hatch state and item
    /// renamed (the board renamed to match) compiles to the same rules up to
    /// the names, and gives the same outcomes and paths: states and items
    /// are numbered in the order they are declared, whatever their names.
    #[test]
    fn outcomes_do_not_depend_on_state_and_item_names(pick in picks(), seed in any::<u64>()) {
        let rules = pick.rules();
        let names = fresh_names(&rules, seed);
        let text = load::builtin_rules_text(pick.rules).expect("the rules are built in");
        let renamed = rename_words(text, &names);
        let board = same_outcomes_under(&pick.layout(), &renamed, &names)?;
        let all = |list: &[String]| list.iter().map(|s| names[s].clone()).collect::<Vec<_>>();
        let expected = Rules {
            room_states: all(&rules.room_states),
            hatch_states: all(&rules.hatch_states),
            items: all(&rules.items),
            ..(*rules).clone()
        };
        prop_assert_eq!(&*board.rules, &expected, "{}", renamed);
    }

    /// A shipped rules file with its statements in another order (the order
    /// within each list of states is kept) gives the same outcomes and
    /// paths.
    #[test]
    fn outcomes_do_not_depend_on_rule_order(pick in picks(), seed in any::<u64>()) {
        let rules = pick.rules();
        let (header, mut lines) = statements(
            load::builtin_rules_text(pick.rules).expect("the rules are built in"),
        );
        Rng::new(seed).shuffle(&mut lines);
        let shuffled = format!("{header}\n{}\n", lines.join("\n"));
        let same: HashMap<String, String> = rules
            .room_states
            .iter()
            .chain(&rules.hatch_states)
            .map(|s| (s.clone(), s.clone()))
            .collect();
        let board = same_outcomes_under(&pick.layout(), &shuffled, &same)?;
        prop_assert_eq!(&board.rules.room_states, &rules.room_states);
        prop_assert_eq!(&board.rules.flow, &rules.flow);
        prop_assert_eq!(&board.rules.walk_through, &rules.walk_through);
    }
}

// ------------------------------------------------------------ 3. round trips

/// The board text laid out carelessly: white space outside quoted text
/// turned into other white space (line breaks, tabs, comments, Windows line
/// ends), space around `:` and hatch dashes, statements run together.
fn messy(text: &str, seed: u64) -> String {
    const GAPS: [&str; 7] = [" ", "  ", "\t", "\n", " # a note\n", "\r\n  ", "\n\n\n"];
    const ENDS: [&str; 5] = ["\n", "\n\n", " # end of line\n", "\r\n", " "];
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    for line in text.lines() {
        let hatch = line.starts_with("hatch ");
        let mut quoted = false;
        for c in line.chars() {
            match c {
                '"' => quoted = !quoted,
                _ if quoted => {}
                ' ' => {
                    out += GAPS[rng.index(GAPS.len())];
                    continue;
                }
                ':' => out += GAPS[rng.index(GAPS.len())],
                '-' if hatch => out += GAPS[rng.index(GAPS.len())],
                _ => {}
            }
            out.push(c);
        }
        out += ENDS[rng.index(ENDS.len())];
    }
    out
}

proptest! {
    #![proptest_config(common::proptest_config(CASES_ROUND_TRIP))]

    /// A carelessly laid out board (odd ids, display names, places) reads
    /// as the same board once formatted, and formatting it again changes
    /// nothing. Exported to YAML, JSON and the language, it reads back as
    /// the same board, and exporting what was read back gives the same
    /// text.
    #[test]
    fn formatting_and_exporting_keep_the_board(pick in picks(), ids in any::<u64>(), mess in any::<u64>()) {
        let layout = pick.layout().disguised(ids, false).0;
        let board = load_board("a.board", &layout.language(), InputKind::Language, None);

        let text = messy(&layout.language(), mess);
        let formatted = match format(&text) {
            Ok(f) => f,
            Err(e) => return Err(TestCaseError::fail(format!("{e:?} on\n{text}"))),
        };
        let twice = format(&formatted).ok();
        prop_assert_eq!(twice.as_ref(), Some(&formatted), "formatting twice differs, from\n{}", text);
        let back = load_board("formatted.board", &formatted, InputKind::Language, None);
        same_board(&board, &back, &formatted)?;

        let rules = export::rules_reference(&board);
        for (to, ext, kind) in common::FORMATS {
            let exported = export::write(&board, &rules, to).expect("the board exports");
            let back = load_board(&format!("exported.{ext}"), &exported, kind, None);
            same_board(&board, &back, &exported)?;
            let again = export::write(&back, &export::rules_reference(&back), to)
                .expect("the board exports again");
            prop_assert_eq!(&again, &exported, "exporting twice differs");
        }
    }
}
