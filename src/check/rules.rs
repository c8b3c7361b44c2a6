//! A rules file: its declarations, rules and flows checked and compiled
//! into [`Rules`].

use std::collections::HashMap;

use super::Checked;
use super::cases::{Cases, RuleKind, check_cases};
use super::conditions::{Allowed, RulesScope};
use super::names::{Declared, check_name_length, cost};
use super::turn;
use crate::diagnostic::{Code, Fix, Problem};
use crate::model::{
    Condition, EnterRule, HatchStateId, LeaveRule, OpenRule, Opening, Rules, StateId, Wording,
    limits,
};
use crate::syntax::ast::{self, RulesStatement, Span};

/// Checks and compiles a rules file.
pub fn rules(file: &ast::RulesFile) -> Checked<Rules> {
    let mut problems = Vec::new();
    check_name_length(&file.name, "rules name", &mut problems);
    let declared = declarations(file, &mut problems);
    let scope = &declared.scope;
    let written = movement_rules(file, scope, &mut problems);
    let open_rules: Vec<OpenRule> = written.open.iter().map(|(r, _)| r.clone()).collect();
    let turn = turn::check(file, scope, &open_rules, &mut problems);
    let action_names: Vec<String> = turn.turn.actions.iter().map(|a| a.name.clone()).collect();
    let said = super::said::said(file, scope, &action_names, &mut problems);
    let compiled = Rules {
        name: file.name.text.clone(),
        room_states: scope.rooms.names.clone(),
        hatch_states: scope.hatches.names.clone(),
        items: scope.items.names.clone(),
        enter: written.enter.iter().map(|(r, _)| r.clone()).collect(),
        leave: written.leave.iter().map(|(r, _)| r.clone()).collect(),
        open: open_rules,
        walk_through: declared.walk_through.clone(),
        flow: written.flow.clone(),
        revisit: declared.revisit,
        turn: turn.turn,
        wording: Wording {
            // The loader, which has the text, fills in the source.
            source: None,
            end: turn.end,
            action_rules: turn.action_rules,
            actions: turn.actions,
            failures: turn.failures,
            enter: written.enter.iter().map(|(_, s)| *s).collect(),
            leave: written.leave.iter().map(|(_, s)| *s).collect(),
            open: written.open.iter().map(|(_, s)| *s).collect(),
            walk_through: declared.walk_span,
            revisit: declared.revisit_span,
            hatch_states: scope.hatches.spans.clone(),
            said,
        },
    };
    check_every_case(&compiled, scope, &written, &mut problems);
    let ok = !problems.iter().any(Problem::is_error);
    Checked {
        value: ok.then_some(compiled),
        problems,
    }
}

/// What a rules file declares: its states and items, which hatch states
/// can be walked through, and whether rooms may be entered again.
struct Declarations {
    scope: RulesScope,
    walk_through: Vec<bool>,
    revisit: bool,
    walk_span: Option<Span>,
    revisit_span: Option<Span>,
}

/// Reads the declarations of a rules file, each of which may be written
/// once, and reports those missing.
fn declarations(file: &ast::RulesFile, problems: &mut Vec<Problem>) -> Declarations {
    let mut room_lists = Vec::new();
    let mut hatch_lists = Vec::new();
    let mut item_lists = Vec::new();
    let mut walk_lists = Vec::new();
    let mut revisits = Vec::new();
    for s in &file.statements {
        match s {
            RulesStatement::RoomStates(l, span) => room_lists.push((l, *span)),
            RulesStatement::HatchStates(l, span) => hatch_lists.push((l, *span)),
            RulesStatement::Items(l, span) => item_lists.push((l, *span)),
            RulesStatement::WalkThrough(l, span) => walk_lists.push((l, *span)),
            RulesStatement::Revisit(allowed, span) => revisits.push((allowed, *span)),
            _ => {}
        }
    }
    let empty = Vec::new();
    let room_list = single(&room_lists, "room states", problems);
    let hatch_list = single(&hatch_lists, "hatch states", problems);
    let item_list = single(&item_lists, "items", problems);
    let walk_list = single(&walk_lists, "walk through", problems);
    let revisit = single(&revisits, "revisit", problems)
        .copied()
        .unwrap_or(false);
    for (present, statement, example) in [
        (
            room_list.is_some(),
            "room states",
            "room states: clear, flooded",
        ),
        (
            hatch_list.is_some(),
            "hatch states",
            "hatch states: closed, open",
        ),
        (walk_list.is_some(), "walk through", "walk through: open"),
    ] {
        if !present {
            problems.push(
                Problem::error(
                    Code::MissingStatement,
                    format!("the rules never say `{statement}`"),
                )
                .label(file.name.span, "in these rules")
                .help(format!("add a line such as `{example}`")),
            );
        }
    }
    let scope = RulesScope {
        rooms: Declared::new(
            room_list.unwrap_or(&empty),
            "room state",
            limits::ROOM_STATES,
            problems,
        ),
        hatches: Declared::new(
            hatch_list.unwrap_or(&empty),
            "hatch state",
            limits::HATCH_STATES,
            problems,
        ),
        items: Declared::new(item_list.unwrap_or(&empty), "item", limits::ITEMS, problems),
    };
    let mut walk_through = vec![false; scope.hatches.names.len()];
    for n in walk_list.unwrap_or(&empty) {
        if let Some(h) = scope.hatches.resolve(n, "hatch state", problems) {
            walk_through[h] = true;
        }
    }
    Declarations {
        scope,
        walk_through,
        revisit,
        walk_span: walk_lists.first().map(|(_, s)| *s),
        revisit_span: revisits.first().map(|(_, s)| *s),
    }
}

/// The movement rules as written, compiled, each with its statement.
struct Written {
    enter: Vec<(EnterRule, Span)>,
    leave: Vec<(LeaveRule, Span)>,
    open: Vec<(OpenRule, Span)>,
    flow: Vec<Option<(StateId, StateId)>>,
}

/// Compiles the `enter`, `leave`, `open` and `flow` statements.
///
/// One function of some 130 lines: one loop over the statements, one arm
/// a kind of movement rule, read as a table; the `flow` arm keeps the first
/// rule of each pair of states, which the loop's order decides.
fn movement_rules(
    file: &ast::RulesFile,
    scope: &RulesScope,
    problems: &mut Vec<Problem>,
) -> Written {
    let mut enter: Vec<(EnterRule, Span)> = Vec::new();
    let mut leave: Vec<(LeaveRule, Span)> = Vec::new();
    let mut open: Vec<(OpenRule, Span)> = Vec::new();
    let room_count = scope.rooms.names.len();
    let mut flow = vec![None; room_count * room_count];
    // The first flow rule for each pair of states, and its left state.
    let mut flow_spans: HashMap<(usize, usize), (Span, usize)> = HashMap::new();
    for s in &file.statements {
        match s {
            RulesStatement::Enter(r) => {
                let state = scope.rooms.resolve(&r.state, "room state", problems);
                let cond = scope.condition(&r.conditions, Allowed::All, "enter", problems);
                let c = r.cost.as_ref().map(|c| cost(c, problems));
                if let (Some(state), Some(condition)) = (state, cond) {
                    enter.push((
                        EnterRule {
                            state: StateId(state as u8),
                            condition,
                            cost: c,
                        },
                        r.span,
                    ));
                }
            }
            RulesStatement::Leave(r) => {
                let state = scope.rooms.resolve(&r.state, "room state", problems);
                let cond = scope.condition(&r.conditions, Allowed::ItemsOnly, "leave", problems);
                if let (Some(state), Some(condition)) = (state, cond) {
                    leave.push((
                        LeaveRule {
                            state: StateId(state as u8),
                            condition,
                            allowed: r.allowed,
                        },
                        r.span,
                    ));
                }
            }
            RulesStatement::Open(r) => {
                let state = scope.hatches.resolve(&r.state, "hatch state", problems);
                let cond = scope.condition(&r.conditions, Allowed::ItemsOnly, "open", problems);
                let opening = match &r.effect {
                    None => Some(None),
                    Some((c, becomes)) => {
                        let c = cost(c, problems);
                        scope
                            .hatches
                            .resolve(becomes, "hatch state", problems)
                            .map(|b| {
                                Some(Opening {
                                    cost: c,
                                    becomes: HatchStateId(b as u8),
                                })
                            })
                    }
                };
                if let (Some(state), Some(condition), Some(opening)) = (state, cond, opening) {
                    open.push((
                        OpenRule {
                            state: HatchStateId(state as u8),
                            condition,
                            opening,
                        },
                        r.span,
                    ));
                }
            }
            RulesStatement::Flow(r) => {
                let ids: Vec<Option<usize>> = r
                    .meet
                    .iter()
                    .chain(r.become_.iter())
                    .map(|n| scope.rooms.resolve(n, "room state", problems))
                    .collect();
                let [Some(a), Some(b), Some(a2), Some(b2)] = ids[..] else {
                    continue;
                };
                if a == b && a2 != b2 {
                    problems.push(
                        Problem::error(
                            Code::UnevenFlow,
                            format!("two `{}` rooms must become the same state", r.meet[0].text),
                        )
                        .label(r.span, "the rooms meet as equals but end differently")
                        .help(format!(
                            "two rooms in the same state cannot be told apart: write one state for both, such as `-> {0} + {0}`",
                            r.become_[1].text
                        )),
                    );
                    continue;
                }
                let key = (a.min(b), a.max(b));
                if let Some(&(first, first_left)) = flow_spans.get(&key) {
                    let help = if first_left == a {
                        "remove one of them".to_string()
                    } else {
                        format!(
                            "the order does not matter: `{0} + {1}` and `{1} + {0}` are the same case; remove one of them",
                            r.meet[0].text, r.meet[1].text
                        )
                    };
                    problems.push(
                        Problem::error(
                            Code::ConflictingRules,
                            format!(
                                "two flow rules say what happens when `{}` meets `{}`",
                                r.meet[0].text, r.meet[1].text
                            ),
                        )
                        .label(r.span, "second rule for the same two states")
                        .label(first, "first rule")
                        .help(help),
                    );
                    continue;
                }
                flow_spans.insert(key, (r.span, a));
                flow[a * room_count + b] = Some((StateId(a2 as u8), StateId(b2 as u8)));
                flow[b * room_count + a] = Some((StateId(b2 as u8), StateId(a2 as u8)));
            }
            _ => {}
        }
    }
    Written {
        enter,
        leave,
        open,
        flow,
    }
}

/// Every case of entering, leaving and opening has exactly one most
/// specific rule, and entering every room state has one.
fn check_every_case(
    compiled: &Rules,
    scope: &RulesScope,
    written: &Written,
    problems: &mut Vec<Problem>,
) {
    let Written {
        enter, leave, open, ..
    } = written;
    let room_count = scope.rooms.names.len();
    let hatch_count = scope.hatches.names.len();
    let all_froms: Vec<Option<StateId>> = (0..room_count).map(|s| Some(StateId(s as u8))).collect();
    let walkable: Vec<Option<HatchStateId>> = (0..hatch_count)
        .filter(|&h| compiled.walk_through[h])
        .map(|h| Some(HatchStateId(h as u8)))
        .collect();
    for (s, span) in scope.rooms.spans.iter().enumerate() {
        let state = StateId(s as u8);
        let conditions: Vec<(Condition, Span)> = enter
            .iter()
            .filter(|(r, _)| r.state == state)
            .map(|(r, span)| (r.condition, *span))
            .collect();
        if conditions.is_empty() {
            problems.push(
                Problem::error(
                    Code::MissingRule,
                    format!(
                        "no rule says what entering `{}` costs",
                        scope.rooms.names[s]
                    ),
                )
                .label(*span, "declared here")
                .help(format!(
                    "add `enter {0}: cost 0` (or another cost) or `enter {0}: forbidden`",
                    scope.rooms.names[s]
                ))
                .fix(Fix::AddLine {
                    after: *span,
                    line: format!("enter {}: cost N", scope.rooms.names[s]),
                }),
            );
        } else {
            let cases = Cases {
                rules: compiled,
                kind: RuleKind::Enter,
                subject: &scope.rooms.names[s],
                froms: &all_froms,
                throughs: &walkable,
                required: Some(*span),
            };
            check_cases(&cases, &conditions, problems);
        }
        let leaving: Vec<(Condition, Span)> = leave
            .iter()
            .filter(|(r, _)| r.state == state)
            .map(|(r, span)| (r.condition, *span))
            .collect();
        let cases = Cases {
            rules: compiled,
            kind: RuleKind::Leave,
            subject: &scope.rooms.names[s],
            froms: &[None],
            throughs: &[None],
            required: None,
        };
        check_cases(&cases, &leaving, problems);
    }
    for h in 0..hatch_count {
        let state = HatchStateId(h as u8);
        let opening: Vec<(Condition, Span)> = open
            .iter()
            .filter(|(r, _)| r.state == state)
            .map(|(r, span)| (r.condition, *span))
            .collect();
        let cases = Cases {
            rules: compiled,
            kind: RuleKind::Open,
            subject: &scope.hatches.names[h],
            froms: &[None],
            throughs: &[None],
            required: None,
        };
        check_cases(&cases, &opening, problems);
    }
}

/// The first statement of a kind, with later ones reported as duplicates.
fn single<'a, T>(
    found: &[(&'a T, Span)],
    what: &str,
    problems: &mut Vec<Problem>,
) -> Option<&'a T> {
    for (_, span) in found.iter().skip(1) {
        problems.push(
            Problem::error(
                Code::DuplicateStatement,
                format!("`{what}` is declared twice"),
            )
            .label(*span, "declared again here")
            .label(found[0].1, "first declared here")
            .help("keep one of them"),
        );
    }
    found.first().map(|(t, _)| *t)
}
