//! Scoring schemes: points by word length (in letters; a `Qu` face is two),
//! and the letter-value schemes of the phone games, where the path matters.
//!
//! # Length schemes
//!
//! A length scheme is a table from length to points plus a rule for lengths
//! past the table. The named ones:
//!
//! | name | min | points |
//! |---|---:|---|
//! | `boggle` | 3 | 3,4→1 5→2 6→3 7→5 8+→11 |
//! | `big-boggle` | 4 | 4→1 5→2 6→3 7→5 8+→11 |
//! | `super-big-boggle` | 4 | 4→1 5→2 6→3 7→5 8→11, +2 per letter past 8 (10 letters → 15) |
//! | `word-hunt` | 3 | 3→100 4→400 5→800 6→1400 7→1800 8→2200, +400 per letter beyond |
//! | `words` | 1 | 1 per word |
//!
//! Sources, read 2026-11-25 (details in `docs/sources/game-data.md`): the
//! `boggle` table is the Hasbro rule sheet's as users quote it (fixya.com's
//! copy: "3 4 5 6 7 8 or more / Points 1 1 2 3 5 11"; FiveThirtyEight's
//! Riddler, 2016, the same); a 1982 article (Word Ways 15:3) gives 7 letters
//! 4 points, an early sheet's rule not followed here. `big-boggle`:
//! ourpastimes.com ("A four-letter word earns 1 point … eight or more
//! letters earn 11 points"). `super-big-boggle`: no rule booklet was found;
//! TVTropes' *Boggle* page says "Super Big Boggle has a two-point bonus for
//! extra letters each beyond the 8-letter limit. For example, the word
//! 'absolutely' (10 letters) is worth 15 points", which this follows.
//! `word-hunt` (GamePigeon's iMessage game): 3, 4 and 5 letters as
//! pixelation.org's guide states them ("A three-letter word … gives you
//! 100 points. A four-letter word gives you 400 … five letters? Now you're
//! at 800"); 6 letters and up (1400, 1800, 2200, +400 a letter) were not
//! found in a source and are unverified.
//!
//! A custom table is written `3=1,4=1,5=2,6=3,7=5,8+=11`: `LEN=POINTS` pairs,
//! the last of which may be `LEN+=P` (P for that length and longer),
//! `LEN+=Px` (P points per letter from that length on) or `LEN+=+P` (P more
//! for each letter past the previous entry). The smallest length given is the
//! minimum word length.
//!
//! # Letter-value schemes
//!
//! Here a word scores by the cells of its path, so the same word may score
//! differently along two paths; each word scores by its best path, and that
//! is the path reported. A path's score is
//!
//! ```text
//! floor(sum of (cell value x letter bonus) x product of word bonuses x multiplier(len)) + bonus(len)
//! ```
//!
//! where a cell's value is the value printed on its tile when the board
//! gives one (`s2`, see [`crate::FaceRules`]), else its face's value in the
//! scheme's table (a face without an entry of its own, such as `qu`, is the
//! sum of its letters; a letter without one is 0). Letter and word bonuses
//! come from a bonus grid ([`crate::Bonus`]); without one they are 1.
//!
//! | name | values | multiplier | length bonus | min |
//! |---|---|---|---|---:|
//! | `letters` | the pack's (`[letters]` in its recipe) | 1 | none | 1 |
//! | `ruzzle` | Ruzzle's own for English, else the pack's | 1 | 5→5 6→10 7→15 8→20 9+→25 | 2 |
//! | `wordament` | Wordament's English tiles (below) | 5→1.5 6,7→2 8+→2.5 | none | 3 |
//! | `wordament-classic` | as `wordament`, special tiles as one solver guesses them (below) | as `wordament` | none | 3 |
//!
//! Ruzzle's English tiles, which are not Scrabble's: A1 B4 C4 D2 E1 F4 G3 H4
//! I1 J10 K5 L1 M3 N1 O1 P4 Q10 R1 S1 T1 U2 V4 W4 X8 Y4 Z10. Sources, read
//! 2026-11-25: the solvers eforbes/ruzzler (`LetterValues.java`) and
//! DavideCanton/ruzzle-solver (`points.py`) give exactly this table;
//! dchen327/ruzzle-solver (`board_solver.py`) gives Z 8, the one
//! disagreement. Ruzzle's own tables for other languages are published only
//! by single, partly disputed sources, so other packs use their own
//! (Scrabble) values. The length bonus follows Zigazou/RuzzSolver's README
//! ("5 points: 5 letters word; … 25 points: 9+ letters word"); the other
//! solvers give 5 × (length − 4) without a cap, which differs from 10
//! letters on. Word multipliers multiply ("a word multiplier of 3 and a word
//! multiplier of 2 will have a resulting word multiplier of 6", the same
//! README).
//!
//! Wordament's tiles: A2 B5 C3 D3 E1 F5 G4 H4 I2 J10 K6 L3 M4 N2 O2 P4 Q8 R2
//! S2 T2 U4 V6 W6 X9 Y5 Z8, and its length multipliers, are those of the one
//! public solver that lists them, davghouse/Daves.WordamentSolver
//! (`Board.cs`, `Word.cs`; read 2026-11-25). Wordament prints each special
//! tile's value on the board (`[-ing:13]`, see [`crate::FaceRules`]),
//! which always wins. Without one, `wordament` scores a digram (`qu`),
//! prefix (`re-`) or suffix (`-ing`) tile as the sum of its letters, and an
//! either/or tile (`a/e`) as the letter it reads as; `wordament-classic`
//! uses that solver's guesses instead: "Either/or tiles get a fixed value
//! of 20 points. … Other multi-letter tiles get their individual values
//! summed + 5" (its README, which adds "3 or 4 might be correct more of
//! the time").
//!
//! A custom letter scheme is `letters+TABLE`, the pack's values plus a
//! length bonus written as a length table (`letters+5=5,6=10,7=15,8=20,9+=25`
//! is `ruzzle` for a pack without Ruzzle values of its own), or a TOML file
//! read with [`Scoring::from_toml`]:
//!
//! ```toml
//! name = "my-game"                        # optional; default "custom"
//! min_len = 3                             # optional; default 1
//! values = { a = 1, b = 3, qu = 10 }      # optional; default the pack's
//! length_bonus = "5=5,6=10,7=15,8+=20"    # optional; a length table
//! multiplier = "5=1.5,6=2,8=2.5"          # optional; from each length on
//! ```
//!
//! [`Scoring::with_values`] replaces any letter scheme's values (the
//! `--letter-values a=1,b=3,…` of the command line).

use std::collections::BTreeMap;

use serde::Deserialize;
use thiserror::Error;

mod bonus;
mod text;

pub use bonus::{Bonus, CellBonus};
pub use text::parse_values;
use text::{check_values, length_table, multiplier};

/// A scoring scheme that cannot be read: what was given, and why.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ScoringError {
    /// A scheme as text (a name, a length table, `letters+` a table) that
    /// is none of them.
    #[error("{why}")]
    Text {
        /// The text as given.
        text: String,
        /// What is wrong, as a sentence a person can act on.
        why: String,
    },
    /// Letter values (`a=1,b=3`) that cannot be read.
    #[error("{why}")]
    Values {
        /// The values as given.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// A scheme file that cannot be read or holds a mistake.
    #[error("{origin}{}: {why}", line.map_or(String::new(), |l| format!(":{l}")))]
    File {
        /// The file's name (or what the text came from).
        origin: String,
        /// The 1-based line of the mistake, when known.
        line: Option<usize>,
        /// What is wrong.
        why: String,
    },
}

/// Wordament's English tile values.
const WORDAMENT: [(char, u32); 26] = [
    ('a', 2),
    ('b', 5),
    ('c', 3),
    ('d', 3),
    ('e', 1),
    ('f', 5),
    ('g', 4),
    ('h', 4),
    ('i', 2),
    ('j', 10),
    ('k', 6),
    ('l', 3),
    ('m', 4),
    ('n', 2),
    ('o', 2),
    ('p', 4),
    ('q', 8),
    ('r', 2),
    ('s', 2),
    ('t', 2),
    ('u', 4),
    ('v', 6),
    ('w', 6),
    ('x', 9),
    ('y', 5),
    ('z', 8),
];

/// Ruzzle's English tile values (see the module docs for the sources).
const RUZZLE_EN: [(char, u32); 26] = [
    ('a', 1),
    ('b', 4),
    ('c', 4),
    ('d', 2),
    ('e', 1),
    ('f', 4),
    ('g', 3),
    ('h', 4),
    ('i', 1),
    ('j', 10),
    ('k', 5),
    ('l', 1),
    ('m', 3),
    ('n', 1),
    ('o', 1),
    ('p', 4),
    ('q', 10),
    ('r', 1),
    ('s', 1),
    ('t', 1),
    ('u', 2),
    ('v', 4),
    ('w', 4),
    ('x', 8),
    ('y', 4),
    ('z', 10),
];

/// The letter-value part of a scheme (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Letters {
    /// Values by letter or face; `None` until the pack's are filled in.
    values: Option<BTreeMap<String, u32>>,
    /// The game's own values by language (primary subtag: `en`), used
    /// instead of the pack's for a pack of that language.
    own: &'static [(&'static str, &'static [(char, u32)])],
    /// Multiplier steps: from this length on, this many hundredths.
    multiplier: Vec<(usize, u32)>,
    /// How a special tile without a printed value scores.
    special: SpecialTiles,
}

/// How a letter scheme scores a multi-letter or special tile that carries no
/// printed value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SpecialTiles {
    /// The sum of its letters (an either/or tile: the letters it reads as).
    Sum,
    /// Daves.WordamentSolver's guesses: either/or 20, other multi-letter
    /// and affix tiles their letters + 5.
    Guessed,
}

/// How points continue past the end of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beyond {
    /// The last entry's points, however long the word.
    Flat,
    /// This many points per letter of the whole word.
    PerLetter(u32),
    /// The last entry's points plus this many per letter past it.
    Increment(u32),
}

/// Points by word length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoring {
    name: String,
    table: Vec<u32>,
    /// The length the rule past the table starts at.
    beyond_from: usize,
    beyond: Beyond,
    min_len: usize,
    letters: Option<Letters>,
}

impl Scoring {
    /// The classic 4x4 Boggle table: 3,4→1 5→2 6→3 7→5 8+→11.
    pub fn boggle() -> Scoring {
        Scoring::table("boggle", 3, &[1, 1, 2, 3, 5, 11], Beyond::Flat)
    }

    /// Big Boggle (5x5): 4-letter minimum, 4→1 5→2 6→3 7→5 8+→11.
    pub fn big_boggle() -> Scoring {
        Scoring::table("big-boggle", 4, &[1, 2, 3, 5, 11], Beyond::Flat)
    }

    /// Super Big Boggle (6x6): 4→1 5→2 6→3 7→5 8→11, then 2 more for each
    /// letter past 8 (10 letters: 15; see the module docs for the source).
    pub fn super_big_boggle() -> Scoring {
        Scoring::table(
            "super-big-boggle",
            4,
            &[1, 2, 3, 5, 11],
            Beyond::Increment(2),
        )
    }

    /// Word Hunt: 3→100 4→400 5→800 6→1400 7→1800 8→2200, +400 per letter beyond.
    pub fn word_hunt() -> Scoring {
        Scoring::table(
            "word-hunt",
            3,
            &[100, 400, 800, 1400, 1800, 2200],
            Beyond::Increment(400),
        )
    }

    /// One point per word, so the score counts words.
    pub fn words() -> Scoring {
        Scoring::table("words", 1, &[1], Beyond::Flat)
    }

    /// The pack's letter values summed over the path (and its bonus
    /// cells), nothing for length.
    pub fn letters() -> Scoring {
        Scoring::letter_scheme("letters", 1, Scoring::table("", 1, &[0], Beyond::Flat))
    }

    /// Ruzzle: Ruzzle's own letter values for an English pack, the pack's
    /// for any other, with letter and word bonuses, plus 5 points for 5
    /// letters, 10 for 6, 15 for 7, 20 for 8, 25 for 9+.
    pub fn ruzzle() -> Scoring {
        let bonus = Scoring::table("", 5, &[5, 10, 15, 20, 25], Beyond::Flat);
        let mut s = Scoring::letter_scheme("ruzzle", 2, bonus);
        if let Some(l) = &mut s.letters {
            l.own = &[("en", &RUZZLE_EN)];
        }
        s
    }

    /// Wordament: its English tile values, times 1 up to 4 letters, 1.5 for
    /// 5, 2 for 6 and 7, 2.5 for 8 or more, rounded down.
    pub fn wordament() -> Scoring {
        let mut s =
            Scoring::letter_scheme("wordament", 3, Scoring::table("", 1, &[0], Beyond::Flat));
        if let Some(l) = &mut s.letters {
            l.values = Some(WORDAMENT.iter().map(|&(c, v)| (c.to_string(), v)).collect());
            l.multiplier = vec![(5, 150), (6, 200), (8, 250)];
        }
        s
    }

    /// `wordament` with Daves.WordamentSolver's guesses for special tiles
    /// that carry no printed value: an either/or tile 20, a digram, prefix
    /// or suffix tile its letters + 5.
    pub fn wordament_classic() -> Scoring {
        let mut s = Scoring::wordament();
        s.name = "wordament-classic".to_string();
        if let Some(l) = &mut s.letters {
            l.special = SpecialTiles::Guessed;
        }
        s
    }

    fn letter_scheme(name: &str, min_len: usize, bonus: Scoring) -> Scoring {
        Scoring {
            name: name.to_string(),
            min_len,
            letters: Some(Letters {
                values: None,
                own: &[],
                multiplier: Vec::new(),
                special: SpecialTiles::Sum,
            }),
            ..bonus
        }
    }

    /// The named schemes.
    pub const NAMES: &'static [&'static str] = &[
        "boggle",
        "big-boggle",
        "super-big-boggle",
        "word-hunt",
        "words",
        "letters",
        "ruzzle",
        "wordament",
        "wordament-classic",
    ];

    /// Whether words score by their letters, so that the path matters.
    pub fn is_letter_scheme(&self) -> bool {
        self.letters.is_some()
    }

    /// This letter scheme with its values replaced (a length scheme becomes
    /// `letters` with the length table as its bonus).
    pub fn with_values(mut self, values: BTreeMap<String, u32>) -> Scoring {
        match &mut self.letters {
            Some(l) => l.values = Some(values),
            None => {
                self.letters = Some(Letters {
                    values: Some(values),
                    own: &[],
                    multiplier: Vec::new(),
                    special: SpecialTiles::Sum,
                })
            }
        }
        self
    }

    /// Fills in the letter values where the scheme takes them from the
    /// pack: the game's own for the pack's `language` (a code such as `en`
    /// or `en-GB`) where it has them (Ruzzle's English), else the pack's.
    pub fn resolve(mut self, pack_values: &BTreeMap<String, u32>, language: &str) -> Scoring {
        if let Some(l) = &mut self.letters {
            if l.values.is_none() {
                let primary = language.split(['-', '_']).next().unwrap_or("");
                l.values = Some(
                    match l
                        .own
                        .iter()
                        .find(|(code, _)| code.eq_ignore_ascii_case(primary))
                    {
                        Some((_, own)) => own.iter().map(|&(c, v)| (c.to_string(), v)).collect(),
                        None => pack_values.clone(),
                    },
                );
            }
        }
        self
    }

    /// What a tile's alternative `letters` is worth when the board prints
    /// no value on it: [`face_value`](Scoring::face_value), or for
    /// `wordament-classic` its special-tile guess (either/or 20, a digram or
    /// affix tile its letters + 5).
    pub fn tile_value(&self, face: &str, letters: &str) -> u32 {
        let value = self.face_value(letters);
        match self.letters.as_ref().map(|l| l.special) {
            Some(SpecialTiles::Guessed) => {
                let tile = crate::board::Tile::of(face);
                if tile.alternatives().nth(1).is_some() {
                    20
                } else if tile.place() != crate::board::Place::Anywhere
                    || letters.chars().nth(1).is_some()
                {
                    value.saturating_add(5)
                } else {
                    value
                }
            }
            _ => value,
        }
    }

    /// The letter values (after [`resolve`](Scoring::resolve)), or `None`
    /// for a length scheme.
    pub fn values(&self) -> Option<&BTreeMap<String, u32>> {
        self.letters.as_ref()?.values.as_ref()
    }

    /// What a face (`a`, `qu`) is worth under a letter scheme: its own
    /// entry, else the sum of its letters' (0 for a letter without one).
    pub fn face_value(&self, face: &str) -> u32 {
        self.values().map_or(0, |values| {
            prep::recipe::LetterRules::value_in(values, face)
        })
    }

    /// The letter sum's multiplier for a word of `len` letters, in
    /// hundredths (100 is x1).
    pub fn multiplier(&self, len: usize) -> u32 {
        self.letters
            .as_ref()
            .and_then(|l| l.multiplier.iter().rev().find(|&&(from, _)| from <= len))
            .map_or(100, |&(_, m)| m)
    }

    /// A path's score under a letter scheme, from the sum of its cells'
    /// values times their letter bonuses and the product of its word
    /// bonuses; a length scheme scores by length alone.
    pub fn word_score(&self, letter_sum: u64, word_bonus: u64, len: usize) -> u32 {
        let length = u64::from(self.points(len));
        if self.letters.is_none() {
            return length as u32;
        }
        let letters = letter_sum
            .saturating_mul(word_bonus)
            .saturating_mul(u64::from(self.multiplier(len)))
            / 100;
        letters.saturating_add(length).min(u64::from(u32::MAX)) as u32
    }

    /// Reads a letter scheme from TOML (see the module docs); `origin`
    /// names the text in errors.
    pub fn from_toml(text: &str, origin: &str) -> Result<Scoring, ScoringError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct File {
            name: Option<String>,
            min_len: Option<usize>,
            values: Option<BTreeMap<String, u32>>,
            length_bonus: Option<String>,
            multiplier: Option<String>,
        }
        let in_file = |line: Option<usize>, why: String| ScoringError::File {
            origin: origin.to_string(),
            line,
            why,
        };
        let file: File = toml::from_str(text).map_err(|e| {
            let message: Vec<&str> = e.message().lines().map(str::trim).collect();
            let line = e.span().map(|span| {
                let at = span.start.min(text.len());
                text[..at].matches('\n').count() + 1
            });
            in_file(line, message.join(" "))
        })?;
        let bonus = match &file.length_bonus {
            Some(t) => length_table(t).map_err(|e| in_file(None, format!("length_bonus: {e}")))?,
            None => Scoring::table("", 1, &[0], Beyond::Flat),
        };
        let min_len = file.min_len.unwrap_or(1);
        if min_len == 0 || min_len > 64 {
            return Err(in_file(None, "min_len must be 1 to 64".into()));
        }
        let mut scoring =
            Scoring::letter_scheme(file.name.as_deref().unwrap_or("custom"), min_len, bonus);
        if let Some(values) = file.values {
            check_values(&values).map_err(|e| in_file(None, format!("values: {e}")))?;
            scoring = scoring.with_values(values);
        }
        if let (Some(m), Some(l)) = (&file.multiplier, &mut scoring.letters) {
            l.multiplier = multiplier(m).map_err(|e| in_file(None, format!("multiplier: {e}")))?;
        }
        Ok(scoring)
    }

    fn table(name: &str, min_len: usize, points: &[u32], beyond: Beyond) -> Scoring {
        let mut table = vec![0; min_len];
        table.extend_from_slice(points);
        let beyond_from = match beyond {
            Beyond::Flat => table.len() - 1,
            _ => table.len(),
        };
        Scoring {
            name: name.to_string(),
            table,
            beyond_from,
            beyond,
            min_len,
            letters: None,
        }
    }

    /// The scheme's name (`custom` for a table from the command line).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The shortest word that scores.
    pub fn min_len(&self) -> usize {
        self.min_len
    }

    /// Points for a word of `len` letters under a length scheme; under a
    /// letter scheme, its length bonus.
    pub fn points(&self, len: usize) -> u32 {
        if len < self.beyond_from {
            return self.table.get(len).copied().unwrap_or(0);
        }
        let last = self.table.last().copied().unwrap_or(0);
        match self.beyond {
            Beyond::Flat => last,
            Beyond::PerLetter(p) => p.saturating_mul(len as u32),
            Beyond::Increment(p) => {
                let past = (len + 1 - self.beyond_from) as u32;
                last.saturating_add(p.saturating_mul(past))
            }
        }
    }

    /// Points for lengths `0..n`, for table lookups in a hot loop.
    pub fn points_table(&self, n: usize) -> Vec<u32> {
        (0..n).map(|len| self.points(len)).collect()
    }
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring::boggle()
    }
}

#[cfg(test)]
mod tests;
