//! The `hatchway` command: the library's command line, run on this
//! process's arguments.

#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    hatchway::command_line()
}
