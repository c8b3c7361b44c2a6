//! `hatchway draw`: the ship as a picture in the terminal or as SVG,
//! optionally with one outcome's path.

use crate::outcome::Action;
use crate::render::dot::Walk;
use crate::render::draw::{self, View};
use crate::render::svg;

use super::dot::{Drawn, Walked, outcome_walk, plan_walk};
use super::*;

/// Draws the ship of the turn the options give, as text for the terminal
/// or as SVG, with an outcome's or a planned path when one is asked for.
pub(super) fn draw(
    path: Option<&Path>,
    turn: TurnArgs,
    drawn: Drawn,
    format: DrawFormat,
    term: &Terminal,
) -> Exit {
    let args = QueryArgs {
        turn,
        ..QueryArgs::default()
    };
    let q = match load_query(path, &args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let width = term.out.width;
    if !draw::is_placed(&q.turn.board) {
        let note = format!(
            "note: the board `{}` does not place every room (`room ID at COL,ROW`), so its rooms are laid out in board order, row by row",
            q.turn.board.name
        );
        eprintln!("{}", textwrap::fill(&note, term.err.width.max(40)));
    }
    let walked = match drawn {
        Drawn::Nothing => None,
        Drawn::Outcome(n) => match outcome_walk(&q, n, term) {
            Ok(walked) => Some(walked),
            Err(e) => return e,
        },
        Drawn::Plan(text) => match plan_walk(&q, text, term) {
            Ok((ship, steps)) => Some(Walked {
                title: "planned path".to_string(),
                ship,
                steps,
                verdict: String::new(),
            }),
            Err(e) => return e,
        },
    };
    if format == DrawFormat::Svg {
        let text = match walked {
            None => svg::ship(&q.turn.board, q.turn.start, None),
            Some(walked) => {
                let walk = Walk {
                    title: &walked.title,
                    steps: &walked.steps,
                    end: &walked.ship,
                };
                svg::ship(&q.turn.board, q.turn.start, Some(&walk))
            }
        };
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        return Exit::Success;
    }
    let text = match walked {
        None => render::drawing(&q.turn.board, q.turn.start, term.out),
        Some(Walked {
            title,
            ship,
            steps,
            verdict,
        }) => {
            // The ship at the end of the path, with the rooms it entered.
            let mut entered = vec![q.turn.start];
            entered.extend(steps.iter().filter_map(|s| match s.action {
                Action::Move(r) => Some(r),
                Action::Open(_) => None,
            }));
            let view = View {
                rooms: &ship.rooms,
                hatches: &ship.hatches,
                player: ship.position,
                path: &entered,
                step: None,
            };
            let actions: Vec<String> = steps
                .iter()
                .map(|s| render::replay::action_words(&q.turn.board, s.action))
                .collect();
            let actions = if actions.is_empty() {
                "stay".to_string()
            } else {
                actions.join(", ")
            };
            let header = format!("{title}, {} min: {actions}", ship.spent.0);
            let mut text = String::new();
            for line in textwrap::wrap(&header, width) {
                text.push_str(&line);
                text.push('\n');
            }
            text.push('\n');
            text.push_str(&draw::ship(&q.turn.board, &view, term.out));
            // Where the path leaves the gnome, counting the fix-it he
            // would take, as `replay` says it.
            if !verdict.is_empty() {
                text.push('\n');
                text.push_str(&verdict);
            }
            text
        }
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Exit::Success
}
