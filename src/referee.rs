//! The rules applied one action at a time to an explicit ship: what checks a
//! player's plan, replays the engine's paths, and describes each step's
//! effects. Deliberately simple and separate from the search.

use crate::model::{Board, Cost, HatchId, HatchStateId, Movement, RoomId, StateId};
use crate::outcome::Action;

/// The ship during a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ship {
    /// Where the player stands.
    pub position: RoomId,
    /// Every room's state.
    pub rooms: Vec<StateId>,
    /// Every hatch's state.
    pub hatches: Vec<HatchStateId>,
    /// Rooms entered this turn (the start room counts).
    pub visited: Vec<bool>,
    /// Minutes spent so far.
    pub spent: Cost,
}

/// A room whose state an action changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The room.
    pub room: RoomId,
    /// Its state before.
    pub before: StateId,
    /// Its state after.
    pub after: StateId,
}

/// One action done, with what it cost and changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The action.
    pub action: Action,
    /// What it cost.
    pub cost: Cost,
    /// The total spent after it.
    pub total: Cost,
    /// Rooms whose state it changed (water flow).
    pub changes: Vec<Change>,
}

/// Why an action is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// No hatch joins the current room and that room.
    #[error("no hatch joins room `{from}` to room `{to}`")]
    NotAdjacent {
        /// The current room.
        from: String,
        /// The room named.
        to: String,
    },
    /// The hatch does not touch the current room.
    #[error("hatch `{hatch}` does not touch room `{here}`, where the player is")]
    HatchNotHere {
        /// The hatch.
        hatch: String,
        /// The current room.
        here: String,
    },
    /// The hatch's state cannot be opened.
    #[error("hatch `{hatch}` is `{state}` and cannot be opened")]
    CannotOpen {
        /// The hatch.
        hatch: String,
        /// Its state.
        state: String,
    },
    /// The hatch cannot be walked through in its state.
    #[error("hatch `{hatch}` is `{state}`: it cannot be walked through")]
    NotPassable {
        /// The hatch.
        hatch: String,
        /// Its state.
        state: String,
    },
    /// The current room's state forbids leaving.
    #[error("the player cannot leave room `{room}` while it is `{state}`")]
    CannotLeave {
        /// The current room.
        room: String,
        /// Its state.
        state: String,
    },
    /// The target room's state forbids entering.
    #[error("room `{room}` is `{state}` and cannot be entered")]
    CannotEnter {
        /// The room.
        room: String,
        /// Its state.
        state: String,
    },
    /// The room was entered earlier in the turn.
    #[error("room `{room}` was already visited this turn")]
    AlreadyVisited {
        /// The room.
        room: String,
    },
    /// The turn's cost does not fit in the counter.
    #[error("the plan's total cost is too large to count")]
    CostOverflow,
}

/// How a hatch is called in messages: `1-2`.
pub fn hatch_label(board: &Board, hatch: HatchId) -> String {
    let h = board.hatch(hatch);
    format!(
        "{}-{}",
        board.room(h.rooms[0]).id,
        board.room(h.rooms[1]).id
    )
}

impl Ship {
    /// The ship at the start of a turn in `start`.
    pub fn new(board: &Board, start: RoomId) -> Ship {
        let mut visited = vec![false; board.rooms.len()];
        visited[start.index()] = true;
        Ship {
            position: start,
            rooms: board.rooms.iter().map(|r| r.state).collect(),
            hatches: board.hatches.iter().map(|h| h.state).collect(),
            visited,
            spent: Cost(0),
        }
    }

    /// Does one action, or says which rule forbids it (and leaves the ship
    /// as it was).
    pub fn apply(
        &mut self,
        board: &Board,
        movement: &Movement,
        action: Action,
    ) -> Result<Step, Illegal> {
        let rules = movement.rules();
        let room_state = |s: StateId| rules.room_states[usize::from(s.0)].clone();
        let hatch_state = |s: HatchStateId| rules.hatch_states[usize::from(s.0)].clone();
        let here = self.position;
        let (cost, changes) = match action {
            Action::Open(hatch) => {
                let h = board.hatch(hatch);
                if !h.rooms.contains(&here) {
                    return Err(Illegal::HatchNotHere {
                        hatch: hatch_label(board, hatch),
                        here: board.room(here).id.clone(),
                    });
                }
                let state = self.hatches[hatch.index()];
                let Some(opening) = movement.opening(state) else {
                    return Err(Illegal::CannotOpen {
                        hatch: hatch_label(board, hatch),
                        state: hatch_state(state),
                    });
                };
                self.hatches[hatch.index()] = opening.becomes;
                let there = h.other(here);
                let mut changes = Vec::new();
                let (a, b) = (self.rooms[here.index()], self.rooms[there.index()]);
                if let Some((a2, b2)) = movement.flow(a, b) {
                    for (room, before, after) in [(here, a, a2), (there, b, b2)] {
                        if before != after {
                            changes.push(Change {
                                room,
                                before,
                                after,
                            });
                        }
                        self.rooms[room.index()] = after;
                    }
                }
                (opening.cost, changes)
            }
            Action::Move(there) => {
                let Some(hatch) = board.hatch_between(here, there) else {
                    return Err(Illegal::NotAdjacent {
                        from: board.room(here).id.clone(),
                        to: board.room(there).id.clone(),
                    });
                };
                let hs = self.hatches[hatch.index()];
                if !movement.walk_through(hs) {
                    return Err(Illegal::NotPassable {
                        hatch: hatch_label(board, hatch),
                        state: hatch_state(hs),
                    });
                }
                let from = self.rooms[here.index()];
                if !movement.may_leave(from) {
                    return Err(Illegal::CannotLeave {
                        room: board.room(here).id.clone(),
                        state: room_state(from),
                    });
                }
                if !movement.revisit() && self.visited[there.index()] {
                    return Err(Illegal::AlreadyVisited {
                        room: board.room(there).id.clone(),
                    });
                }
                let to = self.rooms[there.index()];
                let Some(cost) = movement.enter(from, hs, to) else {
                    return Err(Illegal::CannotEnter {
                        room: board.room(there).id.clone(),
                        state: room_state(to),
                    });
                };
                self.position = there;
                self.visited[there.index()] = true;
                (cost, Vec::new())
            }
        };
        let total = self.spent.checked_add(cost).ok_or(Illegal::CostOverflow)?;
        self.spent = total;
        Ok(Step {
            action,
            cost,
            total,
            changes,
        })
    }
}

/// Plays a sequence of actions from `start`; the first illegal one stops it
/// and is returned with its index.
pub fn replay(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    actions: &[Action],
) -> Result<(Ship, Vec<Step>), (usize, Illegal)> {
    let mut ship = Ship::new(board, start);
    let mut steps = Vec::with_capacity(actions.len());
    for (i, &action) in actions.iter().enumerate() {
        steps.push(ship.apply(board, movement, action).map_err(|e| (i, e))?);
    }
    Ok((ship, steps))
}
