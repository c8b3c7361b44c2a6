//! A sweep's summary for people.

use anstyle::Style as Look;

use super::{Style, count, percent};
use crate::model::Board;
use crate::sweep::{COST_BUCKETS, Summary, Sweep};

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
            "sweep of {}: {} x {} = {} in {:.1} s",
            board.name,
            count(sweep.configurations().unwrap_or(0), "configuration"),
            count(sweep.starts.len() as u64, "start room"),
            count(summary.solves, "solve"),
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
        "{} {} {} {}; {}, {} in all",
        if varying.len() == 1 { "room" } else { "rooms" },
        varying.join(", "),
        if varying.len() == 1 { "takes" } else { "take" },
        if states.len() == 1 {
            format!("the state {}", states[0])
        } else {
            format!("the states {}", states.join(", "))
        },
        count(summary.outcomes, "outcome"),
        count(summary.states, "search state")
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
            costs.push(format!("{label}:{}", percent(n, r.reachable, false)));
        }
        let text = format!(
            "{:<8} {:>7}     {}",
            r.room,
            percent(r.reachable, summary.solves, true),
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
        "trapped (no room but the start reachable): {} ({})\n",
        count(summary.trapped, "solve"),
        percent(summary.trapped, summary.solves, true)
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
            "{} out of their search budget and are not counted; raise `--max-states` or `--max-memory`\n",
            if summary.over_budget == 1 {
                "1 solve ran".to_string()
            } else {
                format!("{} solves ran", summary.over_budget)
            }
        ));
    }
    out
}
