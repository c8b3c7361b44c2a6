//! What a newcomer meets first: messages that name the closest known name
//! and the rule that decided, plurals and shares that say what they hold,
//! lists given as `a,b` as well as by repeating a flag.

use crate::common::{Run, hatchway, words};

/// A misspelt name gets the closest known one, whichever kind of name it is
/// and wherever it is written.
#[test]
fn unknown_names_suggest_the_closest() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("paths-to", &["paths", "--to", "100"], "did you mean `10`?"),
        (
            "paths-with",
            &[
                "paths",
                "boards/red-november-rulebook.board",
                "--with",
                "grg",
            ],
            "did you mean `grog`?",
        ),
        (
            "sweep-states",
            &["sweep", "--rooms", "1", "--states", "low_flod"],
            "did you mean `low_flood` (\"low water\")?",
        ),
        (
            "replay-path",
            &["replay", "--path", "open 1-2, move 100"],
            "did you mean `10`?",
        ),
        ("man", &["man", "pahts"], "did you mean `paths`?"),
        (
            "check-state",
            &["check", "tests/invalid/misspelt-state.board"],
            "did you mean `low_flood` (\"low water\")?",
        ),
        (
            "check-rules",
            &["check", "tests/invalid/misspelt-rules.board"],
            "did you mean `red-november`?",
        ),
    ];
    for (name, args, hint) in cases {
        let out = Run::new(args).snapshot(&format!("newcomer@suggest-{name}"));
        assert_eq!(out.status, 1, "{args:?}: {}", out.stderr);
        assert!(
            words(&out.stderr).contains(hint),
            "{args:?} should hint {hint}:\n{}",
            out.stderr
        );
    }
    // A name far from every known one gets the list, and no guess.
    let out = Run::new(&["paths", "--to", "galley"]).snapshot("newcomer@suggest-none");
    assert!(!out.stderr.contains("did you mean"), "{}", out.stderr);
    // clap suggests for values of its own lists.
    let out = Run::new(&["paths", "--format", "jsn"]).snapshot("newcomer@suggest-clap");
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("'json'"), "{}", out.stderr);
}

/// `--with a,b` is the same as `--with a --with b`, and `--to` takes several
/// rooms.
#[test]
fn lists_by_comma_or_by_repeating() {
    let board = "boards/red-november-rulebook.board";
    let commas = hatchway(&["paths", board, "--with", "grog,aqualung", "--to", "2,5"]);
    let repeated = hatchway(&[
        "paths", board, "--with", "grog", "--with", "aqualung", "--to", "2", "--to", "5",
    ]);
    assert_eq!(commas.2, 0, "{}", commas.1);
    assert_eq!(commas, repeated);
    let headings: Vec<&str> = commas
        .0
        .lines()
        .filter(|l| l.starts_with("room "))
        .map(|l| l.split(' ').nth(1).unwrap_or(""))
        .collect();
    assert_eq!(headings, ["2", "5"], "{}", commas.0);
    let without = hatchway(&["paths", board, "--with", "grog", "--to", "2,5"]);
    assert_ne!(without.0, commas.0, "aqualung changes the outcomes");
}

/// Counts of one are singular, and shares show no digit they do not hold.
#[test]
fn plurals_and_shares() {
    let out = Run::new(&["sweep", "red-november", "--rooms", "1", "--states", "fire"])
        .seconds()
        .snapshot("newcomer@sweep-one-configuration");
    assert!(
        out.stdout
            .contains("1 configuration x 10 start rooms = 10 solves"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains(".0%"), "{}", out.stdout);
    Run::new(&["check", "tests/fixtures/one-room.board"]).snapshot("newcomer@check-one-room");
}

/// A room id with `-` says why it cannot be one and what to write, in the
/// language and in a YAML board.
#[test]
fn room_ids_with_a_dash_say_what_to_write() {
    let dir = std::env::temp_dir().join(format!("hatchway-dash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let yaml = dir.join("dash.yaml");
    std::fs::write(
        &yaml,
        "name: dashes\nrooms:\n  - {id: engine-room}\n  - {id: galley}\nhatches:\n  - {between: [engine-room, galley]}\nstart: galley\n",
    )
    .expect("the board is written");
    for file in [
        "tests/invalid/syntax-room-id-with-dash.board",
        yaml.to_str().expect("a UTF-8 path"),
    ] {
        let name = if file.ends_with(".yaml") {
            "yaml"
        } else {
            "board"
        };
        let out = Run::new(&["check", file])
            .tmp(&dir)
            .snapshot(&format!("newcomer@room-id-with-dash-{name}"));
        assert!(
            words(&out.stderr).contains("write `engine_room` instead"),
            "{file}: {}",
            out.stderr
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A refused planned step quotes the rule that decided from the rules file
/// in use (never a rule that file does not have) and names the item that
/// would allow it.
#[test]
fn refused_steps_quote_the_deciding_rule() {
    let out = Run::new(&[
        "replay",
        "tests/fixtures/rulebook-fire.board",
        "--path",
        "move 2",
    ])
    .snapshot("newcomer@refused-step-shipped-rules");
    assert!(
        out.stderr.contains("39 │ enter fire: forbidden"),
        "{}",
        out.stderr
    );
    // A rules file of the user's own: the quote is its line, and an item
    // that does not help is not named.
    let dir = std::env::temp_dir().join(format!("hatchway-rule-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    std::fs::write(
        dir.join("hot.rules"),
        "rules hot\nroom states: cool, hot\nhatch states: shut, ajar\nitems: mitts, hat\n\
         open shut: cost 2, becomes ajar\nwalk through: ajar\n\
         enter cool: cost 0\nenter hot: forbidden   # too hot\nenter hot with mitts: cost 3\n",
    )
    .expect("the rules are written");
    std::fs::write(
        dir.join("kiln.board"),
        "board kiln rules \"hot.rules\"\nroom 1\nroom 2: hot\nhatch 1-2: ajar\nstart 1\n",
    )
    .expect("the board is written");
    let board = dir.join("kiln.board");
    let board = board.to_str().expect("a UTF-8 path");
    let out = Run::new(&["replay", board, "--path", "move 2"])
        .tmp(&dir)
        .snapshot("newcomer@refused-step-own-rules");
    assert!(!words(&out.stderr).contains("--with hat"), "{}", out.stderr);
    assert!(!out.stderr.contains("red-november"), "{}", out.stderr);
    let (out, _, code) = hatchway(&["replay", board, "--path", "move 2", "--format", "json"]);
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("a JSON document");
    assert_eq!(doc["verdict"], "refused");
    assert_eq!(doc["steps"][0]["rule"]["line"], 8);
    assert_eq!(doc["steps"][0]["rule"]["text"], "enter hot: forbidden");
    assert_eq!(
        doc["steps"][0]["allowed_with"],
        serde_json::json!(["mitts"])
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The documents of `paths` and `replay` name the rules and the items held,
/// call water `flows` as the language does, and a replay lists each step
/// with the minutes so far and what it changed.
#[test]
fn documents_name_rules_items_and_steps() {
    let board = "boards/mini-flood.board";
    let (out, err, code) = hatchway(&["paths", board, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("a JSON document");
    assert_eq!(doc["rules"], "red-november");
    assert_eq!(doc["items"], serde_json::json!([]));
    assert!(!out.contains("\"flood\""), "{out}");
    assert!(out.contains("\"flows\""), "{out}");
    // Not pinned whole: the document of every outcome is 75,000 lines.
    let (out, err, code) = hatchway(&[
        "paths",
        "boards/red-november-rulebook.board",
        "--with",
        "aqualung,grog",
        "--format",
        "yaml",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("items:\n- grog\n- aqualung\n"), "{out}");

    let (out, err, code) = hatchway(&["replay", board, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("a JSON document");
    // The costliest outcome (listed last, cheapest first) has steps.
    let outcome = doc["outcomes"]
        .as_array()
        .and_then(|all| all.last())
        .expect("an outcome");
    let steps = outcome["steps"].as_array().expect("steps");
    assert_eq!(
        steps.len(),
        outcome["actions"].as_array().expect("actions").len()
    );
    assert_eq!(steps.last().expect("a step")["minutes"], outcome["cost"]);
    Run::new(&[
        "replay",
        board,
        "--path",
        "open 1-2, move 1",
        "--format",
        "yaml",
    ])
    .snapshot("newcomer@replay-yaml-steps");
}

/// A JSON board's error names the field at fault, as a YAML board's does.
#[test]
fn json_board_errors_name_the_field() {
    let dir = std::env::temp_dir().join(format!("hatchway-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let file = dir.join("bad.json");
    std::fs::write(
        &file,
        r#"{"rooms": [{"id": 1}, {"id": 2}], "hatches": [{"between": [1, 2]}, {"between": [1, 2], "state": {"a": 1}}], "start": 1}"#,
    )
    .expect("the board is written");
    Run::new(&["check", file.to_str().expect("a UTF-8 path")])
        .tmp(&dir)
        .snapshot("newcomer@json-board-error");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `replay --outcome N` with a filter that hides outcome N says why, rather
/// than printing nothing.
#[test]
fn a_hidden_outcome_is_not_replayed_in_silence() {
    Run::new(&["replay", "red-november", "--outcome", "4", "--to", "2"])
        .snapshot("newcomer@hidden-outcome-to");
    Run::new(&[
        "replay",
        "boards/red-november-rulebook.board",
        "--outcome",
        "5",
        "--safe",
    ])
    .snapshot("newcomer@hidden-outcome-safe");
    // Shown when the filter lets it through.
    Run::new(&["replay", "red-november", "--outcome", "4", "--to", "4"])
        .snapshot("newcomer@shown-outcome");
}

/// Counts read as words: one of a thing is singular, in every message.
#[test]
fn one_of_a_thing_is_singular() {
    Run::new(&["paths", "--max-states", "1"]).snapshot("newcomer@limit-of-one-state");
    Run::new(&["test", "--snapshots", "snapshots", "boards/open-mini.board"])
        .snapshot("newcomer@one-board-one-match");
}
