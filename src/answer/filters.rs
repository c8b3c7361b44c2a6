//! What a command shows of an answer, and why it shows nothing.

use crate::model::{Cost, RoomId};
use crate::outcome::{Action, Outcome};
use crate::referee::Ship;

use super::Turn;

/// The filters a command puts on the outcomes of a turn (`--to`, `--safe`,
/// `--max-cost`): which it shows. Filtered outcomes keep their numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filters {
    /// The rooms outcomes must end in; empty for any room.
    pub to: Vec<RoomId>,
    /// Whether outcomes the `end` rules make fatal are hidden.
    pub safe: bool,
    /// The most an outcome may cost; the search itself is bounded by it.
    pub max_cost: Option<Cost>,
}

impl Filters {
    /// Whether `--to` and `--safe` let `outcome` of `turn` be shown.
    pub fn shows(&self, turn: &Turn, outcome: &Outcome) -> bool {
        (self.to.is_empty() || self.to.contains(&outcome.room))
            && !(self.safe && outcome.verdict(&turn.movement).fatal)
    }

    /// Why `--to`, `--safe` and `--max-cost` show no outcome, given the
    /// outcomes they hid: for each room asked for, the outcomes `--safe`
    /// hid there, or why no move enters it (the rule that forbids it,
    /// quoted, and the items that would allow it). `None` when nothing was
    /// asked for and nothing hidden.
    pub fn why_none(&self, turn: &Turn, outcomes: &[Outcome]) -> Option<String> {
        let hidden: Vec<(usize, &Outcome)> = (1..)
            .zip(outcomes)
            .filter(|(_, o)| !self.shows(turn, o))
            .collect();
        let within = self
            .max_cost
            .map_or(String::new(), |c| format!(" within `--max-cost {}`", c.0));
        if self.to.is_empty() {
            return (!hidden.is_empty() && self.safe).then(|| {
                format!(
                    "no outcome shown: every outcome{within} is fatal, and `--safe` hides them all"
                )
            });
        }
        let mut said = Vec::new();
        for &room in &self.to {
            let label = turn.board.room(room).label();
            let fatal: Vec<String> = hidden
                .iter()
                .filter(|(_, o)| o.room == room)
                .map(|(n, _)| format!("#{n}"))
                .collect();
            if !fatal.is_empty() {
                said.push(format!(
                    "{} in room {label}, but `--safe` hides {}: they are fatal",
                    if fatal.len() == 1 {
                        format!("outcome {} ends", fatal[0])
                    } else {
                        format!("outcomes {} end", fatal.join(", "))
                    },
                    if fatal.len() == 1 { "it" } else { "them" }
                ));
                continue;
            }
            if room == turn.start {
                continue;
            }
            said.push(unreached(turn, room, &within));
        }
        (!said.is_empty()).then(|| format!("no outcome shown: {}", said.join("; ")))
    }
}

/// Why no move ends in `room` (not the start room), in the words of
/// `paths --to`: for each room next door, the rule that refuses the step
/// in (quoted, with the items that would allow it), rooms refused alike
/// named together; `within` says the `--max-cost` that bounded the search.
pub(super) fn unreached(turn: &Turn, room: RoomId, within: &str) -> String {
    let label = turn.board.room(room).label();
    // Rooms next door refused for the same reason are named together.
    let mut reasons: Vec<(Vec<String>, String)> = Vec::new();
    for (next, reason) in turn
        .board
        .neighbours(room)
        .iter()
        .filter_map(|&(hatch, next)| {
            // The step into the room from next door, with the hatch
            // opened if it can be: the rule that refuses it there.
            let mut ship = Ship::new(&turn.board, next);
            let state = ship.hatches[hatch.index()];
            if let Some(opening) = turn.movement.opening(state) {
                ship.hatches[hatch.index()] = opening.becomes;
            }
            let action = Action::Move(room);
            let illegal = ship
                .clone()
                .apply(&turn.board, &turn.movement, action)
                .err()?;
            let ruling = ship.ruling(&turn.board, &turn.movement, action, &illegal);
            Some((turn.board.room(next).id.clone(), ruling.help()))
        })
    {
        match reasons.iter_mut().find(|(_, r)| *r == reason) {
            Some((rooms, _)) => rooms.push(next),
            None => reasons.push((vec![next], reason)),
        }
    }
    let reasons: Vec<String> = reasons
        .into_iter()
        .map(|(rooms, reason)| {
            let from = if rooms.len() == 1 {
                format!("room {}", rooms[0])
            } else {
                format!("rooms {}", rooms.join(", "))
            };
            format!("from {from}: {reason}")
        })
        .collect();
    if reasons.is_empty() && within.is_empty() {
        format!(
            "no move ends in room {label}: every step into it is allowed, but no way leads to a room next to it"
        )
    } else if reasons.is_empty() {
        format!("no move{within} ends in room {label}: a costlier one may (raise `--max-cost`)")
    } else {
        format!(
            "no move{within} ends in room {label}: {}",
            reasons.join("; ")
        )
    }
}
