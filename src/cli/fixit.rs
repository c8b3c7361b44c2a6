//! `hatchway plan`: the whole turn, a move and then an action (a fix-it),
//! with the exact odds of its roll for each choice of minutes.

use super::*;

/// What `hatchway plan` was asked: one action at one room, or the turn's
/// menu narrowed to what is given.
pub(super) struct PlanRequest<'a> {
    pub action: Option<&'a str>,
    pub at: Option<&'a str>,
    pub format: PathsFormat,
}

pub(super) fn plan(
    path: Option<&Path>,
    args: &QueryArgs,
    request: PlanRequest<'_>,
    term: &Terminal,
) -> Exit {
    let q = match load_query(path, args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let rules = &q.turn.board.rules;
    let action = match request
        .action
        .map(|name| rules.action_meant(name).ok_or(name))
        .transpose()
    {
        Ok(action) => action,
        Err(name) => return unknown_action(&q, name, term),
    };
    let at = match request
        .at
        .map(|id| room_arg(&q.turn.board, id, "--at"))
        .transpose()
    {
        Ok(at) => at,
        Err(e) => {
            print_plain(e.message, e.help, term);
            return Exit::Invalid;
        }
    };
    let solution = match solve(&q, Offers::BUDGET, Keeps::Lines, term) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let (Some(action), Some(at)) = (action, at) else {
        let answer = Answer::shown(&q.turn, &solution.outcomes, |_, o| {
            at.is_none_or(|r| o.room == r)
        });
        let choices = answer.menu(action, at);
        if request.format == PathsFormat::Table {
            let text = render::menu::menu(&answer, &choices, term.out);
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            return Exit::Success;
        }
        let yaml = request.format == PathsFormat::Yaml;
        return written(render::menu_document(&answer, &choices, yaml), term);
    };
    let answer = Answer::shown(&q.turn, &solution.outcomes, |_, o| o.room == at);
    let plans = answer.plans(action, at);
    if request.format == PathsFormat::Table {
        // Why no move ends there, read from every outcome of the turn.
        let unreached = (answer.outcomes().is_empty() && at != q.turn.start)
            .then(|| q.turn.unreached(at, &solution.outcomes));
        let text =
            render::fixit::plans(&answer, (action, at), &plans, unreached.as_ref(), term.out);
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        return Exit::Success;
    }
    let yaml = request.format == PathsFormat::Yaml;
    written(
        render::plans_document(&answer, action, at, &plans, yaml),
        term,
    )
}

/// Writes a document to standard output, or says why it could not be made.
fn written(document: Result<String, render::RenderError>, term: &Terminal) -> Exit {
    match document {
        Ok(text) => {
            // A closed pipe is not an error to report.
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            Exit::Success
        }
        Err(render::RenderError::Refused(refused)) => print_refused(&refused, term),
        Err(e) => {
            print_plain(e.to_string(), None, term);
            Exit::Invalid
        }
    }
}

/// Says that `--action` names no action of the rules (exit 1).
fn unknown_action(q: &Query, name: &str, term: &Terminal) -> Exit {
    let turn = &q.turn.board.rules.turn;
    let known: Vec<&str> = turn.actions.iter().map(|a| a.name.as_str()).collect();
    let help = if known.is_empty() {
        render::menu::no_actions(&q.turn.board.rules)
    } else {
        format!(
            "{}the rules `{}` declare: {}",
            q.turn.board.rules.did_you_mean(Names::Actions, name),
            q.turn.board.rules.name,
            known.join(", ")
        )
    };
    print_plain(
        format!("unknown action `{name}` in `--action`"),
        Some(help),
        term,
    );
    Exit::Invalid
}
