//! What a player can do next from where he stands: every hatch of his room
//! he could open and every room beyond it he could move to, each played by
//! the referee on a copy of the ship, so a front end that lets a player
//! walk move by move shows what the rules allow and why they refuse the
//! rest without judging anything itself.

use crate::model::{Board, Movement};
use crate::outcome::Action;

use super::{Illegal, Ruling, Ship, Step};

/// One thing the player could do next, as the referee rules it.
#[derive(Clone, Debug)]
pub struct NextStep {
    /// The action.
    pub action: Action,
    /// The step it would be, with the ship after it; or why it is refused.
    pub ruled: Result<(Step, Ship), Refusal>,
}

/// A step the rules refuse, and why.
#[derive(Clone, Debug)]
pub struct Refusal {
    /// What is wrong with it.
    pub illegal: Illegal,
    /// The rule that refuses it and what would allow it.
    pub ruling: Ruling,
}

impl Ship {
    /// What the player could try next from this ship: for each hatch of
    /// his room, in the board's order, opening it when it cannot be walked
    /// through (a move through it waits for the opening, so it is not
    /// listed refused beside it), else moving through it. Allowed ones
    /// carry their step and the ship after it; refused ones the ruling.
    pub fn next_steps(&self, board: &Board, movement: &Movement) -> Vec<NextStep> {
        board
            .neighbours(self.position)
            .iter()
            .map(|&(hatch, beyond)| {
                let state = self.hatches[hatch.index()];
                let action = if movement.walk_through(state) {
                    Action::Move(beyond)
                } else {
                    Action::Open(hatch)
                };
                self.try_step(board, movement, action)
            })
            .collect()
    }

    fn try_step(&self, board: &Board, movement: &Movement, action: Action) -> NextStep {
        let mut after = self.clone();
        let ruled = match after.apply(board, movement, action) {
            Ok(step) => Ok((step, after)),
            Err(illegal) => Err(Refusal {
                ruling: self.ruling(board, movement, action, &illegal),
                illegal,
            }),
        };
        NextStep { action, ruled }
    }
}
