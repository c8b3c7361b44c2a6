//! A rules file compiled from its text: parsed, checked, and warned about
//! when it takes the name of built-in rules. Compiling a board finds its
//! rules, and finding a rules file compiles it: so this sits below finding,
//! and compiling boards above it.

use std::sync::Arc;

use super::reports::finish;
use super::{Failure, Loaded};
use crate::builtin;
use crate::check;
use crate::diagnostic::{Code, Problem, SourceFile};
use crate::model::Rules;
use crate::syntax::{self, ast};

/// A warning for a rules file that takes the name of built-in rules and
/// differs from them: a board naming them gets the built-in rules, not
/// this file, and outputs cannot tell the two apart. A copy as `hatchway
/// rules NAME` prints it (with [`builtin::COPY_HEADER`] first) is the
/// built-in text; line ends and trailing spaces do not count.
fn builtin_name_taken(name: &ast::Name, text: &str) -> Option<Problem> {
    let builtin = builtin::rules_text(&name.text)?;
    let mut own = text.lines().map(str::trim_end).peekable();
    if own.peek() == Some(&builtin::COPY_HEADER.trim_end()) {
        own.next();
    }
    if own.eq(builtin.lines().map(str::trim_end)) {
        return None;
    }
    let line = text
        .get(..name.span.start)
        .map_or(1, |before| before.matches('\n').count() + 1);
    Some(
        Problem::warning(
            Code::RulesNameTaken,
            format!(
                "these rules take the name of the built-in rules `{}` and differ from them",
                name.text
            ),
        )
        .label(name.span, "the name of built-in rules")
        .help(format!(
            "a board that says `rules {0}` is played by the built-in rules `{0}`, not by this file, and outputs cannot tell the two apart: give these rules a name of your own on line {line}, such as `rules my-{0}`",
            name.text
        )),
    )
}

/// A file of the other kind than the one needed, pointing at its name.
pub(super) fn wrong_kind(expected_board: bool, span: ast::Span) -> Problem {
    if expected_board {
        Problem::error(
            Code::WrongKind,
            "expected a board, found a rules file",
        )
        .label(span, "this is a rules file")
        .help("a board file starts with `board NAME` and names its rules with `rules NAME`; rules files end in `.rules`")
    } else {
        Problem::error(Code::WrongKind, "expected a rules file, found a board")
            .label(span, "this is a board")
            .help("a rules file starts with `rules NAME`; board files end in `.board`")
    }
}

/// Compiles a rules file from its text: a board is the wrong kind of file.
pub(super) fn compile_rules_text(name: &str, text: &str) -> Result<Loaded<Arc<Rules>>, Failure> {
    let source = Arc::new(SourceFile {
        name: name.to_string(),
        text: text.to_string(),
    });
    match syntax::parse_all(text) {
        Ok(ast::File::Rules(rules)) => check_rules(source, &rules),
        Ok(ast::File::Board(board)) => {
            finish(source, vec![wrong_kind(false, board.name.span)], None)
        }
        Err(problems) => finish(source, problems, None),
    }
}

/// Checks a parsed rules file, whose text is `source`'s.
pub(super) fn check_rules(
    source: Arc<SourceFile>,
    rules: &ast::RulesFile,
) -> Result<Loaded<Arc<Rules>>, Failure> {
    let mut checked = check::rules(rules);
    checked
        .problems
        .extend(builtin_name_taken(&rules.name, &source.text));
    let value = checked.value.map(|mut r| {
        r.wording.source = Some(Arc::clone(&source));
        Arc::new(r)
    });
    finish(source, checked.problems, value)
}
