//! Outcomes to text: the interchange document (JSON and YAML through serde),
//! the table for people, and the ship as a Graphviz graph, a terminal
//! picture and an SVG picture.

pub mod changes;
pub mod document;
pub mod dot;
pub mod draw;
pub mod fixit;
pub mod replay;
pub mod report;
pub mod svg;
pub mod sweep;
pub mod table;

/// How output for people should look.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Whether to use colour.
    pub color: bool,
    /// The width to fit, in columns.
    pub width: usize,
}

impl Style {
    /// Plain text at 80 columns: what tests pin and pipes get.
    pub fn plain() -> Style {
        Style {
            color: false,
            width: 80,
        }
    }

    /// Wraps `text` in `style` when colour is on.
    pub fn paint(&self, style: anstyle::Style, text: &str) -> String {
        if self.color {
            format!("{style}{text}{style:#}")
        } else {
            text.to_string()
        }
    }
}

/// A count with its noun, singular for one: `1 solve`, `3 rooms`,
/// `2 hatches`.
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    match (n, noun.ends_with("ch") || noun.ends_with('s')) {
        (1, _) => format!("1 {noun}"),
        (_, true) => format!("{n} {noun}es"),
        _ => format!("{n} {noun}s"),
    }
}

/// `part` as a share of `whole`, to at most one decimal (none when
/// `tenths` is off) and with no digit it does not hold: `50%`, `33.3%`. A
/// share that is neither none nor all never rounds to `0%` or `100%`: it
/// shows as `<0.1%` or `>99.9%` (`<1%`, `>99%`).
pub fn percent(part: u64, whole: u64, tenths: bool) -> String {
    if whole == 0 || part == 0 {
        return "0%".to_string();
    }
    if part >= whole {
        return "100%".to_string();
    }
    let scale: u128 = if tenths { 1000 } else { 100 };
    // Rounded half up, in integers so that no float rounding shows.
    let n = (u128::from(part) * 2 * scale + u128::from(whole)) / (2 * u128::from(whole));
    let show = |n: u128| {
        if tenths && !n.is_multiple_of(10) {
            format!("{}.{}", n / 10, n % 10)
        } else if tenths {
            (n / 10).to_string()
        } else {
            n.to_string()
        }
    };
    if n == 0 {
        format!("<{}%", show(1))
    } else if n >= scale {
        format!(">{}%", show(scale - 1))
    } else {
        format!("{}%", show(n))
    }
}

/// The rooms whose state differs from the board's, with their new state:
/// `1 low_flood, 2 low_flood`; `None` when nothing changed.
pub fn changed_rooms(
    board: &crate::model::Board,
    rooms: &[crate::model::StateId],
) -> Option<String> {
    let parts = changed_room_list(board, rooms);
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// Each room whose state differs from the board's, as `id state`, in board
/// order.
pub fn changed_room_list(
    board: &crate::model::Board,
    rooms: &[crate::model::StateId],
) -> Vec<String> {
    board
        .rooms
        .iter()
        .zip(rooms)
        .filter(|(r, s)| r.state != **s)
        .map(|(r, s)| format!("{} {}", r.id, board.rules.room_states[usize::from(s.0)]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_shares_say_what_they_hold() {
        assert_eq!(count(1u64, "solve"), "1 solve");
        assert_eq!(count(0u64, "solve"), "0 solves");
        assert_eq!(count(2u64, "hatch"), "2 hatches");
        assert_eq!(percent(1, 2, true), "50%");
        assert_eq!(percent(1, 3, true), "33.3%");
        assert_eq!(percent(2, 3, true), "66.7%");
        assert_eq!(percent(2, 3, false), "67%");
        assert_eq!(percent(3, 3, true), "100%");
        assert_eq!(percent(0, 3, true), "0%");
        assert_eq!(percent(1, 100_000, true), "<0.1%");
        assert_eq!(percent(1, 1000, false), "<1%");
        assert_eq!(percent(99_999, 100_000, true), ">99.9%");
        assert_eq!(percent(999, 1000, false), ">99%");
        assert_eq!(percent(1, 0, true), "0%");
    }
}
