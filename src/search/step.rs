//! What one step of either full search may do, shared by the general and
//! the small search: which opens are worth making ([`changes`]), when an
//! open and the move through its hatch are one step ([`fused`], [`Fusing`]),
//! and what a walk costs.

use crate::model::{Cost, HatchId, HatchStateId, Movement, Opening, StateId};

/// Whether a flow changes a room. An open that changes no room, through a
/// hatch into a room that cannot be entered again (visited, or out of
/// play), is never part of a best sequence, so neither search makes it:
/// the hatch can no longer be walked through, and dropping that open from
/// any sequence leaves a legal one with the same room states, no higher
/// cost and one action fewer (a later open of the same hatch flows just
/// the same, since flows depend on room states only, and each later open
/// of it moves one step less along its chain of states, paying no more).
#[inline]
pub(super) fn changes(flow: Option<(StateId, StateId)>, here: StateId, there: StateId) -> bool {
    flow.is_some_and(|f| f != (here, there))
}

/// Where a fused step keeps its open (see [`fused`]): above every action
/// rank, which stays below `limits::HATCHES + limits::ROOMS`.
pub(super) const FUSED_SHIFT: u32 = 16;
const _: () =
    assert!(crate::model::limits::HATCHES + crate::model::limits::ROOMS < 1 << FUSED_SHIFT);

/// One step of the search that is two actions: open a hatch (`open`, an
/// action rank) and walk through it (`walk`). Both full searches take the
/// two in one step where nothing else could usefully come between them
/// (see [`Fusing`]): after an open that changes no room the player must
/// leave by that hatch (see [`exit_bits`](super::packing::exit_bits)), and the state in between is
/// never the best way to its outcome (the state before it is that outcome,
/// cheaper or shorter), so it need not be stored.
#[inline]
pub(super) fn fused(open: u32, walk: u32) -> u32 {
    walk | (open + 1) << FUSED_SHIFT
}

/// The actions of a step, as ranks: the open of a fused step, if any, and
/// the last action.
#[inline]
pub(super) fn step_actions(step: u32) -> (Option<u32>, u32) {
    let open = step >> FUSED_SHIFT;
    (open.checked_sub(1), step & ((1 << FUSED_SHIFT) - 1))
}

/// The largest cost of one step of the full searches: one action, or an
/// open and a move fused (see [`fused`]), which only happens when revisits
/// are forbidden.
#[inline]
pub(super) fn longest_step(movement: &Movement) -> u32 {
    let most = movement.max_step();
    if movement.revisit() {
        most
    } else {
        most.saturating_mul(2)
    }
}

/// How many actions a step holds (see [`fused`]).
#[inline]
pub(super) fn actions_in(step: u32) -> u32 {
    1 + u32::from(step_actions(step).0.is_some())
}

/// What walking through a hatch in state `through` from a room in state
/// `from` into one in state `to` costs, if it is allowed (leaving `from`
/// is checked apart).
#[inline]
pub(super) fn walk_cost(
    movement: &Movement,
    from: StateId,
    through: HatchStateId,
    to: StateId,
) -> Option<Cost> {
    if movement.walk_through(through) {
        movement.enter(from, through, to)
    } else {
        None
    }
}

/// Which opens that change no room, at the player's room, are fused with
/// the move through their hatch (see [`fused`]).
///
/// After such an open of hatch `e` the player must leave through `e`, so
/// the only things that can come before that move are opens that change
/// rooms (flows) at the same room. When no open there can change a room,
/// nothing can: the open and the move are fused. Otherwise they still are
/// when every hatch there that could ever flow while the player stands in
/// the room (from any state the room could take) comes before `e` in the
/// action order. `e` itself is then not one of them, so it stays an open
/// that changes no room, and any sequence `open e, flows..., move e` has
/// the same effect, cost and length as `flows..., open e, move e`, which
/// is earlier in the action order: the first is never the best way
/// anywhere.
pub(super) struct Fusing {
    /// The state of the player's room, and whether they may leave it.
    pub(super) here_state: StateId,
    pub(super) may_leave: bool,
    /// Some open at this room changes a room now.
    pub(super) flows_now: bool,
    /// The last hatch, in board order, that could flow while the player is
    /// here.
    pub(super) last_flow: Option<u32>,
}

impl Fusing {
    /// Looks at every hatch of the room: its id, its state and the state of
    /// the room behind it. The room is in `here_state`, which the player
    /// may leave or not (`may_leave`); `ever` holds the states a room behind
    /// could be in for an open to change rooms, from any state this room
    /// could take (see [`flow_plan`](super::flows::flow_plan)).
    #[inline]
    pub(super) fn new(
        movement: &Movement,
        here_state: StateId,
        may_leave: bool,
        ever: u32,
        hatches: impl Iterator<Item = (HatchId, HatchStateId, StateId)>,
    ) -> Fusing {
        let now = movement.flow_partners(here_state);
        let mut fusing = Fusing {
            here_state,
            may_leave,
            flows_now: false,
            last_flow: None,
        };
        for (hatch, state, there_state) in hatches {
            let bit = 1u32 << there_state.0;
            if (now | ever) & bit == 0 || movement.opening(state).is_none() {
                continue;
            }
            fusing.flows_now |= now & bit != 0;
            if ever & bit != 0 {
                fusing.last_flow = Some(fusing.last_flow.map_or(hatch.0, |f| f.max(hatch.0)));
            }
        }
        fusing
    }

    /// Whether an open of `hatch` that changes no room, which leaves it in
    /// state `becomes`, is fused with the move through it: also only when
    /// the hatch cannot be opened further (else another open of it could
    /// come first).
    #[inline]
    pub(super) fn fuses(&self, movement: &Movement, hatch: HatchId, becomes: HatchStateId) -> bool {
        (!self.flows_now || self.last_flow.is_some_and(|f| hatch.0 > f))
            && movement.opening(becomes).is_none()
    }

    /// What a fused open (`opening`) and move into a room in state
    /// `there_state` cost together; `None` when the move is not allowed,
    /// and then the open is not worth making at all.
    #[inline]
    pub(super) fn cost(
        &self,
        movement: &Movement,
        opening: Opening,
        there_state: StateId,
    ) -> Option<u32> {
        if !self.may_leave {
            return None;
        }
        let step = walk_cost(movement, self.here_state, opening.becomes, there_state)?;
        Some(opening.cost.0 + step.0)
    }
}
