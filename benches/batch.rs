//! The batch path end to end: `hatchway paths --batch` run as a separate
//! process, reading 10,000 boards as JSON Lines from a file and writing one
//! JSON result per line, with one job and with two. Throughput is the
//! output's bytes, so criterion reports the output rate that BENCHMARKS.md
//! quotes.
//!
//! Inputs: 10,000 standard-board positions with random states and starts
//! (`mixed`), and 10,000 copies of each of three standard-board scenarios
//! whose outputs differ in size.

mod common;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use hatchway::export;
use hatchway::load::Format;

const BINARY: &str = env!("CARGO_BIN_EXE_hatchway");

/// The scenarios of `common::standard_scenarios` given as copies.
const SCENARIOS: [&str; 3] = ["all-clear", "water-and-fire", "start-in-high-water"];

fn run(input: &Path, jobs: usize) -> std::process::Output {
    Command::new(BINARY)
        .args(["paths", "--batch", "--jobs", &jobs.to_string()])
        .stdin(File::open(input).expect("open the batch input"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("run hatchway paths --batch")
}

/// `common::BATCH_BOARDS` copies of a scenario's board as JSON Lines.
fn copies_file(name: &str) -> PathBuf {
    let scenario = common::standard_scenarios()
        .into_iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no scenario {name}"));
    let board = common::prepare(&scenario).board;
    let text = export::to_document(&board, &export::rules_reference(&board), Format::Json)
        .expect("the scenario exports");
    let value: serde_json::Value = serde_json::from_str(&text).expect("the export is JSON");
    let line = serde_json::to_string(&value).expect("a JSON value writes") + "\n";
    let path = std::env::temp_dir().join(format!(
        "hatchway-batch-{name}-{}.jsonl",
        std::process::id()
    ));
    std::fs::write(&path, line.repeat(common::BATCH_BOARDS)).expect("write the batch input");
    path
}

fn batch(c: &mut Criterion) {
    let mut inputs = vec![(
        "mixed".to_string(),
        common::batch_file(common::BATCH_BOARDS, common::BATCH_SEED),
    )];
    for name in SCENARIOS {
        inputs.push((name.to_string(), copies_file(name)));
    }
    let mut group = c.benchmark_group("batch");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    for (name, input) in &inputs {
        // Check once that every board was solved, and weigh the output.
        let out = run(input, 1);
        assert!(
            out.status.success(),
            "hatchway paths --batch failed on {name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines = out.stdout.iter().filter(|&&b| b == b'\n').count();
        assert_eq!(lines, common::BATCH_BOARDS, "one result per board");
        let errors = out
            .stdout
            .split(|&b| b == b'\n')
            .filter(|l| l.starts_with(b"{\"format\":1,\"line\""))
            .count();
        assert_eq!(errors, 0, "every board solved");
        assert_eq!(run(input, 2).stdout, out.stdout, "two jobs write the same");
        group.throughput(Throughput::Bytes(out.stdout.len() as u64));
        for jobs in [1, 2] {
            group.bench_function(format!("{name}-10000/jobs-{jobs}"), |b| {
                b.iter(|| {
                    let status = Command::new(BINARY)
                        .args(["paths", "--batch", "--jobs", &jobs.to_string()])
                        .stdin(File::open(input).expect("open the batch input"))
                        .stdout(Stdio::null())
                        .status()
                        .expect("run hatchway paths --batch");
                    assert!(status.success(), "hatchway paths --batch failed");
                })
            });
        }
    }
    group.finish();
    for (_, input) in inputs {
        let _ = std::fs::remove_file(input);
    }
}

criterion_group!(benches, batch);
criterion_main!(benches);
