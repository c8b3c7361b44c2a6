//! `hatchway dot`: the DOT of every shipped board (and of paths drawn on
//! them) is well-formed DOT with a node for every room and an edge for
//! every hatch, labels are escaped, the standard board's DOT is pinned, and
//! wrong requests are errors.
//!
//! The default tier reads the DOT with a pure-Rust parser of the Graphviz
//! grammar (`graphviz-rust`), so a malformed graph fails `cargo test` on a
//! machine with nothing but a Rust toolchain. The tests that render with
//! Graphviz's own `dot` are ignored by default ("needs Graphviz"); `.ci/run`
//! installs Graphviz and runs them with `-- --include-ignored`.
//!
//! A board that places every room pins each room's node to its place, and
//! Graphviz (`dot`, or `neato -n`) draws the rooms there.

use crate::common::{self, Run};

use common::hatchway;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use graphviz_rust::dot_structures::{EdgeTy, Graph, Id, NodeId, Stmt, Vertex};

/// The graph `text` parses to; panics with the parser's complaint when the
/// text is not DOT.
fn parsed(what: &str, text: &str) -> Graph {
    graphviz_rust::parse(text)
        .unwrap_or_else(|e| panic!("{what}: not well-formed DOT:\n{e}\n---\n{text}"))
}

/// An id as Graphviz reads it: a quoted id without its quotes and with
/// `\"` read as `"`.
fn id_text(id: &Id) -> String {
    match id {
        Id::Escaped(quoted) => quoted
            .strip_prefix('"')
            .and_then(|q| q.strip_suffix('"'))
            .unwrap_or(quoted)
            .replace("\\\"", "\""),
        Id::Html(t) | Id::Plain(t) | Id::Anonymous(t) => t.clone(),
    }
}

/// The node statements and the edges (as pairs of node ids) of a graph,
/// subgraphs included.
fn nodes_and_edges(graph: &Graph) -> (Vec<String>, Vec<(String, String)>) {
    fn walk(stmts: &[Stmt], nodes: &mut Vec<String>, edges: &mut Vec<(String, String)>) {
        let vertex = |v: &Vertex| match v {
            Vertex::N(NodeId(id, _)) => Some(id_text(id)),
            Vertex::S(_) => None,
        };
        for stmt in stmts {
            match stmt {
                Stmt::Node(n) => nodes.push(id_text(&n.id.0)),
                Stmt::Edge(e) => {
                    let chain: Vec<&Vertex> = match &e.ty {
                        EdgeTy::Pair(a, b) => vec![a, b],
                        EdgeTy::Chain(c) => c.iter().collect(),
                    };
                    for pair in chain.windows(2) {
                        if let (Some(a), Some(b)) = (vertex(pair[0]), vertex(pair[1])) {
                            edges.push((a, b));
                        }
                    }
                }
                Stmt::Subgraph(s) => walk(&s.stmts, nodes, edges),
                Stmt::Attribute(_) | Stmt::GAttribute(_) => {}
            }
        }
    }
    let stmts = match graph {
        Graph::Graph { stmts, .. } | Graph::DiGraph { stmts, .. } => stmts,
    };
    let (mut nodes, mut edges) = (Vec::new(), Vec::new());
    walk(stmts, &mut nodes, &mut edges);
    (nodes, edges)
}

/// Checks that `text` is DOT with a node for every room of `board` and an
/// edge for every hatch (either way round).
fn check_graph(what: &str, board: &hatchway::model::Board, text: &str) {
    let (nodes, edges) = nodes_and_edges(&parsed(what, text));
    for room in &board.rooms {
        assert!(
            nodes.contains(&room.id),
            "{what}: room {} missing\n{text}",
            room.id
        );
    }
    for hatch in &board.hatches {
        let [a, b] = hatch.rooms.map(|r| board.room(r).id.clone());
        assert!(
            edges.contains(&(a.clone(), b.clone())) || edges.contains(&(b.clone(), a.clone())),
            "{what}: hatch {a}-{b} missing\n{text}"
        );
    }
}

/// The board of a file, as `hatchway` loads it.
fn board_of(file: &str) -> hatchway::model::Board {
    hatchway::load::board_file(&root().join(file))
        .unwrap_or_else(|_| panic!("{file} loads"))
        .value
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The DOT `hatchway` prints for these arguments (which must succeed).
fn dot_of(args: &[&str]) -> String {
    let (out, err, code) = hatchway(args);
    assert_eq!(code, 0, "{args:?}:\n{err}");
    assert!(err.is_empty(), "{args:?}:\n{err}");
    out
}

/// Renders DOT with Graphviz's `dot`; panics with its complaint when it
/// refuses.
fn svg(what: &str, text: &str) -> String {
    let svg = graphviz(&["dot", "-Tsvg"], what, text);
    assert!(svg.contains("<svg"), "{what}: no SVG");
    svg
}

/// Runs a Graphviz command on DOT; its output. Panics with its complaint
/// when it refuses the graph or warns.
fn graphviz(command: &[&str], what: &str, text: &str) -> String {
    let mut child = Command::new(command[0])
        .args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run Graphviz `{}` ({e}): install it, e.g. `apt-get install graphviz`",
                command[0]
            )
        });
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(text.as_bytes())
        .expect("Graphviz reads the graph");
    let out = child.wait_with_output().expect("Graphviz finishes");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{what}: Graphviz refused the graph:\n{stderr}\n---\n{text}"
    );
    // Graphviz reports syntax slips (such as a stray attribute) as warnings.
    assert!(
        !stderr.contains("Warning") && !stderr.contains("Error"),
        "{what}: Graphviz complains:\n{stderr}\n---\n{text}"
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn shipped_boards() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("boards"))
        .expect("boards/ can be listed")
        .map(|e| e.expect("boards/ can be listed").path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("board" | "yaml" | "yml" | "json")
            )
        })
        .map(|p| {
            format!(
                "boards/{}",
                p.file_name().unwrap_or_default().to_string_lossy()
            )
        })
        .collect();
    files.sort();
    assert!(files.len() >= 8, "too few boards: {files:?}");
    files
}

#[test]
fn every_shipped_board_is_well_formed_dot() {
    for board in shipped_boards() {
        let text = dot_of(&["dot", &board]);
        check_graph(&board, &board_of(&board), &text);
    }
}

/// The boards and arguments of the paths drawn in the tests.
fn drawn_paths() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("boards/mini-flood.board", vec!["--outcome", "4"]),
        ("boards/burning-reactor.board", vec!["--outcome", "6"]),
        ("boards/red-november.board", vec!["--outcome", "10"]),
        ("boards/long-hull.board", vec!["--outcome", "10"]),
        (
            "boards/red-november-rulebook.board",
            vec!["--path", "open 1-3, move 3, open 3-sea"],
        ),
        (
            "boards/red-november-rulebook.board",
            vec![
                "--with",
                "aqualung",
                "--from",
                "3",
                "--path",
                "open 3-sea, move sea",
            ],
        ),
        ("boards/deep-water.board", vec!["--outcome", "2"]),
    ]
}

#[test]
fn paths_of_outcomes_and_plans_are_well_formed_dot() {
    for (board, args) in drawn_paths() {
        let mut all = vec!["dot", board];
        all.extend(args.iter().copied());
        let text = dot_of(&all);
        check_graph(&format!("{all:?}"), &board_of(board), &text);
        assert!(text.contains("(end)"), "{all:?}: no end marked\n{text}");
    }
}

#[test]
fn a_malformed_graph_fails_the_check() {
    let good = dot_of(&["dot", "boards/mini-flood.board"]);
    let board = board_of("boards/mini-flood.board");
    check_graph("as printed", &board, &good);
    // A missing closing brace, a quote left unescaped in a label, and an
    // edge without its second end are not DOT.
    let unclosed = good.trim_end().trim_end_matches('}').to_string();
    let unescaped = good.replacen("label=\"1", "label=\"\"1", 1);
    let dangling = good.replacen("\"1\" -- \"2\"", "\"1\" -- ", 1);
    for (what, text) in [
        ("unclosed", unclosed),
        ("unescaped", unescaped),
        ("dangling", dangling),
    ] {
        assert_ne!(text, good, "{what}: the text was not changed");
        let result = std::panic::catch_unwind(|| parsed(what, &text));
        assert!(result.is_err(), "{what} was read as DOT:\n{text}");
    }
    // Well-formed but missing a room: the structure check catches it.
    let roomless = good
        .lines()
        .filter(|l| !l.trim_start().starts_with("\"3\" [label"))
        .collect::<Vec<_>>()
        .join("\n");
    let result = std::panic::catch_unwind(|| check_graph("roomless", &board, &roomless));
    assert!(
        result.is_err(),
        "a graph without room 3 passed:\n{roomless}"
    );
}

#[test]
#[ignore = "needs Graphviz"]
fn graphviz_draws_every_shipped_board() {
    for board in shipped_boards() {
        let text = dot_of(&["dot", &board]);
        let svg = svg(&board, &text);
        // Every room is drawn.
        let loaded = hatchway::load::board_file(&root().join(&board))
            .unwrap_or_else(|_| panic!("{board} loads"));
        for room in &loaded.value.rooms {
            assert!(
                text.contains(&format!("\n  \"{}\" [label=\"", room.id)),
                "{board}: room {} missing",
                room.id
            );
        }
        assert!(svg.contains("class=\"node\""), "{board}");
    }
}

#[test]
#[ignore = "needs Graphviz"]
fn graphviz_draws_paths_of_outcomes_and_plans() {
    for (board, args) in drawn_paths() {
        let mut all = vec!["dot", board];
        all.extend(args.iter().copied());
        let text = dot_of(&all);
        svg(&format!("{all:?}"), &text);
    }
}

#[test]
fn an_outcome_is_drawn_with_its_steps_and_changes() {
    // mini-flood's outcome 5: open 1-2 (both rooms flood to low water),
    // move 1. Hatches the path does not touch keep their plain look.
    Run::new(&["dot", "boards/mini-flood.board", "--outcome", "5"])
        .snapshot("dot@mini-flood-outcome-5");
}

#[test]
fn another_start_room_is_highlighted() {
    Run::new(&["dot", "--from", "7"]).snapshot("dot@from-7");
}

#[test]
fn labels_are_escaped() {
    let text = dot_of(&[
        "dot",
        "tests/fixtures/odd-names.json",
        "--path",
        "open back-hall, move back",
    ]);
    check_graph(
        "odd-names.json",
        &board_of("tests/fixtures/odd-names.json"),
        &text,
    );
    // `&` written as an entity, so that Graphviz shows it as written, even
    // where the name itself looks like an entity; `\` doubled.
    assert!(text.contains("Tom &amp; Jerry's <den>"), "{text}");
    assert!(text.contains("&amp;amp; stays &amp;amp;"), "{text}");
    assert!(text.contains("back\\\\slash \\\\n not a break"), "{text}");
}

#[test]
#[ignore = "needs Graphviz"]
fn graphviz_shows_labels_as_written() {
    let text = dot_of(&[
        "dot",
        "tests/fixtures/odd-names.json",
        "--path",
        "open back-hall, move back",
    ]);
    let svg = svg("odd-names.json", &text);
    assert!(svg.contains("Tom &amp; Jerry&#39;s &lt;den&gt;"), "{svg}");
    assert!(svg.contains("&amp;amp; stays &amp;amp;"), "{svg}");
    assert!(svg.contains("back\\slash \\n not a break"), "{svg}");
}

#[test]
fn no_state_name_is_built_in() {
    // The look of a state comes from its id: a variant's own states (the
    // house rules call theirs dry, wet and burning) are drawn like the
    // standard ones in the same place.
    let text = dot_of(&["dot", "tests/fixtures/house/house.board"]);
    check_graph(
        "house.board",
        &board_of("tests/fixtures/house/house.board"),
        &text,
    );
    assert!(
        // The fill of a room in the second state of its rules.
        text.contains("fillcolor=\"#c6e2ff\""),
        "{text}"
    );
    assert!(text.contains(">wet</td>"), "{text}");
    let source = std::fs::read_to_string(root().join("src/render/dot.rs")).expect("readable");
    for word in ["clear", "flood", "fire", "closed", "blocked", "\"open\""] {
        assert!(!source.contains(word), "src/render/dot.rs names `{word}`");
    }
}

#[test]
fn the_standard_board_is_pinned() {
    let text = dot_of(&["dot", "boards/red-november.board"]);
    assert_eq!(
        text,
        dot_of(&["dot", "red-november"]),
        "the built-in board is the same"
    );
    assert_eq!(
        dot_of(&["dot", "boards/red-november-rulebook.board"]),
        dot_of(&["dot"]),
        "with no board, the published game's"
    );
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("dot@red-november", text);
        let outcome = dot_of(&["dot", "boards/burning-reactor.board", "--outcome", "6"]);
        insta::assert_snapshot!("dot@burning-reactor-outcome-6", outcome);
    });
}

#[test]
fn wrong_requests_are_errors() {
    let cases: [(&str, &[&str]); 9] = [
        (
            "outcome-10",
            &["dot", "boards/mini-flood.board", "--outcome", "10"],
        ),
        (
            "outcome-0",
            &["dot", "boards/mini-flood.board", "--outcome", "0"],
        ),
        // An illegal step: hatch 1-3 does not touch room 2.
        (
            "illegal-step",
            &[
                "dot",
                "boards/mini-flood.board",
                "--path",
                "open 2-4, open 1-3",
            ],
        ),
        ("unreadable-step", &["dot", "--path", "move 1, fly 2"]),
        ("unknown-room", &["dot", "--path", "move 11"]),
        ("unknown-from", &["dot", "--from", "11"]),
        ("unknown-item", &["dot", "red-november", "--with", "grog"]),
        (
            "outcome-and-path",
            &["dot", "--outcome", "1", "--path", "move 2"],
        ),
        ("no-such-file", &["dot", "no-such.board"]),
    ];
    for (name, args) in cases {
        Run::new(args).snapshot(&format!("dot@wrong-{name}"));
    }
}

/// The attributes of the node statements of a graph, by node id.
fn node_attributes(graph: &Graph) -> Vec<(String, Vec<(String, String)>)> {
    let stmts = match graph {
        Graph::Graph { stmts, .. } | Graph::DiGraph { stmts, .. } => stmts,
    };
    stmts
        .iter()
        .filter_map(|stmt| match stmt {
            Stmt::Node(n) => Some((
                id_text(&n.id.0),
                n.attributes
                    .iter()
                    .map(|a| (id_text(&a.0), id_text(&a.1)))
                    .collect(),
            )),
            _ => None,
        })
        .collect()
}

/// The boards whose rooms are all placed, for the tests of places.
const PLACED: [&str; 3] = [
    "boards/red-november.board",
    "boards/desperate-times.board",
    "tests/fixtures/wide-names.board",
];

/// Asserts that points stand in the order of the board's places: across by
/// column, and (Graphviz's y growing upwards) down by row.
fn in_board_order(what: &str, board: &hatchway::model::Board, points: &[(String, f64, f64)]) {
    let at = |id: &str| -> (f64, f64) {
        points
            .iter()
            .find(|p| p.0 == id)
            .map(|p| (p.1, p.2))
            .unwrap_or_else(|| panic!("{what}: room {id} has no place"))
    };
    for a in &board.rooms {
        for b in &board.rooms {
            let (Some((ca, ra)), Some((cb, rb))) = (a.position, b.position) else {
                panic!("{what} places every room");
            };
            let ((xa, ya), (xb, yb)) = (at(&a.id), at(&b.id));
            let across = if ca == cb {
                (xa - xb).abs() < 1.0
            } else {
                (ca < cb) == (xa < xb)
            };
            let down = if ra == rb {
                (ya - yb).abs() < 1.0
            } else {
                (ra < rb) == (ya > yb)
            };
            assert!(
                across && down,
                "{what}: rooms {} and {} are out of place",
                a.id,
                b.id
            );
        }
    }
}

#[test]
fn a_placed_board_pins_its_rooms_to_their_places() {
    for board_file in shipped_boards().iter().map(String::as_str).chain(PLACED) {
        let board = board_of(board_file);
        let placed = board.rooms.iter().all(|r| r.position.is_some());
        let text = dot_of(&["dot", board_file]);
        let nodes = node_attributes(&parsed(board_file, &text));
        let mut points = Vec::new();
        for (id, attributes) in &nodes {
            let pos = attributes
                .iter()
                .find(|a| a.0 == "pos")
                .map(|a| a.1.clone());
            assert_eq!(pos.is_some(), placed, "{board_file}: node {id}: {pos:?}");
            if let Some(pos) = pos {
                let (x, y) = pos
                    .strip_suffix('!')
                    .and_then(|p| p.split_once(','))
                    .unwrap_or_else(|| panic!("{board_file}: {id} pos=\"{pos}\""));
                let number = |n: &str| -> f64 {
                    n.parse()
                        .unwrap_or_else(|_| panic!("{board_file}: {id} pos=\"{pos}\""))
                };
                points.push((id.clone(), number(x), number(y)));
            }
        }
        assert_eq!(text.contains("layout=neato"), placed, "{board_file}");
        if placed {
            in_board_order(board_file, &board, &points);
        }
    }
}

#[test]
#[ignore = "needs Graphviz"]
fn graphviz_draws_rooms_where_the_board_places_them() {
    for board_file in PLACED {
        let board = board_of(board_file);
        let text = dot_of(&["dot", board_file, "--outcome", "2"]);
        for command in [["neato", "-n", "-Tplain"], ["dot", "-Tplain", ""]] {
            let command: Vec<&str> = command.into_iter().filter(|a| !a.is_empty()).collect();
            let what = format!("{board_file} with {command:?}");
            let plain = graphviz(&command, &what, &text);
            // `node NAME X Y ...`, a name quoted when it needs to be.
            let points: Vec<(String, f64, f64)> = plain
                .lines()
                .filter_map(|l| l.strip_prefix("node "))
                .filter_map(|l| {
                    let mut words = l.split_whitespace();
                    let name = words.next()?.trim_matches('"').to_string();
                    let x = words.next()?.parse().ok()?;
                    let y = words.next()?.parse().ok()?;
                    Some((name, x, y))
                })
                .collect();
            assert!(points.len() > board.rooms.len(), "{what}:\n{plain}");
            in_board_order(&what, &board, &points);
            // The legend stands below the rooms.
            let legend = points.iter().find(|p| p.0 == "@legend").expect("a legend");
            assert!(
                points
                    .iter()
                    .filter(|p| p.0 != "@legend")
                    .all(|p| p.2 > legend.2),
                "{what}: the legend is not below\n{plain}"
            );
        }
    }
}
