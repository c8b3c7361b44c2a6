//! The engine reads compiled tables only: no room state, hatch state or item
//! of a rules file is named in its code (comments aside). The engine is the
//! model, the outcomes, the referee, the whole turn's plans and every file
//! of the search and of the model.

use std::path::{Path, PathBuf};

/// The engine's files outside `src/search/` and `src/model/`.
const ENGINE: &[&str] = &[
    "src/model.rs",
    "src/referee.rs",
    "src/outcome.rs",
    "src/fixit.rs",
];

/// The names as they would appear in strings.
const QUOTED: &[&str] = &[
    "\"clear\"",
    "\"low_flood\"",
    "\"high_flood\"",
    "\"fire\"",
    "\"sea\"",
    "\"open\"",
    "\"closed\"",
    "\"blocked\"",
    "\"grog\"",
    "\"aqualung\"",
    "\"extinguish_fire\"",
    "\"pump_water\"",
    "\"unblock_hatch\"",
];

/// The names as they would appear in Rust names.
const NAMES: &[&str] = &[
    "LowFlood",
    "HighFlood",
    "Fire",
    "Sea",
    "Closed",
    "Blocked",
    "Grog",
    "Aqualung",
];

/// Every engine file: those of [`ENGINE`] and every `.rs` file under
/// `src/search/` and `src/model/`, however deep.
fn engine_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = ENGINE.iter().map(|f| root.join(f)).collect();
    let mut dirs = vec![root.join("src/search"), root.join("src/model")];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("an engine folder can be listed").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.retain(|f| f.exists());
    files
}

/// Whether the identifier `token` holds `name` as one of its words:
/// `HighFlood` and `SeaRoom` hold `HighFlood` and `Sea`; `Search` does not
/// hold `Sea`.
fn holds_name(token: &str, name: &str) -> bool {
    token.match_indices(name).any(|(i, _)| {
        let next = token[i + name.len()..].chars().next();
        !next.is_some_and(|c| c.is_ascii_lowercase())
    })
}

#[test]
fn the_engine_never_names_a_game_state() {
    let files = engine_files();
    // The files of ENGINE, the dozen of the search and those of the model.
    assert!(files.len() >= 18, "only {} engine files found", files.len());
    for file in &files {
        let text = std::fs::read_to_string(file).expect("engine source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let place = format!("{}:{}", file.display(), n + 1);
            for word in QUOTED {
                assert!(
                    !code.contains(word),
                    "{place}: names the game word {word}: {line}"
                );
            }
            let tokens = code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
            for token in tokens {
                for name in NAMES {
                    assert!(
                        !holds_name(token, name),
                        "{place}: names the game word {name}: {line}"
                    );
                }
            }
        }
    }
}

#[test]
fn game_words_are_found_where_they_are() {
    assert!(holds_name("HighFlood", "HighFlood"));
    assert!(holds_name("SeaRoom", "Sea"));
    assert!(holds_name("StateSea", "Sea"));
    assert!(!holds_name("Search", "Sea"));
    assert!(!holds_name("Firearm", "Fire"));
}
