//! The loop of every pass of the small search: states settled cheapest
//! first (then in fewest actions), each one judged against its group, and
//! its steps (opens, opens fused with the move through their hatch, walks)
//! made into candidates and relaxed into the table, unless their leeway or
//! their group rules them out; until no state is left, the budget runs out
//! or the rooms a pass looks for are all reached.
//!
//! The steps are those of the general search's loop (`general.rs`), written
//! for a state in one word (see the top of `small.rs` for why there are two
//! loops).

use std::cell::Cell;

use crate::model::{Board, Cost, HatchId, HatchStateId, Movement, RoomId, StateId};
use crate::outcome::Action;

use super::super::frontier::Frontier;
use super::super::path::{NO_PARENT, Node, may_store, offer};
use super::super::step::{Fusing, actions_in, changes, fused, longest_step, walk_cost};
use super::super::table::{BESIDE, Probe, Table, vec_bytes};
use super::super::{Limits, Stopped, stopped};
use super::dominance::{GroupMemory, Groups};
use super::passes::Pass;
use super::word::{Plan, Word};
use super::{FIRST_STATES, Search};

/// How many states a pass stores between two counts of all the memory it
/// holds: the table of states stops the search at its own budget, and the
/// tables that grow beside it (the groups, the loose hatches) are counted
/// this often, a few bytes of reading each time.
const COUNTED_EVERY: usize = 4096;

/// The bytes of group memory written by a pass that the next keeps for
/// reuse; more is given back.
const RELEASED_ABOVE: usize = 16 << 20;

/// One candidate state to relax: made from `node` (settled at `cost` after
/// `len` actions) by `action`, which costs `step`.
struct Candidate {
    node: u32,
    cost: u32,
    len: u32,
    step: u32,
    action: u32,
}

impl<W: Word> Search<W> {
    /// Searches every state from the start into `self.states` (the
    /// settled ones in `self.settled`), and gives the cheapest step that
    /// `limits.max_cost` cut off. With `COSTS`, this is the costs pass:
    /// every outcome at its least (cost, actions), with hatches through
    /// which no flow can happen opened only to be walked through at once,
    /// so its ways are as cheap as the best but not always the ones the
    /// tie-break picks. Otherwise it finds the tie-break's ways. With
    /// `BOUNDED`, in either pass, no state spends more than its leeway
    /// allows ([`Leeway`](super::leeway::Leeway)). The passes are constants
    /// so that a search with neither (every search without revisits)
    /// carries none of their tests.
    ///
    /// One function of some 230 lines, the setup aside ([`store_start`],
    /// [`Groups::new`]): the steps of a settled state read a dozen values
    /// of it and of the pass (its room and the room's state, the visits,
    /// the exit, its loose hatches, the budget) on the hottest path of the
    /// program. Split into methods of a struct holding them, or into one
    /// method of a struct of the pass's rules, the compiler kept them in
    /// memory rather than in registers: the search took 1 % to 2.6 % more
    /// instructions on 300 standard turns under the rulebook (valgrind).
    pub(super) fn explore<const COSTS: bool, const BOUNDED: bool>(
        &mut self,
        board: &Board,
        plan: &Plan,
        movement: &Movement,
        start: RoomId,
        limits: &Limits,
        frontier: &mut Frontier,
    ) -> Result<Option<Cost>, Stopped> {
        let Search {
            shape,
            states,
            groups,
            loose,
            best,
            ranked,
            settled,
            least,
            pass,
            leeway,
        } = self;
        // What the search holds that this pass does not grow: the memory
        // budget counts it with what the pass does grow.
        let kept = best.held() + vec_bytes(ranked) + vec_bytes(least) + leeway.held();
        let shape = &*shape;
        let pass = *pass;

        let initial = shape.initial(board, plan, start);

        // The costs passes group states by their loose hatches, and a
        // bounded pass reads its leeway through the groups, even where no
        // hatch is dry and each state is its own group.
        let grouped = if COSTS || BOUNDED {
            shape.groups_by_loose()
        } else {
            !shape.dry_fields.is_empty()
        };
        // The table of states makes room for what the groups keep of each
        // state, within what the memory budget leaves beside what the
        // search keeps from before.
        // Beside each state, room for its outcome's key in the table that
        // picks each outcome's best state once the pass is done.
        let outcome_key = std::mem::size_of::<W>() + 4 * std::mem::size_of::<u32>();
        let beside = if grouped {
            BESIDE + outcome_key + Groups::bytes_per_state(shape)
        } else {
            BESIDE + outcome_key
        };
        let room = Limits {
            max_memory: limits.max_memory.saturating_sub(kept + loose.held()),
            ..*limits
        };
        store_start::<W, COSTS>(states, settled, frontier, movement, initial, &room, beside);
        let most = states.most;
        may_store(1, limits, most, 0)?;
        // Group memory beyond a sweep's small solves is given back before
        // the pass: what a vector emptied for reuse has written, the
        // system still counts, while the count below reads what it holds
        // now. Read before the groups are emptied, it is what the last
        // pass wrote.
        if groups.held() > RELEASED_ABOVE {
            *groups = GroupMemory::default();
        }
        let mut groups = grouped.then(|| {
            let any_cost = COSTS && pass == Pass::Outcomes;
            let leeway = BOUNDED.then_some(&*leeway);
            let mut g = Groups::new(shape, movement, groups, loose, COSTS, any_cost, leeway);
            // Without the room, the count below stops the search.
            let _ = g.make_room(most.saturating_add(1));
            let loose = g.loose(initial);
            g.keep(&states.nodes, 0, initial, None, Some(loose));
            g
        });
        let hatch_count = board.hatches.len();
        let max_cost = limits.max_cost.map_or(u32::MAX, |c| c.0);
        // The cheapest step past `max_cost` (`u32::MAX`: none).
        let beyond = Cell::new(u32::MAX);
        // With `Pass::Rooms`, the rooms of the states settled so far.
        let mut seen_rooms = 0u64;
        // When the memory the pass holds is next counted.
        let mut count_at = COUNTED_EVERY;

        while let Some((cost, len, node)) = frontier.pop() {
            let n = states.nodes[node as usize];
            if n.settled || n.cost != cost || n.len != len {
                continue;
            }
            if states.nodes.len() >= count_at {
                count_at = states.nodes.len() + COUNTED_EVERY;
                let held = kept + states.held() + groups.as_ref().map_or(0, Groups::held);
                if held > limits.max_memory {
                    return Err(stopped(states.nodes.len(), cost, true));
                }
            }
            let state = states.keys[node as usize];
            // A state dominated by one its group gained after it is
            // dropped here; a later, cheaper way to it is judged again.
            if let Some(g) = &mut groups
                && g.beaten(
                    g.slot_of(node),
                    &states.nodes,
                    &states.keys,
                    state,
                    cost,
                    len,
                )
            {
                continue;
            }
            // A state's leeway was judged when it was stored at its (cost,
            // len) (`Groups::admits_step`); its steps are judged next.
            if BOUNDED && let Some(g) = &mut groups {
                g.step_from(state);
            }
            states.nodes[node as usize].settled = true;
            settled.push(node);
            if let Some(g) = &mut groups {
                g.settle(node, state, states.nodes[node as usize]);
            }
            let here = shape.position(state);
            if COSTS && let Pass::Rooms(rooms) = pass {
                seen_rooms |= 1 << here;
                if seen_rooms & rooms == rooms {
                    break;
                }
            }
            let here_field = shape.rooms[here];
            let here_state = StateId(here_field.get(state));
            let visited = shape.visits.map(|at| shape.visited(state, at));
            // In the costs pass, the hatches opened only to be walked
            // through at once: those through which no flow can happen.
            let loose_here = match &mut groups {
                Some(g) if COSTS => g.loose_of(node, state),
                _ => W::default(),
            };
            // A step that changes only the position and loose hatches
            // (`same_loose`) leads to a state with the same loose hatches.
            let relax_step = |states: &mut Table<Vec<W>, Node>,
                              groups: &mut Option<Groups<'_, W>>,
                              frontier: &mut Frontier,
                              next: W,
                              step: u32,
                              action: u32,
                              same_loose: bool| {
                let candidate = Candidate {
                    node,
                    cost,
                    len,
                    step,
                    action,
                };
                let known = (COSTS && same_loose).then_some(loose_here);
                relax(
                    states, groups, frontier, limits, most, max_cost, &beyond, next, known,
                    candidate,
                )
            };

            let exit = usize::from(shape.exit.get(state));
            let may_leave = movement.may_leave(here_state);
            // Which opens that change no room are fused with the move
            // through their hatch (see `step::Fusing`).
            let fusing = visited.is_some().then(|| {
                Fusing::new(
                    movement,
                    here_state,
                    may_leave,
                    plan.partners[here],
                    shape.links(here).iter().map(|l| {
                        (
                            HatchId(l.hatch),
                            HatchStateId(l.hatch_field.get(state)),
                            StateId(l.there_field.get(state)),
                        )
                    }),
                )
            });
            // Opening hatches, then moving, as the general search does.
            for (i, l) in shape.links(here).iter().enumerate() {
                let before = HatchStateId(l.hatch_field.get(state));
                let Some(opening) = movement.opening(before) else {
                    continue;
                };
                let there_state = StateId(l.there_field.get(state));
                let flow = movement.flow(here_state, there_state);
                let flows = changes(flow, here_state, there_state);
                let action = Action::Open(HatchId(l.hatch)).rank(hatch_count);
                if COSTS
                    && (l.dry
                        || (l.hatch_field.mask << l.hatch_field.shift) & loose_here != W::default())
                {
                    // Opened only to be walked through at once.
                    let Some(enter) = walk_cost(movement, here_state, opening.becomes, there_state)
                        .filter(|_| may_leave)
                    else {
                        continue;
                    };
                    let walk = Action::Move(RoomId(l.there)).rank(hatch_count);
                    let next =
                        shape.walk(l.hatch_field.set(state, opening.becomes.0), here, l.there);
                    relax_step(
                        states,
                        &mut groups,
                        frontier,
                        next,
                        opening.cost.0.saturating_add(enter.0),
                        fused(action, walk),
                        true,
                    )?;
                    continue;
                }
                let out_of_play = visited.is_some_and(|v| (v >> l.there) & 1 == 1);
                if !flows && (out_of_play || (exit != 0 && exit != i + 1)) {
                    continue;
                }
                let mut next = l.hatch_field.set(state, opening.becomes.0);
                if let Some((a, b)) = flow.filter(|_| flows) {
                    next = l.there_field.set(here_field.set(next, a.0), b.0);
                }
                if visited.is_some() {
                    if !flows {
                        next = shape.exit.set(next, (i + 1) as u8);
                    }
                    if shape.passes(usize::from(before.0))
                        != shape.passes(usize::from(opening.becomes.0))
                    {
                        next = shape.canonical(board, plan, next);
                    } else if l.dry && out_of_play {
                        next = l.hatch_field.set(next, 0);
                    }
                }
                if !flows
                    && let Some(f) = &fusing
                    && f.fuses(movement, HatchId(l.hatch), opening.becomes)
                {
                    let Some(step) = f.cost(movement, opening, there_state) else {
                        continue;
                    };
                    let walk = Action::Move(RoomId(l.there)).rank(hatch_count);
                    let next = shape.walk(next, here, l.there);
                    relax_step(
                        states,
                        &mut groups,
                        frontier,
                        next,
                        step,
                        fused(action, walk),
                        false,
                    )?;
                    continue;
                }
                relax_step(
                    states,
                    &mut groups,
                    frontier,
                    next,
                    opening.cost.0,
                    action,
                    false,
                )?;
            }
            if !may_leave {
                continue;
            }
            for (i, l) in shape.links(here).iter().enumerate() {
                let hatch_state = HatchStateId(l.hatch_field.get(state));
                if visited.is_some_and(|v| (v >> l.there) & 1 == 1) || (exit != 0 && exit != i + 1)
                {
                    continue;
                }
                let there_state = StateId(l.there_field.get(state));
                let Some(step) = walk_cost(movement, here_state, hatch_state, there_state) else {
                    continue;
                };
                let action = Action::Move(RoomId(l.there)).rank(hatch_count);
                let next = shape.walk(state, here, l.there);
                relax_step(states, &mut groups, frontier, next, step.0, action, true)?;
            }
        }

        Ok((beyond.get() < u32::MAX).then_some(Cost(beyond.get())))
    }
}

/// Empties the table and the frontier for a pass, and stores the start,
/// `initial`, in both; the table makes room for `beside` bytes kept
/// outside it for each state.
fn store_start<W: Word, const COSTS: bool>(
    states: &mut Table<Vec<W>, Node>,
    settled: &mut Vec<u32>,
    frontier: &mut Frontier,
    movement: &Movement,
    initial: W,
    limits: &Limits,
    beside: usize,
) {
    states.reset_within(FIRST_STATES, limits, beside);
    settled.clear();
    // In the costs pass an open is fused with its walk: two actions in one step.
    frontier.reset(if COSTS {
        movement.max_step().saturating_mul(2)
    } else {
        longest_step(movement)
    });
    states.find_or_insert(
        initial,
        Node {
            cost: 0,
            len: 0,
            parent: NO_PARENT,
            action: 0,
            settled: false,
        },
    );
    frontier.push(0, 0, 0);
}

/// Stores a candidate state, or improves the stored one (see
/// `path::offer`); `most` is how many states the memory budget allows
/// (`Table::most`).
/// With dominance, a state its group's cheapest dominates is not stored.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn relax<W: Word>(
    states: &mut Table<Vec<W>, Node>,
    groups: &mut Option<Groups<'_, W>>,
    frontier: &mut Frontier,
    limits: &Limits,
    most: usize,
    max_cost: u32,
    beyond: &Cell<u32>,
    next: W,
    known: Option<W>,
    c: Candidate,
) -> Result<(), Stopped> {
    let Some(new_cost) = c.cost.checked_add(c.step).filter(|&x| x <= max_cost) else {
        super::super::path::cut_off(beyond, c.cost, c.step);
        return Ok(());
    };
    let fresh = Node {
        cost: new_cost,
        len: c.len + actions_in(c.action),
        parent: c.node,
        action: c.action,
        settled: false,
    };
    // Without groups (no revisits) a candidate is stored in one look-up,
    // in a branch of its own: sharing the steps below with the grouped
    // case cost the search without revisits 0.7 % more instructions.
    let Some(g) = groups else {
        let found = states.find_or_insert(next, fresh);
        return offer(
            &mut states.nodes,
            frontier,
            found,
            fresh,
            c.cost,
            limits,
            most,
        );
    };
    // Judged before the look-up: most states it drops are new.
    let mut known = known;
    if !g.admits_step(next, fresh.cost, fresh.len, &mut known) {
        return Ok(());
    }
    let beaten = |g: &mut Groups<'_, W>, states: &Table<Vec<W>, Node>, slot| {
        g.beaten(
            slot,
            &states.nodes,
            &states.keys,
            next,
            fresh.cost,
            fresh.len,
        )
    };
    let (found, slot, loose) = match states.probe(next) {
        Probe::Stored(id) => {
            // A state settled, or stored more cheaply, takes nothing from
            // this way (`offer`): no need to judge it against its group.
            let old = states.nodes[id as usize];
            if old.settled || (old.cost, old.len) < (fresh.cost, fresh.len) {
                return Ok(());
            }
            let slot = g.slot_of(id);
            if beaten(g, states, slot) {
                return Ok(());
            }
            ((id, false), slot, None)
        }
        Probe::Vacant(vacant) => {
            let loose = known.unwrap_or_else(|| g.loose(next));
            let slot = g.slot(next, loose);
            if beaten(g, states, slot) {
                return Ok(());
            }
            (
                (states.insert(vacant, next, fresh), true),
                slot,
                Some(loose),
            )
        }
    };
    offer(
        &mut states.nodes,
        frontier,
        found,
        fresh,
        c.cost,
        limits,
        most,
    )?;
    g.keep(&states.nodes, found.0, next, slot, loose);
    Ok(())
}
