//! "Did you mean": wherever a name is typed (a board, an action, a room,
//! a keyword, rules, an item), a slip gets the name it is likely a slip
//! of, and a room is taken by its name as well as by its id.

use crate::common::Run;

#[test]
fn a_missing_board_suggests_the_built_in_board_of_a_close_name() {
    Run::new(&["paths", "desperate-time"])
        .stderr(
            "hatchway::unreadable

  × cannot read `desperate-time`: no such file
  help: did you mean `desperate-times`? check the path and that the file can
        be read
",
        )
        .status(1)
        .run();
}

#[test]
fn a_missing_board_suggests_a_close_file_in_its_folder() {
    Run::new(&["paths", "boards/desperate-time.board"])
        .stderr(
            "hatchway::unreadable

  × cannot read `boards/desperate-time.board`: no such file
  help: did you mean `boards/desperate-times.board`? check the path and that
        the file can be read
",
        )
        .status(1)
        .run();
    // Any file a command reads, not only a board.
    Run::new(&["check", "boards/mini-flod.board"])
        .stderr(
            "hatchway::unreadable

  × cannot read `boards/mini-flod.board`: no such file
  help: did you mean `boards/mini-flood.board`? check the path and that the
        file can be read
",
        )
        .status(1)
        .run();
}

#[test]
fn a_missing_board_far_from_every_name_gets_no_guess() {
    Run::new(&["paths", "desprate"])
        .stderr(
            "hatchway::unreadable

  × cannot read `desprate`: no such file
  help: check the path and that the file can be read
",
        )
        .status(1)
        .run();
}

#[test]
fn an_action_is_found_by_its_start_or_one_of_its_words() {
    let help = "  help: did you mean `extinguish_fire`? the rules `red-november-rulebook`
        declare: extinguish_fire, pump_water, unblock_hatch
";
    for typed in ["extinguish", "fire"] {
        Run::new(&[
            "plan",
            "boards/desperate-times.board",
            "--with",
            "grog",
            "--action",
            typed,
            "--at",
            "1",
        ])
        .stderr(&format!(
            "  × unknown action `{typed}` in `--action`\n{help}"
        ))
        .status(1)
        .run();
    }
}

/// What a command prints given `room` where `flag` takes a room (with
/// `sweep`'s time hidden).
fn with_room(args: &[&str], flag: &str, room: &str) -> crate::common::run::Output {
    Run::new(args).arg(flag).arg(room).seconds().output()
}

#[test]
fn a_room_is_taken_by_its_name_up_to_case() {
    let paths = ["paths", "boards/desperate-times.board"];
    let plan = [
        "plan",
        "boards/desperate-times.board",
        "--with",
        "grog",
        "--action",
        "extinguish_fire",
    ];
    let sweep = ["sweep", "deep-water", "--states", "clear,fire"];
    let cases: [(&[&str], &str, &str, &str); 5] = [
        (&paths, "--to", "1", "Engine Room"),
        (&paths, "--to", "1", "engine room"),
        (&paths, "--from", "7", "MISSILE CONTROL"),
        (&plan, "--at", "1", "Engine Room"),
        (&sweep, "--rooms", "corridor", "flooded corridor"),
    ];
    for (args, flag, id, name) in cases {
        let by_id = with_room(args, flag, id);
        assert_eq!(by_id.status, 0, "{args:?} {flag} {id}: {}", by_id.stderr);
        assert_eq!(by_id.stderr, "", "{args:?} {flag} {id}");
        assert_eq!(
            with_room(args, flag, name),
            by_id,
            "{args:?} {flag} {name:?} and {flag} {id}"
        );
    }
}

#[test]
fn an_unknown_room_suggests_the_closest_id_or_name() {
    let rooms = "the rooms of `desperate-times` are: 1
        (Engine Room), 2 (Oxygen Pumps), 3, 4 (Reactor Room), 5, 6, 7 (Missile
        Control), 8 (Equipment Stores), 9, 10 (Captain's Cabin)
";
    Run::new(&["paths", "desperate-times", "--to", "engine rom"])
        .stderr(&format!(
            "  × unknown room `engine rom` in `--to`
  help: did you mean `Engine Room`? {rooms}"
        ))
        .status(1)
        .run();
    Run::new(&[
        "plan",
        "desperate-times",
        "--action",
        "extinguish_fire",
        "--at",
        "reactor",
    ])
    .stderr(&format!(
        "  × unknown room `reactor` in `--at`
  help: did you mean `Reactor Room`? {rooms}"
    ))
    .status(1)
    .run();
    Run::new(&["paths", "desperate-times", "--from", "100"])
        .stderr(
            "  × unknown room `100` in `--from`
  help: did you mean `10`? the rooms of `desperate-times` are: 1 (Engine
        Room), 2 (Oxygen Pumps), 3, 4 (Reactor Room), 5, 6, 7 (Missile
        Control), 8 (Equipment Stores), 9, 10 (Captain's Cabin)
",
        )
        .status(1)
        .run();
}

#[test]
fn a_name_two_rooms_share_names_neither() {
    Run::new(&["paths", "tests/fixtures/shared-names.board", "--to", "mess"])
        .stderr(
            "  × unknown room `mess` in `--to`
  help: more than one room is named `mess` (1, 2): give the id of the one
        you mean
",
        )
        .status(1)
        .run();
}

#[test]
fn a_planned_path_still_names_rooms_by_id() {
    // `--path` and plan files are steps by id: `move Missile` is no step,
    // and the rooms listed are ids.
    let out = Run::new(&[
        "replay",
        "desperate-times",
        "--path",
        "open 5-7, move Missile",
    ])
    .output();
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "hatchway::unknown_room

  × unknown room `Missile`
   ╭─[--path:1:16]
 1 │ open 5-7, move Missile
   ·                ───┬───
   ·                   ╰── no room has this id
   ╰────
  help: the rooms of `desperate-times` are: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
"
    );
}

#[test]
fn a_misspelt_statement_suggests_the_keyword() {
    Run::new(&["check", "tests/invalid/syntax-misspelt-statement.board"])
        .stderr(
            "hatchway::syntax

  × expected a statement, found `hach`
   ╭─[tests/invalid/syntax-misspelt-statement.board:4:1]
 3 │ room 2
 4 │ hach 1-2
   · ──┬─
   ·   ╰── expected a statement
 5 │ start 1
   ╰────
  help: did you mean `hatch`? a board file has `room`, `hatch`, `start` and
        `rules` statements
",
        )
        .status(1)
        .run();
    Run::new(&["check", "tests/invalid/syntax-misspelt-statement.rules"])
        .stderr(
            "hatchway::syntax

  × expected a statement, found `enterr`
   ╭─[tests/invalid/syntax-misspelt-statement.rules:7:1]
 6 │ enter clear: cost 0
 7 │ enterr fire: forbidden
   · ───┬──
   ·    ╰── expected a statement
   ╰────
  help: did you mean `enter`? a rules file has `room states`, `hatch states`,
        `items`, `open`, `walk through`, `enter`, `leave`, `flow`, `revisit`,
        `end`, `action` and `say` statements
",
        )
        .status(1)
        .run();
}

#[test]
fn a_misspelt_header_suggests_the_keyword() {
    Run::new(&["check", "tests/invalid/syntax-misspelt-header.board"])
        .stderr(
            "hatchway::syntax

  × expected `rules` or `board`, found `bord`
   ╭─[tests/invalid/syntax-misspelt-header.board:1:1]
 1 │ bord misspelt-header
   · ──┬─
   ·   ╰── expected `rules` or `board`
 2 │ room 1
   ╰────
  help: did you mean `board`? a rules file starts with `rules NAME`, a board
        file with `board NAME`
",
        )
        .status(1)
        .run();
}

#[test]
fn misspelt_rules_and_items_suggest_the_closest() {
    Run::new(&[
        "paths",
        "desperate-times",
        "--rules",
        "red-november-rulebok",
    ])
    .stderr(
        "hatchway::unknown_rules

  × unknown rules `red-november-rulebok`: no such file
   ╭─[--rules:1:1]
 1 │ red-november-rulebok
   · ──────────┬─────────
   ·           ╰── neither built-in rules nor a readable file
   ╰────
  help: did you mean `red-november-rulebook`? `--rules` takes a rules file or
        a built-in name: `red-november-rulebook`, `red-november`, `deep-water`
",
    )
    .status(1)
    .run();
    Run::new(&["paths", "desperate-times", "--with", "grogg"])
        .stderr(
            "  × unknown item `grogg` in `--with`
  help: did you mean `grog`? the rules `red-november-rulebook` have the items:
        grog, aqualung, fire_extinguisher
",
        )
        .status(1)
        .run();
}
