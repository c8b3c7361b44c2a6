//! Finding a board's rules: the built-in rules by name (each compiled once),
//! or a rules file from the board's folder, compiled with its problems kept
//! as reports on that file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use super::InputKind;
use super::reading::{ReadError, Reader, input_from_bytes, io_reason};
use super::rules_text::compile_rules_text;
use crate::builtin;
use crate::check::RulesSource;
use crate::diagnostic::{Code, Problem, Report};
use crate::model::Rules;
use crate::syntax::ast;

/// The built-in rules by name, each compiled (or its errors, joined).
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

/// The names of the built-in rules files, in the order `hatchway rules`
/// lists them.
pub fn builtin_rules_names() -> impl Iterator<Item = &'static str> {
    builtin::RULES.iter().map(|r| r.name)
}

/// The text of a built-in rules file.
pub fn builtin_rules_text(name: &str) -> Option<&'static str> {
    builtin::rules_text(name)
}

/// Finds a board's rules: built-in names, or files relative to the board,
/// read by its reader (checking a board reads nothing itself). Problems in
/// a rules file are kept as reports on that file.
pub(super) struct Finder<'a> {
    dir: Option<&'a Path>,
    reader: Reader<'a>,
    foreign: Vec<Report>,
    /// The rules the command line plays every board by (`--rules`),
    /// whatever the board's `rules` line says.
    given: Option<Arc<Rules>>,
}

impl<'a> Finder<'a> {
    /// Finds the rules of a board whose file is in `dir`, reading rules
    /// files with `reader`; a board is played by `given` instead when there
    /// are such rules.
    pub(super) fn new(
        dir: Option<&'a Path>,
        given: Option<&Arc<Rules>>,
        reader: Reader<'a>,
    ) -> Finder<'a> {
        Finder {
            dir,
            reader,
            foreign: Vec::new(),
            given: given.cloned(),
        }
    }

    /// The reports on the rules files found: their warnings, or all their
    /// problems when they cannot be used.
    pub(super) fn into_reports(self) -> Vec<Report> {
        self.foreign
    }

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

    /// The rules file a board names at `path` (from the board's folder),
    /// read and compiled.
    fn file(&mut self, path: &ast::Name) -> Result<Arc<Rules>, Vec<Problem>> {
        let full = match self.dir {
            Some(d) => d.join(&path.text),
            None => PathBuf::from(&path.text),
        };
        let shown = full.display().to_string();
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
        if self.reader.is_special(&full) {
            return Err(vec![
                Problem::error(
                    Code::UnknownRules,
                    format!("the rules `{}` are not a regular file", path.text),
                )
                .label(path.span, "not a file")
                .help("name a `.rules` file"),
            ]);
        }
        let bytes = self
            .reader
            .read(&full)
            .map_err(|e| vec![self.unreadable(path, &shown, &e)])?;
        let loaded = input_from_bytes(shown, bytes, None, InputKind::Language)
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

    /// Why the rules file a board names at `path` (`shown` from the board's
    /// folder) cannot be read.
    fn unreadable(&self, path: &ast::Name, shown: &str, e: &ReadError) -> Problem {
        let reason = match e {
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
        match (e, self.dir) {
            (ReadError::Io(_), Some(d)) if !d.as_os_str().is_empty() => problem.help(format!(
                "the path is relative to the board's folder `{}`; the built-in rules are {}",
                d.display(),
                builtin::rules_names()
            )),
            (ReadError::Io(_), _) => problem.help(format!(
                "the path is relative to the board's folder; the built-in rules are {}",
                builtin::rules_names()
            )),
            _ => problem.help("name a `.rules` file"),
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
