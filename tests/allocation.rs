//! The searches count their memory themselves (the memory budget reads the
//! count): here the count is held to what the allocator gave them, on
//! boards of both full searches, solved to the end and stopped by each
//! budget. A test binary of its own, so that nothing allocates beside it.

use std::alloc::System;

use hatchway::generate::checkerboard_board;
use hatchway::model::ItemSet;
use hatchway::search::{Limits, Workspace};
use hatchway::testing::workspace_room;
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Every table the searches keep is counted; only the few words per room
/// and hatch of a ship's layout, and the stop's own box, are not.
#[test]
fn the_memory_counted_is_the_memory_allocated() {
    let rules = hatchway::load::builtin_rules("red-november-rulebook").expect("built in");
    let movement = rules.movement(ItemSet::default());
    let (mut small, mut general) = (0, 0);
    for rooms in [16, 20, 100] {
        let board = hatchway::load::board_from_str("grid", &checkerboard_board(rooms))
            .map(|l| l.value)
            .unwrap_or_else(|f| panic!("{} problems", f.reports.len()));
        for limits in [
            Limits {
                max_states: 300_000,
                ..Limits::default()
            },
            Limits {
                max_memory: 48 << 20,
                ..Limits::default()
            },
            Limits {
                max_memory: 4 << 20,
                ..Limits::default()
            },
        ] {
            let region = Region::new(GLOBAL);
            let mut workspace = Workspace::new();
            let solved = workspace
                .solve(&board, &movement, board.start, &limits)
                .map(|s| s.outcomes.len());
            let change = region.change();
            // A reallocation is counted in both as what it grew or shrank.
            let allocated = change.bytes_allocated - change.bytes_deallocated;
            let (by_small, counted) = workspace_room(&workspace);
            if by_small > 0 {
                small += 1;
            } else {
                general += 1;
            }
            println!(
                "{rooms} rooms, {limits:?}: {solved:?}, counted {counted} of {allocated} bytes"
            );
            assert!(
                counted <= allocated && allocated <= counted + counted / 50 + (64 << 10),
                "{rooms} rooms, {limits:?} ({solved:?}): counted {counted} of {allocated} bytes"
            );
        }
    }
    assert!(
        small > 0 && general > 0,
        "both searches were measured: {small} and {general}"
    );
}
