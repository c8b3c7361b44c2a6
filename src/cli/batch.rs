//! `hatchway paths --batch`: boards as JSON Lines on standard input, one
//! JSON result per line on standard output, in input order.
//!
//! With more than one job, each job takes the next chunk of lines (those
//! the input holds ready), answers it and writes it when its turn has
//! come, parking it until then; there is no reader or writer thread to
//! share the cores with, and a chunk costs two hand-offs, not a line.
//! Output is flushed whenever every chunk taken is written, so a program
//! that writes one line and waits gets its answer at once, and a file read
//! at full speed is written in large blocks. At most [`WINDOW`] chunks a
//! job wait to be written, so an endless input takes bounded memory
//! however slow one line is. A mutex and a condition variable of the
//! standard library are enough for this; rayon's pool would need the same
//! ordering and window built around it.

use std::collections::BTreeMap;
use std::io::{BufReader, Read, Write};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

use super::*;
use crate::render::document::BatchErrorDoc;

/// How many answered chunks a job may be parked, waiting for the chunks
/// before them.
const WINDOW: usize = 4;

/// The most lines in a chunk, and the bytes after which a chunk takes no
/// more lines (so that the window holds a bounded number of bytes too).
const CHUNK: usize = 64;
const CHUNK_BYTES: usize = 1 << 18;

/// The answers one job gathers before it writes them.
const BLOCK: usize = 1 << 16;

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
struct Memory {
    layouts: load::Layouts,
    /// The layouts of lines that name their own rules, by the name given.
    own_rules: Vec<(String, load::Layouts)>,
    movement: Option<Movement>,
    workspace: search::Workspace,
}

/// The most rules files a job keeps read for lines that name their own.
const OWN_RULES_KEPT: usize = 8;

impl Memory {
    /// A job's memory, its layouts played by the rules of `--rules` when
    /// given, so that each line's states are checked against those.
    fn new(args: &Batch<'_>) -> Memory {
        Memory {
            layouts: match &args.rules {
                Some(rules) => load::Layouts::played_by(Arc::clone(rules)),
                None => load::Layouts::default(),
            },
            own_rules: Vec::new(),
            movement: None,
            workspace: search::Workspace::default(),
        }
    }

    /// The layouts of boards played by the rules a line names (a built-in
    /// name or a rules file, as `--rules` takes), read once per job.
    fn layouts_for(
        &mut self,
        rules: &str,
        line: usize,
    ) -> Result<&mut load::Layouts, BatchErrorDoc> {
        let at = match self.own_rules.iter().position(|(name, _)| name == rules) {
            Some(at) => at,
            None => {
                let named = load::rules_named(rules).map_err(|e| {
                    let (error, diagnostics) = match e {
                        load::NotRules::Board { given } => {
                            (format!("`{given}` is a board, not rules"), Vec::new())
                        }
                        load::NotRules::Invalid(f) => (
                            f.reports.iter().find(|r| r.is_error()).map_or_else(
                                || format!("the rules `{rules}` cannot be read"),
                                |r| r.problem().message.clone(),
                            ),
                            f.reports.iter().map(document::diagnostic_doc).collect(),
                        ),
                    };
                    BatchErrorDoc {
                        line,
                        id: None,
                        error,
                        exit: 1,
                        diagnostics,
                    }
                })?;
                if self.own_rules.len() == OWN_RULES_KEPT {
                    self.own_rules.remove(0);
                }
                let layouts = load::Layouts::played_by(named.value.rules);
                self.own_rules.push((rules.to_string(), layouts));
                self.own_rules.len() - 1
            }
        };
        Ok(&mut self.own_rules[at].1)
    }

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

/// A chunk's answers: their JSON lines, and the worst way a line ended.
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
    if jobs.get() > 1 {
        return in_parallel(BufReader::with_capacity(1 << 16, stdin), args, jobs.get());
    }
    let mut input = BufReader::with_capacity(1 << 16, stdin.lock());
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let exit = in_turn(&mut input, &mut out, args);
    if out.flush().is_err() {
        return Exit::Invalid;
    }
    exit
}

/// Whether a line is blank: only JSON's whitespace (space, tab, carriage
/// return; the line feed ends it). A form feed or any other space is no
/// whitespace to JSON, so a line of them is invalid JSON, answered with an
/// error line like any other.
fn blank(line: &[u8]) -> bool {
    line.iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// Reads the next line that is not blank; `None` at the end of the input.
fn next_line(input: &mut impl BufRead, number: &mut usize) -> Option<Line> {
    loop {
        *number += 1;
        match read_line(input) {
            Ok(None) => return None,
            Ok(Some(bytes)) if blank(&bytes) => {}
            Ok(Some(bytes)) => return Some(Line::Text(*number, bytes)),
            Err(e) => return Some(Line::Unreadable(*number, e.to_string())),
        }
    }
}

/// Reads, answers and writes each line in turn, the answers gathered in
/// one buffer and written in blocks: whenever the buffer is full, and
/// whenever no whole line is left read in, since the next read may wait
/// for a program that waits for these answers.
fn in_turn<R: Read>(input: &mut BufReader<R>, out: &mut impl Write, args: &Batch<'_>) -> Exit {
    let mut exit = Exit::Success;
    let mut number = 0;
    let mut memory = Memory::new(args);
    let mut answers = Vec::with_capacity(2 * BLOCK);
    while let Some(line) = next_line(input, &mut number) {
        let last = matches!(line, Line::Unreadable(..));
        exit = exit.max(answer(line, args, &mut memory, &mut answers));
        let waiting = !line_ready(input);
        if answers.len() >= BLOCK || waiting {
            if out.write_all(&answers).is_err() || waiting && out.flush().is_err() {
                return Exit::Invalid;
            }
            answers.clear();
        }
        if last {
            break;
        }
    }
    if out.write_all(&answers).is_err() {
        return Exit::Invalid;
    }
    exit
}

/// Whether a whole line is already read in, so that reading it cannot wait.
fn line_ready<R>(input: &BufReader<R>) -> bool {
    memchr::memchr(b'\n', input.buffer()).is_some()
}

/// The input as the jobs share it.
struct Source<R> {
    input: BufReader<R>,
    /// The number of the last line read.
    number: usize,
    /// The place of the next chunk among the answers.
    place: usize,
    /// Whether the input is at its end (or unreadable, or no longer
    /// wanted because writing failed).
    ended: bool,
}

/// The output as the jobs share it: chunks are written in the order of
/// their places, those answered early parked until their turn.
struct Sink<W> {
    out: W,
    /// The place of the next chunk to write.
    next: usize,
    parked: BTreeMap<usize, Answer>,
    /// The worst exit so far.
    exit: Exit,
    /// Whether writing failed; nothing more is written then.
    failed: bool,
}

/// The lines of `input` answered by `jobs` jobs, written in input order.
///
/// Each job takes the next chunk of lines (those already read in, up to
/// [`CHUNK`] lines or [`CHUNK_BYTES`] bytes, so that a program that writes
/// one line and waits has it answered alone), answers it, and writes it if
/// its turn has come; a chunk answered early is parked for the job whose
/// chunk comes before it to write. At most [`WINDOW`] chunks a job are
/// parked, so an endless input takes bounded memory however slow one line
/// is. Output is flushed whenever every chunk taken so far is written.
fn in_parallel<R: Read + Send>(input: BufReader<R>, args: &Batch<'_>, jobs: usize) -> Exit {
    // Every job solves in a workspace of its own: each is given its share
    // of the memory budget, so that the batch as a whole keeps it.
    let mut shared = args.args.clone();
    shared.budget.max_memory = shared.budget.max_memory.div_ceil(jobs);
    let args = &Batch {
        args: &shared,
        rules: args.rules.clone(),
    };
    let source = Mutex::new(Source {
        input,
        number: 0,
        place: 0,
        ended: false,
    });
    let sink = (
        Mutex::new(Sink {
            out: std::io::BufWriter::new(std::io::stdout()),
            next: 0,
            parked: BTreeMap::new(),
            exit: Exit::Success,
            failed: false,
        }),
        Condvar::new(),
    );
    let taken = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| work(&source, &sink, &taken, args, WINDOW * jobs));
        }
    });
    let Ok(mut sink) = sink.0.into_inner() else {
        return Exit::Invalid;
    };
    if sink.failed || sink.out.flush().is_err() {
        return Exit::Invalid;
    }
    sink.exit
}

/// A job: takes chunks of lines, answers each chunk as one block of bytes
/// and hands it to the sink, until the input ends.
fn work<R: Read, W: Write>(
    source: &Mutex<Source<R>>,
    sink: &(Mutex<Sink<W>>, Condvar),
    taken: &AtomicUsize,
    args: &Batch<'_>,
    window: usize,
) {
    let mut memory = Memory::new(args);
    // A written chunk's buffer, to answer the next chunk into: a chunk's
    // answers take up to a few MiB, and growing a new buffer for each
    // cost more than writing them.
    let mut spare = Vec::new();
    loop {
        let Some((place, lines)) = take_chunk(source, taken) else {
            return;
        };
        let mut block = Answer {
            json: std::mem::take(&mut spare),
            exit: Exit::Success,
        };
        for line in lines {
            block.exit = block
                .exit
                .max(answer(line, args, &mut memory, &mut block.json));
        }
        if !hand_in(sink, taken, (place, block), window, &mut spare) {
            if let Ok(mut source) = source.lock() {
                source.ended = true;
            }
            return;
        }
    }
}

/// The next chunk of lines with its place; `None` once the input has
/// ended.
fn take_chunk<R: Read>(
    source: &Mutex<Source<R>>,
    taken: &AtomicUsize,
) -> Option<(usize, Vec<Line>)> {
    let mut source = source.lock().ok()?;
    if source.ended {
        return None;
    }
    let Source {
        input,
        number,
        place,
        ended,
    } = &mut *source;
    let mut chunk = Vec::new();
    let mut bytes = 0;
    loop {
        let Some(line) = next_line(input, number) else {
            *ended = true;
            break;
        };
        let last = matches!(line, Line::Unreadable(..));
        if let Line::Text(_, text) = &line {
            bytes += text.len();
        }
        chunk.push(line);
        if last {
            *ended = true;
            break;
        }
        // More only while a whole line is already read in: the next read
        // may wait for a program that waits for these answers.
        if chunk.len() == CHUNK || bytes >= CHUNK_BYTES || !line_ready(input) {
            break;
        }
    }
    if chunk.is_empty() {
        return None;
    }
    let this = *place;
    *place += 1;
    taken.store(*place, Ordering::Release);
    Some((this, chunk))
}

/// Parks a chunk's answers and writes every chunk whose turn has come,
/// flushing once every chunk taken so far is written, and keeps the
/// buffer of the last chunk written as `spare`; waits while the window of
/// parked chunks is full. `false` when writing failed.
fn hand_in<W: Write>(
    sink: &(Mutex<Sink<W>>, Condvar),
    taken: &AtomicUsize,
    (place, block): (usize, Answer),
    window: usize,
    spare: &mut Vec<u8>,
) -> bool {
    let (lock, turn) = sink;
    let Ok(mut sink) = lock.lock() else {
        return false;
    };
    sink.parked.insert(place, block);
    let mut wrote = false;
    loop {
        let next = sink.next;
        let Some(block) = sink.parked.remove(&next) else {
            break;
        };
        sink.exit = sink.exit.max(block.exit);
        if !sink.failed && sink.out.write_all(&block.json).is_err() {
            sink.failed = true;
        }
        sink.next += 1;
        wrote = true;
        *spare = block.json;
        spare.clear();
    }
    if wrote
        && sink.next >= taken.load(Ordering::Acquire)
        && !sink.failed
        && sink.out.flush().is_err()
    {
        sink.failed = true;
    }
    if wrote {
        turn.notify_all();
    }
    while sink.parked.len() >= window && !sink.failed {
        sink = match turn.wait(sink) {
            Ok(s) => s,
            Err(_) => return false,
        };
    }
    !sink.failed
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

/// Appends a line's answer to `out`: its result, or its error, as one
/// JSON line; returns how the line ended.
fn answer(line: Line, args: &Batch<'_>, memory: &mut Memory, out: &mut Vec<u8>) -> Exit {
    let (number, result) = match line {
        Line::Text(number, bytes) => (number, solved(number, bytes, args, memory, out)),
        Line::Unreadable(number, e) => (
            number,
            Err(BatchErrorDoc {
                line: number,
                id: None,
                error: format!("cannot read line {number}: {e}"),
                exit: 1,
                diagnostics: Vec::new(),
            }),
        ),
    };
    let Err(e) = result else {
        return Exit::Success;
    };
    let exit = if e.exit == 3 {
        Exit::Limit
    } else {
        Exit::Invalid
    };
    let start = out.len();
    if serde_json::to_writer(&mut *out, &document::Versioned::new(&e)).is_err() {
        // Writing into a Vec cannot fail; were it to, what it wrote is
        // taken back and the line still says which line it answers.
        out.truncate(start);
        let _ = write!(
            out,
            "{{\"format\":1,\"line\":{number},\"error\":\"cannot write the error\"}}"
        );
    }
    out.push(b'\n');
    exit
}

/// What a line may say of its own turn, beside its board: the items held,
/// the start room and the rules (each as `paths` takes them, in place of
/// the command line's), and an `id` written back on its answer.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnLine<'a> {
    #[serde(borrow)]
    board: &'a serde_json::value::RawValue,
    with: Option<Vec<String>>,
    from: Option<RoomName>,
    rules: Option<String>,
    /// As the line wrote it, `null` too.
    #[serde(default, borrow, deserialize_with = "written")]
    id: Option<&'a serde_json::value::RawValue>,
}

/// A field's value as written, whatever it is: a field read as an option
/// would take `null` for none.
fn written<'de, D: serde::Deserializer<'de>>(
    value: D,
) -> Result<Option<&'de serde_json::value::RawValue>, D::Error> {
    serde::Deserialize::deserialize(value).map(Some)
}

/// A room as a line names it: its id as a string or a number, or its name.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum RoomName {
    Text(String),
    Number(u64),
}

impl RoomName {
    fn text(self) -> String {
        match self {
            RoomName::Text(t) => t,
            RoomName::Number(n) => n.to_string(),
        }
    }
}

/// What a line said of its own turn, read out of it.
struct OwnTurn {
    board: Vec<u8>,
    with: Option<Vec<String>>,
    from: Option<String>,
    rules: Option<String>,
    id: Option<Box<serde_json::value::RawValue>>,
}

/// The turn a line carries, when it is an object with a `board` (a board
/// alone has no such field); `Ok(None)` for a board alone.
fn turn_line(text: &[u8], line: usize) -> Result<Option<OwnTurn>, BatchErrorDoc> {
    // Most lines are boards alone: they are read once, as boards.
    if memchr::memmem::find(text, b"\"board\"").is_none() {
        return Ok(None);
    }
    let error = match serde_json::from_slice::<TurnLine<'_>>(text) {
        Ok(t) => {
            return Ok(Some(OwnTurn {
                board: t.board.get().as_bytes().to_vec(),
                with: t.with,
                from: t.from.map(RoomName::text),
                rules: t.rules,
                id: t.id.map(ToOwned::to_owned),
            }));
        }
        Err(e) => e,
    };
    // A board alone, whose reader says what is wrong with it, or a turn
    // with a field wrong, which is this line's error, with its id.
    let fields: BTreeMap<String, &serde_json::value::RawValue> = match serde_json::from_slice(text)
    {
        Ok(fields) => fields,
        Err(_) => return Ok(None),
    };
    if !fields.contains_key("board") {
        return Ok(None);
    }
    Err(BatchErrorDoc {
        line,
        id: fields.get("id").map(|id| (*id).to_owned()),
        error: format!(
            "{error}; a line's turn has `board` and may have `with`, `from`, `rules` and `id`"
        ),
        exit: 1,
        diagnostics: Vec::new(),
    })
}

/// Loads and solves one line's board, and appends its result to `out`
/// as one JSON line.
fn solved(
    number: usize,
    text: Vec<u8>,
    args: &Batch<'_>,
    memory: &mut Memory,
    out: &mut Vec<u8>,
) -> Result<(), BatchErrorDoc> {
    let mut own = turn_line(&text, number)?;
    let id = own.as_mut().and_then(|t| t.id.take());
    let fail = |error: String, exit: u8, diagnostics| BatchErrorDoc {
        line: number,
        id: id.clone(),
        error,
        exit,
        diagnostics,
    };
    let name = format!("line {number}");
    let board_text = match &mut own {
        Some(turn) => std::mem::take(&mut turn.board),
        None => text,
    };
    let input = load::input_from_bytes(
        name,
        board_text,
        None,
        InputKind::Document(interchange::Format::Json),
    );
    let layouts = match own.as_ref().and_then(|t| t.rules.as_deref()) {
        Some(rules) => memory
            .layouts_for(rules, number)
            .map_err(|e| BatchErrorDoc {
                id: id.clone(),
                ..e
            })?,
        None => &mut memory.layouts,
    };
    let board = input
        .and_then(|i| layouts.board(&i))
        .map_err(|f| BatchErrorDoc {
            line: number,
            id: id.clone(),
            error: f.reports.iter().find(|r| r.is_error()).map_or_else(
                || "invalid board".to_string(),
                |r| r.problem().message.clone(),
            ),
            exit: 1,
            diagnostics: f.reports.iter().map(document::diagnostic_doc).collect(),
        })?;
    // The line's own turn, in place of the command line's.
    let mut line_args;
    let mut said = ON_THE_COMMAND_LINE;
    let query_args = match own {
        Some(OwnTurn { with, from, .. }) if with.is_some() || from.is_some() => {
            line_args = args.args.clone();
            if let Some(with) = with {
                line_args.turn.with = with;
                said.with = "with";
            }
            if let Some(from) = from {
                line_args.turn.from = Some(from);
                said.from = "from";
            }
            &line_args
        }
        _ => args.args,
    };
    let q = query_with(board, query_args, said, |rules, items| {
        memory.movement(rules, items)
    })
    .map_err(|e| fail(e.message, 1, Vec::new()))?;
    // A line's document holds every step of every outcome, and its text.
    let limits = Limits {
        kept_per_action: Keeps::Steps as usize,
        ..q.limits
    };
    let solution = memory
        .workspace
        .solve(&q.turn.board, &q.turn.movement, q.turn.start, &limits)
        .map_err(|e| fail(e.to_string(), 3, Vec::new()))?;
    let answer = q.answer(&solution.outcomes);
    let doc = document::result_doc(&answer)
        .map_err(|refused| fail(refused.to_string(), 1, Vec::new()))?;
    crate::render::compact::result(&doc, id.as_deref(), out);
    out.push(b'\n');
    Ok(())
}
