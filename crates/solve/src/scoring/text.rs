//! Schemes written as text: a name, a length table or `letters+` a length
//! table ([`Scoring`]'s `FromStr`), and letter values (`a=1,b=3`).

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use super::{Beyond, Scoring, ScoringError};

impl FromStr for Scoring {
    type Err = ScoringError;

    /// A named scheme, or a custom table (see the module docs).
    fn from_str(s: &str) -> Result<Scoring, ScoringError> {
        named_or_table(s).map_err(|why| ScoringError::Text {
            text: s.to_string(),
            why,
        })
    }
}

/// A scheme's name, a length table or `letters+` a table; the error says why not.
fn named_or_table(s: &str) -> Result<Scoring, String> {
    match s {
        "boggle" => return Ok(Scoring::boggle()),
        "big-boggle" | "big_boggle" => return Ok(Scoring::big_boggle()),
        "super-big-boggle" | "super_big_boggle" => return Ok(Scoring::super_big_boggle()),
        "word-hunt" | "word_hunt" | "wordhunt" => return Ok(Scoring::word_hunt()),
        "words" => return Ok(Scoring::words()),
        "letters" => return Ok(Scoring::letters()),
        "ruzzle" => return Ok(Scoring::ruzzle()),
        "wordament" => return Ok(Scoring::wordament()),
        "wordament-classic" | "wordament_classic" => return Ok(Scoring::wordament_classic()),
        _ => {}
    }
    if let Some(table) = s.strip_prefix("letters+") {
        return Ok(Scoring::letter_scheme("custom", 1, length_table(table)?));
    }
    length_table(s)
}

/// Parses letter values written `a=1,b=3,qu=10` (what `--letter-values`
/// takes).
pub fn parse_values(s: &str) -> Result<BTreeMap<String, u32>, ScoringError> {
    values(s).map_err(|why| ScoringError::Values {
        text: s.to_string(),
        why,
    })
}

fn values(s: &str) -> Result<BTreeMap<String, u32>, String> {
    let mut values = BTreeMap::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || format!("letter value {part:?}: expected LETTER=POINTS, as in a=1");
        let (face, points) = part.split_once('=').ok_or_else(bad)?;
        let face: String = face.trim().chars().flat_map(char::to_lowercase).collect();
        if face.is_empty() || !face.chars().all(char::is_alphabetic) {
            return Err(bad());
        }
        let points: u32 = points.trim().parse().map_err(|_| bad())?;
        values.insert(face, points);
    }
    if values.is_empty() {
        return Err("no letter values: write them as a=1,b=3,…".into());
    }
    check_values(&values)?;
    Ok(values)
}

/// The largest letter value a table may hold.
const MAX_VALUE: u32 = prep::recipe::LetterRules::MAX_VALUE;

pub(super) fn check_values(values: &BTreeMap<String, u32>) -> Result<(), String> {
    match values.iter().find(|(_, &v)| v > MAX_VALUE) {
        Some((face, v)) => Err(format!("{face:?} = {v}; a value is at most {MAX_VALUE}")),
        None => Ok(()),
    }
}

/// Parses a multiplier table, `5=1.5,6=2,8=2.5`: from each length on, the
/// letter sum is multiplied by that much (to the hundredth).
pub(super) fn multiplier(s: &str) -> Result<Vec<(usize, u32)>, String> {
    let mut steps: Vec<(usize, u32)> = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || format!("{part:?}: expected LEN=FACTOR, as in 5=1.5");
        let (len, factor) = part.split_once('=').ok_or_else(bad)?;
        let len: usize = len
            .trim()
            .trim_end_matches('+')
            .parse()
            .map_err(|_| bad())?;
        let (whole, frac) = factor.trim().split_once('.').unwrap_or((factor.trim(), ""));
        if frac.len() > 2 || !frac.chars().all(|c| c.is_ascii_digit()) {
            return Err(format!("{part:?}: a factor has at most two decimals"));
        }
        let whole: u32 = whole.parse().map_err(|_| bad())?;
        let frac: u32 = format!("{frac:0<2}").parse().map_err(|_| bad())?;
        if whole > 100 {
            return Err(format!("{part:?}: a factor is at most 100"));
        }
        if steps.last().is_some_and(|&(l, _)| len <= l) || len == 0 {
            return Err(format!("{part:?}: lengths must count up from 1"));
        }
        steps.push((len, whole * 100 + frac));
    }
    Ok(steps)
}

/// Parses a length table (see the module docs).
pub(super) fn length_table(s: &str) -> Result<Scoring, String> {
    {
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

impl Scoring {
    /// A scheme as a person writes it on a command line or in a call: a
    /// name or table ([`Scoring`]'s `FromStr`), else the path of a scheme
    /// file (a name ending in `.toml`, or an existing file), read with
    /// [`Scoring::from_toml`]. Names come first, as for dice sets, so a
    /// file called `boggle` in the working directory does not change what
    /// `boggle` means.
    pub fn from_arg(text: &str) -> Result<Scoring, ScoringError> {
        let named = text.parse::<Scoring>();
        if named.is_ok() && !text.ends_with(".toml") {
            return named;
        }
        let path = std::path::Path::new(text);
        if text.ends_with(".toml") || path.is_file() {
            let toml = std::fs::read_to_string(path).map_err(|e| ScoringError::File {
                origin: text.to_string(),
                line: None,
                why: e.to_string(),
            })?;
            return Scoring::from_toml(&toml, text);
        }
        named
    }
}
