//! `hatchway lsp`: the language server, over standard input and output.

use super::*;
use crate::lsp::{Ended, serve};

pub(super) fn lsp() -> Exit {
    match serve() {
        Ended::Cleanly => Exit::Success,
        Ended::Badly(reason) => {
            eprintln!("hatchway lsp: {reason}");
            Exit::Invalid
        }
    }
}
