//! Where everything of a ship stands, in the picture's own pixels: the
//! sizes of boxes, gaps and text ([`Geometry`]), the place of each room on
//! a grid ([`Arrangement`]), and the line of each hatch ([`Layout`]).
//! Nothing here depends on a walk, so that a walk's layers fit any picture
//! of the board drawn with the same geometry and arrangement.

use super::super::draw;
use crate::model::{Board, RoomId};

/// A point of the picture, in pixels.
pub(super) type Point = (i64, i64);

/// The sizes a picture is drawn with.
#[derive(Clone, Copy, Debug)]
pub(super) struct Geometry {
    /// Width of a room's box.
    pub box_width: i64,
    /// Height of a room's box.
    pub box_height: i64,
    /// Space between two columns of boxes: wide enough for a hatch's code
    /// and two step numbers side by side.
    pub gap_x: i64,
    /// Space between two rows of boxes.
    pub gap_y: i64,
    /// Size of room names, states, codes and the legend.
    pub font: i64,
    /// Size of a room's id.
    pub id_font: i64,
    /// Size of step numbers and of a room's former state.
    pub small_font: i64,
    /// Distance between two lines of a room's name.
    pub line: i64,
    /// Pixels a display column of text takes at most at `font`.
    pub column: i64,
    /// Display columns of text that fit in a box.
    pub text_columns: usize,
    /// Radius of the circles that hold a hatch's code and a step's number.
    pub mark_radius: i64,
    /// How far a step's number stands from its hatch's line.
    pub step_offset: i64,
    /// Width of the band a path's step draws under a hatch.
    pub step_width: i64,
    /// Distance between two lanes of hatch lines sharing a gap (five lanes
    /// to a gap).
    pub lane: i64,
}

impl Geometry {
    /// The sizes of `hatchway draw --format svg`: a picture shown at its
    /// own size.
    pub const FILE: Geometry = Geometry {
        box_width: 150,
        box_height: 96,
        gap_x: 80,
        gap_y: 80,
        font: 12,
        id_font: 13,
        small_font: 11,
        line: 15,
        column: 7,
        text_columns: 20,
        mark_radius: 9,
        step_offset: 20,
        step_width: 7,
        lane: 10,
    };

    /// The sizes of the report's pictures, which are scaled to the width
    /// of the page: text large against the boxes, so that it stays at least
    /// 12 CSS pixels high when five columns of boxes share a laptop's
    /// column or two share a phone's.
    pub const PAGE: Geometry = Geometry {
        box_width: 128,
        box_height: 114,
        gap_x: 58,
        gap_y: 62,
        font: 15,
        id_font: 16,
        small_font: 14,
        line: 17,
        column: 8,
        text_columns: 14,
        mark_radius: 11,
        step_offset: 23,
        step_width: 8,
        lane: 8,
    };

    /// The top left of the box at a place (column, row).
    pub fn corner(&self, (c, r): Point) -> Point {
        (
            c * (self.box_width + self.gap_x),
            r * (self.box_height + self.gap_y),
        )
    }

    /// The baseline of a room's id (and code) below the box's top.
    pub fn id_baseline(&self) -> i64 {
        self.id_font + 5
    }

    /// The baseline of the first line of a room's name.
    pub fn name_baseline(&self) -> i64 {
        self.id_baseline() + self.font + 8
    }

    /// The height of the box holding a room state's code.
    pub fn code_height(&self) -> i64 {
        self.font + 5
    }

    /// How far below a mark's centre the baseline of its text stands.
    pub fn centred(&self, font: i64) -> i64 {
        (font + 1) / 3
    }
}

/// Where a picture's boxes stand on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arrangement {
    /// Where the board places them, or `hatchway draw`'s rows when it does
    /// not place every room.
    Board,
    /// At most this many columns: the board's places when they fit, turned
    /// a quarter (columns for rows) when that fits, otherwise the rooms in
    /// reading order (by the board's rows, then columns) in rows of that
    /// many.
    Columns(i64),
}

/// The width, in display columns, an unplaced board is laid out in: that
/// of a pipe, so that the rows are those `hatchway draw` prints to a file.
const LAYOUT_COLUMNS: usize = 80;

impl Arrangement {
    /// Each room's place (column, row).
    fn places(self, board: &Board) -> Vec<Point> {
        let places = match self {
            Arrangement::Board => draw::layout(board, LAYOUT_COLUMNS),
            Arrangement::Columns(most) => {
                draw::arrange(board, LAYOUT_COLUMNS, most.max(1) as usize)
            }
        };
        places
            .into_iter()
            .map(|(c, r)| (c as i64, r as i64))
            .collect()
    }
}

/// The boxes and lines of a ship: the place of each room on the grid, the
/// line of each hatch and where its code stands.
pub(super) struct Layout {
    /// The sizes it is drawn with.
    pub geometry: Geometry,
    /// Each room's place on the grid (column, row).
    pub places: Vec<Point>,
    /// Each hatch's line, from its first room to its second.
    pub routes: Vec<Vec<Point>>,
    /// Where each hatch's code stands.
    pub codes: Vec<Point>,
}

impl Layout {
    pub fn of(board: &Board, geometry: Geometry, arrangement: Arrangement) -> Layout {
        let places = arrangement.places(board);
        let place = |r: RoomId| places.get(r.index()).copied().unwrap_or((0, 0));
        // Hatches that need the gaps share them: each gets its own lane
        // (five lanes to a gap), so that their lines stay apart.
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
                    ((lanes - 1) % 5 - 2) * geometry.lane
                };
                geometry.route(a, b, lane)
            })
            .collect();
        // A hatch's code stands in the middle of its line, or a quarter
        // further when that would cover the code of another hatch (two
        // diagonals that cross in the same corner).
        let mut codes: Vec<Point> = Vec::with_capacity(routes.len());
        let apart = 2 * geometry.mark_radius + 2;
        for points in &routes {
            let middle = along(points, (1, 2));
            let covers = codes
                .iter()
                .any(|q| (middle.0 - q.0).pow(2) + (middle.1 - q.1).pow(2) < apart.pow(2));
            codes.push(if covers {
                along(points, (3, 4))
            } else {
                middle
            });
        }
        Layout {
            geometry,
            places,
            routes,
            codes,
        }
    }

    /// The top left of a room's box.
    pub fn corner(&self, room: RoomId) -> Point {
        self.geometry
            .corner(self.places.get(room.index()).copied().unwrap_or((0, 0)))
    }

    /// The smallest and largest corners of what the picture may hold: every
    /// box, every line, the steps' numbers beside any line, and the marks
    /// around the boxes.
    pub fn extent(&self) -> (Point, Point) {
        let g = &self.geometry;
        let columns = self.places.iter().map(|p| p.0 + 1).max().unwrap_or(1);
        let rows = self.places.iter().map(|p| p.1 + 1).max().unwrap_or(1);
        let mut low = (0, 0);
        let mut high = (
            columns * (g.box_width + g.gap_x) - g.gap_x,
            rows * (g.box_height + g.gap_y) - g.gap_y,
        );
        let reach = g.mark_radius + g.step_offset;
        for &(x, y) in self.routes.iter().flatten() {
            low = (low.0.min(x - reach), low.1.min(y - reach));
            high = (high.0.max(x + reach), high.1.max(y + reach));
        }
        ((low.0 - 10, low.1 - 10), (high.0 + 10, high.1 + 10))
    }
}

/// Whether two places are next to each other, side by side, one above the
/// other or corner to corner, so that a straight line joins their boxes
/// across the gaps between them.
pub(super) fn next_to(a: Point, b: Point) -> bool {
    a != b && a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
}

impl Geometry {
    /// The line of a hatch between the boxes at two places (column, row),
    /// from the edge of the first box to the edge of the second. Boxes next
    /// to each other are joined straight across their gap, or their
    /// corner; the others along the gaps between rows and columns, `lane`
    /// pixels off the middle of each gap, so that no line crosses a box.
    pub fn route(&self, a: Point, b: Point, lane: i64) -> Vec<Point> {
        let (bw, bh) = (self.box_width, self.box_height);
        let left = |c: i64| c * (bw + self.gap_x);
        let top = |r: i64| r * (bh + self.gap_y);
        let centre_x = |c: i64| left(c) + bw / 2;
        let centre_y = |r: i64| top(r) + bh / 2;
        // How far from a box's corner a diagonal leaves it.
        let inset = bw * 2 / 15;
        if next_to(a, b) && a.0 != b.0 && a.1 != b.1 {
            // From the bottom of the upper box, near the corner, to the top
            // of the lower one: the line runs between the two other boxes
            // of the corner without touching them.
            let (upper, lower) = if a.1 < b.1 { (a, b) } else { (b, a) };
            let (from, to) = if lower.0 > upper.0 {
                (left(upper.0) + bw - inset, left(lower.0) + inset)
            } else {
                (left(upper.0) + inset, left(lower.0) + bw - inset)
            };
            let mut points = vec![(from, top(upper.1) + bh), (to, top(lower.1))];
            if upper != a {
                points.reverse();
            }
            return points;
        }
        if next_to(a, b) {
            return if a.1 == b.1 {
                let (from, to) = if a.0 < b.0 {
                    (left(a.0) + bw, left(b.0))
                } else {
                    (left(a.0), left(b.0) + bw)
                };
                vec![(from, centre_y(a.1)), (to, centre_y(b.1))]
            } else {
                let (from, to) = if a.1 < b.1 {
                    (top(a.1) + bh, top(b.1))
                } else {
                    (top(a.1), top(b.1) + bh)
                };
                vec![(centre_x(a.0), from), (centre_x(b.0), to)]
            };
        }
        if a.1 == b.1 {
            // Along the gap above the row.
            let y = top(a.1) - self.gap_y / 2 + lane;
            let (xa, xb) = (centre_x(a.0) + lane, centre_x(b.0) + lane);
            return vec![(xa, top(a.1)), (xa, y), (xb, y), (xb, top(b.1))];
        }
        if a.0 == b.0 {
            // Along the gap left of the column.
            let x = left(a.0) - self.gap_x / 2 + lane;
            let (ya, yb) = (centre_y(a.1) + lane, centre_y(b.1) + lane);
            return vec![(left(a.0), ya), (x, ya), (x, yb), (left(b.0), yb)];
        }
        // Down from the upper box into the gap below its row; when the
        // lower box is further down, along the gap beside its column to the
        // gap above its row; then across and down into it.
        let (upper, lower) = if a.1 < b.1 { (a, b) } else { (b, a) };
        let below = top(upper.1) + bh + self.gap_y / 2 + lane;
        let (xu, xl) = (centre_x(upper.0) + lane, centre_x(lower.0) + lane);
        let mut points = vec![(xu, top(upper.1) + bh), (xu, below)];
        if lower.1 - upper.1 > 1 {
            let x = if lower.0 > upper.0 {
                left(lower.0) - self.gap_x / 2 + lane
            } else {
                left(lower.0) + bw + self.gap_x / 2 + lane
            };
            let above = top(lower.1) - self.gap_y / 2 + lane;
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
}

/// The point at the fraction `part.0 / part.1` of a line's length.
pub(super) fn along(points: &[Point], part: (i64, i64)) -> Point {
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
/// length: `offset` pixels to its left, going from its first point, so
/// that a mark there leaves the line's own marks free.
pub(super) fn beside(points: &[Point], part: (i64, i64), offset: i64) -> Point {
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
        x + (nx * offset as f64).round() as i64,
        y + (ny * offset as f64).round() as i64,
    )
}

/// Points as an SVG `points` attribute.
pub(super) fn points_text(points: &[Point]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_stay_out_of_boxes() {
        for g in [Geometry::FILE, Geometry::PAGE] {
            let boxes: Vec<Point> = (0..5).flat_map(|c| (0..4).map(move |r| (c, r))).collect();
            let inside = |(x, y): Point| {
                boxes.iter().any(|&place| {
                    let (l, t) = g.corner(place);
                    x > l && x < l + g.box_width && y > t && y < t + g.box_height
                })
            };
            for &a in &boxes {
                for &b in &boxes {
                    if a == b {
                        continue;
                    }
                    for lane in [-2 * g.lane, 0, 2 * g.lane] {
                        let points = g.route(a, b, lane);
                        let back = g.route(b, a, lane);
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

    /// A page's arrangement keeps the board's places when they fit, turns
    /// them when that fits, and otherwise fills rows in reading order;
    /// never two rooms in one place.
    #[test]
    fn arrangements_fit_their_columns() {
        // The board of two rows of five rooms, placed as the boat is drawn.
        let named = crate::load::board_input(std::path::Path::new("red-november")).unwrap();
        let standard = crate::load::board(&named.input).unwrap().value;
        let wide = Arrangement::Columns(5).places(&standard);
        let turned = Arrangement::Columns(2).places(&standard);
        let placed = Arrangement::Board.places(&standard);
        assert_eq!(wide, placed);
        let quarter: Vec<Point> = placed.iter().map(|&(c, r)| (r, c)).collect();
        assert_eq!(turned, quarter);
        let reflowed = Arrangement::Columns(1).places(&standard);
        assert!(reflowed.iter().all(|p| p.0 == 0));
        for places in [wide, turned, reflowed] {
            let mut seen = places.clone();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), places.len());
        }
    }
}
