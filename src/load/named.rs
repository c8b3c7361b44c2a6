//! Boards named on the command line: a file, or a board built into the
//! binary (`hatchway paths desperate-times`), so that the shipped boards
//! can be named from any folder after `cargo install`.

use std::path::Path;

use crate::builtin;
use crate::diagnostic::{Code, Problem};

use super::{Failure, Input, InputKind, read};

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
            let input = read(path)?;
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
