//! The word filter: which normalized words a pack keeps, and why the others go.

#[cfg(feature = "build")]
use std::collections::HashSet;
use std::fmt;

#[cfg(feature = "build")]
use regex::Regex;
use serde::{Deserialize, Serialize};

#[cfg(feature = "build")]
use crate::error::RecipeError;

/// Why a line did not become a word in the pack. Checks run in this order and
/// the first that fails names the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DropReason {
    /// The line is not valid UTF-8 (only counted when the build skips such lines).
    InvalidUtf8,
    /// The line was empty or white space only.
    Blank,
    /// It holds a digit.
    Digit,
    /// It holds a space or other white space inside the word.
    Space,
    /// It holds an apostrophe.
    Apostrophe,
    /// It holds a hyphen or dash.
    Hyphen,
    /// It holds other punctuation or symbols (`.`, `/`, `&`…).
    Symbol,
    /// It holds an uppercase letter the recipe does not lowercase (a name).
    Uppercase,
    /// It holds a letter outside the recipe's alphabet (after folding).
    ForeignLetter,
    /// Fewer letters than the recipe's minimum.
    TooShort,
    /// More letters than the recipe's maximum.
    TooLong,
    /// It does not match the recipe's pattern.
    Pattern,
    /// No vowel.
    NoVowel,
    /// No letter other than a vowel.
    NoConsonant,
    /// A `q` not followed by `u`.
    QWithoutU,
    /// The same word came earlier (after normalization).
    Duplicate,
    /// Less common than the build's minimum Zipf value (`--min-zipf`).
    Rare,
}

impl DropReason {
    /// The reason's name as it appears in reports and JSON.
    pub fn name(self) -> &'static str {
        match self {
            DropReason::InvalidUtf8 => "invalid_utf8",
            DropReason::Blank => "blank",
            DropReason::Digit => "digit",
            DropReason::Space => "space",
            DropReason::Apostrophe => "apostrophe",
            DropReason::Hyphen => "hyphen",
            DropReason::Symbol => "symbol",
            DropReason::Uppercase => "uppercase",
            DropReason::ForeignLetter => "foreign_letter",
            DropReason::TooShort => "too_short",
            DropReason::TooLong => "too_long",
            DropReason::Pattern => "pattern",
            DropReason::NoVowel => "no_vowel",
            DropReason::NoConsonant => "no_consonant",
            DropReason::QWithoutU => "q_without_u",
            DropReason::Duplicate => "duplicate",
            DropReason::Rare => "rare",
        }
    }
}

impl DropReason {
    /// What the reason means, in a few words, for build reports.
    pub fn description(self) -> &'static str {
        match self {
            DropReason::InvalidUtf8 => "not valid UTF-8",
            DropReason::Blank => "empty, or white space only",
            DropReason::Digit => "holds a digit",
            DropReason::Space => "holds a space",
            DropReason::Apostrophe => "holds an apostrophe",
            DropReason::Hyphen => "holds a hyphen or dash",
            DropReason::Symbol => "holds other punctuation or a symbol",
            DropReason::Uppercase => {
                "holds a capital the recipe does not lowercase (a name, an acronym)"
            }
            DropReason::ForeignLetter => "holds a letter outside the alphabet, after folding",
            DropReason::TooShort => "fewer letters than the recipe's minimum",
            DropReason::TooLong => "more letters than the recipe's maximum",
            DropReason::Pattern => "does not match the recipe's pattern",
            DropReason::NoVowel => "has no vowel",
            DropReason::NoConsonant => "has no letter but vowels",
            DropReason::QWithoutU => "has a q not followed by u",
            DropReason::Duplicate => "the same word as an earlier line, after folding",
            DropReason::Rare => "less common than the build's minimum Zipf value",
        }
    }
}

impl fmt::Display for DropReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The word filter, applied to normalized words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FilterRules {
    /// A regular expression (Rust `regex` syntax) a word must match.
    #[serde(default)]
    pub pattern: Option<String>,
    /// Fewest letters a word may have.
    #[serde(default = "default_min_len")]
    pub min_len: usize,
    /// Most letters a word may have.
    #[serde(default)]
    pub max_len: Option<usize>,
    /// When set, a word needs at least one of these letters and at least one
    /// letter not among them.
    #[serde(default)]
    pub vowels: Option<String>,
    /// Every `q` must be followed by `u`.
    #[serde(default)]
    pub q_needs_u: bool,
}

impl Default for FilterRules {
    fn default() -> FilterRules {
        FilterRules {
            pattern: None,
            min_len: default_min_len(),
            max_len: None,
            vowels: None,
            q_needs_u: false,
        }
    }
}

/// The default shortest word: three letters.
pub(crate) fn default_min_len() -> usize {
    3
}

#[cfg(feature = "build")]
/// A compiled word filter.
#[derive(Clone, Debug)]
pub struct Filter {
    alphabet: HashSet<char>,
    ascii: [bool; 128],
    pattern: Option<Regex>,
    min_len: usize,
    max_len: usize,
    vowels: Option<HashSet<char>>,
    q_needs_u: bool,
}

#[cfg(feature = "build")]
impl Filter {
    /// Compiles filter rules for words over `alphabet`.
    pub fn new(rules: &FilterRules, alphabet: &[char]) -> Result<Filter, RecipeError> {
        let pattern = match &rules.pattern {
            Some(p) => Some(Regex::new(p).map_err(|e| RecipeError::Regex {
                pattern: p.clone(),
                message: last_line(&e.to_string()),
            })?),
            None => None,
        };
        let alphabet: HashSet<char> = alphabet.iter().copied().collect();
        let mut ascii = [false; 128];
        for c in alphabet.iter().filter(|c| c.is_ascii()) {
            ascii[*c as usize] = true;
        }
        Ok(Filter {
            alphabet,
            ascii,
            pattern,
            min_len: rules.min_len,
            max_len: rules.max_len.unwrap_or(usize::MAX),
            vowels: rules.vowels.as_ref().map(|v| v.chars().collect()),
            q_needs_u: rules.q_needs_u,
        })
    }

    /// Whether a normalized word is kept; if not, why not.
    pub fn check(&self, word: &str) -> Result<(), DropReason> {
        if word.is_empty() {
            return Err(DropReason::Blank);
        }
        let mut len = 0;
        for c in word.chars() {
            len += 1;
            let ok = if c.is_ascii() {
                self.ascii[c as usize]
            } else {
                self.alphabet.contains(&c)
            };
            if !ok {
                return Err(classify(c));
            }
        }
        if len < self.min_len {
            return Err(DropReason::TooShort);
        }
        if len > self.max_len {
            return Err(DropReason::TooLong);
        }
        if let Some(p) = &self.pattern {
            if !p.is_match(word) {
                return Err(DropReason::Pattern);
            }
        }
        if let Some(vowels) = &self.vowels {
            if !word.chars().any(|c| vowels.contains(&c)) {
                return Err(DropReason::NoVowel);
            }
            if word.chars().all(|c| vowels.contains(&c)) {
                return Err(DropReason::NoConsonant);
            }
        }
        if self.q_needs_u {
            let b = word.as_bytes();
            if b.iter()
                .enumerate()
                .any(|(i, &c)| c == b'q' && b.get(i + 1) != Some(&b'u'))
            {
                return Err(DropReason::QWithoutU);
            }
        }
        Ok(())
    }
}

#[cfg(feature = "build")]
/// regex's syntax errors span several lines (the pattern, carets, then
/// `error: …`); the last line says what is wrong.
fn last_line(message: &str) -> String {
    let last = message.lines().last().unwrap_or_default().trim();
    last.strip_prefix("error: ").unwrap_or(last).to_string()
}

#[cfg(feature = "build")]
/// Names the kind of a character that is not in the alphabet.
fn classify(c: char) -> DropReason {
    if c.is_numeric() {
        DropReason::Digit
    } else if c.is_whitespace() {
        DropReason::Space
    } else if matches!(c, '\'' | '’' | 'ʼ' | '`' | '´') {
        DropReason::Apostrophe
    } else if matches!(c, '-' | '‐' | '‑' | '–' | '—') {
        DropReason::Hyphen
    } else if c.is_uppercase() {
        DropReason::Uppercase
    } else if c.is_alphabetic() {
        DropReason::ForeignLetter
    } else {
        DropReason::Symbol
    }
}

#[cfg(all(test, feature = "build"))]
mod tests {
    use super::*;
    use crate::Recipe;

    #[test]
    fn opentaal_rules() {
        let f = Recipe::builtin("opentaal").unwrap().filter().unwrap();
        assert_eq!(f.check("fiets"), Ok(()));
        assert_eq!(f.check("qat"), Ok(()));
        assert_eq!(f.check("Amsterdam"), Err(DropReason::Uppercase));
        assert_eq!(f.check("ab"), Err(DropReason::TooShort));
        assert_eq!(f.check("aaaaaaaaaaaaaaaab"), Err(DropReason::TooLong));
        assert_eq!(f.check("brrr"), Err(DropReason::NoVowel));
        assert_eq!(f.check("aai"), Err(DropReason::NoConsonant));
        assert_eq!(f.check("yyy"), Err(DropReason::NoConsonant));
        assert_eq!(f.check("café"), Err(DropReason::ForeignLetter));
        assert_eq!(f.check("a.s.a.p"), Err(DropReason::Symbol));
        assert_eq!(f.check("zo'n"), Err(DropReason::Apostrophe));
        assert_eq!(f.check("e-mail"), Err(DropReason::Hyphen));
        assert_eq!(f.check("ad hoc"), Err(DropReason::Space));
        assert_eq!(f.check("mp3"), Err(DropReason::Digit));
    }

    #[test]
    fn enable_rules() {
        let f = Recipe::builtin("enable").unwrap().filter().unwrap();
        assert_eq!(f.check("queen"), Ok(()));
        assert_eq!(f.check("qat"), Err(DropReason::QWithoutU));
        assert_eq!(f.check("suq"), Err(DropReason::QWithoutU));
        assert_eq!(f.check("hmm"), Ok(()));
        assert_eq!(f.check("at"), Err(DropReason::TooShort));
    }
}
