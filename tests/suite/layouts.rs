//! `load::Layouts`, which the batch uses to check a submarine's layout once
//! for many positions, against `load::board`, which checks every document
//! whole: on random boards and random positions of each (unknown states, a
//! missing or unknown start, odd names and changed layouts among them,
//! each written several ways), and on the standard board's line with a
//! few bytes edited anywhere, both give the same board, or both refuse the
//! document with the same problems.

use crate::common;

use hatchway::export;
use hatchway::generate::{BoardSpec, Topology, board_text};
use hatchway::load::{self, Input, InputKind};
use hatchway::model::Board;
use hatchway::testing::Layouts;
use proptest::prelude::*;
use serde_json::{Value, json};

/// Random boards, each with this many positions.
const CASES: u32 = 200;
const POSITIONS: usize = 12;

/// A document as the batch reads it, written one of several ways: as
/// serde_json writes it, or with what a reader that compares documents
/// byte for byte must not be misled by (other spacing, escapes, a null,
/// duplicate and unknown fields, JSON that is not sound).
fn input(doc: &Value, line: usize, spelling: u8) -> Input {
    let compact = serde_json::to_string(doc).expect("a JSON value writes");
    let once = |from: &str, to: &str| compact.replacen(from, to, 1);
    let text = match spelling % 24 {
        0 => serde_json::to_string_pretty(doc).expect("a JSON value writes"),
        1 => once("\"state\":\"", "\"state\":\"\\u0063"),
        2 => once("\"state\":\"", "\"state\":null,\"state\":\""),
        3 => once("\"state\":\"", "\"state\":null,\"x\":\""),
        4 => once("\"state\":", "\"state\": "),
        5 => once("\"state\":\"", "\"state\":null ,\"y\":\""),
        6 => once("\"start\":", "\"start\":0"),
        7 => once("\"start\":", "\"start\":-"),
        8 => once("\"start\":", "\"start\":1.5,\"z\":"),
        9 => format!("{compact} "),
        10 => format!("{compact}x"),
        11 => once("\"state\":\"", "\"state\":\"\t"),
        12 => once("\"state\":\"", "\"state\":[\""),
        13 => once("\"between\":[", "\"between\":[0,"),
        _ => compact,
    };
    text_input(text, line)
}

/// A text as the batch reads it, as line `line`.
fn text_input(text: String, line: usize) -> Input {
    hatchway::testing::input_from_bytes(
        format!("line {line}"),
        text.into_bytes(),
        None,
        InputKind::Document(load::Format::Json),
    )
    .expect("the text is UTF-8")
}

/// Reads `input` with `layouts` and with the full check: the same board,
/// or the same refusal.
fn reads_alike(layouts: &mut Layouts, input: &Input) -> Result<(), TestCaseError> {
    match (load::board(input), layouts.board(input)) {
        (Ok(whole), Ok(kept)) => {
            prop_assert_eq!(parts(&whole.value), parts(&kept), "{}", input.text);
        }
        (Err(whole), Err(kept)) => {
            prop_assert_eq!(whole.to_string(), kept.to_string());
        }
        (whole, kept) => prop_assert!(
            false,
            "one compiled and one refused {}: {:?} / {:?}",
            input.text,
            whole.map(|l| l.value.name),
            kept.map(|b| b.name)
        ),
    }
    Ok(())
}

/// Everything the search and the outputs read from a board.
fn parts(board: &Board) -> impl PartialEq + std::fmt::Debug + '_ {
    (
        &board.name,
        &board.rules.name,
        &board.rooms,
        &board.hatches,
        board.start,
        (0..board.rooms.len())
            .map(|r| board.neighbours(hatchway::model::RoomId(r as u32)).to_vec())
            .collect::<Vec<_>>(),
    )
}

/// One position of a layout: each choice picks a room or hatch state
/// (`None`: none written), a start, a name, and whether to change the
/// layout itself.
#[derive(Clone, Debug)]
struct Position {
    rooms: Vec<u8>,
    hatches: Vec<u8>,
    start: u8,
    name: u8,
    layout: u8,
    spelling: u8,
}

fn positions() -> impl Strategy<Value = Vec<Position>> {
    prop::collection::vec(
        (
            prop::collection::vec(any::<u8>(), 12),
            prop::collection::vec(any::<u8>(), 24),
            any::<u8>(),
            any::<u8>(),
            any::<u8>(),
            any::<u8>(),
        )
            .prop_map(|(rooms, hatches, start, name, layout, spelling)| Position {
                rooms,
                hatches,
                start,
                name,
                layout,
                spelling,
            }),
        POSITIONS,
    )
}

/// Writes a position into a copy of the board's document.
fn place(base: &Value, p: &Position, room_states: &[String], hatch_states: &[String]) -> Value {
    let mut doc = base.clone();
    let pick = |k: u8, names: &[String]| -> Option<Value> {
        match usize::from(k) % (names.len() + 3) {
            0 => None,
            // One choice in many: a state the rules do not have, or null.
            1 if k > 200 => Some(json!("molten")),
            1 if k < 30 => Some(Value::Null),
            i => names
                .get(i.saturating_sub(2) % names.len())
                .map(|n| json!(n)),
        }
    };
    let room_count = doc["rooms"].as_array().map_or(0, Vec::len);
    if let Some(rooms) = doc["rooms"].as_array_mut() {
        for (room, &k) in rooms.iter_mut().zip(p.rooms.iter().cycle()) {
            match pick(k, room_states) {
                Some(s) => room["state"] = json!(s),
                None => drop(room.as_object_mut().and_then(|o| o.remove("state"))),
            }
        }
    }
    if let Some(hatches) = doc["hatches"].as_array_mut() {
        for (hatch, &k) in hatches.iter_mut().zip(p.hatches.iter().cycle()) {
            match pick(k, hatch_states) {
                Some(s) => hatch["state"] = json!(s),
                None => drop(hatch.as_object_mut().and_then(|o| o.remove("state"))),
            }
        }
    }
    match p.start % 16 {
        0 => drop(doc.as_object_mut().and_then(|o| o.remove("start"))),
        1 => doc["start"] = json!("nowhere"),
        // A number id written as text is the same id.
        2 => doc["start"] = json!(doc["rooms"][0]["id"].to_string().trim_matches('"')),
        k => {
            let room = usize::from(k) % room_count.max(1);
            doc["start"] = doc["rooms"][room]["id"].clone();
        }
    }
    match p.name % 8 {
        0 => drop(doc.as_object_mut().and_then(|o| o.remove("name"))),
        1 => doc["name"] = json!("a \"quoted\" name"),
        2 => doc["name"] = json!("x".repeat(100)),
        3 => doc["name"] = json!(format!("position {}", p.name)),
        _ => {}
    }
    match p.layout % 16 {
        0 => doc["rooms"][0]["name"] = json!("Renamed"),
        1 => doc["rooms"][0]["at"] = json!([9, 9]),
        2 => drop(doc["hatches"].as_array_mut().map(Vec::pop)),
        3 => doc["rules"] = json!("red-november-rulebook"),
        4 => drop(
            doc["rooms"]
                .as_array_mut()
                .map(|r| r.push(json!({"id": 99}))),
        ),
        _ => {}
    }
    doc
}

/// The document of a random board of the generator.
fn layout(seed: u64, rooms: usize, shape: u8) -> (Value, Vec<String>, Vec<String>) {
    let topology = match shape {
        0 => Topology::Random {
            rooms,
            extra_hatches: 2,
        },
        1 => Topology::Grid { rooms },
        _ => Topology::Hull { rooms },
    };
    let rules = load::builtin_rules("red-november").expect("the rules are built in");
    let board = common::board(&board_text(&BoardSpec::standard(topology, &rules, seed)));
    let text = export::to_document(&board, &export::rules_reference(&board), load::Format::Json)
        .expect("the board exports");
    let doc = serde_json::from_str(&text).expect("the export is JSON");
    (doc, rules.room_states.clone(), rules.hatch_states.clone())
}

proptest! {
    #![proptest_config(common::proptest_config(CASES))]

    #[test]
    fn a_known_layout_compiles_as_a_new_one(
        seed in any::<u64>(),
        rooms in 1usize..=12,
        shape in 0u8..3,
        positions in positions(),
    ) {
        let (base, room_states, hatch_states) = layout(seed, rooms, shape);
        let mut layouts = Layouts::default();
        for (line, p) in positions.iter().enumerate() {
            let doc = place(&base, p, &room_states, &hatch_states);
            reads_alike(&mut layouts, &input(&doc, line + 1, p.spelling))?;
        }
        // The board as exported, twice: the second is compiled from the
        // kept layout, whatever came before.
        for line in [POSITIONS + 1, POSITIONS + 2] {
            let input = input(&base, line, u8::MAX);
            let whole = load::board(&input).expect("the exported board loads").value;
            let before = layouts.kept();
            let kept = layouts.board(&input).expect("the exported board loads");
            prop_assert_eq!(parts(&whole), parts(&kept));
            if line == POSITIONS + 2 {
                prop_assert_eq!(layouts.kept(), before + 1, "the layout was not kept");
            }
        }
    }
}

/// The bytes the edits below put into a line: those of JSON's structure,
/// of numbers, of the state names and of escapes.
const EDIT_BYTES: &[u8] = b"\"\\{}[],: 0123456789-.eE+nultrfaseclowdhig_x\t";

/// An edit of a line: where (a share of its length), which byte from
/// [`EDIT_BYTES`], and whether to put it in, replace the byte there or
/// take that byte out.
type Edit = (prop::sample::Index, prop::sample::Index, u8);

proptest! {
    #![proptest_config(common::proptest_config(1000))]

    /// A line of the standard board's layout with a few bytes edited
    /// anywhere, read after the line as exported (so the comparison with
    /// it is tried first): read as the full check reads it.
    #[test]
    fn a_line_edited_anywhere_reads_as_the_full_check_reads_it(
        edits in prop::collection::vec(any::<Edit>(), 1..4),
    ) {
        let standard = load::board(&load::standard_board()).expect("the standard board loads").value;
        let base = export::to_document(
            &standard,
            &export::rules_reference(&standard),
            load::Format::Json,
        )
        .expect("the standard board exports");
        let base: Value = serde_json::from_str(&base).expect("the export is JSON");
        let base = serde_json::to_string(&base).expect("a JSON value writes");
        let mut layouts = Layouts::default();
        for line in [1, 2] {
            layouts.board(&text_input(base.clone(), line)).expect("the standard board loads");
        }
        let mut bytes = base.into_bytes();
        for (at, byte, how) in edits {
            let at = at.index(bytes.len() + 1);
            let byte = EDIT_BYTES[byte.index(EDIT_BYTES.len())];
            match (how % 3, at < bytes.len()) {
                (0, _) => bytes.insert(at, byte),
                (1, true) => bytes[at] = byte,
                (_, true) => drop(bytes.remove(at)),
                (_, false) => bytes.push(byte),
            }
        }
        let text = String::from_utf8(bytes).expect("the edits write ASCII");
        reads_alike(&mut layouts, &text_input(text, 3))?;
    }
}

/// Ids that a number with leading zeros would spell: `007` is a text id,
/// and `"start": 007` is not JSON, so a line that writes it is refused
/// after a line that wrote `"start": "007"`, as the full check refuses it.
#[test]
fn a_number_with_leading_zeros_is_no_id() {
    let line = |start: &str| {
        format!(
            r#"{{"rooms":[{{"id":"007","state":"clear"}},{{"id":7,"state":"clear"}}],"hatches":[{{"between":["007",7]}}],"start":{start}}}"#
        )
    };
    let mut layouts = Layouts::default();
    for (number, start) in [
        (1, "\"007\""),
        (2, "\"007\""),
        (3, "7"),
        (4, "007"),
        (5, "0"),
    ] {
        reads_alike(&mut layouts, &text_input(line(start), number))
            .unwrap_or_else(|e| panic!("line {number}, start {start}: {e}"));
    }
}
