//! Outcomes as step-by-step action logs: what each action costs, what it
//! changes, and the ship after it.

use anstyle::{AnsiColor, Style as Look};

use super::{Style, draw};
use crate::answer::{Answer, Refused, Told};
use crate::model::{Board, Movement, RoomId, Rules, StateId};
use crate::outcome::{Action, Outcome};
use crate::referee::{Change, Ship, Step};

/// Short codes for room states, for the one-line ship view: the initials of
/// the words of each name (`low_flood` -> `lf`), lengthened where two would
/// be the same.
pub fn state_codes(rules: &Rules) -> Vec<String> {
    let initials = |name: &str| -> String {
        name.split(['_', '-'])
            .filter_map(|w| w.chars().next())
            .collect::<String>()
            .to_lowercase()
    };
    let mut codes: Vec<String> = rules.room_states.iter().map(|n| initials(n)).collect();
    for i in 0..codes.len() {
        let clash = codes
            .iter()
            .enumerate()
            .any(|(j, c)| j != i && *c == codes[i]);
        if clash || codes[i].is_empty() {
            codes[i] = rules.room_states[i].clone();
        }
    }
    codes
}

/// The legend of the state codes: `c clear, lf low_flood, ...`.
pub fn legend(rules: &Rules) -> String {
    state_codes(rules)
        .iter()
        .zip(&rules.room_states)
        .map(|(c, n)| format!("{c} {}", rules.say(n)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How a room is called in a log: `4 (Reactor Room)`.
pub fn room_name(board: &Board, room: RoomId) -> String {
    board.room(room).label()
}

/// One action in words, with display names.
pub fn action_words(board: &Board, action: Action) -> String {
    match action {
        Action::Open(h) => format!("open hatch {}", board.hatch_label(h)),
        Action::Move(r) => format!("move to room {}", room_name(board, r)),
    }
}

/// What water did to one room in a step: `flow: room 2 clear ->
/// low_flood`.
pub fn flow_words(board: &Board, change: &Change) -> String {
    let name = |s: StateId| board.rules.say_room_state(s);
    format!(
        "flow: room {} {} -> {}",
        room_name(board, change.room),
        name(change.before),
        name(change.after)
    )
}

/// The ship in one line: every room as `id:code`, the player's room marked
/// with `@`, rooms that just changed with `*`.
pub fn ship_line(
    board: &Board,
    codes: &[String],
    rooms: &[StateId],
    position: RoomId,
    changed: &[RoomId],
    style: Style,
) -> String {
    let player = Look::new().fg_color(Some(AnsiColor::Green.into())).bold();
    let change = Look::new().fg_color(Some(AnsiColor::Yellow.into())).bold();
    let mut cells = Vec::new();
    for (i, (room, state)) in board.rooms.iter().zip(rooms).enumerate() {
        let id = RoomId(i as u32);
        let code = codes.get(usize::from(state.0)).map_or("?", String::as_str);
        let here = id == position;
        let moved = changed.contains(&id);
        let text = format!(
            "{}{}:{}{}",
            if here { "@" } else { "" },
            room.id,
            code,
            if moved { "*" } else { "" }
        );
        cells.push((text, here, moved));
    }
    // Wrap by the plain width, then paint, so that colour codes do not
    // count towards the width.
    let indent = "        ";
    let mut lines: Vec<Vec<String>> = vec![Vec::new()];
    let mut used = indent.len() + 5;
    for (text, here, moved) in cells {
        let w = text.chars().count() + 1;
        if used + w > style.width.max(40) && !lines.last().is_some_and(Vec::is_empty) {
            lines.push(Vec::new());
            used = indent.len() + 5;
        }
        used += w;
        let painted = if here {
            style.paint(player, &text)
        } else if moved {
            style.paint(change, &text)
        } else {
            text
        };
        if let Some(line) = lines.last_mut() {
            line.push(painted);
        }
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, cells)| {
            let lead = if i == 0 {
                format!("{indent}ship ")
            } else {
                format!("{indent}     ")
            };
            format!("{lead}{}\n", cells.join(" "))
        })
        .collect()
}

/// The changes an outcome makes, in words: `1 low_flood, 2 low_flood`.
pub fn changes_words(board: &Board, rooms: &[StateId]) -> String {
    match super::changed_rooms(board, rooms) {
        Some(list) => format!("changes {list}"),
        None => "no room changes".to_string(),
    }
}

/// The log of one path: the start, then every step with its cost, running
/// total, effects and the ship after it.
///
/// With `pictures`, the ship is drawn (as `hatchway draw` draws it) at the
/// start and after every step, with what the step changed marked, instead
/// of in one line; the legend is the preamble's.
///
/// `ships` are the ship before the first step and after each step, as the
/// referee played them (one more than `steps`).
pub fn steps_log(
    board: &Board,
    movement: &Movement,
    steps: &[Step],
    ships: &[Ship],
    style: Style,
    pictures: bool,
) -> String {
    let Some((first, after)) = ships.split_first() else {
        return String::new();
    };
    let start = first.position;
    let rules = movement.rules();
    let codes = state_codes(rules);
    let number = Look::new().bold();
    let dim = Look::new().fg_color(Some(AnsiColor::BrightBlack.into()));
    let effect = Look::new().fg_color(Some(AnsiColor::Blue.into()));
    let mut out = String::new();
    out.push_str(&format!(
        "  {}  start in room {}\n",
        style.paint(number, &format!("{:>3}", 0)),
        room_name(board, start)
    ));
    let picture = |i: usize| {
        draw::walked(board, &ships[..=i], &steps[..i], style.width)
            .map_or_else(String::new, |p| p.text(style))
    };
    if pictures {
        out.push_str(&picture(0));
    } else {
        out.push_str(&ship_line(
            board,
            &codes,
            &first.rooms,
            first.position,
            &[],
            style,
        ));
    }
    let width = style.width.max(40);
    for (i, (step, ship)) in steps.iter().zip(after).enumerate() {
        let words = action_words(board, step.action);
        let cost = format!("+{} min, total {}", step.cost.0, step.total.0);
        let room = width.saturating_sub(8 + cost.len() + 1);
        let pad = room.saturating_sub(words.chars().count()).max(1);
        out.push_str(&format!(
            "  {}  {words}{}{}\n",
            style.paint(number, &format!("{:>3}", i + 1)),
            " ".repeat(pad),
            style.paint(dim, &cost)
        ));
        for c in &step.changes {
            let line = flow_words(board, c);
            out.push_str(&format!("        {}\n", style.paint(effect, &line)));
        }
        let changed: Vec<RoomId> = step.changes.iter().map(|c| c.room).collect();
        if pictures {
            out.push_str(&picture(i + 1));
        } else {
            out.push_str(&ship_line(
                board,
                &codes,
                &ship.rooms,
                ship.position,
                &changed,
                style,
            ));
        }
    }
    out
}

/// The header of an outcome: where it ends, its cost and what it changes.
pub fn outcome_header(
    board: &Board,
    number: usize,
    total: usize,
    outcome: &Outcome,
    style: Style,
) -> String {
    let heading = Look::new().bold();
    // Each change (`5 low_flood`) is held together by a no-break space
    // while the line is wrapped, so that lines break between changes.
    let changes = super::changed_room_list(board, &outcome.rooms);
    let changes = if changes.is_empty() {
        "no room changes".to_string()
    } else {
        format!(
            "changes {}",
            changes
                .join(", ")
                .replace(' ', "\u{a0}")
                .replace(",\u{a0}", ", ")
        )
    };
    let text = format!(
        "outcome {number} of {total}: ends in room {}, {} min, {changes}",
        room_name(board, outcome.room),
        outcome.cost.0,
    );
    // Names of rules and boards are not split at their hyphens.
    let options = textwrap::Options::new(style.width.max(40))
        .subsequent_indent("  ")
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .break_words(false);
    textwrap::wrap(&text, options)
        .iter()
        .map(|l| format!("{}\n", style.paint(heading, &l.replace('\u{a0}', " "))))
        .collect()
}

/// The opening lines of a replay: the board, the start and the legend of
/// the ship's one-line codes, or with `pictures` of its pictures' marks.
pub fn preamble(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    count: usize,
    style: Style,
    pictures: bool,
) -> String {
    let rules = movement.rules();
    let held = movement.held();
    let header = format!(
        "{}: start in room {}, rules {}{}, {}",
        board.name,
        room_name(board, start),
        rules.name,
        if held.is_empty() {
            String::new()
        } else {
            format!(" with {}", movement.held_words())
        },
        super::count(count as u64, "outcome")
    );
    let mut out = super::table::wrapped_heading(&header, style);
    out.push_str(&legend_lines(rules, style, pictures));
    out
}

/// The legend of a log's ship: of its one-line codes, or with `pictures`
/// of its pictures' marks.
pub fn legend_lines(rules: &Rules, style: Style, pictures: bool) -> String {
    let dim = Look::new().fg_color(Some(AnsiColor::BrightBlack.into()));
    let legend = if pictures {
        draw::legend(rules, true, true)
    } else {
        format!(
            "rooms as id:state ({}); @ player, * just changed",
            legend(rules)
        )
    };
    let mut out = String::new();
    for line in textwrap::wrap(&legend, style.width.max(40)) {
        out.push_str(&style.paint(dim, &line));
        out.push('\n');
    }
    out
}

/// The whole replay of a turn, as `hatchway replay` prints it: the
/// preamble, then each outcome shown (numbered among all) with its header,
/// the log of its path, its verdict and what the gnome can do after it.
pub fn turn_log(answer: &Answer<'_>, style: Style, pictures: bool) -> Result<String, Refused> {
    let turn = answer.turn;
    let (board, movement) = (&turn.board, &turn.movement);
    let total = answer.total;
    let mut out = preamble(board, movement, turn.start, total, style, pictures);
    for told in answer.outcomes() {
        let o = told.outcome;
        out.push('\n');
        out.push_str(&outcome_header(board, told.number, total, o, style));
        let steps = &told.replay().map_err(Refused::clone)?.steps;
        let ships = told.ships().map_err(Refused::clone)?;
        out.push_str(&steps_log(board, movement, steps, ships, style, pictures));
        out.push_str(&verdict_lines(told, style));
        out.push_str(&super::fixit::after_the_move(told, style));
    }
    Ok(out)
}

/// Whether the gnome left where `told` ends lives through the end of the
/// turn, the consequence first: `left in room 1 (Engine Room): he dies if
/// he stays and does nothing: ...`, then what saves him, with its odds
/// ([`super::fixit::verdict_lines`]). Nothing under rules without `end` rules,
/// so that such rules log as they always have.
pub fn verdict_lines(told: &Told<'_>, style: Style) -> String {
    super::fixit::verdict_lines(told, &left_in(told), "", style)
}

/// The consequence alone, `left in room 1 (Engine Room): he dies if he
/// stays and does nothing: room 1 has fire`, for a log that goes on with
/// the fix-it the player chose. Empty under rules without `end` rules.
pub fn consequence_line(told: &Told<'_>, style: Style) -> String {
    super::survival::consequence(told, style.explain).map_or_else(String::new, |c| {
        super::fixit::wrapped(&format!("{}{c}", left_in(told)), "", false, style)
    })
}

/// `left in room 1 (Engine Room): `, the lead of a verdict in a log.
fn left_in(told: &Told<'_>) -> String {
    format!(
        "left in room {}: ",
        room_name(&told.turn().board, told.outcome.room)
    )
}
