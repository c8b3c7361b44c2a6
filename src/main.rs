//! The `hatchway` command: the library's command line, run on this
//! process's arguments.

#![forbid(unsafe_code)]

/// mimalloc instead of the system's allocator: a batch builds and drops
/// many small documents a line, and glibc's malloc and free were a quarter
/// of its instructions (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    hatchway::command_line()
}
