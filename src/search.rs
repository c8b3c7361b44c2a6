//! The exact search: every reachable outcome at its minimum cost, with one
//! cheapest action sequence, read from the compiled tables only.
//!
//! A search state is the player's room, every room's state, every hatch's
//! state and (when the rules forbid revisits) the rooms visited, packed into a
//! few machine words. States are settled in order of (cost, number of
//! actions) with a two-level bucket queue, since costs are small integers.
//! Among sequences of equal cost and length the one that is smallest in the
//! fixed action order wins ([`Action::rank`]); because every state's parent
//! is settled before the state, comparing two candidate paths only walks
//! their parent chains up to where they meet.
//!
//! Nothing is pruned but what is provably worse (see `changes` and
//! `exit_bits`), a state with a single way on is skipped over (see
//! `fused`), and there is no depth cap: the search ends when every
//! reachable state is settled, or when the state budget runs out, which is
//! reported, never silently cut.
//!
//! [`solve`] picks one of three searches that give the same answers:
//!
//! - on a ship where no water can flow ([`can_flow`]), a shortest-path
//!   search over rooms (`search/dry.rs`);
//! - otherwise, when a state fits in 64 or 128 bits, the full search with
//!   the state in one machine word (`search/small.rs`);
//! - otherwise the general full search here, whose states are any number
//!   of words; [`solve_exhaustive`] always uses it, and the tests hold the
//!   other two to it.

mod dry;
mod small;

pub use dry::can_flow;

use crate::model::{Board, Cost, HatchId, HatchStateId, Movement, Opening, RoomId, StateId};
use crate::outcome::{Action, Outcome};

/// How far a search may go.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most search states that may be stored before giving up.
    pub max_states: usize,
    /// Outcomes costlier than this are not wanted (and not searched for).
    pub max_cost: Option<Cost>,
    /// The most bytes the stored states may take before giving up. On a
    /// board of hundreds of rooms one state takes hundreds of bytes, so the
    /// state budget alone would let a search take gigabytes.
    pub max_memory: usize,
}

/// The default state budget: about 520 MB on a 64-room board that uses it
/// all, 760 MB on a 128-room one (see BENCHMARKS.md).
pub const DEFAULT_MAX_STATES: usize = 5_000_000;

/// The default memory budget of the stored states: 1 GiB.
pub const DEFAULT_MAX_MEMORY: usize = 1 << 30;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: DEFAULT_MAX_STATES,
            max_cost: None,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

/// Every outcome of a turn.
#[derive(Clone, Debug, Default)]
pub struct Solution {
    /// The outcomes, ordered by cost, then final room (in board order), then
    /// the room states (in the order the rules declare them). An outcome's
    /// number is its place here, counting from 1. The order is cheapest
    /// first so that a search bounded by [`Limits::max_cost`] finds the
    /// first outcomes of the full answer, with the same numbers.
    pub outcomes: Vec<Outcome>,
    /// How many search states were stored.
    pub states: usize,
}

/// The search ran out of its state budget, or of its memory budget.
#[derive(Clone, Debug, thiserror::Error)]
#[error(
    "the search stopped {}, {}",
    if *.memory {
        format!("after {states} states, as many as fit in its memory budget on a board this large")
    } else {
        format!("at its limit of {states} state{}", if *states == 1 { "" } else { "s" })
    },
    match .settled_cost {
        Some(c) => format!("having settled every outcome up to cost {c}"),
        None => "before it had settled every outcome of cost 0".to_string(),
    }
)]
pub struct LimitReached {
    /// States stored when it stopped: the limit itself when the state
    /// budget stopped it.
    pub states: usize,
    /// Every outcome of at most this cost had been found (and asking only
    /// for those, with [`Limits::max_cost`], fits in the same budget);
    /// `None` when it stopped among the states of cost 0.
    pub settled_cost: Option<Cost>,
    /// Whether the memory budget, not the state budget, stopped it.
    pub memory: bool,
}

/// How the searches stop early, inside this module: boxed, so that the
/// `Result` of every step of a search is one word, not a struct returned
/// through memory (it happens once per solve at most).
type Stopped = Box<LimitReached>;

/// Whether a search may store its `stored`-th state (counting from one)
/// while settling states of cost `settling`, where `most` states fit in the
/// memory budget. A budget of N states stores at most N: the search stops
/// when it finds the state after the N-th, saying N. A budget of 0 stores
/// nothing, not even the start, so every search stops at once.
#[inline]
fn may_store(stored: usize, limits: &Limits, most: usize, settling: u32) -> Result<(), Stopped> {
    if stored > limits.max_states || stored > most {
        return Err(stopped(stored - 1, settling, most < limits.max_states));
    }
    Ok(())
}

/// The search stopped with `states` stored while settling states of cost
/// `settling`, so every outcome up to the cost before was settled.
#[cold]
#[inline(never)]
fn stopped(states: usize, settling: u32, memory: bool) -> Stopped {
    Box::new(LimitReached {
        states,
        settled_cost: settling.checked_sub(1).map(Cost),
        memory,
    })
}

/// Where each part of a search state lives in its words.
#[derive(Clone, Copy, Debug)]
struct Field {
    word: usize,
    shift: u32,
    mask: u64,
}

impl Field {
    #[inline]
    fn get(self, words: &[u64]) -> u64 {
        (words[self.word] >> self.shift) & self.mask
    }

    #[inline]
    fn set(self, words: &mut [u64], value: u64) {
        let w = &mut words[self.word];
        *w = (*w & !(self.mask << self.shift)) | ((value & self.mask) << self.shift);
    }
}

struct Layout {
    words: usize,
    position: Field,
    rooms: Vec<Field>,
    hatches: Vec<Field>,
    visited: Option<Vec<Field>>,
    /// All of `visited` as one field, when it fits in a word.
    visited_block: Option<Field>,
    /// The hatch the player must leave by, when revisits are forbidden
    /// (see [`exit_bits`]).
    exit: Option<Field>,
    /// The bits that make up an outcome (position and room states).
    outcome_mask: Vec<u64>,
}

/// The width of the field naming the exit: the hatch the player has
/// committed to leave the room by, as 0 (none) or 1 + its index among the
/// room's hatches. Kept only when revisits are forbidden, where it prunes
/// exactly: an open that changes no room is only worth making on a hatch
/// the player walks through afterwards (drop it from a sequence that does
/// not, and what is left is legal, no costlier and one action shorter: see
/// [`changes`]), and with no revisits that walk must be the move that leaves
/// the room. So after such an open, the player leaves by that hatch or not
/// at all, and makes no open that changes no room on any other hatch.
fn exit_bits(board: &Board) -> u32 {
    let most = (0..board.rooms.len())
        .map(|r| board.neighbours(RoomId(r as u32)).len())
        .max()
        .unwrap_or(0);
    bits_for(most + 1)
}

fn bits_for(count: usize) -> u32 {
    (usize::BITS - count.saturating_sub(1).leading_zeros()).max(1)
}

impl Layout {
    fn new(board: &Board, movement: &Movement) -> Layout {
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
struct Canon {
    dry: Vec<bool>,
    /// Per room, the `partners` that [`flow_plan`] writes.
    partners: Vec<u32>,
    can_pass: Vec<bool>,
    in_play: Vec<bool>,
    stack: Vec<RoomId>,
    /// The rooms a fill after a move must reach (see [`Canon::after_move`]).
    needed: Vec<RoomId>,
}

impl Canon {
    fn new(board: &Board, movement: &Movement) -> Canon {
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

    fn apply(&mut self, board: &Board, layout: &Layout, words: &mut [u64]) {
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
    fn passes(&self, layout: &Layout, words: &[u64], h: HatchId) -> bool {
        self.passable(HatchStateId(layout.hatches[h.index()].get(words) as u8))
    }

    /// Whether a hatch in state `s` can be walked through, now or after opens.
    #[inline]
    fn passable(&self, s: HatchStateId) -> bool {
        self.can_pass
            .get(usize::from(s.0))
            .copied()
            .unwrap_or(false)
    }

    /// Fills `in_play` with the rooms reachable from `here` through
    /// unvisited rooms over hatches that can be walked through. With
    /// `early`, it stops as soon as every room of `needed` is in, and says
    /// whether it did; otherwise it fills to the end (and says `false`).
    fn fill(
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
    fn fill_small(
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
    fn mark_in_play(
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
    fn after_move(&mut self, board: &Board, layout: &Layout, from: RoomId, words: &mut [u64]) {
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
    #[allow(clippy::too_many_arguments)]
    fn after_open(
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
    fn apply_small(
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
    fn mark_in_play_small(
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

/// Works out what water can do this turn: per room, the states it could
/// take (`possible`, as bit masks) and the states a neighbour must be in for
/// an open between them to change rooms, from any of those states
/// (`partners`); per hatch, whether it is "dry": no flow rule can apply to
/// its two rooms this turn (`todo` is scratch space). Whether the hatch
/// itself can be opened does not enter into `dry`: a forgotten hatch is
/// reset to the first hatch state, which may well be one that opens.
fn flow_plan(
    board: &Board,
    movement: &Movement,
    possible: &mut Vec<u32>,
    todo: &mut Vec<u32>,
    dry: &mut Vec<bool>,
    partners: &mut Vec<u32>,
) {
    // The states each room could take, grown from the starting states
    // through the hatches that can be opened until nothing changes; a
    // hatch is looked at again whenever one of its rooms gains a state.
    // With the starting states only, a hatch does something only if its
    // two rooms flow now: one look-up says so, and most never do.
    possible.clear();
    possible.extend(board.rooms.iter().map(|r| 1u32 << r.state.0));
    // Until the answer is written, `dry` holds which hatches cannot be
    // opened: those never let water through.
    dry.clear();
    todo.clear();
    for (h, hatch) in board.hatches.iter().enumerate().rev() {
        let shut = movement.opening(hatch.state).is_none();
        dry.push(shut);
        let [a, b] = hatch.rooms;
        if !shut && movement.flow_partners(board.room(a).state) & possible[b.index()] != 0 {
            todo.push(h as u32);
        }
    }
    dry.reverse();
    while let Some(h) = todo.pop() {
        let Some(hatch) = board.hatches.get(h as usize) else {
            continue;
        };
        let [a, b] = hatch.rooms;
        let (add_a, add_b) = flow_results(movement, possible[a.index()], possible[b.index()]);
        for (room, add) in [(a, add_a), (b, add_b)] {
            let had = possible[room.index()];
            if add & !had != 0 {
                possible[room.index()] = had | add;
                for &(g, _) in board.neighbours(room) {
                    if !dry[g.index()] {
                        todo.push(g.0);
                    }
                }
            }
        }
    }
    partners.clear();
    partners.extend(possible.iter().map(|&states| {
        let mut mask = 0;
        let mut rest = states;
        while rest != 0 {
            mask |= movement.flow_partners(StateId(rest.trailing_zeros() as u8));
            rest &= rest - 1;
        }
        mask
    }));
    // No flow rule applies to a pair of states exactly when neither is a
    // partner of the other (the rules are symmetric).
    for (d, hatch) in dry.iter_mut().zip(&board.hatches) {
        let [a, b] = [hatch.rooms[0].index(), hatch.rooms[1].index()];
        *d = partners[a] & possible[b] == 0;
    }
}

/// The states two rooms can be left in by a flow that changes something,
/// when they may be in any of the states of the masks `a` and `b`.
fn flow_results(movement: &Movement, a: u32, b: u32) -> (u32, u32) {
    let mut out = (0u32, 0u32);
    let mut xs = a;
    while xs != 0 {
        let x = StateId(xs.trailing_zeros() as u8);
        xs &= xs - 1;
        // Only the states that `x` changes something with: most pairs of
        // rooms never flow, and one look-up says so.
        let mut ys = b & movement.flow_partners(x);
        while ys != 0 {
            let y = StateId(ys.trailing_zeros() as u8);
            ys &= ys - 1;
            if let Some((x2, y2)) = movement.flow(x, y) {
                out.0 |= 1 << x2.0;
                out.1 |= 1 << y2.0;
            }
        }
    }
    out
}

/// Whether a flow changes a room. An open that changes no room, through a
/// hatch into a room that cannot be entered again (visited, or out of
/// play), is never part of a best sequence, so neither search makes it:
/// the hatch can no longer be walked through, and dropping that open from
/// any sequence leaves a legal one with the same room states, no higher
/// cost and one action fewer (a later open of the same hatch flows just
/// the same, since flows depend on room states only, and each later open
/// of it moves one step less along its chain of states, paying no more).
fn changes(flow: Option<(StateId, StateId)>, here: StateId, there: StateId) -> bool {
    flow.is_some_and(|f| f != (here, there))
}

/// What one stored state takes, for a state of `key_bytes` bytes: the
/// state, its node, and its share of the hash table (at most half full,
/// doubled when it grows).
fn state_bytes(key_bytes: usize) -> usize {
    key_bytes + std::mem::size_of::<Node>() + 2 * 2 * std::mem::size_of::<u32>()
}

/// What the search knows of one stored state.
#[derive(Clone, Copy, Debug)]
struct Node {
    cost: u32,
    len: u32,
    parent: u32,
    action: u32,
    settled: bool,
}

const NO_PARENT: u32 = u32::MAX;
const EMPTY: u32 = u32::MAX;

/// Stored states: packed words in one arena, found again through an
/// open-addressing table of arena indices.
struct Store<T> {
    stride: usize,
    words: Vec<u64>,
    nodes: Vec<T>,
    table: Vec<u32>,
}

fn hash(words: &[u64]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for &w in words {
        h = (h.rotate_left(23) ^ w).wrapping_mul(0x2545_f491_4f6c_dd1d);
    }
    h ^ (h >> 29)
}

impl<T> Default for Store<T> {
    fn default() -> Self {
        Store {
            stride: 1,
            words: Vec::new(),
            nodes: Vec::new(),
            table: Vec::new(),
        }
    }
}

/// The smallest table a store starts with (a power of two).
const FIRST_TABLE: usize = 1024;

impl<T: Copy> Store<T> {
    /// Empties the store for states of `stride` words, keeping its memory.
    fn reset(&mut self, stride: usize) {
        self.stride = stride;
        self.words.clear();
        self.nodes.clear();
        self.table.clear();
        self.table.resize(FIRST_TABLE, EMPTY);
    }

    fn state(&self, node: u32) -> &[u64] {
        let i = node as usize * self.stride;
        &self.words[i..i + self.stride]
    }

    /// The node holding `words`, or a new one (with `fresh` called to fill
    /// it in).
    fn find_or_insert(&mut self, words: &[u64], fresh: T) -> (u32, bool) {
        if (self.nodes.len() + 1) * 2 > self.table.len() {
            self.grow();
        }
        let mask = self.table.len() - 1;
        let mut slot = hash(words) as usize & mask;
        loop {
            let entry = self.table[slot];
            if entry == EMPTY {
                let id = self.nodes.len() as u32;
                self.table[slot] = id;
                self.words.extend_from_slice(words);
                self.nodes.push(fresh);
                return (id, true);
            }
            if self.state(entry).iter().zip(words).all(|(a, b)| a == b) {
                return (entry, false);
            }
            slot = (slot + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = self.table.len() * 2;
        let mut table = vec![EMPTY; size];
        for id in 0..self.nodes.len() as u32 {
            let mut slot = hash(self.state(id)) as usize & (size - 1);
            while table[slot] != EMPTY {
                slot = (slot + 1) & (size - 1);
            }
            table[slot] = id;
        }
        self.table = table;
    }
}

/// Records a candidate for the stored state `id`, just stored (`inserted`)
/// or found: `fresh` is its node, made from a state settled at `from_cost`.
/// A new state joins the frontier unless the store is past the state
/// budget or past `most`, the states the memory budget allows. A stored
/// state not yet settled takes the candidate's node when it is cheaper,
/// shorter, or as cheap and long and earlier in the fixed action order.
/// Both full searches relax through here.
#[inline]
fn offer(
    nodes: &mut [Node],
    frontier: &mut Frontier,
    (id, inserted): (u32, bool),
    fresh: Node,
    from_cost: u32,
    limits: &Limits,
    most: usize,
) -> Result<(), Stopped> {
    if inserted {
        may_store(nodes.len(), limits, most, from_cost)?;
        frontier.push(fresh.cost, fresh.len, id);
        return Ok(());
    }
    let old = nodes[id as usize];
    if old.settled {
        return Ok(());
    }
    if (fresh.cost, fresh.len) < (old.cost, old.len) {
        nodes[id as usize] = fresh;
        frontier.push(fresh.cost, fresh.len, id);
    } else if (fresh.cost, fresh.len) == (old.cost, old.len)
        && path_less(nodes, fresh.parent, fresh.action, old.parent, old.action)
    {
        nodes[id as usize].parent = fresh.parent;
        nodes[id as usize].action = fresh.action;
    }
    Ok(())
}

/// Whether settled node `a` is a better way to its outcome than settled node
/// `b`: cheaper, shorter, or as cheap and long and earlier in the fixed
/// action order.
#[inline]
fn better_way(nodes: &[Node], a: u32, b: u32) -> bool {
    let (a, b) = (nodes[a as usize], nodes[b as usize]);
    (a.cost, a.len) < (b.cost, b.len)
        || ((a.cost, a.len) == (b.cost, b.len)
            && a.parent != NO_PARENT
            && path_less(nodes, a.parent, a.action, b.parent, b.action))
}

/// Writes the actions that lead to `node`, first action first.
fn write_actions(nodes: &[Node], node: u32, hatch_count: usize, actions: &mut Vec<Action>) {
    actions.clear();
    actions.resize(nodes[node as usize].len as usize, Action::Move(RoomId(0)));
    let mut back = Back::new(nodes, node, None);
    for slot in actions.iter_mut().rev() {
        if let Some(rank) = back.next() {
            *slot = decode(rank, hatch_count);
        }
    }
}

/// The actions of a path, as ranks, last first: those of `pending` (the
/// open of a fused step whose move was already walked), then those of the
/// steps that lead to `node`.
struct Back<'a> {
    nodes: &'a [Node],
    node: u32,
    pending: Option<u32>,
}

impl<'a> Back<'a> {
    fn new(nodes: &'a [Node], node: u32, pending: Option<u32>) -> Back<'a> {
        Back {
            nodes,
            node,
            pending,
        }
    }

    /// Whether two walks stand at the same place: what is left of both is
    /// the same path.
    fn meets(&self, other: &Back<'_>) -> bool {
        self.node == other.node && self.pending == other.pending
    }
}

impl Iterator for Back<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if let Some(rank) = self.pending.take() {
            return Some(rank);
        }
        let n = self.nodes.get(self.node as usize)?;
        let (open, last) = step_actions(n.action);
        self.node = n.parent;
        self.pending = open;
        Some(last)
    }
}

/// Where a fused step keeps its open (see [`fused`]): above every action
/// rank, which stays below `limits::HATCHES + limits::ROOMS`.
const FUSED_SHIFT: u32 = 16;
const _: () =
    assert!(crate::model::limits::HATCHES + crate::model::limits::ROOMS < 1 << FUSED_SHIFT);

/// One step of the search that is two actions: open a hatch (`open`, an
/// action rank) and walk through it (`walk`). Both full searches take the
/// two in one step where nothing else could usefully come between them
/// (see [`Fusing`]): after an open that changes no room the player must
/// leave by that hatch (see [`exit_bits`]), and the state in between is
/// never the best way to its outcome (the state before it is that outcome,
/// cheaper or shorter), so it need not be stored.
fn fused(open: u32, walk: u32) -> u32 {
    walk | (open + 1) << FUSED_SHIFT
}

/// The actions of a step, as ranks: the open of a fused step, if any, and
/// the last action.
#[inline]
fn step_actions(step: u32) -> (Option<u32>, u32) {
    let open = step >> FUSED_SHIFT;
    (open.checked_sub(1), step & ((1 << FUSED_SHIFT) - 1))
}

/// Compares the paths `path(a) + a_step` and `path(b) + b_step` of nodes in
/// `nodes`, of equal length in actions, in the fixed action order: the first
/// action where they differ decides. Walking both back one action at a time
/// keeps them at the same depth, so they meet at the latest at the start,
/// and the last pair of different actions seen before they meet is the
/// first difference.
fn path_less(nodes: &[Node], a: u32, a_step: u32, b: u32, b_step: u32) -> bool {
    let (a_open, xa) = step_actions(a_step);
    let (b_open, xb) = step_actions(b_step);
    let mut decisive = (xa != xb).then_some((xa, xb));
    let mut a = Back::new(nodes, a, a_open);
    let mut b = Back::new(nodes, b, b_open);
    while !a.meets(&b) {
        let (Some(xa), Some(xb)) = (a.next(), b.next()) else {
            break;
        };
        if xa != xb {
            decisive = Some((xa, xb));
        }
    }
    decisive.is_some_and(|(xa, xb)| xa < xb)
}

/// The frontier: states waiting to be settled, by cost, and within a cost by
/// number of actions.
#[derive(Default)]
struct Frontier {
    ring: Vec<Vec<(u32, u32)>>,
    cost: u32,
    current: Vec<(u32, u32)>,
    next_in_current: usize,
    zero: std::collections::VecDeque<(u32, u32)>,
    pending: usize,
}

impl Frontier {
    /// Empties the frontier for actions costing at most `max_step`,
    /// keeping its memory.
    fn reset(&mut self, max_step: u32) {
        let buckets = max_step as usize + 1;
        self.ring.truncate(buckets);
        for bucket in &mut self.ring {
            bucket.clear();
        }
        self.ring.resize_with(buckets, Vec::new);
        self.cost = 0;
        self.current.clear();
        self.next_in_current = 0;
        self.zero.clear();
        self.pending = 0;
    }

    fn push(&mut self, cost: u32, len: u32, node: u32) {
        self.pending += 1;
        // States of the cost being settled come from zero-cost actions of
        // states settled in order of length, so a queue keeps them sorted.
        if cost == self.cost {
            self.zero.push_back((len, node));
        } else {
            let n = self.ring.len();
            // A step past the ring would land in a bucket settled earlier.
            debug_assert!(
                ((cost - self.cost) as usize) < n,
                "a step longer than the ring"
            );
            self.ring[cost as usize % n].push((len, node));
        }
    }

    /// The next (cost, len, node), in order of cost then len.
    fn pop(&mut self) -> Option<(u32, u32, u32)> {
        loop {
            let from_sorted = self.current.get(self.next_in_current).copied();
            let from_zero = self.zero.front().copied();
            let take = match (from_sorted, from_zero) {
                (Some(s), Some(z)) => Some(if s.0 <= z.0 { (s, true) } else { (z, false) }),
                (Some(s), None) => Some((s, true)),
                (None, Some(z)) => Some((z, false)),
                (None, None) => None,
            };
            if let Some(((len, node), sorted)) = take {
                if sorted {
                    self.next_in_current += 1;
                } else {
                    self.zero.pop_front();
                }
                self.pending -= 1;
                return Some((self.cost, len, node));
            }
            if self.pending == 0 {
                return None;
            }
            // Move on to the next cost that has states waiting.
            self.current.clear();
            self.next_in_current = 0;
            let n = self.ring.len();
            loop {
                self.cost += 1;
                let bucket = &mut self.ring[self.cost as usize % n];
                if !bucket.is_empty() {
                    std::mem::swap(&mut self.current, bucket);
                    self.current.sort_unstable();
                    break;
                }
            }
        }
    }
}

/// Memory for many solves. A solve through a workspace keeps its tables,
/// queues and outcomes for the next one, so solving in a loop (a sweep, a
/// game AI) allocates next to nothing once the workspace has grown to the
/// boards it sees. It keeps the memory of its largest solve until dropped.
#[derive(Default)]
pub struct Workspace {
    full: Full,
    best: Store<u32>,
    key: Vec<u64>,
    dry: dry::Space,
    small: small::Space,
    solution: Solution,
    spare: Vec<Outcome>,
}

impl Workspace {
    /// An empty workspace.
    pub fn new() -> Workspace {
        Workspace::default()
    }

    /// Finds every outcome of a turn starting in `start`, exactly as
    /// [`solve`] does; the answer lives until the next solve.
    pub fn solve(
        &mut self,
        board: &Board,
        movement: &Movement,
        start: RoomId,
        limits: &Limits,
    ) -> Result<&Solution, LimitReached> {
        self.recycle();
        let done = if !can_flow(board, movement) {
            dry::solve(self, board, movement, start, limits)
        } else if let Some(done) = small::solve(self, board, movement, start, limits) {
            done
        } else {
            self.exhaustive(board, movement, start, limits)
        };
        done.map_err(|stop| *stop)?;
        Ok(&self.solution)
    }

    /// The full search, as [`solve_exhaustive`] does.
    pub fn solve_exhaustive(
        &mut self,
        board: &Board,
        movement: &Movement,
        start: RoomId,
        limits: &Limits,
    ) -> Result<&Solution, LimitReached> {
        self.recycle();
        self.exhaustive(board, movement, start, limits)
            .map_err(|stop| *stop)?;
        Ok(&self.solution)
    }

    /// Forgets the last answer, keeping its outcomes' memory to write the
    /// next over.
    fn recycle(&mut self) {
        self.solution.states = 0;
    }

    /// Hands over the last answer, leaving the workspace empty of it.
    fn take(&mut self) -> Solution {
        std::mem::take(&mut self.solution)
    }

    fn exhaustive(
        &mut self,
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
        } = &mut self.full;
        store.reset(layout.words);
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
        may_store(
            1,
            limits,
            limits.max_memory / state_bytes(layout.words * 8),
            0,
        )?;
        store.find_or_insert(initial, root);
        frontier.push(0, 0, 0);
        settled_order.clear();
        let states = self
            .full
            .settle(board, movement, limits, &layout, &mut canon)?;
        self.collect_outcomes(board, &layout);
        self.solution.states = states;
        Ok(())
    }
}

/// Finds every outcome of a turn starting in `start`.
pub fn solve(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
) -> Result<Solution, LimitReached> {
    let mut workspace = Workspace::new();
    workspace.solve(board, movement, start, limits)?;
    Ok(workspace.take())
}

/// The general full search over every state; [`solve`] uses it when water
/// may flow and a state does not fit in 128 bits. Public so that tests can
/// hold the shortcuts to it.
pub fn solve_exhaustive(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    limits: &Limits,
) -> Result<Solution, LimitReached> {
    let mut workspace = Workspace::new();
    workspace.solve_exhaustive(board, movement, start, limits)?;
    Ok(workspace.take())
}

/// The memory of the full search.
#[derive(Default)]
struct Full {
    store: Store<Node>,
    frontier: Frontier,
    /// Nodes in the order they were settled.
    settled: Vec<u32>,
    scratch: Vec<u64>,
}

impl Full {
    /// Settles every state reachable from those in the store, in order of
    /// (cost, actions); returns how many states were stored.
    fn settle(
        &mut self,
        board: &Board,
        movement: &Movement,
        limits: &Limits,
        layout: &Layout,
        canon: &mut Canon,
    ) -> Result<usize, Stopped> {
        let Full {
            store,
            frontier,
            settled: settled_order,
            scratch,
        } = self;
        let hatch_count = board.hatches.len();
        let max_cost = limits.max_cost.map_or(u32::MAX, |c| c.0);
        let most_in_memory = limits.max_memory / state_bytes(layout.words * 8);

        while let Some((cost, len, node)) = frontier.pop() {
            let n = store.nodes[node as usize];
            if n.settled || n.cost != cost || n.len != len {
                continue;
            }
            store.nodes[node as usize].settled = true;
            settled_order.push(node);

            let base_start = node as usize * layout.words;
            let here = RoomId(
                layout
                    .position
                    .get(&store.words[base_start..base_start + layout.words])
                    as u32,
            );
            let mut relax = |store: &mut Store<Node>,
                             words: &[u64],
                             step: u32,
                             action: u32|
             -> Result<(), Stopped> {
                let Some(new_cost) = cost.checked_add(step).filter(|&c| c <= max_cost) else {
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
                offer(
                    &mut store.nodes,
                    frontier,
                    found,
                    fresh,
                    cost,
                    limits,
                    most_in_memory,
                )
            };

            let here_state = StateId(layout.rooms[here.index()].get(store.state(node)) as u8);
            let may_leave = movement.may_leave(here_state);
            // Opening hatches, then moving: the order does not matter for the
            // result (ties are settled by path comparison), only for speed.
            let exit = layout.exit.map_or(0, |f| f.get(store.state(node)) as usize);
            let fusing = layout.exit.is_some().then(|| {
                let state = store.state(node);
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
                let state = store.state(node);
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
                    let state = store.state(node);
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

        Ok(store.nodes.len())
    }
}

/// The largest cost of one step of the full searches: one action, or an
/// open and a move fused (see [`fused`]), which only happens when revisits
/// are forbidden.
fn longest_step(movement: &Movement) -> u32 {
    let most = movement.max_step();
    if movement.revisit() {
        most
    } else {
        most.saturating_mul(2)
    }
}

/// How many actions a step holds (see [`fused`]).
#[inline]
fn actions_in(step: u32) -> u32 {
    1 + u32::from(step_actions(step).0.is_some())
}

/// What walking through a hatch in state `through` from a room in state
/// `from` into one in state `to` costs, if it is allowed (leaving `from`
/// is checked apart).
#[inline]
fn walk_cost(
    movement: &Movement,
    from: StateId,
    through: HatchStateId,
    to: StateId,
) -> Option<Cost> {
    if movement.walk_through(through) {
        movement.enter(from, through, to)
    } else {
        None
    }
}

/// Which opens that change no room, at the player's room, are fused with
/// the move through their hatch (see [`fused`]).
///
/// After such an open of hatch `e` the player must leave through `e`, so
/// the only things that can come before that move are opens that change
/// rooms (flows) at the same room. When no open there can change a room,
/// nothing can: the open and the move are fused. Otherwise they still are
/// when every hatch there that could ever flow while the player stands in
/// the room (from any state the room could take) comes before `e` in the
/// action order. `e` itself is then not one of them, so it stays an open
/// that changes no room, and any sequence `open e, flows..., move e` has
/// the same effect, cost and length as `flows..., open e, move e`, which
/// is earlier in the action order: the first is never the best way
/// anywhere.
struct Fusing {
    /// The state of the player's room, and whether they may leave it.
    here_state: StateId,
    may_leave: bool,
    /// Some open at this room changes a room now.
    flows_now: bool,
    /// The last hatch, in board order, that could flow while the player is
    /// here.
    last_flow: Option<u32>,
}

impl Fusing {
    /// Looks at every hatch of the room: its id, its state and the state of
    /// the room behind it. The room is in `here_state`, which the player
    /// may leave or not (`may_leave`); `ever` holds the states a room behind
    /// could be in for an open to change rooms, from any state this room
    /// could take (see [`flow_plan`]).
    #[inline]
    fn new(
        movement: &Movement,
        here_state: StateId,
        may_leave: bool,
        ever: u32,
        hatches: impl Iterator<Item = (HatchId, HatchStateId, StateId)>,
    ) -> Fusing {
        let now = movement.flow_partners(here_state);
        let mut fusing = Fusing {
            here_state,
            may_leave,
            flows_now: false,
            last_flow: None,
        };
        for (hatch, state, there_state) in hatches {
            let bit = 1u32 << there_state.0;
            if (now | ever) & bit == 0 || movement.opening(state).is_none() {
                continue;
            }
            fusing.flows_now |= now & bit != 0;
            if ever & bit != 0 {
                fusing.last_flow = Some(fusing.last_flow.map_or(hatch.0, |f| f.max(hatch.0)));
            }
        }
        fusing
    }

    /// Whether an open of `hatch` that changes no room, which leaves it in
    /// state `becomes`, is fused with the move through it: also only when
    /// the hatch cannot be opened further (else another open of it could
    /// come first).
    #[inline]
    fn fuses(&self, movement: &Movement, hatch: HatchId, becomes: HatchStateId) -> bool {
        (!self.flows_now || self.last_flow.is_some_and(|f| hatch.0 > f))
            && movement.opening(becomes).is_none()
    }

    /// What a fused open (`opening`) and move into a room in state
    /// `there_state` cost together; `None` when the move is not allowed,
    /// and then the open is not worth making at all.
    #[inline]
    fn cost(&self, movement: &Movement, opening: Opening, there_state: StateId) -> Option<u32> {
        if !self.may_leave {
            return None;
        }
        let step = walk_cost(movement, self.here_state, opening.becomes, there_state)?;
        Some(opening.cost.0 + step.0)
    }
}

/// Moves the player of the (general) state `words` into `there`, through a
/// hatch they may walk through, and makes the state canonical again.
fn walk(
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

impl Workspace {
    /// The best settled state of every outcome, turned into [`Outcome`]s.
    fn collect_outcomes(&mut self, board: &Board, layout: &Layout) {
        // Outcome keys (position and room states) in an arena table like the
        // states themselves, with the best node of each.
        let Workspace {
            full: Full { store, settled, .. },
            best,
            key,
            solution,
            spare,
            ..
        } = self;
        best.reset(layout.words);
        key.clear();
        key.resize(layout.words, 0);
        for &node in settled.iter() {
            for ((k, w), m) in key
                .iter_mut()
                .zip(store.state(node))
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
        let hatch_count = board.hatches.len();
        let mut writer = Writer::new(&mut solution.outcomes, spare);
        for &node in &best.nodes {
            let state = store.state(node);
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
    }
}

/// Writes outcomes over those of the last solve, in place, so that a warm
/// workspace moves and allocates nothing; outcomes left over go to `spare`
/// for a later solve with more.
struct Writer<'a> {
    outcomes: &'a mut Vec<Outcome>,
    spare: &'a mut Vec<Outcome>,
    filled: usize,
}

impl<'a> Writer<'a> {
    fn new(outcomes: &'a mut Vec<Outcome>, spare: &'a mut Vec<Outcome>) -> Writer<'a> {
        Writer {
            outcomes,
            spare,
            filled: 0,
        }
    }

    /// The next outcome, with no room states and no actions, for the
    /// caller to fill in.
    fn push(&mut self, room: RoomId, cost: Cost) -> &mut Outcome {
        if self.filled == self.outcomes.len() {
            let outcome = self.spare.pop().unwrap_or_else(|| Outcome {
                room,
                rooms: Vec::new(),
                cost,
                actions: Vec::new(),
            });
            self.outcomes.push(outcome);
        }
        let outcome = &mut self.outcomes[self.filled];
        self.filled += 1;
        outcome.room = room;
        outcome.cost = cost;
        outcome.rooms.clear();
        outcome.actions.clear();
        outcome
    }

    /// The outcomes written, the rest put aside.
    fn finish(self) -> &'a mut Vec<Outcome> {
        self.spare.extend(self.outcomes.drain(self.filled..));
        self.outcomes
    }
}

/// The action with this rank (see [`Action::rank`]).
fn decode(rank: u32, hatch_count: usize) -> Action {
    if (rank as usize) < hatch_count {
        Action::Open(HatchId(rank))
    } else {
        Action::Move(RoomId(rank - hatch_count as u32))
    }
}
