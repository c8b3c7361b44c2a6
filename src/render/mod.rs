//! Outcomes to text: the interchange document (JSON and YAML through serde),
//! the table for people, and the ship as a Graphviz graph.

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
