//! Places in a document's text: a line and column as a byte offset, and
//! where a JSON token or a value starts and ends. Every other file of the
//! reader builds on these; they depend on nothing of it.

/// The byte offset of `line` and `column` (both from 1; the column in
/// characters), or the text's end when the text is shorter.
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

/// The byte just past the character serde_json reports an error on
/// (`line` and `column` count from 1; the column in characters).
pub(super) fn json_offset(text: &str, line: usize, column: usize) -> usize {
    let at = offset_of(text, line, column);
    text[at..].chars().next().map_or(at, |c| at + c.len_utf8())
}

/// The first character of the JSON token that ends just before `end`: a
/// quoted text, a word or number, or a bracket.
pub(super) fn token_start(text: &str, end: usize) -> usize {
    let before = &text[..end.min(text.len())];
    match before.chars().next_back() {
        Some('{' | '[' | '}' | ']' | ',' | ':') | None => before.len().saturating_sub(1),
        Some('"') => {
            // Back to the opening quote, past escaped quotes.
            let body = &before[..before.len() - 1];
            let mut i = body.len();
            while let Some(q) = body[..i].rfind('"') {
                let slashes = body[..q].chars().rev().take_while(|&c| c == '\\').count();
                if slashes % 2 == 0 {
                    return q;
                }
                i = q;
            }
            0
        }
        _ => before
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '.')))
            .map_or(0, |i| i + 1),
    }
}

/// The end of the value that starts at `start`: a quoted text to its closing
/// quote, a flow mapping or list to its closing bracket, anything else to the
/// end of its token (or of its line).
pub(super) fn value_end(text: &str, start: usize) -> usize {
    let rest = &text[start..];
    let line_end = rest.find('\n').unwrap_or(rest.len());
    let end = match rest.chars().next() {
        Some(q @ ('"' | '\'')) => {
            let mut escaped = false;
            rest.char_indices()
                .skip(1)
                .find(|&(_, c)| {
                    let close = c == q && !escaped;
                    escaped = q == '"' && c == '\\' && !escaped;
                    close
                })
                .map_or(line_end, |(i, c)| i + c.len_utf8())
        }
        Some('{' | '[') => {
            let mut depth = 0usize;
            let mut quote: Option<char> = None;
            let mut escaped = false;
            let mut end = None;
            for (i, c) in rest.char_indices() {
                if let Some(q) = quote {
                    if escaped {
                        escaped = false;
                    } else if c == '\\' && q == '"' {
                        escaped = true;
                    } else if c == q {
                        quote = None;
                    }
                    continue;
                }
                match c {
                    '"' | '\'' => quote = Some(c),
                    '{' | '[' => depth += 1,
                    '}' | ']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            end = Some(i + 1);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            end.unwrap_or(line_end)
        }
        _ => rest[..line_end]
            .find([',', '}', ']', '#'])
            .unwrap_or(line_end),
    };
    let end = start + rest[..end.max(1).min(rest.len())].trim_end().len();
    end.max(start + rest.chars().next().map_or(1, char::len_utf8))
}
