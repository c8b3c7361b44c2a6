//! How words are spelt: the plural of a counted noun, and the closest
//! known name to a misspelt one, for "did you mean" hints.

/// The known name closest to `word`, if one is close enough to be a likely
/// slip (see [`closest_of`]): `fir` finds `fire`, `extinguish` finds
/// `extinguish_fire`, but `3` is not taken for a slip of `1`.
pub fn closest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    closest_of(word, known.into_iter().map(|k| (k, k))).map(|(k, _)| k)
}

/// The known name closest to `word`, with the thing it names, when several
/// names may name one thing (a room's id and its name). The first of these
/// that finds a name wins:
///
/// 1. the same up to case, or within a third of its length in
///    Damerau-Levenshtein edits, the fewest first (so `3` is not taken for
///    a slip of `1`: any short id is one edit from another);
/// 2. the start of the names of exactly one thing, up to case
///    (`extinguish` for `extinguish_fire`);
/// 3. a whole word, up to case, of the names of exactly one thing, words
///    being parted by `_`, `-` or spaces (`water` for `pump_water`, but not
///    `flood` between `low_flood` and `high_flood`).
///
/// A name spelt exactly as `word` is not a slip of it, and is passed over.
pub fn closest_of<'a, T: PartialEq>(
    word: &str,
    known: impl IntoIterator<Item = (&'a str, T)>,
) -> Option<(&'a str, T)> {
    let lower = word.to_lowercase();
    let mut known: Vec<(&str, T)> = known.into_iter().filter(|(k, _)| *k != word).collect();
    let allowed = word.chars().count() / 3;
    let within = known
        .iter()
        .enumerate()
        .map(|(i, (k, _))| {
            let k = k.to_lowercase();
            let distance = if k == lower {
                0
            } else {
                strsim::damerau_levenshtein(&lower, &k)
            };
            (distance, i)
        })
        .filter(|&(d, _)| d <= allowed)
        .min_by_key(|&(d, _)| d)
        .map(|(_, i)| i);
    let starts = |k: &str| !lower.is_empty() && k.to_lowercase().starts_with(&lower);
    let word_of = |k: &str| {
        k.to_lowercase()
            .split(|c: char| c == '_' || c == '-' || c.is_whitespace())
            .any(|w| !w.is_empty() && w == lower)
    };
    let chosen = within
        .or_else(|| only_one(&known, starts))
        .or_else(|| only_one(&known, word_of))?;
    Some(known.swap_remove(chosen))
}

/// The first of `known` that `fits`, when every name that fits names the
/// same thing.
fn only_one<T: PartialEq>(known: &[(&str, T)], fits: impl Fn(&str) -> bool) -> Option<usize> {
    let mut fitting = known.iter().enumerate().filter(|(_, (k, _))| fits(k));
    let (first, (_, thing)) = fitting.next()?;
    fitting.all(|(_, (_, t))| t == thing).then_some(first)
}

/// `did you mean `low_flood`? ` when a known name is close, else nothing:
/// the start of a help line that goes on to list what is known.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    closest(word, known).map_or(String::new(), |k| format!("did you mean `{k}`? "))
}

/// A name declared by a rules file, with the words a player says it in
/// (its `say` words, else the name with its underscores read as spaces).
pub type Said<'a, 'b> = (&'a str, &'b str);

/// Which of `names` a player's `words` name, by its index: the name spelt
/// exactly, else the name up to case, else the words it is said in up to
/// case and runs of white space (`Grog`, `pump water`, `Extinguish Fire`).
/// The one place every option and file that takes a declared name reads
/// it, so that input takes the words output uses.
pub fn meant<'a, 'b>(words: &str, names: impl IntoIterator<Item = Said<'a, 'b>>) -> Option<usize> {
    let names: Vec<Said<'a, 'b>> = names.into_iter().collect();
    let spoken = |w: &str| {
        w.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let heard = spoken(words);
    names
        .iter()
        .position(|(name, _)| *name == words)
        .or_else(|| {
            names
                .iter()
                .position(|(name, _)| name.to_lowercase() == heard)
        })
        .or_else(|| names.iter().position(|(_, said)| spoken(said) == heard))
}

/// The declared name closest to `words` (see [`closest_of`]), searched
/// among the names and the words they are said in both: `low_water` finds
/// `low_flood` said "low water".
pub fn closest_said<'a, 'b>(
    words: &str,
    names: impl IntoIterator<Item = Said<'a, 'b>>,
) -> Option<&'a str> {
    let known: Vec<(&str, &'a str)> = names
        .into_iter()
        .flat_map(|(name, said)| [(name, name), (said, name)])
        .collect();
    closest_of(words, known).map(|(_, name)| name)
}

/// `n` of `noun`, with the noun in the plural unless `n` is 1: `1 state`,
/// `2 outcomes`, `3 hatches`.
pub(crate) fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    match (n, noun.ends_with("ch") || noun.ends_with('s')) {
        (1, _) => format!("1 {noun}"),
        (_, true) => format!("{n} {noun}es"),
        _ => format!("{n} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_slips_and_ignores_strangers() {
        let states = ["clear", "low_flood", "high_flood", "fire"];
        assert_eq!(closest("low_flod", states), Some("low_flood"));
        assert_eq!(closest("fir", states), Some("fire"));
        assert_eq!(closest("FIRE", states), Some("fire"));
        assert_eq!(closest("lava", states), None);
        assert_eq!(closest("100", ["1", "10"]), Some("10"));
        assert_eq!(closest("3", ["1", "2"]), None);
        assert_eq!(did_you_mean("xyz", states), "");
    }

    #[test]
    fn the_start_of_one_name_finds_it() {
        let actions = ["extinguish_fire", "pump_water", "unblock_hatch"];
        assert_eq!(closest("extinguish", actions), Some("extinguish_fire"));
        assert_eq!(closest("PUMP", actions), Some("pump_water"));
        assert_eq!(closest("", actions), None);
        // The start of two names is no hint.
        let states = ["clear", "low_flood", "high_flood", "fire"];
        assert_eq!(closest("h", ["hatch", "high_flood", "room"]), None);
        assert_eq!(closest("l", states), Some("low_flood"));
    }

    #[test]
    fn a_whole_word_of_one_name_finds_it() {
        let actions = ["extinguish_fire", "pump_water", "unblock_hatch"];
        assert_eq!(closest("fire", actions), Some("extinguish_fire"));
        assert_eq!(closest("Water", actions), Some("pump_water"));
        assert_eq!(
            closest("rulebook", ["red-november", "red-november-rulebook"]),
            Some("red-november-rulebook")
        );
        assert_eq!(
            closest("pumps", ["Engine Room", "Oxygen Pumps"]),
            Some("Oxygen Pumps")
        );
        // A word of two names is no hint, nor a part of a word.
        let states = ["clear", "low_flood", "high_flood", "fire"];
        assert_eq!(closest("flood", states), None);
        assert_eq!(closest("guish", actions), None);
    }

    #[test]
    fn words_mean_a_name_by_its_spelling_its_case_or_its_words() {
        let items = [("grog", "Grog"), ("fire_extinguisher", "Fire Extinguisher")];
        assert_eq!(meant("grog", items), Some(0));
        assert_eq!(meant("GROG", items), Some(0));
        assert_eq!(meant("fire extinguisher", items), Some(1));
        assert_eq!(meant(" Fire  Extinguisher ", items), Some(1));
        assert_eq!(meant("FIRE_Extinguisher", items), Some(1));
        assert_eq!(meant("fire", items), None);
        // A name spelt exactly wins over another's words.
        let odd = [("a", "b"), ("b", "a")];
        assert_eq!(meant("b", odd), Some(1));
    }

    #[test]
    fn a_slip_is_found_among_names_and_words_both() {
        let states = [
            ("clear", "clear"),
            ("low_flood", "low water"),
            ("high_flood", "high water"),
        ];
        assert_eq!(closest_said("low_water", states), Some("low_flood"));
        assert_eq!(closest_said("hihg water", states), Some("high_flood"));
        assert_eq!(closest_said("low_flod", states), Some("low_flood"));
        assert_eq!(closest_said("lava", states), None);
    }

    #[test]
    fn short_ids_stay_apart() {
        let ids = ["1", "2", "3", "10"];
        assert_eq!(closest("4", ids), None);
        assert_eq!(closest("5", ["1", "2"]), None);
        assert_eq!(closest("0", ids), None);
        // A longer id is found by its start, when it is the only one.
        assert_eq!(closest("1", ["10", "2"]), Some("10"));
        assert_eq!(closest("1", ["10", "11"]), None);
    }

    #[test]
    fn names_of_one_thing_are_one_hint() {
        // A room's id and its name: the start of both is one room.
        let rooms = [
            ("galley", 1),
            ("Galley", 1),
            ("store", 2),
            ("Store Room", 2),
        ];
        assert_eq!(closest_of("gal", rooms), Some(("galley", 1)));
        assert_eq!(closest_of("sto", rooms), Some(("store", 2)));
        assert_eq!(closest_of("room", rooms), Some(("Store Room", 2)));
        assert_eq!(closest_of("s", [("store", 2), ("stern", 3)]), None);
        // A name spelt exactly so is passed over.
        assert_eq!(closest_of("store", [("store", 2)]), None);
    }
}
