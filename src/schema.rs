//! JSON Schemas of the interchange formats of docs/INTERCHANGE.md,
//! generated from the serde types that read boards and write results, so a
//! schema cannot disagree with what hatchway reads and prints. Editors use
//! the board schema to check YAML and JSON boards as they are typed.

use schemars::Schema;
use schemars::generate::SchemaSettings;

use crate::interchange::BoardDoc;
use crate::render::document::{ResultDoc, Versioned};

/// The schema of a board as YAML or JSON, as every command reads it.
pub fn board() -> Schema {
    let mut schema = SchemaSettings::draft2020_12()
        .for_deserialize()
        .into_generator()
        .into_root_schema_for::<BoardDoc>();
    schema.insert("title".to_string(), "hatchway board".into());
    schema
}

/// The schema of the document `paths --format json` prints, which is also
/// each successful line of `paths --batch`.
pub fn paths() -> Schema {
    let mut schema = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<Versioned<ResultDoc>>();
    schema.insert("title".to_string(), "hatchway paths result".into());
    schema
}
