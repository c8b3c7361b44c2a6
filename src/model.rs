//! The compiled model: rules and boards as small ids and dense tables.
//!
//! Nothing here knows a game state by name. A [`Rules`] value is what a rules
//! file says, compiled; [`Movement`] is the same rules narrowed to the items
//! a player holds, as flat tables the search reads in its inner loop.

use std::fmt;

use serde::Serialize;

mod board;
mod movement;
mod rules;
pub mod turn;
mod words;

pub use board::{Board, Hatch, Room, room_id_order};
pub use movement::{Crossing, Movement};
pub use rules::{EnterRule, LeaveRule, OpenRule, Opening, Quote, RuleRef, Rules, Wording};
pub use turn::{
    Action, ActionEffect, ActionId, ActionRule, Chance, EndRule, OnFailure, Terms, TurnRules,
    Verdict,
};
pub use words::Names;

/// A number of minutes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Cost(pub u32);

impl Cost {
    /// The sum, or `None` past `u32::MAX`.
    pub fn checked_add(self, other: Cost) -> Option<Cost> {
        self.0.checked_add(other.0).map(Cost)
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The largest cost one rule may give an action.
pub const MAX_RULE_COST: u32 = 1000;

/// A room state, as an index into [`Rules::room_states`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StateId(pub u8);

/// A hatch state, as an index into [`Rules::hatch_states`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HatchStateId(pub u8);

/// An item, as an index into [`Rules::items`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub u8);

/// A room, as an index into [`Board::rooms`] (rooms are kept in canonical
/// order, so ids do not depend on the order a file lists them in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoomId(pub u32);

impl RoomId {
    /// The index into the board's rooms.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A hatch, as an index into [`Board::hatches`] (canonical order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HatchId(pub u32);

impl HatchId {
    /// The index into the board's hatches.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Limits on what a rules file may declare (they keep the search's packed
/// states small).
pub mod limits {
    /// Room states a rules file may declare.
    pub const ROOM_STATES: usize = 16;
    /// Hatch states a rules file may declare.
    pub const HATCH_STATES: usize = 16;
    /// Items a rules file may declare.
    pub const ITEMS: usize = 8;
    /// Rooms on one board.
    pub const ROOMS: usize = 1024;
    /// Hatches on one board.
    pub const HATCHES: usize = 4096;
    /// Characters in a name, id or title.
    pub const NAME_LENGTH: usize = 64;
    /// Bytes in one input file.
    pub const FILE_SIZE: usize = 1 << 20;
    /// The largest column or row of a room's `at` position: a drawing is
    /// for a terminal, so a few dozen boxes across is already too wide.
    pub const POSITION: u16 = 99;
}

/// The set of items a player holds this turn, as a bit mask over
/// [`ItemId`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ItemSet(pub u16);

impl ItemSet {
    /// Whether the set holds `item`.
    pub fn contains(self, item: ItemId) -> bool {
        self.0 & (1 << item.0) != 0
    }

    /// The set with `item` added.
    pub fn with(self, item: ItemId) -> ItemSet {
        ItemSet(self.0 | (1 << item.0))
    }
}

/// What narrows a rule to some cases. A rule applies when all its conditions
/// hold; among the rules that apply, the one with the most conditions wins
/// (the checker makes sure there is exactly one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Condition {
    /// The state of the room being left.
    pub from: Option<StateId>,
    /// The state of the hatch walked through.
    pub through: Option<HatchStateId>,
    /// Items that must be held.
    pub with: ItemSet,
    /// Items that must not be held.
    pub without: ItemSet,
}

impl Condition {
    /// How many conditions there are: the rule's specificity.
    pub fn count(&self) -> u32 {
        u32::from(self.from.is_some())
            + u32::from(self.through.is_some())
            + self.with.0.count_ones()
            + self.without.0.count_ones()
    }

    /// Whether the condition holds in this case.
    pub fn holds(&self, from: StateId, through: HatchStateId, items: ItemSet) -> bool {
        self.from.is_none_or(|s| s == from)
            && self.through.is_none_or(|h| h == through)
            && items.0 & self.with.0 == self.with.0
            && items.0 & self.without.0 == 0
    }
}
