//! JSON board documents read straight onto a kept layout.
//!
//! Reading a document into its owned shape ([`BoardDoc`]) cost a batch
//! line several times its search. Two cheaper readings come first:
//!
//! - [`Template::read`]: a document that is the last one read onto the
//!   layout but for its position (room and hatch states, start, name) is
//!   compared with that one byte for byte between the places where those
//!   values stand, and only the values are read. Since each value is
//!   replaced by another value of a kind the full reading accepts there,
//!   the document is as sound as the one it is compared with.
//! - [`learn`]: serde_json reads the document through seeds that compare
//!   each id, name, place and hatch with the layout as they are read and
//!   check each value of the position, noting where it stands: the
//!   template for the documents after it. A document that does not fit
//!   stops them at its first difference, before anything is copied.
//!
//! Both accept only what the full reading accepts and give the same board
//! for it: anything else (a layout that differs, an unknown field or
//! state, a value with escapes, a duplicate field, bad JSON) stops them,
//! and the document is read the full way, which says what is wrong.
//!
//! [`BoardDoc`]: crate::interchange::BoardDoc

use std::cell::RefCell;
use std::fmt;
use std::ops::Range;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use super::Layout;
use crate::model::{Board, HatchStateId, RoomId, StateId};

/// A document read onto a layout, with the places where its position is
/// written: the text between them is the layout, the same in every
/// document read from this template.
#[derive(Debug)]
pub(super) struct Template {
    text: String,
    /// The values of the position, in the order they stand in `text`.
    holes: Vec<Hole>,
    /// The board the document gave, but for its name; rooms and hatches
    /// whose state is not written have the rules' first state.
    board: Board,
}

/// A value of the position: where it stands and what it sets.
#[derive(Debug)]
struct Hole {
    at: Range<usize>,
    sets: Sets,
}

/// What a value of the position sets.
#[derive(Clone, Copy, Debug)]
enum Sets {
    /// A room's state.
    Room(RoomId),
    /// A hatch's state, by its place on the board.
    Hatch(usize),
    /// The start.
    Start,
    /// The board's name.
    Name,
}

/// A JSON value of the kinds a position is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scalar<'a> {
    Null,
    /// A string with no escapes (so its text is as written).
    Text(&'a str),
    /// A whole number that fits in 64 bits, as written.
    Number(&'a str),
}

/// The scalar at the start of `text` and its length; `None` for anything
/// else, a string with escapes or control characters among them.
fn scalar(text: &str) -> Option<(Scalar<'_>, usize)> {
    let bytes = text.as_bytes();
    match *bytes.first()? {
        b'"' => {
            // States and ids are a few bytes long: a plain loop finds the
            // closing quote sooner than a vectorised search is set up.
            let mut end = 1;
            loop {
                match *bytes.get(end)? {
                    b'"' => break,
                    b'\\' | ..0x20 => return None,
                    _ => end += 1,
                }
            }
            Some((Scalar::Text(&text[1..end]), end + 1))
        }
        b'n' => bytes.starts_with(b"null").then_some((Scalar::Null, 4)),
        b'0'..=b'9' => {
            let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            let number = &text[..digits];
            if digits > 1 && bytes[0] == b'0' || number.parse::<u64>().is_err() {
                return None;
            }
            Some((Scalar::Number(number), digits))
        }
        _ => None,
    }
}

impl Template {
    /// The board of a document that is this template's but for the values
    /// of its position; `None` for any other document.
    pub(super) fn read(&self, layout: &Layout, text: &str, default_name: &str) -> Option<Board> {
        let mut board = self.board.clone();
        let mut name = None;
        let (mut from, mut at) = (0, 0);
        for hole in &self.holes {
            let same = &self.text[from..hole.at.start];
            if text.as_bytes().get(at..at + same.len())? != same.as_bytes() {
                return None;
            }
            at += same.len();
            let (value, length) = scalar(text.get(at..)?)?;
            match resolve(layout, hole.sets, value)? {
                Setting::Room(room, state) => board.rooms[room.index()].state = state,
                Setting::Hatch(hatch, state) => board.hatches[hatch].state = state,
                Setting::Start(room) => board.start = room,
                Setting::Name(written) => name = written,
            }
            at += length;
            from = hole.at.end;
        }
        if text.get(at..)? != &self.text[from..] {
            return None;
        }
        named(board, name, default_name)
    }
}

/// What a value of the position sets, resolved.
enum Setting<'a> {
    Room(RoomId, StateId),
    Hatch(usize, HatchStateId),
    Start(RoomId),
    Name(Option<&'a str>),
}

/// What `value` sets where it stands; `None` when it cannot stand there
/// (a state the rules do not have, a start that is no room, a value of
/// another kind).
fn resolve<'a>(layout: &Layout, sets: Sets, value: Scalar<'a>) -> Option<Setting<'a>> {
    let rules = &layout.board.rules;
    Some(match (sets, value) {
        (Sets::Room(room), Scalar::Null) => Setting::Room(room, StateId(0)),
        (Sets::Room(room), Scalar::Text(s)) => Setting::Room(room, rules.room_state_meant(s)?),
        (Sets::Hatch(hatch), Scalar::Null) => Setting::Hatch(hatch, HatchStateId(0)),
        (Sets::Hatch(hatch), Scalar::Text(s)) => Setting::Hatch(hatch, rules.hatch_state_meant(s)?),
        (Sets::Start, Scalar::Text(id) | Scalar::Number(id)) => {
            let place = layout.key.rooms.iter().position(|(i, _, _)| i == id)?;
            Setting::Start(layout.room_at[place])
        }
        (Sets::Name, Scalar::Null) => Setting::Name(None),
        (Sets::Name, Scalar::Text(s)) => Setting::Name(Some(s)),
        _ => return None,
    })
}

/// The board with its name, or the default name; `None` for a name the
/// checks would refuse.
fn named(mut board: Board, name: Option<&str>, default_name: &str) -> Option<Board> {
    let name = name.unwrap_or(default_name);
    if !crate::check::sound_board_name(name) {
        return None;
    }
    board.name = name.to_string();
    Some(board)
}

/// Reads a document onto `layout` with serde_json: its board, and the
/// template for the documents after it; `None` when the document does
/// not fit the layout or is not sound.
pub(super) fn learn(layout: &Layout, text: &str, default_name: &str) -> Option<(Board, Template)> {
    let mut reader = serde_json::Deserializer::from_str(text);
    let doc = Document {
        layout,
        text,
        holes: RefCell::new(Vec::new()),
    };
    (&doc).deserialize(&mut reader).ok()?;
    reader.end().ok()?;
    // Rooms and hatches whose state is not written have the rules' first
    // state; the others are set from the text by the template, which
    // also gives the name.
    let mut board = layout.board.clone();
    for room in &mut board.rooms {
        room.state = StateId(0);
    }
    for hatch in &mut board.hatches {
        hatch.state = HatchStateId(0);
    }
    let template = Template {
        text: text.to_string(),
        holes: doc.holes.into_inner(),
        board,
    };
    let board = template.read(layout, text, default_name)?;
    Some((board, template))
}

fn differs<E: de::Error>() -> E {
    E::custom("the document does not fit the kept layout")
}

/// A field name, read as written; only names without escapes are read
/// here.
fn field<'de, A: MapAccess<'de>>(map: &mut A) -> Result<Option<&'de str>, A::Error> {
    map.next_key::<&'de str>()
}

/// Marks a field as seen, refusing a second one as serde's derive does.
fn first<E: de::Error>(seen: &mut bool) -> Result<(), E> {
    if std::mem::replace(seen, true) {
        return Err(differs());
    }
    Ok(())
}

/// The whole document, with where each value of its position stands.
struct Document<'a> {
    layout: &'a Layout,
    text: &'a str,
    holes: RefCell<Vec<Hole>>,
}

impl Document<'_> {
    /// Reads a value of the position, checks it, and notes where it
    /// stands.
    fn value<'de, A: MapAccess<'de>>(&self, map: &mut A, sets: Sets) -> Result<(), A::Error> {
        let raw: &'de RawValue = map.next_value()?;
        let raw = raw.get();
        let start = (raw.as_ptr() as usize)
            .checked_sub(self.text.as_ptr() as usize)
            .filter(|&s| s + raw.len() <= self.text.len())
            .ok_or_else(differs)?;
        let (value, length) = scalar(raw).ok_or_else(differs)?;
        if length != raw.len() {
            return Err(differs());
        }
        resolve(self.layout, sets, value).ok_or_else(differs)?;
        self.holes.borrow_mut().push(Hole {
            at: start..start + length,
            sets,
        });
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for &Document<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for &Document<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a board document")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let key = &self.layout.key;
        let [mut name, mut rules, mut rooms, mut hatches, mut start] = [false; 5];
        while let Some(field) = field(&mut map)? {
            match field {
                "name" => {
                    first(&mut name)?;
                    self.value(&mut map, Sets::Name)?;
                }
                "rules" => {
                    first(&mut rules)?;
                    let written = map.next_value::<Option<&'de str>>()?;
                    if written != key.rules.as_deref() {
                        return Err(differs());
                    }
                }
                "rooms" => {
                    first(&mut rooms)?;
                    let layout = self.layout;
                    map.next_value_seed(Each(layout.room_at.iter().zip(&layout.key.rooms).map(
                        |(&room, expected)| Room {
                            doc: self,
                            expected,
                            room,
                        },
                    )))?;
                }
                "hatches" => {
                    first(&mut hatches)?;
                    let layout = self.layout;
                    map.next_value_seed(Each(
                        layout.hatch_at.iter().zip(&layout.key.hatches).map(
                            |(&hatch, expected)| Hatch {
                                doc: self,
                                expected,
                                hatch,
                            },
                        ),
                    ))?;
                }
                "start" => {
                    first(&mut start)?;
                    self.value(&mut map, Sets::Start)?;
                }
                _ => return Err(differs()),
            }
        }
        // A missing `rules` is the default rules, which the key holds as
        // `None`; missing rooms or a missing start are problems the full
        // reading reports; missing hatches are none.
        if !rules && key.rules.is_some() || !rooms || !start || !hatches && !key.hatches.is_empty()
        {
            return Err(differs());
        }
        Ok(())
    }
}

/// An id that is this one as text (numbers written as digits, as [`Id`]
/// reads them).
///
/// [`Id`]: crate::interchange::Id
struct IdIs<'a>(&'a str);

impl<'de> DeserializeSeed<'de> for IdIs<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl Visitor<'_> for IdIs<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a room id")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.visit_str(itoa::Buffer::new().format(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        if v != self.0 {
            return Err(differs());
        }
        Ok(())
    }
}

/// One room: its id, name and place as the key's.
struct Room<'a, 'b> {
    doc: &'a Document<'b>,
    expected: &'a (String, Option<String>, Option<[u16; 2]>),
    room: RoomId,
}

impl<'de> DeserializeSeed<'de> for Room<'_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Room<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a room")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let (id, name, at) = self.expected;
        let [mut seen_id, mut seen_state, mut seen_name, mut seen_at] = [false; 4];
        while let Some(field) = field(&mut map)? {
            let fits = match field {
                "id" => {
                    first(&mut seen_id)?;
                    map.next_value_seed(IdIs(id))?;
                    true
                }
                "state" => {
                    first(&mut seen_state)?;
                    self.doc.value(&mut map, Sets::Room(self.room))?;
                    true
                }
                "name" => {
                    first(&mut seen_name)?;
                    map.next_value::<Option<&'de str>>()? == name.as_deref()
                }
                "at" => {
                    first(&mut seen_at)?;
                    map.next_value::<Option<[u16; 2]>>()? == *at
                }
                _ => false,
            };
            if !fits {
                return Err(differs());
            }
        }
        if !seen_id || !seen_name && name.is_some() || !seen_at && at.is_some() {
            return Err(differs());
        }
        Ok(())
    }
}

/// One hatch: its two rooms as the key's.
struct Hatch<'a, 'b> {
    doc: &'a Document<'b>,
    expected: &'a [String; 2],
    hatch: usize,
}

impl<'de> DeserializeSeed<'de> for Hatch<'_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Hatch<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a hatch")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let [mut seen_between, mut seen_state] = [false; 2];
        while let Some(field) = field(&mut map)? {
            match field {
                "between" => {
                    first(&mut seen_between)?;
                    map.next_value_seed(Each(self.expected.iter().map(|id| IdIs(id))))?;
                }
                "state" => {
                    first(&mut seen_state)?;
                    self.doc.value(&mut map, Sets::Hatch(self.hatch))?;
                }
                _ => return Err(differs()),
            }
        }
        if !seen_between {
            return Err(differs());
        }
        Ok(())
    }
}

/// A list of exactly the elements its seeds read, one each.
struct Each<I>(I);

impl<'de, I, S> DeserializeSeed<'de> for Each<I>
where
    I: Iterator<Item = S>,
    S: DeserializeSeed<'de, Value = ()>,
{
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, I, S> Visitor<'de> for Each<I>
where
    I: Iterator<Item = S>,
    S: DeserializeSeed<'de, Value = ()>,
{
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        for seed in self.0 {
            seq.next_element_seed(seed)?.ok_or_else(differs)?;
        }
        match seq.next_element::<IgnoredAny>()? {
            Some(_) => Err(differs()),
            None => Ok(()),
        }
    }
}
