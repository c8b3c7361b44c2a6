//! Outcomes to text: the interchange document (JSON and YAML through serde),
//! the table for people, and the ship as a Graphviz graph.

pub mod changes;
pub mod document;
pub mod dot;
pub mod draw;
pub mod replay;
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
