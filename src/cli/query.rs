//! The turn a command answers for, as one value: a board loaded (a file or
//! a built-in board by name) and played by the rules of `--rules`, the
//! start of `--from`, the items of `--with`, and the filters and budget of
//! a query, with why a filter hides every outcome.

use super::*;
use crate::answer::UnknownItem;

/// A turn ready to search, with the filters of what is shown.
pub(super) struct Query {
    /// The board, its rules with the items held, and the start.
    pub(super) turn: Turn,
    /// What is shown of the answer.
    pub(super) filters: Filters,
    pub(super) limits: Limits,
}

/// A problem with the command line's values for a board (exit 1).
pub(super) struct QueryError {
    pub(super) message: String,
    pub(super) help: Option<String>,
}

/// The room an option names (`--from`, `--to`, `--at`, `--rooms`): by its
/// id, or by its name up to case.
pub(super) fn room_arg(board: &Board, text: &str, flag: &str) -> Result<RoomId, QueryError> {
    board.room_by_id_or_name(text).ok_or_else(|| QueryError {
        message: format!("unknown room `{text}` in `{flag}`"),
        help: Some(board.room_named_help(text)),
    })
}

/// Where a query's items and start room were said, as a problem with them
/// names the place: the command line's options, or a batch line's own
/// fields.
#[derive(Clone, Copy)]
pub(super) struct Said {
    pub(super) with: &'static str,
    pub(super) from: &'static str,
}

/// Items and start room given as options.
pub(super) const ON_THE_COMMAND_LINE: Said = Said {
    with: "--with",
    from: "--from",
};

pub(super) fn query(board: Board, args: &QueryArgs) -> Result<Query, QueryError> {
    query_with(board, args, ON_THE_COMMAND_LINE, |rules, items| {
        rules.movement(items)
    })
}

/// A query whose movement tables come from `movement`, which may hand
/// over tables it kept for the same rules and items.
pub(super) fn query_with(
    board: Board,
    args: &QueryArgs,
    said: Said,
    movement: impl FnOnce(&Arc<Rules>, ItemSet) -> Movement,
) -> Result<Query, QueryError> {
    let start = match &args.turn.from {
        Some(id) => room_arg(&board, id, said.from)?,
        None => board.start,
    };
    let to = args
        .to
        .iter()
        .map(|id| room_arg(&board, id, "--to"))
        .collect::<Result<Vec<_>, _>>()?;
    let items = Turn::items_named(&board.rules, &args.turn.with)
        .map_err(|unknown| unknown_item(&board.rules, &unknown, said.with))?;
    let movement = movement(&board.rules, items);
    Ok(Query {
        turn: Turn {
            board,
            movement,
            start,
        },
        filters: Filters {
            to,
            safe: args.safe,
            survival: args.survival.clone(),
            max_cost: args.max_cost.map(Cost),
        },
        limits: Limits {
            max_cost: args.max_cost.map(Cost),
            ..args.budget.limits()
        },
    })
}

/// An item named in `flag` that `rules` do not declare, with the items
/// they do (and the closest to it).
pub(super) fn unknown_item(rules: &Rules, unknown: &UnknownItem, flag: &str) -> QueryError {
    let name = &unknown.name;
    QueryError {
        message: format!("unknown item `{name}` in `{flag}`"),
        help: Some(if rules.items.is_empty() {
            format!("the rules `{}` have no items", rules.name)
        } else {
            format!(
                "{}the rules `{}` have the items: {}",
                rules.did_you_mean(Names::Items, name),
                rules.name,
                rules.items.join(", ")
            )
        }),
    }
}

/// The text of the board a command was given: a file, or a built-in board
/// by name (when `path` is `None`, the board of the rules the command plays
/// by, `rules`, or the standard board). A name that is both is read as the
/// file, with a warning.
pub(super) fn board_input(
    path: Option<&Path>,
    rules: Option<&Rules>,
    term: &Terminal,
) -> Result<Input, Failure> {
    let Some(path) = path else {
        return Ok(rules.map_or_else(load::standard_board, |r| load::standard_board_of(&r.name)));
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

/// Loads a board by its own rules (when `path` is `None`, the board of
/// `rules`, else the standard one).
pub(super) fn load_board(
    path: Option<&Path>,
    rules: Option<&Rules>,
    term: &Terminal,
) -> Result<Board, Exit> {
    reported(
        board_input(path, rules, term).and_then(|i| load::board(&i)),
        term,
    )
}

/// Loads a board (when `path` is `None`, the board of `rules` or the
/// standard one), played by `rules` when given, whatever its own `rules`
/// line says.
pub(super) fn load_board_by(
    path: Option<&Path>,
    rules: Option<&Arc<Rules>>,
    term: &Terminal,
) -> Result<Board, Exit> {
    let loaded = board_input(path, rules.map(|r| r.as_ref()), term).and_then(|i| match rules {
        Some(rules) => load::board_played_by(&i, rules),
        None => load::board(&i),
    });
    reported(loaded, term)
}

/// The board loaded, its warnings said; or its problems said (exit 1).
fn reported(loaded: Result<load::Loaded<Board>, Failure>, term: &Terminal) -> Result<Board, Exit> {
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

/// Loads a board (when `path` is `None`, the own board of built-in
/// `--rules`, else the standard one) and applies the
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

/// Says that the referee refused an engine's path: a bug of hatchway
/// (exit 1). The one way every command reports it.
pub(super) fn print_refused(refused: &crate::answer::Refused, term: &Terminal) -> Exit {
    print_plain(
        refused.to_string(),
        Some("please report this board".to_string()),
        term,
    );
    Exit::Invalid
}

/// The options a command offers against a search limit, so that its
/// advice names only options it takes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Offers {
    /// `--max-states` and `--max-memory`.
    pub(super) budget: bool,
    /// `--max-cost`.
    pub(super) max_cost: bool,
}

impl Offers {
    /// A command that takes the budget options and `--max-cost`.
    pub(super) const ALL: Offers = Offers {
        budget: true,
        max_cost: true,
    };
    /// A command that takes the budget options alone.
    pub(super) const BUDGET: Offers = Offers {
        budget: true,
        max_cost: false,
    };
    /// A command that takes neither, searching within the defaults.
    pub(super) const NONE: Offers = Offers {
        budget: false,
        max_cost: false,
    };
}

/// What a command keeps of each action of each outcome's path beside the
/// answer ([`search::Limits::kept_per_action`]), so that the memory budget
/// counts it: measured on a 400-room chain under the published rules,
/// tens of thousands of outcomes of hundreds of actions each.
#[derive(Clone, Copy, Debug)]
pub(super) enum Keeps {
    /// Outcomes written, or looked at, one at a time.
    Little = 0,
    /// A line and the fix-its of each outcome (the menu, the screens,
    /// the comparisons).
    Lines = 64,
    /// Every step of every outcome, as the report's page and the whole
    /// replay log show them.
    Steps = 640,
}

/// Solves a query, reporting a search limit (exit 3) on standard error
/// with advice that names only the options in `offers`; the answer is
/// counted with what the command `keeps` of it.
pub(super) fn solve(
    q: &Query,
    offers: Offers,
    keeps: Keeps,
    term: &Terminal,
) -> Result<search::Solution, Exit> {
    let limits = search::Limits {
        kept_per_action: keeps as usize,
        ..q.limits
    };
    q.turn.solve(&limits).map_err(|limit| {
        print_plain(
            limit.to_string(),
            limit.advice(offers.budget, offers.max_cost),
            term,
        );
        Exit::Limit
    })
}

impl Query {
    /// The answer made of the outcomes `--to`, `--safe` and `--survival`
    /// let be shown, each with its number in the full listing.
    pub(super) fn answer<'a>(&'a self, outcomes: &'a [Outcome]) -> Answer<'a> {
        self.filters.answer(&self.turn, outcomes, |_, _| true)
    }

    /// Why the filters show no outcome of `outcomes` (see
    /// [`Filters::why_none`]).
    pub(super) fn why_none(&self, outcomes: &[Outcome], explain: bool) -> Option<String> {
        self.filters.why_none(&self.turn, outcomes, explain)
    }
}
