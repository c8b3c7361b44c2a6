//! What every screen draws with: the ship's picture as styled lines, text
//! as lines, the key bar, a panel over the screen, text that scrolls with
//! a mark when more is above or below, the legend of the picture's marks,
//! and the notice of a terminal too small to draw in.

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

/// Where a panel stands: over the middle of the screen, nine tenths of it
/// each way. Its text is `width - 2` columns wide, inside the border.
pub(super) fn panel_area(area: Rect) -> Rect {
    let [area] = Layout::horizontal([Constraint::Percentage(90)])
        .flex(Flex::Center)
        .areas(area);
    let [area] = Layout::vertical([Constraint::Percentage(90)])
        .flex(Flex::Center)
        .areas(area);
    area
}

/// A panel over the middle of the screen ([`panel_area`]) with a title
/// and `lines` (wrapped to its inside already), the screen behind it
/// cleared, scrolled as `scroll` says with a mark when more is above or
/// below.
pub(super) fn panel(
    frame: &mut Frame<'_>,
    title: &str,
    lines: Vec<Line<'static>>,
    scroll: &Scroll,
    paint: Paint,
) {
    let area = panel_area(frame.area());
    frame.render_widget(Clear, area);
    let block = Block::bordered().title(format!(" {title} · Esc closes "));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    scroll.render(frame, inner, lines, paint);
}

/// How far text longer than its area is scrolled, kept within the text as
/// last drawn so that a key never scrolls past it.
#[derive(Debug, Default)]
pub(super) struct Scroll {
    /// The first line shown.
    offset: std::cell::Cell<usize>,
    /// The largest first line the text as last drawn allows.
    most: std::cell::Cell<usize>,
}

impl Scroll {
    /// Back to the top, for new text.
    pub fn reset(&self) {
        self.offset.set(0);
    }

    /// Down a page (`pages` 1) or up (-1) of `height` lines.
    pub fn page(&self, pages: isize, height: usize) {
        let step = height.max(2) - 1;
        let offset = self.offset.get();
        let moved = if pages > 0 {
            offset.saturating_add(step)
        } else {
            offset.saturating_sub(step)
        };
        self.offset.set(moved.min(self.most.get()));
    }

    /// Draws `lines` (each one line of the area) into `area` from the
    /// offset; when they do not all fit, the last line of the area says
    /// how many lines are above and below, and which key shows them.
    pub fn render(
        &self,
        frame: &mut Frame<'_>,
        area: Rect,
        lines: Vec<Line<'static>>,
        paint: Paint,
    ) {
        let height = usize::from(area.height);
        if lines.len() <= height {
            self.offset.set(0);
            self.most.set(0);
            frame.render_widget(Paragraph::new(lines), area);
            return;
        }
        let shown = height.saturating_sub(1);
        let most = lines.len() - shown;
        let offset = self.offset.get().min(most);
        self.offset.set(offset);
        self.most.set(most);
        let below = lines.len() - offset - shown;
        let mark = match (offset, below) {
            (0, below) => format!("↓ {below} more below · PgDn"),
            (above, 0) => format!("↑ {above} above · PgUp"),
            (above, below) => format!("↑ {above} above, ↓ {below} below · PgUp PgDn"),
        };
        let mut visible: Vec<Line<'static>> = lines.into_iter().skip(offset).take(shown).collect();
        visible.push(Line::styled(mark, paint.heading()));
        frame.render_widget(Paragraph::new(visible), area);
    }
}

/// What covers a screen, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Panel {
    None,
    Odds,
    Help,
}

/// The help panel: the keys of a screen and the legend of the picture
/// under `rules`, scrolled as `scroll` says.
pub(super) fn help_panel(
    frame: &mut Frame<'_>,
    keys: &[(&str, &str)],
    rules: &crate::model::Rules,
    scroll: &Scroll,
    paint: Paint,
) {
    let width = panel_area(frame.area()).width.saturating_sub(2);
    let lines = help_lines(keys, rules, width, paint);
    panel(frame, "keys and marks", lines, scroll, paint);
}

/// The lines of a help panel `width` columns wide: each key with what it
/// does, then what every mark of the ship's picture means under `rules`.
fn help_lines(
    keys: &[(&str, &str)],
    rules: &crate::model::Rules,
    width: u16,
    paint: Paint,
) -> Vec<Line<'static>> {
    let mut lines = key_lines(keys, width, paint);
    lines.push(Line::raw(""));
    lines.push(Line::styled("  the picture".to_string(), paint.heading()));
    let legend = crate::render::draw::legend_lines(rules);
    let options = textwrap::Options::new(usize::from(width).max(20))
        .initial_indent("  ")
        .subsequent_indent("      ");
    for entry in legend {
        lines.extend(
            textwrap::wrap(&entry, &options)
                .into_iter()
                .map(|l| Line::raw(l.into_owned())),
        );
    }
    lines
}

/// Each key with what it does, wrapped to `width` columns under its own
/// column.
fn key_lines(keys: &[(&str, &str)], width: u16, paint: Paint) -> Vec<Line<'static>> {
    let wide = keys
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let lead = wide + 4;
    let room = usize::from(width).saturating_sub(lead).max(20);
    let mut lines = Vec::new();
    for (k, what) in keys {
        for (i, part) in textwrap::wrap(what, room).into_iter().enumerate() {
            let key = if i == 0 { *k } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!("  {key:<wide$}  "), paint.heading()),
                Span::raw(part.into_owned()),
            ]));
        }
    }
    lines
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
