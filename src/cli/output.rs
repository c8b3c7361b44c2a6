//! What every command prints through: the exit codes, the terminal's width
//! and colours, problems on standard error, documents on standard output,
//! and the refusal of an option a command cannot honour.

use super::*;

/// How the command ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Exit {
    Success = 0,
    Invalid = 1,
    Usage = 2,
    Limit = 3,
    /// Stopped by Ctrl-C (a sweep, which then prints what it swept): 128
    /// plus the number of SIGINT, as a shell reports a process that
    /// signal ended, so scripts tell it from an answer.
    Interrupted = 130,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

/// A progress bar of `len` steps drawn with `template` on standard error
/// when `shown` (a terminal's), else hidden.
pub(super) fn progress_bar(len: u64, shown: bool, template: &str) -> indicatif::ProgressBar {
    let bar = if shown {
        indicatif::ProgressBar::new(len)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// Terminal facts for output for people.
pub(super) struct Terminal {
    pub(super) out: Style,
    pub(super) err: Style,
    /// Whether colour is on for output that is a terminal's whatever
    /// standard output is: a cast file is played in one.
    pub(super) screen_color: bool,
}

pub(super) fn terminal(choice: ColorChoice, explain: bool) -> Terminal {
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
        screen_color: color(true),
        out: Style {
            color: color(out_tty),
            width: width(terminal_size::terminal_size_of(std::io::stdout())),
            explain,
        },
        err: Style {
            color: color(err_tty),
            width: width(terminal_size::terminal_size_of(std::io::stderr())),
            explain,
        },
    }
}

/// The columns output fits in: `COLUMNS` when set to a number, else the
/// width of the terminal it goes to, else 80 (a file or a pipe).
pub(super) fn width(terminal: Option<(terminal_size::Width, terminal_size::Height)>) -> usize {
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0);
    columns
        .or(terminal.map(|(w, _)| usize::from(w.0)))
        .unwrap_or(80)
        .max(20)
}

/// Refuses an option of the turn that a command cannot honour, by name and
/// with why (exit 2: the command line asks for something the command does
/// not do), rather than answering for another turn.
pub(super) fn refuse_option(option: &str, command: &str, why: &str, term: &Terminal) -> Exit {
    print_plain(
        format!("`hatchway {command}` cannot honour `{option}`"),
        Some(why.to_string()),
        term,
    );
    Exit::Usage
}

/// Writes a document of INTERCHANGE.md on standard output, as YAML or as
/// pretty JSON.
pub(super) fn write_document(doc: &impl Serialize, yaml: bool, term: &Terminal) -> Exit {
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

pub(super) fn print_reports(reports: &[Report], term: &Terminal) {
    let mut err = std::io::stderr().lock();
    for r in reports {
        let _ = write!(err, "{}", r.render(term.err.color, term.err.width));
    }
}

pub(super) fn print_plain(message: impl Into<String>, help: Option<String>, term: &Terminal) {
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
