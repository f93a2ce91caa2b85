//! "Did you mean …?": the known name closest to a mistyped one, for the errors that name an
//! unknown field (`unknown_field`), an unknown event type, or a misspelt field of a content
//! filter (`unknown_filter_field`, which the engine itself refuses: `filter.rs`).

/// The candidate `word` most likely meant, if one is close enough: equal once case, `_`, `-`
/// and `.` are ignored (`event_types` for `eventTypes`), or a prefix of it up to a separator
/// (`campaign.created` for `campaign.created.v1`), or within a sixth of its length in edits
/// (at least one; a swap of two neighbours is one edit): close enough for a typo, not so close
/// that `segment.deleted.v1` reads as `segment.created.v1`.
pub(crate) fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let folded = fold(word);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let distance = if fold(candidate) == folded || is_unversioned(word, candidate) {
            0
        } else {
            edits(&folded, &fold(candidate))
        };
        if best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    let allowed = (folded.chars().count() / 6).max(1);
    best.filter(|(d, _)| *d <= allowed).map(|(_, c)| c)
}

/// ` (did you mean `x`?)`, or nothing.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(word, candidates).map(|c| format!(" (did you mean `{c}`?)")).unwrap_or_default()
}

fn fold(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, '_' | '-' | '.')).flat_map(char::to_lowercase).collect()
}

/// `campaign.created` for `campaign.created.v1`: the candidate is the word and a version.
fn is_unversioned(word: &str, candidate: &str) -> bool {
    candidate
        .strip_prefix(word)
        .and_then(|rest| rest.strip_prefix(".v"))
        .is_some_and(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit()))
}

/// Edits from `a` to `b`: insertions, deletions, substitutions, and swaps of two neighbours
/// (the optimal string alignment distance), over chars.
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_in_the_other_case_convention_is_the_field_meant() {
        assert_eq!(closest("event_types", ["url", "eventTypes", "rateLimit"]), Some("eventTypes"));
        assert_eq!(closest("rate-limit", ["url", "eventTypes", "rateLimit"]), Some("rateLimit"));
        assert_eq!(closest("URL", ["url", "events"]), Some("url"));
    }

    #[test]
    fn a_typo_of_a_few_letters_is_the_field_meant() {
        assert_eq!(closest("evnets", ["url", "events", "rateLimit"]), Some("events"));
        assert_eq!(closest("ulr", ["url", "events"]), Some("url"));
    }

    #[test]
    fn a_type_without_its_version_is_the_versioned_type() {
        let types = ["campaign.created.v1", "campaign.updated.v1"];
        assert_eq!(closest("campaign.created", types), Some("campaign.created.v1"));
        assert_eq!(did_you_mean("campaign.created", types), " (did you mean `campaign.created.v1`?)");
    }

    #[test]
    fn nothing_is_suggested_for_a_word_unlike_every_candidate() {
        assert_eq!(closest("color", ["url", "events", "rateLimit"]), None);
        assert_eq!(closest("x", ["url"]), None);
        assert_eq!(did_you_mean("color", ["url"]), "");
        assert_eq!(closest("anything", []), None);
        assert_eq!(closest("segment.deleted.v1", ["segment.created.v1"]), None, "another word, not a typo");
    }

    #[test]
    fn the_distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(edits("kitten", "sitting"), 3);
        assert_eq!(edits("", "abc"), 3);
        assert_eq!(edits("abc", "abc"), 0);
        assert_eq!(edits("ulr", "url"), 1, "a swap is one edit");
    }
}
