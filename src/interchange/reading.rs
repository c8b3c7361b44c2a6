//! A board document read from YAML or JSON text, with its problems placed
//! in the text.

use super::document::{BoardDoc, Format};
use super::messages::{MAX_DEPTH, clean_message, json_problem, problem, too_deep};
use super::tree::board_file;
use crate::diagnostic::{Code, Problem};
use crate::syntax::ast::{BoardFile, Span};

/// Reads a YAML or JSON board into the syntax tree the checker takes.
/// `default_name` is used when the document has no `name`. The tree has no
/// places; [`read_board_placed`](super::read_board_placed) gives them.
pub fn read_board(text: &str, format: Format, default_name: &str) -> Result<BoardFile, Problem> {
    Ok(board_file(read_document(text, format)?, default_name))
}

/// Reads a YAML or JSON board document, with no places in its problems.
pub fn read_document(text: &str, format: Format) -> Result<BoardDoc, Problem> {
    if text.lines().all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#') || l == "---"
    }) {
        return Err(Problem::error(Code::InvalidDocument, "the file is empty").help(
            match format {
                Format::Yaml => "a board document has at least `rooms` and `start`, such as `{rooms: [{id: 1}], start: 1}`",
                Format::Json => "a board document has at least `rooms` and `start`, such as `{\"rooms\": [{\"id\": 1}], \"start\": 1}`",
            },
        ));
    }
    match format {
        Format::Json => {
            // Read at full speed first; a document with a fault is read
            // again, tracking the path to the field at fault
            // (`hatches[1].state`), which serde_json alone does not give.
            if let Ok(doc) = serde_json::from_str(text) {
                return Ok(doc);
            }
            let mut reader = serde_json::Deserializer::from_str(text);
            serde_path_to_error::deserialize(&mut reader)
                .map_err(|e| {
                    let path = e.path().to_string();
                    (path, e.into_inner())
                })
                .and_then(|doc| reader.end().map(|()| doc).map_err(|e| (".".to_string(), e)))
                .map_err(|(path, e)| json_problem(text, &path, &e))
        }
        Format::Yaml => {
            if let Some(at) = too_deep(text) {
                return Err(Problem::error(
                    Code::InvalidDocument,
                    format!("the document is nested more than {MAX_DEPTH} levels deep"),
                )
                .label(Span::new(at, at + 1), "too deep here")
                .help("a board document nests four levels: the document, `rooms` or `hatches`, each room or hatch, and `between`"));
            }
            serde_yaml::from_str(text).map_err(|e| {
                let at = e.location().map(|l| l.index());
                problem(clean_message(&e.to_string()), at, text)
            })
        }
    }
}
