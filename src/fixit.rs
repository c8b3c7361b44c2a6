//! The whole turn: a move, then an action with a fix-it roll. For every way
//! a move can end where the action can be taken, and every number of minutes
//! the player may choose to spend on the roll, the minutes of the whole turn
//! and the exact chance that the roll succeeds.
//!
//! The moves come from the search's outcomes, so each plan's move is a
//! cheapest way to its outcome; what an action may act on and its terms
//! come from the rules' `action` statements, and what a failed roll leads
//! to from their `fails` statements and `end` rules.

use crate::model::turn::{Chance, DIE_SIDES, OnFailure, Terms};
use crate::model::{ActionId, Board, Cost, HatchId, Movement, RoomId, StateId, Verdict};
use crate::outcome::{Action, Outcome};
use crate::referee::{Ship, Step};

/// What an action acts on in one plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The gnome's room, whose state becomes `to` on success.
    Room {
        /// The state it is in when the move ends.
        from: StateId,
        /// The state it takes when the roll succeeds.
        to: StateId,
    },
    /// A hatch of the gnome's room.
    Hatch {
        /// The hatch.
        hatch: HatchId,
        /// The state it takes when the roll succeeds.
        to: crate::model::HatchStateId,
    },
}

/// One choice of minutes for the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// Minutes chosen for the roll, from 1 to [`DIE_SIDES`].
    pub minutes: u32,
    /// Minutes of the whole turn: the move, the action's extra minutes and
    /// the minutes chosen.
    pub total: Cost,
    /// Minutes of the whole turn when the roll fails: `total` and the step
    /// out the failure makes the gnome take.
    pub total_if_failed: Cost,
    /// The chance that the roll succeeds.
    pub chance: Chance,
}

/// What a failed roll leads to: the step out of the room the rules make
/// the gnome take (none when they let him stay, or when no step is legal)
/// and what the end rules then say of him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The action whose roll failed.
    pub action: ActionId,
    /// Whether the rules make the gnome leave (`action NAME fails: leave`).
    /// With `steps` empty, he must but cannot.
    pub must_leave: bool,
    /// The step out, as done on the ship the move left: a move, or an
    /// opening and a move through the hatch opened. Their totals count on
    /// from the move's minutes.
    pub steps: Vec<Step>,
    /// What the step out costs.
    pub minutes: Cost,
    /// Where the gnome is left.
    pub room: RoomId,
    /// What the end rules say of him there.
    pub verdict: Verdict,
}

/// How a player ranks the steps out of a room after a failed roll, smaller
/// first: alive before dead, then minutes, then fewer actions, then the
/// fixed order of actions.
type StepKey = (bool, Cost, usize, Vec<u32>);

/// What a failed roll of `action` leads to for a gnome on `ship` (the ship
/// the move left, its opened hatches still open): with `action NAME fails:
/// leave`, the step out that the player would pick, or no step when none is
/// legal; otherwise no step. A step is a move through a hatch of his room
/// that can be walked through, or the opening of one that can be opened and
/// the move through it, each played by the referee; the pick is alive
/// first, then the fewest minutes, then fewer actions, then the fixed order
/// of actions.
pub fn failure(board: &Board, movement: &Movement, ship: &Ship, action: ActionId) -> Failure {
    let turn = &movement.rules().turn;
    let items = movement.items();
    let here = ship.position;
    let must_leave = turn
        .actions
        .get(usize::from(action.0))
        .is_some_and(|a| a.on_failure == OnFailure::Leave);
    let stay = Failure {
        action,
        must_leave,
        steps: Vec::new(),
        minutes: Cost(0),
        room: here,
        verdict: turn.verdict(ship.rooms[here.index()], items),
    };
    if !must_leave {
        return stay;
    }
    let hatch_count = board.hatches.len();
    let mut best: Option<(StepKey, Failure)> = None;
    for &(hatch, there) in board.neighbours(here) {
        let state = ship.hatches[hatch.index()];
        let walk = [Action::Move(there)];
        let open_and_walk = [Action::Open(hatch), Action::Move(there)];
        let mut tries: Vec<&[Action]> = Vec::with_capacity(2);
        if movement.walk_through(state) {
            tries.push(&walk);
        }
        if movement.opening(state).is_some() {
            tries.push(&open_and_walk);
        }
        for actions in tries {
            let mut after = ship.clone();
            let Ok(steps) = actions
                .iter()
                .map(|&a| after.apply(board, movement, a))
                .collect::<Result<Vec<Step>, _>>()
            else {
                continue;
            };
            let minutes = Cost(after.spent.0.saturating_sub(ship.spent.0));
            let verdict = turn.verdict(after.rooms[there.index()], items);
            let key = (
                verdict.fatal,
                minutes,
                actions.len(),
                actions.iter().map(|a| a.rank(hatch_count)).collect(),
            );
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((
                    key,
                    Failure {
                        action,
                        must_leave,
                        steps,
                        minutes,
                        room: there,
                        verdict,
                    },
                ));
            }
        }
    }
    best.map_or(stay, |(_, f)| f)
}

/// A move that ends where the action can be taken, and the odds of the
/// action for each choice of minutes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The number of the outcome the move ends in (its place in the full
    /// listing of `paths`).
    pub outcome: usize,
    /// What the action acts on.
    pub target: Target,
    /// What the move costs.
    pub move_cost: Cost,
    /// The action's extra minutes, bonus and deciding rules there.
    pub terms: Terms,
    /// What a failed roll leads to.
    pub if_failed: Failure,
    /// One entry per choice of minutes, from 1 to [`DIE_SIDES`].
    pub odds: Vec<Odds>,
}

impl Plan {
    /// The minutes of the turn before any are spent on the roll.
    pub fn base(&self) -> Cost {
        Cost(self.move_cost.0.saturating_add(self.terms.extra.0))
    }
}

/// For each chance a roll can have, the cheapest plan and minutes that
/// reach at least that chance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best {
    /// The chance reached (at least).
    pub chance: Chance,
    /// The plan, an index into the list of plans given to [`best`].
    pub plan: usize,
    /// The minutes, total and exact chance of that plan's choice.
    pub odds: Odds,
}

/// Every plan for taking `action` where outcome `number` leaves the gnome:
/// on his room when the move ends with it in a state the action acts on;
/// on each hatch of his room in such a state. `end` gives the ship where
/// the outcome's path ends (the answer's replay of it), asked for only
/// when a failed roll makes the gnome leave, since he may step out through
/// a hatch the move left open; without it there is no plan.
///
/// The publisher's worked turn: with grog, the gnome of Missile Control
/// reaches the burning Engine Room in 4 minutes, and 7 minutes on the roll
/// make it sure, 11 minutes in all.
///
/// ```
/// use hatchway::answer::{Answer, Turn};
/// use hatchway::load;
///
/// let board = load::board_file("boards/desperate-times.board".as_ref())
///     .map_err(|f| format!("{} problems", f.reports.len()))?
///     .value;
/// let items = Turn::items_named(&board.rules, &["grog"])?;
/// let turn = Turn::holding(board, items);
/// let solution = turn.solve(&Default::default())?;
/// let answer = Answer::new(&turn, &solution.outcomes);
/// let action = turn.board.rules.turn.action("extinguish_fire").ok_or("no action")?;
/// let engine_room = turn.board.room_by_id("1").ok_or("no room 1")?;
/// let plans = answer.plans(action, engine_room).plans;
/// let seven = plans[0].odds[6];
/// assert_eq!((plans[0].move_cost.0, seven.total.0, seven.chance.to_string()), (4, 11, "1".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn plans_after<'s>(
    board: &Board,
    movement: &Movement,
    number: usize,
    o: &Outcome,
    action: ActionId,
    end: impl FnOnce() -> Option<&'s Ship>,
) -> Vec<Plan> {
    let turn = &movement.rules().turn;
    let Some(declared) = turn.actions.get(usize::from(action.0)) else {
        return Vec::new();
    };
    let at = o.room;
    let here = o.rooms[at.index()];
    let Some(terms) = turn.terms(action, here, movement.items()) else {
        return Vec::new();
    };
    // A gnome who must leave after a failed roll may step out through a
    // hatch the move left open, so he steps out of the ship the path left;
    // one who stays needs only his room.
    let if_failed = if declared.on_failure == OnFailure::Leave {
        let Some(ship) = end() else {
            return Vec::new();
        };
        failure(board, movement, ship, action)
    } else {
        let mut ship = Ship::new(board, at);
        ship.rooms.clone_from(&o.rooms);
        failure(board, movement, &ship, action)
    };
    targets(board, declared, at, here)
        .into_iter()
        .map(|target| {
            let base = o.cost.0.saturating_add(terms.extra.0);
            Plan {
                outcome: number,
                target,
                move_cost: o.cost,
                terms: terms.clone(),
                if_failed: if_failed.clone(),
                odds: odds(base, terms.bonus, if_failed.minutes),
            }
        })
        .collect()
}

/// What `declared` acts on for a gnome in room `at`, which is in state
/// `here`: his room, or each hatch of it in a state the action acts on.
fn targets(
    board: &Board,
    declared: &crate::model::turn::Action,
    at: RoomId,
    here: StateId,
) -> Vec<Target> {
    if declared.on_hatches() {
        // Moving never changes a hatch state an action acts on (the
        // checker makes sure), so the board's state is the state now.
        board
            .neighbours(at)
            .iter()
            .filter_map(|&(hatch, _)| {
                declared
                    .hatch_change(board.hatch(hatch).state)
                    .map(|to| Target::Hatch { hatch, to })
            })
            .collect()
    } else {
        declared
            .room_change(here)
            .map(|to| Target::Room { from: here, to })
            .into_iter()
            .collect()
    }
}

/// Whether some action can be taken where `o` leaves the gnome: what
/// [`fixits`] finds something for, told without the ship the path leaves.
pub fn allowed_at(board: &Board, movement: &Movement, o: &Outcome) -> bool {
    let turn = &movement.rules().turn;
    let here = o.rooms[o.room.index()];
    turn.actions.iter().enumerate().any(|(a, declared)| {
        turn.terms(ActionId(a as u8), here, movement.items())
            .is_some()
            && !targets(board, declared, o.room, here).is_empty()
    })
}

/// An action a gnome can take where an outcome leaves him: one plan for
/// one target, with the frontier of its odds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixit {
    /// The action.
    pub action: ActionId,
    /// Taking it after the move to the outcome, with its odds and what a
    /// failed roll leads to.
    pub plan: Plan,
    /// The frontier of the plan's chances against minutes (as [`best`]),
    /// highest chance first.
    pub best: Vec<Best>,
}

/// Every action the gnome can take where outcome `number` leaves him: one
/// [`Fixit`] for each action and target, in the order the actions are
/// declared. `end` is as for [`plans_after`].
pub fn fixits<'s>(
    board: &Board,
    movement: &Movement,
    number: usize,
    outcome: &Outcome,
    end: impl Fn() -> Option<&'s Ship>,
) -> Vec<Fixit> {
    let turn = &movement.rules().turn;
    (0..turn.actions.len())
        .map(|a| ActionId(a as u8))
        .flat_map(|action| {
            plans_after(board, movement, number, outcome, action, &end)
                .into_iter()
                .map(move |plan| {
                    let best = best(std::slice::from_ref(&plan));
                    Fixit { action, plan, best }
                })
        })
        .collect()
}

/// Whether `action`, taken where `outcome` leaves a gnome the end rules
/// kill, acts on his room and makes it one he survives: whether it is a
/// remedy.
pub fn saves(movement: &Movement, outcome: &Outcome, action: ActionId) -> bool {
    if !outcome.verdict(movement).fatal {
        return false;
    }
    let turn = &movement.rules().turn;
    let here = outcome.rooms[outcome.room.index()];
    turn.actions
        .get(usize::from(action.0))
        .and_then(|a| a.room_change(here))
        .is_some_and(|to| !turn.verdict(to, movement.items()).fatal)
}

/// The odds of each choice of minutes after `base` minutes of the turn,
/// with `bonus` added to the roll and `failed` more minutes if it fails.
fn odds(base: u32, bonus: u32, failed: Cost) -> Vec<Odds> {
    (1..=DIE_SIDES)
        .map(|minutes| {
            let total = Cost(base.saturating_add(minutes));
            Odds {
                minutes,
                total,
                total_if_failed: Cost(total.0.saturating_add(failed.0)),
                chance: Chance::of(minutes, bonus),
            }
        })
        .collect()
}

/// The frontier of chance against minutes: for each chance some plan can
/// reach, the choice with the fewest minutes in all that reaches at least
/// it, listed only when no choice of as many minutes or fewer reaches a
/// higher chance. Highest chance first, so the totals fall strictly down
/// the list. Among choices with the same total, the one whose failed roll
/// costs the fewest minutes in all (`total_if_failed`) is taken, then the
/// earlier plan in `plans`, then fewer minutes on the roll: a player who
/// pays the same for the same chance would rather lose less if it fails.
pub fn best(plans: &[Plan]) -> Vec<Best> {
    let mut chances: Vec<Chance> = plans
        .iter()
        .flat_map(|p| p.odds.iter().map(|o| o.chance))
        .filter(|c| c.faces() > 0)
        .collect();
    chances.sort_unstable_by(|a, b| b.cmp(a));
    chances.dedup();
    chances
        .into_iter()
        .filter_map(|chance| {
            plans
                .iter()
                .enumerate()
                .flat_map(|(i, p)| p.odds.iter().map(move |o| (i, *o)))
                .filter(|(_, o)| o.chance >= chance)
                .min_by_key(|(i, o)| (o.total, o.total_if_failed, *i, o.minutes))
                .map(|(plan, odds)| Best { chance, plan, odds })
        })
        .fold(Vec::new(), |mut frontier: Vec<Best>, b| {
            // A lower chance is worth listing only when it is cheaper than
            // every higher one.
            if frontier
                .last()
                .is_none_or(|higher| b.odds.total < higher.odds.total)
            {
                frontier.push(b);
            }
            frontier
        })
}

/// A plan's final action, judged where the move left the gnome: what it
/// acts on, its terms, and the chance of the roll with the minutes chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roll {
    /// The action.
    pub action: ActionId,
    /// What it acts on.
    pub target: Target,
    /// Its extra minutes, bonus and deciding rules.
    pub terms: Terms,
    /// The minutes chosen for the roll.
    pub minutes: u32,
    /// The chance that the roll succeeds.
    pub chance: Chance,
    /// Minutes of the whole turn: the move, the extra minutes and those
    /// chosen.
    pub total: Cost,
    /// What a failed roll leads to.
    pub if_failed: Failure,
}

/// Judges a plan's final action (`extinguish_fire 7`, `unblock_hatch 2-4
/// 5`) where the move left the gnome: the action must be declared, act on
/// the gnome's room or on the named hatch of it in its present state, not
/// be forbidden there, and take 1 to [`DIE_SIDES`] minutes.
///
/// One function of some 140 lines: the checks follow the order a player
/// reads the action (its name, the minutes, what it acts on, the rule
/// there), each refusing with a problem that points at the plan's words,
/// so that a plan is refused for its first fault; split, each piece would
/// take the plan's words, the ship and the refusal again.
pub(crate) fn roll(
    board: &Board,
    movement: &Movement,
    ship: &crate::referee::Ship,
    written: &crate::plan::Written,
) -> Result<Roll, crate::diagnostic::Problem> {
    use crate::diagnostic::{Code, Problem};
    use crate::plan::PlannedStep;

    let PlannedStep::Fixit {
        action: name,
        hatch,
        minutes,
    } = &written.step
    else {
        return Err(
            Problem::error(Code::PlanSyntax, "this step is not an action")
                .label(written.span, "a move"),
        );
    };
    let turn = &movement.rules().turn;
    let Some(action) = movement.rules().action_meant(&name.text) else {
        let known = turn.actions.iter().map(|a| a.name.as_str());
        let help = if turn.actions.is_empty() {
            format!("the rules `{}` declare no actions", movement.rules().name)
        } else {
            format!(
                "{}the rules declare: {}",
                movement
                    .rules()
                    .did_you_mean(crate::model::Names::Actions, &name.text),
                known.collect::<Vec<_>>().join(", ")
            )
        };
        return Err(
            Problem::error(Code::UnknownName, format!("unknown action `{}`", name.text))
                .label(name.span, "not an action of these rules")
                .help(help),
        );
    };
    let chosen = minutes
        .text
        .parse::<u32>()
        .ok()
        .filter(|m| (1..=DIE_SIDES).contains(m));
    let Some(chosen) = chosen else {
        return Err(Problem::error(
            Code::IllegalStep,
            format!(
                "a fix-it takes 1 to {DIE_SIDES} minutes, not {}",
                minutes.text
            ),
        )
        .label(minutes.span, "the minutes chosen for the roll")
        .help(format!("choose from 1 to {DIE_SIDES} minutes")));
    };
    let declared = &turn.actions[usize::from(action.0)];
    let here = ship.rooms[ship.position.index()];
    let rules = movement.rules();
    let room_label = board.room(ship.position).label();
    let refuse = |message: String, help: String| {
        Problem::error(Code::IllegalStep, message)
            .label(written.span, "this action breaks a rule")
            .help(help)
    };
    let target = if declared.on_hatches() {
        let Some((a, b)) = hatch else {
            return Err(refuse(
                format!("`{}` acts on a hatch: say which", name.text),
                format!(
                    "write the hatch before the minutes: `{} A-B {}`",
                    name.text, chosen
                ),
            ));
        };
        let found = board
            .room_by_id(&a.text)
            .zip(board.room_by_id(&b.text))
            .and_then(|(ra, rb)| board.hatch_between(ra, rb));
        let Some(h) = found.filter(|&h| board.hatch(h).rooms.contains(&ship.position)) else {
            return Err(refuse(
                format!("no hatch {}-{} touches room {room_label}", a.text, b.text),
                "the action acts on a hatch of the room the gnome ends in".to_string(),
            ));
        };
        let state = ship.hatches[h.index()];
        let Some(to) = declared.hatch_change(state) else {
            return Err(refuse(
                format!(
                    "`{}` does not act on hatch {}, which is {}",
                    name.text,
                    board.hatch_label(h),
                    rules.say_hatch_state(state)
                ),
                "the rules' `action` statements say what it acts on".to_string(),
            ));
        };
        Target::Hatch { hatch: h, to }
    } else {
        if hatch.is_some() {
            return Err(refuse(
                format!("`{}` acts on the gnome's room, not on a hatch", name.text),
                format!("write `{} {}`", name.text, chosen),
            ));
        }
        let Some(to) = declared.room_change(here) else {
            return Err(refuse(
                format!(
                    "`{}` does not act on room {room_label}, which has {}",
                    name.text,
                    rules.say_room_state(here)
                ),
                "the rules' `action` statements say what it acts on".to_string(),
            ));
        };
        Target::Room { from: here, to }
    };
    let Some(terms) = turn.terms(action, here, movement.items()) else {
        let quoted = turn
            .deciding(action, here, movement.items())
            .and_then(|i| rules.quote(crate::model::RuleRef::ActionRule(i)))
            .map_or_else(String::new, |q| format!(": the rules say `{}`", q.text));
        return Err(refuse(
            format!(
                "`{}` cannot be taken in room {room_label}, which has {}",
                name.text,
                rules.say_room_state(here)
            ),
            format!("a rule forbids it there{quoted}"),
        ));
    };
    let total = Cost(
        ship.spent
            .0
            .saturating_add(terms.extra.0)
            .saturating_add(chosen),
    );
    Ok(Roll {
        action,
        target,
        chance: Chance::of(chosen, terms.bonus),
        terms,
        minutes: chosen,
        total,
        if_failed: failure(board, movement, ship, action),
    })
}
