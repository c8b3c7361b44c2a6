//! Compiling reads the rules file a board names through the reader it is
//! given (`load::compile_with`), never from the disk in the middle of
//! checking; a file the reader cannot give is reported in the words of one
//! the disk cannot, under the same size limit.

use std::cell::RefCell;
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use hatchway::diagnostic::Code;
use hatchway::load::{self, Compiled, Failure, Input, InputKind};
use hatchway::model::limits;

const RULES: &str = "rules mine\nroom states: clear, wet\nhatch states: closed, open\n\
                     walk through: open\nopen closed: cost 1, becomes open\n\
                     enter clear: cost 1\nenter wet: cost 2\n";

/// A board in `dir` (a folder that is not on the disk) naming `rules`.
fn board_naming(rules: &str, dir: &str) -> Input {
    Input {
        name: format!("{dir}/mine.board"),
        text: format!("board mine\nrules {rules}\nroom 1\nroom 2\nhatch 1-2\nstart 1\n"),
        dir: Some(PathBuf::from(dir)),
        kind: InputKind::Language,
    }
}

/// Each report of a failure as its file's name and the problem in full.
fn reports(failure: &Failure) -> Vec<String> {
    failure
        .reports
        .iter()
        .map(|r| format!("{}: {:?}", r.file().name, r.problem()))
        .collect()
}

#[test]
fn the_rules_a_board_names_are_read_through_the_reader_once() {
    let asked = RefCell::new(Vec::new());
    let files = HashMap::from([(PathBuf::from("no-such-folder/mine.rules"), RULES)]);
    let read = |path: &Path| {
        asked.borrow_mut().push(path.to_path_buf());
        files
            .get(path)
            .map(|text| text.as_bytes().to_vec())
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
    };
    assert!(!Path::new("no-such-folder").exists());
    let input = board_naming("\"mine.rules\"", "no-such-folder");
    let loaded = load::compile_with(&input, &read).map_err(|f| reports(&f));
    let Ok(Compiled::Board(board)) = loaded.map(|l| l.value) else {
        panic!("the board does not compile");
    };
    assert_eq!(board.rules.name, "mine");
    assert_eq!(
        asked.into_inner(),
        [PathBuf::from("no-such-folder/mine.rules")]
    );
}

#[test]
fn built_in_rules_and_rules_files_read_nothing() {
    let calls = RefCell::new(0);
    let read = |_: &Path| -> io::Result<Vec<u8>> {
        *calls.borrow_mut() += 1;
        Err(io::Error::from(io::ErrorKind::NotFound))
    };
    let board = board_naming("red-november", "no-such-folder");
    assert!(load::compile_with(&board, &read).is_ok());
    let rules = Input {
        name: "mine.rules".to_string(),
        text: RULES.to_string(),
        dir: None,
        kind: InputKind::Language,
    };
    assert!(matches!(
        load::compile_with(&rules, &read).map(|l| l.value),
        Ok(Compiled::Rules(_))
    ));
    assert_eq!(calls.into_inner(), 0);
}

#[test]
fn a_file_the_reader_cannot_find_is_reported_as_one_missing_on_disk() {
    let input = board_naming("\"mine.rules\"", "no-such-folder");
    let missing = |_: &Path| -> io::Result<Vec<u8>> { Err(io::ErrorKind::NotFound.into()) };
    let Err(read) = load::compile_with(&input, &missing) else {
        panic!("a missing rules file compiled");
    };
    let Err(disk) = load::compile(&input) else {
        panic!("a missing rules file compiled from the disk");
    };
    assert_eq!(reports(&read), reports(&disk));
    assert_eq!(
        read.reports[0].problem().message,
        "cannot read the rules `mine.rules`: no such file"
    );
}

#[test]
fn what_the_reader_gives_is_held_to_the_size_limit() {
    let input = board_naming("\"mine.rules\"", "no-such-folder");
    let large = |_: &Path| Ok(vec![b'#'; limits::FILE_SIZE + 1]);
    let Err(failure) = load::compile_with(&input, &large) else {
        panic!("an oversize rules file compiled");
    };
    let problem = failure.reports[0].problem();
    assert_eq!(problem.code, Code::TooLarge);
    assert_eq!(
        problem.message,
        "cannot read the rules `mine.rules`: it is larger than 1 MiB"
    );
    let at_limit = |_: &Path| {
        let mut bytes = RULES.as_bytes().to_vec();
        bytes.resize(limits::FILE_SIZE, b'\n');
        Ok(bytes)
    };
    assert!(load::compile_with(&input, &at_limit).is_ok());
}

#[test]
fn problems_in_rules_the_reader_gives_are_reported_on_that_file() {
    let input = board_naming("\"mine.rules\"", "no-such-folder");
    let broken = |_: &Path| Ok(b"rules mine\nroom states clear\n".to_vec());
    let Err(failure) = load::compile_with(&input, &broken) else {
        panic!("a board with broken rules compiled");
    };
    let files: Vec<&str> = failure
        .reports
        .iter()
        .map(|r| r.file().name.as_str())
        .collect();
    assert_eq!(
        files,
        ["no-such-folder/mine.rules", "no-such-folder/mine.board"]
    );
    assert_eq!(
        failure.reports[1].problem().message,
        "the rules `mine.rules` have an error"
    );
}
