//! `hatchway paths --batch`: boards as JSON Lines on standard input, one
//! JSON result per line on standard output, in input order.
//!
//! With more than one job the lines go through a small ordered pipeline:
//! this thread reads, the workers load, solve and write each line's result
//! into bytes, and a writer puts them out in input order. Lines travel in
//! chunks of those the input holds ready. The reader stays at most
//! [`WINDOW`] chunks a job ahead of the writer, so an endless input
//! takes bounded memory however slow one line is; the writer flushes
//! whenever every line read so far is answered, so a program that writes
//! one line and waits gets its answer at once, and a file read at full
//! speed is written in large blocks. Threads and channels of the standard
//! library are enough for this; rayon's pool would need the same ordering
//! and window built around it.

use std::collections::BTreeMap;
use std::io::{BufReader, Read, Write};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Condvar, Mutex};

use super::check::{DiagnosticDoc, diagnostic_doc};
use super::*;

/// How many chunks a job the reader may be ahead of the writer.
const WINDOW: usize = 4;

/// The most lines in a chunk, and the bytes after which a chunk takes no
/// more lines (so that the window holds a bounded number of bytes too).
const CHUNK: usize = 64;
const CHUNK_BYTES: usize = 1 << 18;

/// The count of answers written once the writer has stopped (its reader
/// went away): the reader stops too.
const STOPPED: usize = usize::MAX;

/// A line that has no result: why, as INTERCHANGE.md's batch error.
#[derive(Serialize)]
struct BatchError {
    line: usize,
    error: String,
    exit: u8,
    diagnostics: Vec<DiagnosticDoc>,
}

/// A line of input, numbered from 1 (blank lines count).
enum Line {
    /// The line's bytes, without the line end.
    Text(usize, Vec<u8>),
    /// Reading failed here; nothing after it is read.
    Unreadable(usize, String),
}

/// What a job keeps from one line to the next: the last layout compiled,
/// the last movement tables, which depend only on the rules and the items
/// held, and the search's workspace with its tables and outcomes' memory.
#[derive(Default)]
struct Memory {
    layouts: load::Layouts,
    movement: Option<Movement>,
    workspace: search::Workspace,
}

impl Memory {
    /// The movement tables for these rules and items: the last ones when
    /// they fit.
    fn movement(&mut self, rules: &Arc<Rules>, items: ItemSet) -> Movement {
        match &self.movement {
            Some(m) if Arc::ptr_eq(m.rules(), rules) && m.items() == items => m.clone(),
            _ => {
                let m = rules.movement(items);
                self.movement = Some(m.clone());
                m
            }
        }
    }
}

/// One line's answer: its JSON line, and how the line ended.
struct Answer {
    json: Vec<u8>,
    exit: Exit,
}

/// The default number of jobs: one a core.
pub(super) fn default_jobs() -> NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}

/// What every line is answered with: the options of `paths`, and the
/// rules of `--rules`, read once.
pub(super) struct Batch<'a> {
    /// The options of `paths`.
    pub(super) args: &'a QueryArgs,
    /// The rules every board is played by instead of its own.
    pub(super) rules: Option<Arc<Rules>>,
}

pub(super) fn batch_paths(args: &Batch<'_>, jobs: NonZeroUsize) -> Exit {
    let stdin = std::io::stdin();
    // A larger buffer than standard input's own, so that the parallel
    // reader finds a chunk's worth of lines ready at a time.
    let mut input = BufReader::with_capacity(1 << 16, stdin.lock());
    if jobs.get() > 1 {
        return in_parallel(&mut input, args, jobs.get());
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let exit = in_turn(&mut input, &mut out, args);
    if out.flush().is_err() {
        return Exit::Invalid;
    }
    exit
}

/// Reads the next line that is not blank; `None` at the end of the input.
fn next_line(input: &mut impl BufRead, number: &mut usize) -> Option<Line> {
    loop {
        *number += 1;
        match read_line(input) {
            Ok(None) => return None,
            Ok(Some(bytes)) if bytes.trim_ascii().is_empty() => {}
            Ok(Some(bytes)) => return Some(Line::Text(*number, bytes)),
            Err(e) => return Some(Line::Unreadable(*number, e.to_string())),
        }
    }
}

/// Reads, answers and writes each line in turn. Answers are flushed
/// whenever no whole line is left read in, since the next read may wait
/// for a program that waits for these answers; a file read at full speed
/// is written in large blocks.
fn in_turn<R: Read>(input: &mut BufReader<R>, out: &mut impl Write, args: &Batch<'_>) -> Exit {
    let mut exit = Exit::Success;
    let mut number = 0;
    let mut memory = Memory::default();
    while let Some(line) = next_line(input, &mut number) {
        let last = matches!(line, Line::Unreadable(..));
        let answer = answer(line, args, &mut memory);
        exit = exit.max(answer.exit);
        if out.write_all(&answer.json).is_err() {
            return Exit::Invalid;
        }
        if !line_ready(input) && out.flush().is_err() {
            return Exit::Invalid;
        }
        if last {
            break;
        }
    }
    exit
}

/// Whether a whole line is already read in, so that reading it cannot wait.
fn line_ready<R>(input: &BufReader<R>) -> bool {
    memchr::memchr(b'\n', input.buffer()).is_some()
}

/// The lines of `input` answered by `jobs` workers, written in input order.
/// Lines travel in chunks: all the lines the input holds ready, up to
/// [`CHUNK`], so that a file read at full speed costs a hand-off between
/// threads per chunk rather than per line, while a program that writes
/// one line and waits still has it answered alone.
fn in_parallel<R: Read>(input: &mut BufReader<R>, args: &Batch<'_>, jobs: usize) -> Exit {
    let window = WINDOW * jobs;
    // How many chunks the writer has written, for the reader to wait on,
    // and how many the reader has handed on, for the writer to know when
    // it has caught up.
    let written = (Mutex::new(0usize), Condvar::new());
    let handed = AtomicUsize::new(0);
    let (chunk_tx, chunk_rx) = mpsc::sync_channel::<(usize, Vec<Line>)>(window);
    let (answer_tx, answer_rx) = mpsc::sync_channel::<(usize, Answer)>(window);
    let chunk_rx = Mutex::new(chunk_rx);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let answer_tx = answer_tx.clone();
            let chunk_rx = &chunk_rx;
            scope.spawn(move || work(chunk_rx, &answer_tx, args));
        }
        drop(answer_tx);
        let (written, handed) = (&written, &handed);
        let writer = scope.spawn(move || {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            let exit = write_in_order(&answer_rx, &mut out, written, handed);
            if out.flush().is_err() {
                return Exit::Invalid;
            }
            exit
        });
        read_chunks(input, &chunk_tx, written, handed, window);
        drop(chunk_tx);
        writer.join().unwrap_or(Exit::Invalid)
    })
}

/// Reads every line and hands the lines on in chunks, each with its place
/// among the answers, waiting while the writer is `window` chunks behind.
fn read_chunks<R: Read>(
    input: &mut BufReader<R>,
    chunks: &SyncSender<(usize, Vec<Line>)>,
    written: &(Mutex<usize>, Condvar),
    handed: &AtomicUsize,
    window: usize,
) {
    let mut number = 0;
    let mut place = 0;
    loop {
        let mut chunk = Vec::new();
        let mut bytes = 0;
        let mut last = false;
        while let Some(line) = next_line(input, &mut number) {
            last = matches!(line, Line::Unreadable(..));
            if let Line::Text(_, text) = &line {
                bytes += text.len();
            }
            chunk.push(line);
            // More only while a whole line is already read in: the next
            // read may wait for a program that waits for these answers.
            if last || chunk.len() == CHUNK || bytes >= CHUNK_BYTES || !line_ready(input) {
                break;
            }
        }
        if chunk.is_empty() {
            return;
        }
        let (lock, ready) = written;
        let Ok(mut done) = lock.lock() else { return };
        while place >= done.saturating_add(window) {
            done = match ready.wait(done) {
                Ok(d) => d,
                Err(_) => return,
            };
        }
        if *done == STOPPED {
            return;
        }
        drop(done);
        if chunks.send((place, chunk)).is_err() || last {
            return;
        }
        place += 1;
        handed.store(place, Ordering::Release);
    }
}

/// A worker: answers chunks of lines until there are none, each chunk's
/// answers as one block of bytes.
fn work(
    chunks: &Mutex<Receiver<(usize, Vec<Line>)>>,
    answers: &SyncSender<(usize, Answer)>,
    args: &Batch<'_>,
) {
    let mut memory = Memory::default();
    loop {
        let next = match chunks.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((place, lines)) = next else { return };
        let mut block = Answer {
            json: Vec::new(),
            exit: Exit::Success,
        };
        for line in lines {
            let answer = answer(line, args, &mut memory);
            block.exit = block.exit.max(answer.exit);
            if block.json.is_empty() {
                block.json = answer.json;
            } else {
                block.json.extend_from_slice(&answer.json);
            }
        }
        if answers.send((place, block)).is_err() {
            return;
        }
    }
}

/// Writes answers in the order of their places, flushing whenever every
/// chunk handed on so far is written; the worst exit of all is the
/// command's.
fn write_in_order(
    answers: &Receiver<(usize, Answer)>,
    out: &mut impl Write,
    written: &(Mutex<usize>, Condvar),
    handed: &AtomicUsize,
) -> Exit {
    let stop = || {
        let (lock, ready) = written;
        if let Ok(mut done) = lock.lock() {
            *done = STOPPED;
        }
        ready.notify_all();
        Exit::Invalid
    };
    let mut exit = Exit::Success;
    let mut waiting: BTreeMap<usize, Answer> = BTreeMap::new();
    let mut next = 0;
    while let Ok((place, answer)) = answers.recv() {
        waiting.insert(place, answer);
        while let Some(answer) = waiting.remove(&next) {
            exit = exit.max(answer.exit);
            if out.write_all(&answer.json).is_err() {
                return stop();
            }
            next += 1;
        }
        // Caught up with the reader, which may be waiting for a program
        // that waits for these answers.
        if next >= handed.load(Ordering::Acquire) && out.flush().is_err() {
            return stop();
        }
        let (lock, ready) = written;
        if let Ok(mut done) = lock.lock() {
            *done = next;
        }
        ready.notify_all();
    }
    exit
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
        let newline = memchr::memchr(b'\n', buf);
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

/// A line's answer: its result, or its error, as one JSON line.
fn answer(line: Line, args: &Batch<'_>, memory: &mut Memory) -> Answer {
    let (number, result) = match line {
        Line::Text(number, bytes) => (number, solved(number, bytes, args, memory)),
        Line::Unreadable(number, e) => (
            number,
            Err(BatchError {
                line: number,
                error: format!("cannot read line {number}: {e}"),
                exit: 1,
                diagnostics: Vec::new(),
            }),
        ),
    };
    match result {
        Ok(json) => Answer {
            json,
            exit: Exit::Success,
        },
        Err(e) => {
            let exit = if e.exit == 3 {
                Exit::Limit
            } else {
                Exit::Invalid
            };
            let mut json = serde_json::to_vec(&document::Versioned::new(&e)).unwrap_or_else(|_| {
                format!("{{\"format\":1,\"line\":{number},\"error\":\"cannot write the error\"}}")
                    .into_bytes()
            });
            json.push(b'\n');
            Answer { json, exit }
        }
    }
}

/// Loads and solves one line's board, and writes its result as one JSON
/// line.
fn solved(
    number: usize,
    text: Vec<u8>,
    args: &Batch<'_>,
    memory: &mut Memory,
) -> Result<Vec<u8>, BatchError> {
    let name = format!("line {number}");
    let input = load::input_from_bytes(
        name,
        text,
        None,
        InputKind::Document(interchange::Format::Json),
    );
    let board = input
        .and_then(|i| memory.layouts.board(&i))
        .map_err(|f| BatchError {
            line: number,
            error: f.reports.iter().find(|r| r.is_error()).map_or_else(
                || "invalid board".to_string(),
                |r| r.problem().message.clone(),
            ),
            exit: 1,
            diagnostics: f.reports.iter().map(diagnostic_doc).collect(),
        })?;
    let board = match &args.rules {
        Some(rules) => crate::rules_diff::rebind(&board, rules).map_err(|e| BatchError {
            line: number,
            error: e.to_string(),
            exit: 1,
            diagnostics: Vec::new(),
        })?,
        None => board,
    };
    let q = query_with(board, args.args, |rules, items| {
        memory.movement(rules, items)
    })
    .map_err(|e| BatchError {
        line: number,
        error: e.message,
        exit: 1,
        diagnostics: Vec::new(),
    })?;
    let solution = memory
        .workspace
        .solve(&q.board, &q.movement, q.start, &q.limits)
        .map_err(|e| BatchError {
            line: number,
            error: e.to_string(),
            exit: 3,
            diagnostics: Vec::new(),
        })?;
    let outcomes: Vec<(usize, &Outcome)> = (1..)
        .zip(&solution.outcomes)
        .filter(|(_, o)| q.shows(o))
        .collect();
    let doc = document::result_doc(&q.board, &q.movement, q.start, outcomes.iter().copied());
    // Room for the result as the standard board's outcomes take it (about
    // 20 bytes a room and 300 more an outcome), so that most lines write
    // without growing the buffer.
    let mut json = Vec::with_capacity(256 + outcomes.len() * (300 + 20 * q.board.rooms.len()));
    crate::render::compact::result(&doc, &mut json);
    json.push(b'\n');
    Ok(json)
}
