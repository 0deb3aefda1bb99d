//! A brute-force Boggle solver written from first principles, to check
//! `solve`'s FST search against; a small PRNG and the 1987 dice.
//!
//! It shares nothing with `solve` but the board's cells: adjacency comes from
//! (row, column) deltas here, not from `grid::Neighbors`; words are looked
//! up as strings in a `HashSet<String>`, not walked through the automaton;
//! duplicates are removed by the word's text, not by its rank in the pack.

use std::collections::{BTreeMap, BTreeSet, HashSet};

/// For every cell of a `rows` x `cols` board (row-major), the cells one step
/// away: the 8 king moves, or the 4 orthogonal ones without `diagonals`. With
/// `wrap` the board is a torus (coordinates taken mod rows / cols); a cell is
/// never its own neighbor, and on a small torus two steps that land on the
/// same cell give one neighbor.
pub fn neighbors(rows: usize, cols: usize, diagonals: bool, wrap: bool) -> Vec<Vec<usize>> {
    let mut all = Vec::with_capacity(rows * cols);
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            let me = (r as usize) * cols + c as usize;
            let mut here: Vec<usize> = Vec::new();
            for dr in -1i64..=1 {
                for dc in -1i64..=1 {
                    if (dr, dc) == (0, 0) || (!diagonals && dr != 0 && dc != 0) {
                        continue;
                    }
                    let (mut rr, mut cc) = (r + dr, c + dc);
                    if wrap {
                        rr = rr.rem_euclid(rows as i64);
                        cc = cc.rem_euclid(cols as i64);
                    } else if rr < 0 || cc < 0 || rr >= rows as i64 || cc >= cols as i64 {
                        continue;
                    }
                    let j = rr as usize * cols + cc as usize;
                    if j != me && !here.contains(&j) {
                        here.push(j);
                    }
                }
            }
            here.sort_unstable();
            all.push(here);
        }
    }
    all
}

/// A word list as a hash set, optionally with the set of all its prefixes so
/// a search can stop early (needed for real dictionaries on 4x4 boards).
pub struct Dictionary {
    words: HashSet<String>,
    prefixes: Option<HashSet<String>>,
    max_letters: usize,
}

impl Dictionary {
    /// Every path is followed to the longest word's length: no pruning.
    pub fn exhaustive<I: IntoIterator<Item = String>>(words: I) -> Dictionary {
        let words: HashSet<String> = words.into_iter().collect();
        let max_letters = words.iter().map(|w| w.chars().count()).max().unwrap_or(0);
        Dictionary {
            words,
            prefixes: None,
            max_letters,
        }
    }

    /// Paths stop as soon as their text starts no word.
    pub fn pruned<I: IntoIterator<Item = String>>(words: I) -> Dictionary {
        let mut d = Dictionary::exhaustive(words);
        let mut prefixes = HashSet::new();
        for w in &d.words {
            for (i, _) in w.char_indices() {
                prefixes.insert(w[..i].to_string());
            }
            prefixes.insert(w.clone());
        }
        d.prefixes = Some(prefixes);
        d
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether there are no words.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The longest word, in letters.
    pub fn max_letters(&self) -> usize {
        self.max_letters
    }

    /// Whether `w` is a word.
    pub fn contains(&self, w: &str) -> bool {
        self.words.contains(w)
    }
}

/// Every word of `dict` with at least `min_len` letters that some simple path
/// spells, with one such path (cell indices). Blank cells (`None`) are never
/// entered.
pub fn brute_solve(
    rows: usize,
    cols: usize,
    cells: &[Option<String>],
    dict: &Dictionary,
    diagonals: bool,
    wrap: bool,
    min_len: usize,
) -> BTreeMap<String, Vec<usize>> {
    assert_eq!(rows * cols, cells.len());
    let adj = neighbors(rows, cols, diagonals, wrap);
    let mut found = BTreeMap::new();
    let mut used = vec![false; cells.len()];
    let mut path = Vec::new();
    let mut text = String::new();
    for start in 0..cells.len() {
        extend(
            start, cells, &adj, dict, min_len, &mut used, &mut path, &mut text, 0, &mut found,
        );
    }
    found
}

/// The words of `words` with at least `min_len` letters that some simple
/// path of non-blank cells spells ([`brute_solve`] without the paths).
pub fn brute_force(
    rows: usize,
    cols: usize,
    cells: &[Option<String>],
    words: &HashSet<String>,
    diagonals: bool,
    wrap: bool,
    min_len: usize,
) -> BTreeSet<String> {
    let dict = Dictionary::pruned(words.iter().cloned());
    brute_solve(rows, cols, cells, &dict, diagonals, wrap, min_len)
        .into_keys()
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn extend(
    cell: usize,
    cells: &[Option<String>],
    adj: &[Vec<usize>],
    dict: &Dictionary,
    min_len: usize,
    used: &mut [bool],
    path: &mut Vec<usize>,
    text: &mut String,
    letters: usize,
    found: &mut BTreeMap<String, Vec<usize>>,
) {
    let Some(face) = &cells[cell] else { return };
    if used[cell] {
        return;
    }
    let letters = letters + face.chars().count();
    if letters > dict.max_letters {
        return;
    }
    let mark = text.len();
    text.push_str(face);
    let live = match &dict.prefixes {
        Some(p) => p.contains(text.as_str()),
        None => true,
    };
    if live {
        used[cell] = true;
        path.push(cell);
        if letters >= min_len
            && dict.words.contains(text.as_str())
            && !found.contains_key(text.as_str())
        {
            found.insert(text.clone(), path.clone());
        }
        for &next in &adj[cell] {
            extend(
                next, cells, adj, dict, min_len, used, path, text, letters, found,
            );
        }
        path.pop();
        used[cell] = false;
    }
    text.truncate(mark);
}

/// Checks one path the solver returned: inside the board, no cell twice,
/// no blank, each step adjacent under the rule, and the faces along it spell
/// `word`.
pub fn check_path(
    rows: usize,
    cols: usize,
    cells: &[Option<String>],
    diagonals: bool,
    wrap: bool,
    word: &str,
    path: &[(usize, usize)],
) -> Result<(), String> {
    if path.is_empty() {
        return Err(format!("{word:?}: empty path"));
    }
    let adj = neighbors(rows, cols, diagonals, wrap);
    let mut seen = HashSet::new();
    let mut spelled = String::new();
    let mut prev: Option<usize> = None;
    for &(r, c) in path {
        if r >= rows || c >= cols {
            return Err(format!(
                "{word:?}: ({r},{c}) is off the {rows}x{cols} board"
            ));
        }
        let i = r * cols + c;
        if !seen.insert(i) {
            return Err(format!("{word:?}: path {path:?} uses ({r},{c}) twice"));
        }
        let Some(face) = &cells[i] else {
            return Err(format!(
                "{word:?}: path {path:?} steps on the blank ({r},{c})"
            ));
        };
        if let Some(p) = prev {
            if !adj[p].contains(&i) {
                return Err(format!(
                    "{word:?}: path {path:?} steps from cell {p} to ({r},{c}), \
                     which are not adjacent (diagonals {diagonals}, wrap {wrap})"
                ));
            }
        }
        spelled.push_str(face);
        prev = Some(i);
    }
    if spelled != word {
        return Err(format!("path {path:?} spells {spelled:?}, not {word:?}"));
    }
    Ok(())
}

/// Compares the FST solver's answer on one board with the brute force's.
/// `Err` holds a readable account of every difference.
pub fn compare(
    rows: usize,
    cols: usize,
    cells: &[Option<String>],
    dict: &Dictionary,
    rules: &solve::Rules,
    solution: &solve::Solution,
    tally: solve::Tally,
) -> Result<(), String> {
    let diagonals = rules.adjacency == grid::Adjacency::King;
    let expected = brute_solve(
        rows,
        cols,
        cells,
        dict,
        diagonals,
        rules.wrap,
        rules.min_len,
    );
    let expected_score: u64 = expected
        .keys()
        .map(|w| u64::from(rules.scoring.points(w.chars().count())))
        .sum();
    let mut problems = Vec::new();
    let got: BTreeMap<&str, &solve::FoundWord> = solution
        .words
        .iter()
        .map(|w| (w.word.as_str(), w))
        .collect();
    if got.len() != solution.words.len() {
        problems.push(format!(
            "{} words returned but only {} distinct",
            solution.words.len(),
            got.len()
        ));
    }
    let missing: Vec<&String> = expected
        .keys()
        .filter(|w| !got.contains_key(w.as_str()))
        .collect();
    let extra: Vec<&&str> = got.keys().filter(|w| !expected.contains_key(**w)).collect();
    if !missing.is_empty() {
        problems.push(format!(
            "missing {} words (first 10, with a brute-force path): {:?}",
            missing.len(),
            missing
                .iter()
                .take(10)
                .map(|w| (w.as_str(), &expected[*w]))
                .collect::<Vec<_>>()
        ));
    }
    if !extra.is_empty() {
        problems.push(format!(
            "{} extra words (first 10): {:?}",
            extra.len(),
            extra.iter().take(10).collect::<Vec<_>>()
        ));
    }
    if solution.score != expected_score {
        problems.push(format!(
            "score {} != expected {expected_score}",
            solution.score
        ));
    }
    if solution.word_count != expected.len() || solution.word_count != solution.words.len() {
        problems.push(format!(
            "word_count {} (words[] has {}) != expected {}",
            solution.word_count,
            solution.words.len(),
            expected.len()
        ));
    }
    if tally.score != solution.score || tally.words != solution.word_count as u64 {
        problems.push(format!(
            "tally {tally:?} disagrees with solve (score {}, {} words)",
            solution.score, solution.word_count
        ));
    }
    if (solution.rows, solution.cols) != (rows, cols) {
        problems.push(format!(
            "solution is {}x{}, board is {rows}x{cols}",
            solution.rows, solution.cols
        ));
    }
    let mut summed = 0u64;
    for w in &solution.words {
        let letters = w.word.chars().count();
        if w.len != letters {
            problems.push(format!("{:?}: len {} but {letters} letters", w.word, w.len));
        }
        if letters < rules.min_len {
            problems.push(format!(
                "{:?} is shorter than min_len {}",
                w.word, rules.min_len
            ));
        }
        let points = rules.scoring.points(letters);
        if w.score != points {
            problems.push(format!("{:?}: score {} != {points}", w.word, w.score));
        }
        summed += u64::from(w.score);
        let path: Vec<(usize, usize)> = w
            .path
            .iter()
            .map(|p| (p.row as usize, p.col as usize))
            .collect();
        if let Err(e) = check_path(rows, cols, cells, diagonals, rules.wrap, &w.word, &path) {
            problems.push(e);
        }
    }
    if summed != solution.score {
        problems.push(format!(
            "words' scores add up to {summed}, solution says {}",
            solution.score
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{rows}x{cols} board {:?} ({:?}, wrap {}, {} scoring, min_len {}):\n  {}",
            cells,
            rules.adjacency,
            rules.wrap,
            rules.scoring.name(),
            rules.min_len,
            problems.join("\n  ")
        ))
    }
}

/// Parses the typed `board` with `faces`, solves it under `pack`'s own rules
/// and checks the answer (and the tally) against the brute force on `dict`
/// with [`compare`]; returns the words found.
pub fn solve_checked(
    pack: &prep::Pack,
    faces: &solve::FaceRules,
    dict: &Dictionary,
    board: &str,
) -> Vec<String> {
    let board = faces
        .parse(board)
        .unwrap_or_else(|e| panic!("{board:?}: {e}"));
    let cells = super::cells_of(&board);
    let rules = solve::Rules::for_pack(pack);
    let mut solver = solve::Solver::with_rules(pack, rules.clone()).expect("a solver");
    let solution = solver.solve(&board).unwrap();
    let tally = solver.tally(&board).unwrap();
    compare(
        board.rows(),
        board.cols(),
        &cells,
        dict,
        &rules,
        &solution,
        tally,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    solution.words.into_iter().map(|w| w.word).collect()
}

/// A small deterministic PRNG (SplitMix64), so the tests need no `rand`.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Fisher-Yates.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// The sixteen dice of 1987 Boggle; `q` is the `Qu` face.
pub const DICE_1987: [&str; 16] = [
    "aaeegn", "achops", "affkps", "abjoob", "ciimot", "delrvy", "deilrx", "eeinsu", "eeghnw",
    "hlnnrz", "distty", "aoottw", "elrtty", "eiosst", "ehrtuv", "himnqu",
];

/// A 4x4 board rolled from the 1987 dice: dice shuffled, one face each.
pub fn roll_1987(rng: &mut Rng) -> Vec<Option<String>> {
    let mut dice = DICE_1987;
    rng.shuffle(&mut dice);
    dice.iter()
        .map(|die| {
            let faces: Vec<char> = die.chars().collect();
            let face = faces[rng.below(faces.len())];
            Some(if face == 'q' {
                "qu".to_string()
            } else {
                face.to_string()
            })
        })
        .collect()
}
