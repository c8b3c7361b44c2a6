//! `hatchway test` from the command line: a folder of boards with a house
//! rules file, snapshots created, kept, broken by a rules edit and
//! accepted again through `--review`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common;

/// A fresh folder under the system's temporary folder, removed when
/// dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!("hatchway-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("the temporary folder can be made");
        Folder(dir)
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.0.join(name), text).expect("the file can be written");
    }

    fn files(&self, dir: &str) -> Vec<String> {
        let mut names: Vec<String> = match std::fs::read_dir(self.0.join(dir)) {
            Ok(list) => list
                .map(|e| {
                    e.expect("the folder lists")
                        .file_name()
                        .to_string_lossy()
                        .into_owned()
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        names.sort();
        names
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs hatchway in `dir` with `stdin` as its input, outside CI unless
/// `ci`; standard output, standard error and the exit code.
fn run(dir: &Path, args: &[&str], stdin: &str, ci: bool) -> (String, String, i32) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hatchway"));
    command
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("TF_BUILD")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if ci {
        command.env("CI", "true");
    } else {
        command.env_remove("CI");
    }
    let mut child = command.spawn().expect("the hatchway binary runs");
    if let Some(mut input) = child.stdin.take() {
        input
            .write_all(stdin.as_bytes())
            .expect("the answers can be written");
    }
    let out = child.wait_with_output().expect("hatchway ends");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// A folder with three boards played by `house.rules` (the base game's
/// rules, copied).
fn three_boards(test: &str) -> Folder {
    let folder = Folder::new(test);
    let rules = std::fs::read_to_string(common::board_path("red-november.rules"))
        .expect("the shipped rules read");
    folder.write(
        "house.rules",
        &rules.replace("rules red-november", "rules house"),
    );
    folder.write(
        "flood.board",
        "board flood\nrules \"house.rules\"\n\nroom 1: clear\nroom 2: high_flood\nroom 3: fire\nroom 4: low_flood\n\nhatch 1-2\nhatch 1-3\nhatch 2-3\nhatch 2-4\nhatch 3-4\n\nstart 2\n",
    );
    folder.write(
        "corridor.board",
        "board corridor\nrules \"house.rules\"\n\nroom 1\nroom 2: low_flood\nroom 3\n\nhatch 1-2: open\nhatch 2-3\n\nstart 1\n",
    );
    std::fs::create_dir_all(folder.0.join("more")).expect("a sub-folder can be made");
    folder.write(
        "more/galley.yaml",
        "name: galley\nrules: ../house.rules\nrooms:\n  - id: 1\n  - id: 2\n    state: low_flood\nhatches:\n  - between: [1, 2]\nstart: 1\n",
    );
    folder
}

#[test]
fn snapshots_are_made_kept_broken_and_accepted_again() {
    let folder = three_boards("made-kept-broken");
    let dir = folder.0.as_path();

    // No snapshots yet: each is new and the run fails, but a plain run
    // writes nothing: no folder appears beside the boards.
    let (out, err, code) = run(dir, &["test"], "", false);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("3 boards, 0 match, 3 new"), "{out}");
    assert!(
        out.contains("nothing written: review them with `hatchway test --review`"),
        "{out}"
    );
    assert!(!out.contains("snapshots:"), "{out}");
    assert!(!dir.join("snapshots").exists());
    assert!(!dir.join("more/snapshots").exists());

    // In CI nothing is written and a missing snapshot fails.
    let (out, _, code) = run(dir, &["test"], "", true);
    assert_eq!(code, 1);
    assert!(out.contains("3 boards, 0 match, 3 new"), "{out}");
    assert!(folder.files("snapshots").is_empty());
    let (_, err, code) = run(dir, &["test", "--accept"], "", true);
    assert_eq!(code, 2);
    assert!(err.contains("writes nothing"), "{err}");

    // --accept stores them, in the folders it names first; the next run
    // passes and leaves nothing pending.
    let (out, err, code) = run(dir, &["test", "--accept"], "", false);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with("snapshots: snapshots, more/snapshots\n"),
        "{out}"
    );
    assert!(
        out.contains("3 boards, 0 match, 3 new (3 accepted)"),
        "{out}"
    );
    let (out, _, code) = run(dir, &["test"], "", false);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "3 boards, 3 match\n");
    assert_eq!(
        folder.files("snapshots"),
        vec!["replay@corridor.board.snap", "replay@flood.board.snap"]
    );
    let stored = std::fs::read_to_string(dir.join("snapshots/replay@flood.board.snap"))
        .expect("the snapshot reads");
    assert!(stored.starts_with("---\nsource: flood.board\n"), "{stored}");
    assert!(
        stored.contains("---\nflood: start in room 2, rules house, 9 outcomes\n"),
        "{stored}"
    );

    // Low water now takes two minutes, and high water no longer puts out a
    // fire: the changes are told in words.
    let rules = std::fs::read_to_string(dir.join("house.rules")).expect("readable");
    folder.write(
        "house.rules",
        &rules
            .replace("enter low_flood: cost 1", "enter low_flood: cost 2")
            .replace(
                "flow high_flood + fire -> low_flood + low_flood",
                "flow high_flood + fire -> low_flood + fire",
            ),
    );
    let (out, _, code) = run(dir, &["test"], "", false);
    assert_eq!(code, 1, "{out}");
    common::snapshot_settings().bind(|| insta::assert_snapshot!("test-after-rules-edit", out));
    let (out, _, code) = run(dir, &["test", "--diff", "full", "flood.board"], "", false);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("\n-outcome 5 of 9: ends in room 1, 2 min"),
        "{out}"
    );
    assert!(
        out.contains("\n+outcome 5 of 8: ends in room 1, 3 min"),
        "{out}"
    );

    // --review: an unclear answer is asked again; reject one, accept one,
    // and the input ends before the third, which is skipped.
    let (out, _, code) = run(dir, &["test", "--review"], "maybe\nr\na\n", false);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("snapshots: snapshots, more/snapshots\n"),
        "{out}"
    );
    assert!(
        out.contains("answer a (accept), r (reject) or s (skip)"),
        "{out}"
    );
    assert!(
        out.contains("rejected: the snapshot stays as it was"),
        "{out}"
    );
    assert!(out.contains("(1 accepted)"), "{out}");
    assert_eq!(
        folder.files("more/snapshots"),
        vec!["replay@galley.yaml.snap", "replay@galley.yaml.snap.new"]
    );
    // Accepting the other two makes the folder pass again.
    let (out, _, code) = run(dir, &["test", "--review"], "a\na\n", false);
    assert_eq!(code, 0, "{out}");
    let (out, _, code) = run(dir, &["test"], "", false);
    assert_eq!((out.as_str(), code), ("3 boards, 3 match\n", 0));
    assert!(
        folder
            .files("more/snapshots")
            .iter()
            .all(|f| !f.ends_with(".new"))
    );
}

#[test]
fn snapshots_can_live_in_one_folder() {
    let folder = three_boards("one-folder");
    let dir = folder.0.as_path();
    let (out, _, code) = run(
        dir,
        &["test", ".", "--snapshots", "kept", "--accept"],
        "",
        false,
    );
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        folder.files("kept"),
        vec![
            "replay@corridor.board.snap",
            "replay@flood.board.snap",
            "replay@more__galley.yaml.snap"
        ]
    );
    let (out, _, code) = run(dir, &["test", "--snapshots", "kept"], "", true);
    assert_eq!((out.as_str(), code), ("3 boards, 3 match\n", 0));
}

#[test]
fn bad_usage_and_broken_boards() {
    let folder = three_boards("bad-usage");
    let dir = folder.0.as_path();
    let (_, err, code) = run(dir, &["test", "no-such-folder"], "", false);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-folder"), "{err}");
    let (_, err, code) = run(dir, &["test", "more/snapshots"], "", false);
    assert_eq!(code, 2, "{err}");
    let (_, _, code) = run(dir, &["test", "--accept", "--review"], "", false);
    assert_eq!(code, 2);
    folder.write("broken.board", "board broken\nroom 1\nstart 9\n");
    let (out, err, code) = run(dir, &["test", "--accept"], "", false);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("failed   broken.board"), "{out}");
    assert!(
        out.contains("4 boards, 0 match, 3 new, 1 failed (3 accepted)"),
        "{out}"
    );
    assert!(err.contains("broken.board"), "{err}");
}

/// The shipped boards against the project's own snapshots, as CI runs it:
/// `cargo test` (tests/suite/boards.rs) and `hatchway test` keep the same files.
#[test]
fn shipped_boards_match_the_projects_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (out, err, code) = run(
        root,
        &["test", "--snapshots", "snapshots", "boards"],
        "",
        true,
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.ends_with(" match\n") && !out.contains("changed"),
        "{out}"
    );
}

#[test]
fn a_changed_survival_is_told_and_a_snapshot_without_its_answer_is_shown_as_text() {
    let folder = three_boards("survival-and-old");
    let dir = folder.0.as_path();
    let (out, _, code) = run(dir, &["test", "--accept"], "", false);
    assert_eq!(code, 0, "{out}");
    // The corridor's snapshot as an older hatchway wrote it: the header
    // without the answer's data.
    let path = dir.join("snapshots/replay@corridor.board.snap");
    let stored = std::fs::read_to_string(&path).expect("the snapshot reads");
    let (header, text) = stored
        .split_once("\n---\n")
        .expect("the snapshot has a header");
    let header = &header[..header.find("\ninfo:").expect("the header keeps the answer")];
    std::fs::write(&path, format!("{header}\n---\n{text}")).expect("writable");
    // Low water now kills a gnome left in it.
    let rules = std::fs::read_to_string(dir.join("house.rules")).expect("readable");
    folder.write("house.rules", &format!("{rules}\nend low_flood: fatal\n"));
    let (out, _, code) = run(dir, &["test", "flood.board", "corridor.board"], "", false);
    assert_eq!(code, 1, "{out}");
    let (flood, corridor) = out
        .split_once("changed  corridor.board\n")
        .expect("both boards changed");
    assert_eq!(
        flood,
        "changed  flood.board\n  \
         outcome 2, room 2: now fatal, was safe\n  \
         outcome 3, room 2: now fatal, was safe\n  \
         outcome 5, room 1: now fatal, was safe\n  \
         outcome 6, room 3: now fatal, was safe\n  \
         outcome 7, room 4: now fatal, was safe\n  \
         outcome 8, room 4: now fatal, was safe\n  \
         outcome 9, room 4: now fatal, was safe\n"
    );
    assert!(
        corridor.starts_with(
            "  the snapshot keeps no data of its outcomes to compare; the text diff follows\n@@ "
        ),
        "{corridor}"
    );
}

/// A new snapshot is shown before it can be accepted: its turn and every
/// outcome in the player's words (`--diff short`), or its whole text
/// (`--diff full`), so that no author accepts what they have not seen.
#[test]
fn a_new_snapshot_shows_its_outcomes_before_it_is_accepted() {
    let folder = Folder::new("new-shown");
    let dir = folder.0.as_path();
    folder.write(
        "wade.board",
        "board wade\nrules red-november-rulebook\n\nroom 1\nroom 2: \"low water\"\nroom 3: fire\n\nhatch 1-2\nhatch 2-3\n\nstart 1\n",
    );
    let (out, err, code) = run(dir, &["test"], "", false);
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (
            "new      wade.board
  wade: start in room 1, rules red-november-rulebook, 2 outcomes
  outcome 1: ends in room 1, 0 minutes, no room changes, safe, staying
  outcome 2: ends in room 2, 2 minutes, no room changes, safe, by open 1-2, move 2

1 board, 0 match, 1 new
nothing written: review them with `hatchway test --review`, or accept them all with `--accept`
",
            "",
            1
        )
    );
    // What `--review` asks about is what it shows, the whole text with
    // `--diff full`, and what it stores is that text.
    let (out, err, code) = run(dir, &["test", "--review", "--diff", "full"], "a\n", false);
    assert_eq!(code, 0, "{out}{err}");
    let stored = std::fs::read_to_string(dir.join("snapshots/replay@wade.board.snap"))
        .expect("the snapshot is stored");
    let text = stored
        .split("\n---\n")
        .nth(1)
        .expect("a header, then the text");
    let shown: String = text
        .lines()
        .map(|l| {
            if l.is_empty() {
                "\n".to_string()
            } else {
                format!("  {l}\n")
            }
        })
        .collect();
    assert_eq!(
        out,
        format!(
            "snapshots: snapshots\nnew      wade.board\n{shown}  accept, reject or skip? [a/r/s]   accepted snapshots/replay@wade.board.snap\n\n1 board, 0 match, 1 new (1 accepted)\n"
        )
    );
}
