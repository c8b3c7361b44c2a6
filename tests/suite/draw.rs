//! `hatchway draw`: the ship as a picture in the terminal. The standard
//! board is pinned as a snapshot, with and without a path, and must fit 80
//! columns; a board without places is laid out in rows; places are checked.
//!
//! `hatchway draw --format svg`: the same ship as an SVG document, read
//! back as XML (`roxmltree`): every room once where the board places it,
//! every hatch once, each step of a path numbered, names escaped, no state
//! named in the renderer; the standard board with a path and a placed
//! board of other rules are pinned.

use crate::common::{self, Run};

use common::hatchway;

fn pinned(name: &str, text: &str) {
    common::snapshot_settings().bind(|| insta::assert_snapshot!(name, text));
}

fn fits_80_columns(text: &str) {
    for line in text.lines() {
        assert!(
            unicode_width::UnicodeWidthStr::width(line) <= 80,
            "too wide: {line:?}"
        );
    }
}

#[test]
fn the_standard_board_is_drawn_as_placed() {
    let (out, err, code) = hatchway(&["draw", "red-november"]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&out);
    assert!(out.contains("+1---------@+"), "the player starts in room 1");
    assert!(out.contains("Engine Room"));
    pinned("draw@red-november", &out);
}

#[test]
fn an_outcome_is_drawn_with_its_path() {
    let (out, err, code) = hatchway(&["draw", "boards/red-november.board", "--outcome", "10"]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&out);
    assert!(out.contains("+10-----(4)@+"), "the path ends in room 10");
    pinned("draw@red-november-outcome-10", &out);
    Run::new(&["draw", "red-november", "--outcome", "11"]).snapshot("draw@wrong-outcome-11");
}

#[test]
fn a_board_without_places_is_laid_out_in_rows() {
    let (out, err, code) = hatchway(&["draw", "boards/long-hull.board"]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&out);
    assert!(out.starts_with("+1---------@+   +2"), "{out}");
    assert!(
        common::words(&err).contains("does not place every room"),
        "the automatic layout is said: {err}"
    );
    let (_, err, _) = hatchway(&["draw"]);
    assert!(err.is_empty(), "a placed board draws without a note: {err}");
}

/// Wide characters take two columns, and what does not fit a box is cut
/// with an ellipsis, never dropped: every box's right border stands in the
/// same column.
#[test]
fn names_are_aligned_by_display_width_and_cut_with_an_ellipsis() {
    let (out, err, code) = hatchway(&["draw", "tests/fixtures/wide-names.board"]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&out);
    assert!(out.contains("|機関室 エン|[c]|🚀🚀🚀     |"), "{out}");
    assert!(out.contains("name indee…|"), "{out}");
    assert!(out.contains("+a_room_id…-+"), "{out}");
    for line in out.lines().filter(|l| l.starts_with('|')) {
        let borders: Vec<usize> = line
            .char_indices()
            .filter(|(_, c)| *c == '|')
            .map(|(i, _)| unicode_width::UnicodeWidthStr::width(&line[..i]))
            .collect();
        for (k, column) in borders.iter().enumerate() {
            assert_eq!(column % 16, if k % 2 == 0 { 0 } else { 12 }, "{line}");
        }
    }
    pinned("draw@wide-names", &out);
}

/// A ship wider than the width is turned a quarter to fit: a row of
/// twelve rooms stands as a column, every hatch still drawn between its
/// rooms.
#[test]
fn a_wide_ship_is_turned_to_fit() {
    let mut text = String::from("board row\n");
    for i in 1..=12 {
        text.push_str(&format!("room {i} at {},0\n", i - 1));
    }
    for i in 1..12 {
        text.push_str(&format!("hatch {i}-{}\n", i + 1));
    }
    text.push_str("start 1\n");
    let dir = std::env::temp_dir().join(format!("hatchway-row-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("row.board");
    std::fs::write(&file, text).expect("the board is written");
    let file = file.to_string_lossy().into_owned();
    let (out, err, code) = hatchway(&["draw", &file]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&out);
    assert!(!out.contains("do not touch"), "every hatch is drawn: {out}");
    assert_eq!(
        out.lines().filter(|l| l.trim() == "[c]").count(),
        11,
        "{out}"
    );
    let (log, err, code) = hatchway(&["replay", &file, "--outcome", "2", "--draw"]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&log);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `replay --draw` of the forum's six-step turn: the legend once, a
/// picture at the start and after each step with what the step changed
/// marked, within 80 columns and well under 100 lines.
#[test]
fn replay_draw_marks_each_step_in_a_short_log() {
    let (log, err, code) = hatchway(&[
        "replay",
        "boards/desperate-times.board",
        "--with",
        "grog",
        "--outcome",
        "18",
        "--draw",
    ]);
    assert_eq!(code, 0, "{err}");
    fits_80_columns(&log);
    assert!(log.lines().count() < 90, "{} lines", log.lines().count());
    assert_eq!(log.matches("hatches: [c] closed").count(), 1);
    assert_eq!(log.matches("+3----------+").count(), 7, "{log}");
    // Opening 5-7 floods 5 and 7; the hatch is marked as just opened.
    assert!(log.contains("|*o*|Missile"), "{log}");
    assert!(log.contains("+low water*-+   +low water*-+"), "{log}");
    // Walking back into room 5 through it.
    assert!(log.contains("|<o<|Missile"), "{log}");
}

/// An outcome drawn under rules that kill says where its path leaves the
/// gnome, counting the fix-it he would take, in `replay`'s words.
#[test]
fn an_outcome_is_drawn_with_its_verdict() {
    let (out, err, code) = hatchway(&[
        "draw",
        "boards/desperate-times.board",
        "--with",
        "grog",
        "--outcome",
        "18",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        common::words(&out).contains(
            "left in room 1 (Engine Room): he dies if he stays and does nothing: room 1 has fire Extinguish Fire saves him whatever the roll"
        ),
        "{out}"
    );
}

/// With colour on, each room's border and state take the colour of the
/// state's place in the rules; `--color never` draws plain.
#[test]
fn rooms_are_coloured_by_state_when_colour_is_on() {
    let board = "tests/fixtures/wide-names.board";
    let (out, _, code) = hatchway(&["draw", board, "--color", "always"]);
    assert_eq!(code, 0);
    // `clear` is the rules' first state (green), `fire` the fourth (red).
    assert!(out.contains("\u{1b}[32m+clear------+"), "{out:?}");
    assert!(out.contains("\u{1b}[31m+fire-------+"), "{out:?}");
    let (plain, _, _) = hatchway(&["draw", board, "--color", "never"]);
    assert!(!plain.contains('\u{1b}'));
}

#[test]
fn places_must_be_small_and_unique() {
    let dir = std::env::temp_dir().join(format!("hatchway-draw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let cases = [
        (
            "same.board",
            "board b\nroom 1 at 0,0\nroom 2 at 0,0\nstart 1\n",
            "shared",
        ),
        (
            "far.board",
            "board b\nroom 1 at 100,0\nstart 1\n",
            "too-far",
        ),
    ];
    for (name, text, snapshot) in cases {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("the file writes");
        Run::new(&["check", file.to_str().expect("UTF-8 path")])
            .tmp(&dir)
            .snapshot(&format!("draw@places-{snapshot}"));
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The SVG `hatchway draw --format svg` prints for these arguments (which
/// must succeed).
fn svg_of(args: &[&str]) -> String {
    let mut all = vec!["draw", "--format", "svg"];
    all.extend(args);
    let (out, err, code) = hatchway(&all);
    assert_eq!(code, 0, "{all:?}:\n{err}");
    out
}

/// A board as `hatchway` loads it.
fn board_of(file: &str) -> hatchway::model::Board {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    hatchway::load::board_file(&path)
        .unwrap_or_else(|_| panic!("{file} loads"))
        .value
}

/// The elements of a document with this attribute, by its value.
fn with_attribute<'a>(
    doc: &'a roxmltree::Document<'_>,
    name: &str,
) -> Vec<(String, roxmltree::Node<'a, 'a>)> {
    doc.descendants()
        .filter_map(|n| n.attribute(name).map(|v| (v.to_string(), n)))
        .collect()
}

/// The text inside a node.
fn text_of(node: &roxmltree::Node<'_, '_>) -> String {
    node.descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect()
}

/// The classes of an element.
fn classes<'a>(node: &roxmltree::Node<'a, '_>) -> Vec<&'a str> {
    node.attribute("class")
        .unwrap_or("")
        .split_whitespace()
        .collect()
}

/// Checks that `text` is a standalone SVG document with every room of
/// `board` once (with `data-room` and the class of its state) and every
/// hatch once (with `data-hatch`), every pattern it fills with defined;
/// the box of each room as (x, y), in board order.
fn check_svg(what: &str, board: &hatchway::model::Board, text: &str) -> Vec<(f64, f64)> {
    assert!(
        text.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "),
        "{what}: {text}"
    );
    let doc = roxmltree::Document::parse(text)
        .unwrap_or_else(|e| panic!("{what}: not well-formed XML: {e}\n{text}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{what}");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg"),
        "{what}"
    );
    let rooms = with_attribute(&doc, "data-room");
    assert_eq!(rooms.len(), board.rooms.len(), "{what}: {rooms:?}");
    let mut boxes = Vec::new();
    for room in &board.rooms {
        let found: Vec<_> = rooms.iter().filter(|(id, _)| *id == room.id).collect();
        assert_eq!(
            found.len(),
            1,
            "{what}: room {} drawn {} times",
            room.id,
            found.len()
        );
        let node = found[0].1;
        assert!(
            classes(&node).iter().any(|c| c
                .strip_prefix("state-")
                .is_some_and(|n| n.parse::<u8>().is_ok())),
            "{what}: room {} has no state class",
            room.id
        );
        let fill = node
            .descendants()
            .find(|n| classes(n).contains(&"room-fill"))
            .unwrap_or_else(|| panic!("{what}: room {} has no box", room.id));
        let number = |a: &str| -> f64 {
            fill.attribute(a)
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{what}: room {} has no {a}", room.id))
        };
        boxes.push((number("x"), number("y")));
    }
    let hatches = with_attribute(&doc, "data-hatch");
    assert_eq!(hatches.len(), board.hatches.len(), "{what}");
    for hatch in &board.hatches {
        let [a, b] = hatch.rooms.map(|r| board.room(r).id.clone());
        let label = format!("{a}-{b}");
        assert!(
            hatches.iter().filter(|(h, _)| *h == label).count() == 1,
            "{what}: hatch {label} not drawn once"
        );
    }
    let ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    for node in doc.descendants() {
        for attribute in ["fill", "marker-end"] {
            if let Some(url) = node
                .attribute(attribute)
                .and_then(|f| f.strip_prefix("url(#"))
            {
                let id = url.trim_end_matches(')');
                assert!(ids.contains(&id), "{what}: #{id} is not defined");
            }
        }
    }
    boxes
}

/// Every file of `boards/` that is a board.
fn shipped_boards() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("boards");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("boards/ can be listed")
        .filter_map(|e| {
            let name = e.expect("boards/ can be listed").file_name();
            let name = name.to_string_lossy().into_owned();
            (!name.ends_with(".rules")).then(|| format!("boards/{name}"))
        })
        .collect();
    files.sort();
    assert!(files.len() >= 8, "{files:?}");
    files
}

#[test]
fn every_board_is_a_well_formed_svg_document() {
    let mut boards = shipped_boards();
    boards.extend(
        [
            "tests/fixtures/wide-names.board",
            "tests/fixtures/odd-names.json",
            "tests/fixtures/house/house.board",
            "tests/fixtures/one-room.board",
        ]
        .map(String::from),
    );
    for board in boards {
        let text = svg_of(&[&board]);
        check_svg(&board, &board_of(&board), &text);
    }
}

#[test]
fn an_svg_is_placed_as_the_board_says() {
    // desperate-times places every room, and is played by other rules.
    let file = "boards/desperate-times.board";
    let board = board_of(file);
    let text = svg_of(&[file]);
    let boxes = check_svg(file, &board, &text);
    for (i, a) in board.rooms.iter().enumerate() {
        for (j, b) in board.rooms.iter().enumerate() {
            let (Some(pa), Some(pb)) = (a.position, b.position) else {
                panic!("{file} places every room");
            };
            let (xa, ya) = boxes[i];
            let (xb, yb) = boxes[j];
            assert_eq!(pa.0.cmp(&pb.0), xa.total_cmp(&xb), "{} {}", a.id, b.id);
            assert_eq!(pa.1.cmp(&pb.1), ya.total_cmp(&yb), "{} {}", a.id, b.id);
        }
    }
    pinned("draw@desperate-times-svg", &text);
}

#[test]
fn an_unplaced_board_is_laid_out_as_in_the_terminal() {
    // long-hull places no room: rows of five, as `hatchway draw` prints
    // them to a file, and the same note.
    let file = "boards/long-hull.board";
    let (text, err, code) = hatchway(&["draw", file, "--format", "svg"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        common::words(&err).contains("does not place every room"),
        "{err}"
    );
    let board = board_of(file);
    let boxes = check_svg(file, &board, &text);
    // Board order, row by row: each room stands right of the one before or
    // starts a new row below at the left, and every row but the last is
    // full.
    let mut rows: Vec<usize> = vec![1];
    for w in boxes.windows(2) {
        let ((xa, ya), (xb, yb)) = (w[0], w[1]);
        if (ya - yb).abs() < 1.0 {
            assert!(xa < xb, "{:?} then {:?}", w[0], w[1]);
            *rows.last_mut().expect("a row") += 1;
        } else {
            assert!(yb > ya, "{:?} then {:?}", w[0], w[1]);
            assert!((xb - boxes[0].0).abs() < 1.0, "{:?} starts a row", w[1]);
            rows.push(1);
        }
    }
    assert!(rows.len() > 1, "two rows at least: {rows:?}");
    let full = rows[0];
    assert_eq!(full, 5, "{rows:?}");
    assert!(rows.iter().all(|&n| n <= full), "{rows:?}");
    assert!(
        rows[..rows.len() - 1].iter().all(|&n| n == full),
        "{rows:?}"
    );
}

#[test]
fn an_svg_draws_an_outcome_with_its_steps_numbered() {
    let text = svg_of(&["boards/red-november.board", "--outcome", "10"]);
    let board = board_of("boards/red-november.board");
    check_svg("outcome 10", &board, &text);
    let doc = roxmltree::Document::parse(&text).expect("well-formed");
    assert!(text.contains("outcome 10 of 10: 8 steps, ends in 10 (Captain&apos;s Cabin), 4 min"));
    // Every step has its line and its number; the end is marked after the
    // last step.
    let steps = with_attribute(&doc, "data-step");
    for n in 1..=8 {
        let these: Vec<_> = steps.iter().filter(|(s, _)| *s == n.to_string()).collect();
        let kinds: Vec<Vec<&str>> = these.iter().map(|(_, node)| classes(node)).collect();
        assert!(
            kinds.iter().any(|k| k.contains(&"step-line")),
            "step {n}: {kinds:?}"
        );
        let number = these
            .iter()
            .find(|(_, node)| classes(node).contains(&"step-number"))
            .unwrap_or_else(|| panic!("step {n} has no number"));
        assert_eq!(text_of(&number.1).trim(), n.to_string());
    }
    let end = steps
        .iter()
        .find(|(_, node)| classes(node).contains(&"path-end"))
        .expect("the end is marked");
    assert_eq!(end.0, "8");
    let start_marks: Vec<_> = doc
        .descendants()
        .filter(|n| classes(n).contains(&"start-mark"))
        .map(|n| n.parent().and_then(|p| p.attribute("data-room")))
        .collect();
    assert_eq!(start_marks, [Some("1")]);
    pinned("draw@red-november-svg-outcome-10", &text);

    // The same ship without a path has no step.
    let plain = svg_of(&[]);
    assert!(!plain.contains("data-step"), "{plain}");
}

/// Each state shows by a code as well as a colour, and the legend names
/// the rules' own states: nothing in the renderer names one.
#[test]
fn svg_states_read_without_colour_and_come_from_the_rules() {
    let file = "tests/fixtures/house/house.board";
    let text = svg_of(&[file]);
    let board = board_of(file);
    check_svg(file, &board, &text);
    let doc = roxmltree::Document::parse(&text).expect("well-formed");
    // The legend gives each state's code beside its name: the first text
    // of an entry is the code of its sample, the last the name. Room
    // states come first, so a hatch state of the same name is not taken.
    let legend_codes: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| classes(n).contains(&"legend"))
        .flat_map(|n| n.children().filter(|e| e.has_tag_name("g")))
        .filter_map(|entry| {
            let texts: Vec<String> = entry
                .children()
                .filter(|t| t.has_tag_name("text"))
                .map(|t| text_of(&t))
                .collect();
            (texts.len() == 2).then(|| (texts[1].clone(), texts[0].clone()))
        })
        .collect();
    let codes: Vec<&String> = board
        .rules
        .room_states
        .iter()
        .map(|name| {
            legend_codes
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, code)| code)
                .unwrap_or_else(|| panic!("no code for {name} in {legend_codes:?}"))
        })
        .collect();
    for (i, code) in codes.iter().enumerate() {
        assert!(!codes[..i].contains(code), "{code} twice: {codes:?}");
    }
    for (id, node) in with_attribute(&doc, "data-room") {
        let room = board.room(board.room_by_id(&id).expect("a room of the board"));
        let class = format!("state-{}", room.state.0);
        assert!(classes(&node).contains(&class.as_str()), "{id}");
        let code: String = node
            .descendants()
            .filter(|n| classes(n).contains(&"room-code"))
            .map(|n| text_of(&n))
            .collect();
        assert_eq!(&code, codes[usize::from(room.state.0)], "{id}");
    }
    let legend: String = doc
        .descendants()
        .filter(|n| classes(n).contains(&"legend"))
        .flat_map(|n| {
            n.descendants()
                .filter(|t| t.is_text())
                .filter_map(|t| t.text())
        })
        .collect::<Vec<_>>()
        .join("|");
    for name in board
        .rules
        .room_states
        .iter()
        .chain(&board.rules.hatch_states)
    {
        assert!(
            legend.contains(&format!("|{name}|")),
            "{name} not in {legend}"
        );
    }
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/render/svg");
    let mut read = 0;
    for file in std::fs::read_dir(&folder).expect("src/render/svg") {
        let path = file.expect("a file").path();
        let source = std::fs::read_to_string(&path).expect("readable");
        read += 1;
        for word in ["clear", "flood", "fire", "closed", "blocked", "\"open\""] {
            assert!(!source.contains(word), "{} names `{word}`", path.display());
        }
    }
    assert!(read >= 5, "{read} files in {}", folder.display());
}

#[test]
fn svg_names_are_escaped() {
    let file = "tests/fixtures/odd-names.json";
    let text = svg_of(&[file, "--outcome", "2"]);
    check_svg(file, &board_of(file), &text);
    let doc = roxmltree::Document::parse(&text).expect("well-formed");
    let shown: Vec<&str> = doc
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    for name in [
        "Tom & Jerry's <den>",
        "&amp; stays &amp;",
        "odd names & <marks>",
    ] {
        assert!(shown.iter().any(|t| t.contains(name)), "{name}: {shown:?}");
    }
}

#[test]
fn svg_requests_end_with_their_exit_codes() {
    Run::new(&["draw", "red-november", "--format", "svg", "--outcome", "11"])
        .snapshot("draw@wrong-svg-outcome-11");
    Run::new(&["draw", "--format", "png"]).snapshot("draw@wrong-format");
    Run::new(&["draw", "no-such.board", "--format", "svg"]).snapshot("draw@wrong-svg-no-file");
    let (text, _, code) = hatchway(&["draw", "--format", "text"]);
    assert_eq!(code, 0);
    assert!(text.starts_with('+'), "text stays the default: {text}");
}
