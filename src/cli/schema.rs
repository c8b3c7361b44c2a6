//! `hatchway schema`: the JSON Schema of a board document or of the result
//! document of `paths`, for editors and for clients in other languages.

use crate::schema;

use super::*;

/// Which document's schema to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum SchemaKind {
    /// A board as YAML or JSON.
    Board,
    /// The result of `paths --format json`.
    Paths,
}

pub(super) fn schema(kind: SchemaKind, term: &Terminal) -> Exit {
    let schema = match kind {
        SchemaKind::Board => schema::board(),
        SchemaKind::Paths => schema::paths(),
    };
    match serde_json::to_string_pretty(&schema) {
        Ok(text) => {
            // A closed pipe is not an error to report.
            let _ = writeln!(std::io::stdout().lock(), "{text}");
            Exit::Success
        }
        Err(e) => {
            print_plain(format!("cannot write the schema: {e}"), None, term);
            Exit::Invalid
        }
    }
}
