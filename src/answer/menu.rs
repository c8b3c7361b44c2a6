//! The turn's menu: every fix-it the rules allow this turn, at every room a
//! move can end in with the action allowed there, each with its plans and
//! the frontier of their odds, the strongest choices first.

use super::{Answer, Plans};
use crate::fixit::{self, Plan, Target};
use crate::model::turn::DIE_SIDES;
use crate::model::{ActionId, Cost, HatchId, RoomId};

/// One choice of the menu: taking `action` at `at` after some move, on
/// one hatch of that room for an action on hatches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The action.
    pub action: ActionId,
    /// Where it is taken: the room the move ends in.
    pub at: RoomId,
    /// The hatch it acts on, for an action on hatches: each hatch of the
    /// room is a choice of its own.
    pub hatch: Option<HatchId>,
    /// Its plans and their frontier, as `hatchway plan --action --at`
    /// gives them.
    pub plans: Plans,
}

impl Choice {
    /// The fewest minutes of the whole turn that make the roll sure, when
    /// some plan can.
    pub fn sure_total(&self) -> Option<Cost> {
        self.plans
            .best
            .first()
            .filter(|b| b.chance.faces() == DIE_SIDES)
            .map(|b| b.odds.total)
    }

    /// The fewest minutes of the whole turn for any chance.
    pub fn cheapest_total(&self) -> Option<Cost> {
        self.plans.best.last().map(|b| b.odds.total)
    }
}

impl Answer<'_> {
    /// Every choice of action and room among the outcomes shown, narrowed
    /// to `action` and `at` when given, each with at least one plan.
    /// Strongest first: by the fewest minutes in all that make the roll
    /// sure (choices that cannot be made sure last), then by the fewest
    /// minutes in all for any chance, then in the order the rules declare
    /// the actions and the board its rooms.
    pub fn menu(&self, action: Option<ActionId>, at: Option<RoomId>) -> Vec<Choice> {
        let declared = self.turn.movement.rules().turn.actions.len();
        let actions = (0..declared)
            .map(|a| ActionId(a as u8))
            .filter(|a| action.is_none_or(|x| x == *a));
        let mut rooms: Vec<RoomId> = self
            .outcomes()
            .iter()
            .map(|t| t.outcome.room)
            .filter(|r| at.is_none_or(|x| x == *r))
            .collect();
        rooms.sort_unstable();
        rooms.dedup();
        let mut menu: Vec<Choice> = actions
            .flat_map(|action| rooms.iter().map(move |&at| (action, at)))
            .flat_map(|(action, at)| {
                by_hatch(self.plans(action, at))
                    .into_iter()
                    .map(move |(hatch, plans)| Choice {
                        action,
                        at,
                        hatch,
                        plans,
                    })
            })
            .filter(|c| !c.plans.plans.is_empty())
            .collect();
        menu.sort_by_key(|c| {
            let sure = c.sure_total();
            (
                sure.is_none(),
                sure,
                c.cheapest_total(),
                c.action.0,
                c.at,
                c.hatch,
            )
        });
        menu
    }
}

/// The plans split by the hatch they act on (one group, `None`, for an
/// action on rooms), each group with its own frontier, in the board's
/// order of hatches.
fn by_hatch(plans: Plans) -> Vec<(Option<HatchId>, Plans)> {
    let hatch = |p: &Plan| match p.target {
        Target::Hatch { hatch, .. } => Some(hatch),
        Target::Room { .. } => None,
    };
    let mut hatches: Vec<Option<HatchId>> = plans.plans.iter().map(hatch).collect();
    hatches.sort_unstable();
    hatches.dedup();
    if hatches.len() <= 1 {
        return vec![(hatches.first().copied().flatten(), plans)];
    }
    hatches
        .into_iter()
        .map(|h| {
            let group: Vec<Plan> = plans
                .plans
                .iter()
                .filter(|p| hatch(p) == h)
                .cloned()
                .collect();
            let best = fixit::best(&group);
            (h, Plans { plans: group, best })
        })
        .collect()
}
