//! Solving the standard board in the situations of a game, generated grid
//! and hull boards of 16 to 128 rooms with 0 to 8 high-water rooms, and the
//! same random standard-sub turns under every shipped rules file.
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

/// The same random standard-sub turns under every shipped rules file, in
/// one reused workspace: how the rules a player picks change the price of
/// a turn, with its paths (`NAME`) and for its costs alone (`NAME/costs`,
/// what a sweep asks). A turn over the probe budget is left out of every
/// file's run and counted on standard error.
fn rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("rules");
    let all = common::shipped_rules();
    let mut turns: Vec<Vec<common::Prepared>> = all
        .iter()
        .map(|(_, r)| common::standard_turns_by(r, common::RULES_TURNS, common::BATCH_SEED))
        .collect();
    // The same turns for every file: those cheap enough under all of them.
    let keep: Vec<bool> = (0..common::RULES_TURNS)
        .map(|k| turns.iter().all(|t| common::cheap_enough(&t[k]).is_some()))
        .collect();
    for t in &mut turns {
        let mut k = 0;
        t.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }
    eprintln!(
        "rules: {} of {} turns under every file's probe budget",
        keep.iter().filter(|&&k| k).count(),
        common::RULES_TURNS
    );
    for ((name, _), turns) in all.iter().zip(&turns) {
        let mut workspace = Workspace::new();
        let start = std::time::Instant::now();
        for p in turns {
            let _ = p.solve_in(&mut workspace);
        }
        common::tune(&mut group, start.elapsed());
        group.bench_function(name.as_str(), |b| {
            b.iter(|| {
                turns
                    .iter()
                    .map(|p| p.solve_in(&mut workspace).map_or(0, |s| s.outcomes.len()))
                    .sum::<usize>()
            })
        });
        group.bench_function(format!("{name}/costs"), |b| {
            b.iter(|| {
                turns
                    .iter()
                    .map(|p| {
                        p.solve_costs_in(&mut workspace)
                            .map_or(0, |s| s.outcomes.len())
                    })
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, standard, standard_fresh, generated, rules);
criterion_main!(benches);
