//! `hatchway fmt`: the canonical layout is stable (formatting twice changes
//! nothing), keeps every comment, and never changes what a file means. The
//! shipped files are in the canonical layout already.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use hatchway::format::format;
use hatchway::generate::{BoardSpec, Topology, board_text};
use hatchway::load::{self, Compiled, Input, InputKind};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn hatchway(args: &[&str], stdin: Option<&str>) -> (String, String, i32) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hatchway binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    input
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("stdin takes the text");
    drop(input);
    let out = child.wait_with_output().expect("hatchway ends");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Every shipped file in the hatchway language.
fn shipped() -> Vec<(PathBuf, String)> {
    let mut files: Vec<_> = std::fs::read_dir(root().join("boards"))
        .expect("boards/ exists")
        .map(|e| e.expect("boards/ lists").path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("board" | "rules")
            )
        })
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a shipped file reads");
            (p, text)
        })
        .collect();
    files.sort();
    assert!(files.len() >= 8, "boards/ holds the shipped files");
    files
}

/// The valid ```hatchway examples of the language reference.
fn documented() -> Vec<(String, String)> {
    let text =
        std::fs::read_to_string(root().join("docs/LANGUAGE.md")).expect("the reference exists");
    let mut found = Vec::new();
    let mut open: Option<(String, String)> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(tag)) if tag.trim() == "hatchway" => {
                open = Some((format!("docs/LANGUAGE.md:{}", i + 1), String::new()));
            }
            (None, Some(_)) => open = Some((String::new(), String::new())),
            (Some(_), Some(_)) => {
                if let Some((place, text)) = open.take().filter(|(place, _)| !place.is_empty()) {
                    found.push((place, text));
                }
            }
            (Some((_, block)), None) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(found.len() > 5, "the reference has examples");
    found
}

/// A few generated boards with different shapes.
fn generated() -> Vec<(String, String)> {
    let topologies = [
        Topology::Grid { rooms: 9 },
        Topology::Random {
            rooms: 12,
            extra_hatches: 5,
        },
        Topology::Grid { rooms: 4 },
    ];
    let mut boards = Vec::new();
    for (i, topology) in topologies.into_iter().enumerate() {
        for seed in [1, 7, 42] {
            let spec = BoardSpec {
                topology: topology.clone(),
                rules: "red-november".to_string(),
                room_states: vec![("clear".to_string(), 3), ("fire".to_string(), 1)],
                hatch_states: vec![("closed".to_string(), 2), ("open".to_string(), 1)],
                high_water: 1,
                high_water_state: Some("high_flood".to_string()),
                start: None,
                seed,
            };
            boards.push((format!("generated {i} seed {seed}"), board_text(&spec)));
        }
    }
    boards
}

/// Every text the tests run over: shipped, documented, generated.
fn all_texts() -> Vec<(String, String)> {
    let mut all: Vec<_> = shipped()
        .into_iter()
        .map(|(p, t)| (p.display().to_string(), t))
        .collect();
    all.extend(documented());
    all.extend(generated());
    all
}

fn formatted(name: &str, text: &str) -> String {
    match format(text) {
        Ok(f) => f,
        Err(problems) => panic!("{name} does not format: {problems:?}"),
    }
}

/// The comments of a text, in order (a `#` outside a quoted text).
fn comments(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let mut quoted = false;
        for (i, c) in line.char_indices() {
            match c {
                '"' => quoted = !quoted,
                '#' if !quoted => {
                    found.push(line[i..].trim_end().to_string());
                    break;
                }
                _ => {}
            }
        }
    }
    found
}

/// What a text compiles to, for comparing: the rules, or the board's name,
/// rules, rooms, hatches and start.
fn meaning(name: &str, text: &str) -> String {
    let input = Input {
        name: name.to_string(),
        text: text.to_string(),
        dir: Some(root().join("boards")),
        kind: InputKind::Language,
    };
    match load::compile(&input).map(|l| l.value) {
        Ok(Compiled::Rules(rules)) => format!("{rules:?}"),
        Ok(Compiled::Board(b)) => format!(
            "{} {:?} {:?} {:?} {:?}",
            b.name, b.rules, b.rooms, b.hatches, b.start
        ),
        Err(f) => panic!("{name} does not compile: {:?}", f.reports),
    }
}

#[test]
fn shipped_files_are_formatted() {
    for (path, text) in shipped() {
        assert_eq!(
            formatted(&path.display().to_string(), &text),
            text,
            "{} is not in the canonical layout: run `hatchway fmt boards/`",
            path.display()
        );
    }
}

#[test]
fn formatting_twice_changes_nothing() {
    for (name, text) in all_texts() {
        let once = formatted(&name, &text);
        assert_eq!(formatted(&name, &once), once, "{name}: not idempotent");
    }
}

#[test]
fn formatting_keeps_every_comment() {
    let mut seen = 0;
    for (name, text) in all_texts() {
        let before = comments(&text);
        seen += before.len();
        assert_eq!(comments(&formatted(&name, &text)), before, "{name}");
    }
    assert!(seen > 10, "the examples have comments");
}

#[test]
fn formatting_keeps_the_meaning() {
    for (name, text) in all_texts() {
        let after = formatted(&name, &text);
        assert_eq!(meaning(&name, &after), meaning(&name, &text), "{name}");
    }
}

/// A file written carelessly: odd spacing, several statements on a line, a
/// statement over two lines, runs of blank lines and comments everywhere.
const MESSY: &str = "# The galley in a hurry.\nboard   galley_rush # named\n\
rules red-november\n\n\n\n# rooms\nroom 1 \"Mess #1\"  :clear room 2:fire\nroom 3\n   \"Galley\" # by the stores\n\
hatch 1 - 2 hatch 2-3:open # the only open one\n\n\nstart 1\n# the end\n";

#[test]
fn a_messy_board_is_pinned() {
    let out = formatted("messy", MESSY);
    assert_eq!(comments(&out), comments(MESSY));
    assert_eq!(meaning("messy", &out), meaning("messy", MESSY));
    common::snapshot_settings().bind(|| insta::assert_snapshot!("format@messy-board", out));
}

#[test]
fn messy_rules_keep_their_order_and_spacing_becomes_canonical() {
    let text = "rules r\nroom states :a,b ,c hatch states:closed,open\n\
open closed:cost 1,becomes open walk through:open\nenter a:cost 0 enter b with x:cost 2\n\
enter b without x:forbidden enter c:forbidden items:x\nleave c:allowed\nflow a+b->c+c revisit:allowed\n";
    assert_eq!(
        formatted("rules", text),
        "rules r\nroom states: a, b, c\nhatch states: closed, open\n\
open closed: cost 1, becomes open\nwalk through: open\nenter a: cost 0\n\
enter b with x: cost 2\nenter b without x: forbidden\nenter c: forbidden\nitems: x\n\
leave c: allowed\nflow a + b -> c + c\nrevisit: allowed\n"
    );
}

#[test]
fn check_exits_1_with_a_diff_and_0_when_formatted() {
    let dir = std::env::temp_dir().join(format!("hatchway-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let messy = dir.join("messy.board");
    std::fs::write(&messy, MESSY).expect("the file writes");
    let json = dir.join("galley.json");
    std::fs::copy(root().join("boards/galley.json"), &json).expect("the file copies");
    let folder = dir.to_str().expect("UTF-8 path");

    let (out, _, code) = hatchway(&["fmt", "--check", folder], None);
    assert_eq!(code, 1);
    assert!(out.contains("+++ "), "a diff: {out}");
    assert!(out.contains("-hatch 1 - 2 hatch 2-3:open # the only open one"));
    assert!(out.contains("+hatch 1-2"));
    assert_eq!(
        std::fs::read_to_string(&messy).expect("reads"),
        MESSY,
        "--check changes nothing"
    );

    // A folder stands for its .board and .rules files; a JSON file named
    // on its own is skipped with a note.
    let (out, err, code) = hatchway(&["fmt", folder, json.to_str().expect("UTF-8 path")], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("formatted"), "names the changed file: {out}");
    assert!(err.contains("skipped"), "notes the JSON file: {err}");
    let (out, _, code) = hatchway(&["fmt", "--check", folder], None);
    assert_eq!((out.as_str(), code), ("", 0));
    let (_, _, code) = hatchway(&["fmt", "--check", "boards/"], None);
    assert_eq!(code, 0, "the shipped files are formatted");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn standard_input_is_formatted_to_standard_output() {
    let (out, _, code) = hatchway(&["fmt"], Some(MESSY));
    assert_eq!(code, 0);
    assert_eq!(out, formatted("messy", MESSY));
    let (_, _, code) = hatchway(&["fmt", "--check"], Some(MESSY));
    assert_eq!(code, 1);
    let (_, _, code) = hatchway(&["fmt", "--check"], Some(&out));
    assert_eq!(code, 0);
}

#[test]
fn a_file_with_syntax_errors_is_not_touched() {
    let dir = std::env::temp_dir().join(format!("hatchway-fmt-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let bad = dir.join("bad.board");
    let text = "board b\nroom  1\nhatch 1 2\n";
    std::fs::write(&bad, text).expect("the file writes");
    let (_, err, code) = hatchway(&["fmt", bad.to_str().expect("UTF-8 path")], None);
    assert_eq!(code, 1);
    assert!(err.contains("expected"), "the syntax error is shown: {err}");
    assert_eq!(std::fs::read_to_string(&bad).expect("reads"), text);
    std::fs::remove_dir_all(&dir).ok();
}
