//! One turn in every command: the same board, rules, items and start give
//! the same outcome numbers and the same paths in `replay`, `draw`, `dot`
//! and `report`; a command that cannot honour an option refuses it by
//! name; an empty answer says why; the shipped boards can be named.

use crate::common::{self, Run};
use serde_json::json;

/// The path of outcome `n` as `replay --format json` gives it: `open A-B`
/// and `move R`, in order.
fn replayed(args: &[&str], n: &str) -> Vec<String> {
    let mut all = vec!["replay", "--outcome", n, "--format", "json"];
    all.extend_from_slice(args);
    let (out, err, code) = common::hatchway(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    steps_of(&doc["outcomes"][0]["steps"])
}

/// Steps of a replay document as a plan writes them.
fn steps_of(steps: &serde_json::Value) -> Vec<String> {
    steps
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| match s["action"].as_str() {
            Some("open") => format!(
                "open {}-{}",
                s["hatch"][0].as_str().unwrap_or(""),
                s["hatch"][1].as_str().unwrap_or("")
            ),
            _ => format!("move {}", s["room"].as_str().unwrap_or("")),
        })
        .collect()
}

/// The path `draw` writes over its picture: `open hatch A-B` and `move to
/// room R (Name)`, after the minutes.
fn drawn(args: &[&str], n: &str) -> Vec<String> {
    let mut all = vec!["draw", "--outcome", n];
    all.extend_from_slice(args);
    let (out, err, code) = common::hatchway(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    let header = common::words(out.split("\n\n").next().unwrap_or(""));
    let path = header.split(" min: ").nth(1).unwrap_or("");
    path.split(", ")
        .filter(|s| *s != "stay")
        .map(|s| {
            if let Some(h) = s.strip_prefix("open hatch ") {
                format!("open {h}")
            } else {
                let room = s.trim_start_matches("move to room ");
                format!("move {}", room.split(' ').next().unwrap_or(""))
            }
        })
        .collect()
}

/// The path `dot` labels its edges with: `K: open` and `K: to R`, by step.
fn dotted(args: &[&str], n: &str) -> Vec<String> {
    let mut all = vec!["dot", "--outcome", n];
    all.extend_from_slice(args);
    let (out, err, code) = common::hatchway(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    let mut steps: Vec<(usize, String)> = Vec::new();
    for line in out.lines().filter(|l| l.contains(" -- ")) {
        let ids: Vec<&str> = line.split('"').skip(1).step_by(2).take(2).collect();
        let Some(label) = line.split("label=\"").nth(1) else {
            continue;
        };
        let label = label.split('"').next().unwrap_or("");
        for part in label.split("\\n") {
            let Some((k, what)) = part.split_once(": ") else {
                continue;
            };
            let Ok(k) = k.parse::<usize>() else {
                continue;
            };
            let step = match what.strip_prefix("to ") {
                Some(room) => format!("move {room}"),
                None => format!("open {}-{}", ids[0], ids[1]),
            };
            steps.push((k, step));
        }
    }
    steps.sort();
    steps.into_iter().map(|(_, s)| s).collect()
}

/// The path of outcome `n` in the data of `report`'s page: each step is
/// `[words, room, rooms changed, hatches changed, hatch, way]`, way 0 an
/// opening of the hatch, else a move into the room.
fn reported(args: &[&str], n: &str) -> Vec<String> {
    let mut all = vec!["report"];
    all.extend_from_slice(args);
    let (html, err, code) = common::hatchway(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    let open = "<script type=\"application/json\" id=\"hatchway-data\">";
    let start = html.find(open).expect("data") + open.len();
    let end = start + html[start..].find("</script>").expect("end of data");
    let doc: serde_json::Value = serde_json::from_str(&html[start..end]).expect("JSON");
    let outcome = doc["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .find(|o| o["number"].as_u64().map(|k| k.to_string()).as_deref() == Some(n))
        .unwrap_or_else(|| panic!("no outcome {n} in the report"));
    let name = |list: &str, i: &serde_json::Value| -> String {
        let i = i.as_u64().expect("an index") as usize;
        let entry = &doc[list][i];
        entry["id"]
            .as_str()
            .or(entry.as_str())
            .expect("a name")
            .to_string()
    };
    outcome["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| {
            if s[5] == 0 {
                format!("open {}", name("hatches", &s[4]))
            } else {
                format!("move {}", name("rooms", &s[1]))
            }
        })
        .collect()
}

/// An outcome number from `paths` means the same path in `replay`, `draw`,
/// `dot` and `report` under the same board, items, rules and start.
#[test]
fn draw_dot_report_and_replay_show_the_same_path() {
    let cases: &[(&[&str], &str)] = &[
        (&["boards/desperate-times.board", "--with", "grog"], "18"),
        (&["boards/desperate-times.board"], "18"),
        (&["desperate-times", "--with", "grog", "--from", "8"], "12"),
        (
            &[
                "boards/red-november.board",
                "--rules",
                "red-november-rulebook",
                "--from",
                "5",
            ],
            "7",
        ),
        (
            &[
                "boards/burning-reactor.board",
                "--rules",
                "red-november-rulebook",
            ],
            "4",
        ),
    ];
    for (args, n) in cases {
        let expected = replayed(args, n);
        assert!(!expected.is_empty(), "{args:?} #{n} has a path");
        assert_eq!(drawn(args, n), expected, "draw {args:?} #{n}");
        assert_eq!(dotted(args, n), expected, "dot {args:?} #{n}");
        assert_eq!(reported(args, n), expected, "report {args:?} #{n}");
    }
    // Without grog, outcome 18 of that board is another turn's: it differs.
    assert_ne!(
        replayed(&["boards/desperate-times.board"], "18"),
        replayed(&["boards/desperate-times.board", "--with", "grog"], "18")
    );
}

/// `draw` takes a planned path as `dot` does.
#[test]
fn draw_draws_a_planned_path() {
    Run::new(&[
        "draw",
        "desperate-times",
        "--with",
        "grog",
        "--path",
        "open 5-7, move 5, open 2-5, move 2",
    ])
    .snapshot("one-turn@draw-planned-path");
    let out = Run::new(&["draw", "desperate-times", "--path", "move 1"])
        .snapshot("one-turn@draw-illegal-path");
    assert!(out.stderr.contains("illegal_step"), "{}", out.stderr);
}

/// What a command cannot honour it refuses by name, and never answers
/// for another turn.
#[test]
fn options_a_command_cannot_honour_are_refused_by_name() {
    Run::new(&[
        "export",
        "desperate-times",
        "--with",
        "grog",
        "--format",
        "yaml",
    ])
    .snapshot("one-turn@export-refuses-with");
    // What it can honour, it does: the exported board starts where asked.
    let out = Run::new(&[
        "export",
        "desperate-times",
        "--from",
        "3",
        "--format",
        "yaml",
    ])
    .snapshot("one-turn@export-from");
    assert!(out.stdout.ends_with("start: 3\n"), "{}", out.stdout);
    // `sweep --from` sweeps that one start room.
    let (out, err, code) = common::hatchway(&[
        "sweep",
        "boards/open-mini.board",
        "--from",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let (all, _, _) = common::hatchway(&["sweep", "boards/open-mini.board", "--format", "json"]);
    let all: serde_json::Value = serde_json::from_str(&all).expect("JSON");
    assert_eq!(
        doc["solves"].as_u64().map(|s| s * 4),
        all["solves"].as_u64(),
        "one start room of four"
    );
    // And it says which turn it swept, as every document does.
    assert_eq!(
        (&doc["board"], &doc["rules"], &doc["start"]),
        (
            &json!("open-mini"),
            &json!("red-november-rulebook"),
            &json!("2")
        )
    );
    assert_eq!(all["start"], serde_json::Value::Null, "every room a start");
    // The same sweep under the rulebook with grog, with more options.
    let with_grog = [
        "sweep",
        "boards/open-mini.board",
        "--rules",
        "red-november-rulebook",
        "--with",
        "grog",
        "--states",
        "clear",
    ];
    Run::new(&with_grog)
        .seconds()
        .snapshot("one-turn@sweep-with-grog");
    let (out, _, _) =
        common::hatchway(&[&with_grog[..], &["--from", "2", "--format", "json"]].concat());
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(doc["items"], json!(["grog"]));
}

/// A filter that hides every outcome says which, and what would show one;
/// a header counts what it shows of all.
#[test]
fn an_empty_answer_says_why() {
    let out =
        Run::new(&["paths", "desperate-times", "--to", "1"]).snapshot("one-turn@empty-answer-to");
    let said = common::words(&out.stdout);
    assert!(
        said.contains("no outcome shown: no move ends in room 1 (Engine Room): from room 3: room 1 (Engine Room) has fire and cannot be entered (with Grog or Fire Extinguisher it is allowed); no move reaches room 2"),
        "{}",
        out.stdout
    );
    Run::new(&[
        "paths",
        "desperate-times",
        "--with",
        "grog",
        "--to",
        "1",
        "--safe",
    ])
    .snapshot("one-turn@empty-answer-safe");
    Run::new(&["paths", "desperate-times", "--with", "grog", "--safe"])
        .snapshot("one-turn@safe-answer");
    // In JSON the reason goes to standard error.
    Run::new(&["paths", "desperate-times", "--to", "1", "--format", "json"])
        .snapshot("one-turn@empty-answer-json");
    // `plan` quotes the rule that forbids the action.
    let out = Run::new(&[
        "plan",
        "desperate-times",
        "--action",
        "unblock_hatch",
        "--at",
        "2",
        "--with",
        "grog",
    ])
    .snapshot("one-turn@plan-forbidden-action");
    assert!(
        common::words(&out.stdout).contains("in none can Unblock Hatch be taken: in a room that has fire, the rules `red-november-rulebook` say `action in fire: forbidden`"),
        "{}",
        out.stdout
    );
}

/// `plan` with no plan says why as `paths --to` does: the rule that
/// refuses every step into the room, and the items that would allow one;
/// or, where moves end in the room, the rule that forbids the action in
/// the state they leave it in, and the item that would allow it. An empty
/// answer is an answer: exit 0.
#[test]
fn an_empty_plan_says_why() {
    Run::new(&[
        "plan",
        "boards/desperate-times.board",
        "--action",
        "extinguish_fire",
        "--at",
        "1",
    ])
    .stdout(concat!(
        "desperate-times: Extinguish Fire at room 1 (Engine Room), start in room 7\n",
        "(Missile Control), rules red-november-rulebook, 0 plans\n",
        "a fix-it roll: choose 1 to 10 minutes; it succeeds when a 10-sided die rolls at\n",
        "most the minutes plus the bonus\n",
        "\n",
        "no move ends in room 1 (Engine Room): from room 3: room 1 (Engine Room) has fire\n",
        "and cannot be entered (with Grog or Fire Extinguisher it is allowed); no move\n",
        "reaches room 2\n",
    ))
    .status(0)
    .run();
    // The same words as `paths --to 1`, which the plan's reason reuses.
    let (paths, _, _) = common::hatchway(&["paths", "desperate-times", "--to", "1"]);
    assert!(
        common::words(&paths).contains("no outcome shown: no move ends in room 1 (Engine Room): from room 3: room 1 (Engine Room) has fire and cannot be entered (with Grog or Fire Extinguisher it is allowed); no move reaches room 2"),
        "{paths}"
    );
    // Rules under which only the extinguisher fights a fire: grog lets the
    // gnome into the Engine Room, but not fight the fire there.
    Run::new(&[
        "plan",
        "boards/desperate-times.board",
        "--rules",
        "tests/fixtures/extinguisher-only.rules",
        "--action",
        "extinguish_fire",
        "--at",
        "1",
        "--with",
        "grog",
    ])
    .stdout(concat!(
        "desperate-times: extinguish fire at room 1 (Engine Room), start in room 7\n",
        "(Missile Control), rules extinguisher-only with grog, 0 plans\n",
        "a fix-it roll: choose 1 to 10 minutes; it succeeds when a 10-sided die rolls at\n",
        "most the minutes plus the bonus\n",
        "\n",
        "2 moves end in room 1 (Engine Room), but in none can extinguish fire be taken:\n",
        "in a room that has fire, the rules `extinguisher-only` say `action in fire:\n",
        "forbidden`; with --with fire_extinguisher it can be taken\n",
    ))
    .status(0)
    .run();
}

/// The shipped boards are built in: named from any folder, listed by
/// `hatchway boards`, printed as shipped; a file of the same name wins, and
/// says so.
#[test]
fn the_shipped_boards_can_be_named_from_anywhere() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("named-boards");
    std::fs::create_dir_all(&dir).expect("a folder");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hatchway"))
            .args(args)
            .current_dir(&dir)
            .env("NO_COLOR", "1")
            .output()
            .expect("runs");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code().unwrap_or(-1),
        )
    };
    Run::new(&["paths", "desperate-times", "--with", "grog", "--to", "1"])
        .current_dir(&dir)
        .snapshot("one-turn@named-board-elsewhere");
    let (list, _, code) = run(&["boards"]);
    assert_eq!(code, 0);
    for name in ["red-november", "desperate-times", "galley", "long-hull"] {
        assert!(
            list.lines().any(|l| l.starts_with(&format!("{name} ("))),
            "{list}"
        );
    }
    let (text, _, _) = run(&["boards", "desperate-times"]);
    let shipped =
        std::fs::read_to_string(common::board_path("desperate-times.board")).expect("shipped");
    assert_eq!(text, shipped);
    let (_, _, code) = run(&["replay", "galley", "--outcome", "1"]);
    assert_eq!(code, 0, "a JSON board by name");
    // A file of that name wins, with a warning.
    std::fs::write(dir.join("open-mini"), "board mine\nroom 1\nstart 1\n").expect("written");
    let out = Run::new(&["paths", "open-mini"])
        .current_dir(&dir)
        .tmp(&dir)
        .snapshot("one-turn@file-wins-over-board-name");
    assert!(
        out.stderr.contains("ambiguous_board_name"),
        "{}",
        out.stderr
    );
    // Neither a file nor a board: the error of reading the file.
    Run::new(&["paths", "no-such-board"])
        .current_dir(&dir)
        .tmp(&dir)
        .snapshot("one-turn@neither-file-nor-board");
}

/// The documents' examples name the shipped boards by their paths in the source
/// tree; elsewhere (after `cargo install`) such a path reads the built-in
/// board, with a warning that says so.
#[test]
fn readme_paths_to_shipped_boards_work_anywhere() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme-paths");
    std::fs::create_dir_all(&dir).expect("a folder");
    let out = Run::new(&["paths", "boards/desperate-times.board", "--to", "7"])
        .current_dir(&dir)
        .tmp(&dir)
        .snapshot("one-turn@readme-path-elsewhere");
    let stderr = &out.stderr;
    assert!(
        common::words(stderr).contains("there is no file `boards/desperate-times.board` here: the built-in board `desperate-times` is read"),
        "{stderr}"
    );
}

/// `--survival` shows only outcomes of the survival kinds asked for, the
/// others keeping their numbers; an answer it empties says what it hid,
/// and a misspelt kind gets the closest name.
#[test]
fn survival_shows_only_the_kinds_asked_for() {
    let out = Run::new(&[
        "paths",
        "boards/desperate-times.board",
        "--with",
        "grog",
        "--survival",
        "safe_any_roll",
    ])
    .snapshot("one-turn@survival-safe-any-roll");
    let numbers: Vec<&str> = out
        .stdout
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix('#'))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(numbers, ["18", "23", "11", "19"], "{}", out.stdout);
    Run::new(&[
        "paths",
        "tests/fixtures/trapped-in-fire.board",
        "--with",
        "grog",
        "--survival",
        "fatal",
    ])
    .stdout(
        "trapped-in-fire: start in room 1 (Galley), rules red-november-rulebook, holding\n  Grog, 0 of 2 outcomes\n\
         \n\
         no outcome shown: `--survival fatal` hides every outcome: 2 are deadly if he\n\
         stays, saved only by a sure roll\n",
    )
    .run();
    // `replay` says it under its empty log.
    Run::new(&[
        "replay",
        "tests/fixtures/trapped-in-fire.board",
        "--with",
        "grog",
        "--survival",
        "fatal",
    ])
    .stdout(
        "trapped-in-fire: start in room 1 (Galley), rules red-november-rulebook with\n  Grog, 2 outcomes\n\
         rooms as id:state (c clear, lf low water, hf high water, f fire, s the sea); @\n\
         player, * just changed\n\
         \n\
         no outcome shown: `--survival fatal` hides every outcome: 2 are deadly if he\n\
         stays, saved only by a sure roll\n",
    )
    .run();
    // Outcomes ending in a room `--to` names say which filter hid them.
    Run::new(&[
        "paths",
        "desperate-times",
        "--with",
        "grog",
        "--to",
        "1,3",
        "--safe",
        "--survival",
        "fatal",
    ])
    .snapshot("one-turn@survival-empty-to");
    // The same kinds in the batch, the stream and JSON, numbers kept.
    let (json, err, code) = common::hatchway(&[
        "paths",
        "desperate-times",
        "--with",
        "grog",
        "--survival",
        "safe_any_roll,safe_sure_roll",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let kinds: Vec<(u64, String)> = doc["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .map(|o| {
            (
                o["number"].as_u64().unwrap_or(0),
                o["survival"]["kind"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        kinds.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        [11, 18, 19, 23]
    );
    assert!(kinds.iter().all(|(_, k)| k == "safe_any_roll"), "{kinds:?}");
    let (streamed, err, code) = common::hatchway(&[
        "paths",
        "desperate-times",
        "--with",
        "grog",
        "--survival",
        "safe_any_roll",
        "--stream",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let streamed: Vec<u64> = streamed
        .lines()
        .skip(1)
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|o| o["number"].as_u64())
        .collect();
    assert_eq!(streamed, [11, 18, 19, 23]);
    let (board, err, code) = common::hatchway(&["export", "desperate-times", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let board: serde_json::Value = serde_json::from_str(&board).expect("JSON");
    let line = format!("{board}\n");
    let batch = Run::new(&[
        "paths",
        "--batch",
        "--with",
        "grog",
        "--survival",
        "safe_any_roll",
    ])
    .stdin(&line)
    .output();
    let batch: serde_json::Value = serde_json::from_str(&batch.stdout).expect("JSON");
    let numbers: Vec<u64> = batch["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .filter_map(|o| o["number"].as_u64())
        .collect();
    assert_eq!(numbers, [11, 18, 19, 23]);
    // `replay --outcome` of an outcome it hides says why.
    Run::new(&[
        "replay",
        "desperate-times",
        "--with",
        "grog",
        "--outcome",
        "1",
        "--survival",
        "safe_any_roll",
    ])
    .snapshot("one-turn@survival-hidden-outcome");
    Run::new(&["paths", "desperate-times", "--survival", "saf"])
        .snapshot("one-turn@survival-misspelt");
    // Commands without the filters of a query refuse it by name.
    for command in ["plan", "sweep", "dot", "draw"] {
        let (_, err, code) = common::hatchway(&[command, "desperate-times", "--survival", "safe"]);
        assert_eq!(code, 2, "{command}: {err}");
        assert!(err.contains("'--survival'"), "{command}: {err}");
    }
}

/// Why a room is out of reach is told as a fact of the ship, with what
/// would allow the step, whatever bars it: a blocked hatch, the sea
/// without an aqualung, the high water an opening lets in; the rule that
/// decides only with `--explain`. Each pinned whole.
#[test]
fn every_refusal_is_a_fact_of_the_ship() {
    let board = "tests/fixtures/barred.board";
    let cases: [(&str, &[&str]); 4] = [
        ("blocked-hatch", &["--to", "2"]),
        ("sea-without-aqualung", &["--to", "sea"]),
        ("flooded-by-opening", &["--to", "6", "--with", "aqualung"]),
        (
            "flooded-by-opening-explained",
            &["--to", "6", "--with", "aqualung", "--explain"],
        ),
    ];
    for (name, args) in cases {
        let out =
            Run::new(&[&["paths", board], args].concat()).snapshot(&format!("refusal@{name}"));
        let explained = args.contains(&"--explain");
        assert_eq!(
            out.stdout.contains("the rules"),
            explained,
            "{name}: {}",
            out.stdout
        );
    }
}
