//! Text to parse tree: pest reads a file by the grammar, and when
//! statements do not parse, reading starts again at the next line that
//! starts with a keyword, so that every syntax error is reported. A file
//! that parses is lowered to its syntax tree; the errors are put in words
//! by `wording`.

use pest::Parser;
use pest::iterators::Pair;

use super::ast::{File, Span};
use super::grammar::{HatchwayParser, Rule};
use super::lower::{board_file, rules_file, span_of};
use super::wording::{Kind, error_offset, syntax_problem};
use crate::diagnostic::{Code, Problem};

/// Parses a whole file. A syntax error is one problem pointing at the place
/// where the text stopped making sense; when there are several, this is the
/// first (see [`parse_all`] for all of them).
pub fn parse(text: &str) -> Result<File, Problem> {
    parse_all(text).map_err(|mut problems| problems.swap_remove(0))
}

/// Parses a whole file, reporting every syntax error: after a statement that
/// does not parse, reading starts again at the next line that starts with a
/// keyword. The error list is never empty.
pub fn parse_all(text: &str) -> Result<File, Vec<Problem>> {
    if let Some(at) = text.find('\0') {
        let end = at + 1;
        return Err(vec![
            Problem::error(Code::NotText, "the file is not text: it holds a NUL byte")
                .label(Span::new(at, end), "NUL byte here")
                .help("hatchway reads plain text files: remove the byte, or check that this is the right file"),
        ]);
    }
    if blank(text) {
        let message = if text.trim().is_empty() {
            "the file is empty"
        } else {
            "the file holds only comments"
        };
        return Err(vec![Problem::error(Code::Syntax, message).help(
            "a rules file starts with `rules NAME`, a board file with `board NAME`",
        )]);
    }
    let mut pairs = HatchwayParser::parse(Rule::file, text)
        .map_err(|e| vec![syntax_problem(&e, text, 0, Kind::Header)])?;
    let Some(file) = pairs.next().and_then(|p| p.into_inner().next()) else {
        return Err(vec![Problem::error(Code::Syntax, "the file is empty")]);
    };
    let (kind, probe, probe_alone) = if file.as_rule() == Rule::rules_file {
        (Kind::Rules, Rule::rules_probe, Rule::rules_probe_alone)
    } else {
        (Kind::Board, Rule::board_probe, Rule::board_probe_alone)
    };
    // Explain every statement that did not parse by parsing it again after
    // the statement before it (so that pest reports what it expected there,
    // including what could have continued that statement), or alone when
    // the one before did not parse either.
    let mut problems = Vec::new();
    let mut previous = Some(0);
    for p in file.clone().into_inner() {
        let start = p.as_span().start();
        if p.as_rule() != Rule::bad_statement {
            if is_statement(p.as_rule()) {
                previous = Some(start);
            }
            continue;
        }
        if problems.len() == MAX_SYNTAX_ERRORS {
            let more = file
                .clone()
                .into_inner()
                .filter(|q| q.as_rule() == Rule::bad_statement && q.as_span().start() >= start)
                .count();
            problems.push(
                Problem::error(Code::Syntax, format!("{more} more statements do not parse"))
                    .label(span_of(&p), "the next one starts here")
                    .help("fix the errors above and check the file again"),
            );
            break;
        }
        let (rule, from) = match previous {
            Some(at) => (probe, at),
            None => (probe_alone, start),
        };
        previous = None;
        // pest's error scans from its place to the end of the text it was
        // given: give it the statement and a little after it, and the whole
        // rest of the file only when the error is past that.
        let window = window_end(text, p.as_span().end());
        let mut result = HatchwayParser::parse(rule, &text[from..window]);
        let reached_window_end = match &result {
            Err(e) => error_offset(e) + from >= window,
            Ok(_) => true,
        };
        if reached_window_end && window < text.len() {
            result = HatchwayParser::parse(rule, &text[from..]);
        }
        problems.push(match result {
            Err(e) => syntax_problem(&e, text, from, kind),
            Ok(_) => Problem::error(Code::Syntax, "this is not a statement")
                .label(span_of(&p), "not understood"),
        });
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(match kind {
        Kind::Rules => File::Rules(rules_file(file)),
        _ => File::Board(board_file(file)),
    })
}

/// The syntax tree of the statements that parse, for an editor reading a
/// file while it is typed: a statement that does not parse is left out
/// (the language is one statement a line, and reading starts again at the
/// next line that starts with a keyword). `None` when not even the file's
/// header parses, or the file is no text. [`parse_all`] says what is wrong.
pub(crate) fn parse_partial(text: &str) -> Option<File> {
    if text.contains('\0') || blank(text) {
        return None;
    }
    let file = HatchwayParser::parse(Rule::file, text)
        .ok()?
        .next()?
        .into_inner()
        .next()?;
    Some(if file.as_rule() == Rule::rules_file {
        File::Rules(rules_file(file))
    } else {
        File::Board(board_file(file))
    })
}

/// Whether `text` is one whole statement of a board file (or of a rules
/// file) and nothing more: an editor offers nothing after it.
pub(crate) fn whole_statement(text: &str, board: bool) -> bool {
    let rule = if board {
        Rule::board_probe_alone
    } else {
        Rule::rules_probe_alone
    };
    HatchwayParser::parse(rule, text)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .is_some_and(|p| p.as_span().end() == text.len())
}

/// The parse tree of a file that parses: its `rules_file` or `board_file`
/// node, with every token. The formatter reads this (the syntax tree drops
/// the order of a board's statements and the marks between words). Call
/// [`parse_all`] first for the diagnostics of a file that does not parse.
pub(crate) fn parse_tree(text: &str) -> Option<Pair<'_, Rule>> {
    HatchwayParser::parse(Rule::file, text)
        .ok()?
        .next()?
        .into_inner()
        .next()
}

/// At most this many syntax errors are explained; a note counts the rest.
const MAX_SYNTAX_ERRORS: usize = 50;

/// The end of the line after the one where `at` is: how far a probe reads.
fn window_end(text: &str, at: usize) -> usize {
    let mut end = at.min(text.len());
    for _ in 0..2 {
        end = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
    }
    end
}

/// Whether a text holds nothing but white space and comments.
fn blank(text: &str) -> bool {
    text.lines().all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#')
    })
}

/// Whether a grammar rule is a statement (the place a probe starts from).
fn is_statement(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::room_states
            | Rule::hatch_states
            | Rule::items_decl
            | Rule::open_rule
            | Rule::walk_rule
            | Rule::enter_rule
            | Rule::leave_rule
            | Rule::flow_rule
            | Rule::revisit_rule
            | Rule::end_rule
            | Rule::action_failure
            | Rule::action_decl
            | Rule::action_rule
            | Rule::say_decl
            | Rule::rules_ref
            | Rule::room_decl
            | Rule::hatch_decl
            | Rule::start_decl
    )
}
