//! Why no move of a turn ends in a room: what stops the gnome at its
//! door, read from the ships the search really reaches next to it, not
//! from the board as it starts (a hatch to the sea may let in the high
//! water that bars the way only once it is opened).

use crate::model::RoomId;
use crate::outcome::{Action, Outcome};
use crate::referee::{self, Ruling};

use super::Turn;

/// Why no move ends in a room, as the outcomes of the turn show it.
#[derive(Clone, Debug)]
pub struct Unreached {
    /// The room.
    pub room: RoomId,
    /// For each room next door that some move ends in, each different
    /// refusal of the step in from the ships those moves leave (opening
    /// the hatch first where it is not open), in the order of the board.
    pub barred: Vec<(RoomId, Vec<Barred>)>,
    /// The rooms next door that no move ends in.
    pub beyond_reach: Vec<RoomId>,
    /// Whether a step in is allowed from some ship next door: then only
    /// the bound on the minutes kept the room out of the outcomes.
    pub costlier: bool,
}

/// One refusal of the step into the room from next door.
#[derive(Clone, Debug)]
pub struct Barred {
    /// The step refused: the opening of the hatch, or the move.
    pub action: Action,
    /// Whether opening the hatch first changed the room's state: what
    /// then refuses the move is what the opening let in.
    pub after_opening: Option<crate::model::HatchId>,
    /// Why.
    pub ruling: Ruling,
}

impl Turn {
    /// Why no move ends in `room`, given `outcomes`, every outcome of the
    /// turn (within the bound on minutes, if any): from each outcome that
    /// ends next door, the gnome tries the step in, opening the hatch
    /// first, and the referee says what refuses it.
    pub fn unreached(&self, room: RoomId, outcomes: &[Outcome]) -> Unreached {
        let (board, movement) = (&self.board, &self.movement);
        let mut why = Unreached {
            room,
            barred: Vec::new(),
            beyond_reach: Vec::new(),
            costlier: false,
        };
        for &(hatch, next) in board.neighbours(room) {
            let mut barred: Vec<Barred> = Vec::new();
            let mut reached = false;
            for outcome in outcomes.iter().filter(|o| o.room == next) {
                reached = true;
                let Ok((mut ship, _)) =
                    referee::replay(board, movement, self.start, &outcome.actions)
                else {
                    continue;
                };
                let mut after_opening = None;
                let mut tried = Action::Open(hatch);
                let mut step = Ok(());
                if !movement.walk_through(ship.hatches[hatch.index()]) {
                    let before = ship.clone();
                    step = match ship.apply(board, movement, tried) {
                        Ok(opened) => {
                            if opened.changes.iter().any(|c| c.room == room) {
                                after_opening = Some(hatch);
                            }
                            Ok(())
                        }
                        Err(illegal) => Err(before.ruling(board, movement, tried, &illegal)),
                    };
                }
                if step.is_ok() {
                    tried = Action::Move(room);
                    step = ship
                        .clone()
                        .apply(board, movement, tried)
                        .map(|_| ())
                        .map_err(|illegal| ship.ruling(board, movement, tried, &illegal));
                }
                match step {
                    Ok(()) => why.costlier = true,
                    Err(ruling) => {
                        if !barred.iter().any(|r| r.ruling.fact == ruling.fact) {
                            barred.push(Barred {
                                action: tried,
                                after_opening,
                                ruling,
                            });
                        }
                    }
                }
            }
            if !reached {
                why.beyond_reach.push(next);
            } else if !barred.is_empty() {
                why.barred.push((next, barred));
            }
        }
        why
    }
}

impl Unreached {
    /// The explanation in a player's words, after `no move{within} ends in
    /// room 10`: `from room 8: hatch 8-10 is blocked (Unblock Hatch frees
    /// it); no move reaches room 9`; with `explain`, the rule that decides
    /// each refusal.
    pub fn words(&self, turn: &Turn, within: &str, explain: bool) -> String {
        let board = &turn.board;
        let label = board.room(self.room).label();
        // Rooms next door refused alike are named together.
        let mut grouped: Vec<(Vec<String>, String)> = Vec::new();
        for (next, refusals) in &self.barred {
            let said: Vec<String> = refusals
                .iter()
                .map(|r| {
                    let words = r.ruling.words(explain);
                    match r.after_opening {
                        Some(h) => format!("once hatch {} is open, {words}", board.hatch_label(h)),
                        None => words,
                    }
                })
                .collect();
            let said = said.join("; or ");
            let id = board.room(*next).id.clone();
            match grouped.iter_mut().find(|(_, s)| *s == said) {
                Some((rooms, _)) => rooms.push(id),
                None => grouped.push((vec![id], said)),
            }
        }
        let mut reasons: Vec<String> = grouped
            .into_iter()
            .map(|(rooms, said)| format!("from {}: {said}", rooms_words(&rooms)))
            .collect();
        if !self.beyond_reach.is_empty() {
            let rooms: Vec<String> = self
                .beyond_reach
                .iter()
                .map(|&r| board.room(r).id.clone())
                .collect();
            reasons.push(format!("no move{within} reaches {}", rooms_words(&rooms)));
        }
        if self.costlier {
            return format!(
                "no move{within} ends in room {label}: a costlier one may (raise `--max-cost`)"
            );
        }
        if reasons.is_empty() {
            return format!("no move ends in room {label}: no hatch leads to it");
        }
        format!(
            "no move{within} ends in room {label}: {}",
            reasons.join("; ")
        )
    }
}

/// `room 8` or `rooms 8, 9`.
fn rooms_words(rooms: &[String]) -> String {
    if rooms.len() == 1 {
        format!("room {}", rooms[0])
    } else {
        format!("rooms {}", rooms.join(", "))
    }
}
