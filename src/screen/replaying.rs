//! The outcomes of a turn stepped through on one screen: the ship drawn
//! once and changed step by step, the step's words, and at the end of the
//! path the verdict with the fix-its and their odds; or the list of the
//! outcomes to pick one from.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::paint::{self, Paint, Panel};
use super::{Flow, Screen};
use crate::answer::{Answer, Told};
use crate::render::{self, draw, fixit as fixit_words, replay};

/// The keys of the replay, as its help panel lists them.
pub const KEYS: &[(&str, &str)] = &[
    ("→ l Space", "next step"),
    ("← h", "step back"),
    ("Home End", "first step, last step"),
    ("↓ j Tab", "next outcome"),
    ("↑ k Shift-Tab", "previous outcome"),
    ("digits Enter", "go to the outcome of that number"),
    ("o", "the fix-it odds of the room where the outcome ends"),
    (
        "PgDn PgUp",
        "scroll the words, or the panel open, when more is below or above",
    ),
    ("a", "the list of outcomes (Enter replays the one chosen)"),
    ("?", "this help"),
    ("q Esc Ctrl-C", "quit (Esc first closes a panel)"),
];

/// The replay screen: which outcome, which step, and what is open over
/// it.
pub struct Replaying<'r, 'a> {
    answer: &'r Answer<'a>,
    paint: Paint,
    /// Whether the list of outcomes is shown rather than one outcome.
    listing: bool,
    /// The outcome shown or chosen in the list: an index into the
    /// answer's outcomes.
    at: usize,
    /// The step shown: 0 is the start, `n` the ship after the n-th step.
    step: usize,
    panel: Panel,
    /// The digits of an outcome number being typed.
    typed: String,
    /// What the last key could not do, said in the key bar.
    notice: Option<String>,
    /// How far the words under the ship are scrolled.
    words_scroll: paint::Scroll,
    /// How far the panel open is scrolled.
    panel_scroll: paint::Scroll,
    /// The lines of the area last scrolled, a page for PgDn and PgUp.
    page: std::cell::Cell<usize>,
}

impl<'r, 'a> Replaying<'r, 'a> {
    /// The screen on the outcome numbered `first` (its number in the
    /// listing of `paths`), or on the list of outcomes when `None`.
    /// `answer` holds the outcomes the filters show, which the screen
    /// moves between; it must hold at least one.
    pub fn new(answer: &'r Answer<'a>, first: Option<usize>, colour: bool, explain: bool) -> Self {
        let at = first
            .and_then(|n| {
                answer
                    .outcomes()
                    .binary_search_by_key(&n, |t| t.number)
                    .ok()
            })
            .unwrap_or(0);
        Replaying {
            answer,
            paint: Paint { colour, explain },
            listing: first.is_none(),
            at,
            step: 0,
            panel: Panel::None,
            typed: String::new(),
            notice: None,
            words_scroll: paint::Scroll::default(),
            panel_scroll: paint::Scroll::default(),
            page: std::cell::Cell::new(10),
        }
    }

    fn told(&self) -> Option<&Told<'a>> {
        self.answer.outcomes().get(self.at)
    }

    /// How many steps the outcome shown has (0 when its path does not
    /// replay, which the screen reports).
    fn steps(&self) -> usize {
        self.told()
            .and_then(|t| t.replay().ok())
            .map_or(0, |r| r.steps.len())
    }

    /// The keys that step through every outcome shown from its start to
    /// its end, one outcome after another: what a cast of the replay
    /// shows.
    pub fn tour(&self) -> Vec<KeyCode> {
        let mut keys = Vec::new();
        for (i, told) in self.answer.outcomes().iter().enumerate() {
            if i > 0 {
                keys.push(KeyCode::Down);
            }
            let steps = told.replay().map_or(0, |r| r.steps.len());
            keys.extend(std::iter::repeat_n(KeyCode::Right, steps));
        }
        keys
    }

    /// The key bar: the number being typed, or what the last key could not
    /// do, or else `keys`.
    fn bar(&self, keys: &str) -> String {
        if !self.typed.is_empty() {
            return format!("go to outcome: {}_  (Enter goes, Esc cancels)", self.typed);
        }
        self.notice.clone().unwrap_or_else(|| keys.to_string())
    }

    fn go_to_outcome(&mut self, index: usize) {
        self.at = index;
        self.step = 0;
        self.listing = false;
        self.words_scroll.reset();
    }

    fn go_to_typed(&mut self) {
        let typed = std::mem::take(&mut self.typed);
        let Ok(n) = typed.parse::<usize>() else {
            return;
        };
        match self
            .answer
            .outcomes()
            .binary_search_by_key(&n, |t| t.number)
        {
            Ok(index) => self.go_to_outcome(index),
            Err(_) => {
                self.notice = Some(if n == 0 || n > self.answer.total {
                    format!(
                        "there is no outcome {n}: this turn has outcomes 1 to {}",
                        self.answer.total
                    )
                } else {
                    format!("outcome {n} is hidden by the filters given")
                });
            }
        }
    }

    fn draw_outcome(&self, frame: &mut Frame<'_>, area: Rect, told: &Told<'a>) {
        let turn = told.turn();
        let board = &turn.board;
        let o = told.outcome;
        let [title, body, keys] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(area);
        let first = format!(
            "outcome {} of {} · ends in room {} · {} min",
            told.number,
            self.answer.total,
            replay::room_name(board, o.room),
            o.cost.0,
        );
        let second = format!(
            "{} · from room {} · {}{}",
            board.name,
            board.room(turn.start).id,
            turn.movement.rules().name,
            held(turn),
        );
        frame.render_widget(
            Paragraph::new(vec![
                Line::styled(first, self.paint.heading()),
                Line::styled(second, self.paint.dim()),
            ]),
            title,
        );
        paint::key_bar(
            frame,
            keys,
            &self.bar("→ step  ← back  ↓↑ outcome  o odds  a list  ? help  q quit"),
            self.paint,
        );

        let (replayed, ships) = match (told.replay(), told.ships()) {
            (Ok(r), Ok(ships)) => (r, ships),
            (Err(refused), _) | (_, Err(refused)) => {
                frame.render_widget(
                    Paragraph::new(refused.to_string()).wrap(Wrap { trim: false }),
                    body,
                );
                return;
            }
        };
        let steps = &replayed.steps;
        let step = self
            .step
            .min(steps.len())
            .min(ships.len().saturating_sub(1));
        let Some(picture) = draw::walked(
            board,
            &ships[..=step],
            &steps[..step],
            usize::from(body.width),
        ) else {
            return;
        };
        let ship_lines = paint::picture_lines(&picture, self.paint, body.width);
        let ship_height = (ship_lines.len() as u16).min(body.height.saturating_sub(4));
        let [ship_area, _, words_area] = Layout::vertical([
            Constraint::Length(ship_height),
            Constraint::Length(1),
            Constraint::Min(0),
        ])
        .areas(body);
        frame.render_widget(Paragraph::new(ship_lines), ship_area);

        let lines = self.step_words(told, steps, step, words_area.width);
        self.page.set(usize::from(words_area.height));
        self.words_scroll
            .render(frame, words_area, lines, self.paint);
    }

    /// The words under the ship at `step` of `told`'s `steps`: the step
    /// taken and its flows, the whole path with the step marked, and at
    /// the end what the move changed, the verdict and the fix-its.
    fn step_words(
        &self,
        told: &Told<'a>,
        steps: &[crate::referee::Step],
        step: usize,
        width: u16,
    ) -> Vec<Line<'static>> {
        let turn = told.turn();
        let board = &turn.board;
        let o = told.outcome;
        let text = self.paint.text(width);
        let mut lines: Vec<Line<'static>> = Vec::new();
        if step == 0 {
            lines.push(Line::styled(
                format!(
                    "step 0 of {}: start in room {}, 0 min",
                    steps.len(),
                    replay::room_name(board, turn.start)
                ),
                self.paint.heading(),
            ));
        } else {
            let taken = &steps[step - 1];
            lines.push(Line::from(vec![
                Span::styled(
                    format!(
                        "step {step} of {}: {}",
                        steps.len(),
                        replay::action_words(board, taken.action)
                    ),
                    self.paint.heading(),
                ),
                Span::styled(
                    format!("   +{} min, total {}", taken.cost.0, taken.total.0),
                    self.paint.dim(),
                ),
            ]));
            for c in &taken.changes {
                lines.push(Line::raw(format!("  {}", replay::flow_words(board, c))));
            }
        }
        // The whole path, the step shown marked, wrapped between steps as
        // the table wraps its paths.
        let mut words: Vec<String> = steps.iter().map(|s| s.action.text(board)).collect();
        let chosen = step.checked_sub(1).and_then(|i| words.get_mut(i)).map(|w| {
            *w = format!("[{w}]");
            w.clone()
        });
        if words.is_empty() {
            words.push("stay".to_string());
        }
        let lead = "path: ";
        let wrapped =
            render::table::wrap_items(&words, lead.len(), lead.len(), usize::from(width).max(20));
        for (k, text) in wrapped.into_iter().enumerate() {
            let mut spans = vec![Span::raw(if k == 0 { lead } else { "      " })];
            match chosen
                .as_ref()
                .and_then(|c| text.find(c.as_str()).map(|at| (at, c)))
            {
                Some((at, c)) => {
                    spans.push(Span::raw(text[..at].to_string()));
                    spans.push(Span::styled(c.clone(), self.paint.chosen()));
                    spans.push(Span::raw(text[at + c.len()..].to_string()));
                }
                None => spans.push(Span::raw(text)),
            }
            lines.push(Line::from(spans));
        }
        if step == steps.len() {
            lines.push(Line::raw(replay::changes_words(board, &o.rooms)));
            let verdict = replay::verdict_lines(told, text);
            let after = fixit_words::after_the_move(told, text);
            if verdict.is_empty() && after.is_empty() {
                lines.push(Line::raw(format!(
                    "the move ends in room {}",
                    replay::room_name(board, o.room)
                )));
            }
            lines.extend(paint::text_lines(&verdict));
            lines.extend(paint::text_lines(&after));
        }
        lines
    }

    fn draw_list(&self, frame: &mut Frame<'_>, area: Rect) {
        let answer = self.answer;
        let turn = answer.turn;
        let board = &turn.board;
        let [title, list, keys] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(area);
        let shown = answer.outcomes().len();
        // Only the lines on screen are worked out, so that a turn of
        // hundreds of outcomes lists at once.
        let height = usize::from(list.height);
        let first = self
            .at
            .saturating_sub(height / 2)
            .min(shown.saturating_sub(height));
        let rows: Vec<(usize, &Told<'a>, String, String, String)> = answer
            .outcomes()
            .iter()
            .enumerate()
            .skip(first)
            .take(height)
            .map(|(i, told)| {
                let o = told.outcome;
                let verdict = render::survival::consequence(told, false)
                    .map(|_| render::survival::badge(told).unwrap_or_else(|| "safe".into()))
                    .unwrap_or_default();
                let changed =
                    render::changed_rooms(board, &o.rooms).unwrap_or_else(|| "nothing".to_string());
                let room = format!("room {}", replay::room_name(board, o.room));
                (i, told, room, changed, verdict)
            })
            .collect();
        // After the number and the minutes, the room and what the outcome
        // changes take what they need, up to a third of what is left each,
        // and the verdict the rest.
        let rest = usize::from(area.width).saturating_sub(14);
        let widest = |texts: &mut dyn Iterator<Item = &String>| {
            texts.map(|t| t.chars().count()).max().unwrap_or(0)
        };
        let room = widest(&mut rows.iter().map(|r| &r.2))
            .max("ends in".len())
            .min(rest / 3);
        let changes = widest(&mut rows.iter().map(|r| &r.3))
            .max("changes".len())
            .min(rest / 3);
        frame.render_widget(
            Paragraph::new(vec![
                Line::styled(
                    format!(
                        "{}: {} of {} · start in room {} · rules {}{}",
                        board.name,
                        render::count(shown as u64, "outcome"),
                        answer.total,
                        replay::room_name(board, turn.start),
                        turn.movement.rules().name,
                        held(turn),
                    ),
                    self.paint.heading(),
                ),
                Line::styled(
                    format!(
                        "    #  min  {:<room$} {:<changes$} verdict",
                        "ends in", "changes"
                    ),
                    self.paint.dim(),
                ),
            ]),
            title,
        );
        paint::key_bar(
            frame,
            keys,
            &self.bar("↓↑ choose  Enter replay  digits go to  ? help  q quit"),
            self.paint,
        );
        let lines: Vec<Line<'static>> = rows
            .iter()
            .map(|(i, told, ends, changed, verdict)| {
                let (i, o) = (*i, told.outcome);
                let text = format!(
                    "{} {:>3}  {:>3}  {:<room$} {:<changes$} {verdict}",
                    if i == self.at { ">" } else { " " },
                    told.number,
                    o.cost.0,
                    draw::fit(ends, room),
                    draw::fit(changed, changes),
                    verdict = draw::fit(verdict, rest.saturating_sub(room + changes + 2)),
                );
                if i == self.at {
                    Line::styled(text, self.paint.chosen())
                } else {
                    Line::raw(text)
                }
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), list);
    }
}

/// The fix-its the gnome can take where `told` leaves him, each with its
/// odds, as the odds panel of both screens shows them, wrapped to `width`.
pub(super) fn odds_lines(told: &Told<'_>, paint: Paint, width: u16) -> Vec<Line<'static>> {
    let turn = told.turn();
    let (board, movement) = (&turn.board, &turn.movement);
    let room = told.outcome.room;
    let text = paint.text(width);
    let columns = usize::from(width).max(20);
    if movement.rules().turn.actions.is_empty() {
        return paint::text_lines(&textwrap::fill(
            &format!("the rules {} declare no fix-its", movement.rules().name),
            columns,
        ));
    }
    let fixits = told.fixits();
    if fixits.is_empty() {
        return paint::text_lines(&textwrap::fill(
            &format!(
                "no fix-it can be taken in room {}",
                replay::room_name(board, room)
            ),
            columns,
        ));
    }
    let mut lines = Vec::new();
    for f in fixits {
        let words = fixit_words::fixit_words(board, movement, room, f);
        lines.extend(
            textwrap::wrap(&words, columns)
                .into_iter()
                .map(|l| Line::styled(l.into_owned(), paint.heading())),
        );
        lines.extend(paint::text_lines(&fixit_words::odds_table(
            &f.plan, "  ", text,
        )));
        lines.push(Line::raw(""));
    }
    lines
}

/// ` with Grog` after the rules, for a turn with items.
pub(super) fn held(turn: &crate::answer::Turn) -> String {
    if turn.movement.held().is_empty() {
        String::new()
    } else {
        format!(" with {}", turn.movement.held_words())
    }
}

impl Screen for Replaying<'_, '_> {
    fn draw(&self, frame: &mut Frame<'_>) {
        if paint::too_small(frame) {
            return;
        }
        let area = frame.area();
        match self.told() {
            None => frame.render_widget(Paragraph::new("no outcome to show"), area),
            Some(_) if self.listing => self.draw_list(frame, area),
            Some(told) => self.draw_outcome(frame, area, told),
        }
        let inside = paint::panel_area(area);
        let (width, height) = (
            inside.width.saturating_sub(2),
            inside.height.saturating_sub(2),
        );
        match (self.panel, self.told()) {
            (Panel::Help, _) => {
                self.page.set(usize::from(height));
                let rules = self.answer.turn.movement.rules();
                paint::help_panel(frame, KEYS, rules, &self.panel_scroll, self.paint);
            }
            (Panel::Odds, Some(told)) => {
                self.page.set(usize::from(height));
                let title = format!(
                    "fix-its in room {}",
                    replay::room_name(&told.turn().board, told.outcome.room)
                );
                let lines = odds_lines(told, self.paint, width);
                paint::panel(frame, &title, lines, &self.panel_scroll, self.paint);
            }
            _ => {}
        }
    }

    fn paste(&mut self, _: &str) {
        self.notice = Some(super::PASTE_IGNORED.to_string());
    }

    fn key(&mut self, key: KeyEvent) -> Flow {
        self.notice = None;
        if super::is_interrupt(&key) {
            return Flow::Quit;
        }
        if !self.typed.is_empty() {
            match key.code {
                KeyCode::Char(d) if d.is_ascii_digit() && self.typed.len() < 9 => {
                    self.typed.push(d);
                }
                KeyCode::Enter => self.go_to_typed(),
                KeyCode::Backspace => {
                    self.typed.pop();
                }
                _ => self.typed.clear(),
            }
            return Flow::Stay;
        }
        if self.panel != Panel::None {
            match key.code {
                KeyCode::Char('q') => return Flow::Quit,
                KeyCode::PageDown => self.panel_scroll.page(1, self.page.get()),
                KeyCode::PageUp => self.panel_scroll.page(-1, self.page.get()),
                KeyCode::Char('o') if self.panel == Panel::Odds => self.panel = Panel::None,
                KeyCode::Char('?') if self.panel == Panel::Help => self.panel = Panel::None,
                KeyCode::Esc | KeyCode::Enter => self.panel = Panel::None,
                _ => {}
            }
            return Flow::Stay;
        }
        let count = self.answer.outcomes().len();
        let last = count.saturating_sub(1);
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => return Flow::Quit,
            KeyCode::Char('?') => {
                self.panel = Panel::Help;
                self.panel_scroll.reset();
            }
            KeyCode::Char(d @ '1'..='9') => self.typed.push(d),
            KeyCode::Down | KeyCode::Tab | KeyCode::Char('j') => {
                if self.listing {
                    self.at = (self.at + 1).min(last);
                } else if self.at < last {
                    self.go_to_outcome(self.at + 1);
                }
            }
            KeyCode::Up | KeyCode::BackTab | KeyCode::Char('k') => {
                if self.listing {
                    self.at = self.at.saturating_sub(1);
                } else if self.at > 0 {
                    self.go_to_outcome(self.at - 1);
                }
            }
            KeyCode::PageDown if self.listing => self.at = (self.at + 10).min(last),
            KeyCode::PageUp if self.listing => self.at = self.at.saturating_sub(10),
            KeyCode::Enter if self.listing => self.go_to_outcome(self.at),
            KeyCode::Char('a') => self.listing = true,
            _ if self.listing => {}
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => {
                self.step = (self.step + 1).min(self.steps());
                self.words_scroll.reset();
            }
            KeyCode::Left | KeyCode::Char('h') => {
                self.step = self.step.saturating_sub(1);
                self.words_scroll.reset();
            }
            KeyCode::Home => {
                self.step = 0;
                self.words_scroll.reset();
            }
            KeyCode::End => {
                self.step = self.steps();
                self.words_scroll.reset();
            }
            KeyCode::PageDown => self.words_scroll.page(1, self.page.get()),
            KeyCode::PageUp => self.words_scroll.page(-1, self.page.get()),
            KeyCode::Char('o') => {
                self.panel = Panel::Odds;
                self.panel_scroll.reset();
            }
            _ => {}
        }
        Flow::Stay
    }
}
