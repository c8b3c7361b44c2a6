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
        Err(first) => {
            let mut stop = first.clone();
            match search::settled(
                &q.turn.board,
                &q.turn.movement,
                q.turn.start,
                &q.limits,
                &mut stop,
            ) {
                Some(s) => (s, Some(stop)),
                None => {
                    // Nothing is listed: the first stop says what it found.
                    print_plain(first.to_string(), Some(first.raise().to_string()), term);
                    return Exit::Limit;
                }
            }
        }
    };
    let answer = q.answer(&solution.outcomes);
    // An empty answer says why: which filter hid everything, and what
    // would show something.
    let why = if answer.outcomes().is_empty() {
        q.why_none(&solution.outcomes, term.out.explain)
    } else {
        None
    };
    // Written as it is made: a large answer is never held as text.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let exit = if format == PathsFormat::Table {
        let mut written = render::table::write_outcomes(&answer, term.out, &mut out);
        if let Some(why) = &why {
            let options = textwrap::Options::new(term.out.width.max(40))
                .word_splitter(textwrap::WordSplitter::NoHyphenation);
            written = written.and_then(|()| writeln!(out, "\n{}", textwrap::fill(why, options)));
        }
        // A closed pipe ends the listing, as `head` wants.
        let _ = written.and_then(|()| out.flush());
        Exit::Success
    } else {
        if let Some(why) = why {
            print_plain(why, None, term);
        }
        let complete_up_to = stop.as_ref().and_then(|s| s.settled_cost).map(|c| c.0);
        let yaml = format == PathsFormat::Yaml;
        match document::write_result(&answer, complete_up_to, yaml, &mut out) {
            Ok(()) => {
                let _ = out.flush();
                Exit::Success
            }
            // A closed pipe ends the document, as `head` wants.
            Err(render::RenderError::Closed) => Exit::Success,
            Err(e) => {
                print_plain(e.to_string(), None, term);
                Exit::Invalid
            }
        }
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
