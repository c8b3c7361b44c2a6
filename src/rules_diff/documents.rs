//! The documents of `hatchway diff --format json`: two rules compared on
//! boards, on random boards, and one rules with and without items.

use schemars::JsonSchema;
use serde::Serialize;

use super::Difference;

/// Two rules compared on boards (`diff --rules A --rules B BOARD...`).
#[derive(Debug, Serialize, JsonSchema)]
pub struct RulesDiffDoc {
    /// The two rules' names, in the order given.
    pub rules: [String; 2],
    /// The items held.
    pub with: Vec<String>,
    /// Each board, in the order given.
    pub boards: Vec<RulesBoardDiffDoc>,
}

/// One board's differences between two rules.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RulesBoardDiffDoc {
    /// The board's name.
    pub board: String,
    /// The start room's id.
    pub start: String,
    /// The outcomes the two rules disagree on.
    pub differences: Vec<Difference>,
}

/// Two rules compared on random boards (`diff ... --random N`).
#[derive(Debug, Serialize, JsonSchema)]
pub struct RandomDiffDoc {
    /// The two rules' names, in the order given.
    pub rules: [String; 2],
    /// How many random boards.
    pub boards: usize,
    /// The rooms of each.
    pub rooms: usize,
    /// The seed they were drawn from.
    pub seed: u64,
    /// The item sets each turn was compared holding.
    pub item_sets: Vec<Vec<String>>,
    /// The turns compared: every start room of every board (each with
    /// every item set).
    pub turns: usize,
    /// How many of them differ, holding some item set.
    pub differing: usize,
    /// `differing` over `turns`, from 0 to 1.
    pub share: f64,
    /// A smallest board where they differ, when one does.
    pub smallest: Option<SmallestDiffDoc>,
}

/// A smallest board where two rules differ, shrunk from a random one.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SmallestDiffDoc {
    /// Its rooms.
    pub rooms: usize,
    /// Its hatches.
    pub hatches: usize,
    /// The start room's id.
    pub start: String,
    /// The file it was written to, when one was asked for.
    pub file: Option<String>,
    /// The board, in the hatchway language.
    pub board: String,
    /// The items held in the turn that differs.
    pub with: Vec<String>,
    /// The outcomes the two rules disagree on there.
    pub differences: Vec<Difference>,
}

/// One rules with and without items (`diff --item ITEM BOARD...`).
#[derive(Debug, Serialize, JsonSchema)]
pub struct ItemDiffDoc {
    /// The items compared.
    pub item: Vec<String>,
    /// Without them, then with them.
    pub sides: [ItemSideDoc; 2],
    /// Each board, in the order given.
    pub boards: Vec<ItemBoardDiffDoc>,
}

/// One side of an item comparison: what it is called and the items held.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ItemSideDoc {
    /// Its name: `without ITEM` or `with ITEM`.
    pub label: String,
    /// The items held.
    pub with: Vec<String>,
}

/// One board's differences with and without items.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ItemBoardDiffDoc {
    /// The board's name.
    pub board: String,
    /// The rules it is played by.
    pub rules: String,
    /// The start room's id.
    pub start: String,
    /// The outcomes the two sides disagree on.
    pub differences: Vec<Difference>,
}
