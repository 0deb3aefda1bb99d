//! The search: depth-first from every cell, through the lexicon's states.
//!
//! A step onto a cell follows that cell's face (one letter, or several for a
//! `Qu` or `Th` face) from the current state. The walk stops as soon as no
//! word continues, so the search visits only live prefixes. Each cell is used
//! once per word; each distinct word counts once per board, recognised by its
//! id (its rank in the pack) against a per-board stamp, so nothing is cleared
//! between boards.

use prep::Pack;
use serde::Serialize;

use crate::board::{Board, Pos};
use crate::error::LexiconError;
use crate::lexicon::{Lexicon, NO_WORD};
use crate::neighbors::{Adjacency, Neighbors, Shape};
use crate::scoring::Scoring;

/// Longest word length with its own entry in the points table.
const MAX_LEN: usize = 256;
/// A cell's code when its face has several letters.
const MULTI: u8 = 254;
/// A cell's code when it can never be used (blank, or a letter no word has).
const DEAD: u8 = 255;

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
    /// The board in board syntax.
    pub board: String,
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
/// many boards allocates nothing per board.
#[derive(Clone, Debug)]
pub struct Solver {
    lex: Lexicon,
    rules: Rules,
    points: Vec<u32>,
    neighbors: Neighbors,
    seen: Vec<u32>,
    stamp: u32,
    cell: Vec<u8>,
    multi: Vec<Vec<u8>>,
    face_len: Vec<u32>,
    used: Vec<bool>,
    path: Vec<u32>,
    tally: Tally,
    found: Vec<(u32, u32, u32)>,
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
            rules,
            points,
            neighbors,
            seen: vec![0; words],
            stamp: 0,
            cell: Vec::new(),
            multi: Vec::new(),
            face_len: Vec::new(),
            used: Vec::new(),
            path: Vec::new(),
            tally: Tally::default(),
            found: Vec::new(),
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

    /// Decodes the whole lexicon now (for batch work), so no board pays for it.
    pub fn warm_up(&mut self) {
        self.lex.expand_all();
    }

    /// Score and word count of a board.
    pub fn tally(&mut self, board: &Board) -> Tally {
        self.run::<false>(board);
        self.tally
    }

    /// Every word on a board with its score and one path.
    pub fn solve(&mut self, board: &Board) -> Solution {
        self.run::<true>(board);
        let mut words: Vec<FoundWord> = self
            .found
            .iter()
            .map(|&(_, start, len)| {
                let cells = &self.found_paths[start as usize..(start + len) as usize];
                let word: String = cells
                    .iter()
                    .filter_map(|&c| board.face(c as usize))
                    .collect();
                let letters = word.chars().count();
                FoundWord {
                    score: self.points[letters.min(MAX_LEN - 1)],
                    len: letters,
                    path: cells.iter().map(|&c| board.pos(c as usize)).collect(),
                    word,
                }
            })
            .collect();
        words.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.word.cmp(&b.word)));
        Solution {
            rows: board.rows(),
            cols: board.cols(),
            board: board.to_text(),
            score: self.tally.score,
            word_count: words.len(),
            words,
        }
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
        self.multi.resize(n, Vec::new());
        self.used.clear();
        self.used.resize(n, false);
        for (i, face) in board.cells().iter().enumerate() {
            let letters = face.as_deref().and_then(|f| self.lex.alphabet().encode(f));
            let (code, len) = match letters {
                None => (DEAD, 0),
                Some(l) if l.is_empty() => (DEAD, 0),
                Some(l) if l.len() == 1 => (l[0], 1),
                Some(l) => {
                    let len = l.len() as u32;
                    self.multi[i] = l;
                    (MULTI, len)
                }
            };
            if code == DEAD {
                self.used[i] = true;
            }
            self.cell.push(code);
            self.face_len.push(len);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.tally = Tally::default();
        self.found.clear();
        self.found_paths.clear();
        self.path.clear();
    }

    fn run<const RECORD: bool>(&mut self, board: &Board) {
        self.prepare(board);
        for i in 0..self.cell.len() {
            if self.used[i] {
                continue;
            }
            if let Some((node, out)) = self.step(Lexicon::ROOT, i) {
                self.dfs::<RECORD>(i, node, out, self.face_len[i]);
            }
        }
    }

    /// Follows cell `j`'s face from state `node`.
    #[inline(always)]
    fn step(&mut self, node: u32, j: usize) -> Option<(u32, u32)> {
        let code = self.cell[j];
        if code < MULTI {
            let n = self.lex.node(node);
            if n.mask & (1 << code) == 0 {
                return None;
            }
            let e = self.lex.edge(n, code);
            Some((e.node, e.out))
        } else {
            let letters = std::mem::take(&mut self.multi[j]);
            let r = self.lex.walk(node, &letters);
            self.multi[j] = letters;
            r
        }
    }

    fn dfs<const RECORD: bool>(&mut self, cell: usize, node: u32, id: u32, len: u32) {
        let n = self.lex.node(node);
        if n.word != NO_WORD {
            let points = self.points[(len as usize).min(MAX_LEN - 1)];
            if len as usize >= self.rules.min_len {
                let w = id.wrapping_add(n.word) as usize;
                if self.seen[w] != self.stamp {
                    self.seen[w] = self.stamp;
                    self.tally.score += u64::from(points);
                    self.tally.words += 1;
                    if RECORD {
                        let start = self.found_paths.len() as u32;
                        self.found_paths.extend_from_slice(&self.path);
                        self.found_paths.push(cell as u32);
                        self.found
                            .push((w as u32, start, self.path.len() as u32 + 1));
                    }
                }
            }
        }
        if n.mask == 0 {
            return;
        }
        self.used[cell] = true;
        if RECORD {
            self.path.push(cell as u32);
        }
        for k in self.neighbors.range(cell) {
            let j = self.neighbors.at(k);
            if self.used[j] {
                continue;
            }
            if let Some((child, out)) = self.step(node, j) {
                self.dfs::<RECORD>(j, child, id.wrapping_add(out), len + self.face_len[j]);
            }
        }
        if RECORD {
            self.path.pop();
        }
        self.used[cell] = false;
    }
}
