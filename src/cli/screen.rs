//! `hatchway replay --interactive`, `replay --cast` and `hatchway play`:
//! the full-screen views of [`crate::screen`], on the same turn and answer
//! as every other command.

use crate::screen::{self as full, Playing, Replaying, Screen};

use super::*;

/// Refuses a full-screen view when standard input or output is not a
/// terminal (piped, redirected), naming the command that writes the same
/// to a pipe.
fn needs_terminal(what: &str, instead: &str, term: &Terminal) -> Option<Exit> {
    if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
        return None;
    }
    print_plain(
        format!("`hatchway {what}` needs a terminal: its input or output is not one"),
        Some(format!(
            "for text a pipe or a file can take, use `{instead}`"
        )),
        term,
    );
    Some(Exit::Usage)
}

/// The outcomes a replay screen moves between: those the filters show,
/// with `only`, when given, checked to be one of them.
fn shown<'a>(
    q: &'a Query,
    outcomes: &'a [Outcome],
    only: Option<usize>,
    term: &Terminal,
) -> Result<Answer<'a>, Exit> {
    if let Some(exit) = super::replay::no_such_outcome(only, outcomes.len(), term) {
        return Err(exit);
    }
    let answer = q.answer(outcomes);
    if let Some(n) = only
        && answer.outcome(n).is_none()
        && let Some((why, help)) = outcomes
            .get(n - 1)
            .and_then(|o| q.filters.why_hidden(&q.turn, n, o))
    {
        print_plain(why, Some(help), term);
        return Err(Exit::Invalid);
    }
    if answer.outcomes().is_empty() {
        let why = q
            .why_none(outcomes, term.out.explain)
            .unwrap_or_else(|| "the turn has no outcome to show".to_string());
        print_plain(why, None, term);
        return Err(Exit::Success);
    }
    Ok(answer)
}

/// The turn of the command line, solved whole.
fn solved(
    path: Option<&Path>,
    args: &QueryArgs,
    term: &Terminal,
) -> Result<(Query, search::Solution), Exit> {
    let q = load_query(path, args, term)?;
    let solution = solve(&q, Offers::ALL, Keeps::Lines, term)?;
    Ok((q, solution))
}

/// Says on the terminal that the turn is being searched, before a
/// full-screen view can show anything, and takes Ctrl-C meanwhile as a
/// request to stop (exit 130) rather than a signal that kills.
fn searching() {
    if std::io::stderr().is_terminal() {
        eprintln!("searching the turn… (Ctrl-C stops)");
    }
    // The screen itself reads Ctrl-C as a key in raw mode; this handler
    // only ever runs before it starts.
    let _ = ctrlc::set_handler(|| {
        eprintln!("stopped before the first screen");
        std::process::exit(Exit::Interrupted as i32);
    });
}

/// Runs a screen on the terminal; a terminal that cannot be driven is an
/// error of the input side (exit 1), said plainly.
fn run_screen(screen: &mut impl Screen, term: &Terminal) -> Exit {
    match full::run(screen) {
        Ok(()) => Exit::Success,
        Err(e) => {
            print_plain(format!("cannot drive the terminal: {e}"), None, term);
            Exit::Invalid
        }
    }
}

pub(super) fn replay_screen(
    path: Option<&Path>,
    args: &QueryArgs,
    only: Option<usize>,
    term: &Terminal,
) -> Exit {
    if let Some(exit) = needs_terminal("replay --interactive", "hatchway replay BOARD --draw", term)
    {
        return exit;
    }
    searching();
    let (q, solution) = match solved(path, args, term) {
        Ok(solved) => solved,
        Err(e) => return e,
    };
    let answer = match shown(&q, &solution.outcomes, only, term) {
        Ok(a) => a,
        Err(e) => return e,
    };
    let mut screen = Replaying::new(&answer, only, term.out.color, term.out.explain);
    run_screen(&mut screen, term)
}

pub(super) fn replay_cast(
    path: Option<&Path>,
    args: &QueryArgs,
    only: Option<usize>,
    file: &Path,
    term: &Terminal,
) -> Exit {
    let (q, solution) = match solved(path, args, term) {
        Ok(solved) => solved,
        Err(e) => return e,
    };
    let all = match shown(&q, &solution.outcomes, only, term) {
        Ok(a) => a,
        Err(e) => return e,
    };
    // With `--outcome`, the cast steps through that outcome alone.
    let answer = match only {
        Some(n) => q.filters.answer(&q.turn, &solution.outcomes, |k, _| k == n),
        None => all,
    };
    let first = answer.outcomes().first().map(|t| t.number);
    let mut screen = Replaying::new(&answer, first, term.screen_color, term.out.explain);
    let keys = screen.tour();
    let size = cast_size();
    let title = format!("hatchway replay {}", q.turn.board.name);
    let written = std::fs::File::create(file).and_then(|f| {
        let mut out = std::io::BufWriter::new(f);
        full::cast(&mut screen, &keys, size, &title, &mut out)?;
        out.flush()
    });
    match written {
        Ok(()) => {
            eprintln!(
                "wrote {}: {} frames at {}x{}; play it with `asciinema play {}`",
                file.display(),
                keys.len() + 1,
                size.0,
                size.1,
                file.display()
            );
            Exit::Success
        }
        Err(e) => {
            print_plain(
                format!("cannot write `{}`: {e}", file.display()),
                None,
                term,
            );
            Exit::Invalid
        }
    }
}

/// The size of the terminal a cast is played in: `COLUMNS` and `LINES`
/// when set, else the terminal's, else 80x24; at least
/// [`full::MIN_SIZE`].
fn cast_size() -> (u16, u16) {
    let env = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.trim().parse::<u16>().ok())
            .filter(|&v| v > 0)
    };
    let tty = terminal_size::terminal_size().map(|(w, h)| (w.0, h.0));
    let columns = env("COLUMNS").or(tty.map(|t| t.0)).unwrap_or(80);
    let lines = env("LINES").or(tty.map(|t| t.1)).unwrap_or(24);
    (columns.max(full::MIN_SIZE.0), lines.max(full::MIN_SIZE.1))
}

pub(super) fn play(path: Option<&Path>, turn: TurnArgs, budget: Budget, term: &Terminal) -> Exit {
    if let Some(exit) = needs_terminal(
        "play",
        "hatchway replay BOARD --path \"open 1-2, move 2\"",
        term,
    ) {
        return exit;
    }
    let args = QueryArgs {
        turn,
        budget,
        ..QueryArgs::default()
    };
    let q = match load_query(path, &args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let turn = &args.turn;
    // The whole turn is solved once, so that every ship the player reaches
    // is compared with the cheapest way to it.
    searching();
    let solution = match solve(&q, Offers::BUDGET, Keeps::Lines, term) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let mut screen = Playing::new(
        &q.turn,
        &solution.outcomes,
        term.out.color,
        term.out.explain,
    );
    let exit = run_screen(&mut screen, term);
    let walked = screen.path();
    if walked.is_empty() {
        eprintln!("no step taken");
    } else {
        println!("{walked}");
        eprintln!("replay it with: {}", replay_command(path, &walked, turn));
    }
    exit
}

/// The command that replays the path `walked` of a turn played on the
/// board at `path` with the options `turn`, as the player gave them,
/// quoted for a POSIX shell: pasted back, it replays the same turn.
fn replay_command(path: Option<&Path>, walked: &str, turn: &TurnArgs) -> String {
    let mut words: Vec<String> = vec!["hatchway".into(), "replay".into()];
    if let Some(p) = path {
        words.push(p.display().to_string());
    }
    words.extend(["--path".to_string(), walked.to_string()]);
    if let Some(from) = &turn.from {
        words.extend(["--from".to_string(), from.clone()]);
    }
    if !turn.with.is_empty() {
        words.extend(["--with".to_string(), turn.with.join(",")]);
    }
    if let Some(rules) = &turn.rules {
        words.extend(["--rules".to_string(), rules.clone()]);
    }
    words
        .iter()
        .map(|w| shlex::try_quote(w).map_or_else(|_| w.clone(), |q| q.into_owned()))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command `play` prints on quitting replays the same turn when
    /// pasted into a shell: every option the player gave, each word quoted
    /// where the shell would split or expand it.
    #[test]
    fn the_replay_command_is_whole_and_quoted() {
        let turn = TurnArgs {
            from: Some("Missile Control".to_string()),
            with: vec!["grog".to_string(), "fire_extinguisher".to_string()],
            rules: Some("red-november-rulebook".to_string()),
        };
        assert_eq!(
            replay_command(
                Some(Path::new("my boards/it's.board")),
                "open 5-7, move 5",
                &turn
            ),
            "hatchway replay \"my boards/it's.board\" --path 'open 5-7, move 5' --from 'Missile Control' --with 'grog,fire_extinguisher' --rules red-november-rulebook"
        );
        assert_eq!(
            replay_command(None, "stay", &TurnArgs::default()),
            "hatchway replay --path stay"
        );
    }
}
