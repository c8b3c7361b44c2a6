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

use unicode_width::UnicodeWidthStr;

use super::dot::{self, OPENED_COLOUR, PATH_COLOUR, Walk};
use super::draw;
use super::replay::state_codes;
use crate::model::{Board, HatchId, HatchStateId, RoomId, Rules, StateId};
use crate::outcome::Action;
use crate::referee::{Step, hatch_label};

/// Width of a room's box, in pixels.
const BOX_WIDTH: i64 = 150;
/// Height of a room's box.
const BOX_HEIGHT: i64 = 96;
/// Space between two columns of boxes: wide enough for a hatch's code and
/// two step numbers side by side.
const GAP_X: i64 = 80;
/// Space between two rows of boxes, as wide as between columns.
const GAP_Y: i64 = 80;
/// Space around the picture.
const MARGIN: i64 = 20;
/// Height of a line of the heading and of the legend.
const LINE: i64 = 20;
/// Width of a column of the legend.
const LEGEND_COLUMN: i64 = 230;
/// Display columns of text that fit in a box at 12 pixels (about 6.5
/// pixels a column).
const TEXT_COLUMNS: usize = 20;
/// Pixels a display column of 12-pixel text takes at most, to size the
/// picture around its heading.
const COLUMN_PIXELS: i64 = 7;
/// The width, in display columns, an unplaced board is laid out in: that
/// of a pipe, so that the rows are those `hatchway draw` prints to a file.
const LAYOUT_COLUMNS: usize = 80;
/// Radius of the circles that hold a hatch's code and a step's number.
const MARK_RADIUS: i64 = 9;
/// How far a step's number stands from its hatch's line, beside the
/// hatch's code.
const STEP_OFFSET: i64 = 20;
/// Width of the band a path's step draws under a hatch.
const STEP_WIDTH: i64 = 7;
/// The colour of borders and text.
const INK: &str = "#404040";
const FONT: &str = "Helvetica, Arial, sans-serif";

/// Overlays of room states, by state id (cycled), each the inside of an
/// 8 by 8 pattern tile: none, lines one way or the other, across, down,
/// a grid, crosses, dots. Past eight states the colour and the code still
/// tell states apart.
const PATTERNS: [&str; 8] = [
    "",
    "<path d=\"M-2,2 L2,-2 M0,8 L8,0 M6,10 L10,6\"/>",
    "<path d=\"M-2,6 L2,10 M0,0 L8,8 M6,-2 L10,2\"/>",
    "<path d=\"M0,4 H8\"/>",
    "<path d=\"M4,0 V8\"/>",
    "<path d=\"M0,4 H8 M4,0 V8\"/>",
    "<path d=\"M0,0 L8,8 M0,8 L8,0\"/>",
    "<circle cx=\"4\" cy=\"4\" r=\"1.2\"/>",
];

/// Text for XML character data and attribute values: `&`, `<`, `>`, `"`
/// and `'` as entities, and characters XML does not allow (control
/// characters, U+FFFE, U+FFFF) as spaces.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\u{FFFE}' | '\u{FFFF}' => out.push(' '),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The ship as a standalone SVG document: an XML declaration, then
/// [`element`].
pub fn ship(board: &Board, start: RoomId, walk: Option<&Walk<'_>>) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}",
        element(board, start, walk)
    )
}

/// The ship as one `<svg>` element, to embed in a page: the start room
/// marked and, when a walk is given, the ship at its end with its steps
/// drawn and numbered and the room it ends in marked.
///
/// The groups `path-lines` and `path-marks` are there even without a walk,
/// so that a page can put the [`path_layers`] of a walk in them.
pub fn element(board: &Board, start: RoomId, walk: Option<&Walk<'_>>) -> String {
    picture(board, start, walk, walk.is_some())
}

/// The ship at the start of the turn as one `<svg>` element, with no path
/// yet but a legend for one: the picture a page lays the [`path_layers`]
/// of any walk over.
pub fn backdrop(board: &Board, start: RoomId) -> String {
    picture(board, start, None, true)
}

/// The ship, with a walk or none, and a legend that explains a path's
/// marks when `path_legend` is set.
fn picture(board: &Board, start: RoomId, walk: Option<&Walk<'_>>, path_legend: bool) -> String {
    let rules = &board.rules;
    let layout = Layout::of(board);
    let Layout {
        places,
        routes,
        codes: code_marks,
    } = &layout;
    let path = walk.map(|w| layout.path(board, start, w.steps, w.end.position));
    let room_state = |i: usize| {
        walk.and_then(|w| w.end.rooms.get(i).copied())
            .unwrap_or(board.rooms[i].state)
    };
    let hatch_state = |i: usize| {
        walk.and_then(|w| w.end.hatches.get(i).copied())
            .unwrap_or(board.hatches[i].state)
    };

    // The picture's extent: every box, every line and every mark.
    let columns = places.iter().map(|p| p.0 + 1).max().unwrap_or(1);
    let rows = places.iter().map(|p| p.1 + 1).max().unwrap_or(1);
    let mut low = (0, 0);
    let mut high = (
        columns * (BOX_WIDTH + GAP_X) - GAP_X,
        rows * (BOX_HEIGHT + GAP_Y) - GAP_Y,
    );
    // Steps' numbers stand beside the lines, whatever the walk.
    let reach = MARK_RADIUS + STEP_OFFSET;
    for &(x, y) in routes.iter().flatten() {
        low = (low.0.min(x - reach), low.1.min(y - reach));
        high = (high.0.max(x + reach), high.1.max(y + reach));
    }
    // Room for the marks of the start and end rooms around their boxes.
    let (low, high) = ((low.0 - 10, low.1 - 10), (high.0 + 10, high.1 + 10));

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
    let heading_width = heading
        .iter()
        .map(|l| l.width() as i64 * COLUMN_PIXELS)
        .max()
        .unwrap_or(0);

    let ship_width = high.0 - low.0;
    let legend = legend(board, path_legend, ship_width.max(heading_width));
    let width = ship_width.max(heading_width).max(legend.width) + 2 * MARGIN;
    let ship_top = MARGIN + heading.len() as i64 * LINE + 10;
    let legend_top = ship_top + (high.1 - low.1) + 30;
    let height = legend_top + legend.height + MARGIN;

    let mut out = String::new();
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"hatchway-ship\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"{FONT}\" font-size=\"12\" fill=\"{INK}\" role=\"img\">\n"
    ));
    out.push_str(&format!("<title>{}</title>\n", escape(&heading.join(", "))));
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
            escape(line)
        ));
    }
    out.push_str("</g>\n");

    out.push_str(&format!(
        "<g class=\"ship\" transform=\"translate({},{})\">\n",
        MARGIN - low.0,
        ship_top - low.1
    ));

    // The path's bands go under the hatches, so that a walked hatch still
    // shows its state's line over the band.
    out.push_str(&format!(
        "<g class=\"path-lines\">\n{}</g>\n",
        path.as_ref().map_or("", |p| p.lines.as_str())
    ));

    let hatch_codes = draw::hatch_codes(&rules.hatch_states);
    out.push_str("<g class=\"hatches\">\n");
    for (i, points) in routes.iter().enumerate() {
        let state = hatch_state(i);
        let s = usize::from(state.0);
        let name = rules.hatch_states.get(s).map_or("?", String::as_str);
        let code = hatch_codes.get(s).copied().unwrap_or('?');
        let (_, colour) = dot::hatch_line(state);
        let (x, y) = code_marks[i];
        out.push_str(&format!(
            "<g class=\"hatch hatch-state-{s}\" data-hatch=\"{label}\">\n<title>{label}: {name}</title>\n<polyline class=\"hatch-line\" points=\"{}\" fill=\"none\" stroke=\"{colour}\"{}/>\n<circle class=\"hatch-code\" cx=\"{x}\" cy=\"{y}\" r=\"{MARK_RADIUS}\" fill=\"#ffffff\" stroke=\"{colour}\"/>\n<text class=\"hatch-code\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"{colour}\">{}</text>\n</g>\n",
            points_text(points),
            Stroke::of(state).attributes(),
            y + 4,
            escape(&code.to_string()),
            label = escape(&hatch_label(board, HatchId(i as u32))),
            name = escape(name),
        ));
    }
    out.push_str("</g>\n");

    let room_codes = state_codes(rules);
    // Every code's box is as wide as the widest, so that a script can
    // change a room's code without resizing it.
    let code_width = room_codes
        .iter()
        .map(|c| code_box_width(c))
        .max()
        .unwrap_or(17);
    out.push_str("<g class=\"rooms\">\n");
    for (i, room) in board.rooms.iter().enumerate() {
        let (x, y) = layout.corner(RoomId(i as u32));
        let state = room_state(i);
        let s = usize::from(state.0);
        let name = rules.room_states.get(s).map_or("?", String::as_str);
        let code = room_codes.get(s).map_or("?", String::as_str);
        let was = (state != room.state).then(|| {
            rules
                .room_states
                .get(usize::from(room.state.0))
                .map_or("?", String::as_str)
        });
        let mut tooltip = format!("{}: {name}", room.label());
        if let Some(was) = was {
            tooltip.push_str(&format!(" (was {was})"));
        }
        out.push_str(&format!(
            "<g class=\"room state-{s}\" data-room=\"{}\">\n<title>{}</title>\n",
            escape(&room.id),
            escape(&tooltip)
        ));
        if RoomId(i as u32) == start {
            out.push_str(&format!(
                "<rect class=\"start-mark\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"9\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1.5\"/>\n",
                x - 4,
                y - 4,
                BOX_WIDTH + 8,
                BOX_HEIGHT + 8
            ));
        }
        out.push_str(&format!(
            "<rect class=\"room-fill\" x=\"{x}\" y=\"{y}\" width=\"{BOX_WIDTH}\" height=\"{BOX_HEIGHT}\" rx=\"6\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.5\"/>\n",
            dot::room_fill(state)
        ));
        out.push_str(&format!(
            "<rect class=\"room-pattern\" x=\"{x}\" y=\"{y}\" width=\"{BOX_WIDTH}\" height=\"{BOX_HEIGHT}\" rx=\"6\" fill=\"{}\" stroke=\"none\"/>\n",
            pattern_fill(s)
        ));
        out.push_str(&format!(
            "<text class=\"room-id\" x=\"{}\" y=\"{}\" font-weight=\"bold\" font-size=\"13\">{}</text>\n",
            x + 8,
            y + 18,
            escape(&draw::fit(
                &room.id,
                TEXT_COLUMNS.saturating_sub(((code_width + 8) / COLUMN_PIXELS) as usize)
            ))
        ));
        out.push_str(&format!(
            "<rect class=\"room-code\" x=\"{}\" y=\"{}\" width=\"{code_width}\" height=\"17\" rx=\"3\" fill=\"#ffffff\" stroke=\"{INK}\"/>\n<text class=\"room-code\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\">{}</text>\n",
            x + BOX_WIDTH - 5 - code_width,
            y + 5,
            x + BOX_WIDTH - 5 - code_width / 2,
            y + 18,
            escape(code)
        ));
        if let Some(room_name) = &room.name {
            for (k, line) in draw::name_lines(room_name, TEXT_COLUMNS).iter().enumerate() {
                out.push_str(&format!(
                    "<text class=\"room-name\" x=\"{}\" y=\"{}\">{}</text>\n",
                    x + 8,
                    y + 38 + k as i64 * 15,
                    escape(line)
                ));
            }
        }
        out.push_str(&format!(
            "<text class=\"room-state\" x=\"{}\" y=\"{}\" font-style=\"italic\">{}</text>\n",
            x + 8,
            y + BOX_HEIGHT - 24,
            escape(&draw::fit(name, TEXT_COLUMNS))
        ));
        if let Some(was) = was {
            out.push_str(&format!(
                "<text class=\"room-was\" x=\"{}\" y=\"{}\" font-size=\"11\">{}</text>\n",
                x + 8,
                y + BOX_HEIGHT - 9,
                escape(&draw::fit(&format!("was {was}"), TEXT_COLUMNS))
            ));
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");

    out.push_str(&format!(
        "<g class=\"path-marks\">\n{}</g>\n",
        path.as_ref().map_or("", |p| p.marks.as_str())
    ));
    out.push_str("</g>\n");

    out.push_str(&format!(
        "<g class=\"legend\" transform=\"translate({MARGIN},{legend_top})\">\n{}</g>\n",
        legend.body
    ));
    out.push_str("</svg>\n");
    out
}

/// A walk drawn to lay over the ship of [`element`]: the SVG of its
/// `path-lines` group and of its `path-marks` group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathLayers {
    /// A band along the hatch of each step (with an arrowhead for a move),
    /// each with `data-step="N"`.
    pub lines: String,
    /// Each step's number beside its hatch, and the mark of the room where
    /// the walk ends, each with `data-step="N"` (the end's is the last
    /// step's).
    pub marks: String,
}

/// The drawing of a walk from `start` by `steps` to `end`, to put in the
/// groups `path-lines` and `path-marks` of the [`element`] drawn without
/// one: a page shows any outcome's path on one picture this way.
pub fn path_layers(board: &Board, start: RoomId, steps: &[Step], end: RoomId) -> PathLayers {
    Layout::of(board).path(board, start, steps, end)
}

/// Where everything of a ship stands, in its own pixels: the box of each
/// room (box (0, 0)'s top left at 0, 0), the line of each hatch and its
/// code's mark. Nothing here depends on a walk, so that a walk's layers
/// fit any picture of the board.
struct Layout {
    /// Each room's place on the grid (column, row).
    places: Vec<Point>,
    /// Each hatch's line, from its first room to its second.
    routes: Vec<Vec<Point>>,
    /// Where each hatch's code stands.
    codes: Vec<Point>,
}

impl Layout {
    fn of(board: &Board) -> Layout {
        let places: Vec<Point> = draw::layout(board, LAYOUT_COLUMNS)
            .into_iter()
            .map(|(c, r)| (c as i64, r as i64))
            .collect();
        let place = |r: RoomId| places.get(r.index()).copied().unwrap_or((0, 0));
        // Hatches that need the gaps share them: each gets its own lane, 10
        // pixels from the next (five lanes to a gap), so that their lines
        // stay apart.
        let mut lanes = 0;
        let routes: Vec<Vec<Point>> = board
            .hatches
            .iter()
            .map(|h| {
                let (a, b) = (place(h.rooms[0]), place(h.rooms[1]));
                let lane = if next_to(a, b) {
                    0
                } else {
                    lanes += 1;
                    ((lanes - 1) % 5 - 2) * 10
                };
                route(a, b, lane)
            })
            .collect();
        // A hatch's code stands in the middle of its line, or a quarter
        // further when that would cover the code of another hatch (two
        // diagonals that cross in the same corner).
        let mut codes: Vec<Point> = Vec::with_capacity(routes.len());
        for points in &routes {
            let middle = along(points, (1, 2));
            let covers = codes.iter().any(|q| {
                (middle.0 - q.0).pow(2) + (middle.1 - q.1).pow(2) < (2 * MARK_RADIUS + 2).pow(2)
            });
            codes.push(if covers {
                along(points, (3, 4))
            } else {
                middle
            });
        }
        Layout {
            places,
            routes,
            codes,
        }
    }

    /// The top left of a room's box.
    fn corner(&self, room: RoomId) -> Point {
        let (c, r) = self.places.get(room.index()).copied().unwrap_or((0, 0));
        (c * (BOX_WIDTH + GAP_X), r * (BOX_HEIGHT + GAP_Y))
    }

    /// The layers of a walk: its steps' bands, their numbers beside the
    /// lines (evenly along a hatch that several steps use), and the end.
    fn path(&self, board: &Board, start: RoomId, steps: &[Step], end: RoomId) -> PathLayers {
        let drawn = drawn_steps(board, start, steps);
        let mut lines = String::new();
        let mut marks = String::new();
        let (x, y) = self.corner(end);
        marks.push_str(&format!(
            "<rect class=\"path-end\" data-step=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"12\" fill=\"none\" stroke=\"{PATH_COLOUR}\" stroke-width=\"3\"/>\n",
            steps.len(),
            x - 8,
            y - 8,
            BOX_WIDTH + 16,
            BOX_HEIGHT + 16
        ));
        for step in &drawn {
            let Some(route) = self.routes.get(step.hatch.index()) else {
                continue;
            };
            let mut points = route.clone();
            let (colour, kind, arrow) = match step.through {
                None => (OPENED_COLOUR, "opens", ""),
                Some(forward) => {
                    if !forward {
                        points.reverse();
                    }
                    (PATH_COLOUR, "moves", " marker-end=\"url(#hatchway-arrow)\"")
                }
            };
            lines.push_str(&format!(
                "<polyline class=\"step-line {kind}\" data-step=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{STEP_WIDTH}\" stroke-opacity=\"0.5\"{arrow}/>\n",
                step.number,
                points_text(&points)
            ));
            let on_hatch: Vec<usize> = drawn
                .iter()
                .filter(|s| s.hatch == step.hatch)
                .map(|s| s.number)
                .collect();
            let k = on_hatch.iter().position(|&n| n == step.number).unwrap_or(0);
            let (x, y) = beside(route, (k as i64 + 1, on_hatch.len() as i64 + 1));
            let (fill, text) = match step.through {
                None => ("#ffffff", OPENED_COLOUR),
                Some(_) => (PATH_COLOUR, "#ffffff"),
            };
            marks.push_str(&format!(
                "<g class=\"step-number {kind}\" data-step=\"{n}\">\n<circle cx=\"{x}\" cy=\"{y}\" r=\"{MARK_RADIUS}\" fill=\"{fill}\" stroke=\"{colour}\" stroke-width=\"2\"/>\n<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"bold\" fill=\"{text}\">{n}</text>\n</g>\n",
                y + 4,
                n = step.number,
            ));
        }
        PathLayers { lines, marks }
    }
}

/// A point of the picture, in pixels.
type Point = (i64, i64);

/// Whether two places are next to each other, side by side, one above the
/// other or corner to corner, so that a straight line joins their boxes
/// across the gaps between them.
fn next_to(a: Point, b: Point) -> bool {
    a != b && a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
}

/// The line of a hatch between the boxes at two places (column, row), from
/// the edge of the first box to the edge of the second. Boxes next to each
/// other are joined straight across their gap, or their corner; the others
/// along the gaps between rows and columns, `lane` pixels off the middle of
/// each gap.
fn route(a: Point, b: Point, lane: i64) -> Vec<Point> {
    let left = |c: i64| c * (BOX_WIDTH + GAP_X);
    let top = |r: i64| r * (BOX_HEIGHT + GAP_Y);
    let centre_x = |c: i64| left(c) + BOX_WIDTH / 2;
    let centre_y = |r: i64| top(r) + BOX_HEIGHT / 2;
    if next_to(a, b) && a.0 != b.0 && a.1 != b.1 {
        // From the bottom of the upper box, near the corner, to the top of
        // the lower one: the line runs between the two other boxes of the
        // corner without touching them.
        let (upper, lower) = if a.1 < b.1 { (a, b) } else { (b, a) };
        let (from, to) = if lower.0 > upper.0 {
            (left(upper.0) + BOX_WIDTH - 20, left(lower.0) + 20)
        } else {
            (left(upper.0) + 20, left(lower.0) + BOX_WIDTH - 20)
        };
        let mut points = vec![(from, top(upper.1) + BOX_HEIGHT), (to, top(lower.1))];
        if upper != a {
            points.reverse();
        }
        return points;
    }
    if next_to(a, b) {
        return if a.1 == b.1 {
            let (from, to) = if a.0 < b.0 {
                (left(a.0) + BOX_WIDTH, left(b.0))
            } else {
                (left(a.0), left(b.0) + BOX_WIDTH)
            };
            vec![(from, centre_y(a.1)), (to, centre_y(b.1))]
        } else {
            let (from, to) = if a.1 < b.1 {
                (top(a.1) + BOX_HEIGHT, top(b.1))
            } else {
                (top(a.1), top(b.1) + BOX_HEIGHT)
            };
            vec![(centre_x(a.0), from), (centre_x(b.0), to)]
        };
    }
    if a.1 == b.1 {
        // Along the gap above the row.
        let y = top(a.1) - GAP_Y / 2 + lane;
        let (xa, xb) = (centre_x(a.0) + lane, centre_x(b.0) + lane);
        return vec![(xa, top(a.1)), (xa, y), (xb, y), (xb, top(b.1))];
    }
    if a.0 == b.0 {
        // Along the gap left of the column.
        let x = left(a.0) - GAP_X / 2 + lane;
        let (ya, yb) = (centre_y(a.1) + lane, centre_y(b.1) + lane);
        return vec![(left(a.0), ya), (x, ya), (x, yb), (left(b.0), yb)];
    }
    // Down from the upper box into the gap below its row; when the lower
    // box is further down, along the gap beside its column to the gap above
    // its row; then across and down into it.
    let (upper, lower) = if a.1 < b.1 { (a, b) } else { (b, a) };
    let below = top(upper.1) + BOX_HEIGHT + GAP_Y / 2 + lane;
    let (xu, xl) = (centre_x(upper.0) + lane, centre_x(lower.0) + lane);
    let mut points = vec![(xu, top(upper.1) + BOX_HEIGHT), (xu, below)];
    if lower.1 - upper.1 > 1 {
        let x = if lower.0 > upper.0 {
            left(lower.0) - GAP_X / 2 + lane
        } else {
            left(lower.0) + BOX_WIDTH + GAP_X / 2 + lane
        };
        let above = top(lower.1) - GAP_Y / 2 + lane;
        points.extend([(x, below), (x, above), (xl, above)]);
    } else {
        points.push((xl, below));
    }
    points.push((xl, top(lower.1)));
    if upper != a {
        points.reverse();
    }
    points
}

/// The point at the fraction `part.0 / part.1` of a line's length.
fn along(points: &[Point], part: (i64, i64)) -> Point {
    let length = |p: Point, q: Point| (q.0 - p.0).abs() + (q.1 - p.1).abs();
    let total: i64 = points.windows(2).map(|w| length(w[0], w[1])).sum();
    let mut left = total * part.0 / part.1.max(1);
    for w in points.windows(2) {
        let l = length(w[0], w[1]);
        if left <= l && l > 0 {
            return (
                w[0].0 + (w[1].0 - w[0].0) * left / l,
                w[0].1 + (w[1].1 - w[0].1) * left / l,
            );
        }
        left -= l;
    }
    points.last().copied().unwrap_or((0, 0))
}

/// The point beside a line at the fraction `part.0 / part.1` of its
/// length: [`STEP_OFFSET`] pixels to its left, going from its first point,
/// so that a mark there leaves the line's own marks free.
fn beside(points: &[Point], part: (i64, i64)) -> Point {
    let (x, y) = along(points, part);
    // The direction of the segment the point is on.
    let length = |p: Point, q: Point| (q.0 - p.0).abs() + (q.1 - p.1).abs();
    let total: i64 = points.windows(2).map(|w| length(w[0], w[1])).sum();
    let mut left = total * part.0 / part.1.max(1);
    let mut direction = (1.0, 0.0);
    for w in points.windows(2) {
        let l = length(w[0], w[1]);
        if l > 0 {
            direction = ((w[1].0 - w[0].0) as f64, (w[1].1 - w[0].1) as f64);
            if left <= l {
                break;
            }
        }
        left -= l;
    }
    let norm = direction.0.hypot(direction.1).max(1.0);
    // Left of the way, with y growing downwards.
    let (nx, ny) = (direction.1 / norm, -direction.0 / norm);
    (
        x + (nx * STEP_OFFSET as f64).round() as i64,
        y + (ny * STEP_OFFSET as f64).round() as i64,
    )
}

fn points_text(points: &[Point]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A step of the path as drawn: the hatch it opens or goes through.
struct DrawnStep {
    /// Its number, from 1.
    number: usize,
    hatch: HatchId,
    /// `None` for an opening, `Some(true)` for a move from the hatch's
    /// first room to its second, `Some(false)` for the way back.
    through: Option<bool>,
}

fn drawn_steps(board: &Board, start: RoomId, steps: &[Step]) -> Vec<DrawnStep> {
    let mut here = start;
    let mut drawn = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        match step.action {
            Action::Open(hatch) => drawn.push(DrawnStep {
                number: i + 1,
                hatch,
                through: None,
            }),
            Action::Move(to) => {
                if let Some(hatch) = board.hatch_between(here, to) {
                    drawn.push(DrawnStep {
                        number: i + 1,
                        hatch,
                        through: Some(board.hatch(hatch).rooms[0] == here),
                    });
                }
                here = to;
            }
        }
    }
    drawn
}

/// How a hatch state's line is drawn: the line style of
/// [`dot::hatch_line`] in SVG.
struct Stroke {
    width: i64,
    dashes: Option<&'static str>,
}

impl Stroke {
    fn of(state: HatchStateId) -> Stroke {
        let (style, _) = dot::hatch_line(state);
        let (dashes, width) = match style {
            "dashed" => (Some("8 5"), 2),
            "dotted" => (Some("1 5"), 3),
            "bold" => (None, 5),
            _ => (None, 2),
        };
        Stroke { width, dashes }
    }

    /// The stroke as attributes of an element.
    fn attributes(&self) -> String {
        let mut out = format!(" stroke-width=\"{}\"", self.width);
        if let Some(d) = self.dashes {
            out.push_str(&format!(
                " stroke-dasharray=\"{d}\" stroke-linecap=\"round\""
            ));
        }
        out
    }

    /// The stroke as declarations of a style sheet.
    fn declarations(&self) -> String {
        format!(
            "stroke-width: {}px; stroke-dasharray: {}; stroke-linecap: {};",
            self.width,
            self.dashes.unwrap_or("none"),
            if self.dashes.is_some() {
                "round"
            } else {
                "butt"
            }
        )
    }
}

/// A style sheet that gives each room and hatch of an [`element`] the look
/// of the state its class names (`state-N`, `hatch-state-N`), over the
/// element's own attributes: a page's script then changes a state by
/// changing the class alone. The player's room, of class `here`, is
/// ringed.
pub fn style_sheet(rules: &Rules) -> String {
    let mut out = String::new();
    for s in 0..rules.room_states.len() {
        out.push_str(&format!(
            ".hatchway-ship .state-{s} .room-fill {{ fill: {}; }}\n.hatchway-ship .state-{s} .room-pattern {{ fill: {}; }}\n",
            dot::room_fill(StateId(s as u8)),
            pattern_fill(s)
        ));
    }
    for s in 0..rules.hatch_states.len() {
        let state = HatchStateId(s as u8);
        let (_, colour) = dot::hatch_line(state);
        out.push_str(&format!(
            ".hatchway-ship .hatch-state-{s} .hatch-line {{ stroke: {colour}; {} }}\n.hatchway-ship .hatch-state-{s} circle.hatch-code {{ stroke: {colour}; }}\n.hatchway-ship .hatch-state-{s} text.hatch-code {{ fill: {colour}; }}\n",
            Stroke::of(state).declarations()
        ));
    }
    out.push_str(&format!(
        ".hatchway-ship .here .room-fill {{ stroke: {PATH_COLOUR}; stroke-width: 4px; }}\n"
    ));
    out
}

/// The fill of a room state's pattern: a pattern of the definitions, or
/// none for the first.
fn pattern_fill(state: usize) -> String {
    if PATTERNS[state % PATTERNS.len()].is_empty() {
        "none".to_string()
    } else {
        format!("url(#hatchway-pattern-{state})")
    }
}

/// The width of the box that holds a room state's code.
fn code_box_width(code: &str) -> i64 {
    (code.width() as i64 * COLUMN_PIXELS + 8).max(17)
}

/// The patterns of the rules' room states and the arrowhead of a path.
fn defs(board: &Board) -> String {
    let mut out = String::from("<defs>\n");
    for state in 0..board.rules.room_states.len() {
        let inside = PATTERNS[state % PATTERNS.len()];
        if !inside.is_empty() {
            out.push_str(&format!(
                "<pattern id=\"hatchway-pattern-{state}\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\"><g stroke=\"#000000\" stroke-opacity=\"0.28\" fill=\"#000000\" fill-opacity=\"0.4\">{inside}</g></pattern>\n"
            ));
        }
    }
    out.push_str(&format!(
        "<marker id=\"hatchway-arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"2.2\" markerHeight=\"2.2\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{PATH_COLOUR}\"/></marker>\n"
    ));
    out.push_str("</defs>\n");
    out
}

/// The legend, laid out: its SVG and its size.
struct Legend {
    body: String,
    width: i64,
    height: i64,
}

/// The legend: each room state's look and code with its name, each hatch
/// state's line and code with its name, and the marks, in as many columns
/// as fit `width` pixels.
fn legend(board: &Board, walk: bool, width: i64) -> Legend {
    let rules = &board.rules;
    let room_codes = state_codes(rules);
    let hatch_codes = draw::hatch_codes(&rules.hatch_states);
    // Each entry: a sample drawn in a 36 by 16 box at the origin, and its
    // words.
    let mut sections: Vec<(&str, Vec<(String, String)>)> = Vec::new();
    let rooms = rules
        .room_states
        .iter()
        .enumerate()
        .map(|(s, name)| {
            let code = room_codes.get(s).map_or("?", String::as_str);
            let sample = format!(
                "<rect width=\"36\" height=\"16\" rx=\"3\" fill=\"{}\" stroke=\"{INK}\"/><rect width=\"36\" height=\"16\" rx=\"3\" fill=\"{}\" stroke=\"none\"/><text x=\"18\" y=\"12\" text-anchor=\"middle\" font-weight=\"bold\">{}</text>",
                dot::room_fill(StateId(s as u8)),
                pattern_fill(s),
                escape(code)
            );
            (sample, name.clone())
        })
        .collect();
    sections.push(("room states", rooms));
    let hatches = rules
        .hatch_states
        .iter()
        .enumerate()
        .map(|(s, name)| {
            let state = HatchStateId(s as u8);
            let (_, colour) = dot::hatch_line(state);
            let code = hatch_codes.get(s).copied().unwrap_or('?');
            let sample = format!(
                "<line x1=\"0\" y1=\"8\" x2=\"36\" y2=\"8\" stroke=\"{colour}\"{}/><circle cx=\"18\" cy=\"8\" r=\"{MARK_RADIUS}\" fill=\"#ffffff\" stroke=\"{colour}\"/><text x=\"18\" y=\"12\" text-anchor=\"middle\" fill=\"{colour}\">{}</text>",
                Stroke::of(state).attributes(),
                escape(&code.to_string())
            );
            (sample, name.clone())
        })
        .collect();
    sections.push(("hatch states", hatches));
    let mut marks = vec![(
        format!(
            "<rect x=\"2\" y=\"1\" width=\"32\" height=\"14\" rx=\"4\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1.5\"/><rect x=\"5\" y=\"4\" width=\"26\" height=\"8\" rx=\"2\" fill=\"#ffffff\" stroke=\"{INK}\"/>"
        ),
        "start room".to_string(),
    )];
    if walk {
        marks.push((
            format!("<rect x=\"2\" y=\"1\" width=\"32\" height=\"14\" rx=\"4\" fill=\"none\" stroke=\"{PATH_COLOUR}\" stroke-width=\"3\"/>"),
            "where the path ends".to_string(),
        ));
        marks.push((
            format!("<line x1=\"0\" y1=\"8\" x2=\"36\" y2=\"8\" stroke=\"{PATH_COLOUR}\" stroke-width=\"{STEP_WIDTH}\" stroke-opacity=\"0.5\"/><circle cx=\"18\" cy=\"8\" r=\"{MARK_RADIUS}\" fill=\"{PATH_COLOUR}\"/><text x=\"18\" y=\"12\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"bold\" fill=\"#ffffff\">n</text>"),
            "step n goes through".to_string(),
        ));
        marks.push((
            format!("<line x1=\"0\" y1=\"8\" x2=\"36\" y2=\"8\" stroke=\"{OPENED_COLOUR}\" stroke-width=\"{STEP_WIDTH}\" stroke-opacity=\"0.5\"/><circle cx=\"18\" cy=\"8\" r=\"{MARK_RADIUS}\" fill=\"#ffffff\" stroke=\"{OPENED_COLOUR}\" stroke-width=\"2\"/><text x=\"18\" y=\"12\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"bold\" fill=\"{OPENED_COLOUR}\">n</text>"),
            "step n opens".to_string(),
        ));
        marks.push((String::new(), "was ...: a room's state before".to_string()));
    }
    sections.push(("marks", marks));

    let per_row = (width / LEGEND_COLUMN).clamp(1, sections.len() as i64);
    let mut body = String::new();
    let mut top = 0;
    let mut used = 0;
    for row in sections.chunks(per_row as usize) {
        let mut tallest = 0;
        for (k, (heading, entries)) in row.iter().enumerate() {
            let x = k as i64 * LEGEND_COLUMN;
            body.push_str(&format!(
                "<text x=\"{x}\" y=\"{}\" font-weight=\"bold\">{heading}</text>\n",
                top + 14
            ));
            for (n, (sample, words)) in entries.iter().enumerate() {
                let y = top + (n as i64 + 1) * LINE + 4;
                body.push_str(&format!(
                    "<g transform=\"translate({x},{y})\">{sample}<text x=\"44\" y=\"12\">{}</text></g>\n",
                    escape(&draw::fit(words, 30))
                ));
            }
            tallest = tallest.max((entries.len() as i64 + 1) * LINE + 4);
            used = used.max(x + LEGEND_COLUMN - 20);
        }
        top += tallest + 10;
    }
    Legend {
        body,
        width: used,
        height: top - 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(
            escape("Tom & Jerry's <den> \"x\"\u{1}\u{FFFF}"),
            "Tom &amp; Jerry&apos;s &lt;den&gt; &quot;x&quot;  "
        );
    }

    /// A page lays any walk over the ship drawn without one: the layers of
    /// a walk are what the ship drawn with it holds, and the picture's
    /// size does not depend on the walk.
    #[test]
    fn a_walk_drawn_alone_fits_the_ship_drawn_without_it() {
        let board = crate::load::board(&crate::load::standard_board())
            .unwrap()
            .value;
        let movement = board.rules.movement(crate::model::ItemSet::default());
        let solution =
            crate::search::solve(&board, &movement, board.start, &Default::default()).unwrap();
        let size = |svg: &str| {
            svg.lines()
                .next()
                .unwrap()
                .split(" font-family")
                .next()
                .unwrap()
                .to_string()
        };
        let plain = element(&board, board.start, None);
        for outcome in &solution.outcomes {
            let (end, steps) =
                crate::referee::replay(&board, &movement, board.start, &outcome.actions).unwrap();
            let walk = Walk {
                title: "a walk",
                steps: &steps,
                end: &end,
            };
            let drawn = element(&board, board.start, Some(&walk));
            let layers = path_layers(&board, board.start, &steps, end.position);
            assert!(drawn.contains(&format!("<g class=\"path-lines\">\n{}</g>", layers.lines)));
            assert!(drawn.contains(&format!("<g class=\"path-marks\">\n{}</g>", layers.marks)));
            assert_eq!(layers.lines.matches("data-step").count(), steps.len());
            assert_eq!(layers.marks.matches("data-step").count(), steps.len() + 1);
            // A third line of heading, and nothing else, makes it taller.
            let (w, h) = (size(&plain), size(&drawn));
            assert_eq!(w.split(" height").next(), h.split(" height").next());
        }
    }

    #[test]
    fn every_hatch_style_has_its_own_stroke() {
        let strokes: Vec<String> = (0..dot::HATCH_STYLES.len())
            .map(|i| Stroke::of(HatchStateId(i as u8)).attributes())
            .collect();
        for (i, s) in strokes.iter().enumerate() {
            assert!(!strokes[..i].contains(s), "{s} twice");
        }
    }

    #[test]
    fn routes_stay_out_of_boxes() {
        let boxes: Vec<Point> = (0..5).flat_map(|c| (0..4).map(move |r| (c, r))).collect();
        let inside = |(x, y): Point| {
            boxes.iter().any(|&(c, r)| {
                let (l, t) = (c * (BOX_WIDTH + GAP_X), r * (BOX_HEIGHT + GAP_Y));
                x > l && x < l + BOX_WIDTH && y > t && y < t + BOX_HEIGHT
            })
        };
        for &a in &boxes {
            for &b in &boxes {
                if a == b {
                    continue;
                }
                for lane in [-20, 0, 20] {
                    let points = route(a, b, lane);
                    let back = route(b, a, lane);
                    assert_eq!(
                        points.iter().rev().copied().collect::<Vec<_>>(),
                        back,
                        "{a:?} {b:?}"
                    );
                    for w in points.windows(2) {
                        let straight = w[0].0 == w[1].0 || w[0].1 == w[1].1;
                        assert!(straight || points.len() == 2, "{a:?} {b:?}");
                        for k in 1..20 {
                            let p = along(&[w[0], w[1]], (k, 20));
                            assert!(!inside(p), "{a:?} {b:?} lane {lane}: {p:?} in a box");
                        }
                    }
                }
            }
        }
    }
}
