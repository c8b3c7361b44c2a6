//! Command-line parsing (clap) and the commands, each a few calls into the
//! library. Exit codes follow INTERCHANGE.md: 0 success, 1 invalid input,
//! 2 wrong command line, 3 search limit reached.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use serde::Serialize;

use hatchway::diagnostic::{Plain, Problem, Report, SourceFile};
use hatchway::load::{self, Compiled, Failure, Input, InputKind};
use hatchway::model::{Board, Cost, ItemSet, Movement, RoomId, StateId};
use hatchway::outcome::Outcome;
use hatchway::plan;
use hatchway::referee::{self, Illegal, Ship};
use hatchway::render::{self, Style, document};
use hatchway::search::{self, DEFAULT_MAX_STATES, Limits};
use hatchway::{builtin, interchange};

/// Exact movement planner for the submarine of Red November.
#[derive(Parser, Debug)]
#[command(name = "hatchway", version, about, long_about = None)]
struct Cli {
    /// When to use colour: auto (on a terminal, unless NO_COLOR is set),
    /// always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check board and rules files; with no file, the built-in ones.
    Check {
        /// Files to check (`.board`, `.rules`, `.yaml`, `.yml`, `.json`).
        files: Vec<PathBuf>,
        /// Output: text diagnostics, or JSON.
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
    },
    /// Every outcome of a turn with its cheapest action sequence.
    Paths {
        /// The board (the built-in standard board when omitted).
        board: Option<PathBuf>,
        #[command(flatten)]
        query: QueryArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = PathsFormat::Table)]
        format: PathsFormat,
        /// Read boards as JSON Lines on standard input and write one JSON
        /// result per line.
        #[arg(long, conflicts_with_all = ["board", "format"])]
        batch: bool,
    },
    /// Every combination of room states for every start room, solved in
    /// parallel and summarised per room.
    Sweep {
        /// The board (the built-in standard board when omitted).
        board: Option<PathBuf>,
        /// Only these rooms vary (comma-separated ids); the others keep the
        /// board's states. Default: every room.
        #[arg(long, value_name = "IDS", value_delimiter = ',')]
        rooms: Vec<String>,
        /// The states the varying rooms take (comma-separated). Default:
        /// every room state of the rules.
        #[arg(long, value_name = "STATES", value_delimiter = ',')]
        states: Vec<String>,
        /// An item the player holds this turn (repeatable).
        #[arg(long = "with", value_name = "ITEM")]
        with: Vec<String>,
        /// Give up on one configuration after storing this many search states
        /// (it is counted as over budget).
        #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
        max_states: usize,
        /// Output format.
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
    },
    /// Each outcome as a step-by-step action log, or a planned path checked
    /// step by step.
    Replay {
        /// The board (the built-in standard board when omitted).
        board: Option<PathBuf>,
        #[command(flatten)]
        query: QueryArgs,
        /// Show only the outcome with this number (as listed by `paths`).
        #[arg(long, value_name = "N", conflicts_with_all = ["path", "path_file"])]
        outcome: Option<usize>,
        /// A planned path to check, e.g. "open 1-2, move 2" (commas or new
        /// lines between actions).
        #[arg(long, value_name = "PLAN", conflicts_with = "path_file")]
        path: Option<String>,
        /// A file holding a planned path.
        #[arg(long, value_name = "FILE")]
        path_file: Option<PathBuf>,
    },
}

#[derive(clap::Args, Debug, Clone)]
struct QueryArgs {
    /// Start in this room instead of the board's start room.
    #[arg(long, value_name = "ROOM")]
    from: Option<String>,
    /// Only outcomes that end in this room.
    #[arg(long, value_name = "ROOM")]
    to: Option<String>,
    /// An item the player holds this turn (repeatable).
    #[arg(long = "with", value_name = "ITEM")]
    with: Vec<String>,
    /// Only outcomes that cost at most this many minutes.
    #[arg(long, value_name = "N")]
    max_cost: Option<u32>,
    /// Give up (exit 3) after storing this many search states.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
    max_states: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PathsFormat {
    Table,
    Json,
    Yaml,
}

/// How the command ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Exit {
    Success = 0,
    Invalid = 1,
    Limit = 3,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

/// Terminal facts for output for people.
struct Terminal {
    out: Style,
    err: Style,
}

fn terminal(choice: ColorChoice) -> Terminal {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let color = |tty: bool| match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => tty && !no_color,
    };
    let width = terminal_size::terminal_size().map_or(80, |(w, _)| usize::from(w.0).clamp(40, 160));
    let out_tty = std::io::stdout().is_terminal();
    let err_tty = std::io::stderr().is_terminal();
    Terminal {
        out: Style {
            color: color(out_tty),
            width: if out_tty { width } else { 80 },
        },
        err: Style {
            color: color(err_tty),
            width: if err_tty { width } else { 80 },
        },
    }
}

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout with code 0 and usage
            // errors to stderr with code 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let term = terminal(cli.color);
    let exit = match cli.command {
        Command::Sweep {
            board,
            rooms,
            states,
            with,
            max_states,
            format,
        } => sweep(
            board.as_deref(),
            &rooms,
            &states,
            &with,
            max_states,
            format,
            &term,
        ),
        Command::Replay {
            board,
            query,
            outcome,
            path,
            path_file,
        } => {
            let plan = match (path, path_file) {
                (Some(text), _) => Some(PlanSource::Text(text)),
                (None, Some(file)) => Some(PlanSource::File(file)),
                (None, None) => None,
            };
            replay(board.as_deref(), &query, outcome, plan, &term)
        }
        Command::Check { files, format } => check(&files, format, &term),
        Command::Paths {
            board,
            query,
            format,
            batch,
        } => {
            if batch {
                batch_paths(&query, &term)
            } else {
                paths(board.as_deref(), &query, format, &term)
            }
        }
    };
    exit.into()
}

fn print_reports(reports: &[Report], term: &Terminal) {
    let mut err = std::io::stderr().lock();
    for r in reports {
        let _ = write!(err, "{}", r.render(term.err.color, term.err.width));
    }
}

fn print_plain(message: impl Into<String>, help: Option<String>, term: &Terminal) {
    let p = Plain {
        message: message.into(),
        help,
    };
    let _ = write!(
        std::io::stderr().lock(),
        "{}",
        p.render(term.err.color, term.err.width)
    );
}

// ------------------------------------------------------------------ check

#[derive(Serialize)]
struct CheckedFile {
    file: String,
    ok: bool,
    diagnostics: Vec<DiagnosticDoc>,
}

#[derive(Serialize)]
struct DiagnosticDoc {
    severity: hatchway::diagnostic::Severity,
    code: &'static str,
    file: String,
    message: String,
    line: Option<usize>,
    column: Option<usize>,
    labels: Vec<LabelDoc>,
    help: Option<String>,
}

#[derive(Serialize)]
struct LabelDoc {
    offset: usize,
    length: usize,
    text: String,
}

fn diagnostic_doc(r: &Report) -> DiagnosticDoc {
    let p = r.problem();
    let (line, column) = r.line_column().unzip();
    DiagnosticDoc {
        severity: p.severity,
        code: p.code,
        file: r.file().name.clone(),
        message: p.message.clone(),
        line,
        column,
        labels: p
            .labels
            .iter()
            .map(|l| LabelDoc {
                offset: l.span.start,
                length: l.span.end.saturating_sub(l.span.start),
                text: l.text.clone(),
            })
            .collect(),
        help: p.help.clone(),
    }
}

fn builtin_inputs() -> Vec<Input> {
    let mut inputs: Vec<Input> = builtin::RULES
        .iter()
        .map(|(name, text)| Input {
            name: format!("{name}.rules"),
            text: (*text).to_string(),
            dir: None,
            kind: InputKind::Language,
        })
        .collect();
    inputs.push(load::standard_board());
    inputs
}

fn describe(compiled: &Compiled) -> String {
    match compiled {
        Compiled::Rules(r) => format!(
            "rules `{}`: {} room states, {} hatch states, {} items",
            r.name,
            r.room_states.len(),
            r.hatch_states.len(),
            r.items.len()
        ),
        Compiled::Board(b) => format!(
            "board `{}`: {} rooms, {} hatches, rules `{}`",
            b.name,
            b.rooms.len(),
            b.hatches.len(),
            b.rules.name
        ),
    }
}

fn check(files: &[PathBuf], format: CheckFormat, term: &Terminal) -> Exit {
    let inputs: Vec<(String, Result<Input, Failure>)> = if files.is_empty() {
        builtin_inputs()
            .into_iter()
            .map(|i| (i.name.clone(), Ok(i)))
            .collect()
    } else {
        files
            .iter()
            .map(|f| (f.display().to_string(), load::read(f)))
            .collect()
    };
    let mut exit = Exit::Success;
    let mut docs = Vec::new();
    for (name, input) in inputs {
        let result = input.and_then(|i| load::compile(&i));
        let (ok, reports, summary) = match result {
            Ok(loaded) => (true, loaded.warnings, Some(describe(&loaded.value))),
            Err(f) => (false, f.reports, None),
        };
        if !ok {
            exit = Exit::Invalid;
        }
        match format {
            CheckFormat::Text => {
                print_reports(&reports, term);
                if let Some(summary) = summary {
                    let mark = term.out.paint(anstyle::Style::new().bold(), "ok");
                    println!("{mark} {name}: {summary}");
                }
            }
            CheckFormat::Json => docs.push(CheckedFile {
                file: name,
                ok,
                diagnostics: reports.iter().map(diagnostic_doc).collect(),
            }),
        }
    }
    if format == CheckFormat::Json {
        #[derive(Serialize)]
        struct Doc {
            ok: bool,
            files: Vec<CheckedFile>,
        }
        let doc = Doc {
            ok: exit == Exit::Success,
            files: docs,
        };
        match serde_json::to_string_pretty(&doc) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                print_plain(format!("cannot write JSON: {e}"), None, term);
                return Exit::Invalid;
            }
        }
    }
    exit
}

// ------------------------------------------------------------------ paths

/// A board ready to search: where to start and what the player holds.
struct Query {
    board: Board,
    movement: Movement,
    start: RoomId,
    to: Option<RoomId>,
    limits: Limits,
}

/// A problem with the command line's values for a board (exit 1).
struct QueryError {
    message: String,
    help: Option<String>,
}

fn room_arg(board: &Board, id: &str, flag: &str) -> Result<RoomId, QueryError> {
    board.room_by_id(id).ok_or_else(|| QueryError {
        message: format!("unknown room `{id}` in `{flag}`"),
        help: Some(format!(
            "the rooms of `{}` are: {}",
            board.name,
            board
                .rooms
                .iter()
                .map(|r| r.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    })
}

fn query(board: Board, args: &QueryArgs) -> Result<Query, QueryError> {
    let start = match &args.from {
        Some(id) => room_arg(&board, id, "--from")?,
        None => board.start,
    };
    let to = args
        .to
        .as_deref()
        .map(|id| room_arg(&board, id, "--to"))
        .transpose()?;
    let mut items = ItemSet::default();
    for name in &args.with {
        let item = board.rules.item(name).ok_or_else(|| QueryError {
            message: format!("unknown item `{name}` in `--with`"),
            help: Some(if board.rules.items.is_empty() {
                format!("the rules `{}` have no items", board.rules.name)
            } else {
                format!(
                    "the rules `{}` have the items: {}",
                    board.rules.name,
                    board.rules.items.join(", ")
                )
            }),
        })?;
        items = items.with(item);
    }
    let movement = board.rules.movement(items);
    Ok(Query {
        board,
        movement,
        start,
        to,
        limits: Limits {
            max_states: args.max_states,
            max_cost: args.max_cost.map(Cost),
        },
    })
}

fn load_board(path: Option<&Path>, term: &Terminal) -> Result<Board, Exit> {
    let input = match path {
        Some(p) => load::read(p),
        None => Ok(load::standard_board()),
    };
    match input.and_then(|i| load::board(&i)) {
        Ok(loaded) => {
            print_reports(&loaded.warnings, term);
            Ok(loaded.value)
        }
        Err(f) => {
            print_reports(&f.reports, term);
            Err(Exit::Invalid)
        }
    }
}

fn paths(path: Option<&Path>, args: &QueryArgs, format: PathsFormat, term: &Terminal) -> Exit {
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
struct BatchError {
    line: usize,
    error: String,
    exit: u8,
    diagnostics: Vec<DiagnosticDoc>,
}

fn batch_paths(args: &QueryArgs, _term: &Terminal) -> Exit {
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

fn batch_line(
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

// ------------------------------------------------------------------ replay

/// Where a planned path comes from.
enum PlanSource {
    Text(String),
    File(PathBuf),
}

fn replay(
    path: Option<&Path>,
    args: &QueryArgs,
    only: Option<usize>,
    plan: Option<PlanSource>,
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
    if let Some(plan) = plan {
        return referee_plan(&q, plan, term);
    }
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
    if let Some(n) = only
        && (n == 0 || n > total)
    {
        print_plain(
            format!("there is no outcome {n}"),
            Some(format!("this turn has outcomes 1 to {total}")),
            term,
        );
        return Exit::Invalid;
    }
    let shown: Vec<(usize, &Outcome)> = solution
        .outcomes
        .iter()
        .enumerate()
        .map(|(i, o)| (i + 1, o))
        .filter(|(n, o)| only.is_none_or(|k| k == *n) && q.to.is_none_or(|t| o.room == t))
        .collect();
    let style = term.out;
    let mut out = render::replay::preamble(&q.board, &q.movement, q.start, total, style);
    for (n, o) in shown {
        out.push('\n');
        out.push_str(&render::replay::outcome_header(
            &q.board,
            &q.movement,
            n,
            total,
            o,
            style,
        ));
        match referee::replay(&q.board, &q.movement, q.start, &o.actions) {
            Ok((_, steps)) => out.push_str(&render::replay::steps_log(
                &q.board,
                &q.movement,
                q.start,
                &steps,
                style,
            )),
            Err((i, e)) => {
                print_plain(
                    format!(
                        "internal error: the engine's path for outcome {n} fails at step {}: {e}",
                        i + 1
                    ),
                    Some("please report this board".to_string()),
                    term,
                );
                return Exit::Invalid;
            }
        }
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Exit::Success
}

/// Why the rules refuse a step, as a help line naming the rule.
fn rule_help(e: &Illegal, board: &Board) -> String {
    let rules = &board.rules;
    match e {
        Illegal::NotAdjacent { from, .. } => {
            let next: Vec<String> = board
                .room_by_id(from)
                .map(|r| {
                    board
                        .neighbours(r)
                        .iter()
                        .map(|&(_, n)| board.room(n).id.clone())
                        .collect()
                })
                .unwrap_or_default();
            format!(
                "a move goes through a hatch of the current room; from room `{from}` hatches lead to: {}",
                next.join(", ")
            )
        }
        Illegal::HatchNotHere { .. } => {
            "a hatch can only be opened from one of the two rooms it joins".to_string()
        }
        Illegal::CannotOpen { state, .. } => format!(
            "the rules `{}` have no rule that opens a hatch that is `{state}`",
            rules.name
        ),
        Illegal::NotPassable { hatch, .. } => {
            let walk: Vec<&str> = rules
                .hatch_states
                .iter()
                .zip(&rules.walk_through)
                .filter(|(_, w)| **w)
                .map(|(n, _)| n.as_str())
                .collect();
            format!(
                "the rules `{}` let a player walk only through {} hatches; open it first with `open {hatch}`",
                rules.name,
                walk.join(", ")
            )
        }
        Illegal::CannotLeave { state, .. } => {
            format!("the rules `{}` say `leave {state}: forbidden`", rules.name)
        }
        Illegal::CannotEnter { state, .. } => format!(
            "the rules `{}` forbid entering a `{state}` room",
            rules.name
        ),
        Illegal::AlreadyVisited { .. } => {
            format!("the rules `{}` say `revisit: forbidden`", rules.name)
        }
        Illegal::CostOverflow => "split the plan".to_string(),
    }
}

fn read_plan(plan: PlanSource) -> Result<(String, String), Failure> {
    match plan {
        PlanSource::Text(text) => Ok(("--path".to_string(), text)),
        PlanSource::File(path) => {
            let input = load::read(&path)?;
            Ok((input.name, input.text))
        }
    }
}

fn referee_plan(q: &Query, plan: PlanSource, term: &Terminal) -> Exit {
    let (name, text) = match read_plan(plan) {
        Ok(p) => p,
        Err(f) => {
            print_reports(&f.reports, term);
            return Exit::Invalid;
        }
    };
    let source = std::sync::Arc::new(SourceFile { name, text });
    let report = |p: Problem| Report::new(std::sync::Arc::clone(&source), p);
    let written = match plan::parse(&source.text) {
        Ok(w) => w,
        Err(p) => {
            print_reports(&[report(p)], term);
            return Exit::Invalid;
        }
    };
    let style = term.out;
    let mut ship = Ship::new(&q.board, q.start);
    let mut steps = Vec::new();
    for (i, w) in written.iter().enumerate() {
        let action = match plan::resolve(&q.board, w) {
            Ok(a) => a,
            Err(p) => {
                print_partial(q, &steps, style);
                print_reports(&[report(p)], term);
                return Exit::Invalid;
            }
        };
        match ship.apply(&q.board, &q.movement, action) {
            Ok(step) => steps.push(step),
            Err(e) => {
                print_partial(q, &steps, style);
                let p = Problem::error(
                    "hatchway::illegal_step",
                    format!("step {} is not allowed: {e}", i + 1),
                )
                .label(w.span, "this step breaks a rule")
                .help(rule_help(&e, &q.board));
                print_reports(&[report(p)], term);
                return Exit::Invalid;
            }
        }
    }
    let actions: Vec<_> = steps.iter().map(|s| s.action).collect();
    let planned = Outcome {
        room: ship.position,
        rooms: ship.rooms.clone(),
        cost: ship.spent,
        actions,
    };
    let mut out = render::replay::preamble(&q.board, &q.movement, q.start, 1, style)
        .lines()
        .skip(1)
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    out.insert_str(
        0,
        &format!(
            "{}: planned path from room {}\n",
            q.board.name,
            q.board.room(q.start).label()
        ),
    );
    out.push('\n');
    out.push_str(&render::replay::steps_log(
        &q.board,
        &q.movement,
        q.start,
        &steps,
        style,
    ));
    out.push_str(&format!(
        "\nthe plan ends in room {}, {} min, {}\n",
        q.board.room(planned.room).label(),
        planned.cost.0,
        render::replay::changes_words(&q.board, q.movement.rules(), &planned.rooms)
    ));
    let limits = Limits {
        max_cost: None,
        ..q.limits
    };
    match search::solve(&q.board, &q.movement, q.start, &limits) {
        Ok(solution) => {
            let best = solution
                .outcomes
                .iter()
                .find(|o| o.room == planned.room && o.rooms == planned.rooms);
            match best {
                Some(b) if b.cost == planned.cost => {
                    out.push_str("it is a cheapest way to this outcome");
                    if b.actions != planned.actions {
                        out.push_str(&format!(
                            " (hatchway would list: {})",
                            b.actions
                                .iter()
                                .map(|&a| render::table::action_text(&q.board, a))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                    out.push('\n');
                }
                Some(b) => out.push_str(&format!(
                    "it is not the cheapest: this outcome can be reached for {} min with {}\n",
                    b.cost.0,
                    if b.actions.is_empty() {
                        "no action".to_string()
                    } else {
                        b.actions
                            .iter()
                            .map(|&a| render::table::action_text(&q.board, a))
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                )),
                None => out.push_str("the search found no cheaper way to this outcome\n"),
            }
        }
        Err(limit) => out.push_str(&format!(
            "cannot tell whether it is the cheapest: {limit}\n"
        )),
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Exit::Success
}

fn print_partial(q: &Query, steps: &[hatchway::referee::Step], style: Style) {
    let mut out = format!(
        "{}: planned path from room {}\n",
        q.board.name,
        q.board.room(q.start).label()
    );
    out.push_str(&render::replay::steps_log(
        &q.board,
        &q.movement,
        q.start,
        steps,
        style,
    ));
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
}

// ------------------------------------------------------------------ sweep

fn sweep(
    path: Option<&Path>,
    room_ids: &[String],
    state_names: &[String],
    with: &[String],
    max_states: usize,
    format: CheckFormat,
    term: &Terminal,
) -> Exit {
    let board = match load_board(path, term) {
        Ok(b) => b,
        Err(e) => return e,
    };
    let args = QueryArgs {
        from: None,
        to: None,
        with: with.to_vec(),
        max_cost: None,
        max_states,
    };
    let q = match query(board, &args) {
        Ok(q) => q,
        Err(e) => {
            print_plain(e.message, e.help, term);
            return Exit::Invalid;
        }
    };
    let rules = std::sync::Arc::clone(&q.board.rules);
    let mut rooms = Vec::new();
    for id in room_ids {
        match room_arg(&q.board, id, "--rooms") {
            Ok(r) if !rooms.contains(&r) => rooms.push(r),
            Ok(_) => {}
            Err(e) => {
                print_plain(e.message, e.help, term);
                return Exit::Invalid;
            }
        }
    }
    if room_ids.is_empty() {
        rooms = (0..q.board.rooms.len()).map(|i| RoomId(i as u32)).collect();
    }
    let mut states = Vec::new();
    for name in state_names {
        match rules.room_state(name) {
            Some(s) if !states.contains(&s) => states.push(s),
            Some(_) => {}
            None => {
                print_plain(
                    format!("unknown room state `{name}` in `--states`"),
                    Some(format!(
                        "the rules `{}` have the room states: {}",
                        rules.name,
                        rules.room_states.join(", ")
                    )),
                    term,
                );
                return Exit::Invalid;
            }
        }
    }
    if state_names.is_empty() {
        states = (0..rules.room_states.len())
            .map(|i| StateId(i as u8))
            .collect();
    }
    let plan = hatchway::sweep::Sweep {
        rooms,
        states,
        starts: (0..q.board.rooms.len()).map(|i| RoomId(i as u32)).collect(),
        limits: Limits {
            max_states,
            max_cost: None,
        },
    };
    let total = match plan.solves().filter(|&n| n <= hatchway::sweep::MAX_SOLVES) {
        Some(n) => n,
        None => {
            print_plain(
                format!(
                    "this sweep is too large: {} states over {} rooms for {} start rooms",
                    plan.states.len(),
                    plan.rooms.len(),
                    plan.starts.len()
                ),
                Some(format!(
                    "a sweep makes at most {} solves; narrow it with `--rooms` or `--states`",
                    hatchway::sweep::MAX_SOLVES
                )),
                term,
            );
            return Exit::Invalid;
        }
    };
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(total)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {wide_bar} {pos}/{len} solves, {per_sec}, eta {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let started = std::time::Instant::now();
    let summary = hatchway::sweep::run(&q.board, &q.movement, &plan, &|n| bar.inc(n));
    bar.finish_and_clear();
    let elapsed = started.elapsed();
    let text = match format {
        CheckFormat::Json => match serde_json::to_string_pretty(&summary) {
            Ok(s) => s + "\n",
            Err(e) => {
                print_plain(format!("cannot write the result: {e}"), None, term);
                return Exit::Invalid;
            }
        },
        CheckFormat::Text => render::sweep::summary(&q.board, &plan, &summary, elapsed, term.out),
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    if summary.over_budget > 0 {
        Exit::Limit
    } else {
        Exit::Success
    }
}
