//! The editor side of `hatchway lsp`: the TextMate grammar held to the
//! language's keyword table, the VS Code extension's manifest held to the
//! grammar and the file kinds, and (the ignored tier, which needs Neovim)
//! a real editor that shows a problem, applies its quick fix and sees the
//! problem go.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fancy_regex::Regex;
use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn json(file: &str) -> Value {
    let text = std::fs::read_to_string(root().join(file)).expect("the file is there");
    serde_json::from_str(&text).expect("the file is JSON")
}

/// The keywords of the language, from its one table.
fn keywords() -> BTreeSet<String> {
    let words: BTreeSet<String> = hatchway::keywords().map(str::to_string).collect();
    assert!(words.len() >= 25, "{words:?}");
    words
}

/// The grammar's pattern named `name`, compiled.
fn pattern(grammar: &Value, name: &str) -> Regex {
    let source = grammar["repository"][name]["match"]
        .as_str()
        .unwrap_or_else(|| panic!("the grammar has no pattern `{name}`"));
    Regex::new(source).unwrap_or_else(|e| panic!("`{name}` does not compile: {e}"))
}

#[test]
fn the_grammar_highlights_every_keyword_and_no_other_word() {
    let grammar = json("editors/vscode/syntaxes/hatchway.tmLanguage.json");
    let keyword = pattern(&grammar, "keywords");
    for word in keywords() {
        let found = keyword.find(&word).expect("the pattern runs");
        assert_eq!(
            found.map(|m| m.as_str()),
            Some(word.as_str()),
            "`{word}` is not highlighted"
        );
        let inside = format!("x_{word}_y");
        assert!(
            !keyword.is_match(&inside).expect("the pattern runs"),
            "`{word}` is highlighted inside a name"
        );
    }
    for name in ["roomy", "high_flood", "opened", "grog", "clear"] {
        assert!(
            !keyword.is_match(name).expect("the pattern runs"),
            "`{name}` is not a keyword"
        );
    }
}

#[test]
fn the_grammar_marks_rooms_hatches_and_states() {
    let grammar = json("editors/vscode/syntaxes/hatchway.tmLanguage.json");
    let repository = grammar["repository"].as_object().expect("a repository");
    for (name, rule) in repository {
        for key in ["match", "begin", "end"] {
            if let Some(source) = rule[key].as_str() {
                Regex::new(source)
                    .unwrap_or_else(|e| panic!("`{name}` {key} does not compile: {e}"));
            }
        }
    }
    // A keyword's rule ends on the name after it (on its line or a later
    // one): what its `end` takes from the rest of the text, if anything.
    let taken = |name: &str, rest: &str| -> Option<String> {
        let source = grammar["repository"][name]["end"]
            .as_str()
            .unwrap_or_else(|| panic!("the grammar has no rule `{name}` with an end"));
        let end = Regex::new(source).expect("compiled above");
        let found = end.captures(rest).expect("the pattern runs");
        found.and_then(|c| c.get(1).map(|m| m.as_str().to_string()))
    };
    let some = |name: &str| Some(name.to_string());
    assert_eq!(taken("room-id", " galley_2: fire"), some("galley_2"));
    assert_eq!(taken("room-id", " 1-2: open"), some("1"));
    assert_eq!(taken("hatch-dash", "2: open"), some("2"));
    // `room states:` starts a list of states, not a room.
    assert_eq!(taken("room-id", " states: clear, fire"), None);
    assert_eq!(taken("colon", " hi_flood"), some("hi_flood"));
    assert_eq!(taken("colon", " forbidden"), None);
    assert_eq!(taken("colon", " fatal"), None);
    // `open` is a state wherever a name is awaited.
    assert_eq!(taken("list-comma-state", " open, blocked"), some("open"));
    assert_eq!(taken("becomes", " open"), some("open"));
    assert_eq!(taken("rule-state", " open: cost 1"), some("open"));
    // Unless a name follows it: then it starts an open rule, as where the
    // language recovers from a statement left unfinished.
    assert_eq!(taken("colon", " open closed: cost 1"), None);
    assert_eq!(taken("rule-state", " open closed: cost 1"), None);
    // No name the grammar awaits is a word the language reserves
    // (grammar/hatchway.pest's `reserved`), and any other word is one.
    let pest = std::fs::read_to_string(root().join("grammar/hatchway.pest")).expect("the grammar");
    let reserved_rule = pest
        .split("reserved = _{")
        .nth(1)
        .and_then(|rest| rest.split("~ !ident_char").next())
        .expect("the pest grammar has a `reserved` rule");
    let reserved: Vec<&str> = reserved_rule.split('"').skip(1).step_by(2).collect();
    assert!(reserved.len() >= 20, "{reserved:?}");
    let naming: Vec<&String> = repository
        .iter()
        .filter(|(_, rule)| {
            rule["endCaptures"]["1"]["name"]
                .as_str()
                .is_some_and(|scope| scope.starts_with("variable.") || scope.starts_with("entity."))
        })
        .map(|(name, _)| name)
        .collect();
    assert!(naming.len() >= 10, "{naming:?}");
    for name in naming {
        assert_eq!(taken(name, " high_flood_2"), some("high_flood_2"), "{name}");
        for word in &reserved {
            assert_eq!(
                taken(name, &format!(" {word}")),
                None,
                "{name} takes `{word}`"
            );
        }
    }
    let comment = pattern(&grammar, "comment");
    assert!(!comment.is_match("start 1").expect("runs"));
    assert!(comment.is_match("# a note").expect("runs"));
}

#[test]
fn the_vscode_extension_contributes_both_file_kinds_and_the_grammar() {
    let manifest = json("editors/vscode/package.json");
    let languages = manifest["contributes"]["languages"]
        .as_array()
        .expect("languages");
    let kinds: Vec<(String, String)> = languages
        .iter()
        .map(|l| {
            (
                l["id"].as_str().unwrap_or("").to_string(),
                l["extensions"][0].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("hatchway-board".to_string(), ".board".to_string()),
            ("hatchway-rules".to_string(), ".rules".to_string())
        ]
    );
    // One grammar, and for each language a grammar of its own scope that
    // includes it, so that the two languages are told apart.
    let grammar = json("editors/vscode/syntaxes/hatchway.tmLanguage.json");
    let shared = grammar["scopeName"].as_str().expect("a scope name");
    let grammars = manifest["contributes"]["grammars"]
        .as_array()
        .expect("grammars");
    let contributed: Vec<(&str, &str, &str)> = grammars
        .iter()
        .map(|g| {
            (
                g["language"].as_str().unwrap_or(""),
                g["scopeName"].as_str().unwrap_or(""),
                g["path"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        contributed,
        [
            ("", shared, "./syntaxes/hatchway.tmLanguage.json"),
            (
                "hatchway-board",
                "source.hatchway.board",
                "./syntaxes/hatchway-board.tmLanguage.json"
            ),
            (
                "hatchway-rules",
                "source.hatchway.rules",
                "./syntaxes/hatchway-rules.tmLanguage.json"
            ),
        ]
    );
    for (_, scope, path) in &contributed[1..] {
        let own = json(&format!("editors/vscode/{}", path.trim_start_matches("./")));
        assert_eq!(own["scopeName"], *scope);
        assert_eq!(own["patterns"], serde_json::json!([{ "include": shared }]));
    }
    // Every file the manifest names is in the folder as cloned.
    for path in contributed.iter().map(|c| c.2).chain(["./extension.js"]) {
        let file = root()
            .join("editors/vscode")
            .join(path.trim_start_matches("./"));
        assert!(file.is_file(), "{path} is not in editors/vscode");
    }
    assert_eq!(manifest["main"], "./extension.js");
    let extension =
        std::fs::read_to_string(root().join("editors/vscode/extension.js")).expect("the extension");
    assert!(extension.contains("args: [\"lsp\"]"), "{extension}");
    for language in ["hatchway-board", "hatchway-rules"] {
        assert!(
            extension.contains(&format!("language: \"{language}\"")),
            "{language}"
        );
    }
}

/// The Lua script Neovim runs: open the board, start `hatchway lsp` for it
/// with the API of Neovim 0.7 (Debian's), wait for the diagnostic with its
/// code on line 5, apply the quick fix, write the file, wait for the
/// diagnostics to clear, and quit with 0; any failure quits with 2 and says
/// why on standard error.
const NEOVIM_SCRIPT: &str = r#"
local function main()
  vim.cmd("edit " .. vim.fn.fnameescape(BOARD))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({ name = "hatchway", cmd = { HATCHWAY, "lsp" } })
  assert(id, "the client did not start")
  vim.lsp.buf_attach_client(buf, id)
  local client = vim.lsp.get_client_by_id(id)
  local function code(d)
    return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  end
  assert(vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 20),
    "no diagnostic came")
  local d = vim.diagnostic.get(buf)[1]
  assert(code(d) == "hatchway::unknown_name" and d.lnum == 4,
    "not the diagnostic expected: " .. vim.inspect(d))
  local reply = client.request_sync("textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = d.lnum, character = d.col },
              ["end"] = { line = d.end_lnum, character = d.end_col } },
    context = { diagnostics = {} },
  }, 10000, buf)
  assert(reply and reply.result and reply.result[1], "no quick fix: " .. vim.inspect(reply))
  vim.lsp.util.apply_workspace_edit(reply.result[1].edit, "utf-16")
  vim.cmd("write")
  assert(vim.wait(15000, function() return #vim.diagnostic.get(buf) == 0 end, 20),
    "the diagnostic stayed: " .. vim.inspect(vim.diagnostic.get(buf)))
end
local ok, err = pcall(main)
if not ok then
  io.stderr:write(tostring(err) .. "\n")
  vim.cmd("cquit 2")
end
vim.cmd("qall!")
"#;

fn lua_string(text: &str) -> String {
    format!("{text:?}")
}

/// Runs `script` (with `header`, its globals, before it) in headless
/// Neovim, with its files in `dir`; fails with what it said when it does
/// not quit with 0 within a minute.
fn run_neovim(dir: &Path, header: &str, script: &str) {
    let path = dir.join("script.lua");
    std::fs::write(&path, format!("{header}{script}")).expect("write the script");
    let stderr = std::fs::File::create(dir.join("stderr")).expect("a log");
    let home = |name: &str| -> PathBuf { dir.join(name) };
    let mut nvim = Command::new("nvim")
        .args(["--headless", "--clean", "-n", "-c"])
        .arg(format!("luafile {}", path.display()))
        // Neovim's logs and state, and hatchway's cache, stay in the folder.
        .env("XDG_CACHE_HOME", home("cache"))
        .env("XDG_STATE_HOME", home("state"))
        .env("XDG_DATA_HOME", home("data"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .expect("Neovim is installed (apt-get install neovim)");
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = nvim.try_wait().expect("Neovim can be waited for") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = nvim.kill();
            panic!("Neovim did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let said = std::fs::read_to_string(dir.join("stderr")).unwrap_or_default();
    assert_eq!(status.code(), Some(0), "{said}");
}

/// A fresh folder for one Neovim test.
fn neovim_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hatchway-nvim-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
#[ignore = "needs Neovim"]
fn neovim_shows_a_problem_applies_its_fix_and_sees_it_go() {
    let dir = neovim_folder("fix");
    let board = dir.join("flooded.board");
    std::fs::write(
        &board,
        "board flooded\n\nroom 1: clear\nroom 2\nroom 3: hi_flood\n\nhatch 1-2\nhatch 2-3\n\nstart 1\n",
    )
    .expect("write the board");
    let header = format!(
        "BOARD = {}\nHATCHWAY = {}\n",
        lua_string(&board.display().to_string()),
        lua_string(env!("CARGO_BIN_EXE_hatchway"))
    );
    run_neovim(&dir, &header, NEOVIM_SCRIPT);
    let fixed = std::fs::read_to_string(&board).expect("the board");
    assert!(fixed.contains("room 3: high_flood\n"), "{fixed}");
}

/// The Lua script of the rules and the board: open a rules file that lacks
/// a rule and a board played by it, apply the missing rule's quick fix and
/// write the rules (no error left), rename the state `fire` from the board
/// (the rules and the board change), write both, and wait for the board's
/// diagnostics to be empty; quit with 0, or with 2 saying why.
const NEOVIM_RENAME_SCRIPT: &str = r#"
local function main()
  vim.cmd("edit " .. vim.fn.fnameescape(RULES))
  local rules = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({ name = "hatchway", cmd = { HATCHWAY, "lsp" } })
  assert(id, "the client did not start")
  vim.lsp.buf_attach_client(rules, id)
  local client = vim.lsp.get_client_by_id(id)
  vim.cmd("edit " .. vim.fn.fnameescape(BOARD))
  local board = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(board, id)
  local function errors(buf)
    return vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR })
  end
  assert(vim.wait(15000, function() return #errors(rules) > 0 end, 20), "no diagnostic came")
  local d = errors(rules)[1]
  local reply = client.request_sync("textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(rules) },
    range = { start = { line = d.lnum, character = d.col },
              ["end"] = { line = d.end_lnum, character = d.end_col } },
    context = { diagnostics = {} },
  }, 10000, rules)
  assert(reply and reply.result and reply.result[1], "no quick fix: " .. vim.inspect(reply))
  vim.lsp.util.apply_workspace_edit(reply.result[1].edit, "utf-16")
  vim.cmd("buffer " .. rules)
  vim.cmd("write")
  assert(vim.wait(15000, function() return #errors(rules) == 0 end, 20),
    "the rules kept errors: " .. vim.inspect(errors(rules)))
  local renamed = client.request_sync("textDocument/rename", {
    textDocument = { uri = vim.uri_from_bufnr(board) },
    position = { line = 3, character = 9 },
    newName = "blaze",
  }, 10000, board)
  assert(renamed and renamed.result, "no rename: " .. vim.inspect(renamed))
  vim.lsp.util.apply_workspace_edit(renamed.result, "utf-16")
  vim.cmd("wall")
  assert(vim.wait(15000, function()
    local lines = vim.api.nvim_buf_get_lines(board, 0, -1, false)
    return lines[4] == "room 2: blaze" and #vim.diagnostic.get(board) == 0
  end, 20), "the board: " .. vim.inspect(vim.diagnostic.get(board)))
end
local ok, err = pcall(main)
if not ok then
  io.stderr:write(tostring(err) .. "\n")
  vim.cmd("cquit 2")
end
vim.cmd("qall!")
"#;

#[test]
#[ignore = "needs Neovim"]
fn neovim_adds_a_missing_rule_and_renames_a_state_across_rules_and_board() {
    let dir = neovim_folder("rename");
    let rules_text = std::fs::read_to_string(root().join("boards/red-november.rules"))
        .expect("the shipped rules")
        .replace("rules red-november", "rules mine")
        .replace("enter low_flood: cost 1\n", "");
    let rules = dir.join("mine.rules");
    std::fs::write(&rules, &rules_text).expect("write the rules");
    let board = dir.join("b.board");
    std::fs::write(
        &board,
        "board b\nrules \"mine.rules\"\nroom 1: clear\nroom 2: fire\nhatch 1-2\nstart 1\n",
    )
    .expect("write the board");
    let header = format!(
        "RULES = {}\nBOARD = {}\nHATCHWAY = {}\n",
        lua_string(&rules.display().to_string()),
        lua_string(&board.display().to_string()),
        lua_string(env!("CARGO_BIN_EXE_hatchway"))
    );
    run_neovim(&dir, &header, NEOVIM_RENAME_SCRIPT);
    let rules_after = std::fs::read_to_string(&rules).expect("the rules");
    assert!(
        rules_after.contains("\nenter low_flood: cost 1\n"),
        "{rules_after}"
    );
    assert!(
        rules_after.contains("\nenter blaze: forbidden\n"),
        "{rules_after}"
    );
    assert!(!rules_after.contains("\nenter fire"), "{rules_after}");
    let board_after = std::fs::read_to_string(&board).expect("the board");
    assert!(board_after.contains("room 2: blaze\n"), "{board_after}");
}

/// The semantic tokens `hatchway lsp` gives every board and rules file of
/// `folders` (YAML and JSON boards are coloured by the editor's own
/// support), as the JSON the grammar test reads: each file's path and its
/// tokens' line, start, length (UTF-16 units) and type.
fn semantic_tokens_of(folders: &[&str]) -> Value {
    let mut paths: Vec<PathBuf> = folders
        .iter()
        .flat_map(|folder| {
            std::fs::read_dir(root().join(folder))
                .unwrap_or_else(|e| panic!("{folder}: {e}"))
                .map(|e| e.expect("a folder entry").path())
        })
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("board" | "rules")
            )
        })
        .collect();
    paths.sort();
    assert!(paths.len() >= 10, "{paths:?}");
    let mut session = super::lsp::Session::started();
    let files: Vec<Value> = paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("a shipped file");
            let uri = super::lsp::uri(path);
            let language = match path.extension().and_then(|e| e.to_str()) {
                Some("rules") => "hatchway-rules",
                _ => "hatchway-board",
            };
            session.open(&uri, language, &text);
            let answer = session.result(
                "textDocument/semanticTokens/full",
                super::lsp::doc(&uri),
            );
            let tokens: Vec<Value> = super::lsp::decoded(&answer)
                .into_iter()
                .map(|(line, start, length, kind)| {
                    serde_json::json!({"line": line, "start": start, "length": length, "kind": kind})
                })
                .collect();
            assert!(!tokens.is_empty(), "no tokens for {}", path.display());
            serde_json::json!({"path": path, "tokens": tokens})
        })
        .collect();
    assert_eq!(session.finish().0, 0);
    Value::Array(files)
}

/// Runs `program` with `args` in `dir`; fails with what it said unless it
/// succeeds.
fn run_in(dir: &Path, program: &str, args: &[&str]) -> String {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{program} runs (apt-get install nodejs npm): {e}"));
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "`{program} {}` failed:\n{said}",
        args.join(" ")
    );
    said
}

#[test]
#[ignore = "needs Node.js and npm"]
fn the_grammar_scopes_every_word_as_the_server_reads_it() {
    // Every shipped file, and statements that run over lines or are left
    // unfinished (which none of those has).
    let tokens = semantic_tokens_of(&["boards", "tests/fixtures/grammar"]);
    let dir = std::env::temp_dir().join(format!("hatchway-grammar-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let json_path = dir.join("tokens.json");
    std::fs::write(&json_path, tokens.to_string()).expect("write the tokens");
    // The versions the lockfile pins, into the test folder's node_modules
    // (git-ignored); `npm ci` starts from nothing each time, so a changed
    // lockfile is always what runs.
    let test_dir = root().join("editors/vscode/test");
    run_in(&test_dir, "npm", &["ci", "--no-audit", "--no-fund"]);
    let said = run_in(
        root(),
        "node",
        &[
            "editors/vscode/test/grammar.test.js",
            &json_path.display().to_string(),
        ],
    );
    assert!(said.contains(" tokens checked"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}
