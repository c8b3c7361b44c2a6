//! A board document to the syntax tree the checker takes, with no places:
//! the language's checks then apply to YAML and JSON alike.

use super::document::BoardDoc;
use crate::syntax::ast::{BoardFile, HatchDecl, Name, Position, RoomDecl, RulesRef, Span};

/// Turns a parsed document into the syntax tree the checker takes.
pub fn board_file(doc: BoardDoc, default_name: &str) -> BoardFile {
    BoardFile {
        name: unplaced(doc.name.unwrap_or_else(|| default_name.to_string())),
        rules: doc
            .rules
            .map(|r| {
                if crate::builtin::rules_text(&r).is_some() {
                    RulesRef::Builtin(unplaced(r))
                } else {
                    RulesRef::Path(unplaced(r))
                }
            })
            .into_iter()
            .collect(),
        rooms: doc
            .rooms
            .into_iter()
            .map(|r| RoomDecl {
                id: unplaced(r.id.0),
                display: r.name.map(unplaced),
                position: r.at.map(|[c, row]| Position {
                    column: unplaced(c.to_string()),
                    row: unplaced(row.to_string()),
                    span: Span::default(),
                }),
                state: r.state.map(unplaced),
            })
            .collect(),
        hatches: doc
            .hatches
            .into_iter()
            .map(|h| {
                let [a, b] = h.between;
                HatchDecl {
                    rooms: [unplaced(a.0), unplaced(b.0)],
                    state: h.state.map(unplaced),
                    span: Span::default(),
                }
            })
            .collect(),
        starts: doc.start.map(|s| unplaced(s.0)).into_iter().collect(),
    }
}

/// A name read from a document, placed nowhere yet.
pub(super) fn unplaced(text: impl Into<String>) -> Name {
    Name::new(text, Span::default())
}
