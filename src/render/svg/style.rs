//! How states look: the line of each hatch state, the pattern of each
//! room state, the definitions a picture refers to, and the style sheet a
//! page uses to change a state by changing a class.

use unicode_width::UnicodeWidthStr;

use super::super::dot::{self, PATH_COLOUR};
use super::geometry::Geometry;
use crate::model::{Board, HatchStateId, Rules, StateId};

/// The colour of borders and text.
pub(super) const INK: &str = "#404040";

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

/// How a hatch state's line is drawn: the line style of
/// [`dot::hatch_line`] in SVG.
pub(super) struct Stroke {
    width: i64,
    dashes: Option<&'static str>,
}

impl Stroke {
    pub fn of(state: HatchStateId) -> Stroke {
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
    pub fn attributes(&self) -> String {
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

/// A style sheet that gives each room and hatch of a picture the look of
/// the state its class names (`state-N`, `hatch-state-N`), over the
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
pub(super) fn pattern_fill(state: usize) -> String {
    if PATTERNS[state % PATTERNS.len()].is_empty() {
        "none".to_string()
    } else {
        format!("url(#hatchway-pattern-{state})")
    }
}

/// The width of the box that holds a room state's code.
pub(super) fn code_box_width(code: &str, geometry: &Geometry) -> i64 {
    (code.width() as i64 * geometry.column + 8).max(geometry.code_height())
}

/// The patterns of the rules' room states and the arrowhead of a path.
pub(super) fn defs(board: &Board) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hatch_style_has_its_own_stroke() {
        let strokes: Vec<String> = (0..dot::HATCH_STYLES.len())
            .map(|i| Stroke::of(HatchStateId(i as u8)).attributes())
            .collect();
        for (i, s) in strokes.iter().enumerate() {
            assert!(!strokes[..i].contains(s), "{s} twice");
        }
    }
}
