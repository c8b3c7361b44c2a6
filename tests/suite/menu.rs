//! `hatchway plan` without `--action` and `--at`: the turn's menu of
//! fix-its, strongest first, narrowed by the one given.

use crate::common::run::Run;

/// The publisher's turn with grog: every fix-it the rules allow, each with
/// the cheapest way to each chance, what a failed roll leads to and the
/// verdict where it is taken.
#[test]
fn the_turns_fix_its_are_listed_strongest_first() {
    Run::new(&["plan", "boards/desperate-times.board", "--with", "grog"])
        .snapshot("menu@desperate-times-grog");
}

/// `--at` alone narrows the menu to one room, in JSON too, and the choices
/// agree with `plan --action --at` for the same action and room.
#[test]
fn one_room_of_the_menu_is_the_plan_there() {
    let board = "boards/desperate-times.board";
    let menu = Run::new(&[
        "plan", board, "--with", "grog", "--at", "2", "--format", "json",
    ])
    .output();
    assert_eq!(menu.status, 0, "{}", menu.stderr);
    let menu: serde_json::Value = serde_json::from_str(&menu.stdout).expect("JSON");
    let choices = menu["choices"].as_array().expect("choices");
    assert_eq!(choices.len(), 1, "{menu}");
    assert_eq!(choices[0]["action"], "extinguish_fire");
    assert_eq!(choices[0]["sure_total"], 10);
    assert_eq!(choices[0]["survival"]["kind"], "safe_any_roll");
    let one = Run::new(&[
        "plan",
        board,
        "--with",
        "grog",
        "--action",
        "extinguish_fire",
        "--at",
        "2",
        "--format",
        "json",
    ])
    .output();
    assert_eq!(one.status, 0, "{}", one.stderr);
    let one: serde_json::Value = serde_json::from_str(&one.stdout).expect("JSON");
    assert_eq!(choices[0]["best"], one["best"]);
}

/// Rules without actions have an empty menu, which says why.
#[test]
fn an_empty_menu_says_why() {
    Run::new(&["plan", "red-november"])
        .stdout(
            "red-november: the turn's fix-its, start in room 1 (Engine Room), rules
red-november, 0 choices
strongest first: the fewest minutes in all for a sure roll, then for any chance;
a fix-it roll: choose 1 to 10 minutes; it succeeds when a 10-sided die rolls at
most the minutes plus the bonus

the rules `red-november` declare no actions; `red-november-rulebook` does
(`hatchway rules red-november-rulebook`)
",
        )
        .status(0)
        .run();
}
