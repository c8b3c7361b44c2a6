//! A result document as one line of JSON, written straight into bytes.
//!
//! `paths --batch` writes one of these a board, and through serde_json
//! most of its time went to the serializer's machinery around many short
//! strings (room ids and state names, written once for every room of every
//! outcome), not to the bytes themselves. This writer walks the same
//! [`ResultDoc`] that serde writes for every other output and produces the
//! same bytes as `serde_json::to_writer(Versioned::new(doc))`: a test below
//! holds it to that on boards with names that need escaping. Numbers go
//! through `itoa`, as in serde_json; any string that needs escaping is
//! handed to serde_json itself, so the escaping rules stay serde_json's.

use std::ops::Range;

use serde_json::value::RawValue;

use super::document::{ActionDoc, FORMAT, OutcomeDoc, ResultDoc};
use crate::model::{Board, StateId};

/// Appends `doc` to `out` as compact JSON with its format version first,
/// and the `id` a batch line gave, as it gave it: byte for byte what
/// `serde_json::to_writer(&mut out, &Versioned::new(BatchResultDoc { id,
/// result: doc }))` writes.
pub fn result(doc: &ResultDoc<'_>, id: Option<&RawValue>, out: &mut Vec<u8>) {
    out.extend_from_slice(b"{\"format\":");
    number(out, FORMAT);
    if let Some(id) = id {
        out.extend_from_slice(b",\"id\":");
        out.extend_from_slice(id.get().as_bytes());
    }
    out.extend_from_slice(b",\"board\":");
    string(out, doc.turn.board);
    out.extend_from_slice(b",\"rules\":");
    string(out, doc.turn.rules);
    out.extend_from_slice(b",\"items\":");
    strings(out, doc.turn.items.iter().copied());
    out.extend_from_slice(b",\"start\":");
    string(out, doc.turn.start);
    out.extend_from_slice(b",\"outcomes\":[");
    let mut written = Written::default();
    for (i, o) in doc.outcomes.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        outcome(o, out, &mut written);
    }
    out.push(b']');
    if let Some(cost) = doc.complete_up_to {
        out.extend_from_slice(b",\"complete_up_to\":");
        number(out, cost);
    }
    out.push(b'}');
}

/// The room states an outcome's `rooms` and `changed` are written from.
type States<'a> = (&'a [StateId], &'a [StateId]);

/// What is already written in the output and can be copied from there
/// instead of being written again. A turn's outcomes are written from one
/// board: each room in one of a few states, and many outcomes leaving the
/// ship alike and differing only in where the player ends.
#[derive(Default)]
struct Written<'a> {
    /// The board and state names the pairs below were written from.
    from: Option<(&'a Board, &'a [String])>,
    /// Where each room's `"id":"state"` stands, by room and then state.
    pairs: Vec<Option<Range<usize>>>,
    /// The room states written last, with where their `rooms` and
    /// `changed` stand.
    last: Option<(States<'a>, Range<usize>)>,
}

/// One outcome.
fn outcome<'a>(o: &OutcomeDoc<'a>, out: &mut Vec<u8>, written: &mut Written<'a>) {
    out.push(b'{');
    if let Some(n) = o.number {
        out.extend_from_slice(b"\"number\":");
        number(out, n);
        out.push(b',');
    }
    out.extend_from_slice(b"\"final_room\":");
    string(out, o.final_room);
    out.extend_from_slice(b",\"cost\":");
    number(out, o.cost);
    out.extend_from_slice(b",\"rooms\":");
    let states = (o.rooms.states, o.changed.states);
    match &written.last {
        Some((written_from, at)) if *written_from == states => {
            out.extend_from_within(at.clone());
        }
        _ => {
            let start = out.len();
            rooms(o, out, written);
            written.last = Some((states, start..out.len()));
        }
    }
    out.extend_from_slice(if o.fatal {
        b",\"fatal\":true"
    } else {
        b",\"fatal\":false"
    });
    if let Some(rule) = &o.end_rule {
        out.extend_from_slice(b",\"end_rule\":");
        string(out, rule);
    }
    if let Some(survival) = &o.survival {
        out.extend_from_slice(b",\"survival\":");
        if survival.kind == "safe" {
            // Most outcomes: the kind alone, as serde writes it.
            out.extend_from_slice(b"{\"kind\":\"safe\"}");
        } else if serde_json::to_writer(&mut *out, survival).is_err() {
            out.extend_from_slice(b"null");
        }
    }
    if !o.remedies.is_empty() {
        // Rare (fatal outcomes that an action can save), and nested: left
        // to serde_json, which writes the same bytes in a whole document.
        out.extend_from_slice(b",\"remedies\":");
        if serde_json::to_writer(&mut *out, &o.remedies).is_err() {
            out.extend_from_slice(b"[]");
        }
    }
    out.extend_from_slice(b",\"actions\":[");
    for (i, a) in o.actions.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        action(a, out);
    }
    out.extend_from_slice(b"]}");
}

/// An outcome's `rooms` and `changed`, which both follow from its room
/// states.
fn rooms<'a>(o: &OutcomeDoc<'a>, out: &mut Vec<u8>, written: &mut Written<'a>) {
    let from = (o.rooms.board, o.rooms.names);
    let names = from.1.len();
    if written
        .from
        .is_none_or(|(board, n)| !std::ptr::eq(board, from.0) || !std::ptr::eq(n, from.1))
    {
        written.from = Some(from);
        written.pairs = vec![None; from.0.rooms.len() * names];
    }
    out.push(b'{');
    let entries = o.rooms.entries().zip(o.rooms.states).enumerate();
    for (i, ((id, name), state)) in entries {
        if i > 0 {
            out.push(b',');
        }
        let pair = i * names + usize::from(state.0);
        match written.pairs.get(pair) {
            Some(Some(at)) => out.extend_from_within(at.clone()),
            _ => {
                let start = out.len();
                string(out, id);
                out.push(b':');
                string(out, name);
                if let Some(slot) = written.pairs.get_mut(pair) {
                    *slot = Some(start..out.len());
                }
            }
        }
    }
    out.extend_from_slice(b"},\"changed\":");
    strings(out, o.changed.ids());
}

fn action(a: &ActionDoc<'_>, out: &mut Vec<u8>) {
    match a {
        ActionDoc::Open { hatch, cost, flows } => {
            out.extend_from_slice(b"{\"action\":\"open\",\"hatch\":");
            strings(out, hatch.iter().copied());
            out.extend_from_slice(b",\"cost\":");
            number(out, *cost);
            out.extend_from_slice(b",\"flows\":");
            strings(out, flows.iter().copied());
        }
        ActionDoc::Move { room, cost } => {
            out.extend_from_slice(b"{\"action\":\"move\",\"room\":");
            string(out, room);
            out.extend_from_slice(b",\"cost\":");
            number(out, *cost);
        }
    }
    out.push(b'}');
}

fn strings<'a>(out: &mut Vec<u8>, items: impl Iterator<Item = &'a str>) {
    out.push(b'[');
    for (i, s) in items.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, s);
    }
    out.push(b']');
}

/// A JSON string: quoted as it is when nothing in it needs escaping (the
/// common case: ids, state names), else by serde_json. The bytes are
/// checked and copied in one pass, since the strings are short: a call to
/// copy each would cost more than the copying.
fn string(out: &mut Vec<u8>, s: &str) {
    let start = out.len();
    out.reserve(s.len() + 2);
    out.push(b'"');
    for &b in s.as_bytes() {
        if b < 0x20 || b == b'"' || b == b'\\' {
            out.truncate(start);
            if serde_json::to_writer(&mut *out, s).is_err() {
                // Writing a string into a Vec cannot fail; were it to,
                // the line would still be valid JSON.
                out.extend_from_slice(b"\"\"");
            }
            return;
        }
        out.push(b);
    }
    out.push(b'"');
}

fn number(out: &mut Vec<u8>, n: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::{self, Format, InputKind};
    use crate::model::{ItemId, ItemSet};
    use crate::render::document::{BatchResultDoc, Versioned, result_doc};
    use crate::search::Limits;

    /// A board read from a JSON document.
    fn board(json: &str) -> crate::model::Board {
        let input = load::input_from_bytes(
            "test.json".to_string(),
            json.as_bytes().to_vec(),
            None,
            InputKind::Document(Format::Json),
        )
        .expect("the test board is UTF-8");
        load::board(&input).expect("the test board loads").value
    }

    /// The writer against serde_json: on the standard board, and on boards
    /// with a name that needs escaping (a backslash; quotes and control
    /// characters are refused in names) and non-ASCII names, with flows,
    /// end rules, items held and a budget's cut.
    #[test]
    fn writes_what_serde_json_writes() {
        let standard = load::board(&load::standard_board())
            .expect("the standard board loads")
            .value;
        let odd = |rules: &str| {
            board(&format!(
                r#"{{"name": "back \\ slash, é€😀", "rules": "{rules}",
                "rooms": [{{"id": "a_b", "state": "high_flood"}}, {{"id": "tab"}},
                          {{"id": "salle", "state": "fire"}}, {{"id": 4, "state": "low_flood"}},
                          {{"id": "exit_room"}}],
                "hatches": [{{"between": ["a_b", "tab"]}},
                            {{"between": ["tab", "salle"], "state": "open"}},
                            {{"between": ["tab", 4]}}, {{"between": [4, "exit_room"]}}],
                "start": "tab"}}"#
            ))
        };
        let (mut checked, mut seen_flows, mut seen_end_rules, mut seen_items) =
            (0, false, false, false);
        for board in [standard, odd("red-november"), odd("red-november-rulebook")] {
            let mut items = ItemSet::default();
            for i in 0..board.rules.items.len() {
                items = items.with(ItemId(i as u8));
            }
            let turn = crate::answer::Turn::holding(board, items);
            let solution = turn
                .solve(&Limits::default())
                .expect("the test board solves");
            let answer = crate::answer::Answer::new(&turn, &solution.outcomes);
            let ids = [None, Some(r#"{"game": 7, "turn": "a\"b"}"#), Some("1e400")];
            for (cut, id) in [None, Some(0), Some(3)].into_iter().zip(ids) {
                let mut doc = result_doc(&answer).expect("the engine's paths replay");
                doc.complete_up_to = cut;
                let id = id.map(|id| RawValue::from_string(id.to_string()).expect("JSON"));
                let mut ours = Vec::new();
                result(&doc, id.as_deref(), &mut ours);
                let line = BatchResultDoc { id, result: doc };
                let theirs =
                    serde_json::to_vec(&Versioned::new(&line)).expect("serde_json writes it");
                assert_eq!(
                    String::from_utf8_lossy(&ours),
                    String::from_utf8_lossy(&theirs)
                );
                checked += 1;
                let holds = |part: &str| theirs.windows(part.len()).any(|w| w == part.as_bytes());
                seen_flows |= holds("\"flows\":[\"");
                seen_end_rules |= holds("\"end_rule\":");
                seen_items |= holds("\"items\":[\"");
            }
        }
        assert_eq!(checked, 9);
        assert!(seen_flows && seen_end_rules && seen_items);
    }
}
