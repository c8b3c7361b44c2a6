//! Text made safe inside each output format, all here so that each format
//! has one way of quoting: XML for the SVG picture and the HTML page, and
//! DOT's quoted strings and HTML-like labels for Graphviz.

/// Text for XML character data and attribute values: `&`, `<`, `>`, `"`
/// and `'` as entities, and characters XML does not allow (control
/// characters, U+FFFE, U+FFFF) as spaces.
pub fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\u{FFFE}' | '\u{FFFF}' => out.push(' '),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Text for a quoted DOT string used as a label: `\` and `"` escaped, `&`
/// written as an entity (Graphviz reads entities such as `&amp;` in every
/// label), control characters as spaces (a label's line breaks are `\n`,
/// added by the caller).
pub fn dot_label(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '&' => out.push_str("&amp;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Text for a quoted DOT string used as an id: `\` and `"` escaped.
pub fn dot_id(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Text for an HTML-like label (the legend): `&`, `<`, `>` and `"` as
/// entities.
pub fn dot_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}
