//! `hatchway lsp` driven as an editor drives it: the built binary started
//! with piped standard input and output, messages framed with
//! `Content-Length` headers. A reader thread takes the server's messages,
//! and every wait has a timeout, so a hung server fails a test instead of
//! hanging it.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any one answer may take.
const PATIENCE: Duration = Duration::from_secs(10);

/// A running server and what it has said that no test has read yet.
pub(super) struct Session {
    child: Child,
    input: Option<ChildStdin>,
    output: Receiver<Value>,
    unread: VecDeque<Value>,
    next_id: i64,
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads framed messages until the output ends.
fn read_messages(output: impl Read, to_test: std::sync::mpsc::Sender<Value>) {
    let mut output = BufReader::new(output);
    loop {
        let mut length = None;
        loop {
            let mut line = String::new();
            if output.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = n.parse::<usize>().ok();
            }
        }
        let mut body = vec![0; length.expect("every message has a Content-Length")];
        if output.read_exact(&mut body).is_err() {
            return;
        }
        let message = serde_json::from_slice(&body).expect("every message is JSON");
        if to_test.send(message).is_err() {
            return;
        }
    }
}

impl Session {
    /// Starts the server, not yet initialized.
    pub(super) fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hatchway"))
            .arg("lsp")
            // Built-in rules are written to the cache for go-to-definition:
            // not the user's.
            .env("XDG_CACHE_HOME", cache())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the hatchway binary runs");
        let (to_test, output) = channel();
        let stdout = child.stdout.take().expect("piped output");
        std::thread::spawn(move || read_messages(stdout, to_test));
        let input = child.stdin.take();
        Session {
            child,
            input,
            output,
            unread: VecDeque::new(),
            next_id: 1,
        }
    }

    /// Starts the server and initializes it as a client that takes the
    /// code lens's refresh.
    pub(super) fn started() -> Session {
        let mut session = Session::start();
        let init = session.request(
            "initialize",
            json!({"capabilities": {"workspace": {"codeLens": {"refreshSupport": true}}}}),
        );
        assert!(init.get("result").is_some(), "{init}");
        session.notify("initialized", json!({}));
        session
    }

    fn write(&mut self, body: &[u8]) {
        let input = self.input.as_mut().expect("standard input is open");
        write!(input, "Content-Length: {}\r\n\r\n", body.len()).expect("the server reads");
        input.write_all(body).expect("the server reads");
        input.flush().expect("the server reads");
    }

    pub(super) fn notify(&mut self, method: &str, params: Value) {
        let body = json!({"jsonrpc": "2.0", "method": method, "params": params});
        self.write(body.to_string().as_bytes());
    }

    /// Sends a request and waits for its response (the whole response:
    /// `result` or `error`).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.write(body.to_string().as_bytes());
        self.wait_for(&format!("the answer to `{method}`"), |m| {
            m.get("id") == Some(&json!(id)) && m.get("method").is_none()
        })
    }

    /// The result of a request that must succeed.
    pub(super) fn result(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params);
        response
            .get("result")
            .cloned()
            .unwrap_or_else(|| panic!("`{method}` failed: {response}"))
    }

    /// The next message `wanted` takes, earlier ones kept for later waits.
    fn wait_for(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.unread.iter().position(&wanted) {
            return self.unread.remove(i).expect("found above");
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(m) if wanted(&m) => return m,
                Ok(m) => self.unread.push_back(m),
                Err(RecvTimeoutError::Timeout) => panic!("no {what} within {PATIENCE:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the server ended before {what}"),
            }
        }
    }

    /// The most memory the server's process has held so far (its peak
    /// resident set, `VmHWM`), in KiB; `None` where `/proc` does not tell.
    fn peak_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.trim_start_matches("VmHWM:")
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let m = self.wait_for(&format!("diagnostics of {uri}"), |m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        m["params"]["diagnostics"]
            .as_array()
            .cloned()
            .expect("a list of diagnostics")
    }

    pub(super) fn open(&mut self, uri: &str, language: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
        );
        self.diagnostics(uri)
    }

    /// `shutdown` then `exit`; the exit code and standard error.
    pub(super) fn finish(mut self) -> (i32, String) {
        let done = self.result("shutdown", Value::Null);
        assert_eq!(done, Value::Null);
        self.notify("exit", Value::Null);
        self.end()
    }

    /// Waits for the process to end; its exit code and standard error.
    fn end(mut self) -> (i32, String) {
        self.input = None;
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("the server can be waited for") {
                let mut stderr = String::new();
                if let Some(mut e) = self.child.stderr.take() {
                    let _ = e.read_to_string(&mut stderr);
                }
                return (status.code().unwrap_or(-1), stderr);
            }
            assert!(Instant::now() < deadline, "the server did not end");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// The cache folder of the tests' servers.
fn cache() -> PathBuf {
    std::env::temp_dir().join(format!("hatchway-lsp-{}-cache", std::process::id()))
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hatchway-lsp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

pub(super) fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

fn position(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": position(line, character)})
}

pub(super) fn doc(uri: &str) -> Value {
    json!({"textDocument": {"uri": uri}})
}

const MISSPELT: &str =
    "board flooded\n\nroom 1: clear\nroom 2\nroom 3: hi_flood\n\nhatch 1-2\nhatch 2-3\n\nstart 1\n";

#[test]
fn initialize_announces_every_feature_and_shutdown_exits_0() {
    let mut session = Session::start();
    let init = session.result("initialize", json!({"capabilities": {}}));
    let caps = &init["capabilities"];
    assert_eq!(caps["textDocumentSync"]["change"], 1, "{caps}");
    for feature in [
        "hoverProvider",
        "definitionProvider",
        "completionProvider",
        "documentFormattingProvider",
        "documentSymbolProvider",
        "foldingRangeProvider",
        "codeActionProvider",
        "codeLensProvider",
        "referencesProvider",
        "documentHighlightProvider",
        "renameProvider",
        "semanticTokensProvider",
    ] {
        assert!(
            !caps[feature].is_null() && caps[feature] != false,
            "{feature}: {caps}"
        );
    }
    assert_eq!(init["serverInfo"]["name"], "hatchway");
    assert_eq!(session.finish().0, 0);
}

#[test]
fn a_misspelt_state_is_shown_fixed_and_cleared() {
    let dir = folder("misspelt");
    let path = dir.join("flooded.board");
    std::fs::write(&path, MISSPELT).expect("write the board");
    let uri = uri(&path);
    let mut session = Session::started();
    let diagnostics = session.open(&uri, "hatchway-board", MISSPELT);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "hatchway::unknown_name");
    assert_eq!(d["source"], "hatchway");
    assert_eq!(d["severity"], 1);
    assert_eq!(d["range"]["start"], position(4, 8));
    assert_eq!(d["range"]["end"], position(4, 16));

    let actions = session.result(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}}),
    );
    let action = &actions[0];
    assert_eq!(action["kind"], "quickfix", "{actions}");
    let edit = &action["edit"]["changes"][&uri][0];
    assert_eq!(edit["newText"], "high_flood", "{actions}");
    assert_eq!(edit["range"], d["range"]);

    let fixed = MISSPELT.replace("hi_flood", "high_flood");
    session.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    assert_eq!(session.diagnostics(&uri), Vec::<Value>::new());
    // A misspelt name of built-in rules is fixed the same way.
    let rules = fixed.replace("board flooded\n", "board flooded\nrules red-novembr\n");
    session.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": rules}]}),
    );
    let diagnostics = session.diagnostics(&uri);
    assert_eq!(
        diagnostics[0]["code"], "hatchway::unknown_rules",
        "{diagnostics:?}"
    );
    let actions = session.result(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": diagnostics[0]["range"], "context": {"diagnostics": []}}),
    );
    assert_eq!(
        actions[0]["edit"]["changes"][&uri][0]["newText"], "red-november",
        "{actions}"
    );
    session.notify("textDocument/didClose", doc(&uri));
    assert_eq!(session.diagnostics(&uri), Vec::<Value>::new());
    assert_eq!(session.finish().0, 0);
}

#[test]
fn the_same_problems_as_check_in_yaml_and_with_multibyte_text() {
    let mut session = Session::started();
    let yaml = "name: wet\nrules: red-november\nrooms:\n  - {id: 1, state: clear}\n  - {id: 2, state: hi_flood}\nhatches:\n  - {between: [1, 2]}\nstart: 1\n";
    let uri = "untitled:wet.yaml";
    let diagnostics = session.open(uri, "yaml", yaml);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "hatchway::unknown_name");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 4);
    let actions = session.result(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": diagnostics[0]["range"], "context": {"diagnostics": []}}),
    );
    assert_eq!(
        actions[0]["edit"]["changes"][uri][0]["newText"], "high_flood",
        "{actions}"
    );

    // A display name of wide characters before the state: columns count
    // UTF-16 units (the ship is two), not bytes.
    let text = "board wide\nroom 1 \"Küche 🚢\": hi_flood\nstart 1\n";
    let diagnostics = session.open("untitled:wide.board", "hatchway-board", text);
    assert_eq!(
        diagnostics[0]["range"]["start"],
        position(1, 19),
        "{diagnostics:?}"
    );
    assert_eq!(diagnostics[0]["range"]["end"], position(1, 27));
    assert_eq!(session.finish().0, 0);
}

#[test]
fn a_conflict_offers_the_rule_it_asks_for() {
    let mut session = Session::started();
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/invalid/overlapping-rules.rules"),
    )
    .expect("the fixture");
    let uri = "untitled:overlap.rules";
    let diagnostics = session.open(uri, "hatchway-rules", &text);
    let conflict = diagnostics
        .iter()
        .find(|d| d["code"] == "hatchway::conflicting_rules")
        .expect("the conflict");
    assert_eq!(
        conflict["relatedInformation"][0]["message"], "this rule applies",
        "{conflict}"
    );
    let actions = session.result(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": conflict["range"], "context": {"diagnostics": []}}),
    );
    let edit = &actions[0]["edit"]["changes"][uri][0];
    assert_eq!(
        edit["newText"], "\nenter fire from clear with grog: cost 1",
        "{actions}"
    );
    assert_eq!(
        edit["range"],
        json!({"start": position(9, 28), "end": position(9, 28)})
    );
    assert_eq!(session.finish().0, 0);
}

const BOARD: &str = "# The galley floods.\n# Two comment lines fold.\nboard galley\nrules red-november\n\nroom 1 \"Galley\": clear\nroom 2: high_flood\nroom 3: fire\n\nhatch 1-2\nhatch 2-3: open\n\nstart 2\n";

#[test]
fn hover_definition_and_completion() {
    let dir = folder("hover");
    let path = dir.join("galley.board");
    std::fs::write(&path, BOARD).expect("write the board");
    let uri = uri(&path);
    let mut session = Session::started();
    assert_eq!(
        session.open(&uri, "hatchway-board", BOARD),
        Vec::<Value>::new()
    );

    // The room id `2` of `hatch 1-2`.
    let hover = session.result("textDocument/hover", at(&uri, 9, 8));
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        text.contains("Room `2`") && text.contains("high_flood"),
        "{text}"
    );
    assert!(text.contains("neighbours: `1`, `3`"), "{text}");
    let hover = session.result("textDocument/hover", at(&uri, 3, 8));
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(text.contains("Built-in rules `red-november`"), "{text}");
    let hover = session.result("textDocument/hover", at(&uri, 7, 9));
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        text.contains("**`fire`** is mentioned by") && text.contains("enter fire"),
        "{text}"
    );
    assert_eq!(
        session.result("textDocument/hover", at(&uri, 0, 3)),
        Value::Null
    );

    let definition = session.result("textDocument/definition", at(&uri, 12, 6));
    assert_eq!(definition["uri"], uri);
    assert_eq!(definition["range"]["start"], position(6, 0));
    let definition = session.result("textDocument/definition", at(&uri, 3, 10));
    let target = definition["uri"].as_str().expect("a file");
    let expected = cache().join("hatchway/rules/red-november.rules");
    assert_eq!(target, self::uri(&expected));
    let copied = std::fs::read_to_string(target.trim_start_matches("file://")).expect("written");
    assert!(copied.contains("\nrules red-november\n"), "{copied}");

    let labels = |items: &Value| -> Vec<String> {
        items
            .as_array()
            .expect("a list")
            .iter()
            .map(|i| i["label"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let changed = BOARD.replace("start 2\n", "start 2\nhatch \nroom 4: \n\n");
    session.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": changed}]}),
    );
    session.diagnostics(&uri);
    let rooms = labels(&session.result("textDocument/completion", at(&uri, 13, 6)));
    assert_eq!(rooms, ["1", "2", "3", "4"]);
    let states = labels(&session.result("textDocument/completion", at(&uri, 14, 8)));
    assert!(states.contains(&"high_flood".to_string()), "{states:?}");
    let keywords = labels(&session.result("textDocument/completion", at(&uri, 15, 0)));
    for k in ["room", "hatch", "start", "rules"] {
        assert!(keywords.contains(&k.to_string()), "{keywords:?}");
    }
    assert!(!keywords.contains(&"enter".to_string()), "{keywords:?}");
    assert_eq!(session.finish().0, 0);
}

#[test]
fn formatting_symbols_folding_and_the_code_lens() {
    let mut session = Session::started();
    let uri = "untitled:galley.board";
    // The rulebook's rules declare fix-it actions, which the lens prices.
    let messy = BOARD
        .replace("room 2: high_flood", "room   2 :high_flood")
        .replace("red-november", "red-november-rulebook");
    assert_eq!(
        session.open(uri, "hatchway-board", &messy),
        Vec::<Value>::new()
    );
    let edits = session.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(edits.as_array().map(Vec::len), Some(1), "{edits}");
    assert!(
        edits[0]["newText"]
            .as_str()
            .unwrap_or("")
            .contains("room 2: high_flood")
    );

    let symbols = session.result("textDocument/documentSymbol", doc(uri));
    let names: Vec<&str> = symbols
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "rules red-november-rulebook",
            "room 1 “Galley”",
            "room 2",
            "room 3",
            "hatch 1-2",
            "hatch 2-3",
            "start 2"
        ]
    );
    let folds = session.result("textDocument/foldingRange", doc(uri));
    assert_eq!(
        folds,
        json!([{"startLine": 0, "endLine": 1, "kind": "comment"}])
    );

    // The lens comes from a worker; the server asks the editor to fetch it.
    let refresh = session.wait_for("the lens's refresh", |m| {
        m["method"] == "workspace/codeLens/refresh"
    });
    let refresh_id = refresh["id"].clone();
    session.write(
        json!({"jsonrpc": "2.0", "id": refresh_id, "result": null})
            .to_string()
            .as_bytes(),
    );
    let lenses = session.result("textDocument/codeLens", doc(uri));
    let titles: Vec<&str> = lenses
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|l| l["command"]["title"].as_str())
        .collect();
    assert!(titles[0].ends_with(" outcomes"), "{titles:?}");
    assert!(
        titles[1..]
            .iter()
            .all(|t| t.starts_with("cheapest to room ")),
        "{titles:?}"
    );
    assert!(titles.len() > 1, "{titles:?}");
    assert_eq!(session.finish().0, 0);
}

/// The sub with the sea under the rulebook takes more states than the
/// lens's budget when paths are searched too; the lens asks for costs
/// alone, which fit.
#[test]
fn the_lens_prices_the_sub_with_the_sea_within_its_budget() {
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("boards/red-november-rulebook.board"),
    )
    .expect("the shipped board");
    let mut session = Session::started();
    let uri = "untitled:sea.board";
    assert_eq!(
        session.open(uri, "hatchway-board", &text),
        Vec::<Value>::new()
    );
    session.wait_for("the lens's refresh", |m| {
        m["method"] == "workspace/codeLens/refresh"
    });
    let lenses = session.result("textDocument/codeLens", doc(uri));
    assert_eq!(lenses[0]["command"]["title"], "500 outcomes", "{lenses}");
    assert_eq!(session.finish().0, 0);
}

/// The shipped `red-november` rules, named `name`: a house rules file.
/// A new folder `name` holding `mine.rules`, the shipped rules renamed
/// `mine`: the folder, the rules file's path and its text.
fn folder_with_mine_rules(name: &str) -> (PathBuf, PathBuf, String) {
    let dir = folder(name);
    let rules = shipped_rules_named("mine");
    let rules_path = dir.join("mine.rules");
    std::fs::write(&rules_path, &rules).expect("write the rules");
    (dir, rules_path, rules)
}

fn shipped_rules_named(name: &str) -> String {
    std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("boards/red-november.rules"),
    )
    .expect("the shipped rules")
    .replace("rules red-november", &format!("rules {name}"))
}

#[test]
fn a_board_checked_against_the_rules_file_beside_it() {
    let dir = folder("beside");
    let rules = shipped_rules_named("beside");
    std::fs::write(dir.join("beside.rules"), &rules).expect("write the rules");
    let board = "board b\nrules \"beside.rules\"\nroom 1: clear\nroom 2: fir\nhatch 1-2\nstart 1\n";
    let path = dir.join("b.board");
    std::fs::write(&path, board).expect("write the board");
    let uri = uri(&path);
    let mut session = Session::started();
    let diagnostics = session.open(&uri, "hatchway-board", board);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "hatchway::unknown_name");
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap_or("")
            .contains("`beside`")
    );
    let definition = session.result("textDocument/definition", at(&uri, 1, 8));
    assert_eq!(definition["uri"], self::uri(&dir.join("beside.rules")));

    // Broken rules: the board says they cannot be used, and points at them.
    std::fs::write(
        dir.join("beside.rules"),
        rules.replace("enter fire", "enter fier"),
    )
    .expect("write");
    session.notify("textDocument/didSave", doc(&uri));
    let diagnostics = session.diagnostics(&uri);
    let unusable = diagnostics
        .iter()
        .find(|d| d["code"] == "hatchway::rules_unusable")
        .unwrap_or_else(|| panic!("{diagnostics:?}"));
    let related = unusable["relatedInformation"]
        .as_array()
        .expect("related places");
    assert!(
        related
            .iter()
            .all(|r| r["location"]["uri"] == self::uri(&dir.join("beside.rules"))),
        "{related:?}"
    );
    assert!(
        related.iter().any(|r| r["message"]
            .as_str()
            .unwrap_or("")
            .contains("unknown room state `fier`")),
        "{related:?}"
    );
    assert_eq!(session.finish().0, 0);
}

#[test]
fn a_document_that_does_not_parse_still_gets_answers() {
    let mut session = Session::started();
    let uri = "untitled:broken.board";
    let diagnostics = session.open(
        uri,
        "hatchway-board",
        "board x\nroom 1 2 3 :::\nhatch\nstart",
    );
    assert!(
        diagnostics.iter().any(|d| d["code"] == "hatchway::syntax"),
        "{diagnostics:?}"
    );
    // The statements that parse are read: `room 1` is, the rest of its
    // line is not.
    let hover = session.result("textDocument/hover", at(uri, 1, 5));
    assert_eq!(
        hover["range"],
        json!({"start": position(1, 5), "end": position(1, 6)})
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .starts_with("**Room `1`**"),
        "{hover}"
    );
    assert_eq!(
        session.result("textDocument/definition", at(uri, 1, 12)),
        Value::Null
    );
    assert!(
        session
            .result("textDocument/completion", at(uri, 2, 6))
            .is_array()
    );
    assert_eq!(
        session.result(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}})
        ),
        json!([])
    );
    let symbols = session.result("textDocument/documentSymbol", doc(uri));
    assert_eq!(symbols.as_array().map(Vec::len), Some(1), "{symbols}");
    assert_eq!(symbols[0]["name"], "room 1");
    assert_eq!(
        session.result("textDocument/foldingRange", doc(uri)),
        json!([])
    );
    assert_eq!(session.result("textDocument/codeLens", doc(uri)), json!([]));
    let range = json!({"start": position(0, 0), "end": position(9, 0)});
    assert_eq!(
        session.result(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": range, "context": {"diagnostics": []}})
        ),
        json!([])
    );
    // A position far past the end, and a document never opened.
    assert_eq!(
        session.result("textDocument/hover", at(uri, 99, 99)),
        Value::Null
    );
    assert_eq!(
        session.result("textDocument/hover", at("untitled:never", 0, 0)),
        Value::Null
    );
    assert_eq!(session.finish().0, 0);
}

#[test]
fn out_of_order_and_malformed_messages_are_answered() {
    let mut session = Session::start();
    let early = session.request("textDocument/hover", at("untitled:a.board", 0, 0));
    assert_eq!(early["error"]["code"], -32002, "{early}");
    session.result("initialize", json!({"capabilities": {}}));
    let again = session.request("initialize", json!({"capabilities": {}}));
    assert_eq!(again["error"]["code"], -32600, "{again}");
    let unknown = session.request("textDocument/unheardOf", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let invalid = session.request("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(invalid["error"]["code"], -32602, "{invalid}");

    session.write(b"{\"jsonrpc\": \"2.0\", \"id\": 99, \"method\": ");
    let parse = session.wait_for("the parse error", |m| m["error"]["code"] == -32700);
    assert_eq!(parse["id"], Value::Null);
    session.write(br#"{"jsonrpc": "2.0", "id": 98, "params": 3}"#);
    let shape = session.wait_for("the invalid request", |m| m["error"]["code"] == -32600);
    assert_eq!(shape["id"], 98);
    // The server reads on.
    assert_eq!(
        session.result("textDocument/hover", at("untitled:a.board", 0, 0)),
        Value::Null
    );

    session.result("shutdown", Value::Null);
    let late = session.request("textDocument/hover", at("untitled:a.board", 0, 0));
    assert_eq!(late["error"]["code"], -32600, "{late}");
    session.notify("exit", Value::Null);
    let (code, stderr) = session.end();
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("the message is not JSON"), "{stderr}");
}

#[test]
fn exit_without_shutdown_is_code_1() {
    let mut session = Session::started();
    session.notify("exit", Value::Null);
    let (code, stderr) = session.end();
    assert_eq!(code, 1);
    assert!(stderr.contains("without `shutdown`"), "{stderr}");

    let session = Session::started();
    let (code, stderr) = session.end();
    assert_eq!(code, 1);
    assert!(
        stderr.contains("closed the connection without `shutdown`"),
        "{stderr}"
    );
}

#[test]
fn a_broken_frame_ends_the_session_with_its_reason() {
    let mut session = Session::started();
    let input = session.input.as_mut().expect("open");
    input
        .write_all(b"Content-Type: text\r\n\r\n{}")
        .expect("the server reads");
    let (code, stderr) = session.end();
    assert_eq!(code, 1);
    assert!(stderr.contains("no Content-Length"), "{stderr}");
}

#[test]
fn a_megabyte_document_is_answered_promptly() {
    let mut text = String::from("board big\n");
    let mut i = 0;
    while text.len() < 1_000_000 {
        i += 1;
        text.push_str(&format!(
            "# a comment that makes the document long, line {i}\nroom r{i}: fire\n"
        ));
    }
    let mut session = Session::started();
    let started = Instant::now();
    let uri = "untitled:big.board";
    let diagnostics = session.open(uri, "hatchway-board", &text);
    assert!(!diagnostics.is_empty());
    let hover = session.result("textDocument/hover", at(uri, 2, 6));
    assert!(hover.is_object(), "{hover}");
    session.result("textDocument/documentSymbol", doc(uri));
    session.result("textDocument/foldingRange", doc(uri));
    session.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let took = started.elapsed();
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(session.finish().0, 0);
}

/// A board whose turn is larger than the lens's budget: a grid of 36 rooms
/// with water in many of them.
fn large_board() -> String {
    let states = ["clear", "low_flood", "high_flood", "clear", "low_flood"];
    let mut text = String::from("board large\nrules red-november-rulebook\n");
    for i in 1..=36 {
        text.push_str(&format!("room {i}: {}\n", states[i % 5]));
    }
    for i in 1..=36 {
        if (i - 1) % 6 < 5 {
            text.push_str(&format!("hatch {i}-{}\n", i + 1));
        }
        if i <= 30 {
            text.push_str(&format!("hatch {i}-{}\n", i + 6));
        }
    }
    text.push_str("start 1\n");
    text
}

#[test]
fn a_lens_for_an_older_text_is_dropped_and_a_stopped_search_says_so() {
    let mut session = Session::started();
    let uri = "untitled:large.board";
    let text = large_board();
    assert_eq!(
        session.open(uri, "hatchway-board", &text),
        Vec::<Value>::new()
    );
    // Changed before its search can end: that search's answer is dropped,
    // and the server asks for no refresh.
    session.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]}),
    );
    session.diagnostics(uri);
    std::thread::sleep(Duration::from_millis(1500));
    let early = session
        .output
        .try_iter()
        .chain(session.unread.drain(..))
        .find(|m| m["method"] == "workspace/codeLens/refresh");
    assert_eq!(early, None);
    assert_eq!(session.result("textDocument/codeLens", doc(uri)), json!([]));
    // Saved, it is searched again, and the budget stops the search.
    session.notify("textDocument/didSave", doc(uri));
    session.diagnostics(uri);
    session.wait_for("the lens's refresh", |m| {
        m["method"] == "workspace/codeLens/refresh"
    });
    let lenses = session.result("textDocument/codeLens", doc(uri));
    assert_eq!(
        lenses[0]["command"]["title"], "search stopped at 200000 states",
        "{lenses}"
    );
    assert_eq!(session.finish().0, 0);
}

/// A chain of 400 rooms with high water in every other one: tens of
/// thousands of outcomes. `edit` goes into a comment, so that each text
/// differs.
fn chain_board(edit: i32) -> String {
    let mut text = String::from("board chain-400\nrules red-november-rulebook\n");
    for i in 1..=400 {
        let state = if i % 2 == 0 { ": high_flood" } else { "" };
        text.push_str(&format!("room {i}{state}\n"));
    }
    for i in 1..400 {
        text.push_str(&format!("hatch {i}-{}\n", i + 1));
    }
    text.push_str(&format!("start 1\n# edit {edit}\n"));
    text
}

/// The last text's lens, once the worker has found it: a refresh may be
/// for a text since replaced, whose lens is then not shown, and the last
/// text's lens comes with a later one.
fn last_lens(session: &mut Session, uri: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        session.wait_for("the lens's refresh", |m| {
            m["method"] == "workspace/codeLens/refresh"
        });
        let lenses = session.result("textDocument/codeLens", doc(uri));
        if lenses.as_array().is_some_and(|l| !l.is_empty()) {
            return lenses;
        }
        assert!(Instant::now() < deadline, "no lens for the last text");
    }
}

/// Lens searches of successive saves do not pile up: one runs at a time,
/// and only the newest text of a document is searched, so 20 saves of a
/// large board take the server hardly more memory than one search of it.
#[test]
fn saving_a_large_board_again_and_again_keeps_the_server_small() {
    let uri = "untitled:chain-400.board";
    let mut once = Session::started();
    assert_eq!(
        once.open(uri, "hatchway-board", &chain_board(1)),
        Vec::<Value>::new()
    );
    last_lens(&mut once, uri);
    let one_search = once.peak_kib();
    assert_eq!(once.finish().0, 0);

    let mut session = Session::started();
    assert_eq!(
        session.open(uri, "hatchway-board", &chain_board(1)),
        Vec::<Value>::new()
    );
    for version in 2..=21 {
        session.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": chain_board(version)}]}),
        );
        session.notify("textDocument/didSave", doc(uri));
    }
    let lenses = last_lens(&mut session, uri);
    let title = lenses[0]["command"]["title"].as_str().unwrap_or("");
    assert!(
        title.ends_with(" outcomes")
            || title.starts_with("search stopped at ")
            || title.contains("too many for the lens"),
        "{lenses}"
    );
    assert!(
        lenses.as_array().map_or(0, Vec::len) <= 14,
        "a dozen rooms named, the rest counted: {lenses}"
    );
    // The server still answers.
    let symbols = session.result("textDocument/documentSymbol", doc(uri));
    assert!(
        symbols.as_array().is_some_and(|s| s.len() > 400),
        "{symbols}"
    );
    if let (Some(one), Some(peak)) = (one_search, session.peak_kib()) {
        println!(
            "the server's peak: {one} KiB for one search of a 400-room chain, {peak} KiB after 20 saves of it ({title})"
        );
        // Two searches at once would take about twice one, whatever the
        // board; the lens's budget (64 MiB, its answer counted) keeps the
        // server far under 256 MiB.
        assert!(peak < one + (64 << 10), "{peak} KiB, one search {one} KiB");
        assert!(peak < 256 << 10, "{peak} KiB after 20 saves");
    }
    assert_eq!(session.finish().0, 0);
}

/// `text` with the protocol's edits made (positions in UTF-16 units).
fn applied(text: &str, edits: &[Value]) -> String {
    let offset = |p: &Value| -> usize {
        let line = p["line"].as_u64().expect("a line") as usize;
        let character = p["character"].as_u64().expect("a column") as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        let rest = &text[start.min(text.len())..];
        let mut units = 0;
        for (i, c) in rest.char_indices() {
            if units >= character || c == '\n' {
                return start + i;
            }
            units += c.len_utf16();
        }
        text.len()
    };
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            let new = e["newText"]
                .as_str()
                .or_else(|| e["snippet"]["value"].as_str())
                .expect("new text");
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                new.to_string(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_string();
    for (start, end, new) in spans {
        out.replace_range(start..end, &new);
    }
    out
}

/// The edits a code action makes to `uri`, plain or as snippets.
fn action_edits(action: &Value, uri: &str) -> Vec<Value> {
    if let Some(edits) = action["edit"]["changes"][uri].as_array() {
        return edits.clone();
    }
    action["edit"]["documentChanges"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["textDocument"]["uri"] == uri)
        .flat_map(|c| c["edits"].as_array().cloned().unwrap_or_default())
        .collect()
}

/// The code actions offered on one diagnostic.
fn actions_on(session: &mut Session, uri: &str, diagnostic: &Value) -> Vec<Value> {
    session
        .result(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": diagnostic["range"], "context": {"diagnostics": [diagnostic]}}),
        )
        .as_array()
        .cloned()
        .expect("a list of actions")
}

/// Replaces a document's text and returns its new diagnostics.
fn change(session: &mut Session, uri: &str, version: i64, text: &str) -> Vec<Value> {
    session.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
    );
    session.diagnostics(uri)
}

fn errors(diagnostics: &[Value]) -> Vec<&Value> {
    diagnostics.iter().filter(|d| d["severity"] == 1).collect()
}

fn rulebook() -> String {
    std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("boards/red-november-rulebook.rules"),
    )
    .expect("the shipped rulebook")
}

/// The line (0-based) of the first line of `text` that is `line`.
fn line_of(text: &str, line: &str) -> u32 {
    text.lines().position(|l| l == line).expect("the line") as u32
}

#[test]
fn a_missing_rule_is_added_among_its_rules_with_a_real_value() {
    let rulebook = rulebook();
    let mut session = Session::started();
    let cases = [
        (
            "enter fire: forbidden\n",
            "enter fire with grog with fire_extinguisher: cost 0",
            "\nenter fire without grog without fire_extinguisher: cost 1",
        ),
        // No rule at all for the state: after the last `enter` rule.
        (
            "enter low_flood: cost 1\n",
            "enter sea with aqualung: cost 1",
            "\nenter low_flood: cost 1",
        ),
    ];
    for (n, (cut, after, added)) in cases.into_iter().enumerate() {
        let uri = format!("untitled:cut{n}.rules");
        let text = rulebook.replace(cut, "");
        let diagnostics = session.open(&uri, "hatchway-rules", &text);
        let missing = errors(&diagnostics);
        assert_eq!(missing.len(), 1, "{diagnostics:?}");
        assert_eq!(missing[0]["code"], "hatchway::missing_rule");
        let actions = actions_on(&mut session, &uri, missing[0]);
        assert_eq!(actions.len(), 1, "{actions:?}");
        assert_eq!(actions[0]["title"], format!("Add `{}`", &added[1..]));
        let edits = action_edits(&actions[0], &uri);
        let line = line_of(&text, after);
        let end = position(line, after.len() as u32);
        assert_eq!(
            edits,
            [json!({"range": {"start": end, "end": end}, "newText": added})]
        );
        let fixed = applied(&text, &edits);
        assert_eq!(
            errors(&change(&mut session, &uri, 2, &fixed)),
            Vec::<&Value>::new()
        );
    }
    assert_eq!(session.finish().0, 0);

    // An editor that takes snippets in edits gets the cost as a
    // placeholder to tab to.
    let mut session = Session::start();
    session.result(
        "initialize",
        json!({"capabilities": {"workspace": {"workspaceEdit": {"snippetEditSupport": true}}}}),
    );
    let uri = "untitled:snippet.rules";
    let text = rulebook.replace("enter fire: forbidden\n", "");
    let diagnostics = session.open(uri, "hatchway-rules", &text);
    let actions = actions_on(&mut session, uri, errors(&diagnostics)[0]);
    let line = line_of(&text, "enter fire with grog with fire_extinguisher: cost 0");
    let end = position(line, 51);
    assert_eq!(
        actions[0]["edit"],
        json!({"documentChanges": [{
            "textDocument": {"uri": uri, "version": null},
            "edits": [{
                "range": {"start": end, "end": end},
                "snippet": {"kind": "snippet", "value": "\nenter fire without grog without fire_extinguisher: cost ${1:1}"},
            }],
        }]})
    );
    assert_eq!(session.finish().0, 0);
}

#[test]
fn a_missing_start_is_added_and_an_unknown_room_created() {
    let mut session = Session::started();
    let uri = "untitled:fixes.board";
    let text = "board b\nroom 1\nroom 2\nhatch 1-2\nhatch 2-3\n";
    let diagnostics = session.open(uri, "hatchway-board", text);
    let start = diagnostics
        .iter()
        .find(|d| d["code"] == "hatchway::missing_start")
        .unwrap_or_else(|| panic!("{diagnostics:?}"));
    let actions = actions_on(&mut session, uri, start);
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(actions[0]["title"], "Add `start 1`");
    assert_eq!(
        action_edits(&actions[0], uri),
        [
            json!({"range": {"start": position(5, 0), "end": position(5, 0)}, "newText": "start 1\n"})
        ]
    );
    let unknown = diagnostics
        .iter()
        .find(|d| d["code"] == "hatchway::unknown_room")
        .unwrap_or_else(|| panic!("{diagnostics:?}"));
    assert_eq!(
        unknown["range"],
        json!({"start": position(4, 8), "end": position(4, 9)})
    );
    let actions = actions_on(&mut session, uri, unknown);
    let create = actions
        .iter()
        .find(|a| a["title"] == "Add `room 3`")
        .unwrap_or_else(|| panic!("{actions:?}"));
    assert_eq!(
        action_edits(create, uri),
        [json!({"range": {"start": position(2, 6), "end": position(2, 6)}, "newText": "\nroom 3"})]
    );
    let both = applied(
        &applied(text, &action_edits(create, uri)),
        &[
            json!({"range": {"start": position(6, 0), "end": position(6, 0)}, "newText": "start 1\n"}),
        ],
    );
    assert_eq!(
        both,
        "board b\nroom 1\nroom 2\nroom 3\nhatch 1-2\nhatch 2-3\nstart 1\n"
    );
    assert_eq!(
        errors(&change(&mut session, uri, 2, &both)),
        Vec::<&Value>::new()
    );

    // YAML and JSON say the start their own way.
    let yaml = "name: t\nrooms:\n  - {id: 1}\n";
    let diagnostics = session.open("untitled:s.yaml", "yaml", yaml);
    let actions = actions_on(&mut session, "untitled:s.yaml", &diagnostics[0]);
    assert_eq!(
        action_edits(&actions[0], "untitled:s.yaml"),
        [
            json!({"range": {"start": position(3, 0), "end": position(3, 0)}, "newText": "start: 1\n"})
        ]
    );
    let json_board = "{\"name\": \"t\", \"rooms\": [{\"id\": 1}]}\n";
    let diagnostics = session.open("untitled:s.json", "json", json_board);
    let actions = actions_on(&mut session, "untitled:s.json", &diagnostics[0]);
    let edits = action_edits(&actions[0], "untitled:s.json");
    assert_eq!(
        edits,
        [
            json!({"range": {"start": position(0, 34), "end": position(0, 34)}, "newText": ",\n  \"start\": 1"})
        ]
    );
    assert_eq!(
        errors(&change(
            &mut session,
            "untitled:s.json",
            2,
            &applied(json_board, &edits)
        )),
        Vec::<&Value>::new()
    );
    assert_eq!(session.finish().0, 0);
}

#[test]
fn yaml_and_json_fixes_land_on_the_diagnostic() {
    let mut session = Session::started();
    let cases = [
        (
            "untitled:fier.yaml",
            "yaml",
            "name: t\nrooms:\n  - {id: 1, state: fier}\nstart: 1\n",
        ),
        (
            "untitled:fier.json",
            "json",
            "{\"name\": \"t\",\n \"rooms\": [{\"id\": 1, \"state\": \"fier\"}],\n \"start\": 1}\n",
        ),
    ];
    for (uri, language, text) in cases {
        let diagnostics = session.open(uri, language, text);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        let range = diagnostics[0]["range"].clone();
        let actions = actions_on(&mut session, uri, &diagnostics[0]);
        let edits = action_edits(&actions[0], uri);
        let written = if language == "json" {
            "\"fire\""
        } else {
            "fire"
        };
        assert_eq!(edits, [json!({"range": range, "newText": written})]);
        let fixed = applied(text, &edits);
        assert_eq!(fixed, text.replace("fier", "fire"));
        assert_eq!(change(&mut session, uri, 2, &fixed), Vec::<Value>::new());
    }
    assert_eq!(
        session.open("untitled:x.yaml", "yaml", cases[0].2)[0]["range"],
        json!({"start": position(2, 19), "end": position(2, 23)})
    );
    assert_eq!(session.finish().0, 0);
}

/// Every fix offered on every problem of the shipped corpus of bad files,
/// applied: the text it leaves has no error the text before did not.
#[test]
fn every_fix_of_the_corpus_leaves_no_new_error() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut session = Session::started();
    let mut applied_fixes = 0;
    for corpus in ["tests/hostile", "tests/invalid"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join(corpus))
            .expect("the corpus")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        paths.sort();
        for path in paths {
            let language = match path.extension().and_then(|e| e.to_str()) {
                Some("board") => "hatchway-board",
                Some("rules") => "hatchway-rules",
                Some("yaml") => "yaml",
                Some("json") => "json",
                _ => continue,
            };
            let bytes = std::fs::read(&path).expect("a corpus file");
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let uri = uri(&path);
            let diagnostics = session.open(&uri, language, &text);
            // The problem without its help, which lists what the file
            // declares (and so changes with a new room).
            let key = |d: &Value| {
                let message = d["message"].as_str().unwrap_or("");
                format!(
                    "{} {}",
                    d["code"],
                    message.split("\nhelp:").next().unwrap_or("")
                )
            };
            let before: Vec<String> = errors(&diagnostics).into_iter().map(key).collect();
            let mut version = 1;
            for diagnostic in &diagnostics {
                for action in actions_on(&mut session, &uri, diagnostic) {
                    let edits = action_edits(&action, &uri);
                    assert!(!edits.is_empty(), "{action}");
                    let fixed = applied(&text, &edits);
                    version += 1;
                    let after = change(&mut session, &uri, version, &fixed);
                    let new: Vec<String> = errors(&after)
                        .into_iter()
                        .map(key)
                        .filter(|k| !before.contains(k))
                        .collect();
                    assert!(
                        new.is_empty(),
                        "{}: `{}` leaves new errors {new:?}\n{fixed}",
                        path.display(),
                        action["title"]
                    );
                    applied_fixes += 1;
                    version += 1;
                    change(&mut session, &uri, version, &text);
                }
            }
            session.notify("textDocument/didClose", doc(&uri));
            session.diagnostics(&uri);
        }
    }
    assert!(applied_fixes >= 15, "{applied_fixes} fixes");
    assert_eq!(session.finish().0, 0);
}

#[test]
fn requests_to_the_editor_have_ids_of_their_own() {
    let mut session = Session::started();
    let text = BOARD.replace("red-november", "red-november-rulebook");
    for uri in ["untitled:one.board", "untitled:two.board"] {
        assert_eq!(
            session.open(uri, "hatchway-board", &text),
            Vec::<Value>::new()
        );
    }
    let mut ids = Vec::new();
    for _ in 0..2 {
        let refresh = session.wait_for("the lens's refresh", |m| {
            m["method"] == "workspace/codeLens/refresh"
        });
        ids.push(refresh["id"].clone());
    }
    assert_ne!(ids[0], ids[1], "{ids:?}");
    assert_eq!(session.finish().0, 0);
}

fn labels(items: &Value) -> Vec<String> {
    items
        .as_array()
        .expect("a list")
        .iter()
        .map(|i| i["label"].as_str().unwrap_or("").to_string())
        .collect()
}

/// A rules file being typed: a line that does not parse in its middle.
const TYPED_RULES: &str = "rules mine\n# What the ship holds.\n# Two lines of comment.\nroom states: clear, fire\nhatch states: closed, open\nitems: grog, mask\naction douse: room fire becomes clear\nenter clear: cost 0 # cheap\nenter fire with\nopen closed: cost 1, becomes open\n";

#[test]
fn completion_fits_the_place_in_a_file_that_does_not_parse() {
    let mut session = Session::started();
    let cases: [(&str, &[&str]); 15] = [
        ("enter ", &["clear", "fire"]),
        // How a name is said: any name the rules declare.
        (
            "say ",
            &["clear", "fire", "closed", "open", "grog", "mask", "douse"],
        ),
        ("enter fire with ", &["grog", "mask"]),
        ("enter fire ", &["through", "from", "with", "without"]),
        ("leave fire ", &["with", "without"]),
        ("enter fire: ", &["cost", "forbidden"]),
        ("revisit: ", &["forbidden", "allowed"]),
        ("open closed: cost 1, ", &["becomes"]),
        ("open closed: cost 1, becomes ", &["closed", "open"]),
        ("action ", &["douse", "with", "without", "in"]),
        ("action douse: ", &["cost", "forbidden", "bonus"]),
        ("action new: room fire ", &["becomes"]),
        // In a comment, after a finished statement, where a new name is
        // declared: nothing.
        ("enter clear: cost 0 # che", &[]),
        ("enter clear: cost 1 ", &[]),
        ("room states: ", &[]),
    ];
    for (n, (line, expected)) in cases.into_iter().enumerate() {
        let uri = format!("untitled:typed{n}.rules");
        let text = format!("{TYPED_RULES}{line}\n");
        let diagnostics = session.open(&uri, "hatchway-rules", &text);
        assert!(
            diagnostics.iter().any(|d| d["code"] == "hatchway::syntax"),
            "{line}: {diagnostics:?}"
        );
        let last = text.lines().count() as u32 - 1;
        let got = labels(&session.result(
            "textDocument/completion",
            at(&uri, last, line.encode_utf16().count() as u32),
        ));
        assert_eq!(got, expected, "after `{line}`");
    }
    // A new line of a rules file offers `say` among its statements.
    let uri = "untitled:typed-new-line.rules";
    let text = format!("{TYPED_RULES}\n");
    session.open(uri, "hatchway-rules", &text);
    let last = text.lines().count() as u32;
    let keywords = labels(&session.result("textDocument/completion", at(uri, last, 0)));
    assert!(keywords.contains(&"say".to_string()), "{keywords:?}");
    let board = "board b\nrules red-november\nroom 1: clear\nroom 2\nhatch 1-2 \nstart \n";
    session.open("untitled:typed.board", "hatchway-board", board);
    let after_hatch = session.result("textDocument/completion", at("untitled:typed.board", 4, 10));
    assert_eq!(after_hatch, json!([]));
    let start = session.result("textDocument/completion", at("untitled:typed.board", 5, 6));
    assert_eq!(labels(&start), ["1", "2"]);
    assert_eq!(session.finish().0, 0);
}

#[test]
fn hover_symbols_and_folding_in_a_file_with_syntax_errors() {
    let mut session = Session::started();
    let uri = "untitled:typed.rules";
    session.open(uri, "hatchway-rules", TYPED_RULES);
    // `fire` in `room states:`.
    let hover = session.result("textDocument/hover", at(uri, 3, 21));
    assert_eq!(
        hover["range"],
        json!({"start": position(3, 20), "end": position(3, 24)})
    );
    assert_eq!(
        hover["contents"]["value"],
        "**`fire`** is mentioned by:\n\n- line 4: `room states: clear, fire`\n- line 7: `action douse: room fire becomes clear`"
    );
    let symbols = session.result("textDocument/documentSymbol", doc(uri));
    let names: Vec<&str> = symbols
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "room states: clear, fire",
            "hatch states: closed, open",
            "items: grog, mask",
            "action douse: room fire becomes clear",
            "enter clear: cost 0",
            "open closed: cost 1, becomes open"
        ]
    );
    assert_eq!(
        session.result("textDocument/foldingRange", doc(uri)),
        json!([{"startLine": 1, "endLine": 2, "kind": "comment"}])
    );
    assert_eq!(session.finish().0, 0);
}

/// A state's hover on a board lists the lines of the built-in rules that
/// mention it: the lines of the file go-to-definition opens.
#[test]
fn hover_counts_the_lines_of_the_rules_definition_opens() {
    let mut session = Session::started();
    let uri = "untitled:lines.board";
    assert_eq!(
        session.open(uri, "hatchway-board", BOARD),
        Vec::<Value>::new()
    );
    let hover = session.result("textDocument/hover", at(uri, 7, 9));
    let text = hover["contents"]["value"]
        .as_str()
        .expect("markdown")
        .to_string();
    let definition = session.result("textDocument/definition", at(uri, 3, 10));
    let opened = std::fs::read_to_string(
        definition["uri"]
            .as_str()
            .expect("a file")
            .trim_start_matches("file://"),
    )
    .expect("the copy");
    let lines: Vec<&str> = opened.lines().collect();
    let mut checked = 0;
    for item in text.lines().filter_map(|l| l.strip_prefix("- line ")) {
        let (number, said) = item.split_once(": ").expect("`N: statement`");
        let number: usize = number.parse().expect("a line number");
        assert_eq!(
            format!("`{}`", lines[number - 1].trim()),
            said,
            "line {number}"
        );
        checked += 1;
    }
    assert!(checked >= 3, "{text}");
    assert_eq!(session.finish().0, 0);
}

#[test]
fn a_rules_file_changed_on_disk_reaches_the_boards_that_use_it() {
    let (dir, rules_path, rules) = folder_with_mine_rules("watched");
    let board = "board b\nrules \"mine.rules\"\nroom 1: clear\nroom 2: fire\nhatch 1-2\nstart 1\n";
    let board_path = dir.join("b.board");
    std::fs::write(&board_path, board).expect("write the board");
    let (rules_uri, board_uri) = (uri(&rules_path), uri(&board_path));

    let mut session = Session::start();
    session.result(
        "initialize",
        json!({"capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}}),
    );
    session.notify("initialized", json!({}));
    let register = session.wait_for("the watch's registration", |m| {
        m["method"] == "client/registerCapability"
    });
    let registration = &register["params"]["registrations"][0];
    assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        registration["registerOptions"],
        json!({"watchers": [{"globPattern": "**/*.rules"}]})
    );
    session.write(
        json!({"jsonrpc": "2.0", "id": register["id"], "result": null})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(
        session.open(&board_uri, "hatchway-board", board),
        Vec::<Value>::new()
    );

    // Broken on disk by another program: the watch tells the server.
    let broken = rules.replace("enter fire", "enter fier");
    std::fs::write(&rules_path, &broken).expect("write");
    session.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": rules_uri, "type": 2}]}),
    );
    let diagnostics = session.diagnostics(&board_uri);
    assert_eq!(
        diagnostics
            .iter()
            .map(|d| d["code"].clone())
            .collect::<Vec<_>>(),
        ["hatchway::rules_unusable"],
        "{diagnostics:?}"
    );

    // Mended in the editor and saved: the board is checked again.
    session.open(&rules_uri, "hatchway-rules", &broken);
    std::fs::write(&rules_path, &rules).expect("write");
    change(&mut session, &rules_uri, 2, &rules);
    session.notify("textDocument/didSave", doc(&rules_uri));
    assert_eq!(session.diagnostics(&board_uri), Vec::<Value>::new());
    assert_eq!(session.finish().0, 0);
}

/// Thirty changes of a 5,000-room board sent at once, then a hover: only
/// the last text is checked (a change is dropped when a later one of the
/// same document waits), so the hover is answered after one or two
/// checks, not thirty. How long that takes is measured in BENCHMARKS.md;
/// the test counts the texts checked.
#[test]
fn queued_changes_are_dropped_for_the_last() {
    let text = hatchway::generate::random_rulebook_board(5000, 43);
    assert!(text.lines().count() > 5000);
    let mut session = Session::started();
    let uri = "untitled:huge.board";
    session.open(uri, "hatchway-board", &text);
    let started = Instant::now();
    for version in 2..=31 {
        let changed = format!("{text}# change {version}\n");
        session.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": changed}]}),
        );
    }
    // `room 1` of the board's first room line.
    let line = text
        .lines()
        .position(|l| l.starts_with("room 1"))
        .expect("room 1") as u32;
    let hover = session.result("textDocument/hover", at(uri, line, 5));
    let took = started.elapsed();
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .starts_with("**Room `1`**"),
        "{hover}"
    );
    eprintln!("a hover behind 30 changes of a 5,000-room board: {took:?}");
    session.wait_for("the last text's diagnostics", |m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == 31
    });
    let checked: Vec<Value> = session
        .unread
        .drain(..)
        .chain(session.output.try_iter())
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .map(|m| m["params"]["version"].clone())
        .collect();
    // A change may be taken before the others have arrived: the server
    // reads on while the test still writes 30 texts of some 100 KB, and a
    // loaded machine lets it check one or two texts while the rest are on
    // their way (2 and 27 were seen). Past those few, only the last text
    // is checked, never one for each change.
    assert!(checked.len() <= 4, "{checked:?}");
    assert_eq!(session.finish().0, 0);
}

#[test]
fn a_state_is_followed_and_renamed_across_the_rules_and_the_boards() {
    let (dir, rules_path, rules) = folder_with_mine_rules("rename");
    let board =
        "board b\nrules \"mine.rules\"\nroom 1: clear\nroom 2: fire\nhatch 1-2: open\nstart 1\n";
    let board_path = dir.join("b.board");
    std::fs::write(&board_path, board).expect("write the board");
    let (rules_uri, board_uri) = (uri(&rules_path), uri(&board_path));
    let mut session = Session::started();
    assert_eq!(
        session.open(&board_uri, "hatchway-board", board),
        Vec::<Value>::new()
    );

    // Every `fire` of the rules (read from disk: not open) and the board.
    let range = |line: u32, start: u32| json!({"start": position(line, start), "end": position(line, start + 4)});
    let declared = line_of(&rules, "room states: clear, low_flood, high_flood, fire");
    let in_rules = [
        (declared, 43),
        (line_of(&rules, "enter fire: forbidden"), 6),
        (line_of(&rules, "leave fire: forbidden"), 6),
        (
            line_of(&rules, "flow high_flood + fire -> low_flood + low_flood"),
            18,
        ),
    ];
    let mut expected: Vec<Value> = in_rules
        .iter()
        .map(|&(line, start)| json!({"uri": rules_uri, "range": range(line, start)}))
        .collect();
    expected.push(json!({"uri": board_uri, "range": range(3, 8)}));
    let fire = at(&board_uri, 3, 9);
    let mut params = fire.clone();
    params["context"] = json!({"includeDeclaration": true});
    assert_eq!(
        session.result("textDocument/references", params),
        Value::Array(expected)
    );
    assert_eq!(
        session.result("textDocument/documentHighlight", fire.clone()),
        json!([{"range": range(3, 8)}])
    );
    assert_eq!(
        session.result("textDocument/definition", fire.clone()),
        json!({"uri": rules_uri, "range": range(declared, 43)})
    );

    // Refused with a message: a reserved word, a name taken, no name.
    for (new, why) in [
        ("enter", "`enter` is a reserved word of the language"),
        ("clear", "the rules already declare `clear`"),
        ("9lives", "`9lives` is not a name"),
    ] {
        let mut params = fire.clone();
        params["newName"] = json!(new);
        let refused = session.request("textDocument/rename", params);
        assert_eq!(refused["error"]["code"], -32803, "{refused}");
        assert!(
            refused["error"]["message"]
                .as_str()
                .unwrap_or("")
                .starts_with(why),
            "{refused}"
        );
    }

    // Renamed from the rules file, open now: both files change, and the
    // texts they leave check.
    session.open(&rules_uri, "hatchway-rules", &rules);
    let mut params = at(&rules_uri, declared, 44);
    params["newName"] = json!("blaze");
    let edit = session.result("textDocument/rename", params);
    let rules_edits = edit["changes"][&rules_uri].as_array().expect("rules edits");
    let board_edits = edit["changes"][&board_uri].as_array().expect("board edits");
    assert_eq!(rules_edits.len(), 4, "{edit}");
    assert_eq!(
        board_edits,
        &[json!({"range": range(3, 8), "newText": "blaze"})]
    );
    let renamed_rules = applied(&rules, rules_edits);
    // Comments say `fire` in words of their own: they are left.
    let expected: String = rules
        .split_inclusive('\n')
        .map(|l| {
            if l.starts_with('#') {
                l.to_string()
            } else {
                l.replace(" fire", " blaze")
            }
        })
        .collect();
    assert_eq!(renamed_rules, expected);
    std::fs::write(&rules_path, &renamed_rules).expect("write");
    change(&mut session, &rules_uri, 2, &renamed_rules);
    let renamed_board = applied(board, board_edits);
    assert_eq!(
        change(&mut session, &board_uri, 2, &renamed_board),
        Vec::<Value>::new()
    );
    assert_eq!(session.finish().0, 0);
}

/// The semantic token types, in the order the server's legend gives them.
const TOKEN_TYPES: [&str; 7] = [
    "keyword",
    "enumMember",
    "variable",
    "function",
    "number",
    "string",
    "comment",
];

/// A semantic tokens answer decoded from the protocol's deltas: each
/// token's line, start and length (UTF-16 units) and type.
pub(super) fn decoded(answer: &Value) -> Vec<(u64, u64, u64, &'static str)> {
    let data: Vec<u64> = answer["data"]
        .as_array()
        .expect("a token list")
        .iter()
        .map(|n| n.as_u64().expect("a number"))
        .collect();
    assert_eq!(data.len() % 5, 0, "{answer}");
    let (mut line, mut start) = (0, 0);
    data.chunks(5)
        .map(|t| {
            if t[0] > 0 {
                start = 0;
            }
            line += t[0];
            start += t[1];
            let kind = TOKEN_TYPES
                .get(usize::try_from(t[3]).expect("a small index"))
                .expect("a type of the legend");
            assert_eq!(t[4], 0, "no modifiers");
            (line, start, t[2], *kind)
        })
        .collect()
}

#[test]
fn semantic_tokens_of_a_rules_file_a_board_and_a_range() {
    let mut session = Session::start();
    let init = session.result("initialize", json!({"capabilities": {}}));
    session.notify("initialized", json!({}));
    let provider = &init["capabilities"]["semanticTokensProvider"];
    assert_eq!(provider["legend"]["tokenTypes"], json!(TOKEN_TYPES));
    assert_eq!(provider["range"], true);
    assert_eq!(provider["full"], true);

    let rules = "rules tiny\n# states\nroom states: clear, fire\nitems: grog\naction douse: room fire becomes clear\nenter fire with grog: cost 2\nsay grog: \"a tot\"\n";
    let uri = "untitled:tiny.rules";
    session.open(uri, "hatchway-rules", rules);
    let tokens = session.result("textDocument/semanticTokens/full", doc(uri));
    assert_eq!(
        decoded(&tokens),
        [
            (0, 0, 5, "keyword"),
            (0, 6, 4, "string"),
            (1, 0, 8, "comment"),
            (2, 0, 4, "keyword"),
            (2, 5, 6, "keyword"),
            (2, 13, 5, "enumMember"),
            (2, 20, 4, "enumMember"),
            (3, 0, 5, "keyword"),
            (3, 7, 4, "variable"),
            (4, 0, 6, "keyword"),
            (4, 7, 5, "function"),
            (4, 14, 4, "keyword"),
            (4, 19, 4, "enumMember"),
            (4, 24, 7, "keyword"),
            (4, 32, 5, "enumMember"),
            (5, 0, 5, "keyword"),
            (5, 6, 4, "enumMember"),
            (5, 11, 4, "keyword"),
            (5, 16, 4, "variable"),
            (5, 22, 4, "keyword"),
            (5, 27, 1, "number"),
            (6, 0, 3, "keyword"),
            (6, 4, 4, "variable"),
            (6, 10, 7, "string"),
        ]
    );

    // Columns count UTF-16 units: `ü` is one, the ship two.
    let board = "board \"K\u{fc}che \u{1f6a2}\" # ship\nrules red-november\nroom 1 \"Galley\" at 0,1: fire\nroom 2\nhatch 1-2: open\nstart 1 # here\n";
    let uri = "untitled:ship.board";
    session.open(uri, "hatchway-board", board);
    let tokens = session.result("textDocument/semanticTokens/full", doc(uri));
    let line_two = [
        (2, 0, 4, "keyword"),
        (2, 5, 1, "number"),
        (2, 7, 8, "string"),
        (2, 16, 2, "keyword"),
        (2, 19, 1, "number"),
        (2, 21, 1, "number"),
        (2, 24, 4, "enumMember"),
    ];
    let mut whole = vec![
        (0, 0, 5, "keyword"),
        (0, 6, 10, "string"),
        (0, 17, 6, "comment"),
        (1, 0, 5, "keyword"),
        (1, 6, 12, "string"),
    ];
    whole.extend(line_two);
    whole.extend([
        (3, 0, 4, "keyword"),
        (3, 5, 1, "number"),
        (4, 0, 5, "keyword"),
        (4, 6, 1, "number"),
        (4, 8, 1, "number"),
        (4, 11, 4, "enumMember"),
        (5, 0, 5, "keyword"),
        (5, 6, 1, "number"),
        (5, 8, 6, "comment"),
    ]);
    assert_eq!(decoded(&tokens), whole);

    // A range answers the tokens on it, counted from the document's start.
    let range = session.result(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": uri}, "range": {"start": position(2, 0), "end": position(3, 0)}}),
    );
    assert_eq!(decoded(&range), line_two);

    // A YAML board is coloured by the editor's YAML support.
    let yaml = "untitled:ship.yaml";
    session.open(yaml, "yaml", "name: ship\n");
    assert_eq!(
        session.result("textDocument/semanticTokens/full", doc(yaml)),
        Value::Null
    );
    assert_eq!(session.finish().0, 0);
}

#[test]
fn semantic_tokens_in_a_file_with_a_syntax_error() {
    let mut session = Session::started();
    let uri = "untitled:typed.rules";
    let text = "rules typed\nroom states: clear, fire\nenter fire: cost\nitems: grog # x\n";
    session.open(uri, "hatchway-rules", text);
    let tokens = session.result("textDocument/semanticTokens/full", doc(uri));
    // The line that does not parse keeps its keywords; its name is not
    // told, as nothing says what it is.
    assert_eq!(
        decoded(&tokens),
        [
            (0, 0, 5, "keyword"),
            (0, 6, 5, "string"),
            (1, 0, 4, "keyword"),
            (1, 5, 6, "keyword"),
            (1, 13, 5, "enumMember"),
            (1, 20, 4, "enumMember"),
            (2, 0, 5, "keyword"),
            (2, 12, 4, "keyword"),
            (3, 0, 5, "keyword"),
            (3, 7, 4, "variable"),
            (3, 12, 3, "comment"),
        ]
    );
    // Text that is no file at all still answers, with its comments.
    session.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": "# draft\n\u{0}\"open"}]}),
    );
    let tokens = session.result("textDocument/semanticTokens/full", doc(uri));
    assert_eq!(
        decoded(&tokens),
        [(0, 0, 7, "comment"), (1, 1, 5, "string")]
    );
    assert_eq!(session.finish().0, 0);
}

/// A board with named and numbered rooms, a hatch written with spaces
/// around its dash, and a `start`: every way a room id is said.
const ROOMS: &str = "board rooms\n\
room galley \"Galley\" at 0,0: clear\n\
room 2: low_flood\n\
room sea at 1,1: fire\n\
hatch galley-2: open\n\
hatch 2 - sea\n\
hatch sea-galley: open\n\
start galley\n";

/// The range of `length` units from `start` on line `line`.
fn span(line: u32, start: u32, length: u32) -> Value {
    json!({"start": position(line, start), "end": position(line, start + length)})
}

/// The answer to a rename that must be refused: its error.
fn refused(session: &mut Session, place: &Value, new: &str) -> Value {
    let mut params = place.clone();
    params["newName"] = json!(new);
    let answer = session.request("textDocument/rename", params);
    assert!(answer.get("result").is_none(), "{answer}");
    answer["error"].clone()
}

#[test]
fn a_room_is_followed_and_renamed_across_its_board() {
    let board_uri = "untitled:rooms.board";
    // Another board with a room of the same id: room ids are per board.
    let other_uri = "untitled:other.board";
    let other = "board other\nroom galley\nroom 2\nhatch galley-2\nstart galley\n";
    let mut session = Session::started();
    assert_eq!(
        session.open(board_uri, "hatchway-board", ROOMS),
        Vec::<Value>::new()
    );
    session.open(other_uri, "hatchway-board", other);

    // From the first end of `hatch galley-2`, from `start` and from the
    // declaration: the same places, in the order of the text.
    let galley = [span(1, 5, 6), span(4, 6, 6), span(6, 10, 6), span(7, 6, 6)];
    for place in [
        at(board_uri, 4, 8),
        at(board_uri, 7, 12),
        at(board_uri, 1, 5),
    ] {
        let mut params = place.clone();
        params["context"] = json!({"includeDeclaration": true});
        let every: Vec<Value> = galley
            .iter()
            .map(|r| json!({"uri": board_uri, "range": r}))
            .collect();
        assert_eq!(
            session.result("textDocument/references", params.clone()),
            Value::Array(every.clone())
        );
        params["context"] = json!({"includeDeclaration": false});
        assert_eq!(
            session.result("textDocument/references", params),
            Value::Array(every[1..].to_vec())
        );
        let highlights: Vec<Value> = galley.iter().map(|r| json!({"range": r})).collect();
        assert_eq!(
            session.result("textDocument/documentHighlight", place.clone()),
            Value::Array(highlights)
        );
        assert_eq!(
            session.result("textDocument/definition", place),
            json!({"uri": board_uri, "range": span(1, 0, 34)})
        );
    }
    // The second end of `hatch 2 - sea`, and the room's state beside it is
    // no room id.
    let mut params = at(board_uri, 5, 11);
    params["context"] = json!({"includeDeclaration": true});
    assert_eq!(
        session.result("textDocument/references", params),
        json!([
            {"uri": board_uri, "range": span(3, 5, 3)},
            {"uri": board_uri, "range": span(5, 10, 3)},
            {"uri": board_uri, "range": span(6, 6, 3)},
        ])
    );
    assert_eq!(
        session.result("textDocument/documentHighlight", at(board_uri, 3, 18)),
        json!([{"range": span(3, 17, 4)}])
    );

    // Renamed from `start`: the `room` line, each hatch end and `start`,
    // in this board alone; the text left checks.
    let mut params = at(board_uri, 7, 8);
    params["newName"] = json!("mess_7");
    let edit = session.result("textDocument/rename", params);
    let changed: Vec<&String> = edit["changes"]
        .as_object()
        .expect("changes")
        .keys()
        .collect();
    assert_eq!(changed, [board_uri]);
    let edits = edit["changes"][board_uri].as_array().expect("edits");
    let expected: Vec<Value> = galley
        .iter()
        .map(|r| json!({"range": r, "newText": "mess_7"}))
        .collect();
    assert_eq!(edits, &expected);
    let renamed = applied(ROOMS, edits);
    assert_eq!(renamed, ROOMS.replace("galley", "mess_7"));
    assert_eq!(
        change(&mut session, board_uri, 2, &renamed),
        Vec::<Value>::new()
    );

    // A number renamed: `2 - sea` keeps its shape.
    let mut params = at(board_uri, 5, 6);
    params["newName"] = json!("7");
    let edit = session.result("textDocument/rename", params);
    let edits = edit["changes"][board_uri].as_array().expect("edits");
    assert_eq!(
        edits,
        &[
            json!({"range": span(2, 5, 1), "newText": "7"}),
            json!({"range": span(4, 13, 1), "newText": "7"}),
            json!({"range": span(5, 6, 1), "newText": "7"}),
        ]
    );
    assert!(
        applied(&renamed, edits).contains("\nhatch 7 - sea\n"),
        "{edits:?}"
    );
    assert_eq!(session.finish().0, 0);
}

#[test]
fn a_room_rename_is_refused_with_its_reason() {
    // `9` is said by a hatch but declared by no room.
    let board = format!("{ROOMS}hatch 2-9\n");
    let uri = "untitled:refused.board";
    let mut session = Session::started();
    session.open(uri, "hatchway-board", &board);
    let place = at(uri, 4, 14);
    let long = "r".repeat(65);
    for (new, why) in [
        (
            "a-b",
            "`a-b` is not a room id: a room id cannot hold `-`: in `hatch A-B` the dash separates the two rooms; write `a_b` instead",
        ),
        (
            "two words",
            "`two words` is not a room id: a room id is a number or a name made of letters, digits and `_`; write `two_words` instead",
        ),
        (
            "",
            "`` is not a room id: a room id is a number or a name made of letters, digits and `_`",
        ),
        (
            long.as_str(),
            &format!("`{long}` is not a room id: it has more than 64 characters"),
        ),
        ("start", "`start` is a reserved word of the language"),
        (
            "sea",
            "`sea` is already the id of another room on the board",
        ),
        (
            "9",
            "`9` is already said on the board, by a hatch or `start`",
        ),
    ] {
        let error = refused(&mut session, &place, new);
        assert_eq!(error["code"], -32803, "{error}");
        assert_eq!(error["message"], why, "{error}");
    }
    // The same id is no change, and not refused.
    let mut params = place.clone();
    params["newName"] = json!("2");
    let edit = session.result("textDocument/rename", params);
    assert_eq!(edit["changes"][uri].as_array().map(Vec::len), Some(4));

    // Half typed: the statements that parse are still followed, and
    // nothing stops the server.
    let typing = format!("{ROOMS}hatch 2-\nroom \n");
    change(&mut session, uri, 2, &typing);
    let mut params = at(uri, 2, 5);
    params["context"] = json!({"includeDeclaration": true});
    let places = session.result("textDocument/references", params);
    assert_eq!(places.as_array().map(Vec::len), Some(3), "{places}");
    for (line, character) in [(8, 8), (9, 5), (9, 4)] {
        let mut params = at(uri, line, character);
        params["newName"] = json!("x");
        let answer = session.request("textDocument/rename", params);
        assert!(answer.get("error").is_none(), "{answer}");
    }
    assert_eq!(session.finish().0, 0);
}

#[test]
fn a_state_renamed_in_the_rules_reaches_the_boards_beside_it_on_disk() {
    let (dir, rules_path, rules) = folder_with_mine_rules("beside");
    let open_board = "board a\nrules \"mine.rules\"\nroom 1: fire\nroom 2\nhatch 1-2\nstart 1\n";
    let shut = "board b\nrules \"./mine.rules\"\nroom 1\nroom 2: fire\nroom 3: fire\nhatch 1-2\nhatch 2-3\nstart 1\n";
    // Not played by these rules, not a board, or not beside them: left.
    let builtin = "board c\nroom 1: fire\nstart 1\n";
    std::fs::write(dir.join("c.board"), builtin).expect("write");
    std::fs::write(dir.join("d.txt"), shut).expect("write");
    std::fs::create_dir_all(dir.join("below")).expect("a folder");
    let below = shut.replace("./mine.rules", "../mine.rules");
    std::fs::write(dir.join("below/e.board"), below).expect("write");
    let (a_path, b_path) = (dir.join("a.board"), dir.join("b.board"));
    std::fs::write(&a_path, open_board).expect("write");
    std::fs::write(&b_path, shut).expect("write");
    let (rules_uri, a_uri, b_uri) = (uri(&rules_path), uri(&a_path), uri(&b_path));

    let mut session = Session::started();
    session.open(&rules_uri, "hatchway-rules", &rules);
    assert_eq!(
        session.open(&a_uri, "hatchway-board", open_board),
        Vec::<Value>::new()
    );
    let declared = line_of(&rules, "room states: clear, low_flood, high_flood, fire");
    let in_rules = [
        (line_of(&rules, "enter fire: forbidden"), 6),
        (line_of(&rules, "leave fire: forbidden"), 6),
        (
            line_of(&rules, "flow high_flood + fire -> low_flood + low_flood"),
            18,
        ),
    ];
    let mut expected: Vec<Value> = in_rules
        .iter()
        .map(|&(line, start)| json!({"uri": rules_uri, "range": span(line, start, 4)}))
        .collect();
    expected.push(json!({"uri": a_uri, "range": span(2, 8, 4)}));
    expected.push(json!({"uri": b_uri, "range": span(3, 8, 4)}));
    expected.push(json!({"uri": b_uri, "range": span(4, 8, 4)}));
    let mut params = at(&rules_uri, declared, 44);
    params["context"] = json!({"includeDeclaration": false});
    assert_eq!(
        session.result("textDocument/references", params.clone()),
        Value::Array(expected.clone())
    );
    params["context"] = json!({"includeDeclaration": true});
    expected.insert(0, json!({"uri": rules_uri, "range": span(declared, 43, 4)}));
    assert_eq!(
        session.result("textDocument/references", params),
        Value::Array(expected)
    );

    let mut params = at(&rules_uri, declared, 44);
    params["newName"] = json!("blaze");
    let edit = session.result("textDocument/rename", params);
    let mut changed: Vec<&String> = edit["changes"]
        .as_object()
        .expect("changes")
        .keys()
        .collect();
    changed.sort();
    let mut all = vec![&a_uri, &b_uri, &rules_uri];
    all.sort();
    assert_eq!(changed, all);
    let b_edits = edit["changes"][&b_uri].as_array().expect("edits of b");
    assert_eq!(
        b_edits,
        &[
            json!({"range": span(3, 8, 4), "newText": "blaze"}),
            json!({"range": span(4, 8, 4), "newText": "blaze"}),
        ]
    );
    assert_eq!(applied(shut, b_edits), shut.replace("fire", "blaze"));
    assert_eq!(
        edit["changes"][&rules_uri].as_array().map(Vec::len),
        Some(4)
    );
    // The server writes no file: the editor applies the edit.
    assert_eq!(std::fs::read_to_string(&b_path).expect("read"), shut);
    assert_eq!(session.finish().0, 0);
}
