//! The states, items and actions a rules file declares, followed wherever
//! they are said: the rules file's statements and the open boards played
//! by that file (a board says room and hatch states). References, the
//! highlight of a name in its document, and rename (refused, with a
//! message, for a reserved word, a word that is no name, or a name the
//! rules already declare) read the same places.
//!
//! Names are matched by their text: the checker keeps a name to one list,
//! so the text says which state, item or action it is. Built-in rules have
//! no file to change: a name of theirs is followed in the board alone and
//! cannot be renamed.

use std::path::{Path, PathBuf};

use lsp_types::{Location, Range, TextEdit, Uri, WorkspaceEdit};

use super::documents::Document;
use super::files;
use super::position::Lines;
use super::statements::{self, OnBoard};
use crate::syntax::ast::{self, RulesStatement};
use crate::syntax::{self, keywords};

/// A name under the cursor: its text, and the rules file that declares it
/// (`None` for built-in rules).
struct Named {
    text: String,
    rules: Option<PathBuf>,
    /// Whether the cursor is in the rules file itself (which may be a
    /// buffer with no file yet).
    in_rules: bool,
}

/// The name at byte `offset` of `document`: a state, item or action in a
/// rules file, a room's or hatch's state on a board.
fn named_at(document: &Document, offset: usize) -> Option<Named> {
    match document.tree.as_ref()? {
        ast::File::Rules(rules) => {
            let statement = rules
                .statements
                .iter()
                .find(|s| statements::holds(statements::span(s), offset))?;
            let name = statements::names(statement)
                .into_iter()
                .find(|n| statements::holds(n.span, offset) && !n.text.is_empty())?;
            Some(Named {
                text: name.text.clone(),
                rules: document.path.clone(),
                in_rules: true,
            })
        }
        ast::File::Board(board) => match statements::on_board(board, offset)? {
            OnBoard::State(name) => Some(Named {
                text: name.text.clone(),
                rules: document.rules_path(),
                in_rules: false,
            }),
            _ => None,
        },
    }
}

/// The same file, however its path is written.
fn same_file(a: &Path, b: &Path) -> bool {
    let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    a == b || real(a) == real(b)
}

/// Every place `name` is said, by document: the rules file (the editor's
/// text when it is open, else the file on disk) and the open boards played
/// by it; for built-in rules, `document` alone.
fn places(documents: &[&Document], document: &Document, name: &Named) -> Vec<(Uri, Vec<Range>)> {
    let Some(rules_path) = &name.rules else {
        let ranges = if name.in_rules {
            rules_places(&document.text, &name.text)
        } else {
            board_places(document, &name.text)
        };
        return vec![(document.uri.clone(), ranges)];
    };
    let mut out = Vec::new();
    let open_rules = documents
        .iter()
        .find(|d| d.path.as_deref().is_some_and(|p| same_file(p, rules_path)));
    let rules_text = match open_rules {
        Some(d) => Some((d.uri.clone(), d.text.clone())),
        None => files::uri_of(rules_path)
            .and_then(|uri| Some((uri, std::fs::read_to_string(rules_path).ok()?))),
    };
    if let Some((uri, text)) = rules_text {
        out.push((uri, rules_places(&text, &name.text)));
    }
    let mut boards: Vec<&Document> = documents
        .iter()
        .filter(|d| d.rules_path().is_some_and(|p| same_file(&p, rules_path)))
        .copied()
        .collect();
    boards.sort_by(|a, b| a.uri.as_str().cmp(b.uri.as_str()));
    for board in boards {
        out.push((board.uri.clone(), board_places(board, &name.text)));
    }
    out.retain(|(_, ranges)| !ranges.is_empty());
    out
}

/// Where a rules file's text says `name`.
fn rules_places(text: &str, name: &str) -> Vec<Range> {
    let Some(ast::File::Rules(rules)) = syntax::parse_partial(text) else {
        return Vec::new();
    };
    let lines = Lines::new(text);
    let mut spans: Vec<_> = rules
        .statements
        .iter()
        .flat_map(statements::names)
        .filter(|n| n.text == name)
        .map(|n| n.span)
        .collect();
    spans.sort_by_key(|s| s.start);
    spans.into_iter().map(|s| lines.range(text, s)).collect()
}

/// Where a board says the state `name`.
fn board_places(board: &Document, name: &str) -> Vec<Range> {
    let Some(ast::File::Board(tree)) = &board.tree else {
        return Vec::new();
    };
    let states = tree
        .rooms
        .iter()
        .filter_map(|r| r.state.as_ref())
        .chain(tree.hatches.iter().filter_map(|h| h.state.as_ref()));
    let mut spans: Vec<_> = states.filter(|n| n.text == name).map(|n| n.span).collect();
    spans.sort_by_key(|s| s.start);
    spans
        .into_iter()
        .map(|s| board.lines.range(&board.text, s))
        .collect()
}

/// Every place the name at `offset` is said, in every document.
pub(super) fn references(
    documents: &[&Document],
    document: &Document,
    offset: usize,
) -> Option<Vec<Location>> {
    let name = named_at(document, offset)?;
    Some(
        places(documents, document, &name)
            .into_iter()
            .flat_map(|(uri, ranges)| {
                ranges
                    .into_iter()
                    .map(move |r| Location::new(uri.clone(), r))
            })
            .collect(),
    )
}

/// The places of the name at `offset` in `document` itself.
pub(super) fn highlights(document: &Document, offset: usize) -> Option<Vec<Range>> {
    let name = named_at(document, offset)?;
    Some(match &document.tree {
        Some(ast::File::Rules(_)) => rules_places(&document.text, &name.text),
        _ => board_places(document, &name.text),
    })
}

/// Where the rules declare the state at `offset` of a board: its place in
/// the `room states:` or `hatch states:` line of the rules file.
pub(super) fn declaration(
    documents: &[&Document],
    document: &Document,
    offset: usize,
) -> Option<Location> {
    let name = named_at(document, offset)?;
    let rules_path = name.rules.as_ref()?;
    let open = documents
        .iter()
        .find(|d| d.path.as_deref().is_some_and(|p| same_file(p, rules_path)));
    let text = match open {
        Some(d) => d.text.clone(),
        None => std::fs::read_to_string(rules_path).ok()?,
    };
    let Some(ast::File::Rules(rules)) = syntax::parse_partial(&text) else {
        return None;
    };
    let declared = rules.statements.iter().find_map(|s| match s {
        RulesStatement::RoomStates(names, _)
        | RulesStatement::HatchStates(names, _)
        | RulesStatement::Items(names, _) => names.iter().find(|n| n.text == name.text),
        RulesStatement::ActionDecl(d) if d.name.text == name.text => Some(&d.name),
        _ => None,
    })?;
    let uri = open.map_or_else(|| files::uri_of(rules_path), |d| Some(d.uri.clone()))?;
    Some(Location::new(
        uri,
        Lines::new(&text).range(&text, declared.span),
    ))
}

/// The edits that rename the name at `offset` to `new`, or why it cannot be.
pub(super) fn rename(
    documents: &[&Document],
    document: &Document,
    offset: usize,
    new: &str,
) -> Result<Option<WorkspaceEdit>, String> {
    let Some(name) = named_at(document, offset) else {
        return Ok(None);
    };
    if name.rules.is_none() && !name.in_rules {
        return Err(format!(
            "`{}` is a name of built-in rules, which have no file to rename it in",
            name.text
        ));
    }
    if keywords::is_reserved(new) {
        return Err(format!("`{new}` is a reserved word of the language"));
    }
    // A name is what the grammar reads as one: tried as an item.
    let probe = format!("rules probe\nitems: {new}\n");
    let is_name = matches!(
        syntax::parse_all(&probe),
        Ok(ast::File::Rules(r)) if matches!(r.statements.as_slice(), [RulesStatement::Items(n, _)] if n.len() == 1 && n[0].text == new)
    );
    if !is_name {
        return Err(format!(
            "`{new}` is not a name: letters, digits and `_`, not starting with a digit"
        ));
    }
    let all = places(documents, document, &name);
    let rules_said = name.in_rules
        || all.first().is_some_and(|(uri, _)| {
            files::path_of(uri)
                .is_some_and(|p| name.rules.as_deref().is_some_and(|r| same_file(&p, r)))
        });
    if new != name.text && taken(documents, document, &name, new) {
        return Err(format!("the rules already declare `{new}`"));
    }
    if !rules_said {
        return Err(format!(
            "the rules file that declares `{}` cannot be read",
            name.text
        ));
    }
    Ok(Some(WorkspaceEdit {
        changes: Some(
            all.into_iter()
                .map(|(uri, ranges)| {
                    let edits = ranges
                        .into_iter()
                        .map(|r| TextEdit::new(r, new.to_string()))
                        .collect();
                    (uri, edits)
                })
                .collect(),
        ),
        ..WorkspaceEdit::default()
    }))
}

/// Whether the rules of `name` already declare `new`.
fn taken(documents: &[&Document], document: &Document, name: &Named, new: &str) -> bool {
    let text = match &name.rules {
        _ if name.in_rules => Some(document.text.clone()),
        None => None,
        Some(rules_path) => documents
            .iter()
            .find(|d| d.path.as_deref().is_some_and(|p| same_file(p, rules_path)))
            .map(|d| d.text.clone())
            .or_else(|| std::fs::read_to_string(rules_path).ok()),
    };
    let Some(ast::File::Rules(rules)) = text.as_deref().and_then(syntax::parse_partial) else {
        return false;
    };
    rules.statements.iter().any(|s| match s {
        RulesStatement::RoomStates(n, _)
        | RulesStatement::HatchStates(n, _)
        | RulesStatement::Items(n, _) => n.iter().any(|n| n.text == new),
        RulesStatement::ActionDecl(d) => d.name.text == new,
        _ => false,
    })
}
