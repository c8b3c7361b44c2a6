//! A folder of boards checked against their snapshots (`hatchway test`):
//! finding the boards, where each one's snapshot lives, and what each board
//! renders to now.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::answer::{Answer, Digest, Turn};
use crate::load::{self, Failure};
use crate::model::Rules;
use crate::render::{self, Style};
use crate::search::{LimitReached, Limits};
use crate::snapshot::{self, Snapshot};

/// Folders never searched for boards: snapshot folders, build output and
/// hidden folders (`.git`).
const SKIPPED: [&str; 2] = ["snapshots", "target"];

/// A board found under a path, with where its snapshot lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The board file.
    pub board: PathBuf,
    /// The board's path from the searched folder (its file name when it was
    /// named directly), with `/` between folders: how it is shown.
    pub name: String,
    /// Its snapshot file.
    pub snapshot: PathBuf,
}

/// Whether a file is read as a board: the language's `.board` and the
/// interchange's `.yaml`, `.yml` and `.json` (rules files are `.rules`).
pub fn is_board_file(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("board" | "yaml" | "yml" | "json")
    )
}

/// The boards under `paths` (a file stands for itself, a folder for every
/// board under it), each once, in path order, with their snapshot files:
/// `snapshots/replay@NAME.snap` beside each board (NAME its file name), or
/// every one in `snapshots` when given, NAME then its path from the
/// searched folder with `__` between folders. These are the names
/// `insta::glob!` gives a snapshot named `replay` of each file, so a
/// project's `cargo test` and `hatchway test` can keep the same files. A
/// path that does not exist is an error.
/// With items held (`items`, as `--with` names them), each snapshot's NAME
/// ends in `+` and the items: one snapshot per item set.
pub fn find(
    paths: &[PathBuf],
    snapshots: Option<&Path>,
    items: &[String],
) -> std::io::Result<Vec<Found>> {
    let mut found = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|e| {
            std::io::Error::new(e.kind(), format!("cannot read `{}`: {e}", path.display()))
        })?;
        if meta.is_dir() {
            let mut boards = Vec::new();
            walk(path, snapshots, &mut boards)?;
            boards.sort();
            for board in boards {
                // `./flood.board` is shown as `flood.board`.
                let board = board
                    .strip_prefix(".")
                    .map_or(board.clone(), Path::to_path_buf);
                let relative = board.strip_prefix(path).unwrap_or(&board).to_path_buf();
                found.push(placed(board, &relative, snapshots, items));
            }
        } else {
            let relative = PathBuf::from(path.file_name().unwrap_or(path.as_os_str()));
            found.push(placed(path.clone(), &relative, snapshots, items));
        }
    }
    let mut seen = std::collections::HashSet::new();
    found.retain(|f| seen.insert(f.snapshot.clone()));
    Ok(found)
}

fn walk(dir: &Path, snapshots: Option<&Path>, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let kind = entry.file_type()?;
        if kind.is_dir() {
            let skipped = name.starts_with('.')
                || SKIPPED.contains(&name.as_ref())
                || snapshots.is_some_and(|s| same_file(s, &path));
            if !skipped {
                walk(&path, snapshots, out)?;
            }
        } else if is_board_file(&path) && !name.starts_with('.') {
            out.push(path);
        }
    }
    Ok(())
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

fn placed(board: PathBuf, relative: &Path, snapshots: Option<&Path>, items: &[String]) -> Found {
    let parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let name = parts.join("/");
    let held = if items.is_empty() {
        String::new()
    } else {
        let mut sorted = items.to_vec();
        sorted.sort();
        sorted.dedup();
        format!("+{}", sorted.join("+"))
    };
    let file = format!(
        "replay@{}{held}.snap",
        parts.last().map_or("board", String::as_str)
    );
    let snapshot = match snapshots {
        Some(dir) => dir.join(format!("replay@{}{held}.snap", parts.join("__"))),
        None => board
            .parent()
            .unwrap_or(Path::new(""))
            .join("snapshots")
            .join(file),
    };
    Found {
        board,
        name,
        snapshot,
    }
}

/// Why a board could not be rendered.
#[derive(Debug)]
pub enum Unrendered {
    /// The board (or its rules) does not load.
    Invalid(Failure),
    /// The search ran out of its budget.
    Limit(LimitReached),
    /// The engine's own path was refused: a bug of hatchway.
    Refused(crate::answer::Refused),
    /// The board's rules do not declare an item asked for, so the turn
    /// asked for cannot be played on it.
    NoSuchItem {
        /// The item.
        item: String,
        /// The rules' name.
        rules: String,
    },
}

/// What a board renders to now.
pub struct Rendered {
    /// Every outcome of its turn as `hatchway replay` prints it, plain at
    /// 80 columns.
    pub text: String,
    /// The same answer as data, kept in the snapshot's header.
    pub digest: Digest,
    /// The rules it was played by, whose words tell what changed.
    pub rules: Arc<Rules>,
    /// The warnings of loading it.
    pub warnings: Vec<crate::diagnostic::Report>,
}

/// What a board renders to now: its turn (its own rules and start,
/// holding `items`) answered, told as `hatchway replay` tells it and kept
/// as data.
pub fn render(board: &Path, items: &[String], limits: &Limits) -> Result<Rendered, Unrendered> {
    let loaded = load::board_file(board).map_err(Unrendered::Invalid)?;
    let board = loaded.value;
    let held = Turn::items_named(&board.rules, items).map_err(|e| Unrendered::NoSuchItem {
        item: e.name,
        rules: board.rules.name.clone(),
    })?;
    let turn = Turn::holding(board, held);
    let solution = turn.solve(limits).map_err(Unrendered::Limit)?;
    let answer = Answer::new(&turn, &solution.outcomes);
    let text =
        render::replay::turn_log(&answer, Style::plain(), false).map_err(Unrendered::Refused)?;
    Ok(Rendered {
        text,
        digest: answer.digest(),
        rules: turn.board.rules.clone(),
        warnings: loaded.warnings,
    })
}

/// The snapshot of a board's rendering, with the header that says where it
/// comes from and the answer's data.
pub fn snapshot_of(found: &Found, text: String, digest: &Digest) -> Snapshot {
    Snapshot::new(
        &[
            ("source", &found.name),
            ("input_file", &found.name),
            (
                "description",
                "every outcome of the board's turn, as `hatchway replay` shows it",
            ),
        ],
        text,
    )
    .with_info(digest)
}

/// How a board's rendering compares with its stored snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The same text.
    Match,
    /// Another text: the stored snapshot.
    Changed(Snapshot),
    /// No snapshot yet.
    New,
}

/// Compares a rendering with the snapshot stored for it.
pub fn compare(found: &Found, now: &Snapshot) -> std::io::Result<Verdict> {
    Ok(match Snapshot::read(&found.snapshot)? {
        Some(old) if old.matches(now) => Verdict::Match,
        Some(old) => Verdict::Changed(old),
        None => Verdict::New,
    })
}

/// Stores a snapshot as accepted, removing any pending one beside it.
pub fn accept(found: &Found, now: &Snapshot) -> std::io::Result<()> {
    now.write(&found.snapshot)?;
    discard_pending(found)
}

/// Writes a snapshot as pending (`.snap.new`) beside the stored one.
pub fn propose(found: &Found, now: &Snapshot) -> std::io::Result<()> {
    now.write(&snapshot::pending_path(&found.snapshot))
}

/// Removes a pending snapshot, if there is one.
pub fn discard_pending(found: &Found) -> std::io::Result<()> {
    match std::fs::remove_file(snapshot::pending_path(&found.snapshot)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}
