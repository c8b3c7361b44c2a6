//! The ship's shape in a small search's state word: where each part of a
//! state lives in it, the board in bit form (each room's hatches, the rooms
//! reachable from each), and what is made of a state with them: the start,
//! the canonical form, and a walk into the next room.

use crate::model::{Board, HatchStateId, Movement, RoomId};

use super::super::packing::{bits_for, exit_bits};
use super::word::{Field, Plan, Word, put};

/// A hatch seen from one of its rooms.
#[derive(Clone, Copy)]
pub(super) struct Link<W> {
    pub(super) hatch: u32,
    pub(super) there: u32,
    pub(super) hatch_field: Field<W>,
    pub(super) there_field: Field<W>,
    /// Whether no flow can ever happen through this hatch this turn.
    pub(super) dry: bool,
}

/// What it takes to bring a hatch in state `from` up to one that serves
/// the player at least as well as state `to` (`dominance.rs`'s `serves`).
#[derive(Clone, Copy)]
pub(super) struct CatchUp<W> {
    /// `from` in every changing hatch's field ([`Shape::holding`]).
    pub(super) from: W,
    /// `to` in every changing hatch's field.
    pub(super) to: W,
    /// The minutes and opens; `None` when no opens do it.
    pub(super) cost: Option<(u32, u32)>,
}

/// Where each part of a state lives in its word, and what the solve needs
/// to know of the board in bit form.
#[derive(Default)]
pub(super) struct Shape<W> {
    pub(super) position_mask: W,
    pub(super) rooms: Vec<Field<W>>,
    /// The rooms whose state can change, with their fields.
    pub(super) changing: Vec<(usize, Field<W>)>,
    /// Where the changing rooms' fields start: they are laid out last room
    /// first, so that the bits from here on, read as a number, order room
    /// states as the outcomes are ordered (first room first).
    pub(super) rooms_shift: u32,
    /// The bits of all changing rooms' fields, from `rooms_shift` on.
    pub(super) rooms_mask: W,
    pub(super) hatches: Vec<Field<W>>,
    /// Bit offset of the visits, one bit per room; `None` with revisits.
    pub(super) visits: Option<u32>,
    /// The exit, when revisits are forbidden (see [`exit_bits`]).
    pub(super) exit: Field<W>,
    pub(super) room_count_mask: u64,
    pub(super) outcome_mask: W,
    /// Each room's hatches, in board order, as `links[first[r]..first[r + 1]]`.
    pub(super) first: Vec<usize>,
    pub(super) links: Vec<Link<W>>,
    /// Per room, the bits of its dry hatches' fields: forgotten as soon as
    /// the room leaves play.
    pub(super) dry_bits: Vec<W>,
    /// Per room, its other hatches that can change, as (room behind, bits
    /// of the hatch's field), in `wet[wet_first[r]..wet_first[r + 1]]`:
    /// forgotten when both rooms are out of play.
    pub(super) wet: Vec<(u32, W)>,
    pub(super) wet_first: Vec<usize>,
    /// Whether no open changes whether a hatch can be walked through (now
    /// or after more opens).
    pub(super) stable: bool,
    /// When `stable`, per room, the rooms behind hatches that can be (or be
    /// opened into a state that can be) walked through.
    pub(super) passable: Vec<u64>,
    /// Per hatch state, [`Movement::passable`].
    pub(super) can_pass: Vec<bool>,
    /// With revisits, the fields of the dry hatches whose state can
    /// change: states equal but for them are one group, and one may
    /// dominate another (see [`Shape::catches_up`]). Empty when revisits are
    /// forbidden.
    pub(super) dry_fields: Vec<Field<W>>,
    /// The bits of `dry_fields`: a state without them is its group.
    pub(super) dry_mask: W,
    /// The bits of every changing room's field.
    pub(super) room_bits: W,
    /// Each hatch that is not dry and whose state can change, with its two
    /// rooms (those an open of it may flood).
    pub(super) wet_rooms: Vec<(Field<W>, [usize; 2])>,
    /// By room, the bits (by index in `wet_rooms`) of its wet hatches
    /// among the first 64.
    pub(super) wet_by_room: Vec<u64>,
    /// With revisits, the lowest bit of the field of every hatch whose
    /// state can change.
    pub(super) hatch_lows: W,
    /// The bits of those fields.
    pub(super) hatch_field_bits: W,
    /// How many bits a hatch's field takes.
    pub(super) hatch_width: u32,
    /// Per pair of different states a changing hatch can be in, `(s, t)`,
    /// unless a hatch in `s` already serves as well as one in `t`: the
    /// minutes and opens that take it from `s` to a state that does,
    /// `None` when no opens do ([`Shape::catches_up`]).
    pub(super) catch_ups: Vec<CatchUp<W>>,
}

impl<W: Word> Shape<W> {
    /// Lays out the fields for this board, rules and plan.
    pub(super) fn build(&mut self, board: &Board, movement: &Movement, plan: &Plan) {
        self.lay_out_fields(board, movement, plan);
        self.link_rooms(board, movement, plan);
        self.lay_out_groups(board, movement, plan);
    }

    /// Where the position, each room's and hatch's state, the visits and
    /// the exit live in a state.
    fn lay_out_fields(&mut self, board: &Board, movement: &Movement, plan: &Plan) {
        let rooms = board.rooms.len();
        let mut next = bits_for(rooms);
        self.position_mask = W::from((1u64 << next) - 1);
        self.outcome_mask = self.position_mask;
        self.rooms_shift = next;
        self.rooms_mask = W::default();
        self.rooms.clear();
        self.rooms.resize(rooms, Field::fixed(0));
        self.changing.clear();
        for (r, room) in board.rooms.iter().enumerate().rev() {
            let Some((low, width)) = plan.room_field(r) else {
                self.rooms[r] = Field::fixed(room.state.0);
                continue;
            };
            let f = Field::place(&mut next, width, low);
            self.rooms[r] = f;
            self.changing.push((r, f));
            self.rooms_mask = self.rooms_mask | f.mask << (f.shift - self.rooms_shift);
            self.outcome_mask = self.outcome_mask | f.mask << f.shift;
        }
        // Outcomes are read room by room, first room first.
        self.changing.reverse();
        self.hatch_width = Plan::hatch_width(board, movement);
        self.hatches.clear();
        for (h, hatch) in board.hatches.iter().enumerate() {
            self.hatches
                .push(if Plan::hatch_changes(board, movement, h) {
                    Field::place(&mut next, self.hatch_width, 0)
                } else {
                    Field::fixed(hatch.state.0)
                });
        }
        self.visits = (!movement.revisit()).then_some(next);
        self.exit = if movement.revisit() {
            Field::default()
        } else {
            next += rooms as u32;
            Field::place(&mut next, exit_bits(board), 0)
        };
        self.room_count_mask = if rooms == 64 {
            u64::MAX
        } else {
            (1u64 << rooms) - 1
        };
    }

    /// Each room's hatches, and what making a state canonical reads of
    /// them: which hatches can be walked through, which are forgotten when
    /// a room leaves play, and (when no open changes what can be walked
    /// through) the rooms each room leads to.
    fn link_rooms(&mut self, board: &Board, movement: &Movement, plan: &Plan) {
        let rooms = board.rooms.len();
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
    }

    #[inline]
    pub(super) fn position(&self, state: W) -> usize {
        (state & self.position_mask).low() as usize
    }

    #[inline]
    pub(super) fn links(&self, room: usize) -> &[Link<W>] {
        &self.links[self.first[room]..self.first[room + 1]]
    }

    /// The visited rooms, as a room set.
    #[inline]
    pub(super) fn visited(&self, state: W, at: u32) -> u64 {
        (state >> at).low() & self.room_count_mask
    }

    /// `state` with the visited rooms `visited`.
    #[inline]
    fn with_visited(&self, state: W, at: u32, visited: u64) -> W {
        state & !put::<W>(self.room_count_mask, at) | put(visited, at)
    }

    #[inline]
    pub(super) fn passes(&self, state: usize) -> bool {
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

    /// The canonical form of `state`, looking at every hatch (see [`Canon`](super::super::canon::Canon)).
    pub(super) fn canonical(&self, board: &Board, plan: &Plan, mut state: W) -> W {
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
    pub(super) fn initial(&self, board: &Board, plan: &Plan, start: RoomId) -> W {
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
    pub(super) fn walk(&self, state: W, here: usize, there: u32) -> W {
        let next = self.exit.set(state, 0) & !self.position_mask | W::from(u64::from(there));
        let Some(at) = self.visits else {
            return next;
        };
        let seen = self.visited(state, at);
        let before = !seen & self.room_count_mask | 1 << here;
        self.after_move(next | put(1, at + there), at, there as usize, before)
    }
}
