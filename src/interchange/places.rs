//! Where each value of a board document stands in its text, looked up
//! only for the values a problem points at.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Visitor};

use super::document::Format;
use super::offsets::{json_offset, token_start, value_end};
use super::reading::read_document;
use super::tree::unplaced;
use crate::diagnostic::{Label, Problem};
use crate::syntax::ast::{BoardFile, HatchDecl, Name, Position, RoomDecl, RulesRef, Span};

/// One step of the way to a value in a document: a key of a mapping or an
/// index into a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A mapping's key.
    Key(&'static str),
    /// A list's element.
    Index(usize),
}

/// The places of a document's values. A board read from YAML or JSON has no
/// spans of its own; [`read_board_placed`] gives each value a stand-in span
/// past the end of the text, and [`Places::locate`] replaces the stand-ins of
/// a problem's labels by the real places, looked up only when needed.
#[derive(Debug)]
pub struct Places {
    text: String,
    format: Format,
    paths: Vec<Vec<Step>>,
}

/// At most this many values are looked up for one document: each look-up
/// reads the document again.
pub(super) const MAX_LOOKUPS: usize = 64;

impl Places {
    fn base(&self) -> usize {
        self.text.len() + 1
    }

    /// A stand-in span for the value at `path`.
    fn stand_in(&mut self, path: Vec<Step>) -> Span {
        let start = self.base() + 2 * self.paths.len();
        self.paths.push(path);
        Span::new(start, start + 1)
    }

    fn name(&mut self, text: impl Into<String>, path: Vec<Step>) -> Name {
        Name::new(text, self.stand_in(path))
    }

    /// The format of the document.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Replaces the stand-in spans of a problem's labels by the places of
    /// their values in the text; labels whose value cannot be found are
    /// dropped.
    pub fn locate(&self, problem: &mut Problem) {
        let labels = std::mem::take(&mut problem.labels);
        problem.labels = labels
            .into_iter()
            .filter_map(|label| {
                if label.span.start < self.base() {
                    return Some(label);
                }
                let index = (label.span.start - self.base()) / 2;
                let path = self.paths.get(index)?;
                let span = self.find(path)?;
                Some(Label { span, ..label })
            })
            .collect();
    }

    fn find(&self, path: &[Step]) -> Option<Span> {
        let count = LOOKUPS.with(|c| {
            let n = c.get() + 1;
            c.set(n);
            n
        });
        if count > MAX_LOOKUPS {
            return None;
        }
        let text = self.text.as_str();
        let seek = Seek { path };
        let start = match self.format {
            Format::Json => {
                let mut d = serde_json::Deserializer::from_str(text);
                let e = de::DeserializeSeed::deserialize(seek, &mut d).err()?;
                if !e.to_string().contains(FOUND) {
                    return None;
                }
                // serde_json stops on the last character of the value (or on
                // the bracket that opens a mapping or list).
                token_start(text, json_offset(text, e.line(), e.column()))
            }
            Format::Yaml => {
                let d = serde_yaml::Deserializer::from_str(text);
                let e = de::DeserializeSeed::deserialize(seek, d).err()?;
                if !e.to_string().contains(FOUND) {
                    return None;
                }
                e.location()?.index()
            }
        };
        let start = start.min(text.len());
        if !text.is_char_boundary(start) || start == text.len() {
            return None;
        }
        Some(Span::new(start, value_end(text, start)))
    }
}

thread_local! {
    static LOOKUPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The message of the error a [`Seek`] stops with when it reaches its value.
pub(super) const FOUND: &str = "hatchway: found the value";

/// Walks a document down a path and stops with an error at the value there,
/// so that the reader's error tells where the value stands.
pub(super) struct Seek<'p> {
    path: &'p [Step],
}

impl<'de> de::DeserializeSeed<'de> for Seek<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

/// A mapping key of any type, as text when it is text.
pub(super) struct AnyKey(Option<String>);

impl<'de> Deserialize<'de> for AnyKey {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = AnyKey;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<AnyKey, E> {
                Ok(AnyKey(Some(v.to_string())))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<AnyKey, E> {
                Ok(AnyKey(None))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<AnyKey, E> {
                Ok(AnyKey(None))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<AnyKey, E> {
                Ok(AnyKey(None))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<AnyKey, E> {
                Ok(AnyKey(None))
            }
            fn visit_unit<E: de::Error>(self) -> Result<AnyKey, E> {
                Ok(AnyKey(None))
            }
        }
        d.deserialize_any(KeyVisitor)
    }
}

impl<'de> Visitor<'de> for Seek<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.scalar()
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.scalar()
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        self.scalar()
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.scalar()
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        self.scalar()
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.scalar()
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.scalar()
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let (first, rest) = match self.path.split_first() {
            None => return Err(de::Error::custom(FOUND)),
            Some((Step::Key(k), rest)) => (*k, rest),
            Some((Step::Index(_), _)) => return Ok(()),
        };
        while let Some(AnyKey(key)) = map.next_key()? {
            if key.as_deref() == Some(first) {
                return map.next_value_seed(Seek { path: rest });
            }
            map.next_value::<de::IgnoredAny>()?;
        }
        Ok(())
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let (index, rest) = match self.path.split_first() {
            None => return Err(de::Error::custom(FOUND)),
            Some((Step::Index(i), rest)) => (*i, rest),
            Some((Step::Key(_), _)) => return Ok(()),
        };
        for _ in 0..index {
            if seq.next_element::<de::IgnoredAny>()?.is_none() {
                return Ok(());
            }
        }
        seq.next_element_seed(Seek { path: rest }).map(|_| ())
    }
}

impl Seek<'_> {
    fn scalar<E: de::Error>(self) -> Result<(), E> {
        if self.path.is_empty() {
            Err(E::custom(FOUND))
        } else {
            Ok(())
        }
    }
}

/// Reads a YAML or JSON board into the syntax tree the checker takes, with
/// stand-in spans that [`Places::locate`] turns into places in the text.
pub fn read_board_placed(
    text: &str,
    format: Format,
    default_name: &str,
) -> Result<(BoardFile, Places), Problem> {
    let doc = read_document(text, format)?;
    let mut places = Places {
        text: text.to_string(),
        format,
        paths: Vec::new(),
    };
    LOOKUPS.with(|c| c.set(0));
    let key = Step::Key;
    let name = match doc.name {
        Some(n) => places.name(n, vec![key("name")]),
        None => unplaced(default_name),
    };
    let rules = doc
        .rules
        .map(|r| {
            let builtin = crate::builtin::rules_text(&r).is_some();
            let n = places.name(r, vec![key("rules")]);
            if builtin {
                RulesRef::Builtin(n)
            } else {
                RulesRef::Path(n)
            }
        })
        .into_iter()
        .collect();
    let rooms = doc
        .rooms
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let at = |k| vec![key("rooms"), Step::Index(i), key(k)];
            RoomDecl {
                id: places.name(r.id.0, at("id")),
                display: r.name.map(|n| places.name(n, at("name"))),
                position: r.at.map(|[c, row]| {
                    let column = places.name(c.to_string(), at("at"));
                    let row = places.name(row.to_string(), at("at"));
                    let span = column.span;
                    Position { column, row, span }
                }),
                state: r.state.map(|s| places.name(s, at("state"))),
            }
        })
        .collect();
    let hatches = doc
        .hatches
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            let at = |k| vec![key("hatches"), Step::Index(i), key(k)];
            let [a, b] = h.between;
            let end = |n: usize| {
                let mut p = at("between");
                p.push(Step::Index(n));
                p
            };
            HatchDecl {
                rooms: [places.name(a.0, end(0)), places.name(b.0, end(1))],
                state: h.state.map(|s| places.name(s, at("state"))),
                span: places.stand_in(vec![key("hatches"), Step::Index(i)]),
            }
        })
        .collect();
    let starts = doc
        .start
        .map(|s| places.name(s.0, vec![key("start")]))
        .into_iter()
        .collect();
    let board = BoardFile {
        name,
        rules,
        rooms,
        hatches,
        starts,
    };
    Ok((board, places))
}
