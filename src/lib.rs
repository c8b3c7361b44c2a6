//! hatchway: the movement rules of Red November's submarine as data, and an
//! exact search over them.
//!
//! The pipeline, one module a stage: text ([`syntax`], [`interchange`]) ->
//! syntax tree with spans ([`syntax::ast`]) -> checked and compiled model
//! ([`check`], [`model`]) -> search ([`search`]) -> outcomes ([`outcome`]) ->
//! output ([`render`]). [`load`] ties the first stages to files; [`export`]
//! writes compiled boards back out, and [`import`] reads the flat format of
//! the first pathfinder for this game; [`format`](mod@format) lays a file
//! out in the canonical way (`hatchway fmt`). After the move, [`fixit`]
//! plans the action and its odds, and [`judgement`] judges a player's plan.
//!
//! A board from text, every outcome of a turn, and a plan judged:
//!
//! ```
//! use hatchway::{judgement, load, search};
//! use hatchway::model::ItemSet;
//!
//! let board = load::board_from_str(
//!     "two",
//!     "board two\nroom 1\nroom 2: low_flood\nhatch 1-2\nstart 1\n",
//! )
//! .map_err(|f| format!("{} problems", f.reports.len()))?
//! .value;
//! let movement = board.rules.movement(ItemSet::default());
//! let solution = search::solve(&board, &movement, board.start, &search::Limits::default())?;
//! // Stay for 0 minutes; open the hatch (1) and wade into room 2 (1 more).
//! let costs: Vec<u32> = solution.outcomes.iter().map(|o| o.cost.0).collect();
//! assert_eq!(costs, [0, 2]);
//!
//! let judged = judgement::judge(&board, &movement, board.start, "open 1-2, move 2")
//!     .map_err(|p| p.message)?;
//! assert!(judged.is_allowed());
//! assert_eq!(judged.outcome().cost.0, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod builtin;
pub mod check;
pub mod diagnostic;
pub mod export;
pub mod fixit;
pub mod format;
pub mod generate;
pub mod import;
pub mod interchange;
pub mod judgement;
pub mod load;
pub mod model;
pub mod outcome;
pub mod plan;
pub mod referee;
pub mod render;
pub mod rules_diff;
pub mod schema;
pub mod search;
pub mod snapshot;
pub mod spelling;
pub mod suite;
pub mod sweep;
pub mod syntax;
