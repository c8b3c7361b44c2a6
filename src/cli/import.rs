//! `hatchway import`: a turn in the flat format of the first pathfinder,
//! written as a board in the hatchway language.

use crate::import;

use super::*;

pub(super) fn import(path: &Path, term: &Terminal) -> Exit {
    let input = match load::read(path) {
        Ok(i) => i,
        Err(f) => {
            print_reports(&f.reports, term);
            return Exit::Invalid;
        }
    };
    let flat = match import::parse(&input.text) {
        Ok(flat) => flat,
        Err(problems) => {
            let source = std::sync::Arc::new(SourceFile {
                name: input.name,
                text: input.text,
            });
            print_reports(&Report::all(source, problems), term);
            return Exit::Invalid;
        }
    };
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    match import::to_language(&flat, &import::board_name(stem)) {
        Ok(text) => {
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            Exit::Success
        }
        Err(e) => {
            print_plain(
                format!("internal error: {e}"),
                Some("please report this file".to_string()),
                term,
            );
            Exit::Invalid
        }
    }
}
