//! Whether the gnome lives through the end of the turn, counting the fix-it
//! a player would take: the verdict a player needs of a room the `end` rules
//! kill is not "fatal" but how many minutes on which fix-it make him safe,
//! and what fewer minutes risk.
//!
//! Worked out exactly over every fix-it the gnome can take where the move
//! leaves him (each action on each target, [`Fixit`]) and every choice of
//! minutes for its roll. A roll that succeeds changes what the action acts
//! on; one that fails leads where the rules' `fails` statements send him
//! ([`crate::fixit::Failure`]); the `end` rules then judge the room he is
//! left in.

use crate::fixit::{Fixit, Target};
use crate::model::turn::{Chance, DIE_SIDES};
use crate::model::{ActionId, Cost, Movement, Verdict};

/// What kind of answer the end of the turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The `end` rules spare the room as it is.
    Safe,
    /// Some fix-it leaves him alive whatever the die says: its roll saves
    /// him when it succeeds, and its failure leads to a room the `end`
    /// rules spare.
    SafeAnyRoll,
    /// Only a roll that cannot fail saves him: enough minutes on the right
    /// fix-it; fewer risk his life.
    SafeSureRoll,
    /// No fix-it saves him for sure.
    Fatal,
}

impl Kind {
    /// The name used in JSON and YAML, and by `--survival`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Safe => "safe",
            Kind::SafeAnyRoll => "safe_any_roll",
            Kind::SafeSureRoll => "safe_sure_roll",
            Kind::Fatal => "fatal",
        }
    }

    /// How a player says it, the consequence first: `deadly if he stays,
    /// saved on any roll`. Never "safe" of a room the `end` rules kill.
    pub fn words(self) -> &'static str {
        match self {
            Kind::Safe => "safe",
            Kind::SafeAnyRoll => "deadly if he stays, saved on any roll",
            Kind::SafeSureRoll => "deadly if he stays, saved only by a sure roll",
            Kind::Fatal => "fatal",
        }
    }

    /// The kind named `name` (as [`Kind::name`] writes it), if any.
    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Every kind, safest first.
    pub const ALL: [Kind; 4] = [
        Kind::Safe,
        Kind::SafeAnyRoll,
        Kind::SafeSureRoll,
        Kind::Fatal,
    ];
}

/// One choice of minutes that leaves the gnome a chance of dying.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Risk {
    /// Minutes on the roll.
    pub minutes: u32,
    /// Minutes of the whole turn.
    pub total: Cost,
    /// The chance that he dies: the roll fails (or succeeds, when success
    /// does not save him) and the room he is left in kills him.
    pub death: Chance,
}

/// The verdict that counts the player's best follow-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Survival {
    /// What kind of answer it is.
    pub kind: Kind,
    /// The fix-it that saves him (`SafeAnyRoll`, `SafeSureRoll`), or whose
    /// risks are listed (`Fatal` with some chance of living): an index into
    /// the fix-its it was worked out from.
    pub fixit: Option<usize>,
    /// Its action.
    pub action: Option<ActionId>,
    /// The fewest minutes on the roll that save him.
    pub minutes: Option<u32>,
    /// The minutes of the whole turn with them.
    pub total: Option<Cost>,
    /// For fewer minutes on the same fix-it, the chance of death: the
    /// frontier of total minutes against that chance (each listed only when
    /// every cheaper choice is riskier), the least risk first.
    pub risks: Vec<Risk>,
}

impl Survival {
    fn safe() -> Survival {
        Survival {
            kind: Kind::Safe,
            fixit: None,
            action: None,
            minutes: None,
            total: None,
            risks: Vec::new(),
        }
    }
}

/// What a fix-it does for a gnome the end rules kill: whether he lives when
/// its roll succeeds and when it fails.
struct Branches {
    lives_if_success: bool,
    lives_if_failure: bool,
}

impl Branches {
    fn of(movement: &Movement, fixit: &Fixit) -> Branches {
        let turn = &movement.rules().turn;
        let lives_if_success = match fixit.plan.target {
            Target::Room { to, .. } => !turn.verdict(to, movement.items()).fatal,
            // Acting on a hatch leaves his room as it is, which kills him.
            Target::Hatch { .. } => false,
        };
        Branches {
            lives_if_success,
            lives_if_failure: !fixit.plan.if_failed.verdict.fatal,
        }
    }

    /// How many of the die's faces kill him when the roll succeeds on
    /// `wins` of them.
    fn deadly_faces(&self, wins: u32) -> u32 {
        let on_success = if self.lives_if_success { 0 } else { wins };
        let on_failure = if self.lives_if_failure {
            0
        } else {
            DIE_SIDES - wins
        };
        on_success + on_failure
    }
}

/// The survival of a gnome whom the `end` rules judge `verdict` where the
/// move leaves him, with `fixits` the fix-its he can take there (in the
/// order the actions are declared).
///
/// Ties go to the fewest minutes in all, then the earlier fix-it, then
/// fewer minutes on the roll.
pub fn survival(movement: &Movement, verdict: Verdict, fixits: &[Fixit]) -> Survival {
    if !verdict.fatal {
        return Survival::safe();
    }
    let branches: Vec<Branches> = fixits.iter().map(|f| Branches::of(movement, f)).collect();
    let saving = |kind: Kind, i: usize, minutes: u32, total: Cost, risks: Vec<Risk>| Survival {
        kind,
        fixit: Some(i),
        action: Some(fixits[i].action),
        minutes: Some(minutes),
        total: Some(total),
        risks,
    };
    // Alive either way: the fewest minutes save him.
    let any_roll = fixits
        .iter()
        .zip(&branches)
        .enumerate()
        .filter(|(_, (_, b))| b.lives_if_success && b.lives_if_failure)
        .filter_map(|(i, (f, _))| f.plan.odds.first().map(|o| (o.total, i, o.minutes)))
        .min();
    if let Some((total, i, minutes)) = any_roll {
        return saving(Kind::SafeAnyRoll, i, minutes, total, Vec::new());
    }
    // Every choice of fix-it and minutes, with the faces that kill him.
    let choices = || {
        fixits
            .iter()
            .zip(&branches)
            .enumerate()
            .flat_map(|(i, (f, b))| {
                f.plan
                    .odds
                    .iter()
                    .map(move |o| (i, o, b.deadly_faces(o.chance.faces())))
            })
    };
    let sure = choices()
        .filter(|&(_, _, deadly)| deadly == 0)
        .map(|(i, o, _)| (o.total, i, o.minutes))
        .min();
    if let Some((total, i, minutes)) = sure {
        let risks = frontier(&fixits[i], &branches[i], minutes);
        return saving(Kind::SafeSureRoll, i, minutes, total, risks);
    }
    // Nothing saves him for sure; the fix-it that risks least, if any
    // leaves him a chance, with its risks.
    let least = choices()
        .filter(|&(_, _, deadly)| deadly < DIE_SIDES)
        .map(|(i, o, deadly)| (deadly, o.total, i))
        .min();
    let mut fatal = Survival {
        kind: Kind::Fatal,
        ..Survival::safe()
    };
    if let Some((_, _, i)) = least {
        fatal.fixit = Some(i);
        fatal.action = Some(fixits[i].action);
        fatal.risks = frontier(&fixits[i], &branches[i], DIE_SIDES + 1);
    }
    fatal
}

/// The choices of fewer than `below` minutes on `fixit` that leave him a
/// chance of living and a chance of dying, each kept when every cheaper
/// choice is riskier: the least risk first.
fn frontier(fixit: &Fixit, branches: &Branches, below: u32) -> Vec<Risk> {
    let mut kept: Vec<Risk> = Vec::new();
    for o in fixit.plan.odds.iter().filter(|o| o.minutes < below) {
        let deadly = branches.deadly_faces(o.chance.faces());
        if deadly == 0 || deadly >= DIE_SIDES {
            continue;
        }
        let death = Chance::of(deadly, 0);
        // Odds come cheapest first: a choice is kept when it is less risky
        // than every cheaper one kept.
        if kept.last().is_none_or(|cheaper| death < cheaper.death) {
            kept.push(Risk {
                minutes: o.minutes,
                total: o.total,
                death,
            });
        }
    }
    kept.reverse();
    kept
}
