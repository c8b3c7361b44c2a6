//! Documents that share a layout, compiled once.
//!
//! Programs that ask about many positions send the same submarine again
//! and again with other states: one board document a line, the rooms,
//! names, places and hatches the same, only the room and hatch states and
//! the start changing. Checking and compiling the layout was most of what
//! a line cost, so [`Layouts`] keeps the last layout it compiled and gives
//! the next document with the same one its states and start directly.

use std::path::Path;

use std::sync::Arc;

use super::compiling::{board_by, sound_board};
use super::finding::Finder;
use super::reading::Reader;
use super::{Failure, Input, InputKind};
use crate::builtin;
use crate::interchange::{self, BoardDoc};
use crate::model::{Board, HatchStateId, RoomId, Rules, StateId};

mod position;

/// The last layout compiled from a board document, to compile the next
/// document with the same layout without checking it again.
///
/// A board from [`Layouts::board`] equals the one [`board`](super::board) compiles from
/// the same input (a property test holds it to that); only its warnings
/// are not worked out, so it serves callers that do not show them.
/// Only layouts played by built-in rules are kept, so a rules file that
/// changes on disk is read again for every document, as without the
/// cache.
#[derive(Debug, Default)]
pub struct Layouts {
    last: Option<Layout>,
    kept: usize,
    /// The rules every board is played by (`--rules`), whatever its
    /// `rules` field says; `None` for each board's own.
    rules: Option<Arc<Rules>>,
}

/// A layout with the board compiled from it.
#[derive(Debug)]
struct Layout {
    key: Key,
    /// The board compiled from the document that had this layout.
    board: Board,
    /// Each of the document's rooms in the board's order.
    room_at: Vec<RoomId>,
    /// Each of the document's hatches in the board's order.
    hatch_at: Vec<usize>,
    /// The last document read onto this layout, to compare the next with.
    template: Option<position::Template>,
}

impl Layouts {
    /// Layouts whose boards are all played by `rules`, as
    /// [`board_played_by`](super::board_played_by) compiles them.
    pub fn played_by(rules: Arc<Rules>) -> Layouts {
        Layouts {
            rules: Some(rules),
            ..Layouts::default()
        }
    }

    /// Compiles a board as [`board`](super::board) does (or
    /// [`board_played_by`](super::board_played_by), for layouts
    /// [`played_by`](Layouts::played_by) some rules), without its
    /// warnings: a YAML
    /// or JSON document with the layout of the last one is given its
    /// states, start and name without checking the layout again.
    pub fn board(&mut self, input: &Input) -> Result<Board, Failure> {
        let given = self.rules.as_ref();
        let InputKind::Document(format) = input.kind else {
            return board_by(input, given).map(|loaded| loaded.value);
        };
        if format == interchange::Format::Json
            && let Some(last) = &mut self.last
        {
            let name = default_name(input);
            let read = match &last.template {
                Some(template) => template.read(last, &input.text, name),
                None => None,
            };
            let read = read.or_else(|| {
                let (board, template) = position::learn(last, &input.text, name)?;
                last.template = Some(template);
                Some(board)
            });
            if let Some(board) = read {
                self.kept += 1;
                return Ok(board);
            }
        }
        let Ok(doc) = interchange::read_document(&input.text, format) else {
            return board_by(input, given).map(|loaded| loaded.value);
        };
        let name = doc
            .name
            .clone()
            .unwrap_or_else(|| default_name(input).to_string());
        if let Some(last) = &self.last
            && last.key.fits(&doc)
            && let Some(board) = last.with_states(&doc, name)
        {
            self.kept += 1;
            return Ok(board);
        }
        let remembered = Key::of(&doc);
        let checked = sound_board(
            &interchange::board_file(doc, default_name(input)),
            Finder::new(input.dir.as_deref(), given, Reader::Disk),
        );
        let board = match checked {
            Some(board) => board,
            None => board_by(input, given).map(|loaded| loaded.value)?,
        };
        if let Some(layout) = remembered.and_then(|key| key.compiled(&board)) {
            self.last = Some(layout);
        }
        Ok(board)
    }

    /// How many boards so far were compiled from a kept layout.
    pub fn kept(&self) -> usize {
        self.kept
    }
}

/// The board name of a document without one: its file's stem.
fn default_name(input: &Input) -> &str {
    Path::new(&input.name)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("board")
}

/// A document's layout: what the checks of a board look at besides its
/// states, its start and its name.
#[derive(Debug)]
struct Key {
    /// The rules it names.
    rules: Option<String>,
    /// Each room's id, display name and place, in the document's order.
    rooms: Vec<(String, Option<String>, Option<[u16; 2]>)>,
    /// Each hatch's two room ids, in the document's order.
    hatches: Vec<[String; 2]>,
}

impl Key {
    /// The layout of a document played by built-in rules; `None` for other
    /// rules, which are read from their file each time.
    fn of(doc: &BoardDoc) -> Option<Key> {
        if doc
            .rules
            .as_deref()
            .is_some_and(|r| builtin::rules_text(r).is_none())
        {
            return None;
        }
        Some(Key {
            rules: doc.rules.clone(),
            rooms: doc
                .rooms
                .iter()
                .map(|r| (r.id.0.clone(), r.name.clone(), r.at))
                .collect(),
            hatches: doc
                .hatches
                .iter()
                .map(|h| [h.between[0].0.clone(), h.between[1].0.clone()])
                .collect(),
        })
    }

    /// Whether a document has this layout.
    fn fits(&self, doc: &BoardDoc) -> bool {
        self.rules == doc.rules
            && self.rooms.len() == doc.rooms.len()
            && self.hatches.len() == doc.hatches.len()
            && self
                .rooms
                .iter()
                .zip(&doc.rooms)
                .all(|((id, name, at), r)| *id == r.id.0 && *name == r.name && *at == r.at)
            && self
                .hatches
                .iter()
                .zip(&doc.hatches)
                .all(|([a, b], h)| *a == h.between[0].0 && *b == h.between[1].0)
    }

    /// The layout with the board compiled from it; `None` if a room or
    /// hatch of the document cannot be found on the board.
    fn compiled(self, board: &Board) -> Option<Layout> {
        let room_at = self
            .rooms
            .iter()
            .map(|(id, _, _)| board.room_by_id(id))
            .collect::<Option<Vec<_>>>()?;
        let hatch_at = self
            .hatches
            .iter()
            .map(|[a, b]| {
                let (a, b) = (board.room_by_id(a)?, board.room_by_id(b)?);
                let rooms = [a.min(b), a.max(b)];
                board.hatches.iter().position(|h| h.rooms == rooms)
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Layout {
            key: self,
            board: board.clone(),
            room_at,
            hatch_at,
            template: None,
        })
    }
}

impl Layout {
    /// The board with a document's states, start and name; `None` when
    /// one of them would be a problem (an unknown state, a start that is
    /// missing or no room, an unsound name), which the full check then
    /// reports.
    fn with_states(&self, doc: &BoardDoc, name: String) -> Option<Board> {
        if !crate::check::sound_board_name(&name) {
            return None;
        }
        let rules = &self.board.rules;
        let start = doc.start.as_ref()?;
        let start = doc.rooms.iter().position(|r| r.id == *start)?;
        let mut board = self.board.clone();
        board.name = name;
        board.start = self.room_at[start];
        for (room, at) in doc.rooms.iter().zip(&self.room_at) {
            board.rooms[at.index()].state = match &room.state {
                None => StateId(0),
                Some(s) => rules.room_state_meant(s)?,
            };
        }
        for (hatch, &at) in doc.hatches.iter().zip(&self.hatch_at) {
            board.hatches[at].state = match &hatch.state {
                None => HatchStateId(0),
                Some(s) => rules.hatch_state_meant(s)?,
            };
        }
        Some(board)
    }
}
