//! Parse tree to syntax tree: the walk that turns pest's pairs of a file
//! that parses into an [`ast::File`](super::ast::File), each name with its
//! span. Keyword tokens carry no meaning beyond the rule they start, so the
//! walk skips them.

use pest::iterators::Pair;

use super::ast::{
    self, ActionDecl, ActionEffect, ActionOn, ActionRule, BoardFile, Condition, CostText, EndRule,
    EnterRule, FlowRule, HatchDecl, LeaveRule, Name, OpenRule, Position, RoomDecl, RulesFile,
    RulesRef, RulesStatement, Span,
};
use super::grammar::Rule;

/// Where a pair stands in the text.
pub(super) fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

fn name(pair: Pair<'_, Rule>) -> Name {
    // A quoted string carries its text one level down; its span stays the
    // whole string so that the label covers the quotes.
    let span = span_of(&pair);
    let text = if matches!(pair.as_rule(), Rule::string | Rule::state_words) {
        pair.into_inner()
            .next()
            .map_or("", |p| p.as_str())
            .to_string()
    } else {
        pair.as_str().to_string()
    };
    Name::new(text, span)
}

fn names(pair: Pair<'_, Rule>) -> Vec<Name> {
    meaningful(pair).map(name).collect()
}

/// Skips keyword tokens, which carry no meaning beyond the rule they start.
fn meaningful(pair: Pair<'_, Rule>) -> impl Iterator<Item = Pair<'_, Rule>> {
    pair.into_inner().filter(|p| {
        !matches!(
            p.as_rule(),
            Rule::kw_rules
                | Rule::kw_board
                | Rule::kw_room
                | Rule::kw_hatch
                | Rule::kw_states
                | Rule::kw_items
                | Rule::kw_open
                | Rule::kw_walk
                | Rule::kw_through
                | Rule::kw_enter
                | Rule::kw_leave
                | Rule::kw_flow
                | Rule::kw_revisit
                | Rule::kw_say
                | Rule::kw_from
                | Rule::kw_with
                | Rule::kw_without
                | Rule::kw_cost
                | Rule::kw_becomes
                | Rule::kw_start
                | Rule::kw_at
                | Rule::kw_end
                | Rule::kw_action
                | Rule::kw_in
                | Rule::kw_bonus
                | Rule::kw_fails
                | Rule::colon
                | Rule::comma
                | Rule::plus
                | Rule::arrow
                | Rule::dash
        )
    })
}

/// A `rules_file` node as the rules file it holds.
pub(super) fn rules_file(pair: Pair<'_, Rule>) -> RulesFile {
    let mut file = RulesFile::default();
    for p in meaningful(pair) {
        let span = span_of(&p);
        let statement = match p.as_rule() {
            Rule::string | Rule::title => {
                file.name = name(p);
                continue;
            }
            Rule::room_states => RulesStatement::RoomStates(list(p), span),
            Rule::hatch_states => RulesStatement::HatchStates(list(p), span),
            Rule::items_decl => RulesStatement::Items(list(p), span),
            Rule::walk_rule => RulesStatement::WalkThrough(list(p), span),
            Rule::open_rule => RulesStatement::Open(open_rule(p)),
            Rule::enter_rule => RulesStatement::Enter(enter_rule(p)),
            Rule::leave_rule => RulesStatement::Leave(leave_rule(p)),
            Rule::flow_rule => RulesStatement::Flow(flow_rule(p)),
            Rule::end_rule => RulesStatement::End(end_rule(p)),
            Rule::action_decl => RulesStatement::ActionDecl(action_decl(p)),
            Rule::action_rule => RulesStatement::ActionRule(action_rule(p)),
            Rule::action_failure => RulesStatement::ActionFailure(ast::ActionFailure {
                action: meaningful(p)
                    .find(|q| q.as_rule() == Rule::ident)
                    .map(name)
                    .unwrap_or_default(),
                span,
            }),
            Rule::say_decl => {
                let mut parts = meaningful(p);
                let said = parts.next().map(name).unwrap_or_default();
                let words = parts.find(|q| q.as_rule() == Rule::string).map(name);
                RulesStatement::Say(ast::Say {
                    name: said,
                    words: words.as_ref().map_or_else(String::new, |w| w.text.clone()),
                    words_span: words.map_or(span, |w| w.span),
                    span,
                })
            }
            Rule::revisit_rule => {
                let allowed = meaningful(p).any(|q| q.as_rule() == Rule::allowed);
                RulesStatement::Revisit(allowed, span)
            }
            _ => continue,
        };
        file.statements.push(statement);
    }
    file
}

fn list(pair: Pair<'_, Rule>) -> Vec<Name> {
    meaningful(pair)
        .find(|p| p.as_rule() == Rule::ident_list)
        .map(names)
        .unwrap_or_default()
}

fn condition(pair: Pair<'_, Rule>) -> Option<Condition> {
    let inner = pair.into_inner().next()?;
    let rule = inner.as_rule();
    let n = meaningful(inner).next().map(name)?;
    Some(match rule {
        Rule::from_cond => Condition::From(n),
        Rule::through_cond => Condition::Through(n),
        Rule::in_cond => Condition::In(n),
        Rule::with_cond => Condition::With(n),
        _ => Condition::Without(n),
    })
}

fn cost_text(pair: Pair<'_, Rule>) -> CostText {
    CostText(meaningful(pair).next().map(name).unwrap_or_default())
}

fn open_rule(pair: Pair<'_, Rule>) -> OpenRule {
    let span = span_of(&pair);
    let mut rule = OpenRule {
        state: Name::default(),
        conditions: Vec::new(),
        effect: None,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::open_effect => {
                let mut cost = CostText(Name::default());
                let mut becomes = Name::default();
                for q in meaningful(p) {
                    match q.as_rule() {
                        Rule::cost => cost = cost_text(q),
                        _ => becomes = name(q),
                    }
                }
                rule.effect = Some((cost, becomes));
            }
            _ => {}
        }
    }
    rule
}

fn enter_rule(pair: Pair<'_, Rule>) -> EnterRule {
    let span = span_of(&pair);
    let mut rule = EnterRule {
        state: Name::default(),
        conditions: Vec::new(),
        cost: None,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::cost => rule.cost = Some(cost_text(p)),
            _ => {}
        }
    }
    rule
}

fn leave_rule(pair: Pair<'_, Rule>) -> LeaveRule {
    let span = span_of(&pair);
    let mut rule = LeaveRule {
        state: Name::default(),
        conditions: Vec::new(),
        allowed: false,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::allowed => rule.allowed = true,
            _ => {}
        }
    }
    rule
}

fn end_rule(pair: Pair<'_, Rule>) -> EndRule {
    let span = span_of(&pair);
    let mut rule = EndRule {
        state: Name::default(),
        conditions: Vec::new(),
        fatal: false,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::kw_fatal => rule.fatal = true,
            _ => {}
        }
    }
    rule
}

fn action_decl(pair: Pair<'_, Rule>) -> ActionDecl {
    let span = span_of(&pair);
    let mut decl = ActionDecl {
        name: Name::default(),
        on: ActionOn::Room,
        state: Name::default(),
        becomes: Name::default(),
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => decl.name = name(p),
            Rule::action_target => {
                // `meaningful` drops `room` and `hatch`: read them here.
                let mut states = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::kw_hatch => decl.on = ActionOn::Hatch,
                        Rule::ident => states.push(name(q)),
                        _ => {}
                    }
                }
                let mut states = states.into_iter();
                decl.state = states.next().unwrap_or_default();
                decl.becomes = states.next().unwrap_or_default();
            }
            _ => {}
        }
    }
    decl
}

fn action_rule(pair: Pair<'_, Rule>) -> ActionRule {
    let span = span_of(&pair);
    let mut rule = ActionRule {
        action: None,
        conditions: Vec::new(),
        effect: ActionEffect::Forbidden,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.action = Some(name(p)),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::cost => rule.effect = ActionEffect::Cost(cost_text(p)),
            Rule::bonus => rule.effect = ActionEffect::Bonus(cost_text(p)),
            _ => {}
        }
    }
    rule
}

fn flow_rule(pair: Pair<'_, Rule>) -> FlowRule {
    let span = span_of(&pair);
    let mut states: Vec<Name> = meaningful(pair).map(name).collect();
    states.resize(4, Name::default());
    let [a, b, c, d]: [Name; 4] = states.try_into().unwrap_or_default();
    FlowRule {
        meet: [a, b],
        become_: [c, d],
        span,
    }
}

fn position(pair: Pair<'_, Rule>) -> Position {
    let span = span_of(&pair);
    let mut numbers = meaningful(pair).map(name);
    let column = numbers.next().unwrap_or_default();
    let row = numbers.next().unwrap_or_default();
    Position { column, row, span }
}

/// A `board_file` node as the board file it holds.
pub(super) fn board_file(pair: Pair<'_, Rule>) -> BoardFile {
    let mut file = BoardFile::default();
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::string | Rule::title => file.name = name(p),
            Rule::rules_ref => {
                if let Some(q) = meaningful(p).next() {
                    let quoted = q.as_rule() == Rule::string;
                    let n = name(q);
                    file.rules.push(if quoted {
                        RulesRef::Path(n)
                    } else {
                        RulesRef::Builtin(n)
                    });
                }
            }
            Rule::room_decl => {
                let mut decl = RoomDecl {
                    id: Name::default(),
                    display: None,
                    position: None,
                    state: None,
                };
                for q in meaningful(p) {
                    match q.as_rule() {
                        Rule::room_id => decl.id = name(q),
                        Rule::string => decl.display = Some(name(q)),
                        Rule::position => decl.position = Some(position(q)),
                        _ => decl.state = Some(name(q)),
                    }
                }
                file.rooms.push(decl);
            }
            Rule::hatch_decl => {
                let span = span_of(&p);
                let mut ids = Vec::new();
                let mut state = None;
                for q in meaningful(p) {
                    match q.as_rule() {
                        Rule::room_id => ids.push(name(q)),
                        _ => state = Some(name(q)),
                    }
                }
                ids.resize(2, Name::default());
                let [a, b]: [Name; 2] = ids.try_into().unwrap_or_default();
                file.hatches.push(HatchDecl {
                    rooms: [a, b],
                    state,
                    span,
                });
            }
            Rule::start_decl => file.starts.extend(meaningful(p).next().map(name)),
            _ => {}
        }
    }
    file
}
