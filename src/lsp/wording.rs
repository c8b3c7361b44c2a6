//! What a rules statement does, in a sentence for the player: the hover of
//! a rule. Built from the statement as written, so that it can be said of
//! a rule in a file that does not compile yet.

use crate::syntax::ast::{ActionEffect, ActionOn, Condition, CostText, RulesStatement};

fn quoted(names: &[crate::syntax::ast::Name]) -> String {
    names
        .iter()
        .map(|n| format!("`{}`", n.text))
        .collect::<Vec<_>>()
        .join(", ")
}

fn minutes(cost: &CostText) -> String {
    match cost.0.text.as_str() {
        "1" => "1 minute".to_string(),
        n => format!("{n} minutes"),
    }
}

/// The conditions as words that follow the rule's subject: ` from a room
/// in `clear` with `grog``.
fn conditions(conditions: &[Condition]) -> String {
    conditions
        .iter()
        .map(|c| match c {
            Condition::From(n) => format!(" from a room in `{}`", n.text),
            Condition::Through(n) => format!(" through a hatch in `{}`", n.text),
            Condition::In(n) => format!(" in a room in `{}`", n.text),
            Condition::With(n) => format!(" with `{}`", n.text),
            Condition::Without(n) => format!(" without `{}`", n.text),
        })
        .collect()
}

/// What `statement` does.
pub(super) fn sentence(statement: &RulesStatement) -> String {
    match statement {
        RulesStatement::RoomStates(n, _) => format!(
            "A room is in one of these states: {}. A room whose state the board leaves out is in the first.",
            quoted(n)
        ),
        RulesStatement::HatchStates(n, _) => format!(
            "A hatch is in one of these states: {}. A hatch whose state the board leaves out is in the first.",
            quoted(n)
        ),
        RulesStatement::Items(n, _) => {
            format!("The items a player may hold this turn: {}.", quoted(n))
        }
        RulesStatement::WalkThrough(n, _) => {
            format!("A gnome can walk through a hatch in {}.", quoted(n))
        }
        RulesStatement::Open(r) => match &r.effect {
            None => format!(
                "A hatch in `{}` cannot be opened{}.",
                r.state.text,
                conditions(&r.conditions)
            ),
            Some((cost, becomes)) => format!(
                "Opening a hatch in `{}`{} costs {} and makes it `{}`.",
                r.state.text,
                conditions(&r.conditions),
                minutes(cost),
                becomes.text
            ),
        },
        RulesStatement::Enter(r) => match &r.cost {
            None => format!(
                "A room in `{}` cannot be entered{}.",
                r.state.text,
                conditions(&r.conditions)
            ),
            Some(cost) => format!(
                "Entering a room in `{}`{} costs {}.",
                r.state.text,
                conditions(&r.conditions),
                minutes(cost)
            ),
        },
        RulesStatement::Leave(r) => format!(
            "Leaving a room in `{}`{} is {}.",
            r.state.text,
            conditions(&r.conditions),
            if r.allowed { "allowed" } else { "forbidden" }
        ),
        RulesStatement::Flow(r) => format!(
            "When a hatch between a room in `{}` and one in `{}` is opened, they become `{}` and `{}`.",
            r.meet[0].text, r.meet[1].text, r.become_[0].text, r.become_[1].text
        ),
        RulesStatement::Revisit(allowed, _) => format!(
            "A move {} enter a room it has already been in.",
            if *allowed { "may" } else { "may not" }
        ),
        RulesStatement::End(r) => format!(
            "A gnome left in a room in `{}`{} when the turn ends {}.",
            r.state.text,
            conditions(&r.conditions),
            if r.fatal { "dies" } else { "is safe" }
        ),
        RulesStatement::ActionDecl(d) => format!(
            "After the move, `{}` can be taken on {} in `{}`; when its roll succeeds, that becomes `{}`.",
            d.name.text,
            match d.on {
                ActionOn::Room => "the gnome's room",
                ActionOn::Hatch => "a hatch of the gnome's room",
            },
            d.state.text,
            d.becomes.text
        ),
        RulesStatement::ActionRule(r) => {
            if let (None, ActionEffect::Forbidden) = (&r.action, &r.effect) {
                return format!("No action can be taken{}.", conditions(&r.conditions));
            }
            let which = r
                .action
                .as_ref()
                .map_or_else(|| "Every action".to_string(), |a| format!("`{}`", a.text));
            let effect = match &r.effect {
                ActionEffect::Forbidden => "cannot be taken".to_string(),
                ActionEffect::Cost(c) => format!("costs {} more", minutes(c)),
                ActionEffect::Bonus(b) => {
                    format!("gets a bonus of {} on its roll", b.0.text)
                }
            };
            format!("{which}{} {effect}.", conditions(&r.conditions))
        }
        RulesStatement::ActionFailure(f) => format!(
            "When the roll of `{}` fails, the gnome must take one step out of the room.",
            f.action.text
        ),
        RulesStatement::Say(s) => format!(
            "Outputs for players say `{}` as \"{}\".",
            s.name.text, s.words
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::sentence;
    use crate::syntax::{self, ast};

    #[test]
    fn rules_read_as_sentences() {
        let text = "rules r\nroom states: clear, fire\nhatch states: closed, open\nitems: grog\n\
                    open closed: cost 1, becomes open\nwalk through: open\nenter clear: cost 0\n\
                    enter fire from clear with grog: cost 2\nenter fire: forbidden\n\
                    action in fire: forbidden\naction with grog: bonus 3\n";
        let Ok(ast::File::Rules(rules)) = syntax::parse_all(text) else {
            panic!("the rules parse");
        };
        let said: Vec<String> = rules.statements.iter().map(sentence).collect();
        assert_eq!(
            said[3],
            "Opening a hatch in `closed` costs 1 minute and makes it `open`."
        );
        assert_eq!(
            said[6],
            "Entering a room in `fire` from a room in `clear` with `grog` costs 2 minutes."
        );
        assert_eq!(said[7], "A room in `fire` cannot be entered.");
        assert_eq!(said[8], "No action can be taken in a room in `fire`.");
        assert_eq!(
            said[9],
            "Every action with `grog` gets a bonus of 3 on its roll."
        );
    }
}
