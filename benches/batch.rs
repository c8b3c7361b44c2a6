//! The batch path end to end: `hatchway paths --batch` reading 10,000
//! standard-board configurations as JSON Lines from a file and writing one
//! JSON result per line, run as a separate process.

mod common;

use std::fs::File;
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};

const BINARY: &str = env!("CARGO_BIN_EXE_hatchway");

fn run(input: &std::path::Path) -> std::process::Output {
    Command::new(BINARY)
        .args(["paths", "--batch"])
        .stdin(File::open(input).expect("open the batch input"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("run hatchway paths --batch")
}

fn batch(c: &mut Criterion) {
    let input = common::batch_file(common::BATCH_BOARDS, common::BATCH_SEED);
    // Check once that every board was solved.
    let out = run(&input);
    assert!(
        out.status.success(),
        "hatchway paths --batch failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = out.stdout.iter().filter(|&&b| b == b'\n').count();
    assert_eq!(lines, common::BATCH_BOARDS, "one result per board");
    let errors = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("{\"line\""))
        .count();
    assert_eq!(errors, 0, "every board solved");

    let mut group = c.benchmark_group("batch");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(50))
        .throughput(Throughput::Elements(common::BATCH_BOARDS as u64));
    group.bench_function("paths-batch-10000-standard-boards", |b| {
        b.iter(|| {
            let out = Command::new(BINARY)
                .args(["paths", "--batch"])
                .stdin(File::open(&input).expect("open the batch input"))
                .stdout(Stdio::null())
                .status()
                .expect("run hatchway paths --batch");
            assert!(out.success(), "hatchway paths --batch failed");
        })
    });
    group.finish();
    let _ = std::fs::remove_file(&input);
}

criterion_group!(benches, batch);
criterion_main!(benches);
