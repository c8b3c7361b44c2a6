//! Dominance in the small search (docs/SEARCH.md, "Dominance"): with
//! revisits, states equal but for the hatches through which no flow can
//! happen any more are one group, and a state that another of its group can
//! beat at whatever it does is dropped. Here are what a hatch costs to
//! bring up to another's state ([`CatchUp`]), laid out with the shape, the
//! comparison itself ([`Shape::catches_up`]), and the groups a pass keeps
//! ([`Groups`]).

use crate::model::{Board, HatchStateId, Movement};

use super::super::path::{NO_PARENT, Node};
use super::super::table::{Table, make_room_for, vec_bytes, vec_room};
use super::FIRST_STATES;
use super::leeway::Leeway;
use super::shape::{CatchUp, Shape};
use super::word::{Plan, Word, put};

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
    /// groups ([`GroupMemory::prior`]); [`NO_PARENT`] before any.
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

/// The memory of [`Groups`], kept between passes and solves.
#[derive(Default)]
pub(super) struct GroupMemory<W> {
    /// With dominance, the cheapest stored state of each group (a state
    /// without its dry hatches).
    best: Table<Vec<W>, Group<W>>,
    /// The settled states of every group, in the order they were settled,
    /// each linked to the one of its group settled before it: each group's
    /// newest first from [`Group::last_settled`].
    prior: Vec<Settled>,
    /// Per stored state, the slot of its group in `best`.
    group_of: Vec<u32>,
    /// [`Shape::wants`] of the state the costs pass judges.
    wants: Vec<W>,
    /// [`Shape::offers`] of each state in `prior`, one after the other.
    offers: Vec<W>,
}

impl<W: Word> GroupMemory<W> {
    /// The bytes it has room for, written or not.
    pub(super) fn room(&self) -> usize {
        self.best.room()
            + vec_room(&self.prior)
            + vec_room(&self.group_of)
            + vec_room(&self.wants)
            + vec_room(&self.offers)
    }

    /// The bytes it holds.
    pub(super) fn held(&self) -> usize {
        self.best.held()
            + vec_bytes(&self.prior)
            + vec_bytes(&self.group_of)
            + vec_bytes(&self.wants)
            + vec_bytes(&self.offers)
    }
}

/// The cheapest stored state and the settled states of each group, to find
/// states they dominate. A group is the states equal but for the hatches
/// through which no flow can happen any more (the same hatches for every
/// state of the group: [`Group::loose`]); it is found by the state with
/// those hatches' bits all set, which tells apart groups with different
/// loose hatches unless a hatch state has all its field's bits set (then
/// a group's `loose` tells them apart, at the price of less dominance).
pub(super) struct Groups<'a, W> {
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

impl<'a, W: Word> Groups<'a, W> {
    /// The groups of a pass, in `memory` emptied of the last pass's, with
    /// the loose hatches worked out so far in `loose`; `ties`, `any_cost`
    /// and `leeway` as the fields of that name say.
    pub(super) fn new(
        shape: &'a Shape<W>,
        movement: &'a Movement,
        memory: &'a mut GroupMemory<W>,
        loose: &'a mut Table<Vec<W>, W>,
        ties: bool,
        any_cost: bool,
        leeway: Option<&'a Leeway<W>>,
    ) -> Groups<'a, W> {
        let GroupMemory {
            best,
            prior,
            group_of,
            wants,
            offers,
        } = memory;
        best.reset(FIRST_STATES);
        prior.clear();
        offers.clear();
        group_of.clear();
        Groups {
            shape,
            movement,
            best,
            prior,
            loose,
            group_of,
            wants,
            offers,
            ties,
            any_cost,
            leeway,
            parent: W::default(),
            parent_loose: None,
        }
    }
}

impl<W: Word> Groups<'_, W> {
    /// The most bytes the groups keep for each state a pass stores: its
    /// group's place, its group when it is the first of one, its entry
    /// among the settled with its offers, and the loose hatches of its
    /// rooms, the tables' slots at most a quarter full (they double). The
    /// table of states makes room for these beside each state within the
    /// memory budget.
    pub(super) fn bytes_per_state(shape: &Shape<W>) -> usize {
        let w = std::mem::size_of::<W>();
        let slots = 4 * std::mem::size_of::<u32>();
        std::mem::size_of::<u32>()
            + (w + std::mem::size_of::<Group<W>>() + slots)
            + std::mem::size_of::<Settled>()
            + shape.catch_ups.len() * w
            + (w + w + slots)
    }

    /// Sets room aside for `most` states' worth of groups, so that the
    /// groups copy nothing as they grow; `false` when the system will not
    /// give it (the search then stops at the memory its count finds).
    pub(super) fn make_room(&mut self, most: usize) -> bool {
        let offers = most.saturating_mul(self.shape.catch_ups.len());
        self.best.make_room(most)
            && self.loose.make_room(most)
            && make_room_for(self.group_of, most)
            && make_room_for(self.prior, most)
            && make_room_for(self.offers, offers)
    }

    /// The bytes the groups hold, with the loose hatches worked out so
    /// far: they grow with the states the pass stores.
    pub(super) fn held(&self) -> usize {
        self.best.held()
            + vec_bytes(self.prior)
            + vec_bytes(self.group_of)
            + vec_bytes(self.wants)
            + vec_bytes(self.offers)
            + self.loose.held()
    }

    /// [`Shape::loose`] of `state`.
    #[inline]
    pub(super) fn loose(&mut self, state: W) -> W {
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
    pub(super) fn step_from(&mut self, state: W) {
        self.parent = state;
        self.parent_loose = None;
    }

    /// Whether `next`, made by a step of the state given to
    /// [`Groups::step_from`] and reached at (`cost`, `len`), is within its
    /// leeway, if there is one. `known` is its loose hatches
    /// ([`Shape::loose`]) when known; in the costs pass, where they are
    /// also its group's, they are left there when worked out.
    #[inline]
    pub(super) fn admits_step(
        &mut self,
        next: W,
        cost: u32,
        len: u32,
        known: &mut Option<W>,
    ) -> bool {
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
    pub(super) fn slot(&self, m: W, loose: W) -> Option<u32> {
        let slot = self.best.find(m | loose)?;
        (self.best.nodes[slot as usize].loose == loose).then_some(slot)
    }

    /// The slot of stored state `id`'s group, as [`Groups::keep`] found it.
    #[inline]
    pub(super) fn slot_of(&self, id: u32) -> Option<u32> {
        Some(self.group_of[id as usize]).filter(|&slot| slot != NO_PARENT)
    }

    /// The hatches stored state `id`'s group may differ in.
    #[inline]
    pub(super) fn loose_of(&mut self, id: u32, key: W) -> W {
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
    pub(super) fn beaten(
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
        // (docs/SEARCH.md, "Costs first"), and a settled one is
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
    pub(super) fn keep(
        &mut self,
        nodes: &[Node],
        id: u32,
        key: W,
        slot: Option<u32>,
        new: Option<W>,
    ) {
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
    pub(super) fn settle(&mut self, id: u32, key: W, node: Node) {
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

impl<W: Word> Shape<W> {
    /// Whether states can be grouped by their loose hatches
    /// ([`Shape::loose`]): rooms may be entered again and some hatch can
    /// change this turn.
    pub(super) fn groups_by_loose(&self) -> bool {
        self.hatch_field_bits != W::default()
    }

    /// What dominance and the costs pass read of the shape: the fields of
    /// the dry hatches, those of the wet hatches with their rooms', and
    /// what it costs to bring a hatch up to another's state.
    pub(super) fn lay_out_groups(&mut self, board: &Board, movement: &Movement, plan: &Plan) {
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
        self.wet_by_room.clear();
        self.wet_by_room.resize(board.rooms.len(), 0);
        self.hatch_lows = W::default();
        self.hatch_field_bits = W::default();
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
                let bit = 1u64.checked_shl(self.wet_rooms.len() as u32).unwrap_or(0);
                for room in hatch.rooms {
                    if let Some(wet) = self.wet_by_room.get_mut(room.index()) {
                        *wet |= bit;
                    }
                }
                self.wet_rooms
                    .push((*field, hatch.rooms.map(|r| r.index())));
            }
        }
        self.find_catch_ups(movement, &held);
    }

    /// [`Shape::catch_ups`], for the hatch states that changing hatches
    /// can be in (`held`).
    fn find_catch_ups(&mut self, movement: &Movement, held: &[bool]) {
        let n = movement.hatch_state_count();
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
        // Past 64 wet hatches (on a board of many hatches in a wide word),
        // none is taken for loose: groups are then smaller, never wrong.
        if self.wet_rooms.len() > 64 {
            return self.dry_mask;
        }
        let mut possible = [0u32; 64];
        for (r, f) in self.rooms.iter().enumerate() {
            possible[r] = 1 << f.get(state);
        }
        let mut openable = 0u64;
        for (i, (field, _)) in self.wet_rooms.iter().enumerate() {
            if movement.opening(HatchStateId(field.get(state))).is_some() {
                openable |= 1 << i;
            }
        }
        // Each hatch that can be opened is looked at, and again whenever
        // one of its rooms gains a state, so its last look is at the
        // rooms' final states: it leaves a flow exactly when that look
        // finds one that changes a room.
        let (mut todo, mut flowing) = (openable, 0u64);
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let Some(&(_, [a, b])) = self.wet_rooms.get(i) else {
                continue;
            };
            let (add_a, add_b) = movement.flow_results(possible[a], possible[b]);
            if (add_a, add_b) == (0, 0) {
                continue;
            }
            flowing |= 1 << i;
            for (room, add) in [(a, add_a), (b, add_b)] {
                if add & !possible[room] != 0 {
                    possible[room] |= add;
                    todo |= self.wet_by_room[room] & openable;
                }
            }
        }
        let mut loose = self.dry_mask;
        for (i, (field, _)) in self.wet_rooms.iter().enumerate() {
            if flowing >> i & 1 == 0 {
                loose = loose | field.mask << field.shift;
            }
        }
        loose
    }

    /// [`Shape::loose`] of `state`, worked out once for its rooms and wet
    /// hatches and kept in `known`.
    #[inline]
    pub(super) fn loose_in(
        &self,
        known: &mut Table<Vec<W>, W>,
        movement: &Movement,
        state: W,
    ) -> W {
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
