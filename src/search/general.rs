//! The general full search, whose states are any number of machine words:
//! used when a state does not fit in 128 bits, and always by
//! [`solve_exhaustive`](super::solve_exhaustive), the reference the tests
//! hold the two faster searches to.

use crate::model::{Board, Cost, HatchStateId, Movement, RoomId, StateId};
use crate::outcome::Action;

use super::canon::Canon;
use super::frontier::Frontier;
use super::outcomes::{Writer, answer_fits};
use super::packing::Layout;
use super::path::{NO_PARENT, Node, better_way, may_store, offer, write_actions};
use super::step::{Fusing, actions_in, changes, fused, longest_step, walk_cost};
use super::table::{BESIDE, Table, Words};
use super::{Limits, Stopped, Workspace};

/// The states a store is first made for (it grows as needed).
const FIRST_STATES: usize = 512;

/// Solves a turn into `workspace` with the general search.
pub(super) fn solve(
    workspace: &mut Workspace,
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
) -> Result<(), Stopped> {
    let layout = Layout::new(board, movement);
    let Full {
        store,
        frontier,
        settled: settled_order,
        scratch,
    } = &mut workspace.full;
    store.keys.stride = layout.words;
    // Beside each state, room for its outcome's key in the table that
    // picks each outcome's best state once the search is done.
    let outcome_key = layout.words * std::mem::size_of::<u64>() + 4 * std::mem::size_of::<u32>();
    store.reset_within(FIRST_STATES, limits, BESIDE + outcome_key);
    scratch.clear();
    scratch.resize(layout.words, 0);
    let initial = &mut *scratch;
    layout.position.set(initial, u64::from(start.0));
    for (f, room) in layout.rooms.iter().zip(&board.rooms) {
        f.set(initial, u64::from(room.state.0));
    }
    for (f, hatch) in layout.hatches.iter().zip(&board.hatches) {
        f.set(initial, u64::from(hatch.state.0));
    }
    if let Some(v) = &layout.visited {
        v[start.index()].set(initial, 1);
    }
    let mut canon = Canon::new(board, movement);
    canon.apply(board, &layout, initial);

    frontier.reset(longest_step(movement));
    let root = Node {
        cost: 0,
        len: 0,
        parent: NO_PARENT,
        action: 0,
        settled: false,
    };
    may_store(1, limits, store.most, 0)?;
    store.find_or_insert(initial, root);
    frontier.push(0, 0, 0);
    settled_order.clear();
    let (states, beyond) = workspace
        .full
        .settle(board, movement, limits, &layout, &mut canon)?;
    collect_outcomes(workspace, board, &layout, limits)?;
    workspace.solution.states = states;
    workspace.solution.beyond = (beyond < u32::MAX).then_some(Cost(beyond));
    Ok(())
}

/// The best settled state of every outcome of the general search, turned
/// into [`Outcome`](crate::outcome::Outcome)s in the workspace's solution.
fn collect_outcomes(
    workspace: &mut Workspace,
    board: &Board,
    layout: &Layout,
    limits: &Limits,
) -> Result<(), Stopped> {
    // Outcome keys (position and room states) in an arena table like the
    // states themselves, with the best node of each.
    let Workspace {
        full: Full { store, settled, .. },
        best,
        key,
        solution,
        spare,
        ..
    } = workspace;
    best.reset(settled.len());
    best.keys.stride = layout.words;
    key.clear();
    key.resize(layout.words, 0);
    for &node in settled.iter() {
        for ((k, w), m) in key
            .iter_mut()
            .zip(store.keys.state(node))
            .zip(&layout.outcome_mask)
        {
            *k = w & m;
        }
        let (slot, inserted) = best.find_or_insert(key, node);
        if inserted {
            continue;
        }
        if better_way(&store.nodes, node, best.nodes[slot as usize]) {
            best.nodes[slot as usize] = node;
        }
    }
    let sizes = || {
        (best.nodes.iter()).map(|&n| (store.nodes[n as usize].cost, store.nodes[n as usize].len))
    };
    let held = store.held() + best.held();
    let counts = (board.rooms.len(), store.nodes.len());
    // Ordered only when it may not fit: most answers are checked in one
    // pass over the outcomes.
    if answer_fits(limits, held, counts, sizes()).is_err() {
        let mut ordered: Vec<(u32, u32)> = sizes().collect();
        ordered.sort_unstable();
        let held = held + ordered.len() * std::mem::size_of::<(u32, u32)>();
        answer_fits(limits, held, counts, ordered.into_iter())?;
    }
    let hatch_count = board.hatches.len();
    let mut writer = Writer::new(&mut solution.outcomes, spare);
    for &node in &best.nodes {
        let state = store.keys.state(node);
        let room = RoomId(layout.position.get(state) as u32);
        let cost = Cost(store.nodes[node as usize].cost);
        let outcome = writer.push(room, cost);
        outcome
            .rooms
            .extend(layout.rooms.iter().map(|f| StateId(f.get(state) as u8)));
        write_actions(&store.nodes, node, hatch_count, &mut outcome.actions);
    }
    writer
        .finish()
        .sort_unstable_by(|a, b| (a.cost, a.room, &a.rooms).cmp(&(b.cost, b.room, &b.rooms)));
    Ok(())
}

/// The memory of the full search.
#[derive(Default)]
pub(super) struct Full {
    pub(super) store: Table<Words, Node>,
    pub(super) frontier: Frontier,
    /// Nodes in the order they were settled.
    pub(super) settled: Vec<u32>,
    pub(super) scratch: Vec<u64>,
}

impl Full {
    /// The bytes it has room for.
    pub(super) fn room(&self) -> usize {
        use super::table::vec_room;
        self.store.room() + self.frontier.room() + vec_room(&self.settled) + vec_room(&self.scratch)
    }

    /// Settles every state reachable from those in the store, in order of
    /// (cost, actions); returns how many states were stored, and the
    /// cheapest step past the cost bound (`u32::MAX`: none).
    ///
    /// One function of some 160 lines: the general search's loop, whose
    /// frontier, table, canonical form and the state being expanded every
    /// step reads. Kept whole as the small search's loop is
    /// (`small/explore.rs` says what splitting that one cost); splitting
    /// this one has not been measured.
    pub(super) fn settle(
        &mut self,
        board: &Board,
        movement: &Movement,
        limits: &Limits,
        layout: &Layout,
        canon: &mut Canon,
    ) -> Result<(usize, u32), Stopped> {
        let Full {
            store,
            frontier,
            settled: settled_order,
            scratch,
        } = self;
        let hatch_count = board.hatches.len();
        let max_cost = limits.max_cost.map_or(u32::MAX, |c| c.0);
        // The cheapest step past `max_cost` (`u32::MAX`: none).
        let beyond = std::cell::Cell::new(u32::MAX);
        let most = store.most;

        while let Some((cost, len, node)) = frontier.pop() {
            let n = store.nodes[node as usize];
            if n.settled || n.cost != cost || n.len != len {
                continue;
            }
            store.nodes[node as usize].settled = true;
            settled_order.push(node);

            let here = RoomId(layout.position.get(store.keys.state(node)) as u32);
            let mut relax = |store: &mut Table<Words, Node>,
                             words: &[u64],
                             step: u32,
                             action: u32|
             -> Result<(), Stopped> {
                let Some(new_cost) = cost.checked_add(step).filter(|&c| c <= max_cost) else {
                    super::path::cut_off(&beyond, cost, step);
                    return Ok(());
                };
                let fresh = Node {
                    cost: new_cost,
                    len: len + actions_in(action),
                    parent: node,
                    action,
                    settled: false,
                };
                let found = store.find_or_insert(words, fresh);
                offer(&mut store.nodes, frontier, found, fresh, cost, limits, most)
            };

            let here_state = StateId(layout.rooms[here.index()].get(store.keys.state(node)) as u8);
            let may_leave = movement.may_leave(here_state);
            // Opening hatches, then moving: the order does not matter for the
            // result (ties are settled by path comparison), only for speed.
            let exit = layout
                .exit
                .map_or(0, |f| f.get(store.keys.state(node)) as usize);
            let fusing = layout.exit.is_some().then(|| {
                let state = store.keys.state(node);
                Fusing::new(
                    movement,
                    here_state,
                    may_leave,
                    canon.partners[here.index()],
                    board.neighbours(here).iter().map(|&(h, there)| {
                        (
                            h,
                            HatchStateId(layout.hatches[h.index()].get(state) as u8),
                            StateId(layout.rooms[there.index()].get(state) as u8),
                        )
                    }),
                )
            });
            for (i, &(hatch, there)) in board.neighbours(here).iter().enumerate() {
                let state = store.keys.state(node);
                let there_field = layout.rooms[there.index()];
                let there_state = StateId(there_field.get(state) as u8);
                let flow = movement.flow(here_state, there_state);
                let dull = !changes(flow, here_state, there_state);
                if dull
                    && let Some(v) = &layout.visited
                    && (v[there.index()].get(state) == 1 || (exit != 0 && exit != i + 1))
                {
                    continue;
                }
                let hf = layout.hatches[hatch.index()];
                let hatch_state = HatchStateId(hf.get(state) as u8);
                let Some(opening) = movement.opening(hatch_state) else {
                    continue;
                };
                scratch.copy_from_slice(state);
                hf.set(scratch, u64::from(opening.becomes.0));
                if dull && let Some(f) = layout.exit {
                    f.set(scratch, (i + 1) as u64);
                }
                if let Some((a, b)) = flow {
                    layout.rooms[here.index()].set(scratch, u64::from(a.0));
                    there_field.set(scratch, u64::from(b.0));
                }
                let action = Action::Open(hatch).rank(hatch_count);
                canon.after_open(
                    board,
                    layout,
                    hatch,
                    there,
                    hatch_state,
                    opening.becomes,
                    scratch,
                );
                if dull
                    && let Some(f) = &fusing
                    && f.fuses(movement, hatch, opening.becomes)
                {
                    let Some(step) = f.cost(movement, opening, there_state) else {
                        continue;
                    };
                    walk(board, layout, canon, scratch, here, there);
                    let walk_action = Action::Move(there).rank(hatch_count);
                    relax(store, scratch, step, fused(action, walk_action))?;
                    continue;
                }
                relax(store, scratch, opening.cost.0, action)?;
            }
            if may_leave {
                for (i, &(hatch, there)) in board.neighbours(here).iter().enumerate() {
                    let state = store.keys.state(node);
                    let hatch_state = HatchStateId(layout.hatches[hatch.index()].get(state) as u8);
                    if exit != 0 && exit != i + 1 {
                        continue;
                    }
                    if let Some(v) = &layout.visited
                        && v[there.index()].get(state) == 1
                    {
                        continue;
                    }
                    let there_state = StateId(layout.rooms[there.index()].get(state) as u8);
                    let Some(step) = walk_cost(movement, here_state, hatch_state, there_state)
                    else {
                        continue;
                    };
                    scratch.copy_from_slice(state);
                    walk(board, layout, canon, scratch, here, there);
                    let action = Action::Move(there).rank(hatch_count);
                    relax(store, scratch, step.0, action)?;
                }
            }
        }

        Ok((store.nodes.len(), beyond.get()))
    }
}

/// Moves the player of the (general) state `words` into `there`, through a
/// hatch they may walk through, and makes the state canonical again.
pub(super) fn walk(
    board: &Board,
    layout: &Layout,
    canon: &mut Canon,
    words: &mut [u64],
    from: RoomId,
    there: RoomId,
) {
    layout.position.set(words, u64::from(there.0));
    if let Some(f) = layout.exit {
        f.set(words, 0);
    }
    if let Some(v) = &layout.visited {
        v[there.index()].set(words, 1);
    }
    canon.after_move(board, layout, from, words);
}
