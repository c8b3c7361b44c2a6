//! A compiled board: rooms and hatches in canonical order, with their
//! states at the start of a turn and who neighbours whom.

use std::sync::Arc;

use super::*;

/// A room of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Its id as written (`7`, `sea`).
    pub id: String,
    /// Its display name, if the board gives one.
    pub name: Option<String>,
    /// Its state at the start of the turn.
    pub state: StateId,
    /// Where `hatchway draw` puts it (column, row), if the board says.
    pub position: Option<(u16, u16)>,
}

impl Room {
    /// How the room is called in messages: `7 (Missile Control)` or `7`.
    pub fn label(&self) -> String {
        match &self.name {
            Some(name) => format!("{} ({name})", self.id),
            None => self.id.clone(),
        }
    }
}

/// A hatch of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hatch {
    /// The two rooms it joins, the lower id first.
    pub rooms: [RoomId; 2],
    /// Its state at the start of the turn.
    pub state: HatchStateId,
}

impl Hatch {
    /// The room on the other side from `room`.
    #[inline]
    pub fn other(&self, room: RoomId) -> RoomId {
        if self.rooms[0] == room {
            self.rooms[1]
        } else {
            self.rooms[0]
        }
    }
}

/// A compiled board: rooms and hatches in canonical order, with adjacency.
#[derive(Clone, Debug)]
pub struct Board {
    /// The board's name.
    pub name: String,
    /// The rules it is played by.
    pub rules: Arc<Rules>,
    /// Rooms, in canonical order (numeric ids by value, then names).
    pub rooms: Vec<Room>,
    /// Hatches, ordered by their rooms.
    pub hatches: Vec<Hatch>,
    /// Where the turn starts.
    pub start: RoomId,
    /// Each room's hatches with the room beyond. It follows from the
    /// rooms and hatches alone, so copies of a board with other states
    /// share it.
    adjacency: Arc<[Vec<(HatchId, RoomId)>]>,
}

/// The canonical order of room ids: numbers by value (without overflow,
/// whatever their length), then names alphabetically.
pub fn room_id_order(a: &str, b: &str) -> std::cmp::Ordering {
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    match (numeric(a), numeric(b)) {
        (true, true) => {
            let ta = a.trim_start_matches('0');
            let tb = b.trim_start_matches('0');
            ta.len()
                .cmp(&tb.len())
                .then_with(|| ta.cmp(tb))
                .then_with(|| a.cmp(b))
        }
        (true, false) => std::cmp::Ordering::Less,
        (false, true) => std::cmp::Ordering::Greater,
        (false, false) => a.cmp(b),
    }
}

impl Board {
    /// Builds a board from rooms and hatches in any order; they are put in
    /// canonical order. Hatch rooms index into `rooms` as given.
    pub fn new(
        name: String,
        rules: Arc<Rules>,
        rooms: Vec<Room>,
        hatches: Vec<Hatch>,
        start: RoomId,
    ) -> Board {
        let mut order: Vec<usize> = (0..rooms.len()).collect();
        order.sort_by(|&a, &b| room_id_order(&rooms[a].id, &rooms[b].id));
        let mut new_index = vec![0u32; rooms.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new as u32;
        }
        let remap = |r: RoomId| RoomId(new_index.get(r.index()).copied().unwrap_or(0));
        let rooms: Vec<Room> = order.iter().map(|&i| rooms[i].clone()).collect();
        let mut hatches: Vec<Hatch> = hatches
            .into_iter()
            .map(|h| {
                let (a, b) = (remap(h.rooms[0]), remap(h.rooms[1]));
                Hatch {
                    rooms: [a.min(b), a.max(b)],
                    state: h.state,
                }
            })
            .collect();
        hatches.sort_by_key(|h| h.rooms);
        let mut adjacency = vec![Vec::new(); rooms.len()];
        for (i, h) in hatches.iter().enumerate() {
            let id = HatchId(i as u32);
            adjacency[h.rooms[0].index()].push((id, h.rooms[1]));
            adjacency[h.rooms[1].index()].push((id, h.rooms[0]));
        }
        for list in &mut adjacency {
            list.sort_by_key(|&(_, r)| r);
        }
        Board {
            name,
            rules,
            rooms,
            hatches,
            start: remap(start),
            adjacency: adjacency.into(),
        }
    }

    /// The hatches touching a room, with the room on their other side,
    /// ordered by that room.
    #[inline]
    pub fn neighbours(&self, room: RoomId) -> &[(HatchId, RoomId)] {
        self.adjacency.get(room.index()).map_or(&[], Vec::as_slice)
    }

    /// The help for an unknown room id: the closest id, if one is close,
    /// then the board's room ids, in order.
    pub fn rooms_help(&self, unknown: &str) -> String {
        let ids: Vec<&str> = self.rooms.iter().map(|r| r.id.as_str()).collect();
        format!(
            "{}the rooms of `{}` are: {}",
            crate::spelling::did_you_mean(unknown, ids.iter().copied()),
            self.name,
            ids.join(", ")
        )
    }

    /// A room by its id as written.
    pub fn room_by_id(&self, id: &str) -> Option<RoomId> {
        self.rooms
            .binary_search_by(|r| room_id_order(&r.id, id))
            .ok()
            .map(|i| RoomId(i as u32))
    }

    /// A room by its id, else by its name up to case (`Engine Room`,
    /// `engine room`), as an option naming one room takes it. An id wins
    /// over another room's name; a name that several rooms share names
    /// none of them.
    ///
    /// ```
    /// let board = hatchway::load::board_file(std::path::Path::new("boards/desperate-times.board"))?.value;
    /// let engine_room = board.room_by_id("1");
    /// assert_eq!(board.room_by_id_or_name("engine room"), engine_room);
    /// assert_eq!(board.room_by_id_or_name("1"), engine_room);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn room_by_id_or_name(&self, text: &str) -> Option<RoomId> {
        if let Some(room) = self.room_by_id(text) {
            return Some(room);
        }
        match self.rooms_named(text).as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// The rooms whose name is `name` up to case.
    fn rooms_named(&self, name: &str) -> Vec<RoomId> {
        let name = name.to_lowercase();
        (0..self.rooms.len())
            .map(|i| RoomId(i as u32))
            .filter(|&r| {
                self.room(r)
                    .name
                    .as_ref()
                    .is_some_and(|n| n.to_lowercase() == name)
            })
            .collect()
    }

    /// The help for a room that [`room_by_id_or_name`](Board::room_by_id_or_name)
    /// does not find: the rooms a shared name could mean, or the closest
    /// id or name, if one is close, then the board's rooms with their
    /// names.
    pub fn room_named_help(&self, unknown: &str) -> String {
        let shared = self.rooms_named(unknown);
        if shared.len() > 1 {
            let ids: Vec<&str> = shared.iter().map(|&r| self.room(r).id.as_str()).collect();
            return format!(
                "more than one room is named `{unknown}` ({}): give the id of the one you mean",
                ids.join(", ")
            );
        }
        let known = self.rooms.iter().enumerate().flat_map(|(i, r)| {
            std::iter::once(r.id.as_str())
                .chain(r.name.as_deref())
                .map(move |k| (k, i))
        });
        let hint = crate::spelling::closest_of(unknown, known)
            .map_or(String::new(), |(k, _)| format!("did you mean `{k}`? "));
        let labels: Vec<String> = self.rooms.iter().map(Room::label).collect();
        format!(
            "{hint}the rooms of `{}` are: {}",
            self.name,
            labels.join(", ")
        )
    }

    /// The room with this id.
    #[inline]
    pub fn room(&self, id: RoomId) -> &Room {
        &self.rooms[id.index()]
    }

    /// The hatch with this id.
    #[inline]
    pub fn hatch(&self, id: HatchId) -> &Hatch {
        &self.hatches[id.index()]
    }

    /// How a hatch is called in messages and outputs: by its two rooms'
    /// ids, `1-2`.
    pub fn hatch_label(&self, id: HatchId) -> String {
        let h = self.hatch(id);
        format!("{}-{}", self.room(h.rooms[0]).id, self.room(h.rooms[1]).id)
    }

    /// The hatch joining two rooms, if any.
    pub fn hatch_between(&self, a: RoomId, b: RoomId) -> Option<HatchId> {
        self.neighbours(a)
            .iter()
            .find(|&&(_, r)| r == b)
            .map(|&(h, _)| h)
    }

    /// The board with another start room.
    pub fn with_start(&self, start: RoomId) -> Board {
        Board {
            start,
            ..self.clone()
        }
    }

    /// The initial state of every room.
    pub fn room_states(&self) -> Vec<StateId> {
        self.rooms.iter().map(|r| r.state).collect()
    }
}
