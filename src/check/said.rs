//! A rules file's `say` statements: how a player says the names it
//! declares, checked against those names.

use std::collections::BTreeMap;

use super::conditions::RulesScope;
use crate::diagnostic::{Code, Problem};
use crate::model::limits;
use crate::syntax::ast::{self, RulesStatement, Span};

/// The words of each `say` statement by the name it speaks of: the name
/// must be a room or hatch state, an item or an action of the file, said
/// once, in words that are not empty and fit a line.
pub(super) fn said(
    file: &ast::RulesFile,
    scope: &RulesScope,
    actions: &[String],
    problems: &mut Vec<Problem>,
) -> BTreeMap<String, String> {
    let declared: Vec<&str> = scope
        .rooms
        .names
        .iter()
        .chain(&scope.hatches.names)
        .chain(&scope.items.names)
        .chain(actions)
        .map(String::as_str)
        .collect();
    let mut words: BTreeMap<String, String> = BTreeMap::new();
    let mut first: BTreeMap<&str, Span> = BTreeMap::new();
    for s in &file.statements {
        let RulesStatement::Say(say) = s else {
            continue;
        };
        let name = say.name.text.as_str();
        if !declared.contains(&name) {
            problems.push(
                Problem::error(Code::UnknownName, format!("`say` of an unknown name `{name}`"))
                    .label(say.name.span, "not a state, an item or an action of these rules")
                    .help(format!(
                        "{}`say` tells how a player says a room or hatch state, an item or an action the rules declare",
                        crate::spelling::did_you_mean(name, declared.iter().copied())
                    ))
                    .respell(
                        say.name.span,
                        crate::spelling::closest(name, declared.iter().copied()),
                    ),
            );
            continue;
        }
        if let Some(&earlier) = first.get(name) {
            problems.push(
                Problem::error(Code::DuplicateStatement, format!("`{name}` is said twice"))
                    .label(say.span, "second `say`")
                    .label(earlier, "first `say`")
                    .help("keep one of them"),
            );
            continue;
        }
        let text = say.words.trim();
        if text.is_empty() || text.chars().count() > limits::NAME_LENGTH {
            problems.push(
                Problem::error(
                    Code::InvalidName,
                    format!(
                        "the words for `{name}` must be 1 to {} characters",
                        limits::NAME_LENGTH
                    ),
                )
                .label(say.words_span, "these words")
                .help(format!("write how a player says it: `say {name}: \"...\"`")),
            );
            continue;
        }
        first.insert(name, say.span);
        words.insert(name.to_string(), text.to_string());
    }
    words
}
