//! Outcomes as a table for a terminal: grouped by final room, one line per
//! outcome with its cost, what it changes, and its actions.

use anstyle::{AnsiColor, Style as Look};

use super::Style;
use crate::answer::{Answer, Told, Turn};
use crate::model::{Movement, RoomId};

/// The table of every outcome shown, grouped by final room.
pub fn outcomes(answer: &Answer<'_>, style: Style) -> String {
    let mut out = Vec::new();
    // Writing to a vector cannot fail.
    let _ = write_outcomes(answer, style, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// [`outcomes`], written to `out` an outcome at a time, each worked out as
/// it is written and forgotten after: a table of tens of thousands of
/// outcomes is written in the memory of one.
pub fn write_outcomes(
    answer: &Answer<'_>,
    style: Style,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let (outcomes, total) = (answer.outcomes(), answer.total);
    let counted = if outcomes.len() == total {
        super::count(total as u64, "outcome")
    } else {
        format!(
            "{} of {}",
            outcomes.len(),
            super::count(total as u64, "outcome")
        )
    };
    let board = &answer.turn.board;
    out.write_all(heading(answer.turn, &counted, style).as_bytes())?;
    // Numbered cheapest first, shown by final room: within a room the
    // numbers still rise, by cost then room states.
    let mut rows: Vec<&Told<'_>> = outcomes.iter().collect();
    rows.sort_by_key(|t| (t.outcome.room, t.number));
    let mut room: Option<RoomId> = None;
    for told in rows {
        let o = told.outcome;
        if room != Some(o.room) {
            room = Some(o.room);
            let heading = style.paint(HEADING, &format!("room {}", board.room(o.room).label()));
            write!(out, "\n{heading}\n")?;
        }
        out.write_all(outcome(&told.unworked(), false, style).as_bytes())?;
    }
    Ok(())
}

/// The first line of a listing: the board, the start, the rules, and
/// `what` (how many outcomes there are, or how they come).
pub fn heading(turn: &Turn, what: &str, style: Style) -> String {
    let (board, movement, start) = (&turn.board, &turn.movement, turn.start);
    let text = format!(
        "{}: start in room {}, rules {}{}, {what}",
        board.name,
        board.room(start).label(),
        movement.rules().name,
        holding(movement),
    );
    wrapped_heading(&text, style)
}

/// A heading wrapped to the width, as every line of a listing is, its
/// later lines indented by two spaces (how `hatchway test` reads it back);
/// names of rules and boards are not split at their hyphens.
pub(super) fn wrapped_heading(text: &str, style: Style) -> String {
    let options = textwrap::Options::new(style.width.max(40))
        .subsequent_indent("  ")
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .break_words(false);
    let mut out = String::new();
    for line in textwrap::wrap(text, options) {
        out.push_str(&style.paint(HEADING, &line));
        out.push('\n');
    }
    out
}

/// `, holding Grog` after the rules, for a turn with items.
pub(crate) fn holding(movement: &Movement) -> String {
    let held = movement.held();
    if held.is_empty() {
        String::new()
    } else {
        format!(", holding {}", movement.held_words())
    }
}

/// The lines of one outcome: its number, cost and actions, the rooms it
/// changes, and whether it is fatal (and what can save the gnome); with `in_room`, the actions are led by
/// the room it ends in, for a listing not grouped by room.
pub fn outcome(told: &Told<'_>, in_room: bool, style: Style) -> String {
    let board = &told.turn().board;
    let (number, o) = (told.number, told.outcome);
    let cost_look = Look::new().fg_color(Some(AnsiColor::Cyan.into())).bold();
    let change_look = Look::new().fg_color(Some(AnsiColor::Blue.into()));
    let width = style.width.max(40);
    let mut out = String::new();
    let lead = format!("{:>4}  {:>3} min  ", format!("#{number}"), o.cost.0);
    let indent = " ".repeat(lead.len());
    let mut actions: Vec<String> = if o.actions.is_empty() {
        vec!["stay".to_string()]
    } else {
        o.actions.iter().map(|&a| a.text(board)).collect()
    };
    if in_room && let Some(first) = actions.first_mut() {
        *first = format!("in room {}: {first}", board.room(o.room).label());
    }
    for (i, line) in wrap_items(&actions, lead.len(), indent.len(), width)
        .iter()
        .enumerate()
    {
        if i == 0 {
            out.push_str(&style.paint(cost_look, &lead));
        } else {
            out.push_str(&indent);
        }
        out.push_str(line);
        out.push('\n');
    }
    let items = super::changed_room_list(board, &o.rooms);
    if !items.is_empty() {
        let lead = format!("{indent}changes ");
        for (i, line) in wrap_items(&items, lead.len(), indent.len(), width)
            .iter()
            .enumerate()
        {
            let line = format!("{}{line}", if i == 0 { &lead } else { &indent });
            out.push_str(&style.paint(change_look, &line));
            out.push('\n');
        }
    }
    if told.verdict().fatal {
        out.push_str(&super::fixit::verdict_lines(told, "", &indent, style));
    }
    out
}

/// How headings look.
const HEADING: Look = Look::new().bold();

/// `items` separated by `, ` in lines that fit `width` columns after a lead
/// of `first` columns on the first line and `rest` on the others, broken
/// only between items: an item such as `open 1-2` is never split, and one
/// wider than a line has a line of its own.
pub(crate) fn wrap_items(items: &[String], first: usize, rest: usize, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = first;
    for (i, item) in items.iter().enumerate() {
        let comma = if i + 1 < items.len() { "," } else { "" };
        let wide = textwrap::core::display_width(item) + comma.len();
        if !line.is_empty() && used + 1 + wide > width {
            lines.push(std::mem::take(&mut line));
            used = rest;
        }
        if !line.is_empty() {
            line.push(' ');
            used += 1;
        }
        line.push_str(item);
        line.push_str(comma);
        used += wide;
    }
    lines.push(line);
    lines
}
