//! The code lens of a board: how many outcomes its turn has and, for each
//! room where a fix-it action can be taken, the cheapest way there. The
//! search runs on a worker thread with a small budget, so that the editor
//! never waits on it, and a budget stop is shown as such.
//!
//! One worker searches for the whole server, one board at a time, so that
//! however many boards are open and however often they are saved, the
//! lens never holds more than one search's memory. Each document has one
//! slot in its queue, and the latest board queued wins it: a board waiting
//! there is replaced by a newer one, keeping its place in the queue. A
//! board whose text the user has changed since it was queued is never
//! searched, and an answer is dropped when, by the time it is found, its
//! document has changed, been closed or been queued again (its rules file
//! saved).
//!
//! A search cannot be cancelled once running: the engine has no hook to
//! stop it midway. What bounds a running search is the lens's budget
//! ([`LIMITS`]: 200,000 states and 64 MiB), and what bounds the work behind
//! it is the latest-wins queue: at most one search running and one board
//! waiting per document. What the lens keeps of an answer is bounded as
//! well: its lines name at most [`MOST_ROOMS`] rooms.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

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
    kept_per_action: 0,
};

/// How many outcomes the lens reads at once: an answer over every outcome
/// of a large board would hold tens of thousands of them.
const CHUNK: usize = 1_000;

/// The most rooms the lens names a cheapest way to: more than the shipped
/// boards have, few enough for one line of lenses; the rest are counted.
const MOST_ROOMS: usize = 12;

/// The lines found for one text of a document.
struct Found {
    generation: u64,
    lines: Vec<String>,
}

/// A board waiting for its lens.
struct Job {
    uri: Uri,
    board: Arc<Board>,
    /// The document's generation when the board was queued.
    generation: u64,
    /// The document's generation now.
    current: Arc<AtomicU64>,
    /// The number the queue gave it: an answer is kept only for the last
    /// board queued for its document.
    ticket: u64,
}

impl Job {
    /// Whether the document's text has changed since the board was queued.
    fn stale(&self) -> bool {
        self.current.load(Ordering::SeqCst) != self.generation
    }
}

/// What the server and the worker share, under one lock.
#[derive(Default)]
struct State {
    /// The boards waiting, at most one per document, oldest first.
    waiting: VecDeque<Job>,
    /// The ticket of the last board queued for each document.
    tickets: HashMap<Uri, u64>,
    /// The last ticket given.
    issued: u64,
    /// The lenses found so far.
    found: HashMap<Uri, Found>,
    /// Where the worker sends the request that asks the editor to show new
    /// lenses; `None` once the server is ending, which also tells the
    /// worker to stop (and so that the worker holds no sender that would
    /// keep the connection open).
    asker: Option<Asker>,
}

/// The state and the signal that wakes the worker when a board is queued
/// or the server ends.
struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The lenses found so far, and the worker that finds them.
pub(super) struct Lenses {
    shared: Arc<Shared>,
}

impl Lenses {
    /// No lenses yet, and the worker started; `refresh` when the editor
    /// can be asked to fetch them again.
    pub(super) fn new(asker: Asker, refresh: bool) -> Lenses {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                asker: Some(asker),
                ..State::default()
            }),
            wake: Condvar::new(),
        });
        let worker = Arc::clone(&shared);
        // Without a thread there is no lens: the editor works on, and
        // boards queued are dropped with the server.
        let _ = std::thread::Builder::new()
            .name("hatchway-lens".to_string())
            .spawn(move || work(&worker, refresh));
        Lenses { shared }
    }

    /// Queues `document`'s board for its lens, in place of any board of
    /// it still waiting; a document that is no sound board has no lens.
    pub(super) fn start(&self, document: &Document) {
        let Some(board) = document.board.clone() else {
            self.forget(&document.uri);
            return;
        };
        let mut state = self.shared.lock();
        state.issued += 1;
        let ticket = state.issued;
        state.tickets.insert(document.uri.clone(), ticket);
        let job = Job {
            uri: document.uri.clone(),
            board,
            generation: document.generation.load(Ordering::SeqCst),
            current: Arc::clone(&document.generation),
            ticket,
        };
        match state.waiting.iter_mut().find(|j| j.uri == job.uri) {
            Some(waiting) => *waiting = job,
            None => state.waiting.push_back(job),
        }
        drop(state);
        self.shared.wake.notify_one();
    }

    /// The lenses of `document`'s current text: none until its search has
    /// ended, none for an older text.
    pub(super) fn lenses(&self, document: &Document) -> Vec<CodeLens> {
        let state = self.shared.lock();
        let Some(found) = state.found.get(&document.uri) else {
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

    /// Drops the lenses of a closed document, its board waiting, and the
    /// answer of a search of it running.
    pub(super) fn forget(&self, uri: &Uri) {
        let mut state = self.shared.lock();
        state.found.remove(uri);
        state.tickets.remove(uri);
        state.waiting.retain(|j| &j.uri != uri);
    }
}

impl Drop for Lenses {
    /// Stops the worker: at once when it waits, after its search when one
    /// runs (its answer is then dropped).
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state.asker = None;
        state.waiting.clear();
        drop(state);
        self.shared.wake.notify_all();
    }
}

/// The worker: searches the boards queued, one at a time, oldest first,
/// until the server ends.
fn work(shared: &Shared, refresh: bool) {
    loop {
        let job = {
            let mut state = shared.lock();
            loop {
                if state.asker.is_none() {
                    return;
                }
                if let Some(job) = state.waiting.pop_front() {
                    break job;
                }
                state = shared
                    .wake
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        if job.stale() {
            continue;
        }
        let lines = lines(&job.board);
        let mut state = shared.lock();
        if job.stale() || state.tickets.get(&job.uri) != Some(&job.ticket) {
            continue;
        }
        let generation = job.generation;
        state.found.insert(job.uri, Found { generation, lines });
        if refresh && let Some(asker) = &state.asker {
            asker.ask("workspace/codeLens/refresh", ());
        }
    }
}

/// What the lens says of a board's turn (with no items held): `24
/// outcomes`, then `cheapest to room 1: 4 min` for each room where an
/// action can be taken, cheapest first, at most [`MOST_ROOMS`] of them and
/// then how many more there are.
fn lines(board: &Board) -> Vec<String> {
    let turn = Turn::new(board.clone());
    let solution = match search::solve_costs(&turn.board, &turn.movement, turn.start, &LIMITS) {
        Ok(solution) => solution,
        Err(stop) => {
            return vec![match stop.answer {
                Some(answer) => format!(
                    "{}, too many for the lens's budget",
                    render::count(answer.outcomes as u64, "outcome")
                ),
                None => format!(
                    "search stopped at {}",
                    render::count(stop.states as u64, "state")
                ),
            }];
        }
    };
    let mut out = vec![render::count(solution.outcomes.len() as u64, "outcome")];
    let mut reached = HashSet::new();
    // Outcomes come cheapest first: the first that allows an action in a
    // room is the cheapest way there. They are read a chunk at a time, with
    // nothing kept of each but its room, so that however many the search
    // found, the lens holds a chunk's answer and a few lines.
    for (i, chunk) in solution.outcomes.chunks(CHUNK).enumerate() {
        let answer = Answer::from_number(&turn, i * CHUNK + 1, chunk, |_, o| {
            !reached.contains(&o.room)
        });
        for told in answer.outcomes() {
            let room = told.outcome.room;
            if reached.contains(&room) || !told.allows_a_fixit() {
                continue;
            }
            reached.insert(room);
            if reached.len() <= MOST_ROOMS {
                out.push(format!(
                    "cheapest to room {}: {} min",
                    turn.board.room(room).id,
                    told.outcome.cost.0
                ));
            }
        }
    }
    if let Some(more) = reached.len().checked_sub(MOST_ROOMS).filter(|&n| n > 0) {
        out.push(format!(
            "and {} where an action can be taken",
            render::count(more as u64, "more room")
        ));
    }
    out
}
