//! Parsing and compiling the standard board: from the hatchway language,
//! and from one line of the JSON interchange shape (what `paths --batch`
//! reads per board).

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use hatchway::load::Format;
use hatchway::load::{self, InputKind};

fn parse(c: &mut Criterion) {
    let text = common::standard_text();
    let json = hatchway::generate::standard_turns(1, common::BATCH_SEED);
    let json = json.trim_end().to_string();
    load::board_from_str("red-november.board", &text).expect("the standard board compiles");
    let from_json = |line: &str| {
        hatchway::testing::input_from_bytes(
            "line 1".to_string(),
            line.as_bytes().to_vec(),
            None,
            InputKind::Document(Format::Json),
        )
        .and_then(|i| load::board(&i))
    };
    from_json(&json).expect("the JSON board compiles");

    let mut group = c.benchmark_group("parse");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("standard-board-language", |b| {
        b.iter(|| load::board_from_str("red-november.board", black_box(&text)))
    });
    group.bench_function("standard-board-json-line", |b| {
        b.iter(|| from_json(black_box(&json)))
    });
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
