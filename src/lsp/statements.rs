//! What the statements of a syntax tree name and where they stand: the
//! places hover, go-to-definition, symbols and completion look things up
//! in.

use crate::diagnostic::Span;
use crate::syntax::ast::{self, Condition, Name, RulesStatement};

/// Where a rules statement stands.
pub(super) fn span(statement: &RulesStatement) -> Span {
    match statement {
        RulesStatement::RoomStates(_, s)
        | RulesStatement::HatchStates(_, s)
        | RulesStatement::Items(_, s)
        | RulesStatement::WalkThrough(_, s)
        | RulesStatement::Revisit(_, s) => *s,
        RulesStatement::Open(r) => r.span,
        RulesStatement::Enter(r) => r.span,
        RulesStatement::Leave(r) => r.span,
        RulesStatement::Flow(r) => r.span,
        RulesStatement::End(r) => r.span,
        RulesStatement::ActionDecl(d) => d.span,
        RulesStatement::ActionRule(r) => r.span,
        RulesStatement::ActionFailure(f) => f.span,
        RulesStatement::Say(s) => s.span,
    }
}

fn conditions(c: &[Condition]) -> Vec<&Name> {
    c.iter().map(Condition::name).collect()
}

/// Every state, item and action a rules statement names.
pub(super) fn names(statement: &RulesStatement) -> Vec<&Name> {
    match statement {
        RulesStatement::RoomStates(n, _)
        | RulesStatement::HatchStates(n, _)
        | RulesStatement::Items(n, _)
        | RulesStatement::WalkThrough(n, _) => n.iter().collect(),
        RulesStatement::Revisit(..) => Vec::new(),
        RulesStatement::Open(r) => {
            let mut all = vec![&r.state];
            all.extend(conditions(&r.conditions));
            all.extend(r.effect.as_ref().map(|(_, becomes)| becomes));
            all
        }
        RulesStatement::Enter(r) => [vec![&r.state], conditions(&r.conditions)].concat(),
        RulesStatement::Leave(r) => [vec![&r.state], conditions(&r.conditions)].concat(),
        RulesStatement::End(r) => [vec![&r.state], conditions(&r.conditions)].concat(),
        RulesStatement::Flow(r) => r.meet.iter().chain(&r.become_).collect(),
        RulesStatement::ActionDecl(d) => vec![&d.name, &d.state, &d.becomes],
        RulesStatement::ActionRule(r) => r.action.iter().chain(conditions(&r.conditions)).collect(),
        RulesStatement::ActionFailure(f) => vec![&f.action],
        RulesStatement::Say(s) => vec![&s.name],
    }
}

/// Whether byte `offset` falls on `span` (its end included, where the
/// cursor stands after typing a name).
pub(super) fn holds(span: Span, offset: usize) -> bool {
    span.start <= offset && offset <= span.end
}

/// What stands at a place of a board.
pub(super) enum OnBoard<'a> {
    /// A room's id: where it is declared, or a hatch or `start` naming it.
    Room(&'a Name),
    /// A room's or a hatch's state.
    State(&'a Name),
    /// The rules the board names.
    Rules(&'a ast::RulesRef),
}

/// What stands at byte `offset` of a board.
pub(super) fn on_board(board: &ast::BoardFile, offset: usize) -> Option<OnBoard<'_>> {
    let rooms = board.rooms.iter().flat_map(|r| {
        [Some((&r.id, true)), r.state.as_ref().map(|s| (s, false))]
            .into_iter()
            .flatten()
    });
    let hatches = board.hatches.iter().flat_map(|h| {
        [
            Some((&h.rooms[0], true)),
            Some((&h.rooms[1], true)),
            h.state.as_ref().map(|s| (s, false)),
        ]
        .into_iter()
        .flatten()
    });
    let starts = board.starts.iter().map(|s| (s, true));
    if let Some(r) = board.rules.iter().find(|r| holds(r.name().span, offset)) {
        return Some(OnBoard::Rules(r));
    }
    rooms
        .chain(hatches)
        .chain(starts)
        .find(|(n, _)| holds(n.span, offset))
        .map(|(n, room)| {
            if room {
                OnBoard::Room(n)
            } else {
                OnBoard::State(n)
            }
        })
}

/// The statements of rules that name `name`, as written: their texts in
/// `text`, with their lines (1-based).
pub(super) fn mentions<'a>(
    rules: &ast::RulesFile,
    text: &'a str,
    name: &str,
) -> Vec<(usize, &'a str)> {
    rules
        .statements
        .iter()
        .filter(|s| names(s).iter().any(|n| n.text == name))
        .filter_map(|s| {
            let span = span(s);
            let line = text.get(..span.start)?.matches('\n').count() + 1;
            Some((line, text.get(span.start..span.end)?.trim()))
        })
        .collect()
}
