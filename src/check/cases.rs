//! Every case a kind of rule decides (each state, room left, hatch and
//! set of items) has exactly one most specific rule: gaps and ties are
//! reported with the rule that would settle them.

use std::collections::HashSet;

use super::conditions::condition_words;
use crate::diagnostic::{Code, Fix, Problem};
use crate::model::{Condition, HatchStateId, ItemSet, Rules, StateId};
use crate::syntax::ast::Span;

/// Which kind of rule a case check is about.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum RuleKind {
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
pub(super) fn subsets(mask: ItemSet) -> impl Iterator<Item = ItemSet> {
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

/// The cases a kind of rule decides for one state: which rules they are
/// and what they are about, the states of the room left and of the hatch
/// walked through that matter (`[None]` when the kind does not look at
/// them), and, when a rule is required in every case, the declaration a
/// gap is reported at.
#[derive(Clone, Copy)]
pub(super) struct Cases<'a> {
    /// The compiled rules, to write conditions in words.
    pub(super) rules: &'a Rules,
    /// The kind of rule.
    pub(super) kind: RuleKind,
    /// The state the rules are about, by name.
    pub(super) subject: &'a str,
    /// The states of the room left to check.
    pub(super) froms: &'a [Option<StateId>],
    /// The states of the hatch walked through to check.
    pub(super) throughs: &'a [Option<HatchStateId>],
    /// Where a gap is reported, when every case needs a rule.
    pub(super) required: Option<Span>,
}

/// For every case, exactly one most specific rule: reports gaps (when
/// `required`) and ties between two rules.
pub(super) fn check_cases(
    cases: &Cases<'_>,
    conditions: &[(Condition, Span)],
    problems: &mut Vec<Problem>,
) {
    let Cases {
        froms,
        throughs,
        required,
        ..
    } = *cases;
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
                        problems.push(gap_problem(cases, &case, span));
                    }
                    continue;
                }
                let first = winners[0];
                for &other in &winners[1..] {
                    if !reported_ties.insert((first, other)) {
                        continue;
                    }
                    problems.push(tie_problem(cases, conditions[first], conditions[other]));
                }
            }
        }
    }
}

/// No rule decides `case`: the problem, with a rule for it to add after
/// the declaration at `span`.
fn gap_problem(cases: &Cases<'_>, case: &Condition, span: Span) -> Problem {
    let Cases {
        rules,
        kind,
        subject,
        ..
    } = *cases;
    let words = condition_words(rules, case, false);
    let words = if words.is_empty() {
        String::new()
    } else {
        format!(" {words}")
    };
    let rule = format!(
        "{} {subject}{words}: {}",
        kind.keyword(),
        kind.example_effect()
    );
    Problem::error(
        Code::MissingRule,
        format!(
            "no rule says {}",
            kind.question(subject, &condition_words(rules, case, true))
        ),
    )
    .label(span, "declared here")
    .help(format!(
        "add a rule for that case, such as `{}`, or one without conditions",
        rule
    ))
    .fix(Fix::AddLine {
        after: span,
        line: rule,
    })
}

/// Two rules, as specific as each other, both decide a case: the problem,
/// with the rule that would decide it to add.
fn tie_problem(
    cases: &Cases<'_>,
    (a, a_span): (Condition, Span),
    (b, b_span): (Condition, Span),
) -> Problem {
    let Cases {
        rules,
        kind,
        subject,
        ..
    } = *cases;
    if a == b {
        return Problem::error(
            Code::ConflictingRules,
            format!(
                "two rules say {}",
                kind.question(subject, &condition_words(rules, &a, true))
            ),
        )
        .label(b_span, "second rule for the same case")
        .label(a_span, "first rule")
        .help("remove one of them");
    }
    let both = Condition {
        from: a.from.or(b.from),
        through: a.through.or(b.through),
        with: ItemSet(a.with.0 | b.with.0),
        without: ItemSet(a.without.0 | b.without.0),
    };
    let rule = format!(
        "{} {subject} {}: {}",
        kind.keyword(),
        condition_words(rules, &both, false),
        kind.example_effect()
    );
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
        "the rule with more conditions wins: add `{rule}` for that case, or change one of these"
    ))
    .fix(Fix::AddLine {
        after: if a_span.end > b_span.end {
            a_span
        } else {
            b_span
        },
        line: rule,
    })
}
