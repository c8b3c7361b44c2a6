//! hatchway: the movement rules of Red November's submarine as data, and an
//! exact search over them.
//!
//! The pipeline, one module a stage: text ([`syntax`], [`interchange`]) ->
//! syntax tree with spans ([`syntax::ast`]) -> checked and compiled model
//! ([`check`], [`model`]) -> search ([`search`]) -> outcomes ([`outcome`]) ->
//! output ([`render`]). [`load`] ties the first stages to files; [`export`]
//! writes compiled boards back out, and [`import`] reads the flat format of
//! the first pathfinder for this game; [`format`](mod@format) lays a file out in the
//! canonical way (`hatchway fmt`).

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
