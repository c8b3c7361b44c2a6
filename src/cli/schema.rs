//! `hatchway schema`: the list of documents hatchway reads and writes as
//! YAML or JSON, and the JSON Schema of each, for editors and for programs
//! in other languages.

use crate::schema;

use super::*;

/// Prints the schema of the document `name`, or with none, the list of
/// documents with what writes each.
pub(super) fn schema(name: Option<&str>, term: &Terminal) -> Exit {
    let mut out = std::io::stdout().lock();
    let Some(name) = name else {
        let width = schema::DOCUMENTS
            .iter()
            .map(|d| d.name.len())
            .max()
            .unwrap_or(0);
        for d in schema::DOCUMENTS {
            let name = term.out.paint(anstyle::Style::new().bold(), d.name);
            let pad = " ".repeat(width - d.name.len());
            // A closed pipe is not an error to report.
            let _ = writeln!(out, "{name}{pad}  {}", d.what);
        }
        return Exit::Success;
    };
    // The argument's parser takes only the names listed.
    let Some(document) = schema::named(name) else {
        print_plain(format!("no document is called `{name}`"), None, term);
        return Exit::Invalid;
    };
    match serde_json::to_string_pretty(&document.schema()) {
        Ok(text) => {
            let _ = writeln!(out, "{text}");
            Exit::Success
        }
        Err(e) => {
            print_plain(format!("cannot write the schema: {e}"), None, term);
            Exit::Invalid
        }
    }
}
