//! Completion: what can stand where the cursor is, read from the words of
//! its line before it (the language is one statement a line): the keywords
//! that can start a statement or go on with it there (from the one keyword
//! table), the states, items and actions of the rules in use where a name
//! of theirs fits, and a board's room ids in `hatch` and `start` lines.
//! Nothing is offered in a comment, in a string, after a finished
//! statement, or where a new name is being declared.
//!
//! The names come from the statements that parse, so completion works in a
//! file with syntax errors, which every file is while it is typed.

use lsp_types::{CompletionItem, CompletionItemKind, Position};

use super::documents::Document;
use crate::builtin;
use crate::syntax::ast::{self, RulesStatement};
use crate::syntax::keywords::{KEYWORDS, Starts};
use crate::syntax::whole_statement;

/// What the rules in use declare, by kind of name.
#[derive(Default)]
struct Declared {
    room_states: Vec<String>,
    hatch_states: Vec<String>,
    items: Vec<String>,
    actions: Vec<String>,
}

/// What fits at the cursor.
enum Wanted {
    /// Nothing: a comment, a string, a finished statement, a new name.
    Nothing,
    /// The keywords that start a statement.
    Start,
    /// These keywords.
    Keywords(&'static [&'static str]),
    RoomState,
    HatchState,
    Item,
    /// An action's name, or these keywords (an action rule's conditions).
    ActionOr(&'static [&'static str]),
    /// Any name the rules declare (a `say` line).
    AnyName,
    RoomId,
    BuiltinRules,
}

/// The completions at `position`.
pub(super) fn complete(document: &Document, position: Position) -> Vec<CompletionItem> {
    let offset = document.lines.offset(&document.text, position);
    let line = document
        .lines
        .line_span(&document.text, position.line as usize);
    let before = document.text.get(line.start..offset).unwrap_or("");
    let board = is_board(document);
    let declared = declared(document);
    let wanted = wanted(before, board, &declared);
    let kind = CompletionItemKind::ENUM_MEMBER;
    match wanted {
        Wanted::Nothing => Vec::new(),
        Wanted::Start => keywords(|k| starts_here(k.starts, board)),
        Wanted::Keywords(words) => keywords(|k| words.contains(&k.word)),
        Wanted::RoomState => named(&declared.room_states, kind),
        Wanted::HatchState => named(&declared.hatch_states, kind),
        Wanted::Item => named(&declared.items, kind),
        Wanted::ActionOr(words) => {
            let mut out = named(&declared.actions, CompletionItemKind::FUNCTION);
            out.extend(keywords(|k| words.contains(&k.word)));
            out
        }
        Wanted::AnyName => {
            let mut out = named(&declared.room_states, kind);
            out.extend(named(&declared.hatch_states, kind));
            out.extend(named(&declared.items, kind));
            out.extend(named(&declared.actions, CompletionItemKind::FUNCTION));
            out
        }
        Wanted::RoomId => named(&room_ids(document), CompletionItemKind::VALUE),
        Wanted::BuiltinRules => builtin::RULES
            .iter()
            .map(|r| CompletionItem {
                label: r.name.to_string(),
                kind: Some(CompletionItemKind::MODULE),
                detail: Some(r.summary.to_string()),
                ..CompletionItem::default()
            })
            .collect(),
    }
}

/// The words of a line as the grammar reads them: names, keywords and
/// numbers, with `:`, `,`, `+` and `->` words of their own.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let mut rest = word;
        while !rest.is_empty() {
            let mark = rest
                .find([':', ',', '+'])
                .map(|i| (i, 1))
                .into_iter()
                .chain(rest.find("->").map(|i| (i, 2)))
                .min();
            match mark {
                Some((0, len)) => {
                    out.push(&rest[..len]);
                    rest = &rest[len..];
                }
                Some((i, _)) => {
                    out.push(&rest[..i]);
                    rest = &rest[i..];
                }
                None => {
                    out.push(rest);
                    rest = "";
                }
            }
        }
    }
    out
}

/// What fits after `before`, the text of the line up to the cursor.
fn wanted(before: &str, board: bool, declared: &Declared) -> Wanted {
    // A comment runs to the end of the line; inside a string, anything
    // goes.
    if before.contains('#') || before.matches('"').count() % 2 == 1 {
        return Wanted::Nothing;
    }
    let typing = !before.ends_with(|c: char| c.is_whitespace() || c == ',' || c == ':');
    let all = tokens(before);
    let done = if typing {
        &all[..all.len().saturating_sub(1)]
    } else {
        &all[..]
    };
    let Some(&first) = done.first() else {
        return Wanted::Start;
    };
    if !typing && whole_statement(before.trim(), board) {
        return Wanted::Nothing;
    }
    let colon = done.iter().position(|t| *t == ":");
    let head = &done[..colon.unwrap_or(done.len())];
    let effect = colon.map(|c| &done[c + 1..]);
    let last = done.last().copied().unwrap_or("");
    if board {
        return match (first, effect) {
            ("rules", None) if done.len() == 1 => Wanted::BuiltinRules,
            ("hatch" | "start", None) => Wanted::RoomId,
            ("hatch", Some(_)) => Wanted::HatchState,
            ("room", Some(_)) => Wanted::RoomState,
            _ => Wanted::Nothing,
        };
    }
    match (first, effect) {
        ("room" | "hatch", None) if done.len() == 1 => Wanted::Keywords(&["states"]),
        ("walk", None) if done.len() == 1 => Wanted::Keywords(&["through"]),
        ("walk", Some(_)) => Wanted::HatchState,
        ("revisit", Some([])) => Wanted::Keywords(&["allowed", "forbidden"]),
        ("flow", _) if matches!(last, "flow" | "+" | "->") => Wanted::RoomState,
        ("say", None) if done.len() == 1 => Wanted::AnyName,
        ("enter" | "leave" | "open" | "end", None) => condition(first, head),
        ("enter", Some([])) => Wanted::Keywords(&["cost", "forbidden"]),
        ("leave", Some([])) => Wanted::Keywords(&["allowed", "forbidden"]),
        ("end", Some([])) => Wanted::Keywords(&["fatal", "safe"]),
        ("open", Some([])) => Wanted::Keywords(&["cost", "forbidden"]),
        ("open", Some([.., ","])) => Wanted::Keywords(&["becomes"]),
        ("open", Some([.., "becomes"])) => Wanted::HatchState,
        ("action", None) => action_head(head, declared),
        ("action", Some(effect)) => action_effect(head, effect, declared),
        _ => Wanted::Nothing,
    }
}

/// Before the colon of a movement or `end` rule: its state, then its
/// conditions.
fn condition(kind: &str, head: &[&str]) -> Wanted {
    match (head.len(), head.last().copied().unwrap_or("")) {
        (1, _) if kind == "open" => Wanted::HatchState,
        (1, _) => Wanted::RoomState,
        (_, "from" | "in") => Wanted::RoomState,
        (_, "through") => Wanted::HatchState,
        (_, "with" | "without") => Wanted::Item,
        _ if kind == "enter" => Wanted::Keywords(&["from", "through", "with", "without"]),
        _ => Wanted::Keywords(&["with", "without"]),
    }
}

/// Before the colon of an `action` line: the action (declared or new),
/// `fails`, and conditions.
fn action_head(head: &[&str], declared: &Declared) -> Wanted {
    match head.last().copied().unwrap_or("") {
        "action" => Wanted::ActionOr(&["in", "with", "without"]),
        "in" => Wanted::RoomState,
        "with" | "without" => Wanted::Item,
        "fails" => Wanted::Nothing,
        name if head.len() == 2 && declared.actions.iter().any(|a| a == name) => {
            Wanted::Keywords(&["fails", "in", "with", "without"])
        }
        // A new action's name: its colon comes next.
        _ if head.len() == 2 => Wanted::Nothing,
        _ => Wanted::Keywords(&["in", "with", "without"]),
    }
}

/// After the colon of an `action` line: a declaration's target, a rule's
/// effect, or a failure's `leave`.
fn action_effect(head: &[&str], effect: &[&str], declared: &Declared) -> Wanted {
    if head.contains(&"fails") {
        return if effect.is_empty() {
            Wanted::Keywords(&["leave"])
        } else {
            Wanted::Nothing
        };
    }
    let declares = head.len() == 2 && !declared.actions.iter().any(|a| a == head[1]);
    match effect {
        [] if declares => Wanted::Keywords(&["room", "hatch"]),
        [] => Wanted::Keywords(&["forbidden", "cost", "bonus"]),
        ["room"] | ["room", _, "becomes"] => Wanted::RoomState,
        ["hatch"] | ["hatch", _, "becomes"] => Wanted::HatchState,
        ["room" | "hatch", _] => Wanted::Keywords(&["becomes"]),
        _ => Wanted::Nothing,
    }
}

/// Whether a keyword that starts statements this way can start a line of
/// a board (or of a rules file).
fn starts_here(starts: Starts, board: bool) -> bool {
    match starts {
        Starts::EitherStatement | Starts::Header => true,
        Starts::BoardStatement => board,
        Starts::RulesStatement => !board,
        Starts::Nothing => false,
    }
}

fn keywords(wanted: impl Fn(&crate::syntax::keywords::Keyword) -> bool) -> Vec<CompletionItem> {
    KEYWORDS
        .iter()
        .filter(|k| wanted(k))
        .map(|k| CompletionItem {
            label: k.word.to_string(),
            kind: Some(CompletionItemKind::KEYWORD),
            ..CompletionItem::default()
        })
        .collect()
}

fn named(names: &[String], kind: CompletionItemKind) -> Vec<CompletionItem> {
    names
        .iter()
        .map(|n| CompletionItem {
            label: n.clone(),
            kind: Some(kind),
            ..CompletionItem::default()
        })
        .collect()
}

/// Whether the document is a board: by its tree, else by its first word,
/// since a document being typed may not even have a header that parses.
fn is_board(document: &Document) -> bool {
    match &document.tree {
        Some(ast::File::Board(_)) => true,
        Some(ast::File::Rules(_)) => false,
        None => document
            .text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .is_some_and(|l| l.starts_with("board")),
    }
}

/// The room ids a board declares: from its tree, else from its lines.
fn room_ids(document: &Document) -> Vec<String> {
    if let Some(ast::File::Board(board)) = &document.tree {
        return board.rooms.iter().map(|r| r.id.text.clone()).collect();
    }
    document
        .text
        .lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            (words.next() == Some("room"))
                .then(|| words.next())?
                .map(|id| id.trim_end_matches(':').to_string())
        })
        .collect()
}

/// The states, items and actions of the rules in use: what a rules file
/// declares in the statements that parse, or a board's rules.
fn declared(document: &Document) -> Declared {
    if let Some(ast::File::Rules(rules)) = &document.tree {
        let mut out = Declared::default();
        let names = |n: &[ast::Name]| n.iter().map(|n| n.text.clone()).collect();
        for statement in &rules.statements {
            match statement {
                RulesStatement::RoomStates(n, _) => out.room_states = names(n),
                RulesStatement::HatchStates(n, _) => out.hatch_states = names(n),
                RulesStatement::Items(n, _) => out.items = names(n),
                RulesStatement::ActionDecl(d) => out.actions.push(d.name.text.clone()),
                _ => {}
            }
        }
        return out;
    }
    document
        .rules
        .as_ref()
        .map_or_else(Declared::default, |r| Declared {
            room_states: r.room_states.clone(),
            hatch_states: r.hatch_states.clone(),
            items: r.items.clone(),
            actions: r.turn.actions.iter().map(|a| a.name.clone()).collect(),
        })
}
