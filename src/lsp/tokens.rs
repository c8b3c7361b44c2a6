//! Semantic tokens: what each word of a board or rules file is, so that an
//! editor colours states, items and actions by their meaning, not by a
//! guess from the words around them.
//!
//! Two readings are merged. The syntax tree of the statements that parse
//! says what each name is (a state, an item, an action, a room id, a cost);
//! a scan of every line finds the comments, the quoted strings, the
//! keywords and the numbers, so that a line that does not parse (the
//! line being typed) is still coloured. Where both speak of a word, the
//! tree wins: `open` is a keyword in `open closed: cost 1` and a state in
//! `hatch states: closed, open`.

use lsp_types::{Range, SemanticToken, SemanticTokenType, SemanticTokensLegend};

use super::documents::Document;
use super::statements;
use crate::diagnostic::Span;
use crate::load::InputKind;
use crate::syntax::ast::{self, ActionEffect, Condition, Name, RulesStatement};
use crate::syntax::keywords;

/// What a token is: its index in [`legend`]'s token types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Keyword = 0,
    /// A room or hatch state.
    State = 1,
    /// An item.
    Item = 2,
    /// An action.
    Action = 3,
    /// A cost, a bonus, a drawing's column or row, a room id.
    Number = 4,
    /// A quoted string or a title (a file's name, a built-in rules name).
    Text = 5,
    Comment = 6,
}

/// The token types the server sends, in the order [`Kind`] numbers them;
/// no modifiers.
pub(super) fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: vec![
            SemanticTokenType::KEYWORD,
            SemanticTokenType::ENUM_MEMBER,
            SemanticTokenType::VARIABLE,
            SemanticTokenType::FUNCTION,
            SemanticTokenType::NUMBER,
            SemanticTokenType::STRING,
            SemanticTokenType::COMMENT,
        ],
        token_modifiers: Vec::new(),
    }
}

/// The tokens of a document, delta-encoded as the protocol sends them;
/// only those that touch `range` when one is given. `None` for a YAML or
/// JSON board, which editors colour themselves.
pub(super) fn tokens(document: &Document, range: Option<Range>) -> Option<Vec<SemanticToken>> {
    if !matches!(document.kind, InputKind::Language) {
        return None;
    }
    let text = &document.text;
    let window = range.map(|r| {
        let start = document.lines.offset(text, r.start);
        let end = document.lines.offset(text, r.end);
        Span::new(start, end.max(start))
    });
    let mut named = Vec::new();
    match &document.tree {
        Some(ast::File::Rules(rules)) => rules_names(rules, &mut named),
        Some(ast::File::Board(board)) => board_names(board, &mut named),
        None => {}
    }
    named.retain(|(span, _)| span.end > span.start && text.get(span.start..span.end).is_some());
    named.sort_by_key(|(span, _)| span.start);
    // Names never overlap in a tree; should two, the first is kept so that
    // the list stays ordered and disjoint, as the encoding needs.
    named.dedup_by(|later, earlier| later.0.start < earlier.0.end);
    let mut all = named.clone();
    all.extend(
        scan(text)
            .into_iter()
            .filter(|(span, _)| !overlaps(&named, *span)),
    );
    all.sort_by_key(|(span, _)| span.start);
    if let Some(window) = window {
        all.retain(|(span, _)| span.start < window.end && span.end > window.start);
    }
    Some(encode(document, &all))
}

/// Whether `span` overlaps any of `sorted`, which are ordered and disjoint.
fn overlaps(sorted: &[(Span, Kind)], span: Span) -> bool {
    let i = sorted.partition_point(|(s, _)| s.end <= span.start);
    sorted.get(i).is_some_and(|(s, _)| s.start < span.end)
}

/// The protocol's encoding: each token's line and start relative to the
/// one before, its length in UTF-16 units. A token that would run over a
/// line break (none does in this language) is left out, as the protocol
/// only allows it to editors that say so.
fn encode(document: &Document, tokens: &[(Span, Kind)]) -> Vec<SemanticToken> {
    let mut out = Vec::with_capacity(tokens.len());
    let (mut line, mut start) = (0, 0);
    for (span, kind) in tokens {
        let range = document.lines.range(&document.text, *span);
        if range.start.line != range.end.line || range.end.character <= range.start.character {
            continue;
        }
        // The tokens are ordered and disjoint, so neither difference is
        // negative; saturating keeps a mistake from ever being a panic.
        let delta_line = range.start.line.saturating_sub(line);
        let delta_start = if delta_line == 0 {
            range.start.character.saturating_sub(start)
        } else {
            range.start.character
        };
        out.push(SemanticToken {
            delta_line,
            delta_start,
            length: range.end.character - range.start.character,
            token_type: *kind as u32,
            token_modifiers_bitset: 0,
        });
        line = range.start.line;
        start = range.start.character;
    }
    out
}

/// Comments, quoted strings, keywords and numbers, line by line, as the
/// grammar reads them: a comment runs from `#` to the end of its line, a
/// string ends on the line it starts on.
fn scan(text: &str) -> Vec<(Span, Kind)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        scan_line(line, offset, &mut out);
        offset += line.len();
    }
    out
}

fn scan_line(line: &str, offset: usize, out: &mut Vec<(Span, Kind)>) {
    let body = line.trim_end_matches(['\n', '\r']);
    let bytes = body.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'#' {
            out.push((Span::new(offset + i, offset + bytes.len()), Kind::Comment));
            return;
        }
        if b == b'"' {
            // An unclosed string runs to the end of the line, as the
            // editor's own colouring of an unfinished string does.
            let end = body[i + 1..]
                .find('"')
                .map_or(bytes.len(), |close| i + 1 + close + 1);
            out.push((Span::new(offset + i, offset + end), Kind::Text));
            i = end;
            continue;
        }
        if word(b) {
            let end = bytes[i..]
                .iter()
                .position(|&c| !word(c))
                .map_or(bytes.len(), |n| i + n);
            let w = &body[i..end];
            if keywords::is_keyword(w) {
                out.push((Span::new(offset + i, offset + end), Kind::Keyword));
            } else if w.bytes().all(|c| c.is_ascii_digit()) {
                out.push((Span::new(offset + i, offset + end), Kind::Number));
            }
            i = end;
            continue;
        }
        // Any other byte, including those inside a multibyte character:
        // none of them starts a token.
        i += 1;
    }
}

fn push(out: &mut Vec<(Span, Kind)>, name: &Name, kind: Kind) {
    out.push((name.span, kind));
}

fn condition(out: &mut Vec<(Span, Kind)>, c: &Condition) {
    let kind = match c {
        Condition::From(_) | Condition::Through(_) | Condition::In(_) => Kind::State,
        Condition::With(_) | Condition::Without(_) => Kind::Item,
    };
    push(out, c.name(), kind);
}

/// The names of a rules file, each by what it is.
fn rules_names(rules: &ast::RulesFile, out: &mut Vec<(Span, Kind)>) {
    push(out, &rules.name, Kind::Text);
    // `say` names anything the file declares: what it is comes from the
    // declarations, wherever in the file they stand.
    let mut items = Vec::new();
    let mut actions = Vec::new();
    for statement in &rules.statements {
        match statement {
            RulesStatement::Items(names, _) => items.extend(names.iter().map(|n| &n.text)),
            RulesStatement::ActionDecl(d) => actions.push(&d.name.text),
            _ => {}
        }
    }
    for statement in &rules.statements {
        match statement {
            RulesStatement::Items(names, _) => {
                names.iter().for_each(|n| push(out, n, Kind::Item));
            }
            RulesStatement::ActionDecl(d) => {
                push(out, &d.name, Kind::Action);
                push(out, &d.state, Kind::State);
                push(out, &d.becomes, Kind::State);
            }
            RulesStatement::ActionRule(r) => {
                if let Some(action) = &r.action {
                    push(out, action, Kind::Action);
                }
                r.conditions.iter().for_each(|c| condition(out, c));
                if let ActionEffect::Cost(n) | ActionEffect::Bonus(n) = &r.effect {
                    push(out, &n.0, Kind::Number);
                }
            }
            RulesStatement::ActionFailure(f) => push(out, &f.action, Kind::Action),
            RulesStatement::Say(s) => {
                let kind = if items.contains(&&s.name.text) {
                    Kind::Item
                } else if actions.contains(&&s.name.text) {
                    Kind::Action
                } else {
                    Kind::State
                };
                push(out, &s.name, kind);
            }
            RulesStatement::Open(r) => {
                push(out, &r.state, Kind::State);
                r.conditions.iter().for_each(|c| condition(out, c));
                if let Some((cost, becomes)) = &r.effect {
                    push(out, &cost.0, Kind::Number);
                    push(out, becomes, Kind::State);
                }
            }
            RulesStatement::Enter(r) => {
                push(out, &r.state, Kind::State);
                r.conditions.iter().for_each(|c| condition(out, c));
                if let Some(cost) = &r.cost {
                    push(out, &cost.0, Kind::Number);
                }
            }
            RulesStatement::Leave(r) => {
                push(out, &r.state, Kind::State);
                r.conditions.iter().for_each(|c| condition(out, c));
            }
            RulesStatement::End(r) => {
                push(out, &r.state, Kind::State);
                r.conditions.iter().for_each(|c| condition(out, c));
            }
            // What is left names only states (room and hatch states, walk
            // through, flow) or nothing (revisit).
            other => statements::names(other)
                .into_iter()
                .for_each(|n| push(out, n, Kind::State)),
        }
    }
}

/// The names of a board, each by what it is.
fn board_names(board: &ast::BoardFile, out: &mut Vec<(Span, Kind)>) {
    push(out, &board.name, Kind::Text);
    for rules in &board.rules {
        push(out, rules.name(), Kind::Text);
    }
    for room in &board.rooms {
        push(out, &room.id, Kind::Number);
        if let Some(display) = &room.display {
            push(out, display, Kind::Text);
        }
        if let Some(at) = &room.position {
            push(out, &at.column, Kind::Number);
            push(out, &at.row, Kind::Number);
        }
        if let Some(state) = &room.state {
            push(out, state, Kind::State);
        }
    }
    for hatch in &board.hatches {
        hatch.rooms.iter().for_each(|r| push(out, r, Kind::Number));
        if let Some(state) = &hatch.state {
            push(out, state, Kind::State);
        }
    }
    board.starts.iter().for_each(|s| push(out, s, Kind::Number));
}
