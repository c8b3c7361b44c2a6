//! A file's problems as reports: in file order, at most [`MAX_PROBLEMS`]
//! of them, and the compiled value only when none is an error.

use std::sync::Arc;

use super::{Failure, Loaded};
use crate::diagnostic::{Code, Problem, Report, SourceFile};

/// At most this many problems are reported for one file; a last one counts
/// the rest.
const MAX_PROBLEMS: usize = 100;

/// The compiled value, or the failure, with the problems in file order.
pub(super) fn finish<T>(
    source: Arc<SourceFile>,
    mut problems: Vec<Problem>,
    value: Option<T>,
) -> Result<Loaded<T>, Failure> {
    order(&mut problems);
    build(source, problems, value)
}

/// Puts problems in file order (those without a place first, then by where
/// their main label starts; the sort is stable, so ties keep the order they
/// were found in), causes before their consequences, and keeps the first
/// [`MAX_PROBLEMS`].
pub(super) fn order(problems: &mut Vec<Problem>) {
    let unknown_names = problems
        .iter()
        .any(|p| p.code == Code::UnknownName && p.is_error());
    problems.sort_by_key(|p| {
        (
            follows(p, unknown_names),
            p.labels.first().map(|l| l.span.start),
        )
    });
    if problems.len() > MAX_PROBLEMS {
        let rest = problems.split_off(MAX_PROBLEMS);
        let errors = rest.iter().filter(|p| p.is_error()).count();
        let message = format!(
            "{} ({}) {} not shown",
            crate::render::count(rest.len() as u64, "more problem"),
            crate::render::count(errors as u64, "error"),
            if rest.len() == 1 { "is" } else { "are" }
        );
        let note = if errors > 0 {
            Problem::error(Code::TooManyProblems, message)
        } else {
            Problem::warning(Code::TooManyProblems, message)
        };
        problems.push(note.help("fix the problems above and check the file again"));
    }
}

/// Whether `problem` may be a consequence of a file's unknown names (when
/// it has some), to be said after them: a rule written for a misspelt state
/// (`enter low_flod`) leaves the state meant (`low_flood`) without one,
/// and the reader who mends the name mends both.
fn follows(problem: &Problem, unknown_names: bool) -> bool {
    unknown_names && problem.code == Code::MissingRule
}

/// The compiled value, or the failure, with every problem as a report.
pub(super) fn build<T>(
    source: Arc<SourceFile>,
    problems: Vec<Problem>,
    value: Option<T>,
) -> Result<Loaded<T>, Failure> {
    let reports = Report::all(source, problems);
    match value {
        Some(value) if !reports.iter().any(Report::is_error) => Ok(Loaded {
            value,
            warnings: reports,
        }),
        _ => Err(Failure { reports }),
    }
}
