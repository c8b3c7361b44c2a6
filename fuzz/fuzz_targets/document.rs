//! Boards as YAML or JSON documents on raw bytes: never a panic, every label
//! inside the text, and every diagnostic short whatever the line length.
#![no_main]

use hatchway::interchange::Format;
use hatchway::load::{self, InputKind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (format, name) = match data.first().map(|b| b % 2) {
        Some(0) => (Format::Json, "fuzz.json"),
        _ => (Format::Yaml, "fuzz.yaml"),
    };
    let Ok(input) = hatchway::testing::input_from_bytes(
        name.to_string(),
        data.to_vec(),
        None,
        InputKind::Document(format),
    ) else {
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

