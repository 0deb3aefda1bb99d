//! Reading a board into the search's tables before the walk: each cell's
//! letter code (or its multi-letter alternatives), its place in a word, its
//! value and bonus when scoring, and each cell's neighbours by letter.

use grid::{Grid, Neighbors};

use super::{Alt, Solver, DEAD, MULTI};
use crate::board::{Board, Place, Tile};
use crate::lexicon::Lexicon;
use crate::Tally;

impl Solver {
    /// Reads `board` into the search's tables: each cell's letter code and
    /// alternatives, its place and value, and its neighbours by letter.
    pub(super) fn prepare(&mut self, board: &Board) {
        let n = self.reset(board);
        self.read_cells(board, n);
        self.link_neighbors(n);
        self.any_multi = self.cell.contains(&MULTI);
        self.tally = Tally::default();
        self.found.clear();
        self.found_paths.clear();
        self.found_scores.clear();
        self.path.clear();
    }

    /// Sizes and clears the per-board buffers for `board` (the neighbour
    /// table kept while the shape is the same): its number of cells.
    fn reset(&mut self, board: &Board) -> usize {
        let shape = Grid {
            rows: board.rows(),
            cols: board.cols(),
            adjacency: self.rules.adjacency,
            wrap: self.rules.wrap,
        };
        if self.neighbors.grid() != shape {
            self.neighbors = Neighbors::new(shape);
        }
        let n = board.rows() * board.cols();
        self.cell.clear();
        // Read only for this board's multi-letter cells, which set theirs:
        // no need to clear the rest.
        if self.multi_at.len() < n {
            self.multi_at.resize(n, 0);
            self.multi_n.resize(n, 0);
            self.chosen.resize(n, 0);
        }
        self.multi_letters.clear();
        self.alts.clear();
        self.place.clear();
        self.cell_value.clear();
        self.word_bonus.clear();
        self.any_first = false;
        self.any_choice = false;
        self.used.clear();
        self.used.resize(n, false);
        self.small_used = 0;
        if self.scored && self.slot.len() < self.lex.words() {
            self.slot.resize(self.lex.words(), 0);
        }
        let stride = match &self.compact {
            Some(c) => c.encoding().mask_bits(),
            None => Lexicon::MASK_BITS,
        };
        if stride != self.stride {
            // The table changed width (a warm-up): start the rows afresh.
            self.by_letter.clear();
            self.by_letter_set.clear();
            self.stride = stride;
        }
        n
    }

    /// Each cell's letter code (or `MULTI`, `DEAD`), its multi-letter
    /// alternatives, its place in a word, and its value and bonus when
    /// scoring.
    fn read_cells(&mut self, board: &Board, n: usize) {
        let alphabet = match &self.compact {
            Some(c) => c.alphabet(),
            None => self.lex.alphabet(),
        };
        let cols = board.cols();
        for i in 0..n {
            let face = board.face(i).unwrap_or("");
            let bonus = match &self.rules.bonus {
                Some(b) if self.scored => b.get(i / cols, i % cols),
                _ => crate::scoring::CellBonus::NONE,
            };
            let mut chars = face.chars();
            let mut place = Place::Anywhere;
            let mut value = 0;
            let code = match (chars.next(), chars.next()) {
                (None, _) => DEAD,
                (Some(c), None) => {
                    let code = alphabet.code(c).unwrap_or(DEAD);
                    if self.scored && code != DEAD {
                        value = board.value(i).unwrap_or(self.code_value[code as usize]);
                    }
                    code
                }
                _ => {
                    // A multi-letter face, or a special tile: its
                    // alternatives that the alphabet can spell.
                    let tile = Tile::of(face);
                    let first = self.alts.len();
                    for (nth, alt) in tile.alternatives().enumerate() {
                        let Some(letters) = alphabet.encode(alt).filter(|l| !l.is_empty()) else {
                            continue;
                        };
                        let value = if self.scored {
                            let v = board
                                .value(i)
                                .unwrap_or_else(|| self.rules.scoring.tile_value(face, alt));
                            v.saturating_mul(u32::from(bonus.letter))
                        } else {
                            0
                        };
                        self.alts.push(Alt {
                            at: self.multi_letters.len() as u32,
                            len: letters.len() as u32,
                            nth: nth as u32,
                            value,
                        });
                        self.multi_letters.extend_from_slice(&letters);
                        self.any_choice |= nth > 0;
                    }
                    if self.alts.len() == first {
                        DEAD
                    } else {
                        self.multi_at[i] = first as u32;
                        self.multi_n[i] = (self.alts.len() - first) as u8;
                        place = tile.place();
                        MULTI
                    }
                }
            };
            if code == DEAD || place == Place::First {
                // A prefix tile is never a step of a path, only its start.
                self.used[i] = true;
                if i < 64 {
                    self.small_used |= 1 << i;
                }
            }
            self.any_first |= place == Place::First;
            self.cell.push(code);
            self.place.push(place as u8);
            if self.scored {
                self.cell_value
                    .push(value.saturating_mul(u32::from(bonus.letter)));
                self.word_bonus.push(bonus.word);
            }
        }
    }

    /// In one pass over each cell's neighbors: the letters a word may
    /// continue with from it and, on a small board, its neighbors by letter.
    fn link_neighbors(&mut self, n: usize) {
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
        let small = n <= grid::MASK_CELLS;
        if small {
            if self.by_letter.len() < n * self.stride {
                self.by_letter.resize(n * self.stride, 0);
            }
            self.multi_near.resize(n, 0);
        }
        self.near.clear();
        for i in 0..n {
            let mut near = 0u64;
            for &j in self.neighbors.of(i) {
                let first = match self.cell[j as usize] {
                    DEAD => continue,
                    MULTI => {
                        if self.place[j as usize] == Place::First as u8 {
                            continue;
                        }
                        if small {
                            self.multi_near[i] |= 1 << j;
                        }
                        let at = self.multi_at[j as usize] as usize;
                        let count = usize::from(self.multi_n[j as usize]);
                        for alt in &self.alts[at + 1..at + count] {
                            near |= 1 << self.multi_letters[alt.at as usize];
                        }
                        self.multi_letters[self.alts[at].at as usize]
                    }
                    code => {
                        if small {
                            let k = i * self.stride + code as usize;
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
            if self.place[i] == Place::Last as u8 {
                // Nothing follows a suffix tile.
                near = 0;
                if small {
                    self.multi_near[i] = 0;
                }
            }
            self.near.push(near);
        }
    }
}
