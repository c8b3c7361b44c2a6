//! The ship as a picture for the terminal, for `hatchway draw`: every room
//! a box on a grid with its id, name and state, every hatch between two
//! neighbouring boxes a mark in the gap between them.
//!
//! Rooms stand where the board's `at COL,ROW` puts them; on a board that
//! does not place every room, they stand in board order, row after row, as
//! many to a row as fit the width ([`is_placed`] tells which).
//!
//! Text is laid out by display width (a CJK character or an emoji takes two
//! columns), and what does not fit a box is cut with an ellipsis. With
//! colour on, each room's state and border take the colour of the state's
//! place in the rules' `room states` list, so any rules file is coloured.

use anstyle::{AnsiColor, Style as Look};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::Style;
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

/// Whether the board places every room (`at COL,ROW`); when it does not,
/// [`layout`] lays the rooms out itself.
pub fn is_placed(board: &Board) -> bool {
    board.rooms.iter().all(|r| r.position.is_some())
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

/// A text cut to `width` columns of display: cut with an ellipsis when it
/// is wider.
pub(super) fn fit(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// A room's name on up to two lines of `width` columns; the second ends
/// with an ellipsis when the name needs more.
pub(super) fn name_lines(name: &str, width: usize) -> Vec<String> {
    let lines = textwrap::wrap(name, width);
    lines
        .iter()
        .take(2)
        .enumerate()
        .map(|(k, line)| {
            if k == 1 && lines.len() > 2 {
                fit(&format!("{line} {}", lines[2]), width)
            } else {
                fit(line, width)
            }
        })
        .collect()
}

/// The colour of the `index`-th room state of any rules file.
fn state_look(index: usize) -> Look {
    const PALETTE: [AnsiColor; 6] = [
        AnsiColor::Green,
        AnsiColor::Blue,
        AnsiColor::Cyan,
        AnsiColor::Red,
        AnsiColor::Magenta,
        AnsiColor::Yellow,
    ];
    let look = Look::new().fg_color(Some(PALETTE[index % PALETTE.len()].into()));
    // Past the palette, the same colours again in bold.
    if index >= PALETTE.len() {
        look.bold()
    } else {
        look
    }
}

/// One column of the drawing: a character and its colour. The column after
/// a wide character holds `None`, since the character covers it.
#[derive(Clone, Copy)]
struct Cell {
    ch: Option<char>,
    look: Option<Look>,
}

/// A grid of display columns.
struct Canvas {
    lines: Vec<Vec<Cell>>,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Canvas {
        let blank = Cell {
            ch: Some(' '),
            look: None,
        };
        Canvas {
            lines: vec![vec![blank; width]; height],
        }
    }

    /// Writes `text` from column `x` of line `y`, each character taking its
    /// display width; what falls outside the grid is dropped.
    fn put(&mut self, x: usize, y: usize, text: &str, look: Option<Look>) {
        let Some(line) = self.lines.get_mut(y) else {
            return;
        };
        let mut at = x;
        for c in text.chars() {
            let w = c.width().unwrap_or(0);
            if w == 0 {
                continue;
            }
            if at + w > line.len() {
                break;
            }
            line[at] = Cell { ch: Some(c), look };
            for cell in &mut line[at + 1..at + w] {
                *cell = Cell { ch: None, look };
            }
            at += w;
        }
    }

    fn render(self, style: Style) -> String {
        let mut out = String::new();
        for line in self.lines {
            let mut text = String::new();
            let mut run = String::new();
            let mut run_look: Option<Look> = None;
            for cell in line {
                if cell.look != run_look {
                    text.push_str(&paint(style, run_look, &run));
                    run.clear();
                    run_look = cell.look;
                }
                if let Some(c) = cell.ch {
                    run.push(c);
                }
            }
            text.push_str(&paint(style, run_look, &run));
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out
    }
}

fn paint(style: Style, look: Option<Look>, text: &str) -> String {
    match look {
        Some(look) if !text.trim().is_empty() => style.paint(look, text),
        _ => text.to_string(),
    }
}

/// The ship drawn on a grid of characters, with a legend below it and the
/// hatches that join rooms whose boxes do not touch.
pub fn ship(board: &Board, view: &View<'_>, style: Style) -> String {
    let width = style.width;
    let places = layout(board, width);
    let columns = places.iter().map(|p| p.0 + 1).max().unwrap_or(0);
    let rows = places.iter().map(|p| p.1 + 1).max().unwrap_or(0);
    let canvas_width = (columns * (BOX_WIDTH + GAP_WIDTH)).saturating_sub(GAP_WIDTH);
    let canvas_height = (rows * (BOX_HEIGHT + GAP_HEIGHT)).saturating_sub(GAP_HEIGHT);
    let mut canvas = Canvas::new(canvas_width, canvas_height);
    let origin =
        |(c, r): (usize, usize)| (c * (BOX_WIDTH + GAP_WIDTH), r * (BOX_HEIGHT + GAP_HEIGHT));

    let rules = &board.rules;
    for (i, room) in board.rooms.iter().enumerate() {
        let id = RoomId(i as u32);
        let (x, y) = origin(places[i]);
        let state_index = view.rooms.get(i).map(|s| usize::from(s.0));
        let look = state_index.map(state_look);
        let border = format!("+{}+", "-".repeat(INNER));
        canvas.put(x, y, &border, look);
        canvas.put(x, y + BOX_HEIGHT - 1, &border, look);
        for dy in 1..BOX_HEIGHT - 1 {
            canvas.put(x, y + dy, "|", look);
            canvas.put(x + BOX_WIDTH - 1, y + dy, "|", look);
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
        let pad = INNER.saturating_sub(id_room.width() + marks.len());
        canvas.put(
            x + 1,
            y + 1,
            &format!("{id_room}{}{marks}", " ".repeat(pad)),
            None,
        );
        // The name, on up to two lines; the second ends with an ellipsis
        // when the name needs more.
        if let Some(name) = &room.name {
            for (k, line) in name_lines(name, INNER).iter().enumerate() {
                canvas.put(x + 1, y + 2 + k, line, None);
            }
        }
        let state = state_index
            .and_then(|s| rules.room_states.get(s))
            .map_or("?", String::as_str);
        canvas.put(x + 1, y + 4, &fit(state, INNER), look);
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
            canvas.put(x + BOX_WIDTH, y + 2, &mark, None);
        } else if left.0 == right.0 && left.1.abs_diff(right.1) == 1 {
            let top = if left.1 < right.1 { left } else { right };
            let (x, y) = origin(top);
            canvas.put(x + BOX_WIDTH / 2 - 1, y + BOX_HEIGHT, &mark, None);
        } else {
            let [a, b] = hatch.rooms.map(|r| board.room(r).id.as_str());
            elsewhere.push(format!("{a}-{b}{mark}"));
        }
    }

    let mut out = canvas.render(style);
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
