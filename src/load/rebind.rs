//! A compiled board played by other rules, its states matched by name: a
//! room that is `low_flood` stays `low_flood`. Rules that do not declare a
//! state the board uses cannot play it ([`Incompatible`]). A board read from
//! a file is better checked against the rules it is played by from the
//! start ([`board_played_by`](super::board_played_by)), which points at the
//! state in the file; this is for a board already compiled, such as one
//! `hatchway diff` plays under two rules.

use std::sync::Arc;

use crate::model::{Board, Rules};

/// A board uses a state that one of the rules does not declare.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the rules `{rules}` have no {kind} state `{state}`, which {place} of `{board}` is in")]
pub struct Incompatible {
    /// The rules missing the state.
    pub rules: String,
    /// `room` or `hatch`.
    pub kind: &'static str,
    /// The state's name.
    pub state: String,
    /// The room or hatch in that state (`room 3`, `hatch 1-2`).
    pub place: String,
    /// The board.
    pub board: String,
}

/// The same board played by other rules, states matched by name.
pub fn rebind(board: &Board, rules: &Arc<Rules>) -> Result<Board, Incompatible> {
    let missing = |kind: &'static str, state: &str, place: String| Incompatible {
        rules: rules.name.clone(),
        kind,
        state: state.to_string(),
        place,
        board: board.name.clone(),
    };
    let mut rooms = board.rooms.clone();
    for room in &mut rooms {
        let name = &board.rules.room_states[usize::from(room.state.0)];
        room.state = rules
            .room_state(name)
            .ok_or_else(|| missing("room", name, format!("room {}", room.id)))?;
    }
    let mut hatches = board.hatches.clone();
    for hatch in &mut hatches {
        let name = &board.rules.hatch_states[usize::from(hatch.state.0)];
        hatch.state = rules.hatch_state(name).ok_or_else(|| {
            let ids = hatch.rooms.map(|r| board.room(r).id.clone());
            missing("hatch", name, format!("hatch {}-{}", ids[0], ids[1]))
        })?;
    }
    Ok(Board::new(
        board.name.clone(),
        Arc::clone(rules),
        rooms,
        hatches,
        board.start,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load;

    fn rules(name: &str) -> Arc<Rules> {
        load::builtin_rules(name).expect("shipped rules compile")
    }

    #[test]
    fn a_state_the_other_rules_lack_is_named() {
        let board = load::board_from_str(
            "sea.board",
            "board sea\nrules red-november-rulebook\nroom 1: sea\nroom 2\nhatch 1-2\nstart 2\n",
        )
        .expect("compiles")
        .value;
        let e = rebind(&board, &rules("red-november")).expect_err("no sea");
        assert_eq!(
            e.to_string(),
            "the rules `red-november` have no room state `sea`, which room 1 of `sea` is in"
        );
    }
}
