//! `hatchway rules`: the built-in rules files, listed with what they are and
//! where they come from, or one of them printed exactly as shipped, to start
//! a variant from.

use crate::builtin::{self, BuiltinRules};

use super::*;

/// The names `hatchway rules NAME` accepts, for clap's check and the shell
/// completions.
pub(super) fn rules_names() -> Vec<&'static str> {
    builtin::RULES.iter().map(|r| r.name).collect()
}

pub(super) fn rules(name: Option<&str>, term: &Terminal) -> Exit {
    let text = match name.and_then(builtin::rules) {
        // The header asks a copy to be renamed; `check` takes a copy with
        // it for the built-in text.
        Some(r) => format!("{}{}", builtin::COPY_HEADER, r.text),
        None => listing(builtin::RULES, term.out.width),
    };
    // A closed pipe (`hatchway rules | head`) is not an error to report.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Exit::Success
}

/// Each rules file's name, then what it is and where it comes from,
/// wrapped to the width of the output.
fn listing(all: &[BuiltinRules], width: usize) -> String {
    let indent = "    ";
    let options = textwrap::Options::new(width.max(40))
        .initial_indent(indent)
        .subsequent_indent(indent);
    let mut out = String::new();
    for r in all {
        let default = if r.name == builtin::DEFAULT_RULES {
            " (default)"
        } else {
            ""
        };
        out.push_str(&format!("{}{default}\n", r.name));
        for paragraph in [r.summary.to_string(), format!("Source: {}", r.origin)] {
            for line in textwrap::wrap(&paragraph, &options) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out.push('\n');
    }
    out.push_str(
        "`hatchway rules NAME` prints one as shipped; docs/RULES.md explains\n\
         the movement each one implements.\n",
    );
    out
}
