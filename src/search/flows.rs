//! What water can do this turn, worked out once per solve: the states each
//! room could take, and which hatches no flow can ever cross.

use crate::model::{Board, Movement, StateId};

/// Works out what water can do this turn: per room, the states it could
/// take (`possible`, as bit masks) and the states a neighbour must be in for
/// an open between them to change rooms, from any of those states
/// (`partners`); per hatch, whether it is "dry": no flow rule can apply to
/// its two rooms this turn (`todo` is scratch space). Whether the hatch
/// itself can be opened does not enter into `dry`: a forgotten hatch is
/// reset to the first hatch state, which may well be one that opens.
pub(super) fn flow_plan(
    board: &Board,
    movement: &Movement,
    possible: &mut Vec<u32>,
    todo: &mut Vec<u32>,
    dry: &mut Vec<bool>,
    partners: &mut Vec<u32>,
) {
    // The states each room could take, grown from the starting states
    // through the hatches that can be opened until nothing changes; a
    // hatch is looked at again whenever one of its rooms gains a state.
    // With the starting states only, a hatch does something only if its
    // two rooms flow now: one look-up says so, and most never do.
    possible.clear();
    possible.extend(board.rooms.iter().map(|r| 1u32 << r.state.0));
    // Until the answer is written, `dry` holds which hatches cannot be
    // opened: those never let water through.
    dry.clear();
    todo.clear();
    for (h, hatch) in board.hatches.iter().enumerate().rev() {
        let shut = movement.opening(hatch.state).is_none();
        dry.push(shut);
        let [a, b] = hatch.rooms;
        if !shut && movement.flow_partners(board.room(a).state) & possible[b.index()] != 0 {
            todo.push(h as u32);
        }
    }
    dry.reverse();
    while let Some(h) = todo.pop() {
        let Some(hatch) = board.hatches.get(h as usize) else {
            continue;
        };
        let [a, b] = hatch.rooms;
        let (add_a, add_b) = movement.flow_results(possible[a.index()], possible[b.index()]);
        for (room, add) in [(a, add_a), (b, add_b)] {
            let had = possible[room.index()];
            if add & !had != 0 {
                possible[room.index()] = had | add;
                for &(g, _) in board.neighbours(room) {
                    if !dry[g.index()] {
                        todo.push(g.0);
                    }
                }
            }
        }
    }
    partners.clear();
    partners.extend(
        possible
            .iter()
            .map(|&states| self::partners(movement, states)),
    );
    // No flow rule applies to a pair of states exactly when neither is a
    // partner of the other (the rules are symmetric).
    for (d, hatch) in dry.iter_mut().zip(&board.hatches) {
        let [a, b] = [hatch.rooms[0].index(), hatch.rooms[1].index()];
        *d = partners[a] & possible[b] == 0;
    }
}

/// The states, as a bit mask, that a room in any of the states of the mask
/// `states` changes something with when a hatch between them opens.
fn partners(movement: &Movement, states: u32) -> u32 {
    let mut mask = 0;
    let mut rest = states;
    while rest != 0 {
        mask |= movement.flow_partners(StateId(rest.trailing_zeros() as u8));
        rest &= rest - 1;
    }
    mask
}
