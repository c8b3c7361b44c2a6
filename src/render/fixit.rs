//! The plans of `hatchway plan` as text for a terminal: each way to end a
//! move where the action can be taken, with a row of totals and chances for
//! each choice of minutes, then the cheapest way to each chance.

use anstyle::{AnsiColor, Style as Look};

use super::{Style, survival};
use crate::answer::{Answer, Plans, Told, Unreached};
use crate::fixit::{self, Plan, Target};
use crate::model::turn::DIE_SIDES;
use crate::model::{ActionId, Board, Movement, RoomId, RuleRef};
use crate::survival::Kind;

/// What the plan's action acts on, in words: `room 1 (fire -> clear)` or
/// `hatch 2-4 (blocked -> closed)`.
fn target_words(board: &Board, movement: &Movement, at: RoomId, target: Target) -> String {
    let rules = movement.rules();
    match target {
        Target::Room { from, to } => format!(
            "room {} ({} -> {})",
            board.room(at).id,
            rules.say_room_state(from),
            rules.say_room_state(to)
        ),
        Target::Hatch { hatch, to } => format!(
            "hatch {} ({} -> {})",
            board.hatch_label(hatch),
            rules.say_hatch_state(board.hatch(hatch).state),
            rules.say_hatch_state(to)
        ),
    }
}

/// The lines a replayed plan ends with when it ends with an action: what it
/// acts on, the minutes, the roll needed and its chance, the turn's
/// minutes, and the verdict if the roll fails.
pub fn roll_words(
    board: &Board,
    movement: &Movement,
    at: RoomId,
    roll: &fixit::Roll,
    style: Style,
) -> String {
    let rules = movement.rules();
    let name = rules.say_action(roll.action);
    let text = format!(
        "then {name} on {}: {} min more{}, {} min on the roll, bonus +{}; it succeeds on a roll of {} or less on the {DIE_SIDES}-sided die, chance {}; the turn takes {} min",
        target_words(board, movement, at, roll.target),
        roll.terms.extra.0,
        quoted(
            movement,
            roll.terms.rule.map(RuleRef::ActionRule),
            style.explain
        ),
        roll.minutes,
        roll.terms.bonus,
        roll.chance.highest_roll(),
        roll.chance.words(),
        roll.total.0
    );
    let mut out = textwrap::fill(&text, style.width.max(40));
    out.push('\n');
    out.push_str(&failure_lines(board, movement, &roll.if_failed, "", style));
    out
}

/// What a failed roll leads to, in words after `indent`: `if the roll
/// fails: he must leave (action extinguish_fire fails: leave): open 1-3,
/// move 3, 1 min more; in room 3: safe`. Red when he dies.
pub fn failure_lines(
    board: &Board,
    movement: &Movement,
    failure: &fixit::Failure,
    indent: &str,
    style: Style,
) -> String {
    let text = format!(
        "if the roll fails: {}",
        failure_text(board, movement, failure, style.explain)
    );
    wrapped(&text, indent, failure.verdict.fatal, style)
}

/// `text` wrapped to the terminal after `indent`, red when `fatal`.
pub(super) fn wrapped(text: &str, indent: &str, fatal: bool, style: Style) -> String {
    let options = textwrap::Options::new(style.width.max(40))
        .initial_indent(indent)
        .subsequent_indent(indent)
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    let fatal_look = Look::new().fg_color(Some(AnsiColor::Red.into())).bold();
    let mut out = String::new();
    for line in textwrap::wrap(text, options) {
        if fatal {
            out.push_str(&style.paint(fatal_look, &line));
        } else {
            out.push_str(&line);
        }
        out.push('\n');
    }
    out
}

/// What a failed roll leads to, in words: `he must leave (action
/// extinguish_fire fails: leave): open 1-3, move 3, 1 min more; in room 3
/// he is safe`.
pub(super) fn failure_text(
    board: &Board,
    movement: &Movement,
    failure: &fixit::Failure,
    explain: bool,
) -> String {
    let verdict = format!(
        "{}{}",
        if failure.verdict.fatal {
            "he dies"
        } else {
            "he is safe"
        },
        quoted(movement, failure.verdict.rule.map(RuleRef::End), explain)
    );
    let room = board.room(failure.room).label();
    if !failure.must_leave {
        return format!("he stays in room {room}, where {verdict}");
    }
    let rule = failure_rule(movement, failure, explain);
    if failure.steps.is_empty() {
        return format!("he must leave{rule} but cannot; in room {room} {verdict}");
    }
    let steps: Vec<String> = failure.steps.iter().map(|s| s.action.text(board)).collect();
    format!(
        "he must leave{rule}: {}, {} min more; in room {room} {verdict}",
        steps.join(", "),
        failure.minutes.0
    )
}

/// One action the gnome can take where an outcome leaves him, in words:
/// what it acts on and what a failed roll leads to; its odds are a table
/// beside it ([`frontier_table`], the report's own).
pub fn fixit_words(board: &Board, movement: &Movement, at: RoomId, fixit: &fixit::Fixit) -> String {
    format!(
        "{} on {}; if it fails, {}",
        movement.rules().say_action(fixit.action),
        target_words(board, movement, at, fixit.plan.target),
        failure_text(board, movement, &fixit.plan.if_failed, false)
    )
}

/// What else the gnome can do where outcome `number` leaves him, as
/// `replay` ends each outcome's log after its verdict (which names the
/// fix-its that save him, [`verdict_lines`]): every other action
/// he can take there, with its odds and what a failed roll leads to.
/// Nothing under rules that declare no actions.
pub fn after_the_move(told: &Told<'_>, style: Style) -> String {
    let (board, movement) = (&told.turn().board, &told.turn().movement);
    let outcome = told.outcome;
    if movement.rules().turn.actions.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    for f in told.fixits().iter().filter(|f| !told.saves(f)) {
        let name = movement.rules().say_action(f.action);
        let text = format!(
            "after the move: {name} on {}; if it fails, {}",
            target_words(board, movement, outcome.room, f.plan.target),
            failure_text(board, movement, &f.plan.if_failed, style.explain)
        );
        out.push_str(&wrapped(&text, "", false, style));
        out.push_str(&frontier_table(&f.best, "  ", style));
    }
    out
}

/// The choices worth making on a roll, as a table: for each number of
/// minutes on the frontier (none as cheap does better), the minutes of the
/// whole turn and the chance, and the turn's minutes when the roll fails
/// where failing costs more; columns that do not fit the width go on
/// below.
pub fn frontier_table(best: &[fixit::Best], indent: &str, style: Style) -> String {
    if best.is_empty() {
        return format!("{indent}no roll can succeed\n");
    }
    let columns: Vec<&fixit::Odds> = best.iter().rev().map(|b| &b.odds).collect();
    let fails_more = columns.iter().any(|o| o.total_if_failed != o.total);
    // The columns of `plan`'s table, so that both read alike.
    let label = 8;
    let cell = 6;
    let fit = (style.width.max(40).saturating_sub(indent.len() + label) / cell).max(1);
    let mut out = String::new();
    for chunk in columns.chunks(fit) {
        let row = |name: &str, value: &dyn Fn(&fixit::Odds) -> String| {
            let mut line = format!("{indent}{name:<label$}");
            for o in chunk {
                line.push_str(&format!("{:>cell$}", value(o)));
            }
            line.push('\n');
            line
        };
        out.push_str(&row("minutes", &|o| o.minutes.to_string()));
        out.push_str(&row("total", &|o| o.total.to_string()));
        out.push_str(&row("chance", &|o| o.chance.words()));
        if fails_more {
            out.push_str(&row("if fails", &|o| o.total_if_failed.to_string()));
        }
    }
    out
}

/// The `fails` statement that makes the gnome leave, quoted.
fn failure_rule(movement: &Movement, failure: &fixit::Failure, explain: bool) -> String {
    quoted(movement, Some(RuleRef::Failure(failure.action)), explain)
}

/// The rules' text of a rule, in parentheses, when the file is at hand.
/// Empty unless `explain`: the rule stays one option away.
fn quoted(movement: &Movement, rule: Option<RuleRef>, explain: bool) -> String {
    rule.filter(|_| explain)
        .and_then(|r| movement.rules().quote(r))
        .map_or_else(String::new, |q| format!(" ({})", q.text))
}

/// Why `action` cannot be taken at the end of each of `outcomes`, each
/// reason once: the rule that forbids it there, quoted, or what it acts on
/// that is not there.
fn why_not(
    answer: &Answer<'_>,
    action: ActionId,
    at: RoomId,
    outcomes: &[Told<'_>],
) -> Vec<String> {
    let (board, movement) = (&answer.turn.board, &answer.turn.movement);
    let rules = movement.rules();
    let turn = &rules.turn;
    let Some(declared) = turn.actions.get(usize::from(action.0)) else {
        return Vec::new();
    };
    let mut reasons: Vec<String> = Vec::new();
    for o in outcomes.iter().map(|t| t.outcome) {
        let here = o.rooms[at.index()];
        let state = rules.say_room_state(here);
        let reason = if let Some(forbidden) = answer.why_forbidden(action, here) {
            forbidden
        } else if declared.on_hatches() {
            let acted: Vec<String> = declared
                .changes
                .iter()
                .filter_map(|c| match *c {
                    crate::model::turn::Change::Hatch { from, .. } => {
                        Some(rules.say_hatch_state(from).into_owned())
                    }
                    crate::model::turn::Change::Room { .. } => None,
                })
                .collect();
            format!(
                "it acts on {} hatches, and no hatch of room {} is",
                acted.join(" or "),
                board.room(at).id
            )
        } else {
            let acted: Vec<String> = declared
                .changes
                .iter()
                .filter_map(|c| match *c {
                    crate::model::turn::Change::Room { from, .. } => {
                        Some(rules.say_room_state(from).into_owned())
                    }
                    crate::model::turn::Change::Hatch { .. } => None,
                })
                .collect();
            format!(
                "it acts on a room that has {}, and the move leaves room {} with {state}",
                acted.join(" or "),
                board.room(at).id
            )
        };
        if !reasons.contains(&reason) {
            reasons.push(reason);
        }
    }
    reasons
}

/// The whole answer of `hatchway plan`.
/// `answer` holds the outcomes that end in the room asked about.
pub fn plans(
    answer: &Answer<'_>,
    request: (ActionId, RoomId),
    found: &Plans,
    unreached: Option<&Unreached>,
    style: Style,
) -> String {
    let (action, at) = request;
    let turn = answer.turn;
    let (board, movement, start) = (&turn.board, &turn.movement, turn.start);
    let (outcomes, plans) = (answer.outcomes(), found.plans.as_slice());
    let heading = Look::new().bold();
    let rules = movement.rules();
    let name = rules.say_action(action);
    let held = movement.held();
    let width = style.width.max(40);
    let title = format!(
        "{}: {name} at room {}, start in room {}, rules {}{}, {}",
        board.name,
        board.room(at).label(),
        board.room(start).label(),
        rules.name,
        if held.is_empty() {
            String::new()
        } else {
            format!(" with {}", movement.held_words())
        },
        super::count(plans.len() as u64, "plan")
    );
    let mut out = String::new();
    for line in textwrap::wrap(&title, width) {
        out.push_str(&style.paint(heading, &line));
        out.push('\n');
    }
    let roll = format!(
        "a fix-it roll: choose 1 to {DIE_SIDES} minutes; it succeeds when a {DIE_SIDES}-sided die rolls at most the minutes plus the bonus"
    );
    out.push_str(&textwrap::fill(&roll, width));
    out.push('\n');
    if plans.is_empty() {
        let why = if outcomes.is_empty() {
            unreached
                .map(|u| u.words(turn, "", style.explain))
                .unwrap_or_else(|| {
                    format!(
                        "no move ends in room {}: `hatchway paths --to {}` lists none",
                        board.room(at).label(),
                        board.room(at).id
                    )
                })
        } else {
            format!(
                "{} in room {}, but in none can {name} be taken: {}",
                if outcomes.len() == 1 {
                    "1 move ends".to_string()
                } else {
                    format!("{} moves end", outcomes.len())
                },
                board.room(at).label(),
                why_not(answer, action, at, outcomes).join("; ")
            )
        };
        out.push('\n');
        // Rules' names are not split at their hyphens.
        let options =
            textwrap::Options::new(width).word_splitter(textwrap::WordSplitter::NoHyphenation);
        out.push_str(&textwrap::fill(&why, options));
        out.push('\n');
        return out;
    }
    for (i, p) in plans.iter().enumerate() {
        out.push('\n');
        out.push_str(&plan_lines(answer, plans, i, p, at, style));
    }
    out.push('\n');
    out.push_str(&style.paint(
        heading,
        "the cheapest way to each chance (none as cheap does better)",
    ));
    out.push('\n');
    out.push_str("  chance   total   plan  minutes  roll at most\n");
    for b in &found.best {
        out.push_str(&format!(
            "  {:>6}  {:>6}  {:>5}  {:>7}  {:>12}\n",
            b.chance.words(),
            b.odds.total.0,
            b.plan + 1,
            b.odds.minutes,
            b.odds.chance.highest_roll()
        ));
    }
    out
}

/// The lines of plan `i` of `plans`: its move, what it changes (and what
/// sets it apart from the other plans), what the action acts on and its
/// terms, what a failed roll leads to, and the row of minutes, totals and
/// chances.
fn plan_lines(
    answer: &Answer<'_>,
    plans: &[Plan],
    i: usize,
    p: &Plan,
    at: RoomId,
    style: Style,
) -> String {
    let turn = answer.turn;
    let (board, movement) = (&turn.board, &turn.movement);
    let heading = Look::new().bold();
    let width = style.width.max(40);
    let mut out = String::new();
    let actions: Vec<String> = answer
        .outcome(p.outcome)
        .map(|t| t.outcome.actions.iter().map(|&a| a.text(board)).collect())
        .unwrap_or_default();
    let moves = if actions.is_empty() {
        "stay".to_string()
    } else {
        actions.join(", ")
    };
    let lead = format!("plan {}", i + 1);
    let text = format!(
        "{lead}  outcome #{}, move {} min: {moves}",
        p.outcome, p.move_cost.0
    );
    let indent = " ".repeat(lead.len() + 2);
    let options = textwrap::Options::new(width)
        .subsequent_indent(&indent)
        .break_words(false);
    for (j, line) in textwrap::wrap(&text, options).iter().enumerate() {
        if j == 0 {
            out.push_str(&style.paint(heading, line));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    let changes = changes_apart(answer, plans, i);
    if !changes.is_empty() {
        let options = textwrap::Options::new(width)
            .initial_indent(&indent)
            .subsequent_indent(&indent)
            .break_words(false);
        for line in textwrap::wrap(&changes, options) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    // What the move alone does to him, before what the roll does.
    if let Some(consequence) = answer
        .outcome(p.outcome)
        .filter(|t| t.verdict().fatal)
        .and_then(|t| survival::consequence(t, style.explain))
    {
        out.push_str(&wrapped(
            &format!("left there: {consequence}"),
            &indent,
            false,
            style,
        ));
    }
    let bonuses: Vec<String> = p
        .terms
        .bonuses
        .iter()
        .filter_map(|&b| movement.rules().quote(RuleRef::ActionRule(b)))
        .map(|q| q.text)
        .collect();
    let terms = format!(
        "acts on {}; {} min more{}; bonus +{}{}",
        target_words(board, movement, at, p.target),
        p.terms.extra.0,
        quoted(
            movement,
            p.terms.rule.map(RuleRef::ActionRule),
            style.explain
        ),
        p.terms.bonus,
        if bonuses.is_empty() || !style.explain {
            String::new()
        } else {
            format!(" ({})", bonuses.join("; "))
        }
    );
    let options = textwrap::Options::new(width)
        .initial_indent(&indent)
        .subsequent_indent(&indent)
        .break_words(false);
    for line in textwrap::wrap(&terms, options) {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&failure_lines(
        board,
        movement,
        &p.if_failed,
        &indent,
        style,
    ));
    out.push_str(&odds_table(p, &indent, style));
    out
}

/// What the move of plan `i` changes, and what sets it apart from the
/// other plans: `changes 5 low water, 7 low water; unlike the other plans:
/// 7 low water, 8 stays clear`. Empty for a move that changes nothing
/// when it is the only plan.
fn changes_apart(answer: &Answer<'_>, plans: &[Plan], i: usize) -> String {
    let board = &answer.turn.board;
    let rules = &board.rules;
    let rooms = |p: &Plan| answer.outcome(p.outcome).map(|t| &t.outcome.rooms);
    let Some(mine) = plans.get(i).and_then(rooms) else {
        return String::new();
    };
    let changed = |rooms: &[crate::model::StateId], r: usize| rooms[r] != board.rooms[r].state;
    let others: Vec<&Vec<crate::model::StateId>> = plans
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .filter_map(|(_, p)| rooms(p))
        .collect();
    let mut apart = Vec::new();
    for (r, room) in board.rooms.iter().enumerate() {
        let elsewhere = others.iter().any(|o| o[r] != mine[r] && changed(o, r));
        if changed(mine, r) && others.iter().all(|o| o[r] != mine[r]) {
            apart.push(format!("{} {}", room.id, rules.say_room_state(mine[r])));
        } else if !changed(mine, r) && elsewhere {
            apart.push(format!(
                "{} stays {}",
                room.id,
                rules.say_room_state(room.state)
            ));
        }
    }
    let all = super::changed_rooms(board, mine);
    match (all, others.is_empty() || apart.is_empty()) {
        (None, true) => String::new(),
        (all, true) => format!("changes {}", all.unwrap_or_default()),
        (all, false) => format!(
            "changes {}; unlike the other plans: {}",
            all.unwrap_or_else(|| "no room".to_string()),
            apart.join(", ")
        ),
    }
}

/// A plan's odds as a table, one column for each choice of minutes on the
/// roll: the minutes, the total of the turn, the chance, and the total
/// when the roll fails when failing costs more.
pub fn odds_table(p: &Plan, indent: &str, style: Style) -> String {
    let cost_look = Look::new().fg_color(Some(AnsiColor::Cyan.into())).bold();
    let row = |label: &str, cell: &dyn Fn(&fixit::Odds) -> String| {
        let mut line = format!("{indent}{label:<8}");
        for o in &p.odds {
            line.push_str(&format!("{:>6}", cell(o)));
        }
        line.push('\n');
        line
    };
    let mut out = row("minutes", &|o| o.minutes.to_string());
    out.push_str(&style.paint(cost_look, row("total", &|o| o.total.to_string()).trim_end()));
    out.push('\n');
    out.push_str(&row("chance", &|o| o.chance.words()));
    if p.if_failed.minutes.0 > 0 {
        out.push_str(&row("if fails", &|o| o.total_if_failed.to_string()));
    }
    out
}

/// The whole verdict of an outcome as lines after `indent`: the
/// consequence; then for each fix-it that can save him (the one that saves
/// him most cheaply first) how it saves him, what a failed roll leads to,
/// the odds of each choice of minutes worth making and, under the fix-it
/// the verdict counts, what fewer minutes risk. Red where he dies whatever
/// he does. Empty under rules without `end` rules. The words are
/// [`survival`]'s.
pub fn verdict_lines(told: &Told<'_>, lead: &str, indent: &str, style: Style) -> String {
    let Some(consequence) = survival::consequence(told, style.explain) else {
        return String::new();
    };
    let s = told.survival();
    let fatal = s.kind == Kind::Fatal;
    let mut out = wrapped(&format!("{lead}{consequence}"), indent, fatal, style);
    if s.kind == Kind::Safe {
        return out;
    }
    let (board, movement) = (&told.turn().board, &told.turn().movement);
    let remedies: Vec<(usize, &fixit::Fixit)> = told
        .fixits()
        .iter()
        .enumerate()
        .filter(|(_, f)| told.saves(f))
        .collect();
    let counted = s.fixit;
    let ordered = remedies
        .iter()
        .filter(|(i, _)| Some(*i) == counted)
        .chain(remedies.iter().filter(|(i, _)| Some(*i) != counted));
    let rescue = survival::rescue(told);
    if s.kind == Kind::Fatal
        && let Some(rescue) = &rescue
    {
        out.push_str(&wrapped(rescue, indent, false, style));
    }
    for &(i, fixit) in ordered {
        let how = match &rescue {
            Some(r) if Some(i) == counted && s.kind != Kind::Fatal => r.clone(),
            _ => format!(
                "{} saves him if it succeeds",
                movement.rules().say_action(fixit.action)
            ),
        };
        let text = format!(
            "{how}; if it fails, {}",
            failure_text(board, movement, &fixit.plan.if_failed, style.explain)
        );
        out.push_str(&wrapped(&text, indent, false, style));
        out.push_str(&frontier_table(&fixit.best, &format!("{indent}  "), style));
        if Some(i) == counted {
            let risks = survival::risks(told);
            if !risks.is_empty() {
                out.push_str(&wrapped(&risks, indent, false, style));
            }
        }
    }
    out
}
