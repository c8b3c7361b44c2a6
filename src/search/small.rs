//! The full search on small ships: the same search states, canonical forms,
//! pruning, order and tie-break as the general search in `search.rs`, with a
//! whole state in one machine word (position, room states, hatch states,
//! visits, exit), a `u64` when it fits and a `u128` otherwise, so that
//! making, hashing and comparing a state are a few instructions.
//!
//! Only rooms and hatches whose state can change this turn take bits (a
//! room out of reach of any flow, a hatch that cannot be opened, is always
//! what the board says), so the standard board with some water in it fits
//! in 64 bits. Besides the width, two things make it cheaper:
//!
//! - when no open can change whether a hatch can be walked through (true of
//!   every shipped rules file), the rooms reachable from each room are bit
//!   masks fixed for the whole solve, so the rooms still in play are a
//!   flood fill over bits;
//! - after a move, only hatches of the rooms that just left play can need
//!   forgetting: every stored state is already canonical;
//! - when rooms may be entered again, a state that the cheapest state of
//!   its group (equal but for dry hatches) can beat at whatever it does is
//!   dropped ([`Groups`], docs/SEARCH.md "Dominance"), so this search may
//!   store fewer states than the general one;
//! - when rooms may be entered again, a cheaper search for the costs alone
//!   comes first, and a search of a smaller ship bounds what each state of
//!   the search for the paths may have spent ([`Search::explore`],
//!   `leeway.rs`, docs/SEARCH.md "Costs first").
//!
//! Why this search has its own expansion loop beside the one of
//! `general.rs`: the decisions both loops make are shared (`step.rs`: which
//! opens are worth making, which are fused with the move, what a walk
//! costs; `path.rs`: how a candidate is offered to a stored state; the
//! table and the frontier), but reading and rebuilding a state is not. Here
//! a state is a value, edited in registers and made canonical with room
//! masks fixed for the whole solve; there it is a run of words in a scratch
//! buffer that `Canon` repairs in place. One loop over both would put a
//! trait over the two forms on the hottest path of the program, so there
//! are two loops, held to each other by the tests instead.
//!
//! The general search is the reference: `tests/suite/exactness.rs` checks that
//! both store the same number of states and give the same outcomes.

use std::cell::Cell;

use crate::model::{Board, Cost, HatchId, HatchStateId, Movement, RoomId, StateId};
use crate::outcome::Action;

use super::flows::{flow_results, partners};
use super::frontier::Frontier;
use super::packing::{bits_for, exit_bits};
use super::path::{NO_PARENT, Node, may_store, offer};
use super::step::{Fusing, actions_in, changes, fused, longest_step, walk_cost};
use super::table::{Probe, Table, state_bytes};
use super::{Limits, Stopped, Want, Workspace};

mod answer;
mod leeway;
mod passes;
mod word;

use answer::Answer;
use leeway::Leeway;
use passes::Pass;
use word::{Field, Plan, Word, put};

/// Whether a hatch in state `u` serves the player at least as well as one
/// in state `t`: `u` is `t`, or comes after it along the chain of opens
/// with no state from `t` on before it that can be walked through.
/// Whatever can be done with the hatch from `t` can then be done from `u`,
/// skipping opens.
fn serves(movement: &Movement, u: HatchStateId, t: HatchStateId) -> bool {
    let mut at = t;
    for _ in 0..=movement.hatch_state_count() {
        if at == u {
            return true;
        }
        if movement.walk_through(at) {
            return false;
        }
        let Some(o) = movement.opening(at) else {
            return false;
        };
        at = o.becomes;
    }
    false
}

/// A hatch seen from one of its rooms.
#[derive(Clone, Copy)]
struct Link<W> {
    hatch: u32,
    there: u32,
    hatch_field: Field<W>,
    there_field: Field<W>,
    /// Whether no flow can ever happen through this hatch this turn.
    dry: bool,
}

/// Where each part of a state lives in its word, and what the solve needs
/// to know of the board in bit form.
#[derive(Default)]
struct Shape<W> {
    position_mask: W,
    rooms: Vec<Field<W>>,
    /// The rooms whose state can change, with their fields.
    changing: Vec<(usize, Field<W>)>,
    /// Where the changing rooms' fields start: they are laid out last room
    /// first, so that the bits from here on, read as a number, order room
    /// states as the outcomes are ordered (first room first).
    rooms_shift: u32,
    /// The bits of all changing rooms' fields, from `rooms_shift` on.
    rooms_mask: W,
    hatches: Vec<Field<W>>,
    /// Bit offset of the visits, one bit per room; `None` with revisits.
    visits: Option<u32>,
    /// The exit, when revisits are forbidden (see [`exit_bits`]).
    exit: Field<W>,
    room_count_mask: u64,
    outcome_mask: W,
    /// Each room's hatches, in board order, as `links[first[r]..first[r + 1]]`.
    first: Vec<usize>,
    links: Vec<Link<W>>,
    /// Per room, the bits of its dry hatches' fields: forgotten as soon as
    /// the room leaves play.
    dry_bits: Vec<W>,
    /// Per room, its other hatches that can change, as (room behind, bits
    /// of the hatch's field), in `wet[wet_first[r]..wet_first[r + 1]]`:
    /// forgotten when both rooms are out of play.
    wet: Vec<(u32, W)>,
    wet_first: Vec<usize>,
    /// Whether no open changes whether a hatch can be walked through (now
    /// or after more opens).
    stable: bool,
    /// When `stable`, per room, the rooms behind hatches that can be (or be
    /// opened into a state that can be) walked through.
    passable: Vec<u64>,
    /// Per hatch state, [`Movement::passable`].
    can_pass: Vec<bool>,
    /// With revisits, the fields of the dry hatches whose state can
    /// change: states equal but for them are one group, and one may
    /// dominate another (see [`Shape::catches_up`]). Empty when revisits are
    /// forbidden.
    dry_fields: Vec<Field<W>>,
    /// The bits of `dry_fields`: a state without them is its group.
    dry_mask: W,
    /// The bits of every changing room's field.
    room_bits: W,
    /// Each hatch that is not dry and whose state can change, with the
    /// bits of its two rooms' fields (the rooms an open of it may flood)
    /// and the two rooms.
    wet_rooms: Vec<(Field<W>, W, [usize; 2])>,
    /// With revisits, the lowest bit of the field of every hatch whose
    /// state can change.
    hatch_lows: W,
    /// The bits of those fields.
    hatch_field_bits: W,
    /// How many bits a hatch's field takes.
    hatch_width: u32,
    /// Per pair of different states a changing hatch can be in, `(s, t)`,
    /// unless a hatch in `s` already serves as well as one in `t`: the
    /// minutes and opens that take it from `s` to a state that does,
    /// `None` when no opens do ([`Shape::catches_up`]).
    catch_ups: Vec<CatchUp<W>>,
}

/// What it takes to bring a hatch in state `from` up to one that serves
/// the player at least as well as state `to` ([`serves`]).
#[derive(Clone, Copy)]
struct CatchUp<W> {
    /// `from` in every changing hatch's field ([`Shape::holding`]).
    from: W,
    /// `to` in every changing hatch's field.
    to: W,
    /// The minutes and opens; `None` when no opens do it.
    cost: Option<(u32, u32)>,
}

/// The states a table is first made for: it is cleared in a few
/// instructions, and grows as needed (most small solves store a few hundred
/// states).
const FIRST_STATES: usize = 128;

/// The memory of the small search, kept between solves.
#[derive(Default)]
pub struct Space {
    plan: Plan,
    narrow: Search<u64>,
    wide: Search<u128>,
}

/// The memory of the search for one word width.
struct Search<W> {
    shape: Shape<W>,
    states: Table<Vec<W>, Node>,
    /// With dominance, the cheapest stored state of each group (a state
    /// without its dry hatches).
    groups: Table<Vec<W>, Group<W>>,
    /// [`Shape::loose`] by state without position and dry hatches.
    loose: Table<Vec<W>, W>,
    /// Per stored state, the slot of its group in `groups`.
    group_of: Vec<u32>,
    /// [`Shape::wants`] of the state the costs pass judges.
    wants: Vec<W>,
    /// [`Shape::offers`] of each state in `prior`, one after the other.
    offers: Vec<W>,
    /// The settled states of every group, in the order they were settled,
    /// each linked to the one of its group settled before it: each group's
    /// newest first from [`Group::last_settled`].
    prior: Vec<Settled>,
    best: Table<Vec<W>, u32>,
    /// The best node of each outcome, with what orders the outcomes.
    ranked: Vec<(u32, u32, W, u32)>,
    settled: Vec<u32>,
    /// Each outcome's least (cost, actions) that the costs pass settled,
    /// by its state's outcome bits (room and room states).
    least: Vec<(W, (u32, u32))>,
    /// What the next costs pass is made for.
    pass: Pass,
    /// What each state of the costs and paths passes may have spent,
    /// worked out before each.
    leeway: Leeway<W>,
}

impl<W: Default> Default for Search<W> {
    fn default() -> Self {
        Search {
            shape: Shape::default(),
            states: Table::default(),
            groups: Table::default(),
            loose: Table::default(),
            group_of: Vec::new(),
            wants: Vec::new(),
            offers: Vec::new(),
            prior: Vec::new(),
            best: Table::default(),
            ranked: Vec::new(),
            settled: Vec::new(),
            least: Vec::new(),
            pass: Pass::Costs,
            leeway: Leeway::default(),
        }
    }
}

impl<W: Word> Shape<W> {
    /// Lays out the fields for this board, rules and plan.
    fn build(&mut self, board: &Board, movement: &Movement, plan: &Plan) {
        let rooms = board.rooms.len();
        let mut next = bits_for(rooms);
        self.position_mask = W::from((1u64 << next) - 1);
        self.outcome_mask = self.position_mask;
        let room_bits = bits_for(movement.room_state_count());
        self.rooms_shift = next;
        self.rooms_mask = W::default();
        self.rooms.clear();
        self.rooms
            .resize(rooms, Field::place(&mut next, false, room_bits, 0));
        self.changing.clear();
        for (r, room) in board.rooms.iter().enumerate().rev() {
            let f = Field::place(&mut next, plan.room_changes(r), room_bits, room.state.0);
            self.rooms[r] = f;
            if f.mask != W::default() {
                self.changing.push((r, f));
                self.rooms_mask = self.rooms_mask | f.mask << (f.shift - self.rooms_shift);
                self.outcome_mask = self.outcome_mask | f.mask << f.shift;
            }
        }
        // Outcomes are read room by room, first room first.
        self.changing.reverse();
        let hatch_bits = bits_for(movement.hatch_state_count());
        self.hatches.clear();
        for (h, hatch) in board.hatches.iter().enumerate() {
            self.hatches.push(Field::place(
                &mut next,
                Plan::hatch_changes(board, movement, h),
                hatch_bits,
                hatch.state.0,
            ));
        }
        self.visits = (!movement.revisit()).then_some(next);
        self.exit = if movement.revisit() {
            Field::default()
        } else {
            next += rooms as u32;
            Field::place(&mut next, true, exit_bits(board), 0)
        };
        self.room_count_mask = if rooms == 64 {
            u64::MAX
        } else {
            (1u64 << rooms) - 1
        };
        self.can_pass.clear();
        self.can_pass.extend(
            (0..movement.hatch_state_count()).map(|h| movement.passable(HatchStateId(h as u8))),
        );
        // Whether an open can change a hatch between "can be walked
        // through" and "cannot".
        self.stable = (0..movement.hatch_state_count()).all(|h| {
            movement
                .opening(HatchStateId(h as u8))
                .is_none_or(|o| self.can_pass.get(h) == self.can_pass.get(usize::from(o.becomes.0)))
        });
        self.first.clear();
        self.links.clear();
        self.dry_bits.clear();
        self.wet.clear();
        self.wet_first.clear();
        self.passable.clear();
        for r in 0..rooms {
            self.first.push(self.links.len());
            self.wet_first.push(self.wet.len());
            let mut dry_bits = W::default();
            let mut passable = 0u64;
            for &(h, there) in board.neighbours(RoomId(r as u32)) {
                let field = self.hatches[h.index()];
                let bits = field.mask << field.shift;
                let dry = plan.dry[h.index()];
                if dry {
                    dry_bits = dry_bits | bits;
                } else if bits != W::default() {
                    self.wet.push((there.0, bits));
                }
                if self.passes(usize::from(board.hatch(h).state.0)) {
                    passable |= 1 << there.0;
                }
                self.links.push(Link {
                    hatch: h.0,
                    there: there.0,
                    hatch_field: field,
                    there_field: self.rooms[there.index()],
                    dry,
                });
            }
            self.dry_bits.push(dry_bits);
            if self.stable {
                self.passable.push(passable);
            }
        }
        self.first.push(self.links.len());
        self.wet_first.push(self.wet.len());

        self.dry_fields.clear();
        self.dry_mask = W::default();
        if movement.revisit() {
            for (field, &dry) in self.hatches.iter().zip(&plan.dry) {
                if dry && field.mask != W::default() {
                    self.dry_fields.push(*field);
                    self.dry_mask = self.dry_mask | field.mask << field.shift;
                }
            }
        }
        self.room_bits = self.rooms_mask << self.rooms_shift;
        self.wet_rooms.clear();
        self.hatch_lows = W::default();
        self.hatch_field_bits = W::default();
        self.hatch_width = bits_for(movement.hatch_state_count());
        self.catch_ups.clear();
        // What dominance and the costs pass read: without revisits there
        // are neither.
        if !movement.revisit() {
            return;
        }
        // The states a changing hatch can be in: its first one, then
        // along its chain of opens.
        let n = movement.hatch_state_count();
        let mut held = vec![false; n];
        for ((field, hatch), &dry) in self.hatches.iter().zip(&board.hatches).zip(&plan.dry) {
            if field.mask == W::default() {
                continue;
            }
            self.hatch_lows = self.hatch_lows | put(1, field.shift);
            self.hatch_field_bits = self.hatch_field_bits | field.mask << field.shift;
            let mut at = Some(hatch.state);
            while let Some(state) = at.filter(|s| held.get(usize::from(s.0)) == Some(&false)) {
                held[usize::from(state.0)] = true;
                at = movement.opening(state).map(|o| o.becomes);
            }
            if !dry {
                let [a, b] = hatch.rooms.map(|r| self.rooms[r.index()]);
                self.wet_rooms.push((
                    *field,
                    a.mask << a.shift | b.mask << b.shift,
                    hatch.rooms.map(|r| r.index()),
                ));
            }
        }
        // State `v` in every changing hatch's field: its bits, each
        // placed over the fields' lowest.
        let every = |v: usize| {
            (0..self.hatch_width)
                .filter(|bit| (v >> bit) & 1 == 1)
                .fold(W::default(), |all, bit| all | self.hatch_lows << bit)
        };
        for s in (0..n).filter(|&s| held[s]) {
            for t in (0..n).filter(|&t| t != s && held[t]) {
                // Opens from `s` until the state serves as well as `t`.
                let (mut at, mut minutes, mut opens) = (HatchStateId(s as u8), 0u32, 0u32);
                let mut cost = None;
                for _ in 0..=n {
                    if serves(movement, at, HatchStateId(t as u8)) {
                        cost = Some((minutes, opens));
                        break;
                    }
                    let Some(o) = movement.opening(at) else {
                        break;
                    };
                    minutes = minutes.saturating_add(o.cost.0);
                    opens += 1;
                    at = o.becomes;
                }
                if cost != Some((0, 0)) {
                    self.catch_ups.push(CatchUp {
                        from: every(s),
                        to: every(t),
                        cost,
                    });
                }
            }
        }
    }

    /// Whether a state `l`, reached at (cost, actions) `reached`, can do
    /// whatever can be done from a state `m` of the same group (equal but
    /// for dry or loose hatches) at no more than `most`: `reached` plus the
    /// minutes and actions of the opens that bring each of `l`'s hatches up
    /// to `m`'s, each made just before the hatch is first used
    /// (docs/SEARCH.md, "Dominance"), below `most`, or equal to it with
    /// `ties`. `behind` gives, per catch-up, the hatches `l` holds in its
    /// `from` state and `m` in its `to` state ([`Shape::offers`] of `l`
    /// and [`Shape::wants`] of `m`). False when some hatch of `l` cannot be
    /// brought up to `m`'s. The sum only grows, so it stops as soon as it is
    /// past `most`: most states compared are.
    #[inline(always)]
    fn catches_up(
        &self,
        behind: impl Iterator<Item = W>,
        reached: (u32, u32),
        most: (u32, u32),
        ties: bool,
    ) -> bool {
        let past = |total: (u32, u32)| total > most || (!ties && total == most);
        let mut total = reached;
        if past(total) {
            return false;
        }
        for (c, both) in self.catch_ups.iter().zip(behind) {
            if both == W::default() {
                continue;
            }
            let count = both.ones();
            let Some((minutes, opens)) = c.cost else {
                return false;
            };
            total = (
                total.0.saturating_add(minutes.saturating_mul(count)),
                total.1.saturating_add(opens.saturating_mul(count)),
            );
            if past(total) {
                return false;
            }
        }
        true
    }

    /// Per catch-up, the hatches of `m` in its `to` state, into `wants`:
    /// what [`Shape::catches_up`] measures the states compared with `m`
    /// against, worked out once for all of them.
    #[inline]
    fn wants(&self, m: W, wants: &mut Vec<W>) {
        wants.clear();
        wants.extend(self.catch_ups.iter().map(|c| self.holding(m, c.to)));
    }

    /// Per catch-up, the hatches of `l` in its `from` state, onto the end
    /// of `offers`: what [`Shape::catches_up`] reads of `l`, worked out
    /// once when it is settled.
    #[inline]
    fn offers(&self, l: W, offers: &mut Vec<W>) {
        offers.extend(self.catch_ups.iter().map(|c| self.holding(l, c.from)));
    }

    /// The lowest bit of each changing hatch's field that holds in `state`
    /// what it holds in `every`: the bits that differ, folded onto each
    /// field's lowest.
    #[inline(always)]
    fn holding(&self, state: W, every: W) -> W {
        let unlike = state ^ every;
        let mut folded = unlike;
        for bit in 1..self.hatch_width {
            folded = folded | unlike >> bit;
        }
        self.hatch_lows & !folded
    }

    /// The bits of the hatches of `state` through which no flow can happen
    /// any more this turn: the dry ones, and the wet ones that cannot be
    /// opened again or whose rooms, from their states now, can reach no
    /// pair of states that flows (grown as `flow_plan` grows them from the
    /// first state, through the wet hatches that can still be opened).
    fn loose(&self, movement: &Movement, state: W) -> W {
        let mut possible = [0u32; 64];
        for (r, f) in self.rooms.iter().enumerate() {
            possible[r] = 1 << f.get(state);
        }
        let openable = |field: Field<W>| movement.opening(HatchStateId(field.get(state))).is_some();
        // A handful of wet hatches: looked at again, all of them, until
        // no room gains a state.
        loop {
            let mut grown = false;
            for &(field, _, [a, b]) in &self.wet_rooms {
                if !openable(field) {
                    continue;
                }
                let (add_a, add_b) = flow_results(movement, possible[a], possible[b]);
                grown |= add_a & !possible[a] != 0 || add_b & !possible[b] != 0;
                possible[a] |= add_a;
                possible[b] |= add_b;
            }
            if !grown {
                break;
            }
        }
        let mut loose = self.dry_mask;
        for &(field, _, [a, b]) in &self.wet_rooms {
            if !openable(field) || partners(movement, possible[a]) & possible[b] == 0 {
                loose = loose | field.mask << field.shift;
            }
        }
        loose
    }

    /// [`Shape::loose`] of `state`, worked out once for its rooms and wet
    /// hatches and kept in `known`.
    #[inline]
    fn loose_in(&self, known: &mut Table<Vec<W>, W>, movement: &Movement, state: W) -> W {
        let key = self.rooms_and_wet_hatches(state);
        let (id, fresh) = known.find_or_insert(key, W::default());
        if fresh {
            known.nodes[id as usize] = self.loose(movement, state);
        }
        known.nodes[id as usize]
    }

    /// `state` without its position and dry hatches: its rooms and wet
    /// hatches, on which its loose hatches depend.
    #[inline]
    fn rooms_and_wet_hatches(&self, state: W) -> W {
        state & !(self.position_mask | self.dry_mask)
    }

    #[inline]
    fn position(&self, state: W) -> usize {
        (state & self.position_mask).low() as usize
    }

    #[inline]
    fn links(&self, room: usize) -> &[Link<W>] {
        &self.links[self.first[room]..self.first[room + 1]]
    }

    /// The visited rooms, as a room set.
    #[inline]
    fn visited(&self, state: W, at: u32) -> u64 {
        (state >> at).low() & self.room_count_mask
    }

    /// `state` with the visited rooms `visited`.
    #[inline]
    fn with_visited(&self, state: W, at: u32, visited: u64) -> W {
        state & !put::<W>(self.room_count_mask, at) | put(visited, at)
    }

    #[inline]
    fn passes(&self, state: usize) -> bool {
        self.can_pass.get(state).copied().unwrap_or(false)
    }

    /// The rooms still in play from `here`: reachable through unvisited
    /// rooms (`seen` holds the visited ones) over hatches that can be
    /// walked through, now or after opens.
    #[inline(always)]
    fn in_play(&self, state: W, here: usize, seen: u64) -> u64 {
        let mut in_play = 1u64 << here;
        let mut todo = in_play;
        while todo != 0 {
            let r = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let next = if self.stable {
                self.passable[r]
            } else {
                self.links(r).iter().fold(0u64, |m, l| {
                    if self.passes(usize::from(l.hatch_field.get(state))) {
                        m | 1 << l.there
                    } else {
                        m
                    }
                })
            } & !(in_play | seen);
            in_play |= next;
            todo |= next;
        }
        in_play
    }

    /// The canonical form of `state`, looking at every hatch (see [`Canon`](super::canon::Canon)).
    fn canonical(&self, board: &Board, plan: &Plan, mut state: W) -> W {
        let Some(at) = self.visits else {
            return state;
        };
        let here = self.position(state);
        let in_play = self.in_play(state, here, self.visited(state, at));
        state = self.with_visited(state, at, (!in_play | 1 << here) & self.room_count_mask);
        for ((field, hatch), &dry) in self.hatches.iter().zip(&board.hatches).zip(&plan.dry) {
            let [a, b] = hatch.rooms;
            let (pa, pb) = ((in_play >> a.0) & 1 == 1, (in_play >> b.0) & 1 == 1);
            if (!pa && !pb) || (dry && !(pa && pb)) {
                state = field.set(state, 0);
            }
        }
        state
    }

    /// The canonical form after a move from a canonical state into `there`
    /// (already set in `state`): the rooms that leave play are `before`
    /// (the rooms in play before the move) minus those in play now, and
    /// only their hatches can need forgetting.
    #[inline]
    fn after_move(&self, mut state: W, at: u32, there: usize, before: u64) -> W {
        let in_play = self.in_play(state, there, self.visited(state, at));
        state = self.with_visited(state, at, (!in_play | 1 << there) & self.room_count_mask);
        let mut left = before & !in_play;
        while left != 0 {
            let r = left.trailing_zeros() as usize;
            left &= left - 1;
            state = state & !self.dry_bits[r];
            for &(behind, bits) in &self.wet[self.wet_first[r]..self.wet_first[r + 1]] {
                if (in_play >> behind) & 1 == 0 {
                    state = state & !bits;
                }
            }
        }
        state
    }
}

impl<W: Word> Shape<W> {
    /// The canonical state of the turn's start, in room `start`.
    fn initial(&self, board: &Board, plan: &Plan, start: RoomId) -> W {
        let mut initial = W::from(u64::from(start.0));
        for (f, room) in self.rooms.iter().zip(&board.rooms) {
            initial = f.set(initial, room.state.0);
        }
        for (f, hatch) in self.hatches.iter().zip(&board.hatches) {
            initial = f.set(initial, hatch.state.0);
        }
        if let Some(at) = self.visits {
            initial = initial | put(1, at + start.0);
        }
        self.canonical(board, plan, initial)
    }

    /// The canonical state after the player of the canonical state `state`,
    /// in room `here`, walks into room `there`.
    #[inline]
    fn walk(&self, state: W, here: usize, there: u32) -> W {
        let next = self.exit.set(state, 0) & !self.position_mask | W::from(u64::from(there));
        let Some(at) = self.visits else {
            return next;
        };
        let seen = self.visited(state, at);
        let before = !seen & self.room_count_mask | 1 << here;
        self.after_move(next | put(1, at + there), at, there as usize, before)
    }
}

/// Solves a turn into `workspace` with the small search, or gives `None`
/// when a state of this board does not fit in 128 bits (or its rooms in the
/// 64 bits of a room set).
pub fn solve(
    workspace: &mut Workspace,
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
    want: Want,
) -> Option<Result<(), Stopped>> {
    let Workspace {
        small: Space { plan, narrow, wide },
        full,
        solution,
        spare,
        reach,
        reached,
        ..
    } = workspace;
    if board.rooms.len() > 64 {
        return None;
    }
    plan.make(board, movement);
    let bits = plan.bits(board, movement);
    let answer = Answer {
        solution,
        spare,
        reach,
        reached,
    };
    let frontier = &mut full.frontier;
    if bits <= 64 {
        Some(narrow.run(board, movement, plan, start, limits, frontier, answer, want))
    } else if bits <= 128 {
        Some(wide.run(board, movement, plan, start, limits, frontier, answer, want))
    } else {
        None
    }
}

/// One candidate state to relax: made from `node` (settled at `cost` after
/// `len` actions) by `action`, which costs `step`.
struct Candidate {
    node: u32,
    cost: u32,
    len: u32,
    step: u32,
    action: u32,
}

/// How many of its group's settled states, newest first, a state is
/// compared with in the costs pass: a group can hold thousands, and the
/// newest, settled at the state's own cost or just below, are the likeliest
/// to beat it. Comparing with fewer only drops fewer states.
const SCANNED: usize = 64;

/// What is known of a group's states.
#[derive(Clone, Copy)]
struct Group<W> {
    /// Its cheapest stored state.
    cheapest: u32,
    /// Its last settled state, as an index in the settled states of all
    /// groups ([`Search::prior`]); [`NO_PARENT`] before any.
    last_settled: u32,
    /// The hatches its states may differ in ([`Shape::loose`]).
    loose: W,
}

/// A settled state of a group, as the costs pass compares it with a new
/// one (with its [`Shape::offers`], kept beside): kept together, since a
/// comparison reads a run of them.
#[derive(Clone, Copy)]
struct Settled {
    cost: u32,
    len: u32,
    /// The state of its group settled before it, [`NO_PARENT`] for none.
    before: u32,
}

/// The cheapest stored state and the settled states of each group, to find
/// states they dominate. A group is the states equal but for the hatches
/// through which no flow can happen any more (the same hatches for every
/// state of the group: [`Group::loose`]); it is found by the state with
/// those hatches' bits all set, which tells apart groups with different
/// loose hatches unless a hatch state has all its field's bits set (then
/// a group's `loose` tells them apart, at the price of less dominance).
struct Groups<'a, W> {
    shape: &'a Shape<W>,
    movement: &'a Movement,
    best: &'a mut Table<Vec<W>, Group<W>>,
    prior: &'a mut Vec<Settled>,
    /// [`Shape::loose`] of each state without its position and dry
    /// hatches, as worked out.
    loose: &'a mut Table<Vec<W>, W>,
    /// Per stored state, its group's slot in `best` ([`NO_PARENT`]: none),
    /// so that a state is looked up once, when it is first stored.
    group_of: &'a mut Vec<u32>,
    /// [`Shape::wants`] of the state being judged.
    wants: &'a mut Vec<W>,
    /// [`Shape::offers`] of each state in `prior`, one after the other.
    offers: &'a mut Vec<W>,
    /// Whether a state is also dropped when its group's cheapest does as
    /// well but no better: right when only costs are asked for
    /// (the costs pass), not when the tie-break must choose a path.
    ties: bool,
    /// Whether a state is dropped when its group has another, whatever
    /// it cost: right when only which outcomes there are is asked for.
    any_cost: bool,
    /// What each state may have spent, when it is bounded.
    leeway: Option<&'a Leeway<W>>,
    /// The state whose steps are being made ([`Groups::step_from`]).
    parent: W,
    /// Its loose hatches, once a step has needed them.
    parent_loose: Option<W>,
}

impl<W: Word> Groups<'_, W> {
    /// [`Shape::loose`] of `state`.
    #[inline]
    fn loose(&mut self, state: W) -> W {
        // The paths pass groups by the dry hatches alone: finding the
        // others cost it more time than the states it saved.
        if !self.ties {
            return self.shape.dry_mask;
        }
        self.shape.loose_in(self.loose, self.movement, state)
    }

    /// Makes `state` the one whose steps are judged next
    /// ([`Groups::admits_step`]).
    #[inline]
    fn step_from(&mut self, state: W) {
        self.parent = state;
        self.parent_loose = None;
    }

    /// Whether `next`, made by a step of the state given to
    /// [`Groups::step_from`] and reached at (`cost`, `len`), is within its
    /// leeway, if there is one. `known` is its loose hatches
    /// ([`Shape::loose`]) when known; in the costs pass, where they are
    /// also its group's, they are left there when worked out.
    #[inline]
    fn admits_step(&mut self, next: W, cost: u32, len: u32, known: &mut Option<W>) -> bool {
        let Some(leeway) = self.leeway else {
            return true;
        };
        let (shape, movement) = (self.shape, self.movement);
        let loose = match *known {
            Some(loose) => loose,
            // A step that changes no room and no wet hatch keeps the loose
            // hatches of the state it is made from.
            None if shape.rooms_and_wet_hatches(next)
                == shape.rooms_and_wet_hatches(self.parent) =>
            {
                let (parent, cache) = (self.parent, &mut *self.loose);
                *(self.parent_loose).get_or_insert_with(|| shape.loose_in(cache, movement, parent))
            }
            None => {
                let loose = shape.loose_in(self.loose, movement, next);
                if self.ties {
                    *known = Some(loose);
                }
                loose
            }
        };
        leeway.allows(next, loose, cost, len)
    }

    /// The slot in `best` of the group of `m`, whose loose hatches are
    /// `loose`, if it has one.
    #[inline]
    fn slot(&self, m: W, loose: W) -> Option<u32> {
        let slot = self.best.find(m | loose)?;
        (self.best.nodes[slot as usize].loose == loose).then_some(slot)
    }

    /// The slot of stored state `id`'s group, as [`Groups::keep`] found it.
    #[inline]
    fn slot_of(&self, id: u32) -> Option<u32> {
        Some(self.group_of[id as usize]).filter(|&slot| slot != NO_PARENT)
    }

    /// The hatches stored state `id`'s group may differ in.
    #[inline]
    fn loose_of(&mut self, id: u32, key: W) -> W {
        match self.slot_of(id) {
            Some(slot) => self.best.nodes[slot as usize].loose,
            None => self.loose(key),
        }
    }

    /// Whether the cheapest stored state of `m`'s group, another state,
    /// can do whatever `m`, reached at `cost` after `len` actions, can, and
    /// do it more cheaply, or as cheaply in fewer actions: then no
    /// outcome's best way goes through `m`. With `ties` (the costs pass),
    /// also whether one of the last [`SCANNED`] settled states of the group
    /// does as well.
    #[inline]
    fn beaten(
        &mut self,
        slot: Option<u32>,
        nodes: &[Node],
        keys: &[W],
        m: W,
        cost: u32,
        len: u32,
    ) -> bool {
        let Some(slot) = slot else {
            return false;
        };
        let (shape, any_cost, ties) = (self.shape, self.any_cost, self.ties);
        let group = self.best.nodes[slot as usize];
        let l = keys[group.cheapest as usize];
        // Any other state of the group reaches the same outcomes
        // (docs/SEARCH.md, "What a sweep reads"), and a settled one is
        // another: settled states are never judged again.
        if any_cost {
            return l != m || group.last_settled != NO_PARENT;
        }
        shape.wants(m, self.wants);
        let wants: &[W] = self.wants;
        let cheapest = nodes[group.cheapest as usize];
        let behind =
            (shape.catch_ups.iter().zip(wants)).map(|(c, &want)| shape.holding(l, c.from) & want);
        // A group's states are equal but for its loose hatches.
        let same_group = (l ^ m) & !shape.hatch_field_bits == W::default();
        if l != m
            && same_group
            && shape.catches_up(behind, (cheapest.cost, cheapest.len), (cost, len), ties)
        {
            return true;
        }
        if !ties {
            return false;
        }
        let k = wants.len();
        let mut at = group.last_settled;
        // Hatches that are only closed, then open, have one catch-up. The
        // scan is most of the costs pass's work, and written out for one
        // catch-up it takes the whole sub with the sea 12 % fewer
        // instructions.
        if let (
            &[want],
            &[
                CatchUp {
                    cost: Some((minutes, opens)),
                    ..
                },
            ],
        ) = (wants, &shape.catch_ups[..])
        {
            for _ in 0..SCANNED {
                let Some(l) = self.prior.get(at as usize) else {
                    break;
                };
                let count = (self.offers[at as usize] & want).ones();
                let total = (
                    l.cost.saturating_add(minutes.saturating_mul(count)),
                    l.len.saturating_add(opens.saturating_mul(count)),
                );
                if total <= (cost, len) {
                    return true;
                }
                at = l.before;
            }
            return false;
        }
        for _ in 0..SCANNED {
            let Some(l) = self.prior.get(at as usize) else {
                break;
            };
            let offers = &self.offers[at as usize * k..][..k];
            let behind = offers.iter().zip(wants).map(|(&offer, &want)| offer & want);
            if shape.catches_up(behind, (l.cost, l.len), (cost, len), ties) {
                return true;
            }
            at = l.before;
        }
        false
    }

    /// Keeps stored state `id` as its group's cheapest when it is; `slot`
    /// is its group's, when it was found, and `new` its loose hatches
    /// ([`Groups::loose`]) when it was stored just now.
    #[inline]
    fn keep(&mut self, nodes: &[Node], id: u32, key: W, slot: Option<u32>, new: Option<W>) {
        let stored = new.is_some();
        if stored && self.group_of.len() <= id as usize {
            self.group_of.resize(id as usize + 1, NO_PARENT);
        }
        let slot = match slot {
            Some(slot) => {
                if stored {
                    self.group_of[id as usize] = slot;
                }
                slot
            }
            None => {
                let Some(loose) = new else {
                    return;
                };
                let fresh = Group {
                    cheapest: id,
                    last_settled: NO_PARENT,
                    loose,
                };
                let (slot, inserted) = self.best.find_or_insert(key | loose, fresh);
                // A group found by the same bits but with other loose
                // hatches is not this state's: it has none.
                let ours = self.best.nodes[slot as usize].loose == loose;
                self.group_of[id as usize] = if ours { slot } else { NO_PARENT };
                if inserted || !ours {
                    return;
                }
                slot
            }
        };
        let group = &mut self.best.nodes[slot as usize];
        let (a, b) = (nodes[id as usize], nodes[group.cheapest as usize]);
        if (a.cost, a.len) < (b.cost, b.len) {
            group.cheapest = id;
        }
    }

    /// Records that stored state `id`, `key`, is settled as `node`, for
    /// the comparisons of the costs pass (the paths pass makes none).
    fn settle(&mut self, id: u32, key: W, node: Node) {
        if !self.ties {
            return;
        }
        if let Some(slot) = self.slot_of(id) {
            let group = &mut self.best.nodes[slot as usize];
            self.shape.offers(key, self.offers);
            self.prior.push(Settled {
                cost: node.cost,
                len: node.len,
                before: group.last_settled,
            });
            group.last_settled = (self.prior.len() - 1) as u32;
        }
    }
}

/// Stores a candidate state, or improves the stored one (see
/// `path::offer`); `most` is how many states the memory budget allows.
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
        super::path::cut_off(beyond, c.cost, c.step);
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

impl<W: Word> Search<W> {
    /// Searches every state from the start into `self.states` (the
    /// settled ones in `self.settled`), and gives the cheapest step that
    /// `limits.max_cost` cut off. With `COSTS`, this is the costs pass:
    /// every outcome at its least (cost, actions), with hatches through
    /// which no flow can happen opened only to be walked through at once,
    /// so its ways are as cheap as the best but not always the ones the
    /// tie-break picks. Otherwise it finds the tie-break's ways. With
    /// `BOUNDED`, in either pass, no state spends more than its leeway
    /// allows ([`Leeway`]). The passes are constants so that a search with
    /// neither (every search without revisits) carries none of their
    /// tests.
    fn explore<const COSTS: bool, const BOUNDED: bool>(
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
            group_of,
            wants,
            offers,
            prior,
            settled,
            pass,
            leeway,
            ..
        } = self;
        let shape = &*shape;
        let pass = *pass;

        let initial = shape.initial(board, plan, start);

        let most = limits.max_memory / state_bytes(std::mem::size_of::<W>());
        may_store(1, limits, most, 0)?;
        states.reset(FIRST_STATES);
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
        let mut groups = (!shape.dry_fields.is_empty()).then(|| {
            groups.reset(FIRST_STATES);
            prior.clear();
            offers.clear();
            group_of.clear();
            let mut g = Groups {
                shape,
                movement,
                best: groups,
                prior,
                loose,
                group_of,
                wants,
                offers,
                ties: COSTS,
                any_cost: COSTS && pass == Pass::Outcomes,
                leeway: BOUNDED.then_some(&*leeway),
                parent: W::default(),
                parent_loose: None,
            };
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

        while let Some((cost, len, node)) = frontier.pop() {
            let n = states.nodes[node as usize];
            if n.settled || n.cost != cost || n.len != len {
                continue;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A hatch further along its chain of opens serves as well only when
    /// no state on the way can be walked through: a jammed hatch does not
    /// serve like an ajar one, which lets the player through.
    #[test]
    fn a_hatch_serves_as_well_only_past_states_no_one_walks_through() {
        let text = "rules jam\nroom states: clear\nhatch states: closed, ajar, jammed\nopen closed: cost 1, becomes ajar\nopen ajar: cost 2, becomes jammed\nwalk through: ajar\nenter clear: cost 0\nrevisit: allowed\n";
        let rules = crate::load::rules_from_str("jam.rules", text)
            .map(|l| l.value)
            .unwrap_or_else(|f| panic!("{:?}", f.reports.len()));
        let movement = rules.movement(crate::model::ItemSet::default());
        let [closed, ajar, jammed] = [0, 1, 2].map(HatchStateId);
        assert!(serves(&movement, ajar, closed));
        assert!(serves(&movement, closed, closed));
        assert!(!serves(&movement, jammed, ajar));
        assert!(!serves(&movement, jammed, closed));
        assert!(!serves(&movement, closed, ajar));
    }
}
