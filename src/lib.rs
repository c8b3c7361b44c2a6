//! hatchway: the movement rules of Red November's submarine as data, and an
//! exact search over them.
//!
//! The pipeline, one module a stage: text ([`syntax`], [`interchange`]) ->
//! syntax tree with spans ([`syntax::ast`]) -> checked and compiled model
//! ([`check`], [`model`]) -> search ([`search`]) -> outcomes ([`outcome`]) ->
//! output ([`render`]). [`load`] ties the first stages to files.

#![forbid(unsafe_code)]

pub mod builtin;
pub mod check;
pub mod diagnostic;
pub mod generate;
pub mod interchange;
pub mod load;
pub mod model;
pub mod outcome;
pub mod plan;
pub mod referee;
pub mod render;
pub mod search;
pub mod sweep;
pub mod syntax;
