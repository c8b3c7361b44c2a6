//! Problems found in a file, and how they become miette diagnostics.
//!
//! Every stage that reads user text reports [`Problem`]s; a problem knows its
//! places as byte spans and is tied to its file only when it is reported, so
//! that the checker never needs the text itself.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use serde::Serialize;

use crate::syntax::ast::Span;

mod code;

pub use code::Code;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The file cannot be used.
    Error,
    /// The file works but something in it is probably a mistake.
    Warning,
    /// Not a problem: a note that explains another one (the rule that
    /// decided, quoted from its file).
    Advice,
}

/// A place in a file with what to say about it.
#[derive(Clone, Debug)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What is wrong there.
    pub text: String,
}

/// One thing wrong with a file.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Its stable code, written `hatchway::NAME` (see [`Code`]).
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// One line, in the game's words.
    pub message: String,
    /// Places in the file; the first is the main one.
    pub labels: Vec<Label>,
    /// How to fix it, where that is clear.
    pub help: Option<String>,
}

impl Problem {
    /// An error with a message and no place yet.
    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Problem {
            code,
            severity: Severity::Error,
            message: message.into(),
            labels: Vec::new(),
            help: None,
        }
    }

    /// A warning with a message and no place yet.
    pub fn warning(code: Code, message: impl Into<String>) -> Self {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(code, message)
        }
    }

    /// A note with a message and no place yet.
    pub fn note(code: Code, message: impl Into<String>) -> Self {
        Problem {
            severity: Severity::Advice,
            ..Problem::error(code, message)
        }
    }

    /// Adds a place; places with no text behind them (boards read from YAML)
    /// are dropped.
    pub fn label(mut self, span: Span, text: impl Into<String>) -> Self {
        if span.is_known() {
            self.labels.push(Label {
                span,
                text: text.into(),
            });
        }
        self
    }

    /// Adds a help line.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Whether this problem stops the file from being used.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A file as read, named as it should appear in messages.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name shown in diagnostics (a path or a built-in name).
    pub name: String,
    /// The text (invalid UTF-8 replaced, so that spans still show).
    pub text: String,
}

/// A problem tied to the file it was found in: a complete miette diagnostic.
#[derive(Clone, Debug)]
pub struct Report {
    source: Arc<SourceFile>,
    named: Arc<NamedSource<String>>,
    /// Where the shown text has a picture for a control character (three
    /// bytes in place of one), as byte offsets in the file's text.
    pictures: Arc<Vec<usize>>,
    problem: Problem,
    /// Notes in other files that explain this problem, shown under it.
    related: Vec<Report>,
}

/// The text as shown under a diagnostic: control characters (other than tab
/// and line breaks) become their pictures (`␀` for NUL), so that a binary
/// file cannot garble the terminal.
fn shown_text(text: &str) -> (String, Vec<usize>) {
    let mut pictures = Vec::new();
    if !text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
    {
        return (text.to_string(), pictures);
    }
    let mut shown = String::with_capacity(text.len() + 16);
    for (i, c) in text.char_indices() {
        let picture = match u32::from(c) {
            n @ 0..=0x1f if !matches!(c, '\t' | '\n' | '\r') => char::from_u32(0x2400 + n),
            0x7f => Some('\u{2421}'),
            _ => None,
        };
        match picture {
            Some(p) => {
                pictures.push(i);
                shown.push(p);
            }
            None => shown.push(c),
        }
    }
    (shown, pictures)
}

impl Report {
    /// Ties a problem to its file.
    pub fn new(source: Arc<SourceFile>, problem: Problem) -> Self {
        let (shown, pictures) = shown_text(&source.text);
        Report {
            named: Arc::new(NamedSource::new(source.name.clone(), shown)),
            pictures: Arc::new(pictures),
            source,
            problem,
            related: Vec::new(),
        }
    }

    /// Adds a note from another file (or the same) shown under this one.
    pub fn with_related(mut self, note: Report) -> Self {
        self.related.push(note);
        self
    }

    /// Ties problems to their file, sharing one copy of its text.
    pub fn all(source: Arc<SourceFile>, problems: Vec<Problem>) -> Vec<Report> {
        let (shown, pictures) = shown_text(&source.text);
        let named = Arc::new(NamedSource::new(source.name.clone(), shown));
        let pictures = Arc::new(pictures);
        problems
            .into_iter()
            .map(|problem| Report {
                source: Arc::clone(&source),
                named: Arc::clone(&named),
                pictures: Arc::clone(&pictures),
                problem,
                related: Vec::new(),
            })
            .collect()
    }

    /// A byte offset of the file's text as an offset of the shown text.
    fn shown_offset(&self, offset: usize) -> usize {
        // Each picture is three bytes where the file has one.
        offset + 2 * self.pictures.partition_point(|&p| p < offset)
    }

    /// The problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The file it was found in.
    pub fn file(&self) -> &SourceFile {
        &self.source
    }

    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.problem.is_error()
    }

    /// Line and column (1-based, columns in characters) of the main place.
    pub fn line_column(&self) -> Option<(usize, usize)> {
        let span = self.problem.labels.first()?.span;
        let text = &self.source.text;
        let start = floor_char_boundary(text, span.start.min(text.len()));
        let before = &text[..start];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Some((line, column))
    }

    /// The diagnostic as plain text (no colour) of a fixed width: what tests
    /// pin and what is printed when standard error is not a terminal.
    pub fn render_plain(&self, width: usize) -> String {
        render(self, false, width)
    }

    /// The diagnostic for a terminal, in colour when `color` is set.
    pub fn render(&self, color: bool, width: usize) -> String {
        render(self, color, width)
    }
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn render(report: &dyn Diagnostic, color: bool, width: usize) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_links(false)
        // Names such as `red-november` are never split at their hyphens.
        .with_word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut out = String::new();
    if handler.render_report(&mut out, report).is_err() {
        out = format!("{report}\n");
    }
    out
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problem.message)
    }
}

impl std::error::Error for Report {}

impl Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.problem.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.problem.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Advice => miette::Severity::Advice,
        })
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.related.is_empty() {
            None
        } else {
            Some(Box::new(
                self.related.iter().map(|r| r as &'a dyn Diagnostic),
            ))
        }
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.problem
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        if self.problem.labels.is_empty() {
            None
        } else {
            Some(&*self.named)
        }
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.problem.labels.is_empty() {
            return None;
        }
        let len = self.source.text.len();
        Some(Box::new(self.problem.labels.iter().enumerate().map(
            move |(i, label)| {
                let start = label.span.start.min(len);
                let end = label.span.end.clamp(start, len);
                let (start, end) = (self.shown_offset(start), self.shown_offset(end));
                let span = (start, end - start);
                if i == 0 {
                    LabeledSpan::new_primary_with_span(Some(label.text.clone()), span)
                } else {
                    LabeledSpan::new_with_span(Some(label.text.clone()), span)
                }
            },
        )))
    }
}

/// A problem that has no file: a missing file, a wrong command-line value.
#[derive(Clone, Debug, thiserror::Error, Diagnostic)]
#[error("{message}")]
pub struct Plain {
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    #[help]
    pub help: Option<String>,
}

impl Plain {
    /// The diagnostic as text, coloured or not.
    pub fn render(&self, color: bool, width: usize) -> String {
        render(self, color, width)
    }
}
