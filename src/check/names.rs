//! Names and numbers as written, and the lists of names a rules file
//! declares (room states, hatch states, items), with their problems.

use crate::diagnostic::{Code, Problem};
use crate::model::{Cost, MAX_RULE_COST, limits};
use crate::spelling::{closest, did_you_mean};
use crate::syntax::ast::{self, Name, Span};

pub(super) fn quote(s: &str) -> String {
    format!("`{s}`")
}

pub(super) fn check_name_length(name: &Name, what: &str, problems: &mut Vec<Problem>) -> bool {
    if name.text.chars().count() > limits::NAME_LENGTH {
        problems.push(
            Problem::error(Code::NameTooLong, format!("this {what} is too long"))
                .label(
                    name.span,
                    format!("more than {} characters", limits::NAME_LENGTH),
                )
                .help(format!(
                    "{what}s have at most {} characters",
                    limits::NAME_LENGTH
                )),
        );
        false
    } else {
        true
    }
}

/// Reports a name that could not be written between quotes in the hatchway
/// language (boards read from YAML or JSON can hold anything).
pub(super) fn check_quotable(name: &Name, what: &str, problems: &mut Vec<Problem>) {
    if let Some(c) = name.text.chars().find(|&c| c == '"' || c.is_control()) {
        let shown = if c == '"' {
            "`\"`".to_string()
        } else {
            format!("the control character U+{:04X}", u32::from(c))
        };
        problems.push(
            Problem::error(
                Code::InvalidName,
                format!("this {what} holds {shown}"),
            )
            .label(name.span, format!("a {what} cannot hold {shown}"))
            .help(format!(
                "a {what} is written between quotes on one line: it cannot hold `\"` or control characters"
            )),
        );
    }
}

/// Reads a cost as written; reports an overlong or too large number.
pub(super) fn cost(text: &ast::CostText, problems: &mut Vec<Problem>) -> Cost {
    let digits = text.0.text.trim_start_matches('0');
    let value = if digits.len() > 9 {
        None
    } else {
        digits.parse::<u32>().ok().or(Some(0))
    };
    match value {
        Some(v) if v <= MAX_RULE_COST => Cost(v),
        _ => {
            problems.push(
                Problem::error(
                    Code::CostOutOfRange,
                    format!("cost `{}` is out of range", text.0.text),
                )
                .label(text.0.span, "too large")
                .help(format!(
                    "a cost is a whole number of minutes from 0 to {MAX_RULE_COST}"
                )),
            );
            Cost(0)
        }
    }
}

/// A declared list of names (states or items), with duplicates reported.
pub(super) struct Declared {
    pub(super) names: Vec<String>,
    pub(super) spans: Vec<Span>,
}

impl Declared {
    pub(super) fn new(
        list: &[Name],
        what: &str,
        limit: usize,
        problems: &mut Vec<Problem>,
    ) -> Declared {
        let mut declared = Declared {
            names: Vec::new(),
            spans: Vec::new(),
        };
        for name in list {
            if !check_name_length(name, what, problems) {
                continue;
            }
            if let Some(i) = declared.names.iter().position(|n| *n == name.text) {
                problems.push(
                    Problem::error(
                        Code::DuplicateName,
                        format!("{what} `{}` is declared twice", name.text),
                    )
                    .label(name.span, "declared again here")
                    .label(declared.spans[i], "first declared here")
                    .help("remove one of them"),
                );
                continue;
            }
            if declared.names.len() == limit {
                problems.push(
                    Problem::error(Code::TooMany, format!("too many {what}s"))
                        .label(name.span, format!("this is {what} number {}", limit + 1))
                        .help(format!("a rules file may declare at most {limit} {what}s")),
                );
                break;
            }
            declared.names.push(name.text.clone());
            declared.spans.push(name.span);
        }
        declared
    }

    pub(super) fn find(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Looks a name up, reporting it when unknown.
    pub(super) fn resolve(
        &self,
        name: &Name,
        what: &str,
        problems: &mut Vec<Problem>,
    ) -> Option<usize> {
        let found = self.find(&name.text);
        if found.is_none() {
            let mut p =
                Problem::error(Code::UnknownName, format!("unknown {what} `{}`", name.text))
                    .label(name.span, format!("not a declared {what}"));
            p = if self.names.is_empty() {
                p.help(format!("no {what}s are declared"))
            } else {
                p.help(format!(
                    "{}the declared {what}s are {}",
                    did_you_mean(&name.text, self.names.iter().map(String::as_str)),
                    self.names
                        .iter()
                        .map(|n| quote(n))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
                .respell(
                    name.span,
                    closest(&name.text, self.names.iter().map(String::as_str)),
                )
            };
            problems.push(p);
        }
        found
    }
}
