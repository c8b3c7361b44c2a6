//! Syntax errors in the player's words: pest's error (which rules it
//! expected, and where) becomes a [`Problem`] saying what was expected in
//! the language's words ("`room`", "a name", "a statement"), what was
//! found, where the file ends when it ends too early, and a help line for
//! the mistakes people make (a rules statement in a board, a keyword as a
//! name, a dash in a room id).

use pest::error::{ErrorVariant, InputLocation};

use super::ast::Span;
use super::grammar::Rule;
use super::keywords;
use crate::diagnostic::{Code, Problem};

/// Which part of a file a syntax error is in, for its help line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// The first line, before the file's kind is known.
    Header,
    /// A rules file.
    Rules,
    /// A board file.
    Board,
}

/// Where a pest error is, in the text it was given.
pub(super) fn error_offset(error: &pest::error::Error<Rule>) -> usize {
    match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    }
}

/// Why a room id as written cannot be one, and what to write instead: the
/// id with `_` for each character an id cannot hold.
pub fn room_id_help(id: &str) -> String {
    let fixed: String = id
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let why = if id.contains('-') {
        "a room id cannot hold `-`: in `hatch A-B` the dash separates the two rooms"
    } else {
        "a room id is a number or a name made of letters, digits and `_`"
    };
    if id.is_empty() {
        why.to_string()
    } else {
        format!("{why}; write `{fixed}` instead")
    }
}

/// What a grammar rule is called in a message to a player.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::ident | Rule::ident_list => "a name",
        Rule::number => "a number",
        Rule::room_id => "a room id",
        Rule::title => "a name",
        Rule::string | Rule::string_text | Rule::state_words => "a quoted text",
        Rule::kw_rules | Rule::rules_file | Rule::rules_ref => "`rules`",
        Rule::kw_board | Rule::board_file => "`board`",
        Rule::kw_room | Rule::room_decl | Rule::room_states => "`room`",
        Rule::kw_hatch | Rule::hatch_decl | Rule::hatch_states => "`hatch`",
        Rule::kw_states => "`states`",
        Rule::kw_items | Rule::items_decl => "`items`",
        Rule::kw_open | Rule::open_rule => "`open`",
        Rule::kw_walk | Rule::walk_rule => "`walk`",
        Rule::kw_through | Rule::through_cond => "`through`",
        Rule::kw_enter | Rule::enter_rule => "`enter`",
        Rule::kw_leave | Rule::leave_rule => "`leave`",
        Rule::kw_flow | Rule::flow_rule => "`flow`",
        Rule::kw_revisit | Rule::revisit_rule => "`revisit`",
        Rule::kw_from | Rule::from_cond => "`from`",
        Rule::kw_with | Rule::with_cond => "`with`",
        Rule::kw_without | Rule::without_cond => "`without`",
        Rule::kw_cost | Rule::cost | Rule::open_effect => "`cost`",
        Rule::kw_becomes => "`becomes`",
        Rule::kw_start | Rule::start_decl => "`start`",
        Rule::kw_at | Rule::position => "`at`",
        Rule::kw_end | Rule::end_rule => "`end`",
        Rule::kw_action | Rule::action_decl | Rule::action_rule | Rule::action_failure => {
            "`action`"
        }
        Rule::kw_in | Rule::in_cond => "`in`",
        Rule::kw_bonus | Rule::bonus => "`bonus`",
        Rule::kw_fatal => "`fatal`",
        Rule::kw_safe => "`safe`",
        Rule::kw_fails => "`fails`",
        Rule::kw_say | Rule::say_decl => "`say`",
        Rule::action_target => "`room` or `hatch`",
        Rule::forbidden => "`forbidden`",
        Rule::allowed => "`allowed`",
        Rule::condition => "a condition",
        Rule::colon => "`:`",
        Rule::comma => "`,`",
        Rule::plus => "`+`",
        Rule::arrow => "`->`",
        Rule::dash => "`-`",
        Rule::file => "`rules` or `board`",
        _ => "something else",
    }
}

/// The words that start a statement of each kind of file: when a syntax
/// error expects all of them, the message says "a statement".
const RULES_STATEMENTS: &[&str] = &[
    "`action`",
    "`end`",
    "`enter`",
    "`flow`",
    "`hatch`",
    "`items`",
    "`leave`",
    "`open`",
    "`revisit`",
    "`room`",
    "`say`",
    "`walk`",
];
const BOARD_STATEMENTS: &[&str] = &["`hatch`", "`room`", "`rules`", "`start`"];

/// A list of alternatives in words: "`a`, `b` or `c`".
fn alternatives(words: &[&str]) -> String {
    match words {
        [] => "something else".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// What stands at a place in the text, for "found ...": a word, a number, a
/// mark, or a description of a character that cannot be shown as it is.
fn found_at(text: &str, at: usize) -> (String, usize) {
    let rest = &text[at..];
    let Some(first) = rest.chars().next() else {
        return ("the end of the file".to_string(), at);
    };
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let len = if word(first) {
        rest.find(|c: char| !word(c)).unwrap_or(rest.len())
    } else if first == '"' {
        // A quoted text up to its closing quote or the end of the line.
        rest[1..].find(['"', '\n']).map_or(rest.len(), |i| {
            if rest.as_bytes()[i + 1] == b'"' {
                i + 2
            } else {
                i + 1
            }
        })
    } else if first.is_control() || first.is_whitespace() {
        first.len_utf8()
    } else {
        // A run of marks such as `=>`, or a sign before a number: `-1`.
        let marks = rest
            .find(|c: char| word(c) || c.is_whitespace() || c.is_control() || c == '"')
            .unwrap_or(rest.len());
        let digits = if marks == 1 && first == '-' {
            rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len() - 1)
        } else {
            0
        };
        marks + digits
    };
    let found = &rest[..len];
    let shown = if first.is_control() || (first.is_whitespace() && first != ' ') {
        format!("the control character U+{:04X}", u32::from(first))
    } else if found.chars().count() > 32 {
        let cut: String = found.chars().take(32).collect();
        format!("`{cut}...`")
    } else {
        format!("`{found}`")
    };
    (shown, at + len)
}

/// A quoted text that does not end on its line, or that holds a control
/// character: pest only sees that no quoted text starts here.
fn quoted_text_problem(text: &str, start: usize) -> Option<Problem> {
    let rest = text[start..].strip_prefix('"')?;
    let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
    let body = match line.find('"') {
        Some(end) => &line[..end],
        None => {
            let line = line.trim_end_matches('\r');
            return Some(
                Problem::error(Code::Syntax, "this quoted text is not closed")
                    .label(
                        Span::new(start, start + 1 + line.len()),
                        "no closing `\"` on this line",
                    )
                    .help("a quoted text ends with `\"` on the same line"),
            );
        }
    };
    let (i, c) = body.char_indices().find(|&(_, c)| c.is_control())?;
    let at = start + 1 + i;
    Some(
        Problem::error(Code::Syntax, "a quoted text cannot hold control characters")
            .label(
                Span::new(at, at + c.len_utf8()),
                format!("the control character U+{:04X}", u32::from(c)),
            )
            .help("remove it, or write a space instead of a tab"),
    )
}

/// A number the grammar cannot read where a whole number stands after
/// `cost`, `bonus` or `at`: a fraction (`cost 2.5`, where pest sees `cost
/// 2` and then a `.` no statement starts with) or a negative number (`cost
/// -2`). Says what a number there is, its range, and the number to write.
fn number_problem(text: &str, start: usize, expected: &[&str]) -> Option<Problem> {
    let rest = &text[start..];
    let digits_after = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let before = text[..start].trim_end_matches([' ', '\t']);
    let (keyword_end, number_span, number) = if let Some(fraction) = rest.strip_prefix('.') {
        // `2.5`: the whole part is the end of the text before, the
        // fraction what pest stopped at.
        let whole = before.len() - digits_after(&before.chars().rev().collect::<String>());
        let fraction_len = digits_after(fraction);
        if whole == before.len() || fraction_len == 0 || before.len() != start {
            return None;
        }
        let span = Span::new(whole, start + 1 + fraction_len);
        (whole, span, &text[span.start..span.end])
    } else if let Some(magnitude) = rest.strip_prefix('-') {
        let len = digits_after(magnitude);
        if len == 0 || !expected.contains(&"a number") {
            return None;
        }
        let span = Span::new(start, start + 1 + len);
        (start, span, &text[span.start..span.end])
    } else {
        return None;
    };
    let keyword = text[..keyword_end]
        .trim_end()
        .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .next()
        .unwrap_or_default();
    let negative = number.starts_with('-');
    let max_cost = crate::model::MAX_RULE_COST;
    // The number to write instead: the one the help names, which an
    // editor offers as a quick fix.
    let whole = |up: bool| {
        if negative {
            "0".to_string()
        } else {
            rounded(number, up)
        }
    };
    let (what, range, write, fix) = match keyword {
        // A step that takes part of a minute still takes the minute: a
        // cost is rounded up, so that no path looks cheaper than it is.
        "cost" => (
            "a cost",
            format!("a whole number of minutes from 0 to {max_cost}"),
            if negative {
                "a step cannot give minutes back: `cost 0` for one that takes none".to_string()
            } else {
                format!(
                    "minutes are whole numbers, and a part of one takes the whole minute: `cost {}`",
                    whole(true)
                )
            },
            Some(whole(true)),
        ),
        // A bonus is rounded down, so that no roll looks likelier than it is.
        "bonus" => (
            "a bonus",
            format!("a whole number from 0 to {max_cost}, added to the roll"),
            if negative {
                "`bonus 0` for none, or a `forbidden` rule where the action cannot be taken"
                    .to_string()
            } else {
                format!("a die has no part of a pip: `bonus {}`", whole(false))
            },
            Some(whole(false)),
        ),
        _ if keyword == "at" || text[..keyword_end].trim_end().ends_with(',') => (
            "a column or row",
            format!(
                "a whole number from 0 to {}",
                crate::model::limits::POSITION
            ),
            "count columns and rows in whole boxes from 0 at the top left".to_string(),
            None,
        ),
        _ => return None,
    };
    let label = if negative {
        "below 0"
    } else {
        "not a whole number"
    };
    Some(
        Problem::error(Code::Syntax, format!("{what} is {range}, found `{number}`"))
            .label(number_span, label)
            .help(write)
            .respell(number_span, fix.as_deref()),
    )
}

/// `number`, a fraction with no sign such as `2.5`, as a whole number
/// rounded `up` or down.
fn rounded(number: &str, up: bool) -> String {
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let whole = whole.trim_start_matches('0');
    let bump = up && fraction.bytes().any(|b| b != b'0');
    match (whole.parse::<u64>(), bump) {
        (Ok(w), true) => w.saturating_add(1).to_string(),
        (Ok(w), false) => w.to_string(),
        (Err(_), true) if whole.is_empty() => "1".to_string(),
        (Err(_), _) if whole.is_empty() => "0".to_string(),
        // Too many digits to add 1 to: the range check of the checker
        // would refuse it anyway.
        (Err(_), _) => whole.to_string(),
    }
}

/// Where to point when the file ends too early: the last character of the
/// last line that holds more than white space and comments.
fn end_of_content(text: &str) -> Span {
    let mut end = text.trim_end().len();
    loop {
        let line_start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = text[line_start..end].trim();
        if !line.starts_with('#') || line_start == 0 {
            break;
        }
        end = text[..line_start].trim_end().len();
    }
    let start = text[..end].char_indices().next_back().map_or(0, |(i, _)| i);
    Span::new(start, end.max(start))
}

/// Turns pest's error into a problem. `offset` is where the parsed text
/// starts in the file (probes parse from the statement before the error).
pub(super) fn syntax_problem(
    error: &pest::error::Error<Rule>,
    text: &str,
    offset: usize,
    kind: Kind,
) -> Problem {
    let mut start = (offset + error_offset(error)).min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut expected = expected_words(error, kind);
    if let Some(problem) = quoted_text_problem(text, start) {
        return problem;
    }
    if let Some(problem) = number_problem(text, start, &expected) {
        return problem;
    }
    // A word at the start of a line is a new statement, not the end of the
    // one before: only say what could start a statement there.
    let line_start = text[..start]
        .trim_end_matches([' ', '\t', '\r'])
        .ends_with('\n');
    if line_start && expected.contains(&"a statement") {
        expected.retain(|e| *e == "a statement");
    }
    let expected_text = alternatives(&expected);
    let (found, found_end) = found_at(text, start);
    let at_end = text[start..].trim().is_empty();
    let mut problem = Problem::error(
        Code::Syntax,
        format!("expected {expected_text}, found {found}"),
    );
    problem = if at_end {
        let span = end_of_content(text);
        problem.label(span, "the file ends here")
    } else {
        problem.label(
            Span::new(start, found_end),
            format!("expected {expected_text}"),
        )
    };
    let found_span = Span::new(start, found_end);
    let slip = slip(kind, &text[start..found_end], &expected);
    if let Some(help) = help(kind, text, found_span, &expected) {
        problem = problem.help(match slip {
            Some(keyword) => format!("did you mean `{keyword}`? {help}"),
            None => help,
        });
    }
    problem.respell(found_span, slip)
}

/// Every statement of a board file (`board` true) or a rules file, from the
/// keyword table: "`room`, `hatch`, `start` and `rules`".
fn every_statement(board: bool) -> String {
    let quoted: Vec<String> = keywords::statement_openings(board)
        .iter()
        .map(|s| format!("`{s}`"))
        .collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

/// The keyword that a word found where one was expected is likely a slip
/// of: `hach` where a board's statement starts is `hatch`, `bord` at the
/// top of a file is `board`. A keyword is no slip: it is in the wrong
/// place, which the help line says.
fn slip(kind: Kind, word: &str, expected: &[&str]) -> Option<&'static str> {
    let is_word = !word.is_empty() && word.chars().all(|c| c.is_alphanumeric() || c == '_');
    if !is_word || keywords::is_keyword(word) {
        return None;
    }
    let header = ["`rules` or `board`", "`rules`", "`board`"];
    match kind {
        Kind::Header if expected.iter().any(|e| header.contains(e)) => {
            crate::spelling::closest(word, keywords::header_words())
        }
        Kind::Board | Kind::Rules if expected.contains(&"a statement") => {
            crate::spelling::closest(word, keywords::statement_words(kind == Kind::Board))
        }
        _ => None,
    }
}

/// What pest expected, in words, each once: "a statement" for every word
/// that starts a statement of this kind of file.
fn expected_words(error: &pest::error::Error<Rule>, kind: Kind) -> Vec<&'static str> {
    let mut expected: Vec<&str> = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().map(|r| describe(*r)).collect()
        }
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    expected.sort_unstable();
    expected.dedup();
    let statements = match kind {
        Kind::Rules => RULES_STATEMENTS,
        Kind::Board => BOARD_STATEMENTS,
        Kind::Header => &[],
    };
    if !statements.is_empty() && statements.iter().all(|s| expected.contains(s)) {
        expected.retain(|e| !statements.contains(e));
        expected.push("a statement");
    }
    expected
}

/// The help line for a syntax error, by the kind of file, the word found
/// at `found` and what was expected there.
fn help(kind: Kind, text: &str, found: Span, expected: &[&str]) -> Option<String> {
    let (start, word) = (found.start, &text[found.start..found.end]);
    let statement_expected = expected.contains(&"a statement");
    match kind {
        Kind::Header => Some(
            "a rules file starts with `rules NAME`, a board file with `board NAME`".to_string(),
        ),
        Kind::Board if statement_expected && keywords::starts_rules_statement_only(word) => {
            Some(format!(
                "`{word}` belongs in a rules file; a board names its rules with `rules NAME` or `rules \"FILE\"`"
            ))
        }
        Kind::Board if statement_expected && word == "board" => {
            Some("a file holds one board".to_string())
        }
        Kind::Rules if statement_expected && keywords::belongs_to_boards(word) => Some(format!(
            "`{word}` belongs in a board file; a rules file holds states, items and rules"
        )),
        _ if keywords::is_reserved(word)
            && (expected.contains(&"a name") || expected.contains(&"a room id")) =>
        {
            Some(format!(
                "`{word}` is a keyword: it cannot be a name or a room id"
            ))
        }
        Kind::Board if word == "-" && expected.contains(&"a quoted text") => {
            // The id as the author meant it: the word the dash is in.
            let is_id = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
            let head = text[..start]
                .rfind(|c: char| !is_id(c))
                .map_or(0, |i| i + 1);
            let tail = text[start..]
                .find(|c: char| !is_id(c))
                .map_or(text.len(), |i| start + i);
            Some(room_id_help(&text[head..tail]))
        }
        Kind::Board if statement_expected => Some(format!(
            "a board file has {} statements",
            every_statement(true)
        )),
        Kind::Rules if statement_expected => Some(format!(
            "a rules file has {} statements",
            every_statement(false)
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Fix;

    #[test]
    fn the_statement_lists_are_the_keyword_table() {
        let quoted = |board| {
            let mut words: Vec<String> = keywords::statement_words(board)
                .map(|w| format!("`{w}`"))
                .collect();
            words.sort();
            words
        };
        assert_eq!(quoted(true), BOARD_STATEMENTS);
        assert_eq!(quoted(false), RULES_STATEMENTS);
    }

    /// The message and help of the first syntax error of `text`.
    fn said(text: &str) -> (String, String) {
        let problems = crate::syntax::parse_all(text).err().unwrap_or_default();
        let first = problems.first();
        (
            first.map(|p| p.message.clone()).unwrap_or_default(),
            first.and_then(|p| p.help.clone()).unwrap_or_default(),
        )
    }

    #[test]
    fn a_number_that_is_not_whole_says_its_range_and_what_to_write() {
        let rules = |rule: &str| format!("rules r\nroom states: clear\n{rule}\n");
        let (message, help) = said(&rules("enter clear: cost 2.5"));
        assert_eq!(
            message,
            "a cost is a whole number of minutes from 0 to 1000, found `2.5`"
        );
        assert!(help.ends_with("`cost 3`"), "{help}");
        assert!(
            said(&rules("enter clear: cost 2.0"))
                .1
                .ends_with("`cost 2`")
        );
        // The number the help names is the editor's quick fix.
        let fix = |rule: &str| respelt(&rules(rule)).map(|(_, with)| with);
        assert_eq!(fix("enter clear: cost 2.5"), Some("3".to_string()));
        assert_eq!(fix("enter clear: cost -2"), Some("0".to_string()));
        assert_eq!(fix("action with grog: bonus 1.5"), Some("1".to_string()));
        assert!(
            said(&rules("enter clear: cost 0.25"))
                .1
                .ends_with("`cost 1`")
        );
        let (message, help) = said(&rules("action with grog: bonus 1.5"));
        assert_eq!(
            message,
            "a bonus is a whole number from 0 to 1000, added to the roll, found `1.5`"
        );
        assert!(help.ends_with("`bonus 1`"), "{help}");
        let (message, _) = said(&rules("action with grog: bonus -3"));
        assert_eq!(
            message,
            "a bonus is a whole number from 0 to 1000, added to the roll, found `-3`"
        );
        let (message, _) = said("board b\nroom 1 at 1.5,2\nstart 1\n");
        assert_eq!(
            message,
            "a column or row is a whole number from 0 to 99, found `1.5`"
        );
        let (message, _) = said("board b\nroom 1 at -1,2\nstart 1\n");
        assert_eq!(
            message,
            "a column or row is a whole number from 0 to 99, found `-1`"
        );
        // Too many digits to round still reads, without a panic.
        let (message, _) = said(&rules("enter clear: cost 99999999999999999999999.5"));
        assert!(message.starts_with("a cost is"), "{message}");
        // A dot that follows no number is what it was.
        assert!(
            said(&rules("enter clear: cost 1\n.5"))
                .0
                .starts_with("expected")
        );
    }

    /// The quick fix of the first syntax error of `text`, as `(start, with)`.
    fn respelt(text: &str) -> Option<(usize, String)> {
        let problems = crate::syntax::parse_all(text).err()?;
        match problems.first()?.fix.as_deref()? {
            Fix::Replace { span, with } => Some((span.start, with.clone())),
            _ => None,
        }
    }

    #[test]
    fn a_misspelt_keyword_is_respelt() {
        let board = "board t\nroom 1\nhach 1-2\n";
        assert_eq!(respelt(board), Some((15, "hatch".to_string())));
        let rules = "rules r\nroom states: clear\nenterr clear: cost 0\n";
        assert_eq!(respelt(rules), Some((27, "enter".to_string())));
        assert_eq!(respelt("bord t\nroom 1\n"), Some((0, "board".to_string())));
        // A keyword out of its place is no slip, nor a word far from all.
        assert_eq!(respelt("board t\nenter fire: forbidden\n"), None);
        assert_eq!(respelt("board t\ndoor 1-2\n"), None);
    }
}
