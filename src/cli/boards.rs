//! `hatchway boards`: the boards built into hatchway, listed with what each
//! shows, or one of them printed exactly as shipped. Every command that
//! takes a board file takes these names too.

use crate::builtin::{self, BuiltinBoard};

use super::*;

/// The names `hatchway boards NAME` accepts, for clap's check and the
/// shell completions.
pub(super) fn board_names() -> Vec<&'static str> {
    builtin::BOARDS.iter().map(|b| b.name).collect()
}

pub(super) fn boards(name: Option<&str>, term: &Terminal) -> Exit {
    let text = match name.and_then(builtin::board) {
        Some(b) => b.text.to_string(),
        None => listing(builtin::BOARDS, term.out.width),
    };
    // A closed pipe (`hatchway boards | head`) is not an error to report.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Exit::Success
}

/// Each board's name and file, then what it shows, wrapped to the width of
/// the output.
fn listing(all: &[BuiltinBoard], width: usize) -> String {
    let indent = "    ";
    let options = textwrap::Options::new(width.max(40))
        .initial_indent(indent)
        .subsequent_indent(indent);
    let mut out = String::new();
    for b in all {
        let standard = if b.file == builtin::STANDARD_BOARD.0 {
            ", the default board"
        } else {
            ""
        };
        out.push_str(&format!("{} (boards/{}{standard})\n", b.name, b.file));
        let summary = b.summary();
        if !summary.is_empty() {
            for line in textwrap::wrap(&summary, &options) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out.push('\n');
    }
    out.push_str(
        "Every command that takes a board takes these names (`hatchway paths\n\
         desperate-times`); a file of the same name in the current folder wins.\n\
         `hatchway boards NAME` prints one as shipped.\n",
    );
    out
}
