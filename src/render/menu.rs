//! The turn's menu of fix-its as `hatchway plan` prints it when not asked
//! for one action at one room: each choice the answer found
//! ([`Answer::menu`]), strongest first, with its cheapest way to each
//! chance, what a failed roll leads to and the verdict where it is taken.

use anstyle::Style as Look;

use super::Style;
use crate::answer::{Answer, Choice};
use crate::model::turn::DIE_SIDES;

/// The order of the menu, as the heading states it.
pub const ORDER: &str =
    "strongest first: the fewest minutes in all for a sure roll, then for any chance";

/// The menu of `answer`'s turn: a heading, then each choice.
pub fn menu(answer: &Answer<'_>, choices: &[Choice], style: Style) -> String {
    let turn = answer.turn;
    let (board, movement) = (&turn.board, &turn.movement);
    let rules = movement.rules();
    let held = movement.held();
    let width = style.width.max(40);
    let heading = Look::new().bold();
    let title = format!(
        "{}: the turn's fix-its, start in room {}, rules {}{}, {}",
        board.name,
        board.room(turn.start).label(),
        rules.name,
        if held.is_empty() {
            String::new()
        } else {
            format!(" with {}", movement.held_words())
        },
        super::count(choices.len() as u64, "choice")
    );
    // Rules' names are not split at their hyphens.
    let whole_words =
        || textwrap::Options::new(width).word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut out = String::new();
    for line in textwrap::wrap(&title, whole_words()) {
        out.push_str(&style.paint(heading, &line));
        out.push('\n');
    }
    let roll = format!(
        "{ORDER}; a fix-it roll: choose 1 to {DIE_SIDES} minutes; it succeeds when a {DIE_SIDES}-sided die rolls at most the minutes plus the bonus"
    );
    out.push_str(&textwrap::fill(&roll, whole_words()));
    out.push('\n');
    if choices.is_empty() {
        out.push('\n');
        out.push_str(&textwrap::fill(&why_empty(answer), whole_words()));
        out.push('\n');
    }
    for (i, choice) in choices.iter().enumerate() {
        out.push('\n');
        out.push_str(&choice_lines(answer, i, choice, style));
    }
    out
}

/// Why rules with no `action` statement give no fix-it, and which shipped
/// rules have them.
pub(crate) fn no_actions(rules: &crate::model::Rules) -> String {
    format!(
        "the rules `{}` declare no actions; `red-november-rulebook` does (`hatchway rules red-november-rulebook`)",
        rules.name
    )
}

/// Why the menu is empty: the rules declare no action, or no move ends
/// where one can be taken.
fn why_empty(answer: &Answer<'_>) -> String {
    let rules = answer.turn.movement.rules();
    if rules.turn.actions.is_empty() {
        no_actions(rules)
    } else {
        "no move ends where an action can be taken: `hatchway plan --action NAME --at ROOM` says why for one".to_string()
    }
}

/// One choice: its action and room with the sure total, the move of its
/// best plan, what a failed roll leads to, the verdict there, and the
/// cheapest way to each chance.
fn choice_lines(answer: &Answer<'_>, i: usize, choice: &Choice, style: Style) -> String {
    let turn = answer.turn;
    let (board, movement) = (&turn.board, &turn.movement);
    let width = style.width.max(40);
    let name = movement.rules().say_action(choice.action);
    let lead = format!("{}.", i + 1);
    let indent = " ".repeat(lead.len() + 1);
    let reach = match (choice.sure_total(), choice.plans.best.first()) {
        (Some(total), Some(b)) => format!(
            "sure with {} min on the roll, {} in all",
            b.odds.minutes, total.0
        ),
        (None, Some(b)) => format!(
            "at best {} with {} min on the roll, {} in all",
            b.chance, b.odds.minutes, b.odds.total.0
        ),
        _ => String::new(),
    };
    let mut out = String::new();
    let on = choice.hatch.map_or_else(String::new, |h| {
        format!(" on hatch {}", board.hatch_label(h))
    });
    let title = format!(
        "{lead} {name}{on} at room {}: {reach}",
        board.room(choice.at).label()
    );
    let options = textwrap::Options::new(width)
        .subsequent_indent(&indent)
        .break_words(false);
    for line in textwrap::wrap(&title, options) {
        out.push_str(&style.paint(Look::new().bold(), &line));
        out.push('\n');
    }
    let Some(best) = choice.plans.best.first() else {
        return out;
    };
    let Some(plan) = choice.plans.plans.get(best.plan) else {
        return out;
    };
    let told = answer.outcome(plan.outcome);
    let moves: Vec<String> = told
        .map(|t| t.outcome.actions.iter().map(|&a| a.text(board)).collect())
        .unwrap_or_default();
    let moves = if moves.is_empty() {
        "stay".to_string()
    } else {
        moves.join(", ")
    };
    out.push_str(&super::fixit::wrapped(
        &format!(
            "after outcome #{}, a move of {} min: {moves}",
            plan.outcome, plan.move_cost.0
        ),
        &indent,
        false,
        style,
    ));
    if let Some(told) = told
        && let Some(consequence) = super::survival::consequence(told, style.explain)
    {
        let rescue = super::survival::rescue(told).map_or_else(String::new, |r| format!("; {r}"));
        out.push_str(&super::fixit::wrapped(
            &format!("left there: {consequence}{rescue}"),
            &indent,
            false,
            style,
        ));
    }
    out.push_str(&super::fixit::failure_lines(
        board,
        movement,
        &plan.if_failed,
        &indent,
        style,
    ));
    out.push_str(&format!("{indent}chance   total  minutes  outcome\n"));
    for b in &choice.plans.best {
        let outcome = choice
            .plans
            .plans
            .get(b.plan)
            .map_or(String::new(), |p| format!("#{}", p.outcome));
        out.push_str(&format!(
            "{indent}{:>6}  {:>6}  {:>7}  {:>7}\n",
            b.chance.words(),
            b.odds.total.0,
            b.odds.minutes,
            outcome
        ));
    }
    out
}
