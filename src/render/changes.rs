//! What changed between two answers to a turn, in the player's words:
//! `outcome 4, room 7: now 3 minutes, was 2; room 5 now ends low water`.
//!
//! Both sides are answers as data ([`Digest`]): `hatchway test` keeps the
//! old one in the snapshot's header beside the replay's text. Outcomes are
//! paired by where they end and what they change; those left over are
//! paired by their final room, and the rest are new or gone.

use anstyle::{AnsiColor, Style as Look};

use crate::answer::{Digest, Ending, RoomState};
use crate::model::Rules;
use crate::survival::Kind as Survival;

use super::Style;

fn minutes(n: u32) -> String {
    if n == 1 {
        "1 minute".to_string()
    } else {
        format!("{n} minutes")
    }
}

/// The first line of each side: the turn it answers.
fn heading(d: &Digest) -> String {
    let holding = if d.holding.is_empty() {
        String::new()
    } else {
        format!(", holding {}", d.holding.join(", "))
    };
    format!(
        "{}: start in room {}, rules {}{holding}, {}",
        d.board,
        d.start,
        d.rules,
        super::count(d.outcomes.len() as u64, "outcome")
    )
}

/// A survival kind in words; a name no kind has is shown as it is.
fn survival_words(name: &str) -> &str {
    match Survival::named(name) {
        Some(kind) => kind.words(),
        None => name,
    }
}

fn changes_text(changes: &[RoomState], words: &Rules) -> String {
    if changes.is_empty() {
        "no room changes".to_string()
    } else {
        let list: Vec<String> = changes
            .iter()
            .map(|c| format!("{} {}", c.room, words.say(&c.state)))
            .collect();
        format!("changes {}", list.join(", "))
    }
}

/// What differs between two outcomes paired with each other.
fn paired(old: &Ending, new: &Ending, words: &Rules) -> Option<String> {
    let mut parts = Vec::new();
    if old.minutes != new.minutes {
        parts.push(format!("now {}, was {}", minutes(new.minutes), old.minutes));
    }
    for RoomState { room, state } in &new.changes {
        let now = words.say(state);
        match old.changes.iter().find(|c| &c.room == room) {
            Some(c) if &c.state == state => {}
            Some(c) => parts.push(format!(
                "room {room} now ends {now}, was {}",
                words.say(&c.state)
            )),
            None => parts.push(format!("room {room} now ends {now}")),
        }
    }
    for RoomState { room, state } in &old.changes {
        if !new.changes.iter().any(|c| &c.room == room) {
            parts.push(format!(
                "room {room} no longer changes, was {}",
                words.say(state)
            ));
        }
    }
    if old.survival != new.survival {
        parts.push(format!(
            "now {}, was {}",
            survival_words(&new.survival),
            survival_words(&old.survival)
        ));
    }
    if parts.is_empty() && old.path != new.path {
        parts.push(format!(
            "now by {}, was by {}",
            path_text(&new.path),
            path_text(&old.path)
        ));
    }
    if parts.is_empty() {
        return None;
    }
    let number = if old.number == new.number {
        format!("outcome {}", new.number)
    } else {
        format!("outcome {} (was {})", new.number, old.number)
    };
    Some(format!("{number}, room {}: {}", new.room, parts.join("; ")))
}

fn path_text(path: &str) -> &str {
    if path.is_empty() { "staying" } else { path }
}

/// The kind of a line of the summary, for its colour.
#[derive(Clone, Copy)]
enum Kind {
    Changed,
    Added,
    Gone,
}

/// The differences between two answers to a turn in the player's words
/// (states as `words` say them), one line each (at most `limit`, then a
/// count of the rest), coloured when `style` says so. Empty when the
/// answers are the same.
pub fn summary(
    old: &Digest,
    new: &Digest,
    words: &Rules,
    style: Style,
    limit: usize,
) -> Vec<String> {
    let mut lines: Vec<(Kind, String)> = Vec::new();
    let (was, now) = (heading(old), heading(new));
    if was != now {
        lines.push((Kind::Changed, format!("now: {now}")));
        lines.push((Kind::Changed, format!("was: {was}")));
    }
    let mut old_left: Vec<Option<&Ending>> = old.outcomes.iter().map(Some).collect();
    let mut new_left: Vec<Option<&Ending>> = new.outcomes.iter().map(Some).collect();
    let mut pairs: Vec<(&Ending, &Ending)> = Vec::new();
    // Outcomes that end the same way, then outcomes that end in the same
    // room.
    let same_end = |a: &Ending, b: &Ending| a.room == b.room && a.changes == b.changes;
    let same_room = |a: &Ending, b: &Ending| a.room == b.room;
    for fits in [&same_end as &dyn Fn(&Ending, &Ending) -> bool, &same_room] {
        for slot in new_left.iter_mut() {
            let Some(n) = *slot else { continue };
            if let Some(o_slot) = old_left.iter_mut().find(|o| o.is_some_and(|o| fits(o, n)))
                && let Some(o) = o_slot.take()
            {
                pairs.push((o, n));
                *slot = None;
            }
        }
    }
    let mut entries: Vec<(usize, Kind, String)> = Vec::new();
    for (o, n) in pairs {
        if let Some(text) = paired(o, n, words) {
            entries.push((n.number, Kind::Changed, text));
        }
    }
    for n in new_left.into_iter().flatten() {
        entries.push((
            n.number,
            Kind::Added,
            format!(
                "new outcome {}: ends in room {}, {}, {}",
                n.number,
                n.room,
                minutes(n.minutes),
                changes_text(&n.changes, words)
            ),
        ));
    }
    for o in old_left.into_iter().flatten() {
        entries.push((
            o.number,
            Kind::Gone,
            format!(
                "gone: outcome {} of the snapshot, ending in room {}, {}, {}",
                o.number,
                o.room,
                minutes(o.minutes),
                changes_text(&o.changes, words)
            ),
        ));
    }
    entries.sort_by_key(|(n, _, _)| *n);
    lines.extend(entries.into_iter().map(|(_, k, t)| (k, t)));
    let more = lines.len().saturating_sub(limit);
    let mut out: Vec<String> = lines
        .into_iter()
        .take(limit)
        .map(|(kind, text)| {
            let look = match kind {
                Kind::Changed => Look::new().fg_color(Some(AnsiColor::Yellow.into())),
                Kind::Added => Look::new().fg_color(Some(AnsiColor::Green.into())),
                Kind::Gone => Look::new().fg_color(Some(AnsiColor::Red.into())),
            };
            style.paint(look, &text)
        })
        .collect();
    if more > 0 {
        out.push(format!(
            "and {} (`--diff full` shows every line)",
            super::count(more as u64, "more difference")
        ));
    }
    out
}

/// A new answer to a turn, with nothing to compare it with, in the
/// player's words: the turn it answers, then each outcome on a line (at
/// most `limit`, then a count of the rest): where it ends, its minutes, the
/// rooms it changes, its survival and its path.
pub fn outcomes(new: &Digest, words: &Rules, limit: usize) -> Vec<String> {
    let mut lines = vec![heading(new)];
    lines.extend(new.outcomes.iter().take(limit).map(|n| {
        let path = if n.path.is_empty() {
            "staying".to_string()
        } else {
            format!("by {}", n.path)
        };
        format!(
            "outcome {}: ends in room {}, {}, {}, {}, {path}",
            n.number,
            n.room,
            minutes(n.minutes),
            changes_text(&n.changes, words),
            survival_words(&n.survival)
        )
    }));
    let more = new.outcomes.len().saturating_sub(limit);
    if more > 0 {
        lines.push(format!(
            "and {} (`--diff full` shows every line)",
            super::count(more as u64, "more outcome")
        ));
    }
    lines
}

/// The full text diff of two replays, unified, with three lines of
/// context; added lines green and removed lines red when colour is on.
pub fn full(old: &str, new: &str, style: Style) -> String {
    let diff = similar::TextDiff::from_lines(old, new);
    let mut out = String::new();
    for hunk in diff.unified_diff().context_radius(3).iter_hunks() {
        out.push_str(&format!("{}\n", hunk.header()));
        for change in hunk.iter_changes() {
            let (sign, look) = match change.tag() {
                similar::ChangeTag::Delete => ("-", Some(AnsiColor::Red)),
                similar::ChangeTag::Insert => ("+", Some(AnsiColor::Green)),
                similar::ChangeTag::Equal => (" ", None),
            };
            let line = format!("{sign}{}", change.value().trim_end_matches('\n'));
            match look {
                Some(c) => out.push_str(&style.paint(Look::new().fg_color(Some(c.into())), &line)),
                None => out.push_str(&line),
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ending(number: usize, room: &str, minutes: u32, changes: &[(&str, &str)]) -> Ending {
        Ending {
            number,
            room: room.to_string(),
            minutes,
            changes: changes
                .iter()
                .map(|&(room, state)| RoomState {
                    room: room.to_string(),
                    state: state.to_string(),
                })
                .collect(),
            path: String::new(),
            survival: "safe".to_string(),
        }
    }

    fn old() -> Digest {
        Digest {
            board: "mini".to_string(),
            rules: "red-november".to_string(),
            start: "2".to_string(),
            holding: Vec::new(),
            outcomes: vec![
                Ending {
                    path: "open 1-2, move 1".to_string(),
                    ..ending(1, "1", 2, &[("1", "low_flood"), ("2", "low_flood")])
                },
                ending(2, "2", 0, &[]),
            ],
        }
    }

    fn words() -> std::sync::Arc<Rules> {
        crate::load::builtin_rules("red-november").expect("shipped rules compile")
    }

    #[test]
    fn cost_state_and_survival_changes_are_told_in_words() {
        let mut new = old();
        new.outcomes[0].minutes = 3;
        new.outcomes[0].changes[1].state = "fire".to_string();
        new.outcomes[1].survival = "fatal".to_string();
        new.outcomes.push(ending(3, "3", 1, &[]));
        let lines = summary(&old(), &new, &words(), Style::plain(), 10);
        assert_eq!(
            lines,
            vec![
                "now: mini: start in room 2, rules red-november, 3 outcomes",
                "was: mini: start in room 2, rules red-november, 2 outcomes",
                "outcome 1, room 1: now 3 minutes, was 2; room 2 now ends fire, was low water",
                "outcome 2, room 2: now fatal, was safe",
                "new outcome 3: ends in room 3, 1 minute, no room changes",
            ]
        );
        assert!(summary(&old(), &old(), &words(), Style::plain(), 10).is_empty());
    }

    #[test]
    fn a_path_alone_is_told_when_nothing_else_changed() {
        let mut new = old();
        new.outcomes[0].path = "open 2-1, move 1".to_string();
        assert_eq!(
            summary(&old(), &new, &words(), Style::plain(), 10),
            vec!["outcome 1, room 1: now by open 2-1, move 1, was by open 1-2, move 1"]
        );
    }

    #[test]
    fn long_summaries_are_cut() {
        let mut new = old();
        new.board = "other".to_string();
        new.outcomes.clear();
        let lines = summary(&old(), &new, &words(), Style::plain(), 1);
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[1],
            "and 3 more differences (`--diff full` shows every line)"
        );
    }
}
