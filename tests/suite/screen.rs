//! The full-screen views: every screen pinned as drawn in a terminal of a
//! given size (ratatui's `TestBackend`), a cast read back, and the real
//! binary run in a pseudo-terminal, keys in and the screen read back.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hatchway::answer::{Answer, Turn};
use hatchway::screen::{Playing, Replaying, Screen};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::common;

fn turn_of(file: &str, items: &[&str]) -> Turn {
    let path = common::board_path(file);
    let board = hatchway::load::board_file(&path)
        .unwrap_or_else(|_| panic!("{file} loads"))
        .value;
    let held = Turn::items_named(&board.rules, items).expect("the items exist");
    Turn::holding(board, held)
}

/// The screen as a terminal of `columns` by `lines` shows it.
fn shown(screen: &impl Screen, columns: u16, lines: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(columns, lines)).expect("a test terminal");
    terminal
        .draw(|frame| screen.draw(frame))
        .expect("the screen draws");
    terminal.backend().to_string()
}

fn press(screen: &mut impl Screen, keys: &[KeyCode]) {
    for &k in keys {
        screen.key(KeyEvent::from(k));
    }
}

/// A terminal emulator's size, never zero.
fn size(n: u16) -> std::num::NonZero<u16> {
    std::num::NonZero::new(n).expect("a size above zero")
}

fn pinned(name: &str, text: &str) {
    common::snapshot_settings().bind(|| insta::assert_snapshot!(name, text));
}

#[test]
fn the_replay_screen_steps_from_the_start_to_the_verdict() {
    let turn = turn_of("desperate-times.board", &["grog"]);
    let solution = turn.solve(&Default::default()).expect("solves");
    let answer = Answer::new(&turn, &solution.outcomes);
    let mut screen = Replaying::new(&answer, Some(18), false, false);
    let start = shown(&screen, 80, 24);
    assert!(start.contains("step 0 of 6: start in room 7 (Missile Control)"));
    pinned("screen_replay_start", &start);
    press(&mut screen, &[KeyCode::Right; 3]);
    let middle = shown(&screen, 80, 24);
    assert!(middle.contains("step 3 of 6: open hatch 2-5"));
    assert!(middle.contains("*o*"), "the hatch just opened is marked");
    pinned("screen_replay_middle", &middle);
    press(&mut screen, &[KeyCode::Right; 3]);
    let end = shown(&screen, 80, 24);
    assert!(end.contains("he dies if he stays and does nothing: room 1 has"));
    assert!(end.contains("Extinguish Fire saves him whatever the roll"));
    assert!(end.contains("chance     2/5   1/2   3/5  7/10   4/5  9/10  sure"));
    pinned("screen_replay_end", &end);
    // Stepping past the end stays at the end.
    press(&mut screen, &[KeyCode::Right]);
    assert_eq!(shown(&screen, 80, 24), end);
    press(&mut screen, &[KeyCode::Char('o')]);
    let odds = shown(&screen, 80, 24);
    assert!(odds.contains("fix-its in room 1 (Engine Room)"));
    assert!(odds.contains("chance     2/5   1/2   3/5  7/10   4/5  9/10  sure  sure  sure  sure"));
    pinned("screen_replay_odds", &odds);
    press(&mut screen, &[KeyCode::Esc, KeyCode::Char('?')]);
    pinned("screen_replay_help", &shown(&screen, 80, 24));
    press(&mut screen, &[KeyCode::Esc, KeyCode::Home]);
    assert_eq!(shown(&screen, 80, 24), start);
}

#[test]
fn outcomes_are_switched_in_the_order_paths_lists_them() {
    let turn = turn_of("desperate-times.board", &["grog"]);
    let solution = turn.solve(&Default::default()).expect("solves");
    let answer = Answer::new(&turn, &solution.outcomes);
    let mut screen = Replaying::new(&answer, Some(18), false, false);
    press(&mut screen, &[KeyCode::Down]);
    let next = shown(&screen, 80, 24);
    assert!(next.contains("outcome 19 of 24"));
    pinned("screen_replay_next_outcome", &next);
    press(&mut screen, &[KeyCode::Up, KeyCode::Up]);
    assert!(shown(&screen, 80, 24).contains("outcome 17 of 24"));
    // Typing a number goes to that outcome; one the turn lacks is said.
    press(
        &mut screen,
        &[KeyCode::Char('4'), KeyCode::Char('0'), KeyCode::Enter],
    );
    let missing = shown(&screen, 80, 24);
    assert!(missing.contains("there is no outcome 40: this turn has outcomes 1 to 24"));
    press(&mut screen, &[KeyCode::Char('3'), KeyCode::Enter]);
    assert!(shown(&screen, 80, 24).contains("outcome 3 of 24"));
    press(&mut screen, &[KeyCode::Char('a')]);
    let list = shown(&screen, 80, 24);
    assert!(list.contains(">   3"));
    pinned("screen_replay_list", &list);
}

/// The screens explain their drawing: `?` shows the legend of every mark,
/// the list of outcomes says what each changes beside its verdict, and
/// words that do not fit say how much is cut and scroll with PgDn and
/// PgUp; at 80x24 and at 200x50.
#[test]
fn the_screens_explain_their_marks_and_what_is_cut() {
    let turn = turn_of("desperate-times.board", &["grog"]);
    let solution = turn.solve(&Default::default()).expect("solves");
    let answer = Answer::new(&turn, &solution.outcomes);
    for (columns, lines) in [(80, 24), (200, 50)] {
        let mut screen = Replaying::new(&answer, Some(18), false, false);
        press(&mut screen, &[KeyCode::Char('?')]);
        let help = shown(&screen, columns, lines);
        for mark in [
            "[c]  a hatch that is closed",
            "[b]  a hatch that is blocked",
            "@  the player's room",
            "(n)  the n-th room",
            "*c*  the hatch the step shown opened",
        ] {
            if lines >= 50 {
                assert!(help.contains(mark), "{mark} in\n{help}");
            }
        }
        pinned(&format!("screen_help_{columns}x{lines}"), &help);
        press(&mut screen, &[KeyCode::Esc, KeyCode::Char('a')]);
        let list = shown(&screen, columns, lines);
        assert!(list.contains("changes"), "{list}");
        pinned(&format!("screen_list_{columns}x{lines}"), &list);
    }
    // At 80x24 the help is cut: a mark says how much is below, PgDn shows
    // it and says what is above.
    let mut screen = Replaying::new(&answer, Some(18), false, false);
    press(&mut screen, &[KeyCode::Char('?')]);
    let top = shown(&screen, 80, 24);
    assert!(top.contains("more below · PgDn"), "{top}");
    press(&mut screen, &[KeyCode::PageDown]);
    let below = shown(&screen, 80, 24);
    assert!(below.contains("above"), "{below}");
    assert!(below.contains("@  the player's room"), "{below}");
    pinned("screen_help_scrolled_80x24", &below);
    // The verdict under the ship at the end of outcome 18 fits 80x24 but
    // not the smallest screen, 80x20: it is cut with a mark and scrolls the
    // same way.
    press(&mut screen, &[KeyCode::Esc, KeyCode::End]);
    let end = shown(&screen, 80, 20);
    assert!(end.contains("more below · PgDn"), "{end}");
    press(&mut screen, &[KeyCode::PageDown]);
    let rest = shown(&screen, 80, 20);
    assert!(rest.contains("above · PgUp"), "{rest}");
    assert!(rest.contains("if fails     6     7"), "{rest}");
    pinned("screen_verdict_scrolled_80x20", &rest);
    press(&mut screen, &[KeyCode::PageUp]);
    assert_eq!(shown(&screen, 80, 20), end);
}

/// `play` has the odds panel too, and its help the legend.
#[test]
fn the_play_screen_has_the_odds_and_the_legend() {
    let turn = turn_of("desperate-times.board", &["grog"]);
    let solution = turn.solve(&Default::default()).expect("solves");
    let mut screen = Playing::new(&turn, &solution.outcomes, false, false);
    press(
        &mut screen,
        &[KeyCode::Enter, KeyCode::Enter, KeyCode::Char('o')],
    );
    let odds = shown(&screen, 80, 24);
    assert!(odds.contains("fix-its in room 5"), "{odds}");
    assert!(odds.contains("Pump Water on room 5"), "{odds}");
    pinned("screen_play_odds", &odds);
    press(&mut screen, &[KeyCode::Esc, KeyCode::Char('?')]);
    let help = shown(&screen, 200, 50);
    assert!(
        help.contains("o              the fix-it odds of the room he stands in"),
        "{help}"
    );
    assert!(help.contains("@  the player's room"), "{help}");
}

#[test]
fn a_terminal_too_small_is_told_so() {
    let turn = turn_of("desperate-times.board", &[]);
    let solution = turn.solve(&Default::default()).expect("solves");
    let answer = Answer::new(&turn, &solution.outcomes);
    let screen = Replaying::new(&answer, Some(1), false, false);
    let small = shown(&screen, 50, 15);
    assert!(
        common::words(&small.replace('"', " "))
            .contains("The terminal is 50x15; this view needs at least 60x20.")
    );
    pinned("screen_too_small", &small);
}

#[test]
fn the_play_screen_lists_next_steps_and_refuses_with_the_rule() {
    let turn = turn_of("desperate-times.board", &[]);
    let solution = turn.solve(&Default::default()).expect("solves");
    let mut screen = Playing::new(&turn, &solution.outcomes, false, false);
    let start = shown(&screen, 100, 30);
    assert!(start.contains("> open hatch 5-7: +1 min"));
    // A closed hatch is listed once, to be opened: no refused move beside
    // it.
    assert!(!start.contains("not allowed"), "{start}");
    pinned("screen_play_start", &start);
    // Open 7-8 first, then 5-7: a cheaper way to the same ship exists.
    press(&mut screen, &[KeyCode::Down, KeyCode::Enter]);
    press(&mut screen, &[KeyCode::Enter]);
    let detour = shown(&screen, 100, 30);
    assert!(detour.contains("a cheaper way to this room and ship: 1 min: open 5-7"));
    assert_eq!(screen.path(), "open 7-8, open 5-7");
    // Into room 5 and open to the burning Oxygen Pumps: the step in is
    // refused as a fact of the ship, with what would allow it, and taking
    // it says the same.
    press(&mut screen, &[KeyCode::Char('u'), KeyCode::Char('u')]);
    assert_eq!(screen.path(), "");
    press(
        &mut screen,
        &[KeyCode::Enter, KeyCode::Enter, KeyCode::Enter],
    );
    assert_eq!(screen.path(), "open 5-7, move 5, open 2-5");
    press(&mut screen, &[KeyCode::Down; 4]);
    press(&mut screen, &[KeyCode::Enter]);
    let refused = shown(&screen, 100, 30);
    assert!(
        refused.contains(
            "> move to room 2 (Oxygen Pumps): not allowed: room 2 (Oxygen Pumps) has fire and cannot"
        ),
        "{refused}"
    );
    assert!(!refused.contains("the rules"), "{refused}");
    pinned("screen_play_refused", &refused);
    assert_eq!(screen.path(), "open 5-7, move 5, open 2-5");
}

/// A cast is a header line and one `[time, "o", text]` line a frame, and
/// the frames played into a terminal leave the screen the interactive view
/// ends on.
#[test]
fn a_cast_reads_back_as_asciicast_v2() {
    let dir = std::env::temp_dir().join(format!("hatchway-cast-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("turn.cast");
    let file_arg = file.to_string_lossy().into_owned();
    let (_, err, code) = common::hatchway_in(
        ".",
        &[
            "replay",
            "boards/desperate-times.board",
            "--with",
            "grog",
            "--outcome",
            "18",
            "--cast",
            &file_arg,
        ],
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&file).expect("the cast is written");
    let mut lines = text.lines();
    let header: serde_json::Value =
        serde_json::from_str(lines.next().expect("a header")).expect("the header is JSON");
    assert_eq!(header["version"], 2);
    let (columns, rows) = (header["width"].as_u64(), header["height"].as_u64());
    assert_eq!((columns, rows), (Some(80), Some(24)));
    let mut screen = vt100::Parser::new(size(24), size(80), 0);
    let mut last = -1.0;
    let mut frames = 0;
    for line in lines {
        let event: (f64, String, String) = serde_json::from_str(line).expect("an event");
        assert!(event.0 > last, "times increase");
        assert_eq!(event.1, "o");
        last = event.0;
        screen.process(event.2.as_bytes());
        frames += 1;
    }
    assert_eq!(frames, 7, "the start and a frame for each of 6 steps");
    let end = screen.screen().contents();
    assert!(
        end.contains("step 6 of 6: move to room 1 (Engine Room)"),
        "{end}"
    );
    assert!(end.contains("he dies if he stays"), "{end}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_full_screen_view_refuses_a_pipe() {
    let (out, err, code) = common::hatchway_in(
        ".",
        &["replay", "boards/desperate-times.board", "--interactive"],
    );
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(
        common::words(&err),
        "× `hatchway replay --interactive` needs a terminal: its input or output is not one help: for text a pipe or a file can take, use `hatchway replay BOARD --draw`"
    );
    let (_, err, code) = common::hatchway_in(".", &["play", "boards/desperate-times.board"]);
    assert_eq!(code, 2);
    assert!(err.contains("`hatchway play` needs a terminal"), "{err}");
}

/// The real binary in a pseudo-terminal: what it writes is read into a
/// terminal emulator, so the test sees the screen a person sees.
struct Pty {
    master: Box<dyn portable_pty::MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    screen: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Pty {
    fn spawn(args: &[&str], columns: u16, rows: u16) -> Pty {
        use portable_pty::{CommandBuilder, PtySize, native_pty_system};
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols: columns,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_hatchway"));
        command.args(args);
        command.cwd(env!("CARGO_MANIFEST_DIR"));
        command.env("TERM", "xterm-256color");
        command.env_remove("COLUMNS");
        command.env_remove("LINES");
        let child = pair.slave.spawn_command(command).expect("hatchway starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("a reader");
        let writer = pair.master.take_writer().expect("a writer");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(size(rows), size(columns), 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let (s, r) = (Arc::clone(&screen), Arc::clone(&raw));
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                s.lock().expect("the screen").process(&buf[..n]);
                r.lock().expect("the bytes").extend_from_slice(&buf[..n]);
            }
        });
        Pty {
            master: pair.master,
            writer,
            screen,
            raw,
            child,
        }
    }

    fn contents(&self) -> String {
        self.screen.lock().expect("the screen").screen().contents()
    }

    /// Waits until the screen shows `text`; the screen on failure.
    fn wait_for(&self, text: &str) {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(30) {
            if self.contents().contains(text) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the screen never showed {text:?}:\n{}", self.contents());
    }

    fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("keys are sent");
        self.writer.flush().expect("keys are sent");
    }

    fn exit_code(&mut self) -> u32 {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(30) {
            if let Ok(Some(status)) = self.child.try_wait() {
                // Let the reader take the last bytes.
                std::thread::sleep(Duration::from_millis(200));
                return status.exit_code();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("hatchway did not exit:\n{}", self.contents());
    }

    /// Whether the terminal reads whole lines and echoes them, as a shell
    /// leaves it (raw mode is off).
    fn cooked(&self) -> bool {
        let cooked = libc::ICANON | libc::ECHO;
        self.master
            .get_termios()
            .is_some_and(|t| t.local_flags.bits() & cooked == cooked)
    }

    /// Whether the terminal was left as found: raw mode off (lines read
    /// whole and echoed), the alternate screen left after it was entered,
    /// and the cursor shown again.
    fn restored(&self) -> bool {
        let cooked = self.cooked();
        let raw = String::from_utf8_lossy(&self.raw.lock().expect("the bytes")).into_owned();
        let entered = raw.find("\x1b[?1049h");
        let left = raw.rfind("\x1b[?1049l");
        let shown = raw.rfind("\x1b[?25h");
        cooked
            && matches!((entered, left, shown), (Some(e), Some(l), Some(s)) if e < l && l <= s + 20)
    }
}

const RIGHT: &[u8] = b"\x1b[C";

#[test]
fn the_replay_runs_in_a_terminal_and_leaves_it_restored() {
    for (columns, rows) in [(80, 24), (200, 50)] {
        let mut pty = Pty::spawn(
            &[
                "replay",
                "boards/desperate-times.board",
                "--with",
                "grog",
                "--outcome",
                "18",
                "--interactive",
            ],
            columns,
            rows,
        );
        pty.wait_for("step 0 of 6");
        assert!(
            pty.contents().contains("+7------(0)@+"),
            "{}",
            pty.contents()
        );
        for _ in 0..6 {
            pty.send(RIGHT);
        }
        pty.wait_for("step 6 of 6: move to room 1 (Engine Room)");
        pty.wait_for("chance     2/5   1/2   3/5  7/10   4/5  9/10  sure");
        pty.send(b"q");
        assert_eq!(pty.exit_code(), 0);
        assert!(
            pty.restored(),
            "the terminal is restored at {columns}x{rows}"
        );
    }
}

#[test]
fn ctrl_c_leaves_the_terminal_restored() {
    let mut pty = Pty::spawn(&["play", "boards/desperate-times.board"], 80, 24);
    pty.wait_for("next from room 7 (Missile Control):");
    pty.send(b"\r");
    pty.wait_for("path so far: open 5-7");
    pty.send(b"\x03");
    assert_eq!(pty.exit_code(), 0);
    assert!(pty.restored());
    // The path walked is printed for `--path` once the screen is left.
    pty.wait_for("open 5-7");
}

/// A paste is not run as keys: the screen asks the terminal for bracketed
/// paste, so pasted text comes wrapped as one paste, which the screen says
/// it ignores; keys typed after it work, and the terminal is left without
/// bracketed paste.
#[test]
fn a_paste_runs_no_keys_and_q_still_quits() {
    let mut pty = Pty::spawn(&["play", "boards/desperate-times.board"], 80, 24);
    pty.wait_for("next from room 7 (Missile Control):");
    let asked = String::from_utf8_lossy(&pty.raw.lock().expect("the bytes")).into_owned();
    assert!(
        asked.contains("\x1b[?2004h"),
        "bracketed paste is turned on"
    );
    // Enter, Ctrl-C and `q` inside the paste are text, not keys.
    pty.send(b"\x1b[200~\rq\x03 open 5-7\r\x1b[201~");
    pty.wait_for("pasted text is ignored: type keys");
    assert!(
        !pty.contents().contains("path so far: open"),
        "{}",
        pty.contents()
    );
    pty.send(b"q");
    assert_eq!(pty.exit_code(), 0);
    assert!(pty.restored());
    let raw = String::from_utf8_lossy(&pty.raw.lock().expect("the bytes")).into_owned();
    let on = raw.find("\x1b[?2004h");
    let off = raw.rfind("\x1b[?2004l");
    assert!(
        matches!((on, off), (Some(on), Some(off)) if on < off),
        "bracketed paste is turned off on leaving"
    );
}
