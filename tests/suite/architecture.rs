//! The shape of the code, as docs/ARCHITECTURE.md states it: files a reader
//! can hold in their head, views that only format the library's one answer
//! to a turn, and modules whose uses run one way.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most lines a file under `src/` may have.
const MAX_LINES: usize = 900;

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// A file's code without its unit tests (a `#[cfg(test)]` module, inline
/// or declared) and without comment lines.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a source file");
    let mut kept = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            if !line.trim_start().starts_with("//") {
                kept.push(line);
            }
            continue;
        }
        // The item the attribute is on: a declared module ends on its
        // line; an inline one at the brace that closes it.
        let mut depth = 0i64;
        for item in lines.by_ref() {
            depth += item.matches('{').count() as i64 - item.matches('}').count() as i64;
            if depth <= 0 && (item.trim_end().ends_with(';') || item.trim_end().ends_with('}')) {
                break;
            }
        }
    }
    kept.join("\n")
}

#[test]
fn no_source_file_is_over_900_lines() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    assert!(files.len() > 50, "only {} files found", files.len());
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f)
                .expect("a source file")
                .lines()
                .count();
            (lines > MAX_LINES).then(|| format!("{} ({lines} lines)", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "over {MAX_LINES} lines: {long:?}");
}

/// The renderers and the language server format an `answer::Answer`: they
/// never replay a path on the referee, nor work out fix-its, remedies,
/// plans or odds themselves.
#[test]
fn views_only_format_the_answer() {
    const ENGINE_CALLS: &[&str] = &[
        "referee::replay",
        "referee::play",
        ".apply(",
        "fixit::fixits",
        "fixit::plans_after",
        "fixit::saves",
        "fixit::best",
        "fixit::failure(",
        "fixit::allowed_at",
    ];
    let mut files = Vec::new();
    for dir in ["render", "lsp", "screen"] {
        rust_files(&src().join(dir), &mut files);
    }
    rust_files(&src().join("cli"), &mut files);
    files.push(src().join("screen.rs"));
    assert!(files.len() > 30, "only {} files found", files.len());
    let mut found = Vec::new();
    for file in &files {
        let code = code_of(file);
        for call in ENGINE_CALLS {
            if code.contains(call) {
                found.push(format!("{} calls `{call}`", file.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// A module's path from `src/`: `render/document/parts.rs` is
/// `["render", "document", "parts"]`, `render/mod.rs` and `render.rs` are
/// `["render"]`.
fn module_of(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src()).expect("a file under src/");
    let mut parts: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// Which modules each module uses, between siblings: an edge from
/// `search/general` to `search/outcomes` for a `use super::outcomes` in
/// `search/general.rs`, and from `render` to `answer` for a
/// `crate::answer::Answer` anywhere in `render/table.rs`.
fn sibling_uses() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    // Unit-test files and the binary stand outside the library's layers.
    files.retain(|f| {
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        !name.ends_with("tests.rs") && name != "main.rs"
    });
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let from = module_of(file);
        let code = code_of(file);
        for (at, _) in code
            .match_indices("crate::")
            .chain(code.match_indices("super::"))
        {
            let rest = &code[at..];
            let path: Vec<&str> = rest
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .next()
                .unwrap_or("")
                .split("::")
                .filter(|p| !p.is_empty())
                .collect();
            let Some((&first, names)) = path.split_first() else {
                continue;
            };
            let mut to: Vec<String> = if first == "crate" {
                Vec::new()
            } else {
                from[..from.len().saturating_sub(1)].to_vec()
            };
            to.extend(names.iter().map(|n| n.to_string()));
            while !to.is_empty() && !modules.contains(&to) {
                to.pop();
            }
            let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if shared < from.len() && shared < to.len() {
                edges
                    .entry(from[..=shared].to_vec())
                    .or_default()
                    .insert(to[..=shared].to_vec());
            }
        }
    }
    edges
}

/// No two modules of one folder use each other, directly or through
/// others of that folder: uses run one way, so each module can be read
/// knowing only those below it.
#[test]
fn modules_use_each_other_one_way() {
    let edges = sibling_uses();
    assert!(
        edges.values().map(BTreeSet::len).sum::<usize>() > 50,
        "too few uses found: {edges:?}"
    );
    // A path back to `start` from a module it uses is a circle.
    let mut circles = Vec::new();
    for (start, uses) in &edges {
        for first in uses {
            let mut seen = BTreeSet::new();
            let mut stack = vec![vec![start.clone(), first.clone()]];
            while let Some(path) = stack.pop() {
                let last = path.last().expect("a path is never empty");
                if last == start {
                    circles.push(
                        path.iter()
                            .map(|m| m.join("/"))
                            .collect::<Vec<_>>()
                            .join(" -> "),
                    );
                    break;
                }
                if !seen.insert(last.clone()) {
                    continue;
                }
                for next in edges.get(last).into_iter().flatten() {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push(longer);
                }
            }
        }
    }
    assert!(circles.is_empty(), "modules in a circle: {circles:#?}");
}

/// BENCHMARKS.md holds the current figures and how to reproduce them; the
/// history goes to docs/perf-history.md, so the file stays readable.
#[test]
fn benchmarks_hold_the_current_figures_in_300_lines() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("BENCHMARKS.md");
    let lines = std::fs::read_to_string(path)
        .expect("BENCHMARKS.md")
        .lines()
        .count();
    assert!(lines <= 300, "BENCHMARKS.md has {lines} lines");
}

/// docs/ARCHITECTURE.md's code map names every file under `src/` (by its
/// path, its folder and name, or its name), so that a newcomer finds each
/// module from it.
#[test]
fn the_code_map_names_every_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = std::fs::read_to_string(root.join("docs/ARCHITECTURE.md")).expect("the map");
    let mut files = Vec::new();
    let mut pending = vec![src()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 100, "only {} files found", files.len());
    let unnamed: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let relative = f
                .strip_prefix(src())
                .ok()?
                .to_string_lossy()
                .replace('\\', "/");
            let parts: Vec<&str> = relative.rsplitn(3, '/').collect();
            let name = parts[0];
            let last_two = parts.get(1).map(|dir| format!("{dir}/{name}"));
            // A folder's `mod.rs` is named by the folder: `search/`.
            let folder = relative
                .strip_suffix("mod.rs")
                .is_some_and(|dir| map.contains(&format!("{dir}`")));
            let named = folder
                || map.contains(&format!("{relative}`"))
                || last_two.is_some_and(|t| map.contains(&format!("{t}`")))
                || map.contains(&format!("`{name}`"));
            (!named).then_some(relative)
        })
        .collect();
    assert!(
        unnamed.is_empty(),
        "docs/ARCHITECTURE.md names none of {unnamed:?}"
    );
}
