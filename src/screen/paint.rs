//! What every screen draws with: the ship's picture as styled lines, text
//! as lines, the key bar, a panel over the screen, and the notice of a
//! terminal too small to draw in.

use anstyle::{AnsiColor, Effects};
use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::render::draw::{Ink, Picture};

/// How a screen's text is painted: in colour, or with marks and bold
/// alone (`NO_COLOR`, `--color never`), which the pictures' marks make
/// enough to tell every state apart.
#[derive(Clone, Copy, Debug)]
pub(super) struct Paint {
    /// Whether colour is on.
    pub colour: bool,
    /// Whether text quotes the deciding rules (`--explain`).
    pub explain: bool,
}

impl Paint {
    /// The style of an ink of the ship's picture.
    pub fn ink(self, ink: Ink) -> Style {
        if !self.colour {
            return match ink {
                Ink::State(_) => Style::new(),
                Ink::Changed | Ink::Player => Style::new().add_modifier(Modifier::BOLD),
            };
        }
        let look = ink.look();
        let mut style = Style::new();
        if let Some(anstyle::Color::Ansi(c)) = look.get_fg_color() {
            style = style.fg(ansi(c));
        }
        let effects = look.get_effects();
        if effects.contains(Effects::BOLD) {
            style = style.add_modifier(Modifier::BOLD);
        }
        if effects.contains(Effects::UNDERLINE) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        style
    }

    /// The style of what is chosen or current: reversed, which needs no
    /// colour.
    pub fn chosen(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// The style of headings.
    pub fn heading(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// The style of what is said less loudly: the key bar, costs.
    pub fn dim(self) -> Style {
        if self.colour {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new()
        }
    }

    /// The plain text style of [`crate::render`] for `width` columns, for
    /// the words a screen borrows from the text outputs.
    pub fn text(self, width: u16) -> crate::render::Style {
        crate::render::Style {
            color: false,
            width: usize::from(width).max(20),
            explain: self.explain,
        }
    }
}

/// The terminal colour of an ANSI colour of the text outputs.
fn ansi(c: AnsiColor) -> Color {
    match c {
        AnsiColor::Black => Color::Black,
        AnsiColor::Red => Color::Red,
        AnsiColor::Green => Color::Green,
        AnsiColor::Yellow => Color::Yellow,
        AnsiColor::Blue => Color::Blue,
        AnsiColor::Magenta => Color::Magenta,
        AnsiColor::Cyan => Color::Cyan,
        AnsiColor::White => Color::Gray,
        AnsiColor::BrightBlack => Color::DarkGray,
        AnsiColor::BrightRed => Color::LightRed,
        AnsiColor::BrightGreen => Color::LightGreen,
        AnsiColor::BrightYellow => Color::LightYellow,
        AnsiColor::BrightBlue => Color::LightBlue,
        AnsiColor::BrightMagenta => Color::LightMagenta,
        AnsiColor::BrightCyan => Color::LightCyan,
        AnsiColor::BrightWhite => Color::White,
    }
}

/// The picture as styled lines, with the hatches it could not draw below.
pub(super) fn picture_lines(picture: &Picture, paint: Paint, width: u16) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = picture
        .runs()
        .into_iter()
        .map(|runs| {
            Line::from(
                runs.into_iter()
                    .map(|(text, ink)| match ink {
                        Some(ink) => Span::styled(text, paint.ink(ink)),
                        None => Span::raw(text),
                    })
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    if !picture.elsewhere.is_empty() {
        let note = format!(
            "hatches between boxes that do not touch: {}",
            picture.elsewhere.join(", ")
        );
        lines.extend(text_lines(&textwrap::fill(
            &note,
            usize::from(width).max(20),
        )));
    }
    lines
}

/// Text as lines, one for each line of `text`.
pub(super) fn text_lines(text: &str) -> Vec<Line<'static>> {
    text.lines().map(|l| Line::raw(l.to_string())).collect()
}

/// The bar of keys at the foot of a screen, or what is being typed.
pub(super) fn key_bar(frame: &mut Frame<'_>, area: Rect, text: &str, paint: Paint) {
    frame.render_widget(
        Paragraph::new(Line::styled(text.to_string(), paint.dim())),
        area,
    );
}

/// A panel over the middle of the screen with a title and lines, the
/// screen behind it cleared.
pub(super) fn panel(frame: &mut Frame<'_>, title: &str, lines: Vec<Line<'static>>) {
    let area = frame.area();
    let [area] = Layout::horizontal([Constraint::Percentage(90)])
        .flex(Flex::Center)
        .areas(area);
    let [area] = Layout::vertical([Constraint::Percentage(90)])
        .flex(Flex::Center)
        .areas(area);
    frame.render_widget(Clear, area);
    let block = Block::bordered().title(format!(" {title} · Esc closes "));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// The lines of a help panel: each key with what it does.
pub(super) fn help_lines(keys: &[(&str, &str)], paint: Paint) -> Vec<Line<'static>> {
    let wide = keys
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    keys.iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!("  {k:<wide$}  "), paint.heading()),
                Span::raw(what.to_string()),
            ])
        })
        .collect()
}

/// Whether the frame is below [`super::MIN_SIZE`]; when it is, says so in
/// place of the screen.
pub(super) fn too_small(frame: &mut Frame<'_>) -> bool {
    let area = frame.area();
    let (columns, lines) = super::MIN_SIZE;
    if area.width >= columns && area.height >= lines {
        return false;
    }
    let text = format!(
        "The terminal is {}x{}; this view needs at least {columns}x{lines}. Enlarge it, or press q to quit.",
        area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
    true
}
