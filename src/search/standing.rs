//! The rooms the player may stand in this turn, found without a search: a
//! set that holds every room where an outcome ends, and on the boards
//! swept almost always no other. A sweep's search for each room's least
//! cost stops once it has settled them all, rather than when no state is
//! left (docs/SEARCH.md, "What a sweep reads").

use crate::model::{Board, HatchStateId, Movement, RoomId, StateId};

/// The rooms the player may stand in during a turn from `start`, as bits
/// by room index (a board of at most 64 rooms): every room the player can
/// reach is among them, and perhaps some he cannot.
///
/// Grown from the start until nothing changes, with two sets of states per
/// room, each holding every state the room can really be in at that
/// moment: those it can take at any time, and those it can be in while
/// the player stands in it. A hatch beside a room the player may stand in
/// may be opened from there, which leaves its two rooms what any flow
/// between their states leaves (the player's room from the states it has
/// while he stands in it); and it may be crossed, after its opens, into
/// a state of the room behind that the player may enter from one of his
/// room's states that he may leave. Every action a turn makes is one of
/// these, from states in the sets, so by induction on the actions every
/// state the search reaches has its room in the set and its rooms' states
/// in theirs. Keeping the player's room's states apart is what keeps the
/// set tight: high water drained from the room beside it lets the player
/// in, but he never stands in it while it is high.
pub(super) fn standing_rooms(board: &Board, movement: &Movement, start: RoomId) -> u64 {
    let mut any_time: Vec<u32> = board.rooms.iter().map(|r| 1u32 << r.state.0).collect();
    let mut standing_in = vec![0u32; board.rooms.len()];
    let start = start.index();
    standing_in[start] = any_time[start];
    let mut rooms = 1u64 << start;
    let mut grown = true;
    while grown {
        grown = false;
        for hatch in &board.hatches {
            let [a, b] = hatch.rooms.map(|r| r.index());
            for (here, there) in [(a, b), (b, a)] {
                if rooms >> here & 1 == 0 {
                    continue;
                }
                if movement.opening(hatch.state).is_some() {
                    let (add_here, add_there) =
                        movement.flow_results(standing_in[here], any_time[there]);
                    let before = (standing_in[here], any_time[here], any_time[there]);
                    standing_in[here] |= add_here;
                    any_time[here] |= add_here;
                    any_time[there] |= add_there;
                    grown |= before != (standing_in[here], any_time[here], any_time[there]);
                }
                let entered =
                    entered_states(movement, standing_in[here], hatch.state, any_time[there]);
                if entered & !standing_in[there] != 0 {
                    standing_in[there] |= entered;
                    rooms |= 1 << there;
                    grown = true;
                }
            }
        }
    }
    rooms
}

/// The states of `to` (a mask) that the player may enter a room in,
/// through a hatch in state `hatch` or one its opens bring it to, from a
/// room in one of the states of `from` that he may leave.
fn entered_states(movement: &Movement, from: u32, hatch: HatchStateId, to: u32) -> u32 {
    let states = movement.room_state_count();
    let mut entered = 0u32;
    let mut through = Some(hatch);
    // A chain of opens longer than the number of hatch states repeats
    // itself.
    for _ in 0..=movement.hatch_state_count() {
        let Some(t) = through else {
            break;
        };
        if movement.walk_through(t) {
            for x in (0..states).filter(|&x| from >> x & 1 == 1) {
                let x = StateId(x as u8);
                if !movement.may_leave(x) {
                    continue;
                }
                for y in (0..states).filter(|&y| to >> y & 1 == 1) {
                    if movement.enter(x, t, StateId(y as u8)).is_some() {
                        entered |= 1 << y;
                    }
                }
            }
        }
        through = movement.opening(t).map(|o| o.becomes);
    }
    entered
}

#[cfg(test)]
mod tests {
    use super::standing_rooms;
    use crate::generate::Rng;
    use crate::model::{ItemSet, RoomId};
    use crate::search::{Limits, Workspace};

    /// On random turns of the sub with the sea (rooms 1 to 10 each clear,
    /// low water, high water or fire, a random start), the set holds every
    /// room the full answer ends in, and no other unless the turn starts
    /// in the sea: the pass a sweep makes stops early on all of them.
    #[test]
    fn the_set_holds_every_room_reached_and_seldom_more() {
        let (name, text) = crate::builtin::STANDARD_BOARD;
        let mut board = crate::load::board_from_str(name, text)
            .expect("the standard board loads")
            .value;
        let movement = board.rules.movement(ItemSet::default());
        // The states a sweep varies by default: every room's but the sea's.
        let states = crate::sweep::default_states(&board.rules);
        let sea = (board.rooms.iter())
            .position(|r| !states.contains(&r.state))
            .expect("the sea");
        let (mut rng, mut workspace) = (Rng::new(7), Workspace::new());
        let (mut larger, mut from_the_sea) = (0, 0);
        for n in 0..2_000 {
            for room in board.rooms.iter_mut().filter(|r| states.contains(&r.state)) {
                room.state = states[rng.below(states.len() as u64) as usize];
            }
            let start = rng.below(board.rooms.len() as u64) as usize;
            let set = standing_rooms(&board, &movement, RoomId(start as u32));
            let solution = workspace
                .solve_costs(&board, &movement, RoomId(start as u32), &Limits::default())
                .unwrap_or_else(|e| panic!("turn {n}: {e}"));
            let reached = (solution.outcomes.iter()).fold(0u64, |r, o| r | 1 << o.room.index());
            assert_eq!(
                reached & !set,
                0,
                "turn {n}: a room reached is not in the set"
            );
            if set != reached {
                larger += 1;
                from_the_sea += usize::from(start == sea);
            }
        }
        assert_eq!(larger, from_the_sea, "a set larger than the rooms reached");
        assert!(larger > 0, "no turn started in the sea");
    }
}
