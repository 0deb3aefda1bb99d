//! The search: depth-first from every cell, through the lexicon's states.
//!
//! A step onto a cell follows that cell's face (one letter, or several for a
//! `Qu` or `Th` face) from the current state. The walk stops as soon as no
//! word continues, so the search visits only live prefixes. Each cell is used
//! once per word; each distinct word counts once per board, recognized by its
//! id (its rank in the pack) in a bitset small enough to stay in L1 cache;
//! only the bits a board set are cleared after it.
//!
//! One walk serves every case, specialised at compile time over the state
//! table ([`States`]: the lazy [`Lexicon`] for a single board, the
//! [`Compact`] table once warmed up) and the used-cell set (a `u64` for boards
//! of up to 64 cells, a `Vec<bool>` beyond).

use prep::Pack;
use serde::Serialize;

use crate::board::{Board, Pos};
use crate::error::LexiconError;
use std::sync::Arc;

mod walk;

use walk::{walk, BigSet, Parts};

use crate::lexicon::{Compact, Lexicon};
use crate::neighbors::{Adjacency, Neighbors, Shape};
use crate::scoring::Scoring;

/// Longest word length with its own entry in the points table.
pub(crate) const MAX_LEN: usize = 256;
/// Boards with fewer cells than this are solved on one thread.
const PARALLEL_CELLS: usize = 4096;
/// Start cells a thread takes at a time.
const PARALLEL_BLOCK: usize = 1024;
/// Boards with more cells than this warm the solver up first.
const WARM_UP_CELLS: usize = 1024;
/// A cell's code when its face has several letters.
pub(crate) const MULTI: u8 = 254;
/// Letter codes are below this (a state's mask is a `u32`).
pub(crate) const LETTERS: usize = 32;
/// A cell's code when it can never be used (blank, or a letter no word has).
pub(crate) const DEAD: u8 = 255;

/// What the solver was asked to do.
#[derive(Clone, Debug)]
pub struct Rules {
    /// How cells connect.
    pub adjacency: Adjacency,
    /// Whether the board wraps around (a torus).
    pub wrap: bool,
    /// How words score.
    pub scoring: Scoring,
    /// The shortest word that counts (the largest of the pack's, the
    /// scheme's and the caller's minimum).
    pub min_len: usize,
}

impl Rules {
    /// The rules a pack suggests: king moves, its scoring, its minimum length.
    pub fn for_pack(pack: &Pack) -> Rules {
        let board = &pack.recipe().board;
        let scoring: Scoring = board.scoring.parse().unwrap_or_default();
        Rules {
            adjacency: Adjacency::King,
            wrap: false,
            min_len: board.min_word_len.max(scoring.min_len()),
            scoring,
        }
    }
}

/// One word on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FoundWord {
    /// The word, in the pack's spelling.
    pub word: String,
    /// Its points.
    pub score: u32,
    /// Its length in letters.
    pub len: usize,
    /// One path that spells it: cell positions, first letter first.
    pub path: Vec<Pos>,
}

/// Everything found on one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Total points.
    pub score: u64,
    /// Number of distinct words.
    pub word_count: usize,
    /// The words, highest score first, then alphabetically.
    pub words: Vec<FoundWord>,
}

/// Score and word count only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Total points.
    pub score: u64,
    /// Number of distinct words.
    pub words: u64,
}

/// A reusable solver for one pack: the lexicon plus scratch space, so solving
/// many boards allocates nothing per board. Clones share the warmed-up table.
#[derive(Clone, Debug)]
pub struct Solver {
    lex: Lexicon,
    compact: Option<Arc<Compact>>,
    rules: Rules,
    points: Vec<u32>,
    neighbors: Neighbors,
    seen: Vec<u64>,
    cell: Vec<u8>,
    /// For a multi-letter cell, where its letters start in `multi_letters`.
    multi_at: Vec<u32>,
    multi_letters: Vec<u8>,
    face_len: Vec<u32>,
    near: Vec<u32>,
    by_letter: Vec<u64>,
    by_letter_set: Vec<u32>,
    multi_near: Vec<u64>,
    any_multi: bool,
    used: Vec<bool>,
    small_used: u64,
    path: Vec<u32>,
    tally: Tally,
    found: Vec<(u32, u32, u32)>,
    found_ids: Vec<u32>,
    found_paths: Vec<u32>,
}

impl Solver {
    /// A solver for a pack with the pack's own rules.
    pub fn new(pack: &Pack) -> Result<Solver, LexiconError> {
        Solver::with_rules(pack, Rules::for_pack(pack))
    }

    /// A solver for a pack with the given rules.
    pub fn with_rules(pack: &Pack, rules: Rules) -> Result<Solver, LexiconError> {
        let lex = Lexicon::new(pack)?;
        Ok(Solver::from_lexicon(lex, rules))
    }

    /// A solver over an existing lexicon.
    pub fn from_lexicon(lex: Lexicon, rules: Rules) -> Solver {
        let words = lex.words();
        let points = (0..MAX_LEN)
            .map(|len| {
                if len < rules.min_len {
                    0
                } else {
                    rules.scoring.points(len)
                }
            })
            .collect();
        let neighbors = Neighbors::new(Shape {
            rows: 0,
            cols: 0,
            adjacency: rules.adjacency,
            wrap: rules.wrap,
        });
        Solver {
            lex,
            compact: None,
            rules,
            points,
            neighbors,
            seen: vec![0; words / 64 + 1],
            cell: Vec::new(),
            multi_at: Vec::new(),
            multi_letters: Vec::new(),
            face_len: Vec::new(),
            near: Vec::new(),
            by_letter: Vec::new(),
            by_letter_set: Vec::new(),
            multi_near: Vec::new(),
            any_multi: false,
            used: Vec::new(),
            small_used: 0,
            path: Vec::new(),
            tally: Tally::default(),
            found: Vec::new(),
            found_ids: Vec::new(),
            found_paths: Vec::new(),
        }
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The lexicon.
    pub fn lexicon(&self) -> &Lexicon {
        &self.lex
    }

    /// Decodes the whole lexicon into the compact table now (a few
    /// milliseconds), so that many boards run at full speed. Clones made
    /// afterwards share the table.
    pub fn warm_up(&mut self) {
        if self.compact.is_none() {
            self.compact = Some(Arc::new(Compact::new(&self.lex)));
        }
    }

    /// As [`warm_up`](Solver::warm_up), but with the wide table layout (four
    /// `u32`s an edge) even when the packed one fits: for tests that check
    /// both layouts give the same answers. Only with the `test-hooks`
    /// feature, which no program enables.
    #[cfg(feature = "test-hooks")]
    #[doc(hidden)]
    pub fn warm_up_wide(&mut self) {
        self.compact = Some(Arc::new(Compact::wide(&self.lex)));
    }

    /// Score and word count of a board.
    pub fn tally(&mut self, board: &Board) -> Tally {
        self.run::<false>(board);
        self.tally
    }

    /// Every word on a board with its score and one path.
    pub fn solve(&mut self, board: &Board) -> Solution {
        self.run::<true>(board);
        let words = self
            .found
            .iter()
            .map(|&(_, start, len)| {
                let cells = &self.found_paths[start as usize..(start + len) as usize];
                found_word(board, cells, &self.points)
            })
            .collect();
        solution(board, words)
    }

    /// Like [`solve`](Solver::solve), on `threads` threads for a big board
    /// (smaller boards are not worth splitting). Threads take blocks of start
    /// cells in increasing order; for each word the path kept is the one from
    /// the lowest start cell, which is the path `solve` finds, so the result
    /// is identical.
    pub fn solve_parallel(&mut self, board: &Board, threads: usize) -> Solution {
        if threads <= 1 || board.len() < PARALLEL_CELLS {
            return self.solve(board);
        }
        self.warm_up();
        let cells = board.len();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let mut workers: Vec<Solver> = (0..threads).map(|_| self.clone()).collect();
        std::thread::scope(|scope| {
            for w in workers.iter_mut() {
                let next = &next;
                scope.spawn(move || {
                    w.begin(board);
                    loop {
                        let start =
                            next.fetch_add(PARALLEL_BLOCK, std::sync::atomic::Ordering::Relaxed);
                        if start >= cells {
                            break;
                        }
                        w.search::<true>(start..(start + PARALLEL_BLOCK).min(cells));
                    }
                    w.finish();
                });
            }
        });
        // Every worker's entries: (word id, first cell, worker, entry).
        let mut all: Vec<(u32, u32, usize, usize)> = Vec::new();
        for (k, w) in workers.iter().enumerate() {
            for (e, &(id, start, _)) in w.found.iter().enumerate() {
                all.push((id, w.found_paths[start as usize], k, e));
            }
        }
        all.sort_unstable();
        all.dedup_by_key(|entry| entry.0);
        let words = all
            .iter()
            .map(|&(_, _, k, e)| {
                let w = &workers[k];
                let (_, start, len) = w.found[e];
                found_word(
                    board,
                    &w.found_paths[start as usize..(start + len) as usize],
                    &self.points,
                )
            })
            .collect();
        solution(board, words)
    }

    fn prepare(&mut self, board: &Board) {
        let shape = Shape {
            rows: board.rows(),
            cols: board.cols(),
            adjacency: self.rules.adjacency,
            wrap: self.rules.wrap,
        };
        if self.neighbors.shape() != shape {
            self.neighbors = Neighbors::new(shape);
        }
        let n = board.rows() * board.cols();
        self.cell.clear();
        self.face_len.clear();
        // Read only for this board's multi-letter cells, which set theirs:
        // no need to clear the rest.
        if self.multi_at.len() < n {
            self.multi_at.resize(n, 0);
        }
        self.multi_letters.clear();
        self.used.clear();
        self.used.resize(n, false);
        self.small_used = 0;
        let alphabet = match &self.compact {
            Some(c) => c.alphabet(),
            None => self.lex.alphabet(),
        };
        for i in 0..n {
            let face = board.face(i).unwrap_or("");
            let mut chars = face.chars();
            let (code, len) = match (chars.next(), chars.next()) {
                (None, _) => (DEAD, 0),
                (Some(c), None) => (alphabet.code(c).unwrap_or(DEAD), 1),
                _ => match alphabet.encode(face) {
                    None => (DEAD, 0),
                    Some(l) => {
                        self.multi_at[i] = self.multi_letters.len() as u32;
                        self.multi_letters.extend_from_slice(&l);
                        (MULTI, l.len() as u32)
                    }
                },
            };
            if code == DEAD {
                self.used[i] = true;
                if i < 64 {
                    self.small_used |= 1 << i;
                }
            }
            self.cell.push(code);
            self.face_len.push(len);
        }
        // In one pass over each cell's neighbors: the letters a word may
        // continue with from it (the first letters of its live neighbors'
        // faces) and, on a board of up to 64 cells, its neighbors by letter
        // as cell masks, so the search visits only neighbors whose letter
        // continues a word. Only the masks the last board set are cleared.
        for &k in &self.by_letter_set {
            self.by_letter[k as usize] = 0;
        }
        self.by_letter_set.clear();
        self.multi_near.clear();
        let small = n <= 64;
        if small {
            if self.by_letter.len() < n * LETTERS {
                self.by_letter.resize(n * LETTERS, 0);
            }
            self.multi_near.resize(n, 0);
        }
        self.near.clear();
        for i in 0..n {
            let mut near = 0u32;
            for &j in self.neighbors.of(i) {
                let first = match self.cell[j as usize] {
                    DEAD => continue,
                    MULTI => {
                        if small {
                            self.multi_near[i] |= 1 << j;
                        }
                        self.multi_letters[self.multi_at[j as usize] as usize]
                    }
                    code => {
                        if small {
                            let k = i * LETTERS + code as usize;
                            if self.by_letter[k] == 0 {
                                self.by_letter_set.push(k as u32);
                            }
                            self.by_letter[k] |= 1 << j;
                        }
                        code
                    }
                };
                near |= 1 << first;
            }
            self.near.push(near);
        }
        self.any_multi = self.cell.contains(&MULTI);
        self.tally = Tally::default();
        self.found.clear();
        self.found_paths.clear();
        self.path.clear();
    }

    fn run<const RECORD: bool>(&mut self, board: &Board) {
        self.begin(board);
        self.search::<RECORD>(0..board.len());
        self.finish();
    }

    /// Gets ready for a board: tables for its shape, faces, empty tallies.
    fn begin(&mut self, board: &Board) {
        // A big board visits most of the table anyway: decode it all at once
        // (milliseconds) rather than check on every step.
        if board.len() > WARM_UP_CELLS {
            self.warm_up();
        }
        self.prepare(board);
    }

    /// Searches from the start cells in `starts`, adding to the tally.
    fn search<const RECORD: bool>(&mut self, starts: std::ops::Range<usize>) {
        let small = self.cell.len() <= 64;
        let big = BigSet(std::mem::take(&mut self.used));
        let parts = Parts {
            neighbors: &self.neighbors,
            cell: &self.cell,
            face_len: &self.face_len,
            near: &self.near,
            by_letter: &self.by_letter,
            multi_near: &self.multi_near,
            any_multi: self.any_multi,
            multi_at: &self.multi_at,
            multi_letters: &self.multi_letters,
            points: &self.points,
            min_len: self.rules.min_len as u32,
            seen: &mut self.seen,
            found_ids: &mut self.found_ids,
            path: &mut self.path,
            found: &mut self.found,
            found_paths: &mut self.found_paths,
        };
        let (tally, big) = match (self.compact.as_deref(), small) {
            (Some(c), true) => match c.packed() {
                Some(p) => (
                    walk::<_, _, RECORD>(p, self.small_used, starts, parts).0,
                    big,
                ),
                None => (
                    walk::<_, _, RECORD>(c, self.small_used, starts, parts).0,
                    big,
                ),
            },
            (Some(c), false) => match c.packed() {
                Some(p) => walk::<_, _, RECORD>(p, big, starts, parts),
                None => walk::<_, _, RECORD>(c, big, starts, parts),
            },
            (None, true) => (
                walk::<_, _, RECORD>(&mut self.lex, self.small_used, starts, parts).0,
                big,
            ),
            (None, false) => walk::<_, _, RECORD>(&mut self.lex, big, starts, parts),
        };
        self.tally.score += tally.score;
        self.tally.words += tally.words;
        self.used = big.0;
    }

    /// Clears the word bits this board set.
    fn finish(&mut self) {
        for &id in &self.found_ids {
            self.seen[(id >> 6) as usize] = 0;
        }
        self.found_ids.clear();
    }
}

/// A found word from its path of cells.
fn found_word(board: &Board, cells: &[u32], points: &[u32]) -> FoundWord {
    let word: String = cells
        .iter()
        .filter_map(|&c| board.face(c as usize))
        .collect();
    let letters = word.chars().count();
    FoundWord {
        score: points[letters.min(MAX_LEN - 1)],
        len: letters,
        path: cells.iter().map(|&c| board.pos(c as usize)).collect(),
        word,
    }
}

/// A solution from its words, sorted highest score first, then alphabetically.
fn solution(board: &Board, mut words: Vec<FoundWord>) -> Solution {
    words.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.word.cmp(&b.word)));
    Solution {
        rows: board.rows(),
        cols: board.cols(),
        score: words.iter().map(|w| u64::from(w.score)).sum(),
        word_count: words.len(),
        words,
    }
}
