//! The documents a user reads are tests: every `console` block of README.md
//! and docs/*.md (docs/COMMANDS.md among them) is run against the built
//! binary and its output (standard output and standard error together) and
//! exit code compared, so a changed output fails here until the document
//! shows it. The other tests hold the documents to the program: every
//! document it names exists, every command has an example in
//! docs/COMMANDS.md, every diagnostic code is listed, and README.md stays
//! short.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[test]
fn readme_and_docs_examples_run_as_shown() {
    trycmd::TestCases::new()
        .register_bin("hatchway", trycmd::cargo::cargo_bin!("hatchway"))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .env("CLICOLOR_FORCE", "0")
        .case("README.md")
        .case("docs/*.md");
}

/// README.md is the front door: what hatchway is, how to set it up, a
/// player's questions each answered by one command, and where to read on.
/// The reference of every command is docs/COMMANDS.md.
#[test]
fn the_readme_is_short() {
    let lines = read("README.md").lines().count();
    assert!(
        lines < 300,
        "README.md has {lines} lines: move reference material to docs/COMMANDS.md"
    );
}

/// The example of `paths --batch` in docs/INTERCHANGE.md: its `jsonl,stdin`
/// block fed to the command gives its `jsonl,stdout` block and exit code 1
/// (the example's second board is invalid). trycmd cannot feed standard
/// input from a Markdown file, hence this test.
#[test]
fn the_batch_example_runs_as_shown() {
    let doc = read("docs/INTERCHANGE.md");
    let stdin = fenced(&doc, "jsonl,stdin");
    let expected = fenced(&doc, "jsonl,stdout");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(["paths", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hatchway binary runs");
    child
        .stdin
        .take()
        .expect("piped standard input")
        .write_all(stdin.as_bytes())
        .expect("write the batch");
    let out = child.wait_with_output().expect("the batch ends");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert_eq!(out.status.code(), Some(1));
}

/// Every document the program, its snapshots, the shipped boards and the
/// documents themselves send a reader to is in the repository: a name
/// with a folder (`docs/RULES.md`) as written, a bare name (`RULES.md`) at
/// the top or in docs/. A name outside the repository (`/work/...`,
/// `../shared/...`) fails even where that file happens to exist, since a
/// clone does not have it.
#[test]
fn every_document_named_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "snapshots", "boards", "docs", "benches", "examples"] {
        files_under(&root.join(dir), &mut files);
    }
    // Every document at the top: README, FUZZING, BENCHMARKS, CHANGELOG.
    for entry in std::fs::read_dir(root).expect("the crate's folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    let mut named = 0;
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        for name in markdown_names(&text) {
            named += 1;
            assert!(
                !name.starts_with('/'),
                "{} names `{name}`, which is outside the repository",
                file.display()
            );
            let candidates = if name.contains('/') {
                vec![root.join(&name), file.parent().unwrap_or(root).join(&name)]
            } else {
                vec![root.join(&name), root.join("docs").join(&name)]
            };
            let inside = |p: &PathBuf| {
                p.canonicalize()
                    .ok()
                    .zip(root.canonicalize().ok())
                    .is_some_and(|(p, r)| p.starts_with(r) && p.is_file())
            };
            let found = candidates.iter().any(inside);
            assert!(
                found,
                "{} names `{name}`, which is not in the repository",
                file.display()
            );
        }
    }
    // The scan must see the documents the help and diagnostics name.
    assert!(named >= 10, "only {named} names of documents found");
}

/// Every command `hatchway --help` lists has an example in
/// docs/COMMANDS.md (an example trycmd runs, so it is a working one).
#[test]
fn every_command_has_an_example_in_commands_md() {
    let commands = commands();
    assert!(commands.len() >= 12, "{commands:?}");
    let reference = read("docs/COMMANDS.md");
    for command in commands {
        let shown = reference.lines().any(|l| {
            l.strip_prefix("$ hatchway ")
                .is_some_and(|rest| rest.split_whitespace().next() == Some(command.as_str()))
        });
        assert!(
            shown,
            "docs/COMMANDS.md has no `$ hatchway {command}` example"
        );
    }
}

/// Every diagnostic code the program can report is listed in
/// docs/INTERCHANGE.md, where scripts look codes up.
#[test]
fn every_diagnostic_code_is_documented() {
    let doc = read("docs/INTERCHANGE.md");
    let codes: Vec<&str> = hatchway::diagnostic::Code::ALL
        .iter()
        .map(|c| c.as_str().trim_start_matches("hatchway::"))
        .collect();
    assert!(codes.len() >= 20, "only {} codes found", codes.len());
    for code in codes {
        assert!(
            doc.contains(&format!("`hatchway::{code}`")) || doc.contains(&format!("`{code}`")),
            "docs/INTERCHANGE.md does not list `hatchway::{code}`"
        );
    }
}

fn read(file: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The text of the first fenced block whose info string is `info`.
fn fenced(doc: &str, info: &str) -> String {
    let open = format!("```{info}\n");
    let start = doc
        .find(&open)
        .unwrap_or_else(|| panic!("no ```{info} block"))
        + open.len();
    let end = doc[start..].find("```").expect("the block ends") + start;
    doc[start..end].to_string()
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, files);
        } else {
            files.push(path);
        }
    }
}

/// The names of Markdown files a text mentions (`docs/RULES.md`,
/// `INTERCHANGE.md`).
fn markdown_names(text: &str) -> Vec<String> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    text.match_indices(".md")
        .filter(|(at, _)| !text[at + 3..].starts_with(|c: char| c.is_ascii_alphanumeric()))
        .filter_map(|(at, _)| {
            let start = text[..at].rfind(|c: char| !is_name(c)).map_or(0, |i| i + 1);
            let name = text[start..at + 3].trim_start_matches("./");
            (name.len() > 3).then(|| name.to_string())
        })
        .collect()
}

/// Runs hatchway with `args`; its standard output.
fn stdout_of(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_hatchway"))
        .args(args)
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("the hatchway binary runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The commands `hatchway --help` lists, but `help`.
fn commands() -> Vec<String> {
    let help = stdout_of(&["--help"]);
    help.split("Commands:")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("a list of commands")
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// Every `--help` ends with one to three examples, and each is an example
/// of docs/COMMANDS.md, which the trycmd test runs: so the help's examples
/// work.
#[test]
fn help_examples_are_examples_of_commands_md() {
    let reference = read("docs/COMMANDS.md");
    let mut pages: Vec<Vec<String>> = vec![vec![]];
    pages.extend(commands().into_iter().map(|c| vec![c]));
    for page in pages {
        let mut args: Vec<&str> = page.iter().map(String::as_str).collect();
        args.push("--help");
        let help = stdout_of(&args);
        let examples: Vec<&str> = help
            .split("\nExamples:\n")
            .nth(1)
            .unwrap_or_else(|| panic!("{args:?} ends without examples"))
            .lines()
            .filter_map(|l| l.strip_prefix("  "))
            .collect();
        assert!((1..=3).contains(&examples.len()), "{args:?}: {examples:?}");
        for example in examples {
            assert!(
                reference.lines().any(|l| l == format!("$ {example}")),
                "the example `{example}` of {args:?} is not an example of docs/COMMANDS.md"
            );
        }
    }
}

/// Every man page has EXAMPLES, EXIT STATUS with every exit code,
/// ENVIRONMENT and SEE ALSO.
#[test]
fn man_pages_have_the_sections_a_reader_looks_for() {
    let mut pages = vec![stdout_of(&["man"])];
    pages.extend(commands().iter().map(|c| stdout_of(&["man", c])));
    for page in pages {
        let title = page
            .lines()
            .find(|l| l.starts_with(".TH"))
            .unwrap_or("")
            .to_string();
        for section in [
            ".SH EXAMPLES",
            ".SH \"EXIT STATUS\"",
            ".SH ENVIRONMENT",
            ".SH \"SEE ALSO\"",
        ] {
            assert!(page.contains(section), "{title}: no {section}");
        }
        let status = page
            .split(".SH \"EXIT STATUS\"")
            .nth(1)
            .and_then(|s| s.split("\n.SH").next())
            .unwrap_or("");
        for code in ["0", "1", "2", "3"] {
            assert!(
                status.contains(&format!("\\fB{code}\\fR")),
                "{title}: exit {code}"
            );
        }
    }
}

/// Every environment variable the program reads is in the man page's
/// ENVIRONMENT section.
#[test]
fn every_environment_variable_read_is_documented() {
    let page = stdout_of(&["man"]);
    let environment = page
        .split(".SH ENVIRONMENT")
        .nth(1)
        .and_then(|s| s.split("\n.SH").next())
        .expect("an ENVIRONMENT section");
    let mut files = Vec::new();
    files_under(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut read = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for call in ["var(\"", "var_os(\""] {
            for (at, _) in text.match_indices(call) {
                let rest = &text[at + call.len()..];
                if let Some(end) = rest.find('"') {
                    read.push(rest[..end].to_string());
                }
            }
        }
    }
    assert!(read.iter().any(|v| v == "NO_COLOR"), "{read:?}");
    for name in read {
        assert!(
            environment.contains(&format!("\\fB{name}\\fR")),
            "the man page does not say what `{name}` does"
        );
    }
}

/// The board and rules `hatchway paths` plays given `args`, as its first
/// line names them: `red-november-rulebook: start in room 1 (Engine Room),
/// rules red-november-rulebook, ...`.
fn played(args: &[&str]) -> (String, String) {
    let (out, err, status) = crate::common::hatchway(args);
    assert_eq!(status, 0, "{args:?}: {err}");
    let heading = crate::common::words(&out);
    let board = heading.split(':').next().unwrap_or_default().to_string();
    let rules = heading
        .split(", rules ")
        .nth(1)
        .and_then(|r| r.split([',', ' ']).next())
        .unwrap_or_default()
        .to_string();
    (board, rules)
}

/// The defaults the documents name are the program's: the rules a board
/// uses without a `rules` line (LANGUAGE.md, its statement and its table
/// of defaults), and the board a command plays when given none, with and
/// without built-in rules (COMMANDS.md), against what `hatchway paths`
/// plays.
#[test]
fn the_documented_defaults_are_the_programs() {
    let (board, rules) = played(&["paths", "--max-cost", "0"]);
    assert_eq!(
        (board.as_str(), rules.as_str()),
        ("red-november-rulebook", "red-november-rulebook")
    );
    let language = crate::common::words(&read("docs/LANGUAGE.md"));
    assert!(
        language.contains(&format!("| which rules a board uses | `{rules}` |")),
        "LANGUAGE.md's table of defaults names other rules than `{rules}`"
    );
    assert!(
        language.contains(&format!("At most once; without it, `{rules}`.")),
        "LANGUAGE.md's `rules` statement names other default rules than `{rules}`"
    );
    let commands = crate::common::words(&read("docs/COMMANDS.md"));
    let default_board = format!(
        "Every command that takes a board plays the built-in board `{board}` when none is given (`boards/{board}.board`: the standard submarine with the sea outside the hull, under the default rules `{rules}`)."
    );
    assert!(
        commands.contains(&default_board),
        "COMMANDS.md does not say: {default_board}"
    );
    // "`--rules red-november` plays `boards/red-november.board`, `--rules
    // deep-water` `boards/deep-water.board`"
    let (_, rest) = commands
        .split_once("it plays those rules' own board instead: ")
        .expect("COMMANDS.md says which board `--rules` plays without a board");
    let sentence = rest.split(" (a rules file").next().unwrap_or_default();
    let mut named = 0;
    for pair in sentence.split(", ") {
        let quoted: Vec<&str> = pair.split('`').skip(1).step_by(2).collect();
        let [option, file] = quoted[..] else {
            panic!("COMMANDS.md: `{pair}` names no rules and board");
        };
        let given = option.trim_start_matches("--rules ");
        let (board, rules) = played(&["paths", "--rules", given, "--max-cost", "0"]);
        assert_eq!(rules, given);
        assert_eq!(file, format!("boards/{board}.board"), "--rules {given}");
        named += 1;
    }
    assert_eq!(named, 2, "{sentence}");
}
