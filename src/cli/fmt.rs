//! `hatchway fmt`: lay board and rules files out in the canonical way.

use std::io::Read;
use std::sync::Arc;

use crate::format;

use super::*;

/// Whether a path is written in the hatchway language (and so formatted);
/// YAML and JSON boards are not.
fn is_language(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("board" | "rules")
    )
}

/// The files named on the command line: a folder stands for every `.board`
/// and `.rules` file in it, in name order.
fn expand(paths: &[PathBuf], term: &Terminal) -> (Vec<PathBuf>, Exit) {
    let mut files = Vec::new();
    let mut exit = Exit::Success;
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        match std::fs::read_dir(path) {
            Ok(entries) => {
                let mut found: Vec<PathBuf> = entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.is_file() && is_language(p))
                    .collect();
                found.sort();
                files.extend(found);
            }
            Err(e) => {
                print_plain(
                    format!("cannot read the folder `{}`: {e}", path.display()),
                    None,
                    term,
                );
                exit = Exit::Invalid;
            }
        }
    }
    (files, exit)
}

/// A unified diff from a file to its formatted text, for `--check`.
fn diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(name, &format!("{name} (formatted)"))
        .to_string()
}

/// What formatting one text found.
enum Outcome {
    /// Already canonical.
    Same,
    /// Its canonical text differs.
    Changed(String),
    /// It does not parse (the reports are printed).
    Invalid,
}

fn format_text(name: &str, text: &str, term: &Terminal) -> Outcome {
    match format::format(text) {
        Ok(formatted) if formatted == text => Outcome::Same,
        Ok(formatted) => Outcome::Changed(formatted),
        Err(problems) => {
            let source = Arc::new(SourceFile {
                name: name.to_string(),
                text: text.to_string(),
            });
            print_reports(&Report::all(source, problems), term);
            Outcome::Invalid
        }
    }
}

pub(super) fn fmt(paths: &[PathBuf], check: bool, term: &Terminal) -> Exit {
    if paths.is_empty() {
        return fmt_stdin(check, term);
    }
    let (files, mut exit) = expand(paths, term);
    for file in &files {
        let name = file.display().to_string();
        if matches!(InputKind::of(file), InputKind::Document(_)) {
            eprintln!("note: skipped {name}: only .board and .rules files are formatted");
            continue;
        }
        let input = match load::read(file) {
            Ok(input) => input,
            Err(f) => {
                print_reports(&f.reports, term);
                exit = Exit::Invalid;
                continue;
            }
        };
        match format_text(&name, &input.text, term) {
            Outcome::Same => {}
            Outcome::Invalid => exit = Exit::Invalid,
            Outcome::Changed(formatted) if check => {
                print!("{}", diff(&name, &input.text, &formatted));
                exit = Exit::Invalid;
            }
            Outcome::Changed(formatted) => match std::fs::write(file, formatted) {
                Ok(()) => println!("formatted {name}"),
                Err(e) => {
                    print_plain(format!("cannot write `{name}`: {e}"), None, term);
                    exit = Exit::Invalid;
                }
            },
        }
    }
    exit
}

/// Without files: standard input, formatted to standard output (or, with
/// `--check`, compared).
fn fmt_stdin(check: bool, term: &Terminal) -> Exit {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().lock().read_to_string(&mut text) {
        print_plain(format!("cannot read standard input: {e}"), None, term);
        return Exit::Invalid;
    }
    let name = "<stdin>";
    match format_text(name, &text, term) {
        Outcome::Invalid => Exit::Invalid,
        Outcome::Same if !check => {
            print!("{text}");
            Exit::Success
        }
        Outcome::Same => Exit::Success,
        Outcome::Changed(formatted) if check => {
            print!("{}", diff(name, &text, &formatted));
            Exit::Invalid
        }
        Outcome::Changed(formatted) => {
            print!("{formatted}");
            Exit::Success
        }
    }
}
