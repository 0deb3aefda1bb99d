//! The depth-first walk itself: one board's search from a range of start
//! cells, over any state table and either used-cell set, compiled once per
//! combination (see [`crate::search`]).

use super::{Alt, Tally, CELL_BITS, MAX_LEN, MULTI};
use crate::board::Place;
use crate::lexicon::{LetterMask, States, NO_WORD};
use grid::Neighbors;

/// A word found, as the walk records it: its id, where its path starts in
/// `found_paths` and how many cells the path has.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub(crate) id: u32,
    pub(crate) start: u32,
    pub(crate) len: u32,
}

/// The solver's scratch space for one board, borrowed by the search.
pub(crate) struct Parts<'a> {
    pub(crate) neighbors: &'a Neighbors,
    pub(crate) cell: &'a [u8],
    /// For each cell, the letters its live neighbors start with (a
    /// [`LetterMask`] of the table's width, stored as a `u64`).
    pub(crate) near: &'a [u64],
    /// For each cell (on a board of up to 64 cells), its neighbors by
    /// letter as cell masks: as many entries a cell as the table's
    /// [`LetterMask`] has bits.
    pub(crate) by_letter: &'a [u64],
    pub(crate) multi_near: &'a [u64],
    pub(crate) any_multi: bool,
    pub(crate) multi_at: &'a [u32],
    pub(crate) multi_n: &'a [u8],
    pub(crate) multi_letters: &'a [u8],
    pub(crate) alts: &'a [Alt],
    pub(crate) place: &'a [u8],
    pub(crate) any_first: bool,
    pub(crate) any_choice: bool,
    pub(crate) chosen: &'a mut [u32],
    pub(crate) cell_value: &'a [u32],
    pub(crate) word_bonus: &'a [u8],
    pub(crate) mult: &'a [u32],
    pub(crate) slot: &'a mut [u32],
    pub(crate) found_scores: &'a mut Vec<u32>,
    pub(crate) points: &'a [u32],
    pub(crate) min_len: u32,
    pub(crate) seen: &'a mut [u64],
    /// Rare words' bits when only common words count (else empty).
    pub(crate) rare: &'a [u64],
    pub(crate) found_ids: &'a mut Vec<u32>,
    pub(crate) path: &'a mut Vec<u32>,
    pub(crate) found: &'a mut Vec<Hit>,
    pub(crate) found_paths: &'a mut Vec<u32>,
}

/// Searches from every cell; returns the tally and the used-cell set.
/// With `SCORED`, words score by their cells (letter values and bonuses)
/// and each keeps its best path.
pub(crate) fn walk<S: States, U: CellSet, const RECORD: bool, const SCORED: bool>(
    states: S,
    used: U,
    starts: std::ops::Range<usize>,
    p: Parts<'_>,
) -> (Tally, U) {
    let mut w = Walk {
        states,
        used,
        tally: Tally::default(),
        p,
    };
    let root = w.states.root();
    for i in starts {
        // A prefix tile is kept out of every path but as its start.
        let first = w.p.any_first && w.p.place[i] == Place::First as u8;
        if w.used.has(i) && !first {
            continue;
        }
        if first {
            w.used.clear(i);
        }
        if w.p.cell[i] == MULTI {
            w.multi_step::<RECORD, SCORED>(i, root, 0, 0);
        } else if let Some((node, out)) = w.step(root, i) {
            w.enter::<RECORD, SCORED>(i, node, out, 1);
        }
        if first {
            w.used.set(i);
        }
    }
    (w.tally, w.used)
}

/// The set of cells in use on the current path.
pub(crate) trait CellSet {
    /// Whether this is the `u64` set of a board of up to 64 cells.
    const SMALL: bool;
    /// The set as bits (small boards only).
    fn bits(&self) -> u64;
    fn has(&self, i: usize) -> bool;
    fn set(&mut self, i: usize);
    fn clear(&mut self, i: usize);
}

impl CellSet for u64 {
    const SMALL: bool = true;
    #[inline(always)]
    fn bits(&self) -> u64 {
        *self
    }
    #[inline(always)]
    fn has(&self, i: usize) -> bool {
        *self >> i & 1 != 0
    }
    #[inline(always)]
    fn set(&mut self, i: usize) {
        *self |= 1 << i;
    }
    #[inline(always)]
    fn clear(&mut self, i: usize) {
        *self &= !(1 << i);
    }
}

/// Used cells of a board with more than 64 cells.
pub(crate) struct BigSet(pub(crate) Vec<bool>);

impl CellSet for BigSet {
    const SMALL: bool = false;
    fn bits(&self) -> u64 {
        0
    }
    #[inline(always)]
    fn has(&self, i: usize) -> bool {
        self.0[i]
    }
    #[inline(always)]
    fn set(&mut self, i: usize) {
        self.0[i] = true;
    }
    #[inline(always)]
    fn clear(&mut self, i: usize) {
        self.0[i] = false;
    }
}

/// One board's depth-first search: the states, the used cells, the tally
/// so far, and the board's scratch space.
struct Walk<'a, S, U> {
    states: S,
    used: U,
    tally: Tally,
    p: Parts<'a>,
}

impl<S: States, U: CellSet> Walk<'_, S, U> {
    /// Follows single-letter cell `j`'s face from state `n`.
    #[inline(always)]
    fn step(&mut self, n: S::Node, j: usize) -> Option<(S::Node, u32)> {
        let code = self.p.cell[j];
        if u32::from(code) >= S::Mask::BITS || !S::mask(n).has(u32::from(code)) {
            return None;
        }
        Some(self.states.child(n, code))
    }

    /// Counts the word ending at state `n` (reached along the current path
    /// plus `cell`), if there is one and it is new on this board (or, with
    /// `SCORED`, scores more along this path than before).
    #[inline(always)]
    fn word_at<const RECORD: bool, const SCORED: bool>(
        &mut self,
        cell: usize,
        n: S::Node,
        id: u32,
        len: u32,
    ) {
        let word = S::word(n);
        if word == NO_WORD || len < self.p.min_len {
            return;
        }
        let w = id.wrapping_add(word);
        if !self.states.word_ok(w) {
            return;
        }
        if SCORED {
            self.scored_word::<RECORD>(cell, w, len);
            return;
        }
        let (q, bit) = ((w >> 6) as usize, 1u64 << (w & 63));
        if self.p.seen[q] & bit != 0 {
            return;
        }
        self.p.seen[q] |= bit;
        self.p.found_ids.push(w);
        self.tally.score += u64::from(self.p.points[(len as usize).min(MAX_LEN - 1)]);
        self.tally.words += 1;
        if RECORD {
            let start = self.p.found_paths.len() as u32;
            self.record(cell);
            self.p.found.push(Hit {
                id: w,
                start,
                len: self.p.path.len() as u32 + 1,
            });
        }
    }

    /// Word `w` of `len` letters, found along the current path plus `cell`
    /// under a letter-value scheme: counted if new, its score and path
    /// replaced if this path scores more.
    #[inline(never)]
    fn scored_word<const RECORD: bool>(&mut self, cell: usize, w: u32, len: u32) {
        let (q, bit) = ((w >> 6) as usize, 1u64 << (w & 63));
        // A rare word's bit is set in `seen` from the start; it has no slot.
        if !self.p.rare.is_empty() && self.p.rare[q] & bit != 0 {
            return;
        }
        let score = self.path_score(cell, len);
        if self.p.seen[q] & bit != 0 {
            let slot = self.p.slot[w as usize] as usize;
            let old = self.p.found_scores[slot];
            if score > old {
                self.p.found_scores[slot] = score;
                self.tally.score += u64::from(score - old);
                if RECORD {
                    let start = self.p.found_paths.len() as u32;
                    self.record(cell);
                    self.p.found[slot] = Hit {
                        id: w,
                        start,
                        len: self.p.path.len() as u32 + 1,
                    };
                }
            }
            return;
        }
        self.p.seen[q] |= bit;
        self.p.found_ids.push(w);
        self.p.slot[w as usize] = self.p.found_scores.len() as u32;
        self.p.found_scores.push(score);
        self.tally.score += u64::from(score);
        self.tally.words += 1;
        if RECORD {
            let start = self.p.found_paths.len() as u32;
            self.record(cell);
            self.p.found.push(Hit {
                id: w,
                start,
                len: self.p.path.len() as u32 + 1,
            });
        }
    }

    /// The score of the current path plus `cell`, a word of `len` letters,
    /// under a letter-value scheme.
    fn path_score(&self, cell: usize, len: u32) -> u32 {
        let mut sum = 0u64;
        let mut word = 1u64;
        for &c in self.p.path.iter().chain(std::iter::once(&(cell as u32))) {
            let c = c as usize;
            let value = if self.p.cell[c] == MULTI {
                self.p.alts[self.p.chosen[c] as usize].value
            } else {
                self.p.cell_value[c]
            };
            sum += u64::from(value);
            word = word.saturating_mul(u64::from(self.p.word_bonus[c]));
        }
        let len = (len as usize).min(MAX_LEN - 1);
        let letters = sum
            .saturating_mul(word)
            .saturating_mul(u64::from(self.p.mult[len]))
            / 100;
        letters
            .saturating_add(u64::from(self.p.points[len]))
            .min(u64::from(u32::MAX)) as u32
    }

    /// Appends the current path plus `cell` to the recorded paths, each
    /// multi-letter cell with the alternative it read as.
    #[inline(always)]
    fn record(&mut self, cell: usize) {
        let from = self.p.found_paths.len();
        self.p.found_paths.extend_from_slice(self.p.path);
        self.p.found_paths.push(cell as u32);
        if self.p.any_choice {
            for e in &mut self.p.found_paths[from..] {
                let c = *e as usize;
                if self.p.cell[c] == MULTI {
                    *e |= self.p.alts[self.p.chosen[c] as usize].nth << CELL_BITS;
                }
            }
        }
    }

    /// Enters cell `j` in state `n`: counts its word, and goes deeper if any
    /// word continues. Leaves cost no call.
    #[inline(always)]
    fn enter<const RECORD: bool, const SCORED: bool>(
        &mut self,
        j: usize,
        n: S::Node,
        id: u32,
        len: u32,
    ) {
        self.word_at::<RECORD, SCORED>(j, n, id, len);
        if S::mask(n) & S::Mask::from_u64(self.p.near[j]) != S::Mask::ZERO {
            self.dfs::<RECORD, SCORED>(j, n, id, len);
        }
    }

    /// Steps from `cell` (in state `n`, its word already counted) to every
    /// free neighbor whose face continues a word.
    fn dfs<const RECORD: bool, const SCORED: bool>(
        &mut self,
        cell: usize,
        n: S::Node,
        id: u32,
        len: u32,
    ) {
        let mask = S::mask(n);
        self.used.set(cell);
        if RECORD || SCORED {
            self.p.path.push(cell as u32);
        }
        let neighbors: &Neighbors = self.p.neighbors;
        let cells: &[u8] = self.p.cell;
        if U::SMALL {
            // Only the letters that both continue the word and lie next to
            // this cell; for each, the free neighbors showing it. The set
            // of free cells cannot change underfoot: every deeper call gives
            // back the cell it takes.
            let free = !self.used.bits();
            let stride = S::Mask::BITS as usize;
            let row = &self.p.by_letter[cell * stride..cell * stride + stride];
            let mut letters = mask & S::Mask::from_u64(self.p.near[cell]);
            while letters != S::Mask::ZERO {
                let code = letters.lowest();
                letters = letters.without_lowest();
                let mut next = row[code as usize] & free;
                if next == 0 {
                    continue;
                }
                let (child, out) = self.states.child(n, code as u8);
                let child_id = id.wrapping_add(out);
                while next != 0 {
                    let j = next.trailing_zeros() as usize;
                    next &= next - 1;
                    self.enter::<RECORD, SCORED>(j, child, child_id, len + 1);
                }
            }
            if self.p.any_multi {
                let mut multis = self.p.multi_near[cell] & free;
                while multis != 0 {
                    let j = multis.trailing_zeros() as usize;
                    multis &= multis - 1;
                    self.multi_step::<RECORD, SCORED>(j, n, id, len);
                }
            }
        } else {
            // As above, without per-board masks: first, without a branch,
            // which neighbors are free and show a letter that continues
            // the word (a cell's neighbors fit in a `u32`); then only those.
            let list = neighbors.of(cell);
            let mut next = 0u32;
            for (k, &j) in list.iter().enumerate() {
                let j = j as usize;
                let code = u32::from(cells[j]);
                let live = u32::from(code < u32::from(MULTI) && !self.used.has(j));
                next |= (live & mask.bit(code)) << k;
            }
            while next != 0 {
                let k = next.trailing_zeros() as usize;
                next &= next - 1;
                let j = list[k] as usize;
                let (child, out) = self.states.child(n, cells[j]);
                self.enter::<RECORD, SCORED>(j, child, id.wrapping_add(out), len + 1);
            }
            if self.p.any_multi {
                for &j in list {
                    let j = j as usize;
                    if cells[j] == MULTI && !self.used.has(j) {
                        self.multi_step::<RECORD, SCORED>(j, n, id, len);
                    }
                }
            }
        }
        if RECORD || SCORED {
            self.p.path.pop();
        }
        self.used.clear(cell);
    }

    /// Steps onto a multi-letter cell, reading it as each of its
    /// alternatives in turn (rare: kept out of the hot loop).
    #[inline(never)]
    fn multi_step<const RECORD: bool, const SCORED: bool>(
        &mut self,
        j: usize,
        n: S::Node,
        id: u32,
        len: u32,
    ) {
        let first = self.p.multi_at[j] as usize;
        for a in first..first + usize::from(self.p.multi_n[j]) {
            let alt = self.p.alts[a];
            let letters = &self.p.multi_letters[alt.at as usize..(alt.at + alt.len) as usize];
            if let Some((child, out)) = self.states.follow(n, letters) {
                self.p.chosen[j] = a as u32;
                self.enter::<RECORD, SCORED>(j, child, id.wrapping_add(out), len + alt.len);
            }
        }
    }
}
