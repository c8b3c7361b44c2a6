//! The states, items and actions a rules file declares, followed wherever
//! they are said: the rules file's statements and the boards played by
//! that file (a board says room and hatch states), both the open ones and
//! the `.board` files beside the rules file on disk that are not open
//! (read from disk; the editor applies their edits, the server writes no
//! file). References, the highlight of a name in its document, and rename
//! (refused, with a message, for a reserved word, a word that is no name,
//! or a name the rules already declare) read the same places. A room id
//! under the cursor is followed in its board instead (`rooms`).
//!
//! Names are matched by their text: the checker keeps a name to one list,
//! so the text says which state, item or action it is. Built-in rules have
//! no file to change: a name of theirs is followed in the board alone and
//! cannot be renamed.

use std::path::{Path, PathBuf};

use lsp_types::{Location, Range, TextEdit, Uri, WorkspaceEdit};

use super::documents::{self, Document};
use super::position::Lines;
use super::statements::{self, OnBoard};
use super::{files, rooms};
use crate::diagnostic::Span;
use crate::model::limits;
use crate::syntax::ast::{self, Name, RulesStatement};
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
/// text when it is open, else the file on disk), the open boards played
/// by it and those beside it on disk; for built-in rules, `document`
/// alone. Declarations in the rules file are left out unless
/// `declarations` is set.
fn places(
    documents: &[&Document],
    document: &Document,
    name: &Named,
    declarations: bool,
) -> Vec<(Uri, Vec<Range>)> {
    let Some(rules_path) = &name.rules else {
        let ranges = match &document.tree {
            Some(ast::File::Board(tree)) => {
                board_places(tree, &document.text, &document.lines, &name.text)
            }
            _ => rules_places(&document.text, &name.text, declarations),
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
        out.push((uri, rules_places(&text, &name.text, declarations)));
    }
    let mut boards: Vec<(Uri, Vec<Range>)> = documents
        .iter()
        .filter(|d| d.rules_path().is_some_and(|p| same_file(&p, rules_path)))
        .filter_map(|d| match &d.tree {
            Some(ast::File::Board(tree)) => Some((
                d.uri.clone(),
                board_places(tree, &d.text, &d.lines, &name.text),
            )),
            _ => None,
        })
        .collect();
    boards.extend(
        boards_on_disk(documents, rules_path)
            .into_iter()
            .map(|(uri, text, tree)| {
                let lines = Lines::new(&text);
                let ranges = board_places(&tree, &text, &lines, &name.text);
                (uri, ranges)
            }),
    );
    boards.sort_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
    out.extend(boards);
    out.retain(|(_, ranges)| !ranges.is_empty());
    out
}

/// The `.board` files in the folder of `rules_path` (not below it) that
/// are played by that rules file and not open in the editor: their URIs,
/// texts and syntax trees. A file that cannot be read, is larger than a
/// file may be, or does not parse as a board is passed over.
fn boards_on_disk(
    documents: &[&Document],
    rules_path: &Path,
) -> Vec<(Uri, String, ast::BoardFile)> {
    let Some(Ok(entries)) = rules_path.parent().map(std::fs::read_dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "board"))
        .filter(|p| {
            std::fs::metadata(p).is_ok_and(|m| {
                m.is_file() && usize::try_from(m.len()).is_ok_and(|n| n <= limits::FILE_SIZE)
            })
        })
        .filter(|p| {
            !documents
                .iter()
                .any(|d| d.path.as_deref().is_some_and(|o| same_file(o, p)))
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let Some(ast::File::Board(tree)) = syntax::parse_partial(&text) else {
                return None;
            };
            let played = documents::rules_path_of(&tree, path.parent()?)?;
            if !same_file(&played, rules_path) {
                return None;
            }
            Some((files::uri_of(&path)?, text, tree))
        })
        .collect()
}

/// The names a rules statement declares: a state or item in its list, an
/// action in its `action NAME: ...` line.
fn declared(statement: &RulesStatement) -> Vec<&Name> {
    match statement {
        RulesStatement::RoomStates(names, _)
        | RulesStatement::HatchStates(names, _)
        | RulesStatement::Items(names, _) => names.iter().collect(),
        RulesStatement::ActionDecl(d) => vec![&d.name],
        _ => Vec::new(),
    }
}

/// Where a rules file's text says `name`, its declaration only when
/// `declarations` is set.
fn rules_places(text: &str, name: &str, declarations: bool) -> Vec<Range> {
    let Some(ast::File::Rules(rules)) = syntax::parse_partial(text) else {
        return Vec::new();
    };
    let lines = Lines::new(text);
    let declaring: Vec<Span> = rules
        .statements
        .iter()
        .flat_map(declared)
        .map(|n| n.span)
        .collect();
    let mut spans: Vec<_> = rules
        .statements
        .iter()
        .flat_map(statements::names)
        .filter(|n| n.text == name)
        .map(|n| n.span)
        .filter(|s| declarations || !declaring.contains(s))
        .collect();
    spans.sort_by_key(|s| s.start);
    spans.into_iter().map(|s| lines.range(text, s)).collect()
}

/// Where a board (`tree`, parsed from `text`) says the state `name`.
fn board_places(tree: &ast::BoardFile, text: &str, lines: &Lines, name: &str) -> Vec<Range> {
    let states = tree
        .rooms
        .iter()
        .filter_map(|r| r.state.as_ref())
        .chain(tree.hatches.iter().filter_map(|h| h.state.as_ref()));
    let mut spans: Vec<_> = states.filter(|n| n.text == name).map(|n| n.span).collect();
    spans.sort_by_key(|s| s.start);
    spans.into_iter().map(|s| lines.range(text, s)).collect()
}

/// Every place the name at `offset` is said, in every document (a room
/// id's, in its board); declarations only when `include_declaration` is
/// set.
pub(super) fn references(
    documents: &[&Document],
    document: &Document,
    offset: usize,
    include_declaration: bool,
) -> Option<Vec<Location>> {
    if rooms::room_at(document, offset).is_some() {
        return rooms::references(document, offset, include_declaration);
    }
    let name = named_at(document, offset)?;
    Some(
        places(documents, document, &name, include_declaration)
            .into_iter()
            .flat_map(|(uri, ranges)| {
                ranges
                    .into_iter()
                    .map(move |r| Location::new(uri.clone(), r))
            })
            .collect(),
    )
}

/// The places of the name (or room id) at `offset` in `document` itself.
pub(super) fn highlights(document: &Document, offset: usize) -> Option<Vec<Range>> {
    if rooms::room_at(document, offset).is_some() {
        return rooms::highlights(document, offset);
    }
    let name = named_at(document, offset)?;
    Some(match &document.tree {
        Some(ast::File::Board(tree)) => {
            board_places(tree, &document.text, &document.lines, &name.text)
        }
        _ => rules_places(&document.text, &name.text, true),
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
    let declared = rules
        .statements
        .iter()
        .flat_map(declared)
        .find(|n| n.text == name.text)?;
    let uri = open.map_or_else(|| files::uri_of(rules_path), |d| Some(d.uri.clone()))?;
    Some(Location::new(
        uri,
        Lines::new(&text).range(&text, declared.span),
    ))
}

/// The edits that rename the name (or room id) at `offset` to `new`, or
/// why it cannot be.
pub(super) fn rename(
    documents: &[&Document],
    document: &Document,
    offset: usize,
    new: &str,
) -> Result<Option<WorkspaceEdit>, String> {
    if let Some(renamed) = rooms::rename(document, offset, new) {
        return renamed.map(Some);
    }
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
    let all = places(documents, document, &name, true);
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
    rules
        .statements
        .iter()
        .flat_map(declared)
        .any(|n| n.text == new)
}
