//! `hatchway paths`: every outcome, as a table, JSON or YAML; with
//! `--stream`, cheapest first as each becomes final. When a search budget
//! stops the search, what it had made final is still listed.

use std::ops::ControlFlow;

use super::*;

pub(super) fn paths(
    path: Option<&Path>,
    args: &QueryArgs,
    format: PathsFormat,
    stream: bool,
    term: &Terminal,
) -> Exit {
    let q = match load_query(path, args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    if stream {
        return streamed(&q, format, term);
    }
    let (solution, stop) = match q.turn.solve(&q.limits) {
        Ok(s) => (s, None),
        Err(stop) => match search::settled(
            &q.turn.board,
            &q.turn.movement,
            q.turn.start,
            &q.limits,
            &stop,
        ) {
            Some(s) => (s, Some(stop)),
            None => {
                print_limit(&stop, term);
                return Exit::Limit;
            }
        },
    };
    let answer = q.answer(&solution.outcomes);
    // An empty answer says why: which filter hid everything, and what
    // would show something.
    let why = if answer.outcomes().is_empty() {
        q.why_none(&solution.outcomes, term.out.explain)
    } else {
        None
    };
    let exit = if format == PathsFormat::Table {
        let mut text = render::table::outcomes(&answer, term.out);
        if let Some(why) = &why {
            text.push('\n');
            let options = textwrap::Options::new(term.out.width.max(40))
                .word_splitter(textwrap::WordSplitter::NoHyphenation);
            text.push_str(&textwrap::fill(why, options));
            text.push('\n');
        }
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        Exit::Success
    } else {
        if let Some(why) = why {
            print_plain(why, None, term);
        }
        let mut doc = match document::result_doc(&answer) {
            Ok(doc) => doc,
            Err(refused) => return print_refused(&refused, term),
        };
        doc.complete_up_to = stop.as_ref().and_then(|s| s.settled_cost).map(|c| c.0);
        write_document(&doc, format == PathsFormat::Yaml, term)
    };
    match stop {
        Some(stop) => {
            print_limit(&stop, term);
            Exit::Limit
        }
        None => exit,
    }
}

/// Prints outcomes cheapest first as each cost's outcomes become final: a
/// table without grouping by room, JSON Lines (the turn first, then one
/// outcome a line) or YAML documents.
fn streamed(q: &Query, format: PathsFormat, term: &Terminal) -> Exit {
    let mut out = std::io::stdout().lock();
    let head = match format {
        PathsFormat::Table => Ok(render::table::heading(
            &q.turn,
            "outcomes cheapest first, each listed once final",
            term.out,
        )),
        PathsFormat::Json => {
            serde_json::to_string(&document::Versioned::new(document::turn_doc(&q.turn)))
                .map(|s| s + "\n")
                .map_err(|e| e.to_string())
        }
        PathsFormat::Yaml => render::document_text(&document::turn_doc(&q.turn), true)
            .map(|s| format!("---\n{s}"))
            .map_err(|e| e.to_string()),
    };
    match head {
        Ok(text) => {
            if out
                .write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .is_err()
            {
                return Exit::Success;
            }
        }
        Err(e) => {
            print_plain(format!("cannot write the result: {e}"), None, term);
            return Exit::Invalid;
        }
    }
    let mut failed = false;
    let listed = search::cheapest_first(
        &q.turn.board,
        &q.turn.movement,
        q.turn.start,
        &q.limits,
        |first, level| {
            let mut text = String::new();
            if format == PathsFormat::Table && first == 1 {
                text.push('\n');
            }
            let answer = q.filters.part(&q.turn, first, level, |_, _| true);
            for told in answer.outcomes() {
                let written = match format {
                    PathsFormat::Table => Ok(render::table::outcome(told, true, term.out)),
                    PathsFormat::Json => document::outcome_doc(told)
                        .map_err(|e| e.to_string())
                        .and_then(|doc| {
                            serde_json::to_string(&document::Versioned::new(doc))
                                .map(|s| s + "\n")
                                .map_err(|e| e.to_string())
                        }),
                    PathsFormat::Yaml => document::outcome_doc(told)
                        .map_err(|e| e.to_string())
                        .and_then(|doc| {
                            render::document_text(&doc, true)
                                .map(|s| format!("---\n{s}"))
                                .map_err(|e| e.to_string())
                        }),
                };
                match written {
                    Ok(t) => text.push_str(&t),
                    Err(e) => {
                        print_plain(format!("cannot write the result: {e}"), None, term);
                        failed = true;
                        return ControlFlow::Break(());
                    }
                }
            }
            // Each cost's outcomes go out at once: the reader sees them the
            // moment they are final.
            if out
                .write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .is_err()
            {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        },
    );
    if failed {
        return Exit::Invalid;
    }
    match listed {
        Ok(()) => Exit::Success,
        Err(stop) => {
            print_limit(&stop, term);
            Exit::Limit
        }
    }
}

/// Says that a budget stopped the search, what of the listing is complete,
/// and how to go further.
fn print_limit(stop: &search::LimitReached, term: &Terminal) {
    let raise = stop.raise();
    match stop.settled_cost {
        Some(c) => print_plain(
            format!(
                "{}: every outcome costing at most {} is listed; more may exist above",
                stop.why(),
                render::count(c.0, "minute")
            ),
            Some(format!("{raise} to list more")),
            term,
        ),
        None => print_plain(stop.to_string(), Some(raise.to_string()), term),
    }
}
