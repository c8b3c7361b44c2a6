//! What a command shows of an answer, and why it shows nothing.

use crate::model::{Cost, RoomId};
use crate::outcome::Outcome;
use crate::survival::Kind;

use super::{Answer, Told, Turn};

/// The filters a command puts on the outcomes of a turn (`--to`, `--safe`,
/// `--survival`, `--max-cost`): which it shows. Filtered outcomes keep
/// their numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filters {
    /// The rooms outcomes must end in; empty for any room.
    pub to: Vec<RoomId>,
    /// Whether outcomes the `end` rules make fatal are hidden.
    pub safe: bool,
    /// The survival kinds shown (`--survival`), in the order asked; empty
    /// for every kind.
    pub survival: Vec<Kind>,
    /// The most an outcome may cost; the search itself is bounded by it.
    pub max_cost: Option<Cost>,
}

impl Filters {
    /// Whether `--to` and `--safe` let `outcome` of `turn` be shown: what
    /// can be told of the outcome alone. `--survival` needs what is worked
    /// out of it ([`Filters::keeps`]).
    pub fn shows(&self, turn: &Turn, outcome: &Outcome) -> bool {
        (self.to.is_empty() || self.to.contains(&outcome.room))
            && !(self.safe && outcome.verdict(&turn.movement).fatal)
    }

    /// Whether `--survival` lets `told` be shown: its survival is one of
    /// the kinds asked for (any, when none is).
    pub fn keeps(&self, told: &Told<'_>) -> bool {
        self.survival.is_empty() || self.survival.contains(&told.survival().kind)
    }

    /// The answer made of the outcomes every filter lets be shown (and
    /// `also` accepts, given each outcome's number), each with its number
    /// in the full listing.
    pub fn answer<'a>(
        &self,
        turn: &'a Turn,
        outcomes: &'a [Outcome],
        mut also: impl FnMut(usize, &Outcome) -> bool,
    ) -> Answer<'a> {
        self.part(turn, 1, outcomes, |n, o| also(n, o))
    }

    /// The same for a part of the full listing that starts at number
    /// `first`, as a listing cheapest first hands it over.
    pub fn part<'a>(
        &self,
        turn: &'a Turn,
        first: usize,
        outcomes: &'a [Outcome],
        mut also: impl FnMut(usize, &Outcome) -> bool,
    ) -> Answer<'a> {
        let mut answer = Answer::from_number(turn, first, outcomes, |n, o| {
            self.shows(turn, o) && also(n, o)
        });
        answer.keep(|t| self.keeps(t));
        answer
    }

    /// How `--survival` is written on the command line.
    fn survival_option(&self) -> String {
        let names: Vec<&str> = self.survival.iter().map(|k| k.name()).collect();
        format!("`--survival {}`", names.join(","))
    }

    /// Why the filters hide outcome `number` of the full listing, and what
    /// would show it; `None` when they show it.
    pub fn why_hidden(
        &self,
        turn: &Turn,
        number: usize,
        outcome: &Outcome,
    ) -> Option<(String, String)> {
        if self.safe && outcome.verdict(&turn.movement).fatal {
            return Some((
                format!("outcome {number} is fatal, and `--safe` hides it"),
                "drop `--safe` to replay it".to_string(),
            ));
        }
        if !self.shows(turn, outcome) {
            return Some((
                format!(
                    "outcome {number} ends in room {}, which `--to` does not name",
                    turn.board.room(outcome.room).label()
                ),
                "drop `--to`, or name that room in it".to_string(),
            ));
        }
        let told = Told::new(turn, number, outcome);
        if self.keeps(&told) {
            return None;
        }
        let kind = told.survival().kind;
        Some((
            format!(
                "outcome {number} is {}, and {} hides it",
                kind.words(),
                self.survival_option()
            ),
            format!(
                "add `{}` to `--survival`, or drop it, to replay it",
                kind.name()
            ),
        ))
    }

    /// Why `--to`, `--safe`, `--survival` and `--max-cost` show no outcome,
    /// given every outcome of the listing: for each room asked for, the
    /// outcomes `--safe` and `--survival` hid there (with the survival of
    /// each), or why no move enters it (what of the ship stops the gnome
    /// at its door and what would allow the step, [`Turn::unreached`];
    /// with `explain`, the rule that decides); with no room asked for, how
    /// many outcomes each filter hid. `None` when nothing was asked for and
    /// nothing hidden. The survival of the outcomes `--survival` hid is
    /// worked out again here, for this rare answer only.
    pub fn why_none(&self, turn: &Turn, outcomes: &[Outcome], explain: bool) -> Option<String> {
        // Outcomes `--to` and `--safe` let through, hidden by `--survival`.
        let by_survival: Vec<(usize, &Outcome, Kind)> = if self.survival.is_empty() {
            Vec::new()
        } else {
            let all = Answer::shown(turn, outcomes, |_, o| self.shows(turn, o));
            all.outcomes()
                .iter()
                .filter(|t| !self.keeps(t))
                .map(|t| (t.number, t.outcome, t.survival().kind))
                .collect()
        };
        let by_safe: Vec<(usize, &Outcome)> = (1..)
            .zip(outcomes)
            .filter(|(_, o)| self.safe && o.verdict(&turn.movement).fatal)
            .filter(|(_, o)| self.to.is_empty() || self.to.contains(&o.room))
            .collect();
        let within = self
            .max_cost
            .map_or(String::new(), |c| format!(" within `--max-cost {}`", c.0));
        if self.to.is_empty() {
            return match (by_safe.is_empty(), by_survival.is_empty()) {
                (true, true) => None,
                (false, true) => Some(format!(
                    "no outcome shown: every outcome{within} is fatal, and `--safe` hides them all"
                )),
                (true, false) => Some(format!(
                    "no outcome shown: {} hides every outcome{within}: {}",
                    self.survival_option(),
                    kinds_counted(&by_survival)
                )),
                (false, false) => Some(format!(
                    "no outcome shown: of every outcome{within}, `--safe` hides {} fatal, and {} hides the other {}: {}",
                    by_safe.len(),
                    self.survival_option(),
                    by_survival.len(),
                    kinds_counted(&by_survival)
                )),
            };
        }
        let mut said = Vec::new();
        for &room in &self.to {
            let label = turn.board.room(room).label();
            let fatal: Vec<String> = by_safe
                .iter()
                .filter(|(_, o)| o.room == room)
                .map(|(n, _)| format!("#{n}"))
                .collect();
            if !fatal.is_empty() {
                said.push(format!(
                    "{} in room {label}, but `--safe` hides {}: they are fatal",
                    numbered(&fatal),
                    if fatal.len() == 1 { "it" } else { "them" }
                ));
            }
            let kinds: Vec<String> = by_survival
                .iter()
                .filter(|(_, o, _)| o.room == room)
                .map(|(n, _, k)| format!("#{n} ({})", k.words()))
                .collect();
            if !kinds.is_empty() {
                said.push(format!(
                    "{} in room {label}, but {} hides {}",
                    numbered(&kinds),
                    self.survival_option(),
                    if kinds.len() == 1 { "it" } else { "them" }
                ));
            }
            if !fatal.is_empty() || !kinds.is_empty() || room == turn.start {
                continue;
            }
            said.push(turn.unreached(room, outcomes).words(turn, &within, explain));
        }
        (!said.is_empty()).then(|| format!("no outcome shown: {}", said.join("; ")))
    }
}

/// "outcome #3 ends", "outcomes #3, #4 end": the outcomes named, as the
/// subject of a sentence.
fn numbered(names: &[String]) -> String {
    if names.len() == 1 {
        format!("outcome {} ends", names[0])
    } else {
        format!("outcomes {} end", names.join(", "))
    }
}

/// "3 are safe whatever the roll, 1 is safe": how many outcomes of each survival
/// kind, safest first.
fn kinds_counted(hidden: &[(usize, &Outcome, Kind)]) -> String {
    Kind::ALL
        .into_iter()
        .filter_map(|kind| {
            let n = hidden.iter().filter(|(_, _, k)| *k == kind).count();
            (n > 0).then(|| format!("{n} {} {}", if n == 1 { "is" } else { "are" }, kind.words()))
        })
        .collect::<Vec<_>>()
        .join(", ")
}
