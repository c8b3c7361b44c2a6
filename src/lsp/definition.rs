//! Go to definition: from a room id (in its `room` line, a hatch or
//! `start`) to the line that declares the room, and from a board's `rules
//! NAME` to the rules file. Built-in rules have no file of their own, so their text is
//! written to the user's cache folder and the editor is sent there.

use std::path::PathBuf;

use lsp_types::{Location, Position, Range};

use super::documents::Document;
use super::files;
use super::statements::{self, OnBoard};
use crate::builtin;
use crate::syntax::ast;

/// Where what stands at `position` is defined; `None` where nothing is.
pub(super) fn definition(document: &Document, position: Position) -> Option<Location> {
    let offset = document.lines.offset(&document.text, position);
    let Some(ast::File::Board(board)) = &document.tree else {
        return None;
    };
    match statements::on_board(board, offset)? {
        OnBoard::Room(name) => {
            let decl = board.rooms.iter().find(|r| r.id.text == name.text)?;
            let line = document.lines.line_of(decl.id.span.start);
            let span = document.lines.line_span(&document.text, line);
            Some(Location::new(
                document.uri.clone(),
                document.lines.range(&document.text, span),
            ))
        }
        OnBoard::State(_) => None,
        OnBoard::Rules(ast::RulesRef::Builtin(name)) => {
            let path = builtin_copy(&name.text)?;
            Some(Location::new(files::uri_of(&path)?, Range::default()))
        }
        OnBoard::Rules(ast::RulesRef::Path(path)) => {
            let full = document.folder()?.join(&path.text);
            full.is_file()
                .then(|| Some(Location::new(files::uri_of(&full)?, Range::default())))?
        }
    }
}

/// The folder built-in rules are written to: `$XDG_CACHE_HOME/hatchway/rules`,
/// else `~/.cache/hatchway/rules`, else the same under the system's
/// temporary folder. A cache, because the files can be written again from
/// the binary at any time; not beside the board, whose folder is the
/// user's.
fn cache_folder() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|d| !d.is_empty())
                .map(|h| PathBuf::from(h).join(".cache"))
        })
        .unwrap_or_else(std::env::temp_dir);
    cache.join("hatchway").join("rules")
}

/// The built-in rules `name` as a file, written as `hatchway rules NAME`
/// prints them (the copy's header first) when the file is not already so.
fn builtin_copy(name: &str) -> Option<PathBuf> {
    let rules = builtin::rules(name)?;
    let text = format!("{}{}", builtin::COPY_HEADER, rules.text);
    let mut tried = vec![cache_folder()];
    tried.push(std::env::temp_dir().join("hatchway").join("rules"));
    tried.into_iter().find_map(|folder| {
        let path = folder.join(format!("{name}.rules"));
        if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
            return Some(path);
        }
        std::fs::create_dir_all(&folder).ok()?;
        std::fs::write(&path, &text).ok()?;
        Some(path)
    })
}
