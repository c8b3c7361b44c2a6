//! Formatting: the canonical layout of `hatchway fmt`, as one edit of the
//! whole document; none when the document does not parse or is already in
//! that layout.

use lsp_types::TextEdit;

use super::documents::Document;
use crate::diagnostic::Span;
use crate::format;
use crate::load::InputKind;

/// The edits that put the document in canonical layout.
pub(super) fn format_document(document: &Document) -> Vec<TextEdit> {
    if document.kind != InputKind::Language {
        return Vec::new();
    }
    match format::format(&document.text) {
        Ok(formatted) if formatted != document.text => vec![TextEdit::new(
            document
                .lines
                .range(&document.text, Span::new(0, document.text.len())),
            formatted,
        )],
        _ => Vec::new(),
    }
}
