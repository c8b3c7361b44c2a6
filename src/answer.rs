//! The turn a player asks about, and the library's one answer to it.
//!
//! A [`Turn`] is the question: a board, the rules it is played by narrowed
//! to the items held (its [`Movement`]), and the room the gnome starts in.
//! Every command resolves its options into one `Turn` before anything else.
//!
//! An [`Answer`] is what the library says of a turn: the outcomes the search
//! found, each with its number in the full listing, and for each outcome,
//! worked out at most once and only when something asks for it,
//!
//! - its verdict (what the `end` rules say of a gnome left there),
//! - its path played by the referee ([`Replay`]: every step, and the ship
//!   before and after each), with one policy when the referee refuses an
//!   engine's path ([`Refused`], a bug of hatchway, never hidden),
//! - the fix-its the gnome can take where it ends, with their odds and
//!   what a failed roll leads to, and which of them are remedies,
//! - its survival: the verdict that counts the fix-it a player would take
//!   ([`Survival`]).
//!
//! Every view (the table, the logs, the documents, the pictures, the HTML
//! page, the editor's lens) reads these values and formats them; none calls
//! the referee or the fix-it functions itself. This module never formats
//! text for people.

use std::cell::OnceCell;

mod digest;
mod filters;
mod menu;
mod unplanned;
mod unreached;

pub use digest::{Digest, Ending, RoomState};
pub use filters::Filters;
pub use menu::Choice;
pub use unreached::{Barred, Unreached};

use crate::fixit::{self, Best, Fixit, Plan};
use crate::model::{ActionId, Board, ItemSet, Movement, RoomId, Rules, Verdict};
use crate::outcome::Outcome;
use crate::referee::{self, Illegal, Ship, Step};
use crate::search::{self, LimitReached, Limits, Solution};
use crate::survival::{self, Survival};

/// The turn a player asks about: the board, the rules in use with the
/// items held, and the start room.
#[derive(Clone, Debug)]
pub struct Turn {
    /// The ship as the turn begins.
    pub board: Board,
    /// The board's rules narrowed to the items held.
    pub movement: Movement,
    /// Where the gnome starts.
    pub start: RoomId,
}

/// An item asked for that the rules in use do not declare.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown item `{name}`")]
pub struct UnknownItem {
    /// The name as written.
    pub name: String,
}

impl Turn {
    /// The turn on `board` from its own start, holding no item.
    pub fn new(board: Board) -> Turn {
        Turn::holding(board, ItemSet::default())
    }

    /// The turn on `board` from its own start, holding `items`.
    pub fn holding(board: Board, items: ItemSet) -> Turn {
        let movement = board.rules.movement(items);
        let start = board.start;
        Turn {
            board,
            movement,
            start,
        }
    }

    /// The items of `rules` named in `names` (by name in any case, or in
    /// the words the rules say them in: [`Rules::item_meant`]), resolved in
    /// this one place for every command: the first that names no item is
    /// refused.
    pub fn items_named<S: AsRef<str>>(rules: &Rules, names: &[S]) -> Result<ItemSet, UnknownItem> {
        names.iter().try_fold(ItemSet::default(), |held, name| {
            let name = name.as_ref();
            rules
                .item_meant(name)
                .map(|item| held.with(item))
                .ok_or_else(|| UnknownItem {
                    name: name.to_string(),
                })
        })
    }

    /// Every outcome of the turn, by an exact search within `limits`.
    pub fn solve(&self, limits: &Limits) -> Result<Solution, LimitReached> {
        search::solve(&self.board, &self.movement, self.start, limits)
    }

    /// The ship before the gnome's first step.
    pub fn first_ship(&self) -> Ship {
        Ship::new(&self.board, self.start)
    }
}

/// An engine's path that the referee refused. The engine's paths are legal
/// by construction (and tested to be), so this is a bug of hatchway: every
/// view reports it as one rather than showing a partial path.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("internal error: the engine's path for outcome {outcome} fails at step {step}: {reason}")]
pub struct Refused {
    /// The outcome's number.
    pub outcome: usize,
    /// The step that failed, counted from 1.
    pub step: usize,
    /// Why the referee refused it.
    pub reason: Illegal,
}

/// An outcome's path as the referee played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Every step, in order, with what it cost and changed.
    pub steps: Vec<Step>,
    /// The ship where the path ends.
    pub end: Ship,
}

impl Replay {
    /// No step yet, the ship at the turn's start: a replay to play into
    /// ([`Told::steps_in`]).
    pub fn start(turn: &Turn) -> Replay {
        Replay {
            steps: Vec::new(),
            end: turn.first_ship(),
        }
    }
}

/// The plans for taking one action at one place, and the frontier of their
/// chances against minutes ([`fixit::best`]): what `hatchway plan` shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plans {
    /// Every plan, sorted by the minutes of the turn before the roll, then
    /// by outcome number.
    pub plans: Vec<Plan>,
    /// For each chance some plan reaches, the cheapest plan and minutes
    /// that reach it, highest chance first; `plan` indexes `plans`.
    pub best: Vec<Best>,
}

/// One outcome of an [`Answer`], with what is worked out of it on demand.
#[derive(Debug)]
pub struct Told<'a> {
    turn: &'a Turn,
    /// Its place in the full listing of the turn, from 1.
    pub number: usize,
    /// Where the turn ends, at what cost and by which cheapest path.
    pub outcome: &'a Outcome,
    // The replay and the ships boxed, so that an answer of many outcomes,
    // most never asked for more than their number and path (a batch),
    // stays small.
    replay: OnceCell<Box<Result<Replay, Refused>>>,
    ships: OnceCell<Box<Result<Vec<Ship>, Refused>>>,
    fixits: OnceCell<Vec<Fixit>>,
    survival: OnceCell<Survival>,
}

impl<'a> Told<'a> {
    fn new(turn: &'a Turn, number: usize, outcome: &'a Outcome) -> Told<'a> {
        Told {
            turn,
            number,
            outcome,
            replay: OnceCell::new(),
            ships: OnceCell::new(),
            fixits: OnceCell::new(),
            survival: OnceCell::new(),
        }
    }

    /// The same outcome with nothing worked out of it yet: a view that
    /// writes outcomes one at a time works on this and forgets it, so that
    /// an answer of tens of thousands of outcomes never holds all their
    /// replays and fix-its at once.
    pub fn unworked(&self) -> Told<'a> {
        Told::new(self.turn, self.number, self.outcome)
    }

    /// The turn it is an outcome of.
    pub fn turn(&self) -> &'a Turn {
        self.turn
    }

    /// What the rules' `end` rules say of the gnome left where it ends.
    pub fn verdict(&self) -> Verdict {
        self.outcome.verdict(&self.turn.movement)
    }

    /// Its path played by the referee, once.
    pub fn replay(&self) -> Result<&Replay, &Refused> {
        self.replay
            .get_or_init(|| {
                let mut replay = Replay::start(self.turn);
                let played = play(self.turn, self.number, self.outcome, &mut replay, |_| {});
                Box::new(played.map(|()| replay))
            })
            .as_ref()
            .as_ref()
    }

    /// The steps of its path: those of [`Told::replay`] when it was made
    /// already, else played into `scratch`, a replay kept from an outcome
    /// before, so that a view that reads each outcome's steps once (the
    /// documents, written for every line of a batch) allocates once.
    pub fn steps_in<'s>(&'s self, scratch: &'s mut Replay) -> Result<&'s [Step], Refused> {
        if let Some(made) = self.replay.get() {
            return made
                .as_ref()
                .as_ref()
                .map(|r| r.steps.as_slice())
                .map_err(Refused::clone);
        }
        scratch.steps.clear();
        scratch.end.reset(&self.turn.board, self.turn.start);
        play(self.turn, self.number, self.outcome, scratch, |_| {})?;
        Ok(&scratch.steps)
    }

    /// The ship before the first step and after each step: one more ship
    /// than there are steps. Kept apart from [`Told::replay`] since only the
    /// pictures and the report need every ship.
    pub fn ships(&self) -> Result<&[Ship], &Refused> {
        self.ships
            .get_or_init(|| {
                let mut replay = Replay::start(self.turn);
                let mut ships = vec![replay.end.clone()];
                let played = play(self.turn, self.number, self.outcome, &mut replay, |after| {
                    ships.push(after.clone());
                });
                Box::new(played.map(|()| ships))
            })
            .as_ref()
            .as_ref()
            .map(Vec::as_slice)
    }

    /// Every fix-it the gnome can take where the outcome leaves him, in the
    /// order the actions are declared, each with its odds and what a failed
    /// roll leads to. None when the path does not replay.
    pub fn fixits(&self) -> &[Fixit] {
        self.fixits.get_or_init(|| {
            let turn = self.turn;
            // The ship at the end, from the replay when it was made, else
            // played and forgotten: the fix-its of every outcome of a large
            // answer are kept, their paths' replays are not.
            let made = self.replay.get().and_then(|r| r.as_ref().as_ref().ok());
            let played = OnceCell::new();
            fixit::fixits(
                &turn.board,
                &turn.movement,
                self.number,
                self.outcome,
                || match made {
                    Some(replay) => Some(&replay.end),
                    None => played.get_or_init(|| self.end()).as_ref(),
                },
            )
        })
    }

    /// The ship its path leaves, played and not kept; `None` when the path
    /// does not replay.
    fn end(&self) -> Option<Ship> {
        let mut replay = Replay::start(self.turn);
        play(self.turn, self.number, self.outcome, &mut replay, |_| {}).ok()?;
        Some(replay.end)
    }

    /// Whether `fixit` can save the gnome that this outcome kills: it acts
    /// on his room and makes it one he survives.
    pub fn saves(&self, fixit: &Fixit) -> bool {
        fixit::saves(&self.turn.movement, self.outcome, fixit.action)
    }

    /// The fix-its that can save a gnome this outcome kills (none when it
    /// does not kill him), in the order of [`Told::fixits`]. The fix-its
    /// are worked out only when some action can save him.
    pub fn remedies(&self) -> impl Iterator<Item = &Fixit> {
        let movement = &self.turn.movement;
        let actions = movement.rules().turn.actions.len();
        let any = (0..actions).any(|a| fixit::saves(movement, self.outcome, ActionId(a as u8)));
        let fixits = if any { self.fixits() } else { &[] };
        fixits.iter().filter(move |f| self.saves(f))
    }

    /// Whether the gnome lives through the end of the turn, counting the
    /// fix-it a player would take: safe as he is, safe whatever the roll,
    /// safe only with a roll that cannot fail (and what fewer minutes
    /// risk), or dead whatever he does. The fix-its are worked out only
    /// when the `end` rules kill him where he is.
    pub fn survival(&self) -> &Survival {
        self.survival.get_or_init(|| {
            let verdict = self.verdict();
            let fixits = if verdict.fatal { self.fixits() } else { &[] };
            survival::survival(&self.turn.movement, verdict, fixits)
        })
    }

    /// Whether any fix-it can be taken where the outcome ends, without
    /// replaying its path (the editor's lens asks this of outcomes found
    /// for their costs alone).
    pub fn allows_a_fixit(&self) -> bool {
        fixit::allowed_at(&self.turn.board, &self.turn.movement, self.outcome)
    }
}

/// Plays `outcome`'s path on `into` (its ship at the start, its steps
/// empty), calling `after` with the ship after each step: the one replay
/// of an engine's path, with the one policy for a refusal.
fn play(
    turn: &Turn,
    number: usize,
    outcome: &Outcome,
    into: &mut Replay,
    after: impl FnMut(&Ship),
) -> Result<(), Refused> {
    referee::play_into(
        &turn.board,
        &turn.movement,
        &mut into.end,
        &mut into.steps,
        &outcome.actions,
        after,
    )
    .map_err(|(i, reason)| Refused {
        outcome: number,
        step: i + 1,
        reason,
    })
}

/// The library's answer to a turn: the outcomes shown, each with its
/// number in the full listing and what is worked out of it on demand.
#[derive(Debug)]
pub struct Answer<'a> {
    /// The turn answered.
    pub turn: &'a Turn,
    /// How many outcomes the full listing has (filters may show fewer).
    pub total: usize,
    told: Vec<Told<'a>>,
}

impl<'a> Answer<'a> {
    /// The answer made of every outcome of `outcomes`, numbered from 1 in
    /// the order given (the search's, cheapest first).
    pub fn new(turn: &'a Turn, outcomes: &'a [Outcome]) -> Answer<'a> {
        Answer::shown(turn, outcomes, |_, _| true)
    }

    /// The answer made of the outcomes `shows` keeps (given each outcome's
    /// number and the outcome), each numbered by its place among all of
    /// `outcomes`.
    pub fn shown(
        turn: &'a Turn,
        outcomes: &'a [Outcome],
        shows: impl FnMut(usize, &Outcome) -> bool,
    ) -> Answer<'a> {
        Answer::from_number(turn, 1, outcomes, shows)
    }

    /// The answer made of the outcomes `shows` keeps among `outcomes`,
    /// numbered from `first`: a part of the full listing, as a listing
    /// cheapest first hands it over one cost at a time.
    pub fn from_number(
        turn: &'a Turn,
        first: usize,
        outcomes: &'a [Outcome],
        mut shows: impl FnMut(usize, &Outcome) -> bool,
    ) -> Answer<'a> {
        // Room for every outcome at once: most filters keep them all.
        let mut told = Vec::with_capacity(outcomes.len());
        told.extend(
            (first..)
                .zip(outcomes)
                .filter(|&(n, o)| shows(n, o))
                .map(|(n, o)| Told::new(turn, n, o)),
        );
        Answer {
            turn,
            total: outcomes.len(),
            told,
        }
    }

    /// The answer for a player's own plan: the outcome it reaches, with its
    /// path as the referee already played it when it judged the plan (see
    /// [`crate::judgement`]), so it is not played again. Its number is 0:
    /// it is not an outcome of the listing.
    pub fn of_plan(turn: &'a Turn, outcome: &'a Outcome, replay: Replay) -> Answer<'a> {
        let told = Told::new(turn, 0, outcome);
        let _ = told.replay.set(Box::new(Ok(replay)));
        Answer {
            turn,
            total: 0,
            told: vec![told],
        }
    }

    /// The outcomes shown, in order.
    pub fn outcomes(&self) -> &[Told<'a>] {
        &self.told
    }

    /// Keeps only the outcomes `keeps` accepts, in their order and with
    /// their numbers: a filter that needs what is worked out of an outcome
    /// (its survival, [`Filters::keeps`]) rather than the outcome alone.
    pub fn keep(&mut self, keeps: impl FnMut(&Told<'a>) -> bool) {
        self.told.retain(keeps);
    }

    /// The outcome numbered `number` in the full listing, if shown.
    pub fn outcome(&self, number: usize) -> Option<&Told<'a>> {
        // Outcomes are kept in the order of their numbers.
        self.told
            .binary_search_by_key(&number, |t| t.number)
            .ok()
            .map(|i| &self.told[i])
    }

    /// Every plan for taking `action` at `at` after one of the outcomes
    /// shown: a room action where the move ends in `at` with the room in a
    /// state the action acts on; a hatch action on each hatch of `at` in
    /// such a state. Sorted by the minutes of the turn before the roll,
    /// then by outcome number, with the frontier of their odds.
    pub fn plans(&self, action: ActionId, at: RoomId) -> Plans {
        let turn = self.turn;
        let mut plans: Vec<Plan> = self
            .told
            .iter()
            .filter(|t| t.outcome.room == at)
            .flat_map(|t| {
                fixit::plans_after(
                    &turn.board,
                    &turn.movement,
                    t.number,
                    t.outcome,
                    action,
                    || t.replay().ok().map(|r| &r.end),
                )
            })
            .collect();
        plans.sort_by_key(|p| (p.base(), p.outcome));
        let best = fixit::best(&plans);
        Plans { plans, best }
    }
}
