//! The ship as an SVG picture, for `hatchway draw --format svg` and for
//! pages that embed it: every room a box where the board places it (or
//! where `hatchway draw` lays it out), filled by its state, every hatch a
//! line drawn by its state, and optionally one path drawn on top with its
//! steps numbered.
//!
//! Like the other pictures, this knows no state by name: looks come from
//! tables indexed by state id (the fills and hatch lines of [`super::dot`],
//! a pattern and a code per room state) and the legend gives the rules'
//! own names. A room state shows by its pattern and code as well as by its
//! colour, a hatch state by its line and code, so the picture reads without
//! colour.
//!
//! Elements carry hooks for scripts and style sheets: each room's group has
//! `data-room="ID"` and the class `state-N` (N the state's place in the
//! rules' `room states`, from 0), each hatch's group `data-hatch="A-B"` and
//! the class `hatch-state-N`, and each drawn step `data-step="N"` (from 1).
//!
//! Hatches between boxes that do not touch are drawn along the gaps
//! between rows and columns, so that no line crosses a room.
//!
//! The files: `geometry.rs` (sizes, where boxes and lines stand),
//! `style.rs` (how states look), `legend.rs` (what the looks mean),
//! `path.rs` (a walk over the picture), and here the picture itself.

mod geometry;
mod legend;
mod path;
mod style;

pub use legend::{Mark, mark_sample, sample, states};
pub use style::style_sheet;

use super::dot::{self, Walk};
use super::replay::state_codes;
use super::{draw, escape};
use crate::model::{Board, HatchId, HatchStateId, RoomId, StateId};

use geometry::{Arrangement, Geometry, Layout, points_text};
use style::{INK, Stroke, code_box_width, defs, pattern_fill};

/// The font of every picture.
const FONT: &str = "Helvetica, Arial, sans-serif";
/// Height of a line of a file's heading.
const LINE: i64 = 20;
/// Space around a file's picture.
const MARGIN: i64 = 20;

/// The ship as a standalone SVG document: an XML declaration, then
/// [`element`].
pub fn ship(board: &Board, start: RoomId, walk: Option<&Walk<'_>>) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}",
        element(board, start, walk)
    )
}

/// The ship as one `<svg>` element with its heading and legend: the start
/// room marked and, when a walk is given, the ship at its end with its
/// steps drawn and numbered and the room it ends in marked.
pub fn element(board: &Board, start: RoomId, walk: Option<&Walk<'_>>) -> String {
    let layout = Layout::of(board, Geometry::FILE, Arrangement::Board);
    picture(
        board,
        start,
        walk,
        &layout,
        Frame::File {
            path_legend: walk.is_some(),
        },
    )
}

/// The definitions every picture of the board refers to (the room
/// states' patterns, a path's arrowhead), as an `<svg>` of no size: a page
/// that shows several [`fitted`] pictures holds them once.
pub fn definitions(board: &Board) -> String {
    format!(
        "<svg class=\"hatchway-definitions\" width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\">\n{}</svg>\n",
        defs(board)
    )
}

/// The ship at the start of the turn for a page's column, at most
/// `columns` boxes wide ([`Arrangement::Columns`]), drawn large against
/// its boxes so that its text stays legible when the page scales it to
/// its column. It has no heading, legend or definitions of its own: the
/// page gives those once ([`definitions`]). The groups `path-lines` and
/// `path-marks` are empty, for the page's script to draw a path in, and
/// the element carries the sizes it needs to (`data-mark-radius`,
/// `data-step-offset`, `data-step-width`, `data-step-font`).
pub fn fitted(board: &Board, start: RoomId, columns: i64, class: &str) -> String {
    let layout = Layout::of(board, Geometry::PAGE, Arrangement::Columns(columns));
    picture(board, start, None, &layout, Frame::Page { class })
}

/// What a picture is drawn for.
enum Frame<'a> {
    /// A file of its own: an XML heading, its definitions and a legend,
    /// which explains a path's marks when `path_legend` is set.
    File { path_legend: bool },
    /// A page's column: only the ship, of class `hatchway-ship CLASS`, with
    /// the sizes the page's script draws a path with.
    Page { class: &'a str },
}

/// The ship, with a walk or none, drawn for a file or a page ([`Frame`]).
fn picture(
    board: &Board,
    start: RoomId,
    walk: Option<&Walk<'_>>,
    layout: &Layout,
    frame: Frame<'_>,
) -> String {
    let file = match frame {
        Frame::File { path_legend } => Some(path_legend),
        Frame::Page { .. } => None,
    };
    let rules = &board.rules;
    let g = &layout.geometry;
    let path = walk.map(|w| layout.path(board, start, w.steps, w.end.position));
    let room_state = |i: usize| {
        walk.and_then(|w| w.end.rooms.get(i).copied())
            .unwrap_or(board.rooms[i].state)
    };
    let hatch_state = |i: usize| {
        walk.and_then(|w| w.end.hatches.get(i).copied())
            .unwrap_or(board.hatches[i].state)
    };

    let (low, high) = layout.extent();
    let mut heading = vec![
        board.name.clone(),
        format!(
            "rules {}, start in {}",
            rules.name,
            board.room(start).label()
        ),
    ];
    if let Some(w) = walk {
        heading.push(format!(
            "{}: {}, ends in {}, {} min",
            w.title,
            super::count(w.steps.len() as u64, "step"),
            board.room(w.end.position).label(),
            w.end.spent
        ));
    }
    let ship_width = high.0 - low.0;
    let (width, height, ship_top, legend) = match file {
        Some(path_legend) => {
            let heading_width = heading
                .iter()
                .map(|l| draw_width(l) * g.column)
                .max()
                .unwrap_or(0);
            let legend = legend::legend(board, path_legend, ship_width.max(heading_width));
            let width = ship_width.max(heading_width).max(legend.width) + 2 * MARGIN;
            let ship_top = MARGIN + heading.len() as i64 * LINE + 10;
            let legend_top = ship_top + (high.1 - low.1) + 30;
            let height = legend_top + legend.height + MARGIN;
            (width, height, ship_top, Some((legend_top, legend)))
        }
        None => (ship_width, high.1 - low.1, 0, None),
    };
    let margin = if file.is_some() { MARGIN } else { 0 };

    let mut out = String::new();
    // A page's picture also carries the sizes its script draws a path with.
    let (class, sizes) = match frame {
        Frame::File { .. } => (String::new(), String::new()),
        Frame::Page { class } => (
            format!(" {class}"),
            format!(
                " data-mark-radius=\"{}\" data-step-offset=\"{}\" data-step-width=\"{}\" data-step-font=\"{}\"",
                g.mark_radius, g.step_offset, g.step_width, g.small_font
            ),
        ),
    };
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"hatchway-ship{class}\"{sizes} width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"{FONT}\" font-size=\"{}\" fill=\"{INK}\" role=\"img\">\n",
        g.font
    ));
    out.push_str(&format!(
        "<title>{}</title>\n",
        escape::xml(&heading.join(", "))
    ));
    if file.is_some() {
        out.push_str(&defs(board));
        out.push_str("<g class=\"heading\">\n");
        for (i, line) in heading.iter().enumerate() {
            let weight = if i == 0 {
                " font-weight=\"bold\" font-size=\"15\""
            } else {
                ""
            };
            out.push_str(&format!(
                "<text x=\"{MARGIN}\" y=\"{}\"{weight}>{}</text>\n",
                MARGIN + 14 + i as i64 * LINE,
                escape::xml(line)
            ));
        }
        out.push_str("</g>\n");
    }

    out.push_str(&format!(
        "<g class=\"ship\" transform=\"translate({},{})\">\n",
        margin - low.0,
        ship_top - low.1
    ));

    // The path's bands go under the hatches, so that a walked hatch still
    // shows its state's line over the band.
    out.push_str(&format!(
        "<g class=\"path-lines\">\n{}</g>\n",
        path.as_ref().map_or("", |p| p.lines.as_str())
    ));

    out.push_str(&hatches(board, layout, &hatch_state));
    out.push_str(&rooms(board, layout, start, &room_state, file.is_none()));

    out.push_str(&format!(
        "<g class=\"path-marks\">\n{}</g>\n",
        path.as_ref().map_or("", |p| p.marks.as_str())
    ));
    out.push_str("</g>\n");

    if let Some((legend_top, legend)) = legend {
        out.push_str(&format!(
            "<g class=\"legend\" transform=\"translate({MARGIN},{legend_top})\">\n{}</g>\n",
            legend.body
        ));
    }
    out.push_str("</svg>\n");
    out
}

/// The hatches' group: each hatch's line and its state's code, in the
/// states `hatch_state` gives.
fn hatches(board: &Board, layout: &Layout, hatch_state: &dyn Fn(usize) -> HatchStateId) -> String {
    let rules = &board.rules;
    let g = &layout.geometry;
    let mut out = String::new();
    let hatch_codes = draw::hatch_codes(&rules.hatch_states);
    out.push_str("<g class=\"hatches\">\n");
    for (i, points) in layout.routes.iter().enumerate() {
        let state = hatch_state(i);
        let s = usize::from(state.0);
        let name = rules.say_hatch_state(state);
        let code = hatch_codes.get(s).copied().unwrap_or('?');
        let (_, colour) = dot::hatch_line(state);
        let (x, y) = layout.codes[i];
        out.push_str(&format!(
            "<g class=\"hatch hatch-state-{s}\" data-hatch=\"{label}\">\n<title>{label}: {name}</title>\n<polyline class=\"hatch-line\" points=\"{}\" fill=\"none\" stroke=\"{colour}\"{}/>\n<circle class=\"hatch-code\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#ffffff\" stroke=\"{colour}\"/>\n<text class=\"hatch-code\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"{colour}\">{}</text>\n</g>\n",
            points_text(points),
            Stroke::of(state).attributes(),
            g.mark_radius,
            y + g.centred(g.font),
            escape::xml(&code.to_string()),
            label = escape::xml(&board.hatch_label(HatchId(i as u32))),
            name = escape::xml(&name),
        ));
    }
    out.push_str("</g>\n");
    out
}

/// The rooms' group: each room in the state `room_state` gives, the
/// start marked; on a page, every room keeps a place for its former state.
fn rooms(
    board: &Board,
    layout: &Layout,
    start: RoomId,
    room_state: &dyn Fn(usize) -> StateId,
    page: bool,
) -> String {
    let rules = &board.rules;
    let g = &layout.geometry;
    let mut out = String::new();
    let room_codes = state_codes(rules);
    // Every code's box is as wide as the widest, so that a script can
    // change a room's code without resizing it.
    let code_width = room_codes
        .iter()
        .map(|c| code_box_width(c, g))
        .max()
        .unwrap_or(g.code_height());
    out.push_str("<g class=\"rooms\">\n");
    let look = RoomLook {
        codes: &room_codes,
        code_width,
        page,
    };
    for i in 0..board.rooms.len() {
        let is_start = RoomId(i as u32) == start;
        out.push_str(&room_group(
            board,
            layout,
            i,
            room_state(i),
            is_start,
            &look,
        ));
    }
    out.push_str("</g>\n");
    out
}

/// What every room of a picture is drawn with.
struct RoomLook<'a> {
    /// Each room state's code.
    codes: &'a [String],
    /// The width of every code's box.
    code_width: i64,
    /// Drawn for a page, whose script writes a room's former state.
    page: bool,
}

/// Room `i`'s group, in `state`, marked when it is the start.
fn room_group(
    board: &Board,
    layout: &Layout,
    i: usize,
    state: StateId,
    is_start: bool,
    look: &RoomLook<'_>,
) -> String {
    let room = &board.rooms[i];
    let rules = &board.rules;
    let g = &layout.geometry;
    let (bw, bh) = (g.box_width, g.box_height);
    let (room_codes, code_width) = (look.codes, look.code_width);
    let mut out = String::new();
    let (x, y) = layout.corner(RoomId(i as u32));
    let s = usize::from(state.0);
    let name = rules.say_room_state(state);
    let code = room_codes.get(s).map_or("?", String::as_str);
    let was = (state != room.state).then(|| rules.say_room_state(room.state));
    let mut tooltip = format!("{}: {name}", room.label());
    if let Some(was) = &was {
        tooltip.push_str(&format!(" (was {was})"));
    }
    out.push_str(&format!(
        "<g class=\"room state-{s}\" data-room=\"{}\">\n<title>{}</title>\n",
        escape::xml(&room.id),
        escape::xml(&tooltip)
    ));
    if is_start {
        out.push_str(&format!(
            "<rect class=\"start-mark\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"9\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1.5\"/>\n",
            x - 4,
            y - 4,
            bw + 8,
            bh + 8
        ));
    }
    out.push_str(&format!(
        "<rect class=\"room-fill\" x=\"{x}\" y=\"{y}\" width=\"{bw}\" height=\"{bh}\" rx=\"6\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.5\"/>\n",
        dot::room_fill(state)
    ));
    out.push_str(&format!(
        "<rect class=\"room-pattern\" x=\"{x}\" y=\"{y}\" width=\"{bw}\" height=\"{bh}\" rx=\"6\" fill=\"{}\" stroke=\"none\"/>\n",
        pattern_fill(s)
    ));
    out.push_str(&format!(
        "<text class=\"room-id\" x=\"{}\" y=\"{}\" font-weight=\"bold\" font-size=\"{}\">{}</text>\n",
        x + 8,
        y + g.id_baseline(),
        g.id_font,
        escape::xml(&draw::fit(
            &room.id,
            g.text_columns
                .saturating_sub(((code_width + 8) / g.column) as usize)
        ))
    ));
    out.push_str(&format!(
        "<rect class=\"room-code\" x=\"{}\" y=\"{}\" width=\"{code_width}\" height=\"{}\" rx=\"3\" fill=\"#ffffff\" stroke=\"{INK}\"/>\n<text class=\"room-code\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\">{}</text>\n",
        x + bw - 5 - code_width,
        y + 5,
        g.code_height(),
        x + bw - 5 - code_width / 2,
        y + g.id_baseline(),
        escape::xml(code)
    ));
    if let Some(room_name) = &room.name {
        for (k, line) in draw::name_lines(room_name, g.text_columns)
            .iter()
            .enumerate()
        {
            out.push_str(&format!(
                "<text class=\"room-name\" x=\"{}\" y=\"{}\">{}</text>\n",
                x + 8,
                y + g.name_baseline() + k as i64 * g.line,
                escape::xml(line)
            ));
        }
    }
    out.push_str(&format!(
        "<text class=\"room-state\" x=\"{}\" y=\"{}\" font-style=\"italic\">{}</text>\n",
        x + 8,
        y + bh - 2 * g.font,
        escape::xml(&draw::fit(&name, g.text_columns))
    ));
    // A page's script writes a room's former state here as it steps.
    if was.is_some() || look.page {
        out.push_str(&format!(
            "<text class=\"room-was\" x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text>\n",
            x + 8,
            y + bh - (g.small_font - 2),
            g.small_font,
            escape::xml(&was.map_or(String::new(), |w| draw::fit(
                &format!("was {w}"),
                g.text_columns
            )))
        ));
    }
    out.push_str("</g>\n");
    out
}

/// The display width of a line of text, in columns.
fn draw_width(text: &str) -> i64 {
    use unicode_width::UnicodeWidthStr;
    text.width() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(
            escape::xml("Tom & Jerry's <den> \"x\"\u{1}\u{FFFF}"),
            "Tom &amp; Jerry&apos;s &lt;den&gt; &quot;x&quot;  "
        );
    }

    /// A walk is drawn over the ship as it stands without one: the
    /// picture is as wide, each step has its band and number, and the end
    /// its mark.
    #[test]
    fn a_walk_is_drawn_over_the_ship_drawn_without_it() {
        let board = crate::load::board(&crate::load::standard_board())
            .unwrap()
            .value;
        let turn = crate::answer::Turn::new(board.clone());
        let solution = turn.solve(&Default::default()).unwrap();
        let answer = crate::answer::Answer::new(&turn, &solution.outcomes);
        let width = |svg: &str| {
            svg.lines()
                .next()
                .unwrap()
                .split(" height")
                .next()
                .unwrap()
                .to_string()
        };
        let plain = element(&board, board.start, None);
        for told in answer.outcomes() {
            let replay = told.replay().unwrap();
            let (steps, end) = (&replay.steps, &replay.end);
            let walk = Walk {
                title: "a walk",
                steps,
                end,
            };
            let drawn = element(&board, board.start, Some(&walk));
            assert_eq!(drawn.matches("class=\"step-line").count(), steps.len());
            assert_eq!(drawn.matches("class=\"step-number").count(), steps.len());
            assert_eq!(drawn.matches("class=\"path-end\"").count(), 1);
            assert_eq!(width(&plain), width(&drawn));
        }
    }

    /// A page's picture holds every room and hatch with the hooks its
    /// script uses, a place for each room's former state, and no heading,
    /// legend or definitions of its own.
    #[test]
    fn a_fitted_picture_has_the_hooks_of_a_page() {
        let board = crate::load::board(&crate::load::standard_board())
            .unwrap()
            .value;
        for columns in [2, 5] {
            let svg = fitted(&board, board.start, columns, "wide");
            assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"hatchway-ship wide\" data-mark-radius="));
            assert_eq!(svg.matches("data-room=").count(), board.rooms.len());
            assert_eq!(svg.matches("data-hatch=").count(), board.hatches.len());
            assert_eq!(svg.matches("class=\"room-was\"").count(), board.rooms.len());
            for absent in ["<defs>", "class=\"legend\"", "class=\"heading\""] {
                assert!(!svg.contains(absent), "{absent}");
            }
        }
    }
}
