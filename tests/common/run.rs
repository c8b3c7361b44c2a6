//! A run of the hatchway binary whose check states its whole output, in
//! the style of just's `tests/test.rs`: the standard output, the standard
//! error and the exit status, either exactly or as one insta snapshot.
//!
//! ```ignore
//! Run::new(&["check", "boards/mini-flood.board"])
//!     .stdout("...")
//!     .status(0)
//!     .run();
//! Run::new(&["check", "tests/invalid/misspelt-state.board"]).snapshot("newcomer@misspelt-state");
//! ```
//!
//! An exact check expects an empty stdout and stderr and a status of 0
//! unless told otherwise. Both checks return the [`Output`], for a
//! targeted assertion that documents the point of a test on top of them.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A run of the binary to be made: its arguments, where and with what
/// standard input, and what it must print.
#[must_use = "a Run does nothing until `.run()` or `.snapshot(..)`"]
pub struct Run {
    args: Vec<String>,
    dir: PathBuf,
    stdin: Option<String>,
    hidden: Vec<(String, &'static str)>,
    env: Vec<(String, String)>,
    seconds: bool,
    stdout: String,
    stderr: String,
    status: i32,
}

/// What a run printed, after the paths it was told to hide were replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    /// The exit code, -1 when there is none.
    pub status: i32,
}

impl Output {
    /// The three parts as one text: `status: N`, then `--- stdout` and the
    /// standard output, then `--- stderr` and the standard error.
    pub fn render(&self) -> String {
        format!(
            "status: {}\n--- stdout\n{}--- stderr\n{}",
            self.status,
            with_newline(&self.stdout),
            with_newline(&self.stderr)
        )
    }
}

/// `text` ending in a newline unless empty, so each part starts on a line
/// of its own; a missing final newline is marked.
fn with_newline(text: &str) -> String {
    if text.is_empty() || text.ends_with('\n') {
        text.to_owned()
    } else {
        format!("{text}\n[no newline at the end]\n")
    }
}

impl Run {
    /// A run with `args`, in the crate's folder, with no standard input.
    pub fn new(args: &[&str]) -> Run {
        Run {
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")),
            stdin: None,
            hidden: Vec::new(),
            env: Vec::new(),
            seconds: false,
            stdout: String::new(),
            stderr: String::new(),
            status: 0,
        }
    }

    /// One more argument.
    pub fn arg(mut self, arg: impl AsRef<str>) -> Run {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    /// Runs in `dir`, relative to the crate's folder unless absolute.
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Run {
        self.dir = self.dir.join(dir);
        self
    }

    /// `text` as the standard input (otherwise it is empty).
    pub fn stdin(mut self, text: &str) -> Run {
        self.stdin = Some(text.to_owned());
        self
    }

    /// Sets the environment variable `key` for the run. `CI` and
    /// `TF_BUILD` are unset unless set here, so that a run does not depend
    /// on where the tests run.
    pub fn env(mut self, key: &str, value: &str) -> Run {
        self.env.push((key.to_owned(), value.to_owned()));
        self
    }

    /// Writes `path` as `[TMP]` wherever the output shows it: a scratch
    /// folder whose name changes from run to run.
    pub fn tmp(mut self, path: impl AsRef<Path>) -> Run {
        self.hidden
            .push((path.as_ref().to_string_lossy().into_owned(), "[TMP]"));
        self
    }

    /// Writes a duration in seconds, ` in 0.0 s` as `sweep` prints it, as
    /// ` in [TIME]`: it depends on the machine.
    pub fn seconds(mut self) -> Run {
        self.seconds = true;
        self
    }

    /// The expected standard output, exactly.
    pub fn stdout(mut self, text: &str) -> Run {
        self.stdout = text.to_owned();
        self
    }

    /// The expected standard error, exactly.
    pub fn stderr(mut self, text: &str) -> Run {
        self.stderr = text.to_owned();
        self
    }

    /// The expected exit status.
    pub fn status(mut self, code: i32) -> Run {
        self.status = code;
        self
    }

    /// Runs the binary without colours (as `common::hatchway_in` does) and
    /// returns what it printed, unchecked.
    pub fn output(&self) -> Output {
        let mut command = Command::new(env!("CARGO_BIN_EXE_hatchway"));
        command
            .args(&self.args)
            .current_dir(&self.dir)
            .env("NO_COLOR", "1")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("COLUMNS")
            .env_remove("CI")
            .env_remove("TF_BUILD")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("the hatchway binary runs");
        let mut pipe = child.stdin.take().expect("piped stdin");
        let text = self.stdin.clone().unwrap_or_default();
        // Written from a thread: a large input must not wait on a full
        // output pipe. A binary that does not read its input is no failure.
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(text.as_bytes());
        });
        let out = child.wait_with_output().expect("the hatchway binary ends");
        let _ = writer.join();
        Output {
            stdout: self.hide(&String::from_utf8_lossy(&out.stdout)),
            stderr: self.hide(&String::from_utf8_lossy(&out.stderr)),
            status: out.status.code().unwrap_or(-1),
        }
    }

    /// `text` with each path to hide replaced by its mark.
    fn hide(&self, text: &str) -> String {
        let mut text = text.to_owned();
        for (path, mark) in &self.hidden {
            text = text.replace(path.as_str(), mark);
        }
        if self.seconds {
            text = hide_seconds(&text);
        }
        text
    }

    /// Runs the binary and checks that it printed exactly the expected
    /// standard output and standard error, and ended with the expected
    /// status.
    pub fn run(self) -> Output {
        let out = self.output();
        let expected = Output {
            stdout: self.stdout.clone(),
            stderr: self.stderr.clone(),
            status: self.status,
        };
        if out != expected {
            panic!(
                "hatchway {} printed\n{}\ninstead of\n{}",
                self.hide(&self.args.join(" ")),
                out.render(),
                expected.render()
            );
        }
        out
    }

    /// Runs the binary and checks its whole output (status, standard output
    /// and standard error, see [`Output::render`]) against the snapshot
    /// `snapshots/{name}.snap`.
    pub fn snapshot(self, name: &str) -> Output {
        let out = self.output();
        let text = out.render();
        let args = self.hide(&self.args.join(" "));
        let mut settings = super::snapshot_settings();
        settings.set_description(format!("hatchway {args}"));
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!(name.to_owned(), text));
        out
    }
}

/// `text` with each ` in N.N s` (digits, a point, digits) written ` in [TIME]`.
fn hide_seconds(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" in ") {
        let (before, after) = rest.split_at(at + 4);
        out.push_str(before);
        let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        let whole = digits(after);
        let tail = &after[whole..];
        let time = whole > 0
            && tail.starts_with('.')
            && digits(&tail[1..]) > 0
            && tail[1 + digits(&tail[1..])..].starts_with(" s");
        if time {
            let end = whole + 1 + digits(&tail[1..]) + 2;
            out.truncate(out.len() - 1);
            out.push_str(" [TIME]");
            rest = &after[end..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    out
}
