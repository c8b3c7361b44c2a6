//! Outcomes to text: the interchange document (JSON and YAML through serde),
//! the table for people, the step-by-step log, the ship as a picture in
//! the terminal, as SVG or as a Graphviz graph, and the whole turn as one
//! HTML page.
//!
//! The functions here are what the `hatchway` command prints, byte for
//! byte: [`outcomes`] is `paths`, [`replay`] is `replay`, [`drawing`] is
//! `draw`, [`svg()`] is `draw --format svg`, [`dot`] is `dot` and
//! [`report()`] is `report`.

use crate::answer::{Answer, Refused, Told, Turn};
use crate::model::{Board, RoomId};

pub(crate) mod changes;
pub(crate) mod compact;
pub(crate) mod document;
pub(crate) mod dot;
pub(crate) mod draw;
pub(crate) mod escape;
pub(crate) mod fixit;
pub(crate) mod menu;
pub(crate) mod replay;
pub(crate) mod report;
pub(crate) mod survival;
pub(crate) mod svg;
pub(crate) mod sweep;
pub(crate) mod table;

pub use document::FORMAT;

/// The form of a listing: the table or log a person reads, or a document of
/// INTERCHANGE.md for a program.
#[derive(Clone, Copy, Debug)]
pub enum Form {
    /// Text for people, in this style.
    Text(Style),
    /// Pretty-printed JSON, with `"format"` first.
    Json,
    /// YAML, with `format` first.
    Yaml,
}

/// Why something could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The serializer failed (it does not for the documents of this crate;
    /// the error is kept rather than hidden).
    #[error("cannot write the document: {0}")]
    Document(String),
    /// An outcome's path does not replay on the board: it was found on
    /// another board or under other rules, or hatchway has a bug.
    #[error(transparent)]
    Refused(#[from] Refused),
    /// The reader of the output went away (a closed pipe) while a document
    /// was written.
    #[error("the output was closed")]
    Closed,
}

/// Every outcome of an answer, with its number in the full listing: the
/// table `hatchway paths` prints, or its JSON or YAML document.
///
/// ```
/// use hatchway::answer::{Answer, Turn};
/// use hatchway::{load, render};
///
/// let board = load::board_from_str("two", "board two\nroom 1\nroom 2\nhatch 1-2\nstart 1\n")
///     .map_err(|f| format!("{} problems", f.reports.len()))?
///     .value;
/// let turn = Turn::new(board);
/// let solution = turn.solve(&Default::default())?;
/// let answer = Answer::new(&turn, &solution.outcomes);
/// let json = render::outcomes(&answer, render::Form::Json)?;
/// assert!(json.starts_with("{\n  \"format\": 1,"));
/// let table = render::outcomes(&answer, render::Form::Text(render::Style::plain()))?;
/// assert!(table.starts_with("two: start in room 1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn outcomes(answer: &Answer<'_>, form: Form) -> Result<String, RenderError> {
    match form {
        Form::Text(style) => Ok(table::outcomes(answer, style)),
        Form::Json | Form::Yaml => {
            document_text(&document::result_doc(answer)?, matches!(form, Form::Yaml))
        }
    }
}

/// Each outcome of an answer step by step: the log `hatchway replay`
/// prints (with the ship after each step), or its JSON or YAML document.
///
/// ```
/// use hatchway::answer::{Answer, Turn};
/// use hatchway::{load, render};
///
/// let board = load::board_from_str("two", "board two\nroom 1\nroom 2\nhatch 1-2\nstart 1\n")
///     .map_err(|f| format!("{} problems", f.reports.len()))?
///     .value;
/// let turn = Turn::new(board);
/// let solution = turn.solve(&Default::default())?;
/// let answer = Answer::shown(&turn, &solution.outcomes, |_, o| !o.actions.is_empty());
/// let log = render::replay(&answer, render::Form::Text(render::Style::plain()))?;
/// assert!(log.contains("open hatch 1-2"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(answer: &Answer<'_>, form: Form) -> Result<String, RenderError> {
    match form {
        Form::Text(style) => Ok(replay::turn_log(answer, style, false)?),
        Form::Json | Form::Yaml => {
            document_text(&document::replay_doc(answer)?, matches!(form, Form::Yaml))
        }
    }
}

/// The ship as `hatchway draw` draws it in the terminal: its rooms at their
/// places (or in board order, row by row, when the board places none),
/// each with its state, and the gnome in `start`.
pub fn drawing(board: &Board, start: RoomId, style: Style) -> String {
    let ship = crate::referee::Ship::new(board, start);
    draw::ship(board, &draw::View::of(&ship), style)
}

/// The ship as a Graphviz DOT graph, as `hatchway dot` writes it; with an
/// outcome, its path is drawn on top with step numbers, and rooms are
/// filled by their state at its end.
///
/// ```
/// use hatchway::answer::{Answer, Turn};
/// use hatchway::{load, render};
///
/// let board = load::board_from_str("two", "board two\nroom 1\nroom 2\nhatch 1-2\nstart 1\n")
///     .map_err(|f| format!("{} problems", f.reports.len()))?
///     .value;
/// let turn = Turn::new(board);
/// let solution = turn.solve(&Default::default())?;
/// let answer = Answer::new(&turn, &solution.outcomes);
/// let dot = render::dot(&turn, answer.outcomes().last())?;
/// assert!(dot.starts_with("graph \"two\" {"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dot(turn: &Turn, path: Option<&Told<'_>>) -> Result<String, RenderError> {
    drawn_with(path, |walk| dot::ship(&turn.board, turn.start, walk))
}

/// The ship as a standalone SVG document, as `hatchway draw --format svg`
/// writes it: every room where the board places it, filled by its state;
/// with an outcome, its path is drawn on top with its steps numbered, and
/// rooms and hatches take their state at its end.
///
/// ```
/// use hatchway::answer::{Answer, Turn};
/// use hatchway::{load, render};
///
/// let board = load::board_from_str("two", "board two\nroom 1\nroom 2\nhatch 1-2\nstart 1\n")
///     .map_err(|f| format!("{} problems", f.reports.len()))?
///     .value;
/// let turn = Turn::new(board);
/// let solution = turn.solve(&Default::default())?;
/// let answer = Answer::new(&turn, &solution.outcomes);
/// let svg = render::svg(&turn, answer.outcomes().last())?;
/// assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
/// assert!(svg.contains("data-step=\"2\""));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn svg(turn: &Turn, path: Option<&Told<'_>>) -> Result<String, RenderError> {
    drawn_with(path, |walk| svg::ship(&turn.board, turn.start, walk))
}

/// A picture drawn by `draw`, with `path` (when given) as the answer
/// replayed it drawn on top: the one way `dot` and `svg` take a path.
fn drawn_with(
    path: Option<&Told<'_>>,
    draw: impl Fn(Option<&dot::Walk<'_>>) -> String,
) -> Result<String, RenderError> {
    let Some(told) = path else {
        return Ok(draw(None));
    };
    let replay = told.replay().map_err(Refused::clone)?;
    let walk = dot::Walk {
        title: "path",
        steps: &replay.steps,
        end: &replay.end,
    };
    Ok(draw(Some(&walk)))
}

/// The turn as one self-contained HTML page, as `hatchway report` writes
/// it: the ship in SVG, every outcome of the answer as a button under the
/// room it ends in, and a script that draws a chosen outcome's path and
/// steps through it.
///
/// ```
/// use hatchway::answer::{Answer, Turn};
/// use hatchway::{load, render};
///
/// let board = load::board_from_str("two", "board two\nroom 1\nroom 2\nhatch 1-2\nstart 1\n")
///     .map_err(|f| format!("{} problems", f.reports.len()))?
///     .value;
/// let turn = Turn::new(board);
/// let solution = turn.solve(&Default::default())?;
/// let page = render::report(&Answer::new(&turn, &solution.outcomes))?;
/// assert!(page.starts_with("<!DOCTYPE html>"));
/// assert!(page.contains("data-outcome=\"2\""));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn report(answer: &Answer<'_>) -> Result<String, RenderError> {
    report::page(answer)
}

/// The turn's menu of fix-its (`choices`, from [`Answer::menu`]) as the
/// document `hatchway plan --format json` writes, or as YAML.
///
/// ```
/// use hatchway::answer::{Answer, Turn};
/// use hatchway::{load, render};
///
/// let input = load::board_input(std::path::Path::new("desperate-times"))?.input;
/// let turn = Turn::new(load::board(&input)?.value);
/// let solution = turn.solve(&Default::default())?;
/// let answer = Answer::new(&turn, &solution.outcomes);
/// let menu = render::menu_document(&answer, &answer.menu(None, None), false)?;
/// assert!(menu.contains("\"choices\": ["));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn menu_document(
    answer: &Answer<'_>,
    choices: &[crate::answer::Choice],
    yaml: bool,
) -> Result<String, RenderError> {
    document_text(&document::menu_doc(answer, choices, menu::ORDER)?, yaml)
}

/// The plans of one action at one room (`found`, from [`Answer::plans`],
/// on an answer of the outcomes that end there) as the document `hatchway
/// plan --action NAME --at ROOM --format json` writes, or as YAML.
///
/// ```
/// use hatchway::answer::{Answer, Turn};
/// use hatchway::{load, render};
///
/// let input = load::board_input(std::path::Path::new("desperate-times"))?.input;
/// let turn = Turn::new(load::board(&input)?.value);
/// let solution = turn.solve(&Default::default())?;
/// let action = turn.board.rules.turn.action("extinguish_fire").ok_or("no action")?;
/// let engine_room = turn.board.room_by_id("1").ok_or("no room 1")?;
/// let answer = Answer::shown(&turn, &solution.outcomes, |_, o| o.room == engine_room);
/// let plans = answer.plans(action, engine_room);
/// let doc = render::plans_document(&answer, action, engine_room, &plans, false)?;
/// assert!(doc.contains("\"action\": \"extinguish_fire\""));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn plans_document(
    answer: &Answer<'_>,
    action: crate::model::ActionId,
    at: RoomId,
    found: &crate::answer::Plans,
    yaml: bool,
) -> Result<String, RenderError> {
    let rules = answer.turn.movement.rules();
    let name = rules
        .turn
        .actions
        .get(usize::from(action.0))
        .map_or("", |a| a.name.as_str());
    document_text(&document::fixit_doc(answer, (name, at), found)?, yaml)
}

/// Problems as data, a JSON array with each as `check --format json` gives
/// one (`severity`, `code`, `file`, `message`, `line`, `column`, `labels`,
/// `help`): for programs that show them their own way.
///
/// ```
/// let failure = hatchway::load::board_from_str("x", "board x\nroom 1\nstart 2\n")
///     .err()
///     .ok_or("the board compiles")?;
/// let json = hatchway::render::diagnostics_json(&failure.reports);
/// assert!(json.contains(r#""code":"hatchway::unknown_room""#), "{json}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn diagnostics_json(reports: &[crate::diagnostic::Report]) -> String {
    let docs: Vec<document::DiagnosticDoc> = reports.iter().map(document::diagnostic_doc).collect();
    // The documents are strings, numbers and lists: serde_json writes them.
    serde_json::to_string(&docs).unwrap_or_else(|_| "[]".to_string())
}

/// A document of INTERCHANGE.md as text, with its format version first:
/// YAML, or pretty JSON ending in a line break. Every JSON and YAML output
/// of the crate goes through here.
pub(crate) fn document_text(
    doc: &impl serde::Serialize,
    yaml: bool,
) -> Result<String, RenderError> {
    let doc = document::Versioned::new(doc);
    if yaml {
        serde_yaml::to_string(&doc).map_err(|e| RenderError::Document(e.to_string()))
    } else {
        serde_json::to_string_pretty(&doc)
            .map(|s| s + "\n")
            .map_err(|e| RenderError::Document(e.to_string()))
    }
}

/// How output for people should look.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Whether to use colour.
    pub color: bool,
    /// The width to fit, in columns.
    pub width: usize,
    /// Whether text quotes the rule that decides each verdict, failure and
    /// term (`--explain`); the documents always carry it.
    pub explain: bool,
}

impl Style {
    /// Plain text at 80 columns: what tests pin and pipes get.
    pub fn plain() -> Style {
        Style {
            color: false,
            width: 80,
            explain: false,
        }
    }

    /// Wraps `text` in `style` when colour is on.
    pub fn paint(&self, style: anstyle::Style, text: &str) -> String {
        if self.color {
            format!("{style}{text}{style:#}")
        } else {
            text.to_string()
        }
    }
}

pub(crate) use crate::spelling::count;

/// `part` as a share of `whole`, to at most one decimal (none when
/// `tenths` is off) and with no digit it does not hold: `50%`, `33.3%`. A
/// share that is neither none nor all never rounds to `0%` or `100%`: it
/// shows as `<0.1%` or `>99.9%` (`<1%`, `>99%`).
pub(crate) fn percent(part: u64, whole: u64, tenths: bool) -> String {
    if whole == 0 || part == 0 {
        return "0%".to_string();
    }
    if part >= whole {
        return "100%".to_string();
    }
    let scale: u128 = if tenths { 1000 } else { 100 };
    // Rounded half up, in integers so that no float rounding shows.
    let n = (u128::from(part) * 2 * scale + u128::from(whole)) / (2 * u128::from(whole));
    let show = |n: u128| {
        if tenths && !n.is_multiple_of(10) {
            format!("{}.{}", n / 10, n % 10)
        } else if tenths {
            (n / 10).to_string()
        } else {
            n.to_string()
        }
    };
    if n == 0 {
        format!("<{}%", show(1))
    } else if n >= scale {
        format!(">{}%", show(scale - 1))
    } else {
        format!("{}%", show(n))
    }
}

/// The rooms whose state differs from the board's, with their new state:
/// `1 low_flood, 2 low_flood`; `None` when nothing changed.
pub(crate) fn changed_rooms(
    board: &crate::model::Board,
    rooms: &[crate::model::StateId],
) -> Option<String> {
    let parts = changed_room_list(board, rooms);
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// Each room whose state differs from the board's, as `id state`, in board
/// order.
pub(crate) fn changed_room_list(
    board: &crate::model::Board,
    rooms: &[crate::model::StateId],
) -> Vec<String> {
    board
        .rooms
        .iter()
        .zip(rooms)
        .filter(|(r, s)| r.state != **s)
        .map(|(r, s)| format!("{} {}", r.id, board.rules.say_room_state(*s)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_shares_say_what_they_hold() {
        assert_eq!(count(1u64, "solve"), "1 solve");
        assert_eq!(count(0u64, "solve"), "0 solves");
        assert_eq!(count(2u64, "hatch"), "2 hatches");
        assert_eq!(percent(1, 2, true), "50%");
        assert_eq!(percent(1, 3, true), "33.3%");
        assert_eq!(percent(2, 3, true), "66.7%");
        assert_eq!(percent(2, 3, false), "67%");
        assert_eq!(percent(3, 3, true), "100%");
        assert_eq!(percent(0, 3, true), "0%");
        assert_eq!(percent(1, 100_000, true), "<0.1%");
        assert_eq!(percent(1, 1000, false), "<1%");
        assert_eq!(percent(99_999, 100_000, true), ">99.9%");
        assert_eq!(percent(999, 1000, false), ">99%");
        assert_eq!(percent(1, 0, true), "0%");
    }
}
