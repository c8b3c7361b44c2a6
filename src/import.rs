//! The flat text format of the first pathfinder for this game (the Haskell
//! program of RULES.md), read into a board of the standard submarine.
//!
//! A flat file is three lines:
//!
//! 1. the states of rooms 1 to 10, separated by commas: `Clear`, `LowFlood`,
//!    `HighFlood` or `Fire`;
//! 2. the states of the fifteen hatches, in the hatch order of RULES.md
//!    ([`HATCHES`]): `Open`, `Closed` or `Blocked`;
//! 3. the number of the start room, 1 to 10.
//!
//! Words are case-sensitive, as that program wrote them; spaces around them
//! are allowed, and so are blank lines at the end. Anything else that does
//! not fit is an error at its place: a turn is never guessed at or cut short.

use crate::diagnostic::{Code, Problem};
use crate::export::{self, ExportError, RulesReference};
use crate::load;
use crate::model::{Board, Hatch, Room, RoomId, limits};
use crate::syntax::ast::Span;

/// The rules a flat file is played by: it predates variants.
pub const RULES: &str = "red-november";

/// The room words of the flat format, with the room states they stand for.
pub const ROOM_WORDS: &[(&str, &str)] = &[
    ("Clear", "clear"),
    ("LowFlood", "low_flood"),
    ("HighFlood", "high_flood"),
    ("Fire", "fire"),
];

/// The hatch words of the flat format, with the hatch states they stand for.
pub const HATCH_WORDS: &[(&str, &str)] = &[
    ("Open", "open"),
    ("Closed", "closed"),
    ("Blocked", "blocked"),
];

/// How many rooms the standard submarine has.
pub const ROOM_COUNT: usize = 10;

/// The hatches of the standard submarine, in the order a flat file lists
/// their states.
pub const HATCHES: [(u32, u32); 15] = [
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 4),
    (4, 5),
    (5, 6),
    (5, 7),
    (5, 8),
    (7, 8),
    (7, 9),
    (8, 9),
    (8, 10),
    (9, 10),
];

/// The display names of the standard board's rooms that have one.
pub const ROOM_NAMES: &[(u32, &str)] = &[
    (1, "Engine Room"),
    (2, "Oxygen Pumps"),
    (4, "Reactor Room"),
    (7, "Missile Control"),
    (8, "Equipment Stores"),
    (10, "Captain's Cabin"),
];

/// Where `hatchway draw` puts each room of the standard submarine (column,
/// row), as `boards/red-november.board` places them; indexed by room number
/// minus one.
pub const ROOM_POSITIONS: [(u16, u16); 10] = [
    (0, 0),
    (1, 0),
    (0, 1),
    (1, 1),
    (2, 0),
    (2, 1),
    (3, 0),
    (3, 1),
    (4, 0),
    (4, 1),
];

/// At most this many problems are reported for one file: a file that is
/// not in the flat format at all would otherwise give one a word.
const MAX_PROBLEMS: usize = 16;

/// A turn as a flat file gives it, in hatchway's state names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flat {
    /// The states of rooms 1 to 10.
    pub rooms: Vec<&'static str>,
    /// The states of the hatches, in the order of [`HATCHES`].
    pub hatches: Vec<&'static str>,
    /// The start room, 1 to 10.
    pub start: u32,
}

/// Why a flat turn cannot become a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The built-in rules are missing or do not declare a state of the
    /// flat format (a broken build, not a broken file).
    #[error("the built-in rules `{RULES}` {0}")]
    Rules(String),
    /// The board cannot be written.
    #[error(transparent)]
    Export(#[from] ExportError),
}

/// A line of the file, without its line break.
struct Line<'t> {
    /// Counting from 1.
    number: usize,
    /// Where it starts in the file.
    start: usize,
    text: &'t str,
}

/// The span of the character at `at`, or of the last character when `at` is
/// the end: a label needs at least one character to point at.
fn char_span(text: &str, at: usize) -> Span {
    let at = at.min(text.len());
    match text[at..].chars().next() {
        Some(c) => Span::new(at, at + c.len_utf8()),
        None => match text.char_indices().next_back() {
            Some((i, c)) => Span::new(i, i + c.len_utf8()),
            None => Span::default(),
        },
    }
}

/// A word as a message shows it: short, with control characters as their
/// pictures so that they cannot garble a terminal.
fn shown(word: &str) -> String {
    let mut out: String = word
        .chars()
        .take(32)
        .map(|c| match u32::from(c) {
            n @ 0..=0x1f => char::from_u32(0x2400 + n).unwrap_or('?'),
            0x7f => '\u{2421}',
            _ => c,
        })
        .collect();
    if word.chars().count() > 32 {
        out.push_str("...");
    }
    out
}

/// The words of the format, as a help line lists them.
fn word_list(words: &[(&str, &str)]) -> String {
    let quoted: Vec<String> = words.iter().map(|(w, _)| format!("`{w}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

/// What one list line holds: room states or hatch states.
struct ListKind {
    /// `room state`.
    what: &'static str,
    /// How many the line must have.
    count: usize,
    /// Its words.
    words: &'static [(&'static str, &'static str)],
    /// The other list's words, to tell a swapped line.
    other: &'static [(&'static str, &'static str)],
    /// What the other list's words are.
    other_what: &'static str,
    /// What the line lists, for help lines.
    lists: &'static str,
}

const ROOM_LIST: ListKind = ListKind {
    what: "room state",
    count: ROOM_COUNT,
    words: ROOM_WORDS,
    other: HATCH_WORDS,
    other_what: "hatch state",
    lists: "line 1 lists the states of rooms 1 to 10",
};

const HATCH_LIST: ListKind = ListKind {
    what: "hatch state",
    count: HATCHES.len(),
    words: HATCH_WORDS,
    other: ROOM_WORDS,
    other_what: "room state",
    lists: "line 2 lists the states of the hatches 1-2, 1-3, 2-3, 2-4, 2-5, 3-4, 4-5, 5-6, 5-7, 5-8, 7-8, 7-9, 8-9, 8-10, 9-10",
};

/// At most this many unknown words of one line are pointed at.
const MAX_WORD_LABELS: usize = 5;

/// The help line for an unknown word.
fn unknown_word_help(word: &str, kind: &ListKind) -> String {
    let what = kind.what;
    if let Some((w, _)) = kind
        .words
        .iter()
        .find(|(w, _)| w.eq_ignore_ascii_case(word))
    {
        format!(
            "did you mean `{w}`? The words are written with capitals as shown: {}",
            word_list(kind.words)
        )
    } else if let Some((w, _)) = kind.words.iter().find(|(w, _)| near(w, word)) {
        format!(
            "did you mean `{w}`? A {what} is one of {}",
            word_list(kind.words)
        )
    } else if kind.other.iter().any(|(w, _)| *w == word) {
        format!(
            "`{word}` is a {}: {}; its words are {}",
            kind.other_what,
            kind.lists,
            word_list(kind.words)
        )
    } else if word.contains(|c: char| c.is_whitespace() || c == ';') {
        format!(
            "separate the {what}s with commas: {}",
            word_list(kind.words)
        )
    } else {
        format!("a {what} is one of {}", word_list(kind.words))
    }
}

/// Whether `word` is a typing slip away from `known`: at most two letters
/// differ (inserted, removed or changed), case aside.
fn near(known: &str, word: &str) -> bool {
    let a: Vec<char> = known.to_lowercase().chars().collect();
    let b: Vec<char> = word.to_lowercase().chars().collect();
    if b.len() > a.len() + 2 || a.len() > b.len() + 2 {
        return false;
    }
    // Levenshtein distance, one row at a time.
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()] <= 2
}

/// Reads one list line; a word that cannot be read gives `None` and a
/// problem.
///
/// One function of some 160 lines: every word of the line is read once,
/// and the problems it reports (a trailing comma, unknown words, the two
/// lists swapped, too many or too few) depend on all the words together.
fn list(
    text: &str,
    line: &Line<'_>,
    kind: &ListKind,
    problems: &mut Vec<Problem>,
) -> Vec<Option<&'static str>> {
    let what = kind.what;
    // Each piece between commas, with where it starts in the file.
    let mut pieces: Vec<(usize, &str)> = Vec::new();
    let mut offset = line.start;
    for piece in line.text.split(',') {
        pieces.push((offset, piece));
        offset += piece.len() + 1;
    }
    // A comma at the end of the line is reported as such, not counted as
    // one more state.
    if pieces.len() > 1
        && let Some(&(at, piece)) = pieces.last()
        && piece.trim().is_empty()
    {
        pieces.pop();
        problems.push(
            Problem::error(
                Code::FlatTrailingComma,
                format!("line {} ends with a comma", line.number),
            )
            .label(
                char_span(text, at.saturating_sub(1)),
                "nothing follows this comma",
            )
            .help(format!(
                "remove the comma, or add the missing {what}: {}",
                kind.lists
            )),
        );
    }
    let mut states = Vec::with_capacity(pieces.len());
    let mut words: Vec<Span> = Vec::with_capacity(pieces.len());
    let mut unknown: Vec<(Span, &str)> = Vec::new();
    for (i, &(at, piece)) in pieces.iter().enumerate() {
        let word = piece.trim();
        let start = at + (piece.len() - piece.trim_start().len());
        if word.is_empty() {
            // Point at the comma that has nothing before or after it.
            let comma = if i + 1 < pieces.len() {
                at + piece.len()
            } else {
                at.saturating_sub(1)
            };
            let span = char_span(text, comma);
            words.push(span);
            states.push(None);
            problems.push(
                Problem::error(
                    Code::FlatMissing,
                    format!("a {what} is missing on line {}", line.number),
                )
                .label(span, format!("no {what} next to this comma"))
                .help(format!(
                    "{}, one word between each two commas: {}",
                    kind.lists,
                    word_list(kind.words)
                )),
            );
            continue;
        }
        let span = Span::new(start, start + word.len());
        words.push(span);
        match kind.words.iter().find(|(w, _)| *w == word) {
            Some(&(_, state)) => states.push(Some(state)),
            None => {
                states.push(None);
                unknown.push((span, word));
            }
        }
    }
    let found = pieces.len();
    let line_span = match (words.first(), words.last()) {
        (Some(first), Some(last)) => Span::new(first.start, last.end.max(first.end)),
        _ => char_span(text, line.start),
    };
    // A whole line of the other list's words: the lines are swapped, which
    // one problem says better than one a word.
    let swapped = !unknown.is_empty()
        && unknown.len() == states.len()
        && unknown
            .iter()
            .all(|(_, w)| kind.other.iter().any(|(o, _)| o == w));
    if swapped {
        problems.push(
            Problem::error(
                Code::FlatWrongLine,
                format!(
                    "line {} lists {}s, not {what}s",
                    line.number, kind.other_what
                ),
            )
            .label(line_span, format!("{}s", kind.other_what))
            .help(format!("{}; are the first two lines swapped?", kind.lists)),
        );
        return states;
    }
    if let Some(&(first_span, first_word)) = unknown.first() {
        let message = if unknown.len() == 1 {
            format!("unknown {what} `{}`", shown(first_word))
        } else {
            format!(
                "line {} has {} unknown {what}s, the first `{}`",
                line.number,
                unknown.len(),
                shown(first_word)
            )
        };
        let mut problem = Problem::error(Code::FlatUnknownWord, message)
            .label(first_span, format!("not a {what} of the flat format"));
        for &(span, _) in unknown.iter().skip(1).take(MAX_WORD_LABELS - 1) {
            problem = problem.label(span, "nor this");
        }
        problems.push(problem.help(unknown_word_help(first_word, kind)));
    }
    if found > kind.count {
        let first_extra = words[kind.count];
        let last = words[found - 1];
        problems.push(
            Problem::error(
                Code::FlatCount,
                format!(
                    "line {} has {found} {what}s, expected {}",
                    line.number, kind.count
                ),
            )
            .label(
                Span::new(first_extra.start, last.end.max(first_extra.end)),
                format!("{} too many", found - kind.count),
            )
            .help(format!("{}: exactly {}", kind.lists, kind.count)),
        );
    } else if found < kind.count
        // Words run together without commas are reported as such above.
        && !unknown.iter().any(|(_, w)| w.contains(char::is_whitespace))
    {
        let last = words[found - 1];
        problems.push(
            Problem::error(
                Code::FlatCount,
                format!(
                    "line {} has {}, expected {}",
                    line.number,
                    crate::render::count(found as u64, what),
                    kind.count
                ),
            )
            .label(
                last,
                format!("the list ends here, {} short", kind.count - found),
            )
            .help(format!("{}: exactly {}", kind.lists, kind.count)),
        );
    }
    states
}

/// Reads the start line: a room number, 1 to 10.
fn start(text: &str, line: &Line<'_>, problems: &mut Vec<Problem>) -> Option<u32> {
    let word = line.text.trim();
    let help = "line 3 is the number of the start room: 1 to 10";
    if word.is_empty() {
        problems.push(
            Problem::error(
                Code::FlatMissing,
                format!("line {} is empty: the start room is missing", line.number),
            )
            .label(char_span(text, line.start), "expected a room number here")
            .help(help),
        );
        return None;
    }
    let at = line.start + (line.text.len() - line.text.trim_start().len());
    let span = Span::new(at, at + word.len());
    if !word.bytes().all(|b| b.is_ascii_digit()) {
        problems.push(
            Problem::error(
                Code::FlatStart,
                format!("the start room `{}` is not a room number", shown(word)),
            )
            .label(span, "not a number")
            .help(help),
        );
        return None;
    }
    // Too many digits to count is as much out of range as 11.
    match word.parse::<u32>() {
        Ok(n) if (1..=ROOM_COUNT as u32).contains(&n) => Some(n),
        _ => {
            problems.push(
                Problem::error(Code::FlatStart, format!("there is no room {}", shown(word)))
                    .label(span, "not a room of the submarine")
                    .help("the standard submarine has rooms 1 to 10"),
            );
            None
        }
    }
}

/// The help line that describes the whole format.
const FORMAT_HELP: &str = "a flat file has three lines: the ten room states (`Clear`, `LowFlood`, `HighFlood`, `Fire`), the fifteen hatch states (`Open`, `Closed`, `Blocked`), each separated by commas, then the start room's number";

/// Reads a flat file. Every problem found is returned (up to a few dozen),
/// each at its place, in file order.
///
/// ```
/// use hatchway::import;
///
/// let flat = import::parse(
///     "Clear,Clear,Fire,Clear,Clear,Clear,Clear,Clear,Clear,LowFlood\n\
///      Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed,Closed\n\
///      2\n",
/// )
/// .map_err(|problems| format!("{} problems", problems.len()))?;
/// assert_eq!(flat.start, 2);
/// let board = import::board(&flat, "turn")?;
/// assert_eq!(board.rooms.len(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// One function of some 100 lines: one pass over the lines, the order of
/// the sections and the problems of each line decided as it is read.
pub fn parse(text: &str) -> Result<Flat, Vec<Problem>> {
    // A byte order mark is not part of the first word.
    let skip = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut lines = Vec::new();
    let mut at = skip;
    for (i, raw) in text[skip..].split_inclusive('\n').enumerate() {
        let body = raw.strip_suffix('\n').unwrap_or(raw);
        let body = body.strip_suffix('\r').unwrap_or(body);
        lines.push(Line {
            number: i + 1,
            start: at,
            text: body,
        });
        at += raw.len();
    }
    while lines.last().is_some_and(|l| l.text.trim().is_empty()) {
        lines.pop();
    }
    if lines.is_empty() {
        let message = if text.is_empty() {
            "the file is empty"
        } else {
            "the file holds only blank lines"
        };
        return Err(vec![
            Problem::error(Code::FlatMissing, message).help(FORMAT_HELP),
        ]);
    }
    let mut problems = Vec::new();
    // A blank line between the lines is reported, and the lines around it
    // are read as if it were not there: the file's meaning is still clear.
    let (blank, lines): (Vec<Line<'_>>, Vec<Line<'_>>) =
        lines.into_iter().partition(|l| l.text.trim().is_empty());
    for line in &blank {
        problems.push(
            Problem::error(
                Code::FlatBlankLine,
                format!("line {} is blank", line.number),
            )
            .label(char_span(text, line.start), "a blank line")
            .help("a flat file has its three lines one after the other, with no blank line between them"),
        );
    }
    let ends_after = |line: &Line<'_>, what: &str| {
        let last = text.trim_end().len().saturating_sub(1);
        Problem::error(
            Code::FlatMissing,
            format!("the file ends after line {}: {what}", line.number),
        )
        .label(char_span(text, last), "the file ends here")
        .help(FORMAT_HELP)
    };
    let rooms = list(text, &lines[0], &ROOM_LIST, &mut problems);
    let hatches = match lines.get(1) {
        Some(line) => list(text, line, &HATCH_LIST, &mut problems),
        None => {
            problems.push(ends_after(
                &lines[0],
                "the hatch states and the start room are missing",
            ));
            Vec::new()
        }
    };
    let start = match lines.get(2) {
        Some(line) => start(text, line, &mut problems),
        None => {
            if let Some(line) = lines.get(1) {
                problems.push(ends_after(line, "the start room is missing"));
            }
            None
        }
    };
    if let (Some(first), Some(last)) = (lines.get(3), lines.last()) {
        let end = last.start + last.text.trim_end().len();
        let first_start = first.start + (first.text.len() - first.text.trim_start().len());
        problems.push(
            Problem::error(
                Code::FlatExtra,
                format!("the file has {} lines, expected 3", lines.len()),
            )
            .label(
                Span::new(first_start, end.max(first_start + 1)),
                "nothing may follow the start room",
            )
            .help(FORMAT_HELP),
        );
    }
    if !problems.is_empty() {
        problems.sort_by_key(|p| p.labels.first().map(|l| l.span.start));
        problems.truncate(MAX_PROBLEMS);
        return Err(problems);
    }
    let all = |states: Vec<Option<&'static str>>| states.into_iter().collect::<Option<Vec<_>>>();
    match (all(rooms), all(hatches), start) {
        (Some(rooms), Some(hatches), Some(start)) => Ok(Flat {
            rooms,
            hatches,
            start,
        }),
        // Every `None` above came with a problem.
        _ => Err(vec![
            Problem::error(Code::FlatMissing, "the file is not a flat turn").help(FORMAT_HELP),
        ]),
    }
}

/// A board name from a file's name: its stem when that is a plain title
/// (letters, digits, `_` and `-`), else `imported`.
pub fn board_name(file_stem: &str) -> String {
    let plain = !file_stem.is_empty()
        && file_stem.chars().count() <= limits::NAME_LENGTH
        && file_stem
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && !crate::syntax::keywords::is_reserved(file_stem);
    if plain {
        file_stem.to_string()
    } else {
        "imported".to_string()
    }
}

/// The flat turn as a board of the standard submarine, with the standard
/// board's room names, played by the built-in rules [`RULES`].
pub fn board(flat: &Flat, name: &str) -> Result<Board, ImportError> {
    let rules =
        load::builtin_rules(RULES).ok_or_else(|| ImportError::Rules("are missing".into()))?;
    let rooms = (1..=ROOM_COUNT as u32)
        .zip(&flat.rooms)
        .map(|(n, &state)| {
            Ok(Room {
                id: n.to_string(),
                name: ROOM_NAMES
                    .iter()
                    .find(|(r, _)| *r == n)
                    .map(|(_, name)| (*name).to_string()),
                state: rules
                    .room_state(state)
                    .ok_or_else(|| ImportError::Rules(format!("have no room state `{state}`")))?,
                position: ROOM_POSITIONS.get(n as usize - 1).copied(),
            })
        })
        .collect::<Result<Vec<_>, ImportError>>()?;
    let hatches = HATCHES
        .iter()
        .zip(&flat.hatches)
        .map(|(&(a, b), &state)| {
            Ok(Hatch {
                // Rooms are given in order 1 to 10, so room `n` is index n - 1.
                rooms: [RoomId(a - 1), RoomId(b - 1)],
                state: rules
                    .hatch_state(state)
                    .ok_or_else(|| ImportError::Rules(format!("have no hatch state `{state}`")))?,
            })
        })
        .collect::<Result<Vec<_>, ImportError>>()?;
    Ok(Board::new(
        name.to_string(),
        rules,
        rooms,
        hatches,
        RoomId(flat.start.saturating_sub(1)),
    ))
}

/// The flat turn as a board file in the hatchway language.
pub fn to_language(flat: &Flat, name: &str) -> Result<String, ImportError> {
    let board = board(flat, name)?;
    let text = export::to_language(&board, &RulesReference::Builtin(RULES.to_string()))?;
    Ok(format!(
        "# Imported by `hatchway import` from the flat format of the first pathfinder.\n{text}"
    ))
}
