//! `hatchway sweep --merge FILE...`: the summaries of a sweep's shards,
//! merged into the whole sweep's summary and printed as the whole sweep
//! prints it.

use std::time::Duration;

use super::sweep::print_summary;
use super::*;

pub(super) fn sweep_merge(
    files: &[PathBuf],
    turn: &TurnArgs,
    format: Option<CheckFormat>,
    output: Option<&Path>,
    term: &Terminal,
) -> Exit {
    // The turn is the shards': a merge that took another would print a
    // summary of one sweep under the name of another.
    let turn_options = [
        ("--from", turn.from.is_some()),
        ("--with", !turn.with.is_empty()),
        ("--rules", turn.rules.is_some()),
    ];
    if let Some((option, _)) = turn_options.iter().find(|(_, given)| *given) {
        return refuse_option(
            option,
            "sweep --merge",
            "the shards' summaries say which sweep they are of (its board, rules, items, rooms and start rooms); give those options to each `--shard` instead",
            term,
        );
    }
    // Every file is read before any is refused, so that one run names
    // every file that is not a shard's summary.
    let mut shards = Vec::with_capacity(files.len());
    let mut unread = false;
    for file in files {
        let input = match load::read(file) {
            Ok(input) => input,
            Err(failure) => {
                print_reports(&failure.reports, term);
                unread = true;
                continue;
            }
        };
        match crate::sweep::read_shard(&input.text) {
            Ok(shard) => shards.push((input.name, shard)),
            Err(problem) => {
                let source = Arc::new(SourceFile {
                    name: input.name,
                    text: input.text,
                });
                print_reports(&[Report::new(source, problem)], term);
                unread = true;
            }
        }
    }
    if unread {
        return Exit::Invalid;
    }
    let named: Vec<(&str, &crate::sweep::ShardSummary)> =
        shards.iter().map(|(name, s)| (name.as_str(), s)).collect();
    match crate::sweep::merge(&named) {
        Ok(merged) => print_summary(
            &merged.swept,
            &merged.summary,
            // A time read from a file may be anything: a negative one is
            // none.
            Duration::try_from_secs_f64(merged.seconds).unwrap_or_default(),
            format.unwrap_or(CheckFormat::Text),
            output,
            term,
        ),
        Err(refusal) => {
            print_plain(refusal.message, refusal.help, term);
            Exit::Invalid
        }
    }
}
