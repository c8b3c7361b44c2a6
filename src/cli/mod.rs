//! Command-line parsing (clap) and the commands, each a few calls into the
//! library, one module a command. Exit codes follow INTERCHANGE.md: 0
//! success, 1 invalid input, 2 wrong command line, 3 search limit reached.
//!
//! This file is longer than most because it holds the whole command line in
//! one place: the clap definitions (whose doc comments are the help, the man
//! pages and the completions), and the few pieces every command shares
//! (loading a board, the query of `--from`, `--to`, `--with`, `--rules`,
//! the terminal's width and colours, printing problems).

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};
use serde::Serialize;

use crate::diagnostic::{Code, Plain, Problem, Report, SourceFile};
use crate::load::{self, Compiled, Failure, Input, InputKind};
use crate::model::{Board, Cost, ItemSet, Movement, RoomId, Rules, StateId};
use crate::outcome::Outcome;
use crate::plan;
use crate::referee::{self, Ship};
use crate::render::{self, Style, document};
use crate::search::{self, DEFAULT_MAX_MEMORY, DEFAULT_MAX_STATES, Limits};
use crate::{builtin, interchange};

mod batch;
mod boards;
mod check;
mod completions;
mod diff;
mod dot;
mod draw;
mod examples;
mod export;
mod fixit;
mod fmt;
mod import;
mod man;
mod paths;
mod replay;
mod report;
mod rules;
mod schema;
mod sweep;
mod test;

use batch::{Batch, batch_paths, default_jobs};
use boards::{board_names, boards};
use check::check;
use completions::completions;
use diff::{Ground, diff};
use dot::{Drawn, dot};
use draw::draw;
use export::{ExportFormatArg, export};
use fixit::{PlanRequest, plan};
use fmt::fmt;
use import::import;
use man::man;
use paths::paths;
use replay::{PlanSource, replay};
use report::report;
use rules::{rules, rules_names};
use schema::{SchemaKind, schema};
use sweep::sweep;
use test::{DiffStyle, Mode, test};

/// Exact movement planner for the submarine of Red November.
#[derive(Parser, Debug)]
#[command(name = "hatchway", version, about, long_about = None, after_help = examples::HATCHWAY)]
struct Cli {
    /// When to use colour: auto (on a terminal, unless NO_COLOR is set; or
    /// when CLICOLOR_FORCE is set), always or never.
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
    #[command(after_help = examples::CHECK)]
    Check {
        /// Files to check (`.board`, `.rules`, `.yaml`, `.yml`, `.json`).
        files: Vec<PathBuf>,
        /// Output: text diagnostics, or JSON.
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
    },
    /// The built-in rules files, with what they are and where they come
    /// from; with a name, that file exactly as shipped, to start a variant.
    #[command(after_help = examples::RULES)]
    Rules {
        /// A built-in rules file, such as `red-november`.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(rules_names()))]
        name: Option<String>,
    },
    /// The boards built into hatchway, with what each shows; with a name,
    /// that board exactly as shipped. Every command that takes a board file
    /// takes these names too.
    #[command(after_help = examples::BOARDS)]
    Boards {
        /// A built-in board, such as `desperate-times`.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(board_names()))]
        name: Option<String>,
    },
    /// The JSON Schema of a board document (YAML or JSON) or of the result
    /// of `paths --format json`, for editors and other programs.
    #[command(after_help = examples::SCHEMA)]
    Schema {
        /// Which document.
        #[arg(value_enum)]
        document: SchemaKind,
    },
    /// Every outcome of a turn with its cheapest action sequence.
    #[command(after_help = examples::PATHS)]
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
        /// Solve this many lines of a batch at once (default: one a core);
        /// results still come out in input order.
        #[arg(long, value_name = "N", requires = "batch")]
        jobs: Option<std::num::NonZeroUsize>,
        /// Print outcomes cheapest first as each becomes final, instead of
        /// all at the end (JSON Lines with `--format json`): on a board too
        /// large to solve whole, the cheap end of the answer.
        #[arg(long, conflicts_with = "batch")]
        stream: bool,
    },
    /// The whole turn: every way to end a move where an action can be
    /// taken, with the minutes of the turn and the exact chance of the
    /// fix-it roll for each choice of minutes (1 to 10).
    #[command(after_help = examples::PLAN)]
    Plan {
        /// The board (the built-in standard board when omitted).
        board: Option<PathBuf>,
        /// The action, as the rules declare it (`extinguish_fire`,
        /// `pump_water`, `unblock_hatch` in `red-november-rulebook`).
        #[arg(long, value_name = "NAME")]
        action: String,
        /// Where the action is taken: the room the move ends in. For an
        /// action on a hatch, a room the hatch touches: every hatch of that
        /// room the action can act on is a plan of its own.
        #[arg(long, value_name = "ROOM")]
        at: String,
        #[command(flatten)]
        turn: TurnArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = PathsFormat::Table)]
        format: PathsFormat,
        #[command(flatten)]
        budget: Budget,
    },
    /// Every combination of room states for every start room, solved in
    /// parallel and summarised per room.
    #[command(after_help = examples::SWEEP)]
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
        /// The board, rules and items of every solve; `--from` sweeps one
        /// start room instead of every one.
        #[command(flatten)]
        turn: TurnArgs,
        /// What the search of one configuration may store: one that runs
        /// out is counted apart, the sweep goes on, and it exits 3.
        #[command(flatten)]
        budget: Budget,
        /// Output format.
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
    },
    /// Each outcome as a step-by-step action log, or a planned path checked
    /// step by step.
    #[command(after_help = examples::REPLAY)]
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
        /// Draw the ship (as `hatchway draw` does) after every step.
        #[arg(long, conflicts_with = "format")]
        draw: bool,
        /// Output format: the log for people, or each step as JSON or YAML
        /// (INTERCHANGE.md).
        #[arg(long, value_enum, default_value_t = ReplayFormat::Text)]
        format: ReplayFormat,
    },
    /// Write a board as YAML or JSON (the shape of INTERCHANGE.md) or in the
    /// hatchway language.
    #[command(after_help = examples::EXPORT)]
    Export {
        /// The board (the built-in standard board when omitted).
        board: Option<PathBuf>,
        /// `--from` makes the exported board start there, `--rules` names
        /// the rules it is played by; a board holds no items, so `--with`
        /// is refused.
        #[command(flatten)]
        turn: TurnArgs,
        /// Output format.
        #[arg(long, value_enum)]
        format: ExportFormatArg,
    },
    /// Read a turn in the flat format of the first pathfinder (three lines:
    /// room states, hatch states, start room) and write it as a board.
    #[command(after_help = examples::IMPORT)]
    Import {
        /// The flat file.
        file: PathBuf,
    },
    /// The ship as a Graphviz graph (DOT), optionally with a path drawn on
    /// it; render it with `dot -Tsvg`. A board that places every room pins
    /// each room to its place, for Graphviz's `neato` (`neato -n -Tsvg`).
    #[command(after_help = examples::DOT)]
    Dot {
        /// The board (the built-in standard board when omitted).
        board: Option<PathBuf>,
        /// Draw the path of the outcome with this number (as listed by
        /// `paths`).
        #[arg(long, value_name = "N", conflicts_with = "path")]
        outcome: Option<usize>,
        /// Draw a planned path, e.g. "open 1-2, move 2" (commas or new
        /// lines between actions).
        #[arg(long, value_name = "PLAN")]
        path: Option<String>,
        #[command(flatten)]
        turn: TurnArgs,
    },
    /// Lay board and rules files out in the canonical way, in place; with
    /// no file, format standard input to standard output.
    #[command(after_help = examples::FMT)]
    Fmt {
        /// Files to format (`.board`, `.rules`); a folder stands for every
        /// such file in it. YAML and JSON files are skipped.
        files: Vec<PathBuf>,
        /// Change nothing: print a diff for each file that is not formatted,
        /// and exit 1 if there is one.
        #[arg(long)]
        check: bool,
    },
    /// The ship as a picture in the terminal, or as an SVG document: rooms
    /// as boxes, hatches between them, optionally with one outcome's path.
    #[command(after_help = examples::DRAW)]
    Draw {
        /// The board (the built-in standard board when omitted).
        board: Option<PathBuf>,
        /// Draw the ship at the end of the outcome with this number (as
        /// listed by `paths`), with its path: the rooms it entered, and in
        /// SVG its steps numbered on the hatches.
        #[arg(long, value_name = "N", conflicts_with = "path")]
        outcome: Option<usize>,
        /// Draw the ship at the end of a planned path, e.g. "open 1-2, move
        /// 2" (commas or new lines between actions), with its path.
        #[arg(long, value_name = "PLAN")]
        path: Option<String>,
        #[command(flatten)]
        turn: TurnArgs,
        /// Output: a picture in text for the terminal, or a standalone SVG
        /// document (coloured by state, with patterns and codes that read
        /// without colour, and a legend).
        #[arg(long, value_enum, default_value_t = DrawFormat::Text)]
        format: DrawFormat,
    },
    /// The whole turn as one self-contained HTML page: the ship, every
    /// outcome under the room it ends in, and the path of the one chosen
    /// drawn on the ship, to step through (nothing is fetched).
    #[command(after_help = examples::REPORT)]
    Report {
        /// The board (the built-in standard board when omitted).
        board: Option<PathBuf>,
        #[command(flatten)]
        query: QueryArgs,
        /// Write the page to this file instead of standard output.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Check every board under some folders against its stored snapshot
    /// (insta's `.snap` format): what `hatchway replay` shows for it.
    /// Only `--accept` and `--review` write, in the folders they print
    /// first.
    #[command(after_help = examples::TEST)]
    Test {
        /// Folders (searched for `.board`, `.yaml`, `.yml` and `.json`
        /// boards, except in `snapshots` and hidden folders) and board
        /// files. Default: the current folder.
        paths: Vec<PathBuf>,
        /// The turn each board is tested for: `--with` holds items (one
        /// snapshot per item set, named `replay@BOARD+ITEM.snap`; boards
        /// whose rules lack an item are skipped); each board is played from
        /// its own start by its own rules, so `--from` and `--rules` are
        /// refused.
        #[command(flatten)]
        turn: TurnArgs,
        /// Keep every snapshot in this folder instead of in a `snapshots`
        /// folder beside each board.
        #[arg(long, value_name = "DIR")]
        snapshots: Option<PathBuf>,
        /// Store every new and changed snapshot.
        #[arg(long, conflicts_with = "review")]
        accept: bool,
        /// Ask, for each new and changed snapshot, whether to accept it,
        /// reject it or skip it (answers `a`, `r`, `s` read from standard
        /// input).
        #[arg(long)]
        review: bool,
        /// How a changed snapshot is shown: what changed in the player's
        /// words, or the full text diff.
        #[arg(long, value_enum, default_value_t = DiffStyle::Short)]
        diff: DiffStyle,
        #[command(flatten)]
        budget: Budget,
    },
    /// Where two rules files give different answers over the whole turn:
    /// on boards, the outcomes that exist under one only or differ in
    /// cost, in the end rules' verdict, or in what an action offers there
    /// (whether it can be taken, its minutes, bonus, odds and failure); on
    /// random boards, how often they differ and a smallest board where they
    /// do.
    #[command(after_help = examples::DIFF)]
    Diff {
        /// Boards to compare on, each from its start room (the built-in
        /// standard board when none is given and `--random` is not).
        boards: Vec<PathBuf>,
        /// A rules file or built-in rules name; give it twice.
        #[arg(long = "rules", value_name = "RULES", required = true)]
        rules: Vec<String>,
        /// Items held in the turn compared (repeatable, or comma-separated:
        /// `--with grog,aqualung`); both rules must declare them. With
        /// `--random` and no `--with`, every combination of the items both
        /// rules declare is compared (with up to 4 such items, at most 16
        /// sets; with more, none, each alone and all together).
        #[arg(long = "with", value_name = "ITEM", value_delimiter = ',')]
        with: Vec<String>,
        /// Refused: each board is compared from its own start room (and a
        /// random board from every room).
        #[arg(long, value_name = "ROOM")]
        from: Option<String>,
        /// Compare on this many random boards, from every start room, and
        /// shrink the smallest board where the rules differ.
        #[arg(long, value_name = "N", conflicts_with = "boards")]
        random: Option<usize>,
        /// The seed of the random boards.
        #[arg(long, value_name = "S", default_value_t = 1, requires = "random")]
        seed: u64,
        /// Rooms per random board.
        #[arg(long, value_name = "K", default_value_t = 6, requires = "random")]
        rooms: usize,
        /// Write the counterexample board to this file instead of printing it.
        #[arg(short = 'o', long = "output", value_name = "FILE", requires = "random")]
        output: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
        #[command(flatten)]
        budget: Budget,
    },
    /// Shell completions for bash, zsh, fish, elvish or powershell.
    #[command(after_help = examples::COMPLETIONS)]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// The man page (roff), on standard output: `hatchway(1)`, or with a
    /// command's name, that command's page (`hatchway-paths(1)`).
    #[command(after_help = examples::MAN)]
    Man {
        /// A command, such as `paths`.
        command: Option<String>,
    },
}

/// The turn a command answers for, beside its board: where the gnome
/// starts, what he holds, and the rules played by. One group for every
/// command that takes a board, so that an outcome numbered by `paths` is
/// the same outcome in `replay`, `plan`, `draw`, `dot` and `report` given
/// the same options.
#[derive(clap::Args, Debug, Clone, Default)]
struct TurnArgs {
    /// Start in this room instead of the board's start room.
    #[arg(long, value_name = "ROOM")]
    from: Option<String>,
    /// Items the player holds this turn (repeatable, or comma-separated:
    /// `--with grog,aqualung`).
    #[arg(long = "with", value_name = "ITEM", value_delimiter = ',')]
    with: Vec<String>,
    /// Play the board by these rules instead of its own: a built-in name
    /// (`red-november-rulebook`) or a rules file; its rooms and hatches
    /// keep their states, matched by name.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
}

#[derive(clap::Args, Debug, Clone, Default)]
struct QueryArgs {
    #[command(flatten)]
    turn: TurnArgs,
    /// Only outcomes that end in one of these rooms (repeatable, or
    /// comma-separated: `--to 2,5`).
    #[arg(long, value_name = "ROOM", value_delimiter = ',')]
    to: Vec<String>,
    /// Only outcomes that cost at most this many minutes.
    #[arg(long, value_name = "N")]
    max_cost: Option<u32>,
    /// Hide outcomes the rules' `end` rules make fatal (a gnome left in
    /// fire or high water under `red-november-rulebook`); the others keep
    /// their numbers.
    #[arg(long)]
    safe: bool,
    #[command(flatten)]
    budget: Budget,
}

/// How much one search may store before it gives up (exit 3).
#[derive(clap::Args, Debug, Clone, Copy)]
struct Budget {
    /// Store at most this many search states, then give up (exit 3); 0
    /// stores nothing, so every search stops at once.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
    max_states: usize,
    /// Give up on a search (exit 3) once its stored states would take more
    /// than this many MiB; 0 stores nothing, so every search stops at once.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MAX_MEMORY >> 20)]
    max_memory: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_states: DEFAULT_MAX_STATES,
            max_memory: DEFAULT_MAX_MEMORY >> 20,
        }
    }
}

impl Query {
    /// The outcomes `--to` and `--safe` let be shown, each with its number
    /// in the full listing.
    fn listed(&self, outcomes: Vec<Outcome>) -> Vec<(usize, Outcome)> {
        crate::outcome::numbered(outcomes)
            .filter(|(_, o)| self.shows(o))
            .collect()
    }

    /// Why `--to`, `--safe` and `--max-cost` show no outcome, given the
    /// outcomes they hid: for each room asked for, the outcomes `--safe`
    /// hid there, or why no move enters it (the rule that forbids it,
    /// quoted, and the items that would allow it). `None` when nothing was
    /// asked for and nothing hidden.
    fn why_none(&self, hidden: &[(usize, Outcome)]) -> Option<String> {
        let within = self
            .limits
            .max_cost
            .map_or(String::new(), |c| format!(" within `--max-cost {}`", c.0));
        if self.to.is_empty() {
            return (!hidden.is_empty() && self.safe).then(|| {
                format!(
                    "no outcome shown: every outcome{within} is fatal, and `--safe` hides them all"
                )
            });
        }
        let mut said = Vec::new();
        for &room in &self.to {
            let label = self.board.room(room).label();
            let fatal: Vec<String> = hidden
                .iter()
                .filter(|(_, o)| o.room == room)
                .map(|(n, _)| format!("#{n}"))
                .collect();
            if !fatal.is_empty() {
                said.push(format!(
                    "{} in room {label}, but `--safe` hides {}: they are fatal",
                    if fatal.len() == 1 {
                        format!("outcome {} ends", fatal[0])
                    } else {
                        format!("outcomes {} end", fatal.join(", "))
                    },
                    if fatal.len() == 1 { "it" } else { "them" }
                ));
                continue;
            }
            if room == self.start {
                continue;
            }
            // Rooms next door refused for the same reason are named together.
            let mut reasons: Vec<(Vec<String>, String)> = Vec::new();
            for (next, reason) in self
                .board
                .neighbours(room)
                .iter()
                .filter_map(|&(hatch, next)| {
                    // The step into the room from next door, with the hatch
                    // opened if it can be: the rule that refuses it there.
                    let mut ship = Ship::new(&self.board, next);
                    let state = ship.hatches[hatch.index()];
                    if let Some(opening) = self.movement.opening(state) {
                        ship.hatches[hatch.index()] = opening.becomes;
                    }
                    let action = crate::outcome::Action::Move(room);
                    let illegal = ship
                        .clone()
                        .apply(&self.board, &self.movement, action)
                        .err()?;
                    let ruling = ship.ruling(&self.board, &self.movement, action, &illegal);
                    Some((self.board.room(next).id.clone(), ruling.help()))
                })
            {
                match reasons.iter_mut().find(|(_, r)| *r == reason) {
                    Some((rooms, _)) => rooms.push(next),
                    None => reasons.push((vec![next], reason)),
                }
            }
            let reasons: Vec<String> = reasons
                .into_iter()
                .map(|(rooms, reason)| {
                    let from = if rooms.len() == 1 {
                        format!("room {}", rooms[0])
                    } else {
                        format!("rooms {}", rooms.join(", "))
                    };
                    format!("from {from}: {reason}")
                })
                .collect();
            said.push(if reasons.is_empty() && within.is_empty() {
                format!(
                    "no move ends in room {label}: every step into it is allowed, but no way leads to a room next to it"
                )
            } else if reasons.is_empty() {
                format!("no move{within} ends in room {label}: a costlier one may (raise `--max-cost`)")
            } else {
                format!(
                    "no move{within} ends in room {label}: {}",
                    reasons.join("; ")
                )
            });
        }
        (!said.is_empty()).then(|| format!("no outcome shown: {}", said.join("; ")))
    }

    /// Whether `--to` and `--safe` let an outcome be shown.
    fn shows(&self, outcome: &Outcome) -> bool {
        (self.to.is_empty() || self.to.contains(&outcome.room))
            && !(self.safe && outcome.verdict(&self.movement).fatal)
    }
}

impl Budget {
    /// The search limits of this budget, with no cost limit.
    fn limits(self) -> Limits {
        Limits {
            max_states: self.max_states,
            max_cost: None,
            max_memory: self.max_memory.saturating_mul(1 << 20),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ReplayFormat {
    Text,
    Json,
    Yaml,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum DrawFormat {
    Text,
    Svg,
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
    Usage = 2,
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
    // The CLICOLOR_FORCE convention, which clap's own help follows too.
    let force = std::env::var_os("CLICOLOR_FORCE").is_some_and(|v| !v.is_empty() && v != "0");
    let color = |tty: bool| match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => force || (tty && !no_color),
    };
    let out_tty = std::io::stdout().is_terminal();
    let err_tty = std::io::stderr().is_terminal();
    Terminal {
        out: Style {
            color: color(out_tty),
            width: width(terminal_size::terminal_size_of(std::io::stdout())),
        },
        err: Style {
            color: color(err_tty),
            width: width(terminal_size::terminal_size_of(std::io::stderr())),
        },
    }
}

/// The columns output fits in: `COLUMNS` when set to a number, else the
/// width of the terminal it goes to, else 80 (a file or a pipe).
fn width(terminal: Option<(terminal_size::Width, terminal_size::Height)>) -> usize {
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0);
    columns
        .or(terminal.map(|(w, _)| usize::from(w.0)))
        .unwrap_or(80)
        .max(20)
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
            turn,
            budget,
            format,
        } => sweep(
            board.as_deref(),
            &rooms,
            &states,
            turn,
            budget,
            format,
            &term,
        ),
        Command::Replay {
            board,
            query,
            outcome,
            path,
            path_file,
            draw: pictures,
            format,
        } => {
            let plan = match (path, path_file) {
                (Some(text), _) => Some(PlanSource::Text(text)),
                (None, Some(file)) => Some(PlanSource::File(file)),
                (None, None) => None,
            };
            let shown = match format {
                ReplayFormat::Text => replay::Shown::Log { pictures },
                ReplayFormat::Json => replay::Shown::Json,
                ReplayFormat::Yaml => replay::Shown::Yaml,
            };
            replay(board.as_deref(), &query, outcome, plan, shown, &term)
        }
        Command::Check { files, format } => check(&files, format, &term),
        Command::Rules { name } => rules(name.as_deref(), &term),
        Command::Boards { name } => boards(name.as_deref(), &term),
        Command::Schema { document } => schema(document, &term),
        Command::Export {
            board,
            turn,
            format,
        } => export(board.as_deref(), &turn, format, &term),
        Command::Import { file } => import(&file, &term),
        Command::Dot {
            board,
            outcome,
            path,
            turn,
        } => dot(board.as_deref(), turn, drawn(outcome, path), &term),
        Command::Plan {
            board,
            action,
            at,
            turn,
            format,
            budget,
        } => {
            let args = QueryArgs {
                turn,
                budget,
                ..QueryArgs::default()
            };
            let request = PlanRequest {
                action: &action,
                at: &at,
                format,
            };
            plan(board.as_deref(), &args, request, &term)
        }
        Command::Report {
            board,
            query,
            output,
        } => report(board.as_deref(), &query, output.as_deref(), &term),
        Command::Fmt { files, check } => fmt(&files, check, &term),
        Command::Draw {
            board,
            outcome,
            path,
            turn,
            format,
        } => draw(board.as_deref(), turn, drawn(outcome, path), format, &term),
        Command::Test {
            paths,
            turn,
            snapshots,
            accept,
            review,
            diff,
            budget,
        } => test(
            &paths,
            snapshots.as_deref(),
            &turn,
            Mode {
                accept,
                review,
                diff,
            },
            budget,
            &term,
        ),
        Command::Diff {
            boards,
            rules,
            with,
            from,
            random,
            seed,
            rooms,
            output,
            format,
            budget,
        } => {
            let ground = match random {
                Some(n) => Ground::Random {
                    plan: crate::rules_diff::RandomPlan {
                        boards: n,
                        seed,
                        rooms,
                    },
                    output,
                },
                None => Ground::Boards(boards),
            };
            if from.is_some() {
                refuse_option(
                    "--from",
                    "diff",
                    "each board is compared from its own start room (and a random board from every room); write the start in the board",
                    &term,
                )
            } else {
                diff(&rules, &with, ground, budget, format, &term)
            }
        }
        Command::Completions { shell } => completions(shell),
        Command::Man { command } => man(command.as_deref(), &term),
        Command::Paths {
            board,
            query,
            format,
            batch,
            jobs,
            stream,
        } => {
            if batch {
                let rules = match &query.turn.rules {
                    Some(name) => match diff::named_rules(name, &term) {
                        Ok(named) => Some(named.rules),
                        Err(exit) => return exit.into(),
                    },
                    None => None,
                };
                let batch = Batch {
                    args: &query,
                    rules,
                };
                batch_paths(&batch, jobs.unwrap_or_else(default_jobs))
            } else {
                paths(board.as_deref(), &query, format, stream, &term)
            }
        }
    };
    exit.into()
}

/// Which path `draw` or `dot` draws: an outcome's, a planned one, or none.
fn drawn(outcome: Option<usize>, path: Option<String>) -> Drawn {
    match (outcome, path) {
        (Some(n), _) => Drawn::Outcome(n),
        (None, Some(plan)) => Drawn::Plan(plan),
        (None, None) => Drawn::Nothing,
    }
}

/// Refuses an option of the turn that a command cannot honour, by name and
/// with why (exit 2: the command line asks for something the command does
/// not do), rather than answering for another turn.
fn refuse_option(option: &str, command: &str, why: &str, term: &Terminal) -> Exit {
    print_plain(
        format!("`hatchway {command}` cannot honour `{option}`"),
        Some(why.to_string()),
        term,
    );
    Exit::Usage
}

/// Writes a document of INTERCHANGE.md on standard output, as YAML or as
/// pretty JSON.
fn write_document(doc: &impl Serialize, yaml: bool, term: &Terminal) -> Exit {
    match render::document_text(doc, yaml) {
        Ok(text) => {
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            Exit::Success
        }
        Err(e) => {
            print_plain(e.to_string(), None, term);
            Exit::Invalid
        }
    }
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

/// A board ready to search: where to start and what the player holds.
struct Query {
    board: Board,
    movement: Movement,
    start: RoomId,
    /// The rooms outcomes must end in; empty for any room.
    to: Vec<RoomId>,
    /// Whether fatal outcomes are hidden.
    safe: bool,
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
        help: Some(board.rooms_help(id)),
    })
}

fn query(board: Board, args: &QueryArgs) -> Result<Query, QueryError> {
    query_with(board, args, |rules, items| rules.movement(items))
}

/// A query whose movement tables come from `movement`, which may hand
/// over tables it kept for the same rules and items.
fn query_with(
    board: Board,
    args: &QueryArgs,
    movement: impl FnOnce(&Arc<Rules>, ItemSet) -> Movement,
) -> Result<Query, QueryError> {
    let start = match &args.turn.from {
        Some(id) => room_arg(&board, id, "--from")?,
        None => board.start,
    };
    let to = args
        .to
        .iter()
        .map(|id| room_arg(&board, id, "--to"))
        .collect::<Result<Vec<_>, _>>()?;
    let mut items = ItemSet::default();
    for name in &args.turn.with {
        let item = board.rules.item(name).ok_or_else(|| QueryError {
            message: format!("unknown item `{name}` in `--with`"),
            help: Some(if board.rules.items.is_empty() {
                format!("the rules `{}` have no items", board.rules.name)
            } else {
                format!(
                    "{}the rules `{}` have the items: {}",
                    crate::spelling::did_you_mean(
                        name,
                        board.rules.items.iter().map(String::as_str)
                    ),
                    board.rules.name,
                    board.rules.items.join(", ")
                )
            }),
        })?;
        items = items.with(item);
    }
    let movement = movement(&board.rules, items);
    Ok(Query {
        board,
        movement,
        start,
        to,
        safe: args.safe,
        limits: Limits {
            max_cost: args.max_cost.map(Cost),
            ..args.budget.limits()
        },
    })
}

/// The text of the board a command was given: a file, or a built-in board
/// by name (the standard board when `path` is `None`). A name that is both
/// is read as the file, with a warning.
fn board_input(path: Option<&Path>, term: &Terminal) -> Result<Input, Failure> {
    let Some(path) = path else {
        return Ok(load::standard_board());
    };
    let named = load::board_input(path)?;
    if let Some(note) = named.note {
        let source = Arc::new(SourceFile {
            name: named.input.name.clone(),
            text: String::new(),
        });
        print_reports(&[Report::new(source, note)], term);
    }
    Ok(named.input)
}

fn load_board(path: Option<&Path>, term: &Terminal) -> Result<Board, Exit> {
    load_board_by(path, None, term)
}

/// Loads a board (the standard one when `path` is `None`), played by
/// `rules` when given, whatever its own `rules` line says.
fn load_board_by(
    path: Option<&Path>,
    rules: Option<&Arc<Rules>>,
    term: &Terminal,
) -> Result<Board, Exit> {
    let loaded = board_input(path, term).and_then(|i| match rules {
        Some(rules) => load::board_played_by(&i, rules),
        None => load::board(&i),
    });
    match loaded {
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

/// Loads a board (the standard one when `path` is `None`) and applies the
/// command line's start room, target room and items to it, reporting any
/// problem on standard error.
fn load_query(path: Option<&Path>, args: &QueryArgs, term: &Terminal) -> Result<Query, Exit> {
    // The rules of `--rules` are read first, so that the board's states
    // are checked against them, not against the rules it names.
    let rules = match &args.turn.rules {
        Some(name) => Some(diff::named_rules(name, term)?.rules),
        None => None,
    };
    let board = load_board_by(path, rules.as_ref(), term)?;
    query(board, args).map_err(|e| {
        print_plain(e.message, e.help, term);
        Exit::Invalid
    })
}

/// Solves a query, reporting a search limit (exit 3) on standard error.
/// Outcome `n`'s path played by the referee. The engine's paths are legal,
/// so a refusal is a bug of hatchway, reported as one.
fn referee_outcome(
    q: &Query,
    n: usize,
    outcome: &Outcome,
    term: &Terminal,
) -> Result<(Ship, Vec<referee::Step>), Exit> {
    referee::replay(&q.board, &q.movement, q.start, &outcome.actions).map_err(|(i, e)| {
        print_plain(
            format!(
                "internal error: the engine's path for outcome {n} fails at step {}: {e}",
                i + 1
            ),
            Some("please report this board".to_string()),
            term,
        );
        Exit::Invalid
    })
}

fn solve(q: &Query, term: &Terminal) -> Result<search::Solution, Exit> {
    search::solve(&q.board, &q.movement, q.start, &q.limits).map_err(|limit| {
        let raise = if limit.memory {
            "raise `--max-memory` (MiB)"
        } else {
            "raise `--max-states`"
        };
        // Asking only for what was settled fits in the same budget.
        let help = match limit.settled_cost {
            Some(c) => {
                format!("{raise}, or ask only for the outcomes it settled: `--max-cost {c}`")
            }
            None => raise.to_string(),
        };
        print_plain(limit.to_string(), Some(help), term);
        Exit::Limit
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    /// Every command that takes a board (a positional `board`, `boards` or
    /// `paths`) takes the whole turn group: `--from`, `--with`, `--rules`.
    /// Walked from clap's own list, so a new command cannot miss it.
    #[test]
    fn every_command_that_takes_a_board_takes_the_turn() {
        let cli = Cli::command();
        let mut taking = 0;
        for command in cli.get_subcommands() {
            let takes_board = command
                .get_positionals()
                .any(|a| matches!(a.get_id().as_str(), "board" | "boards" | "paths"));
            if !takes_board {
                continue;
            }
            taking += 1;
            for option in ["from", "with", "rules"] {
                assert!(
                    command
                        .get_arguments()
                        .any(|a| a.get_long() == Some(option)),
                    "`hatchway {}` takes a board but not `--{option}`",
                    command.get_name()
                );
            }
        }
        assert!(taking >= 10, "only {taking} commands take a board");
    }
}
