//! The command line as clap reads it: the commands, their options, and
//! the groups several commands share (the turn, the filters of a query, the
//! search budget). The doc comments here are the help, the man pages and
//! the completions.

use super::*;

/// Exact movement planner for the submarine of Red November.
#[derive(Parser, Debug)]
#[command(name = "hatchway", version, about, long_about = None, after_help = examples::HATCHWAY)]
pub(super) struct Cli {
    /// When to use colour: auto (on a terminal, unless NO_COLOR is set; or
    /// when CLICOLOR_FORCE is set), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub(super) color: ColorChoice,
    /// Quote the rule that decides each verdict, failed roll and term in
    /// the text of `paths`, `replay` and `plan` (JSON and YAML always
    /// carry it); other commands refuse it.
    #[arg(long, global = true)]
    pub(super) explain: bool,
    #[command(subcommand)]
    pub(super) command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(super) enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand, Debug)]
pub(super) enum Command {
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
    /// The JSON Schema of every document hatchway reads or writes as YAML or
    /// JSON (boards, and the output of `paths`, `plan`, `replay`, `check`,
    /// `sweep` and `diff`), for editors and other programs; with no name,
    /// the list of documents.
    #[command(after_help = examples::SCHEMA)]
    Schema {
        /// Which document.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(crate::schema::DOCUMENTS.iter().map(|d| d.name)))]
        document: Option<String>,
    },
    /// Every outcome of a turn with its cheapest action sequence.
    #[command(after_help = examples::PATHS)]
    Paths {
        /// The board: a file or a built-in board's name (when omitted,
        /// `red-november-rulebook`, or the own board of built-in `--rules`).
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
        /// The board: a file or a built-in board's name (when omitted,
        /// `red-november-rulebook`, or the own board of built-in `--rules`).
        board: Option<PathBuf>,
        /// The action, as the rules declare it (`extinguish_fire`,
        /// `pump_water`, `unblock_hatch` in `red-november-rulebook`).
        /// Without both `--action` and `--at`, the turn's menu: every
        /// fix-it the rules allow this turn, strongest first, narrowed to
        /// the one given.
        #[arg(long, value_name = "NAME")]
        action: Option<String>,
        /// Where the action is taken: the room the move ends in, by id or
        /// name (`--at "Engine Room"`). For an action on a hatch, a room the
        /// hatch touches: every hatch of that room the action can act on is
        /// a plan of its own.
        #[arg(long, value_name = "ROOM")]
        at: Option<String>,
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
        /// The board: a file or a built-in board's name (when omitted,
        /// `red-november-rulebook`, or the own board of built-in `--rules`).
        board: Option<PathBuf>,
        /// Only these rooms vary (comma-separated ids or names); the others
        /// keep the board's states. Default: every room but those in a
        /// state no rule changes (the rulebook's sea).
        #[arg(long, value_name = "IDS", value_delimiter = ',')]
        rooms: Vec<String>,
        /// The states the varying rooms take (comma-separated). Default:
        /// the room states some rule changes a room into or out of (a
        /// flow, an action), so the sea of the rulebook stays a place.
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
        /// Output format (default: text). A shard's summary is always
        /// JSON.
        #[arg(long, value_enum)]
        format: Option<CheckFormat>,
        /// Sweep only shard K of N (`--shard 2/4`, K from 1 to N): a fixed
        /// Nth of the sweep's work, the same on every machine, written as a
        /// shard's summary (JSON) for `--merge`.
        #[arg(long, value_name = "K/N")]
        shard: Option<crate::sweep::Shard>,
        /// Merge the summaries of every shard of one sweep (`--shard 1/N`
        /// to `N/N`) into the whole sweep's summary, printed as the whole
        /// sweep prints it; the sweep is the one the files name.
        #[arg(
            long,
            value_name = "FILE",
            num_args = 1..,
            conflicts_with_all = ["board", "rooms", "states", "shard", "max_states", "max_memory"]
        )]
        merge: Vec<PathBuf>,
        /// Write the summary (or the shard's) to this file instead of
        /// standard output: whole or not at all, so that a job stopped
        /// while writing leaves no cut file.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Each outcome as a step-by-step action log, or a planned path checked
    /// step by step.
    #[command(after_help = examples::REPLAY)]
    Replay {
        /// The board: a file or a built-in board's name (when omitted,
        /// `red-november-rulebook`, or the own board of built-in `--rules`).
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
        /// Step through the outcomes on a full screen in the terminal (the
        /// list of outcomes first, unless `--outcome` names one); `?` there
        /// lists the keys.
        #[arg(
            long,
            short = 'i',
            conflicts_with_all = ["format", "draw", "path", "path_file", "cast"]
        )]
        interactive: bool,
        /// Write the full-screen step-through of the outcomes shown to this
        /// file as an asciicast v2 recording (`asciinema play FILE`), in a
        /// terminal of COLUMNS by LINES (the terminal's size, else 80x24).
        #[arg(
            long,
            value_name = "FILE",
            conflicts_with_all = ["format", "draw", "path", "path_file"]
        )]
        cast: Option<PathBuf>,
        /// Output format: the log for people, or each step as JSON or YAML
        /// (INTERCHANGE.md).
        #[arg(long, value_enum, default_value_t = ReplayFormat::Text)]
        format: ReplayFormat,
    },
    /// Walk a path of your own move by move on a full screen: every legal
    /// next step with its cost and what it changes, the refused ones with
    /// the rule that refuses them, undo, the verdict where you stand; the
    /// path is printed for `--path` when you stop.
    #[command(after_help = examples::PLAY)]
    Play {
        /// The board: a file or a built-in board's name (when omitted,
        /// `red-november-rulebook`, or the own board of built-in `--rules`).
        board: Option<PathBuf>,
        #[command(flatten)]
        turn: TurnArgs,
        #[command(flatten)]
        budget: Budget,
    },
    /// Write a board as YAML or JSON (the shape of INTERCHANGE.md) or in the
    /// hatchway language.
    #[command(after_help = examples::EXPORT)]
    Export {
        /// The board: a file or a built-in board's name (when omitted,
        /// `red-november-rulebook`, or the own board of built-in `--rules`).
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
        /// The board: a file or a built-in board's name (when omitted,
        /// `red-november-rulebook`, or the own board of built-in `--rules`).
        board: Option<PathBuf>,
        #[command(flatten)]
        drawn: DrawnArgs,
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
    /// as boxes, hatches between them, optionally with one outcome's path
    /// (the rooms it entered, and in SVG its steps numbered on the
    /// hatches).
    #[command(after_help = examples::DRAW)]
    Draw {
        /// The board: a file or a built-in board's name (when omitted,
        /// `red-november-rulebook`, or the own board of built-in `--rules`).
        board: Option<PathBuf>,
        #[command(flatten)]
        drawn: DrawnArgs,
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
        /// The board: a file or a built-in board's name (when omitted,
        /// `red-november-rulebook`, or the own board of built-in `--rules`).
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
    /// do. With `--item`, the same for one rules: what holding an item
    /// changes on a board's turn.
    #[command(after_help = examples::DIFF)]
    Diff {
        /// Boards to compare on, each from its start room (when none is given
        /// and `--random` is not, the first rules' own board if they are
        /// built in, else `red-november-rulebook`).
        boards: Vec<PathBuf>,
        /// A rules file or built-in rules name; give it twice. With
        /// `--item`, at most once: the rules the boards are played by
        /// (their own by default).
        #[arg(long = "rules", value_name = "RULES", required_unless_present = "item")]
        rules: Vec<String>,
        /// Items held in the turn compared (repeatable, or comma-separated:
        /// `--with grog,aqualung`); both rules must declare them. With
        /// `--random` and no `--with`, every combination of the items both
        /// rules declare is compared (with up to 4 such items, at most 16
        /// sets; with more, none, each alone and all together).
        #[arg(long = "with", value_name = "ITEM", value_delimiter = ',')]
        with: Vec<String>,
        /// Compare one rules' turn holding the items of `--with` with the
        /// same turn holding these items as well: what they change
        /// (repeatable, or comma-separated: `--item aqualung,grog`). Takes
        /// one `--rules` at most, and no `--random`.
        #[arg(long = "item", value_name = "ITEM", value_delimiter = ',')]
        item: Vec<String>,
        /// With `--item`, start in this room instead of the board's start
        /// room (an id or a name). Refused without `--item`: each board is
        /// compared from its own start room (and a random board from every
        /// room).
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
    /// The language server for editors: speaks the Language Server Protocol
    /// on standard input and output, showing what `check` finds as board and
    /// rules files are typed, with quick fixes, hover, go-to-definition,
    /// completion, formatting, an outline and the turn's outcomes as a code
    /// lens. An editor starts it; docs/EDITORS.md says how. Exits 0 after the
    /// editor's `shutdown` and `exit`, 1 when the connection ends otherwise.
    #[command(after_help = examples::LSP)]
    Lsp,
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
pub(super) struct TurnArgs {
    /// Start in this room instead of the board's start room: its id, or
    /// its name up to case (`--from "Missile Control"`).
    #[arg(long, value_name = "ROOM")]
    pub(super) from: Option<String>,
    /// Items the player holds this turn (repeatable, or comma-separated:
    /// `--with grog,aqualung`).
    #[arg(long = "with", value_name = "ITEM", value_delimiter = ',')]
    pub(super) with: Vec<String>,
    /// Play the board by these rules instead of its own: a built-in name
    /// (`red-november-rulebook`) or a rules file; its rooms and hatches
    /// keep their states, matched by name.
    #[arg(long, value_name = "RULES")]
    pub(super) rules: Option<String>,
}

/// What `dot` and `draw` draw on the ship, besides the ship as the turn
/// starts: one group, so that both read it alike.
#[derive(clap::Args, Debug, Clone, Default)]
pub(super) struct DrawnArgs {
    /// Draw the ship at the end of the outcome with this number (as listed
    /// by `paths`), with its path.
    #[arg(long, value_name = "N", conflicts_with = "path")]
    pub(super) outcome: Option<usize>,
    /// Draw the ship at the end of a planned path, e.g. "open 1-2, move 2"
    /// (commas or new lines between actions), with its path.
    #[arg(long, value_name = "PLAN")]
    pub(super) path: Option<String>,
}

#[derive(clap::Args, Debug, Clone, Default)]
pub(super) struct QueryArgs {
    #[command(flatten)]
    pub(super) turn: TurnArgs,
    /// Only outcomes that end in one of these rooms, by id or name
    /// (repeatable, or comma-separated: `--to 2,5`).
    #[arg(long, value_name = "ROOM", value_delimiter = ',')]
    pub(super) to: Vec<String>,
    /// Only outcomes that cost at most this many minutes.
    #[arg(long, value_name = "N")]
    pub(super) max_cost: Option<u32>,
    /// Hide outcomes the rules' `end` rules make fatal (a gnome left in
    /// fire or high water under `red-november-rulebook`); the others keep
    /// their numbers.
    #[arg(long)]
    pub(super) safe: bool,
    /// Only outcomes whose survival, counting the fix-it a player would
    /// take, is one of these kinds (repeatable, or comma-separated:
    /// `--survival safe_any_roll,safe_sure_roll`); the others keep their
    /// numbers.
    #[arg(
        long,
        value_name = "KIND",
        value_delimiter = ',',
        value_parser = survival_kind()
    )]
    pub(super) survival: Vec<crate::survival::Kind>,
    #[command(flatten)]
    pub(super) budget: Budget,
}

/// Reads a survival kind by its name (`survival::Kind::name`); clap lists
/// the names and suggests the closest to a misspelt one.
fn survival_kind() -> impl clap::builder::TypedValueParser<Value = crate::survival::Kind> {
    use crate::survival::Kind;
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(Kind::ALL.map(Kind::name))
        .try_map(|name| Kind::named(&name).ok_or("not a survival kind"))
}

/// How much one search may store before it gives up (exit 3).
#[derive(clap::Args, Debug, Clone, Copy)]
pub(super) struct Budget {
    /// Store at most this many search states, then give up (exit 3); 0
    /// stores nothing, so every search stops at once.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
    pub(super) max_states: usize,
    /// Give up on a search (exit 3) before it would take more than this
    /// many MiB (the process stays within it plus 64 MiB); 0 stores
    /// nothing, so every search stops at once.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MAX_MEMORY >> 20)]
    pub(super) max_memory: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_states: DEFAULT_MAX_STATES,
            max_memory: DEFAULT_MAX_MEMORY >> 20,
        }
    }
}

impl Budget {
    /// The search limits of this budget, with no cost limit.
    pub(super) fn limits(self) -> Limits {
        Limits {
            max_states: self.max_states,
            max_cost: None,
            max_memory: self.max_memory.saturating_mul(1 << 20),
            kept_per_action: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum CheckFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum ReplayFormat {
    Text,
    Json,
    Yaml,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum DrawFormat {
    Text,
    Svg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum PathsFormat {
    Table,
    Json,
    Yaml,
}
