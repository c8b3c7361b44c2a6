//! One style for every message a user can trigger, checked over the whole
//! snapshot corpus (`snapshots/`: invalid files, flat imports, illegal
//! plans, command-line failures): a message starts in lowercase (or with a
//! quoted word or a number), has no full stop at its end, and never shows a
//! Rust type or a debug form; user input appears in backticks.

use std::path::Path;

/// Words that belong to Rust, not to the game.
const RUST_WORDS: [&str; 14] = [
    "Vec<",
    "Option<",
    "Some(",
    "None",
    "usize",
    "u32",
    "u64",
    "String",
    "Err(",
    "Ok(",
    "ParseIntError",
    "Utf8Error",
    "panicked",
    "unwrap",
];

/// The first line of every message and help text in one rendered snapshot.
fn messages(snapshot: &str) -> Vec<String> {
    // The snapshot header (between the `---` lines) is insta's, not ours.
    let body = snapshot.splitn(3, "---\n").nth(2).unwrap_or(snapshot);
    body.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            ["× ", "⚠ ", "help: "]
                .iter()
                .find_map(|marker| line.strip_prefix(marker))
                .map(str::to_string)
        })
        .collect()
}

#[test]
fn every_message_in_the_corpus_follows_the_style() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("snapshots/ can be listed") {
        let path = entry.expect("snapshots/ can be listed").path();
        let text = std::fs::read_to_string(&path).expect("a snapshot is text");
        for message in messages(&text) {
            checked += 1;
            let first = message.chars().next().unwrap_or(' ');
            let mut faults = Vec::new();
            if first.is_uppercase() {
                faults.push("starts with a capital");
            }
            if message.ends_with('.') {
                faults.push("ends with a full stop");
            }
            if RUST_WORDS.iter().any(|w| message.contains(w)) {
                faults.push("shows a Rust word");
            }
            if !faults.is_empty() {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                wrong.push(format!("{name:?}: {message:?}: {}", faults.join(", ")));
            }
        }
    }
    assert!(
        checked >= 200,
        "only {checked} messages found: is the corpus there?"
    );
    assert!(
        wrong.is_empty(),
        "messages off style:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_style_check_sees_faults() {
    let snapshot = "---\nsource: x\n---\n  × Cannot open Vec<u8>.\n  help: fine\n";
    let found = messages(snapshot);
    assert_eq!(found, ["Cannot open Vec<u8>.", "fine"]);
}
