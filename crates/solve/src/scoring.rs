//! Scoring schemes: points by word length (in letters; a `Qu` face is two).
//!
//! A scheme is a table from length to points plus a rule for lengths past
//! the table. The named schemes:
//!
//! | name | min | points |
//! |---|---:|---|
//! | `boggle` | 3 | 3,4→1 5→2 6→3 7→5 8+→11 |
//! | `big-boggle` | 4 | 4→1 5→2 6→3 7→5 8+→11 |
//! | `super-big-boggle` | 4 | 4→1 5→2 6→3 7→5 8→11, 9+ → 2 per letter |
//! | `word-hunt` | 3 | 3→100 4→400 5→800 6→1400 7→1800 8→2200, +400 per letter beyond |
//! | `words` | 1 | 1 per word |
//!
//! A custom table is written `3=1,4=1,5=2,6=3,7=5,8+=11`: `LEN=POINTS` pairs,
//! the last of which may be `LEN+=P` (P for that length and longer),
//! `LEN+=Px` (P points per letter from that length on) or `LEN+=+P` (P more
//! for each letter past the previous entry). The smallest length given is the
//! minimum word length.

use std::fmt;
use std::str::FromStr;

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

    /// Super Big Boggle (6x6): 4→1 5→2 6→3 7→5 8→11, then 2 points per letter.
    pub fn super_big_boggle() -> Scoring {
        Scoring::table(
            "super-big-boggle",
            4,
            &[1, 2, 3, 5, 11],
            Beyond::PerLetter(2),
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

    /// The named schemes.
    pub const NAMES: &'static [&'static str] = &[
        "boggle",
        "big-boggle",
        "super-big-boggle",
        "word-hunt",
        "words",
    ];

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

    /// Points for a word of `len` letters.
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

impl FromStr for Scoring {
    type Err = String;

    /// A named scheme, or a custom table (see the module docs).
    fn from_str(s: &str) -> Result<Scoring, String> {
        match s {
            "boggle" => return Ok(Scoring::boggle()),
            "big-boggle" | "big_boggle" => return Ok(Scoring::big_boggle()),
            "super-big-boggle" | "super_big_boggle" => return Ok(Scoring::super_big_boggle()),
            "word-hunt" | "word_hunt" | "wordhunt" => return Ok(Scoring::word_hunt()),
            "words" => return Ok(Scoring::words()),
            _ => {}
        }
        if !s.contains('=') {
            return Err(format!(
                "unknown scoring {s:?}: use one of {} or a table like 3=1,4=1,5=2,6=3,7=5,8+=11",
                Scoring::NAMES.join(", ")
            ));
        }
        let mut entries: Vec<(usize, u32)> = Vec::new();
        let mut beyond = None;
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        for (i, part) in parts.iter().enumerate() {
            let bad = || format!("scoring entry {part:?}: expected LEN=POINTS");
            let (len, points) = part.split_once('=').ok_or_else(bad)?;
            let (len, open) = match len.trim().strip_suffix('+') {
                Some(l) => (l, true),
                None => (len.trim(), false),
            };
            let len: usize = len.parse().map_err(|_| bad())?;
            if len == 0 || len > 64 {
                return Err(format!("scoring entry {part:?}: length must be 1 to 64"));
            }
            if entries.last().is_some_and(|&(l, _)| len != l + 1) || beyond.is_some() {
                return Err(format!(
                    "scoring entry {part:?}: lengths must count up by one, and an open entry (LEN+=) comes last"
                ));
            }
            let points = points.trim();
            if open && i + 1 != parts.len() {
                return Err(format!(
                    "scoring entry {part:?}: an open entry (LEN+=) comes last"
                ));
            }
            if let Some(inc) = points.strip_prefix('+').filter(|_| open) {
                let inc: u32 = inc.parse().map_err(|_| bad())?;
                beyond = Some(Beyond::Increment(inc));
            } else if let Some(per) = points.strip_suffix('x').filter(|_| open) {
                let per: u32 = per.parse().map_err(|_| bad())?;
                beyond = Some(Beyond::PerLetter(per));
            } else {
                let p: u32 = points.parse().map_err(|_| bad())?;
                entries.push((len, p));
                if open {
                    beyond = Some(Beyond::Flat);
                }
            }
        }
        let Some(&(min_len, _)) = entries.first() else {
            return Err("scoring table has no LEN=POINTS entry".into());
        };
        let points: Vec<u32> = entries.iter().map(|e| e.1).collect();
        let beyond = beyond.unwrap_or(Beyond::Increment(0));
        let mut scoring = Scoring::table("custom", min_len, &points, beyond);
        if beyond == Beyond::Increment(0) {
            // A closed table: nothing past its last entry.
            scoring.beyond = Beyond::PerLetter(0);
        }
        Ok(scoring)
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(s: &Scoring, lens: std::ops::RangeInclusive<usize>) -> Vec<u32> {
        lens.map(|l| s.points(l)).collect()
    }

    #[test]
    fn named_schemes() {
        assert_eq!(
            row(&Scoring::boggle(), 1..=10),
            [0, 0, 1, 1, 2, 3, 5, 11, 11, 11]
        );
        assert_eq!(
            row(&Scoring::big_boggle(), 1..=10),
            [0, 0, 0, 1, 2, 3, 5, 11, 11, 11]
        );
        assert_eq!(
            row(&Scoring::super_big_boggle(), 3..=11),
            [0, 1, 2, 3, 5, 11, 18, 20, 22]
        );
        assert_eq!(
            row(&Scoring::word_hunt(), 2..=10),
            [0, 100, 400, 800, 1400, 1800, 2200, 2600, 3000]
        );
        assert_eq!(row(&Scoring::words(), 1..=4), [1, 1, 1, 1]);
        assert_eq!(Scoring::big_boggle().min_len(), 4);
    }

    #[test]
    fn custom_tables() {
        let s: Scoring = "3=1,4=1,5=2,6=3,7=5,8+=11".parse().unwrap();
        assert_eq!(row(&s, 1..=10), row(&Scoring::boggle(), 1..=10));
        let s: Scoring = "4=1,5=2,6=3,7=5,8=11,9+=2x".parse().unwrap();
        assert_eq!(row(&s, 1..=12), row(&Scoring::super_big_boggle(), 1..=12));
        let s: Scoring = "3=100,4=400,5=800,6=1400,7=1800,8=2200,9+=+400"
            .parse()
            .unwrap();
        assert_eq!(row(&s, 1..=12), row(&Scoring::word_hunt(), 1..=12));
        let s: Scoring = "2=5,3=7".parse().unwrap();
        assert_eq!(row(&s, 1..=5), [0, 5, 7, 0, 0]);
        assert_eq!(s.min_len(), 2);
        for bad in ["", "x", "3=1,5=2", "3+=1,4=2", "0=1", "3=a", "3=1,4+=y"] {
            assert!(bad.parse::<Scoring>().is_err(), "{bad:?}");
        }
    }
}
