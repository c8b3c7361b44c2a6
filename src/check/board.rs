//! A board: its rooms, hatches, places and start checked against the rules
//! it names, and compiled into [`Board`].

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::Checked;
use super::names::{check_name_length, check_quotable, quote};
use crate::diagnostic::{Code, Fix, Problem};
use crate::model::{Board, Hatch, HatchStateId, Names, Room, RoomId, Rules, StateId, limits};
use crate::spelling::{closest, did_you_mean};
use crate::syntax::ast::{self, Name, Span};

/// How a board finds its rules: by the reference it wrote.
pub trait RulesSource {
    /// The compiled rules for a reference, or the problems that stop them.
    fn rules(&mut self, reference: Option<&ast::RulesRef>) -> Result<Arc<Rules>, Vec<Problem>>;
}

/// Checks and compiles a board with the rules its source hands over.
pub fn board(file: &ast::BoardFile, source: &mut dyn RulesSource) -> Checked<Board> {
    let mut problems = Vec::new();
    check_name_length(&file.name, "board name", &mut problems);
    check_quotable(&file.name, "board name", &mut problems);
    for extra in file.rules.iter().skip(1) {
        problems.push(
            Problem::error(Code::DuplicateStatement, "the board names its rules twice")
                .label(extra.name().span, "second `rules` here")
                .label(file.rules[0].name().span, "first here")
                .help("a board is played by one rules file"),
        );
    }
    // When the rules cannot be used, the layout is still checked: only the
    // states (which the rules name) are not.
    let rules = match source.rules(file.rules.first()) {
        Ok(r) => Some(r),
        Err(mut p) => {
            problems.append(&mut p);
            None
        }
    };

    if file.rooms.len() > limits::ROOMS {
        problems.push(
            Problem::error(Code::TooMany, "too many rooms")
                .label(
                    file.rooms[limits::ROOMS].id.span,
                    format!("room number {}", limits::ROOMS + 1),
                )
                .help(format!("a board has at most {} rooms", limits::ROOMS)),
        );
        return Checked {
            value: None,
            problems,
        };
    }
    if file.hatches.len() > limits::HATCHES {
        problems.push(
            Problem::error(Code::TooMany, "too many hatches")
                .label(
                    file.hatches[limits::HATCHES].span,
                    format!("hatch number {}", limits::HATCHES + 1),
                )
                .help(format!("a board has at most {} hatches", limits::HATCHES)),
        );
        return Checked {
            value: None,
            problems,
        };
    }

    let rooms = rooms(file, rules.as_deref(), &mut problems);
    let hatches = hatches(file, rules.as_deref(), &rooms, &mut problems);
    let start = start(file, &rooms, &mut problems);

    if let (Some(start), Some(rules)) = (start, &rules)
        && !problems.iter().any(Problem::is_error)
    {
        warn_unreachable(
            rules,
            &rooms.rooms,
            &rooms.spans,
            &hatches,
            start,
            &mut problems,
        );
    }

    let ok = !problems.iter().any(Problem::is_error);
    let value = match (ok, start, rules) {
        (true, Some(start), Some(rules)) => Some(Board::new(
            file.name.text.clone(),
            rules,
            rooms.rooms,
            hatches,
            RoomId(start as u32),
        )),
        _ => None,
    };
    Checked { value, problems }
}

/// Whether a board's name passes the checks [`board`] makes of it.
pub fn sound_board_name(name: &str) -> bool {
    let name = Name::new(name, Span::default());
    let mut problems = Vec::new();
    check_name_length(&name, "board name", &mut problems);
    check_quotable(&name, "board name", &mut problems);
    problems.is_empty()
}

/// The rooms of a board as checked, and what hatches and the start look
/// their ids up in.
struct Rooms<'a> {
    rooms: Vec<Room>,
    spans: Vec<Span>,
    by_id: HashMap<&'a str, usize>,
    /// Ids already reported as invalid, not reported again where used.
    invalid_ids: HashSet<&'a str>,
}

impl Rooms<'_> {
    /// The error for a room id no room has, naming the board's rooms.
    fn unknown(&self, name: &Name) -> Problem {
        let mut ids: Vec<&str> = self.rooms.iter().map(|r| r.id.as_str()).collect();
        ids.sort_by(|a, b| crate::model::room_id_order(a, b));
        let known = if ids.len() <= 12 {
            ids.iter().map(|i| quote(i)).collect::<Vec<_>>().join(", ")
        } else {
            format!(
                "{}, ... {}",
                ids[..10]
                    .iter()
                    .map(|i| quote(i))
                    .collect::<Vec<_>>()
                    .join(", "),
                ids.last().map_or(String::new(), |i| quote(i))
            )
        };
        let p = Problem::error(Code::UnknownRoom, format!("unknown room `{}`", name.text))
            .label(name.span, "no room has this id");
        if ids.is_empty() {
            p.help("the board declares no rooms")
        } else {
            p.help(format!(
                "{}the board's rooms are {known}",
                did_you_mean(&name.text, ids.iter().copied())
            ))
            .respell(name.span, closest(&name.text, ids.iter().copied()))
        }
    }
}

/// Names in backticks, separated by commas, for a help line.
fn state_list(names: &[String]) -> String {
    names
        .iter()
        .map(|s| quote(s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks the rooms: their ids, names, places and states (when the rules
/// could be read).
fn rooms<'a>(
    file: &'a ast::BoardFile,
    rules: Option<&Rules>,
    problems: &mut Vec<Problem>,
) -> Rooms<'a> {
    let mut rooms: Vec<Room> = Vec::new();
    let mut room_spans: Vec<Span> = Vec::new();
    let mut by_id: HashMap<&str, usize> = HashMap::new();
    let mut by_position: HashMap<(u16, u16), Span> = HashMap::new();
    let mut invalid_ids: HashSet<&str> = HashSet::new();
    for decl in &file.rooms {
        let long_id = !check_name_length(&decl.id, "room id", problems);
        let bad_id = decl.id.text.is_empty()
            || !decl
                .id
                .text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if bad_id || crate::syntax::keywords::is_reserved(&decl.id.text) {
            invalid_ids.insert(decl.id.text.as_str());
            let help = if bad_id {
                crate::syntax::room_id_help(&decl.id.text)
            } else {
                format!("`{}` is a keyword: it cannot be a room id", decl.id.text)
            };
            problems.push(
                Problem::error(
                    Code::InvalidRoomId,
                    format!("room id `{}` is not valid", decl.id.text),
                )
                .label(decl.id.span, "not a room id")
                .help(help),
            );
            continue;
        }
        if let Some(d) = &decl.display {
            check_name_length(d, "room name", problems);
            check_quotable(d, "room name", problems);
        }
        let position = decl
            .position
            .as_ref()
            .and_then(|p| check_position(p, &mut by_position, problems));
        let state = match (&decl.state, rules) {
            (None, _) | (_, None) => Some(StateId(0)),
            (Some(s), Some(rules)) => {
                let found = rules.room_state_meant(&s.text);
                if found.is_none() {
                    problems.push(
                        Problem::error(
                            Code::UnknownName,
                            format!("unknown room state `{}`", s.text),
                        )
                        .label(s.span, "not a room state of these rules")
                        .help(format!(
                            "{}the room states of the rules `{}` are {}",
                            rules.did_you_mean(Names::RoomStates, &s.text),
                            rules.name,
                            state_list(&rules.room_states)
                        ))
                        .respell(s.span, rules.closest(Names::RoomStates, &s.text)),
                    );
                }
                found
            }
        };
        if let Some(&first) = by_id.get(decl.id.text.as_str()) {
            problems.push(
                Problem::error(
                    Code::DuplicateRoom,
                    format!("room `{}` is declared twice", decl.id.text),
                )
                .label(decl.id.span, "declared again here")
                .label(room_spans[first], "first declared here")
                .help("give each room its own id"),
            );
            continue;
        }
        if long_id {
            continue;
        }
        by_id.insert(&decl.id.text, rooms.len());
        room_spans.push(decl.id.span);
        rooms.push(Room {
            id: decl.id.text.clone(),
            name: decl.display.as_ref().map(|d| d.text.clone()),
            state: state.unwrap_or(StateId(0)),
            position,
        });
    }
    Rooms {
        rooms,
        spans: room_spans,
        by_id,
        invalid_ids,
    }
}

/// Checks the hatches: their rooms and states, and that no two join the
/// same rooms.
fn hatches(
    file: &ast::BoardFile,
    rules: Option<&Rules>,
    rooms: &Rooms<'_>,
    problems: &mut Vec<Problem>,
) -> Vec<Hatch> {
    let mut hatches = Vec::new();
    let mut hatch_spans: HashMap<(usize, usize), Span> = HashMap::new();
    for decl in &file.hatches {
        let ends: Vec<Option<usize>> = decl
            .rooms
            .iter()
            .map(|n| {
                let found = rooms.by_id.get(n.text.as_str()).copied();
                if found.is_none()
                    && !n.text.is_empty()
                    && !rooms.invalid_ids.contains(n.text.as_str())
                {
                    problems.push(rooms.unknown(n));
                }
                found
            })
            .collect();
        let state = match (&decl.state, rules) {
            (None, _) | (_, None) => Some(HatchStateId(0)),
            (Some(s), Some(rules)) => {
                let found = rules.hatch_state_meant(&s.text);
                if found.is_none() {
                    problems.push(
                        Problem::error(
                            Code::UnknownName,
                            format!("unknown hatch state `{}`", s.text),
                        )
                        .label(s.span, "not a hatch state of these rules")
                        .help(format!(
                            "{}the hatch states of the rules `{}` are {}",
                            rules.did_you_mean(Names::HatchStates, &s.text),
                            rules.name,
                            state_list(&rules.hatch_states)
                        ))
                        .respell(s.span, rules.closest(Names::HatchStates, &s.text)),
                    );
                }
                found
            }
        };
        let [Some(a), Some(b)] = ends[..] else {
            continue;
        };
        if a == b {
            problems.push(
                Problem::error(
                    Code::HatchToItself,
                    format!("hatch from room `{}` to itself", decl.rooms[0].text),
                )
                .label(decl.span, "both ends are the same room")
                .help("a hatch joins two different rooms"),
            );
            continue;
        }
        let key = (a.min(b), a.max(b));
        if let Some(first) = hatch_spans.get(&key) {
            problems.push(
                Problem::error(
                    Code::DuplicateHatch,
                    format!(
                        "rooms `{}` and `{}` are joined twice",
                        decl.rooms[0].text, decl.rooms[1].text
                    ),
                )
                .label(decl.span, "second hatch here")
                .label(*first, "first hatch here")
                .help("at most one hatch joins two rooms (in either order)"),
            );
            continue;
        }
        hatch_spans.insert(key, decl.span);
        if let Some(state) = state {
            hatches.push(Hatch {
                rooms: [RoomId(a as u32), RoomId(b as u32)],
                state,
            });
        }
    }
    hatches
}

/// The start room: exactly one `start`, naming a room of the board.
fn start(file: &ast::BoardFile, rooms: &Rooms<'_>, problems: &mut Vec<Problem>) -> Option<usize> {
    match file.starts.as_slice() {
        [] => {
            let first = file.rooms.first().map(|r| r.id.text.as_str());
            let problem = Problem::error(Code::MissingStart, "the board has no start room")
                .label(file.name.span, "this board")
                .help(format!(
                    "add a line such as `start {}`",
                    first.unwrap_or("1")
                ));
            // Only a room the board declares is a start that checks.
            problems.push(match first {
                Some(first) => problem.fix(Fix::AddLine {
                    after: file.name.span,
                    line: format!("start {first}"),
                }),
                None => problem,
            });
            None
        }
        [first, rest @ ..] => {
            for extra in rest {
                problems.push(
                    Problem::error(Code::DuplicateStatement, "the board has two start rooms")
                        .label(extra.span, "second `start` here")
                        .label(first.span, "first here")
                        .help("a turn starts in one room"),
                );
            }
            let found = rooms.by_id.get(first.text.as_str()).copied();
            if found.is_none() && !rooms.invalid_ids.contains(first.text.as_str()) {
                problems.push(rooms.unknown(first));
            }
            found
        }
    }
}

/// Hatch states from which some chain of openings (with any items) and of
/// the rules' actions on hatches (an Unblock Hatch, taken after a move on
/// this turn or the next) reaches a state that can be walked through: a
/// jammed hatch is a state of the game, not a wall.
pub fn hatch_states_that_can_become_passable(rules: &Rules) -> Vec<bool> {
    let mut can = rules.walk_through.clone();
    let openings = rules
        .open
        .iter()
        .filter_map(|r| r.opening.map(|o| (r.state, o.becomes)));
    let actions = rules.turn.actions.iter().flat_map(|a| {
        a.changes.iter().filter_map(|c| match *c {
            crate::model::turn::Change::Hatch { from, to } => Some((from, to)),
            crate::model::turn::Change::Room { .. } => None,
        })
    });
    let changes: Vec<_> = openings.chain(actions).collect();
    loop {
        let mut changed = false;
        for &(from, to) in &changes {
            if can[usize::from(to.0)] && !can[usize::from(from.0)] {
                can[usize::from(from.0)] = true;
                changed = true;
            }
        }
        if !changed {
            return can;
        }
    }
}

/// Warns about rooms that no sequence of actions can reach: those cut off
/// from the start by hatches that can never be walked through.
fn warn_unreachable(
    rules: &Rules,
    rooms: &[Room],
    spans: &[Span],
    hatches: &[Hatch],
    start: usize,
    problems: &mut Vec<Problem>,
) {
    let passable = hatch_states_that_can_become_passable(rules);
    let mut seen = vec![false; rooms.len()];
    seen[start] = true;
    let mut stack = vec![start];
    while let Some(r) = stack.pop() {
        for h in hatches {
            if !passable[usize::from(h.state.0)] {
                continue;
            }
            let [a, b] = [h.rooms[0].index(), h.rooms[1].index()];
            let other = if a == r {
                b
            } else if b == r {
                a
            } else {
                continue;
            };
            if !seen[other] {
                seen[other] = true;
                stack.push(other);
            }
        }
    }
    for (i, room) in rooms.iter().enumerate() {
        if !seen[i] {
            problems.push(
                Problem::warning(
                    Code::UnreachableRoom,
                    format!(
                        "room `{}` can never be reached from the start room",
                        room.id
                    ),
                )
                .label(spans[i], "cut off from the start")
                .help("join it to the rest of the ship with a hatch that can be opened or freed"),
            );
        }
    }
}

/// A room's `at COL,ROW`: two small numbers, at a place no other room has.
fn check_position(
    position: &ast::Position,
    taken: &mut HashMap<(u16, u16), Span>,
    problems: &mut Vec<Problem>,
) -> Option<(u16, u16)> {
    let max = crate::model::limits::POSITION;
    let mut number = |n: &Name, what: &str| match n.text.parse::<u16>() {
        Ok(v) if v <= max => Some(v),
        _ => {
            problems.push(
                Problem::error(
                    Code::PositionOutOfRange,
                    format!("the {what} `{}` is too large", n.text),
                )
                .label(n.span, format!("at most {max}"))
                .help(format!(
                    "columns and rows are counted from 0 and go up to {max}"
                )),
            );
            None
        }
    };
    let column = number(&position.column, "column");
    let row = number(&position.row, "row");
    let at = (column?, row?);
    if let Some(&first) = taken.get(&at) {
        problems.push(
            Problem::error(
                Code::DuplicatePosition,
                format!("two rooms are at {},{}", at.0, at.1),
            )
            .label(position.span, "this room is placed here")
            .label(first, "where another room already is")
            .help("give each room its own place"),
        );
        return None;
    }
    taken.insert(at, position.span);
    Some(at)
}
