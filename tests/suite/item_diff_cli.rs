//! `hatchway diff --item`: what holding an item changes on a board's turn,
//! told by the comparison `diff --rules A --rules B` makes.

use crate::common::{Run, hatchway};

/// On the publisher's worked turn the gnome never meets the sea, so the
/// aqualung changes nothing: `paths` lists the same outcomes both ways.
#[test]
fn an_item_that_changes_nothing_says_so() {
    Run::new(&[
        "diff",
        "boards/desperate-times.board",
        "--with",
        "grog",
        "--item",
        "aqualung",
    ])
    .stdout(
        "desperate-times: start in room 7 (Missile Control), holding Grog: the Aqualung changes nothing\n",
    )
    .status(0)
    .run();
    let listing = |with: &str| {
        let (out, err, code) = hatchway(&["paths", "boards/desperate-times.board", "--with", with]);
        assert_eq!(code, 0, "{err}");
        // Past the header, which names the items held.
        out.split_once("\n\n").map(|(_, rest)| rest.to_string())
    };
    assert_eq!(listing("grog"), listing("grog,aqualung"));
    // From elsewhere, with another item: the same words.
    Run::new(&[
        "diff",
        "desperate-times",
        "--item",
        "aqualung,fire_extinguisher",
        "--from",
        "Missile Control",
        "--with",
        "grog",
    ])
    .stdout(
        "desperate-times: start in room 7 (Missile Control), holding Grog: the Aqualung and the Fire Extinguisher change nothing\n",
    )
    .status(0)
    .run();
}

/// On the rulebook's board the aqualung lets the gnome swim into the sea:
/// outcomes only it reaches, and cheaper ways to others.
#[test]
fn an_item_that_opens_the_sea_lists_what_it_changes() {
    let out = Run::new(&[
        "diff",
        "boards/red-november-rulebook.board",
        "--item",
        "aqualung",
    ])
    .snapshot("item-diff@rulebook-aqualung");
    assert!(
        out.stdout.starts_with(
            "red-november-rulebook: start in room 1 (Engine Room): the Aqualung changes 317 outcomes\n  without Aqualung                        with Aqualung\n"
        ),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("ends in room sea"), "{}", out.stdout);
    // The same for scripts, each side named by its items.
    let (json, err, code) = hatchway(&[
        "diff",
        "boards/red-november-rulebook.board",
        "--item",
        "aqualung",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).expect("diff writes JSON");
    assert_eq!(v["item"], serde_json::json!(["aqualung"]));
    assert_eq!(
        v["sides"],
        serde_json::json!([
            {"label": "without aqualung", "with": []},
            {"label": "with aqualung", "with": ["aqualung"]}
        ])
    );
    let board = &v["boards"][0];
    assert_eq!(board["rules"], "red-november-rulebook");
    assert_eq!(board["start"], "1");
    let differences = board["differences"].as_array().expect("a list");
    assert_eq!(differences.len(), 317);
    let swim = differences
        .iter()
        .find(|d| d["room"] == "sea" && d["changes"] == serde_json::json!({"3": "high_flood"}))
        .expect("a swim into the sea");
    assert_eq!(swim["first"], serde_json::Value::Null);
    assert_eq!(swim["second"]["cost"], 3);
}

/// What `--item` cannot be given with, said by name.
#[test]
fn the_item_form_refuses_what_it_cannot_honour() {
    Run::new(&["diff", "--item", "aqualung", "--random", "3"])
        .stderr(concat!(
            "  × `hatchway diff --item` cannot honour `--random`\n",
            "  help: random boards compare two rules; `--item` compares the turn of a board\n",
            "        holding the item and not\n",
        ))
        .status(2)
        .run();
    Run::new(&[
        "diff",
        "--item",
        "aqualung",
        "--rules",
        "red-november-rulebook",
        "--rules",
        "red-november",
    ])
    .stderr(concat!(
        "  × `hatchway diff --item` plays a board by one rules, and was given 2\n",
        "  help: give `--rules` once, or not at all to play each board by its own rules\n",
    ))
    .status(2)
    .run();
    Run::new(&["diff", "--item", "grog", "--with", "grog"])
        .stderr(concat!(
            "  × `grog` is held on both sides: it is in `--with` and in `--item`\n",
            "  help: `--item` names the items held on one side only\n",
        ))
        .status(2)
        .run();
    Run::new(&["diff", "--item", "aqualnug"])
        .stderr(concat!(
            "  × unknown item `aqualnug` in `--item`\n",
            "  help: did you mean `aqualung`? the rules `red-november-rulebook` have the\n",
            "        items: grog, aqualung, fire_extinguisher\n",
        ))
        .status(1)
        .run();
    // Without `--item`, `--from` is still refused.
    let (_, err, code) = hatchway(&[
        "diff",
        "--rules",
        "red-november",
        "--rules",
        "red-november",
        "--from",
        "2",
    ]);
    assert_eq!(code, 2, "{err}");
}
