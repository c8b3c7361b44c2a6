//! JSON Schemas of every document of docs/INTERCHANGE.md, generated from
//! the serde types that read boards and write every other document, so a
//! schema cannot disagree with what hatchway reads and prints. Editors use
//! the board schema to check YAML and JSON boards as they are typed;
//! programs validate what the commands print against the others.
//!
//! The schemas of what hatchway writes are closed: an object has the
//! fields its schema lists and no others, so a test that validates every
//! output against them fails on a field no schema names, as on a missing
//! one.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::Value;

use crate::interchange::BoardDoc;
use crate::render::document::{
    BatchErrorDoc, BatchResultDoc, CheckDoc, FixitDoc, MenuDoc, OutcomeDoc, PlanDoc, ReplayDoc,
    ResultDoc, TurnDoc, Versioned,
};
use crate::render::sweep::SweepDoc;
use crate::rules_diff::{ItemDiffDoc, RandomDiffDoc, RulesDiffDoc};

/// A document hatchway reads or writes, with its schema.
pub struct Document {
    /// Its name, as `hatchway schema NAME` takes it.
    pub name: &'static str,
    /// Which command writes it (or reads it), in a few words.
    pub what: &'static str,
    schema: fn() -> Schema,
}

impl Document {
    /// Its JSON Schema (draft 2020-12).
    pub fn schema(&self) -> Schema {
        (self.schema)()
    }
}

/// Every document, in the order `hatchway schema` lists them.
pub const DOCUMENTS: &[Document] = &[
    Document {
        name: "board",
        what: "a board as YAML or JSON, as every command reads it and `export` writes it",
        schema: board,
    },
    Document {
        name: "paths",
        what: "`paths --format json`",
        schema: || written::<Versioned<ResultDoc>>("hatchway paths result"),
    },
    Document {
        name: "paths-stream",
        what: "a line of `paths --stream --format json`: the turn first, then each outcome",
        schema: || {
            lines("hatchway paths stream line", |g| {
                vec![
                    g.subschema_for::<Versioned<TurnDoc>>(),
                    g.subschema_for::<Versioned<OutcomeDoc>>(),
                ]
            })
        },
    },
    Document {
        name: "batch",
        what: "a line of `paths --batch`: a result, or why the line has none",
        schema: || {
            lines("hatchway batch line", |g| {
                vec![
                    g.subschema_for::<Versioned<BatchResultDoc>>(),
                    g.subschema_for::<Versioned<BatchErrorDoc>>(),
                ]
            })
        },
    },
    Document {
        name: "plan",
        what: "`plan --format json`: the turn's menu of fix-its",
        schema: || written::<Versioned<MenuDoc>>("hatchway plan menu"),
    },
    Document {
        name: "plan-action",
        what: "`plan --action NAME --at ROOM --format json`",
        schema: || written::<Versioned<FixitDoc>>("hatchway plan of one action"),
    },
    Document {
        name: "replay",
        what: "`replay --format json`: outcomes step by step",
        schema: || written::<Versioned<ReplayDoc>>("hatchway replay"),
    },
    Document {
        name: "replay-path",
        what: "`replay --path PLAN --format json`: a plan judged",
        schema: || written::<Versioned<PlanDoc>>("hatchway judged plan"),
    },
    Document {
        name: "check",
        what: "`check --format json`",
        schema: || written::<Versioned<CheckDoc>>("hatchway check"),
    },
    Document {
        name: "diff",
        what: "`diff --rules A --rules B BOARD... --format json`",
        schema: || written::<Versioned<RulesDiffDoc>>("hatchway rules diff"),
    },
    Document {
        name: "diff-random",
        what: "`diff --rules A --rules B --random N --format json`",
        schema: || written::<Versioned<RandomDiffDoc>>("hatchway rules diff on random boards"),
    },
    Document {
        name: "diff-item",
        what: "`diff --item ITEM BOARD... --format json`",
        schema: || written::<Versioned<ItemDiffDoc>>("hatchway item diff"),
    },
    Document {
        name: "sweep",
        what: "`sweep --format json`, and `sweep --merge FILE... --format json`",
        schema: || written::<Versioned<SweepDoc<'static>>>("hatchway sweep summary"),
    },
    Document {
        name: "sweep-shard",
        what: "`sweep --shard K/N`: a shard's summary, which `sweep --merge` reads",
        schema: sweep_shard,
    },
];

/// The document named `name`.
pub fn named(name: &str) -> Option<&'static Document> {
    DOCUMENTS.iter().find(|d| d.name == name)
}

/// The schema of a board as YAML or JSON, as every command reads it.
pub fn board() -> Schema {
    let mut schema = SchemaSettings::draft2020_12()
        .for_deserialize()
        .into_generator()
        .into_root_schema_for::<BoardDoc>();
    schema.insert("title".to_string(), "hatchway board".into());
    schema
}

/// The closed schema of a document hatchway writes as `T`.
fn written<T: JsonSchema>(title: &str) -> Schema {
    let mut schema = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<T>();
    schema.insert("title".to_string(), title.into());
    close(schema)
}

/// The closed schema of a line that is one of the documents `parts` names.
fn lines(title: &str, parts: impl FnOnce(&mut SchemaGenerator) -> Vec<Schema>) -> Schema {
    let settings = SchemaSettings::draft2020_12().for_serialize();
    let meta = settings.meta_schema.clone();
    let mut generator = settings.into_generator();
    let parts = parts(&mut generator);
    let mut schema = Schema::default();
    if let Some(meta) = meta {
        schema.insert("$schema".to_string(), meta.to_string().into());
    }
    schema.insert("title".to_string(), title.into());
    schema.insert(
        "oneOf".to_string(),
        Value::Array(parts.into_iter().map(Schema::to_value).collect()),
    );
    schema.insert(
        "$defs".to_string(),
        Value::Object(generator.take_definitions(true)),
    );
    close(schema)
}

/// `schema` with every object that lists its fields closed to others.
fn close(schema: Schema) -> Schema {
    let mut value = schema.to_value();
    close_objects(&mut value, false);
    Schema::try_from(value).unwrap_or_default()
}

/// The parts of a schema that combine others.
const COMBINATIONS: [&str; 3] = ["oneOf", "anyOf", "allOf"];

/// Closes every object of `value` that lists its fields: with
/// `additionalProperties`, or, where its fields go on in the variants of a
/// combination (an enum flattened into a struct), with
/// `unevaluatedProperties`, which counts the fields of the variant that
/// matched. Such variants (`merged`) are left open themselves: they are
/// closed with the object they complete.
fn close_objects(value: &mut Value, merged: bool) {
    match value {
        Value::Object(map) => {
            let fields = map.contains_key("properties");
            let combined = COMBINATIONS.iter().any(|k| map.contains_key(*k));
            if fields && !merged && !map.contains_key("additionalProperties") {
                let key = if combined {
                    "unevaluatedProperties"
                } else {
                    "additionalProperties"
                };
                map.insert(key.to_string(), Value::Bool(false));
            }
            for (key, part) in map.iter_mut() {
                // The variants of a variant complete the same object.
                let variants = (fields || merged) && COMBINATIONS.contains(&key.as_str());
                match part {
                    Value::Array(items) if variants => {
                        items.iter_mut().for_each(|v| close_objects(v, true));
                    }
                    _ => close_objects(part, false),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| close_objects(v, false)),
        _ => {}
    }
}

/// The schema of a sweep shard's summary, the document `sweep --shard K/N`
/// writes and `sweep --merge` reads (strictly: it is closed as what
/// hatchway writes is).
fn sweep_shard() -> Schema {
    let mut schema = SchemaSettings::draft2020_12()
        .for_deserialize()
        .into_generator()
        .into_root_schema_for::<crate::sweep::ShardSummary>();
    schema.insert("title".to_string(), "hatchway sweep shard summary".into());
    schema
}
