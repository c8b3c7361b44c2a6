//! `hatchway schema`: the JSON Schemas generated from the interchange
//! types accept every shipped YAML and JSON board and every board exported
//! from the shipped ones, reject boards hatchway refuses for their shape,
//! and accept the results `paths --format json` prints.

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

#[test]
fn every_shipped_boards_paths_result_validates() {
    let paths = schema("paths");
    for file in shipped(&["board", "yaml", "json"]) {
        let path = format!("boards/{file}");
        let (out, err, code) = hatchway(&["paths", &path, "--format", "json"]);
        assert_eq!(code, 0, "{file}: {err}");
        let doc: Value = serde_json::from_str(&out).expect("JSON");
        assert!(paths.is_valid(&doc), "{file}:\n{}", errors(&paths, &doc));
    }
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
