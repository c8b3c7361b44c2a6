//! `load::Layouts`, which the batch uses to check a submarine's layout once
//! for many positions, against `load::board`, which checks every document
//! whole: on random boards and random positions of each (unknown states, a
//! missing or unknown start, odd names and changed layouts among them),
//! both give the same board, or both refuse the document with the same
//! problems.

use crate::common;

use hatchway::export;
use hatchway::generate::{BoardSpec, Topology, board_text};
use hatchway::load::{self, Input, InputKind, Layouts};
use hatchway::model::Board;
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
    load::input_from_bytes(
        format!("line {line}"),
        text.into_bytes(),
        None,
        InputKind::Document(load::Format::Json),
    )
    .expect("a JSON value is UTF-8")
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
            let input = input(&doc, line + 1, p.spelling);
            let whole = load::board(&input);
            let kept = layouts.board(&input);
            match (whole, kept) {
                (Ok(whole), Ok(kept)) => {
                    prop_assert_eq!(parts(&whole.value), parts(&kept), "{}", doc);
                }
                (Err(whole), Err(kept)) => {
                    prop_assert_eq!(whole.to_string(), kept.to_string());
                }
                (whole, kept) => prop_assert!(
                    false,
                    "one compiled and one refused {}: {:?} / {:?}",
                    doc,
                    whole.map(|l| l.value.name),
                    kept.map(|b| b.name)
                ),
            }
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
