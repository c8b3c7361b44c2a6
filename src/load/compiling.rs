//! Compiling whatever a file holds: rules, or a board in the hatchway
//! language or as a YAML or JSON document, checked with the rules it names
//! (found by the finder), every problem gathered as a report.

use std::path::Path;
use std::sync::Arc;

use super::finding::Finder;
use super::reading::{Reader, read};
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
    /// Rules only: a `.rules` file.
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

/// Compiles a file in the hatchway language, a board with the rules
/// `finder` finds.
fn compile_language(
    source: Arc<SourceFile>,
    expect: Expect,
    finder: Finder<'_>,
) -> Result<Loaded<Compiled>, Failure> {
    let file = match syntax::parse_all(&source.text) {
        Ok(file) => file,
        Err(problems) => return finish(source, problems, None),
    };
    match (file, Expect::of_name(&source.name, expect)) {
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
        (ast::File::Board(b), _) => check_board(source, &b, None, finder),
    }
}

/// Checks a board with the rules `finder` finds; problems in those rules
/// are reported on their own file, before the board's.
fn check_board(
    source: Arc<SourceFile>,
    board: &ast::BoardFile,
    places: Option<&interchange::Places>,
    mut finder: Finder<'_>,
) -> Result<Loaded<Compiled>, Failure> {
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
/// and neither have the rules `finder` finds.
pub(super) fn sound_board(board: &ast::BoardFile, mut finder: Finder<'_>) -> Option<Board> {
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
    compile_as(input, Expect::Either, None, Reader::Disk)
}

/// Compiles whatever an input holds, as [`compile`] does, but reads the
/// rules files a board names (`rules "mine.rules"`) with `read` instead of
/// from the disk. `read` is given each path as [`compile`] would open it
/// (from the input's [`dir`](Input::dir) when it has one) and returns the
/// file's bytes, or why it cannot be read. The size limit holds for what
/// it returns, and an error is put in the words of one from the disk
/// ([`NotFound`](std::io::ErrorKind::NotFound) is "no such file"). Nothing
/// else is read: built-in rules are in the binary.
///
/// ```
/// use std::collections::HashMap;
/// use std::io;
/// use std::path::{Path, PathBuf};
///
/// use hatchway::load::{self, Compiled, Input, InputKind};
///
/// // No folder `ships` on the disk: the rules are in memory.
/// let files = HashMap::from([(
///     PathBuf::from("ships/mine.rules"),
///     b"rules mine\nroom states: clear, wet\nhatch states: closed, open\n\
///       walk through: open\nopen closed: cost 1, becomes open\n\
///       enter clear: cost 1\nenter wet: cost 2\n"
///         .to_vec(),
/// )]);
/// let read = |path: &Path| {
///     files.get(path).cloned().ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
/// };
/// let input = Input {
///     name: "ships/mine.board".to_string(),
///     text: "board mine\nrules \"mine.rules\"\nroom 1\nroom 2: wet\nhatch 1-2\nstart 1\n"
///         .to_string(),
///     dir: Some(PathBuf::from("ships")),
///     kind: InputKind::Language,
/// };
/// let loaded = load::compile_with(&input, &read).map_err(|f| f.to_string())?;
/// let Compiled::Board(board) = loaded.value else {
///     return Err("not a board".into());
/// };
/// assert_eq!(board.rules.name, "mine");
/// assert_eq!(board.rules.room_states, ["clear", "wet"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn compile_with(
    input: &Input,
    read: &dyn Fn(&Path) -> std::io::Result<Vec<u8>>,
) -> Result<Loaded<Compiled>, Failure> {
    compile_as(input, Expect::Either, None, Reader::With(read))
}

/// Compiles what an input holds, of the kind `expect`s, with a board's
/// rules read by `reader` (or `given`).
fn compile_as(
    input: &Input,
    expect: Expect,
    given: Option<&Arc<Rules>>,
    reader: Reader<'_>,
) -> Result<Loaded<Compiled>, Failure> {
    let source = Arc::new(SourceFile {
        name: input.name.clone(),
        text: input.text.clone(),
    });
    let finder = || Finder::new(input.dir.as_deref(), given, reader);
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
                && let Some(board) = sound_board(&tree, finder())
            {
                return Ok(Loaded {
                    value: Compiled::Board(board),
                    warnings: Vec::new(),
                });
            }
            match interchange::read_board_placed(&input.text, format, stem) {
                Ok((board, places)) => check_board(source, &board, Some(&places), finder()),
                Err(p) => finish(source, vec![p], None),
            }
        }
        InputKind::Language => compile_language(source, expect, finder()),
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
    let loaded = compile_as(input, Expect::Board, given, Reader::Disk)?;
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
