//! `hatchway man`: the man page of hatchway or of one command, generated
//! from the command-line definition (clap_mangen) so it never drifts from
//! it, with the sections a man page reader looks for added after it:
//! EXAMPLES (the help's examples), EXIT STATUS, ENVIRONMENT and SEE ALSO.

use clap::CommandFactory;
use roff::{Roff, bold, italic, roman};

use super::*;

/// What each exit code means, as docs/INTERCHANGE.md lists them.
const EXIT_STATUS: &[(&str, &str)] = &[
    ("0", "Success (for check: no errors; warnings are allowed)."),
    (
        "1",
        "The input is invalid: an unreadable file, a syntax or semantic error, an unknown \
         room or item on the command line, an illegal planned path.",
    ),
    (
        "2",
        "The command line is wrong: an unknown command or flag, a missing or malformed \
         argument.",
    ),
    (
        "3",
        "A search limit (--max-states, --max-memory) was reached before the answer was \
         complete.",
    ),
    (
        "130",
        "sweep only: stopped by Ctrl-C (SIGINT); the summary of the solves made (a shard's \
         marked partial) was printed.",
    ),
];

/// Every environment variable hatchway reads, and what for.
pub(super) const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "NO_COLOR",
        "When set to anything but the empty text, output is not coloured unless --color \
         always is given.",
    ),
    (
        "COLUMNS",
        "The width, in columns, that tables and messages fit; without it, the width of the \
         terminal, or 80 when the output is not a terminal.",
    ),
    (
        "CLICOLOR_FORCE",
        "When set to anything but the empty text or 0, output is coloured even when it is \
         not a terminal, unless --color never is given; it wins over NO_COLOR.",
    ),
    (
        "CI",
        "hatchway test runs as in continuous integration when CI is set to anything but \
         false, 0 or the empty text (or TF_BUILD is set): it writes no snapshot, a missing \
         snapshot fails, and --accept and --review are refused.",
    ),
    (
        "TF_BUILD",
        "Set by Azure Pipelines; read by hatchway test as CI is.",
    ),
    (
        "XDG_CACHE_HOME",
        "Where hatchway lsp writes built-in rules files for go-to-definition to open: \
         XDG_CACHE_HOME/hatchway/rules, else HOME/.cache/hatchway/rules, else the same under \
         the temporary folder.",
    ),
    (
        "HOME",
        "Read by hatchway lsp when XDG_CACHE_HOME is not set (see above).",
    ),
    (
        "RAYON_NUM_THREADS",
        "How many threads hatchway sweep solves on (default: one a core), each with its \
         share of --max-memory; several shards swept at once on one machine each take a part \
         of its cores with it.",
    ),
];

/// The documents of the source repository a reader goes on to.
const DOCUMENTS: &[(&str, &str)] = &[
    (
        "docs/COMMANDS.md",
        "the commands, with examples, limits and exit codes",
    ),
    ("docs/LANGUAGE.md", "the board and rules language"),
    (
        "docs/RULES.md",
        "the movement rules each built-in rules file implements",
    ),
    (
        "docs/INTERCHANGE.md",
        "the YAML and JSON formats, every output shape, exit and diagnostic codes",
    ),
    ("docs/EDITORS.md", "setting up editors for hatchway lsp"),
];

pub(super) fn man(command: Option<&str>, term: &Terminal) -> Exit {
    let cli = Cli::command();
    let names: Vec<String> = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|n| n != "help")
        .collect();
    let page = match command {
        None => cli,
        Some(name) => {
            let Some(sub) = cli.find_subcommand(name) else {
                print_plain(
                    format!("there is no command `{name}`"),
                    Some(format!(
                        "{}the commands are: {}",
                        crate::spelling::did_you_mean(name, names.iter().map(String::as_str)),
                        names.join(", ")
                    )),
                    term,
                );
                return Exit::Invalid;
            };
            // The page of `hatchway paths` is `hatchway-paths(1)`, the name
            // the main page's list of commands refers to.
            let title = format!("hatchway-{}", sub.get_name());
            let bin = format!("hatchway {}", sub.get_name());
            sub.clone().display_name(title).bin_name(bin)
        }
    };
    let examples = examples(&page);
    let title = page.get_display_name().unwrap_or("hatchway").to_string();
    // The help's examples become the EXAMPLES section below instead of
    // clap_mangen's untitled EXTRA section.
    let page = page.after_help(None::<&str>);
    let mut buffer = Vec::new();
    let man = clap_mangen::Man::new(page).source(format!("hatchway {}", env!("CARGO_PKG_VERSION")));
    if let Err(e) = man.render(&mut buffer) {
        print_plain(format!("cannot write the man page: {e}"), None, term);
        return Exit::Invalid;
    }
    let sections = sections(&examples, &title, &names);
    buffer.extend_from_slice(sections.to_roff().as_bytes());
    // A closed pipe (`hatchway man | head`) is not an error to report.
    let _ = std::io::stdout().lock().write_all(&buffer);
    Exit::Success
}

/// The example command lines of a command's help (its `after_help`).
fn examples(page: &clap::Command) -> Vec<String> {
    page.get_after_help()
        .map(|help| {
            help.to_string()
                .lines()
                .filter_map(|l| l.strip_prefix("  "))
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

fn sections(examples: &[String], title: &str, commands: &[String]) -> Roff {
    let mut roff = Roff::new();
    if !examples.is_empty() {
        roff.control("SH", ["EXAMPLES"]);
        for example in examples {
            roff.control("IP", [""]).text([bold(example.as_str())]);
        }
        roff.control("PP", [] as [&str; 0]).text([roman(
            "docs/COMMANDS.md shows each example with its output.",
        )]);
    }
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in EXIT_STATUS {
        roff.control("TP", [] as [&str; 0])
            .text([bold(*code)])
            .text([roman(*meaning)]);
    }
    roff.control("SH", ["ENVIRONMENT"]);
    for (name, meaning) in ENVIRONMENT {
        roff.control("TP", [] as [&str; 0])
            .text([bold(*name)])
            .text([roman(*meaning)]);
    }
    roff.control("SH", ["SEE ALSO"]);
    let pages: Vec<String> = std::iter::once("hatchway".to_string())
        .chain(commands.iter().map(|c| format!("hatchway-{c}")))
        .filter(|p| p != title)
        .map(|p| format!("{p}(1)"))
        .collect();
    roff.text([roman(pages.join(", "))]);
    roff.control("PP", [] as [&str; 0])
        .text([roman("In the source repository of hatchway:")]);
    for (file, what) in DOCUMENTS {
        roff.control("TP", [] as [&str; 0])
            .text([italic(*file)])
            .text([roman(*what)]);
    }
    roff
}
