//! A screen's walk-through recorded as an asciicast v2 file (asciinema's
//! format): a JSON header line, then one `[time, "o", text]` line for what
//! each frame wrote to the terminal. The frames are drawn by ratatui's own
//! terminal backend into memory, so a cast holds exactly what the
//! interactive screen writes.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

use super::Screen;

/// Seconds each frame of a cast stays on screen.
const FRAME_SECONDS: f64 = 1.5;

/// Writes to `out` the cast of `screen` in a terminal of `size` (columns,
/// lines): its first frame, then a frame after each of `keys`.
pub fn cast(
    screen: &mut impl Screen,
    keys: &[KeyCode],
    size: (u16, u16),
    title: &str,
    out: &mut impl Write,
) -> io::Result<()> {
    let (width, height) = size;
    let header = Header {
        version: 2,
        width,
        height,
        title,
        env: Env {
            term: "xterm-256color",
        },
    };
    serde_json::to_writer(&mut *out, &header)?;
    writeln!(out)?;
    let options = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, width, height)),
    };
    let tape = Tape::default();
    let mut terminal = Terminal::with_options(CrosstermBackend::new(tape.clone()), options)?;
    terminal.hide_cursor()?;
    let mut time = 0.0;
    for key in std::iter::once(None).chain(keys.iter().map(Some)) {
        if let Some(&code) = key {
            screen.key(KeyEvent::from(code));
        }
        terminal.draw(|frame| screen.draw(frame))?;
        let written = std::mem::take(&mut *tape.0.borrow_mut());
        let event = serde_json::json!([time, "o", String::from_utf8_lossy(&written)]);
        writeln!(out, "{event}")?;
        time += FRAME_SECONDS;
    }
    Ok(())
}

/// The first line of an asciicast v2 file.
#[derive(serde::Serialize)]
struct Header<'t> {
    version: u8,
    width: u16,
    height: u16,
    title: &'t str,
    env: Env,
}

/// The environment a cast was recorded in: the terminal it expects.
#[derive(serde::Serialize)]
struct Env {
    #[serde(rename = "TERM")]
    term: &'static str,
}

/// What the terminal backend wrote since it was last read: the backend
/// writes into one handle while the cast reads through another.
#[derive(Clone, Default)]
struct Tape(Rc<RefCell<Vec<u8>>>);

impl Write for Tape {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
