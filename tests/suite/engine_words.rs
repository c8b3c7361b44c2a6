//! The engine reads compiled tables only: no room state, hatch state or item
//! of a rules file is named in its code (comments aside).

const ENGINE: &[&str] = &[
    "src/model.rs",
    "src/search.rs",
    "src/search/dry.rs",
    "src/search/small.rs",
    "src/referee.rs",
    "src/outcome.rs",
];

/// The names as they would appear in strings or as Rust names.
const GAME_WORDS: &[&str] = &[
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
    "LowFlood",
    "HighFlood",
    "Fire",
    "Sea",
    "Closed",
    "Blocked",
    "Grog",
    "Aqualung",
];

#[test]
fn the_engine_never_names_a_game_state() {
    for file in ENGINE {
        let text = std::fs::read_to_string(file).expect("engine source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in GAME_WORDS {
                assert!(
                    !code.contains(word),
                    "{file}:{}: names the game word {word}: {line}",
                    n + 1
                );
            }
        }
    }
}
