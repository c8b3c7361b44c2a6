//! A board's rooms followed wherever the board says their id: the `room`
//! line that declares one, either end of a `hatch A-B`, and `start`.
//! References, the highlight of an id, and rename (refused, with a
//! message, for a reserved word, a word that is no room id, or an id the
//! board already says) read the same places.
//!
//! Room ids belong to one board: nothing outside it says them (a hatch is
//! named by its two rooms' ids, and no statement names a hatch but its own
//! `hatch` line), so every place is in the document itself. Boards in YAML
//! or JSON have no syntax tree here and are not followed.

use std::collections::HashMap;

use lsp_types::{Location, Range, TextEdit, WorkspaceEdit};

use super::documents::Document;
use super::statements::{self, OnBoard};
use crate::diagnostic::Span;
use crate::model::limits;
use crate::syntax::{self, ast, keywords};

/// A place a board says a room's id.
struct Place {
    span: Span,
    /// Whether it is the id of a `room` line (the room's declaration).
    declares: bool,
}

/// The board of `document` and the room id at byte `offset` of it.
pub(super) fn room_at(document: &Document, offset: usize) -> Option<(&ast::BoardFile, &str)> {
    let Some(ast::File::Board(board)) = &document.tree else {
        return None;
    };
    match statements::on_board(board, offset)? {
        OnBoard::Room(name) if !name.text.is_empty() => Some((board, &name.text)),
        _ => None,
    }
}

/// Every place `board` says the room `id`, in the order of the text.
fn places(board: &ast::BoardFile, id: &str) -> Vec<Place> {
    let declared = board.rooms.iter().map(|r| (&r.id, true));
    let hatches = board
        .hatches
        .iter()
        .flat_map(|h| &h.rooms)
        .map(|n| (n, false));
    let starts = board.starts.iter().map(|n| (n, false));
    let mut out: Vec<Place> = declared
        .chain(hatches)
        .chain(starts)
        .filter(|(n, _)| n.text == id)
        .map(|(n, declares)| Place {
            span: n.span,
            declares,
        })
        .collect();
    out.sort_by_key(|p| p.span.start);
    out
}

/// The ranges of the places `document` says the room at `offset`, the
/// declaration among them only when `declarations` is set.
fn ranges(document: &Document, offset: usize, declarations: bool) -> Option<Vec<Range>> {
    let (board, id) = room_at(document, offset)?;
    Some(
        places(board, id)
            .into_iter()
            .filter(|p| declarations || !p.declares)
            .map(|p| document.lines.range(&document.text, p.span))
            .collect(),
    )
}

/// Every place the board says the room at `offset`; `None` when no room
/// id stands there.
pub(super) fn references(
    document: &Document,
    offset: usize,
    include_declaration: bool,
) -> Option<Vec<Location>> {
    let ranges = ranges(document, offset, include_declaration)?;
    Some(
        ranges
            .into_iter()
            .map(|r| Location::new(document.uri.clone(), r))
            .collect(),
    )
}

/// The places of the room at `offset` in its board, its declaration
/// included.
pub(super) fn highlights(document: &Document, offset: usize) -> Option<Vec<Range>> {
    ranges(document, offset, true)
}

/// Why `new` cannot be a room id of `board`, if it cannot; `old` is the id
/// being renamed.
fn refusal(board: &ast::BoardFile, old: &str, new: &str) -> Option<String> {
    if keywords::is_reserved(new) {
        return Some(format!("`{new}` is a reserved word of the language"));
    }
    // A room id is what the grammar reads as one: tried as a room's.
    let probe = format!("board probe\nroom {new}\n");
    let is_id = matches!(
        syntax::parse_all(&probe),
        Ok(ast::File::Board(b)) if b.hatches.is_empty()
            && b.starts.is_empty()
            && matches!(b.rooms.as_slice(), [r] if r.id.text == new && r.display.is_none()
                && r.position.is_none() && r.state.is_none())
    );
    if !is_id {
        return Some(format!(
            "`{new}` is not a room id: {}",
            syntax::room_id_help(new)
        ));
    }
    if new.chars().count() > limits::NAME_LENGTH {
        return Some(format!(
            "`{new}` is not a room id: it has more than {} characters",
            limits::NAME_LENGTH
        ));
    }
    if new == old {
        return None;
    }
    if board.rooms.iter().any(|r| r.id.text == new) {
        return Some(format!(
            "`{new}` is already the id of another room on the board"
        ));
    }
    // An id said but not declared is a room the board means to have: two
    // rooms would become one.
    if !places(board, new).is_empty() {
        return Some(format!(
            "`{new}` is already said on the board, by a hatch or `start`"
        ));
    }
    None
}

/// The edits that rename the room at `offset` to `new`: its `room` line,
/// each end of a hatch it joins, and `start`. `None` when no room id
/// stands there; an error says why `new` cannot be its id.
pub(super) fn rename(
    document: &Document,
    offset: usize,
    new: &str,
) -> Option<Result<WorkspaceEdit, String>> {
    let (board, id) = room_at(document, offset)?;
    if let Some(why) = refusal(board, id, new) {
        return Some(Err(why));
    }
    let edits = places(board, id)
        .into_iter()
        .map(|p| {
            TextEdit::new(
                document.lines.range(&document.text, p.span),
                new.to_string(),
            )
        })
        .collect();
    Some(Ok(WorkspaceEdit {
        changes: Some(HashMap::from([(document.uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }))
}
