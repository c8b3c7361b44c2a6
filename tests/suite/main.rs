//! The integration tests, as one test binary: each module is one subject
//! (a command, a property of the engine, a corpus of files), and
//! `tests/common` holds what several of them share. One binary links the
//! crate once, where one binary per file linked it once each.
//!
//! Run one subject with `cargo test --release --test suite MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod batch;
mod boards;
mod browser;
mod check_cli;
mod completions;
mod diagnostics;
mod did_you_mean;
mod docs;
mod dot;
mod draw;
mod dry;
mod editors;
mod engine_words;
mod exactness;
mod export;
mod format;
mod hints;
mod hostile;
mod import;
mod invariants;
mod item_diff_cli;
mod layouts;
mod lsp;
mod memory;
mod menu;
mod message_style;
mod newcomer;
mod one_turn;
mod plans;
mod reader;
mod report;
mod robustness;
mod rules;
mod rules_diff_cli;
mod schema;
mod screen;
mod snapshot_cli;
mod stream;
mod sweep;
mod sweep_shards;
mod turn;
mod variants;
mod words;
