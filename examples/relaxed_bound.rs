//! How far a cheap relaxation gets on a generated board: the search with
//! revisits allowed and hatches forgotten once the player leaves their room
//! (its states are the player's room, every room's state, and which hatches
//! of that room were opened since the player came in). Every legal sequence
//! is also a sequence of the relaxation, at the same cost, so its outcomes
//! are a superset of the real ones and its costs are lower bounds.
//!
//! ```text
//! cargo run --release --example relaxed_bound -- grid-64-hw4
//! cargo run --release --example relaxed_bound -- grid-32-hw4 exact
//! ```
//!
//! It prints the relaxed states and outcomes, and how many outcomes have a
//! cheapest relaxed sequence that is legal under the real rules (for those
//! the relaxation alone gives the exact cost). With `exact` it also solves
//! the board exactly and prints how many relaxed outcomes are unreachable
//! and, per outcome, how much the exact cost exceeds the bound. docs/perf-history.md
//! quotes it in "What stands in the way on grids".

#[path = "../benches/common/mod.rs"]
mod common;

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::process::ExitCode;
use std::time::Instant;

use hatchway::model::{HatchStateId, RoomId, StateId};
use hatchway::outcome::Action;
use hatchway::referee;
use hatchway::search::{self, Limits};

/// A relaxed state: room, room states (2 bits each, up to 64 rooms), and
/// which of the room's hatches (by position among its neighbours) were
/// opened since the player came in.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Relaxed {
    room: u32,
    rooms: u128,
    opened: u16,
}

fn room_state(rooms: u128, r: usize) -> StateId {
    StateId(((rooms >> (2 * r)) & 3) as u8)
}

fn with_room_state(rooms: u128, r: usize, s: StateId) -> u128 {
    (rooms & !(3u128 << (2 * r))) | (u128::from(s.0) << (2 * r))
}

/// What the search knows of a relaxed state: cost, actions, and the step
/// that reached it (parent index and action).
struct Known {
    cost: u32,
    len: u32,
    from: Option<(usize, Action)>,
    settled: bool,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(name) = args.get(1) else {
        eprintln!("usage: relaxed_bound SCENARIO [exact]");
        return ExitCode::from(2);
    };
    let Some(g) = common::generated(false)
        .into_iter()
        .chain(common::generated(true))
        .find(|g| &g.name == name)
    else {
        eprintln!("no generated scenario {name}");
        return ExitCode::from(2);
    };
    let p = common::Prepared::new(&g.name, &g.text, &[]);
    let (board, movement, start) = (&p.board, &p.movement, p.start);
    if board.rooms.len() > 64 || movement.room_state_count() > 4 {
        eprintln!("only boards of up to 64 rooms and rules of up to 4 room states");
        return ExitCode::from(2);
    }
    let began = Instant::now();
    let initial = Relaxed {
        room: start.0,
        rooms: board
            .rooms
            .iter()
            .enumerate()
            .fold(0, |s, (i, r)| with_room_state(s, i, r.state)),
        opened: 0,
    };
    let mut index: HashMap<Relaxed, usize> = HashMap::from([(initial, 0)]);
    let mut states = vec![initial];
    let mut known = vec![Known {
        cost: 0,
        len: 0,
        from: None,
        settled: false,
    }];
    let mut queue = BinaryHeap::from([Reverse((0u32, 0u32, 0usize))]);
    while let Some(Reverse((cost, len, id))) = queue.pop() {
        if known[id].settled || (known[id].cost, known[id].len) != (cost, len) {
            continue;
        }
        known[id].settled = true;
        let s = states[id];
        let here = RoomId(s.room);
        let here_state = room_state(s.rooms, here.index());
        let mut next: Vec<(Relaxed, u32, Action)> = Vec::new();
        for (i, &(h, there)) in board.neighbours(here).iter().enumerate() {
            let bit = 1u16 << i;
            let hatch = board.hatches[h.index()].state;
            let through: HatchStateId = if s.opened & bit != 0 {
                movement.opening(hatch).map_or(hatch, |o| o.becomes)
            } else {
                hatch
            };
            if let Some(o) = movement.opening(hatch) {
                let there_state = room_state(s.rooms, there.index());
                let flow = movement
                    .flow(here_state, there_state)
                    .filter(|&f| f != (here_state, there_state));
                if s.opened & bit == 0 || flow.is_some() {
                    let rooms = flow.map_or(s.rooms, |(a, b)| {
                        with_room_state(with_room_state(s.rooms, here.index(), a), there.index(), b)
                    });
                    let opened = s.opened | bit;
                    let to = Relaxed { rooms, opened, ..s };
                    next.push((to, o.cost.0, Action::Open(h)));
                }
            }
            if movement.may_leave(here_state)
                && movement.walk_through(through)
                && let Some(step) =
                    movement.enter(here_state, through, room_state(s.rooms, there.index()))
            {
                let to = Relaxed {
                    room: there.0,
                    rooms: s.rooms,
                    opened: 0,
                };
                next.push((to, step.0, Action::Move(there)));
            }
        }
        for (to, step, action) in next {
            let (cost, len) = (cost + step, len + 1);
            let to_id = *index.entry(to).or_insert_with(|| {
                states.push(to);
                known.push(Known {
                    cost: u32::MAX,
                    len: u32::MAX,
                    from: None,
                    settled: false,
                });
                states.len() - 1
            });
            let k = &mut known[to_id];
            if !k.settled && (cost, len) < (k.cost, k.len) {
                *k = Known {
                    cost,
                    len,
                    from: Some((id, action)),
                    settled: false,
                };
                queue.push(Reverse((cost, len, to_id)));
            }
        }
    }
    let took = began.elapsed();
    // The cheapest relaxed state of each outcome (room and room states).
    let mut best: HashMap<(u32, u128), usize> = HashMap::new();
    for (id, s) in states.iter().enumerate() {
        let slot = best.entry((s.room, s.rooms)).or_insert(id);
        if (known[id].cost, known[id].len) < (known[*slot].cost, known[*slot].len) {
            *slot = id;
        }
    }
    let legal = best
        .values()
        .filter(|&&id| {
            let mut actions = Vec::new();
            let mut at = id;
            while let Some((parent, action)) = known[at].from {
                actions.push(action);
                at = parent;
            }
            actions.reverse();
            referee::replay(board, movement, start, &actions)
                .is_ok_and(|(_, steps)| steps.last().map_or(0, |s| s.total.0) == known[id].cost)
        })
        .count();
    println!(
        "{name}: relaxation: {} states, {} outcomes in {took:.2?}; {legal} of them have a legal cheapest relaxed sequence",
        states.len(),
        best.len()
    );
    if args.get(2).map(String::as_str) != Some("exact") {
        return ExitCode::SUCCESS;
    }
    let solution = match search::solve(board, movement, start, &Limits::default()) {
        Ok(s) => s,
        Err(e) => {
            println!("exact search: {e}");
            return ExitCode::from(3);
        }
    };
    let mut excess: BTreeMap<u32, usize> = BTreeMap::new();
    for o in &solution.outcomes {
        let rooms = o
            .rooms
            .iter()
            .enumerate()
            .fold(0, |s, (i, &r)| with_room_state(s, i, r));
        match best.get(&(o.room.0, rooms)) {
            Some(&id) => *excess.entry(o.cost.0 - known[id].cost).or_default() += 1,
            None => {
                println!("an exact outcome the relaxation lacks: the relaxation is wrong");
                return ExitCode::FAILURE;
            }
        }
    }
    println!(
        "exact: {} states, {} outcomes; {} relaxed outcomes are unreachable; exact cost minus bound: {excess:?}",
        solution.states,
        solution.outcomes.len(),
        best.len() - solution.outcomes.len()
    );
    ExitCode::SUCCESS
}
