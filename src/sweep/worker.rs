//! One thread's share of a sweep: the classes it judges, depth first.

use crate::model::Board;
use crate::search::{Reach, Workspace};

use super::classes::{Class, Classes, Verdict};
use super::tally::Tally;

/// What one thread of a sweep works with: a workspace, a ship whose
/// varying rooms each search sets, and what it has counted.
pub(super) struct Worker {
    workspace: Workspace,
    ship: Board,
    pub(super) tally: Tally,
}

impl Worker {
    pub(super) fn new(board: &Board) -> Worker {
        Worker {
            workspace: Workspace::new(),
            ship: board.clone(),
            tally: Tally::new(board.rooms.len()),
        }
    }

    /// Judges `class` (whose answer is `known`, when it is): counts it
    /// when one search answers it whole, telling `progress` how many
    /// solves that makes, or hands its parts to `part`, the one that
    /// shares its answer last (so that a stack takes it first).
    pub(super) fn split(
        &mut self,
        classes: &Classes<'_>,
        class: Class,
        known: Option<Reach>,
        progress: &(dyn Fn(u64) + Sync),
        mut part: impl FnMut((Class, Option<Reach>)),
    ) {
        let searched = known.is_none();
        match classes.judge(&class, known, &mut self.ship, &mut self.workspace) {
            Verdict::Whole(reach) => {
                if searched {
                    self.tally.searched(reach.as_ref());
                }
                progress(self.tally.add(classes.sweep(), &class, reach.as_ref()));
            }
            Verdict::Split { room, known } => {
                if searched {
                    self.tally.searched(known.as_ref());
                }
                let free = classes.free();
                for s in (0..classes.sweep().states.len() as u8).filter(|&s| s != free) {
                    let mut fixed = class.fixed.clone();
                    fixed[room] = Some(s);
                    part((
                        Class {
                            start: class.start,
                            fixed,
                        },
                        None,
                    ));
                }
                let mut fixed = class.fixed;
                fixed[room] = Some(free);
                part((
                    Class {
                        start: class.start,
                        fixed,
                    },
                    known,
                ));
            }
        }
    }
}
