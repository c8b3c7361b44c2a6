//! Lines a quick fix adds: where in the file each one goes (a rule after
//! the rules of its kind, a room after the rooms, the start at the end of
//! the board, in the hatchway language, YAML or JSON) and its blanks filled,
//! so that the text checks once the line is in.
//!
//! The checker writes a suggested rule's effect with blanks (`cost N`,
//! `becomes STATE`). Where the editor takes snippets in edits, each blank
//! is a placeholder the author tabs to, with a value already in it;
//! elsewhere the value is written as it is: `1` minute for `N`, and for
//! `STATE` the state the rule that applies now makes (else the rules' first
//! hatch state).

use lsp_types::{Position, Range};

use super::documents::Document;
use crate::diagnostic::{Label, Span};
use crate::load::{Format, InputKind};
use crate::syntax::ast::{self, RulesStatement};

/// The value written for a blank number of minutes.
const DEFAULT_COST: &str = "1";

/// A line to add: where, and its text (plain, and as a snippet).
pub(super) struct Addition {
    /// Where the text goes: an empty range.
    pub range: Range,
    /// The text with every blank filled.
    pub text: String,
    /// The same text with each blank a snippet's placeholder; the same as
    /// `text` when the line has no blank.
    pub snippet: String,
    /// The line as a fix's title shows it.
    pub line: String,
}

/// Adds `line`, which the checker suggests after `after`, where it belongs;
/// `labels` are the problem's places (a conflict's second is the rule that
/// applies now). `None` when the document is YAML or JSON and the line
/// is not one those can say.
pub(super) fn add_line(
    document: &Document,
    after: Span,
    line: &str,
    labels: &[Label],
) -> Option<Addition> {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let subject = words.next().unwrap_or("").trim_end_matches(':');
    if let InputKind::Document(format) = document.kind {
        return (first == "start").then(|| add_start(document, format, subject))?;
    }
    let (text, snippet) = filled(document, line, labels);
    let tree = document.tree.as_ref();
    let at = match (first, tree) {
        ("enter" | "leave" | "open", Some(ast::File::Rules(rules))) => {
            last_rule(rules, first, subject).unwrap_or(after)
        }
        ("start", _) => return Some(at_end(document, &text, &snippet)),
        _ => after,
    };
    Some(after_line(document, at, &text, &snippet))
}

/// A new `room ID` of a board, after its last room.
pub(super) fn add_room(document: &Document, id: &str) -> Option<Addition> {
    let Some(ast::File::Board(board)) = &document.tree else {
        return None;
    };
    let last = board
        .rooms
        .iter()
        .map(|r| r.id.span)
        .max_by_key(|s| s.end)
        .unwrap_or(board.name.span);
    let line = format!("room {id}");
    Some(after_line(document, last, &line, &line))
}

/// The line with its blanks filled: plainly, and as a snippet.
fn filled(document: &Document, line: &str, labels: &[Label]) -> (String, String) {
    let mut text = String::new();
    let mut snippet = String::new();
    let mut placeholder = 0;
    for (i, piece) in line.split(' ').enumerate() {
        if i > 0 {
            text.push(' ');
            snippet.push(' ');
        }
        // A blank may be followed by the comma of `cost N, becomes`.
        let (word, rest) = piece
            .find([',', ':'])
            .map_or((piece, ""), |at| piece.split_at(at));
        let value = match word {
            "N" => Some(DEFAULT_COST.to_string()),
            "STATE" => Some(hatch_state(document, labels)),
            _ => None,
        };
        match value {
            Some(value) => {
                placeholder += 1;
                text.push_str(&value);
                snippet.push_str(&format!("${{{placeholder}:{}}}", escape(&value)));
            }
            None => {
                text.push_str(word);
                snippet.push_str(&escape(word));
            }
        }
        text.push_str(rest);
        snippet.push_str(&escape(rest));
    }
    (text, snippet)
}

/// Text as a snippet reads it literally.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('$', "\\$")
        .replace('}', "\\}")
}

/// The hatch state a new `open` rule makes: that of the rule that applies
/// now (a conflict's second place), else the first hatch state declared.
fn hatch_state(document: &Document, labels: &[Label]) -> String {
    let Some(ast::File::Rules(rules)) = &document.tree else {
        return "open".to_string();
    };
    let applying = labels.get(1).map(|l| l.span);
    let made = rules.statements.iter().find_map(|s| match s {
        RulesStatement::Open(r) if Some(r.span) == applying => {
            r.effect.as_ref().map(|(_, becomes)| becomes.text.clone())
        }
        _ => None,
    });
    made.or_else(|| {
        rules.statements.iter().find_map(|s| match s {
            RulesStatement::HatchStates(names, _) => names.first().map(|n| n.text.clone()),
            _ => None,
        })
    })
    .unwrap_or_else(|| "open".to_string())
}

/// The last rule of a kind (`enter`, `leave`, `open`) about `subject`, else
/// the last of that kind.
fn last_rule(rules: &ast::RulesFile, kind: &str, subject: &str) -> Option<Span> {
    let of_kind: Vec<(&str, Span)> = rules
        .statements
        .iter()
        .filter_map(|s| match (kind, s) {
            ("enter", RulesStatement::Enter(r)) => Some((r.state.text.as_str(), r.span)),
            ("leave", RulesStatement::Leave(r)) => Some((r.state.text.as_str(), r.span)),
            ("open", RulesStatement::Open(r)) => Some((r.state.text.as_str(), r.span)),
            _ => None,
        })
        .collect();
    let last = |about: &dyn Fn(&str) -> bool| {
        of_kind
            .iter()
            .filter(|(s, _)| about(s))
            .map(|(_, span)| *span)
            .max_by_key(|s| s.end)
    };
    last(&|s| s == subject).or_else(|| last(&|_| true))
}

/// `text` as a line of its own after the line that holds the end of
/// `after`, indented as that line is.
fn after_line(document: &Document, after: Span, text: &str, snippet: &str) -> Addition {
    let all = &document.text;
    let at = document
        .lines
        .line_of(after.end.saturating_sub(1).max(after.start));
    let own = document.lines.line_span(all, at);
    let indent: String = all
        .get(own.start..own.end)
        .unwrap_or("")
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let end: Position = document.lines.position(all, own.end);
    Addition {
        range: Range::new(end, end),
        text: format!("\n{indent}{text}"),
        snippet: format!("\n{indent}{snippet}"),
        line: text.to_string(),
    }
}

/// `text` as the last line of the document.
fn at_end(document: &Document, text: &str, snippet: &str) -> Addition {
    let all = &document.text;
    let end = document.lines.position(all, all.len());
    let (before, after) = if all.is_empty() || all.ends_with('\n') {
        ("", "\n")
    } else {
        ("\n", "")
    };
    Addition {
        range: Range::new(end, end),
        text: format!("{before}{text}{after}"),
        snippet: format!("{before}{snippet}{after}"),
        line: text.to_string(),
    }
}

/// The start room added to a YAML or JSON board: a top-level `start`.
fn add_start(document: &Document, format: Format, room: &str) -> Option<Addition> {
    let numeric = !room.is_empty() && room.bytes().all(|b| b.is_ascii_digit());
    match format {
        Format::Yaml => {
            let value = if numeric || room.bytes().all(|b| b.is_ascii_alphanumeric()) {
                room.to_string()
            } else {
                format!("\"{room}\"")
            };
            let line = format!("start: {value}");
            Some(at_end(document, &line, &line))
        }
        Format::Json => {
            let value = if numeric {
                room.to_string()
            } else {
                format!("\"{room}\"")
            };
            // Before the document's closing brace, after its last value.
            let all = &document.text;
            let close = all.rfind('}')?;
            let last = all.get(..close)?.trim_end().len();
            let at = document.lines.position(all, last);
            let line = format!("\"start\": {value}");
            let text = format!(",\n  {line}");
            Some(Addition {
                range: Range::new(at, at),
                snippet: text.clone(),
                text,
                line,
            })
        }
    }
}
