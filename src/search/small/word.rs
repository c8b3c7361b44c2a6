//! A search state of the small search in one machine word: the [`Word`]
//! both widths (`u64`, `u128`) implement, the [`Field`] where a room's or a
//! hatch's state lives in it, and the [`Plan`] a solve works out of the
//! board to pick the width.

use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

use crate::model::{Board, Movement};

use super::super::flows::flow_plan;
use super::super::packing::{bits_for, exit_bits};
use super::super::table::{Arena, make_room_for, vec_bytes};

/// A whole search state.
pub(super) trait Word:
    Copy
    + Ord
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + From<u64>
{
    /// Its low 64 bits.
    fn low(self) -> u64;
    /// Where to look for it in a table: every bit of the state must reach
    /// the low bits that pick a slot.
    fn slot(self) -> usize;
    /// How many of its bits are set.
    fn ones(self) -> u32;
}

impl Word for u64 {
    #[inline]
    fn low(self) -> u64 {
        self
    }

    #[inline]
    fn ones(self) -> u32 {
        self.count_ones()
    }

    #[inline]
    fn slot(self) -> usize {
        let h = (self ^ (self >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
        (h ^ (h >> 32)) as usize
    }
}

impl Word for u128 {
    #[inline]
    fn low(self) -> u64 {
        self as u64
    }

    #[inline]
    fn ones(self) -> u32 {
        self.count_ones()
    }

    #[inline]
    fn slot(self) -> usize {
        ((self as u64) ^ ((self >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)).slot()
    }
}

/// A state with the value `value` in the bits from `shift` on.
#[inline]
pub(super) fn put<W: Word>(value: u64, shift: u32) -> W {
    W::from(value) << shift
}

/// Where a room's or a hatch's state lives in a state: `base` plus the
/// bits under `mask` from `shift` on. A room or hatch whose state cannot
/// change this turn takes no bits (`mask` is 0) and is always `base`.
#[derive(Clone, Copy, Default)]
pub(super) struct Field<W> {
    pub(super) shift: u32,
    pub(super) mask: W,
    pub(super) base: u8,
}

impl<W: Word> Field<W> {
    /// A field of no bits for a room or hatch that does not change: it
    /// always reads `value`.
    pub(super) fn fixed(value: u8) -> Field<W> {
        Field {
            shift: 0,
            mask: W::default(),
            base: value,
        }
    }

    /// A field of `width` bits at `next` (moved past it) for a room or
    /// hatch that changes, holding its state less `low`.
    pub(super) fn place(next: &mut u32, width: u32, low: u8) -> Field<W> {
        let field = Field {
            shift: *next,
            mask: W::from((1u64 << width) - 1),
            base: low,
        };
        *next += width;
        field
    }

    #[inline]
    pub(super) fn get(self, state: W) -> u8 {
        self.base + ((state >> self.shift) & self.mask).low() as u8
    }

    /// `state` with this field set to `value`, which a field that takes no
    /// bits ignores (only changing fields are ever written).
    #[inline]
    pub(super) fn set(self, state: W, value: u8) -> W {
        let bits = W::from(u64::from(value.wrapping_sub(self.base)));
        state & !(self.mask << self.shift) | (bits & self.mask) << self.shift
    }
}

/// What a solve works out of the board and rules before it picks a word
/// width: which rooms and hatches can change, and which hatches are dry.
#[derive(Default)]
pub(super) struct Plan {
    /// Per room, the states it could take this turn, as a bit mask.
    possible: Vec<u32>,
    todo: Vec<u32>,
    /// Per hatch, whether no flow can ever happen through it this turn.
    pub(super) dry: Vec<bool>,
    /// Per room, the `partners` that `flows::flow_plan` writes.
    pub(super) partners: Vec<u32>,
}

impl Plan {
    pub(super) fn make(&mut self, board: &Board, movement: &Movement) {
        flow_plan(
            board,
            movement,
            &mut self.possible,
            &mut self.todo,
            &mut self.dry,
            &mut self.partners,
        );
    }

    /// Where a room's state lives in a state word, when it can change this
    /// turn: its field holds the state less the lowest the room could take
    /// (returned first), in as many bits as the states up to the highest
    /// need. The states a room could take are those of every flow of the
    /// turn, so no search state needs more.
    pub(super) fn room_field(&self, room: usize) -> Option<(u8, u32)> {
        let possible = self.possible[room];
        if possible.count_ones() <= 1 {
            return None;
        }
        let low = possible.trailing_zeros();
        let high = u32::BITS - 1 - possible.leading_zeros();
        Some((low as u8, bits_for((high - low + 1) as usize)))
    }

    /// Whether a hatch's state can change this turn.
    pub(super) fn hatch_changes(board: &Board, movement: &Movement, hatch: usize) -> bool {
        movement.opening(board.hatches[hatch].state).is_some()
    }

    /// How many bits the field of each changing hatch takes: enough for
    /// the highest state a changing hatch can be in this turn (its own or
    /// one its opens lead to), counted from the first. Every hatch's field
    /// is as wide and holds the state itself, since dominance compares
    /// hatches' fields bit for bit (`Shape::holding`).
    pub(super) fn hatch_width(board: &Board, movement: &Movement) -> u32 {
        let mut highest = 0u8;
        for hatch in &board.hatches {
            let mut at = movement.opening(hatch.state).map(|_| hatch.state);
            // A chain of opens longer than the number of hatch states
            // repeats itself.
            for _ in 0..=movement.hatch_state_count() {
                let Some(state) = at else {
                    break;
                };
                highest = highest.max(state.0);
                at = movement.opening(state).map(|o| o.becomes);
            }
        }
        bits_for(usize::from(highest) + 1)
    }

    /// How many bits a search state of this board would take with every
    /// room's field as wide as the rules' room states and every hatch's as
    /// wide as their hatch states. The small search takes only boards
    /// where that is at most 128 bits: its memory budget is measured on
    /// those (`tests/suite/memory.rs`), and boards that fit only with
    /// narrower fields go to the general search as before.
    pub(super) fn full_width_bits(&self, board: &Board, movement: &Movement) -> usize {
        let room_width = bits_for(movement.room_state_count());
        let hatch_width = bits_for(movement.hatch_state_count());
        self.bits_with(
            board,
            movement,
            |r| self.room_field(r).map(|_| room_width),
            hatch_width,
        )
    }

    /// How many bits a search state of this board takes.
    pub(super) fn bits(&self, board: &Board, movement: &Movement) -> usize {
        let hatch_width = Plan::hatch_width(board, movement);
        self.bits_with(
            board,
            movement,
            |r| self.room_field(r).map(|(_, w)| w),
            hatch_width,
        )
    }

    /// How many bits a search state takes with `room_width` bits for each
    /// room (`None` for a room that does not change) and `hatch_width` for
    /// each changing hatch.
    fn bits_with(
        &self,
        board: &Board,
        movement: &Movement,
        room_width: impl Fn(usize) -> Option<u32>,
        hatch_width: u32,
    ) -> usize {
        let rooms = board.rooms.len();
        let room_bits: u32 = (0..rooms).filter_map(room_width).sum();
        let changing_hatches = (0..board.hatches.len())
            .filter(|&h| Plan::hatch_changes(board, movement, h))
            .count();
        let visits = if movement.revisit() {
            0
        } else {
            rooms + exit_bits(board) as usize
        };
        bits_for(rooms) as usize
            + room_bits as usize
            + changing_hatches * hatch_width as usize
            + visits
    }
}

/// The small search's keys are single words, in a vector.
impl<W: Word> Arena for Vec<W> {
    type Key<'k> = W;

    #[inline(always)]
    fn slot(key: W) -> usize {
        key.slot()
    }

    fn slot_of(&self, id: u32) -> usize {
        self[id as usize].slot()
    }

    #[inline(always)]
    fn holds(&self, id: u32, key: W) -> bool {
        self[id as usize] == key
    }

    #[inline(always)]
    fn push(&mut self, key: W) {
        Vec::push(self, key);
    }

    fn clear(&mut self) {
        Vec::clear(self);
    }

    fn key_bytes(&self) -> usize {
        std::mem::size_of::<W>()
    }

    fn held(&self) -> usize {
        vec_bytes(self)
    }

    fn room(&self) -> usize {
        self.capacity() * std::mem::size_of::<W>()
    }

    fn reserve_for(&mut self, keys: usize) -> bool {
        make_room_for(self, keys)
    }
}
