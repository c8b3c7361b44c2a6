//! `hatchway paths --batch`: JSON Lines in, one JSON result per line out, in
//! order; a bad line gives a JSON error object and the rest go on.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use hatchway::import::HATCHES;

const STATES: &[&str] = &["clear", "low_flood", "high_flood", "fire"];

/// A standard board with room states drawn from `seed`.
fn board_line(seed: u64) -> String {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let rooms: Vec<String> = (1..=10)
        .map(|id| {
            format!(
                r#"{{"id":{id},"state":"{}"}}"#,
                STATES[(next() % 4) as usize]
            )
        })
        .collect();
    let hatches: Vec<String> = HATCHES
        .iter()
        .map(|(a, b)| format!(r#"{{"between":[{a},{b}],"state":"closed"}}"#))
        .collect();
    let start = next() % 10 + 1;
    format!(
        r#"{{"name":"sweep-{seed}","rooms":[{}],"hatches":[{}],"start":{start}}}"#,
        rooms.join(","),
        hatches.join(",")
    )
}

fn batch(input: &str) -> (Vec<serde_json::Value>, i32) {
    let (out, code) = batch_bytes(&[], input);
    let lines = String::from_utf8(out)
        .expect("UTF-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    (lines, code)
}

#[test]
fn ten_thousand_boards_in_one_run() {
    let input: String = (0..10_000).map(|i| board_line(i) + "\n").collect();
    let (results, code) = batch(&input);
    assert_eq!(code, 0);
    assert_eq!(results.len(), 10_000);
    for (i, r) in results.iter().enumerate() {
        assert_eq!(
            r["board"],
            format!("sweep-{i}"),
            "results stay in input order"
        );
        let outcomes = r["outcomes"].as_array().expect("a result document");
        assert!(!outcomes.is_empty(), "staying put is always an outcome");
    }
}

#[test]
fn a_bad_line_is_reported_and_the_rest_go_on() {
    let input = format!(
        "{}\nnot json\n{}\n{{\"rooms\":[{{\"id\":1,\"state\":\"lava\"}}],\"start\":1}}\n{}\n",
        board_line(1),
        board_line(2),
        board_line(3)
    );
    let (results, code) = batch(&input);
    assert_eq!(code, 1, "an invalid line makes the exit code 1");
    assert_eq!(results.len(), 5);
    assert_eq!(results[0]["board"], "sweep-1");
    assert_eq!(results[1]["line"], 2);
    assert!(results[1]["error"].as_str().is_some());
    assert_eq!(results[2]["board"], "sweep-2");
    assert_eq!(results[3]["line"], 4);
    assert!(
        results[3]["error"].as_str().unwrap_or("").contains("lava"),
        "{}",
        results[3]
    );
    assert_eq!(results[4]["board"], "sweep-3");
}

#[test]
fn batch_results_match_single_runs() {
    let line = board_line(7);
    let (results, _) = batch(&format!("{line}\n"));
    let dir = std::env::temp_dir().join(format!("hatchway-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("board.json");
    std::fs::write(&file, &line).expect("temp board");
    let out = Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args([
            "paths",
            file.to_str().expect("UTF-8 path"),
            "--format",
            "json",
        ])
        .output()
        .expect("the hatchway binary runs");
    let single: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(results[0], single);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A line is blank, skipped with no answer, only when it holds JSON's
/// whitespace alone (spaces, tabs, a carriage return); a line of any other
/// space (form feed, vertical tab, no-break space) is invalid JSON and gets
/// an error line in its place, with one job or several.
#[test]
fn only_json_whitespace_makes_a_blank_line() {
    let blank = ["", " ", "\t", "\r", " \t \r"];
    let not_blank = [
        "\u{c}",
        "\u{c}\u{c}",
        "\u{b}",
        " \u{a0} ",
        "\u{2003}",
        "\u{c}\t",
    ];
    let mut input = String::new();
    for line in blank {
        input.push_str(line);
        input.push('\n');
    }
    for line in not_blank {
        input.push_str(line);
        input.push('\n');
    }
    input.push_str(&board_line(1));
    input.push('\n');
    for jobs in ["1", "2"] {
        let (out, code) = batch_bytes(&["--jobs", jobs], &input);
        assert_eq!(code, 1, "--jobs {jobs}");
        let results: Vec<serde_json::Value> = String::from_utf8(out)
            .expect("UTF-8 output")
            .lines()
            .map(|l| serde_json::from_str(l).expect("every line is JSON"))
            .collect();
        assert_eq!(
            results.len(),
            not_blank.len() + 1,
            "--jobs {jobs}: {results:?}"
        );
        for (i, r) in results[..not_blank.len()].iter().enumerate() {
            assert_eq!(r["line"], blank.len() + i + 1, "--jobs {jobs}: {r}");
            assert_eq!(r["exit"], 1, "--jobs {jobs}: {r}");
            assert_eq!(
                r["diagnostics"][0]["code"], "hatchway::invalid_document",
                "--jobs {jobs}: {r}"
            );
        }
        assert_eq!(results[not_blank.len()]["board"], "sweep-1");
    }
    let docs = std::fs::read_to_string("docs/INTERCHANGE.md").expect("the doc is shipped");
    assert!(
        common::words(&docs).contains(
            "A blank line, one of JSON's whitespace only (spaces, tabs, a carriage return), is skipped"
        ),
        "INTERCHANGE.md says another rule for blank lines"
    );
}

/// Runs `paths --batch` with `args` on `input`: the bytes written and the
/// exit code.
fn batch_bytes(args: &[&str], input: &str) -> (Vec<u8>, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(["paths", "--batch"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hatchway binary runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let text = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().expect("batch finishes");
    match writer.join().expect("writer thread") {
        Ok(()) => {}
        // A command that refuses its options exits before it reads.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => panic!("the input was not written: {e}"),
    }
    (out.stdout, out.status.code().unwrap_or(-1))
}

/// Any number of jobs writes the same bytes as one, in input order: good
/// lines, bad ones, blank ones and ones a budget stops all keep their
/// places, and the exit code is the worst line's.
#[test]
fn jobs_write_what_one_job_writes() {
    let mut input = String::new();
    for i in 0..400u64 {
        input.push_str(&match i % 7 {
            3 => "{\"rooms\": [{\"id\": 1}], \"start\": 9}\n".to_string(),
            5 => "\n".to_string(),
            6 => "not json\n".to_string(),
            _ => board_line(i) + "\n",
        });
    }
    let (one, code_one) = batch_bytes(&["--jobs", "1"], &input);
    assert_eq!(code_one, 1);
    assert_eq!(
        one.iter().filter(|&&b| b == b'\n').count(),
        400 - 400 / 7,
        "one line out per line in that is not blank"
    );
    for jobs in ["2", "3", "8"] {
        let (many, code) = batch_bytes(&["--jobs", jobs], &input);
        assert_eq!(code, code_one, "--jobs {jobs}");
        assert!(many == one, "--jobs {jobs} wrote other bytes");
    }
    // A budget that stops some lines: exit 3, the same with more jobs.
    let (one, code_one) = batch_bytes(&["--jobs", "1", "--max-states", "12"], &input);
    let (two, code_two) = batch_bytes(&["--jobs", "2", "--max-states", "12"], &input);
    assert_eq!((code_one, code_two), (3, 3));
    assert!(one == two, "--max-states with two jobs wrote other bytes");
}

/// A program that writes a line and waits gets its answer before it writes
/// the next: the batch answers as it reads, with any number of jobs.
#[test]
fn each_answer_comes_before_the_next_line() {
    use std::io::{BufRead, BufReader};
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hatchway"))
            .args(["paths", "--batch", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the hatchway binary runs");
        let mut stdin = child.stdin.take().expect("piped stdin");
        let mut answers = BufReader::new(child.stdout.take().expect("piped stdout"));
        for i in 0..3u64 {
            writeln!(stdin, "{}", board_line(i)).expect("a line written");
            stdin.flush().expect("flushed");
            let mut answer = String::new();
            answers.read_line(&mut answer).expect("an answer read");
            assert!(
                answer.contains(&format!("\"board\":\"sweep-{i}\"")),
                "--jobs {jobs}, line {i}: {answer}"
            );
        }
        drop(stdin);
        assert!(child.wait().expect("the batch ends").success());
    }
}

/// `--rules` plays every line by the rules it names, read once; rules that
/// cannot be read stop the batch before any line, with exit 1.
#[test]
fn rules_of_the_command_line_play_every_line() {
    let input: String = (0..5).map(|i| board_line(i) + "\n").collect();
    for jobs in ["1", "2"] {
        let (out, code) = batch_bytes(
            &["--rules", "red-november-rulebook", "--jobs", jobs],
            &input,
        );
        assert_eq!(code, 0);
        let lines: Vec<serde_json::Value> = String::from_utf8(out)
            .expect("UTF-8 output")
            .lines()
            .map(|l| serde_json::from_str(l).expect("every line is JSON"))
            .collect();
        assert_eq!(lines.len(), 5);
        for line in &lines {
            assert_eq!(line["rules"], "red-november-rulebook", "{line}");
        }
    }
    let (out, code) = batch_bytes(&["--rules", "no-such-rules"], &input);
    assert_eq!(code, 1);
    assert!(out.is_empty(), "no line is answered");
    // Each line's states are checked against the rules of `--rules`, not
    // the line's own: `sea` is a state of the rulebook's rules only, on a
    // kept layout too, and a state those rules lack is the line's error.
    let sea =
        r#"{"rooms":[{"id":1,"state":"sea"},{"id":2}],"hatches":[{"between":[1,2]}],"start":2}"#;
    let input = format!(
        "{sea}\n{sea}\n{}\n{}\n",
        sea.replace("\"state\":\"sea\"", "\"state\":\"fire\""),
        sea.replace("\"state\":\"sea\"", "\"state\":\"smoke\"")
    );
    for jobs in ["1", "2"] {
        let (out, code) = batch_bytes(
            &["--rules", "red-november-rulebook", "--jobs", jobs],
            &input,
        );
        assert_eq!(code, 1, "--jobs {jobs}");
        let lines: Vec<serde_json::Value> = String::from_utf8(out)
            .expect("UTF-8 output")
            .lines()
            .map(|l| serde_json::from_str(l).expect("every line is JSON"))
            .collect();
        assert_eq!(lines.len(), 4, "--jobs {jobs}");
        for line in &lines[..2] {
            assert_eq!(line["outcomes"][0]["rooms"]["1"], "sea", "{line}");
        }
        assert_eq!(
            lines[2]["outcomes"][0]["rooms"]["1"], "fire",
            "{}",
            lines[2]
        );
        assert_eq!(
            lines[3]["diagnostics"][0]["code"], "hatchway::unknown_name",
            "{}",
            lines[3]
        );
        assert!(
            lines[3]["diagnostics"][0]["help"]
                .as_str()
                .is_some_and(|h| h.contains("red-november-rulebook")),
            "{}",
            lines[3]
        );
    }
    let (_, code) = batch_bytes(&[], &format!("{sea}\n"));
    assert_eq!(
        code, 0,
        "a line that names no rules plays the published game"
    );
    let (_, code) = batch_bytes(&["--rules", "red-november"], &format!("{sea}\n"));
    assert_eq!(code, 1, "`sea` is no state of the first pathfinder's rules");
}

/// A line that carries its own turn (`with`, `from`, `rules`, `id`) is
/// answered as a run of `paths` with those options answers its board, and
/// its `id` comes back first on its line: 10,000 random turns of the
/// standard sub, each with items and a start of its own, against the same
/// boards answered in runs with those options on the command line.
#[test]
fn lines_with_their_own_turn_answer_as_runs_with_those_options() {
    let turns = hatchway::generate::standard_turns(10_000, 2026);
    let boards: Vec<&str> = turns.lines().collect();
    let withs: [Option<&[&str]>; 5] = [
        None,
        Some(&[]),
        Some(&["grog"]),
        Some(&["aqualung"]),
        Some(&["grog", "fire_extinguisher"]),
    ];
    let mut input = String::new();
    // By (items, start): the lines given them, in order.
    let mut groups: std::collections::BTreeMap<(usize, usize), Vec<usize>> = Default::default();
    for (i, board) in boards.iter().enumerate() {
        let (with, from) = (i % withs.len(), i / withs.len() % 11);
        let mut fields = vec![format!("\"board\":{board}")];
        if let Some(items) = withs[with] {
            fields.push(format!("\"with\":{}", serde_json::json!(items)));
        }
        // Rooms 1 to 10, as strings and as numbers; 0: the board's start.
        match from {
            0 => {}
            f if f % 2 == 0 => fields.push(format!("\"from\":\"{f}\"")),
            f => fields.push(format!("\"from\":{f}")),
        }
        if i % 7 == 0 {
            fields.push("\"rules\":\"red-november-rulebook\"".to_string());
        }
        fields.push(format!("\"id\":{{\"turn\":{i}}}"));
        // The fields in another order on some lines: a line is an object.
        if i % 3 == 0 {
            fields.reverse();
        }
        input.push_str(&format!("{{{}}}\n", fields.join(",")));
        groups.entry((with, from)).or_default().push(i);
    }
    let (own, code) = batch_bytes(&["--rules", "red-november-rulebook"], &input);
    assert_eq!(code, 0);
    let own: Vec<&str> = std::str::from_utf8(&own).expect("UTF-8").lines().collect();
    assert_eq!(own.len(), boards.len());
    for ((with, from), lines) in groups {
        let mut args = vec!["--rules".to_string(), "red-november-rulebook".to_string()];
        if let Some(items) = withs[with].filter(|i| !i.is_empty()) {
            args.extend(["--with".to_string(), items.join(",")]);
        }
        if from > 0 {
            args.extend(["--from".to_string(), from.to_string()]);
        }
        let plain: String = lines.iter().map(|&i| format!("{}\n", boards[i])).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (alone, code) = batch_bytes(&args, &plain);
        assert_eq!(code, 0, "{args:?}");
        let alone = String::from_utf8(alone).expect("UTF-8");
        for (&i, expected) in lines.iter().zip(alone.lines()) {
            let id = format!(",\"id\":{{\"turn\":{i}}}");
            let line = own[i];
            assert!(
                line.contains(&id),
                "line {}: {}",
                i + 1,
                &line[..line.len().min(200)]
            );
            assert_eq!(
                line.replacen(&id, "", 1),
                expected,
                "line {} ({args:?})",
                i + 1
            );
        }
    }
}

/// What a line says of its own turn that cannot be taken is that line's
/// error, with its `id`, and the lines around it are answered.
#[test]
fn a_line_whose_own_turn_is_wrong_is_an_error_with_its_id() {
    let board = board_line(5);
    let input = format!(
        "{{\"board\":{board},\"with\":[\"beer\"],\"id\":1}}\n\
         {{\"board\":{board},\"from\":\"99\",\"id\":\"two\"}}\n\
         {{\"board\":{board},\"fromm\":3,\"id\":[3]}}\n\
         {{\"board\":{board},\"rules\":\"boards/open-mini.board\",\"id\":null}}\n\
         {board}\n"
    );
    let (out, code) = batch_bytes(&[], &input);
    assert_eq!(code, 1);
    let out = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let said: Vec<(serde_json::Value, String)> = lines[..4]
        .iter()
        .map(|l| {
            (
                l["id"].clone(),
                l["error"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        said,
        [
            (
                serde_json::json!(1),
                "unknown item `beer` in `with`".to_string()
            ),
            (
                serde_json::json!("two"),
                "unknown room `99` in `from`".to_string()
            ),
            (serde_json::json!([3]), said[2].1.clone(),),
            (
                serde_json::Value::Null,
                "`boards/open-mini.board` is a board, not rules".to_string()
            ),
        ]
    );
    assert!(
        said[2].1.starts_with("unknown field `fromm`"),
        "{}",
        said[2].1
    );
    // The line that was a board alone has its result, and no id.
    assert!(lines[4]["outcomes"].is_array() && lines[4].get("id").is_none());
}
