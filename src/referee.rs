//! The rules applied one action at a time to an explicit ship: what checks a
//! player's plan, replays the engine's paths, and describes each step's
//! effects. Deliberately simple and separate from the search.

use std::sync::Arc;

use crate::diagnostic::{Code, Problem, Report, SourceFile};
use crate::model::turn;
use crate::model::{
    ActionId, Board, Cost, HatchStateId, Movement, Quote, RoomId, RuleRef, Rules, StateId,
};
use crate::outcome::Action;
use crate::syntax::ast::Span;

mod next;

pub use next::{NextStep, Refusal};

/// The ship during a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ship {
    /// Where the player stands.
    pub position: RoomId,
    /// Every room's state.
    pub rooms: Vec<StateId>,
    /// Every hatch's state.
    pub hatches: Vec<HatchStateId>,
    /// Rooms entered this turn (the start room counts).
    pub visited: Vec<bool>,
    /// Minutes spent so far.
    pub spent: Cost,
}

/// A room whose state an action changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The room.
    pub room: RoomId,
    /// Its state before.
    pub before: StateId,
    /// Its state after.
    pub after: StateId,
}

/// One action done, with what it cost and changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The action.
    pub action: Action,
    /// What it cost.
    pub cost: Cost,
    /// The total spent after it.
    pub total: Cost,
    /// Rooms whose state it changed (water flow).
    pub changes: Vec<Change>,
}

/// Why an action is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// No hatch joins the current room and that room.
    #[error("no hatch joins room {from} to room {to}")]
    NotAdjacent {
        /// The current room.
        from: String,
        /// The room named.
        to: String,
    },
    /// The hatch does not touch the current room.
    #[error("hatch {hatch} does not touch room {here}, where the player is")]
    HatchNotHere {
        /// The hatch.
        hatch: String,
        /// The current room.
        here: String,
    },
    /// The hatch's state cannot be opened.
    #[error("hatch {hatch} is {state} and cannot be opened")]
    CannotOpen {
        /// The hatch.
        hatch: String,
        /// Its state.
        state: String,
    },
    /// The hatch cannot be walked through in its state.
    #[error("hatch {hatch} is {state}: it cannot be walked through")]
    NotPassable {
        /// The hatch.
        hatch: String,
        /// Its state.
        state: String,
    },
    /// The current room's state forbids leaving.
    #[error("the player cannot leave room {room} while it has {state}")]
    CannotLeave {
        /// The current room.
        room: String,
        /// Its state.
        state: String,
    },
    /// The target room's state forbids entering.
    #[error("room {room} has {state} and cannot be entered")]
    CannotEnter {
        /// The room.
        room: String,
        /// Its state.
        state: String,
    },
    /// The room was entered earlier in the turn.
    #[error("room {room} was already visited this turn")]
    AlreadyVisited {
        /// The room.
        room: String,
    },
    /// The turn's cost does not fit in the counter.
    #[error("the plan's total cost is too large to count")]
    CostOverflow,
}

impl Ship {
    /// The ship at the start of a turn in `start`.
    pub fn new(board: &Board, start: RoomId) -> Ship {
        let mut visited = vec![false; board.rooms.len()];
        visited[start.index()] = true;
        Ship {
            position: start,
            rooms: board.rooms.iter().map(|r| r.state).collect(),
            hatches: board.hatches.iter().map(|h| h.state).collect(),
            visited,
            spent: Cost(0),
        }
    }

    /// Puts the ship back as it is at the start of a turn in `start`,
    /// keeping its memory.
    pub fn reset(&mut self, board: &Board, start: RoomId) {
        self.position = start;
        self.rooms.clear();
        self.rooms.extend(board.rooms.iter().map(|r| r.state));
        self.hatches.clear();
        self.hatches.extend(board.hatches.iter().map(|h| h.state));
        self.visited.clear();
        self.visited.resize(board.rooms.len(), false);
        self.visited[start.index()] = true;
        self.spent = Cost(0);
    }

    /// Does one action, or says which rule forbids it (and leaves the ship
    /// as it was).
    pub fn apply(
        &mut self,
        board: &Board,
        movement: &Movement,
        action: Action,
    ) -> Result<Step, Illegal> {
        let rules = movement.rules();
        let room_state = |s: StateId| rules.say_room_state(s).into_owned();
        let hatch_state = |s: HatchStateId| rules.say_hatch_state(s).into_owned();
        let here = self.position;
        let (cost, changes) = match action {
            Action::Open(hatch) => {
                let h = board.hatch(hatch);
                if !h.rooms.contains(&here) {
                    return Err(Illegal::HatchNotHere {
                        hatch: board.hatch_label(hatch),
                        here: board.room(here).label(),
                    });
                }
                let state = self.hatches[hatch.index()];
                let Some(opening) = movement.opening(state) else {
                    return Err(Illegal::CannotOpen {
                        hatch: board.hatch_label(hatch),
                        state: hatch_state(state),
                    });
                };
                self.hatches[hatch.index()] = opening.becomes;
                let there = h.other(here);
                let mut changes = Vec::new();
                let (a, b) = (self.rooms[here.index()], self.rooms[there.index()]);
                if let Some((a2, b2)) = movement.flow(a, b) {
                    for (room, before, after) in [(here, a, a2), (there, b, b2)] {
                        if before != after {
                            changes.push(Change {
                                room,
                                before,
                                after,
                            });
                        }
                        self.rooms[room.index()] = after;
                    }
                }
                (opening.cost, changes)
            }
            Action::Move(there) => {
                let Some(hatch) = board.hatch_between(here, there) else {
                    return Err(Illegal::NotAdjacent {
                        from: board.room(here).label(),
                        to: board.room(there).label(),
                    });
                };
                let hs = self.hatches[hatch.index()];
                if !movement.walk_through(hs) {
                    return Err(Illegal::NotPassable {
                        hatch: board.hatch_label(hatch),
                        state: hatch_state(hs),
                    });
                }
                let from = self.rooms[here.index()];
                if !movement.may_leave(from) {
                    return Err(Illegal::CannotLeave {
                        room: board.room(here).label(),
                        state: room_state(from),
                    });
                }
                if !movement.revisit() && self.visited[there.index()] {
                    return Err(Illegal::AlreadyVisited {
                        room: board.room(there).label(),
                    });
                }
                let to = self.rooms[there.index()];
                let Some(cost) = movement.enter(from, hs, to) else {
                    return Err(Illegal::CannotEnter {
                        room: board.room(there).label(),
                        state: room_state(to),
                    });
                };
                self.position = there;
                self.visited[there.index()] = true;
                (cost, Vec::new())
            }
        };
        let total = self.spent.checked_add(cost).ok_or(Illegal::CostOverflow)?;
        self.spent = total;
        Ok(Step {
            action,
            cost,
            total,
            changes,
        })
    }
}

/// Why the rules decided a step as they did: for a refused step, what of
/// the ship refuses it and what would allow it, in a player's words; and
/// the rule that decided, quoted from the rules file in use, which a view
/// shows only when asked to explain.
#[derive(Clone, Debug)]
pub struct Ruling {
    /// The statement of the rules file that decided; `None` when the board,
    /// not a rule, decided (no hatch there), or the rules have no text.
    pub rule: Option<Quote>,
    /// Which statement that is.
    pub rule_ref: Option<RuleRef>,
    /// What of the ship refuses the step, as a player says it: `hatch 8-10
    /// is blocked`, `room 5 has high water and cannot be entered`.
    pub fact: String,
    /// What would allow the step, as a player says it: `a successful Unblock Hatch frees
    /// it`, `with Grog or Fire Extinguisher it is allowed`, `open it first: open
    /// 1-2`. Empty when nothing would.
    pub allowing: Vec<String>,
    /// Why, naming the rule that decided (or, where no rule decides, what
    /// the rules leave out): what `--explain` adds.
    pub reason: String,
    /// Items the player does not hold, any one of which would allow the
    /// step (for a refused step), by their names in the rules.
    pub allowed_with: Vec<String>,
}

impl Ship {
    /// The statement that decides `action` from this ship: for an allowed
    /// step the rule that set its cost, for a refused one the rule that
    /// refused it (see [`Ship::ruling`]).
    pub fn deciding_rule(
        &self,
        board: &Board,
        movement: &Movement,
        action: Action,
    ) -> Option<RuleRef> {
        let rules = movement.rules();
        let items = movement.items();
        let here = self.position;
        match action {
            Action::Open(hatch) => {
                if !board.hatch(hatch).rooms.contains(&here) {
                    return None;
                }
                let state = self.hatches[hatch.index()];
                Some(
                    rules
                        .open_rule(state, items)
                        .map_or(RuleRef::HatchState(state), RuleRef::Open),
                )
            }
            Action::Move(there) => {
                let hatch = board.hatch_between(here, there)?;
                let through = self.hatches[hatch.index()];
                if !movement.walk_through(through) {
                    return Some(RuleRef::WalkThrough);
                }
                let from = self.rooms[here.index()];
                if let Some(i) = rules.leave_rule(from, items)
                    && !rules.leave[i].allowed
                {
                    return Some(RuleRef::Leave(i));
                }
                if !movement.revisit() && self.visited[there.index()] {
                    return Some(RuleRef::Revisit);
                }
                let to = self.rooms[there.index()];
                rules
                    .enter_rule(from, through, to, items)
                    .map(RuleRef::Enter)
            }
        }
    }

    /// Why `action`, refused from this ship with `illegal`, is refused: the
    /// fact of the ship that refuses it and what would allow it, in a
    /// player's words, and the rule that decided, from the rules in use.
    pub fn ruling(
        &self,
        board: &Board,
        movement: &Movement,
        action: Action,
        illegal: &Illegal,
    ) -> Ruling {
        let rules = movement.rules();
        let rule_ref = self.deciding_rule(board, movement, action);
        let quote = rule_ref.and_then(|r| rules.quote(r));
        // The hatch the step opens or walks through, and its state.
        let through = match action {
            Action::Move(there) => board.hatch_between(self.position, there),
            Action::Open(h) => Some(h),
        }
        .map(|h| self.hatches[h.index()]);
        let mut allowing = Vec::new();
        let fact = match illegal {
            Illegal::NotPassable { hatch, state } => {
                if through.and_then(|s| movement.opening(s)).is_some() {
                    allowing.push(format!("open it first: open {hatch}"));
                }
                format!("hatch {hatch} is {state}")
            }
            Illegal::CannotOpen { hatch, state } => format!("hatch {hatch} is {state}"),
            Illegal::NotAdjacent { .. } => {
                let next: Vec<&str> = board
                    .neighbours(self.position)
                    .iter()
                    .map(|&(_, n)| board.room(n).id.as_str())
                    .collect();
                allowing.push(format!(
                    "from room {}, hatches lead to: {}",
                    board.room(self.position).id,
                    next.join(", ")
                ));
                illegal.to_string()
            }
            Illegal::HatchNotHere { .. } => {
                allowing.push("a hatch is opened from one of the two rooms it joins".to_string());
                illegal.to_string()
            }
            Illegal::CostOverflow => {
                allowing.push("split the plan".to_string());
                illegal.to_string()
            }
            _ => illegal.to_string(),
        };
        // The actions that change the hatch's state into one that can be
        // opened or walked through: they free it, on this turn's fix-it
        // from one of its rooms or on a later turn.
        if matches!(
            illegal,
            Illegal::NotPassable { .. } | Illegal::CannotOpen { .. }
        ) && let Some(state) = through
            && movement.opening(state).is_none()
        {
            let frees = |a: &turn::Action| {
                a.changes.iter().any(|c| {
                    matches!(*c, turn::Change::Hatch { from, to } if from == state
                            && (movement.walk_through(to) || movement.opening(to).is_some()))
                })
            };
            allowing.extend(
                rules
                    .turn
                    .actions
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| frees(a))
                    .map(|(i, _)| {
                        format!(
                            "a successful {} frees it",
                            rules.say_action(ActionId(i as u8))
                        )
                    }),
            );
        }
        // Any one item more that makes the step legal: the rules are asked
        // again with it held, so the hint is never a guess.
        let held = movement.items();
        let allowed_with: Vec<String> = (0..rules.items.len())
            .map(|i| crate::model::ItemId(i as u8))
            .filter(|&item| !held.contains(item))
            .filter(|&item| {
                let with = rules.movement(held.with(item));
                self.clone().apply(board, &with, action).is_ok()
            })
            .map(|item| rules.items[usize::from(item.0)].clone())
            .collect();
        if !allowed_with.is_empty() {
            let said: Vec<String> = allowed_with
                .iter()
                .map(|i| rules.say(i).into_owned())
                .collect();
            allowing.push(format!("with {} it is allowed", said.join(" or ")));
        }
        Ruling {
            reason: rule_reason(rules, illegal, rule_ref, quote.as_ref()),
            rule: quote,
            rule_ref,
            fact,
            allowing,
            allowed_with,
        }
    }
}

/// The rule that refused a step, quoted, or what the rules leave out
/// where no rule decides: `the rules `red-november-rulebook` say `walk
/// through: open``.
fn rule_reason(
    rules: &Rules,
    illegal: &Illegal,
    rule_ref: Option<RuleRef>,
    quote: Option<&Quote>,
) -> String {
    // A hatch state no `open` rule names is quoted as its bare
    // declaration, which says nothing: what the rules leave out is
    // said instead.
    if let Some(q) = quote.filter(|_| !matches!(rule_ref, Some(RuleRef::HatchState(_)))) {
        return format!("the rules `{}` say `{}`", rules.name, q.text);
    }
    let name = &rules.name;
    match illegal {
        Illegal::NotAdjacent { .. } | Illegal::HatchNotHere { .. } => {
            "the board decides: no rule does".to_string()
        }
        Illegal::CannotOpen { state, .. } => format!(
            "the rules `{name}` have no `open` rule for hatches that are {state}, so this one cannot be opened"
        ),
        Illegal::NotPassable { state, .. } => {
            format!("the rules `{name}` do not let a player walk through a hatch that is {state}")
        }
        Illegal::CannotLeave { state, .. } => {
            format!("the rules `{name}` do not let a player leave a room that has {state}")
        }
        Illegal::CannotEnter { state, .. } => {
            format!("the rules `{name}` forbid entering a room that has {state}")
        }
        Illegal::AlreadyVisited { .. } => format!(
            "the rules `{name}` do not say `revisit: allowed`, so each room is entered at most once a turn"
        ),
        Illegal::CostOverflow => "minutes are counted up to a limit".to_string(),
    }
}

impl Ruling {
    /// The refusal in a player's words: the fact of the ship, then what
    /// would allow the step, `hatch 8-10 is blocked (a successful Unblock
    /// Hatch frees it)`; with `explain`, the rule that decided after it.
    pub fn words(&self, explain: bool) -> String {
        let mut out = self.fact.clone();
        if !self.allowing.is_empty() {
            out.push_str(&format!(" ({})", self.allowing.join("; ")));
        }
        if explain {
            out.push_str(&format!(": {}", self.reason));
        }
        out
    }

    /// What would allow the step, for a diagnostic's help line: `Unblock
    /// Hatch frees it`; `None` when nothing would.
    pub fn help(&self) -> Option<String> {
        (!self.allowing.is_empty()).then(|| self.allowing.join("; "))
    }

    /// The report of the refused step `number` (from 1) at `span` of the
    /// plan: the reason as help, and the deciding rule quoted from its
    /// rules file as a note under it.
    pub fn report(&self, plan: Arc<SourceFile>, number: usize, span: Span) -> Report {
        let mut problem = Problem::error(
            Code::IllegalStep,
            format!("step {number} is not allowed: {}", self.fact),
        )
        .label(span, "this step breaks a rule");
        if let Some(help) = self.help() {
            problem = problem.help(help);
        }
        let report = Report::new(plan, problem);
        match &self.rule {
            Some(q) => {
                let (message, label) = match self.rule_ref {
                    Some(RuleRef::HatchState(_)) => (
                        "no rule opens this hatch state",
                        "declared here, and no `open` rule names it",
                    ),
                    _ => ("the rule that decided", "this rule refuses the step"),
                };
                report.with_related(Report::new(
                    Arc::clone(&q.source),
                    Problem::note(Code::DecidingRule, message).label(q.span, label),
                ))
            }
            None => report,
        }
    }
}

/// Plays a sequence of actions from `start`; the first illegal one stops it
/// and is returned with its index. Every path the search reports replays to
/// its outcome: this is how to walk it step by step.
///
/// ```
/// use hatchway::{load, referee, search};
/// use hatchway::model::ItemSet;
///
/// let board = load::board_from_str("two", "board two\nroom 1\nroom 2: low_flood\nhatch 1-2\nstart 1\n")?.value;
/// let movement = board.rules.movement(ItemSet::default());
/// let solution = search::solve(&board, &movement, board.start, &search::Limits::default())?;
/// let outcome = &solution.outcomes[1];
/// let (ship, steps) = referee::replay(&board, &movement, board.start, &outcome.actions)
///     .map_err(|(i, illegal)| format!("step {}: {illegal}", i + 1))?;
/// assert_eq!(ship.position, outcome.room);
/// assert_eq!(ship.spent, outcome.cost);
/// let minutes: Vec<u32> = steps.iter().map(|s| s.cost.0).collect();
/// assert_eq!(minutes, [1, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    actions: &[Action],
) -> Result<(Ship, Vec<Step>), (usize, Illegal)> {
    let mut ship = Ship::new(board, start);
    let steps = play(board, movement, &mut ship, actions, |_| {})?;
    Ok((ship, steps))
}

/// Plays `actions` on `ship`, in order, calling `after` with the ship after
/// each step: the one loop behind [`replay`] and every replay of an
/// engine's path (`answer::Told::replay`). The first illegal action stops
/// it and is returned with its index, the ship left as before it.
pub fn play(
    board: &Board,
    movement: &Movement,
    ship: &mut Ship,
    actions: &[Action],
    after: impl FnMut(&Ship),
) -> Result<Vec<Step>, (usize, Illegal)> {
    let mut steps = Vec::with_capacity(actions.len());
    play_into(board, movement, ship, &mut steps, actions, after)?;
    Ok(steps)
}

/// [`play`], its steps pushed onto `steps`.
pub fn play_into(
    board: &Board,
    movement: &Movement,
    ship: &mut Ship,
    steps: &mut Vec<Step>,
    actions: &[Action],
    mut after: impl FnMut(&Ship),
) -> Result<(), (usize, Illegal)> {
    for (i, &action) in actions.iter().enumerate() {
        steps.push(ship.apply(board, movement, action).map_err(|e| (i, e))?);
        after(ship);
    }
    Ok(())
}
