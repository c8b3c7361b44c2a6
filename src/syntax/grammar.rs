//! The parser pest derives from the grammar in `grammar/hatchway.pest`, with
//! its `Rule` enum: a module of its own, since the generated items carry no
//! documentation, and every stage of reading uses its `Rule`.

#![allow(missing_docs)]

use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "../grammar/hatchway.pest"]
pub(super) struct HatchwayParser;
