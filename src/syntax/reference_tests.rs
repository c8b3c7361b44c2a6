//! The language reference and the grammar stay in step: every example in
//! `docs/LANGUAGE.md` (and `README.md`) tagged `hatchway` is a complete file
//! that compiles, every one tagged `hatchway-invalid` fails, every YAML and
//! JSON example is a board that compiles, and together the valid examples
//! use every construct and keyword of the grammar.

use std::path::{Path, PathBuf};

use crate::load::{self, Input, InputKind};
use crate::model::limits;
use crate::syntax::{self, ast};

/// A fenced code block of a Markdown file.
struct Block {
    /// The word after the opening fence.
    tag: String,
    /// Where it starts, for messages: `docs/LANGUAGE.md:42`.
    place: String,
    text: String,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn blocks(file: &str) -> Vec<Block> {
    let text = std::fs::read_to_string(root().join(file)).expect("the document exists");
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(tag)) => {
                open = Some(Block {
                    tag: tag.trim().to_string(),
                    place: format!("{file}:{}", i + 1),
                    text: String::new(),
                });
            }
            (Some(_), Some(_)) => blocks.extend(open.take()),
            (Some(block), None) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "{file} ends inside a code block");
    blocks
}

/// Examples that name a rules file by path find it in `boards/`.
fn input(block: &Block, kind: InputKind) -> Input {
    Input {
        name: block.place.clone(),
        text: block.text.clone(),
        dir: Some(PathBuf::from("boards")),
        kind,
    }
}

fn compile(block: &Block, kind: InputKind) -> Result<(), String> {
    match load::compile(&input(block, kind)) {
        Ok(loaded) if loaded.warnings.iter().all(|r| !r.is_error()) => Ok(()),
        Ok(_) => Err("compiled with errors".to_string()),
        Err(f) => Err(f
            .reports
            .iter()
            .map(|r| r.render_plain(80))
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

fn documents() -> Vec<Block> {
    let mut all = blocks("docs/LANGUAGE.md");
    all.extend(blocks("README.md"));
    all
}

#[test]
fn every_example_compiles() {
    let mut counts = [0usize; 4];
    for block in documents() {
        match block.tag.as_str() {
            "hatchway" => {
                counts[0] += 1;
                if let Err(e) = compile(&block, InputKind::Language) {
                    panic!("the example at {} does not compile:\n{e}", block.place);
                }
            }
            "hatchway-invalid" => {
                counts[1] += 1;
                assert!(
                    compile(&block, InputKind::Language).is_err(),
                    "the invalid example at {} compiles",
                    block.place
                );
            }
            "yaml" => {
                counts[2] += 1;
                let kind = InputKind::of(Path::new("board.yaml"));
                if let Err(e) = compile(&block, kind) {
                    panic!("the YAML board at {} does not compile:\n{e}", block.place);
                }
            }
            "json" => {
                counts[3] += 1;
                let kind = InputKind::of(Path::new("board.json"));
                if let Err(e) = compile(&block, kind) {
                    panic!("the JSON board at {} does not compile:\n{e}", block.place);
                }
            }
            _ => {}
        }
    }
    assert!(
        counts.iter().all(|&n| n > 0),
        "examples of each kind: {counts:?}"
    );
}

/// What the valid examples use, as names of constructs.
///
/// One function of some 120 lines: a table, one arm a construct of the
/// language.
fn constructs(file: &ast::File, text: &str, used: &mut Vec<&'static str>) {
    let mut add = |c: &'static str| used.push(c);
    if text.contains('#') {
        add("comment");
    }
    let condition = |c: &ast::Condition| match c {
        ast::Condition::From(_) => "from condition",
        ast::Condition::Through(_) => "through condition",
        ast::Condition::In(_) => "in condition",
        ast::Condition::With(_) => "with condition",
        ast::Condition::Without(_) => "without condition",
    };
    let quoted = |n: &ast::Name, span_text: &str| span_text.starts_with('"') && !n.text.is_empty();
    match file {
        ast::File::Rules(r) => {
            add("rules file");
            let header = &text[r.name.span.start..r.name.span.end];
            add(if quoted(&r.name, header) {
                "quoted rules name"
            } else {
                "rules name"
            });
            for s in &r.statements {
                match s {
                    ast::RulesStatement::RoomStates(..) => add("room states"),
                    ast::RulesStatement::HatchStates(..) => add("hatch states"),
                    ast::RulesStatement::Items(..) => add("items"),
                    ast::RulesStatement::WalkThrough(..) => add("walk through"),
                    ast::RulesStatement::Open(o) => {
                        add(if o.effect.is_some() {
                            "open with cost"
                        } else {
                            "open forbidden"
                        });
                        o.conditions.iter().for_each(|c| add(condition(c)));
                    }
                    ast::RulesStatement::Enter(e) => {
                        add(if e.cost.is_some() {
                            "enter with cost"
                        } else {
                            "enter forbidden"
                        });
                        e.conditions.iter().for_each(|c| add(condition(c)));
                    }
                    ast::RulesStatement::Leave(l) => {
                        add(if l.allowed {
                            "leave allowed"
                        } else {
                            "leave forbidden"
                        });
                        l.conditions.iter().for_each(|c| add(condition(c)));
                    }
                    ast::RulesStatement::Flow(_) => add("flow"),
                    ast::RulesStatement::Revisit(allowed, _) => add(if *allowed {
                        "revisit allowed"
                    } else {
                        "revisit forbidden"
                    }),
                    ast::RulesStatement::End(e) => {
                        add(if e.fatal { "end fatal" } else { "end safe" });
                        e.conditions.iter().for_each(|c| add(condition(c)));
                    }
                    ast::RulesStatement::ActionDecl(d) => add(match d.on {
                        ast::ActionOn::Room => "room action",
                        ast::ActionOn::Hatch => "hatch action",
                    }),
                    ast::RulesStatement::ActionRule(r) => {
                        add(match r.effect {
                            ast::ActionEffect::Forbidden => "action forbidden",
                            ast::ActionEffect::Cost(_) => "action with cost",
                            ast::ActionEffect::Bonus(_) => "action bonus",
                        });
                        r.conditions.iter().for_each(|c| add(condition(c)));
                    }
                    ast::RulesStatement::ActionFailure(_) => add("action fails leave"),
                    ast::RulesStatement::Say(_) => add("say"),
                }
            }
        }
        ast::File::Board(b) => {
            add("board file");
            let header = &text[b.name.span.start..b.name.span.end];
            add(if quoted(&b.name, header) {
                "quoted board name"
            } else {
                "board name"
            });
            for r in &b.rules {
                add(match r {
                    ast::RulesRef::Builtin(_) => "built-in rules",
                    ast::RulesRef::Path(_) => "rules path",
                });
            }
            for room in &b.rooms {
                add(if room.display.is_some() {
                    "room with display name"
                } else {
                    "room without display name"
                });
                add(if room.state.is_some() {
                    "room with state"
                } else {
                    "room without state"
                });
            }
            for hatch in &b.hatches {
                add(if hatch.state.is_some() {
                    "hatch with state"
                } else {
                    "hatch without state"
                });
            }
            if !b.starts.is_empty() {
                add("start");
            }
        }
    }
}

#[test]
fn the_examples_use_every_construct() {
    let mut used = Vec::new();
    let mut words = std::collections::BTreeSet::new();
    for block in documents().iter().filter(|b| b.tag == "hatchway") {
        let file = syntax::parse(&block.text).expect("valid examples parse");
        constructs(&file, &block.text, &mut used);
        words.extend(
            block
                .text
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map(str::to_string),
        );
    }
    let expected = [
        "comment",
        "rules file",
        "rules name",
        "quoted rules name",
        "room states",
        "hatch states",
        "items",
        "walk through",
        "open with cost",
        "open forbidden",
        "enter with cost",
        "enter forbidden",
        "leave allowed",
        "leave forbidden",
        "flow",
        "revisit allowed",
        "revisit forbidden",
        "end fatal",
        "end safe",
        "room action",
        "hatch action",
        "action forbidden",
        "action with cost",
        "action bonus",
        "action fails leave",
        "say",
        "in condition",
        "from condition",
        "through condition",
        "with condition",
        "without condition",
        "board file",
        "board name",
        "quoted board name",
        "built-in rules",
        "rules path",
        "room with display name",
        "room without display name",
        "room with state",
        "room without state",
        "hatch with state",
        "hatch without state",
        "start",
    ];
    for construct in expected {
        assert!(
            used.contains(&construct),
            "no valid example in the docs uses: {construct}"
        );
    }
    // Every keyword of the language (the one table, which a unit test
    // holds to the grammar) appears in some valid example.
    let keywords: Vec<String> = crate::syntax::keywords::KEYWORDS
        .iter()
        .map(|k| k.word.to_string())
        .collect();
    assert!(keywords.len() >= 20, "keywords found: {keywords:?}");
    for keyword in keywords {
        assert!(
            words.contains(&keyword),
            "no valid example in the docs uses the keyword `{keyword}`"
        );
    }
}

#[test]
fn the_reference_states_the_limits() {
    let text =
        std::fs::read_to_string(root().join("docs/LANGUAGE.md")).expect("the reference exists");
    for (what, value) in [
        ("room states", limits::ROOM_STATES),
        ("hatch states", limits::HATCH_STATES),
        ("items", limits::ITEMS),
        ("rooms on a board", limits::ROOMS),
        ("hatches on a board", limits::HATCHES),
        ("characters in a name", limits::NAME_LENGTH),
        ("bytes in a file", limits::FILE_SIZE),
        ("cost of one rule", crate::model::MAX_RULE_COST as usize),
    ] {
        assert!(
            text.lines()
                .any(|l| l.contains(what) && l.contains(&format!("| {value}"))),
            "the limits table of docs/LANGUAGE.md does not give {what}: {value}"
        );
    }
}

#[test]
fn the_shipped_rules_file_is_quoted_in_full() {
    let shipped = std::fs::read_to_string(root().join("boards/red-november.rules"))
        .expect("the rules file exists");
    assert!(
        blocks("docs/LANGUAGE.md")
            .iter()
            .any(|b| b.tag == "hatchway" && b.text == shipped),
        "docs/LANGUAGE.md quotes an old version of boards/red-november.rules"
    );
}
