//! serde's errors about a board document, said in the player's words and
//! placed in the text.

use super::offsets::{json_offset, offset_of, token_start, value_end};
use crate::diagnostic::{Code, Problem};
use crate::syntax::ast::Span;

/// A JSON reader's error as a problem, with the path to the field at fault
/// (`.` for the document itself) before the message, as YAML's reader
/// gives it.
pub(super) fn json_problem(text: &str, path: &str, e: &serde_json::Error) -> Problem {
    use serde_json::error::Category;
    let at = (e.line() > 0).then(|| {
        let after = json_offset(text, e.line(), e.column());
        match e.classify() {
            // A value of the wrong kind or an unknown key: the error
            // is reported on its last character.
            Category::Data => token_start(text, after),
            _ => offset_of(text, e.line(), e.column()),
        }
    });
    let message = e.to_string();
    let message = if path == "." {
        message
    } else {
        format!("{path}: {message}")
    };
    problem(clean_message(&message), at, text)
}

/// How deeply brackets and braces may nest in a YAML document. A board needs
/// four levels; the reader gives up past 128 anyway.
pub(super) const MAX_DEPTH: usize = 128;

/// Where a YAML document's `[` and `{` first nest past [`MAX_DEPTH`], if they
/// do. The YAML scanner takes time quadratic in the nesting (it looks at
/// every open level for each token), so that a megabyte of `{a: ` would take
/// minutes to be refused: refuse it before. Quoted text and comments are
/// skipped; a bracket inside a plain word may count, which only matters for
/// a document far from a board.
pub(super) fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<u8> = None;
    let mut comment = false;
    let mut previous = b'\n';
    for (i, &b) in text.as_bytes().iter().enumerate() {
        match (quote, b) {
            (_, b'\n') => {
                comment = false;
                // A quoted scalar may span lines; a stray quote must not
                // hide the rest of the file, so quotes end with the line.
                quote = None;
            }
            _ if comment => {}
            // `\"` inside double quotes does not end them.
            (Some(b'"'), b'"') if previous == b'\\' => {}
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            // A quoted scalar starts a token; a quote inside a word (as in
            // `O'Brien`) does not open one.
            (None, b'"' | b'\'')
                if previous.is_ascii_whitespace() || b"[{,:-?".contains(&previous) =>
            {
                quote = Some(b);
            }
            (None, b'#') if previous.is_ascii_whitespace() => comment = true,
            (None, b'[' | b'{') => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            (None, b']' | b'}') => depth = depth.saturating_sub(1),
            _ => {}
        }
        previous = b;
    }
    None
}

/// Rewrites a message of serde_json or yaml_serde in hatchway's words: no
/// position (the label shows it), "expected X, found Y", and the place in the
/// document in words.
pub(super) fn clean_message(message: &str) -> String {
    let cut = message.find(" at line ").unwrap_or(message.len());
    let mut message = &message[..cut];
    // yaml_serde starts with the place: `rooms[1].id: ...`.
    let mut place = None;
    if let Some((path, rest)) = message.split_once(": ")
        && !path.is_empty()
        && !path.contains(' ')
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.[]".contains(c))
    {
        place = Some(path);
        message = rest;
    }
    let message = message
        .replace('\'', "`")
        .replace(
            "struct BoardDoc",
            "a board: a mapping with `rooms`, `hatches` and `start`",
        )
        .replace("struct RoomDoc", "a room such as `{id: 1, state: clear}`")
        .replace("struct HatchDoc", "a hatch such as `{between: [1, 2]}`")
        .replace("a sequence", "a list")
        .replace("a string", "a text");
    let message = replace_word(&message, "a map", "a mapping");
    let message = if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        && let Some((found, expected)) = rest.split_once(", expected ")
    {
        format!("expected {}, found {}", expected, unexpected(found))
    } else if let Some(rest) = message.strip_prefix("invalid length ")
        && let Some((length, expected)) = rest.split_once(", expected ")
    {
        format!("expected {expected}, found a list of {length}")
    } else if let Some(what) = message.strip_prefix("EOF while parsing ") {
        format!("the document ends inside {what}")
    } else {
        message
    };
    match place {
        Some(place) => format!("{message} (in `{place}`)"),
        None => message,
    }
}

/// Replaces whole words only: `a map` but not `a mapping`.
pub(super) fn replace_word(text: &str, word: &str, by: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(word) {
        let after = &rest[i + word.len()..];
        out.push_str(&rest[..i]);
        if after.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
            out.push_str(word);
        } else {
            out.push_str(by);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The short text under the place of a document error.
pub(super) fn label_text(message: &str) -> String {
    if message.starts_with("unknown field") {
        "unknown field".to_string()
    } else if let Some(rest) = message.strip_prefix("missing field ") {
        let field = rest.split(' ').next().unwrap_or(rest);
        format!("{field} is missing")
    } else if let Some(rest) = message.strip_prefix("expected ")
        && let Some((expected, _)) = rest.split_once(", found ")
    {
        format!("expected {expected}")
    } else if message.contains("room id") {
        "not a room id".to_string()
    } else {
        "here".to_string()
    }
}

/// serde's description of an unexpected value, in plain words.
pub(super) fn unexpected(found: &str) -> String {
    if let Some(text) = found.strip_prefix("string ") {
        format!("the text `{}`", text.trim_matches('"'))
    } else if let Some(value) = found.strip_prefix("boolean ") {
        format!("the value {value}")
    } else if let Some(value) = found
        .strip_prefix("integer ")
        .or_else(|| found.strip_prefix("floating point "))
    {
        format!("the number {value}")
    } else {
        match found {
            "map" => "a mapping".to_string(),
            "sequence" => "a list".to_string(),
            "unit value" | "null" => "nothing".to_string(),
            other => other.to_string(),
        }
    }
}

/// A problem of a board document, placed on the value that starts at
/// `at` when there is one.
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

#[cfg(test)]
mod depth_tests {
    use super::{MAX_DEPTH, too_deep};

    #[test]
    fn counts_brackets_outside_quotes_and_comments() {
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert_eq!(too_deep(&deep), Some(MAX_DEPTH));
        assert_eq!(too_deep(&"[]".repeat(10_000)), None);
        assert_eq!(too_deep(&format!("name: \"{deep}\"")), None);
        assert_eq!(too_deep(&format!("name: '{deep}'")), None);
        assert_eq!(too_deep(&format!("start: 1 # {deep}")), None);
        // An escaped quote does not end a double-quoted scalar.
        assert_eq!(too_deep(&format!("name: \"a\\\"{deep}\"")), None);
        // A quote inside a word opens nothing.
        assert!(too_deep(&format!("name: O'Brien {deep}")).is_some());
    }
}
