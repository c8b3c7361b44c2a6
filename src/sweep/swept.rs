//! What a sweep sweeps, named as its summary names it: the board, the
//! rules, the items, the rooms that vary and the states they take, the
//! start rooms and the limits. A summary is printed from it alone, so that
//! the summary merged from shards is printed as the whole sweep's is,
//! without the board; and shards of one sweep are told from another's by
//! it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::{Board, Movement, Rules, Wording};

use super::{Configuration, Sweep};

/// A sweep, named: every word its summary prints and every number that
/// tells it from another sweep.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Swept {
    /// The board's name.
    pub board: String,
    /// The rules' name.
    pub rules: String,
    /// The items the player holds, by their names in the rules, in the
    /// order the rules declare them.
    pub items: Vec<String>,
    /// The items held as a player says them.
    pub items_said: Vec<String>,
    /// The one start room's id when the sweep starts in one room of a
    /// board of several (`--from`); `None` when every room is a start.
    pub start: Option<String>,
    /// That room as messages call it: `7 (Missile Control)`.
    pub start_label: Option<String>,
    /// Every room of the board by id, in board order: the rooms of the
    /// summary's table.
    pub board_rooms: Vec<String>,
    /// The ids of the rooms whose states vary, in the sweep's order.
    pub rooms: Vec<String>,
    /// The states they take, by their names in the rules.
    pub states: Vec<String>,
    /// Those states as a player says them.
    pub states_said: Vec<String>,
    /// The ids of the start rooms, in the sweep's order.
    pub starts: Vec<String>,
    /// The most search states one solve may store (`--max-states`).
    pub max_states: u64,
    /// The memory all the sweep's solves at once may take, in bytes
    /// (`--max-memory`).
    pub max_memory: u64,
    /// A fingerprint of everything a solve reads, in 16 hex digits: the
    /// board's rooms and hatches with their states, the rules by what they
    /// mean (not by where they are written), the items, the varying
    /// rooms, their states, the start rooms and the limits. Two sweeps
    /// with the same names over different boards or rules differ here.
    pub fingerprint: String,
}

impl Swept {
    /// `sweep` of `board`, played by `movement`, named.
    pub fn new(board: &Board, movement: &Movement, sweep: &Sweep) -> Swept {
        let rules = movement.rules();
        let one_start = match sweep.starts[..] {
            [one] if board.rooms.len() > 1 => Some(board.room(one)),
            _ => None,
        };
        let ids = |rooms: &[crate::model::RoomId]| -> Vec<String> {
            rooms.iter().map(|r| board.room(*r).id.clone()).collect()
        };
        let held = movement.held();
        Swept {
            board: board.name.clone(),
            rules: rules.name.clone(),
            items: held.iter().map(|s| (*s).to_string()).collect(),
            items_said: held.iter().map(|s| rules.say(s).into_owned()).collect(),
            start: one_start.map(|r| r.id.clone()),
            start_label: one_start.map(crate::model::Room::label),
            board_rooms: board.rooms.iter().map(|r| r.id.clone()).collect(),
            rooms: ids(&sweep.rooms),
            states: sweep
                .states
                .iter()
                .map(|s| rules.room_states[usize::from(s.0)].clone())
                .collect(),
            states_said: sweep
                .states
                .iter()
                .map(|&s| rules.say_room_state(s).into_owned())
                .collect(),
            starts: ids(&sweep.starts),
            max_states: sweep.limits.max_states as u64,
            max_memory: sweep.limits.max_memory as u64,
            fingerprint: format!("{:016x}", fingerprint(board, movement, sweep)),
        }
    }

    /// How many configurations (without the start room), as
    /// [`Sweep::configurations`] counts them.
    pub fn configurations(&self) -> Option<u64> {
        (self.states.len() as u64).checked_pow(u32::try_from(self.rooms.len()).ok()?)
    }

    /// How many solves in all, as [`Sweep::solves`] counts them.
    pub fn solves(&self) -> Option<u64> {
        self.configurations()?.checked_mul(self.starts.len() as u64)
    }

    /// The configuration of solve number `index` in the sweep's order (as
    /// `decode` numbers them): the start room varies fastest, then
    /// the first varying room's state, and so on. `None` past the last.
    pub fn configuration(&self, index: u64) -> Option<Configuration> {
        if index >= self.solves()? {
            return None;
        }
        let (starts, k) = (self.starts.len() as u64, self.states.len() as u64);
        let start = self.starts.get((index % starts) as usize)?.clone();
        let mut rest = index / starts;
        let mut rooms = Vec::with_capacity(self.rooms.len());
        for room in &self.rooms {
            let state = self.states.get((rest % k) as usize)?;
            rooms.push((room.clone(), state.clone()));
            rest /= k;
        }
        Some(Configuration { start, rooms })
    }
}

/// 64-bit FNV-1a: a hash every machine computes alike, whatever its
/// endianness or its Rust (std's hashers are not stable between releases).
pub(super) struct Fnv(u64);

impl Fnv {
    pub(super) fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub(super) fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// A number as 8 bytes, so that `1, 23` and `12, 3` differ.
    pub(super) fn number(&mut self, n: u64) {
        self.bytes(&n.to_le_bytes());
    }

    pub(super) fn finish(&self) -> u64 {
        self.0
    }
}

/// The fingerprint of what every solve of `sweep` reads ([`Swept::fingerprint`]).
///
/// The model's own `Debug` text is hashed: it writes every field that
/// gives a turn its meaning, and holds no hash map whose order could vary
/// from run to run. Where a rules file writes each rule is left out (a
/// rules file moved or reformatted is the same rules), how its `say`
/// statements word things is kept (the summary prints those words). Shards
/// of different versions of hatchway are refused before this is compared,
/// so the text need only be the same within one version.
fn fingerprint(board: &Board, movement: &Movement, sweep: &Sweep) -> u64 {
    let rules = movement.rules();
    let meaning = Rules {
        wording: Wording {
            said: rules.wording.said.clone(),
            ..Wording::default()
        },
        ..Rules::clone(rules)
    };
    let mut hash = Fnv::new();
    for text in [
        format!("{:?}", board.rooms),
        format!("{:?}", board.hatches),
        format!("{meaning:?}"),
        format!("{:?}", movement.held()),
        format!("{:?} {:?} {:?}", sweep.rooms, sweep.states, sweep.starts),
        format!("{:?}", sweep.limits),
    ] {
        hash.number(text.len() as u64);
        hash.bytes(text.as_bytes());
    }
    hash.finish()
}
