//! `hatchway rules`: the built-in rules files listed with what they are and
//! where they come from, each printed exactly as shipped, and a printed file
//! accepted untouched by `hatchway check`.

use crate::common;

use common::{hatchway, hatchway_in};

/// Every built-in rules file, as `boards/` ships it.
const SHIPPED: [&str; 3] = ["red-november", "red-november-rulebook", "deep-water"];

#[test]
fn the_listing_names_every_built_in_rules_file_with_its_source() {
    let (out, err, code) = hatchway(&["rules"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    for name in SHIPPED {
        assert!(
            out.lines()
                .any(|l| l.split_whitespace().next() == Some(name)),
            "no line for `{name}` in:\n{out}"
        );
    }
    assert_eq!(out.matches("Source: ").count(), SHIPPED.len(), "{out}");
    assert!(out.contains("red-november-rulebook (default)"), "{out}");
    // The default rules are the published game's, and the first program's
    // model says what it is.
    assert!(out.contains("The published rules"), "{out}");
    assert!(out.contains("first pathfinder program"), "{out}");
}

/// The first line `hatchway rules NAME` prints, before the file as shipped.
const COPY_HEADER: &str =
    "# Copy this file under a name of your own: change the `rules` line below.\n";

#[test]
fn a_named_rules_file_is_printed_as_shipped_after_a_line_asking_to_rename_a_copy() {
    for name in SHIPPED {
        let (out, err, code) = hatchway(&["rules", name]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(err.is_empty(), "{name}: {err}");
        let shipped = std::fs::read_to_string(common::board_path(&format!("{name}.rules")))
            .expect("the shipped rules file is readable");
        assert_eq!(
            out.strip_prefix(COPY_HEADER),
            Some(shipped.as_str()),
            "{name}"
        );
    }
}

#[test]
fn a_printed_rules_file_passes_check_untouched() {
    let dir = std::env::temp_dir().join(format!("hatchway-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    for name in SHIPPED {
        let (out, err, code) = hatchway(&["rules", name]);
        assert_eq!(code, 0, "{name}: {err}");
        std::fs::write(dir.join("mine.rules"), out).expect("write the copy");
        let (out, err, code) =
            hatchway_in(dir.to_str().expect("utf-8 path"), &["check", "mine.rules"]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        assert!(err.is_empty(), "{name}: {err}");
        assert!(out.starts_with("ok mine.rules: rules"), "{name}: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A copy of built-in rules that is edited but keeps the built-in name is
/// warned about wherever it is loaded (`check`, a board naming it,
/// `--rules`), naming the built-in rules and the line to change; renamed,
/// it is not. `hatchway diff` labels its columns by the names or paths
/// given when the two rules have one name.
#[test]
fn an_edited_copy_that_keeps_a_built_in_name_is_warned_about() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rules_name_taken");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let at = dir.to_str().expect("a UTF-8 path");
    let (copy, _, _) = hatchway(&["rules", "red-november-rulebook"]);
    let edited = copy.replace("enter low_flood: cost 1", "enter low_flood: cost 2");
    assert_ne!(edited, copy);
    std::fs::write(dir.join("edited.rules"), &edited).expect("the copy is written");
    std::fs::write(
        dir.join("renamed.rules"),
        edited.replace("\nrules red-november-rulebook\n", "\nrules my-rulebook\n"),
    )
    .expect("the copy is written");
    // Windows line ends make no difference.
    std::fs::write(dir.join("crlf.rules"), copy.replace('\n', "\r\n")).expect("written");
    let line = edited
        .lines()
        .position(|l| l == "rules red-november-rulebook")
        .expect("the rules line")
        + 1;

    let (out, err, code) = hatchway_in(at, &["check", "edited.rules"]);
    assert_eq!(code, 0, "a warning only: {out}{err}");
    let said = common::words(&err);
    assert!(said.contains("hatchway::rules_name_taken"), "{err}");
    assert!(
        said.contains(
            "these rules take the name of the built-in rules `red-november-rulebook` and differ from them"
        ),
        "{err}"
    );
    assert!(
        said.contains(&format!(
            "give these rules a name of your own on line {line}"
        )),
        "{err}"
    );
    assert!(err.contains(&format!("edited.rules:{line}:7")), "{err}");
    for clean in ["renamed.rules", "crlf.rules"] {
        let (out, err, code) = hatchway_in(at, &["check", clean]);
        assert_eq!(code, 0, "{clean}: {out}{err}");
        assert!(err.is_empty(), "{clean}: {err}");
    }

    // Wherever the copy is loaded.
    std::fs::write(
        dir.join("played.board"),
        "board played\nrules \"edited.rules\"\nroom 1\nroom 2: low_flood\nhatch 1-2: open\nstart 1\n",
    )
    .expect("the board is written");
    let (_, err, code) = hatchway_in(at, &["paths", "played.board"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("hatchway::rules_name_taken"), "{err}");
    let (_, err, code) = hatchway_in(at, &["paths", "--rules", "edited.rules"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("hatchway::rules_name_taken"), "{err}");

    // `diff` tells the two columns apart by what the command line gives.
    let board = common::board_path("mini-flood.board");
    let board = board.to_str().expect("a UTF-8 path");
    let (out, err, code) = hatchway_in(
        at,
        &[
            "diff",
            "--rules",
            "red-november-rulebook",
            "--rules",
            "edited.rules",
            board,
            "--color",
            "never",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let heads = out
        .lines()
        .nth(1)
        .expect("a line of column heads")
        .split_whitespace()
        .collect::<Vec<_>>();
    assert_eq!(heads, ["red-november-rulebook", "edited.rules"], "{out}");
    // Rules of two names keep their names.
    let (out, _, _) = hatchway_in(
        at,
        &[
            "diff",
            "--rules",
            "red-november-rulebook",
            "--rules",
            "renamed.rules",
            board,
            "--color",
            "never",
        ],
    );
    let heads = out
        .lines()
        .nth(1)
        .unwrap_or("")
        .split_whitespace()
        .collect::<Vec<_>>();
    assert_eq!(heads, ["red-november-rulebook", "my-rulebook"], "{out}");
}

#[test]
fn an_unknown_rules_name_is_a_command_line_error_listing_the_names() {
    let (out, err, code) = hatchway(&["rules", "red-october"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    for name in SHIPPED {
        assert!(err.contains(name), "`{name}` not offered in:\n{err}");
    }
}

#[test]
fn completions_offer_rules_names_formats_and_commands() {
    let formats = ["json", "yaml", "table", "text"];
    let commands = ["rules", "check", "paths", "replay", "sweep", "man"];
    // clap_complete's fish script completes commands and option values but
    // not the values of a positional argument, so it is held only to those.
    for (shell, names) in [("bash", true), ("zsh", true), ("fish", false)] {
        let (out, err, code) = hatchway(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        let rules: &[&str] = if names { &SHIPPED } else { &[] };
        for word in rules.iter().chain(&formats).chain(&commands) {
            assert!(out.contains(word), "{shell}: no `{word}` offered");
        }
    }
}

/// `--rules` plays a board by the rules it names before the board's states
/// are checked, so states are checked against those rules only: a board,
/// JSON or text, with or without a `rules` line, may use a state only
/// they declare, and a state they lack is an error pointing into the board.
#[test]
fn rules_of_the_command_line_check_the_boards_states() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rules_rebind");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("the board is written");
        path.to_str().expect("a UTF-8 path").to_string()
    };
    let boards = [
        write(
            "sea.json",
            r#"{"rules":"red-november","rooms":[{"id":1,"state":"sea"}],"start":1}"#,
        ),
        write(
            "sea.board",
            "board sea\nrules red-november\nroom 1: sea\nroom 2\nhatch 1-2\nstart 2\n",
        ),
        write(
            "sea-deep.board",
            "board sea\nrules deep-water\nroom 1: sea\nroom 2\nhatch 1-2\nstart 2\n",
        ),
        write(
            "sea-rules.yaml",
            "rules: red-november\nrooms:\n  - {id: 1, state: sea}\nstart: 1\n",
        ),
    ];
    for board in &boards {
        // Without `--rules`, the board's own rules have no `sea`.
        let (_, err, code) = hatchway(&["paths", board]);
        assert_eq!(code, 1, "{board}: {err}");
        assert!(err.contains("unknown room state `sea`"), "{board}: {err}");
        let (out, err, code) = hatchway(&[
            "paths",
            board,
            "--rules",
            "red-november-rulebook",
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{board}: {err}");
        assert!(err.is_empty(), "{board}: {err}");
        let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        assert_eq!(doc["rules"], "red-november-rulebook", "{board}");
        assert_eq!(doc["outcomes"][0]["rooms"]["1"], "sea", "{board}");
    }
    // A board whose own rules declare `sea`, played by rules that do not:
    // the error points at the state in the board.
    let rulebook = write(
        "rulebook-sea.board",
        "board sea\nrules red-november-rulebook\nroom 1: sea\nroom 2\nhatch 1-2\nstart 2\n",
    );
    let (out, err, code) = hatchway(&["paths", &rulebook]);
    assert_eq!(code, 0, "{err}: {out}");
    let (_, err, code) = hatchway(&["paths", &rulebook, "--rules", "red-november"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("hatchway::unknown_name"), "{err}");
    assert!(err.contains("rulebook-sea.board:3:9"), "{err}");
    assert!(
        common::words(&err).contains("the room states of the rules `red-november` are"),
        "{err}"
    );
}
