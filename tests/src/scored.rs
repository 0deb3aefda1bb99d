//! A brute-force oracle for the letter-value games (Ruzzle, Wordament and
//! the like), where a word scores by the cells of its path and each word
//! scores by its best path; written from the rules as the games state them,
//! sharing nothing with `solve`.
//!
//! A cell is a face string as a board holds it: letters (`a`, `qu`), a
//! prefix tile `re-` (only the first cell of a path), a suffix tile `-ing`
//! (only the last), or an either/or tile `a/e` (one of its letter runs, per
//! word). Every simple path is tried with every choice of alternative; the
//! score of a path is
//!
//! `floor(sum(value x letter bonus) x product(word bonus) x multiplier(len) / 100) + bonus(len)`.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::brute::neighbors;

/// One cell as the oracle reads it.
#[derive(Clone, Debug)]
pub struct OracleCell {
    /// The letter runs it may read as.
    pub alternatives: Vec<String>,
    /// Only first on a path (a prefix tile).
    pub first_only: bool,
    /// Only last on a path (a suffix tile).
    pub last_only: bool,
    /// The value printed on the tile, if any.
    pub printed: Option<u32>,
    /// Letter and word multipliers.
    pub letter_bonus: u32,
    /// Word multiplier.
    pub word_bonus: u32,
}

impl OracleCell {
    /// Reads a face string (`a`, `qu`, `re-`, `-ing`, `a/e`); `None` is
    /// a blank.
    pub fn read(face: Option<&str>, printed: Option<u32>, bonus: char) -> Option<OracleCell> {
        let face = face?;
        let (first_only, last_only, letters) = if face.len() > 1 && face.starts_with('-') {
            (false, true, &face[1..])
        } else if face.len() > 1 && face.ends_with('-') {
            (true, false, &face[..face.len() - 1])
        } else {
            (false, false, face)
        };
        let (letter_bonus, word_bonus) = match bonus {
            'd' => (2, 1),
            't' => (3, 1),
            'D' => (1, 2),
            'T' => (1, 3),
            _ => (1, 1),
        };
        Some(OracleCell {
            alternatives: letters.split('/').map(str::to_string).collect(),
            first_only,
            last_only,
            printed,
            letter_bonus,
            word_bonus,
        })
    }
}

/// A letter-value scheme as the oracle applies it.
#[derive(Clone, Debug)]
pub struct OracleScheme {
    /// Values of letters and of faces with their own entry.
    pub values: HashMap<String, u32>,
    /// Multiplier by length, in hundredths.
    pub multiplier: fn(usize) -> u32,
    /// Points added by length.
    pub length_bonus: fn(usize) -> u32,
}

impl OracleScheme {
    /// A letter run's value: its own entry, else its letters' sum.
    pub fn run_value(&self, run: &str) -> u32 {
        if let Some(&v) = self.values.get(run) {
            return v;
        }
        run.chars()
            .map(|c| self.values.get(&c.to_string()).copied().unwrap_or(0))
            .sum()
    }

    /// A path's score: cells with the run each read as.
    pub fn score(&self, steps: &[(&OracleCell, &str)]) -> u32 {
        let len: usize = steps.iter().map(|(_, run)| run.chars().count()).sum();
        let mut sum = 0u64;
        let mut word = 1u64;
        for (cell, run) in steps {
            let value = cell.printed.unwrap_or_else(|| self.run_value(run));
            sum += u64::from(value) * u64::from(cell.letter_bonus);
            word *= u64::from(cell.word_bonus);
        }
        let letters = sum * word * u64::from((self.multiplier)(len)) / 100;
        (letters + u64::from((self.length_bonus)(len))) as u32
    }
}

/// Every word of `words` (at least `min_len` letters, at most `max_letters`)
/// that some path spells, with its best score over every path and choice.
#[allow(clippy::too_many_arguments)]
pub fn brute_best(
    rows: usize,
    cols: usize,
    cells: &[Option<OracleCell>],
    words: &HashSet<String>,
    scheme: &OracleScheme,
    diagonals: bool,
    wrap: bool,
    min_len: usize,
) -> BTreeMap<String, u32> {
    let adj = neighbors(rows, cols, diagonals, wrap);
    let max_letters = words.iter().map(|w| w.chars().count()).max().unwrap_or(0);
    let mut prefixes = HashSet::new();
    for w in words {
        for (i, _) in w.char_indices() {
            prefixes.insert(w[..i].to_string());
        }
        prefixes.insert(w.clone());
    }
    let mut best = BTreeMap::new();
    let mut path: Vec<(usize, usize)> = Vec::new();
    for start in 0..cells.len() {
        go(
            start,
            cells,
            &adj,
            &prefixes,
            words,
            scheme,
            min_len,
            max_letters,
            &mut path,
            &mut best,
        );
    }
    best
}

#[allow(clippy::too_many_arguments)]
fn go(
    cell: usize,
    cells: &[Option<OracleCell>],
    adj: &[Vec<usize>],
    prefixes: &HashSet<String>,
    words: &HashSet<String>,
    scheme: &OracleScheme,
    min_len: usize,
    max_letters: usize,
    path: &mut Vec<(usize, usize)>,
    best: &mut BTreeMap<String, u32>,
) {
    let Some(c) = &cells[cell] else { return };
    if path.iter().any(|&(p, _)| p == cell) || (c.first_only && !path.is_empty()) {
        return;
    }
    for alt in 0..c.alternatives.len() {
        path.push((cell, alt));
        let text: String = path
            .iter()
            .map(|&(p, a)| cells[p].as_ref().map_or("", |c| c.alternatives[a].as_str()))
            .collect();
        let letters = text.chars().count();
        if letters <= max_letters && prefixes.contains(&text) {
            if letters >= min_len && words.contains(&text) {
                let steps: Vec<(&OracleCell, &str)> = path
                    .iter()
                    .filter_map(|&(p, a)| {
                        let c = cells[p].as_ref()?;
                        Some((c, c.alternatives[a].as_str()))
                    })
                    .collect();
                let score = scheme.score(&steps);
                let entry = best.entry(text.clone()).or_insert(score);
                *entry = (*entry).max(score);
            }
            if !c.last_only {
                for &next in &adj[cell] {
                    go(
                        next,
                        cells,
                        adj,
                        prefixes,
                        words,
                        scheme,
                        min_len,
                        max_letters,
                        path,
                        best,
                    );
                }
            }
        }
        path.pop();
    }
}

/// Checks a reported path: adjacent steps, no cell twice, prefix first and
/// suffix last only; returns the best score any choice of alternatives
/// along it gives `word` (`Err` if none spells it).
#[allow(clippy::too_many_arguments)]
pub fn path_score(
    rows: usize,
    cols: usize,
    cells: &[Option<OracleCell>],
    scheme: &OracleScheme,
    diagonals: bool,
    wrap: bool,
    word: &str,
    path: &[(usize, usize)],
) -> Result<u32, String> {
    let adj = neighbors(rows, cols, diagonals, wrap);
    let mut idx = Vec::new();
    for (k, &(r, c)) in path.iter().enumerate() {
        if r >= rows || c >= cols {
            return Err(format!("{word}: ({r},{c}) is off the board"));
        }
        let i = r * cols + c;
        if idx.contains(&i) {
            return Err(format!("{word}: {path:?} uses ({r},{c}) twice"));
        }
        let Some(cell) = &cells[i] else {
            return Err(format!("{word}: {path:?} steps on a blank"));
        };
        if cell.first_only && k > 0 || cell.last_only && k + 1 < path.len() {
            return Err(format!(
                "{word}: {path:?} puts a prefix or suffix tile out of place"
            ));
        }
        if let Some(&p) = idx.last() {
            if !adj[p].contains(&i) {
                return Err(format!("{word}: {path:?} takes a step that is no move"));
            }
        }
        idx.push(i);
    }
    // Every choice of alternatives along the path.
    let mut best: Option<u32> = None;
    let mut choice = vec![0usize; idx.len()];
    loop {
        let steps: Vec<(&OracleCell, &str)> = idx
            .iter()
            .zip(&choice)
            .map(|(&i, &a)| {
                let c = cells[i].as_ref().expect("checked above");
                (c, c.alternatives[a].as_str())
            })
            .collect();
        let text: String = steps.iter().map(|(_, run)| *run).collect();
        if text == word {
            let s = scheme.score(&steps);
            best = Some(best.map_or(s, |b| b.max(s)));
        }
        // Next choice, odometer style.
        let mut k = 0;
        loop {
            if k == idx.len() {
                return best.ok_or_else(|| format!("{path:?} does not spell {word}"));
            }
            choice[k] += 1;
            if choice[k] < cells[idx[k]].as_ref().map_or(1, |c| c.alternatives.len()) {
                break;
            }
            choice[k] = 0;
            k += 1;
        }
    }
}
