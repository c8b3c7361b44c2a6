//! Every hint a stopped search gives names only options its command takes:
//! each `--option` in the advice is run against that command's parser.

use crate::common;

/// The `--options` a text names, as written between backticks or alone.
fn options_named(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == '`' || c == ',' || c == '(')
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(|w| {
            w.trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
                .to_string()
        })
        .collect();
    found.sort();
    found.dedup();
    found
}

/// The options `hatchway COMMAND --help` lists.
fn options_taken(command: &[&str]) -> Vec<String> {
    let (help, _, code) = common::hatchway(&[command, &["--help"]].concat());
    assert_eq!(code, 0, "{command:?} --help");
    options_named(&help)
}

#[test]
fn a_stopped_search_names_only_options_its_command_takes() {
    let board = "boards/desperate-times.board";
    let commands: [&[&str]; 5] = [
        &["paths", board],
        &["replay", board],
        &["report", board],
        &["plan", board],
        &["plan", board, "--action", "pump_water", "--at", "7"],
    ];
    for command in commands {
        let (_, err, code) = common::hatchway(&[command, &["--max-states", "40"]].concat());
        assert_eq!(code, 3, "{command:?} stops at its limit: {err}");
        let named = options_named(&err);
        assert!(!named.is_empty(), "{command:?} advises nothing: {err}");
        let taken = options_taken(&command[..1]);
        for option in named {
            assert!(
                taken.contains(&option),
                "{command:?} advises `{option}`, which it does not take:\n{err}"
            );
        }
    }
}
