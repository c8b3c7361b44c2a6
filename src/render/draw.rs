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
use crate::model::{Board, HatchId, HatchStateId, RoomId, Rules, StateId};
use crate::outcome::Action;
use crate::referee::{Ship, Step};

/// Columns of a box, borders included.
const BOX_WIDTH: usize = 13;
/// Lines of a box, borders included: the top border carries the room's id
/// and marks, the bottom border its state, so two lines are left for its
/// name.
const BOX_HEIGHT: usize = 4;
/// Columns between two boxes side by side (a hatch mark fills them).
const GAP_WIDTH: usize = 3;
/// Lines between two rows of boxes.
const GAP_HEIGHT: usize = 1;
/// What fits inside a box.
const INNER: usize = BOX_WIDTH - 2;

/// What to show on the ship: the states of its rooms and hatches, where the
/// player is, the rooms a path went through, and what the step just taken
/// did.
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
    /// The step just taken, whose effects are marked: the action, the
    /// room the player took it from and the rooms whose state it changed.
    pub step: Option<Stepped<'a>>,
}

/// A step whose effects a picture marks.
#[derive(Clone, Copy, Debug)]
pub struct Stepped<'a> {
    /// What the player did.
    pub action: Action,
    /// Where he stood when he did it.
    pub from: RoomId,
    /// The rooms whose state it changed.
    pub changed: &'a [RoomId],
}

impl<'a> View<'a> {
    /// The ship as it stands, with nothing marked but the player.
    pub fn of(ship: &'a Ship) -> View<'a> {
        View {
            rooms: &ship.rooms,
            hatches: &ship.hatches,
            player: ship.position,
            path: &[],
            step: None,
        }
    }

    /// Whether a room's state changed at the step shown.
    fn changed(&self, room: RoomId) -> bool {
        self.step.is_some_and(|s| s.changed.contains(&room))
    }

    /// The hatch the step shown opened, if it opened one.
    fn opened(&self) -> Option<HatchId> {
        match self.step?.action {
            Action::Open(h) => Some(h),
            Action::Move(_) => None,
        }
    }
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
        let per_row = boxes_across(width);
        (0..board.rooms.len())
            .map(|i| (i % per_row, i / per_row))
            .collect()
    })
}

/// How many boxes fit side by side in `width` columns (at least one).
fn boxes_across(width: usize) -> usize {
    ((width + GAP_WIDTH) / (BOX_WIDTH + GAP_WIDTH)).max(1)
}

/// Each room's place (column, row) in at most `most` columns: [`layout`]'s
/// places (unplaced boards in rows of `layout_width` columns) when they
/// fit; turned a quarter (columns for rows) when that fits; otherwise the
/// rooms in reading order (by the board's rows, then columns) in rows of
/// `most`.
pub fn arrange(board: &Board, layout_width: usize, most: usize) -> Vec<(usize, usize)> {
    let placed = layout(board, layout_width);
    let most = most.max(1);
    let columns = placed.iter().map(|p| p.0 + 1).max().unwrap_or(1);
    let rows = placed.iter().map(|p| p.1 + 1).max().unwrap_or(1);
    if columns <= most {
        return placed;
    }
    if rows <= most {
        return placed.iter().map(|&(c, r)| (r, c)).collect();
    }
    let mut order: Vec<usize> = (0..placed.len()).collect();
    order.sort_by_key(|&i| (placed[i].1, placed[i].0, i));
    let mut places = vec![(0, 0); placed.len()];
    for (k, i) in order.into_iter().enumerate() {
        places[i] = (k % most, k / most);
    }
    places
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
pub(crate) fn fit(text: &str, width: usize) -> String {
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

/// What a part of the picture shows, which decides its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// A room's border and state, by the state's place in the rules'
    /// `room states` list, so that any rules file is coloured.
    State(usize),
    /// What the step shown changed: a room's state, the hatch it opened.
    Changed,
    /// The player, and the hatch he just walked through.
    Player,
}

impl Ink {
    /// The terminal colour of this ink.
    pub fn look(self) -> Look {
        const PALETTE: [AnsiColor; 6] = [
            AnsiColor::Green,
            AnsiColor::Blue,
            AnsiColor::Cyan,
            AnsiColor::Red,
            AnsiColor::Magenta,
            AnsiColor::Yellow,
        ];
        match self {
            Ink::State(index) => {
                let look = Look::new().fg_color(Some(PALETTE[index % PALETTE.len()].into()));
                // Past the palette, the same colours again in bold.
                if index >= PALETTE.len() {
                    look.bold()
                } else {
                    look
                }
            }
            Ink::Changed => Look::new()
                .fg_color(Some(AnsiColor::Yellow.into()))
                .bold()
                .underline(),
            Ink::Player => Look::new()
                .fg_color(Some(AnsiColor::BrightGreen.into()))
                .bold(),
        }
    }
}

/// One column of the drawing: a character and its ink. The column after
/// a wide character holds `None`, since the character covers it.
#[derive(Clone, Copy)]
struct Cell {
    ch: Option<char>,
    ink: Option<Ink>,
}

/// The ship drawn on a grid of display columns, for the terminal: the
/// text log paints it with [`Ink::look`], the interactive view with its own
/// styles.
pub struct Picture {
    lines: Vec<Vec<Cell>>,
    /// Hatches between boxes that do not touch, as `2-3[c]`.
    pub elsewhere: Vec<String>,
}

impl Picture {
    fn new(width: usize, height: usize) -> Picture {
        let blank = Cell {
            ch: Some(' '),
            ink: None,
        };
        Picture {
            lines: vec![vec![blank; width]; height],
            elsewhere: Vec::new(),
        }
    }

    /// Writes `text` from column `x` of line `y`, each character taking its
    /// display width; what falls outside the grid is dropped.
    fn put(&mut self, x: usize, y: usize, text: &str, ink: Option<Ink>) {
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
            line[at] = Cell { ch: Some(c), ink };
            for cell in &mut line[at + 1..at + w] {
                *cell = Cell { ch: None, ink };
            }
            at += w;
        }
    }

    /// Each line as runs of text in one ink, blanks at the end dropped.
    pub fn runs(&self) -> Vec<Vec<(String, Option<Ink>)>> {
        self.lines
            .iter()
            .map(|line| {
                let mut runs: Vec<(String, Option<Ink>)> = Vec::new();
                for cell in line {
                    let Some(c) = cell.ch else { continue };
                    match runs.last_mut() {
                        Some((text, ink)) if *ink == cell.ink || c == ' ' => text.push(c),
                        _ => runs.push((c.to_string(), cell.ink)),
                    }
                }
                if let Some((text, _)) = runs.last_mut() {
                    let kept = text.trim_end().len();
                    text.truncate(kept);
                }
                runs.retain(|(text, _)| !text.is_empty());
                runs
            })
            .collect()
    }

    /// The picture as text, painted when `style` has colour, with the
    /// hatches it could not draw listed below it.
    pub fn text(&self, style: Style) -> String {
        let mut out = String::new();
        for line in self.runs() {
            for (text, ink) in line {
                match ink {
                    Some(ink) if !text.trim().is_empty() => {
                        out.push_str(&style.paint(ink.look(), &text));
                    }
                    _ => out.push_str(&text),
                }
            }
            out.push('\n');
        }
        if !self.elsewhere.is_empty() {
            let note = format!(
                "hatches between boxes that do not touch: {}",
                self.elsewhere.join(", ")
            );
            for line in textwrap::wrap(&note, style.width.max(20)) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out
    }
}

/// The ship as a [`Picture`] at most `width` columns wide (when a box
/// fits): boxes where the board places them, turned or reflowed when they
/// do not fit (see [`arrange`]), the player, the path and the step's
/// effects marked.
///
/// One function of some 130 lines: the rooms' boxes, then the hatches'
/// marks in the gaps between them, on one canvas whose places both layers
/// read; the mark of each hatch depends on which gaps and corners the
/// others took.
pub fn picture(board: &Board, view: &View<'_>, width: usize) -> Picture {
    let places = arrange(board, width, boxes_across(width));
    let columns = places.iter().map(|p| p.0 + 1).max().unwrap_or(0);
    let rows = places.iter().map(|p| p.1 + 1).max().unwrap_or(0);
    let canvas_width = (columns * (BOX_WIDTH + GAP_WIDTH)).saturating_sub(GAP_WIDTH);
    let canvas_height = (rows * (BOX_HEIGHT + GAP_HEIGHT)).saturating_sub(GAP_HEIGHT);
    let mut canvas = Picture::new(canvas_width, canvas_height);
    let origin =
        |(c, r): (usize, usize)| (c * (BOX_WIDTH + GAP_WIDTH), r * (BOX_HEIGHT + GAP_HEIGHT));

    let rules = &board.rules;
    for (i, room) in board.rooms.iter().enumerate() {
        let id = RoomId(i as u32);
        let (x, y) = origin(places[i]);
        let state_index = view.rooms.get(i).map(|s| usize::from(s.0));
        let ink = state_index.map(Ink::State);
        // The top border: the id, then `(n)` for the n-th room of the path
        // (0 is where it starts) and `@` for the player.
        let path_mark = view
            .path
            .iter()
            .position(|&r| r == id)
            .map(|n| format!("({n})"))
            .unwrap_or_default();
        let player_mark = if view.player == id { "@" } else { "" };
        let marks_width = path_mark.len() + player_mark.len();
        let id_text = fit(&room.id, INNER.saturating_sub(marks_width + 1).max(1));
        let dashes = INNER.saturating_sub(id_text.width() + marks_width);
        canvas.put(x, y, "+", ink);
        canvas.put(x + 1, y, &id_text, None);
        let mut at = x + 1 + id_text.width();
        canvas.put(at, y, &"-".repeat(dashes), ink);
        at += dashes;
        canvas.put(at, y, &path_mark, None);
        canvas.put(at + path_mark.len(), y, player_mark, Some(Ink::Player));
        canvas.put(x + BOX_WIDTH - 1, y, "+", ink);
        for dy in 1..BOX_HEIGHT - 1 {
            canvas.put(x, y + dy, "|", ink);
            canvas.put(x + BOX_WIDTH - 1, y + dy, "|", ink);
        }
        if let Some(name) = &room.name {
            for (k, line) in name_lines(name, INNER).iter().enumerate() {
                canvas.put(x + 1, y + 1 + k, line, None);
            }
        }
        // The bottom border: the state in the rules' words, `*` when the
        // step shown changed it.
        let changed = view.changed(id);
        let state = state_index.map_or_else(
            || "?".to_string(),
            |s| rules.say_room_state(StateId(s as u8)).into_owned(),
        );
        let state = fit(&state, INNER - usize::from(changed));
        let bottom = y + BOX_HEIGHT - 1;
        canvas.put(x, bottom, &format!("+{}+", "-".repeat(INNER)), ink);
        let state_ink = if changed { Some(Ink::Changed) } else { ink };
        canvas.put(x + 1, bottom, &state, state_ink);
        if changed {
            canvas.put(x + 1 + state.width(), bottom, "*", Some(Ink::Changed));
        }
    }

    let codes = hatch_codes(&rules.hatch_states);
    let opened = view.opened();
    // The hatch walked through at the step shown, with the rooms it went
    // from and to.
    let crossed = view.step.and_then(|s| match s.action {
        Action::Move(to) => board.hatch_between(s.from, to).map(|h| (h, s.from, to)),
        Action::Open(_) => None,
    });
    let mut corners_used = Vec::new();
    for (h, hatch) in board.hatches.iter().enumerate() {
        let hatch_id = HatchId(h as u32);
        let code = view
            .hatches
            .get(h)
            .and_then(|s| codes.get(usize::from(s.0)))
            .copied()
            .unwrap_or('?');
        let [a, b] = hatch.rooms.map(|r| places[r.index()]);
        let (left, right) = if a <= b { (a, b) } else { (b, a) };
        let beside = left.1 == right.1 && left.0 + 1 == right.0;
        let above = left.0 == right.0 && left.1.abs_diff(right.1) == 1;
        let diagonal = left.0 + 1 == right.0 && left.1.abs_diff(right.1) == 1;
        // Where the mark stands: in the gap beside, below, or at the
        // crossing of the gaps between four boxes.
        let at = if beside {
            let (x, y) = origin(left);
            Some((x + BOX_WIDTH, y + 1))
        } else if above {
            let (x, y) = origin((left.0, left.1.min(right.1)));
            Some((x + BOX_WIDTH / 2 - 1, y + BOX_HEIGHT))
        } else if diagonal && !corners_used.contains(&(left.0, left.1.min(right.1))) {
            let corner = (left.0, left.1.min(right.1));
            corners_used.push(corner);
            let (x, y) = origin(corner);
            Some((x + BOX_WIDTH, y + BOX_HEIGHT))
        } else {
            None
        };
        let (mark, ink) = if opened == Some(hatch_id) {
            (format!("*{code}*"), Some(Ink::Changed))
        } else if let Some((_, from, to)) = crossed.filter(|c| c.0 == hatch_id) {
            let (f, t) = (places[from.index()], places[to.index()]);
            let arrow = if f.0 < t.0 {
                '>'
            } else if f.0 > t.0 {
                '<'
            } else if f.1 < t.1 {
                'v'
            } else {
                '^'
            };
            (format!("{arrow}{code}{arrow}"), Some(Ink::Player))
        } else if diagonal && at.is_some() {
            let slash = if left.1 < right.1 { '\\' } else { '/' };
            (format!("{slash}{code}{slash}"), None)
        } else {
            (format!("[{code}]"), None)
        };
        match at {
            Some((x, y)) => canvas.put(x, y, &mark, ink),
            None => {
                let [a, b] = hatch.rooms.map(|r| board.room(r).id.as_str());
                canvas.elsewhere.push(format!("{a}-{b}{mark}"));
            }
        }
    }
    canvas
}

/// The ship after the last of `steps` (after none: at the start), as a
/// [`Picture`] `width` columns wide: the rooms the steps entered numbered,
/// the player, and what the last step changed marked. `ships` are the ship
/// before the first step and after each (one more than `steps`).
pub fn walked(board: &Board, ships: &[Ship], steps: &[Step], width: usize) -> Option<Picture> {
    let (first, last) = (ships.first()?, ships.last()?);
    let mut entered = vec![first.position];
    entered.extend(steps.iter().filter_map(|s| match s.action {
        Action::Move(r) => Some(r),
        Action::Open(_) => None,
    }));
    let changed: Vec<RoomId>;
    let mut view = View {
        path: &entered,
        ..View::of(last)
    };
    if let (Some(taken), Some(before)) = (steps.last(), ships.len().checked_sub(2)) {
        changed = taken.changes.iter().map(|c| c.room).collect();
        view.step = Some(Stepped {
            action: taken.action,
            from: ships[before].position,
            changed: &changed,
        });
    }
    Some(picture(board, &view, width))
}

/// What the marks of a picture mean: the hatch codes of `rules`, the
/// player, and, when shown, the path's rooms and a step's effects.
pub fn legend(rules: &Rules, path: bool, step: bool) -> String {
    let codes = hatch_codes(&rules.hatch_states)
        .iter()
        .zip(&rules.hatch_states)
        .map(|(c, n)| format!("[{c}] {}", rules.say(n)))
        .collect::<Vec<_>>()
        .join(", ");
    let mut marks = "@ the player".to_string();
    if path {
        marks.push_str(", (n) the n-th room entered");
    }
    if step {
        marks.push_str(", * changed by the step, *o* just opened, >o> just walked through");
    }
    format!("hatches: {codes}, /c/ \\c\\ corner to corner; {marks}")
}

/// What every mark a picture can draw means, one entry a mark, for the
/// full-screen views' help: a box and its borders, each hatch code of
/// `rules`, the hatches drawn corner to corner, the player, the path's
/// rooms and a step's effects.
pub fn legend_lines(rules: &Rules) -> Vec<String> {
    let mut lines = vec![
        "+id-------+  a room: its id on the top border, its name inside, its state on the bottom border".to_string(),
    ];
    lines.extend(
        hatch_codes(&rules.hatch_states)
            .iter()
            .zip(&rules.hatch_states)
            .map(|(c, n)| format!("[{c}]  a hatch that is {}", rules.say(n))),
    );
    lines.extend([
        "/c/ \\c\\  a hatch between boxes that meet corner to corner".to_string(),
        "@  the player's room".to_string(),
        "(n)  the n-th room the path entered, (0) where it starts".to_string(),
        "*  after a state: the step shown changed it".to_string(),
        "*c*  the hatch the step shown opened".to_string(),
        ">c> <c< vcv ^c^  the hatch the step shown walked through, pointing the way".to_string(),
        "hatches between boxes that do not touch are listed under the picture".to_string(),
    ]);
    lines
}

/// The ship drawn on a grid of characters as `hatchway draw` prints it,
/// with the hatches that join rooms whose boxes do not touch, and the
/// legend below it.
pub fn ship(board: &Board, view: &View<'_>, style: Style) -> String {
    let mut out = picture(board, view, style.width).text(style);
    out.push('\n');
    let legend = legend(&board.rules, !view.path.is_empty(), view.step.is_some());
    for line in textwrap::wrap(&legend, style.width.max(20)) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}
