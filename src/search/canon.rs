//! The canonical form of a general search state: what can no longer matter
//! is forgotten, so that states differing only there are stored once
//! (`docs/SEARCH.md` argues why this is sound). Worked out in full for the
//! first state, and repaired after each open and move.

use crate::model::{Board, HatchId, HatchStateId, Movement, RoomId};

use super::flows::flow_plan;
use super::packing::{Field, Layout};

/// Forgets what can no longer matter, so that states that differ only there
/// are one state. Only used when revisits are forbidden, where it is sound:
///
/// - the rooms the player can still reach are those reachable from their
///   room through unvisited rooms over hatches that are, or can be opened
///   into, a state that can be walked through; every other room is out of
///   play (it cannot be entered again), so which of them were visited does
///   not matter: they are all marked visited;
/// - a hatch is "dry" when no flow rule can ever apply to its two rooms this
///   turn (from the states each room could possibly take), whatever the
///   hatch's state; a dry hatch with
///   a room out of play can never be walked through again and opening it
///   changes no room, so its state does not matter: it is set to the first
///   hatch state.
///
/// Two states with the same canonical form allow exactly the same future
/// actions with the same effects (an `open` on a forgotten hatch leads back
/// to the same canonical state at a higher cost, so it never wins).
pub(super) struct Canon {
    pub(super) dry: Vec<bool>,
    /// Per room, the `partners` that [`flow_plan`] writes.
    pub(super) partners: Vec<u32>,
    pub(super) can_pass: Vec<bool>,
    pub(super) in_play: Vec<bool>,
    pub(super) stack: Vec<RoomId>,
    /// The rooms a fill after a move must reach (see [`Canon::after_move`]).
    pub(super) needed: Vec<RoomId>,
}

impl Canon {
    pub(super) fn new(board: &Board, movement: &Movement) -> Canon {
        let can_pass = (0..movement.hatch_state_count())
            .map(|h| movement.passable(HatchStateId(h as u8)))
            .collect();
        let (mut dry, mut partners) = (Vec::new(), Vec::new());
        flow_plan(
            board,
            movement,
            &mut Vec::new(),
            &mut Vec::new(),
            &mut dry,
            &mut partners,
        );
        Canon {
            dry,
            partners,
            can_pass,
            in_play: vec![false; board.rooms.len()],
            stack: Vec::new(),
            needed: Vec::new(),
        }
    }

    #[inline]
    pub(super) fn apply(&mut self, board: &Board, layout: &Layout, words: &mut [u64]) {
        let Some(visited) = &layout.visited else {
            return;
        };
        let here = layout.position.get(words) as usize;
        if let Some(block) = layout.visited_block {
            self.apply_small(board, layout, block, here, words);
            return;
        }
        self.fill(board, layout, visited, here, words, false);
        self.mark_in_play(board, layout, visited, here, words);
    }

    /// Whether hatch `h` of the state `words` can be walked through, now or
    /// after opens.
    #[inline]
    pub(super) fn passes(&self, layout: &Layout, words: &[u64], h: HatchId) -> bool {
        self.passable(HatchStateId(layout.hatches[h.index()].get(words) as u8))
    }

    /// Whether a hatch in state `s` can be walked through, now or after opens.
    #[inline]
    pub(super) fn passable(&self, s: HatchStateId) -> bool {
        self.can_pass
            .get(usize::from(s.0))
            .copied()
            .unwrap_or(false)
    }

    /// Fills `in_play` with the rooms reachable from `here` through
    /// unvisited rooms over hatches that can be walked through. With
    /// `early`, it stops as soon as every room of `needed` is in, and says
    /// whether it did; otherwise it fills to the end (and says `false`).
    pub(super) fn fill(
        &mut self,
        board: &Board,
        layout: &Layout,
        visited: &[Field],
        here: usize,
        words: &[u64],
        early: bool,
    ) -> bool {
        self.in_play.fill(false);
        self.in_play[here] = true;
        self.stack.clear();
        self.stack.push(RoomId(here as u32));
        let mut missing = self.needed.len();
        while !(early && missing == 0)
            && let Some(r) = self.stack.pop()
        {
            for &(h, there) in board.neighbours(r) {
                if self.in_play[there.index()]
                    || visited[there.index()].get(words) == 1
                    || !self.passes(layout, words, h)
                {
                    continue;
                }
                self.in_play[there.index()] = true;
                self.stack.push(there);
                if early && self.needed.contains(&there) {
                    missing -= 1;
                }
            }
        }
        early && missing == 0
    }

    /// [`Canon::fill`] with rooms as bits of one word: the rooms reachable
    /// from `here` through rooms not in `seen`; it stops as soon as every
    /// room of `enough` is in (`u64::MAX`: fill to the end).
    pub(super) fn fill_small(
        &self,
        board: &Board,
        layout: &Layout,
        here: usize,
        seen: u64,
        enough: u64,
        words: &[u64],
    ) -> u64 {
        let mut in_play = 1u64 << here;
        let mut todo = in_play;
        while todo != 0 && enough & !in_play != 0 {
            let r = todo.trailing_zeros();
            todo &= todo - 1;
            for &(h, there) in board.neighbours(RoomId(r)) {
                let bit = 1u64 << there.0;
                if (in_play | seen) & bit == 0 && self.passes(layout, words, h) {
                    in_play |= bit;
                    todo |= bit;
                }
            }
        }
        in_play
    }

    /// Writes the canonical form from `in_play`, the rooms in play worked
    /// out in full: visits, and the hatches to forget.
    pub(super) fn mark_in_play(
        &self,
        board: &Board,
        layout: &Layout,
        visited: &[Field],
        here: usize,
        words: &mut [u64],
    ) {
        for (r, f) in visited.iter().enumerate() {
            // The player's room is visited; reachable rooms are not; the
            // rest are out of play.
            f.set(words, u64::from(r == here || !self.in_play[r]));
        }
        for (h, hatch) in board.hatches.iter().enumerate() {
            let [a, b] = [hatch.rooms[0].index(), hatch.rooms[1].index()];
            let (pa, pb) = (self.in_play[a], self.in_play[b]);
            if (!pa && !pb) || (self.dry[h] && !(pa && pb)) {
                layout.hatches[h].set(words, 0);
            }
        }
    }

    /// After a move out of `from`, from a canonical state (the position,
    /// exit and visits already updated). Before the move every unvisited
    /// room was in play, reachable from `from`; any such path leaves `from`
    /// into one of its unvisited neighbours. So a flood fill from the new
    /// room that has reached all of those has shown that every room in
    /// play before still is, and it stops there: then only `from` left
    /// play, and only its hatches can need forgetting. Otherwise the fill
    /// runs to the end and the whole canonical form is worked out.
    #[inline]
    pub(super) fn after_move(
        &mut self,
        board: &Board,
        layout: &Layout,
        from: RoomId,
        words: &mut [u64],
    ) {
        let Some(visited) = &layout.visited else {
            return;
        };
        let here = layout.position.get(words) as usize;
        if let Some(block) = layout.visited_block {
            let seen = block.get(words);
            let mut needed = 0u64;
            for &(h, r) in board.neighbours(from) {
                if seen & (1 << r.0) == 0 && self.passes(layout, words, h) {
                    needed |= 1 << r.0;
                }
            }
            let in_play = self.fill_small(board, layout, here, seen, needed, words);
            if needed & !in_play != 0 {
                // The fill ran to its end: `in_play` is whole.
                self.mark_in_play_small(board, layout, block, here, in_play, words);
                return;
            }
        } else {
            self.needed.clear();
            for &(h, r) in board.neighbours(from) {
                if visited[r.index()].get(words) == 0 && self.passes(layout, words, h) {
                    self.needed.push(r);
                }
            }
            if !self.fill(board, layout, visited, here, words, true) {
                // The fill ran to its end: `in_play` is whole.
                self.mark_in_play(board, layout, visited, here, words);
                return;
            }
        }
        // `from` is out of play; a room behind it is in play if it is the
        // player's or unvisited.
        for &(h, r) in board.neighbours(from) {
            let out = r.index() != here && visited[r.index()].get(words) == 1;
            if out || self.dry[h.index()] {
                layout.hatches[h.index()].set(words, 0);
            }
        }
    }

    /// After an open from a canonical state: the rooms in play stay the
    /// same unless the hatch lost (or gained) the ability to be walked
    /// through, so usually only the opened hatch needs looking at.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn after_open(
        &mut self,
        board: &Board,
        layout: &Layout,
        hatch: HatchId,
        there: RoomId,
        before: HatchStateId,
        after: HatchStateId,
        words: &mut [u64],
    ) {
        let Some(visited) = &layout.visited else {
            return;
        };
        if self.passable(before) != self.passable(after) {
            self.apply(board, layout, words);
            return;
        }
        // In a canonical state every room out of play is marked visited.
        if self.dry[hatch.index()] && visited[there.index()].get(words) == 1 {
            layout.hatches[hatch.index()].set(words, 0);
        }
    }

    /// The same as the general case with rooms as bits of one word: this
    /// runs for every state the search makes.
    pub(super) fn apply_small(
        &self,
        board: &Board,
        layout: &Layout,
        visited: Field,
        here: usize,
        words: &mut [u64],
    ) {
        let in_play = self.fill_small(board, layout, here, visited.get(words), u64::MAX, words);
        self.mark_in_play_small(board, layout, visited, here, in_play, words);
    }

    /// [`Canon::mark_in_play`] with rooms as bits of one word.
    pub(super) fn mark_in_play_small(
        &self,
        board: &Board,
        layout: &Layout,
        visited: Field,
        here: usize,
        in_play: u64,
        words: &mut [u64],
    ) {
        visited.set(words, !in_play | (1u64 << here));
        for (h, hatch) in board.hatches.iter().enumerate() {
            let pa = (in_play >> hatch.rooms[0].0) & 1 == 1;
            let pb = (in_play >> hatch.rooms[1].0) & 1 == 1;
            if (!pa && !pb) || (self.dry[h] && !(pa && pb)) {
                layout.hatches[h].set(words, 0);
            }
        }
    }
}
