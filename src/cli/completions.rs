//! `hatchway completions`: shell completions, generated from the
//! command-line definition so they never drift from it.

use clap::CommandFactory;

use super::*;

/// Writes generated text to standard output. The generators are given a
/// buffer, not the terminal: they panic when a write fails, and a closed pipe
/// (`hatchway man | head`) is not a reason to panic.
fn emit(bytes: &[u8]) -> Exit {
    let _ = std::io::stdout().lock().write_all(bytes);
    Exit::Success
}

pub(super) fn completions(shell: clap_complete::Shell) -> Exit {
    let mut buffer = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "hatchway", &mut buffer);
    emit(&buffer)
}
