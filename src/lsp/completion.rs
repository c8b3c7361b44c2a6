//! Completion: the keywords that can stand where the cursor is (from the
//! one keyword table), the states and items of the rules in use, and the
//! board's room ids in `hatch` and `start` lines.

use lsp_types::{CompletionItem, CompletionItemKind, Position};

use super::documents::Document;
use crate::builtin;
use crate::syntax::ast::{self, RulesStatement};
use crate::syntax::keywords::{KEYWORDS, Starts};

/// What the rules in use declare, by kind of name.
#[derive(Default)]
struct Declared {
    room_states: Vec<String>,
    hatch_states: Vec<String>,
    items: Vec<String>,
}

/// The completions at `position`.
pub(super) fn complete(document: &Document, position: Position) -> Vec<CompletionItem> {
    let offset = document.lines.offset(&document.text, position);
    let line = document
        .lines
        .line_span(&document.text, position.line as usize);
    let before = document.text.get(line.start..offset).unwrap_or("");
    if before.trim_start().starts_with('#') {
        return Vec::new();
    }
    let board = is_board(document);
    let declared = declared(document);
    let words: Vec<&str> = before
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    // The word being typed is not yet a word of the context.
    let typing = !before.ends_with(|c: char| c.is_whitespace() || c == ',' || c == ':');
    let done = if typing {
        &words[..words.len().saturating_sub(1)]
    } else {
        &words[..]
    };
    let after_colon = before.contains(':');
    let Some(first) = done.first().map(|w| w.trim_end_matches(':')) else {
        return keywords(|s| starts_here(s, board));
    };
    let last = done.last().map_or("", |w| w.trim_end_matches(':'));
    let names = |list: &[String], kind| named(list, kind);
    if board {
        return match first {
            "hatch" | "start" if !after_colon => {
                named(&room_ids(document), CompletionItemKind::VALUE)
            }
            "hatch" => names(&declared.hatch_states, CompletionItemKind::ENUM_MEMBER),
            "room" if after_colon => names(&declared.room_states, CompletionItemKind::ENUM_MEMBER),
            "rules" => builtin::RULES
                .iter()
                .map(|r| CompletionItem {
                    label: r.name.to_string(),
                    kind: Some(CompletionItemKind::MODULE),
                    detail: Some(r.summary.to_string()),
                    ..CompletionItem::default()
                })
                .collect(),
            _ => Vec::new(),
        };
    }
    match last {
        "from" | "in" | "enter" | "leave" | "end" => {
            names(&declared.room_states, CompletionItemKind::ENUM_MEMBER)
        }
        "through" if first != "walk" => {
            names(&declared.hatch_states, CompletionItemKind::ENUM_MEMBER)
        }
        "open" => names(&declared.hatch_states, CompletionItemKind::ENUM_MEMBER),
        "with" | "without" => names(&declared.items, CompletionItemKind::ENUM_MEMBER),
        "room" if first == "action" => {
            names(&declared.room_states, CompletionItemKind::ENUM_MEMBER)
        }
        "hatch" if first == "action" => {
            names(&declared.hatch_states, CompletionItemKind::ENUM_MEMBER)
        }
        "becomes" if first == "open" || done.contains(&"hatch") => {
            names(&declared.hatch_states, CompletionItemKind::ENUM_MEMBER)
        }
        "becomes" => names(&declared.room_states, CompletionItemKind::ENUM_MEMBER),
        _ if first == "walk" && after_colon => {
            names(&declared.hatch_states, CompletionItemKind::ENUM_MEMBER)
        }
        // Conditions before the colon, effects after it.
        _ => keywords(|s| s == Starts::Nothing),
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

fn keywords(wanted: impl Fn(Starts) -> bool) -> Vec<CompletionItem> {
    KEYWORDS
        .iter()
        .filter(|k| wanted(k.starts))
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
/// since a document being typed often does not parse.
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

/// The states and items of the rules in use: a board's rules, or what a
/// rules file declares (compiled or not).
fn declared(document: &Document) -> Declared {
    if let Some(ast::File::Rules(rules)) = &document.tree {
        let mut out = Declared::default();
        let names = |n: &[ast::Name]| n.iter().map(|n| n.text.clone()).collect();
        for statement in &rules.statements {
            match statement {
                RulesStatement::RoomStates(n, _) => out.room_states = names(n),
                RulesStatement::HatchStates(n, _) => out.hatch_states = names(n),
                RulesStatement::Items(n, _) => out.items = names(n),
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
        })
}
