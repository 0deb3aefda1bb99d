//! Words: from raw bytes to a sorted, deduplicated word list, with a count of what
//! was dropped and why.
//!
//! Raw lists come as they come: a byte-order mark, CRLF line ends, blank lines,
//! surrounding spaces, duplicates, any order. A line that is not UTF-8 is an
//! error naming its line (or, if asked, dropped and counted), never mangled.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[cfg(feature = "build")]
use crate::error::BuildError;
use crate::filter::DropReason;
#[cfg(feature = "build")]
use crate::recipe::Recipe;

/// What to do with a line that is not UTF-8.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InvalidLines {
    /// Stop with an error naming the line (the default).
    #[default]
    Fail,
    /// Drop the line and count it under `invalid_utf8`.
    Skip,
}

/// Counts from one build.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildStats {
    /// Lines read (a final line without a line end counts).
    pub lines: u64,
    /// Distinct words kept.
    pub kept: u64,
    /// Lines dropped, by reason.
    pub dropped: BTreeMap<DropReason, u64>,
    /// The first few lines dropped for each reason (at most
    /// [`EXAMPLES_PER_REASON`], trimmed, as read), so a pack maker can see
    /// what a reason stands for in this list. Duplicates have none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub examples: BTreeMap<DropReason, Vec<String>>,
}

/// How many dropped lines [`BuildStats::examples`] keeps per reason.
pub const EXAMPLES_PER_REASON: usize = 3;

impl BuildStats {
    /// Lines dropped for any reason.
    pub fn dropped_total(&self) -> u64 {
        self.dropped.values().sum()
    }
}

#[cfg(feature = "build")]
/// The result of applying a recipe to a raw list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WordList {
    /// The kept words, sorted bytewise and distinct.
    pub words: Vec<String>,
    /// What was read, kept and dropped.
    pub stats: BuildStats,
}

#[cfg(feature = "build")]
/// Applies `recipe` to the raw bytes of a word list. `name` names the list in
/// errors; `progress` is called now and then with the bytes consumed so far.
pub fn apply_recipe(
    recipe: &Recipe,
    raw: &[u8],
    name: &str,
    invalid: InvalidLines,
    progress: &mut dyn FnMut(usize),
) -> Result<WordList, BuildError> {
    let normalizer = recipe.normalizer()?;
    let filter = recipe.filter()?;
    let mut stats = BuildStats::default();
    let mut words = Vec::new();
    let mut word = String::new();
    let body = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
    let mut consumed = raw.len() - body.len();
    for (index, line) in lines(body).enumerate() {
        consumed += line.len() + 1;
        if index % 65_536 == 0 {
            progress(consumed.min(raw.len()));
        }
        stats.lines += 1;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = match std::str::from_utf8(line) {
            Ok(text) => text,
            Err(e) => match invalid {
                InvalidLines::Fail => {
                    return Err(BuildError::InvalidUtf8 {
                        path: name.to_string(),
                        line: index + 1,
                        byte: e.valid_up_to() + 1,
                    })
                }
                InvalidLines::Skip => {
                    *stats.dropped.entry(DropReason::InvalidUtf8).or_default() += 1;
                    continue;
                }
            },
        };
        normalizer.normalize_into(text.trim(), &mut word);
        match filter.check(&word) {
            Ok(()) => words.push(word.clone()),
            Err(reason) => {
                *stats.dropped.entry(reason).or_default() += 1;
                let examples = stats.examples.entry(reason).or_default();
                if examples.len() < EXAMPLES_PER_REASON {
                    examples.push(text.trim().to_string());
                }
            }
        }
    }
    progress(raw.len());
    words.sort_unstable();
    let before = words.len();
    words.dedup();
    let duplicates = (before - words.len()) as u64;
    if duplicates > 0 {
        stats.dropped.insert(DropReason::Duplicate, duplicates);
    }
    stats.kept = words.len() as u64;
    Ok(WordList { words, stats })
}

#[cfg(feature = "build")]
/// Splits on `\n`; a final line without one still counts, an empty tail does not.
fn lines(body: &[u8]) -> impl Iterator<Item = &[u8]> {
    // Test for emptiness first: "\n" is one (blank) line, not none.
    let empty = body.is_empty();
    let body = body.strip_suffix(b"\n").unwrap_or(body);
    body.split(|&b| b == b'\n').filter(move |_| !empty)
}

#[cfg(all(test, feature = "build"))]
mod tests {
    use super::*;

    fn run(recipe: &str, raw: &[u8]) -> Result<WordList, BuildError> {
        let recipe = Recipe::builtin(recipe).unwrap();
        apply_recipe(&recipe, raw, "list.txt", InvalidLines::Fail, &mut |_| {})
    }

    #[test]
    fn bom_crlf_blank_duplicates_and_order() {
        let raw = b"\xEF\xBB\xBFzebra\r\napple\r\n\r\n  apple  \r\nqueen\r\nqat\r\nZulu\nhat";
        let list = run("enable", raw).unwrap();
        assert_eq!(list.words, ["apple", "hat", "queen", "zebra"]);
        assert_eq!(list.stats.lines, 8);
        assert_eq!(list.stats.kept, 4);
        assert_eq!(list.stats.dropped[&DropReason::Blank], 1);
        assert_eq!(list.stats.dropped[&DropReason::Duplicate], 1);
        assert_eq!(list.stats.dropped[&DropReason::QWithoutU], 1);
        assert_eq!(list.stats.dropped[&DropReason::Uppercase], 1);
        assert_eq!(list.stats.examples[&DropReason::Uppercase], ["Zulu"]);
        assert_eq!(list.stats.examples[&DropReason::Blank], [""]);
        assert!(!list.stats.examples.contains_key(&DropReason::Duplicate));
        assert_eq!(
            list.stats.lines,
            list.stats.kept + list.stats.dropped_total()
        );
    }

    #[test]
    fn invalid_utf8_names_the_line() {
        let err = run("enable", b"apple\nbanana\nch\xFFrry\n").unwrap_err();
        assert!(
            matches!(
                err,
                BuildError::InvalidUtf8 {
                    line: 3,
                    byte: 3,
                    ..
                }
            ),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            "list.txt:3: not valid UTF-8 (byte 3 of the line)"
        );
        let recipe = Recipe::builtin("enable").unwrap();
        let list = apply_recipe(
            &recipe,
            b"apple\nch\xFFrry\n",
            "l",
            InvalidLines::Skip,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(list.words, ["apple"]);
        assert_eq!(list.stats.dropped[&DropReason::InvalidUtf8], 1);
    }

    #[test]
    fn empty_input_gives_no_words() {
        let list = run("enable", b"").unwrap();
        assert!(list.words.is_empty());
        assert_eq!(list.stats.lines, 0);
    }
}
