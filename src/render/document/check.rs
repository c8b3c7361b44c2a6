//! The documents of `hatchway check --format json` and of a line of
//! `paths --batch` that has no result: problems found in files, each as
//! data.

use super::*;
use crate::diagnostic::{Code, Report, Severity};

/// What `check --format json` prints: every file checked.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckDoc {
    /// Whether every file compiled.
    pub ok: bool,
    /// Each file, in the order given.
    pub files: Vec<CheckedFileDoc>,
}

/// One file checked.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckedFileDoc {
    /// The file's name, as given.
    pub file: String,
    /// Whether it compiled (warnings allowed).
    pub ok: bool,
    /// Every problem found in it, errors and warnings.
    pub diagnostics: Vec<DiagnosticDoc>,
}

/// One problem found in a file.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DiagnosticDoc {
    /// `error`, `warning` or `advice`.
    pub severity: Severity,
    /// The problem's code, one of a fixed list (`hatchway::unknown_room`).
    pub code: Code,
    /// The file it is in.
    pub file: String,
    /// What is wrong.
    pub message: String,
    /// The line of its first place, from 1; `null` when it has no place.
    pub line: Option<usize>,
    /// The column of its first place, from 1, in characters.
    pub column: Option<usize>,
    /// The places in the file it points at.
    pub labels: Vec<LabelDoc>,
    /// What to do about it, when there is something to say.
    pub help: Option<String>,
}

/// A place a problem points at.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LabelDoc {
    /// Its first byte in the file, from 0.
    pub offset: usize,
    /// Its length in bytes.
    pub length: usize,
    /// What is wrong there.
    pub text: String,
}

/// A line of `paths --batch` that has no result: why.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BatchErrorDoc {
    /// The line's number, from 1 (blank lines count).
    pub line: usize,
    /// The `id` the line gave with its own turn, as it gave it (any JSON
    /// value, its text unchanged).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Value>")]
    pub id: Option<Box<serde_json::value::RawValue>>,
    /// What went wrong, in one sentence.
    pub error: String,
    /// The exit code a run of `paths` on this line alone would give: 1 for
    /// a board or option that is wrong, 3 for a search that ran out of
    /// budget.
    pub exit: u8,
    /// The problems found in the line's board, each as `check` gives it
    /// (empty when the problem is not the board's).
    pub diagnostics: Vec<DiagnosticDoc>,
}

/// A problem as data.
pub fn diagnostic_doc(r: &Report) -> DiagnosticDoc {
    let p = r.problem();
    let (line, column) = r.line_column().unzip();
    DiagnosticDoc {
        severity: p.severity,
        code: p.code,
        file: r.file().name.clone(),
        message: p.message.clone(),
        line,
        column,
        labels: p
            .labels
            .iter()
            .map(|l| LabelDoc {
                offset: l.span.start,
                length: l.span.end.saturating_sub(l.span.start),
                text: l.text.clone(),
            })
            .collect(),
        help: p.help.clone(),
    }
}
