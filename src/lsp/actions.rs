//! Quick fixes: the change each problem's help names (the name a misspelt
//! one most likely means, the rule a conflict or a gap asks for, the start
//! a board lacks), and a new room for an unknown one, offered on the
//! problem's place. Each fix leaves text that checks: its blanks are filled
//! and its line goes where it belongs (`additions`).

use lsp_types::{CodeActionKind, Range, TextEdit, Uri};
use serde_json::{Value, json};

use super::additions::{self, Addition};
use super::diagnostics::diagnostic;
use super::documents::Document;
use crate::diagnostic::{Code, Fix, Problem};
use crate::load::{Format, InputKind};
use crate::syntax;

/// The quick fixes of the problems whose main place meets `range`; with
/// `snippets`, a fix with blanks is a snippet edit (whose placeholders the
/// author tabs to) rather than plain text.
pub(super) fn quick_fixes(document: &Document, range: Range, snippets: bool) -> Vec<Value> {
    let mut out = Vec::new();
    for report in document
        .reports
        .iter()
        .filter(|r| r.file().name == document.name)
    {
        let problem = report.problem();
        let shown = diagnostic(document, report);
        if shown.range.end < range.start || range.end < shown.range.start {
            continue;
        }
        let fixes = match problem.fix.as_deref() {
            Some(Fix::Replace { span, with }) => {
                // A board read from YAML or JSON knows its names' places
                // only through the problem's label: the fix's own span is a
                // stand-in there.
                let span = match (document.kind, problem.labels.first()) {
                    (InputKind::Document(_), Some(label)) => label.span,
                    (InputKind::Language, _) if span.is_known() => *span,
                    (_, Some(label)) => label.span,
                    (_, None) => continue,
                };
                // JSON's place of a name holds its quotes.
                let quoted = document.kind == InputKind::Document(Format::Json)
                    && document.text.get(span.start..span.start + 1) == Some("\"");
                let written = if quoted {
                    format!("\"{with}\"")
                } else {
                    with.clone()
                };
                let edit = TextEdit::new(document.lines.range(&document.text, span), written);
                vec![(format!("Write `{with}`"), Edit::Plain(edit), true)]
            }
            Some(Fix::AddLine { after, line }) => {
                additions::add_line(document, *after, line, &problem.labels)
                    .map(|a| (format!("Add `{}`", a.line), Edit::Added(a), false))
                    .into_iter()
                    .collect()
            }
            None => Vec::new(),
        };
        let created = new_room(document, problem)
            .map(|(id, a)| (format!("Add `room {id}`"), Edit::Added(a), false));
        for (title, edit, preferred) in fixes.into_iter().chain(created) {
            out.push(action(
                &document.uri,
                &title,
                &shown,
                &edit,
                preferred,
                snippets,
            ));
        }
    }
    out
}

/// A fix's change: a plain edit, or a line added (with blanks, perhaps).
enum Edit {
    Plain(TextEdit),
    Added(Addition),
}

/// For a room a board names but does not declare: that room, added after
/// the others, when its id is one a room can have.
fn new_room(document: &Document, problem: &Problem) -> Option<(String, Addition)> {
    if problem.code != Code::UnknownRoom || document.kind != InputKind::Language {
        return None;
    }
    let span = problem.labels.first()?.span;
    let id = document.text.get(span.start..span.end)?;
    // A misspelt id may be no id at all (`0`, a reserved word): adding it
    // would only move the error.
    let probe = format!("board probe\nroom {id}\n");
    match syntax::parse_all(&probe) {
        Ok(syntax::ast::File::Board(b)) if b.rooms.len() == 1 && b.rooms[0].id.text == id => {}
        _ => return None,
    }
    Some((id.to_string(), additions::add_room(document, id)?))
}

/// One code action as the protocol writes it: a snippet edit in a
/// document change when the editor takes them and the line has blanks,
/// else plain text edits.
fn action(
    uri: &Uri,
    title: &str,
    diagnostic: &lsp_types::Diagnostic,
    edit: &Edit,
    preferred: bool,
    snippets: bool,
) -> Value {
    let edit = match edit {
        Edit::Added(a) if snippets && a.snippet != a.text => json!({
            "documentChanges": [{
                "textDocument": {"uri": uri, "version": null},
                "edits": [{"range": a.range, "snippet": {"kind": "snippet", "value": a.snippet}}],
            }],
        }),
        Edit::Added(a) => {
            json!({"changes": {uri.as_str(): [TextEdit::new(a.range, a.text.clone())]}})
        }
        Edit::Plain(e) => json!({"changes": {uri.as_str(): [e]}}),
    };
    json!({
        "title": title,
        "kind": CodeActionKind::QUICKFIX,
        "diagnostics": [diagnostic],
        "edit": edit,
        "isPreferred": preferred,
    })
}
