//! The code lens of a board: how many outcomes its turn has and, for each
//! room where a fix-it action can be taken, the cheapest way there. The
//! search runs on a worker thread with a small budget, so that the editor
//! never waits on it: a budget stop is shown as such, and an answer for a
//! text the user has since changed is dropped (the document's generation
//! has moved on).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};

use lsp_types::{CodeLens, Command, Range, Uri};

use super::documents::Document;
use super::requests::Asker;
use crate::answer::{Answer, Turn};
use crate::model::Board;
use crate::render;
use crate::search::{self, Limits};

/// The budget of the lens's search: enough for the shipped boards, small
/// enough (a few tenths of a second, tens of megabytes) to run on every
/// save.
const LIMITS: Limits = Limits {
    max_states: 200_000,
    max_cost: None,
    max_memory: 64 << 20,
};

/// The lines found for one text of a document.
struct Found {
    generation: u64,
    lines: Vec<String>,
}

/// The lenses found so far, shared with the workers that find them.
pub(super) struct Lenses {
    found: Arc<Mutex<HashMap<Uri, Found>>>,
    /// Where workers send the request that asks the editor to show new
    /// lenses.
    asker: Asker,
    /// Whether the editor takes that request.
    refresh: bool,
}

impl Lenses {
    /// No lenses yet; `refresh` when the editor can be asked to fetch them
    /// again.
    pub(super) fn new(asker: Asker, refresh: bool) -> Lenses {
        Lenses {
            found: Arc::default(),
            asker,
            refresh,
        }
    }

    /// Starts the search for `document`'s text on a worker thread; a
    /// document that is no sound board has no lens.
    pub(super) fn start(&self, document: &Document) {
        let Some(board) = document.board.clone() else {
            self.forget(&document.uri);
            return;
        };
        let generation = document.generation.load(Ordering::SeqCst);
        let current = Arc::clone(&document.generation);
        let found = Arc::clone(&self.found);
        let asker = self.asker.clone();
        let refresh = self.refresh;
        let uri = document.uri.clone();
        // Without a thread there is no lens: the editor works on.
        let _ = std::thread::Builder::new()
            .name("hatchway-lens".to_string())
            .spawn(move || {
                let lines = lines(Arc::unwrap_or_clone(board));
                if current.load(Ordering::SeqCst) != generation {
                    return;
                }
                found
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(uri, Found { generation, lines });
                if refresh {
                    asker.ask("workspace/codeLens/refresh", ());
                }
            });
    }

    /// The lenses of `document`'s current text: none until its search has
    /// ended, none for an older text.
    pub(super) fn lenses(&self, document: &Document) -> Vec<CodeLens> {
        let found = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(found) = found.get(&document.uri) else {
            return Vec::new();
        };
        if found.generation != document.generation.load(Ordering::SeqCst) {
            return Vec::new();
        }
        found
            .lines
            .iter()
            .map(|title| CodeLens {
                range: Range::default(),
                // A lens that only tells: no command behind it.
                command: Some(Command::new(title.clone(), String::new(), None)),
                data: None,
            })
            .collect()
    }

    /// Drops the lenses of a closed document.
    pub(super) fn forget(&self, uri: &Uri) {
        self.found
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(uri);
    }
}

/// What the lens says of a board's turn (with no items held): `24
/// outcomes`, then `cheapest to room 1: 4 min` for each room where an
/// action can be taken, cheapest first.
fn lines(board: Board) -> Vec<String> {
    let turn = Turn::new(board);
    let solution = match search::solve_costs(&turn.board, &turn.movement, turn.start, &LIMITS) {
        Ok(solution) => solution,
        Err(stop) => {
            return vec![format!(
                "search stopped at {}",
                render::count(stop.states as u64, "state")
            )];
        }
    };
    let mut out = vec![render::count(solution.outcomes.len() as u64, "outcome")];
    let mut reached = HashSet::new();
    // Outcomes come cheapest first: the first that allows an action in a
    // room is the cheapest way there.
    for told in Answer::new(&turn, &solution.outcomes).outcomes() {
        let outcome = told.outcome;
        if reached.contains(&outcome.room) {
            continue;
        }
        if told.allows_a_fixit() {
            reached.insert(outcome.room);
            out.push(format!(
                "cheapest to room {}: {} min",
                turn.board.room(outcome.room).id,
                outcome.cost.0
            ));
        }
    }
    out
}
