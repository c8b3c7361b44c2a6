//! The canonical layout of board and rules files, for `hatchway fmt`.
//!
//! The formatter works from the text and its pest parse tree, not from the
//! syntax tree: the syntax tree keeps neither the order of a board's
//! statements nor its comments. Comments are found by scanning the text (the
//! grammar keeps them silent) and attached to what they stand next to:
//!
//! - a comment at the end of a line that holds a statement stays at the end
//!   of that statement's line;
//! - a comment on a line of its own stays before the statement that follows
//!   it (or at the end of the file when none does);
//! - a comment inside a statement written over several lines moves to its
//!   own line before that statement.
//!
//! Every statement gets a line of its own, with its words as written and
//! canonical spacing (`room 1 "Engine Room" at 0,1: fire`, `hatch 1-2: blocked`,
//! `flow a + b -> c + d`). Statements keep their order; a run of blank lines
//! between two of them becomes one blank line. Formatting a formatted file
//! changes nothing.

use pest::iterators::Pair;

use crate::diagnostic::{self, Problem};
use crate::syntax::{self, Rule};

/// The canonical text of a board or rules file in the hatchway language.
/// A file that does not parse is not formatted: the error list holds its
/// syntax errors (never empty).
///
/// ```
/// let text = hatchway::format::format("board   two\nroom 1\nroom 2 : fire\nhatch 1-2\nstart 1")
///     .map_err(|problems| problems.len())
///     .unwrap_or_default();
/// assert!(text.contains("room 2: fire\n"));
/// ```
pub fn format(text: &str) -> Result<String, Vec<Problem>> {
    syntax::parse_all(text)?;
    let Some(file) = syntax::parse_tree(text) else {
        // parse_all accepted the text, so the same grammar parses it again.
        return Err(vec![Problem::error(
            diagnostic::Code::Syntax,
            "the file does not parse",
        )]);
    };
    let mut code = Vec::new();
    let mut header: Option<Code> = None;
    for p in file.into_inner() {
        let span = p.as_span();
        match p.as_rule() {
            // The first line, `rules NAME` or `board NAME`, is two tokens
            // of the file node itself.
            Rule::kw_rules | Rule::kw_board | Rule::string | Rule::title => {
                let h = header.get_or_insert_with(|| Code::new(span.start()));
                h.end = span.end();
                h.tokens.push(p);
            }
            _ => {
                // A statement's span can run on over the white space and
                // comments after it (where an optional part was looked
                // for): it ends where its last token ends.
                let tokens = leaves(p);
                let end = tokens.last().map_or(span.end(), |t| t.as_span().end());
                code.push(Code {
                    start: span.start(),
                    end,
                    tokens,
                    inner: Vec::new(),
                    trailing: None,
                });
            }
        }
    }
    code.splice(0..0, header);
    Ok(layout(text, code))
}

/// Whether a file is already in its canonical layout. A file that does not
/// parse reports its syntax errors.
pub fn is_formatted(text: &str) -> Result<bool, Vec<Problem>> {
    Ok(format(text)? == text)
}

/// One statement (or the first line) with the comments attached to it.
struct Code<'a> {
    /// Where its first token starts.
    start: usize,
    /// Where its last token ends.
    end: usize,
    /// Its tokens, in order.
    tokens: Vec<Pair<'a, Rule>>,
    /// Comments written between its tokens.
    inner: Vec<Comment>,
    /// The comment at the end of its last line.
    trailing: Option<Comment>,
}

impl Code<'_> {
    fn new(start: usize) -> Self {
        Code {
            start,
            end: start,
            tokens: Vec::new(),
            inner: Vec::new(),
            trailing: None,
        }
    }

    /// Where it ends with its trailing comment.
    fn last(&self) -> usize {
        self.trailing.as_ref().map_or(self.end, |c| c.end)
    }

    /// The statement on one line, with canonical spacing.
    fn line(&self) -> String {
        let mut line = String::new();
        let mut after_dash = false;
        for (i, token) in self.tokens.iter().enumerate() {
            let rule = token.as_rule();
            // `:` and `,` follow the word before them; the `-` of a hatch
            // joins its two rooms (`hatch 1-2: open`), the `,` of a room's
            // place its two numbers (`at 0,1`).
            let in_position = rule == Rule::number
                && i >= 2
                && self.tokens[i - 1].as_rule() == Rule::comma
                && self.tokens[i - 2].as_rule() == Rule::number;
            let tight =
                matches!(rule, Rule::colon | Rule::comma | Rule::dash) || after_dash || in_position;
            if i > 0 && !tight {
                line.push(' ');
            }
            line.push_str(token.as_str());
            after_dash = rule == Rule::dash;
        }
        if let Some(c) = &self.trailing {
            line.push(' ');
            line.push_str(&c.text);
        }
        line
    }
}

/// A `#` comment: where it is, and its text without trailing white space.
#[derive(Clone, Debug)]
struct Comment {
    start: usize,
    end: usize,
    text: String,
}

/// The tokens of a statement: the leaves of its parse tree. A quoted text
/// is one token, quotes included.
fn leaves(pair: Pair<'_, Rule>) -> Vec<Pair<'_, Rule>> {
    let mut out = Vec::new();
    let mut stack = vec![pair];
    while let Some(p) = stack.pop() {
        let children: Vec<_> = p.clone().into_inner().collect();
        if matches!(p.as_rule(), Rule::string | Rule::state_words) || children.is_empty() {
            out.push(p);
        } else {
            stack.extend(children.into_iter().rev());
        }
    }
    out
}

/// Every comment of a text that parses: a `#` outside a quoted text, to the
/// end of its line. (A quoted text ends on its line, so a `"` in a comment
/// cannot hide the next line's comment.)
fn comments(text: &str) -> Vec<Comment> {
    let mut found = Vec::new();
    let mut quoted = false;
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\n' => quoted = false,
            '"' => quoted = !quoted,
            '#' if !quoted => {
                let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
                found.push(Comment {
                    start: i,
                    end,
                    text: text[i..end].trim_end().to_string(),
                });
                // Skip the comment; the newline after it is seen next.
                for _ in text[i + 1..end].chars() {
                    chars.next();
                }
            }
            _ => {}
        }
    }
    found
}

/// A line of output before it is joined: a statement or a comment of its
/// own, with the place it had in the text.
enum Element<'a> {
    Code(Code<'a>),
    Comment(Comment),
}

impl Element<'_> {
    fn start(&self) -> usize {
        match self {
            Element::Code(c) => c.start,
            Element::Comment(c) => c.start,
        }
    }

    fn end(&self) -> usize {
        match self {
            Element::Code(c) => c.last(),
            Element::Comment(c) => c.end,
        }
    }
}

/// Attaches the comments to the statements and writes the lines.
fn layout(text: &str, mut code: Vec<Code<'_>>) -> String {
    let mut own = Vec::new();
    for comment in comments(text) {
        // The statement it follows or stands in: the last that starts
        // before it.
        let before = code.partition_point(|c| c.start < comment.start);
        let Some(owner) = before.checked_sub(1).and_then(|i| code.get_mut(i)) else {
            own.push(comment);
            continue;
        };
        if comment.start < owner.end {
            owner.inner.push(comment);
        } else if !text[owner.end..comment.start].contains('\n') {
            owner.trailing = Some(comment);
        } else {
            own.push(comment);
        }
    }
    let mut elements: Vec<Element<'_>> = code.into_iter().map(Element::Code).collect();
    elements.extend(own.into_iter().map(Element::Comment));
    elements.sort_by_key(Element::start);

    let mut out = String::new();
    let mut previous_end: Option<usize> = None;
    for element in &elements {
        let start = element.start();
        if let Some(end) = previous_end {
            // Only white space lies between two elements: two line breaks
            // in it make a blank line.
            let gap = text.get(end..start).unwrap_or("");
            if gap.matches('\n').count() >= 2 {
                out.push('\n');
            }
        }
        match element {
            Element::Code(c) => {
                for inner in &c.inner {
                    out.push_str(&inner.text);
                    out.push('\n');
                }
                out.push_str(&c.line());
            }
            Element::Comment(c) => out.push_str(&c.text),
        }
        out.push('\n');
        previous_end = Some(element.end());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spacing_is_canonical() {
        let text = "board  b\nroom 1 \"Engine Room\" at 0 , 1 :fire\nroom 2 at 1,1 hatch 1 - 2 :blocked start 1\n";
        assert_eq!(
            format(text).unwrap(),
            "board b\nroom 1 \"Engine Room\" at 0,1: fire\nroom 2 at 1,1\nhatch 1-2: blocked\nstart 1\n"
        );
    }

    #[test]
    fn comments_stay_where_they_belong() {
        let text = "# top\nboard b # named\n\n\n# rooms\nroom 1 # first\nroom 2 \"No #2\"\n# end\n";
        let formatted = format(text).unwrap();
        assert_eq!(
            formatted,
            "# top\nboard b # named\n\n# rooms\nroom 1 # first\nroom 2 \"No #2\"\n# end\n"
        );
        assert_eq!(format(&formatted).unwrap(), formatted);
    }

    #[test]
    fn a_comment_inside_a_statement_moves_before_it() {
        let text = "rules r\nroom states: a, # first\n  b\n";
        let formatted = format(text).unwrap();
        assert_eq!(formatted, "rules r\n# first\nroom states: a, b\n");
        assert_eq!(format(&formatted).unwrap(), formatted);
    }

    #[test]
    fn syntax_errors_are_reported() {
        assert!(format("board b\nroom\n").is_err());
    }
}
