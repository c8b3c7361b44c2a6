//! Files to compiled models: reading (with the size limit), choosing the
//! reader by the file's kind, finding a board's rules, and gathering every
//! problem as a [`Report`] tied to its file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::builtin;
use crate::check::{self, RulesSource};
use crate::diagnostic::{Problem, Report, SourceFile};
use crate::interchange::{self, Format};
use crate::model::{Board, Rules, limits};
use crate::syntax::{self, ast};

/// Problems that stop a file from being used, with any warnings.
#[derive(Debug, Default)]
pub struct Failure {
    /// Every report, errors and warnings, in the order found.
    pub reports: Vec<Report>,
}

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
/// first bad byte.
pub fn read(path: &Path) -> Result<Input, Failure> {
    let name = path.display().to_string();
    let plain = |message: String, help: &str| {
        Failure::single(
            SourceFile {
                name: name.clone(),
                text: String::new(),
            },
            Problem::error("hatchway::unreadable", message).help(help.to_string()),
        )
    };
    let meta = std::fs::metadata(path).map_err(|e| {
        plain(
            format!("cannot read `{name}`: {}", io_reason(&e)),
            "check the path and that the file can be read",
        )
    })?;
    if meta.is_dir() {
        return Err(plain(
            format!("`{name}` is a folder, not a file"),
            "name a board or rules file",
        ));
    }
    if meta.len() > limits::FILE_SIZE as u64 {
        return Err(plain(
            format!("`{name}` is too large ({} bytes)", meta.len()),
            &format!("files are read up to {} bytes (1 MiB)", limits::FILE_SIZE),
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| {
        plain(
            format!("cannot read `{name}`: {}", io_reason(&e)),
            "check the path and that the file can be read",
        )
    })?;
    let dir = path.parent().map(Path::to_path_buf);
    input_from_bytes(name, bytes, dir, InputKind::of(path))
}

/// Turns bytes into an input, reporting invalid UTF-8 or an oversize text.
pub fn input_from_bytes(
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
            Problem::error("hatchway::too_large", "the input is too large").help(format!(
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
            let start = floor_boundary(&text, at);
            let end = text[start..]
                .chars()
                .next()
                .map_or(start, |c| start + c.len_utf8());
            Err(Failure::single(
                SourceFile { name, text },
                Problem::error("hatchway::invalid_utf8", "the file is not valid UTF-8 text")
                    .label(
                        ast::Span::new(start, end.max(start + 1)),
                        "invalid byte here",
                    )
                    .help("save the file as UTF-8"),
            ))
        }
    }
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
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
            .map(|(name, text)| {
                let compiled = compile_rules_text(name, text)
                    .map(|l| l.value)
                    .map_err(|f| {
                        f.reports
                            .iter()
                            .map(|r| r.problem().message.clone())
                            .collect::<Vec<_>>()
                            .join("; ")
                    });
                (*name, compiled)
            })
            .collect()
    })
}

/// A built-in rules file, compiled once.
pub fn builtin_rules(name: &str) -> Option<Arc<Rules>> {
    builtin_rules_cache()
        .get(name)
        .and_then(|r| r.as_ref().ok().cloned())
}

fn compile_rules_text(name: &str, text: &str) -> Result<Loaded<Arc<Rules>>, Failure> {
    let source = Arc::new(SourceFile {
        name: name.to_string(),
        text: text.to_string(),
    });
    let file = match syntax::parse(text) {
        Ok(ast::File::Rules(f)) => f,
        Ok(ast::File::Board(b)) => {
            return Err(Failure {
                reports: vec![Report::new(
                    source,
                    Problem::error(
                        "hatchway::wrong_kind",
                        "expected a rules file, found a board",
                    )
                    .label(b.name.span, "this is a board")
                    .help("a rules file starts with `rules NAME`"),
                )],
            });
        }
        Err(p) => {
            return Err(Failure {
                reports: vec![Report::new(source, p)],
            });
        }
    };
    let checked = check::rules(&file);
    finish(source, checked.problems, checked.value.map(Arc::new))
}

fn finish<T>(
    source: Arc<SourceFile>,
    problems: Vec<Problem>,
    value: Option<T>,
) -> Result<Loaded<T>, Failure> {
    let reports: Vec<Report> = problems
        .into_iter()
        .map(|p| Report::new(Arc::clone(&source), p))
        .collect();
    match value {
        Some(value) => Ok(Loaded {
            value,
            warnings: reports,
        }),
        None => Err(Failure { reports }),
    }
}

/// Finds a board's rules: built-in names, or files relative to the board.
/// Problems in a rules file are kept as reports on that file.
struct Finder<'a> {
    dir: Option<&'a Path>,
    foreign: Vec<Report>,
}

impl RulesSource for Finder<'_> {
    fn rules(&mut self, reference: Option<&ast::RulesRef>) -> Result<Arc<Rules>, Vec<Problem>> {
        match reference {
            None => builtin_rules(builtin::DEFAULT_RULES).ok_or_else(Vec::new),
            Some(ast::RulesRef::Builtin(name)) => builtin_rules(&name.text).ok_or_else(|| {
                vec![
                    Problem::error("hatchway::unknown_rules", format!("unknown rules `{}`", name.text))
                        .label(name.span, "not a built-in rules name")
                        .help(format!(
                            "the built-in rules are {}; write a file's path in quotes: `rules \"my.rules\"`",
                            builtin::rules_names()
                        )),
                ]
            }),
            Some(ast::RulesRef::Path(path)) => {
                let full = match self.dir {
                    Some(d) => d.join(&path.text),
                    None => PathBuf::from(&path.text),
                };
                let loaded = read(&full).and_then(|input| {
                    if input.kind != InputKind::Language {
                        return Err(Failure::single(
                            SourceFile {
                                name: input.name,
                                text: String::new(),
                            },
                            Problem::error("hatchway::wrong_kind", "rules files are written in the hatchway language")
                                .help("name a `.rules` file"),
                        ));
                    }
                    compile_rules_text(&input.name, &input.text)
                });
                match loaded {
                    Ok(l) => {
                        self.foreign.extend(l.warnings);
                        Ok(l.value)
                    }
                    Err(f) => {
                        let first = f.reports.first().map(|r| r.problem().message.clone());
                        self.foreign.extend(f.reports);
                        Err(vec![
                            Problem::error(
                                "hatchway::rules_unusable",
                                format!("the rules `{}` cannot be used", path.text),
                            )
                            .label(path.span, first.unwrap_or_else(|| "has errors".to_string()))
                            .help("fix the rules file first (its errors are listed)"),
                        ])
                    }
                }
            }
        }
    }
}

/// Reads and compiles whatever an input holds: rules or a board.
pub fn compile(input: &Input) -> Result<Loaded<Compiled>, Failure> {
    let source = Arc::new(SourceFile {
        name: input.name.clone(),
        text: input.text.clone(),
    });
    let board_ast = match input.kind {
        InputKind::Document(format) => {
            let stem = Path::new(&input.name)
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("board");
            match interchange::read_board(&input.text, format, stem) {
                Ok(b) => b,
                Err(p) => {
                    return Err(Failure {
                        reports: vec![Report::new(source, p)],
                    });
                }
            }
        }
        InputKind::Language => match syntax::parse(&input.text) {
            Ok(ast::File::Rules(_)) => {
                return compile_rules_text(&input.name, &input.text).map(|l| Loaded {
                    value: Compiled::Rules(l.value),
                    warnings: l.warnings,
                });
            }
            Ok(ast::File::Board(b)) => b,
            Err(p) => {
                return Err(Failure {
                    reports: vec![Report::new(source, p)],
                });
            }
        },
    };
    let mut finder = Finder {
        dir: input.dir.as_deref(),
        foreign: Vec::new(),
    };
    let checked = check::board(&board_ast, &mut finder);
    let mut foreign = std::mem::take(&mut finder.foreign);
    match finish(source, checked.problems, checked.value) {
        Ok(mut l) => {
            foreign.append(&mut l.warnings);
            Ok(Loaded {
                value: Compiled::Board(l.value),
                warnings: foreign,
            })
        }
        Err(mut f) => {
            foreign.append(&mut f.reports);
            Err(Failure { reports: foreign })
        }
    }
}

/// Reads and compiles a board; a rules file given where a board is needed is
/// an error.
pub fn board(input: &Input) -> Result<Loaded<Board>, Failure> {
    let loaded = compile(input)?;
    match loaded.value {
        Compiled::Board(b) => Ok(Loaded {
            value: b,
            warnings: loaded.warnings,
        }),
        Compiled::Rules(_) => Err(Failure::single(
            SourceFile {
                name: input.name.clone(),
                text: input.text.clone(),
            },
            Problem::error(
                "hatchway::wrong_kind",
                "expected a board, found a rules file",
            )
            .help("a board file starts with `board NAME`; it names its rules with `rules NAME`"),
        )),
    }
}

/// Reads and compiles a board from a file.
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

/// Compiles a rules file from a string.
pub fn rules_from_str(name: &str, text: &str) -> Result<Loaded<Arc<Rules>>, Failure> {
    compile_rules_text(name, text)
}
