//! Shards' summaries read back and merged into the whole sweep's summary,
//! or refused with what is wrong: a shard of another sweep, a shard
//! missing or given twice, shard counts that disagree, a shard Ctrl-C
//! stopped.

use crate::diagnostic::{Code, Problem, Span};

use super::shard::ShardSummary;
use super::swept::Swept;
use super::tally::Tally;
use super::{Summary, summary};

/// The whole sweep's summary, merged from its shards'.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The sweep.
    pub swept: Swept,
    /// Its summary, as the whole sweep gives it.
    pub summary: Summary,
    /// The shards' times added up, in seconds: what the sweep took on
    /// machines like theirs, one after another.
    pub seconds: f64,
}

/// Why shards' summaries are not merged: what is wrong, naming the files,
/// and what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// One line.
    pub message: String,
    /// What to do.
    pub help: Option<String>,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

fn refusal(message: String, help: impl Into<String>) -> Refusal {
    Refusal {
        message,
        help: Some(help.into()),
    }
}

/// What the help of a refused merge says last.
const SAME_SWEEP: &str =
    "merge the shards of one sweep: every `--shard K/N` of one N, with the same board and options";

/// Merges the summaries of every shard of one sweep, each given with the
/// name of its file (for messages), in any order.
///
/// The merged counts are the whole sweep's, field by field: the shards cut
/// the tree of classes, so each search and each configuration is counted
/// by one shard ([`super::run_shard`]), and each shard keeps its first
/// trapped configurations, among which are the first of the sweep.
pub fn merge(shards: &[(&str, &ShardSummary)]) -> Result<Merged, Refusal> {
    let Some(&(first_name, first)) = shards.first() else {
        return Err(refusal(
            "no shard to merge".to_string(),
            "give every shard's summary to `--merge`",
        ));
    };
    for &(name, shard) in shards {
        if shard.partial {
            return Err(refusal(
                format!(
                    "`{name}` (shard {}) was stopped by Ctrl-C before it had swept its share",
                    shard.shard
                ),
                format!(
                    "sweep shard {} again, and merge what it writes",
                    shard.shard
                ),
            ));
        }
    }
    for &(name, shard) in &shards[1..] {
        if shard.version != first.version {
            return Err(refusal(
                format!("`{first_name}` and `{name}` were swept by different versions of hatchway"),
                format!(
                    "hatchway {} swept `{first_name}`, hatchway {} `{name}`; versions may count differently: sweep every shard with one",
                    first.version, shard.version
                ),
            ));
        }
        if let Some(difference) = difference(&first.sweep, &shard.sweep) {
            return Err(refusal(
                format!("`{first_name}` and `{name}` are shards of different sweeps"),
                format!(
                    "{} differ: {} in `{first_name}`, {} in `{name}`; {SAME_SWEEP}",
                    difference.what, difference.first, difference.second
                ),
            ));
        }
        if shard.shard.count() != first.shard.count() {
            return Err(refusal(
                format!(
                    "`{first_name}` is shard {} but `{name}` is shard {}: the sweep is cut into {} in one and {} in the other",
                    first.shard,
                    shard.shard,
                    first.shard.count(),
                    shard.shard.count()
                ),
                SAME_SWEEP,
            ));
        }
    }
    let count = first.shard.count();
    let mut by_index: Vec<Option<&str>> = vec![None; count as usize];
    for &(name, shard) in shards {
        let slot = &mut by_index[shard.shard.index() as usize - 1];
        if let Some(other) = slot {
            return Err(refusal(
                format!(
                    "shard {} is given twice: `{other}` and `{name}`",
                    shard.shard
                ),
                "give each shard once",
            ));
        }
        *slot = Some(name);
    }
    let missing: Vec<String> = (1..=count)
        .filter(|k| by_index[*k as usize - 1].is_none())
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        let given: Vec<String> = shards
            .iter()
            .map(|(name, s)| format!("{} (`{name}`)", s.shard))
            .collect();
        let options: Vec<String> = missing.iter().map(|m| format!("`--shard {m}`")).collect();
        let (noun, verb, them) = if missing.len() == 1 {
            ("shard", "is", "it")
        } else {
            ("shards", "are", "them")
        };
        return Err(refusal(
            format!("{noun} {} {verb} missing", few(&missing)),
            format!(
                "the files given hold {}; sweep {them} ({}) and merge every shard",
                few(&given),
                few(&options)
            ),
        ));
    }
    for &(name, shard) in &shards[1..] {
        if shard.split != first.split {
            return Err(refusal(
                format!("`{first_name}` and `{name}` split the top of the sweep differently"),
                "a search of the top ran out of `--max-memory` on one machine and not on the other, whose threads each take a share of it: sweep every shard with the same `RAYON_NUM_THREADS`, or with a larger `--max-memory`",
            ));
        }
    }
    let mut tally = Tally::new(first.sweep.board_rooms.len());
    let mut seconds = 0.0;
    for &(name, shard) in shards {
        let counted = shard.tally().map_err(|why| {
            refusal(
                format!("`{name}` does not fit its sweep: {why}"),
                "merge the summaries `hatchway sweep --shard` writes, unchanged",
            )
        })?;
        tally = tally.merge(counted);
        seconds += shard.seconds;
    }
    let total = first.sweep.solves().unwrap_or(0);
    if tally.solves != total {
        return Err(refusal(
            format!(
                "the shards made {} where their sweep has {total}",
                crate::spelling::count(tally.solves, "solve")
            ),
            "merge the summaries `hatchway sweep --shard` writes, unchanged",
        ));
    }
    Ok(Merged {
        summary: summary(&first.sweep, tally, total),
        swept: first.sweep.clone(),
        seconds,
    })
}

/// What differs between two sweeps, said for a message.
struct Difference {
    /// What differs, with the option that chooses it.
    what: &'static str,
    /// As the first sweep has it.
    first: String,
    /// As the second sweep has it.
    second: String,
}

/// How one thing a sweep is of is said in a message.
type Saying = fn(&Swept) -> String;

/// The first thing `a` and `b` differ in, in the order a reader looks:
/// the board and rules by name, the options, then the contents.
fn difference(a: &Swept, b: &Swept) -> Option<Difference> {
    let checks: [(&str, Saying); 10] = [
        ("the boards", |s| format!("`{}`", s.board)),
        ("the rules (`--rules`)", |s| format!("`{}`", s.rules)),
        ("the items held (`--with`)", |s| listed(&s.items)),
        ("the board's rooms", |s| listed(&s.board_rooms)),
        ("the varying rooms (`--rooms`)", |s| listed(&s.rooms)),
        ("the states (`--states`)", |s| listed(&s.states)),
        ("the start rooms (`--from`)", |s| {
            s.start.clone().unwrap_or_else(|| "every room".to_string())
        }),
        ("the state budgets (`--max-states`)", |s| {
            s.max_states.to_string()
        }),
        ("the memory budgets (`--max-memory`)", |s| {
            format!("{} MiB", s.max_memory >> 20)
        }),
        // Same names, other contents: a board or rules file edited
        // between shards.
        ("the boards or rules themselves", |s| {
            format!("fingerprint {}", s.fingerprint)
        }),
    ];
    checks.iter().find_map(|(what, say)| {
        let (first, second) = (say(a), say(b));
        (first != second).then_some(Difference {
            what,
            first,
            second,
        })
    })
}

/// Names, or `none`.
fn listed(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    }
}

/// `a`, `a and b`, `a, b and c`; past [`FEW`] items, the first ones and
/// how many more (a sweep of hundreds of shards would fill the screen).
fn few(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        _ if items.len() > FEW => format!(
            "{} and {} more",
            items[..FEW - 1].join(", "),
            items.len() - (FEW - 1)
        ),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// How many items a message lists.
const FEW: usize = 6;

/// What a shard's summary looks like, for the help under a file that is
/// not one.
const SHARD_HELP: &str = "`--merge` reads the summaries `hatchway sweep --shard K/N` writes (docs/INTERCHANGE.md, \"sweep --shard\")";

/// Reads a shard's summary from `text`, or says where it is not one: a
/// problem placed on the value at fault, for [`crate::diagnostic::Report`].
pub fn read_shard(text: &str) -> Result<ShardSummary, Problem> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        let mut problem = crate::interchange::json_document_problem(text, &e, SHARD_HELP);
        problem.message = format!("not a sweep shard's summary: {}", problem.message);
        problem
    })?;
    let start = text.len() - text.trim_start().len();
    let whole = Span::new(start, start + 1);
    let Some(fields) = value.as_object() else {
        return Err(Problem::error(
            Code::InvalidDocument,
            "not a sweep shard's summary: a shard's summary is a mapping",
        )
        .label(whole, "not a mapping")
        .help(SHARD_HELP));
    };
    if !fields.contains_key("shard") {
        let message = if fields.contains_key("trapped_examples") {
            "a whole sweep's summary, not a shard's: it has no `shard`"
        } else {
            "not a sweep shard's summary: it has no `shard`"
        };
        return Err(Problem::error(Code::InvalidDocument, message)
            .label(whole, "no `shard` in this mapping")
            .help(SHARD_HELP));
    }
    serde_json::from_str(text).map_err(|e| {
        let mut problem = crate::interchange::json_document_problem(text, &e, SHARD_HELP);
        // serde names the Rust types it expected; a reader knows the
        // fields and numbers.
        let said = |text: &str| {
            [
                ("struct ShardSummary", "a shard's summary"),
                ("struct Swept", "a sweep: its board, rules and options"),
                ("struct RoomSummary", "a room's counts"),
                ("u64", "a whole number"),
                ("u32", "a whole number"),
                ("f64", "a number"),
            ]
            .iter()
            .fold(text.to_string(), |text, (rust, said)| {
                text.replace(rust, said)
            })
        };
        problem.message = said(&problem.message);
        for label in &mut problem.labels {
            label.text = said(&label.text);
        }
        problem
    })
}
