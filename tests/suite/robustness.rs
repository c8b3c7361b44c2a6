//! Property tests on hostile text, on the stable toolchain (the fuzz targets
//! in `fuzz/` need nightly): near-grammar token soup and mutated copies of the
//! shipped boards go through `load::compile`, and random plans through the
//! plan parser and the referee. Nothing may panic, and every label of every
//! diagnostic must point inside the text it is about (a label past the end
//! would make the renderer show the wrong line, or nothing).

use std::sync::{Arc, OnceLock};

use hatchway::diagnostic::Span;
use hatchway::diagnostic::{Code, Problem, Report, SourceFile};
use hatchway::judgement;
use hatchway::load::{self, Input, InputKind};
use hatchway::model::{Board, ItemSet};
use proptest::prelude::*;

/// Checks that every label of `problem` lies within a text of `len` bytes.
fn labels_inside(problem: &Problem, len: usize) -> Result<(), TestCaseError> {
    for label in &problem.labels {
        prop_assert!(
            label.span.start <= label.span.end && label.span.end <= len,
            "label {:?} ({}) of `{}` outside a text of {len} bytes",
            label.span,
            label.text,
            problem.message
        );
    }
    Ok(())
}

/// Compiles `text` as a file called `name`, checking the labels of every
/// report, and renders each report (rendering must not panic either).
fn compile_checked(name: &str, text: &str, kind: InputKind) -> Result<(), TestCaseError> {
    let input = Input {
        name: name.to_string(),
        text: text.to_string(),
        dir: None,
        kind,
    };
    let reports = match load::compile(&input) {
        Ok(l) => l.warnings,
        Err(f) => f.reports,
    };
    for r in &reports {
        labels_inside(r.problem(), r.file().text.len())?;
        shown_checked(r)?;
    }
    Ok(())
}

/// A diagnostic as shown is short, whatever the input: no line of it is
/// longer than a window of the source (a few hundred characters), and the
/// whole is a few KB at most.
fn shown_checked(report: &Report) -> Result<(), TestCaseError> {
    let shown = report.render_plain(80);
    prop_assert!(
        shown.len() <= 16_000,
        "a diagnostic of {} bytes:\n{}",
        shown.len(),
        start_of(&shown)
    );
    for line in shown.lines() {
        prop_assert!(
            line.chars().count() <= 200,
            "a line of {} characters:\n{}",
            line.chars().count(),
            start_of(&shown)
        );
    }
    Ok(())
}

/// The start of a long text, for a failure message.
fn start_of(text: &str) -> String {
    text.chars().take(1_500).collect()
}

/// A plan's problem as `replay --path-file plan` shows it.
fn plan_problem_checked(text: &str, problem: Problem) -> Result<(), TestCaseError> {
    labels_inside(&problem, text.len())?;
    let file = Arc::new(SourceFile {
        name: "plan".to_string(),
        text: text.to_string(),
    });
    shown_checked(&Report::new(file, problem))
}

fn standard() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        load::board(&load::standard_board())
            .expect("the standard board compiles")
            .value
    })
}

/// Judges a plan on the standard board, as `replay --path` does: every
/// problem it reports, and the refusal of a step, must point inside the
/// plan's text.
fn plan_checked(text: &str) -> Result<(), TestCaseError> {
    let board = standard();
    let movement = board.rules.movement(ItemSet::default());
    let judged = match judgement::judge(board, &movement, board.start, text) {
        Ok(j) => j,
        Err(p) => return plan_problem_checked(text, p),
    };
    for span in &judged.spans {
        prop_assert!(span.start <= span.end && span.end <= text.len());
    }
    if let Some(p) = judged.problem {
        return plan_problem_checked(text, p);
    }
    if let Some(refused) = &judged.refused {
        let span = judged.spans.get(refused.index).copied();
        prop_assert!(
            span.is_some(),
            "the refused step {} has no place",
            refused.index
        );
        let file = Arc::new(SourceFile {
            name: "plan".to_string(),
            text: text.to_string(),
        });
        let report = refused
            .ruling
            .report(file, refused.index + 1, span.unwrap_or_default());
        labels_inside(report.problem(), text.len())?;
        return shown_checked(&report);
    }
    Ok(())
}

/// Words of both languages and of plans, and state names of the built-in
/// rules.
const KEYWORDS: &str = "rules board room hatch states items open walk through enter leave \
    flow revisit from with without cost becomes start forbidden allowed clear low_flood \
    high_flood fire closed blocked red-november deep-water move to";

/// One token of near-grammar text: keywords of both languages, ids, numbers
/// (with 12- and 30-digit ones), titles, strings and punctuation.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(KEYWORDS.split_whitespace().collect::<Vec<_>>())
            .prop_map(str::to_string),
        prop::sample::select(vec![
            ":", ",", "+", "->", "-", "\"", "#", "\n", " ", "\t", "\r\n", ";", "\u{0}", "é",
            "\u{7f}",
        ])
        .prop_map(str::to_string),
        "[a-z_][a-z0-9_]{0,6}",
        "[0-9]{1,3}",
        "[0-9]{12}",
        "[0-9]{30}",
        "[a-z]{70}",
        "\"[^\"\n]{0,10}\"",
    ]
}

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(token(), 0..60).prop_map(|t| t.join(" "))
}

/// The text files in `boards/` (language and documents).
fn shipped() -> &'static [(String, String)] {
    static FILES: OnceLock<Vec<(String, String)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("boards");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("boards/ is readable")
            .filter_map(Result::ok)
            .filter_map(|e| {
                let path = e.path();
                let text = std::fs::read_to_string(&path).ok()?;
                Some((path.file_name()?.to_string_lossy().into_owned(), text))
            })
            .collect();
        files.sort();
        files
    })
}

/// One way to damage a file.
#[derive(Clone, Debug)]
enum Mutation {
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    FlipByte(usize, u8),
    InsertNumber(usize, String),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::DeleteLine),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::FlipByte(a, b)),
        (
            any::<usize>(),
            prop_oneof!["[0-9]{12}", "[0-9]{30}", Just("4294967296".to_string())]
        )
            .prop_map(|(a, n)| Mutation::InsertNumber(a, n)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

/// Applies the mutations; the result may be invalid UTF-8.
fn mutate(text: &str, mutations: &[Mutation]) -> Vec<u8> {
    let mut lines: Vec<Vec<u8>> = text.split('\n').map(|l| l.as_bytes().to_vec()).collect();
    let mut tail: Vec<(usize, u8)> = Vec::new();
    for m in mutations {
        let n = lines.len().max(1);
        match m {
            Mutation::DeleteLine(i) if lines.len() > 1 => {
                lines.remove(i % n);
            }
            Mutation::DuplicateLine(i) if !lines.is_empty() => {
                let l = lines[i % n].clone();
                lines.insert(i % n, l);
            }
            Mutation::SwapLines(a, b) if !lines.is_empty() => lines.swap(a % n, b % n),
            Mutation::InsertNumber(i, number) if !lines.is_empty() => {
                let line = &mut lines[i % n];
                // Put the number where a number or word ends, or at the end.
                let at = line
                    .iter()
                    .position(|b| b.is_ascii_digit())
                    .unwrap_or(line.len());
                line.splice(at..at, number.bytes());
            }
            Mutation::FlipByte(at, bits) => tail.push((*at, *bits)),
            Mutation::Truncate(at) => tail.push((*at, 0)),
            _ => {}
        }
    }
    let mut bytes = lines.join(&b'\n');
    for (at, bits) in tail {
        if bytes.is_empty() {
            break;
        }
        let at = at % bytes.len();
        if bits == 0 {
            bytes.truncate(at);
        } else {
            bytes[at] ^= bits;
        }
    }
    bytes
}

fn kind_of(name: &str) -> InputKind {
    InputKind::of(std::path::Path::new(name))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_compiles_or_fails_cleanly(body in soup(), head in 0..3usize) {
        let text = match head {
            0 => format!("board b\n{body}"),
            1 => format!("rules r\n{body}"),
            _ => body,
        };
        for name in ["soup.board", "soup.rules", "soup"] {
            compile_checked(name, &text, InputKind::Language)?;
        }
    }

    #[test]
    fn mutated_boards_compile_or_fail_cleanly(
        file in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let files = shipped();
        let (name, text) = &files[file.index(files.len())];
        let bytes = mutate(text, &mutations);
        let kind = kind_of(name);
        match hatchway::testing::input_from_bytes(name.clone(), bytes, None, kind) {
            Ok(input) => compile_checked(name, &input.text, kind)?,
            Err(f) => {
                for r in &f.reports {
                    labels_inside(r.problem(), r.file().text.len())?;
                }
            }
        }
    }

    #[test]
    fn plan_soup_parses_or_fails_cleanly(body in soup()) {
        plan_checked(&body)?;
    }

    #[test]
    fn near_plans_referee_cleanly(
        steps in prop::collection::vec(
            prop_oneof![
                ("[0-9]{1,2}", "[0-9]{1,2}").prop_map(|(a, b)| format!("open {a}-{b}")),
                "[0-9]{1,2}".prop_map(|r| format!("move {r}")),
                "[0-9]{30}".prop_map(|r| format!("move to room {r}")),
                "[0-9]{12}".prop_map(|r| format!("open hatch {r}-1")),
                Just("# note".to_string()),
                Just(String::new()),
                "[ -~]{0,8}",
            ],
            0..40,
        ),
        separator in prop::sample::select(vec![", ", "\n", ";", "\r\n", " "]),
    ) {
        plan_checked(&steps.join(separator))?;
    }
}

/// Inputs that once broke a rule above (found by fuzzing or by
/// `tests/suite/hostile.rs`), kept in `tests/hostile/`: `.plan` files go to the plan
/// parser, the others to `load::compile` by their extension.
#[test]
fn regressions_stay_fixed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).expect("tests/hostile is readable") {
        let path = entry.expect("an entry of tests/hostile").path();
        let name = path.to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).expect("the file is readable");
        let result = if name.ends_with(".plan") {
            plan_checked(&String::from_utf8_lossy(&bytes))
        } else {
            match hatchway::testing::input_from_bytes(name.clone(), bytes, None, kind_of(&name)) {
                Ok(input) => compile_checked(&name, &input.text, input.kind),
                Err(_) => Ok(()),
            }
        };
        if let Err(e) = result {
            panic!("{name}: {e}");
        }
        seen += 1;
    }
    assert!(seen > 0, "tests/hostile holds the regression inputs");
}

/// Random characters, some wide or of several bytes, with few line breaks.
fn long_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => "[a-z0-9 ,:-]{1,40}",
        1 => Just("é".to_string()),
        1 => Just("船".to_string()),
        1 => Just("\t".to_string()),
        1 => Just("\u{0}".to_string()),
        1 => Just("\n".to_string()),
    ];
    (proptest::collection::vec(piece, 1..60), 1usize..6_000)
        .prop_map(|(pieces, repeat)| pieces.concat().repeat(repeat / pieces.len().max(1) + 1))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// Errors at random places of long lines (up to hundreds of KB, with
    /// multi-byte, wide and control characters) show a window: no panic,
    /// no line longer than a few hundred characters, and the heading names
    /// the line and column of the first label.
    #[test]
    fn errors_on_long_lines_show_a_window(
        text in long_text(),
        places in proptest::collection::vec((0.0f64..1.0, 0usize..400), 1..4),
    ) {
        let spans: Vec<Span> = places
            .iter()
            .map(|&(at, len)| {
                let start = ((text.len() as f64) * at) as usize;
                Span::new(start, start + len)
            })
            .collect();
        let mut problem = Problem::error(Code::InvalidName, "something is wrong here");
        for (i, &span) in spans.iter().enumerate() {
            problem = problem.label(span, format!("place {i}"));
        }
        let file = Arc::new(SourceFile { name: "long".to_string(), text: text.clone() });
        let report = Report::new(file, problem);
        shown_checked(&report)?;
        let shown = report.render_plain(80);
        if let Some((line, column)) = report.line_column() {
            prop_assert!(
                shown.contains(&format!("[long:{line}:")),
                "line {} column {} not in the heading:\n{}",
                line,
                column,
                start_of(&shown)
            );
        }
    }
}
