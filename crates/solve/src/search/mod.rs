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

use crate::board::{Board, Tile};
use crate::error::LexiconError;
use crate::scoring::Bonus;
use std::sync::Arc;

mod found;
mod prepare;
mod walk;
mod words;

use found::{found_word, solution};
pub use found::{FoundWord, Solution, Tally};
use walk::{walk, BigSet, Hit, Parts};
pub use words::Words;

use crate::lexicon::{Compact, Encoding, Lexicon};
use crate::scoring::Scoring;
use grid::{Adjacency, Grid, Neighbors};

/// Longest word length with its own entry in the points table.
pub(crate) const MAX_LEN: usize = 256;
/// Boards with fewer cells than this are solved on one thread.
const PARALLEL_CELLS: usize = 4096;
/// Start cells a thread takes at a time.
const PARALLEL_BLOCK: usize = 1024;
/// Boards with more cells than this warm the solver up first.
const WARM_UP_CELLS: usize = PARALLEL_CELLS;
/// A cell's code when its face has several letters.
pub(crate) const MULTI: u8 = 254;
/// Letter codes are below this (a state's mask is at most a `u64`).
pub(crate) const LETTERS: usize = crate::lexicon::MAX_LETTERS;
/// A recorded path entry is a cell index in its low bits (a board has at
/// most 2²⁴ cells) and the alternative its tile read as above them.
pub(crate) const CELL_BITS: u32 = 24;
pub(crate) const CELL_MASK: u32 = (1 << CELL_BITS) - 1;

/// One alternative reading of a multi-letter cell: its letters in
/// `multi_letters`, which alternative of the tile it is, and its value
/// (times the cell's letter bonus) under a letter-value scheme.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Alt {
    pub(crate) at: u32,
    pub(crate) len: u32,
    pub(crate) nth: u32,
    pub(crate) value: u32,
}

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
    /// Bonus cells, for the letter-value schemes: a grid of the board's
    /// shape (cells outside it have none).
    pub bonus: Option<Bonus>,
    /// Which words count: every word the pack holds, or only its common
    /// ones (see [`Words`]).
    pub words: Words,
}

impl Rules {
    /// What each tile of `board` shows under a letter-value scheme: its
    /// value (the one printed on it, else the scheme's for its face);
    /// `None` under a length scheme, and for blank cells.
    pub fn tile_values(&self, board: &Board) -> Option<Vec<Option<u32>>> {
        let scoring = &self.scoring;
        scoring.is_letter_scheme().then(|| {
            (0..board.len())
                .map(|i| {
                    let face = board.face(i)?;
                    let letters = Tile::of(face).alternatives().next().unwrap_or(face);
                    Some(
                        board
                            .value(i)
                            .unwrap_or_else(|| scoring.tile_value(face, letters)),
                    )
                })
                .collect()
        })
    }

    /// Each of `cells` cells' bonus as players name it (`DL`, `TL`, `DW`,
    /// `TW`), when the rules have bonus cells.
    pub fn bonus_marks(&self, cells: usize) -> Option<Vec<Option<&'static str>>> {
        self.bonus.as_ref().map(|b| {
            (0..cells)
                .map(|i| match b.at(i) {
                    c if c.letter == 2 => Some("DL"),
                    c if c.letter == 3 => Some("TL"),
                    c if c.word == 2 => Some("DW"),
                    c if c.word == 3 => Some("TW"),
                    _ => None,
                })
                .collect()
        })
    }

    /// The rules a pack suggests: king moves, its scoring, its minimum length.
    pub fn for_pack(pack: &Pack) -> Rules {
        let board = &pack.recipe().board;
        let scoring: Scoring = board.scoring.parse().unwrap_or_default();
        Rules {
            adjacency: Adjacency::King,
            wrap: false,
            min_len: board.min_word_len.max(scoring.min_len()),
            scoring: scoring.resolve(&pack.recipe().letters.values, &pack.recipe().language.code),
            bonus: None,
            words: Words::default(),
        }
    }
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
    /// A bit per word id: set for a word this board counted, and from the
    /// start for each rare word when only common ones count (so the walk
    /// takes a rare word for one already counted, at no cost).
    seen: Vec<u64>,
    /// The rare words' bits `seen` starts from and returns to (empty when
    /// every word counts).
    rare: Arc<Vec<u64>>,
    cell: Vec<u8>,
    /// For a multi-letter cell, its first alternative in `alts`.
    multi_at: Vec<u32>,
    /// For a multi-letter cell, how many alternatives it has.
    multi_n: Vec<u8>,
    multi_letters: Vec<u8>,
    alts: Vec<Alt>,
    /// Where each cell may stand in a word ([`Place`] as `u8`).
    place: Vec<u8>,
    any_first: bool,
    any_choice: bool,
    /// The alternative each multi-letter cell on the path reads as.
    chosen: Vec<u32>,
    /// Letter-value scoring: whether it is on, each letter code's value,
    /// each plain cell's value (times its letter bonus), each cell's word
    /// bonus, the multiplier by length, each word's entry in
    /// `found_scores` and those scores.
    scored: bool,
    code_value: Vec<u32>,
    cell_value: Vec<u32>,
    word_bonus: Vec<u8>,
    mult: Vec<u32>,
    slot: Vec<u32>,
    found_scores: Vec<u32>,
    near: Vec<u64>,
    by_letter: Vec<u64>,
    /// Entries a cell in `by_letter`: the bits of the letter mask the
    /// search will use (32 for a warmed-up table of an alphabet that fits,
    /// else 64).
    stride: usize,
    by_letter_set: Vec<u32>,
    multi_near: Vec<u64>,
    any_multi: bool,
    used: Vec<bool>,
    small_used: u64,
    path: Vec<u32>,
    tally: Tally,
    found: Vec<Hit>,
    found_ids: Vec<u32>,
    found_paths: Vec<u32>,
}

impl Solver {
    /// A solver for a pack with the pack's own rules.
    pub fn new(pack: &Pack) -> Result<Solver, LexiconError> {
        Solver::with_rules(pack, Rules::for_pack(pack))
    }

    /// A solver for a pack with the given rules. A letter-value scheme
    /// that takes the pack's values gets them here.
    pub fn with_rules(pack: &Pack, mut rules: Rules) -> Result<Solver, LexiconError> {
        let lex = Lexicon::new(pack)?;
        rules.scoring = rules
            .scoring
            .resolve(&pack.recipe().letters.values, &pack.recipe().language.code);
        Ok(Solver::from_lexicon(lex, rules))
    }

    fn from_lexicon(lex: Lexicon, rules: Rules) -> Solver {
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
        let neighbors = Neighbors::new(Grid {
            rows: 0,
            cols: 0,
            adjacency: rules.adjacency,
            wrap: rules.wrap,
        });
        let scored = rules.scoring.is_letter_scheme();
        let alphabet = lex.alphabet();
        let code_value = (0..alphabet.len())
            .map(|code| {
                let letter = alphabet.letter(code as u8).to_string();
                rules.scoring.face_value(&letter)
            })
            .collect();
        let mult = (0..MAX_LEN)
            .map(|len| rules.scoring.multiplier(len))
            .collect();
        let mut rare = Vec::new();
        if rules.words.only_common && lex.has_frequencies() {
            rare = vec![0u64; words / 64 + 1];
            for id in 0..words as u32 {
                if !rules.words.is_common(&lex, id) {
                    rare[(id >> 6) as usize] |= 1 << (id & 63);
                }
            }
        }
        let seen = if rare.is_empty() {
            vec![0; words / 64 + 1]
        } else {
            rare.clone()
        };
        Solver {
            lex,
            compact: None,
            rules,
            points,
            neighbors,
            seen,
            rare: Arc::new(rare),
            cell: Vec::new(),
            multi_at: Vec::new(),
            multi_n: Vec::new(),
            multi_letters: Vec::new(),
            alts: Vec::new(),
            place: Vec::new(),
            any_first: false,
            any_choice: false,
            chosen: Vec::new(),
            scored,
            code_value,
            cell_value: Vec::new(),
            word_bonus: Vec::new(),
            mult,
            slot: Vec::new(),
            found_scores: Vec::new(),
            near: Vec::new(),
            by_letter: Vec::new(),
            stride: LETTERS,
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
    ///
    /// Every state is checked as it is decoded; a pack whose automaton
    /// fails a check is an error here.
    pub fn warm_up(&mut self) -> Result<(), LexiconError> {
        if self.compact.is_none() {
            self.compact = Some(Arc::new(Compact::new(&self.lex)?));
        }
        Ok(())
    }

    /// As [`warm_up`](Solver::warm_up), but with the wide table layout (four
    /// `u32`s an edge) even when the packed one fits: for tests that check
    /// both layouts give the same answers. Only with the `test-hooks`
    /// feature, which no program enables.
    #[cfg(feature = "test-hooks")]
    #[doc(hidden)]
    pub fn warm_up_wide(&mut self) -> Result<(), LexiconError> {
        self.compact = Some(Arc::new(Compact::wide(&self.lex)?));
        Ok(())
    }

    /// Score and word count of a board.
    ///
    /// The only error is a pack whose automaton fails a check on a state
    /// this board reaches (a crafted or broken pack whose checksums match;
    /// never a built-in one).
    pub fn tally(&mut self, board: &Board) -> Result<Tally, LexiconError> {
        self.run::<false>(board)?;
        Ok(self.tally)
    }

    /// Every word on a board with its score and one path.
    ///
    /// Errors as [`tally`](Solver::tally) does.
    pub fn solve(&mut self, board: &Board) -> Result<Solution, LexiconError> {
        self.run::<true>(board)?;
        let words = self
            .found
            .iter()
            .enumerate()
            .map(|(e, &Hit { id, start, len })| {
                let cells = &self.found_paths[start as usize..(start + len) as usize];
                let score = self.scored.then(|| self.found_scores[e]);
                (id, found_word(board, cells, &self.points, score))
            })
            .collect();
        Ok(solution(board, &self.lex, self.rules.words, words))
    }

    /// Like [`solve`](Solver::solve), on `threads` threads for a big board
    /// (smaller boards are not worth splitting). Threads take blocks of start
    /// cells in increasing order; for each word the path kept is the
    /// best-scoring one from the lowest start cell, which is the path `solve`
    /// finds, so the result is identical.
    pub fn solve_parallel(
        &mut self,
        board: &Board,
        threads: usize,
    ) -> Result<Solution, LexiconError> {
        if threads <= 1 || board.len() < PARALLEL_CELLS {
            return self.solve(board);
        }
        self.warm_up()?;
        let cells = board.len();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let mut workers: Vec<Solver> = (0..threads).map(|_| self.clone()).collect();
        std::thread::scope(|scope| {
            for w in workers.iter_mut() {
                let next = &next;
                scope.spawn(move || {
                    w.prepare(board);
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
        // Every worker's entries: (word id, best score first, first cell,
        // worker, entry).
        let mut all: Vec<(u32, std::cmp::Reverse<u32>, u32, usize, usize)> = Vec::new();
        for (k, w) in workers.iter().enumerate() {
            for (e, &Hit { id, start, .. }) in w.found.iter().enumerate() {
                let score = if w.scored { w.found_scores[e] } else { 0 };
                let first = w.found_paths[start as usize] & CELL_MASK;
                all.push((id, std::cmp::Reverse(score), first, k, e));
            }
        }
        all.sort_unstable();
        all.dedup_by_key(|entry| entry.0);
        let words = all
            .iter()
            .map(|&(id, score, _, k, e)| {
                let w = &workers[k];
                let Hit { start, len, .. } = w.found[e];
                let word = found_word(
                    board,
                    &w.found_paths[start as usize..(start + len) as usize],
                    &self.points,
                    self.scored.then_some(score.0),
                );
                (id, word)
            })
            .collect();
        Ok(solution(board, &self.lex, self.rules.words, words))
    }

    fn run<const RECORD: bool>(&mut self, board: &Board) -> Result<(), LexiconError> {
        self.begin(board)?;
        self.search::<RECORD>(0..board.len());
        self.finish();
        // A state that failed its check while this board decoded it.
        if self.compact.is_none() {
            self.lex.check()?;
        }
        Ok(())
    }

    /// Gets ready for a board: tables for its shape, faces, empty tallies.
    fn begin(&mut self, board: &Board) -> Result<(), LexiconError> {
        // A big board visits most of the table anyway: decode it all at once
        // (milliseconds) rather than check on every step.
        if board.len() > WARM_UP_CELLS {
            self.warm_up()?;
        }
        self.prepare(board);
        Ok(())
    }

    /// Searches from the start cells in `starts`, adding to the tally.
    fn search<const RECORD: bool>(&mut self, starts: std::ops::Range<usize>) {
        // Letter-value scoring is a mode of its own, compiled apart, so the
        // length schemes pay nothing for it.
        if self.scored {
            self.search_in::<RECORD, true>(starts)
        } else {
            self.search_in::<RECORD, false>(starts)
        }
    }

    fn search_in<const RECORD: bool, const SCORED: bool>(
        &mut self,
        starts: std::ops::Range<usize>,
    ) {
        let small = self.cell.len() <= grid::MASK_CELLS;
        let big = BigSet(std::mem::take(&mut self.used));
        let parts = Parts {
            neighbors: &self.neighbors,
            cell: &self.cell,
            near: &self.near,
            by_letter: &self.by_letter,
            multi_near: &self.multi_near,
            any_multi: self.any_multi,
            multi_at: &self.multi_at,
            multi_n: &self.multi_n,
            multi_letters: &self.multi_letters,
            alts: &self.alts,
            place: &self.place,
            any_first: self.any_first,
            any_choice: self.any_choice,
            chosen: &mut self.chosen,
            cell_value: &self.cell_value,
            word_bonus: &self.word_bonus,
            mult: &self.mult,
            slot: &mut self.slot,
            found_scores: &mut self.found_scores,
            points: &self.points,
            min_len: self.rules.min_len as u32,
            seen: &mut self.seen,
            rare: &self.rare,
            found_ids: &mut self.found_ids,
            path: &mut self.path,
            found: &mut self.found,
            found_paths: &mut self.found_paths,
        };
        let used = self.small_used;
        // One walk per table layout and used-cell set, compiled apart.
        macro_rules! walk_over {
            ($states:expr) => {
                if small {
                    (
                        walk::<_, _, RECORD, SCORED>($states, used, starts, parts).0,
                        big,
                    )
                } else {
                    walk::<_, _, RECORD, SCORED>($states, big, starts, parts)
                }
            };
        }
        let (tally, big) = match self.compact.as_deref().map(Compact::encoding) {
            Some(Encoding::Packed(p)) => walk_over!(p),
            Some(Encoding::Wide(w)) => walk_over!(w),
            Some(Encoding::Wider(w)) => walk_over!(w),
            None => walk_over!(&mut self.lex),
        };
        self.tally.score += tally.score;
        self.tally.words += tally.words;
        self.used = big.0;
    }

    /// Clears the word bits this board set (back to the rare words' bits).
    fn finish(&mut self) {
        for &id in &self.found_ids {
            let q = (id >> 6) as usize;
            self.seen[q] = self.rare.get(q).copied().unwrap_or(0);
        }
        self.found_ids.clear();
    }
}
