//! Command-line parsing (clap) and the commands, each a few calls into the
//! library, one module a command. Exit codes follow INTERCHANGE.md: 0
//! success, 1 invalid input, 2 wrong command line, 3 search limit reached.
//!
//! This file dispatches a parsed command line to its command. The pieces
//! every command shares have files of their own: `args.rs` (the clap
//! definitions, whose doc comments are the help, the man pages and the
//! completions), `query.rs` (the turn a command answers for: the board, its
//! rules, the items, the start, the filters) and `output.rs` (exit codes,
//! the terminal, printing problems and documents).

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};
use serde::Serialize;

use crate::answer::{Answer, Filters, Turn};
use crate::diagnostic::{Code, Plain, Problem, Report, SourceFile};
use crate::load::{self, Compiled, Failure, Input, InputKind};
use crate::model::{Board, Cost, ItemSet, Movement, Names, RoomId, Rules, StateId};
use crate::outcome::Outcome;
use crate::plan;
use crate::referee::{self, Ship};
use crate::render::{self, Style, document};
use crate::search::{self, DEFAULT_MAX_MEMORY, DEFAULT_MAX_STATES, Limits};
use crate::{builtin, interchange};

mod args;
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
mod item_diff;
mod lsp;
mod man;
mod output;
mod paths;
mod query;
mod replay;
mod report;
mod rules;
mod schema;
mod screen;
mod sweep;
mod sweep_merge;
mod test;

use args::*;
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
use item_diff::{ItemRequest, item_diff};
use lsp::lsp;
use man::man;
use output::*;
use paths::paths;
use query::*;
use replay::{PlanSource, replay};
use report::report;
use rules::{rules, rules_names};
use schema::schema;
use sweep::{SweepRequest, sweep};
use sweep_merge::sweep_merge;
use test::{DiffStyle, Mode, test};

/// Parses the command line and runs its command.
///
/// One function of some 230 lines: the dispatch table, one arm a command,
/// each only unpacking that command's arguments into the call of its
/// module; split, the table would be read in pieces.
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
    let term = terminal(cli.color, cli.explain);
    if cli.explain
        && !matches!(
            cli.command,
            Command::Paths { .. } | Command::Replay { .. } | Command::Plan { .. }
        )
    {
        print_plain(
            "`--explain` is for the text of `paths`, `replay` and `plan`".to_string(),
            Some("drop `--explain`: this command quotes no deciding rule".to_string()),
            &term,
        );
        return ExitCode::from(2);
    }
    let exit = match cli.command {
        Command::Sweep {
            board,
            rooms,
            states,
            turn,
            budget,
            format,
            shard,
            merge,
            output,
        } => {
            if merge.is_empty() {
                let request = SweepRequest {
                    board: board.as_deref(),
                    rooms: &rooms,
                    states: &states,
                    turn,
                    budget,
                    format,
                    shard,
                    output: output.as_deref(),
                };
                sweep(request, &term)
            } else {
                sweep_merge(&merge, &turn, format, output.as_deref(), &term)
            }
        }
        Command::Replay {
            board,
            query,
            outcome,
            path,
            path_file,
            draw: pictures,
            interactive,
            cast,
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
            if interactive {
                screen::replay_screen(board.as_deref(), &query, outcome, &term)
            } else if let Some(file) = cast {
                screen::replay_cast(board.as_deref(), &query, outcome, &file, &term)
            } else {
                replay(board.as_deref(), &query, outcome, plan, shown, &term)
            }
        }
        Command::Check { files, format } => check(&files, format, &term),
        Command::Rules { name } => rules(name.as_deref(), &term),
        Command::Boards { name } => boards(name.as_deref(), &term),
        Command::Schema { document } => schema(document.as_deref(), &term),
        Command::Export {
            board,
            turn,
            format,
        } => export(board.as_deref(), &turn, format, &term),
        Command::Import { file } => import(&file, &term),
        Command::Dot { board, drawn, turn } => dot(board.as_deref(), turn, drawn.into(), &term),
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
                action: action.as_deref(),
                at: at.as_deref(),
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
        Command::Play {
            board,
            turn,
            budget,
        } => screen::play(board.as_deref(), turn, budget, &term),
        Command::Draw {
            board,
            drawn,
            turn,
            format,
        } => draw(board.as_deref(), turn, drawn.into(), format, &term),
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
            item,
            from,
            random,
            seed,
            rooms,
            output,
            format,
            budget,
        } => {
            if !item.is_empty() {
                // One rules' turn compared with itself holding more: there
                // is no second rules to try random boards against.
                return if random.is_some() {
                    refuse_option(
                        "--random",
                        "diff --item",
                        "random boards compare two rules; `--item` compares the turn of a board holding the item and not",
                        &term,
                    )
                } else {
                    let request = ItemRequest {
                        boards: &boards,
                        rules: &rules,
                        with: &with,
                        item: &item,
                        from: from.as_deref(),
                    };
                    item_diff(&request, budget, format, &term)
                }
                .into();
            }
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
        Command::Lsp => lsp(),
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
impl From<DrawnArgs> for Drawn {
    fn from(args: DrawnArgs) -> Drawn {
        match (args.outcome, args.path) {
            (Some(n), _) => Drawn::Outcome(n),
            (None, Some(plan)) => Drawn::Plan(plan),
            (None, None) => Drawn::Nothing,
        }
    }
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
