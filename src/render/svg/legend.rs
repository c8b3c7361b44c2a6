//! What each look of a picture means: each room state's fill, pattern and
//! code, each hatch state's line and code, and the marks of the start and
//! of a path. A file's picture draws it under the ship ([`legend`]); a
//! page lays the same samples out in its own text ([`sample`]).

use super::super::dot::{self, OPENED_COLOUR, PATH_COLOUR};
use super::super::draw;
use super::super::replay::state_codes;
use super::geometry::Geometry;
use super::style::{INK, Stroke, pattern_fill};
use crate::model::{Board, HatchStateId, StateId};
use crate::render::escape;

/// Height of a line of the legend.
const LINE: i64 = 20;
/// Width of a column of the legend.
const LEGEND_COLUMN: i64 = 230;

/// The marks a legend explains besides the states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The thin border of the room the turn starts in.
    Start,
    /// The red border of a room: the gnome's room, or where a path ends.
    Here,
    /// The band and number of a step that goes through a hatch.
    Through,
    /// The band and number of a step that opens a hatch.
    Opens,
}

/// One entry: a sample drawn in a 36 by 16 box at the origin, and its
/// words.
pub struct Entry {
    /// The sample, SVG drawn at the origin.
    pub sample: String,
    /// What it means.
    pub words: String,
}

/// The sample of a mark.
pub fn mark_sample(mark: Mark) -> String {
    let r = Geometry::FILE.mark_radius;
    let band = Geometry::FILE.step_width;
    match mark {
        Mark::Start => format!(
            "<rect x=\"2\" y=\"1\" width=\"32\" height=\"14\" rx=\"4\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1.5\"/><rect x=\"5\" y=\"4\" width=\"26\" height=\"8\" rx=\"2\" fill=\"#ffffff\" stroke=\"{INK}\"/>"
        ),
        Mark::Here => format!(
            "<rect x=\"2\" y=\"1\" width=\"32\" height=\"14\" rx=\"4\" fill=\"none\" stroke=\"{PATH_COLOUR}\" stroke-width=\"3\"/>"
        ),
        Mark::Through => format!(
            "<line x1=\"0\" y1=\"8\" x2=\"36\" y2=\"8\" stroke=\"{PATH_COLOUR}\" stroke-width=\"{band}\" stroke-opacity=\"0.5\"/><circle cx=\"18\" cy=\"8\" r=\"{r}\" fill=\"{PATH_COLOUR}\"/><text x=\"18\" y=\"12\" text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\" fill=\"#ffffff\">n</text>"
        ),
        Mark::Opens => format!(
            "<line x1=\"0\" y1=\"8\" x2=\"36\" y2=\"8\" stroke=\"{OPENED_COLOUR}\" stroke-width=\"{band}\" stroke-opacity=\"0.5\"/><circle cx=\"18\" cy=\"8\" r=\"{r}\" fill=\"#ffffff\" stroke=\"{OPENED_COLOUR}\" stroke-width=\"2\"/><text x=\"18\" y=\"12\" text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\" fill=\"{OPENED_COLOUR}\">n</text>"
        ),
    }
}

/// The room states and the hatch states of the board's rules, each
/// section with its heading.
pub fn states(board: &Board) -> Vec<(&'static str, Vec<Entry>)> {
    let rules = &board.rules;
    let room_codes = state_codes(rules);
    let hatch_codes = draw::hatch_codes(&rules.hatch_states);
    let rooms = rules
        .room_states
        .iter()
        .enumerate()
        .map(|(s, name)| {
            let code = room_codes.get(s).map_or("?", String::as_str);
            Entry {
                sample: format!(
                    "<rect width=\"36\" height=\"16\" rx=\"3\" fill=\"{}\" stroke=\"{INK}\"/><rect width=\"36\" height=\"16\" rx=\"3\" fill=\"{}\" stroke=\"none\"/><text x=\"18\" y=\"12\" text-anchor=\"middle\" font-weight=\"bold\">{}</text>",
                    dot::room_fill(StateId(s as u8)),
                    pattern_fill(s),
                    escape::xml(code)
                ),
                words: rules.say(name).into_owned(),
            }
        })
        .collect();
    let hatches = rules
        .hatch_states
        .iter()
        .enumerate()
        .map(|(s, name)| {
            let state = HatchStateId(s as u8);
            let (_, colour) = dot::hatch_line(state);
            let code = hatch_codes.get(s).copied().unwrap_or('?');
            Entry {
                sample: format!(
                    "<line x1=\"0\" y1=\"8\" x2=\"36\" y2=\"8\" stroke=\"{colour}\"{}/><circle cx=\"18\" cy=\"8\" r=\"9\" fill=\"#ffffff\" stroke=\"{colour}\"/><text x=\"18\" y=\"12\" text-anchor=\"middle\" fill=\"{colour}\">{}</text>",
                    Stroke::of(state).attributes(),
                    escape::xml(&code.to_string())
                ),
                words: rules.say(name).into_owned(),
            }
        })
        .collect();
    vec![("room states", rooms), ("hatch states", hatches)]
}

/// A sample as an `<svg>` element of its own, to stand in a page's text.
pub fn sample(sample: &str) -> String {
    format!(
        "<svg class=\"sample\" width=\"36\" height=\"16\" viewBox=\"0 0 36 16\" font-family=\"{}\" font-size=\"12\" fill=\"{INK}\" aria-hidden=\"true\">{sample}</svg>",
        super::FONT
    )
}

/// The legend of a file's picture, laid out: its SVG and its size.
pub(super) struct Legend {
    pub body: String,
    pub width: i64,
    pub height: i64,
}

/// The legend under a file's picture: the states and the marks (a path's
/// when `walk` is set), in as many columns as fit `width` pixels.
pub(super) fn legend(board: &Board, walk: bool, width: i64) -> Legend {
    let mut sections = states(board);
    let mut marks = vec![Entry {
        sample: mark_sample(Mark::Start),
        words: "start room".to_string(),
    }];
    if walk {
        marks.extend([
            Entry {
                sample: mark_sample(Mark::Here),
                words: "where the path ends".to_string(),
            },
            Entry {
                sample: mark_sample(Mark::Through),
                words: "step n goes through".to_string(),
            },
            Entry {
                sample: mark_sample(Mark::Opens),
                words: "step n opens".to_string(),
            },
            Entry {
                sample: String::new(),
                words: "was ...: a room's state before".to_string(),
            },
        ]);
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
            for (n, entry) in entries.iter().enumerate() {
                let y = top + (n as i64 + 1) * LINE + 4;
                body.push_str(&format!(
                    "<g transform=\"translate({x},{y})\">{}<text x=\"44\" y=\"12\">{}</text></g>\n",
                    entry.sample,
                    escape::xml(&draw::fit(&entry.words, 30))
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
