//! `hatchway diff --item`: what holding an item changes on a board. The
//! turn holding the items of `--with` is compared with the same turn
//! holding those of `--item` as well, by the one comparison of `hatchway
//! diff` (`rules_diff::compare`), and told as it tells two rules apart.

use std::borrow::Cow;

use crate::rules_diff;

use super::diff::{self, Sides, side_by_side, uncompared};
use super::*;

/// What `hatchway diff --item` was asked.
pub(super) struct ItemRequest<'a> {
    /// The boards (when empty, the own board of built-in `--rules`, else
    /// the standard one).
    pub(super) boards: &'a [PathBuf],
    /// The rules to play them by, at most one (each board's own when none).
    pub(super) rules: &'a [String],
    /// The items held on both sides.
    pub(super) with: &'a [String],
    /// The items held on the second side only.
    pub(super) item: &'a [String],
    /// The start room, when not the board's.
    pub(super) from: Option<&'a str>,
}

/// `aqualung`, `aqualung and grog`, `a, b and c`, each name after `article`.
fn listed<S: std::fmt::Display>(items: impl IntoIterator<Item = S>, article: &str) -> String {
    let named: Vec<String> = items.into_iter().map(|i| format!("{article}{i}")).collect();
    match named.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => named.concat(),
    }
}

/// The items as the rules say them, however they were named.
fn said<'a>(rules: &'a Rules, items: &'a [String]) -> impl Iterator<Item = Cow<'a, str>> {
    items.iter().map(|i| {
        let name = rules
            .item_meant(i)
            .and_then(|id| rules.items.get(usize::from(id.0)));
        rules.say(name.unwrap_or(i))
    })
}

pub(super) fn item_diff(
    request: &ItemRequest,
    budget: Budget,
    format: CheckFormat,
    term: &Terminal,
) -> Exit {
    let rules = match request.rules {
        [] => None,
        [one] => match diff::named_rules(one, term) {
            Ok(named) => Some(named.rules),
            Err(e) => return e,
        },
        many => {
            print_plain(
                format!(
                    "`hatchway diff --item` plays a board by one rules, and was given {}",
                    many.len()
                ),
                Some(
                    "give `--rules` once, or not at all to play each board by its own rules"
                        .to_string(),
                ),
                term,
            );
            return Exit::Usage;
        }
    };
    if let Some(both) = request.item.iter().find(|i| request.with.contains(i)) {
        print_plain(
            format!("`{both}` is held on both sides: it is in `--with` and in `--item`"),
            Some("`--item` names the items held on one side only".to_string()),
            term,
        );
        return Exit::Usage;
    }
    let args = QueryArgs {
        turn: TurnArgs {
            from: request.from.map(str::to_string),
            with: request.with.to_vec(),
            rules: None,
        },
        budget,
        ..QueryArgs::default()
    };
    let mut all = request.with.to_vec();
    all.extend(request.item.iter().cloned());
    let mut report = rules_diff::ItemDiffDoc {
        item: request.item.to_vec(),
        sides: [
            rules_diff::ItemSideDoc {
                label: format!("without {}", listed(request.item, "")),
                with: request.with.to_vec(),
            },
            rules_diff::ItemSideDoc {
                label: format!("with {}", listed(request.item, "")),
                with: all.clone(),
            },
        ],
        boards: Vec::new(),
    };
    let standard = [None];
    let listed_boards: Vec<Option<&Path>> =
        request.boards.iter().map(|p| Some(p.as_path())).collect();
    let chosen = if listed_boards.is_empty() {
        &standard[..]
    } else {
        &listed_boards[..]
    };
    let mut text = String::new();
    for path in chosen {
        let board = match load_board_by(*path, rules.as_ref(), term) {
            Ok(b) => b,
            Err(e) => return e,
        };
        let held = Turn::items_named(&board.rules, request.item)
            .map_err(|unknown| unknown_item(&board.rules, &unknown, "--item"))
            .and_then(|_| query(board, &args));
        let without = match held {
            Ok(q) => q,
            Err(e) => {
                print_plain(e.message, e.help, term);
                return Exit::Invalid;
            }
        };
        match one_board(&without, request.item, &all, term) {
            Ok((said, diff)) => {
                text.push_str(&said);
                report.boards.push(diff);
            }
            Err(e) => return e,
        }
    }
    diff::print_report(&report, text, format, term)
}

/// One board's turn compared with the same turn holding `item` as well
/// (`all` the items held then): the text, and the data for JSON.
fn one_board(
    without: &Query,
    item: &[String],
    all: &[String],
    term: &Terminal,
) -> Result<(String, rules_diff::ItemBoardDiffDoc), Exit> {
    let turn = &without.turn;
    let with = match Turn::items_named(&turn.board.rules, all) {
        Ok(items) => Turn {
            board: turn.board.clone(),
            movement: turn.board.rules.movement(items),
            start: turn.start,
        },
        Err(unknown) => {
            let e = unknown_item(&turn.board.rules, &unknown, "--item");
            print_plain(e.message, e.help, term);
            return Err(Exit::Invalid);
        }
    };
    // Both answers are kept, a line of each outcome compared.
    let limits = Limits {
        kept_per_action: Keeps::Lines as usize,
        ..without.limits
    };
    let differences = match rules_diff::compare(turn, &with, &limits) {
        Ok(d) => d,
        Err(e) => return Err(uncompared(e, term)),
    };
    let verb = if item.len() == 1 { "changes" } else { "change" };
    let what = if differences.is_empty() {
        "nothing".to_string()
    } else {
        render::count(differences.len() as u64, "outcome")
    };
    let board = &turn.board;
    let mut text = format!(
        "{}: start in room {}{}: {} {verb} {what}\n",
        board.name,
        board.room(turn.start).label(),
        render::table::holding(&turn.movement),
        listed(said(&board.rules, item), "the "),
    );
    let items = listed(said(&board.rules, item), "");
    let sides = Sides {
        heads: [format!("without {items}"), format!("with {items}")],
        phrases: [format!("without {items}"), format!("with {items}")],
        words: [&board.rules, &board.rules],
    };
    text.push_str(&side_by_side(&differences, &sides, term.out));
    let diff = rules_diff::ItemBoardDiffDoc {
        board: board.name.clone(),
        rules: board.rules.name.clone(),
        start: board.room(turn.start).id.clone(),
        differences,
    };
    Ok((text, diff))
}
