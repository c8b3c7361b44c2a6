//! Text to syntax tree: the pest grammar in `grammar/hatchway.pest` and the
//! walk that turns its parse tree into an [`ast::File`] with spans.
//!
//! It is longer than most files because its second half is one concern
//! that needs room: explaining a syntax error in the player's words (which
//! statement was being read, what was expected, what was found, within a
//! window of a long line), with the tests that pin those messages.

pub mod ast;
pub mod keywords;
#[cfg(test)]
mod reference_tests;

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;

use crate::diagnostic::{Code, Problem};
use ast::{
    ActionDecl, ActionEffect, ActionOn, ActionRule, BoardFile, Condition, CostText, EndRule,
    EnterRule, File, FlowRule, HatchDecl, LeaveRule, Name, OpenRule, Position, RoomDecl, RulesFile,
    RulesRef, RulesStatement, Span,
};

/// The parser pest derives from the grammar, with its `Rule` enum: kept in
/// a module of its own, since the generated items carry no documentation.
mod grammar {
    #![allow(missing_docs)]
    use pest_derive::Parser;

    #[derive(Parser)]
    #[grammar = "../grammar/hatchway.pest"]
    pub(super) struct HatchwayParser;
}

use grammar::HatchwayParser;
pub(crate) use grammar::Rule;

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

/// Where a pest error is, in the text it was given.
fn error_offset(error: &pest::error::Error<Rule>) -> usize {
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
            | Rule::rules_ref
            | Rule::room_decl
            | Rule::hatch_decl
            | Rule::start_decl
    )
}

/// Which part of a file a syntax error is in, for its help line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The first line, before the file's kind is known.
    Header,
    /// A rules file.
    Rules,
    /// A board file.
    Board,
}

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

fn name(pair: Pair<'_, Rule>) -> Name {
    // A quoted string carries its text one level down; its span stays the
    // whole string so that the label covers the quotes.
    let span = span_of(&pair);
    let text = if pair.as_rule() == Rule::string {
        pair.into_inner()
            .next()
            .map_or("", |p| p.as_str())
            .to_string()
    } else {
        pair.as_str().to_string()
    };
    Name::new(text, span)
}

fn names(pair: Pair<'_, Rule>) -> Vec<Name> {
    meaningful(pair).map(name).collect()
}

/// Skips keyword tokens, which carry no meaning beyond the rule they start.
fn meaningful(pair: Pair<'_, Rule>) -> impl Iterator<Item = Pair<'_, Rule>> {
    pair.into_inner().filter(|p| {
        !matches!(
            p.as_rule(),
            Rule::kw_rules
                | Rule::kw_board
                | Rule::kw_room
                | Rule::kw_hatch
                | Rule::kw_states
                | Rule::kw_items
                | Rule::kw_open
                | Rule::kw_walk
                | Rule::kw_through
                | Rule::kw_enter
                | Rule::kw_leave
                | Rule::kw_flow
                | Rule::kw_revisit
                | Rule::kw_from
                | Rule::kw_with
                | Rule::kw_without
                | Rule::kw_cost
                | Rule::kw_becomes
                | Rule::kw_start
                | Rule::kw_at
                | Rule::kw_end
                | Rule::kw_action
                | Rule::kw_in
                | Rule::kw_bonus
                | Rule::kw_fails
                | Rule::colon
                | Rule::comma
                | Rule::plus
                | Rule::arrow
                | Rule::dash
        )
    })
}

fn rules_file(pair: Pair<'_, Rule>) -> RulesFile {
    let mut file = RulesFile::default();
    for p in meaningful(pair) {
        let span = span_of(&p);
        let statement = match p.as_rule() {
            Rule::string | Rule::title => {
                file.name = name(p);
                continue;
            }
            Rule::room_states => RulesStatement::RoomStates(list(p), span),
            Rule::hatch_states => RulesStatement::HatchStates(list(p), span),
            Rule::items_decl => RulesStatement::Items(list(p), span),
            Rule::walk_rule => RulesStatement::WalkThrough(list(p), span),
            Rule::open_rule => RulesStatement::Open(open_rule(p)),
            Rule::enter_rule => RulesStatement::Enter(enter_rule(p)),
            Rule::leave_rule => RulesStatement::Leave(leave_rule(p)),
            Rule::flow_rule => RulesStatement::Flow(flow_rule(p)),
            Rule::end_rule => RulesStatement::End(end_rule(p)),
            Rule::action_decl => RulesStatement::ActionDecl(action_decl(p)),
            Rule::action_rule => RulesStatement::ActionRule(action_rule(p)),
            Rule::action_failure => RulesStatement::ActionFailure(ast::ActionFailure {
                action: meaningful(p)
                    .find(|q| q.as_rule() == Rule::ident)
                    .map(name)
                    .unwrap_or_default(),
                span,
            }),
            Rule::revisit_rule => {
                let allowed = meaningful(p).any(|q| q.as_rule() == Rule::allowed);
                RulesStatement::Revisit(allowed, span)
            }
            _ => continue,
        };
        file.statements.push(statement);
    }
    file
}

fn list(pair: Pair<'_, Rule>) -> Vec<Name> {
    meaningful(pair)
        .find(|p| p.as_rule() == Rule::ident_list)
        .map(names)
        .unwrap_or_default()
}

fn condition(pair: Pair<'_, Rule>) -> Option<Condition> {
    let inner = pair.into_inner().next()?;
    let rule = inner.as_rule();
    let n = meaningful(inner).next().map(name)?;
    Some(match rule {
        Rule::from_cond => Condition::From(n),
        Rule::through_cond => Condition::Through(n),
        Rule::in_cond => Condition::In(n),
        Rule::with_cond => Condition::With(n),
        _ => Condition::Without(n),
    })
}

fn cost_text(pair: Pair<'_, Rule>) -> CostText {
    CostText(meaningful(pair).next().map(name).unwrap_or_default())
}

fn open_rule(pair: Pair<'_, Rule>) -> OpenRule {
    let span = span_of(&pair);
    let mut rule = OpenRule {
        state: Name::default(),
        conditions: Vec::new(),
        effect: None,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::open_effect => {
                let mut cost = CostText(Name::default());
                let mut becomes = Name::default();
                for q in meaningful(p) {
                    match q.as_rule() {
                        Rule::cost => cost = cost_text(q),
                        _ => becomes = name(q),
                    }
                }
                rule.effect = Some((cost, becomes));
            }
            _ => {}
        }
    }
    rule
}

fn enter_rule(pair: Pair<'_, Rule>) -> EnterRule {
    let span = span_of(&pair);
    let mut rule = EnterRule {
        state: Name::default(),
        conditions: Vec::new(),
        cost: None,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::cost => rule.cost = Some(cost_text(p)),
            _ => {}
        }
    }
    rule
}

fn leave_rule(pair: Pair<'_, Rule>) -> LeaveRule {
    let span = span_of(&pair);
    let mut rule = LeaveRule {
        state: Name::default(),
        conditions: Vec::new(),
        allowed: false,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::allowed => rule.allowed = true,
            _ => {}
        }
    }
    rule
}

fn end_rule(pair: Pair<'_, Rule>) -> EndRule {
    let span = span_of(&pair);
    let mut rule = EndRule {
        state: Name::default(),
        conditions: Vec::new(),
        fatal: false,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::kw_fatal => rule.fatal = true,
            _ => {}
        }
    }
    rule
}

fn action_decl(pair: Pair<'_, Rule>) -> ActionDecl {
    let span = span_of(&pair);
    let mut decl = ActionDecl {
        name: Name::default(),
        on: ActionOn::Room,
        state: Name::default(),
        becomes: Name::default(),
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => decl.name = name(p),
            Rule::action_target => {
                // `meaningful` drops `room` and `hatch`: read them here.
                let mut states = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::kw_hatch => decl.on = ActionOn::Hatch,
                        Rule::ident => states.push(name(q)),
                        _ => {}
                    }
                }
                let mut states = states.into_iter();
                decl.state = states.next().unwrap_or_default();
                decl.becomes = states.next().unwrap_or_default();
            }
            _ => {}
        }
    }
    decl
}

fn action_rule(pair: Pair<'_, Rule>) -> ActionRule {
    let span = span_of(&pair);
    let mut rule = ActionRule {
        action: None,
        conditions: Vec::new(),
        effect: ActionEffect::Forbidden,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.action = Some(name(p)),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::cost => rule.effect = ActionEffect::Cost(cost_text(p)),
            Rule::bonus => rule.effect = ActionEffect::Bonus(cost_text(p)),
            _ => {}
        }
    }
    rule
}

fn flow_rule(pair: Pair<'_, Rule>) -> FlowRule {
    let span = span_of(&pair);
    let mut states: Vec<Name> = meaningful(pair).map(name).collect();
    states.resize(4, Name::default());
    let [a, b, c, d]: [Name; 4] = states.try_into().unwrap_or_default();
    FlowRule {
        meet: [a, b],
        become_: [c, d],
        span,
    }
}

fn position(pair: Pair<'_, Rule>) -> Position {
    let span = span_of(&pair);
    let mut numbers = meaningful(pair).map(name);
    let column = numbers.next().unwrap_or_default();
    let row = numbers.next().unwrap_or_default();
    Position { column, row, span }
}

fn board_file(pair: Pair<'_, Rule>) -> BoardFile {
    let mut file = BoardFile::default();
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::string | Rule::title => file.name = name(p),
            Rule::rules_ref => {
                if let Some(q) = meaningful(p).next() {
                    let quoted = q.as_rule() == Rule::string;
                    let n = name(q);
                    file.rules.push(if quoted {
                        RulesRef::Path(n)
                    } else {
                        RulesRef::Builtin(n)
                    });
                }
            }
            Rule::room_decl => {
                let mut decl = RoomDecl {
                    id: Name::default(),
                    display: None,
                    position: None,
                    state: None,
                };
                for q in meaningful(p) {
                    match q.as_rule() {
                        Rule::room_id => decl.id = name(q),
                        Rule::string => decl.display = Some(name(q)),
                        Rule::position => decl.position = Some(position(q)),
                        _ => decl.state = Some(name(q)),
                    }
                }
                file.rooms.push(decl);
            }
            Rule::hatch_decl => {
                let span = span_of(&p);
                let mut ids = Vec::new();
                let mut state = None;
                for q in meaningful(p) {
                    match q.as_rule() {
                        Rule::room_id => ids.push(name(q)),
                        _ => state = Some(name(q)),
                    }
                }
                ids.resize(2, Name::default());
                let [a, b]: [Name; 2] = ids.try_into().unwrap_or_default();
                file.hatches.push(HatchDecl {
                    rooms: [a, b],
                    state,
                    span,
                });
            }
            Rule::start_decl => file.starts.extend(meaningful(p).next().map(name)),
            _ => {}
        }
    }
    file
}

/// What a grammar rule is called in a message to a player.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::ident | Rule::ident_list => "a name",
        Rule::number => "a number",
        Rule::room_id => "a room id",
        Rule::title => "a name",
        Rule::string | Rule::string_text => "a quoted text",
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
fn syntax_problem(
    error: &pest::error::Error<Rule>,
    text: &str,
    offset: usize,
    kind: Kind,
) -> Problem {
    let local = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut start = (offset + local).min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
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
    if let Some(problem) = quoted_text_problem(text, start) {
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
    let word = &text[start..found_end];
    let statement_expected = expected.contains(&"a statement");
    let help = match kind {
        Kind::Header => Some(
            "a rules file starts with `rules NAME`, a board file with `board NAME`".to_string(),
        ),
        Kind::Board
            if statement_expected
                && keywords::starts_rules_statement_only(word) =>
        {
            Some(format!(
                "`{word}` belongs in a rules file; a board names its rules with `rules NAME` or `rules \"FILE\"`"
            ))
        }
        Kind::Board if statement_expected && word == "board" => {
            Some("a file holds one board".to_string())
        }
        Kind::Rules if statement_expected && keywords::belongs_to_boards(word) => {
            Some(format!(
                "`{word}` belongs in a board file; a rules file holds states, items and rules"
            ))
        }
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
        Kind::Board if statement_expected => Some(
            "a board file has `room`, `hatch`, `start` and `rules` statements".to_string(),
        ),
        Kind::Rules if statement_expected => Some(
            "a rules file has `room states`, `hatch states`, `items`, `open`, `walk through`, `enter`, `leave`, `flow` and `revisit` statements".to_string(),
        ),
        _ => None,
    };
    if let Some(help) = help {
        problem = problem.help(help);
    }
    problem
}
