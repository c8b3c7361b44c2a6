//! The documents the editor has open, each checked as it is typed: its
//! text, the lines of the text, its syntax tree and what `hatchway check`
//! reports of it, kept until the next change so that every request reads
//! them without checking again.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use lsp_types::Uri;

use super::files;
use super::position::Lines;
use crate::diagnostic::Report;
use crate::load::{self, Compiled, Format, Input, InputKind};
use crate::model::{Board, Rules};
use crate::syntax::{self, ast};

/// One open document and what checking it found.
pub(super) struct Document {
    /// How the editor names it.
    pub uri: Uri,
    /// The name its problems are reported under: its path, or its URI when
    /// it is not a file.
    pub name: String,
    /// Its file on disk, if it is one: a board's rules are found beside it.
    pub path: Option<PathBuf>,
    /// How it is read: the hatchway language, or a YAML or JSON board.
    pub kind: InputKind,
    /// The text as the editor has it now.
    pub text: String,
    /// The editor's number for that text, given back with its problems.
    pub version: Option<i32>,
    /// Where its lines start.
    pub lines: Lines,
    /// Its syntax tree, when it is in the hatchway language: the
    /// statements that parse, when its header does.
    pub tree: Option<ast::File>,
    /// Every problem `hatchway check` reports of it, and of the rules file
    /// it names.
    pub reports: Vec<Report>,
    /// The compiled board, when it is a board without errors.
    pub board: Option<Arc<Board>>,
    /// The rules it is played by (a board's) or declares (a rules file's),
    /// when they compile.
    pub rules: Option<Arc<Rules>>,
    /// Counts the document's changes; work started for an older text (the
    /// code lens's search) compares it to know that its answer is stale.
    pub generation: Arc<AtomicU64>,
}

/// How a document is read: by the language the editor names, else by the
/// file's extension.
pub(super) fn kind_of(language: Option<&str>, name: &str) -> InputKind {
    match language {
        Some("yaml") => InputKind::Document(Format::Yaml),
        Some("json") => InputKind::Document(Format::Json),
        Some("hatchway-board" | "hatchway-rules") => InputKind::Language,
        _ => InputKind::of(std::path::Path::new(name)),
    }
}

impl Document {
    /// A document as opened, checked.
    pub(super) fn open(
        uri: Uri,
        language: Option<&str>,
        text: String,
        version: Option<i32>,
    ) -> Document {
        let path = files::path_of(&uri);
        let name = path
            .as_ref()
            .map_or_else(|| uri.as_str().to_string(), |p| p.display().to_string());
        let kind = kind_of(language, &name);
        let mut document = Document {
            uri,
            name,
            path,
            kind,
            text: String::new(),
            version: None,
            lines: Lines::default(),
            tree: None,
            reports: Vec::new(),
            board: None,
            rules: None,
            generation: Arc::new(AtomicU64::new(0)),
        };
        document.change(text, version);
        document
    }

    /// Takes the editor's new text (its `version`) and checks it again.
    pub(super) fn change(&mut self, text: String, version: Option<i32>) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.version = version;
        self.lines = Lines::new(&text);
        self.text = text;
        self.check();
    }

    /// Checks the text as `hatchway check` does, with the rules files on
    /// disk as they are now.
    pub(super) fn check(&mut self) {
        let input = Input {
            name: self.name.clone(),
            text: self.text.clone(),
            dir: self
                .path
                .as_ref()
                .and_then(|p| p.parent().map(|d| d.to_path_buf())),
            kind: self.kind,
        };
        self.tree = match self.kind {
            InputKind::Language => syntax::parse_partial(&self.text),
            InputKind::Document(_) => None,
        };
        let (reports, compiled) = match load::compile(&input) {
            Ok(loaded) => (loaded.warnings, Some(loaded.value)),
            Err(failure) => (failure.reports, None),
        };
        self.reports = reports;
        (self.board, self.rules) = match compiled {
            Some(Compiled::Board(b)) => {
                let rules = Arc::clone(&b.rules);
                (Some(Arc::new(b)), Some(rules))
            }
            Some(Compiled::Rules(r)) => (None, Some(r)),
            None => (None, self.named_rules()),
        };
    }

    /// The rules a board that does not compile names, when they do: the
    /// states and items to offer while the board is being written. A board
    /// being typed often does not parse: its `rules` line is then read on
    /// its own.
    fn named_rules(&self) -> Option<Arc<Rules>> {
        let written = match &self.tree {
            Some(ast::File::Board(board)) => board.rules.first().map(|r| match r {
                ast::RulesRef::Builtin(n) => (n.text.clone(), false),
                ast::RulesRef::Path(n) => (n.text.clone(), true),
            }),
            Some(ast::File::Rules(_)) => return None,
            None => {
                let mut lines = self
                    .text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'));
                if !lines.next()?.starts_with("board") {
                    return None;
                }
                lines.find_map(|l| l.strip_prefix("rules ")).map(|rest| {
                    let rest = rest.split('#').next().unwrap_or("").trim();
                    match rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
                        Some(path) => (path.to_string(), true),
                        None => (rest.to_string(), false),
                    }
                })
            }
        };
        match written {
            None => load::builtin_rules(crate::builtin::DEFAULT_RULES),
            Some((name, false)) => load::builtin_rules(&name),
            Some((path, true)) => {
                let full = self.folder()?.join(path);
                load::rules_file(&full).ok().map(|l| l.value)
            }
        }
    }

    /// Whether checking the document reads a file on disk, so that a
    /// change there may change what it finds: a board that names a rules
    /// file, or whose rules cannot be told from its text yet (a YAML or JSON
    /// board, a board that does not parse). A rules file and a board on
    /// built-in rules read nothing.
    pub(super) fn reads_files(&self) -> bool {
        match (&self.kind, &self.tree) {
            (InputKind::Document(_), _) => true,
            (InputKind::Language, Some(ast::File::Rules(_))) => false,
            (InputKind::Language, Some(ast::File::Board(board))) => board
                .rules
                .iter()
                .any(|r| matches!(r, ast::RulesRef::Path(_))),
            (InputKind::Language, None) => true,
        }
    }

    /// The rules file a board in the hatchway language names by its path,
    /// as a path on disk.
    pub(super) fn rules_path(&self) -> Option<PathBuf> {
        let Some(ast::File::Board(board)) = &self.tree else {
            return None;
        };
        rules_path_of(board, &self.folder()?)
    }

    /// The folder of the document's file: where its rules path starts.
    pub(super) fn folder(&self) -> Option<PathBuf> {
        self.path.as_ref()?.parent().map(|d| d.to_path_buf())
    }
}

/// The rules file `board` names by its path, as a path on disk: relative
/// to `folder`, the folder of the board's file, as `hatchway check` reads
/// it.
pub(super) fn rules_path_of(board: &ast::BoardFile, folder: &Path) -> Option<PathBuf> {
    board.rules.iter().find_map(|r| match r {
        ast::RulesRef::Path(p) => Some(folder.join(&p.text)),
        ast::RulesRef::Builtin(_) => None,
    })
}
