//! The game's words both ways: wherever a state, an item or an action is
//! named (an option, a board in the language, YAML or JSON, a plan), it is
//! taken by its name in any case or by the words the rules say it in, and
//! the answer is the one its name gets, output for output.

use crate::common::{Run, hatchway};

/// The whole output of `words` is the whole output of `names`, and a
/// success.
fn same_as(words: &[&str], names: &[&str]) {
    let said = hatchway(words);
    let named = hatchway(names);
    assert_eq!(named.2, 0, "{names:?} failed: {}", named.1);
    assert_eq!(said, named, "{words:?} and {names:?} differ");
}

#[test]
fn options_take_an_item_or_action_by_its_words_or_in_any_case() {
    let plan = |with: &str, action: &str, format: &str| {
        [
            "plan",
            "desperate-times",
            "--with",
            with,
            "--action",
            action,
            "--at",
            "1",
            "--format",
            format,
        ]
        .map(str::to_string)
    };
    for (with, action) in [
        ("Grog", "Extinguish Fire"),
        ("GROG", "extinguish fire"),
        ("grog", "EXTINGUISH_FIRE"),
    ] {
        for format in ["table", "json"] {
            let words = plan(with, action, format);
            let names = plan("grog", "extinguish_fire", format);
            same_as(
                &words.each_ref().map(String::as_str),
                &names.each_ref().map(String::as_str),
            );
        }
    }
    same_as(
        &["paths", "--with", "Fire Extinguisher", "--to", "2"],
        &["paths", "--with", "fire_extinguisher", "--to", "2"],
    );
    same_as(
        &["diff", "--item", "Aqualung"],
        &["diff", "--item", "aqualung"],
    );
    same_as(
        &[
            "replay",
            "desperate-times",
            "--from",
            "1",
            "--with",
            "Grog",
            "--path",
            "stay, Extinguish Fire 5",
        ],
        &[
            "replay",
            "desperate-times",
            "--from",
            "1",
            "--with",
            "grog",
            "--path",
            "stay, extinguish_fire 5",
        ],
    );
    same_as(
        &[
            "replay",
            "desperate-times",
            "--from",
            "4",
            "--path",
            "stay, Unblock Hatch 2-4 5",
        ],
        &[
            "replay",
            "desperate-times",
            "--from",
            "4",
            "--path",
            "stay, unblock_hatch 2-4 5",
        ],
    );
    same_as(
        &[
            "replay",
            "desperate-times",
            "--from",
            "4",
            "--path",
            "stay, Unblock Hatch 2-4 5",
            "--format",
            "json",
        ],
        &[
            "replay",
            "desperate-times",
            "--from",
            "4",
            "--path",
            "stay, unblock_hatch 2-4 5",
            "--format",
            "json",
        ],
    );
}

#[test]
fn boards_take_a_state_by_its_words_quoted_or_its_name_in_any_case() {
    let dir = std::env::temp_dir().join(format!("hatchway-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let board = |states: [&str; 4], hatch: &str| {
        format!(
            "board mini-flood\nrules red-november\n\nroom 1: {}\nroom 2: {}\nroom 3: {}\nroom 4: {}\n\nhatch 1-2: {hatch}\nhatch 1-3\nhatch 2-3\nhatch 2-4\nhatch 3-4\n\nstart 2\n",
            states[0], states[1], states[2], states[3]
        )
    };
    let files = [
        (
            "names.board",
            board(["clear", "high_flood", "fire", "low_flood"], "closed"),
        ),
        (
            "words.board",
            board(
                ["Clear", "\"high water\"", "FIRE", "\"Low Water\""],
                "\"closed\"",
            ),
        ),
        (
            "words.yaml",
            "name: mini-flood\nrules: red-november\nrooms:\n  - {id: 1, state: Clear}\n  - {id: 2, state: high water}\n  - {id: 3, state: fire}\n  - {id: 4, state: LOW WATER}\nhatches:\n  - {between: [1, 2], state: Closed}\n  - {between: [1, 3]}\n  - {between: [2, 3]}\n  - {between: [2, 4]}\n  - {between: [3, 4]}\nstart: 2\n".to_string(),
        ),
    ];
    for (name, text) in &files {
        std::fs::write(dir.join(name), text).expect("a board is written");
    }
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    for said in ["words.board", "words.yaml"] {
        same_as(&["paths", &path(said)], &["paths", &path("names.board")]);
    }
    // The canonical layout writes what was written.
    let (formatted, _, status) = hatchway(&["fmt", "--check", &path("words.board")]);
    assert_eq!(status, 0, "{formatted}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_sweep_takes_states_by_their_words() {
    let words = hatchway(&["sweep", "mini-flood", "--states", "Low Water,fire"]);
    let names = hatchway(&["sweep", "mini-flood", "--states", "low_flood,fire"]);
    let timeless = |text: &str| {
        text.lines()
            // The time a sweep took is the machine's.
            .filter(|l| !l.ends_with(" s"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(words.2, 0, "{}", words.1);
    assert_eq!(timeless(&words.0), timeless(&names.0));
}

#[test]
fn a_slip_is_found_among_names_and_words_both() {
    Run::new(&["paths", "--with", "fire extingisher"])
        .stderr(
            "  × unknown item `fire extingisher` in `--with`
  help: did you mean `fire_extinguisher`? the rules `red-november-rulebook`
        have the items: grog, aqualung, fire_extinguisher
",
        )
        .status(1)
        .run();
    Run::new(&["sweep", "--states", "low_water"])
        .stderr(
            "  × unknown room state `low_water` in `--states`
  help: did you mean `low_flood` (\"low water\")? the rules
        `red-november-rulebook` have the room states: clear, low_flood,
        high_flood, fire, sea
",
        )
        .status(1)
        .run();
    Run::new(&[
        "plan",
        "desperate-times",
        "--action",
        "pump watr",
        "--at",
        "1",
    ])
    .stderr(
        "  × unknown action `pump watr` in `--action`
  help: did you mean `pump_water`? the rules `red-november-rulebook` declare:
        extinguish_fire, pump_water, unblock_hatch
",
    )
    .status(1)
    .run();
}
