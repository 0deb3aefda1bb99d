//! Whether a word is one a player knows: the second signal beside its
//! frequency.
//!
//! A frequency list counts the tokens of running text whatever they stand
//! for, so a pack word that is also a name (`anna`, `tet`), an abbreviation
//! (`dui`, `ggf`) or a stray token (`dae`, `tae`) reaches a high Zipf value
//! on the strength of that other use. A pack built from a recipe whose
//! `[frequencies.everyday]` names its evidence ([`EverydayRules`]) carries
//! one [`Verdict`] a word, decided at build time:
//!
//! 1. **Case.** Cased lists of the language (for English, SCOWL's size-50
//!    lists as Debian ships them; for French and Spanish, the word forms of
//!    a hunspell dictionary) keep names capitalised (`Tet`, `Anna`) and
//!    abbreviations in capitals (`DUI`). A word they hold in lower case is
//!    an everyday word; one they hold only capitalised is a
//!    [`Verdict::Name`]; only in capitals, a [`Verdict::Abbreviation`].
//! 2. **The everyday lists.** A word they lack is
//!    [`Verdict::NotEveryday`].
//! 3. **The dictionary's own marks**, where a language capitalises nouns
//!    too (German): a hunspell dictionary's capitalised stems that take no
//!    affix but those named are names (igerman98 gives a name only the
//!    genitive `S`; nouns take their plural and compounding flags), with
//!    the forms the affix rules make of them; its stems written with a
//!    final dot (`ggf.`) are abbreviations.
//!
//! Whether a word is *common* then takes both signals ([`Standing::of`]):
//! its frequency reaches the line (2.5 unless told otherwise) and its
//! verdict is [`Verdict::Everyday`]. Packs without verdicts (format 2, or
//! a recipe without evidence) judge by frequency alone.

use serde::Serialize;

use crate::zipf::Zipf;

/// Whether a word is an everyday word of its pack's language, or why not:
/// one byte a word in a pack's verdict section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Verdict {
    /// An everyday word of the language: its frequency decides.
    Everyday = 0,
    /// Held only capitalised by the language's cased lists, or a name stem
    /// of its dictionary: a first name, a place, a brand.
    Name = 1,
    /// Held only in capitals by the language's cased lists (`DUI`), or
    /// written with a final dot in its dictionary (`ggf.`).
    Abbreviation = 2,
    /// Not in the language's everyday lists at all.
    NotEveryday = 3,
}

impl Verdict {
    /// Every verdict, by byte.
    pub const ALL: [Verdict; 4] = [
        Verdict::Everyday,
        Verdict::Name,
        Verdict::Abbreviation,
        Verdict::NotEveryday,
    ];

    /// The verdict a stored byte stands for; `None` for a byte no build
    /// writes (a damaged section, which opening a pack refuses).
    pub fn from_byte(byte: u8) -> Option<Verdict> {
        Verdict::ALL.get(usize::from(byte)).copied()
    }

    /// The byte a pack stores.
    pub fn byte(self) -> u8 {
        self as u8
    }

    /// Its name in JSON and reports (`not_everyday`).
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Everyday => "everyday",
            Verdict::Name => "name",
            Verdict::Abbreviation => "abbreviation",
            Verdict::NotEveryday => "not_everyday",
        }
    }

    /// What it means, as a person reads it.
    pub fn describe(self) -> &'static str {
        match self {
            Verdict::Everyday => "an everyday word of the language",
            Verdict::Name => "a name, as the language's dictionaries write it",
            Verdict::Abbreviation => "an abbreviation, as the language's dictionaries write it",
            Verdict::NotEveryday => "not in the language's everyday word lists",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

/// The verdict of the word of `rank` in a verdict section (one byte a word
/// by rank), if the section has one for it.
pub fn at(verdicts: &[u8], rank: u64) -> Option<Verdict> {
    Verdict::from_byte(*verdicts.get(usize::try_from(rank).ok()?)?)
}

/// How many words of a verdict section have each verdict, by key (every
/// verdict named, 0 for none).
pub fn count(verdicts: &[u8]) -> std::collections::BTreeMap<String, u64> {
    let mut by_byte = [0u64; Verdict::ALL.len()];
    for &b in verdicts {
        if let Some(n) = by_byte.get_mut(usize::from(b)) {
            *n += 1;
        }
    }
    Verdict::ALL
        .iter()
        .map(|v| (v.key().to_string(), by_byte[usize::from(v.byte())]))
        .collect()
}

/// Whether a word counts as common at a line, and if not, why not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Common: its frequency reaches the line and it is an everyday word
    /// (or its pack cannot tell: no frequencies, or no verdicts).
    Common,
    /// Rare: its frequency is under the line, or its source lacks it.
    TooRare,
    /// Rare: frequent enough, but not an everyday word of the language.
    Not(Verdict),
}

impl Standing {
    /// The one rule: in a pack with frequencies (`has_frequencies`), a word
    /// of frequency `zipf` and verdict `verdict` is common at `line` when
    /// its frequency reaches the line and its verdict, if the pack has one,
    /// is [`Verdict::Everyday`]. A pack without frequencies has no rare
    /// words. Stored frequencies are rounded down, so a word under the
    /// line never reaches it.
    pub fn of(
        has_frequencies: bool,
        zipf: Option<Zipf>,
        verdict: Option<Verdict>,
        line: Zipf,
    ) -> Standing {
        if !has_frequencies {
            return Standing::Common;
        }
        if !zipf.is_some_and(|z| z >= line) {
            return Standing::TooRare;
        }
        match verdict {
            Some(v) if v != Verdict::Everyday => Standing::Not(v),
            _ => Standing::Common,
        }
    }

    /// Whether the word counts as common.
    pub fn is_common(self) -> bool {
        self == Standing::Common
    }

    /// Why a rare word is rare, as a key (`too_rare`, `name`, …); `None`
    /// for a common one.
    pub fn reason(self) -> Option<&'static str> {
        match self {
            Standing::Common => None,
            Standing::TooRare => Some("too_rare"),
            Standing::Not(v) => Some(v.key()),
        }
    }
}

pub use crate::recipe::{EverydayRules, NameRules};

#[cfg(feature = "build")]
pub use evidence::Evidence;

#[cfg(feature = "build")]
mod evidence;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_and_others_are_refused() {
        for v in Verdict::ALL {
            assert_eq!(Verdict::from_byte(v.byte()), Some(v));
        }
        assert_eq!(Verdict::from_byte(4), None);
        assert_eq!(Verdict::from_byte(255), None);
        assert_eq!(at(&[0, 3], 1), Some(Verdict::NotEveryday));
        assert_eq!(at(&[0, 3], 2), None);
    }

    #[test]
    fn common_needs_the_line_and_an_everyday_verdict() {
        let line = Zipf::COMMON;
        let z = |t: f64| Some(Zipf::from_value(t));
        assert_eq!(Standing::of(false, None, None, line), Standing::Common);
        assert_eq!(Standing::of(true, None, None, line), Standing::TooRare);
        assert_eq!(Standing::of(true, z(2.4), None, line), Standing::TooRare);
        assert_eq!(Standing::of(true, z(2.5), None, line), Standing::Common);
        let name = Some(Verdict::Name);
        assert_eq!(
            Standing::of(true, z(4.0), name, line),
            Standing::Not(Verdict::Name)
        );
        // Too rare says so first, whatever the verdict.
        assert_eq!(Standing::of(true, z(1.0), name, line), Standing::TooRare);
        let everyday = Some(Verdict::Everyday);
        assert!(Standing::of(true, z(3.0), everyday, line).is_common());
        assert_eq!(Standing::Not(Verdict::Name).reason(), Some("name"));
    }
}
