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
//! [`run`] owns the terminal: raw mode, the alternate screen and bracketed
//! paste for the time a screen runs, left again on quit, on Ctrl-C (a key
//! in raw mode), on an error and on a panic. Bracketed paste is asked for
//! so that pasted text comes as one paste, not as keys: a screen's keys
//! are commands, and a paste is not run as them ([`Screen::paste`]).

use std::io;

use ratatui::Frame;
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, EnableBracketedPaste, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers,
};

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

    /// Takes text pasted into the terminal. A screen's keys are commands,
    /// so a paste is never run as keys: by default it is ignored, and a
    /// screen with a key bar says so there.
    fn paste(&mut self, text: &str) {
        let _ = text;
    }
}

/// What a screen is told when text is pasted into it.
pub(crate) const PASTE_IGNORED: &str = "pasted text is ignored: type keys";

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
    ratatui::crossterm::execute!(io::stdout(), EnableBracketedPaste)?;
    loop {
        terminal.draw(|frame| screen.draw(frame))?;
        if handle(screen, event::read()?) == Flow::Quit {
            return Ok(());
        }
    }
}

/// Hands one terminal event to `screen`: a key press (or repeat) to
/// [`Screen::key`], a paste to [`Screen::paste`]. A key's release, a
/// resize, focus or mouse event only redraws.
fn handle(screen: &mut impl Screen, event: Event) -> Flow {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => screen.key(key),
        Event::Paste(text) => {
            screen.paste(&text);
            Flow::Stay
        }
        _ => Flow::Stay,
    }
}

/// Leaves raw mode, the alternate screen and bracketed paste, and shows
/// the cursor, when dropped.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        // Before ratatui's restore, so that the terminal is told while it
        // is still in the state the screen left it in; a terminal that
        // never had bracketed paste turned on ignores this.
        let _ = ratatui::crossterm::execute!(io::stdout(), DisableBracketedPaste);
        ratatui::restore();
        let _ = ratatui::crossterm::execute!(io::stdout(), ratatui::crossterm::cursor::Show);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyEventState, MouseEvent, MouseEventKind};

    /// A screen that counts what it is given.
    #[derive(Default)]
    struct Counting {
        keys: usize,
        pasted: Vec<String>,
    }

    impl Screen for Counting {
        fn draw(&self, _: &mut Frame<'_>) {}

        fn key(&mut self, key: KeyEvent) -> Flow {
            self.keys += 1;
            if key.code == KeyCode::Char('q') {
                Flow::Quit
            } else {
                Flow::Stay
            }
        }

        fn paste(&mut self, text: &str) {
            self.pasted.push(text.to_string());
        }
    }

    #[test]
    fn a_paste_is_no_keys_and_does_not_quit() {
        let mut screen = Counting::default();
        let flow = handle(&mut screen, Event::Paste("q\u{3}qq".to_string()));
        assert_eq!(flow, Flow::Stay);
        assert_eq!(screen.keys, 0);
        assert_eq!(screen.pasted, ["q\u{3}qq"]);
        let q = KeyEvent::from(KeyCode::Char('q'));
        assert_eq!(handle(&mut screen, Event::Key(q)), Flow::Quit);
    }

    #[test]
    fn a_release_a_resize_and_the_mouse_only_redraw() {
        let mut screen = Counting::default();
        let release = KeyEvent {
            kind: KeyEventKind::Release,
            state: KeyEventState::NONE,
            ..KeyEvent::from(KeyCode::Char('q'))
        };
        let mouse = MouseEvent {
            kind: MouseEventKind::Moved,
            column: 0,
            row: 0,
            modifiers: KeyModifiers::NONE,
        };
        for event in [
            Event::Key(release),
            Event::Resize(80, 24),
            Event::Mouse(mouse),
        ] {
            assert_eq!(handle(&mut screen, event), Flow::Stay);
        }
        assert_eq!(screen.keys, 0);
    }

    #[test]
    fn the_default_paste_is_ignored() {
        struct Plain;
        impl Screen for Plain {
            fn draw(&self, _: &mut Frame<'_>) {}
            fn key(&mut self, _: KeyEvent) -> Flow {
                Flow::Quit
            }
        }
        assert_eq!(
            handle(&mut Plain, Event::Paste("q".to_string())),
            Flow::Stay
        );
    }
}
