//! The outline of a document (its rooms, hatches and start, or its rules
//! statements) and the folding of its comment blocks.

use lsp_types::{DocumentSymbol, FoldingRange, FoldingRangeKind, SymbolKind};

use super::documents::Document;
use super::statements;
use crate::diagnostic::Span;
use crate::syntax::ast::{self, RulesStatement};

/// The document's symbols; empty when it does not parse.
pub(super) fn symbols(document: &Document) -> Vec<DocumentSymbol> {
    let symbol = |name: String, detail: Option<String>, kind, whole: Span, name_span: Span| {
        #[allow(deprecated)]
        DocumentSymbol {
            name,
            detail,
            kind,
            tags: None,
            // Required by the type, and deprecated by the protocol.
            deprecated: None,
            range: document.lines.range(&document.text, whole),
            selection_range: document.lines.range(&document.text, name_span),
            children: None,
        }
    };
    let line_of = |span: Span| {
        let line = document.lines.line_of(span.start);
        let whole = document.lines.line_span(&document.text, line);
        Span::new(whole.start.min(span.start), whole.end.max(span.end))
    };
    match &document.tree {
        None => Vec::new(),
        Some(ast::File::Board(board)) => {
            let mut out = Vec::new();
            for r in &board.rules {
                let n = r.name();
                out.push(symbol(
                    format!("rules {}", n.text),
                    None,
                    SymbolKind::MODULE,
                    line_of(n.span),
                    n.span,
                ));
            }
            for room in &board.rooms {
                let mut name = format!("room {}", room.id.text);
                if let Some(display) = &room.display {
                    name.push_str(&format!(" “{}”", display.text));
                }
                out.push(symbol(
                    name,
                    room.state.as_ref().map(|s| s.text.clone()),
                    SymbolKind::OBJECT,
                    line_of(room.id.span),
                    room.id.span,
                ));
            }
            for hatch in &board.hatches {
                let [a, b] = &hatch.rooms;
                out.push(symbol(
                    format!("hatch {}-{}", a.text, b.text),
                    hatch.state.as_ref().map(|s| s.text.clone()),
                    SymbolKind::INTERFACE,
                    hatch.span,
                    Span::new(a.span.start, b.span.end.max(a.span.start)),
                ));
            }
            for start in &board.starts {
                out.push(symbol(
                    format!("start {}", start.text),
                    None,
                    SymbolKind::EVENT,
                    line_of(start.span),
                    start.span,
                ));
            }
            out
        }
        Some(ast::File::Rules(rules)) => rules
            .statements
            .iter()
            .map(|s| {
                let span = statements::span(s);
                let written = document.text.get(span.start..span.end).unwrap_or("");
                let name = written.lines().next().unwrap_or("").trim().to_string();
                let kind = match s {
                    RulesStatement::RoomStates(..)
                    | RulesStatement::HatchStates(..)
                    | RulesStatement::Items(..) => SymbolKind::ENUM,
                    RulesStatement::ActionDecl(_)
                    | RulesStatement::ActionRule(_)
                    | RulesStatement::ActionFailure(_) => SymbolKind::EVENT,
                    _ => SymbolKind::PROPERTY,
                };
                symbol(name, None, kind, span, span)
            })
            .collect(),
    }
}

/// Every run of two or more lines that hold only a comment.
pub(super) fn folds(document: &Document) -> Vec<FoldingRange> {
    let mut out = Vec::new();
    let mut run: Option<(usize, usize)> = None;
    let lines = document
        .text
        .split('\n')
        .map(|l| l.trim_start().starts_with('#'));
    for (i, comment) in lines.chain([false]).enumerate() {
        match (comment, run) {
            (true, None) => run = Some((i, i)),
            (true, Some((first, _))) => run = Some((first, i)),
            (false, Some((first, last))) => {
                if last > first {
                    out.push(FoldingRange {
                        start_line: u32::try_from(first).unwrap_or(u32::MAX),
                        end_line: u32::try_from(last).unwrap_or(u32::MAX),
                        kind: Some(FoldingRangeKind::Comment),
                        ..FoldingRange::default()
                    });
                }
                run = None;
            }
            (false, None) => {}
        }
    }
    out
}
