//! `hatchway plan`: the whole turn, a move and then an action (a fix-it),
//! with the exact odds of its roll for each choice of minutes.

use crate::fixit;

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
    let turn = &q.board.rules.turn;
    let Some(action) = turn.action(request.action) else {
        let known: Vec<&str> = turn.actions.iter().map(|a| a.name.as_str()).collect();
        let help = if known.is_empty() {
            format!(
                "the rules `{}` declare no actions; `red-november-rulebook` does (`hatchway rules red-november-rulebook`)",
                q.board.rules.name
            )
        } else {
            format!(
                "{}the rules `{}` declare: {}",
                crate::spelling::did_you_mean(request.action, known.iter().copied()),
                q.board.rules.name,
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
    let Some(at) = q.board.room_by_id(request.at) else {
        print_plain(
            format!("unknown room `{}` in `--at`", request.at),
            Some(q.board.rooms_help(request.at)),
            term,
        );
        return Exit::Invalid;
    };
    let solution = match solve(&q, term) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let numbered: Vec<(usize, Outcome)> = crate::outcome::numbered(solution.outcomes)
        .filter(|(_, o)| o.room == at)
        .collect();
    let plans = fixit::plans(&q.board, &q.movement, q.start, &numbered, action, at);
    if request.format == PathsFormat::Table {
        let text = render::fixit::plans(
            &q.board,
            &q.movement,
            q.start,
            (action, at),
            &numbered,
            &plans,
            term.out,
        );
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        return Exit::Success;
    }
    let doc = document::fixit_doc(
        &q.board,
        &q.movement,
        q.start,
        (request.action, at),
        &numbered,
        &plans,
    );
    write_document(&doc, request.format == PathsFormat::Yaml, term)
}
