//! `hatchway diff`: where two rules files give different answers.

use crate::export::{self, RulesReference};
use crate::load::NamedRules as Named;
use crate::rules_diff::{self, Counterexample, Difference, RandomPlan, Uncompared, Way};

use super::*;

/// The most random boards one run tries.
const MAX_BOARDS: usize = 100_000;
/// The most rooms a random board has.
const MAX_ROOMS: usize = 16;

/// What `hatchway diff` compares on.
pub(super) enum Ground {
    /// These boards (when empty, the first rules' own board, else the
    /// standard one), each from its start.
    Boards(Vec<PathBuf>),
    /// Random boards, the smallest counterexample written to a file or
    /// printed.
    Random {
        plan: RandomPlan,
        output: Option<PathBuf>,
    },
}

/// The rules `text` names, their warnings printed; a name that names no
/// rules is said on standard error (exit 1).
pub(super) fn named_rules(text: &str, term: &Terminal) -> Result<Named, Exit> {
    match load::rules_named(text) {
        Ok(loaded) => {
            print_reports(&loaded.warnings, term);
            Ok(loaded.value)
        }
        Err(load::NotRules::Board { given }) => {
            print_plain(
                format!("`{given}` is a board, not rules"),
                Some(format!(
                    "`--rules` takes a rules file or a built-in name: {}",
                    builtin::rules_names()
                )),
                term,
            );
            Err(Exit::Invalid)
        }
        Err(load::NotRules::Invalid(f)) => {
            print_reports(&f.reports, term);
            Err(Exit::Invalid)
        }
    }
}

pub(super) fn diff(
    rules: &[String],
    with: &[String],
    ground: Ground,
    budget: Budget,
    format: CheckFormat,
    term: &Terminal,
) -> Exit {
    let [first, second] = rules else {
        print_plain(
            format!(
                "`hatchway diff` compares two rules, and was given {}",
                rules.len()
            ),
            Some("name them with `--rules A --rules B`".to_string()),
            term,
        );
        return Exit::Usage;
    };
    let (first, second) = match (named_rules(first, term), named_rules(second, term)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return e,
    };
    for named in [&first, &second] {
        if let Err(e) = rules_diff::item_set(&named.rules, with) {
            let help = if named.rules.items.is_empty() {
                "they declare no items".to_string()
            } else {
                format!("they declare: {}", named.rules.items.join(", "))
            };
            let message = match e {
                Uncompared::UnknownItem { item, .. } => format!(
                    "`--with {item}`: the rules `{}` declare no item `{item}`",
                    named.given
                ),
                other => other.to_string(),
            };
            print_plain(
                message,
                Some(format!(
                    "{help}; both rules must declare an item held with `--with`"
                )),
                term,
            );
            return Exit::Invalid;
        }
    }
    // Both answers are kept, a line of each outcome compared.
    let limits = Limits {
        kept_per_action: Keeps::Lines as usize,
        ..budget.limits()
    };
    match ground {
        Ground::Boards(paths) => on_boards(&paths, with, &first, &second, &limits, format, term),
        Ground::Random { plan, output } => {
            if plan.boards > MAX_BOARDS || plan.rooms > MAX_ROOMS || plan.rooms == 0 {
                print_plain(
                    format!(
                        "`--random {}` with `--rooms {}` is out of range",
                        plan.boards, plan.rooms
                    ),
                    Some(format!(
                        "at most {MAX_BOARDS} boards of 1 to {MAX_ROOMS} rooms"
                    )),
                    term,
                );
                return Exit::Invalid;
            }
            // Without `--with`, every combination of the shared items.
            let sets = if with.is_empty() {
                rules_diff::item_sets(&first.rules, &second.rules)
            } else {
                vec![with.to_vec()]
            };
            let trial = Trial {
                plan,
                sets: &sets,
                output: output.as_deref(),
            };
            on_random(&trial, &first, &second, &limits, format, term)
        }
    }
}

pub(super) fn uncompared(e: Uncompared, term: &Terminal) -> Exit {
    match e {
        Uncompared::Incompatible(e) => {
            print_plain(
                e.to_string(),
                Some(
                    "boards are compared by their states' names, so both rules must declare every state the board uses"
                        .to_string(),
                ),
                term,
            );
            Exit::Invalid
        }
        Uncompared::Limit(limit) => {
            print_plain(limit.to_string(), Some(limit.raise().to_string()), term);
            Exit::Limit
        }
        Uncompared::UnknownItem { .. } => {
            print_plain(
                e.to_string(),
                Some("both rules must declare an item held with `--with`".to_string()),
                term,
            );
            Exit::Invalid
        }
        Uncompared::Generated => {
            print_plain(e.to_string(), Some("please report this".to_string()), term);
            Exit::Invalid
        }
    }
}

fn on_boards(
    paths: &[PathBuf],
    with: &[String],
    first: &Named,
    second: &Named,
    limits: &Limits,
    format: CheckFormat,
    term: &Terminal,
) -> Exit {
    let standard = [None];
    let listed: Vec<Option<&Path>> = paths.iter().map(|p| Some(p.as_path())).collect();
    let chosen = if listed.is_empty() {
        &standard[..]
    } else {
        &listed[..]
    };
    let mut report = rules_diff::RulesDiffDoc {
        rules: [first.rules.name.clone(), second.rules.name.clone()],
        with: with.to_vec(),
        boards: Vec::new(),
    };
    let mut text = String::new();
    for path in chosen {
        // With no board, the first rules' own board: the default board's
        // sea is a state of the rulebook only.
        let board = match load_board(*path, Some(&first.rules), term) {
            Ok(b) => b,
            Err(e) => return e,
        };
        let pair = load::rebind(&board, &first.rules)
            .and_then(|a| load::rebind(&board, &second.rules).map(|b| (a, b)));
        let (a, b) = match pair {
            Ok(p) => p,
            Err(e) => return uncompared(e.into(), term),
        };
        let compared = rules_diff::under_both(&a, &b, a.start, with)
            .and_then(|[one, two]| rules_diff::compare(&one, &two, limits));
        let differences = match compared {
            Ok(d) => d,
            Err(e) => return uncompared(e, term),
        };
        let start = a.room(a.start).id.clone();
        text.push_str(&format!(
            "{}: start in room {}{}, {} differ{}\n",
            a.name,
            a.room(a.start).label(),
            holding(&first.rules, with),
            render::count(differences.len() as u64, "outcome"),
            if differences.len() == 1 { "s" } else { "" },
        ));
        text.push_str(&side_by_side(
            &differences,
            &Sides::rules(first, second),
            term.out,
        ));
        report.boards.push(rules_diff::RulesBoardDiffDoc {
            board: a.name.clone(),
            start,
            differences,
        });
    }
    print_report(&report, text, format, term)
}

/// Prints a diff: `text` for people, or `report` as one JSON document.
pub(super) fn print_report(
    report: &impl Serialize,
    text: String,
    format: CheckFormat,
    term: &Terminal,
) -> Exit {
    let out = match format {
        CheckFormat::Json => match render::document_text(report, false) {
            Ok(s) => s,
            Err(e) => {
                print_plain(e.to_string(), None, term);
                return Exit::Invalid;
            }
        },
        CheckFormat::Text => text,
    };
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Exit::Success
}

fn way_text(way: Option<&Way>) -> String {
    match way {
        None => "cannot end so".to_string(),
        Some(w) if w.path.is_empty() => format!("{} min: stay", w.cost),
        Some(w) => format!("{} min: {}", w.cost, w.path.join(", ")),
    }
}

/// What the two sides of a comparison are called: each column's heading,
/// and the words that put a statement on that side; and the rules whose
/// words say the states and actions named.
pub(super) struct Sides<'a> {
    /// The columns' headings: `red-november`, `with aqualung`.
    pub(super) heads: [String; 2],
    /// `under red-november`, `with aqualung`.
    pub(super) phrases: [String; 2],
    /// The rules that say the names: a name is said as the first that has
    /// a `say` for it says it.
    pub(super) words: [&'a Rules; 2],
}

impl<'a> Sides<'a> {
    /// Two rules, each called by its name (or by what `--rules` gave, when
    /// both have one name).
    fn rules(first: &'a Named, second: &'a Named) -> Sides<'a> {
        let heads = [
            first.label(second).to_string(),
            second.label(first).to_string(),
        ];
        let phrases = [0, 1].map(|i| format!("under {}", heads[i]));
        Sides {
            heads,
            phrases,
            words: [&first.rules, &second.rules],
        }
    }

    /// How a player says `name`, by the first rules with words for it.
    fn say<'n>(&'n self, name: &'n str) -> std::borrow::Cow<'n, str> {
        let [first, second] = self.words;
        if first.wording.said.contains_key(name) {
            first.say(name)
        } else {
            second.say(name)
        }
    }
}

/// Each difference with how each side reaches it, in two columns.
pub(super) fn side_by_side(differences: &[Difference], sides: &Sides, style: Style) -> String {
    if differences.is_empty() {
        return String::new();
    }
    let column = (style.width.max(40) - 4) / 2;
    let bold = anstyle::Style::new().bold();
    let cell = |text: &str| -> Vec<String> {
        textwrap::wrap(text, column)
            .iter()
            .map(|l| l.to_string())
            .collect()
    };
    let row = |left: &[String], right: &[String], out: &mut String| {
        for i in 0..left.len().max(right.len()) {
            let l = left.get(i).map_or("", String::as_str);
            let r = right.get(i).map_or("", String::as_str);
            out.push_str(format!("  {l:column$}  {r}").trim_end());
            out.push('\n');
        }
    };
    let mut out = String::new();
    let heads = (cell(&sides.heads[0]), cell(&sides.heads[1]));
    let painted = |cells: Vec<String>| -> Vec<String> {
        cells
            .into_iter()
            .map(|c| {
                let pad = column.saturating_sub(c.chars().count());
                format!("{}{}", style.paint(bold, &c), " ".repeat(pad))
            })
            .collect()
    };
    row(&painted(heads.0), &painted(heads.1), &mut out);
    for d in differences {
        let changes = if d.changes.is_empty() {
            "no room changes".to_string()
        } else {
            let list: Vec<String> = d
                .changes
                .iter()
                .map(|(r, s)| format!("{r} {}", sides.say(s)))
                .collect();
            format!("changes {}", list.join(", "))
        };
        out.push_str(&format!("ends in room {}, {changes}\n", d.room));
        row(
            &cell(&way_text(d.first.as_ref())),
            &cell(&way_text(d.second.as_ref())),
            &mut out,
        );
        if let Some([x, y]) = &d.verdicts {
            row(&cell(&x.words()), &cell(&y.words()), &mut out);
        }
        let phrases = [sides.phrases[0].as_str(), sides.phrases[1].as_str()];
        // Each side numbers its outcomes in its own listing.
        let number = match (&d.first, &d.second) {
            (Some(x), Some(y)) if x.outcome != y.outcome => {
                format!("{} (#{} {})", x.outcome, y.outcome, phrases[1])
            }
            (Some(w), _) | (None, Some(w)) => w.outcome.to_string(),
            (None, None) => String::new(),
        };
        let options = textwrap::Options::new(style.width.max(40))
            .initial_indent("  ")
            .subsequent_indent("    ")
            .break_words(false)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        for a in &d.actions {
            let line = format!(
                "{} on {} at outcome #{number}: {}",
                sides.say(&a.action),
                a.target,
                a.words(phrases, &|n| sides.say(n).into_owned()).join("; ")
            );
            for l in textwrap::wrap(&line, &options) {
                out.push_str(&l);
                out.push('\n');
            }
        }
    }
    out
}

/// What `--random` tries: the boards, the item sets each turn is compared
/// holding, and where the counterexample goes.
struct Trial<'a> {
    plan: RandomPlan,
    sets: &'a [Vec<String>],
    output: Option<&'a Path>,
}

fn on_random(
    trial: &Trial,
    first: &Named,
    second: &Named,
    limits: &Limits,
    format: CheckFormat,
    term: &Terminal,
) -> Exit {
    let Trial { plan, sets, output } = *trial;
    let run = match rules_diff::random(&first.rules, &second.rules, plan, sets, limits) {
        Ok(r) => r,
        Err(e) => return uncompared(e, term),
    };
    let share = if run.turns == 0 {
        0.0
    } else {
        run.differing as f64 / run.turns as f64
    };
    let held = match sets {
        [] => String::new(),
        [one] => holding(&first.rules, one),
        many => format!(", {}", render::count(many.len() as u64, "item set")),
    };
    let mut text = format!(
        "{} vs {}: {} of {} (seed {}), every start room{}\n  {} of {} turns differ ({:.1}%)\n",
        first.label(second),
        second.label(first),
        render::count(plan.boards as u64, "random board"),
        render::count(plan.rooms as u64, "room"),
        plan.seed,
        held,
        run.differing,
        run.turns,
        share * 100.0
    );
    let smallest = match &run.smallest {
        Some(example) => match smallest_board(example, first, second, output, term) {
            Ok((said, smallest)) => {
                text.push_str(&said);
                Some(smallest)
            }
            Err(e) => return e,
        },
        None => {
            text.push_str("no board showed a difference\n");
            None
        }
    };
    let out = match format {
        CheckFormat::Json => {
            let report = rules_diff::RandomDiffDoc {
                rules: [first.rules.name.clone(), second.rules.name.clone()],
                boards: plan.boards,
                rooms: plan.rooms,
                seed: plan.seed,
                item_sets: sets.to_vec(),
                turns: run.turns,
                differing: run.differing,
                share,
                smallest,
            };
            match render::document_text(&report, false) {
                Ok(s) => s,
                Err(e) => {
                    print_plain(e.to_string(), None, term);
                    return Exit::Invalid;
                }
            }
        }
        CheckFormat::Text => text,
    };
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Exit::Success
}

/// The smallest board on which the rules differ: where it is written (to
/// `output`, or into the text), and what differs on it; the text and the
/// data for JSON.
fn smallest_board(
    example: &Counterexample,
    first: &Named,
    second: &Named,
    output: Option<&Path>,
    term: &Terminal,
) -> Result<(String, rules_diff::SmallestDiffDoc), Exit> {
    let written = match counterexample_text(example, first, second) {
        Ok(t) => t,
        Err(e) => {
            print_plain(format!("cannot write the counterexample: {e}"), None, term);
            return Err(Exit::Invalid);
        }
    };
    let rooms = example.board.rooms.len();
    let hatches = example.board.hatches.len();
    let mut text = format!(
        "\nthe smallest board on which they differ, shrunk: {}, {}, start in room {}{}\n",
        render::count(rooms as u64, "room"),
        render::count(hatches as u64, "hatch"),
        example.board.room(example.start).id,
        holding(&first.rules, &example.items)
    );
    match output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &written) {
                print_plain(
                    format!("cannot write `{}`: {}", path.display(), e),
                    None,
                    term,
                );
                return Err(Exit::Invalid);
            }
            text.push_str(&format!(
                    "written to {}: `hatchway paths {}{}` solves it under {}; with `{}` on its rules line, under {}\n",
                    path.display(),
                    path.display(),
                    with_option(&example.items),
                    first.label(second),
                    rules_line(second),
                    second.label(first)
                ));
        }
        None => {
            text.push_str("(`-o FILE` writes it to a file)\n\n");
            text.push_str(&written);
            text.push('\n');
        }
    }
    text.push_str(&side_by_side(
        &example.differences,
        &Sides::rules(first, second),
        term.out,
    ));
    let smallest = rules_diff::SmallestDiffDoc {
        rooms,
        hatches,
        start: example.board.room(example.start).id.clone(),
        file: output.map(|p| p.display().to_string()),
        board: written,
        with: example.items.clone(),
        differences: example.differences.clone(),
    };
    Ok((text, smallest))
}

/// How a `rules` line names these rules.
fn rules_line(named: &Named) -> String {
    match &named.reference {
        RulesReference::Builtin(name) => format!("rules {name}"),
        RulesReference::Path(path) => format!("rules \"{path}\""),
    }
}

/// The counterexample as a board file, played by the first rules, with a
/// comment saying what it shows.
fn counterexample_text(
    example: &Counterexample,
    first: &Named,
    second: &Named,
) -> Result<String, export::ExportError> {
    let mut board = example.board.clone();
    board.name = "counterexample".to_string();
    let body = export::to_language(&board, &first.reference)?;
    let held = if example.items.is_empty() {
        String::new()
    } else {
        format!(
            " holding {} (`{}`)",
            example.items.join(", "),
            with_option(&example.items).trim()
        )
    };
    let note = format!(
        "Found by `hatchway diff`: the rules `{}` and `{}` give different turns on this board{}. Write `{}` to play it by the second.",
        first.label(second),
        second.label(first),
        held,
        rules_line(second)
    );
    // Paths and names are not split at their hyphens.
    let options = textwrap::Options::new(78).word_splitter(textwrap::WordSplitter::NoHyphenation);
    let comment: String = textwrap::wrap(&note, options)
        .iter()
        .map(|l| format!("# {l}\n"))
        .collect();
    Ok(comment + &body)
}

/// `, holding Grog, Aqualung` (as `rules` say the items), or nothing when
/// no item is held.
fn holding(rules: &Rules, items: &[String]) -> String {
    if items.is_empty() {
        String::new()
    } else {
        let said: Vec<_> = items.iter().map(|i| rules.say(i)).collect();
        format!(", holding {}", said.join(", "))
    }
}

/// ` --with grog,aqualung`, or nothing when no item is held.
fn with_option(items: &[String]) -> String {
    if items.is_empty() {
        String::new()
    } else {
        format!(" --with {}", items.join(","))
    }
}
