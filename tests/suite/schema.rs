//! `hatchway schema`: the JSON Schemas generated from the interchange
//! types accept every shipped YAML and JSON board and every board exported
//! from the shipped ones, reject boards hatchway refuses for their shape;
//! and every document every command writes validates against its schema.

use crate::common;

use common::hatchway;
use serde_json::Value;

fn schema(document: &str) -> jsonschema::Validator {
    let (out, err, code) = hatchway(&["schema", document]);
    assert_eq!(code, 0, "{err}");
    let schema: Value = serde_json::from_str(&out).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

fn shipped(extensions: &[&str]) -> Vec<String> {
    let dir = common::board_path("");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("boards/ is readable")
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|name| extensions.iter().any(|x| name.ends_with(&format!(".{x}"))))
        .collect();
    files.sort();
    files
}

fn errors(validator: &jsonschema::Validator, doc: &Value) -> String {
    validator
        .iter_errors(doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_shipped_yaml_and_json_board_validates() {
    let board = schema("board");
    let files = shipped(&["yaml", "yml", "json"]);
    assert!(files.len() >= 2, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(common::board_path(&file)).expect("readable");
        let doc: Value = if file.ends_with(".json") {
            serde_json::from_str(&text).expect("JSON")
        } else {
            serde_yaml::from_str(&text).expect("YAML")
        };
        assert!(board.is_valid(&doc), "{file}:\n{}", errors(&board, &doc));
    }
}

#[test]
fn every_shipped_board_exported_as_json_validates() {
    let board = schema("board");
    for file in shipped(&["board"]) {
        let path = format!("boards/{file}");
        let (out, err, code) = hatchway(&["export", &path, "--format", "json"]);
        assert_eq!(code, 0, "{file}: {err}");
        let doc: Value = serde_json::from_str(&out).expect("JSON");
        assert!(board.is_valid(&doc), "{file}:\n{}", errors(&board, &doc));
    }
}

#[test]
fn boards_of_the_wrong_shape_are_rejected() {
    let board = schema("board");
    for file in [
        "json-unknown-field.json",
        "json-missing-rooms.json",
        "json-missing-start.json",
        "json-wrong-type.json",
        "json-hatch-three-rooms.json",
    ] {
        let path = format!("{}/tests/invalid/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("readable");
        let doc: Value = serde_json::from_str(&text).expect("JSON");
        assert!(!board.is_valid(&doc), "{file} passes the schema");
        // hatchway refuses it too: the schema is no stricter than the loader.
        let (_, _, code) = hatchway(&["check", &path]);
        assert_eq!(code, 1, "{file}");
    }
}

/// Runs hatchway with `args` and `stdin`; its standard output, and the
/// exit code.
fn run_with(args: &[&str], stdin: &str) -> (String, i32) {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the hatchway binary runs");
    let mut input = child.stdin.take().expect("piped");
    input
        .write_all(stdin.as_bytes())
        .expect("stdin takes the lines");
    drop(input);
    let out = child.wait_with_output().expect("it ends");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Every run of the corpus below, with the document its output is and
/// whether that output is JSON Lines; runs that exit 0, but for those
/// named with their code.
fn corpus() -> Vec<(&'static str, Vec<String>, bool)> {
    let mut runs: Vec<(&str, Vec<String>, bool)> = Vec::new();
    let own = |args: &[&str]| args.iter().map(|a| (*a).to_string()).collect::<Vec<_>>();
    for file in shipped(&["board", "yaml", "json"]) {
        let path = format!("boards/{file}");
        for with in [None, Some("aqualung"), Some("grog")] {
            let mut turn = vec![path.clone()];
            if let Some(item) = with {
                // Only rules that declare the item take it.
                let (_, _, code) = hatchway(&["paths", &path, "--with", item]);
                if code != 0 {
                    continue;
                }
                turn.extend(["--with".to_string(), item.to_string()]);
            }
            let with_turn = |command: &str, rest: &[&str]| {
                let mut args = vec![command.to_string()];
                args.extend(turn.iter().cloned());
                args.extend(own(rest));
                args
            };
            // YAML is the same document: once a board is enough.
            let formats: &[&str] = if with.is_none() {
                &["json", "yaml"]
            } else {
                &["json"]
            };
            for &format in formats {
                runs.push(("paths", with_turn("paths", &["--format", format]), false));
                runs.push(("plan", with_turn("plan", &["--format", format]), false));
                runs.push(("replay", with_turn("replay", &["--format", format]), false));
            }
            runs.push((
                "paths-stream",
                with_turn("paths", &["--stream", "--format", "json"]),
                true,
            ));
        }
        runs.push(("check", own(&["check", &path, "--format", "json"]), false));
        runs.push(("board", own(&["export", &path, "--format", "json"]), false));
    }
    let desperate = "boards/desperate-times.board";
    for (action, at) in [
        ("extinguish_fire", "1"),
        ("pump_water", "7"),
        ("unblock_hatch", "4"),
    ] {
        for format in ["json", "yaml"] {
            runs.push((
                "plan-action",
                own(&[
                    "plan", desperate, "--action", action, "--at", at, "--with", "grog",
                    "--format", format,
                ]),
                false,
            ));
        }
    }
    for path in ["move 2", "move 3, move 2", "open 1-2, move 2"] {
        runs.push((
            "replay-path",
            own(&[
                "replay",
                "boards/open-mini.board",
                "--path",
                path,
                "--format",
                "json",
            ]),
            false,
        ));
    }
    runs.push((
        "diff",
        own(&[
            "diff",
            "--rules",
            "red-november",
            "--rules",
            "red-november-rulebook",
            "boards/mini-flood.board",
            "boards/open-mini.board",
            desperate,
            "--format",
            "json",
        ]),
        false,
    ));
    runs.push((
        "diff-random",
        own(&[
            "diff",
            "--rules",
            "red-november",
            "--rules",
            "red-november-rulebook",
            "--random",
            "5",
            "--format",
            "json",
        ]),
        false,
    ));
    runs.push((
        "diff-item",
        own(&[
            "diff", "--item", "aqualung", desperate, "--with", "grog", "--format", "json",
        ]),
        false,
    ));
    runs.push((
        "check",
        own(&[
            "check",
            "tests/invalid/unknown-room-state.board",
            "boards/open-mini.board",
            "--format",
            "json",
        ]),
        false,
    ));
    // Sweeps of every start room and of one holding an item, whole and as
    // shards.
    let sweeps: [&[&str]; 2] = [
        &["sweep", "red-november", "--rooms", "2,5,8"],
        &[
            "sweep", desperate, "--from", "1", "--with", "grog", "--rooms", "2,3",
        ],
    ];
    for sweep in sweeps {
        runs.push((
            "sweep",
            own(&[sweep, &["--format", "json"]].concat()),
            false,
        ));
        runs.push((
            "sweep-shard",
            own(&[sweep, &["--shard", "1/2"]].concat()),
            false,
        ));
    }
    runs
}

/// A document as JSON: JSON as it is, YAML read into the same values.
fn documents(out: &str, lines: bool, yaml: bool) -> Vec<Value> {
    if yaml {
        return vec![serde_yaml::from_str(out).expect("YAML")];
    }
    if lines {
        return out
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect();
    }
    vec![serde_json::from_str(out).expect("JSON")]
}

#[test]
fn every_document_of_every_command_validates_against_its_schema() {
    let mut validators = std::collections::BTreeMap::new();
    let mut checked = std::collections::BTreeMap::<&str, usize>::new();
    for (document, args, lines) in corpus() {
        let validator = validators
            .entry(document)
            .or_insert_with(|| schema(document));
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let (out, err, code) = hatchway(&argv);
        // A diff finds differences and a refused plan exits 1: both write
        // their document.
        assert!(code == 0 || code == 1, "{args:?}: {code} {err}");
        let yaml = args.iter().any(|a| a == "yaml");
        for doc in documents(&out, lines, yaml) {
            assert!(
                validator.is_valid(&doc),
                "{args:?}:\n{}",
                errors(validator, &doc)
            );
            *checked.entry(document).or_default() += 1;
        }
    }
    // The batch: results and lines without one.
    let batch = schema("batch");
    let board = |file: &str| {
        let (out, _, _) = hatchway(&["export", &format!("boards/{file}"), "--format", "json"]);
        let doc: Value = serde_json::from_str(&out).expect("JSON");
        doc.to_string()
    };
    let input = format!(
        "{}\n{}\n{{\"rooms\": 3}}\nnot json\n\n",
        board("open-mini.board"),
        board("desperate-times.board"),
    );
    let (out, _) = run_with(&["paths", "--batch"], &input);
    for doc in documents(&out, true, false) {
        assert!(batch.is_valid(&doc), "{doc}:\n{}", errors(&batch, &doc));
        *checked.entry("batch").or_default() += 1;
    }
    // Every document the command lists is checked here.
    let (list, _, _) = hatchway(&["schema"]);
    for name in list.lines().filter_map(|l| l.split_whitespace().next()) {
        assert!(
            checked.get(name).is_some_and(|&n| n > 0),
            "no {name} document checked: {checked:?}"
        );
    }
}

/// The schemas of what hatchway writes are closed and name what is
/// required: a document with a field no schema names, or without one it
/// requires, fails them.
#[test]
fn a_document_with_an_unknown_field_or_without_a_required_one_fails() {
    let paths = schema("paths");
    let (out, _, code) = hatchway(&["paths", "boards/desperate-times.board", "--format", "json"]);
    assert_eq!(code, 0);
    let doc: Value = serde_json::from_str(&out).expect("JSON");
    assert!(paths.is_valid(&doc), "{}", errors(&paths, &doc));
    let mut extra = doc.clone();
    extra["outcomes"][0]["survival"]["hope"] = Value::from(1);
    assert!(!paths.is_valid(&extra), "an unknown field passes");
    let mut top = doc.clone();
    top["hope"] = Value::from(1);
    assert!(!paths.is_valid(&top), "an unknown field at the top passes");
    let mut missing = doc.clone();
    missing["outcomes"][0]
        .as_object_mut()
        .map(|o| o.remove("cost"));
    assert!(
        !paths.is_valid(&missing),
        "a document without a cost passes"
    );
    let replay = schema("replay");
    let (out, _, _) = hatchway(&["replay", "boards/desperate-times.board", "--format", "json"]);
    let mut doc: Value = serde_json::from_str(&out).expect("JSON");
    assert!(replay.is_valid(&doc), "{}", errors(&replay, &doc));
    // A step is an action flattened into the step: the fields of both are
    // known, and no others.
    doc["outcomes"][1]["steps"][0]["hope"] = Value::from(1);
    assert!(!replay.is_valid(&doc), "an unknown field in a step passes");
    let plan = schema("plan");
    let (out, _, _) = hatchway(&["plan", "boards/desperate-times.board", "--format", "json"]);
    let mut doc: Value = serde_json::from_str(&out).expect("JSON");
    assert!(plan.is_valid(&doc), "{}", errors(&plan, &doc));
    doc["choices"][0]["best"][0]["probability"] = Value::from("9/10");
    assert!(
        !plan.is_valid(&doc),
        "a chance written as a fraction where a number goes passes"
    );
}

#[test]
fn the_schema_shipped_for_editors_is_the_current_one() {
    let (out, err, code) = hatchway(&["schema", "board"]);
    assert_eq!(code, 0, "{err}");
    let shipped = std::fs::read_to_string(format!(
        "{}/docs/board.schema.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("docs/board.schema.json is shipped");
    assert_eq!(
        out, shipped,
        "run `hatchway schema board > docs/board.schema.json`"
    );
}

/// Every JSON document hatchway writes starts with the format version, and
/// the version is 1: changing it is a decision (docs/INTERCHANGE.md says
/// when), not an accident.
#[test]
fn every_document_carries_format_1() {
    assert_eq!(hatchway::render::FORMAT, 1);
    let runs: &[&[&str]] = &[
        &["paths", "boards/open-mini.board", "--format", "json"],
        &["replay", "boards/open-mini.board", "--format", "json"],
        &[
            "replay",
            "boards/open-mini.board",
            "--path",
            "move 2",
            "--format",
            "json",
        ],
        &["check", "boards/open-mini.board", "--format", "json"],
        &["sweep", "boards/open-mini.board", "--format", "json"],
        &["sweep", "boards/open-mini.board", "--shard", "1/2"],
        &[
            "diff",
            "--rules",
            "red-november",
            "--rules",
            "red-november-rulebook",
            "boards/open-mini.board",
            "--format",
            "json",
        ],
        &[
            "plan",
            "boards/desperate-times.board",
            "--action",
            "extinguish_fire",
            "--at",
            "1",
            "--format",
            "json",
        ],
    ];
    for args in runs {
        let (out, err, code) = common::hatchway(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(
            out.starts_with("{\n  \"format\": 1,\n"),
            "{args:?} starts: {}",
            &out[..out.len().min(60)]
        );
    }
    let (yaml, _, _) = common::hatchway(&["paths", "boards/open-mini.board", "--format", "yaml"]);
    assert!(yaml.starts_with("format: 1\n"), "{yaml}");
}

/// A whole sweep's summary, which `sweep --merge` refuses, is not a
/// shard's by the schema either.
#[test]
fn a_whole_sweeps_summary_is_not_a_shards() {
    let shard = schema("sweep-shard");
    let (out, err, code) = hatchway(&["sweep", "boards/open-mini.board", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: Value = serde_json::from_str(&out).expect("JSON");
    assert!(!shard.is_valid(&doc), "a whole sweep's summary passes");
}
