//! A walk drawn over a file's picture: a band along the hatch of each
//! step (with an arrowhead for a move), each step's number beside its
//! line, and a border round the room where the walk ends. A report's page
//! draws the same marks itself, from the lines of its own pictures.

use super::super::dot::{OPENED_COLOUR, PATH_COLOUR};
use super::geometry::{Layout, beside, points_text};
use crate::model::{Board, HatchId, RoomId};
use crate::outcome::Action;
use crate::referee::Step;

/// A walk's layers: the SVG of the `path-lines` group and of the
/// `path-marks` group.
pub(super) struct PathLayers {
    /// A band along the hatch of each step, each with `data-step="N"`.
    pub lines: String,
    /// Each step's number beside its hatch, and the mark of the room where
    /// the walk ends, each with `data-step="N"` (the end's is the last
    /// step's).
    pub marks: String,
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

impl Layout {
    /// The layers of a walk: its steps' bands, their numbers beside the
    /// lines (evenly along a hatch that several steps use), and the end.
    pub(super) fn path(
        &self,
        board: &Board,
        start: RoomId,
        steps: &[Step],
        end: RoomId,
    ) -> PathLayers {
        let g = &self.geometry;
        let drawn = drawn_steps(board, start, steps);
        let mut lines = String::new();
        let mut marks = String::new();
        let (x, y) = self.corner(end);
        marks.push_str(&format!(
            "<rect class=\"path-end\" data-step=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"12\" fill=\"none\" stroke=\"{PATH_COLOUR}\" stroke-width=\"3\"/>\n",
            steps.len(),
            x - 8,
            y - 8,
            g.box_width + 16,
            g.box_height + 16
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
                "<polyline class=\"step-line {kind}\" data-step=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-opacity=\"0.5\"{arrow}/>\n",
                step.number,
                points_text(&points),
                g.step_width
            ));
            let on_hatch: Vec<usize> = drawn
                .iter()
                .filter(|s| s.hatch == step.hatch)
                .map(|s| s.number)
                .collect();
            let k = on_hatch.iter().position(|&n| n == step.number).unwrap_or(0);
            let (x, y) = beside(
                route,
                (k as i64 + 1, on_hatch.len() as i64 + 1),
                g.step_offset,
            );
            let (fill, text) = match step.through {
                None => ("#ffffff", OPENED_COLOUR),
                Some(_) => (PATH_COLOUR, "#ffffff"),
            };
            marks.push_str(&format!(
                "<g class=\"step-number {kind}\" data-step=\"{n}\">\n<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\" stroke=\"{colour}\" stroke-width=\"2\"/>\n<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\" font-weight=\"bold\" fill=\"{text}\">{n}</text>\n</g>\n",
                g.mark_radius,
                y + g.centred(g.small_font),
                g.small_font,
                n = step.number,
            ));
        }
        PathLayers { lines, marks }
    }
}
