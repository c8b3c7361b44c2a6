//! The hatchway language on raw bytes: reading (UTF-8, NUL, size), parsing and
//! checking must never panic, every label must fall inside the text, and every
//! diagnostic shows a window of a long line, never the whole line.
#![no_main]

use hatchway::load::{self, InputKind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The name decides what the file must hold; cycle through the three
    // kinds so that every branch of the checker is reached.
    let name = match data.first().map(|b| b % 3) {
        Some(0) => "fuzz.board",
        Some(1) => "fuzz.rules",
        _ => "fuzz",
    };
    let Ok(input) =
        hatchway::testing::input_from_bytes(name.to_string(), data.to_vec(), None, InputKind::Language)
    else {
        return;
    };
    if let Err(failure) = load::compile(&input) {
        for report in &failure.reports {
            let len = report.file().text.len();
            for label in &report.problem().labels {
                assert!(
                    label.span.start <= label.span.end && label.span.end <= len.max(1),
                    "label {:?} outside a text of {len} bytes",
                    label.span
                );
            }
            shown_short(report);
        }
    }
});

/// A diagnostic as shown: never a panic, and never a whole long line: every
/// line of it holds a window of the text at most.
fn shown_short(report: &hatchway::diagnostic::Report) {
    let shown = report.render_plain(80);
    for line in shown.lines() {
        assert!(
            line.chars().count() <= 200,
            "a shown line of {} characters",
            line.chars().count()
        );
    }
}

