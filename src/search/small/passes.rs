//! The passes of the small search and what each is for (docs/SEARCH.md,
//! "Costs first"): without revisits, one search for the paths; with
//! revisits and hatches that can change, one way to each outcome, the least
//! costs, then the paths, each bounded by the leeway the one before sets;
//! for a sweep, one lighter pass that finds the least cost of ending in
//! each room, stopped once it has settled every room the player may stand
//! in.

use crate::model::{Board, Cost, HatchStateId, Movement, RoomId};

use super::super::frontier::Frontier;
use super::super::standing::standing_rooms;
use super::super::{Limits, Reach, Stopped, Want};
use super::collect::{Sink, best_of_each_outcome, collect_outcomes};
use super::word::{Plan, Word};
use super::{FIRST_STATES, Search};

/// What the costs pass is made for: every outcome at its least cost;
/// only which outcomes there are, whatever they cost; or the least cost
/// of ending in each of these rooms (a set of room bits), after which it
/// stops.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Pass {
    Costs,
    Outcomes,
    Rooms(u64),
}

/// Whether every open takes a hatch from a state that cannot be walked
/// through, for a minute or more, straight into one that can and opens no
/// further. Then an open of a dry hatch can wait until just before the
/// walk through it, so the costs pass makes the two one step.
fn opens_wait_for_walks(movement: &Movement) -> bool {
    (0..movement.hatch_state_count()).all(|h| {
        let from = HatchStateId(h as u8);
        movement.opening(from).is_none_or(|o| {
            o.cost.0 >= 1
                && !movement.walk_through(from)
                && movement.walk_through(o.becomes)
                && movement.opening(o.becomes).is_none()
        })
    })
}

impl<W: Word> Search<W> {
    /// Solves a turn into `answer`. With revisits and hatches that can
    /// change (and no cost bound asked for), the costs come first (docs/SEARCH.md, "Costs
    /// first"): a search of a smaller ship, from one way to each outcome,
    /// bounds the minutes each state of the costs pass may have spent, and
    /// from the least costs, what each state of the search for the paths
    /// may have spent; when only costs are wanted, they are the answer.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run(
        &mut self,
        board: &Board,
        movement: &Movement,
        plan: &Plan,
        start: RoomId,
        limits: &Limits,
        frontier: &mut Frontier,
        answer: Sink<'_>,
        want: Want,
    ) -> Result<(), Stopped> {
        self.shape.build(board, movement, plan);
        // Loose hatches depend on the shape alone: every pass that groups
        // states shares them.
        if self.shape.groups_by_loose() {
            self.loose.reset(FIRST_STATES);
        }
        let mut bounded = false;
        let mut costs_states = 0;
        // Every pass takes its states from one budget: the passes that
        // prepare the search for the paths at most half of it, the bounded
        // search for the paths what they leave but a quarter, which the
        // search without the leeway that replaces a stopped one has at
        // least, so that what a stopped solve settled is still named.
        let mut spent = 0usize;
        let prepare = limits.max_states / 2;
        let within = |spent: usize, most: usize| Limits {
            max_states: most.saturating_sub(spent),
            ..*limits
        };
        let costs_first = self.shape.groups_by_loose()
            && limits.max_cost.is_none()
            && opens_wait_for_walks(movement);
        if costs_first
            && want == Want::Reach
            && self
                .reach(
                    board,
                    plan,
                    movement,
                    start,
                    limits,
                    frontier,
                    &mut *answer.reach,
                )
                .is_ok()
        {
            *answer.reached = true;
            return Ok(());
        }
        if costs_first {
            let initial = self.shape.initial(board, plan, start);
            let classes = (self.leeway).find(
                &self.shape,
                movement,
                board,
                &mut self.loose,
                initial,
                &within(spent, prepare),
            );
            // A pass that stops has stored one state past its budget.
            spent = (spent + classes).min(prepare);
            // Which outcomes there are, each at the cost of one way to it:
            // the smaller ship then bounds the minutes of the costs pass
            // (docs/SEARCH.md, "Costs first").
            self.pass = Pass::Outcomes;
            let pass = within(spent, prepare);
            let ways = (self.explore::<true, false>(board, plan, movement, start, &pass, frontier))
                .is_ok();
            let states = self.states.nodes.len();
            spent = (spent + states).min(prepare);
            if ways {
                self.keep_costs();
                self.leeway.bound(&self.shape, &self.least, false);
            }
            self.pass = Pass::Costs;
            let pass = within(spent, prepare);
            let costs = if ways {
                self.explore::<true, true>(board, plan, movement, start, &pass, frontier)
            } else {
                self.explore::<true, false>(board, plan, movement, start, &pass, frontier)
            };
            spent = (spent + self.states.nodes.len()).min(prepare);
            if costs.is_ok() {
                if want != Want::Paths {
                    let solution = collect_outcomes(self, board, answer, Want::Costs, limits)?;
                    solution.states += states + classes;
                    return Ok(());
                }
                self.keep_costs();
                self.leeway.bound(&self.shape, &self.least, true);
                bounded = true;
                costs_states = states + self.states.nodes.len() + classes;
            }
        }
        let bounded = bounded.then(|| {
            let most = limits.max_states - limits.max_states / 4;
            let pass = within(spent, most);
            let found = self.explore::<false, true>(board, plan, movement, start, &pass, frontier);
            spent = (spent + self.states.nodes.len()).min(most);
            found
        });
        // A stop names the cost up to which every outcome is settled, and a
        // search bounded at that cost must fit in the same budget
        // (`search::settled`): that holds of the search without the
        // leeway, which stores every state such a search would, so a
        // bounded pass that stops gives way to it.
        let beyond = match bounded {
            Some(Ok(beyond)) => beyond,
            _ => {
                let pass = within(spent, limits.max_states);
                (self.explore::<false, false>(board, plan, movement, start, &pass, frontier))
                    .map_err(|mut stop| {
                        // The states of every pass, as the budget counts them.
                        stop.states += spent;
                        stop
                    })?
            }
        };
        answer.solution.beyond = beyond;
        let solution = collect_outcomes(self, board, answer, Want::Paths, limits)?;
        solution.states += costs_states;
        Ok(())
    }

    /// The least cost of ending in each room, into `reach`, by the costs
    /// pass (docs/SEARCH.md, "What a
    /// sweep reads"), settling states cheapest first until it has settled
    /// a state in every room [`standing_rooms`] says the player may stand
    /// in, or none is left.
    #[allow(clippy::too_many_arguments)]
    fn reach(
        &mut self,
        board: &Board,
        plan: &Plan,
        movement: &Movement,
        start: RoomId,
        limits: &Limits,
        frontier: &mut Frontier,
        reach: &mut Reach,
    ) -> Result<(), Stopped> {
        let rooms = standing_rooms(board, movement, start);
        self.pass = Pass::Rooms(rooms);
        self.explore::<true, false>(board, plan, movement, start, limits, frontier)?;
        reach.states = self.states.nodes.len();
        // Settled cheapest first: a room's first is its least.
        let mut seen = 0u64;
        for &n in &self.settled {
            let room = self.shape.position(self.states.keys[n as usize]);
            if seen >> room & 1 == 0 {
                seen |= 1 << room;
                reach.ends(
                    RoomId(room as u32),
                    Cost(self.states.nodes[n as usize].cost),
                );
            }
        }
        Ok(())
    }

    /// Keeps each outcome's (cost, actions) that the last costs pass
    /// settled, in `self.least`: the least after [`Pass::Costs`], that of
    /// one way after [`Pass::Outcomes`].
    fn keep_costs(&mut self) {
        best_of_each_outcome(self, Want::Costs);
        let Search {
            shape,
            states,
            best,
            least,
            ..
        } = self;
        least.clear();
        least.extend(best.nodes.iter().map(|&n| {
            let (key, node) = (states.keys[n as usize], states.nodes[n as usize]);
            (key & shape.outcome_mask, (node.cost, node.len))
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::super::Space;
    use crate::search::{Limits, Workspace};

    /// The costs pass finds every outcome at its least (cost, actions),
    /// the same as the paths pass gives it: the leeway it sets is as wide
    /// as it must be, and no wider.
    #[test]
    fn the_costs_pass_finds_each_outcome_at_its_least_cost() {
        use crate::interchange::Format;
        use crate::load::InputKind;
        let rules = crate::load::builtin_rules("red-november-rulebook").expect("built in");
        let movement = rules.movement(crate::model::ItemSet::default());
        let mut workspace = Workspace::new();
        let mut checked = 0;
        for (n, line) in crate::generate::standard_turns(60, 11).lines().enumerate() {
            let kind = InputKind::Document(Format::Json);
            let input = crate::load::input_from_bytes(format!("{n}.json"), line.into(), None, kind)
                .unwrap_or_else(|_| panic!("turn {n} reads"));
            let board = crate::load::board_played_by(&input, &rules)
                .unwrap_or_else(|_| panic!("turn {n} compiles"))
                .value;
            let solution = workspace
                .solve(&board, &movement, board.start, &Limits::default())
                .unwrap_or_else(|e| panic!("turn {n}: {e}"));
            let mut paths: Vec<(u32, u32)> = solution
                .outcomes
                .iter()
                .map(|o| (o.cost.0, o.actions.len() as u32))
                .collect();
            let Space { narrow, wide, .. } = &mut workspace.small;
            let mut costs: Vec<(u32, u32)> = (narrow.least.iter().map(|o| o.1))
                .chain(wide.least.iter().map(|o| o.1))
                .collect();
            narrow.least.clear();
            wide.least.clear();
            if costs.is_empty() {
                continue;
            }
            paths.sort_unstable();
            costs.sort_unstable();
            assert_eq!(costs, paths, "turn {n}");
            checked += 1;
        }
        assert!(
            checked > 10,
            "only {checked} turns searched the costs first"
        );
    }
}
