//! `hatchway plan`: the whole turn, a move and then an action (a fix-it),
//! with the exact odds of its roll for each choice of minutes.

use super::*;

/// What `hatchway plan` was asked.
pub(super) struct PlanRequest<'a> {
    pub action: &'a str,
    pub at: &'a str,
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
    let turn = &q.turn.board.rules.turn;
    let Some(action) = turn.action(request.action) else {
        let known: Vec<&str> = turn.actions.iter().map(|a| a.name.as_str()).collect();
        let help = if known.is_empty() {
            format!(
                "the rules `{}` declare no actions; `red-november-rulebook` does (`hatchway rules red-november-rulebook`)",
                q.turn.board.rules.name
            )
        } else {
            format!(
                "{}the rules `{}` declare: {}",
                crate::spelling::did_you_mean(request.action, known.iter().copied()),
                q.turn.board.rules.name,
                known.join(", ")
            )
        };
        print_plain(
            format!("unknown action `{}` in `--action`", request.action),
            Some(help),
            term,
        );
        return Exit::Invalid;
    };
    let at = match room_arg(&q.turn.board, request.at, "--at") {
        Ok(at) => at,
        Err(e) => {
            print_plain(e.message, e.help, term);
            return Exit::Invalid;
        }
    };
    let solution = match solve(&q, term) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let answer = Answer::shown(&q.turn, &solution.outcomes, |_, o| o.room == at);
    let plans = answer.plans(action, at);
    if request.format == PathsFormat::Table {
        let text = render::fixit::plans(&answer, (action, at), &plans, term.out);
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        return Exit::Success;
    }
    match document::fixit_doc(&answer, (request.action, at), &plans) {
        Ok(doc) => write_document(&doc, request.format == PathsFormat::Yaml, term),
        Err(refused) => print_refused(&refused, term),
    }
}
