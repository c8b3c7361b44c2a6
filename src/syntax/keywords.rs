//! The keywords of the hatchway language, in one table that the parser's
//! messages, the checks of names and the documentation tests read. The
//! grammar (`grammar/hatchway.pest`) cannot read a Rust table, so a test
//! below holds it to this one: the same keywords, the same reserved words.

/// Where a keyword can start a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starts {
    /// It never starts a statement (`from`, `cost`, `at`...).
    Nothing,
    /// A file's first word: `rules` in a rules file, `board` in a board file.
    Header,
    /// A statement of rules files only.
    RulesStatement,
    /// A statement of board files only.
    BoardStatement,
    /// A statement of both kinds of file (`room`, `hatch`).
    EitherStatement,
}

/// One keyword.
#[derive(Clone, Copy, Debug)]
pub struct Keyword {
    /// The word as written.
    pub word: &'static str,
    /// Whether it can never be a name, a room id or a title: the words that
    /// start statements or conditions, so that a forgotten name is reported
    /// where it is missing. (`open` and `states` are keywords but not
    /// reserved: `open` is the usual name of a hatch state.)
    pub reserved: bool,
    /// Where it starts a statement.
    pub starts: Starts,
    /// The word after it that a rules file's statement opens with (`states`
    /// after `room`, `through` after `walk`), empty when it opens alone.
    pub then: &'static str,
}

const fn keyword(word: &'static str, reserved: bool, starts: Starts) -> Keyword {
    Keyword {
        word,
        reserved,
        starts,
        then: "",
    }
}

/// A keyword that opens a rules file's statement with the word `then`.
const fn opening(word: &'static str, starts: Starts, then: &'static str) -> Keyword {
    Keyword {
        word,
        reserved: true,
        starts,
        then,
    }
}

/// Every keyword of the language.
pub const KEYWORDS: &[Keyword] = &[
    // `rules` is both the header of a rules file and a board's statement
    // naming its rules.
    keyword("rules", true, Starts::Header),
    keyword("board", true, Starts::Header),
    opening("room", Starts::EitherStatement, "states"),
    opening("hatch", Starts::EitherStatement, "states"),
    keyword("states", false, Starts::Nothing),
    keyword("items", true, Starts::RulesStatement),
    keyword("open", false, Starts::RulesStatement),
    opening("walk", Starts::RulesStatement, "through"),
    keyword("through", true, Starts::Nothing),
    keyword("enter", true, Starts::RulesStatement),
    keyword("leave", true, Starts::RulesStatement),
    keyword("flow", true, Starts::RulesStatement),
    keyword("revisit", true, Starts::RulesStatement),
    keyword("from", true, Starts::Nothing),
    keyword("with", true, Starts::Nothing),
    keyword("without", true, Starts::Nothing),
    keyword("cost", true, Starts::Nothing),
    keyword("becomes", true, Starts::Nothing),
    keyword("start", true, Starts::BoardStatement),
    keyword("at", false, Starts::Nothing),
    keyword("forbidden", true, Starts::Nothing),
    keyword("allowed", true, Starts::Nothing),
    keyword("end", true, Starts::RulesStatement),
    keyword("action", true, Starts::RulesStatement),
    keyword("in", true, Starts::Nothing),
    // Effects after a colon, where no name can stand: not reserved, so
    // that a state may be called `safe`.
    keyword("bonus", false, Starts::Nothing),
    keyword("fatal", false, Starts::Nothing),
    keyword("safe", false, Starts::Nothing),
    // After an action's name, where a condition or a colon may stand: not
    // reserved, so that a state or an item may be called `fails`.
    keyword("fails", false, Starts::Nothing),
    keyword("say", true, Starts::RulesStatement),
];

fn find(word: &str) -> Option<&'static Keyword> {
    KEYWORDS.iter().find(|k| k.word == word)
}

/// Whether a word is reserved: it cannot be a name (of a state, an item, a
/// board or rules) or a room id.
pub fn is_reserved(word: &str) -> bool {
    find(word).is_some_and(|k| k.reserved)
}

/// Whether a word starts a statement of rules files and never one of board
/// files.
pub fn starts_rules_statement_only(word: &str) -> bool {
    find(word).is_some_and(|k| k.starts == Starts::RulesStatement)
}

/// Whether a word, after a rules file's header, belongs to a board file:
/// a statement of board files only, or a header.
pub fn belongs_to_boards(word: &str) -> bool {
    // `rules` starts a board's statement as well as a rules file.
    find(word).is_some_and(|k| matches!(k.starts, Starts::BoardStatement | Starts::Header))
}

/// Whether a word is a keyword of the language, reserved or not.
pub fn is_keyword(word: &str) -> bool {
    find(word).is_some()
}

/// The words a file starts with: `rules` and `board`.
pub fn header_words() -> impl Iterator<Item = &'static str> {
    KEYWORDS
        .iter()
        .filter(|k| k.starts == Starts::Header)
        .map(|k| k.word)
}

/// The words that start a statement of a board file (`board` true) or of a
/// rules file, in table order: what a misspelt first word of a statement
/// is likely a slip of.
pub fn statement_words(board: bool) -> impl Iterator<Item = &'static str> {
    KEYWORDS
        .iter()
        .filter(move |k| match k.starts {
            Starts::EitherStatement => true,
            Starts::BoardStatement => board,
            Starts::RulesStatement => !board,
            // `rules` names a board's rules as well as heading a rules file.
            Starts::Header => board && k.word == "rules",
            Starts::Nothing => false,
        })
        .map(|k| k.word)
}

/// How each statement of a board file (`board` true) or of a rules file
/// opens, as a help line names the statements: `room states` and `walk
/// through` in a rules file, `room` in a board file. In table order, but
/// for a board's `rules`, named last: it heads a rules file first.
pub fn statement_openings(board: bool) -> Vec<String> {
    let mut keywords: Vec<&Keyword> = statement_words(board).filter_map(find).collect();
    keywords.sort_by_key(|k| k.starts == Starts::Header);
    keywords
        .iter()
        .map(|k| match k.then {
            then if !board && !then.is_empty() => format!("{} {then}", k.word),
            _ => k.word.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::KEYWORDS;

    /// The reserved words, in table order.
    fn reserved() -> impl Iterator<Item = &'static str> {
        KEYWORDS.iter().filter(|k| k.reserved).map(|k| k.word)
    }

    const GRAMMAR: &str = include_str!("../../grammar/hatchway.pest");

    /// The quoted words of `text`.
    fn quoted(text: &str) -> BTreeSet<String> {
        text.split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    /// The body of the grammar rule `name`, between its braces.
    fn rule_body(name: &str) -> &'static str {
        let start = GRAMMAR
            .lines()
            .scan(0, |at, line| {
                let here = *at;
                *at += line.len() + 1;
                Some((here, line))
            })
            .find(|(_, line)| line.trim_start().starts_with(&format!("{name} ")))
            .map(|(at, _)| at)
            .unwrap_or_else(|| panic!("the grammar has no rule {name}"));
        let open = start + GRAMMAR[start..].find('{').unwrap_or(0);
        let close = open + GRAMMAR[open..].find('}').unwrap_or(0);
        &GRAMMAR[open..close]
    }

    #[test]
    fn the_grammar_has_the_keywords_of_the_table() {
        // Every keyword rule of the grammar: `kw_WORD`, `forbidden`, `allowed`.
        let mut grammar = BTreeSet::new();
        for line in GRAMMAR.lines() {
            let Some((name, _)) = line.split_once('=') else {
                continue;
            };
            let name = name.trim();
            if name.starts_with("kw_") || name == "forbidden" || name == "allowed" {
                let words = quoted(rule_body(name));
                assert_eq!(words.len(), 1, "{name} holds {words:?}");
                grammar.extend(words);
            }
        }
        let table: BTreeSet<String> = KEYWORDS.iter().map(|k| k.word.to_string()).collect();
        assert!(table.len() >= 20, "{table:?}");
        assert_eq!(
            grammar, table,
            "keyword rules of the grammar, and the table"
        );
    }

    #[test]
    fn the_grammar_reserves_the_words_of_the_table() {
        let grammar = quoted(rule_body("reserved"));
        let table: BTreeSet<String> = reserved().map(str::to_string).collect();
        assert!(table.len() >= 15, "{table:?}");
        assert_eq!(grammar, table, "the grammar's `reserved`, and the table");
    }

    #[test]
    fn the_language_reference_lists_the_reserved_words() {
        let doc = include_str!("../../docs/LANGUAGE.md");
        let start = doc
            .find("are keywords and cannot be used")
            .unwrap_or_else(|| panic!("docs/LANGUAGE.md lists no reserved words"));
        // The list is the paragraph after the sentence that announces it.
        let after = start + doc[start..].find("\n\n").unwrap_or(0) + 2;
        let list = &doc[after..after + doc[after..].find("\n\n").unwrap_or(0)];
        let listed: BTreeSet<String> = list
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect();
        let table: BTreeSet<String> = reserved().map(str::to_string).collect();
        assert_eq!(
            listed, table,
            "docs/LANGUAGE.md's reserved words, and the table"
        );
    }
}
