//! `hatchway paths`: every outcome, as a table, JSON, YAML or JSON Lines.

use super::check::{DiagnosticDoc, diagnostic_doc};
use super::*;

pub(super) fn paths(
    path: Option<&Path>,
    args: &QueryArgs,
    format: PathsFormat,
    term: &Terminal,
) -> Exit {
    let q = match load_query(path, args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let solution = match solve(&q, term) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let total = solution.outcomes.len();
    let numbered = q.listed(solution.outcomes);
    if format == PathsFormat::Table {
        let text =
            render::table::outcomes(&q.board, &q.movement, q.start, &numbered, total, term.out);
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        return Exit::Success;
    }
    let doc = document::result_doc(&q.board, &q.movement, q.start, &numbered);
    write_document(&doc, format == PathsFormat::Yaml, term)
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
    let mut input = stdin.lock();
    let mut number = 0;
    loop {
        number += 1;
        let result = match read_line(&mut input) {
            Ok(None) => break,
            Ok(Some(bytes)) if bytes.trim_ascii().is_empty() => continue,
            Ok(Some(bytes)) => batch_line(number, bytes, args),
            // A read error does not go away (standard input may be a
            // folder): report it once and stop, instead of once a line
            // forever.
            Err(e) => {
                exit = Exit::Invalid;
                let e = BatchError {
                    line: number,
                    error: format!("cannot read line {number}: {e}"),
                    exit: 1,
                    diagnostics: Vec::new(),
                };
                if let Ok(json) = serde_json::to_string(&document::Versioned::new(&e)) {
                    let _ = writeln!(out, "{json}");
                }
                break;
            }
        };
        let json = match result {
            Ok(doc) => serde_json::to_string(&document::Versioned::new(&doc)),
            Err(e) => {
                exit = exit.max(if e.exit == 3 {
                    Exit::Limit
                } else {
                    Exit::Invalid
                });
                serde_json::to_string(&document::Versioned::new(&e))
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

/// The next line of `input` without its line end, or `None` at the end.
/// At most one byte more than the file size limit is kept, so that an
/// endless line (such as `/dev/zero`) is refused as too large instead of
/// filling the memory; the rest of such a line is skipped.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<Vec<u8>>> {
    let keep = crate::model::limits::FILE_SIZE + 1;
    let mut line = Vec::new();
    let mut read_any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(read_any.then_some(line));
        }
        read_any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        let room = keep.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = newline.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(line))
}

pub(super) fn batch_line(
    number: usize,
    text: Vec<u8>,
    args: &QueryArgs,
) -> Result<document::ResultDoc, BatchError> {
    let name = format!("line {number}");
    let input = load::input_from_bytes(
        name,
        text,
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
    let outcomes = q.listed(solution.outcomes);
    Ok(document::result_doc(
        &q.board,
        &q.movement,
        q.start,
        &outcomes,
    ))
}
