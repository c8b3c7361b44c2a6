//! `hatchway report`: the turn as one HTML page, written to standard
//! output or to a file, with every outcome (fatal ones marked) under the
//! room it ends in, numbered as `paths` numbers them; wrong requests are
//! errors. The page's structure is tested in `src/render/report.rs`.

use crate::common;

use common::hatchway;

#[test]
fn the_page_goes_to_standard_output_or_to_a_file() {
    let (page, err, code) = hatchway(&["report", "red-november"]);
    assert_eq!(code, 0, "{err}");
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(page.ends_with("</html>\n"));
    // The first pathfinder's board's ten outcomes, as `paths` numbers them.
    for n in 1..=10 {
        assert_eq!(
            page.matches(&format!("data-outcome=\"{n}\"")).count(),
            1,
            "{n}"
        );
    }
    assert!(!page.contains("data-outcome=\"11\""));

    let dir = std::env::temp_dir().join(format!("hatchway-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("turn.html");
    let file_arg = file.to_str().expect("UTF-8 path");
    let (out, err, code) = hatchway(&["report", "red-november", "-o", file_arg]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("10 outcomes of 10"), "{out}");
    assert_eq!(
        std::fs::read_to_string(&file).expect("the page is written"),
        page
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn fatal_outcomes_are_marked_and_filters_keep_the_numbers() {
    let board = "tests/fixtures/rulebook-fire.board";
    let (page, err, code) = hatchway(&["report", board, "--with", "grog"]);
    assert_eq!(code, 0, "{err}");
    // Outcome 2 ends in the burning Galley, where the fire goes out or he
    // steps out whatever the roll: the badge counts the fix-it.
    assert!(
        page.contains("class=\"outcome fatal\" data-outcome=\"2\""),
        "{page}"
    );
    assert_eq!(page.matches("class=\"fatal-mark\"").count(), 0);
    assert!(page.contains(
        "<span class=\"rescue-mark\">dies if he stays; Extinguish Fire saves him on any roll</span>"
    ));
    let (safe, err, code) = hatchway(&["report", board, "--with", "grog", "--safe"]);
    assert_eq!(code, 0, "{err}");
    assert!(!safe.contains("data-outcome=\"2\""));
    assert!(safe.contains("data-outcome=\"3\""));
    assert!(safe.contains("2 outcomes of 3"), "{safe}");
}

#[test]
fn wrong_requests_are_errors() {
    let (out, err, code) = hatchway(&["report", "no-such.board"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    let (out, err, code) = hatchway(&["report", "--with", "nothing"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("unknown item `nothing`"), "{err}");
    let (_, err, code) = hatchway(&["report", "-o", "no-such-folder/turn.html"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("cannot write `no-such-folder/turn.html`"),
        "{err}"
    );
    let (_, err, code) = hatchway(&["report", "--format", "json"]);
    assert_eq!(code, 2, "{err}");
    let (_, err, code) = hatchway(&["report", "--max-states", "0"]);
    assert_eq!(code, 3, "{err}");
}

/// The largest shipped turn, the sub with the sea and an aqualung, gives a
/// page of 780 outcomes under 2 MB: steps are written as short arrays and
/// paths drawn by the page's script.
#[test]
fn a_page_of_hundreds_of_outcomes_stays_small() {
    let (page, err, code) = hatchway(&[
        "report",
        "boards/red-november-rulebook.board",
        "--with",
        "aqualung",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(page.matches("data-outcome=").count(), 780);
    assert!(page.len() < 2_000_000, "{} bytes", page.len());
}
