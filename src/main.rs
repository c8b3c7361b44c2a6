//! The `hatchway` command: the library's command line, run on this
//! process's arguments.

#![forbid(unsafe_code)]

/// mimalloc instead of the system's allocator: a batch builds and drops
/// many small documents a line, and glibc's malloc and free were a quarter
/// of its instructions (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    // mimalloc asks Linux for transparent huge pages, and every 2 MiB page
    // a search touches at all is then the process's: the sub with the sea
    // peaked at 43 MiB with them and 18 MiB without, for a few more page
    // faults (BENCHMARKS.md). What mimalloc does with `MIMALLOC_ALLOW_THP=0`,
    // done here for every run; if Linux refuses, the pages stay as they are.
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
    hatchway::command_line()
}
