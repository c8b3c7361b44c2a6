//! The turn a command answers for, as one value: a board loaded (a file or
//! a built-in board by name) and played by the rules of `--rules`, the
//! start of `--from`, the items of `--with`, and the filters and budget of
//! a query, with why a filter hides every outcome.

use super::*;

/// A board ready to search: where to start and what the player holds.
pub(super) struct Query {
    pub(super) board: Board,
    pub(super) movement: Movement,
    pub(super) start: RoomId,
    /// The rooms outcomes must end in; empty for any room.
    pub(super) to: Vec<RoomId>,
    /// Whether fatal outcomes are hidden.
    pub(super) safe: bool,
    pub(super) limits: Limits,
}

/// A problem with the command line's values for a board (exit 1).
pub(super) struct QueryError {
    pub(super) message: String,
    pub(super) help: Option<String>,
}

pub(super) fn room_arg(board: &Board, id: &str, flag: &str) -> Result<RoomId, QueryError> {
    board.room_by_id(id).ok_or_else(|| QueryError {
        message: format!("unknown room `{id}` in `{flag}`"),
        help: Some(board.rooms_help(id)),
    })
}

pub(super) fn query(board: Board, args: &QueryArgs) -> Result<Query, QueryError> {
    query_with(board, args, |rules, items| rules.movement(items))
}

/// A query whose movement tables come from `movement`, which may hand
/// over tables it kept for the same rules and items.
pub(super) fn query_with(
    board: Board,
    args: &QueryArgs,
    movement: impl FnOnce(&Arc<Rules>, ItemSet) -> Movement,
) -> Result<Query, QueryError> {
    let start = match &args.turn.from {
        Some(id) => room_arg(&board, id, "--from")?,
        None => board.start,
    };
    let to = args
        .to
        .iter()
        .map(|id| room_arg(&board, id, "--to"))
        .collect::<Result<Vec<_>, _>>()?;
    let mut items = ItemSet::default();
    for name in &args.turn.with {
        let item = board.rules.item(name).ok_or_else(|| QueryError {
            message: format!("unknown item `{name}` in `--with`"),
            help: Some(if board.rules.items.is_empty() {
                format!("the rules `{}` have no items", board.rules.name)
            } else {
                format!(
                    "{}the rules `{}` have the items: {}",
                    crate::spelling::did_you_mean(
                        name,
                        board.rules.items.iter().map(String::as_str)
                    ),
                    board.rules.name,
                    board.rules.items.join(", ")
                )
            }),
        })?;
        items = items.with(item);
    }
    let movement = movement(&board.rules, items);
    Ok(Query {
        board,
        movement,
        start,
        to,
        safe: args.safe,
        limits: Limits {
            max_cost: args.max_cost.map(Cost),
            ..args.budget.limits()
        },
    })
}

/// The text of the board a command was given: a file, or a built-in board
/// by name (the standard board when `path` is `None`). A name that is both
/// is read as the file, with a warning.
pub(super) fn board_input(path: Option<&Path>, term: &Terminal) -> Result<Input, Failure> {
    let Some(path) = path else {
        return Ok(load::standard_board());
    };
    let named = load::board_input(path)?;
    if let Some(note) = named.note {
        let source = Arc::new(SourceFile {
            name: named.input.name.clone(),
            text: String::new(),
        });
        print_reports(&[Report::new(source, note)], term);
    }
    Ok(named.input)
}

pub(super) fn load_board(path: Option<&Path>, term: &Terminal) -> Result<Board, Exit> {
    load_board_by(path, None, term)
}

/// Loads a board (the standard one when `path` is `None`), played by
/// `rules` when given, whatever its own `rules` line says.
pub(super) fn load_board_by(
    path: Option<&Path>,
    rules: Option<&Arc<Rules>>,
    term: &Terminal,
) -> Result<Board, Exit> {
    let loaded = board_input(path, term).and_then(|i| match rules {
        Some(rules) => load::board_played_by(&i, rules),
        None => load::board(&i),
    });
    match loaded {
        Ok(loaded) => {
            print_reports(&loaded.warnings, term);
            Ok(loaded.value)
        }
        Err(f) => {
            print_reports(&f.reports, term);
            Err(Exit::Invalid)
        }
    }
}

/// Loads a board (the standard one when `path` is `None`) and applies the
/// command line's start room, target room and items to it, reporting any
/// problem on standard error.
pub(super) fn load_query(
    path: Option<&Path>,
    args: &QueryArgs,
    term: &Terminal,
) -> Result<Query, Exit> {
    // The rules of `--rules` are read first, so that the board's states
    // are checked against them, not against the rules it names.
    let rules = match &args.turn.rules {
        Some(name) => Some(diff::named_rules(name, term)?.rules),
        None => None,
    };
    let board = load_board_by(path, rules.as_ref(), term)?;
    query(board, args).map_err(|e| {
        print_plain(e.message, e.help, term);
        Exit::Invalid
    })
}

/// Solves a query, reporting a search limit (exit 3) on standard error.
/// Outcome `n`'s path played by the referee. The engine's paths are legal,
/// so a refusal is a bug of hatchway, reported as one.
pub(super) fn referee_outcome(
    q: &Query,
    n: usize,
    outcome: &Outcome,
    term: &Terminal,
) -> Result<(Ship, Vec<referee::Step>), Exit> {
    referee::replay(&q.board, &q.movement, q.start, &outcome.actions).map_err(|(i, e)| {
        print_plain(
            format!(
                "internal error: the engine's path for outcome {n} fails at step {}: {e}",
                i + 1
            ),
            Some("please report this board".to_string()),
            term,
        );
        Exit::Invalid
    })
}

pub(super) fn solve(q: &Query, term: &Terminal) -> Result<search::Solution, Exit> {
    search::solve(&q.board, &q.movement, q.start, &q.limits).map_err(|limit| {
        let raise = if limit.memory {
            "raise `--max-memory` (MiB)"
        } else {
            "raise `--max-states`"
        };
        // Asking only for what was settled fits in the same budget.
        let help = match limit.settled_cost {
            Some(c) => {
                format!("{raise}, or ask only for the outcomes it settled: `--max-cost {c}`")
            }
            None => raise.to_string(),
        };
        print_plain(limit.to_string(), Some(help), term);
        Exit::Limit
    })
}

impl Query {
    /// The outcomes `--to` and `--safe` let be shown, each with its number
    /// in the full listing.
    pub(super) fn listed(&self, outcomes: Vec<Outcome>) -> Vec<(usize, Outcome)> {
        crate::outcome::numbered(outcomes)
            .filter(|(_, o)| self.shows(o))
            .collect()
    }

    /// Why `--to`, `--safe` and `--max-cost` show no outcome, given the
    /// outcomes they hid: for each room asked for, the outcomes `--safe`
    /// hid there, or why no move enters it (the rule that forbids it,
    /// quoted, and the items that would allow it). `None` when nothing was
    /// asked for and nothing hidden.
    pub(super) fn why_none(&self, hidden: &[(usize, Outcome)]) -> Option<String> {
        let within = self
            .limits
            .max_cost
            .map_or(String::new(), |c| format!(" within `--max-cost {}`", c.0));
        if self.to.is_empty() {
            return (!hidden.is_empty() && self.safe).then(|| {
                format!(
                    "no outcome shown: every outcome{within} is fatal, and `--safe` hides them all"
                )
            });
        }
        let mut said = Vec::new();
        for &room in &self.to {
            let label = self.board.room(room).label();
            let fatal: Vec<String> = hidden
                .iter()
                .filter(|(_, o)| o.room == room)
                .map(|(n, _)| format!("#{n}"))
                .collect();
            if !fatal.is_empty() {
                said.push(format!(
                    "{} in room {label}, but `--safe` hides {}: they are fatal",
                    if fatal.len() == 1 {
                        format!("outcome {} ends", fatal[0])
                    } else {
                        format!("outcomes {} end", fatal.join(", "))
                    },
                    if fatal.len() == 1 { "it" } else { "them" }
                ));
                continue;
            }
            if room == self.start {
                continue;
            }
            // Rooms next door refused for the same reason are named together.
            let mut reasons: Vec<(Vec<String>, String)> = Vec::new();
            for (next, reason) in self
                .board
                .neighbours(room)
                .iter()
                .filter_map(|&(hatch, next)| {
                    // The step into the room from next door, with the hatch
                    // opened if it can be: the rule that refuses it there.
                    let mut ship = Ship::new(&self.board, next);
                    let state = ship.hatches[hatch.index()];
                    if let Some(opening) = self.movement.opening(state) {
                        ship.hatches[hatch.index()] = opening.becomes;
                    }
                    let action = crate::outcome::Action::Move(room);
                    let illegal = ship
                        .clone()
                        .apply(&self.board, &self.movement, action)
                        .err()?;
                    let ruling = ship.ruling(&self.board, &self.movement, action, &illegal);
                    Some((self.board.room(next).id.clone(), ruling.help()))
                })
            {
                match reasons.iter_mut().find(|(_, r)| *r == reason) {
                    Some((rooms, _)) => rooms.push(next),
                    None => reasons.push((vec![next], reason)),
                }
            }
            let reasons: Vec<String> = reasons
                .into_iter()
                .map(|(rooms, reason)| {
                    let from = if rooms.len() == 1 {
                        format!("room {}", rooms[0])
                    } else {
                        format!("rooms {}", rooms.join(", "))
                    };
                    format!("from {from}: {reason}")
                })
                .collect();
            said.push(if reasons.is_empty() && within.is_empty() {
                format!(
                    "no move ends in room {label}: every step into it is allowed, but no way leads to a room next to it"
                )
            } else if reasons.is_empty() {
                format!("no move{within} ends in room {label}: a costlier one may (raise `--max-cost`)")
            } else {
                format!(
                    "no move{within} ends in room {label}: {}",
                    reasons.join("; ")
                )
            });
        }
        (!said.is_empty()).then(|| format!("no outcome shown: {}", said.join("; ")))
    }

    /// Whether `--to` and `--safe` let an outcome be shown.
    pub(super) fn shows(&self, outcome: &Outcome) -> bool {
        (self.to.is_empty() || self.to.contains(&outcome.room))
            && !(self.safe && outcome.verdict(&self.movement).fatal)
    }
}
