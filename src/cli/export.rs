//! `hatchway export`: a board written out again, in the interchange shape
//! (YAML or JSON) or in the hatchway language.

use crate::export::{self, ExportFormat, RulesReference};
use crate::syntax::{self, ast};

use super::*;

/// The formats `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum ExportFormatArg {
    /// The interchange shape of INTERCHANGE.md, as YAML.
    Yaml,
    /// The interchange shape of INTERCHANGE.md, as JSON.
    Json,
    /// The hatchway language (a `.board` file).
    Hatchway,
}

impl From<ExportFormatArg> for ExportFormat {
    fn from(f: ExportFormatArg) -> ExportFormat {
        match f {
            ExportFormatArg::Yaml => ExportFormat::Yaml,
            ExportFormatArg::Json => ExportFormat::Json,
            ExportFormatArg::Hatchway => ExportFormat::Hatchway,
        }
    }
}

/// The rules path a board file names, as written (relative to its folder).
fn written_rules_path(input: &Input) -> Option<String> {
    let file = match input.kind {
        InputKind::Language => match syntax::parse_all(&input.text) {
            Ok(ast::File::Board(b)) => b,
            _ => return None,
        },
        InputKind::Document(format) => {
            interchange::read_board(&input.text, format, "board").ok()?
        }
    };
    match file.rules.first()? {
        ast::RulesRef::Path(path) => Some(path.text.clone()),
        ast::RulesRef::Builtin(_) => None,
    }
}

pub(super) fn export(
    path: Option<&Path>,
    turn: &TurnArgs,
    format: ExportFormatArg,
    term: &Terminal,
) -> Exit {
    if !turn.with.is_empty() {
        return refuse_option(
            "--with",
            "export",
            "a board holds no items: give `--with` to the command that plays the turn (`paths`, `replay`, `plan`, ...)",
            term,
        );
    }
    let input = board_input(path, None, term);
    let played = turn.rules.is_some() || turn.from.is_some();
    let (input, board) = match input.and_then(|i| load::board(&i).map(|b| (i, b))) {
        Ok((input, loaded)) => {
            // With `--rules` or `--from` the board is read again below,
            // which says the same warnings.
            if !played {
                print_reports(&loaded.warnings, term);
            }
            (input, loaded.value)
        }
        Err(f) => {
            print_reports(&f.reports, term);
            return Exit::Invalid;
        }
    };
    // `--rules` and `--from` as every command reads them: the board played
    // by those rules, starting there.
    let board = if played {
        let args = QueryArgs {
            turn: turn.clone(),
            ..QueryArgs::default()
        };
        match load_query(path, &args, term) {
            Ok(q) => {
                let mut board = q.turn.board;
                board.start = q.turn.start;
                board
            }
            Err(e) => return e,
        }
    } else {
        board
    };
    let mut rules = export::rules_reference(&board);
    if let RulesReference::Path(name) = rules.clone() {
        // Rules that are not built in are named by the path the board gave
        // them, which is relative to the board's folder: say so, since the
        // export may be saved somewhere else.
        if let Some(written) = written_rules_path(&input) {
            rules = RulesReference::Path(written);
        }
        let problem = Problem::warning(
            Code::RulesNotBuiltin,
            format!(
                "the rules `{name}` are not built in: the exported board names them by the path `{}`",
                rules.text()
            ),
        )
        .help(format!(
            "the path is relative to the folder of `{}`; save the export there, or change its rules path",
            input.name
        ));
        let source = std::sync::Arc::new(SourceFile {
            name: input.name.clone(),
            text: String::new(),
        });
        print_reports(&[Report::new(source, problem)], term);
    }
    match export::write(&board, &rules, format.into()) {
        Ok(text) => {
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            Exit::Success
        }
        Err(e) => {
            print_plain(
                e.to_string(),
                Some("export to YAML or JSON, which can hold any name".to_string()),
                term,
            );
            Exit::Invalid
        }
    }
}
