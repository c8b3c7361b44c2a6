//! The rules files and boards shipped in `boards/`, embedded in the binary.

/// Built-in rules files: (name, text).
pub const RULES: &[(&str, &str)] = &[
    ("red-november", include_str!("../boards/red-november.rules")),
    (
        "red-november-revised",
        include_str!("../boards/red-november-revised.rules"),
    ),
    ("deep-water", include_str!("../boards/deep-water.rules")),
];

/// The name of the rules a board uses when it does not say.
pub const DEFAULT_RULES: &str = "red-november";

/// The standard board, used when a command is given no board.
pub const STANDARD_BOARD: (&str, &str) = (
    "red-november.board",
    include_str!("../boards/red-november.board"),
);

/// The text of a built-in rules file.
pub fn rules_text(name: &str) -> Option<&'static str> {
    RULES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The names of the built-in rules, for help lines.
pub fn rules_names() -> String {
    RULES
        .iter()
        .map(|(n, _)| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
