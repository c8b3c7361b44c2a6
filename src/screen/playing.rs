//! A player's own path, walked move by move: every step he could take next
//! with its cost and what it changes, the steps the rules refuse with the
//! rule that refuses them, undo, the verdict if he stopped where he
//! stands, and whether a cheaper way there exists.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::paint::{self, Paint, Panel};
use super::{Flow, Screen};
use crate::answer::{Answer, Replay, Turn};
use crate::judgement::{self, Comparison};
use crate::outcome::{Action, Outcome};
use crate::referee::{NextStep, Ship, Step};
use crate::render::{draw, replay};

/// The keys of the move-by-move screen, as its help panel lists them.
pub const KEYS: &[(&str, &str)] = &[
    ("↓ j  ↑ k", "choose a next step"),
    ("Enter →", "take the step chosen"),
    ("Backspace u ←", "undo the last step"),
    ("o", "the fix-it odds of the room he stands in"),
    (
        "PgDn PgUp",
        "scroll the panel open when more is below or above",
    ),
    ("?", "this help"),
    (
        "q Esc Ctrl-C",
        "stop; the path so far is printed for --path",
    ),
];

/// The move-by-move screen: the steps taken, the ship after each, and the
/// steps that could come next.
pub struct Playing<'a> {
    turn: &'a Turn,
    /// The turn's outcomes, solved once, for the cheaper way.
    outcomes: &'a [Outcome],
    paint: Paint,
    /// The ship at the start and after each step taken.
    ships: Vec<Ship>,
    /// The steps taken.
    steps: Vec<Step>,
    /// What could come next from the last ship: allowed steps first.
    next: Vec<NextStep>,
    /// The next step chosen.
    chosen: usize,
    /// The panel open over the screen, if any.
    panel: Panel,
    /// How far the panel open is scrolled.
    panel_scroll: paint::Scroll,
    /// The lines of the panel last drawn, a page for PgDn and PgUp.
    page: std::cell::Cell<usize>,
    /// What the last key could not do.
    notice: Option<String>,
}

impl<'a> Playing<'a> {
    /// The screen at the start of `turn`, whose outcomes (the turn solved)
    /// are `outcomes`.
    pub fn new(turn: &'a Turn, outcomes: &'a [Outcome], colour: bool, explain: bool) -> Self {
        let mut playing = Playing {
            turn,
            outcomes,
            paint: Paint { colour, explain },
            ships: vec![turn.first_ship()],
            steps: Vec::new(),
            next: Vec::new(),
            chosen: 0,
            panel: Panel::None,
            panel_scroll: paint::Scroll::default(),
            page: std::cell::Cell::new(10),
            notice: None,
        };
        playing.look_ahead();
        playing
    }

    fn ship(&self) -> &Ship {
        // The start ship is never popped, so there is always one.
        &self.ships[self.ships.len() - 1]
    }

    fn look_ahead(&mut self) {
        let mut next = self
            .ship()
            .next_steps(&self.turn.board, &self.turn.movement);
        next.sort_by_key(|n| n.ruled.is_err());
        self.next = next;
        self.chosen = 0;
    }

    /// The path taken so far, as `--path` reads it (`open 5-7, move 5`);
    /// empty when no step was taken.
    pub fn path(&self) -> String {
        self.steps
            .iter()
            .map(|s| s.action.text(&self.turn.board))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Takes the step chosen, or says why it cannot.
    pub fn take(&mut self) {
        let Some(next) = self.next.get(self.chosen) else {
            return;
        };
        match &next.ruled {
            Ok((step, ship)) => {
                self.steps.push(step.clone());
                self.ships.push(ship.clone());
                self.look_ahead();
            }
            Err(refusal) => {
                self.notice = Some(format!(
                    "not allowed: {}",
                    refusal.ruling.words(self.paint.explain)
                ));
            }
        }
    }

    /// Undoes the last step taken.
    pub fn undo(&mut self) {
        if self.steps.pop().is_some() {
            self.ships.pop();
            self.look_ahead();
        }
    }

    /// Chooses the next step `index` (in the order listed).
    pub fn choose(&mut self, index: usize) {
        self.chosen = index.min(self.next.len().saturating_sub(1));
    }

    /// Where the steps taken leave him, as an outcome.
    fn outcome(&self) -> Outcome {
        let ship = self.ship();
        Outcome {
            room: ship.position,
            rooms: ship.rooms.clone(),
            cost: ship.spent,
            actions: self.steps.iter().map(|s| s.action).collect(),
        }
    }

    /// The fix-its he could take if he stopped here, with their odds.
    fn odds_lines(&self, width: u16) -> Vec<Line<'static>> {
        let outcome = self.outcome();
        let replayed = Replay {
            steps: self.steps.clone(),
            end: self.ship().clone(),
        };
        let answer = Answer::of_plan(self.turn, &outcome, replayed);
        answer.outcomes().first().map_or_else(Vec::new, |told| {
            super::replaying::odds_lines(told, self.paint, width)
        })
    }

    /// The verdict if he stopped here, and how the way here compares with
    /// the cheapest.
    fn standing(&self, width: u16) -> Vec<Line<'static>> {
        let board = &self.turn.board;
        let outcome = self.outcome();
        let replayed = Replay {
            steps: self.steps.clone(),
            end: self.ship().clone(),
        };
        let answer = Answer::of_plan(self.turn, &outcome, replayed);
        let columns = usize::from(width).max(20);
        let path = self.path();
        let mut lines = paint::text_lines(&textwrap::fill(
            &format!(
                "path so far: {}",
                if path.is_empty() {
                    "no step yet"
                } else {
                    &path
                }
            ),
            columns,
        ));
        if let Some(told) = answer.outcomes().first() {
            let text = self.paint.text(width);
            let verdict = replay::verdict_lines(told, text);
            if verdict.is_empty() {
                lines.push(Line::raw(format!(
                    "if he stops here: in room {}",
                    replay::room_name(board, outcome.room)
                )));
            } else {
                lines.extend(paint::text_lines(&verdict));
            }
        }
        let words = |actions: &[Action]| {
            if actions.is_empty() {
                "stay".to_string()
            } else {
                actions
                    .iter()
                    .map(|a| a.text(board))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        let compared = match judgement::against(self.outcomes, &outcome) {
            Comparison::Cheapest { .. } => "no way to this room and ship is cheaper".to_string(),
            Comparison::Cheaper { cost, actions } => format!(
                "a cheaper way to this room and ship: {} min: {}",
                cost.0,
                words(&actions)
            ),
            Comparison::NotFound | Comparison::Unknown(_) => {
                "this room and ship is not among the turn's outcomes".to_string()
            }
        };
        lines.extend(paint::text_lines(&textwrap::fill(&compared, columns)));
        lines
    }

    /// The next steps as lines wrapped to `width`, and the line the
    /// chosen one starts on.
    fn next_lines(&self, width: u16) -> (Vec<Line<'static>>, usize) {
        let board = &self.turn.board;
        let options = textwrap::Options::new(usize::from(width).max(20)).subsequent_indent("    ");
        let mut lines = Vec::new();
        let mut chosen_line = 0;
        for (i, next) in self.next.iter().enumerate() {
            let mark = if i == self.chosen { "> " } else { "  " };
            let words = replay::action_words(board, next.action);
            let said = match &next.ruled {
                Ok((step, _)) => {
                    let mut said = format!("{mark}{words}: +{} min", step.cost.0);
                    for c in &step.changes {
                        said.push_str("; ");
                        said.push_str(&replay::flow_words(board, c));
                    }
                    said
                }
                Err(refusal) => format!(
                    "{mark}{words}: not allowed: {}",
                    refusal.ruling.words(self.paint.explain)
                ),
            };
            let style = if i == self.chosen {
                chosen_line = lines.len();
                self.paint.chosen()
            } else if next.ruled.is_err() {
                self.paint.dim()
            } else {
                ratatui::style::Style::new()
            };
            lines.extend(
                textwrap::wrap(&said, &options)
                    .into_iter()
                    .map(|l| Line::styled(l.into_owned(), style)),
            );
        }
        (lines, chosen_line)
    }
}

impl Screen for Playing<'_> {
    fn draw(&self, frame: &mut Frame<'_>) {
        if paint::too_small(frame) {
            return;
        }
        let area = frame.area();
        let board = &self.turn.board;
        let ship = self.ship();
        let [title, body, keys] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(area);
        frame.render_widget(
            Paragraph::new(vec![
                Line::styled(
                    format!(
                        "your move · in room {} · {} min so far",
                        replay::room_name(board, ship.position),
                        ship.spent.0,
                    ),
                    self.paint.heading(),
                ),
                Line::styled(
                    format!(
                        "{} · from room {} · {}{}",
                        board.name,
                        board.room(self.turn.start).id,
                        self.turn.movement.rules().name,
                        super::replaying::held(self.turn),
                    ),
                    self.paint.dim(),
                ),
            ]),
            title,
        );
        let bar = self.notice.clone().unwrap_or_else(|| {
            "↓↑ choose  Enter take  Backspace undo  o odds  ? help  q stop".to_string()
        });
        paint::key_bar(frame, keys, &bar, self.paint);

        let picture = draw::walked(board, &self.ships, &self.steps, usize::from(body.width));
        let ship_lines = picture
            .map(|p| paint::picture_lines(&p, self.paint, body.width))
            .unwrap_or_default();
        let standing = self.standing(body.width);
        let ship_height = (ship_lines.len() as u16).min(body.height.saturating_sub(6));
        let [ship_area, _, standing_area, list_area] = Layout::vertical([
            Constraint::Length(ship_height),
            Constraint::Length(1),
            Constraint::Length(standing.len() as u16),
            Constraint::Min(0),
        ])
        .areas(body);
        frame.render_widget(Paragraph::new(ship_lines), ship_area);
        frame.render_widget(Paragraph::new(standing), standing_area);
        let mut lines = vec![Line::from(Span::styled(
            format!(
                "next from room {}:",
                replay::room_name(board, ship.position)
            ),
            self.paint.heading(),
        ))];
        if self.next.is_empty() {
            lines.push(Line::raw("  no hatch leads out of this room"));
        }
        let (next, chosen_line) = self.next_lines(list_area.width);
        // Keep the chosen step on screen, with a mark where steps are cut.
        let room = usize::from(list_area.height).saturating_sub(2).max(1);
        let first = (chosen_line + 2).saturating_sub(room);
        let total = next.len();
        let mut shown: Vec<Line<'static>> = next.into_iter().skip(first).take(room).collect();
        let below = total.saturating_sub(first + shown.len());
        lines.append(&mut shown);
        if first > 0 || below > 0 {
            lines.push(Line::styled(
                format!("  ↑ {first} above, ↓ {below} below · ↓↑ choose"),
                self.paint.heading(),
            ));
        }
        frame.render_widget(Paragraph::new(lines), list_area);
        let inside = paint::panel_area(area);
        let (width, height) = (
            inside.width.saturating_sub(2),
            inside.height.saturating_sub(2),
        );
        self.page.set(usize::from(height));
        match self.panel {
            Panel::Help => {
                let rules = self.turn.movement.rules();
                paint::help_panel(frame, KEYS, rules, &self.panel_scroll, self.paint);
            }
            Panel::Odds => {
                let title = format!(
                    "fix-its in room {}",
                    replay::room_name(board, ship.position)
                );
                let lines = self.odds_lines(width);
                paint::panel(frame, &title, lines, &self.panel_scroll, self.paint);
            }
            Panel::None => {}
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
        if self.panel != Panel::None {
            match key.code {
                KeyCode::Char('q') => return Flow::Quit,
                KeyCode::PageDown => self.panel_scroll.page(1, self.page.get()),
                KeyCode::PageUp => self.panel_scroll.page(-1, self.page.get()),
                _ => self.panel = Panel::None,
            }
            return Flow::Stay;
        }
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => return Flow::Quit,
            KeyCode::Char('?') => {
                self.panel = Panel::Help;
                self.panel_scroll.reset();
            }
            KeyCode::Char('o') => {
                self.panel = Panel::Odds;
                self.panel_scroll.reset();
            }
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => self.choose(self.chosen + 1),
            KeyCode::Up | KeyCode::Char('k') | KeyCode::BackTab => {
                self.choose(self.chosen.saturating_sub(1));
            }
            KeyCode::Enter | KeyCode::Right => self.take(),
            KeyCode::Backspace | KeyCode::Char('u') | KeyCode::Left => self.undo(),
            _ => {}
        }
        Flow::Stay
    }
}
