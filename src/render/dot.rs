//! The ship as a Graphviz DOT graph: rooms as boxes filled by their state,
//! hatches as lines drawn by theirs, and optionally one path drawn on top.
//!
//! Like the engine, this knows no state by name: colours and line styles
//! come from fixed palettes indexed by state id, so a variant's states get
//! their own looks without any change here, and a legend tells which is
//! which.
//!
//! When the board places every room (`at COL,ROW`), each room's node is
//! pinned to its place (`pos`) and the graph asks for Graphviz's `neato`
//! layout, which keeps pinned nodes where they are: `dot -Tsvg` and
//! `neato -n -Tsvg` then draw the ship as the board lays it out.

use unicode_width::UnicodeWidthStr;

use super::{draw, escape};
use crate::model::{Board, HatchId, RoomId, Rules, StateId};
use crate::outcome::Action;
use crate::referee::{Ship, Step};

/// Fill colours of rooms, by room state id (a rules file declares at most
/// 16 room states). Light colours, so that the black text stays readable.
pub const ROOM_FILLS: [&str; 16] = [
    "#ffffff", "#c6e2ff", "#6fa8dc", "#ffab91", "#a5d6a7", "#fff59d", "#ce93d8", "#b0bec5",
    "#ffe0b2", "#80cbc4", "#f48fb1", "#e6ee9c", "#bcaaa4", "#90caf9", "#ffcc80", "#e0e0e0",
];

/// Line styles of hatches, by hatch state id (cycled).
pub const HATCH_STYLES: [&str; 4] = ["solid", "dashed", "dotted", "bold"];

/// Line colours of hatches, by hatch state id divided by the number of
/// styles, with their names for the legend: states 0 to 3 are grey, 4 to 7
/// blue, and so on.
pub const HATCH_COLOURS: [(&str, &str); 4] = [
    ("#404040", "grey"),
    ("#1f77b4", "blue"),
    ("#2ca02c", "green"),
    ("#9467bd", "purple"),
];

/// Points between two columns of a placed board, at least.
const MIN_COLUMN_POINTS: i64 = 150;

/// Points between two rows of a placed board: room for a box of three
/// lines and the step labels of a hatch between rows.
const ROW_POINTS: i64 = 120;

/// The colour of a path: the hatches it goes through and the room it ends
/// in.
pub const PATH_COLOUR: &str = "#d62728";

/// The colour of hatches a path opens without going through them.
pub const OPENED_COLOUR: &str = "#ff7f0e";

/// A path to draw over the ship: its steps as the referee played them, and
/// the ship at its end.
#[derive(Clone, Copy, Debug)]
pub struct Walk<'a> {
    /// What the path is, for the title: `outcome 3 of 10`, `planned path`.
    pub title: &'a str,
    /// Every step, in order.
    pub steps: &'a [Step],
    /// The ship after the last step.
    pub end: &'a Ship,
}

/// The fill of a room state.
pub fn room_fill(state: StateId) -> &'static str {
    ROOM_FILLS[usize::from(state.0) % ROOM_FILLS.len()]
}

/// The line style and colour of a hatch state.
pub fn hatch_line(state: crate::model::HatchStateId) -> (&'static str, &'static str) {
    let i = usize::from(state.0);
    (
        HATCH_STYLES[i % HATCH_STYLES.len()],
        HATCH_COLOURS[(i / HATCH_STYLES.len()) % HATCH_COLOURS.len()].0,
    )
}

/// The legend: a box per room state with its fill, each hatch state's line
/// in words, and the marks of the start and of a path; with a place (its
/// centre across, its top), pinned there.
fn legend(rules: &Rules, walk: bool, place: Option<(i64, i64)>) -> String {
    // One table row a line, so that the graph reads (and diffs) well.
    let mut rows: Vec<String> = vec!["<tr><td colspan=\"2\"><b>rooms</b></td></tr>".to_string()];
    for (i, name) in rules.room_states.iter().enumerate() {
        let fill = room_fill(StateId(i as u8));
        rows.push(format!(
            "<tr><td bgcolor=\"{fill}\" width=\"20\"></td><td align=\"left\">{}</td></tr>",
            escape::dot_html(&rules.say(name))
        ));
    }
    rows.push("<tr><td colspan=\"2\"><b>hatches</b></td></tr>".to_string());
    for (i, name) in rules.hatch_states.iter().enumerate() {
        let style = HATCH_STYLES[i % HATCH_STYLES.len()];
        let colour = i / HATCH_STYLES.len() % HATCH_COLOURS.len();
        let look = if colour == 0 {
            style.to_string()
        } else {
            format!("{style} {}", HATCH_COLOURS[colour].1)
        };
        rows.push(format!(
            "<tr><td>{look}</td><td align=\"left\">{}</td></tr>",
            escape::dot_html(&rules.say(name))
        ));
    }
    rows.push("<tr><td colspan=\"2\"><b>marks</b></td></tr>".to_string());
    rows.push("<tr><td>double border</td><td align=\"left\">start room</td></tr>".to_string());
    if walk {
        for (colour, look, meaning) in [
            (PATH_COLOUR, "red border", "where the path ends"),
            (
                PATH_COLOUR,
                "red line",
                "hatch walked through, with its steps",
            ),
            (OPENED_COLOUR, "orange line", "hatch opened only"),
        ] {
            rows.push(format!(
                "<tr><td><font color=\"{colour}\">{look}</font></td><td align=\"left\">{meaning}</td></tr>"
            ));
        }
        rows.push(
            "<tr><td>(was ...)</td><td align=\"left\">a room the path changed</td></tr>"
                .to_string(),
        );
    }
    // Its centre, from its top and its height (a row is about 21 points).
    let pos = place.map_or(String::new(), |(x, top)| {
        format!("pos=\"{x},{}!\", ", top - rows.len() as i64 * 21 / 2)
    });
    let mut out = format!(
        "  \"@legend\" [{pos}shape=plain, style=\"\", label=<\n    <table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"3\">\n",
    );
    for row in rows {
        out.push_str(&format!("      {row}\n"));
    }
    out.push_str("    </table>\n  >];\n");
    out
}

/// What a path did to one hatch: the steps that opened or went through it,
/// and which ways it was walked.
#[derive(Clone, Debug, Default)]
struct HatchUse {
    steps: Vec<String>,
    /// Walked from its first room to its second.
    forward: bool,
    /// Walked from its second room to its first.
    back: bool,
}

/// The ship as a DOT graph, with the start room highlighted and, when a walk
/// is given, its path drawn: the hatches it opens and goes through with their
/// step numbers, the room it ends in, and the rooms it changes with their
/// final state.
pub fn ship(board: &Board, start: RoomId, walk: Option<&Walk<'_>>) -> String {
    let rules = &board.rules;
    let uses = hatch_uses(board, start, walk);

    let start_room = board.room(start);
    let mut title = format!(
        "{}\\nrules {}, start in {}",
        escape::dot_label(&board.name),
        escape::dot_label(&rules.name),
        escape::dot_label(&start_room.label())
    );
    if let Some(w) = walk {
        let end = board.room(w.end.position);
        title.push_str(&format!(
            "\\n{}: {}, ends in {}, {} min",
            escape::dot_label(w.title),
            super::count(w.steps.len() as u64, "step"),
            escape::dot_label(&end.label()),
            w.end.spent
        ));
    }

    let mut out = String::new();
    out.push_str(&format!("graph \"{}\" {{\n", escape::dot_id(&board.name)));
    let placed = if draw::is_placed(board) {
        out.push_str(
            "  // The rooms stand where the board places them (`pos`, in points):\n  // `layout=neato` keeps them there, and so does `neato -n`.\n",
        );
        ", layout=neato, inputscale=72"
    } else {
        ""
    };
    out.push_str(&format!(
        "  graph [label=\"{title}\", labelloc=t, fontname=\"Helvetica\", fontsize=14{placed}];\n"
    ));
    out.push_str(
        "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11, color=\"#404040\"];\n",
    );
    out.push_str("  edge [fontname=\"Helvetica\", fontsize=10];\n\n");

    let places = draw::is_placed(board).then(|| draw::layout(board, 0));
    let mut nodes: Vec<(String, Vec<String>)> = Vec::with_capacity(board.rooms.len());
    let mut widest = 0;
    for (i, room) in board.rooms.iter().enumerate() {
        let id = RoomId(i as u32);
        let is_start = id == start;
        let is_end = walk.is_some_and(|w| w.end.position == id);
        let state = walk
            .and_then(|w| w.end.rooms.get(i).copied())
            .unwrap_or(room.state);
        let marks = match (is_start, is_end) {
            (true, true) => " (start, end)",
            (true, false) => " (start)",
            (false, true) => " (end)",
            (false, false) => "",
        };
        let mut lines = vec![format!("{}{marks}", room.id)];
        if let Some(name) = &room.name {
            lines.push(name.clone());
        }
        let now = rules.say_room_state(state);
        if state == room.state {
            lines.push(now.to_string());
        } else {
            let was = rules.say_room_state(room.state);
            lines.push(format!("{now} (was {was})"));
        }
        widest = widest.max(lines.iter().map(|l| l.width()).max().unwrap_or(0));
        let label = lines
            .iter()
            .map(|l| escape::dot_label(l))
            .collect::<Vec<_>>()
            .join("\\n");
        let mut attributes = vec![
            format!("label=\"{label}\""),
            format!("fillcolor=\"{}\"", room_fill(state)),
        ];
        if is_start {
            attributes.push("peripheries=2".to_string());
        }
        if is_end {
            attributes.push(format!("color=\"{PATH_COLOUR}\""));
            attributes.push("penwidth=3".to_string());
        } else if is_start {
            attributes.push("penwidth=2".to_string());
        }
        nodes.push((escape::dot_id(&room.id), attributes));
    }
    // A placed board's rooms stand on its grid, in points: columns wide
    // enough for the widest label (about 7 points a column of 11-point
    // text), row 0 on top.
    let column = (widest as i64 * 7 + 60).max(MIN_COLUMN_POINTS);
    if let Some(places) = &places {
        for ((_, attributes), &(c, r)) in nodes.iter_mut().zip(places) {
            attributes.push(format!(
                "pos=\"{},{}!\"",
                c as i64 * column,
                -(r as i64) * ROW_POINTS
            ));
        }
    }
    for (id, attributes) in &nodes {
        out.push_str(&format!("  \"{id}\" [{}];\n", attributes.join(", ")));
    }
    out.push('\n');

    for (i, u) in uses.iter().enumerate() {
        out.push_str(&hatch_edge(board, i, walk, u));
    }
    out.push('\n');
    // On a placed board the legend stands centred below the rooms.
    let legend_place = places.as_ref().map(|places| {
        let columns = places.iter().map(|p| p.0).max().unwrap_or(0) as i64;
        let rows = places.iter().map(|p| p.1).max().unwrap_or(0) as i64;
        (columns * column / 2, -rows * ROW_POINTS - ROW_POINTS / 2)
    });
    out.push_str(&legend(rules, walk.is_some(), legend_place));
    out.push_str("}\n");
    out
}

/// What the walk does at each hatch: the steps that open or cross it, and
/// which ways it is crossed.
fn hatch_uses(board: &Board, start: RoomId, walk: Option<&Walk<'_>>) -> Vec<HatchUse> {
    let mut uses: Vec<HatchUse> = vec![HatchUse::default(); board.hatches.len()];
    if let Some(w) = walk {
        let mut here = start;
        for (i, step) in w.steps.iter().enumerate() {
            let n = i + 1;
            match step.action {
                Action::Open(h) => {
                    if let Some(u) = uses.get_mut(h.index()) {
                        u.steps.push(format!("{n}: open"));
                    }
                }
                Action::Move(to) => {
                    if let Some(h) = board.hatch_between(here, to)
                        && let Some(u) = uses.get_mut(h.index())
                    {
                        u.steps.push(format!("{n}: to {}", board.room(to).id));
                        if board.hatch(h).rooms[0] == here {
                            u.forward = true;
                        } else {
                            u.back = true;
                        }
                    }
                    here = to;
                }
            }
        }
    }
    uses
}

/// Hatch `i` as an edge, in its state at the end of the walk, marked with
/// the walk's steps through it (`u`).
fn hatch_edge(board: &Board, i: usize, walk: Option<&Walk<'_>>, u: &HatchUse) -> String {
    let rules = &board.rules;
    let hatch = &board.hatches[i];
    let h = HatchId(i as u32);
    let state = walk
        .and_then(|w| w.end.hatches.get(i).copied())
        .unwrap_or(hatch.state);
    let (style, colour) = hatch_line(state);
    let state_text = rules.say_hatch_state(state);
    let mut attributes = vec![
        format!("style={style}"),
        format!(
            "tooltip=\"{}: {}\"",
            escape::dot_label(&board.hatch_label(h)),
            escape::dot_label(&state_text)
        ),
    ];
    if u.steps.is_empty() {
        attributes.push(format!("color=\"{colour}\""));
    } else {
        let walked = u.forward || u.back;
        let colour = if walked { PATH_COLOUR } else { OPENED_COLOUR };
        attributes.push(format!("color=\"{colour}\""));
        attributes.push(format!("fontcolor=\"{colour}\""));
        attributes.push(format!("penwidth={}", if walked { 3 } else { 2 }));
        attributes.push(format!(
            "label=\"{}\"",
            u.steps
                .iter()
                .map(|s| escape::dot_label(s))
                .collect::<Vec<_>>()
                .join("\\n")
        ));
        let dir = match (u.forward, u.back) {
            (true, true) => Some("both"),
            (true, false) => Some("forward"),
            (false, true) => Some("back"),
            (false, false) => None,
        };
        if let Some(dir) = dir {
            attributes.push(format!("dir={dir}"));
        }
    }
    format!(
        "  \"{}\" -- \"{}\" [{}];\n",
        escape::dot_id(&board.room(hatch.rooms[0]).id),
        escape::dot_id(&board.room(hatch.rooms[1]).id),
        attributes.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_text_keeps_what_it_says() {
        assert_eq!(escape::dot_label("a\"b\\c&d\ne"), "a\\\"b\\\\c&amp;d e");
        assert_eq!(escape::dot_id("a\"b\\c&d"), "a\\\"b\\\\c&d");
    }
}
