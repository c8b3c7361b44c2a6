//! `hatchway test`: every board under some folders against its snapshot.

use rayon::prelude::*;

use crate::answer::Digest;
use crate::render::changes;
use crate::snapshot::{self, Snapshot};
use crate::suite::{self, Found, Unrendered, Verdict};

use super::*;

/// How a changed snapshot is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum DiffStyle {
    /// What changed, in the player's words.
    Short,
    /// The full text diff.
    Full,
}

/// What `hatchway test` does with new and changed snapshots.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mode {
    pub accept: bool,
    pub review: bool,
    pub diff: DiffStyle,
}

/// Whether we run in CI, as insta decides it: `CI` set to anything but
/// `false`, `0` or nothing, or Azure's `TF_BUILD` set.
fn in_ci() -> bool {
    match std::env::var("CI").ok().as_deref() {
        Some("false" | "0" | "") => false,
        None => std::env::var_os("TF_BUILD").is_some(),
        Some(_) => true,
    }
}

/// A board whose snapshot is new or changed.
struct Pending {
    found: Found,
    now: Snapshot,
    old: Option<Snapshot>,
    /// The answer now, as data, and the rules whose words tell it.
    digest: Digest,
    rules: Arc<Rules>,
}

pub(super) fn test(
    paths: &[PathBuf],
    snapshots: Option<&Path>,
    turn: &TurnArgs,
    mode: Mode,
    budget: Budget,
    term: &Terminal,
) -> Exit {
    // Each board is played from its own start by its own rules: that is
    // what its snapshot pins.
    if turn.from.is_some() {
        return refuse_option(
            "--from",
            "test",
            "each board is tested from its own start room; write the start in the board, or use `hatchway replay --from`",
            term,
        );
    }
    if turn.rules.is_some() {
        return refuse_option(
            "--rules",
            "test",
            "each board is tested by the rules it names; `hatchway diff --rules A --rules B BOARDS` compares two rules files on boards",
            term,
        );
    }
    let ci = in_ci();
    if ci && (mode.accept || mode.review) {
        print_plain(
            format!(
                "`{}` writes snapshots, and with CI set hatchway test writes nothing",
                if mode.accept { "--accept" } else { "--review" }
            ),
            Some("run it without CI=true to accept snapshots".to_string()),
            term,
        );
        return Exit::Usage;
    }
    let here = [PathBuf::from(".")];
    let paths = if paths.is_empty() { &here[..] } else { paths };
    let found = match suite::find(paths, snapshots, &turn.with) {
        Ok(f) => f,
        Err(e) => {
            print_plain(
                e.to_string(),
                Some("name folders or board files that exist".to_string()),
                term,
            );
            return Exit::Usage;
        }
    };
    if found.is_empty() {
        let shown: Vec<String> = paths.iter().map(|p| format!("`{}`", p.display())).collect();
        print_plain(
            format!("no boards under {}", shown.join(", ")),
            Some("boards are `.board`, `.yaml`, `.yml` and `.json` files".to_string()),
            term,
        );
        return Exit::Usage;
    }
    // Only `--accept` and `--review` write (and remove) snapshot files, and
    // they say first in which folders, so that no file appears unasked
    // beside files the user did not name: a plain run only reads.
    let writes = !ci && (mode.accept || mode.review);
    let mut out = std::io::stdout().lock();
    if writes {
        let _ = writeln!(out, "snapshots: {}", folders(&found));
        let _ = out.flush();
    }
    let rendered = render_all(&found, &turn.with, &budget.limits());
    let sorted = sort(found, rendered, writes, &mut out, term);
    let settled = settle(&sorted.pending, mode, writes, &mut out, term);
    tally(&sorted, &settled, (mode, ci, writes), &mut out, term)
}

/// Every board of `found` rendered now, in parallel, with a progress bar
/// on a terminal.
fn render_all(
    found: &[Found],
    with: &[String],
    limits: &Limits,
) -> Vec<Result<suite::Rendered, Unrendered>> {
    let bar = progress_bar(
        found.len() as u64,
        std::io::stderr().is_terminal(),
        "{spinner} {wide_bar} {pos}/{len} boards, eta {eta}",
    );
    let rendered: Vec<_> = found
        .par_iter()
        .map(|f| {
            let r = suite::render(&f.board, with, limits);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    rendered
}

/// The boards sorted by how their rendering compares with their snapshot.
struct Sorted {
    matched: usize,
    failed: usize,
    skipped: usize,
    /// New and changed, in board order.
    pending: Vec<Pending>,
}

/// Compares each board's rendering with its snapshot, saying at once which
/// failed or were skipped; when the run `writes`, a stale pending snapshot
/// of a board that matches is removed.
fn sort(
    found: Vec<Found>,
    rendered: Vec<Result<suite::Rendered, Unrendered>>,
    writes: bool,
    out: &mut impl Write,
    term: &Terminal,
) -> Sorted {
    let mut matched = 0;
    let mut failed = 0;
    let mut skipped = 0;
    let mut pending = Vec::new();
    for (f, result) in found.into_iter().zip(rendered) {
        let rendered = match result {
            Ok(rendered) => {
                print_reports(&rendered.warnings, term);
                rendered
            }
            Err(Unrendered::NoSuchItem { item, rules }) => {
                // `--with` asks for a turn these rules cannot play: the
                // board is left out, not failed.
                skipped += 1;
                let _ = writeln!(
                    out,
                    "skipped  {}: the rules `{rules}` have no item `{item}`",
                    f.name
                );
                continue;
            }
            Err(why) => {
                failed += 1;
                let _ = writeln!(out, "failed   {}", f.name);
                let _ = out.flush();
                report_unrendered(why, term);
                continue;
            }
        };
        let now = suite::snapshot_of(&f, rendered.text, &rendered.digest);
        let verdict = match suite::compare(&f, &now) {
            Ok(v) => v,
            Err(e) => {
                failed += 1;
                let _ = writeln!(out, "failed   {}", f.name);
                let _ = out.flush();
                print_plain(
                    format!("cannot read `{}`: {e}", f.snapshot.display()),
                    None,
                    term,
                );
                continue;
            }
        };
        match verdict {
            Verdict::Match => {
                matched += 1;
                // A pending snapshot left from an earlier run is stale.
                if writes && let Err(e) = suite::discard_pending(&f) {
                    print_plain(
                        format!("cannot remove a stale pending snapshot: {e}"),
                        None,
                        term,
                    );
                }
            }
            Verdict::Changed(old) => pending.push(Pending {
                found: f,
                now,
                old: Some(old),
                digest: rendered.digest,
                rules: rendered.rules,
            }),
            Verdict::New => pending.push(Pending {
                found: f,
                now,
                old: None,
                digest: rendered.digest,
                rules: rendered.rules,
            }),
        }
    }
    Sorted {
        matched,
        failed,
        skipped,
        pending,
    }
}

/// What became of the pending snapshots.
struct Settled {
    /// Left new or changed: shown only, rejected, skipped or not written.
    unsettled: usize,
    accepted: usize,
    write_failed: bool,
}

/// Shows each pending snapshot and, when the run writes, accepts it
/// (`--accept`) or asks what to do with it (`--review`).
fn settle(
    pending: &[Pending],
    mode: Mode,
    writes: bool,
    out: &mut impl Write,
    term: &Terminal,
) -> Settled {
    let mut unsettled = 0;
    let mut accepted = 0;
    let mut write_failed = false;
    let mut answers = std::io::stdin().lock();
    for p in pending {
        let _ = writeln!(out, "{}", difference(p, mode.diff, term.out));
        let _ = out.flush();
        if !writes {
            unsettled += 1;
            continue;
        }
        let choice = if mode.accept {
            Choice::Accept
        } else {
            ask(out, &mut answers)
        };
        let done = match choice {
            Choice::Accept => suite::accept(&p.found, &p.now).map(|()| {
                accepted += 1;
                format!("accepted {}", p.found.snapshot.display())
            }),
            Choice::Reject => suite::discard_pending(&p.found).map(|()| {
                unsettled += 1;
                "rejected: the snapshot stays as it was".to_string()
            }),
            Choice::Skip => suite::propose(&p.found, &p.now).map(|()| {
                unsettled += 1;
                format!(
                    "new snapshot in {}",
                    snapshot::pending_path(&p.found.snapshot).display()
                )
            }),
        };
        match done {
            Ok(line) => {
                let _ = writeln!(out, "  {line}");
            }
            Err(e) => {
                write_failed = true;
                unsettled += 1;
                let _ = out.flush();
                print_plain(
                    format!("cannot write `{}`: {e}", p.found.snapshot.display()),
                    None,
                    term,
                );
            }
        }
    }
    Settled {
        unsettled,
        accepted,
        write_failed,
    }
}

/// The last line, what to do next, and the exit code, given the mode,
/// whether the run is in CI, and whether it writes.
fn tally(
    sorted: &Sorted,
    settled: &Settled,
    (mode, ci, writes): (Mode, bool, bool),
    out: &mut impl Write,
    term: &Terminal,
) -> Exit {
    let Sorted {
        matched,
        failed,
        skipped,
        ref pending,
    } = *sorted;
    let Settled {
        unsettled,
        accepted,
        write_failed,
    } = *settled;
    let changed = pending.iter().filter(|p| p.old.is_some()).count();
    let new = pending.len() - changed;
    let total = matched + failed + skipped + pending.len();
    let mut summary = format!("{}, {matched} match", render::count(total as u64, "board"));
    for (count, word) in [
        (changed, "changed"),
        (new, "new"),
        (failed, "failed"),
        (skipped, "skipped"),
    ] {
        if count > 0 {
            summary.push_str(&format!(", {count} {word}"));
        }
    }
    if accepted > 0 {
        summary.push_str(&format!(" ({accepted} accepted)"));
    }
    let _ = writeln!(
        out,
        "{}{}",
        if pending.is_empty() && failed == 0 {
            ""
        } else {
            "\n"
        },
        term.out.paint(anstyle::Style::new().bold(), &summary)
    );
    if unsettled > 0 && !ci && !mode.review {
        let _ = writeln!(
            out,
            "{}review them with `hatchway test --review`, or accept them all with `--accept`",
            if writes { "" } else { "nothing written: " }
        );
    }
    if failed > 0 || unsettled > 0 || write_failed {
        Exit::Invalid
    } else {
        Exit::Success
    }
}

/// The folders the snapshots of `found` are kept in, each once, in the
/// order of the boards.
fn folders(found: &[Found]) -> String {
    let mut seen: Vec<&Path> = Vec::new();
    for f in found {
        let folder = f.snapshot.parent().unwrap_or(Path::new(""));
        if !seen.contains(&folder) {
            seen.push(folder);
        }
    }
    seen.iter()
        .map(|f| f.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn report_unrendered(why: Unrendered, term: &Terminal) {
    match why {
        Unrendered::Invalid(f) => print_reports(&f.reports, term),
        Unrendered::Limit(limit) => {
            print_plain(limit.to_string(), Some(limit.raise().to_string()), term)
        }
        Unrendered::Refused(refused) => print_plain(
            refused.to_string(),
            Some("please report this board".to_string()),
            term,
        ),
        Unrendered::NoSuchItem { item, rules } => print_plain(
            format!("the rules `{rules}` have no item `{item}`"),
            None,
            term,
        ),
    }
}

/// A board's new or changed snapshot, shown as `--diff` asks.
fn difference(p: &Pending, diff: DiffStyle, style: Style) -> String {
    let heading = anstyle::Style::new().bold();
    let Some(old) = &p.old else {
        // What accepting it would pin, so that no snapshot is accepted
        // unseen.
        let mut out = style.paint(heading, &format!("new      {}", p.found.name));
        let lines = match diff {
            DiffStyle::Short => changes::outcomes(&p.digest, &p.rules, 20),
            DiffStyle::Full => p.now.normalized().lines().map(str::to_string).collect(),
        };
        for line in lines {
            out.push('\n');
            if !line.is_empty() {
                out.push_str("  ");
                out.push_str(&line);
            }
        }
        return out;
    };
    let mut out = style.paint(heading, &format!("changed  {}", p.found.name));
    let (old_text, new_text) = (old.normalized() + "\n", p.now.normalized() + "\n");
    match diff {
        DiffStyle::Short => {
            let Some(was) = old.info::<Digest>() else {
                // Written before snapshots kept their answer's data (or by
                // a test that gave insta none): only the text can be
                // compared.
                out.push_str(
                    "\n  the snapshot keeps no data of its outcomes to compare; the text diff follows\n",
                );
                out.push_str(changes::full(&old_text, &new_text, style).trim_end());
                return out;
            };
            let lines = changes::summary(&was, &p.digest, &p.rules, style, 20);
            if lines.is_empty() {
                // Same outcomes, told with other words (such as a renamed
                // room): only the text diff shows it.
                out.push('\n');
                out.push_str(changes::full(&old_text, &new_text, style).trim_end());
            }
            for line in lines {
                out.push_str("\n  ");
                out.push_str(&line);
            }
        }
        DiffStyle::Full => {
            out.push('\n');
            out.push_str(changes::full(&old_text, &new_text, style).trim_end());
        }
    }
    out
}

/// An answer of `--review`.
#[derive(Clone, Copy)]
enum Choice {
    Accept,
    Reject,
    Skip,
}

/// Asks what to do with one snapshot until the answer is one of `a`, `r`
/// or `s` (or the words); the end of the input skips.
fn ask(out: &mut impl Write, answers: &mut impl BufRead) -> Choice {
    loop {
        let _ = write!(out, "  accept, reject or skip? [a/r/s] ");
        let _ = out.flush();
        let mut line = String::new();
        match answers.read_line(&mut line) {
            Ok(0) | Err(_) => {
                let _ = writeln!(out);
                return Choice::Skip;
            }
            Ok(_) => {}
        }
        match line.trim().to_ascii_lowercase().as_str() {
            "a" | "accept" => return Choice::Accept,
            "r" | "reject" => return Choice::Reject,
            "s" | "skip" => return Choice::Skip,
            _ => {
                let _ = writeln!(out, "  answer a (accept), r (reject) or s (skip)");
            }
        }
    }
}
