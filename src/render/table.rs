//! Outcomes as a table for a terminal: grouped by final room, one line per
//! outcome with its cost, what it changes, and its actions.

use anstyle::{AnsiColor, Style as Look};

use super::Style;
use crate::model::{Board, Movement, RoomId};
use crate::outcome::{Action, Outcome};
use crate::referee::hatch_label;

/// How an action reads in one line: `open 1-2`, `move 2`.
pub fn action_text(board: &Board, action: Action) -> String {
    match action {
        Action::Open(h) => format!("open {}", hatch_label(board, h)),
        Action::Move(r) => format!("move {}", board.room(r).id),
    }
}

/// The table of every outcome, grouped by final room.
pub fn outcomes(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    outcomes: &[(usize, Outcome)],
    total: usize,
    style: Style,
) -> String {
    let heading = Look::new().bold();
    let cost_look = Look::new().fg_color(Some(AnsiColor::Cyan.into())).bold();
    let change_look = Look::new().fg_color(Some(AnsiColor::Blue.into()));
    let mut out = String::new();
    let count = total;
    out.push_str(&style.paint(
        heading,
        &format!(
            "{}: start in room {}, rules {}, {}",
            board.name,
            board.room(start).label(),
            movement.rules().name,
            super::count(count as u64, "outcome")
        ),
    ));
    out.push('\n');
    let width = style.width.max(40);
    let mut room: Option<RoomId> = None;
    for (number, o) in outcomes {
        if room != Some(o.room) {
            room = Some(o.room);
            out.push('\n');
            out.push_str(&style.paint(heading, &format!("room {}", board.room(o.room).label())));
            out.push('\n');
        }
        let lead = format!("{:>4}  {:>3} min  ", format!("#{number}"), o.cost.0);
        let actions = if o.actions.is_empty() {
            "stay".to_string()
        } else {
            o.actions
                .iter()
                .map(|&a| action_text(board, a))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let indent = " ".repeat(lead.len());
        let options = textwrap::Options::new(width).subsequent_indent(&indent);
        let wrapped = textwrap::wrap(&actions, options.initial_indent(&indent));
        for (i, line) in wrapped.iter().enumerate() {
            if i == 0 {
                out.push_str(&style.paint(cost_look, &lead));
                out.push_str(line.trim_start());
            } else {
                out.push_str(line);
            }
            out.push('\n');
        }
        if let Some(changes) = super::changed_rooms(board, &o.rooms) {
            let text = format!("{indent}changes {changes}");
            for line in textwrap::wrap(
                &text,
                textwrap::Options::new(width).subsequent_indent(&indent),
            ) {
                out.push_str(&style.paint(change_look, &line));
                out.push('\n');
            }
        }
    }
    out
}
