//! A sweep's summary, for people and as a document.

use anstyle::Style as Look;
use schemars::JsonSchema;
use serde::Serialize;

use super::{Style, count, percent};
use crate::sweep::{COST_BUCKETS, Summary, Swept};

/// A sweep as one document: the turn it sweeps, as every document says
/// first (the board, the rules, the items held, and the start room when
/// one was given: `null` when every room is a start), then its summary.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SweepDoc<'a> {
    /// The board's name.
    pub board: &'a str,
    /// The rules' name.
    pub rules: &'a str,
    /// The items the player holds, in the order the rules declare them.
    pub items: &'a [String],
    /// The one start room's id, or `None` when every room is a start.
    pub start: Option<&'a str>,
    /// What the sweep found.
    #[serde(flatten)]
    pub summary: &'a Summary,
}

impl<'a> SweepDoc<'a> {
    /// The document of `summary`, of the sweep `swept` (whole, or merged
    /// from its shards).
    pub fn new(swept: &'a Swept, summary: &'a Summary) -> SweepDoc<'a> {
        SweepDoc {
            board: &swept.board,
            rules: &swept.rules,
            items: &swept.items,
            start: swept.start.as_deref(),
            summary,
        }
    }
}

/// The summary: what was swept, under which rules and items, then per
/// room how often it can be reached and at what minimum cost, then the
/// traps. `elapsed` is the sweep's time (for one merged from shards, the
/// shards' times added up).
pub fn summary(
    swept: &Swept,
    summary: &Summary,
    elapsed: std::time::Duration,
    style: Style,
) -> String {
    let bold = Look::new().bold();
    let start = match &swept.start_label {
        Some(label) => format!("start in room {label}"),
        None => "every start room".to_string(),
    };
    let holding = if swept.items_said.is_empty() {
        String::new()
    } else {
        format!(", holding {}", swept.items_said.join(", "))
    };
    let mut out = String::new();
    out.push_str(&style.paint(
        bold,
        &format!(
            "sweep of {}: {start}, rules {}{holding}",
            swept.board, swept.rules
        ),
    ));
    out.push('\n');
    if summary.partial {
        // Said first and apart: every figure below is of these solves.
        out.push_str(&style.paint(
            bold,
            &format!(
                "PARTIAL: stopped by Ctrl-C after {} of {}; every figure below is of those alone",
                summary.solves,
                count(swept.solves().unwrap_or(0), "solve"),
            ),
        ));
        out.push('\n');
    }
    out.push_str(&format!(
        "{} x {} = {}, answered by {} in {:.1} s\n",
        count(swept.configurations().unwrap_or(0), "configuration"),
        count(swept.starts.len() as u64, "start room"),
        count(summary.solves, "solve"),
        count(summary.searches, "search"),
        elapsed.as_secs_f64()
    ));
    let varying = &swept.rooms;
    let states = &swept.states_said;
    let line = format!(
        "{} {} {} {}; {} in all",
        if varying.len() == 1 { "room" } else { "rooms" },
        varying.join(", "),
        if varying.len() == 1 { "takes" } else { "take" },
        if states.len() == 1 {
            format!("the state {}", states[0])
        } else {
            format!("the states {}", states.join(", "))
        },
        count(summary.states, "search state")
    );
    for l in textwrap::wrap(&line, style.width.max(40)) {
        out.push_str(&l);
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&room_table(summary, style));
    out.push_str(&trapped_solves(summary, style));
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

/// Each room: in how many solves it is reachable, and at what minimum
/// costs.
fn room_table(summary: &Summary, style: Style) -> String {
    let bold = Look::new().bold();
    let mut out = String::new();
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
    out
}

/// How many solves leave the gnome no room but the start, with the first
/// few configurations that do.
fn trapped_solves(summary: &Summary, style: Style) -> String {
    let mut out = String::new();
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
    out
}
