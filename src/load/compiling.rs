//! Compiling whatever a file holds: rules, or a board in the hatchway
//! language or as a YAML or JSON document, checked with the rules it names
//! (found by the finder), every problem gathered as a report.

use std::path::Path;
use std::sync::Arc;

use super::finding::Finder;
use super::reading::read;
use super::reports::{build, finish, order};
use super::rules_text::{check_rules, compile_rules_text, wrong_kind};
use super::{Compiled, Failure, Input, InputKind, Loaded};
use crate::check;
use crate::diagnostic::{Code, SourceFile};
use crate::interchange;
use crate::model::{Board, Rules};
use crate::syntax::{self, ast};

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
        (ast::File::Rules(r), _) => check_rules(source, &r).map(|l| Loaded {
            value: Compiled::Rules(l.value),
            warnings: l.warnings,
        }),
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
    let mut finder = Finder::new(dir, given);
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
    let mut reports = finder.into_reports();
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
pub(super) fn sound_board(
    board: &ast::BoardFile,
    dir: Option<&Path>,
    given: Option<&Arc<Rules>>,
) -> Option<Board> {
    let mut finder = Finder::new(dir, given);
    let checked = check::board(board, &mut finder);
    if checked.problems.is_empty() && finder.into_reports().is_empty() {
        checked.value
    } else {
        None
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

/// Compiles a board, played by `given` when set.
pub(super) fn board_by(
    input: &Input,
    given: Option<&Arc<Rules>>,
) -> Result<Loaded<Board>, Failure> {
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
