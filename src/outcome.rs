//! What a turn can end in, and the actions that lead there.

use crate::model::{Board, Cost, HatchId, Movement, RoomId, StateId, Verdict};

/// One thing a player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Open a hatch that touches the current room.
    Open(HatchId),
    /// Walk through an open hatch into the room on its other side.
    Move(RoomId),
}

impl Action {
    /// The action as a plan writes it (and `hatchway paths` lists it):
    /// `open 1-2`, `move 2`.
    ///
    /// ```
    /// use hatchway::load;
    /// use hatchway::model::{HatchId, RoomId};
    /// use hatchway::outcome::Action;
    ///
    /// let board = load::board_from_str("two", "board two\nroom 1\nroom 2\nhatch 1-2\nstart 1\n")?.value;
    /// assert_eq!(Action::Open(HatchId(0)).text(&board), "open 1-2");
    /// assert_eq!(Action::Move(RoomId(1)).text(&board), "move 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn text(self, board: &Board) -> String {
        match self {
            Action::Open(h) => format!("open {}", board.hatch_label(h)),
            Action::Move(r) => format!("move {}", board.room(r).id),
        }
    }

    /// The position of the action in the fixed order used to break ties:
    /// every `open` before every `move`, hatches by their rooms, rooms by id.
    pub fn rank(self, hatch_count: usize) -> u32 {
        match self {
            Action::Open(h) => h.0,
            Action::Move(r) => hatch_count as u32 + r.0,
        }
    }
}

/// A place a turn can end: the final room and the state of every room, with
/// the cheapest way there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Where the player ends.
    pub room: RoomId,
    /// The final state of every room, indexed by [`RoomId`].
    pub rooms: Vec<StateId>,
    /// The minimum total cost.
    pub cost: Cost,
    /// One cheapest action sequence (the tie-break winner).
    pub actions: Vec<Action>,
}

/// Outcomes with their numbers: their places in the full listing of a
/// turn, cheapest first, counting from 1. Filters applied afterwards keep
/// the numbers, so an outcome's number is the same under any filter.
pub fn numbered(outcomes: Vec<Outcome>) -> impl Iterator<Item = (usize, Outcome)> {
    outcomes.into_iter().enumerate().map(|(i, o)| (i + 1, o))
}

impl Outcome {
    /// What the rules' `end` rules say of the gnome left where this outcome
    /// ends, with the items of `movement`.
    pub fn verdict(&self, movement: &Movement) -> Verdict {
        let state = self.rooms[self.room.index()];
        movement.rules().turn.verdict(state, movement.items())
    }
}
