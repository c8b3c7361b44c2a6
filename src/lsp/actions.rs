//! Quick fixes: the change each problem's help names (the name a misspelt
//! one most likely means, the rule a conflict or a gap asks for), offered
//! on the problem's place.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Position, Range, TextEdit, WorkspaceEdit,
};

use super::diagnostics::diagnostic;
use super::documents::Document;
use crate::diagnostic::{Fix, Span};

/// The quick fixes of the problems whose main place meets `range`.
pub(super) fn quick_fixes(document: &Document, range: Range) -> Vec<CodeActionOrCommand> {
    document
        .reports
        .iter()
        .filter(|r| r.file().name == document.name)
        .filter_map(|report| {
            let problem = report.problem();
            let fix: &Fix = problem.fix.as_deref()?;
            let shown = diagnostic(document, report);
            if shown.range.end < range.start || range.end < shown.range.start {
                return None;
            }
            let (title, edit) = match fix {
                Fix::Replace { span, with } => {
                    // A board read from YAML or JSON knows its names' places
                    // only through the problem's label.
                    let span = if span.is_known() {
                        *span
                    } else {
                        problem.labels.first()?.span
                    };
                    (
                        format!("Write `{with}`"),
                        TextEdit::new(document.lines.range(&document.text, span), with.clone()),
                    )
                }
                Fix::AddLine { after, line } => {
                    (format!("Add `{line}`"), add_line(document, *after, line))
                }
            };
            let preferred = matches!(fix, Fix::Replace { .. });
            Some(CodeActionOrCommand::CodeAction(CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![shown]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(document.uri.clone(), vec![edit])])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(preferred),
                ..CodeAction::default()
            }))
        })
        .collect()
}

/// `line` added after the line that holds the end of `after`, indented as
/// that line is.
fn add_line(document: &Document, after: Span, line: &str) -> TextEdit {
    let text = &document.text;
    let at = document
        .lines
        .line_of(after.end.saturating_sub(1).max(after.start));
    let own = document.lines.line_span(text, at);
    let indent: String = text[own.start..own.end]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let end: Position = document.lines.position(text, own.end);
    TextEdit::new(Range::new(end, end), format!("\n{indent}{line}"))
}
