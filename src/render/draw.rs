//! The ship as a picture for the terminal, for `hatchway draw`: every room
//! a box on a grid with its id, name and state, every hatch between two
//! neighbouring boxes a mark in the gap between them.
//!
//! Rooms stand where the board's `at COL,ROW` puts them; on a board that
//! does not place every room, they stand in board order, row after row, as
//! many to a row as fit the width.

use crate::model::{Board, HatchStateId, RoomId, StateId};

/// Columns of a box, borders included.
const BOX_WIDTH: usize = 13;
/// Lines of a box, borders included.
const BOX_HEIGHT: usize = 6;
/// Columns between two boxes side by side (a hatch mark fills them).
const GAP_WIDTH: usize = 3;
/// Lines between two rows of boxes.
const GAP_HEIGHT: usize = 1;
/// What fits inside a box.
const INNER: usize = BOX_WIDTH - 2;

/// What to show on the ship: the states of its rooms and hatches, where the
/// player is, and the rooms a path went through.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// Every room's state, indexed by [`RoomId`].
    pub rooms: &'a [StateId],
    /// Every hatch's state, indexed by hatch.
    pub hatches: &'a [HatchStateId],
    /// The player's room.
    pub player: RoomId,
    /// The rooms of a path in the order entered, the start first; empty
    /// when no path is drawn.
    pub path: &'a [RoomId],
}

/// Where each room's box stands: the board's positions when every room has
/// one, otherwise rows of as many boxes as fit `width` columns.
pub fn layout(board: &Board, width: usize) -> Vec<(usize, usize)> {
    let placed: Option<Vec<(usize, usize)>> = board
        .rooms
        .iter()
        .map(|r| {
            r.position
                .map(|(c, row)| (usize::from(c), usize::from(row)))
        })
        .collect();
    placed.unwrap_or_else(|| {
        let per_row = ((width + GAP_WIDTH) / (BOX_WIDTH + GAP_WIDTH)).max(1);
        (0..board.rooms.len())
            .map(|i| (i % per_row, i / per_row))
            .collect()
    })
}

/// One-letter codes for hatch states: each name's first letter, or its
/// number where two names start alike.
pub fn hatch_codes(names: &[String]) -> Vec<char> {
    let first = |n: &String| n.chars().next().unwrap_or('?').to_ascii_lowercase();
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let clash = names
                .iter()
                .enumerate()
                .any(|(j, m)| j != i && first(m) == first(n));
            if clash {
                char::from_digit(i as u32 % 10, 10).unwrap_or('?')
            } else {
                first(n)
            }
        })
        .collect()
}

/// A text cut to `width` characters.
fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

/// The ship drawn on a grid of characters, with a legend below it and the
/// hatches that join rooms whose boxes do not touch.
pub fn ship(board: &Board, view: &View<'_>, width: usize) -> String {
    let places = layout(board, width);
    let columns = places.iter().map(|p| p.0 + 1).max().unwrap_or(0);
    let rows = places.iter().map(|p| p.1 + 1).max().unwrap_or(0);
    let canvas_width = (columns * (BOX_WIDTH + GAP_WIDTH)).saturating_sub(GAP_WIDTH);
    let canvas_height = (rows * (BOX_HEIGHT + GAP_HEIGHT)).saturating_sub(GAP_HEIGHT);
    let mut canvas = vec![vec![' '; canvas_width]; canvas_height];
    let origin =
        |(c, r): (usize, usize)| (c * (BOX_WIDTH + GAP_WIDTH), r * (BOX_HEIGHT + GAP_HEIGHT));
    let mut put = |x: usize, y: usize, text: &str| {
        if let Some(line) = canvas.get_mut(y) {
            for (i, ch) in text.chars().enumerate() {
                if let Some(cell) = line.get_mut(x + i) {
                    *cell = ch;
                }
            }
        }
    };

    let rules = &board.rules;
    for (i, room) in board.rooms.iter().enumerate() {
        let id = RoomId(i as u32);
        let (x, y) = origin(places[i]);
        let border = format!("+{}+", "-".repeat(INNER));
        put(x, y, &border);
        put(x, y + BOX_HEIGHT - 1, &border);
        for dy in 1..BOX_HEIGHT - 1 {
            put(x, y + dy, "|");
            put(x + BOX_WIDTH - 1, y + dy, "|");
        }
        // The id with the marks: `@` the player, `(n)` the n-th room of
        // the path (0 is where it starts).
        let mut marks = Vec::new();
        if let Some(n) = view.path.iter().position(|&r| r == id) {
            marks.push(format!("({n})"));
        }
        if view.player == id {
            marks.push("@".to_string());
        }
        let marks = marks.join(" ");
        let id_room = fit(&room.id, INNER.saturating_sub(marks.len() + 1).max(1));
        let pad = INNER.saturating_sub(id_room.chars().count() + marks.len());
        put(
            x + 1,
            y + 1,
            &format!("{id_room}{}{marks}", " ".repeat(pad)),
        );
        // The name, on up to two lines, when it fits.
        if let Some(name) = &room.name {
            let lines = textwrap::wrap(name, INNER);
            if lines.len() <= 2 && lines.iter().all(|l| l.chars().count() <= INNER) {
                for (k, line) in lines.iter().enumerate() {
                    put(x + 1, y + 2 + k, line);
                }
            }
        }
        let state = view
            .rooms
            .get(i)
            .and_then(|s| rules.room_states.get(usize::from(s.0)))
            .map_or("?", String::as_str);
        put(x + 1, y + 4, &fit(state, INNER));
    }

    let codes = hatch_codes(&rules.hatch_states);
    let mut elsewhere = Vec::new();
    for (h, hatch) in board.hatches.iter().enumerate() {
        let code = view
            .hatches
            .get(h)
            .and_then(|s| codes.get(usize::from(s.0)))
            .copied()
            .unwrap_or('?');
        let mark = format!("[{code}]");
        let [a, b] = hatch.rooms.map(|r| places[r.0 as usize]);
        let (left, right) = if a <= b { (a, b) } else { (b, a) };
        if left.1 == right.1 && left.0 + 1 == right.0 {
            let (x, y) = origin(left);
            put(x + BOX_WIDTH, y + 2, &mark);
        } else if left.0 == right.0 && left.1.abs_diff(right.1) == 1 {
            let top = if left.1 < right.1 { left } else { right };
            let (x, y) = origin(top);
            put(x + BOX_WIDTH / 2 - 1, y + BOX_HEIGHT, &mark);
        } else {
            let [a, b] = hatch.rooms.map(|r| board.room(r).id.as_str());
            elsewhere.push(format!("{a}-{b}{mark}"));
        }
    }

    let mut out = String::new();
    for line in canvas {
        let line: String = line.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let mut notes = Vec::new();
    if !elsewhere.is_empty() {
        notes.push(format!(
            "hatches between boxes that do not touch: {}",
            elsewhere.join(", ")
        ));
    }
    let legend = codes
        .iter()
        .zip(&rules.hatch_states)
        .map(|(c, n)| format!("[{c}] {n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut marks = "@ the player".to_string();
    if !view.path.is_empty() {
        marks.push_str(", (n) the n-th room of the path");
    }
    notes.push(format!("hatches: {legend}; {marks}"));
    out.push('\n');
    for note in notes {
        for line in textwrap::wrap(&note, width.max(20)) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}
