//! Places in a document as the editor counts them. LSP positions are a line
//! and a column in UTF-16 code units (the protocol's default encoding, the
//! one every client understands); the checker's spans are byte offsets.

use lsp_types::{Position, Range};

use crate::diagnostic::Span;

/// Where each line of a text starts, so that an offset becomes a position
/// (and back) in time proportional to one line, not to the whole text: a
/// document of a megabyte answers each request promptly.
#[derive(Debug, Default)]
pub(super) struct Lines {
    starts: Vec<usize>,
}

/// A count as the protocol's `u32`; a text is never near that long, and a
/// longer count would stand at the end of what can be said.
fn as_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Lines {
    /// The line starts of `text`.
    pub(super) fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        Lines { starts }
    }

    /// The line (0-based) that holds byte `offset`.
    pub(super) fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The bytes of line `line`, without its line break; empty past the end.
    pub(super) fn line_span(&self, text: &str, line: usize) -> Span {
        let Some(&start) = self.starts.get(line) else {
            return Span::new(text.len(), text.len());
        };
        let mut end = self
            .starts
            .get(line + 1)
            .map_or(text.len(), |next| next - 1);
        if text.as_bytes().get(end.wrapping_sub(1)) == Some(&b'\r') && end > start {
            end -= 1;
        }
        Span::new(start, end)
    }

    /// The position of byte `offset` of `text`.
    pub(super) fn position(&self, text: &str, offset: usize) -> Position {
        let offset = crate::diagnostic::floor_char_boundary(text, offset);
        let line = self.line_of(offset);
        let start = self.starts.get(line).copied().unwrap_or(0).min(offset);
        let character = text[start..offset].encode_utf16().count();
        Position::new(as_u32(line), as_u32(character))
    }

    /// The range of `span` in `text`.
    pub(super) fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.start),
            self.position(text, span.end.max(span.start)),
        )
    }

    /// The byte offset of `position` in `text`: a column past the end of
    /// its line stands at the line's end, a line past the end of the text
    /// at the text's end.
    pub(super) fn offset(&self, text: &str, position: Position) -> usize {
        let line = self.line_span(text, position.line as usize);
        let mut units = 0;
        for (i, c) in text[line.start..line.end].char_indices() {
            if units >= position.character as usize {
                return line.start + i;
            }
            units += c.len_utf16();
        }
        line.end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units() {
        let text = "board \"Küche 🚢\"\nroom 1: fire\r\nstart 1";
        let lines = Lines::new(text);
        let fire = text.find("fire").unwrap_or(0);
        assert_eq!(lines.position(text, fire), Position::new(1, 8));
        // `ü` is one unit, the ship two.
        let quote = text.rfind('"').unwrap_or(0);
        assert_eq!(lines.position(text, quote), Position::new(0, 15));
        assert_eq!(lines.offset(text, Position::new(0, 15)), quote);
        assert_eq!(lines.offset(text, Position::new(1, 99)), fire + 4);
        assert_eq!(lines.offset(text, Position::new(9, 0)), text.len());
    }
}
