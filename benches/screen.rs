//! The full-screen replay on the largest shipped turn (the rulebook's
//! standard sub with the aqualung, 780 outcomes): one step's redraw, a
//! switch to the next outcome, and the list of outcomes, each drawn into a
//! 200x50 test terminal as the interactive view draws into the real one.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use hatchway::answer::{Answer, Turn};
use hatchway::screen::{Replaying, Screen};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

fn screen(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/red-november-rulebook.board");
    let Ok(loaded) = hatchway::load::board_file(&path) else {
        panic!("the rulebook board loads");
    };
    let board = loaded.value;
    let Ok(items) = Turn::items_named(&board.rules, &["aqualung"]) else {
        panic!("the rulebook has an aqualung");
    };
    let turn = Turn::holding(board, items);
    let Ok(solution) = turn.solve(&Default::default()) else {
        panic!("the turn solves");
    };
    let answer = Answer::new(&turn, &solution.outcomes);
    let Ok(mut terminal) = Terminal::new(TestBackend::new(200, 50));
    let mut group = c.benchmark_group("screen");
    let last = answer.outcomes().last().map(|t| t.number);
    let mut replay = Replaying::new(&answer, last, true, false);
    group.bench_function("step", |b| {
        b.iter(|| {
            // Forth and back: every draw shows another step.
            for key in [KeyCode::Right, KeyCode::Left] {
                replay.key(KeyEvent::from(key));
                let _ = black_box(terminal.draw(|f| replay.draw(f)));
            }
        })
    });
    let mut replay = Replaying::new(&answer, Some(1), true, false);
    group.bench_function("switch-outcome", |b| {
        b.iter(|| {
            for key in [KeyCode::Down, KeyCode::Up] {
                replay.key(KeyEvent::from(key));
                let _ = black_box(terminal.draw(|f| replay.draw(f)));
            }
        })
    });
    let mut list = Replaying::new(&answer, None, true, false);
    group.bench_function("list", |b| {
        b.iter(|| {
            for key in [KeyCode::Down, KeyCode::Up] {
                list.key(KeyEvent::from(key));
                let _ = black_box(terminal.draw(|f| list.draw(f)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, screen);
criterion_main!(benches);
