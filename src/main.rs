//! The `hatchway` command: a thin layer over the library.

#![forbid(unsafe_code)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
