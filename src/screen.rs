//! The turn on a full screen in the terminal: an outcome's path stepped
//! through ([`Replaying`]) and a player's own path walked move by move
//! ([`Playing`]).
//!
//! Each screen is a plain state that a key changes ([`Screen::key`]) and
//! that draws itself into a ratatui frame ([`Screen::draw`]); neither
//! touches the terminal, so every screen is pinned with ratatui's
//! `TestBackend` and cast to a file ([`cast()`]) as it is shown. What the
//! screens show comes from the library's answer ([`crate::answer`]) and
//! referee ([`crate::referee`]), and their words from [`crate::render`]:
//! they format, and judge nothing.
//!
//! [`run`] owns the terminal: raw mode and the alternate screen for the
//! time a screen runs, left again on quit, on Ctrl-C (a key in raw mode)
//! and on a panic.

use std::io;

use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

mod cast;
mod paint;
mod playing;
mod replaying;

pub use cast::cast;
pub use playing::Playing;
pub use replaying::Replaying;

/// The smallest terminal a screen draws in, columns by lines; below it a
/// screen says so instead of drawing.
pub const MIN_SIZE: (u16, u16) = (60, 20);

/// What a screen does after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Stay on the screen.
    Stay,
    /// Leave it.
    Quit,
}

/// A full-screen view driven by keys.
pub trait Screen {
    /// Draws the screen into `frame`, fitted to its size.
    fn draw(&self, frame: &mut Frame<'_>);

    /// Takes one key press.
    fn key(&mut self, key: KeyEvent) -> Flow;
}

/// Whether `key` asks to leave whatever the screen: `q`, Esc (when no
/// panel is open, as each screen decides) or Ctrl-C, which raw mode turns
/// into a key.
pub(crate) fn is_interrupt(key: &KeyEvent) -> bool {
    key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL)
}

/// Runs `screen` on the terminal until it quits, redrawing after every key
/// and resize. The terminal is restored whatever happens: on return, on an
/// error and, through ratatui's panic hook, on a panic.
pub fn run(screen: &mut impl Screen) -> io::Result<()> {
    let mut terminal = ratatui::try_init()?;
    let _restore = Restore;
    loop {
        terminal.draw(|frame| screen.draw(frame))?;
        // A resize, focus or mouse event only redraws.
        if let Event::Key(key) = event::read()?
            && key.kind != KeyEventKind::Release
            && screen.key(key) == Flow::Quit
        {
            return Ok(());
        }
    }
}

/// Leaves raw mode and the alternate screen, and shows the cursor, when
/// dropped.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
        let _ = ratatui::crossterm::execute!(io::stdout(), ratatui::crossterm::cursor::Show);
    }
}
