//! Checks and compiles what follows the move: `end` rules and `action`
//! statements.

use crate::diagnostic::{Code, Problem};
use crate::model::turn::{Action, ActionEffect, ActionId, ActionRule, Change, EndRule, OnFailure};
use crate::model::{Condition, HatchStateId, ItemSet, OpenRule, StateId, TurnRules};
use crate::syntax::ast::{self, RulesStatement, Span};

use super::cases::subsets;
use super::conditions::{Allowed, RulesScope};
use super::names::{check_name_length, cost};

/// The compiled turn rules and where each is written.
pub(super) struct Compiled {
    pub turn: TurnRules,
    pub end: Vec<Span>,
    pub action_rules: Vec<Span>,
    pub actions: Vec<Span>,
    pub failures: Vec<Option<Span>>,
}

/// Checks the `end` and `action` statements of a rules file. `open` is the
/// file's compiled open rules: a hatch action may only act on a state that
/// no move changes.
pub(super) fn check(
    file: &ast::RulesFile,
    scope: &RulesScope,
    open: &[OpenRule],
    problems: &mut Vec<Problem>,
) -> Compiled {
    let mut out = Compiled {
        turn: TurnRules::default(),
        end: Vec::new(),
        action_rules: Vec::new(),
        actions: Vec::new(),
        failures: Vec::new(),
    };
    for s in &file.statements {
        if let RulesStatement::ActionDecl(d) = s {
            declare(d, scope, open, &mut out, problems);
        }
    }
    for s in &file.statements {
        match s {
            RulesStatement::End(r) => {
                let state = scope.rooms.resolve(&r.state, "room state", problems);
                let condition = scope.condition(&r.conditions, Allowed::ItemsOnly, "end", problems);
                if let (Some(state), Some(condition)) = (state, condition) {
                    out.turn.end.push(EndRule {
                        state: StateId(state as u8),
                        condition,
                        fatal: r.fatal,
                    });
                    out.end.push(r.span);
                }
            }
            RulesStatement::ActionRule(r) => {
                let action = match &r.action {
                    None => Some(None),
                    Some(name) => match out.turn.action(&name.text) {
                        Some(a) => Some(Some(a)),
                        None => {
                            problems.push(unknown_action(name, &out.turn));
                            None
                        }
                    },
                };
                let condition =
                    scope.condition(&r.conditions, Allowed::InAndItems, "action", problems);
                let effect = match &r.effect {
                    ast::ActionEffect::Forbidden => ActionEffect::Forbidden,
                    ast::ActionEffect::Cost(c) => ActionEffect::Cost(cost(c, problems)),
                    ast::ActionEffect::Bonus(b) => ActionEffect::Bonus(cost(b, problems).0),
                };
                if let (Some(action), Some(condition)) = (action, condition) {
                    out.turn.action_rules.push(ActionRule {
                        action,
                        condition,
                        effect,
                    });
                    out.action_rules.push(r.span);
                }
            }
            RulesStatement::ActionFailure(f) => failure(f, &mut out, problems),
            _ => {}
        }
    }
    end_ties(scope, &out, problems);
    action_ties(scope, &out, problems);
    out.failures.resize(out.turn.actions.len(), None);
    out
}

fn unknown_action(name: &ast::Name, turn: &TurnRules) -> Problem {
    let known: Vec<&str> = turn.actions.iter().map(|a| a.name.as_str()).collect();
    let help = if known.is_empty() {
        "no actions are declared: declare one with `action NAME: room STATE becomes STATE`"
            .to_string()
    } else {
        format!(
            "{}the declared actions are {}",
            crate::spelling::did_you_mean(&name.text, known.iter().copied()),
            known
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Problem::error(Code::UnknownName, format!("unknown action `{}`", name.text))
        .label(name.span, "not a declared action")
        .help(help)
        .respell(name.span, crate::spelling::closest(&name.text, known))
}

/// One `action NAME fails: leave` statement.
fn failure(f: &ast::ActionFailure, out: &mut Compiled, problems: &mut Vec<Problem>) {
    let Some(ActionId(i)) = out.turn.action(&f.action.text) else {
        problems.push(unknown_action(&f.action, &out.turn));
        return;
    };
    let i = usize::from(i);
    out.failures.resize(out.turn.actions.len(), None);
    if let Some(first) = out.failures[i] {
        problems.push(
            Problem::error(
                Code::ConflictingRules,
                format!("two statements say what a failed `{}` does", f.action.text),
            )
            .label(f.span, "second statement")
            .label(first, "first statement")
            .help("remove one of them"),
        );
        return;
    }
    out.failures[i] = Some(f.span);
    out.turn.actions[i].on_failure = OnFailure::Leave;
}

/// One `action NAME: room|hatch STATE becomes STATE` statement.
///
/// One function of some 120 lines: the statement's name, its change, and
/// whether it agrees with the action's earlier statements are checked in
/// that order, each refusal ending it, as a reader checks the line.
fn declare(
    d: &ast::ActionDecl,
    scope: &RulesScope,
    open: &[OpenRule],
    out: &mut Compiled,
    problems: &mut Vec<Problem>,
) {
    if !check_name_length(&d.name, "action name", problems) {
        return;
    }
    let change = match d.on {
        ast::ActionOn::Room => {
            let from = scope.rooms.resolve(&d.state, "room state", problems);
            let to = scope.rooms.resolve(&d.becomes, "room state", problems);
            let (Some(from), Some(to)) = (from, to) else {
                return;
            };
            Change::Room {
                from: StateId(from as u8),
                to: StateId(to as u8),
            }
        }
        ast::ActionOn::Hatch => {
            let from = scope.hatches.resolve(&d.state, "hatch state", problems);
            let to = scope.hatches.resolve(&d.becomes, "hatch state", problems);
            let (Some(from), Some(to)) = (from, to) else {
                return;
            };
            let from = HatchStateId(from as u8);
            // The outcomes of a move tell the state of every room, not of
            // every hatch: an action can only be planned on a hatch state
            // that no move can make or undo, so that the board says it. An
            // `open STATE: forbidden` rule opens nothing, so it moves nothing.
            let moved = open.iter().any(|r| {
                r.opening
                    .is_some_and(|o| r.state == from || o.becomes == from)
            });
            if moved {
                problems.push(
                    Problem::error(
                        Code::ActionOnMovingHatch,
                        format!(
                            "action `{}` acts on `{}` hatches, which moving can change",
                            d.name.text, d.state.text
                        ),
                    )
                    .label(d.state.span, "an `open` rule opens or makes this state")
                    .help("a hatch action acts on a state no `open` rule opens or makes, such as one that can never be opened"),
                );
                return;
            }
            Change::Hatch {
                from,
                to: HatchStateId(to as u8),
            }
        }
    };
    let existing = out.turn.action(&d.name.text);
    let Some(ActionId(i)) = existing else {
        if out.turn.actions.len() == usize::from(u8::MAX) {
            problems.push(
                Problem::error(Code::TooMany, "too many actions")
                    .label(d.name.span, "one action too many")
                    .help(format!(
                        "a rules file may declare at most {} actions",
                        u8::MAX
                    )),
            );
            return;
        }
        out.turn.actions.push(Action {
            name: d.name.text.clone(),
            changes: vec![change],
            on_failure: OnFailure::Stay,
        });
        out.actions.push(d.span);
        return;
    };
    let action = &mut out.turn.actions[usize::from(i)];
    let first = out.actions[usize::from(i)];
    let same_kind = matches!(
        (action.changes[0], change),
        (Change::Room { .. }, Change::Room { .. }) | (Change::Hatch { .. }, Change::Hatch { .. })
    );
    if !same_kind {
        problems.push(
            Problem::error(
                Code::MixedAction,
                format!("action `{}` acts on rooms and on hatches", d.name.text),
            )
            .label(d.span, "declared again here, on the other kind")
            .label(first, "first declared here")
            .help("an action acts on the gnome's room or on a hatch of it, not both: give the other one its own name"),
        );
        return;
    }
    let twice = action.changes.iter().any(|c| match (*c, change) {
        (Change::Room { from: a, .. }, Change::Room { from: b, .. }) => a == b,
        (Change::Hatch { from: a, .. }, Change::Hatch { from: b, .. }) => a == b,
        _ => false,
    });
    if twice {
        problems.push(
            Problem::error(
                Code::ConflictingRules,
                format!(
                    "two statements say what action `{}` makes of `{}`",
                    d.name.text, d.state.text
                ),
            )
            .label(d.span, "second statement")
            .label(first, "first statement")
            .help("remove one of them"),
        );
        return;
    }
    action.changes.push(change);
}

fn tie(what: String, spans: (Span, Span)) -> Problem {
    Problem::error(Code::ConflictingRules, format!("two rules apply when {what}"))
        .label(spans.1, "and so does this one, with as many conditions")
        .label(spans.0, "this rule applies")
        .help("the rule with more conditions wins: add a rule with both rules' conditions for that case, or change one of these")
}

/// Every case of the end rules has one most specific rule at most.
fn end_ties(scope: &RulesScope, out: &Compiled, problems: &mut Vec<Problem>) {
    let rules = &out.turn.end;
    let relevant = relevant_items(rules.iter().map(|r| &r.condition));
    let mut reported = Vec::new();
    for (s, name) in scope.rooms.names.iter().enumerate() {
        let state = StateId(s as u8);
        for items in subsets(relevant) {
            let matching: Vec<(u32, usize)> = rules
                .iter()
                .enumerate()
                .filter(|(_, r)| {
                    r.state == state && r.condition.holds(state, HatchStateId(0), items)
                })
                .map(|(i, r)| (r.condition.count(), i))
                .collect();
            if let Some(pair) = tied(&matching)
                && !reported.contains(&pair)
            {
                reported.push(pair);
                problems.push(tie(
                    format!("a gnome is left in `{name}`"),
                    (out.end[pair.0], out.end[pair.1]),
                ));
            }
        }
    }
}

/// Every action in every room state has one most specific `forbidden` or
/// `cost` rule at most.
fn action_ties(scope: &RulesScope, out: &Compiled, problems: &mut Vec<Problem>) {
    let rules = &out.turn.action_rules;
    let relevant = relevant_items(rules.iter().map(|r| &r.condition));
    let mut reported = Vec::new();
    for (a, action) in out.turn.actions.iter().enumerate() {
        let id = ActionId(a as u8);
        for (s, name) in scope.rooms.names.iter().enumerate() {
            let state = StateId(s as u8);
            for items in subsets(relevant) {
                let matching: Vec<(u32, usize)> = rules
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| {
                        !matches!(r.effect, ActionEffect::Bonus(_))
                            && r.action.is_none_or(|x| x == id)
                            && r.condition.holds(state, HatchStateId(0), items)
                    })
                    .map(|(i, r)| (2 * r.condition.count() + u32::from(r.action.is_some()), i))
                    .collect();
                if let Some(pair) = tied(&matching)
                    && !reported.contains(&pair)
                {
                    reported.push(pair);
                    problems.push(tie(
                        format!("`{}` is taken in `{name}`", action.name),
                        (out.action_rules[pair.0], out.action_rules[pair.1]),
                    ));
                }
            }
        }
    }
}

/// The items any of the conditions name.
fn relevant_items<'a>(conditions: impl Iterator<Item = &'a Condition>) -> ItemSet {
    ItemSet(conditions.fold(0, |m, c| m | c.with.0 | c.without.0))
}

/// The first two rules that tie for most specific, if any do.
fn tied(matching: &[(u32, usize)]) -> Option<(usize, usize)> {
    let best = matching.iter().map(|(s, _)| *s).max()?;
    let mut winners = matching.iter().filter(|(s, _)| *s == best).map(|(_, i)| *i);
    let first = winners.next()?;
    winners.next().map(|second| (first, second))
}
