//! Syntax tree to model: every semantic check of rules and board files, and
//! the compilation into [`Rules`] and [`Board`].
//!
//! All problems of a file are collected, not just the first; a file compiles
//! only when none of them is an error.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::diagnostic::{Code, Problem};
use crate::model::{
    Board, Condition, Cost, EnterRule, Hatch, HatchStateId, ItemId, ItemSet, LeaveRule,
    MAX_RULE_COST, OpenRule, Opening, Room, RoomId, Rules, StateId, Wording, limits,
};
use crate::spelling::did_you_mean;
use crate::syntax::ast::{self, Name, RulesStatement, Span};

mod turn;

/// What checking found: the compiled value when there was no error, and
/// every problem (errors and warnings).
#[derive(Debug)]
pub struct Checked<T> {
    /// The compiled value, when there was no error.
    pub value: Option<T>,
    /// Every problem found, errors and warnings, in file order.
    pub problems: Vec<Problem>,
}

fn quote(s: &str) -> String {
    format!("`{s}`")
}

fn check_name_length(name: &Name, what: &str, problems: &mut Vec<Problem>) -> bool {
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
fn check_quotable(name: &Name, what: &str, problems: &mut Vec<Problem>) {
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
fn cost(text: &ast::CostText, problems: &mut Vec<Problem>) -> Cost {
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
struct Declared {
    names: Vec<String>,
    spans: Vec<Span>,
}

impl Declared {
    fn new(list: &[Name], what: &str, limit: usize, problems: &mut Vec<Problem>) -> Declared {
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

    fn find(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Looks a name up, reporting it when unknown.
    fn resolve(&self, name: &Name, what: &str, problems: &mut Vec<Problem>) -> Option<usize> {
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
            };
            problems.push(p);
        }
        found
    }
}

/// The context of a rules file's check: what has been declared.
struct RulesScope {
    rooms: Declared,
    hatches: Declared,
    items: Declared,
}

/// Which conditions a kind of rule may have.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Allowed {
    /// `from`, `through` and items: `enter` rules.
    All,
    /// Items only: `leave`, `open` and `end` rules.
    ItemsOnly,
    /// `in` and items: `action` rules.
    InAndItems,
}

impl RulesScope {
    fn condition(
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

fn twice(word: &str, span: Span, first: Span) -> Problem {
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

/// Describes conditions in words, as they are written in a rule:
/// `from clear through open with grog`. With `ticks`, names are quoted for
/// a message: ``from `clear` ``.
fn condition_words(rules: &Rules, condition: &Condition, ticks: bool) -> String {
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

/// Which kind of rule a case check is about.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RuleKind {
    Enter,
    Leave,
    Open,
}

impl RuleKind {
    fn keyword(self) -> &'static str {
        match self {
            RuleKind::Enter => "enter",
            RuleKind::Leave => "leave",
            RuleKind::Open => "open",
        }
    }

    /// The question the rules answer for a state in a case: "what entering
    /// `fire` with `grog` costs".
    fn question(self, subject: &str, case: &str) -> String {
        let case = if case.is_empty() {
            String::new()
        } else {
            format!(" {case}")
        };
        match self {
            RuleKind::Enter => format!("what entering `{subject}`{case} costs"),
            RuleKind::Leave => format!("whether leaving `{subject}`{case} is allowed"),
            RuleKind::Open => format!("what opening a `{subject}` hatch{case} does"),
        }
    }

    /// The action in a case: "entering `fire` with `grog`".
    fn action(self, subject: &str, case: &str) -> String {
        let case = if case.is_empty() {
            String::new()
        } else {
            format!(" {case}")
        };
        match self {
            RuleKind::Enter => format!("entering `{subject}`{case}"),
            RuleKind::Leave => format!("leaving `{subject}`{case}"),
            RuleKind::Open => format!("opening a `{subject}` hatch{case}"),
        }
    }

    /// A rule's effect as written, for a suggested rule.
    fn example_effect(self) -> &'static str {
        match self {
            RuleKind::Enter => "cost N",
            RuleKind::Leave => "allowed",
            RuleKind::Open => "cost N, becomes STATE",
        }
    }
}

/// All subsets of `mask`.
fn subsets(mask: ItemSet) -> impl Iterator<Item = ItemSet> {
    let mask = mask.0;
    let mut next = Some(0u16);
    std::iter::from_fn(move || {
        let current = next?;
        next = if current == mask {
            None
        } else {
            Some((current.wrapping_sub(mask)) & mask)
        };
        Some(ItemSet(current))
    })
}

/// For every case, exactly one most specific rule: reports gaps (when
/// `required`) and ties between two rules.
#[allow(clippy::too_many_arguments)]
fn check_cases(
    rules: &Rules,
    kind: RuleKind,
    subject: &str,
    conditions: &[(Condition, Span)],
    froms: &[Option<StateId>],
    throughs: &[Option<HatchStateId>],
    required: Option<Span>,
    problems: &mut Vec<Problem>,
) {
    let relevant = ItemSet(
        conditions
            .iter()
            .fold(0, |m, (c, _)| m | c.with.0 | c.without.0),
    );
    let uses_from = conditions.iter().any(|(c, _)| c.from.is_some());
    let uses_through = conditions.iter().any(|(c, _)| c.through.is_some());
    let mut reported_gap = false;
    let mut reported_ties: HashSet<(usize, usize)> = HashSet::new();
    for items in subsets(relevant) {
        for &from in froms {
            for &through in throughs {
                let mut best: Option<u32> = None;
                let mut winners: Vec<usize> = Vec::new();
                for (i, (c, _)) in conditions.iter().enumerate() {
                    let holds = c.holds(
                        from.unwrap_or(StateId(0)),
                        through.unwrap_or(HatchStateId(0)),
                        items,
                    ) && (from.is_some() || c.from.is_none())
                        && (through.is_some() || c.through.is_none());
                    if !holds {
                        continue;
                    }
                    let n = c.count();
                    if best.is_none_or(|b| n > b) {
                        best = Some(n);
                        winners.clear();
                    }
                    if best == Some(n) {
                        winners.push(i);
                    }
                }
                if winners.is_empty() {
                    if let (Some(span), false) = (required, reported_gap) {
                        reported_gap = true;
                        // The case in words, naming only what the rules
                        // look at.
                        let case = Condition {
                            from: from.filter(|_| uses_from),
                            through: through.filter(|_| uses_through),
                            with: ItemSet(items.0 & relevant.0),
                            without: ItemSet(!items.0 & relevant.0),
                        };
                        let words = condition_words(rules, &case, false);
                        let words = if words.is_empty() {
                            String::new()
                        } else {
                            format!(" {words}")
                        };
                        problems.push(
                            Problem::error(
                                Code::MissingRule,
                                format!(
                                    "no rule says {}",
                                    kind.question(subject, &condition_words(rules, &case, true))
                                ),
                            )
                            .label(span, "declared here")
                            .help(format!(
                                "add a rule for that case, such as `{} {subject}{words}: {}`, or one without conditions",
                                kind.keyword(),
                                kind.example_effect()
                            )),
                        );
                    }
                    continue;
                }
                let first = winners[0];
                for &other in &winners[1..] {
                    if !reported_ties.insert((first, other)) {
                        continue;
                    }
                    let (a, a_span) = conditions[first];
                    let (b, b_span) = conditions[other];
                    if a == b {
                        problems.push(
                            Problem::error(
                                Code::ConflictingRules,
                                format!(
                                    "two rules say {}",
                                    kind.question(subject, &condition_words(rules, &a, true))
                                ),
                            )
                            .label(b_span, "second rule for the same case")
                            .label(a_span, "first rule")
                            .help("remove one of them"),
                        );
                        continue;
                    }
                    let both = Condition {
                        from: a.from.or(b.from),
                        through: a.through.or(b.through),
                        with: ItemSet(a.with.0 | b.with.0),
                        without: ItemSet(a.without.0 | b.without.0),
                    };
                    problems.push(
                        Problem::error(
                            Code::ConflictingRules,
                            format!(
                                "two rules apply when {}",
                                kind.action(subject, &condition_words(rules, &both, true))
                            ),
                        )
                        .label(b_span, "and so does this one, with as many conditions")
                        .label(a_span, "this rule applies")
                        .help(format!(
                            "the rule with more conditions wins: add `{} {subject} {}: {}` for that case, or change one of these",
                            kind.keyword(),
                            condition_words(rules, &both, false),
                            kind.example_effect()
                        )),
                    );
                }
            }
        }
    }
}

/// Checks and compiles a rules file.
pub fn rules(file: &ast::RulesFile) -> Checked<Rules> {
    let mut problems = Vec::new();
    check_name_length(&file.name, "rules name", &mut problems);

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
    let room_list = single(&room_lists, "room states", &mut problems);
    let hatch_list = single(&hatch_lists, "hatch states", &mut problems);
    let item_list = single(&item_lists, "items", &mut problems);
    let walk_list = single(&walk_lists, "walk through", &mut problems);
    let revisit = single(&revisits, "revisit", &mut problems)
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
            &mut problems,
        ),
        hatches: Declared::new(
            hatch_list.unwrap_or(&empty),
            "hatch state",
            limits::HATCH_STATES,
            &mut problems,
        ),
        items: Declared::new(
            item_list.unwrap_or(&empty),
            "item",
            limits::ITEMS,
            &mut problems,
        ),
    };
    let room_count = scope.rooms.names.len();
    let hatch_count = scope.hatches.names.len();

    let mut walk_through = vec![false; hatch_count];
    for n in walk_list.unwrap_or(&empty) {
        if let Some(h) = scope.hatches.resolve(n, "hatch state", &mut problems) {
            walk_through[h] = true;
        }
    }

    let mut enter: Vec<(EnterRule, Span)> = Vec::new();
    let mut leave: Vec<(LeaveRule, Span)> = Vec::new();
    let mut open: Vec<(OpenRule, Span)> = Vec::new();
    let mut flow = vec![None; room_count * room_count];
    // The first flow rule for each pair of states, and its left state.
    let mut flow_spans: HashMap<(usize, usize), (Span, usize)> = HashMap::new();
    for s in &file.statements {
        match s {
            RulesStatement::Enter(r) => {
                let state = scope.rooms.resolve(&r.state, "room state", &mut problems);
                let cond = scope.condition(&r.conditions, Allowed::All, "enter", &mut problems);
                let c = r.cost.as_ref().map(|c| cost(c, &mut problems));
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
                let state = scope.rooms.resolve(&r.state, "room state", &mut problems);
                let cond =
                    scope.condition(&r.conditions, Allowed::ItemsOnly, "leave", &mut problems);
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
                let state = scope
                    .hatches
                    .resolve(&r.state, "hatch state", &mut problems);
                let cond =
                    scope.condition(&r.conditions, Allowed::ItemsOnly, "open", &mut problems);
                let opening = match &r.effect {
                    None => Some(None),
                    Some((c, becomes)) => {
                        let c = cost(c, &mut problems);
                        scope
                            .hatches
                            .resolve(becomes, "hatch state", &mut problems)
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
                    .map(|n| scope.rooms.resolve(n, "room state", &mut problems))
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

    let open_rules: Vec<OpenRule> = open.iter().map(|(r, _)| r.clone()).collect();
    let turn = turn::check(file, &scope, &open_rules, &mut problems);
    let compiled = Rules {
        name: file.name.text.clone(),
        room_states: scope.rooms.names.clone(),
        hatch_states: scope.hatches.names.clone(),
        items: scope.items.names.clone(),
        enter: enter.iter().map(|(r, _)| r.clone()).collect(),
        leave: leave.iter().map(|(r, _)| r.clone()).collect(),
        open: open_rules,
        walk_through,
        flow,
        revisit,
        turn: turn.turn,
        wording: Wording {
            // The loader, which has the text, fills in the source.
            source: None,
            end: turn.end,
            action_rules: turn.action_rules,
            actions: turn.actions,
            enter: enter.iter().map(|(_, s)| *s).collect(),
            leave: leave.iter().map(|(_, s)| *s).collect(),
            open: open.iter().map(|(_, s)| *s).collect(),
            walk_through: walk_lists.first().map(|(_, s)| *s),
            revisit: revisits.first().map(|(_, s)| *s),
            hatch_states: scope.hatches.spans.clone(),
        },
    };

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
                )),
            );
        } else {
            check_cases(
                &compiled,
                RuleKind::Enter,
                &scope.rooms.names[s],
                &conditions,
                &all_froms,
                &walkable,
                Some(*span),
                &mut problems,
            );
        }
        let leaving: Vec<(Condition, Span)> = leave
            .iter()
            .filter(|(r, _)| r.state == state)
            .map(|(r, span)| (r.condition, *span))
            .collect();
        check_cases(
            &compiled,
            RuleKind::Leave,
            &scope.rooms.names[s],
            &leaving,
            &[None],
            &[None],
            None,
            &mut problems,
        );
    }
    for h in 0..hatch_count {
        let state = HatchStateId(h as u8);
        let opening: Vec<(Condition, Span)> = open
            .iter()
            .filter(|(r, _)| r.state == state)
            .map(|(r, span)| (r.condition, *span))
            .collect();
        check_cases(
            &compiled,
            RuleKind::Open,
            &scope.hatches.names[h],
            &opening,
            &[None],
            &[None],
            None,
            &mut problems,
        );
    }

    let ok = !problems.iter().any(Problem::is_error);
    Checked {
        value: ok.then_some(compiled),
        problems,
    }
}

/// How a board finds its rules: by the reference it wrote.
pub trait RulesSource {
    /// The compiled rules for a reference, or the problems that stop them.
    fn rules(&mut self, reference: Option<&ast::RulesRef>) -> Result<Arc<Rules>, Vec<Problem>>;
}

/// Checks and compiles a board with the rules its source hands over.
pub fn board(file: &ast::BoardFile, source: &mut dyn RulesSource) -> Checked<Board> {
    let mut problems = Vec::new();
    check_name_length(&file.name, "board name", &mut problems);
    check_quotable(&file.name, "board name", &mut problems);
    for extra in file.rules.iter().skip(1) {
        problems.push(
            Problem::error(Code::DuplicateStatement, "the board names its rules twice")
                .label(extra.name().span, "second `rules` here")
                .label(file.rules[0].name().span, "first here")
                .help("a board is played by one rules file"),
        );
    }
    // When the rules cannot be used, the layout is still checked: only the
    // states (which the rules name) are not.
    let rules = match source.rules(file.rules.first()) {
        Ok(r) => Some(r),
        Err(mut p) => {
            problems.append(&mut p);
            None
        }
    };

    if file.rooms.len() > limits::ROOMS {
        problems.push(
            Problem::error(Code::TooMany, "too many rooms")
                .label(
                    file.rooms[limits::ROOMS].id.span,
                    format!("room number {}", limits::ROOMS + 1),
                )
                .help(format!("a board has at most {} rooms", limits::ROOMS)),
        );
        return Checked {
            value: None,
            problems,
        };
    }
    if file.hatches.len() > limits::HATCHES {
        problems.push(
            Problem::error(Code::TooMany, "too many hatches")
                .label(
                    file.hatches[limits::HATCHES].span,
                    format!("hatch number {}", limits::HATCHES + 1),
                )
                .help(format!("a board has at most {} hatches", limits::HATCHES)),
        );
        return Checked {
            value: None,
            problems,
        };
    }

    let list = |names: &[String]| {
        names
            .iter()
            .map(|s| quote(s))
            .collect::<Vec<_>>()
            .join(", ")
    };

    let mut rooms: Vec<Room> = Vec::new();
    let mut room_spans: Vec<Span> = Vec::new();
    let mut by_id: HashMap<&str, usize> = HashMap::new();
    let mut by_position: HashMap<(u16, u16), Span> = HashMap::new();
    // Ids already reported as invalid are not reported again where used.
    let mut invalid_ids: HashSet<&str> = HashSet::new();
    for decl in &file.rooms {
        let long_id = !check_name_length(&decl.id, "room id", &mut problems);
        let bad_id = decl.id.text.is_empty()
            || !decl
                .id
                .text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if bad_id || crate::syntax::keywords::is_reserved(&decl.id.text) {
            invalid_ids.insert(decl.id.text.as_str());
            let help = if bad_id {
                crate::syntax::room_id_help(&decl.id.text)
            } else {
                format!("`{}` is a keyword: it cannot be a room id", decl.id.text)
            };
            problems.push(
                Problem::error(
                    Code::InvalidRoomId,
                    format!("room id `{}` is not valid", decl.id.text),
                )
                .label(decl.id.span, "not a room id")
                .help(help),
            );
            continue;
        }
        if let Some(d) = &decl.display {
            check_name_length(d, "room name", &mut problems);
            check_quotable(d, "room name", &mut problems);
        }
        let position = decl
            .position
            .as_ref()
            .and_then(|p| check_position(p, &mut by_position, &mut problems));
        let state = match (&decl.state, &rules) {
            (None, _) | (_, None) => Some(StateId(0)),
            (Some(s), Some(rules)) => {
                let found = rules.room_state(&s.text);
                if found.is_none() {
                    problems.push(
                        Problem::error(
                            Code::UnknownName,
                            format!("unknown room state `{}`", s.text),
                        )
                        .label(s.span, "not a room state of these rules")
                        .help(format!(
                            "{}the room states of the rules `{}` are {}",
                            did_you_mean(&s.text, rules.room_states.iter().map(String::as_str)),
                            rules.name,
                            list(&rules.room_states)
                        )),
                    );
                }
                found
            }
        };
        if let Some(&first) = by_id.get(decl.id.text.as_str()) {
            problems.push(
                Problem::error(
                    Code::DuplicateRoom,
                    format!("room `{}` is declared twice", decl.id.text),
                )
                .label(decl.id.span, "declared again here")
                .label(room_spans[first], "first declared here")
                .help("give each room its own id"),
            );
            continue;
        }
        if long_id {
            continue;
        }
        by_id.insert(&decl.id.text, rooms.len());
        room_spans.push(decl.id.span);
        rooms.push(Room {
            id: decl.id.text.clone(),
            name: decl.display.as_ref().map(|d| d.text.clone()),
            state: state.unwrap_or(StateId(0)),
            position,
        });
    }

    let mut ids: Vec<&str> = rooms.iter().map(|r| r.id.as_str()).collect();
    ids.sort_by(|a, b| crate::model::room_id_order(a, b));
    let known = if ids.len() <= 12 {
        ids.iter().map(|i| quote(i)).collect::<Vec<_>>().join(", ")
    } else {
        format!(
            "{}, ... {}",
            ids[..10]
                .iter()
                .map(|i| quote(i))
                .collect::<Vec<_>>()
                .join(", "),
            ids.last().map_or(String::new(), |i| quote(i))
        )
    };
    let unknown_room = |name: &Name| {
        let p = Problem::error(Code::UnknownRoom, format!("unknown room `{}`", name.text))
            .label(name.span, "no room has this id");
        if ids.is_empty() {
            p.help("the board declares no rooms")
        } else {
            p.help(format!(
                "{}the board's rooms are {known}",
                did_you_mean(&name.text, ids.iter().copied())
            ))
        }
    };

    let mut hatches = Vec::new();
    let mut hatch_spans: HashMap<(usize, usize), Span> = HashMap::new();
    for decl in &file.hatches {
        let ends: Vec<Option<usize>> = decl
            .rooms
            .iter()
            .map(|n| {
                let found = by_id.get(n.text.as_str()).copied();
                if found.is_none() && !n.text.is_empty() && !invalid_ids.contains(n.text.as_str()) {
                    problems.push(unknown_room(n));
                }
                found
            })
            .collect();
        let state = match (&decl.state, &rules) {
            (None, _) | (_, None) => Some(HatchStateId(0)),
            (Some(s), Some(rules)) => {
                let found = rules.hatch_state(&s.text);
                if found.is_none() {
                    problems.push(
                        Problem::error(
                            Code::UnknownName,
                            format!("unknown hatch state `{}`", s.text),
                        )
                        .label(s.span, "not a hatch state of these rules")
                        .help(format!(
                            "{}the hatch states of the rules `{}` are {}",
                            did_you_mean(&s.text, rules.hatch_states.iter().map(String::as_str)),
                            rules.name,
                            list(&rules.hatch_states)
                        )),
                    );
                }
                found
            }
        };
        let [Some(a), Some(b)] = ends[..] else {
            continue;
        };
        if a == b {
            problems.push(
                Problem::error(
                    Code::HatchToItself,
                    format!("hatch from room `{}` to itself", decl.rooms[0].text),
                )
                .label(decl.span, "both ends are the same room")
                .help("a hatch joins two different rooms"),
            );
            continue;
        }
        let key = (a.min(b), a.max(b));
        if let Some(first) = hatch_spans.get(&key) {
            problems.push(
                Problem::error(
                    Code::DuplicateHatch,
                    format!(
                        "rooms `{}` and `{}` are joined twice",
                        decl.rooms[0].text, decl.rooms[1].text
                    ),
                )
                .label(decl.span, "second hatch here")
                .label(*first, "first hatch here")
                .help("at most one hatch joins two rooms (in either order)"),
            );
            continue;
        }
        hatch_spans.insert(key, decl.span);
        if let Some(state) = state {
            hatches.push(Hatch {
                rooms: [RoomId(a as u32), RoomId(b as u32)],
                state,
            });
        }
    }

    let start = match file.starts.as_slice() {
        [] => {
            problems.push(
                Problem::error(Code::MissingStart, "the board has no start room")
                    .label(file.name.span, "this board")
                    .help(format!(
                        "add a line such as `start {}`",
                        file.rooms.first().map_or("1", |r| r.id.text.as_str())
                    )),
            );
            None
        }
        [first, rest @ ..] => {
            for extra in rest {
                problems.push(
                    Problem::error(Code::DuplicateStatement, "the board has two start rooms")
                        .label(extra.span, "second `start` here")
                        .label(first.span, "first here")
                        .help("a turn starts in one room"),
                );
            }
            let found = by_id.get(first.text.as_str()).copied();
            if found.is_none() && !invalid_ids.contains(first.text.as_str()) {
                problems.push(unknown_room(first));
            }
            found
        }
    };

    if let (Some(start), Some(rules)) = (start, &rules)
        && !problems.iter().any(Problem::is_error)
    {
        warn_unreachable(rules, &rooms, &room_spans, &hatches, start, &mut problems);
    }

    let ok = !problems.iter().any(Problem::is_error);
    let value = match (ok, start, rules) {
        (true, Some(start), Some(rules)) => Some(Board::new(
            file.name.text.clone(),
            rules,
            rooms,
            hatches,
            RoomId(start as u32),
        )),
        _ => None,
    };
    Checked { value, problems }
}

/// Hatch states from which some chain of openings (with any items) reaches
/// a state that can be walked through.
pub fn hatch_states_that_can_become_passable(rules: &Rules) -> Vec<bool> {
    let mut can = rules.walk_through.clone();
    loop {
        let mut changed = false;
        for r in &rules.open {
            if let Some(o) = r.opening
                && can[usize::from(o.becomes.0)]
                && !can[usize::from(r.state.0)]
            {
                can[usize::from(r.state.0)] = true;
                changed = true;
            }
        }
        if !changed {
            return can;
        }
    }
}

/// Warns about rooms that no sequence of actions can reach: those cut off
/// from the start by hatches that can never be walked through.
fn warn_unreachable(
    rules: &Rules,
    rooms: &[Room],
    spans: &[Span],
    hatches: &[Hatch],
    start: usize,
    problems: &mut Vec<Problem>,
) {
    let passable = hatch_states_that_can_become_passable(rules);
    let mut seen = vec![false; rooms.len()];
    seen[start] = true;
    let mut stack = vec![start];
    while let Some(r) = stack.pop() {
        for h in hatches {
            if !passable[usize::from(h.state.0)] {
                continue;
            }
            let [a, b] = [h.rooms[0].index(), h.rooms[1].index()];
            let other = if a == r {
                b
            } else if b == r {
                a
            } else {
                continue;
            };
            if !seen[other] {
                seen[other] = true;
                stack.push(other);
            }
        }
    }
    for (i, room) in rooms.iter().enumerate() {
        if !seen[i] {
            problems.push(
                Problem::warning(
                    Code::UnreachableRoom,
                    format!(
                        "room `{}` can never be reached from the start room",
                        room.id
                    ),
                )
                .label(spans[i], "cut off from the start")
                .help("join it to the rest of the ship with a hatch that can be opened"),
            );
        }
    }
}

/// A room's `at COL,ROW`: two small numbers, at a place no other room has.
fn check_position(
    position: &ast::Position,
    taken: &mut HashMap<(u16, u16), Span>,
    problems: &mut Vec<Problem>,
) -> Option<(u16, u16)> {
    let max = crate::model::limits::POSITION;
    let mut number = |n: &Name, what: &str| match n.text.parse::<u16>() {
        Ok(v) if v <= max => Some(v),
        _ => {
            problems.push(
                Problem::error(
                    Code::PositionOutOfRange,
                    format!("the {what} `{}` is too large", n.text),
                )
                .label(n.span, format!("at most {max}"))
                .help(format!(
                    "columns and rows are counted from 0 and go up to {max}"
                )),
            );
            None
        }
    };
    let column = number(&position.column, "column");
    let row = number(&position.row, "row");
    let at = (column?, row?);
    if let Some(&first) = taken.get(&at) {
        problems.push(
            Problem::error(
                Code::DuplicatePosition,
                format!("two rooms are at {},{}", at.0, at.1),
            )
            .label(position.span, "this room is placed here")
            .label(first, "where another room already is")
            .help("give each room its own place"),
        );
        return None;
    }
    taken.insert(at, position.span);
    Some(at)
}
