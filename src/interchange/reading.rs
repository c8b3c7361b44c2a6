//! A board document read from YAML or JSON text, with its problems placed
//! in the text.

use super::document::{BoardDoc, Format};
use super::messages::{MAX_DEPTH, clean_message, json_problem, label_text, too_deep};
use super::places::value_end;
use super::tree::board_file;
use crate::diagnostic::{Code, Problem};
use crate::syntax::ast::{BoardFile, Name, Span};

pub(super) fn unplaced(text: impl Into<String>) -> Name {
    Name::new(text, Span::default())
}

pub(super) fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return offset
                + l.char_indices()
                    .nth(column.saturating_sub(1))
                    .map_or(l.len(), |(o, _)| o);
        }
        offset += l.len();
    }
    text.len()
}

pub(super) fn problem(message: String, at: Option<usize>, text: &str) -> Problem {
    let p = Problem::error(Code::InvalidDocument, message);
    let p = match at {
        Some(start) if start < text.len() && text.is_char_boundary(start) => {
            let end = value_end(text, start);
            let label = label_text(&p.message);
            p.label(Span::new(start, end), label)
        }
        _ => p,
    };
    p.help("a board document has the fields `name`, `rules`, `rooms`, `hatches` and `start` (see INTERCHANGE.md)")
}

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
