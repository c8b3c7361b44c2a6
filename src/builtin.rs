//! The rules files and boards shipped in `boards/`, embedded in the binary.

/// A rules file shipped with hatchway, with what it is and where it comes
/// from, as `hatchway rules` lists them and docs/RULES.md explains them.
#[derive(Debug, Clone, Copy)]
pub struct BuiltinRules {
    /// The name a board's `rules` line uses.
    pub name: &'static str,
    /// One line: what the rules are.
    pub summary: &'static str,
    /// One line: where they come from.
    pub origin: &'static str,
    /// The file as shipped.
    pub text: &'static str,
    /// The built-in board these rules are played on when a command names
    /// them with `--rules` and no board (a name of [`BOARDS`]).
    pub board: &'static str,
}

/// Built-in rules files, the default first.
pub const RULES: &[BuiltinRules] = &[
    BuiltinRules {
        name: "red-november-rulebook",
        summary: "The published rules for moving and fix-its: grog or a fire extinguisher \
                  lets a gnome into a burning room, a burning room can be left, high water \
                  meeting low water evens out, rooms can be entered again, a gnome left in \
                  fire or high water dies, and the three token fix-its with their odds.",
        origin: "each rule cites the public text it comes from (the publisher's worked turn \
                 and FAQ answers, two rules summaries); where those are silent the file \
                 says it chose. The rulebook's own pages were not read.",
        text: include_str!("../boards/red-november-rulebook.rules"),
        board: "red-november-rulebook",
    },
    BuiltinRules {
        name: "red-november",
        summary: "The movement of the base game as the first pathfinder program modelled it: \
                  low water costs a minute, high water and fire bar the way, a burning room \
                  cannot be left, no room is entered twice.",
        origin: "the model of the first pathfinder program, not the published rulebook \
                 (docs/RULES.md lists where the two differ).",
        text: include_str!("../boards/red-november.rules"),
        board: "red-november",
    },
    BuiltinRules {
        name: "deep-water",
        summary: "A made-up variant: high water can be waded at 2 minutes a room, climbing \
                  out of it into a dry room costs a minute more, and fire can be left but \
                  not entered.",
        origin: "invented for hatchway, to show that the rules are data; not from the game.",
        text: include_str!("../boards/deep-water.rules"),
        board: "deep-water",
    },
];

/// The name of the rules a board uses when it does not say.
pub const DEFAULT_RULES: &str = "red-november-rulebook";

/// The line `hatchway rules NAME` prints before a built-in rules file: a
/// copy that keeps the built-in name is taken for the built-in rules by
/// every board that names them, and cannot be told apart in outputs.
pub const COPY_HEADER: &str =
    "# Copy this file under a name of your own: change the `rules` line below.\n";

/// The standard board, used when a command is given no board and no rules
/// (the default rules' own board).
pub const STANDARD_BOARD: (&str, &str) = (
    "red-november-rulebook.board",
    include_str!("../boards/red-november-rulebook.board"),
);

/// A board shipped with hatchway, which any command takes by name where it
/// takes a board file (`hatchway paths desperate-times`).
#[derive(Debug, Clone, Copy)]
pub struct BuiltinBoard {
    /// Its name, as commands take it.
    pub name: &'static str,
    /// The file it is shipped as in `boards/`, whose extension says its
    /// format.
    pub file: &'static str,
    /// The file as shipped.
    pub text: &'static str,
}

/// Built-in boards, the standard one first. (`boards/mini-flood.yaml` is
/// `mini-flood` again, in YAML, to show the format: not a board of its own.)
pub const BOARDS: &[BuiltinBoard] = &[
    BuiltinBoard {
        name: "red-november-rulebook",
        file: STANDARD_BOARD.0,
        text: STANDARD_BOARD.1,
    },
    BuiltinBoard {
        name: "red-november",
        file: "red-november.board",
        text: include_str!("../boards/red-november.board"),
    },
    BuiltinBoard {
        name: "desperate-times",
        file: "desperate-times.board",
        text: include_str!("../boards/desperate-times.board"),
    },
    BuiltinBoard {
        name: "burning-reactor",
        file: "burning-reactor.board",
        text: include_str!("../boards/burning-reactor.board"),
    },
    BuiltinBoard {
        name: "mini-flood",
        file: "mini-flood.board",
        text: include_str!("../boards/mini-flood.board"),
    },
    BuiltinBoard {
        name: "open-mini",
        file: "open-mini.board",
        text: include_str!("../boards/open-mini.board"),
    },
    BuiltinBoard {
        name: "long-hull",
        file: "long-hull.board",
        text: include_str!("../boards/long-hull.board"),
    },
    BuiltinBoard {
        name: "deep-water",
        file: "deep-water.board",
        text: include_str!("../boards/deep-water.board"),
    },
    BuiltinBoard {
        name: "galley",
        file: "galley.json",
        text: include_str!("../boards/galley.json"),
    },
];

/// The built-in board of this name.
pub fn board(name: &str) -> Option<&'static BuiltinBoard> {
    BOARDS.iter().find(|b| b.name == name)
}

impl BuiltinBoard {
    /// What the board shows: its first comment paragraph, on one line
    /// (empty for a board without one, such as a JSON board).
    pub fn summary(&self) -> String {
        self.text
            .lines()
            .map_while(|l| l.strip_prefix('#'))
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The board a command given no board plays under the rules named
/// `rules`: the built-in rules' own board, else (rules from a file) the
/// standard board.
pub fn standard_board_of(rules: &str) -> (&'static str, &'static str) {
    self::rules(rules)
        .and_then(|r| board(r.board))
        .map_or(STANDARD_BOARD, |b| (b.file, b.text))
}

/// The built-in rules file of this name.
pub fn rules(name: &str) -> Option<&'static BuiltinRules> {
    RULES.iter().find(|r| r.name == name)
}

/// The text of a built-in rules file.
pub fn rules_text(name: &str) -> Option<&'static str> {
    rules(name).map(|r| r.text)
}

/// The names of the built-in rules, for help lines.
pub fn rules_names() -> String {
    RULES
        .iter()
        .map(|r| format!("`{}`", r.name))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rules_file_has_a_board_of_its_own_and_the_default_is_the_standard_one() {
        for rules in RULES {
            let board = board(rules.board).map(|b| b.text).unwrap_or_default();
            assert!(
                board
                    .lines()
                    .any(|l| l.trim() == format!("rules {}", rules.name)),
                "the board of `{}` is played by them",
                rules.name
            );
        }
        assert_eq!(standard_board_of(DEFAULT_RULES), STANDARD_BOARD);
        assert_eq!(standard_board_of("mine"), STANDARD_BOARD);
    }
}
