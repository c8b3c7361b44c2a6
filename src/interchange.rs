//! Boards as YAML or JSON (the shape of `INTERCHANGE.md`), read into the same
//! syntax tree as the hatchway language so that the same checks apply.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Visitor};

use crate::diagnostic::Problem;
use crate::syntax::ast::{BoardFile, HatchDecl, Name, RoomDecl, RulesRef, Span};

/// A room id: a whole number or a name; always text once read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Id(pub String);

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct IdVisitor;
        impl Visitor<'_> for IdVisitor {
            type Value = Id;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a room id (a whole number or a name)")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Id, E> {
                Ok(Id(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Id, E> {
                if v < 0 {
                    Err(E::custom(format!("room id `{v}` is negative")))
                } else {
                    Ok(Id(v.to_string()))
                }
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Id, E> {
                Err(E::custom(format!(
                    "room id `{v}` is not a whole number that fits; write long ids as text"
                )))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Id, E> {
                Ok(Id(v.to_string()))
            }
        }
        d.deserialize_any(IdVisitor)
    }
}

/// A room in the interchange shape.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomDoc {
    /// Its id.
    pub id: Id,
    /// Its state; the rules' first room state when missing.
    #[serde(default)]
    pub state: Option<String>,
    /// Its display name.
    #[serde(default)]
    pub name: Option<String>,
}

/// A hatch in the interchange shape.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HatchDoc {
    /// The two rooms it joins.
    pub between: [Id; 2],
    /// Its state; the rules' first hatch state when missing.
    #[serde(default)]
    pub state: Option<String>,
}

/// A board in the interchange shape.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardDoc {
    /// The board's name.
    #[serde(default)]
    pub name: Option<String>,
    /// A built-in rules name or a path relative to the board file.
    #[serde(default)]
    pub rules: Option<String>,
    /// The rooms.
    pub rooms: Vec<RoomDoc>,
    /// The hatches.
    #[serde(default)]
    pub hatches: Vec<HatchDoc>,
    /// The start room.
    pub start: Option<Id>,
}

/// Which kind of text a board document is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// YAML.
    Yaml,
    /// JSON.
    Json,
}

fn unplaced(text: impl Into<String>) -> Name {
    Name::new(text, Span::default())
}

fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return offset
                + l.char_indices()
                    .nth(column.saturating_sub(1))
                    .map_or(l.len(), |(o, _)| o);
        }
        offset += l.len();
    }
    text.len()
}

fn problem(message: String, at: Option<usize>, text: &str) -> Problem {
    let p = Problem::error("hatchway::invalid_document", message);
    match at {
        Some(start) => {
            let end = text[start.min(text.len())..]
                .find(['\n', ',', '}', ']'])
                .map_or(text.len(), |e| start + e)
                .max(start + 1);
            p.label(Span::new(start, end), "here")
        }
        None => p,
    }
    .help("see INTERCHANGE.md for the board shape: name, rules, rooms, hatches, start")
}

/// Reads a YAML or JSON board into the syntax tree the checker takes.
/// `default_name` is used when the document has no `name`.
pub fn read_board(text: &str, format: Format, default_name: &str) -> Result<BoardFile, Problem> {
    let doc: BoardDoc = match format {
        Format::Json => serde_json::from_str(text).map_err(|e| {
            let at = (e.line() > 0).then(|| offset_of(text, e.line(), e.column()));
            problem(clean_message(&e.to_string()), at, text)
        })?,
        Format::Yaml => serde_yaml::from_str(text).map_err(|e| {
            let at = e.location().map(|l| l.index());
            problem(clean_message(&e.to_string()), at, text)
        })?,
    };
    Ok(board_file(doc, default_name, text.len()))
}

/// serde's messages end with " at line X column Y", which the label shows
/// already.
fn clean_message(message: &str) -> String {
    let cut = message.find(" at line ").unwrap_or(message.len());
    message[..cut].to_string()
}

/// Turns a parsed document into the syntax tree the checker takes.
pub fn board_file(doc: BoardDoc, default_name: &str, len: usize) -> BoardFile {
    BoardFile {
        name: unplaced(doc.name.unwrap_or_else(|| default_name.to_string())),
        rules: doc
            .rules
            .map(|r| {
                if crate::builtin::rules_text(&r).is_some() {
                    RulesRef::Builtin(unplaced(r))
                } else {
                    RulesRef::Path(unplaced(r))
                }
            })
            .into_iter()
            .collect(),
        rooms: doc
            .rooms
            .into_iter()
            .map(|r| RoomDecl {
                id: unplaced(r.id.0),
                display: r.name.map(unplaced),
                state: r.state.map(unplaced),
            })
            .collect(),
        hatches: doc
            .hatches
            .into_iter()
            .map(|h| {
                let [a, b] = h.between;
                HatchDecl {
                    rooms: [unplaced(a.0), unplaced(b.0)],
                    state: h.state.map(unplaced),
                    span: Span::default(),
                }
            })
            .collect(),
        starts: doc.start.map(|s| unplaced(s.0)).into_iter().collect(),
        end: Span::new(len.saturating_sub(1), len),
    }
}
