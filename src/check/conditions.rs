//! The conditions of a rule (`from`, `through`, `in`, `with`, `without`),
//! checked against what the rules file declares, and written back in words
//! for messages.

use super::names::{Declared, quote};
use crate::diagnostic::{Code, Problem};
use crate::model::{Condition, HatchStateId, ItemId, ItemSet, Rules, StateId};
use crate::syntax::ast::{self, Span};

/// The context of a rules file's check: what has been declared.
pub(super) struct RulesScope {
    pub(super) rooms: Declared,
    pub(super) hatches: Declared,
    pub(super) items: Declared,
}

/// Which conditions a kind of rule may have.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Allowed {
    /// `from`, `through` and items: `enter` rules.
    All,
    /// Items only: `leave`, `open` and `end` rules.
    ItemsOnly,
    /// `in` and items: `action` rules.
    InAndItems,
}

impl RulesScope {
    /// The conditions of one rule as a [`Condition`]: each condition is
    /// checked against what the rule's kind allows, and `None` (with the
    /// problems) when one is refused.
    ///
    /// One function of some 110 lines: one arm a kind of condition, read
    /// as a table of what each rule kind allows.
    pub(super) fn condition(
        &self,
        conditions: &[ast::Condition],
        allowed: Allowed,
        rule: &str,
        problems: &mut Vec<Problem>,
    ) -> Option<Condition> {
        let mut out = Condition::default();
        let mut ok = true;
        let mut seen_from: Option<Span> = None;
        let mut seen_through: Option<Span> = None;
        let mut item_spans: Vec<(usize, Span)> = Vec::new();
        for c in conditions {
            let n = c.name();
            match c {
                ast::Condition::In(_) if allowed != Allowed::InAndItems => {
                    problems.push(
                        Problem::error(
                            Code::ConditionNotAllowed,
                            format!("`{rule}` rules cannot say `in`"),
                        )
                        .label(n.span, "`in` is for action rules")
                        .help(if allowed == Allowed::All {
                            "`in` names the state of the gnome's room when acting; for the room left, write `from STATE`"
                        } else {
                            "use `with ITEM` or `without ITEM` here"
                        }),
                    );
                    ok = false;
                }
                ast::Condition::From(_) | ast::Condition::Through(_)
                    if allowed == Allowed::InAndItems =>
                {
                    problems.push(
                        Problem::error(
                            Code::ConditionNotAllowed,
                            format!("`{rule}` rules depend on the gnome's room and items"),
                        )
                        .label(n.span, "not a condition of an action")
                        .help("use `in STATE`, `with ITEM` or `without ITEM` here"),
                    );
                    ok = false;
                }
                ast::Condition::From(_) | ast::Condition::Through(_)
                    if allowed == Allowed::ItemsOnly =>
                {
                    problems.push(
                        Problem::error(
                            Code::ConditionNotAllowed,
                            format!("`{rule}` rules can only depend on items"),
                        )
                        .label(n.span, "not an item condition")
                        .help("use `with ITEM` or `without ITEM` here"),
                    );
                    ok = false;
                }
                ast::Condition::From(_) | ast::Condition::In(_) => {
                    if let Some(first) = seen_from.replace(n.span) {
                        let word = if matches!(c, ast::Condition::In(_)) {
                            "in"
                        } else {
                            "from"
                        };
                        problems.push(twice(word, n.span, first));
                        ok = false;
                    }
                    match self.rooms.resolve(n, "room state", problems) {
                        Some(s) => out.from = Some(StateId(s as u8)),
                        None => ok = false,
                    }
                }
                ast::Condition::Through(_) => {
                    if let Some(first) = seen_through.replace(n.span) {
                        problems.push(twice("through", n.span, first));
                        ok = false;
                    }
                    match self.hatches.resolve(n, "hatch state", problems) {
                        Some(s) => out.through = Some(HatchStateId(s as u8)),
                        None => ok = false,
                    }
                }
                ast::Condition::With(_) | ast::Condition::Without(_) => {
                    let Some(i) = self.items.resolve(n, "item", problems) else {
                        ok = false;
                        continue;
                    };
                    let item = ItemSet(0).with(ItemId(i as u8));
                    if (out.with.0 | out.without.0) & item.0 != 0 {
                        let first = item_spans.iter().find(|(j, _)| *j == i).map(|(_, s)| *s);
                        problems.push(
                            Problem::error(
                                Code::RepeatedCondition,
                                format!("item `{}` is named twice in one rule", n.text),
                            )
                            .label(n.span, "named again here")
                            .label(first.unwrap_or_default(), "first named here")
                            .help("a rule is either `with` or `without` an item: keep one condition, or write two rules"),
                        );
                        ok = false;
                    } else if matches!(c, ast::Condition::With(_)) {
                        item_spans.push((i, n.span));
                        out.with = out.with.with(ItemId(i as u8));
                    } else {
                        item_spans.push((i, n.span));
                        out.without = out.without.with(ItemId(i as u8));
                    }
                }
            }
        }
        ok.then_some(out)
    }
}

pub(super) fn twice(word: &str, span: Span, first: Span) -> Problem {
    let what = if word == "from" {
        "the state of the room left"
    } else if word == "in" {
        "the state of the gnome's room"
    } else {
        "the state of the hatch walked through"
    };
    Problem::error(
        Code::RepeatedCondition,
        format!("a rule can have only one `{word}` condition"),
    )
    .label(span, "second one here")
    .label(first, "first one here")
    .help(format!(
        "`{word}` names {what}, which has one state: remove one, or write two rules"
    ))
}

/// Describes conditions in words, as they are written in a rule:
/// `from clear through open with grog`. With `ticks`, names are quoted for
/// a message: ``from `clear` ``.
pub(super) fn condition_words(rules: &Rules, condition: &Condition, ticks: bool) -> String {
    let q = |s: &str| if ticks { quote(s) } else { s.to_string() };
    let mut parts = Vec::new();
    if let Some(f) = condition.from {
        parts.push(format!("from {}", q(&rules.room_states[usize::from(f.0)])));
    }
    if let Some(t) = condition.through {
        parts.push(format!(
            "through {}",
            q(&rules.hatch_states[usize::from(t.0)])
        ));
    }
    for (i, item) in rules.items.iter().enumerate() {
        let id = ItemId(i as u8);
        if condition.with.contains(id) {
            parts.push(format!("with {}", q(item)));
        } else if condition.without.contains(id) {
            parts.push(format!("without {}", q(item)));
        }
    }
    parts.join(" ")
}
