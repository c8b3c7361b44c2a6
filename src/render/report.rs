//! The turn as one self-contained HTML page, for `hatchway report`: the
//! ship drawn in SVG ([`super::svg`]), every outcome listed under the room
//! it ends in, and a script that draws an outcome's path when it is chosen
//! and steps through it (buttons and arrow keys), the rooms and hatches
//! taking their state at each step.
//!
//! Nothing is fetched: style, script and data are in the page. The data
//! is one JSON document in a `<script type="application/json">`: the
//! document of `replay --format json` for the outcomes listed, with what
//! the script needs to show each step (see [`ReportDoc`]).

use serde::Serialize;

use super::RenderError;
use super::document::{self, ReplayDoc, Versioned};
use super::replay::{action_words, flow_words, room_name, state_codes};
use super::svg::{self, escape};
use crate::model::{Board, Movement, RoomId};
use crate::outcome::Outcome;
use crate::referee::{self, Ship};

/// The data of a report page: the outcomes as `replay --format json`
/// writes them, and how to show each.
#[derive(Debug, Serialize)]
pub struct ReportDoc<'a> {
    /// The board, rules, items, start, and the outcomes listed with their
    /// steps.
    #[serde(flatten)]
    pub replay: ReplayDoc<'a>,
    /// The rules' room states, by state id.
    pub room_states: Vec<String>,
    /// The code each room state is shown by, by state id.
    pub room_codes: Vec<String>,
    /// The rules' hatch states, by state id.
    pub hatch_states: Vec<String>,
    /// The code each hatch state is shown by, by state id.
    pub hatch_codes: Vec<String>,
    /// How to show each outcome, in the order of `outcomes`.
    pub views: Vec<ViewDoc>,
}

/// How to show one outcome: its path's layers for the picture
/// ([`svg::path_layers`]) and the ship at each step.
#[derive(Debug, Serialize)]
pub struct ViewDoc {
    /// The SVG of the path's bands.
    pub lines: String,
    /// The SVG of the steps' numbers and of the end.
    pub marks: String,
    /// The ship at the start (first) and after each step.
    pub frames: Vec<FrameDoc>,
    /// Each action the gnome can take where the outcome leaves him, in
    /// words: its odds for each useful choice of minutes and what a failed
    /// roll leads to.
    pub fixits: Vec<String>,
}

/// The ship at one step of a path.
#[derive(Debug, Serialize)]
pub struct FrameDoc {
    /// The step in words, as `replay` writes it.
    pub text: String,
    /// The id of the player's room.
    pub at: String,
    /// Each room's state id, in board order.
    pub rooms: Vec<u8>,
    /// Each hatch's state id, in board order.
    pub hatches: Vec<u8>,
}

/// The data of the page for these outcomes, each with its number in the
/// full listing.
pub fn report_doc<'a>(
    board: &'a Board,
    movement: &'a Movement,
    start: RoomId,
    outcomes: &'a [(usize, Outcome)],
) -> ReportDoc<'a> {
    let rules = movement.rules();
    let views = outcomes
        .iter()
        .map(|(number, o)| {
            // The engine's paths replay by construction; as in the
            // document, a failure would show no steps rather than wrong
            // ones.
            let (end, steps) = referee::replay(board, movement, start, &o.actions)
                .unwrap_or_else(|_| (Ship::new(board, start), Vec::new()));
            let layers = svg::path_layers(board, start, &steps, end.position);
            let mut ship = Ship::new(board, start);
            let mut frames = vec![frame(
                board,
                &ship,
                format!("start in room {}", room_name(board, start)),
            )];
            for (i, step) in steps.iter().enumerate() {
                if ship.apply(board, movement, step.action).is_err() {
                    break;
                }
                let mut text = format!(
                    "{}. {}: +{} min, total {}",
                    i + 1,
                    action_words(board, step.action),
                    step.cost.0,
                    step.total.0
                );
                for change in &step.changes {
                    text.push_str(&format!("; {}", flow_words(board, change)));
                }
                frames.push(frame(board, &ship, text));
            }
            let fixits = crate::fixit::fixits(board, movement, start, *number, o)
                .iter()
                .map(|f| super::fixit::fixit_words(board, movement, o.room, f))
                .collect();
            ViewDoc {
                lines: layers.lines,
                marks: layers.marks,
                frames,
                fixits,
            }
        })
        .collect();
    ReportDoc {
        replay: document::replay_doc(board, movement, start, outcomes),
        room_states: rules.room_states.clone(),
        room_codes: state_codes(rules),
        hatch_states: rules.hatch_states.clone(),
        hatch_codes: super::draw::hatch_codes(&rules.hatch_states)
            .into_iter()
            .map(String::from)
            .collect(),
        views,
    }
}

fn frame(board: &Board, ship: &Ship, text: String) -> FrameDoc {
    FrameDoc {
        text,
        at: board.room(ship.position).id.clone(),
        rooms: ship.rooms.iter().map(|s| s.0).collect(),
        hatches: ship.hatches.iter().map(|s| s.0).collect(),
    }
}

/// The page: the ship, the outcomes listed under the room each ends in
/// (board order, then by number), each a button of `data-outcome="N"`
/// (its number in the full listing, `total` outcomes in all), and the
/// data and script that show a chosen outcome's path step by step.
pub fn page(
    board: &Board,
    movement: &Movement,
    start: RoomId,
    outcomes: &[(usize, Outcome)],
    total: usize,
) -> Result<String, RenderError> {
    let doc = report_doc(board, movement, start, outcomes);
    // `<` only ever stands in the document's strings, where `\u003c` reads
    // the same: so no `</script>` in a name can end the script early.
    let data = serde_json::to_string(&Versioned::new(&doc))
        .map_err(|e| RenderError::Document(e.to_string()))?
        .replace('<', "\\u003c");

    let rules = movement.rules();
    let held = movement.held();
    let holding = if held.is_empty() {
        String::new()
    } else {
        format!(", holding {}", held.join(", "))
    };
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(&format!(
        "<title>{} - hatchway</title>\n<style>\n{PAGE_STYLE}{}</style>\n</head>\n<body>\n",
        escape(&board.name),
        svg::style_sheet(rules)
    ));
    out.push_str(&format!(
        "<header>\n<h1>{}</h1>\n<p>rules {}, start in room {}{}: {} of {}</p>\n</header>\n<main>\n",
        escape(&board.name),
        escape(&rules.name),
        escape(&room_name(board, start)),
        escape(&holding),
        super::count(outcomes.len() as u64, "outcome"),
        total
    ));
    out.push_str("<section class=\"picture\" aria-label=\"the ship\">\n");
    out.push_str("<div class=\"frame\">\n");
    out.push_str(&svg::backdrop(board, start));
    out.push_str("</div>\n");
    out.push_str("<div class=\"controls\">\n<button type=\"button\" id=\"previous\" aria-label=\"previous step\" disabled>&#9664;</button>\n<span id=\"counter\">no outcome chosen</span>\n<button type=\"button\" id=\"next\" aria-label=\"next step\" disabled>&#9654;</button>\n</div>\n<p id=\"step-text\" aria-live=\"polite\">Choose an outcome to draw its path, then step through it with the buttons or the arrow keys.</p>\n<div id=\"fixits\" hidden>\n<h2>after the move</h2>\n<ul id=\"fixit-list\"></ul>\n</div>\n</section>\n");

    out.push_str("<section class=\"outcomes\" aria-label=\"outcomes\">\n");
    out.push_str(&filters(board, outcomes));
    for (r, _) in board.rooms.iter().enumerate() {
        let room = RoomId(r as u32);
        let here: Vec<&(usize, Outcome)> =
            outcomes.iter().filter(|(_, o)| o.room == room).collect();
        if here.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "<div class=\"room-group\" data-room=\"{}\">\n<h2>ends in room {}</h2>\n<ul>\n",
            escape(&board.room(room).id),
            escape(&room_name(board, room))
        ));
        for (number, outcome) in here {
            let fatal = outcome.verdict(movement).fatal;
            let saving: Vec<String> =
                crate::fixit::remedies(board, movement, start, *number, outcome)
                    .iter()
                    .filter_map(|f| rules.turn.actions.get(usize::from(f.action.0)))
                    .map(|a| a.name.clone())
                    .fold(Vec::new(), |mut names, n| {
                        if !names.contains(&n) {
                            names.push(n);
                        }
                        names
                    });
            let mark = if saving.is_empty() {
                "fatal".to_string()
            } else {
                format!("fatal unless {} succeeds", saving.join(" or "))
            };
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
            out.push_str(&format!(
                "<li data-cost=\"{}\" data-verdict=\"{}\"><button type=\"button\" class=\"outcome{}\" data-outcome=\"{number}\" aria-pressed=\"false\"><span class=\"number\">#{number}</span> <span class=\"cost\">{} min</span>{}, <span class=\"changes\">{}</span><span class=\"actions\">{}</span></button></li>\n",
                outcome.cost.0,
                if fatal { "fatal" } else { "safe" },
                if fatal { " fatal" } else { "" },
                outcome.cost.0,
                if fatal {
                    format!(" <span class=\"fatal-mark\">{}</span>", escape(&mark))
                } else {
                    String::new()
                },
                escape(&changes),
                escape(&actions)
            ));
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

/// The controls that narrow the list of outcomes, in the page with no
/// fetch: by final room, by verdict and by the most minutes.
fn filters(board: &Board, outcomes: &[(usize, Outcome)]) -> String {
    let mut rooms = String::from("<option value=\"\">any room</option>");
    for (r, room) in board.rooms.iter().enumerate() {
        if outcomes.iter().any(|(_, o)| o.room.index() == r) {
            rooms.push_str(&format!(
                "<option value=\"{}\">{}</option>",
                escape(&room.id),
                escape(&room_name(board, RoomId(r as u32)))
            ));
        }
    }
    let most = outcomes.iter().map(|(_, o)| o.cost.0).max().unwrap_or(0);
    format!(
        "<form id=\"filters\" class=\"filters\" aria-label=\"narrow the outcomes\">\n<label>ends in <select id=\"filter-room\">{rooms}</select></label>\n<label>verdict <select id=\"filter-verdict\"><option value=\"\">any</option><option value=\"safe\">safe</option><option value=\"fatal\">fatal</option></select></label>\n<label>at most <input id=\"filter-cost\" type=\"number\" min=\"0\" max=\"{most}\" value=\"{most}\" inputmode=\"numeric\"> min</label>\n<output id=\"filter-count\">{} shown</output>\n</form>\n",
        outcomes.len()
    )
}

/// The page's own style: two columns on a wide screen (the picture stays
/// in view while the list scrolls), one on a phone, buttons big enough for
/// a finger.
const PAGE_STYLE: &str = r#"body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0; color: #222; background: #fff; }
header, main { padding: 0 1rem; }
h1 { font-size: 1.4rem; margin: 0.8rem 0 0.2rem; }
header p { margin: 0 0 0.8rem; color: #555; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(16rem, 2fr); gap: 1rem; align-items: start; }
.picture { position: sticky; top: 0; background: #fff; padding-bottom: 0.5rem; }
.picture svg { display: block; width: 100%; height: auto; max-height: 75vh; }
.frame { overflow-x: auto; }
.controls { display: flex; align-items: center; gap: 0.75rem; margin-top: 0.5rem; }
.controls button { min-width: 3rem; min-height: 2.75rem; font-size: 1.2rem; }
#step-text { min-height: 2.6em; margin: 0.5rem 0; }
#fixits h2 { font-size: 1rem; margin: 0.5rem 0 0.3rem; }
#fixits ul { margin: 0; padding-left: 1.2rem; }
.outcomes h2 { font-size: 1rem; margin: 1rem 0 0.4rem; }
.filters { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; margin: 0.5rem 0; }
.filters select, .filters input { font: inherit; min-height: 2.2rem; }
.filters input { width: 4.5em; }
.outcomes ul { list-style: none; margin: 0; padding: 0; }
.outcome { display: block; width: 100%; text-align: left; margin: 0 0 0.4rem; padding: 0.5rem 0.6rem; min-height: 2.75rem; font: inherit; background: #f6f6f6; border: 1px solid #ccc; border-radius: 6px; cursor: pointer; }
.outcome[aria-pressed="true"] { background: #fde2e2; border-color: #d62728; }
.outcome .number { font-weight: bold; }
.outcome .actions { display: block; color: #555; font-size: 0.9em; }
.outcome.fatal { border-left: 6px solid #d62728; }
.fatal-mark { color: #fff; background: #d62728; border-radius: 3px; padding: 0 0.3em; font-weight: bold; }
@media (max-width: 50rem) {
  main { grid-template-columns: minmax(0, 1fr); }
  .picture { position: static; }
  .picture svg { min-width: 36rem; max-height: none; }
}
"#;

/// The page's script: choosing an outcome puts its path's layers in the
/// picture and shows its start; stepping shows the ship at each step (the
/// classes `state-N` and `hatch-state-N` take the looks of the style
/// sheet) and the path's elements up to it.
const PAGE_SCRIPT: &str = r##""use strict";
(function () {
  var data = JSON.parse(document.getElementById("hatchway-data").textContent);
  var svg = document.querySelector("svg.hatchway-ship");
  var lines = svg.querySelector("g.path-lines");
  var marks = svg.querySelector("g.path-marks");
  var rooms = svg.querySelectorAll("g.room[data-room]");
  var hatches = svg.querySelectorAll("g.hatch[data-hatch]");
  var text = document.getElementById("step-text");
  var counter = document.getElementById("counter");
  var previous = document.getElementById("previous");
  var next = document.getElementById("next");
  var buttons = document.querySelectorAll("button[data-outcome]");
  var fixits = document.getElementById("fixits");
  var fixitList = document.getElementById("fixit-list");
  var chosen = -1;
  var step = 0;

  function setState(element, prefix, state) {
    Array.prototype.slice.call(element.classList).forEach(function (c) {
      if (c.indexOf(prefix) === 0) {
        element.classList.remove(c);
      }
    });
    element.classList.add(prefix + state);
  }

  function show() {
    var view = data.views[chosen];
    var frame = view.frames[step];
    Array.prototype.forEach.call(rooms, function (room, i) {
      var s = frame.rooms[i];
      setState(room, "state-", s);
      room.querySelector("text.room-code").textContent = data.room_codes[s];
      room.querySelector("text.room-state").textContent = data.room_states[s];
      room.classList.toggle("here", room.getAttribute("data-room") === frame.at);
    });
    Array.prototype.forEach.call(hatches, function (hatch, i) {
      var s = frame.hatches[i];
      setState(hatch, "hatch-state-", s);
      hatch.querySelector("text.hatch-code").textContent = data.hatch_codes[s];
    });
    Array.prototype.forEach.call(svg.querySelectorAll("[data-step]"), function (e) {
      e.style.display = Number(e.getAttribute("data-step")) <= step ? "" : "none";
    });
    var last = view.frames.length - 1;
    counter.textContent = "#" + data.outcomes[chosen].number + ": step " + step + " of " + last;
    text.textContent = frame.text;
    previous.disabled = step === 0;
    next.disabled = step === last;
  }

  function choose(index) {
    chosen = index;
    step = 0;
    lines.innerHTML = data.views[index].lines;
    marks.innerHTML = data.views[index].marks;
    fixitList.textContent = "";
    data.views[index].fixits.forEach(function (words) {
      var item = document.createElement("li");
      item.textContent = words;
      fixitList.appendChild(item);
    });
    fixits.hidden = data.views[index].fixits.length === 0;
    Array.prototype.forEach.call(buttons, function (b) {
      b.setAttribute("aria-pressed", String(Number(b.getAttribute("data-outcome")) === data.outcomes[index].number));
    });
    show();
  }

  function move(by) {
    if (chosen < 0) {
      return;
    }
    var last = data.views[chosen].frames.length - 1;
    var to = Math.min(Math.max(step + by, 0), last);
    if (to !== step) {
      step = to;
      show();
    }
  }

  Array.prototype.forEach.call(buttons, function (b) {
    b.addEventListener("click", function () {
      var number = Number(b.getAttribute("data-outcome"));
      for (var i = 0; i < data.outcomes.length; i++) {
        if (data.outcomes[i].number === number) {
          choose(i);
        }
      }
    });
  });
  var filterRoom = document.getElementById("filter-room");
  var filterVerdict = document.getElementById("filter-verdict");
  var filterCost = document.getElementById("filter-cost");
  var filterCount = document.getElementById("filter-count");
  var noneShown = document.getElementById("none-shown");
  function narrow() {
    var room = filterRoom.value;
    var verdict = filterVerdict.value;
    var most = filterCost.value === "" ? Infinity : Number(filterCost.value);
    var shown = 0;
    Array.prototype.forEach.call(document.querySelectorAll(".room-group"), function (group) {
      var inRoom = room === "" || group.getAttribute("data-room") === room;
      var here = 0;
      Array.prototype.forEach.call(group.querySelectorAll("li[data-cost]"), function (item) {
        var fits = inRoom
          && (verdict === "" || item.getAttribute("data-verdict") === verdict)
          && Number(item.getAttribute("data-cost")) <= most;
        item.hidden = !fits;
        if (fits) {
          here += 1;
        }
      });
      group.hidden = here === 0;
      shown += here;
    });
    filterCount.textContent = shown + " shown";
    noneShown.hidden = shown !== 0;
  }
  filterRoom.addEventListener("change", narrow);
  filterVerdict.addEventListener("change", narrow);
  filterCost.addEventListener("input", narrow);
  document.getElementById("filters").addEventListener("submit", function (e) { e.preventDefault(); });
  previous.addEventListener("click", function () { move(-1); });
  next.addEventListener("click", function () { move(1); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) {
      return;
    }
    if (e.key === "ArrowLeft") {
      move(-1);
      e.preventDefault();
    } else if (e.key === "ArrowRight") {
      move(1);
      e.preventDefault();
    }
  });
})();
"##;

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard board's turn, every outcome listed.
    fn standard() -> (Board, Movement, Vec<(usize, Outcome)>) {
        let board = crate::load::board(&crate::load::standard_board())
            .unwrap()
            .value;
        let movement = board.rules.movement(crate::model::ItemSet::default());
        let solution =
            crate::search::solve(&board, &movement, board.start, &Default::default()).unwrap();
        let outcomes = crate::outcome::numbered(solution.outcomes).collect();
        (board, movement, outcomes)
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
        let (board, movement, outcomes) = standard();
        let html = page(&board, &movement, board.start, &outcomes, outcomes.len()).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
        assert!(html.ends_with("</html>\n"));
        assert_eq!(html.matches("<svg ").count(), 1);
        assert!(html.contains("name=\"viewport\""));
        let data = data_of(&html);
        assert_eq!(data["format"], 1);
        let listed = data["outcomes"].as_array().unwrap();
        let views = data["views"].as_array().unwrap();
        assert_eq!(listed.len(), outcomes.len());
        assert_eq!(views.len(), outcomes.len());
        for ((number, outcome), (doc, view)) in outcomes.iter().zip(listed.iter().zip(views)) {
            let hook = format!("data-outcome=\"{number}\"");
            assert_eq!(html.matches(&hook).count(), 1, "{hook}");
            assert_eq!(doc["number"], *number);
            let steps = doc["steps"].as_array().unwrap().len();
            assert_eq!(steps, outcome.actions.len());
            // The start, then the ship after each step.
            let frames = view["frames"].as_array().unwrap();
            assert_eq!(frames.len(), steps + 1);
            let last = &frames[steps];
            assert_eq!(last["at"], board.room(outcome.room).id);
            let rooms: Vec<u64> = last["rooms"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_u64().unwrap())
                .collect();
            let expected: Vec<u64> = outcome.rooms.iter().map(|s| u64::from(s.0)).collect();
            assert_eq!(rooms, expected, "#{number}");
            // The heading above the outcome names its room.
            let at = html.find(&hook).unwrap();
            let heading = &html[html[..at].rfind("<h2>").unwrap()..at];
            let room = escape(&room_name(&board, outcome.room));
            assert!(
                heading.starts_with(&format!("<h2>ends in room {room}</h2>")),
                "{heading}"
            );
            for k in 1..=steps {
                assert!(
                    view["lines"]
                        .as_str()
                        .unwrap()
                        .contains(&format!("data-step=\"{k}\"")),
                    "#{number} step {k}"
                );
            }
        }
    }

    #[test]
    fn the_page_fetches_nothing() {
        let (board, movement, outcomes) = standard();
        let html = page(&board, &movement, board.start, &outcomes, outcomes.len()).unwrap();
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
        let movement = board.rules.movement(crate::model::ItemSet::default());
        let solution =
            crate::search::solve(&board, &movement, board.start, &Default::default()).unwrap();
        let outcomes: Vec<(usize, Outcome)> = crate::outcome::numbered(solution.outcomes).collect();
        let html = page(&board, &movement, board.start, &outcomes, outcomes.len()).unwrap();
        assert_eq!(html.matches("</script>").count(), 2, "{html}");
        assert!(!html.contains("<b>"));
        assert!(
            html.contains("&lt;/script&gt;&lt;script&gt;x()&lt;/script&gt; &amp; &apos;q&apos;")
        );
        let data = data_of(&html);
        assert_eq!(data["board"], "a</script><b>");
    }
}
