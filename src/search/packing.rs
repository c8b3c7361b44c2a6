//! How a general search state is packed into machine words: where the
//! player's room, every room's and hatch's state, the rooms visited and the
//! exit live, each a [`Field`] of a [`Layout`]. The small search packs the
//! same parts into one word (`small/shape.rs`).

use crate::model::{Board, Movement, RoomId};

/// Where each part of a search state lives in its words.
#[derive(Clone, Copy, Debug)]
pub(super) struct Field {
    pub(super) word: usize,
    pub(super) shift: u32,
    pub(super) mask: u64,
}

impl Field {
    #[inline]
    pub(super) fn get(self, words: &[u64]) -> u64 {
        (words[self.word] >> self.shift) & self.mask
    }

    #[inline]
    pub(super) fn set(self, words: &mut [u64], value: u64) {
        let w = &mut words[self.word];
        *w = (*w & !(self.mask << self.shift)) | ((value & self.mask) << self.shift);
    }
}

pub(super) struct Layout {
    pub(super) words: usize,
    pub(super) position: Field,
    pub(super) rooms: Vec<Field>,
    pub(super) hatches: Vec<Field>,
    pub(super) visited: Option<Vec<Field>>,
    /// All of `visited` as one field, when it fits in a word.
    pub(super) visited_block: Option<Field>,
    /// The hatch the player must leave by, when revisits are forbidden
    /// (see [`exit_bits`]).
    pub(super) exit: Option<Field>,
    /// The bits that make up an outcome (position and room states).
    pub(super) outcome_mask: Vec<u64>,
}

/// The width of the field naming the exit: the hatch the player has
/// committed to leave the room by, as 0 (none) or 1 + its index among the
/// room's hatches. Kept only when revisits are forbidden, where it prunes
/// exactly: an open that changes no room is only worth making on a hatch
/// the player walks through afterwards (drop it from a sequence that does
/// not, and what is left is legal, no costlier and one action shorter: see
/// [`changes`](super::step::changes)), and with no revisits that walk must be the move that leaves
/// the room. So after such an open, the player leaves by that hatch or not
/// at all, and makes no open that changes no room on any other hatch.
pub(super) fn exit_bits(board: &Board) -> u32 {
    let most = (0..board.rooms.len())
        .map(|r| board.neighbours(RoomId(r as u32)).len())
        .max()
        .unwrap_or(0);
    bits_for(most + 1)
}

pub(super) fn bits_for(count: usize) -> u32 {
    (usize::BITS - count.saturating_sub(1).leading_zeros()).max(1)
}

impl Layout {
    pub(super) fn new(board: &Board, movement: &Movement) -> Layout {
        let mut next = 0u32;
        let mut place = |width: u32| {
            if next % 64 + width > 64 {
                next = next.div_ceil(64) * 64;
            }
            let field = Field {
                word: (next / 64) as usize,
                shift: next % 64,
                mask: if width == 64 {
                    u64::MAX
                } else {
                    (1 << width) - 1
                },
            };
            next += width;
            field
        };
        let position = place(bits_for(board.rooms.len()));
        let rb = bits_for(movement.room_state_count());
        let rooms: Vec<Field> = board.rooms.iter().map(|_| place(rb)).collect();
        let hb = bits_for(movement.hatch_state_count());
        let hatches: Vec<Field> = board.hatches.iter().map(|_| place(hb)).collect();
        // Up to 64 rooms, the visits are one field, so that the canonical
        // form reads and writes them at once.
        let visited_block = (!movement.revisit() && board.rooms.len() <= 64)
            .then(|| place(board.rooms.len() as u32));
        let exit = (!movement.revisit()).then(|| place(exit_bits(board)));
        let visited = (!movement.revisit()).then(|| match visited_block {
            Some(block) => (0..board.rooms.len() as u32)
                .map(|r| Field {
                    word: block.word,
                    shift: block.shift + r,
                    mask: 1,
                })
                .collect(),
            None => board.rooms.iter().map(|_| place(1)).collect(),
        });
        let words = (next as usize).div_ceil(64).max(1);
        let mut outcome_mask = vec![0u64; words];
        for f in std::iter::once(&position).chain(rooms.iter()) {
            outcome_mask[f.word] |= f.mask << f.shift;
        }
        Layout {
            words,
            position,
            rooms,
            hatches,
            visited,
            visited_block,
            exit,
            outcome_mask,
        }
    }
}
