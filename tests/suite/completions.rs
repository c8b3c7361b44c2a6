//! `hatchway completions` and `hatchway man`: generated from the command
//! line's definition, non-empty, on standard output, exit 0.

use crate::common;

use common::hatchway;

#[test]
fn every_shell_gets_completions_that_know_the_commands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (out, err, code) = hatchway(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(err.is_empty(), "{shell}: {err}");
        assert!(out.len() > 200, "{shell}: too short:\n{out}");
        for word in ["hatchway", "paths", "export", "import", "dot", "outcome"] {
            assert!(out.contains(word), "{shell}: no `{word}` in:\n{out}");
        }
    }
}

#[test]
fn an_unknown_shell_is_a_command_line_error() {
    let (out, err, code) = hatchway(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("tcsh"), "{err}");
}

#[test]
fn the_man_page_is_roff_for_every_command() {
    let (out, err, code) = hatchway(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(
        out.starts_with(".ie") || out.contains(".TH hatchway"),
        "{out}"
    );
    assert!(out.contains(".TH hatchway 1"), "{out}");
    for word in ["paths", "replay", "export", "import", "dot", "completions"] {
        assert!(out.contains(word), "no `{word}` in:\n{out}");
    }
}

#[test]
fn each_command_has_its_own_man_page() {
    for command in [
        "check", "paths", "sweep", "replay", "export", "import", "dot",
    ] {
        let (out, err, code) = hatchway(&["man", command]);
        assert_eq!(code, 0, "{command}: {err}");
        assert!(
            out.contains(&format!(".TH hatchway-{command} 1")),
            "{command}:\n{out}"
        );
        assert!(
            out.contains(&format!("hatchway {command}")),
            "{command}:\n{out}"
        );
    }
    let (out, err, code) = hatchway(&["man", "fly"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("there is no command `fly`"), "{err}");
}
