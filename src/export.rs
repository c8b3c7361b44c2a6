//! Compiled boards back to text: the interchange shape of `INTERCHANGE.md`
//! (YAML or JSON through serde) and the hatchway language.
//!
//! What is written reads back to the same model: the same rooms (ids, display
//! names, states), hatches, start room and rules. Rooms and hatches are
//! written in board order (the canonical order of [`Board`]), so that the
//! output does not depend on how the source file was laid out, and every
//! state is written out even where it is the rules' default, so that the
//! file says what it means without the rules at hand.

use serde::Serialize;

use crate::interchange::Format;
use crate::load;
use crate::model::Board;

pub use crate::load::RulesReference;

/// How a board's rules are named by default: by their built-in name when the
/// board is played by the built-in rules of that name, else by the name the
/// rules give themselves (which then reads back as a path; callers that know
/// where the rules file is should pass its path instead).
pub fn rules_reference(board: &Board) -> RulesReference {
    let name = &board.rules.name;
    match load::builtin_rules(name) {
        // A rules file may call itself `red-november` and still differ from
        // the built-in rules: only the same rules are named as built-in.
        Some(builtin) if *builtin == *board.rules => RulesReference::Builtin(name.clone()),
        _ => RulesReference::Path(name.clone()),
    }
}

/// A room id as the interchange shape writes it: a number when the id is
/// one (all digits, no leading zero, fits in 64 bits), else text. Ids such as
/// `007` stay text: as numbers they would read back as `7`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ExportedId {
    /// A whole number.
    Number(u64),
    /// Any other id.
    Text(String),
}

impl ExportedId {
    /// The id of a room as written.
    pub fn of(id: &str) -> ExportedId {
        let digits = !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit());
        let leading_zero = id.len() > 1 && id.starts_with('0');
        match id.parse::<u64>() {
            Ok(n) if digits && !leading_zero => ExportedId::Number(n),
            _ => ExportedId::Text(id.to_string()),
        }
    }
}

/// A room in the interchange shape.
#[derive(Clone, Debug, Serialize)]
pub struct ExportedRoom {
    /// Its id.
    pub id: ExportedId,
    /// Its state's name.
    pub state: String,
    /// Its display name, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Where `hatchway draw` puts it, `[column, row]`, when the board says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<[u16; 2]>,
}

/// A hatch in the interchange shape.
#[derive(Clone, Debug, Serialize)]
pub struct ExportedHatch {
    /// The two rooms it joins, the first in board order first.
    pub between: [ExportedId; 2],
    /// Its state's name.
    pub state: String,
}

/// A board in the interchange shape of `INTERCHANGE.md`, ready for serde.
#[derive(Clone, Debug, Serialize)]
pub struct ExportedBoard {
    /// The board's name.
    pub name: String,
    /// A built-in rules name or a path to a rules file.
    pub rules: String,
    /// The rooms, in board order.
    pub rooms: Vec<ExportedRoom>,
    /// The hatches, in board order.
    pub hatches: Vec<ExportedHatch>,
    /// The start room.
    pub start: ExportedId,
}

/// Why a board cannot be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// A name the hatchway language has no way to write (boards read from
    /// files never hold one: the checker refuses them; boards built in code
    /// may).
    #[error("the {what} `{text}` cannot be written in the hatchway language: {why}")]
    Unwritable {
        /// What the name names: `room id`, `board name`...
        what: &'static str,
        /// The name.
        text: String,
        /// Why not.
        why: &'static str,
    },
    /// serde refused the document.
    #[error("cannot write the board as {format}: {message}")]
    Serialize {
        /// `YAML` or `JSON`.
        format: &'static str,
        /// serde's message.
        message: String,
    },
}

/// The formats a board can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// The interchange shape as YAML.
    Yaml,
    /// The interchange shape as JSON.
    Json,
    /// The hatchway language.
    Hatchway,
}

/// The board in the interchange shape.
pub fn board_doc(board: &Board, rules: &RulesReference) -> ExportedBoard {
    let room_states = &board.rules.room_states;
    let hatch_states = &board.rules.hatch_states;
    let id = |r: crate::model::RoomId| ExportedId::of(&board.room(r).id);
    ExportedBoard {
        name: board.name.clone(),
        rules: rules.text().to_string(),
        rooms: board
            .rooms
            .iter()
            .map(|r| ExportedRoom {
                id: ExportedId::of(&r.id),
                state: state_name(room_states, usize::from(r.state.0)),
                name: r.name.clone(),
                at: r.position.map(|(c, row)| [c, row]),
            })
            .collect(),
        hatches: board
            .hatches
            .iter()
            .map(|h| ExportedHatch {
                between: [id(h.rooms[0]), id(h.rooms[1])],
                state: state_name(hatch_states, usize::from(h.state.0)),
            })
            .collect(),
        start: id(board.start),
    }
}

/// A state's name; a board built in code with a state its rules do not
/// declare gets the empty name, which reads back as an error instead of as
/// another state.
fn state_name(names: &[String], index: usize) -> String {
    names.get(index).cloned().unwrap_or_default()
}

/// The board as a YAML or JSON document (ending with a new line).
pub fn to_document(
    board: &Board,
    rules: &RulesReference,
    format: Format,
) -> Result<String, ExportError> {
    let doc = board_doc(board, rules);
    match format {
        Format::Yaml => serde_yaml::to_string(&doc).map_err(|e| ExportError::Serialize {
            format: "YAML",
            message: e.to_string(),
        }),
        Format::Json => serde_json::to_string_pretty(&doc)
            .map(|s| s + "\n")
            .map_err(|e| ExportError::Serialize {
                format: "JSON",
                message: e.to_string(),
            }),
    }
}

/// Whether a name can be written without quotes where the language takes a
/// title (board and built-in rules names): letters, digits, `_` and `-`, and
/// not a keyword.
fn is_title(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && !crate::syntax::keywords::is_reserved(text)
}

/// Whether a room id can be written: letters, digits and `_`, and not a
/// keyword.
fn is_room_id(text: &str) -> bool {
    !text.is_empty()
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !crate::syntax::keywords::is_reserved(text)
}

/// Whether a state name can be written: a letter or `_` first, then letters,
/// digits and `_`, and not a keyword.
fn is_state_name(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && is_room_id(text)
}

/// A text between quotes; the language has no escapes, so `"` and control
/// characters cannot be written at all.
fn quoted(text: &str, what: &'static str) -> Result<String, ExportError> {
    if text.chars().any(|c| c == '"' || c.is_control()) {
        return Err(ExportError::Unwritable {
            what,
            text: text.to_string(),
            why: "a quoted text cannot hold `\"` or control characters",
        });
    }
    Ok(format!("\"{text}\""))
}

/// A title, bare when it can be, else between quotes.
fn title(text: &str, what: &'static str) -> Result<String, ExportError> {
    if is_title(text) {
        Ok(text.to_string())
    } else {
        quoted(text, what)
    }
}

fn checked<'t>(
    text: &'t str,
    valid: fn(&str) -> bool,
    what: &'static str,
    why: &'static str,
) -> Result<&'t str, ExportError> {
    if valid(text) {
        Ok(text)
    } else {
        Err(ExportError::Unwritable {
            what,
            text: text.to_string(),
            why,
        })
    }
}

/// The board in the hatchway language: `board`, `rules`, one `room` line a
/// room, one `hatch` line a hatch, `start`.
pub fn to_language(board: &Board, rules: &RulesReference) -> Result<String, ExportError> {
    const ROOM_ID: &str = "a room id is letters, digits and `_`, and not a keyword";
    const STATE: &str = "a state name is a letter or `_`, then letters, digits and `_`";
    let room_id =
        |r: crate::model::RoomId| checked(&board.room(r).id, is_room_id, "room id", ROOM_ID);
    let room_states = &board.rules.room_states;
    let hatch_states = &board.rules.hatch_states;

    let mut out = format!("board {}\n", title(&board.name, "board name")?);
    match rules {
        RulesReference::Builtin(name) => {
            // Quoted, a built-in name would read back as a path.
            let name = checked(
                name,
                is_title,
                "built-in rules name",
                "a built-in rules name is letters, digits, `_` and `-`",
            )?;
            out.push_str(&format!("rules {name}\n"));
        }
        RulesReference::Path(path) => {
            out.push_str(&format!("rules {}\n", quoted(path, "rules path")?));
        }
    }
    out.push('\n');
    for room in &board.rooms {
        let id = checked(&room.id, is_room_id, "room id", ROOM_ID)?;
        let display = match &room.name {
            Some(name) => format!(" {}", quoted(name, "room name")?),
            None => String::new(),
        };
        let state = state_name(room_states, usize::from(room.state.0));
        let state = checked(&state, is_state_name, "room state", STATE)?;
        let at = room
            .position
            .map_or(String::new(), |(c, r)| format!(" at {c},{r}"));
        out.push_str(&format!("room {id}{display}{at}: {state}\n"));
    }
    if !board.hatches.is_empty() {
        out.push('\n');
    }
    for hatch in &board.hatches {
        let (a, b) = (room_id(hatch.rooms[0])?, room_id(hatch.rooms[1])?);
        let state = state_name(hatch_states, usize::from(hatch.state.0));
        let state = checked(&state, is_state_name, "hatch state", STATE)?;
        out.push_str(&format!("hatch {a}-{b}: {state}\n"));
    }
    out.push_str(&format!("\nstart {}\n", room_id(board.start)?));
    Ok(out)
}

/// The board in any format: the hatchway language, YAML or JSON, naming
/// its rules as `rules` says.
///
/// ```
/// use hatchway::{export, load};
///
/// let board = load::board_from_str("two", "board two\nroom 1\nroom 2: fire\nhatch 1-2\nstart 1\n")?.value;
/// let rules = export::rules_reference(&board);
/// let yaml = export::write(&board, &rules, export::ExportFormat::Yaml)?;
/// let again = load::board(&load::Input {
///     name: "two.yaml".to_string(),
///     text: yaml,
///     dir: None,
///     kind: load::InputKind::Document(load::Format::Yaml),
/// })?.value;
/// assert_eq!(again.room_states(), board.room_states());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(
    board: &Board,
    rules: &RulesReference,
    format: ExportFormat,
) -> Result<String, ExportError> {
    match format {
        ExportFormat::Yaml => to_document(board, rules, Format::Yaml),
        ExportFormat::Json => to_document(board, rules, Format::Json),
        ExportFormat::Hatchway => to_language(board, rules),
    }
}
