//! A sweep's summary for people.

use anstyle::Style as Look;

use super::Style;
use crate::model::Board;
use crate::sweep::{COST_BUCKETS, Summary, Sweep};

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}

/// The summary: what was swept, then per room how often it can be reached
/// and at what minimum cost, then the traps.
pub fn summary(
    board: &Board,
    sweep: &Sweep,
    summary: &Summary,
    elapsed: std::time::Duration,
    style: Style,
) -> String {
    let bold = Look::new().bold();
    let rules = &board.rules;
    let mut out = String::new();
    out.push_str(&style.paint(
        bold,
        &format!(
            "sweep of {}: {} configurations x {} start rooms = {} solves in {:.1} s",
            board.name,
            sweep.configurations().unwrap_or(0),
            sweep.starts.len(),
            summary.solves,
            elapsed.as_secs_f64()
        ),
    ));
    out.push('\n');
    let varying: Vec<&str> = sweep
        .rooms
        .iter()
        .map(|r| board.room(*r).id.as_str())
        .collect();
    let states: Vec<&str> = sweep
        .states
        .iter()
        .map(|s| rules.room_states[usize::from(s.0)].as_str())
        .collect();
    let line = format!(
        "rooms {} take the states {}; {} outcomes, {} search states in all",
        varying.join(", "),
        states.join(", "),
        summary.outcomes,
        summary.states
    );
    for l in textwrap::wrap(&line, style.width.max(40)) {
        out.push_str(&l);
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&style.paint(
        bold,
        "room      reachable   minimum cost: share of the solves that reach it",
    ));
    out.push('\n');
    for r in &summary.rooms {
        let mut costs = Vec::new();
        for (cost, &n) in r.cost_counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let label = if cost == COST_BUCKETS - 1 {
                format!("{cost}+")
            } else {
                cost.to_string()
            };
            costs.push(format!("{label}:{:.0}%", percent(n, r.reachable)));
        }
        let text = format!(
            "{:<8} {:>6.1}%     {}",
            r.room,
            percent(r.reachable, summary.solves),
            if costs.is_empty() {
                "-".to_string()
            } else {
                costs.join(" ")
            }
        );
        let options =
            textwrap::Options::new(style.width.max(40)).subsequent_indent("                   ");
        for l in textwrap::wrap(&text, options) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out.push('\n');
    out.push_str(&format!(
        "trapped (no room but the start reachable): {} solves ({:.1}%)\n",
        summary.trapped,
        percent(summary.trapped, summary.solves)
    ));
    for c in &summary.trapped_examples {
        let rooms: Vec<String> = c.rooms.iter().map(|(r, s)| format!("{r}:{s}")).collect();
        let text = format!("  start {}: {}", c.start, rooms.join(" "));
        let options = textwrap::Options::new(style.width.max(40)).subsequent_indent("    ");
        for l in textwrap::wrap(&text, options) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    if summary.trapped > summary.trapped_examples.len() as u64 {
        out.push_str(&format!(
            "  ... and {} more (the first {} are listed)\n",
            summary.trapped - summary.trapped_examples.len() as u64,
            summary.trapped_examples.len()
        ));
    }
    if summary.over_budget > 0 {
        out.push_str(&format!(
            "{} solves ran out of their search budget and are not counted; raise `--max-states` or `--max-memory`\n",
            summary.over_budget
        ));
    }
    out
}
