//! Reading files: their bytes within the size limit (so that a device such
//! as `/dev/zero` is refused instead of read forever), their text as UTF-8,
//! and what to say when a file cannot be read.

use std::path::{Path, PathBuf};

use super::{Failure, Input, InputKind};
use crate::builtin;
use crate::diagnostic::{Code, Problem, SourceFile};
use crate::model::limits;
use crate::syntax::ast;

/// Reads a file, refusing ones too large and reporting invalid UTF-8 at the
/// first bad byte. Reading stops after the size limit, so that a device such
/// as `/dev/zero` is refused instead of read forever.
pub fn read(path: &Path) -> Result<Input, Failure> {
    read_or_near(path, Vec::new())
}

/// Reads a file as [`read`] does; when there is none at `path`, the help
/// suggests the closest of the files in its folder and of `others`: what
/// else the command takes in its place (a built-in board's name), each as
/// compared with the path's file name and as it would be written.
pub(super) fn read_or_near(path: &Path, others: Vec<(&str, String)>) -> Result<Input, Failure> {
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
    let bytes = read_bytes(path).map_err(|e| {
        let problem = e.problem(&name);
        let missing = matches!(&e, ReadError::Io(e) if e.kind() == std::io::ErrorKind::NotFound);
        plain(match missing.then(|| near(path, others)).flatten() {
            Some(near) => problem.help(format!(
                "did you mean `{near}`? check the path and that the file can be read"
            )),
            None => problem,
        })
    })?;
    let dir = path.parent().map(Path::to_path_buf);
    input_from_bytes(name, bytes, dir, InputKind::of(path))
}

/// At most this many entries of a folder are compared with a missing
/// file's name: a hint is not worth reading a huge folder.
const NEAR_FILES: usize = 1000;

/// The closest to `path`'s file name of the files in its folder (written
/// with the folder, as the path was) and of `others`.
fn near(path: &Path, others: Vec<(&str, String)>) -> Option<String> {
    let word = path.file_name()?.to_str()?;
    let parent = path.parent().unwrap_or(Path::new(""));
    let folder = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    let mut files: Vec<String> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .take(NEAR_FILES)
        .flatten()
        .filter(|entry| entry.path().is_file())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .collect();
    // In order, so that of two names as close the same is chosen on
    // every file system.
    files.sort_unstable();
    let known = files
        .iter()
        .map(|f| (f.as_str(), parent.join(f).display().to_string()))
        .chain(others);
    crate::spelling::closest_of(word, known).map(|(_, written)| written)
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
pub(super) enum ReadError {
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

/// The bytes of a file, within the size limit.
pub(super) fn read_bytes(path: &Path) -> Result<Vec<u8>, ReadError> {
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

/// How compiling reads the rules files a board names (`rules "mine.rules"`):
/// from the disk, or through a reader given to
/// [`compile_with`](super::compile_with). Either way the size limit holds,
/// and a file that cannot be read is put in the same words.
#[derive(Clone, Copy)]
pub(super) enum Reader<'a> {
    /// The file system, through [`read_bytes`].
    Disk,
    /// The caller's reader: a file's bytes, or why it cannot be read.
    With(&'a dyn Fn(&Path) -> std::io::Result<Vec<u8>>),
}

impl Reader<'_> {
    /// Whether `path` is there but neither a file nor a folder (a device, a
    /// pipe): only the disk holds such things.
    pub(super) fn is_special(self, path: &Path) -> bool {
        match self {
            Reader::Disk => std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()),
            Reader::With(_) => false,
        }
    }

    /// The bytes of the file at `path`, within the size limit.
    pub(super) fn read(self, path: &Path) -> Result<Vec<u8>, ReadError> {
        match self {
            Reader::Disk => read_bytes(path),
            Reader::With(read) => {
                let bytes = read(path).map_err(ReadError::Io)?;
                if bytes.len() > limits::FILE_SIZE {
                    return Err(ReadError::TooLarge(Some(bytes.len() as u64)));
                }
                Ok(bytes)
            }
        }
    }
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

/// Why the system could not read a file, in a few words.
pub(super) fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string().to_lowercase(),
    }
}

/// The input of the standard board built into the binary: the default
/// rules' own board.
pub fn standard_board() -> Input {
    standard_board_of(builtin::DEFAULT_RULES)
}

/// The board a command given no board plays under the rules named `rules`:
/// built-in rules' own board (`red-november` is played on
/// `red-november.board`), the standard board for any other.
pub fn standard_board_of(rules: &str) -> Input {
    let (name, text) = builtin::standard_board_of(rules);
    Input {
        name: name.to_string(),
        text: text.to_string(),
        dir: None,
        kind: InputKind::of(Path::new(name)),
    }
}
