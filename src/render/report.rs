//! The turn as one self-contained HTML page, for `hatchway report`: the
//! ship drawn in SVG ([`super::svg`]), every outcome listed under the room
//! it ends in, and a script that draws an outcome's path when it is chosen
//! and steps through it (buttons and arrow keys), the rooms and hatches
//! taking their state at each step.
//!
//! The ship is drawn twice, for a wide column and for a phone
//! ([`svg::fitted`] with five and two columns); the style sheet shows the
//! one that fits, scaled to its column, so that its text stays legible
//! and the page never scrolls sideways. The legend is the page's own
//! text, and says what the red border means at the step shown.
//!
//! Nothing is fetched: style, script and data are in the page. The data
//! is one JSON document in a `<script type="application/json">`
//! ([`ReportDoc`]): for each outcome listed, each step in the words of
//! `replay`, the rooms and hatches it changes and the hatch to draw. The
//! script draws a path along the hatch lines of the picture shown, so a
//! page holding hundreds of outcomes stays small.

use serde::Serialize;

use super::RenderError;
use super::document::Versioned;
use super::dot::{OPENED_COLOUR, PATH_COLOUR};
use super::escape;
use super::replay::{action_words, flow_words, room_name, state_codes};
use super::svg::{self, Mark};
use crate::answer::{Answer, Refused, Told};
use crate::model::{Board, HatchId, RoomId};
use crate::outcome::Action;

/// The columns of boxes the picture of a wide screen has at most.
const WIDE_COLUMNS: i64 = 5;
/// The columns of boxes the picture of a phone has at most.
const NARROW_COLUMNS: i64 = 2;

/// The data of a report page.
#[derive(Debug, Serialize)]
pub struct ReportDoc {
    /// Each room: its id and its label (`ID (Name)`), in board order.
    pub rooms: Vec<RoomDoc>,
    /// Each hatch as `A-B`, in board order.
    pub hatches: Vec<String>,
    /// The rules' room states as players say them, by state id.
    pub room_states: Vec<String>,
    /// The code each room state is shown by, by state id.
    pub room_codes: Vec<String>,
    /// The rules' hatch states as players say them, by state id.
    pub hatch_states: Vec<String>,
    /// The code each hatch state is shown by, by state id.
    pub hatch_codes: Vec<String>,
    /// The ship at the start of the turn.
    pub start: StartDoc,
    /// The colours of a path's bands: `moves` and `opens`.
    pub colours: ColoursDoc,
    /// The outcomes listed, in the order of the page's list data.
    pub outcomes: Vec<OutcomeDoc>,
}

/// A room of the page.
#[derive(Debug, Serialize)]
pub struct RoomDoc {
    /// Its id.
    pub id: String,
    /// Its id and name, as the text names it.
    pub label: String,
}

/// The ship before the first step.
#[derive(Debug, Serialize)]
pub struct StartDoc {
    /// The step's words: where the gnome starts.
    pub text: String,
    /// The gnome's room, by board index.
    pub at: usize,
    /// Each room's state id, in board order.
    pub rooms: Vec<u8>,
    /// Each hatch's state id, in board order.
    pub hatches: Vec<u8>,
}

/// The colours of a path's bands.
#[derive(Debug, Serialize)]
pub struct ColoursDoc {
    /// A step through a hatch.
    pub moves: &'static str,
    /// A step that opens a hatch.
    pub opens: &'static str,
}

/// One outcome of the page.
#[derive(Debug, Serialize)]
pub struct OutcomeDoc {
    /// Its number in the full listing, as `paths` numbers it.
    pub number: usize,
    /// Each step of its path.
    pub steps: Vec<StepDoc>,
    /// Each action the gnome can take where the outcome leaves him.
    pub fixits: Vec<FixitDoc>,
}

/// An action the gnome can take where an outcome leaves him: in words,
/// with the table of its odds, a column for each choice of minutes worth
/// making (none as cheap does better), fewest minutes first.
#[derive(Debug, Serialize)]
pub struct FixitDoc {
    /// What it acts on and what a failed roll leads to.
    pub words: String,
    /// The minutes on the roll.
    pub minutes: Vec<u32>,
    /// The minutes of the whole turn.
    pub total: Vec<u32>,
    /// The chance of success, in words (`2/5`, `sure`).
    pub chance: Vec<String>,
    /// The minutes of the whole turn when the roll fails, when failing
    /// costs more.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub if_fails: Option<Vec<u32>>,
}

/// One step of a path, as the page shows it. It is written as an array,
/// `[text, at, rooms, hatches, hatch, way]`, since a page holds thousands
/// of steps.
#[derive(Debug)]
pub struct StepDoc {
    /// The step in words, as `replay` writes it after the step's number.
    pub text: String,
    /// The gnome's room after it, by board index.
    pub at: usize,
    /// The rooms whose state it changes: board index and new state id.
    pub rooms: Vec<(usize, u8)>,
    /// The hatches whose state it changes: board index and new state id.
    pub hatches: Vec<(usize, u8)>,
    /// The hatch it opens or goes through, by board index.
    pub hatch: Option<usize>,
    /// How the step uses the hatch: 0 opens it, 1 goes through from its
    /// first room to its second, 2 the way back.
    pub way: u8,
}

impl Serialize for StepDoc {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let mut t = serializer.serialize_tuple(6)?;
        t.serialize_element(&self.text)?;
        t.serialize_element(&self.at)?;
        t.serialize_element(&self.rooms)?;
        t.serialize_element(&self.hatches)?;
        t.serialize_element(&self.hatch)?;
        t.serialize_element(&self.way)?;
        t.end()
    }
}

/// The data of the page for the outcomes of an answer, each with its
/// number in the full listing, the ship before and after each step, and
/// what the gnome can do where it ends.
pub fn report_doc(answer: &Answer<'_>) -> Result<ReportDoc, Refused> {
    let turn = answer.turn;
    let (board, movement, start) = (&turn.board, &turn.movement, turn.start);
    let rules = movement.rules();
    let first = turn.first_ship();
    let outcomes = answer
        .outcomes()
        .iter()
        .map(|told| {
            // Worked out here and forgotten: the page keeps what it shows.
            let told = told.unworked();
            let steps = &told.replay().map_err(Refused::clone)?.steps;
            let ships = told.ships().map_err(Refused::clone)?;
            let shown = steps
                .iter()
                .zip(ships.windows(2))
                .map(|(step, pair)| {
                    let (before, ship) = (&pair[0], &pair[1]);
                    let mut text = format!(
                        "{}: +{} min, total {}",
                        action_words(board, step.action),
                        step.cost.0,
                        step.total.0
                    );
                    for change in &step.changes {
                        text.push_str(&format!("; {}", flow_words(board, change)));
                    }
                    let (hatch, way) = drawn(board, before.position, step.action);
                    StepDoc {
                        text,
                        at: ship.position.index(),
                        rooms: changed(&before.rooms, &ship.rooms, |s| s.0),
                        hatches: changed(&before.hatches, &ship.hatches, |s| s.0),
                        hatch: hatch.map(HatchId::index),
                        way,
                    }
                })
                .collect();
            let fixits = told
                .fixits()
                .iter()
                .map(|f| {
                    let odds: Vec<_> = f.best.iter().rev().map(|b| b.odds).collect();
                    let fails_more = odds.iter().any(|o| o.total_if_failed != o.total);
                    FixitDoc {
                        words: super::fixit::fixit_words(board, movement, told.outcome.room, f),
                        minutes: odds.iter().map(|o| o.minutes).collect(),
                        total: odds.iter().map(|o| o.total.0).collect(),
                        chance: odds.iter().map(|o| o.chance.words()).collect(),
                        if_fails: fails_more
                            .then(|| odds.iter().map(|o| o.total_if_failed.0).collect()),
                    }
                })
                .collect();
            Ok(OutcomeDoc {
                number: told.number,
                steps: shown,
                fixits,
            })
        })
        .collect::<Result<_, Refused>>()?;
    Ok(ReportDoc {
        rooms: board
            .rooms
            .iter()
            .map(|r| RoomDoc {
                id: r.id.clone(),
                label: r.label(),
            })
            .collect(),
        hatches: (0..board.hatches.len())
            .map(|h| board.hatch_label(HatchId(h as u32)))
            .collect(),
        room_states: rules
            .room_states
            .iter()
            .map(|n| rules.say(n).into_owned())
            .collect(),
        room_codes: state_codes(rules),
        hatch_states: rules
            .hatch_states
            .iter()
            .map(|n| rules.say(n).into_owned())
            .collect(),
        hatch_codes: super::draw::hatch_codes(&rules.hatch_states)
            .into_iter()
            .map(String::from)
            .collect(),
        start: StartDoc {
            text: format!("start in room {}", room_name(board, start)),
            at: start.index(),
            rooms: first.rooms.iter().map(|s| s.0).collect(),
            hatches: first.hatches.iter().map(|s| s.0).collect(),
        },
        colours: ColoursDoc {
            moves: PATH_COLOUR,
            opens: OPENED_COLOUR,
        },
        outcomes,
    })
}

/// The places whose state differs between two ships, with the new state.
fn changed<T: PartialEq + Copy>(
    before: &[T],
    after: &[T],
    id: impl Fn(T) -> u8,
) -> Vec<(usize, u8)> {
    before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (b, a))| b != a)
        .map(|(i, (_, &a))| (i, id(a)))
        .collect()
}

/// The hatch a step from room `here` is drawn along, and which way
/// ([`StepDoc::way`]).
fn drawn(board: &Board, here: RoomId, action: Action) -> (Option<HatchId>, u8) {
    match action {
        Action::Open(h) => (Some(h), 0),
        Action::Move(to) => match board.hatch_between(here, to) {
            Some(h) if board.hatch(h).rooms[0] == here => (Some(h), 1),
            Some(h) => (Some(h), 2),
            None => (None, 1),
        },
    }
}

/// The page: the ship, the outcomes listed under the room each ends in
/// (board order, then by number), each a button of `data-outcome="N"`
/// (its number in the full listing, `total` outcomes in all), and the
/// data and script that show a chosen outcome's path step by step.
pub fn page(answer: &Answer<'_>) -> Result<String, RenderError> {
    let turn = answer.turn;
    let (board, movement, start) = (&turn.board, &turn.movement, turn.start);
    let (outcomes, total) = (answer.outcomes(), answer.total);
    let doc = report_doc(answer)?;
    // `<` only ever stands in the document's strings, where `\u003c` reads
    // the same: so no `</script>` in a name can end the script early.
    let data = serde_json::to_string(&Versioned::new(&doc))
        .map_err(|e| RenderError::Document(e.to_string()))?
        .replace('<', "\\u003c");

    let rules = movement.rules();
    let holding = super::table::holding(movement);
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(&format!(
        "<title>{} - hatchway</title>\n<style>\n{PAGE_STYLE}{}</style>\n</head>\n<body>\n",
        escape::xml(&board.name),
        svg::style_sheet(rules)
    ));
    out.push_str(&format!(
        "<header>\n<h1>{}</h1>\n<p>rules {}, start in room {}{}: {} of {}</p>\n</header>\n<main>\n",
        escape::xml(&board.name),
        escape::xml(&rules.name),
        escape::xml(&room_name(board, start)),
        escape::xml(&holding),
        super::count(outcomes.len() as u64, "outcome"),
        total
    ));
    out.push_str("<section class=\"picture\" aria-label=\"the ship\">\n");
    out.push_str(&svg::definitions(board));
    out.push_str("<div class=\"frame\">\n");
    out.push_str(&svg::fitted(board, start, WIDE_COLUMNS, "wide"));
    out.push_str(&svg::fitted(board, start, NARROW_COLUMNS, "narrow"));
    out.push_str("</div>\n");
    out.push_str("<div class=\"player\">\n<div class=\"controls\">\n<button type=\"button\" id=\"previous\" aria-label=\"previous step\" disabled>&#9664;</button>\n<span id=\"counter\">no outcome chosen</span>\n<button type=\"button\" id=\"next\" aria-label=\"next step\" disabled>&#9654;</button>\n</div>\n<p id=\"step-text\" aria-live=\"polite\">Choose an outcome to draw its path, then step through it with the buttons or the arrow keys.</p>\n</div>\n");
    out.push_str(&legend(board));
    out.push_str("<div id=\"fixits\" hidden>\n<h2>after the move</h2>\n<ul id=\"fixit-list\"></ul>\n</div>\n</section>\n");

    out.push_str("<section class=\"outcomes\" aria-label=\"outcomes\">\n");
    out.push_str(&filters(board, outcomes));
    for (r, _) in board.rooms.iter().enumerate() {
        let room = RoomId(r as u32);
        if !outcomes.iter().any(|t| t.outcome.room == room) {
            continue;
        }
        out.push_str(&format!(
            "<div class=\"room-group\" data-room=\"{}\">\n<h2>ends in room {}</h2>\n<ul>\n",
            escape::xml(&board.room(room).id),
            escape::xml(&room_name(board, room))
        ));
        for told in outcomes {
            if told.outcome.room == room {
                out.push_str(&listed(told));
            }
        }
        out.push_str("</ul>\n</div>\n");
    }
    out.push_str("<p id=\"none-shown\" hidden>No outcome fits these filters.</p>\n");
    out.push_str("</section>\n</main>\n");
    out.push_str(&format!(
        "<script type=\"application/json\" id=\"hatchway-data\">{data}</script>\n<script>\n{PAGE_SCRIPT}</script>\n</body>\n</html>\n"
    ));
    Ok(out)
}

/// One outcome of the list: a button with its number, cost, verdict (with
/// the actions that can save a gnome it kills), the rooms it changes and
/// its actions.
fn listed(told: &Told<'_>) -> String {
    let board = &told.turn().board;
    let (number, outcome) = (told.number, told.outcome);
    let fatal = told.verdict().fatal;
    // The badge counts the fix-it a player would take: red only when
    // nothing saves him for sure.
    let mark = super::survival::badge(told).map_or_else(String::new, |words| {
        let class = if told.survival().kind == crate::survival::Kind::Fatal {
            "fatal-mark"
        } else {
            "rescue-mark"
        };
        format!(" <span class=\"{class}\">{}</span>", escape::xml(&words))
    });
    let changes = super::changed_rooms(board, &outcome.rooms)
        .map_or("no room changes".to_string(), |c| format!("changes {c}"));
    let actions: Vec<String> = outcome
        .actions
        .iter()
        .map(|&a| action_words(board, a))
        .collect();
    let actions = if actions.is_empty() {
        "stay".to_string()
    } else {
        actions.join(", ")
    };
    format!(
        "<li data-cost=\"{cost}\" data-verdict=\"{}\"><button type=\"button\" class=\"outcome{}\" data-outcome=\"{number}\" aria-pressed=\"false\"><span class=\"number\">#{number}</span> <span class=\"cost\">{cost} min</span>{mark}, <span class=\"changes\">{}</span><span class=\"actions\">{}</span></button></li>\n",
        if fatal { "fatal" } else { "safe" },
        if fatal { " fatal" } else { "" },
        escape::xml(&changes),
        escape::xml(&actions),
        cost = outcome.cost.0,
    )
}

/// The legend, in the page's text: each room state and hatch state with
/// its look, and the marks of the start and of a path. The entry of the
/// red border (`#legend-here`) is worded by the script for the step shown;
/// the path's entries show once an outcome is chosen.
fn legend(board: &Board) -> String {
    let mut out = String::from("<section class=\"legend\" aria-label=\"legend\">\n");
    for (heading, entries) in svg::states(board) {
        out.push_str(&format!("<div>\n<h2>{heading}</h2>\n<ul>\n"));
        for entry in entries {
            out.push_str(&format!(
                "<li>{} {}</li>\n",
                svg::sample(&entry.sample),
                escape::xml(&entry.words)
            ));
        }
        out.push_str("</ul>\n</div>\n");
    }
    let mark = |m: Mark| svg::sample(&svg::mark_sample(m));
    out.push_str(&format!(
        "<div>\n<h2>marks</h2>\n<ul>\n<li>{} start room</li>\n<li id=\"legend-here\" hidden>{} <span id=\"legend-here-words\">the gnome's room</span></li>\n<li class=\"path-only\" hidden>{} step n goes through a hatch</li>\n<li class=\"path-only\" hidden>{} step n opens a hatch</li>\n<li class=\"path-only\" hidden>was ...: the room's state at the start</li>\n<li>hover or press a room or hatch: its state at this step</li>\n</ul>\n</div>\n</section>\n",
        mark(Mark::Start),
        mark(Mark::Here),
        mark(Mark::Through),
        mark(Mark::Opens)
    ));
    out
}

/// The controls that narrow the list of outcomes, in the page with no
/// fetch: by final room, by verdict and by the most minutes.
fn filters(board: &Board, outcomes: &[Told<'_>]) -> String {
    let mut rooms = String::from("<option value=\"\">any room</option>");
    for (r, room) in board.rooms.iter().enumerate() {
        if outcomes.iter().any(|t| t.outcome.room.index() == r) {
            rooms.push_str(&format!(
                "<option value=\"{}\">{}</option>",
                escape::xml(&room.id),
                escape::xml(&room_name(board, RoomId(r as u32)))
            ));
        }
    }
    let most = outcomes.iter().map(|t| t.outcome.cost.0).max().unwrap_or(0);
    format!(
        "<form id=\"filters\" class=\"filters\" aria-label=\"narrow the outcomes\">\n<label>ends in <select id=\"filter-room\">{rooms}</select></label>\n<label>verdict <select id=\"filter-verdict\"><option value=\"\">any</option><option value=\"safe\">safe as he is</option><option value=\"fatal\">deadly if he stays</option></select></label>\n<label>at most <input id=\"filter-cost\" type=\"number\" min=\"0\" max=\"{most}\" value=\"{most}\" inputmode=\"numeric\"> min</label>\n<output id=\"filter-count\">{} shown</output>\n</form>\n",
        outcomes.len()
    )
}

/// The page's own style: two columns on a wide screen (the picture stays
/// in view while the list scrolls), one on a phone with the step controls
/// fixed at the foot of the screen; the picture fills its column, and
/// buttons are big enough for a finger.
const PAGE_STYLE: &str = include_str!("report/style.css");

/// The page's script. Choosing an outcome works out the ship at each of
/// its steps from the start and each step's changes, and draws its path
/// in both pictures along their hatch lines (a band per step, numbered
/// beside the line as `hatchway draw --format svg` numbers it); stepping
/// shows the ship at that step (the classes `state-N` and `hatch-state-N`
/// take the looks of the style sheet), the path up to it, tooltips and the
/// legend for it. When it is ready the page is marked `hatchway-ready` in
/// the browser's performance timeline.
const PAGE_SCRIPT: &str = include_str!("report/script.js");

#[cfg(test)]
mod tests {
    use super::*;

    use crate::answer::Turn;
    use crate::outcome::Outcome;

    /// The standard board's turn and every outcome of it.
    fn standard() -> (Turn, Vec<Outcome>) {
        let board = crate::load::board(&crate::load::standard_board())
            .unwrap()
            .value;
        let turn = Turn::new(board);
        let outcomes = turn.solve(&Default::default()).unwrap().outcomes;
        (turn, outcomes)
    }

    /// The JSON document of a page.
    fn data_of(html: &str) -> serde_json::Value {
        let open = "<script type=\"application/json\" id=\"hatchway-data\">";
        let start = html.find(open).unwrap() + open.len();
        let end = start + html[start..].find("</script>").unwrap();
        serde_json::from_str(&html[start..end]).unwrap()
    }

    #[test]
    fn every_outcome_is_listed_once_under_its_room_with_its_data() {
        let (turn, outcomes) = standard();
        let board = &turn.board;
        let html = page(&Answer::new(&turn, &outcomes)).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
        assert!(html.ends_with("</html>\n"));
        // The definitions, and the ship for a wide and for a narrow column.
        assert_eq!(html.matches("class=\"hatchway-ship ").count(), 2);
        assert_eq!(html.matches("class=\"hatchway-definitions\"").count(), 1);
        assert!(html.contains("name=\"viewport\""));
        let data = data_of(&html);
        assert_eq!(data["format"], 1);
        let listed = data["outcomes"].as_array().unwrap();
        assert_eq!(listed.len(), outcomes.len());
        let start_rooms: Vec<u64> = data["start"]["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .collect();
        for ((number, outcome), doc) in (1..).zip(&outcomes).zip(listed) {
            let hook = format!("data-outcome=\"{number}\"");
            assert_eq!(html.matches(&hook).count(), 1, "{hook}");
            assert_eq!(doc["number"], number);
            let steps = doc["steps"].as_array().unwrap();
            assert_eq!(steps.len(), outcome.actions.len());
            // The start's rooms, changed step by step, are the outcome's;
            // each step is drawn along a hatch and ends where the gnome is.
            let mut rooms = start_rooms.clone();
            let mut here = board.start;
            for (step, &action) in steps.iter().zip(&outcome.actions) {
                for change in step[2].as_array().unwrap() {
                    rooms[change[0].as_u64().unwrap() as usize] = change[1].as_u64().unwrap();
                }
                let hatch = step[4].as_u64().unwrap() as usize;
                let way = step[5].as_u64().unwrap();
                match action {
                    Action::Open(h) => assert_eq!((h.index(), way), (hatch, 0)),
                    Action::Move(to) => {
                        let h = board.hatch_between(here, to).unwrap();
                        let forward = board.hatch(h).rooms[0] == here;
                        assert_eq!((h.index(), way), (hatch, if forward { 1 } else { 2 }));
                        here = to;
                    }
                }
                assert_eq!(step[1].as_u64().unwrap() as usize, here.index());
                assert!(
                    step[0]
                        .as_str()
                        .unwrap()
                        .starts_with(&action_words(board, action))
                );
            }
            let expected: Vec<u64> = outcome.rooms.iter().map(|s| u64::from(s.0)).collect();
            assert_eq!(rooms, expected, "#{number}");
            assert_eq!(here, outcome.room, "#{number}");
            // The heading above the outcome names its room.
            let at = html.find(&hook).unwrap();
            let heading = &html[html[..at].rfind("<h2>").unwrap()..at];
            let room = escape::xml(&room_name(board, outcome.room));
            assert!(
                heading.starts_with(&format!("<h2>ends in room {room}</h2>")),
                "{heading}"
            );
        }
    }

    #[test]
    fn the_page_fetches_nothing() {
        let (turn, outcomes) = standard();
        let html = page(&Answer::new(&turn, &outcomes)).unwrap();
        for word in [
            "src=",
            "href=",
            "@import",
            "<link",
            "<iframe",
            "fetch(",
            "XMLHttpRequest",
        ] {
            assert!(!html.contains(word), "{word}");
        }
        // Only the SVG namespace looks like an address, and every `url(`
        // points into the page.
        assert_eq!(
            html.matches("http").count(),
            html.matches("http://www.w3.org/2000/svg").count()
        );
        assert_eq!(html.matches("url(").count(), html.matches("url(#").count());
    }

    #[test]
    fn names_cannot_break_out_of_the_page() {
        let text = "board \"a</script><b>\"\nroom 1 \"</script><script>x()</script> & 'q'\"\nroom 2\nhatch 1-2\nstart 1\n";
        let board = crate::load::board_from_str("odd.board", text)
            .unwrap()
            .value;
        let turn = Turn::new(board);
        let outcomes = turn.solve(&Default::default()).unwrap().outcomes;
        let html = page(&Answer::new(&turn, &outcomes)).unwrap();
        assert_eq!(html.matches("</script>").count(), 2, "{html}");
        assert!(!html.contains("<b>"));
        assert!(
            html.contains("&lt;/script&gt;&lt;script&gt;x()&lt;/script&gt; &amp; &apos;q&apos;")
        );
        let data = data_of(&html);
        assert_eq!(
            data["rooms"][0]["label"],
            "1 (</script><script>x()</script> & 'q')"
        );
    }
}
