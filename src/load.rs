//! Files to compiled models: reading (with the size limit), choosing the
//! reader by the file's kind, finding a board's rules, and gathering every
//! problem as a [`Report`] tied to its file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::builtin;
use crate::check::{self, RulesSource};
use crate::diagnostic::{Code, Problem, Report, SourceFile};
use crate::interchange;
pub use crate::interchange::Format;
use crate::model::{Board, Rules, limits};
use crate::syntax::{self, ast};

pub(crate) mod layouts;
mod named;
mod rebind;

pub(crate) use layouts::Layouts;
pub use named::{Named, NamedRules, NotRules, RulesReference, board_input, rules_named};
pub use rebind::{Incompatible, rebind};

/// Problems that stop a file from being used, with any warnings.
#[derive(Debug, Default)]
pub struct Failure {
    /// Every report, errors and warnings, in the order found.
    pub reports: Vec<Report>,
}

impl std::fmt::Display for Failure {
    /// The first error as `file:line:column: message`, and how many more
    /// problems there are; [`Report::render`] shows each in full.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let first = self
            .reports
            .iter()
            .find(|r| r.is_error())
            .or(self.reports.first());
        let Some(report) = first else {
            return write!(f, "the file cannot be used");
        };
        write!(f, "{}", report.file().name)?;
        if let Some((line, column)) = report.line_column() {
            write!(f, ":{line}:{column}")?;
        }
        write!(f, ": {}", report.problem().message)?;
        match self.reports.len() - 1 {
            0 => Ok(()),
            1 => write!(f, " (and 1 more problem)"),
            n => write!(f, " (and {n} more problems)"),
        }
    }
}

impl std::error::Error for Failure {}

impl Failure {
    fn single(source: SourceFile, problem: Problem) -> Failure {
        Failure {
            reports: vec![Report::new(Arc::new(source), problem)],
        }
    }
}

/// A compiled value with the warnings found on the way.
#[derive(Debug)]
pub struct Loaded<T> {
    /// The compiled value.
    pub value: T,
    /// Warnings (never errors).
    pub warnings: Vec<Report>,
}

/// What a file turned out to hold.
#[derive(Debug)]
pub enum Compiled {
    /// A rules file.
    Rules(Arc<Rules>),
    /// A board (with its rules).
    Board(Board),
}

/// Text read from a file or taken from the binary, with its display name and
/// the folder that relative rules paths start from.
#[derive(Clone, Debug)]
pub struct Input {
    /// Shown in diagnostics.
    pub name: String,
    /// The text.
    pub text: String,
    /// The folder of the file, for `rules "relative.rules"`.
    pub dir: Option<PathBuf>,
    /// How to read it.
    pub kind: InputKind,
}

/// The reader a file needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// The hatchway language.
    Language,
    /// A board in the interchange shape.
    Document(Format),
}

impl InputKind {
    /// The reader for a path, by its extension.
    pub fn of(path: &Path) -> InputKind {
        match path.extension().and_then(|e| e.to_str()) {
            Some("yaml" | "yml") => InputKind::Document(Format::Yaml),
            Some("json") => InputKind::Document(Format::Json),
            _ => InputKind::Language,
        }
    }
}

/// Reads a file, refusing ones too large and reporting invalid UTF-8 at the
/// first bad byte. Reading stops after the size limit, so that a device such
/// as `/dev/zero` is refused instead of read forever.
pub fn read(path: &Path) -> Result<Input, Failure> {
    let name = path.display().to_string();
    let plain = |problem: Problem| {
        Failure::single(
            SourceFile {
                name: name.clone(),
                text: String::new(),
            },
            problem,
        )
    };
    let bytes = read_bytes(path).map_err(|e| plain(e.problem(&name)))?;
    let dir = path.parent().map(Path::to_path_buf);
    input_from_bytes(name, bytes, dir, InputKind::of(path))
}

/// A warning for a rules file that takes the name of built-in rules and
/// differs from them: a board naming them gets the built-in rules, not
/// this file, and outputs cannot tell the two apart. A copy as `hatchway
/// rules NAME` prints it (with [`builtin::COPY_HEADER`] first) is the
/// built-in text; line ends and trailing spaces do not count.
fn builtin_name_taken(name: &ast::Name, text: &str) -> Option<Problem> {
    let builtin = builtin::rules_text(&name.text)?;
    let mut own = text.lines().map(str::trim_end).peekable();
    if own.peek() == Some(&builtin::COPY_HEADER.trim_end()) {
        own.next();
    }
    if own.eq(builtin.lines().map(str::trim_end)) {
        return None;
    }
    let line = text
        .get(..name.span.start)
        .map_or(1, |before| before.matches('\n').count() + 1);
    Some(
        Problem::warning(
            Code::RulesNameTaken,
            format!(
                "these rules take the name of the built-in rules `{}` and differ from them",
                name.text
            ),
        )
        .label(name.span, "the name of built-in rules")
        .help(format!(
            "a board that says `rules {0}` is played by the built-in rules `{0}`, not by this file, and outputs cannot tell the two apart: give these rules a name of your own on line {line}, such as `rules my-{0}`",
            name.text
        )),
    )
}

/// Reads the rules file `--rules` names when the name is no built-in one:
/// as [`read`], but a file that cannot be read is rules unknown by that
/// name (`hatchway::unknown_rules`), shown on the name as written.
pub fn read_rules_named(text: &str) -> Result<Input, Failure> {
    let path = Path::new(text);
    let bytes = read_bytes(path).map_err(|e| {
        let reason = match &e {
            ReadError::Io(e) => io_reason(e),
            ReadError::Folder => "it is a folder".to_string(),
            ReadError::TooLarge(_) => return e.problem(text),
        };
        Problem::error(
            Code::UnknownRules,
            format!("unknown rules `{text}`: {reason}"),
        )
        .label(
            ast::Span::new(0, text.len()),
            "neither built-in rules nor a readable file",
        )
        .help(format!(
            "{}`--rules` takes a rules file or a built-in name: {}",
            crate::spelling::did_you_mean(text, builtin::RULES.iter().map(|r| r.name)),
            builtin::rules_names()
        ))
    });
    let bytes = bytes.map_err(|problem| {
        Failure::single(
            SourceFile {
                name: "--rules".to_string(),
                text: text.to_string(),
            },
            problem,
        )
    })?;
    let dir = path.parent().map(Path::to_path_buf);
    input_from_bytes(text.to_string(), bytes, dir, InputKind::of(path))
}

/// Why a file could not be read.
enum ReadError {
    Io(std::io::Error),
    Folder,
    /// The size, when the file system knows it.
    TooLarge(Option<u64>),
}

impl ReadError {
    fn problem(&self, name: &str) -> Problem {
        match self {
            ReadError::Io(e) => Problem::error(
                Code::Unreadable,
                format!("cannot read `{name}`: {}", io_reason(e)),
            )
            .help("check the path and that the file can be read"),
            ReadError::Folder => Problem::error(
                Code::Unreadable,
                format!("`{name}` is a folder, not a file"),
            )
            .help("name a board or rules file"),
            ReadError::TooLarge(size) => Problem::error(
                Code::TooLarge,
                match size {
                    Some(size) => format!("`{name}` is too large ({size} bytes)"),
                    None => format!("`{name}` is too large"),
                },
            )
            .help(format!(
                "files are read up to {} bytes (1 MiB)",
                limits::FILE_SIZE
            )),
        }
    }
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, ReadError> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if meta.is_dir() {
        return Err(ReadError::Folder);
    }
    if meta.len() > limits::FILE_SIZE as u64 {
        return Err(ReadError::TooLarge(Some(meta.len())));
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    file.take(limits::FILE_SIZE as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() > limits::FILE_SIZE {
        return Err(ReadError::TooLarge(None));
    }
    Ok(bytes)
}

/// Turns bytes into an input, reporting invalid UTF-8 or an oversize text.
pub(crate) fn input_from_bytes(
    name: String,
    bytes: Vec<u8>,
    dir: Option<PathBuf>,
    kind: InputKind,
) -> Result<Input, Failure> {
    if bytes.len() > limits::FILE_SIZE {
        return Err(Failure::single(
            SourceFile {
                name,
                text: String::new(),
            },
            Problem::error(Code::TooLarge, "the input is too large").help(format!(
                "inputs are read up to {} bytes (1 MiB)",
                limits::FILE_SIZE
            )),
        ));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Input {
            name,
            text,
            dir,
            kind,
        }),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            // The lossy text has one replacement character where the bad
            // bytes were; point at it.
            let start = crate::diagnostic::floor_char_boundary(&text, at);
            let end = text[start..]
                .chars()
                .next()
                .map_or(start, |c| start + c.len_utf8());
            Err(Failure::single(
                SourceFile { name, text },
                Problem::error(Code::InvalidUtf8, "the file is not valid UTF-8 text")
                    .label(
                        ast::Span::new(start, end.max(start + 1)),
                        "invalid byte here",
                    )
                    .help("save the file as UTF-8"),
            ))
        }
    }
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string().to_lowercase(),
    }
}

/// The input of the standard board built into the binary.
pub fn standard_board() -> Input {
    Input {
        name: builtin::STANDARD_BOARD.0.to_string(),
        text: builtin::STANDARD_BOARD.1.to_string(),
        dir: None,
        kind: InputKind::Language,
    }
}

fn builtin_rules_cache() -> &'static HashMap<&'static str, Result<Arc<Rules>, String>> {
    static CACHE: OnceLock<HashMap<&'static str, Result<Arc<Rules>, String>>> = OnceLock::new();
    CACHE.get_or_init(|| {
        builtin::RULES
            .iter()
            .map(|r| {
                let (name, text) = (r.name, r.text);
                let compiled = compile_rules_text(&format!("{name}.rules"), text)
                    .map(|l| l.value)
                    .map_err(|f| {
                        f.reports
                            .iter()
                            .map(|r| r.problem().message.clone())
                            .collect::<Vec<_>>()
                            .join("; ")
                    });
                (name, compiled)
            })
            .collect()
    })
}

/// A built-in rules file, compiled once: `red-november`,
/// `red-november-rulebook` and the others `hatchway rules` lists.
///
/// ```
/// let rules = hatchway::load::builtin_rules("red-november").ok_or("not built in")?;
/// assert_eq!(rules.room_states[0], "clear");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn builtin_rules(name: &str) -> Option<Arc<Rules>> {
    builtin_rules_cache()
        .get(name)
        .and_then(|r| r.as_ref().ok().cloned())
}

/// At most this many problems are reported for one file; a last one counts
/// the rest.
const MAX_PROBLEMS: usize = 100;

/// What a caller needs a file to hold.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Rules or a board (by the file's first word); a `.board` file must
    /// hold a board and a `.rules` file rules.
    Either,
    /// Rules only: a board's rules file.
    Rules,
    /// A board only.
    Board,
}

impl Expect {
    /// What a file of this name must hold.
    fn of_name(name: &str, expect: Expect) -> Expect {
        match (expect, Path::new(name).extension().and_then(|e| e.to_str())) {
            (Expect::Either, Some("board")) => Expect::Board,
            (Expect::Either, Some("rules")) => Expect::Rules,
            (e, _) => e,
        }
    }
}

fn wrong_kind(expected_board: bool, span: ast::Span) -> Problem {
    if expected_board {
        Problem::error(
            Code::WrongKind,
            "expected a board, found a rules file",
        )
        .label(span, "this is a rules file")
        .help("a board file starts with `board NAME` and names its rules with `rules NAME`; rules files end in `.rules`")
    } else {
        Problem::error(Code::WrongKind, "expected a rules file, found a board")
            .label(span, "this is a board")
            .help("a rules file starts with `rules NAME`; board files end in `.board`")
    }
}

fn compile_rules_text(name: &str, text: &str) -> Result<Loaded<Arc<Rules>>, Failure> {
    compile_language(name, text, None, Expect::Rules, None).map(|l| Loaded {
        value: match l.value {
            Compiled::Rules(r) => r,
            // `Expect::Rules` never compiles a board.
            Compiled::Board(b) => Arc::clone(&b.rules),
        },
        warnings: l.warnings,
    })
}

/// Reads and compiles a file in the hatchway language.
fn compile_language(
    name: &str,
    text: &str,
    dir: Option<&Path>,
    expect: Expect,
    given: Option<&Arc<Rules>>,
) -> Result<Loaded<Compiled>, Failure> {
    let source = Arc::new(SourceFile {
        name: name.to_string(),
        text: text.to_string(),
    });
    let file = match syntax::parse_all(text) {
        Ok(file) => file,
        Err(problems) => return finish(source, problems, None),
    };
    match (file, Expect::of_name(name, expect)) {
        (ast::File::Rules(r), Expect::Board) => {
            finish(source, vec![wrong_kind(true, r.name.span)], None)
        }
        (ast::File::Board(b), Expect::Rules) => {
            finish(source, vec![wrong_kind(false, b.name.span)], None)
        }
        (ast::File::Rules(r), _) => {
            let mut checked = check::rules(&r);
            checked.problems.extend(builtin_name_taken(&r.name, text));
            let value = checked.value.map(|mut r| {
                r.wording.source = Some(Arc::clone(&source));
                Compiled::Rules(Arc::new(r))
            });
            finish(source, checked.problems, value)
        }
        (ast::File::Board(b), _) => check_board(source, &b, dir, None, given),
    }
}

/// Checks a board with the rules it names; problems in those rules are
/// reported on their own file, before the board's.
fn check_board(
    source: Arc<SourceFile>,
    board: &ast::BoardFile,
    dir: Option<&Path>,
    places: Option<&interchange::Places>,
    given: Option<&Arc<Rules>>,
) -> Result<Loaded<Compiled>, Failure> {
    let mut finder = Finder {
        dir,
        foreign: Vec::new(),
        given: given.cloned(),
    };
    let mut checked = check::board(board, &mut finder);
    if let Some(places) = places {
        // The stand-in places of a document follow its order: order the
        // problems first, so that the places looked up (there is a limit)
        // are those of the first problems.
        order(&mut checked.problems);
        let first = board.rooms.first().map_or("1", |r| r.id.text.as_str());
        for p in &mut checked.problems {
            places.locate(p);
            // Help lines quote the hatchway language; a document spells
            // the start differently.
            if p.code == Code::MissingStart {
                p.help = Some(match places.format() {
                    interchange::Format::Yaml => {
                        format!("add the start room, such as `start: {first}`")
                    }
                    interchange::Format::Json if first.bytes().all(|b| b.is_ascii_digit()) => {
                        format!("add the start room, such as `\"start\": {first}`")
                    }
                    interchange::Format::Json => {
                        format!("add the start room, such as `\"start\": \"{first}\"`")
                    }
                });
            }
        }
    }
    let mut reports = std::mem::take(&mut finder.foreign);
    let value = checked.value.map(Compiled::Board);
    let result = if places.is_some() {
        build(source, checked.problems, value)
    } else {
        finish(source, checked.problems, value)
    };
    match result {
        Ok(mut l) => {
            reports.append(&mut l.warnings);
            Ok(Loaded {
                value: l.value,
                warnings: reports,
            })
        }
        Err(mut f) => {
            reports.append(&mut f.reports);
            Err(Failure { reports })
        }
    }
}

/// The compiled board when it has no problem at all, not even a warning,
/// and neither have its rules.
fn sound_board(
    board: &ast::BoardFile,
    dir: Option<&Path>,
    given: Option<&Arc<Rules>>,
) -> Option<Board> {
    let mut finder = Finder {
        dir,
        foreign: Vec::new(),
        given: given.cloned(),
    };
    let checked = check::board(board, &mut finder);
    if checked.problems.is_empty() && finder.foreign.is_empty() {
        checked.value
    } else {
        None
    }
}

fn finish<T>(
    source: Arc<SourceFile>,
    mut problems: Vec<Problem>,
    value: Option<T>,
) -> Result<Loaded<T>, Failure> {
    order(&mut problems);
    build(source, problems, value)
}

/// Puts problems in file order (those without a place first, then by where
/// their main label starts; the sort is stable, so ties keep the order they
/// were found in) and keeps the first [`MAX_PROBLEMS`].
fn order(problems: &mut Vec<Problem>) {
    problems.sort_by_key(|p| p.labels.first().map(|l| l.span.start));
    if problems.len() > MAX_PROBLEMS {
        let rest = problems.split_off(MAX_PROBLEMS);
        let errors = rest.iter().filter(|p| p.is_error()).count();
        let message = format!(
            "{} ({}) {} not shown",
            crate::render::count(rest.len() as u64, "more problem"),
            crate::render::count(errors as u64, "error"),
            if rest.len() == 1 { "is" } else { "are" }
        );
        let note = if errors > 0 {
            Problem::error(Code::TooManyProblems, message)
        } else {
            Problem::warning(Code::TooManyProblems, message)
        };
        problems.push(note.help("fix the problems above and check the file again"));
    }
}

/// The compiled value, or the failure, with every problem as a report.
fn build<T>(
    source: Arc<SourceFile>,
    problems: Vec<Problem>,
    value: Option<T>,
) -> Result<Loaded<T>, Failure> {
    let reports = Report::all(source, problems);
    match value {
        Some(value) if !reports.iter().any(Report::is_error) => Ok(Loaded {
            value,
            warnings: reports,
        }),
        _ => Err(Failure { reports }),
    }
}

/// Finds a board's rules: built-in names, or files relative to the board.
/// Problems in a rules file are kept as reports on that file.
struct Finder<'a> {
    dir: Option<&'a Path>,
    foreign: Vec<Report>,
    /// The rules the command line plays every board by (`--rules`),
    /// whatever the board's `rules` line says.
    given: Option<Arc<Rules>>,
}

impl Finder<'_> {
    fn builtin(name: &ast::Name) -> Result<Arc<Rules>, Vec<Problem>> {
        builtin_rules(&name.text).ok_or_else(|| {
            vec![
                Problem::error(
                    Code::UnknownRules,
                    format!("unknown rules `{}`", name.text),
                )
                .label(name.span, "not a built-in rules name")
                .help(format!(
                    "{}the built-in rules are {}; for a rules file, write its path in quotes: `rules \"my.rules\"`",
                    crate::spelling::did_you_mean(
                        &name.text,
                        builtin::RULES.iter().map(|r| r.name)
                    ),
                    builtin::rules_names()
                ))
                .respell(
                    name.span,
                    crate::spelling::closest(&name.text, builtin::RULES.iter().map(|r| r.name)),
                ),
            ]
        })
    }

    fn file(&mut self, path: &ast::Name) -> Result<Arc<Rules>, Vec<Problem>> {
        let full = match self.dir {
            Some(d) => d.join(&path.text),
            None => PathBuf::from(&path.text),
        };
        let shown = full.display().to_string();
        let where_help = || match self.dir {
            Some(d) if !d.as_os_str().is_empty() => format!(
                "the path is relative to the board's folder `{}`; the built-in rules are {}",
                d.display(),
                builtin::rules_names()
            ),
            _ => format!(
                "the path is relative to the board's folder; the built-in rules are {}",
                builtin::rules_names()
            ),
        };
        if InputKind::of(&full) != InputKind::Language {
            return Err(vec![
                Problem::error(
                    Code::WrongKind,
                    format!("the rules `{}` are not in the hatchway language", path.text),
                )
                .label(path.span, "a YAML or JSON file")
                .help("rules files are written in the hatchway language; name a `.rules` file"),
            ]);
        }
        // Rules a board names but that cannot be read are unknown by that
        // name, as INTERCHANGE.md's table of codes says; `unreadable` is
        // for the file a command is given.
        let input = match std::fs::metadata(&full) {
            Ok(m) if !m.is_file() && !m.is_dir() => Err(Problem::error(
                Code::UnknownRules,
                format!("the rules `{}` are not a regular file", path.text),
            )
            .label(path.span, "not a file")
            .help("name a `.rules` file")),
            _ => read_bytes(&full).map_err(|e| {
                let reason = match &e {
                    ReadError::Io(e) => io_reason(e),
                    ReadError::Folder => "it is a folder".to_string(),
                    ReadError::TooLarge(_) => "it is larger than 1 MiB".to_string(),
                };
                let code = match e {
                    ReadError::TooLarge(_) => Code::TooLarge,
                    ReadError::Io(_) | ReadError::Folder => Code::UnknownRules,
                };
                let problem = Problem::error(
                    code,
                    format!("cannot read the rules `{}`: {reason}", path.text),
                )
                .label(path.span, format!("`{shown}`: {reason}"));
                match e {
                    ReadError::Io(_) => problem.help(where_help()),
                    _ => problem.help("name a `.rules` file"),
                }
            }),
        }
        .map_err(|p| vec![p])?;
        let loaded = input_from_bytes(shown, input, None, InputKind::Language)
            .and_then(|i| compile_rules_text(&i.name, &i.text));
        match loaded {
            Ok(l) => {
                self.foreign.extend(l.warnings);
                Ok(l.value)
            }
            Err(f) => {
                let count = f.reports.iter().filter(|r| r.is_error()).count();
                self.foreign.extend(f.reports);
                let errors = if count == 1 {
                    "an error".to_string()
                } else {
                    format!("{count} errors")
                };
                Err(vec![
                    Problem::error(
                        Code::RulesUnusable,
                        format!("the rules `{}` have {errors}", path.text),
                    )
                    .label(path.span, "these rules cannot be used")
                    .help("fix the rules file first: its errors are listed above"),
                ])
            }
        }
    }
}

impl RulesSource for Finder<'_> {
    fn rules(&mut self, reference: Option<&ast::RulesRef>) -> Result<Arc<Rules>, Vec<Problem>> {
        if let Some(given) = &self.given {
            return Ok(Arc::clone(given));
        }
        match reference {
            None => builtin_rules(builtin::DEFAULT_RULES).ok_or_else(Vec::new),
            Some(ast::RulesRef::Builtin(name)) => Finder::builtin(name),
            Some(ast::RulesRef::Path(path)) => self.file(path),
        }
    }
}

/// Reads and compiles whatever an input holds: rules or a board. A `.board`
/// file must hold a board and a `.rules` file rules.
pub fn compile(input: &Input) -> Result<Loaded<Compiled>, Failure> {
    compile_as(input, Expect::Either, None)
}

fn compile_as(
    input: &Input,
    expect: Expect,
    given: Option<&Arc<Rules>>,
) -> Result<Loaded<Compiled>, Failure> {
    let source = Arc::new(SourceFile {
        name: input.name.clone(),
        text: input.text.clone(),
    });
    match input.kind {
        InputKind::Document(format) => {
            let stem = Path::new(&input.name)
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("board");
            // Most documents hold a sound board, and only a problem needs to
            // know where each value stands in the text: check without the
            // places first, and work them out only for a board with
            // problems (warnings included), checking it again.
            if let Ok(tree) = interchange::read_board(&input.text, format, stem)
                && let Some(board) = sound_board(&tree, input.dir.as_deref(), given)
            {
                return Ok(Loaded {
                    value: Compiled::Board(board),
                    warnings: Vec::new(),
                });
            }
            match interchange::read_board_placed(&input.text, format, stem) {
                Ok((board, places)) => {
                    check_board(source, &board, input.dir.as_deref(), Some(&places), given)
                }
                Err(p) => finish(source, vec![p], None),
            }
        }
        InputKind::Language => compile_language(
            &input.name,
            &input.text,
            input.dir.as_deref(),
            expect,
            given,
        ),
    }
}

/// Reads and compiles a board; a rules file given where a board is needed is
/// an error.
pub fn board(input: &Input) -> Result<Loaded<Board>, Failure> {
    board_by(input, None)
}

/// Reads and compiles a board played by `rules` (`--rules`), whatever its
/// `rules` line says or leaves out: its states are checked against these
/// rules alone, so a state only they declare is no problem and a state
/// they lack is one, with its place in the board's file.
pub fn board_played_by(input: &Input, rules: &Arc<Rules>) -> Result<Loaded<Board>, Failure> {
    board_by(input, Some(rules))
}

fn board_by(input: &Input, given: Option<&Arc<Rules>>) -> Result<Loaded<Board>, Failure> {
    let loaded = compile_as(input, Expect::Board, given)?;
    match loaded.value {
        Compiled::Board(b) => Ok(Loaded {
            value: b,
            warnings: loaded.warnings,
        }),
        // `Expect::Board` never compiles rules.
        Compiled::Rules(_) => Err(Failure::single(
            SourceFile {
                name: input.name.clone(),
                text: input.text.clone(),
            },
            wrong_kind(true, ast::Span::default()),
        )),
    }
}

/// Reads and compiles a board from a file: the hatchway language, or YAML or
/// JSON by the file's extension. Its rules are found as the `hatchway`
/// command finds them: a built-in name, or a path from the board's folder.
///
/// ```
/// use std::path::Path;
///
/// let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/red-november.board");
/// let loaded = hatchway::load::board_file(&path)?;
/// assert!(loaded.warnings.is_empty());
/// assert_eq!(loaded.value.rooms.len(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board_file(path: &Path) -> Result<Loaded<Board>, Failure> {
    board(&read(path)?)
}

/// Compiles a board written in the hatchway language from a string (rules
/// paths relative to the current folder).
pub fn board_from_str(name: &str, text: &str) -> Result<Loaded<Board>, Failure> {
    board(&Input {
        name: name.to_string(),
        text: text.to_string(),
        dir: None,
        kind: InputKind::Language,
    })
}

/// Reads and compiles a rules file.
///
/// ```
/// use std::path::Path;
///
/// let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/red-november-rulebook.rules");
/// let rules = hatchway::load::rules_file(&path)?.value;
/// assert_eq!(rules.name, "red-november-rulebook");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rules_file(path: &Path) -> Result<Loaded<Arc<Rules>>, Failure> {
    let input = read(path)?;
    compile_rules_text(&input.name, &input.text)
}

/// The names of the built-in rules files, in the order `hatchway rules`
/// lists them.
pub fn builtin_rules_names() -> impl Iterator<Item = &'static str> {
    builtin::RULES.iter().map(|r| r.name)
}

/// The text of a built-in rules file.
pub fn builtin_rules_text(name: &str) -> Option<&'static str> {
    builtin::rules_text(name)
}

/// Compiles a rules file from a string.
///
/// ```
/// let text = "rules dry\nroom states: clear, wet\nhatch states: closed, open\n\
///             walk through: open\nopen closed: cost 1, becomes open\nenter clear: cost 1\n\
///             enter wet: cost 2\n";
/// let failure = hatchway::load::rules_from_str("dry.rules", text);
/// let rules = failure.map_err(|f| f.to_string())?.value;
/// assert_eq!(rules.room_states, ["clear", "wet"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rules_from_str(name: &str, text: &str) -> Result<Loaded<Arc<Rules>>, Failure> {
    compile_rules_text(name, text)
}
