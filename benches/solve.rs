//! Solving the standard board in the situations of a game, and generated
//! grid and hull boards of 16 to 128 rooms with 0 to 8 high-water rooms.
//!
//! Generated configurations are probed first (see
//! [`common::cheap_enough`]); those that exceed the probe budget are left
//! out and named on standard error.

mod common;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hatchway::search::Workspace;

fn standard(c: &mut Criterion) {
    let mut group = c.benchmark_group("standard");
    for s in common::standard_scenarios() {
        let p = common::prepare(&s);
        let Some(one) = common::cheap_enough(&p) else {
            eprintln!(
                "standard/{}: over the probe budget, not benchmarked",
                s.name
            );
            continue;
        };
        common::tune(&mut group, one);
        let mut workspace = Workspace::new();
        group.bench_function(s.name, |b| {
            b.iter(|| black_box(p.solve_in(&mut workspace).map(|s| s.outcomes.len())))
        });
    }
    group.finish();
}

/// The same scenarios solved one by one, each in a fresh workspace (what a
/// single `hatchway paths` pays).
fn standard_fresh(c: &mut Criterion) {
    let mut group = c.benchmark_group("standard-fresh");
    for s in common::standard_scenarios() {
        let p = common::prepare(&s);
        let Some(one) = common::cheap_enough(&p) else {
            continue;
        };
        common::tune(&mut group, one);
        group.bench_function(s.name, |b| b.iter(|| black_box(p.solve())));
    }
    group.finish();
}

fn generated(c: &mut Criterion) {
    let mut group = c.benchmark_group("generated");
    for g in common::generated(false) {
        let p = common::Prepared::new(&g.name, &g.text, &[]);
        let Some(one) = common::cheap_enough(&p) else {
            eprintln!(
                "generated/{}: over {} states or {:?}, not benchmarked (exponential)",
                g.name,
                common::PROBE_STATES,
                common::CRITERION_CUTOFF
            );
            continue;
        };
        common::tune(&mut group, one);
        let mut workspace = Workspace::new();
        group.bench_function(&g.name, |b| {
            b.iter(|| black_box(p.solve_in(&mut workspace).map(|s| s.outcomes.len())))
        });
    }
    group.finish();
}

criterion_group!(benches, standard, standard_fresh, generated);
criterion_main!(benches);
