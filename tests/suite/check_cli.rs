//! `hatchway check` as a program: exit codes, where messages go, and the
//! JSON output (INTERCHANGE.md: 0 success, 1 invalid input, 2 wrong command
//! line; errors on standard error, results on standard output).

use crate::common;

use common::{Run, hatchway, words};

use std::path::{Path, PathBuf};

use hatchway::load;

/// The files of a folder of the crate, by path relative to the crate.
fn files(dir: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(root.join(dir))
        .expect("the folder exists")
        .map(|e| {
            let name = e.expect("the folder can be listed").file_name();
            format!("{dir}/{}", name.to_string_lossy())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn check_with_no_file_checks_the_builtin_files() {
    Run::new(&["check"]).snapshot("check@builtin-files");
}

#[test]
fn every_shipped_file_checks() {
    let mut args = vec!["check".to_string()];
    args.extend(files("boards"));
    args.push("tests/fixtures/interchange-example.yaml".to_string());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = Run::new(&args).snapshot("check@every-shipped-file");
    for file in &args[1..] {
        assert!(
            out.stdout.contains(&format!("ok {file}:")),
            "{file} missing in:\n{}",
            out.stdout
        );
    }
}

#[test]
fn every_invalid_file_fails_with_its_message_on_stderr() {
    for file in files("tests/invalid") {
        let (out, err, code) = hatchway(&["check", &file]);
        assert_eq!(code, 1, "{file} exited {code}:\n{err}");
        assert!(out.is_empty(), "{file} printed to stdout:\n{out}");
        let failure = load::read(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(&file))
            .and_then(|i| load::compile(&i))
            .expect_err("the file is invalid");
        let first = failure
            .reports
            .iter()
            .find(|r| r.is_error())
            .expect("an error");
        assert!(
            words(&err).contains(&words(&first.problem().message)),
            "{file}: `{}` not in:\n{err}",
            first.problem().message
        );
        assert!(err.contains("×"), "{file}: no error mark in:\n{err}");
    }
}

#[test]
fn a_missing_file_fails() {
    Run::new(&["check", "no/such/file.board"]).snapshot("check@missing-file");
}

#[test]
fn a_good_file_after_a_bad_one_is_still_checked() {
    Run::new(&[
        "check",
        "tests/invalid/duplicate-room.board",
        "boards/open-mini.board",
    ])
    .snapshot("check@good-after-bad");
}

#[test]
fn an_unknown_flag_is_a_command_line_error() {
    Run::new(&["check", "--no-such-flag"]).snapshot("check@unknown-flag");
    Run::new(&["check", "--format", "xml"]).snapshot("check@unknown-format");
    Run::new(&["no-such-command"]).snapshot("check@unknown-command");
}

#[test]
fn json_output_has_every_field() {
    let (out, err, code) = hatchway(&[
        "check",
        "--format",
        "json",
        "tests/invalid/many-errors.board",
        "boards/mini-flood.yaml",
    ]);
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("stdout is JSON");
    assert_eq!(doc["ok"], false);
    let files = doc["files"].as_array().expect("a list of files");
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["ok"], false);
    assert_eq!(files[1]["ok"], true);
    let diagnostics = files[0]["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(diagnostics.len(), 6, "{out}");
    let first = &diagnostics[0];
    assert_eq!(first["severity"], "error");
    assert_eq!(first["code"], "hatchway::unknown_name");
    assert_eq!(first["message"], "unknown room state `smoke`");
    assert_eq!(first["line"], 4);
    assert_eq!(first["column"], 9);
    for d in diagnostics {
        for field in ["severity", "code", "message", "line", "column"] {
            assert!(!d[field].is_null(), "{field} missing in {d}");
        }
    }
}

#[test]
fn json_output_of_a_good_file_is_ok() {
    let (out, _, code) = hatchway(&["check", "--format", "json", "boards/galley.json"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("stdout is JSON");
    assert_eq!(doc["ok"], true);
    assert_eq!(
        doc["files"][0]["diagnostics"].as_array().map(Vec::len),
        Some(0)
    );
}

#[test]
fn warnings_do_not_fail_the_check() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check_cli");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let board = dir.join("island.board");
    std::fs::write(
        &board,
        "board island\nrules red-november\nroom 1\nroom 2\nroom 3\nhatch 1-2\nhatch 2-3: blocked\nstart 1\n",
    )
    .expect("the board is written");
    let path = board.to_str().expect("a UTF-8 path");
    Run::new(&["check", path])
        .tmp(&dir)
        .snapshot("check@warning-does-not-fail");
    let (out, _, code) = hatchway(&["check", "--format", "json", path]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("stdout is JSON");
    assert_eq!(doc["files"][0]["diagnostics"][0]["severity"], "warning");
    assert_eq!(doc["files"][0]["diagnostics"][0]["line"], 5);
}

/// Off a terminal, output has no colour unless `CLICOLOR_FORCE` asks for
/// it (it wins over `NO_COLOR`, as in clap's help); `--color never` wins
/// over both.
#[test]
fn clicolor_force_colours_output_off_a_terminal() {
    let run = |force: Option<&str>, extra: &[&str]| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_hatchway"));
        command
            .args(["check", "tests/invalid/unknown-room-state.board"])
            .args(extra)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("NO_COLOR", "1")
            .env_remove("CLICOLOR_FORCE");
        if let Some(value) = force {
            command.env("CLICOLOR_FORCE", value);
        }
        let out = command.output().expect("the hatchway binary runs");
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8_lossy(&out.stderr).contains('\u{1b}')
    };
    assert!(!run(None, &[]));
    assert!(!run(Some("0"), &[]));
    assert!(run(Some("1"), &[]));
    assert!(!run(Some("1"), &["--color", "never"]));
}

/// A hatch action may act on a state whose only `open` rule forbids opening
/// it: that rule opens nothing, so no move changes such a hatch. A state an
/// `open` rule does open, or makes, stays refused.
#[test]
fn a_hatch_action_may_act_on_a_state_that_cannot_be_opened() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check_cli");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let rules = |name: &str, action: &str| {
        let path = dir.join(format!("{name}.rules"));
        std::fs::write(
            &path,
            format!(
                "rules {name}\n\nroom states: dry, wet\nhatch states: closed, open, stuck\n\n\
                 open closed: cost 1, becomes open\nopen stuck: forbidden\nwalk through: open\n\
                 enter dry: cost 0\nenter wet: cost 1\n\n{action}\n"
            ),
        )
        .expect("the rules are written");
        path.to_str().expect("a UTF-8 path").to_string()
    };
    let stuck = rules("stuck", "action free: hatch stuck becomes closed");
    Run::new(&["check", &stuck])
        .tmp(&dir)
        .snapshot("check@action-on-unopenable-state");
    for (name, state) in [("opened", "closed"), ("made", "open")] {
        let path = rules(name, &format!("action free: hatch {state} becomes stuck"));
        let (out, _, code) = hatchway(&["check", "--format", "json", &path]);
        assert_eq!(code, 1, "{state}: {out}");
        let doc: serde_json::Value = serde_json::from_str(&out).expect("stdout is JSON");
        assert_eq!(
            doc["files"][0]["diagnostics"][0]["code"], "hatchway::action_on_moving_hatch",
            "{state}: {out}"
        );
    }
}

/// Rules that cannot be read, whether a board's `rules` line or `--rules`
/// names them, are `hatchway::unknown_rules`, as INTERCHANGE.md's table
/// of codes says; `hatchway::unreadable` is for the file a command is given.
#[test]
fn rules_that_cannot_be_read_are_unknown_rules() {
    let table = std::fs::read_to_string("docs/INTERCHANGE.md").expect("the doc is shipped");
    assert!(
        table.contains(
            "| `hatchway::unknown_rules` | a board, or `--rules`, names rules that are neither built in nor a readable file |"
        ),
        "INTERCHANGE.md's table says another code"
    );
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check_cli");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let board = dir.join("lost-rules.board");
    std::fs::write(
        &board,
        "board lost\nrules \"missing.rules\"\nroom 1\nstart 1\n",
    )
    .expect("the board is written");
    let board = board.to_str().expect("a UTF-8 path");
    let (out, _, code) = hatchway(&["check", "--format", "json", board]);
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("stdout is JSON");
    assert_eq!(
        doc["files"][0]["diagnostics"][0]["code"], "hatchway::unknown_rules",
        "{out}"
    );
    // Not pinned whole: the help wraps the board's absolute folder.
    let (_, err, code) = hatchway(&["paths", board]);
    assert_eq!(code, 1);
    assert!(err.contains("hatchway::unknown_rules"), "{err}");
    for (name, rules) in [("path", "/nonexistent.rules"), ("name", "red-novembr")] {
        let out =
            Run::new(&["paths", "--rules", rules]).snapshot(&format!("check@missing-rules-{name}"));
        assert!(
            out.stderr.contains("hatchway::unknown_rules"),
            "{rules}: {}",
            out.stderr
        );
        assert!(
            words(&out.stderr).contains(&format!("unknown rules `{rules}`: no such file")),
            "{rules}: {}",
            out.stderr
        );
    }
    // A board file that cannot be read is still `unreadable`.
    let out = Run::new(&["paths", "/nonexistent.board"]).snapshot("check@missing-board");
    assert!(
        out.stderr.contains("hatchway::unreadable"),
        "{}",
        out.stderr
    );
}
