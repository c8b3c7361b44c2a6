//! What changed between two replays of a turn, in the player's words:
//! `outcome 4, room 7: now 3 minutes, was 2; room 5 now ends low_flood`.
//!
//! Both sides are read back from the replay text (`hatchway test` keeps only
//! that text in a snapshot): each outcome's header gives where it ends, its
//! cost and the rooms it changes, and its steps give its path. Outcomes are
//! paired by where they end and what they change; those left over are
//! paired by their final room, and the rest are new or gone.

use anstyle::{AnsiColor, Style as Look};

use super::Style;

/// One outcome as a replay tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Told {
    number: usize,
    /// The id of the final room.
    room: String,
    minutes: u32,
    /// The rooms it changes, with their final states, as the header lists
    /// them.
    changes: Vec<(String, String)>,
    /// Its actions in words.
    path: Vec<String>,
}

/// A replay read back: its first line and its outcomes.
struct Replay {
    heading: String,
    outcomes: Vec<Told>,
}

fn read(text: &str) -> Replay {
    let mut lines = text.lines().peekable();
    let mut heading = lines.next().unwrap_or("").to_string();
    // The heading may wrap too, its later lines indented by two spaces.
    while let Some(more) = lines
        .peek()
        .and_then(|next| next.strip_prefix("  "))
        .filter(|more| !more.starts_with(' '))
    {
        heading.push(' ');
        heading.push_str(more);
        lines.next();
    }
    let mut outcomes: Vec<Told> = Vec::new();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.strip_prefix("outcome ") {
            // The header may wrap, its later lines indented by two spaces.
            let mut header = rest.to_string();
            while let Some(next) = lines.peek() {
                match next.strip_prefix("  ") {
                    Some(more) if !more.starts_with(' ') => {
                        header.push(' ');
                        header.push_str(more);
                        lines.next();
                    }
                    _ => break,
                }
            }
            if let Some(told) = read_header(&header) {
                outcomes.push(told);
            }
        } else if let Some(last) = outcomes.last_mut() {
            let step = line.trim_start();
            let numbered = step.split_once("  ").filter(|(n, _)| {
                !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && n != &"0"
            });
            if line.starts_with("    ")
                && let Some((_, words)) = numbered
            {
                let words = words.rsplit_once(" +").map_or(words, |(w, _)| w);
                last.path.push(words.trim().to_string());
            }
        }
    }
    Replay { heading, outcomes }
}

/// `4 of 9: ends in room 7 (Missile Control), 3 min, changes 5 low_flood`.
fn read_header(header: &str) -> Option<Told> {
    let (number, rest) = header.split_once(" of ")?;
    let number = number.parse().ok()?;
    let rest = rest.split_once(": ends in room ")?.1;
    let (before, after) = rest.rsplit_once(" min, ")?;
    let (label, minutes) = before.rsplit_once(", ")?;
    let room = label.split(' ').next()?.to_string();
    let minutes = minutes.parse().ok()?;
    let changes = match after.strip_prefix("changes ") {
        Some(list) => list
            .split(", ")
            .filter_map(|c| c.split_once(' '))
            .map(|(r, s)| (r.to_string(), s.to_string()))
            .collect(),
        None => Vec::new(),
    };
    Some(Told {
        number,
        room,
        minutes,
        changes,
        path: Vec::new(),
    })
}

fn minutes(n: u32) -> String {
    if n == 1 {
        "1 minute".to_string()
    } else {
        format!("{n} minutes")
    }
}

fn changes_text(changes: &[(String, String)]) -> String {
    if changes.is_empty() {
        "no room changes".to_string()
    } else {
        let list: Vec<String> = changes.iter().map(|(r, s)| format!("{r} {s}")).collect();
        format!("changes {}", list.join(", "))
    }
}

/// What differs between two outcomes paired with each other.
fn paired(old: &Told, new: &Told) -> Option<String> {
    let mut parts = Vec::new();
    if old.minutes != new.minutes {
        parts.push(format!("now {}, was {}", minutes(new.minutes), old.minutes));
    }
    for (room, state) in &new.changes {
        match old.changes.iter().find(|(r, _)| r == room) {
            Some((_, was)) if was == state => {}
            Some((_, was)) => parts.push(format!("room {room} now ends {state}, was {was}")),
            None => parts.push(format!("room {room} now ends {state}")),
        }
    }
    for (room, was) in &old.changes {
        if !new.changes.iter().any(|(r, _)| r == room) {
            parts.push(format!("room {room} no longer changes, was {was}"));
        }
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

fn path_text(path: &[String]) -> String {
    if path.is_empty() {
        "staying".to_string()
    } else {
        path.join(", ")
    }
}

/// The kind of a line of the summary, for its colour.
#[derive(Clone, Copy)]
enum Kind {
    Changed,
    Added,
    Gone,
}

/// The differences between two replays of a turn in the player's words,
/// one line each (at most `limit`, then a count of the rest), coloured
/// when `style` says so. Empty when the outcomes are told the same way.
pub fn summary(old: &str, new: &str, style: Style, limit: usize) -> Vec<String> {
    let old = read(old);
    let new = read(new);
    let mut lines: Vec<(Kind, String)> = Vec::new();
    if old.heading != new.heading {
        lines.push((Kind::Changed, format!("now: {}", new.heading)));
        lines.push((Kind::Changed, format!("was: {}", old.heading)));
    }
    let mut old_left: Vec<Option<&Told>> = old.outcomes.iter().map(Some).collect();
    let mut new_left: Vec<Option<&Told>> = new.outcomes.iter().map(Some).collect();
    let mut pairs: Vec<(&Told, &Told)> = Vec::new();
    // Outcomes that end the same way, then outcomes that end in the same
    // room.
    let same_end = |a: &Told, b: &Told| a.room == b.room && a.changes == b.changes;
    let same_room = |a: &Told, b: &Told| a.room == b.room;
    for fits in [&same_end as &dyn Fn(&Told, &Told) -> bool, &same_room] {
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
        if let Some(text) = paired(o, n) {
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
                changes_text(&n.changes)
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
                changes_text(&o.changes)
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

    const OLD: &str = "\
mini: start in room 2, rules red-november, 2 outcomes
rooms as id:state (c clear); @ player, * just changed

outcome 1 of 2: ends in room 1 (Engine Room), 2 min, changes 1 low_flood,
  2 low_flood
    0  start in room 2
        ship 1:c @2:hf
    1  open hatch 1-2                                          +1 min, total 1
        ship 1:lf* @2:lf*
    2  move to room 1                                          +1 min, total 2
        ship @1:lf 2:lf

outcome 2 of 2: ends in room 2, 0 min, no room changes
    0  start in room 2
        ship 1:c @2:hf
";

    #[test]
    fn headers_and_paths_are_read_back() {
        let r = read(OLD);
        assert_eq!(r.outcomes.len(), 2);
        let first = &r.outcomes[0];
        assert_eq!(first.room, "1");
        assert_eq!(first.minutes, 2);
        assert_eq!(
            first.changes,
            vec![
                ("1".to_string(), "low_flood".to_string()),
                ("2".to_string(), "low_flood".to_string())
            ]
        );
        assert_eq!(first.path, vec!["open hatch 1-2", "move to room 1"]);
        assert!(r.outcomes[1].path.is_empty());
    }

    #[test]
    fn cost_and_state_changes_are_told_in_words() {
        let new = OLD
            .replace(
                "2 min, changes 1 low_flood,\n  2 low_flood",
                "3 min, changes 1 low_flood,\n  2 fire",
            )
            .replace("2 outcomes", "3 outcomes")
            + "\noutcome 3 of 3: ends in room 3, 1 minute, no room changes\n";
        let new = new.replace("1 minute", "1 min");
        let lines = summary(OLD, &new, Style::plain(), 10);
        assert_eq!(
            lines,
            vec![
                "now: mini: start in room 2, rules red-november, 3 outcomes",
                "was: mini: start in room 2, rules red-november, 2 outcomes",
                "outcome 1, room 1: now 3 minutes, was 2; room 2 now ends fire, was low_flood",
                "new outcome 3: ends in room 3, 1 minute, no room changes",
            ]
        );
        assert!(summary(OLD, OLD, Style::plain(), 10).is_empty());
    }

    #[test]
    fn long_summaries_are_cut() {
        let lines = summary(OLD, "x\n", Style::plain(), 1);
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[1],
            "and 3 more differences (`--diff full` shows every line)"
        );
    }
}
