//! `hatchway paths`: every outcome, as a table, JSON, YAML or JSON Lines.

use super::check::{DiagnosticDoc, diagnostic_doc};
use super::*;

pub(super) fn paths(
    path: Option<&Path>,
    args: &QueryArgs,
    format: PathsFormat,
    term: &Terminal,
) -> Exit {
    let board = match load_board(path, term) {
        Ok(b) => b,
        Err(e) => return e,
    };
    let q = match query(board, args) {
        Ok(q) => q,
        Err(e) => {
            print_plain(e.message, e.help, term);
            return Exit::Invalid;
        }
    };
    let solution = match search::solve(&q.board, &q.movement, q.start, &q.limits) {
        Ok(s) => s,
        Err(limit) => {
            print_plain(
                limit.to_string(),
                Some("raise `--max-states`, or narrow the question with `--max-cost`".to_string()),
                term,
            );
            return Exit::Limit;
        }
    };
    let total = solution.outcomes.len();
    let numbered: Vec<(usize, Outcome)> = solution
        .outcomes
        .into_iter()
        .enumerate()
        .map(|(i, o)| (i + 1, o))
        .filter(|(_, o)| q.to.is_none_or(|t| o.room == t))
        .collect();
    let text = if format == PathsFormat::Table {
        render::table::outcomes(&q.board, &q.movement, q.start, &numbered, total, term.out)
    } else {
        let outcomes: Vec<Outcome> = numbered.into_iter().map(|(_, o)| o).collect();
        let doc = document::result_doc(&q.board, &q.movement, q.start, &outcomes);
        let written = if format == PathsFormat::Json {
            serde_json::to_string_pretty(&doc)
                .map(|s| s + "\n")
                .map_err(|e| e.to_string())
        } else {
            serde_yaml::to_string(&doc).map_err(|e| e.to_string())
        };
        match written {
            Ok(t) => t,
            Err(e) => {
                print_plain(format!("cannot write the result: {e}"), None, term);
                return Exit::Invalid;
            }
        }
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Exit::Success
}

#[derive(Serialize)]
pub(super) struct BatchError {
    line: usize,
    error: String,
    exit: u8,
    diagnostics: Vec<DiagnosticDoc>,
}

pub(super) fn batch_paths(args: &QueryArgs, _term: &Terminal) -> Exit {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Success;
    for (i, line) in stdin.lock().lines().enumerate() {
        let number = i + 1;
        let result = match line {
            Err(e) => Err(BatchError {
                line: number,
                error: format!("cannot read line {number}: {e}"),
                exit: 1,
                diagnostics: Vec::new(),
            }),
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => batch_line(number, text, args),
        };
        let json = match result {
            Ok(doc) => serde_json::to_string(&doc),
            Err(e) => {
                exit = exit.max(if e.exit == 3 {
                    Exit::Limit
                } else {
                    Exit::Invalid
                });
                serde_json::to_string(&e)
            }
        };
        if let Ok(json) = json
            && writeln!(out, "{json}").is_err()
        {
            return Exit::Invalid;
        }
    }
    let _ = out.flush();
    if exit == Exit::Limit {
        Exit::Limit
    } else {
        exit
    }
}

pub(super) fn batch_line(
    number: usize,
    text: String,
    args: &QueryArgs,
) -> Result<document::ResultDoc, BatchError> {
    let name = format!("line {number}");
    let input = load::input_from_bytes(
        name,
        text.into_bytes(),
        None,
        InputKind::Document(interchange::Format::Json),
    );
    let board = input
        .and_then(|i| load::board(&i))
        .map_err(|f| BatchError {
            line: number,
            error: f.reports.iter().find(|r| r.is_error()).map_or_else(
                || "invalid board".to_string(),
                |r| r.problem().message.clone(),
            ),
            exit: 1,
            diagnostics: f.reports.iter().map(diagnostic_doc).collect(),
        })?;
    let q = query(board.value, args).map_err(|e| BatchError {
        line: number,
        error: e.message,
        exit: 1,
        diagnostics: Vec::new(),
    })?;
    let solution =
        search::solve(&q.board, &q.movement, q.start, &q.limits).map_err(|e| BatchError {
            line: number,
            error: e.to_string(),
            exit: 3,
            diagnostics: Vec::new(),
        })?;
    let outcomes: Vec<_> = solution
        .outcomes
        .into_iter()
        .filter(|o| q.to.is_none_or(|t| o.room == t))
        .collect();
    Ok(document::result_doc(
        &q.board,
        &q.movement,
        q.start,
        &outcomes,
    ))
}
