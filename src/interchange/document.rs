//! The shape of a board document, as serde reads it and as its JSON Schema
//! says.

use std::fmt;

use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::{self, Visitor};

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
                // itoa rather than `to_string`: a batch reads tens of ids
                // a line, and the formatting machinery cost more than the
                // rest of reading one.
                Ok(Id(itoa::Buffer::new().format(v).to_owned()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Id, E> {
                if v < 0 {
                    Err(E::custom(format!("room id `{v}` is negative")))
                } else {
                    Ok(Id(itoa::Buffer::new().format(v).to_owned()))
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
pub(super) fn two_ids<'de, D: de::Deserializer<'de>>(d: D) -> Result<[Id; 2], D::Error> {
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
    /// A built-in rules name or a path relative to the board file; default red-november-rulebook.
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
