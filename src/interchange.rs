//! Boards as YAML or JSON (the shape of `INTERCHANGE.md`), read into the same
//! syntax tree as the hatchway language so that the same checks apply.

use std::fmt;

use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::{self, Visitor};

use crate::diagnostic::{Code, Label, Problem};
use crate::syntax::ast::{BoardFile, HatchDecl, Name, Position, RoomDecl, RulesRef, Span};

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

impl JsonSchema for Id {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RoomId".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A room id: a whole number or a name.",
            "anyOf": [
                {"type": "integer", "minimum": 0},
                {"type": "string", "minLength": 1, "maxLength": 64}
            ]
        })
    }
}

/// Reads the two rooms a hatch joins: a list of exactly two room ids, with
/// a message in the board's words when it is not.
fn two_ids<'de, D: de::Deserializer<'de>>(d: D) -> Result<[Id; 2], D::Error> {
    struct TwoIds;
    impl<'de> Visitor<'de> for TwoIds {
        type Value = [Id; 2];
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a list of two room ids, such as `[1, 2]`")
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<[Id; 2], A::Error> {
            let a: Id = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(0, &self))?;
            let b: Id = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(1, &self))?;
            let mut count = 2;
            while seq.next_element::<de::IgnoredAny>()?.is_some() {
                count += 1;
            }
            if count != 2 {
                return Err(de::Error::invalid_length(count, &self));
            }
            Ok([a, b])
        }
    }
    d.deserialize_seq(TwoIds)
}

/// A room in the interchange shape.
#[derive(Debug, Deserialize, JsonSchema)]
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
    /// Where `hatchway draw` puts it: `[column, row]`.
    #[serde(default)]
    pub at: Option<[u16; 2]>,
}

/// A hatch in the interchange shape.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HatchDoc {
    /// The two rooms it joins.
    #[serde(deserialize_with = "two_ids")]
    #[schemars(with = "[Id; 2]")]
    pub between: [Id; 2],
    /// Its state; the rules' first hatch state when missing.
    #[serde(default)]
    pub state: Option<String>,
}

/// A board in the interchange shape.
#[derive(Debug, Deserialize, JsonSchema)]
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
    #[schemars(required)]
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
    let p = Problem::error(Code::InvalidDocument, message);
    let p = match at {
        Some(start) if start < text.len() && text.is_char_boundary(start) => {
            let end = value_end(text, start);
            let label = label_text(&p.message);
            p.label(Span::new(start, end), label)
        }
        _ => p,
    };
    p.help("a board document has the fields `name`, `rules`, `rooms`, `hatches` and `start` (see INTERCHANGE.md)")
}

/// Reads a YAML or JSON board into the syntax tree the checker takes.
/// `default_name` is used when the document has no `name`. The tree has no
/// places; [`read_board_placed`] gives them.
pub fn read_board(text: &str, format: Format, default_name: &str) -> Result<BoardFile, Problem> {
    Ok(board_file(
        read_doc(text, format)?,
        default_name,
        text.len(),
    ))
}

fn read_doc(text: &str, format: Format) -> Result<BoardDoc, Problem> {
    if text.lines().all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#') || l == "---"
    }) {
        return Err(Problem::error(Code::InvalidDocument, "the file is empty").help(
            match format {
                Format::Yaml => "a board document has at least `rooms` and `start`, such as `{rooms: [{id: 1}], start: 1}`",
                Format::Json => "a board document has at least `rooms` and `start`, such as `{\"rooms\": [{\"id\": 1}], \"start\": 1}`",
            },
        ));
    }
    match format {
        Format::Json => {
            let mut reader = serde_json::Deserializer::from_str(text);
            // The path to the field at fault (`hatches[1].state`), which
            // serde_json alone does not give.
            serde_path_to_error::deserialize(&mut reader)
                .map_err(|e| {
                    let path = e.path().to_string();
                    (path, e.into_inner())
                })
                .and_then(|doc| reader.end().map(|()| doc).map_err(|e| (".".to_string(), e)))
                .map_err(|(path, e)| json_problem(text, &path, &e))
        }
        Format::Yaml => {
            if let Some(at) = too_deep(text) {
                return Err(Problem::error(
                    Code::InvalidDocument,
                    format!("the document is nested more than {MAX_DEPTH} levels deep"),
                )
                .label(Span::new(at, at + 1), "too deep here")
                .help("a board document nests four levels: the document, `rooms` or `hatches`, each room or hatch, and `between`"));
            }
            serde_yaml::from_str(text).map_err(|e| {
                let at = e.location().map(|l| l.index());
                problem(clean_message(&e.to_string()), at, text)
            })
        }
    }
}

/// A JSON reader's error as a problem, with the path to the field at fault
/// (`.` for the document itself) before the message, as YAML's reader
/// gives it.
fn json_problem(text: &str, path: &str, e: &serde_json::Error) -> Problem {
    use serde_json::error::Category;
    let at = (e.line() > 0).then(|| {
        let after = json_offset(text, e.line(), e.column());
        match e.classify() {
            // A value of the wrong kind or an unknown key: the error
            // is reported on its last character.
            Category::Data => token_start(text, after),
            _ => offset_of(text, e.line(), e.column()),
        }
    });
    let message = e.to_string();
    let message = if path == "." {
        message
    } else {
        format!("{path}: {message}")
    };
    problem(clean_message(&message), at, text)
}

/// How deeply brackets and braces may nest in a YAML document. A board needs
/// four levels; the reader gives up past 128 anyway.
const MAX_DEPTH: usize = 128;

/// Where a YAML document's `[` and `{` first nest past [`MAX_DEPTH`], if they
/// do. The YAML scanner takes time quadratic in the nesting (it looks at
/// every open level for each token), so that a megabyte of `{a: ` would take
/// minutes to be refused: refuse it before. Quoted text and comments are
/// skipped; a bracket inside a plain word may count, which only matters for
/// a document far from a board.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<u8> = None;
    let mut comment = false;
    let mut previous = b'\n';
    for (i, &b) in text.as_bytes().iter().enumerate() {
        match (quote, b) {
            (_, b'\n') => {
                comment = false;
                // A quoted scalar may span lines; a stray quote must not
                // hide the rest of the file, so quotes end with the line.
                quote = None;
            }
            _ if comment => {}
            // `\"` inside double quotes does not end them.
            (Some(b'"'), b'"') if previous == b'\\' => {}
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            // A quoted scalar starts a token; a quote inside a word (as in
            // `O'Brien`) does not open one.
            (None, b'"' | b'\'')
                if previous.is_ascii_whitespace() || b"[{,:-?".contains(&previous) =>
            {
                quote = Some(b);
            }
            (None, b'#') if previous.is_ascii_whitespace() => comment = true,
            (None, b'[' | b'{') => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            (None, b']' | b'}') => depth = depth.saturating_sub(1),
            _ => {}
        }
        previous = b;
    }
    None
}

/// Rewrites a message of serde_json or yaml_serde in hatchway's words: no
/// position (the label shows it), "expected X, found Y", and the place in the
/// document in words.
fn clean_message(message: &str) -> String {
    let cut = message.find(" at line ").unwrap_or(message.len());
    let mut message = &message[..cut];
    // yaml_serde starts with the place: `rooms[1].id: ...`.
    let mut place = None;
    if let Some((path, rest)) = message.split_once(": ")
        && !path.is_empty()
        && !path.contains(' ')
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.[]".contains(c))
    {
        place = Some(path);
        message = rest;
    }
    let message = message
        .replace('\'', "`")
        .replace(
            "struct BoardDoc",
            "a board: a mapping with `rooms`, `hatches` and `start`",
        )
        .replace("struct RoomDoc", "a room such as `{id: 1, state: clear}`")
        .replace("struct HatchDoc", "a hatch such as `{between: [1, 2]}`")
        .replace("a sequence", "a list")
        .replace("a string", "a text");
    let message = replace_word(&message, "a map", "a mapping");
    let message = if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        && let Some((found, expected)) = rest.split_once(", expected ")
    {
        format!("expected {}, found {}", expected, unexpected(found))
    } else if let Some(rest) = message.strip_prefix("invalid length ")
        && let Some((length, expected)) = rest.split_once(", expected ")
    {
        format!("expected {expected}, found a list of {length}")
    } else if let Some(what) = message.strip_prefix("EOF while parsing ") {
        format!("the document ends inside {what}")
    } else {
        message
    };
    match place {
        Some(place) => format!("{message} (in `{place}`)"),
        None => message,
    }
}

/// Replaces whole words only: `a map` but not `a mapping`.
fn replace_word(text: &str, word: &str, by: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(word) {
        let after = &rest[i + word.len()..];
        out.push_str(&rest[..i]);
        if after.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
            out.push_str(word);
        } else {
            out.push_str(by);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The short text under the place of a document error.
fn label_text(message: &str) -> String {
    if message.starts_with("unknown field") {
        "unknown field".to_string()
    } else if let Some(rest) = message.strip_prefix("missing field ") {
        let field = rest.split(' ').next().unwrap_or(rest);
        format!("{field} is missing")
    } else if let Some(rest) = message.strip_prefix("expected ")
        && let Some((expected, _)) = rest.split_once(", found ")
    {
        format!("expected {expected}")
    } else if message.contains("room id") {
        "not a room id".to_string()
    } else {
        "here".to_string()
    }
}

/// serde's description of an unexpected value, in plain words.
fn unexpected(found: &str) -> String {
    if let Some(text) = found.strip_prefix("string ") {
        format!("the text `{}`", text.trim_matches('"'))
    } else if let Some(value) = found.strip_prefix("boolean ") {
        format!("the value {value}")
    } else if let Some(value) = found
        .strip_prefix("integer ")
        .or_else(|| found.strip_prefix("floating point "))
    {
        format!("the number {value}")
    } else {
        match found {
            "map" => "a mapping".to_string(),
            "sequence" => "a list".to_string(),
            "unit value" | "null" => "nothing".to_string(),
            other => other.to_string(),
        }
    }
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
                position: r.at.map(|[c, row]| Position {
                    column: unplaced(c.to_string()),
                    row: unplaced(row.to_string()),
                    span: Span::default(),
                }),
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
const MAX_LOOKUPS: usize = 64;

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
const FOUND: &str = "hatchway: found the value";

/// Walks a document down a path and stops with an error at the value there,
/// so that the reader's error tells where the value stands.
struct Seek<'p> {
    path: &'p [Step],
}

impl<'de> de::DeserializeSeed<'de> for Seek<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

/// A mapping key of any type, as text when it is text.
struct AnyKey(Option<String>);

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

/// The byte just past the character serde_json reports an error on
/// (`line` and `column` count from 1; the column in characters).
fn json_offset(text: &str, line: usize, column: usize) -> usize {
    let at = offset_of(text, line, column);
    text[at..].chars().next().map_or(at, |c| at + c.len_utf8())
}

/// The first character of the JSON token that ends just before `end`: a
/// quoted text, a word or number, or a bracket.
fn token_start(text: &str, end: usize) -> usize {
    let before = &text[..end.min(text.len())];
    match before.chars().next_back() {
        Some('{' | '[' | '}' | ']' | ',' | ':') | None => before.len().saturating_sub(1),
        Some('"') => {
            // Back to the opening quote, past escaped quotes.
            let body = &before[..before.len() - 1];
            let mut i = body.len();
            while let Some(q) = body[..i].rfind('"') {
                let slashes = body[..q].chars().rev().take_while(|&c| c == '\\').count();
                if slashes % 2 == 0 {
                    return q;
                }
                i = q;
            }
            0
        }
        _ => before
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '.')))
            .map_or(0, |i| i + 1),
    }
}

/// The end of the value that starts at `start`: a quoted text to its closing
/// quote, a flow mapping or list to its closing bracket, anything else to the
/// end of its token (or of its line).
fn value_end(text: &str, start: usize) -> usize {
    let rest = &text[start..];
    let line_end = rest.find('\n').unwrap_or(rest.len());
    let end = match rest.chars().next() {
        Some(q @ ('"' | '\'')) => {
            let mut escaped = false;
            rest.char_indices()
                .skip(1)
                .find(|&(_, c)| {
                    let close = c == q && !escaped;
                    escaped = q == '"' && c == '\\' && !escaped;
                    close
                })
                .map_or(line_end, |(i, c)| i + c.len_utf8())
        }
        Some('{' | '[') => {
            let mut depth = 0usize;
            let mut quote: Option<char> = None;
            let mut escaped = false;
            let mut end = None;
            for (i, c) in rest.char_indices() {
                if let Some(q) = quote {
                    if escaped {
                        escaped = false;
                    } else if c == '\\' && q == '"' {
                        escaped = true;
                    } else if c == q {
                        quote = None;
                    }
                    continue;
                }
                match c {
                    '"' | '\'' => quote = Some(c),
                    '{' | '[' => depth += 1,
                    '}' | ']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            end = Some(i + 1);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            end.unwrap_or(line_end)
        }
        _ => rest[..line_end]
            .find([',', '}', ']', '#'])
            .unwrap_or(line_end),
    };
    let end = start + rest[..end.max(1).min(rest.len())].trim_end().len();
    end.max(start + rest.chars().next().map_or(1, char::len_utf8))
}

/// Reads a YAML or JSON board into the syntax tree the checker takes, with
/// stand-in spans that [`Places::locate`] turns into places in the text.
pub fn read_board_placed(
    text: &str,
    format: Format,
    default_name: &str,
) -> Result<(BoardFile, Places), Problem> {
    let doc = read_doc(text, format)?;
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
        end: Span::new(text.len().saturating_sub(1), text.len()),
    };
    Ok((board, places))
}

#[cfg(test)]
mod depth_tests {
    use super::{MAX_DEPTH, too_deep};

    #[test]
    fn counts_brackets_outside_quotes_and_comments() {
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert_eq!(too_deep(&deep), Some(MAX_DEPTH));
        assert_eq!(too_deep(&"[]".repeat(10_000)), None);
        assert_eq!(too_deep(&format!("name: \"{deep}\"")), None);
        assert_eq!(too_deep(&format!("name: '{deep}'")), None);
        assert_eq!(too_deep(&format!("start: 1 # {deep}")), None);
        // An escaped quote does not end a double-quoted scalar.
        assert_eq!(too_deep(&format!("name: \"a\\\"{deep}\"")), None);
        // A quote inside a word opens nothing.
        assert!(too_deep(&format!("name: O'Brien {deep}")).is_some());
    }
}
