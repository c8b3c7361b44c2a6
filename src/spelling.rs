//! How words are spelt: the plural of a counted noun, and the closest
//! known name to a misspelt one, for "did you mean" hints.

/// The known name closest to `word`, if one is close enough to be a likely
/// slip: the same up to case, or within a third of its length in
/// Damerau-Levenshtein edits (so `fir` finds `fire`, but `3` is not taken
/// for a slip of `1`: any short id is one edit from another).
pub fn closest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = word.to_lowercase();
    let allowed = word.chars().count() / 3;
    known
        .into_iter()
        .filter(|k| *k != word)
        .map(|k| {
            let distance = if k.to_lowercase() == lower {
                0
            } else {
                strsim::damerau_levenshtein(&lower, &k.to_lowercase())
            };
            (distance, k)
        })
        .filter(|&(d, _)| d <= allowed)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

/// `did you mean `low_flood`? ` when a known name is close, else nothing:
/// the start of a help line that goes on to list what is known.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    closest(word, known).map_or(String::new(), |k| format!("did you mean `{k}`? "))
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
}
