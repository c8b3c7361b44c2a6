//! Boards and rules named on the command line: a file, or a board or
//! rules built into the binary (`hatchway paths desperate-times`, `--rules
//! red-november-rulebook`), so that the shipped files can be named from
//! any folder after `cargo install`.

use std::path::Path;
use std::sync::Arc;

use crate::builtin;
use crate::diagnostic::{Code, Problem};
use crate::model::Rules;

use super::reading::read_or_near;
use super::{Compiled, Failure, Input, InputKind, Loaded};

/// How a written board names its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesReference {
    /// Built-in rules, by name: `rules red-november`.
    Builtin(String),
    /// A rules file, by its path relative to the written board:
    /// `rules "variant.rules"`.
    Path(String),
}

impl RulesReference {
    /// The name or path as written.
    pub fn text(&self) -> &str {
        match self {
            RulesReference::Builtin(t) | RulesReference::Path(t) => t,
        }
    }
}

/// Rules named on the command line: a built-in name or a rules file.
#[derive(Clone, Debug)]
pub struct NamedRules {
    /// The rules.
    pub rules: Arc<Rules>,
    /// How a board written out refers to them: by the built-in name, or
    /// by the file's full path, which holds wherever the board is written.
    pub reference: RulesReference,
    /// The name or path as the command line gives it.
    pub given: String,
}

impl NamedRules {
    /// What the output calls these rules beside `other`: their name, or,
    /// when both rules have one name (a copy of built-in rules that kept
    /// its name), the name or path the command line gives, so that the
    /// two columns can be told apart.
    pub fn label(&self, other: &NamedRules) -> &str {
        if self.rules.name == other.rules.name && self.given != other.given {
            &self.given
        } else {
            &self.rules.name
        }
    }
}

/// Why a name given for rules names no rules.
#[derive(Debug)]
pub enum NotRules {
    /// Neither built-in rules nor a rules file that checks: the problems.
    Invalid(Failure),
    /// A file that holds a board.
    Board {
        /// The name as given.
        given: String,
    },
}

/// The rules `text` names: built-in rules of that name, else the rules
/// file at that path, compiled (with its warnings).
pub fn rules_named(text: &str) -> Result<Loaded<NamedRules>, NotRules> {
    if let Some(rules) = super::builtin_rules(text) {
        return Ok(Loaded {
            value: NamedRules {
                rules,
                reference: RulesReference::Builtin(text.to_string()),
                given: text.to_string(),
            },
            warnings: Vec::new(),
        });
    }
    let path = Path::new(text);
    let loaded = super::read_rules_named(text)
        .and_then(|i| super::compile(&i))
        .map_err(NotRules::Invalid)?;
    match loaded.value {
        Compiled::Rules(rules) => {
            let full = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
            Ok(Loaded {
                value: NamedRules {
                    rules,
                    reference: RulesReference::Path(full.display().to_string()),
                    given: text.to_string(),
                },
                warnings: loaded.warnings,
            })
        }
        Compiled::Board(_) => Err(NotRules::Board {
            given: text.to_string(),
        }),
    }
}

/// A board named on the command line, and a note to show when the name
/// is both a file and a built-in board (the file wins).
pub struct Named {
    /// The board's text and where it comes from.
    pub input: Input,
    /// Said on standard error when the name could mean two boards.
    pub note: Option<Problem>,
}

/// Reads the board `path` names: the file when there is one, else the
/// built-in board of that name, else the error of reading the file. A path
/// to a shipped board's file that is not there (`boards/desperate-times.board`
/// outside the source tree, as README's examples write it) reads the
/// built-in board, and says so.
pub fn board_input(path: &Path) -> Result<Named, Failure> {
    let builtin = path.to_str().and_then(builtin::board);
    let shipped = || {
        let file = path.file_name()?.to_str()?;
        let in_boards = path.parent()?.file_name()? == "boards";
        builtin::BOARDS.iter().find(|b| in_boards && b.file == file)
    };
    let as_builtin = |board: &builtin::BuiltinBoard, note: Option<Problem>| Named {
        input: Input {
            name: board.file.to_string(),
            text: board.text.to_string(),
            dir: None,
            kind: InputKind::of(Path::new(board.file)),
        },
        note,
    };
    if !path.exists()
        && let Some(board) = shipped()
    {
        let note = Problem::warning(
            Code::AmbiguousBoardName,
            format!(
                "there is no file `{}` here: the built-in board `{}` is read",
                path.display(),
                board.name
            ),
        )
        .help(format!("name it `{}` to say so", board.name));
        return Ok(as_builtin(board, Some(note)));
    }
    match builtin {
        Some(board) if !path.exists() => Ok(as_builtin(board, None)),
        _ => {
            let input = read_or_near(path, builtin_near(path))?;
            let note = builtin.map(|b| {
                Problem::warning(
                    Code::AmbiguousBoardName,
                    format!(
                        "`{}` is a file here and the name of a built-in board: the file is read",
                        b.name
                    ),
                )
                .help(format!(
                    "`hatchway boards {}` prints the built-in one; write `./{}` to name the file",
                    b.name, b.name
                ))
            });
            Ok(Named { input, note })
        }
    }
}

/// What a missing board's path could be a slip of besides the files beside
/// it, as [`board_input`] takes them: the built-in boards' names for a bare
/// name (`desperate-time`), their files for a path in a `boards` folder
/// (`boards/desperate-time.board`, read when there is no such file).
fn builtin_near(path: &Path) -> Vec<(&'static str, String)> {
    let bare = path.parent().is_some_and(|p| p.as_os_str().is_empty());
    let in_boards = path
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|f| f == "boards");
    builtin::BOARDS
        .iter()
        .filter_map(|b| {
            if bare {
                Some((b.name, b.name.to_string()))
            } else if in_boards {
                let written = path.with_file_name(b.file).display().to_string();
                Some((b.file, written))
            } else {
                None
            }
        })
        .collect()
}
