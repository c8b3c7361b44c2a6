//! `hatchway paths --batch`: JSON Lines in, one JSON result per line out, in
//! order; a bad line gives a JSON error object and the rest go on.

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
    let mut child = Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(["paths", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hatchway binary runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let text = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().expect("batch finishes");
    writer
        .join()
        .expect("writer thread")
        .expect("input written");
    let lines = String::from_utf8(out.stdout)
        .expect("UTF-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    (lines, out.status.code().unwrap_or(-1))
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
