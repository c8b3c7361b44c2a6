//! Problems found in a file, and how they become miette diagnostics.
//!
//! Every stage that reads user text reports [`Problem`]s; a problem knows its
//! places as byte spans and is tied to its file only when it is reported, so
//! that the checker never needs the text itself.

use std::fmt;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};
use serde::Serialize;

mod code;

pub use code::Code;

/// A byte range in a source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end` (bytes).
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// Whether this span points at real text; boards read from YAML or JSON
    /// carry empty spans.
    pub fn is_known(self) -> bool {
        self.end > self.start
    }
}

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
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
    /// The change to the text that fixes it, where the help names one (a
    /// name it means, a rule to add): what an editor offers as a quick fix.
    /// Boxed: most problems have none, and a problem is returned by value.
    pub fix: Option<Box<Fix>>,
}

/// A change to the text that fixes a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fix {
    /// Write `with` in place of the text at `span` (or, when the span is
    /// not known, at the problem's first label): the known name a misspelt
    /// one most likely means.
    Replace {
        /// The misspelt name.
        span: Span,
        /// The name it most likely means.
        with: String,
    },
    /// Add `line` as a line of its own after the line that holds the end
    /// of `after`: a rule or a `start` the help suggests adding. An editor
    /// may place it better (among the rules of its kind).
    AddLine {
        /// The statement the new line follows.
        after: Span,
        /// The line, without its line break. A rule's effect may hold
        /// blanks for the author to fill, as the help writes them: the
        /// word `N` for a number of minutes and `STATE` for a hatch state.
        line: String,
    },
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
            fix: None,
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

    /// Adds the change that fixes it.
    pub fn fix(mut self, fix: Fix) -> Self {
        self.fix = Some(Box::new(fix));
        self
    }

    /// Offers `with` in place of the misspelt name at `span`, when a known
    /// name is close enough (by `spelling::closest`). A name
    /// read from YAML or JSON has no span: the fix then stands at the
    /// problem's first label, which the document's places move onto it.
    pub fn respell(self, span: Span, with: Option<&str>) -> Self {
        match with {
            Some(with) => self.fix(Fix::Replace {
                span,
                with: with.to_string(),
            }),
            None => self,
        }
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
    shown: Arc<Shown>,
    /// Each label's place in the shown text, cut short on a long line.
    spans: Vec<(usize, usize)>,
    /// What is shown of the lines around each label that is on a long line.
    windows: Vec<Window>,
    problem: Problem,
    /// Notes in other files that explain this problem, shown under it.
    related: Vec<Report>,
}

/// The text as shown under a diagnostic, with the name of its file.
#[derive(Debug)]
struct Shown {
    name: String,
    text: String,
    /// Where the shown text has a picture for a control character (three
    /// bytes in place of one), as byte offsets in the file's text.
    pictures: Vec<usize>,
}

/// A line wider than this many columns is never shown whole: a diagnostic
/// shows a window of it around its label instead (a board written on one
/// line of 100 KB must not print 100 KB, nor make miette pad its underline
/// past what `format!` can pad).
const LONG_LINE: usize = 150;
/// How many columns of a long line a window shows before its label.
const WINDOW_BEFORE: usize = 30;
/// How many columns of a long line a window shows from its label on.
const WINDOW_FROM: usize = 40;
/// How many columns of a long line one label underlines at most.
const LABEL_MOST: usize = 30;
/// How many lines one label spans at most: a label over a whole file of
/// short lines shows its first few.
const LABEL_LINES: usize = 12;
/// The mark for text left out.
const ELLIPSIS: &str = "…";

/// How many columns miette takes to show `c`: a tab is four, a wide
/// character two.
fn char_columns(c: char) -> usize {
    if c == '\t' {
        4
    } else {
        textwrap::core::display_width(c.encode_utf8(&mut [0; 4]))
    }
}

/// How many columns miette takes to show `text` (one line).
fn columns(text: &str) -> usize {
    text.chars().map(char_columns).sum()
}

/// The byte offset in `text` after the characters that fill `most`
/// columns; the end of `text` if it is narrower.
fn columns_forward(text: &str, most: usize) -> usize {
    let mut used = 0;
    for (i, c) in text.char_indices() {
        used += char_columns(c);
        if used > most {
            return i;
        }
    }
    text.len()
}

/// What is shown of a long line around one label: the characters near it,
/// with an ellipsis where the line goes on.
#[derive(Clone, Debug)]
struct Window {
    /// The label's start in the shown text: the window serves the reads
    /// miette makes from there.
    at: usize,
    /// The window's text, ellipses included.
    text: String,
    /// Where `text` would start in the shown text: ellipses count as the
    /// bytes they stand in front of, so that the label's offsets fall on
    /// the same characters in the window as in the whole line.
    offset: usize,
    /// The line (0-based).
    line: usize,
    /// The label's column (0-based, in characters).
    column: usize,
}

impl Window {
    /// The window of the line of `text` that holds `at`.
    fn around(text: &str, at: usize) -> Window {
        let at = floor_char_boundary(text, at.min(text.len()));
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[at..].find(['\n', '\r']).map_or(text.len(), |i| at + i);
        let mut from = at;
        let mut used = 0;
        for (i, c) in text[line_start..at].char_indices().rev() {
            used += char_columns(c);
            if used > WINDOW_BEFORE {
                break;
            }
            from = line_start + i;
        }
        // An ellipsis stands in front of at least its own length of text.
        if from - line_start < ELLIPSIS.len() {
            from = line_start;
        }
        let to = at + columns_forward(&text[at..line_end], WINDOW_FROM);
        let mut shown = String::with_capacity(to - from + 2 * ELLIPSIS.len());
        let mut offset = from;
        if from > line_start {
            shown.push_str(ELLIPSIS);
            offset -= ELLIPSIS.len();
        }
        shown.push_str(&text[from..to]);
        if to < line_end {
            shown.push_str(ELLIPSIS);
        }
        Window {
            at,
            text: shown,
            offset,
            line: text[..line_start].matches('\n').count(),
            column: text[line_start..at].chars().count(),
        }
    }
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
        let (text, pictures) = shown_text(&source.text);
        let shown = Arc::new(Shown {
            name: source.name.clone(),
            text,
            pictures,
        });
        Report::on(source, shown, problem)
    }

    /// Adds a note from another file (or the same) shown under this one.
    pub fn with_related(mut self, note: Report) -> Self {
        self.related.push(note);
        self
    }

    /// Ties problems to their file, sharing one copy of its text.
    pub fn all(source: Arc<SourceFile>, problems: Vec<Problem>) -> Vec<Report> {
        if problems.is_empty() {
            // The shown text is a copy of the whole file: not made for
            // nothing.
            return Vec::new();
        }
        let (text, pictures) = shown_text(&source.text);
        let shown = Arc::new(Shown {
            name: source.name.clone(),
            text,
            pictures,
        });
        problems
            .into_iter()
            .map(|problem| Report::on(Arc::clone(&source), Arc::clone(&shown), problem))
            .collect()
    }

    /// The report of `problem` on the shown text: its labels' places in that
    /// text, and windows for those on long lines.
    fn on(source: Arc<SourceFile>, shown: Arc<Shown>, problem: Problem) -> Self {
        let len = source.text.len();
        let shown_offset =
            |offset: usize| offset + 2 * shown.pictures.partition_point(|&p| p < offset);
        let mut spans = Vec::with_capacity(problem.labels.len());
        let mut windows = Vec::new();
        for label in &problem.labels {
            let start = label.span.start.min(len);
            let end = label.span.end.clamp(start, len);
            let (start, mut end) = (shown_offset(start), shown_offset(end));
            let window = Window::around(&shown.text, start);
            let start = window.at;
            let line_start = shown.text[..start].rfind('\n').map_or(0, |i| i + 1);
            let line_end = shown.text[start..]
                .find(['\n', '\r'])
                .map_or(shown.text.len(), |i| start + i);
            if columns(&shown.text[line_start..line_end]) > LONG_LINE {
                // A label on a long line underlines a few words at most.
                end = (start + columns_forward(&shown.text[start..line_end], LABEL_MOST))
                    .min(end.max(start));
            }
            let end = floor_char_boundary(&shown.text, end.max(start));
            let end = shown.text[start..end]
                .match_indices('\n')
                .nth(LABEL_LINES - 1)
                .map_or(end, |(i, _)| start + i);
            spans.push((start, end));
            windows.push(window);
        }
        Report {
            source,
            shown,
            spans,
            windows,
            problem,
            related: Vec::new(),
        }
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

/// The largest character boundary of `text` at or before `at` (its end
/// when `at` is past it): where a window of a line, a span from another
/// text or a cut may safely start or end. The one such helper.
pub(crate) fn floor_char_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
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
    let shortened = Shortened::of(report);
    let mut out = String::new();
    if handler.render_report(&mut out, &shortened).is_err() {
        out = format!("{shortened}\n");
    }
    out
}

/// The longest word (in characters) a message shows whole: a message that
/// quotes a 100,000-character name shows its start and end.
const LONG_WORD: usize = 60;
/// The longest message, label or help (in characters) shown whole.
const LONG_TEXT: usize = 600;

/// `text` with each word longer than [`LONG_WORD`] cut to its start and end
/// around an ellipsis, and cut after [`LONG_TEXT`] characters.
fn shorten(text: &str) -> String {
    fn push_word(out: &mut String, word: &str) {
        let count = word.chars().count();
        if count > LONG_WORD {
            out.extend(word.chars().take(LONG_WORD - 20));
            out.push_str(ELLIPSIS);
            out.extend(word.chars().skip(count - 15));
        } else {
            out.push_str(word);
        }
    }
    let mut out = String::with_capacity(text.len().min(4 * LONG_TEXT));
    let mut word_start = 0;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            push_word(&mut out, &text[word_start..i]);
            out.push(c);
            word_start = i + c.len_utf8();
        }
        if out.len() > 4 * LONG_TEXT {
            break;
        }
    }
    if word_start <= text.len() && out.len() <= 4 * LONG_TEXT {
        push_word(&mut out, &text[word_start..]);
    }
    if out.chars().count() > LONG_TEXT {
        out = out.chars().take(LONG_TEXT).collect();
        out.push_str(ELLIPSIS);
    }
    out
}

/// A diagnostic as shown: its message, help and labels shortened (see
/// [`shorten`]), everything else as it is.
#[derive(Debug)]
struct Shortened<'a> {
    inner: &'a dyn Diagnostic,
    message: String,
    help: Option<String>,
}

impl<'a> Shortened<'a> {
    fn of(inner: &'a dyn Diagnostic) -> Self {
        Shortened {
            inner,
            message: shorten(&inner.to_string()),
            help: inner.help().map(|h| shorten(&h.to_string())),
        }
    }
}

impl fmt::Display for Shortened<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Shortened<'_> {}

impl Diagnostic for Shortened<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.code()
    }

    fn severity(&self) -> Option<miette::Severity> {
        self.inner.severity()
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.inner.source_code()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let labels = self.inner.labels()?;
        Some(Box::new(labels.map(|l| {
            let text = l.label().map(shorten);
            if l.primary() {
                LabeledSpan::new_primary_with_span(text, *l.inner())
            } else {
                LabeledSpan::new_with_span(text, *l.inner())
            }
        })))
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn Diagnostic> + 'b>> {
        self.inner.related()
    }
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
            Some(self)
        }
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.problem.labels.is_empty() {
            return None;
        }
        Some(Box::new(
            self.problem.labels.iter().zip(&self.spans).enumerate().map(
                |(i, (label, &(start, end)))| {
                    let span = (start, end - start);
                    if i == 0 {
                        LabeledSpan::new_primary_with_span(Some(label.text.clone()), span)
                    } else {
                        LabeledSpan::new_with_span(Some(label.text.clone()), span)
                    }
                },
            ),
        ))
    }
}

/// The shown text as miette reads it: lines as they are, unless the lines
/// read hold a long one, which is then replaced by the window around the
/// label read from.
impl SourceCode for Report {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let whole = self
            .shown
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        let long = whole
            .data()
            .split(|&b| b == b'\n')
            // Only a tab takes more columns than bytes.
            .any(|line| {
                (line.len() > LONG_LINE || line.contains(&b'\t'))
                    && columns(&String::from_utf8_lossy(line)) > LONG_LINE
            });
        let name = self.shown.name.clone();
        if !long {
            // miette merges the snippets of two labels when the first's
            // lines reach the second's; its own count for text is of every
            // line from the top of the file, which merges labels thousands
            // of lines apart into one snippet of thousands of lines. The
            // count here is of the lines read.
            let lines = whole.data().iter().filter(|&&b| b == b'\n').count();
            return Ok(Box::new(MietteSpanContents::new_named(
                name,
                whole.data(),
                *whole.span(),
                whole.line(),
                whole.column(),
                lines,
            )));
        }
        let window = self
            .windows
            .iter()
            .find(|w| w.at == span.offset())
            .ok_or(MietteError::OutOfBounds)?;
        // Read from the label itself (the place in the heading), the column
        // is the label's; read with the lines around it, the window starts
        // a line.
        let column = if context_lines_before == 0 {
            window.column
        } else {
            0
        };
        Ok(Box::new(MietteSpanContents::new_named(
            name,
            window.text.as_bytes(),
            (window.offset, window.text.len()).into(),
            window.line,
            column,
            0,
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
