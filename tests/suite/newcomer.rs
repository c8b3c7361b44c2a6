//! What a newcomer meets first: messages that name the closest known name
//! and the rule that decided, plurals and shares that say what they hold,
//! lists given as `a,b` as well as by repeating a flag.

use crate::common::{hatchway, words};

/// A misspelt name gets the closest known one, whichever kind of name it is
/// and wherever it is written.
#[test]
fn unknown_names_suggest_the_closest() {
    let cases: &[(&[&str], &str)] = &[
        (&["paths", "--to", "100"], "did you mean `10`?"),
        (
            &[
                "paths",
                "boards/red-november-rulebook.board",
                "--with",
                "grg",
            ],
            "did you mean `grog`?",
        ),
        (
            &["sweep", "--rooms", "1", "--states", "low_flod"],
            "did you mean `low_flood`?",
        ),
        (
            &["replay", "--path", "open 1-2, move 100"],
            "did you mean `10`?",
        ),
        (&["man", "pahts"], "did you mean `paths`?"),
        (
            &["check", "tests/invalid/misspelt-state.board"],
            "did you mean `low_flood`?",
        ),
        (
            &["check", "tests/invalid/misspelt-rules.board"],
            "did you mean `red-november`?",
        ),
    ];
    for (args, hint) in cases {
        let (_, err, code) = hatchway(args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            words(&err).contains(hint),
            "{args:?} should hint {hint}:\n{err}"
        );
    }
    // A name far from every known one gets the list, and no guess.
    let (_, err, _) = hatchway(&["paths", "--to", "galley"]);
    assert!(!err.contains("did you mean"), "{err}");
    // clap suggests for values of its own lists.
    let (_, err, code) = hatchway(&["paths", "--format", "jsn"]);
    assert_eq!(code, 2);
    assert!(err.contains("'json'"), "{err}");
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
    let (out, err, code) = hatchway(&["sweep", "--rooms", "1", "--states", "fire"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("1 configuration x 10 start rooms = 10 solves"),
        "{out}"
    );
    assert!(out.contains("room 1 takes the state fire"), "{out}");
    assert!(!out.contains(".0%"), "{out}");
    let (out, _, _) = hatchway(&["check", "tests/fixtures/one-room.board"]);
    assert!(out.contains("1 room, 0 hatches"), "{out}");
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
        let (_, err, code) = hatchway(&["check", file]);
        assert_eq!(code, 1, "{err}");
        let said = words(&err);
        assert!(
            said.contains("the dash separates the two rooms"),
            "{file}: {err}"
        );
        assert!(
            said.contains("write `engine_room` instead"),
            "{file}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A refused planned step quotes the rule that decided from the rules file
/// in use (never a rule that file does not have) and names the item that
/// would allow it.
#[test]
fn refused_steps_quote_the_deciding_rule() {
    let (_, err, code) = hatchway(&[
        "replay",
        "tests/fixtures/rulebook-fire.board",
        "--path",
        "move 2",
    ]);
    assert_eq!(code, 1, "{err}");
    let said = words(&err);
    assert!(
        said.contains(
            "say `enter fire: forbidden`; with --with grog or with --with fire_extinguisher this step is allowed"
        ),
        "{err}"
    );
    assert!(err.contains("red-november-rulebook.rules:39:1"), "{err}");
    assert!(err.contains("39 │ enter fire: forbidden"), "{err}");
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
    let (_, err, code) = hatchway(&["replay", board, "--path", "move 2"]);
    assert_eq!(code, 1, "{err}");
    let said = words(&err);
    assert!(
        said.contains(
            "the rules `hot` say `enter hot: forbidden`; with --with mitts this step is allowed"
        ),
        "{err}"
    );
    assert!(!said.contains("--with hat"), "{err}");
    assert!(err.contains("hot.rules:8:1"), "{err}");
    assert!(!err.contains("red-november"), "{err}");
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
    let (out, err, code) = hatchway(&[
        "replay",
        board,
        "--path",
        "open 1-2, move 1",
        "--format",
        "yaml",
    ]);
    assert_eq!(code, 0, "{err}");
    for line in [
        "verdict: allowed",
        "written: open 1-2",
        "minutes: 2",
        "- room: '2'\n    before: high_flood\n    after: low_flood",
        "text: 'open closed: cost 1, becomes open'",
        "text: 'enter low_flood: cost 1'",
    ] {
        assert!(out.contains(line), "{line} in\n{out}");
    }
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
    let (_, err, code) = hatchway(&["check", file.to_str().expect("a UTF-8 path")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        words(&err).contains("expected a text, found a mapping (in `hatches[1].state`)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `replay --outcome N` with a filter that hides outcome N says why, rather
/// than printing nothing.
#[test]
fn a_hidden_outcome_is_not_replayed_in_silence() {
    let (out, err, code) = hatchway(&["replay", "--outcome", "4", "--to", "2"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        words(&err).contains("outcome 4 ends in room 4 (Reactor Room), which `--to` does not name"),
        "{err}"
    );
    let (_, err, code) = hatchway(&[
        "replay",
        "boards/red-november-rulebook.board",
        "--outcome",
        "5",
        "--safe",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("outcome 5 is fatal, and `--safe` hides it"),
        "{err}"
    );
    // Shown when the filter lets it through.
    let (out, _, code) = hatchway(&["replay", "--outcome", "4", "--to", "4"]);
    assert_eq!(code, 0);
    assert!(out.contains("outcome 4 of 10"), "{out}");
}

/// Counts read as words: one of a thing is singular, in every message.
#[test]
fn one_of_a_thing_is_singular() {
    let (_, err, code) = hatchway(&["paths", "--max-states", "1"]);
    assert_eq!(code, 3);
    assert!(err.contains("limit of 1 state,"), "{err}");
    let (out, _, code) = hatchway(&["test", "--snapshots", "snapshots", "boards/open-mini.board"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 board, 1 match"), "{out}");
}
