//! The tree bound: every path of a class's words, its (cell, face) choices
//! sorted in the order cells are fixed, merged into one tree of *sum* nodes
//! (points, plus the sum of their children) and *choice* nodes (one cell:
//! the best of its faces' subtrees).
//!
//! Sorted by cell, a path's choices of one cell sit on one choice node, so
//! the bound picks one face a cell along each branch instead of one a step,
//! and a word found on several paths over the same cells and faces ends on
//! the same node and counts once there. For a board of the class, following
//! its own face at every choice node sums at least each of its words once,
//! so the tree's bound, taking the best face at each choice, bounds every
//! board.
//!
//! [`Paths`] collects the paths; [`build`] sorts them and makes the
//! nodes of an [`Arena`], which never change once made, so that trees made
//! later share them. Because every path's choices are sorted in the fixing
//! order, the first cell of the order only has choice nodes right under the
//! root. *Forcing* that cell to a face ([`Arena::force`]) takes that face's
//! subtree and merges it with the rest of the root: sum nodes add their
//! points, choice nodes of the same cell merge face by face. The merged tree
//! is again sorted the same way, with one cell fewer, and its bound is often
//! far lower than the face's bound in the whole tree, because merging makes
//! the branches that each chose their own best face for a cell choose one
//! face together.
//!
//! A tree may also be built as a DAG ([`Arena::share`]): each node is
//! looked up by its content (key, points, children) and made only if it is
//! new. The bound is a function of a node's content, so the DAG bounds
//! exactly as the tree does; it is how a heavy class fits in a few GB.

mod arena;
mod build;
mod merge;

use arena::add;
pub(crate) use arena::{keep, Arena, Node, HEAVY_PATHS, KEEP, MOST};
#[cfg(test)]
use build::GRAIN;
pub(crate) use build::{build, Spent};
use build::{build_sum, Reading};
use merge::Pair;

/// How a path's choices pack into a key: one slot of `bits` bits for each
/// position in the fixing order, holding the face chosen there or all ones
/// when the path does not use that position, `per` slots to a `u32`, first
/// position in the highest bits. (`u32`s rather than `u64`s: a 4x4 key of
/// 80 bits takes 12 bytes, not 16, and a heavy class has tens of millions
/// of paths.) Keys compare as their choice sequences
/// do, except that a path sorts after its extensions: at the first
/// position where two paths differ, the one using it sorts first, and
/// among those using it the smaller face. A path's key is made one choice
/// at a time as the path grows ([`Packing::with`]).
#[derive(Clone, Debug)]
pub(crate) struct Packing {
    bits: u32,
    /// Slots to a `u32`.
    per: u32,
    /// The slot a bit lies in, by its count of leading zeros in its `u32`
    /// (worked out once, as `place` is: dividing by `bits` each time was
    /// a sixth of making a tree's nodes, by perf).
    slot_of: [u8; 32],
    cells: usize,
    /// How many `u32`s a key takes.
    words: usize,
    /// Each position's `u32` in a key and its slot's shift in it, worked
    /// out once: dividing by `per` at every look cost a tenth of building
    /// a tree.
    place: [(u8, u8); 64],
}

impl Packing {
    /// The layout for paths over `cells` cells (at most 64) of `faces`
    /// faces (at most 64).
    pub(crate) fn new(cells: usize, faces: usize) -> Packing {
        // Room for every face and the all-ones "unused".
        let bits = (u64::BITS - (faces as u64).leading_zeros()).max(1);
        let per = 32 / bits;
        let mut place = [(0, 0); 64];
        for (position, p) in place.iter_mut().enumerate() {
            // Positions past `cells` get entries too, never looked at.
            let (w, j) = (position as u32 / per, position as u32 % per);
            *p = (w as u8, (32 - bits * (j + 1)) as u8);
        }
        let mut slot_of = [0; 32];
        for (zeros, s) in slot_of.iter_mut().enumerate() {
            *s = (zeros as u32 / bits) as u8;
        }
        Packing {
            bits,
            per,
            slot_of,
            cells,
            words: cells.div_ceil(per as usize).max(1),
            place,
        }
    }

    /// Position `position`'s `u32` in a key, and its slot's shift.
    #[inline]
    fn place(&self, position: usize) -> (usize, u32) {
        let (w, shift) = self.place[position];
        (usize::from(w), u32::from(shift))
    }

    /// The value of a slot no choice was made in.
    #[inline]
    fn unused(&self) -> u32 {
        (1 << self.bits) - 1
    }

    /// The key of the empty path.
    #[inline]
    pub(crate) fn empty<const W: usize>(&self) -> [u32; W] {
        [u32::MAX; W]
    }

    /// `key` with `face` chosen at `position`, which it did not use.
    #[inline]
    pub(crate) fn with<const W: usize>(
        &self,
        mut key: [u32; W],
        position: usize,
        face: usize,
    ) -> [u32; W] {
        let (w, shift) = self.place(position);
        key[w] ^= (self.unused() ^ face as u32) << shift;
        key
    }

    /// Slot `position` of `key`: its face, or [`Packing::unused`].
    #[inline]
    fn get(&self, key: &[u32], position: usize) -> u32 {
        let (w, shift) = self.place(position);
        (key[w] >> shift) & self.unused()
    }

    /// The first position from `from` on that `key` uses, if any: the
    /// first slot not all ones, found a `u32` at a time (its bits turned
    /// over, a used slot is the first nonzero one).
    #[inline]
    fn next(&self, key: &[u32], from: usize) -> Option<usize> {
        if from >= self.cells {
            return None;
        }
        let (mut w, shift) = self.place(from);
        // Slots before `from` in its `u32` are passed over.
        let mut x = !key[w] & (u64::MAX >> (64 - shift - self.bits)) as u32;
        loop {
            if x != 0 {
                let position = w * self.per as usize + self.slot(x);
                return (position < self.cells).then_some(position);
            }
            w += 1;
            x = !*key.get(w)?;
        }
    }

    /// The first position where keys `a` and `b` differ, if any.
    #[inline]
    fn first_difference(&self, a: &[u32], b: &[u32]) -> Option<usize> {
        let w = a.iter().zip(b).position(|(x, y)| x != y)?;
        Some(w * self.per as usize + self.slot(a[w] ^ b[w]))
    }

    /// The slot, in its `u32`, of the highest bit set in `x` (not 0).
    #[inline]
    fn slot(&self, x: u32) -> usize {
        usize::from(self.slot_of[x.leading_zeros() as usize & 31])
    }
}

/// One word found on one path: the path's key and the word (a number
/// unique to it, which also finds its points: see [`build`]). Sixteen
/// bytes on a 4x4 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Rec<const W: usize> {
    key: [u32; W],
    word: u32,
}

impl<const W: usize> Rec<W> {
    /// The word `word` found on the path of `key`.
    #[inline]
    pub(crate) fn new(key: [u32; W], word: u32) -> Rec<W> {
        Rec { key, word }
    }
}

/// What each path's word is worth. A word's number carries in its low
/// `bits` bits the index of its points among `values`, a table of a few
/// entries (one for each length a word can have, at most), so that making
/// a tree reads no table a word long: looking up each path's points there
/// was a cache miss a path, a sixth of the making of a 3x4 class's tree
/// (docs/bench-log.md).
#[derive(Clone, Debug)]
pub(crate) struct Worth {
    values: Vec<u32>,
    bits: u32,
}

impl Worth {
    /// Points `values[i]` for a word numbered `i` in its low bits: as many
    /// bits as index every value.
    pub(crate) fn new(values: Vec<u32>) -> Worth {
        let bits = u32::BITS - (values.len().max(1) as u32 - 1).leading_zeros();
        Worth { values, bits }
    }

    /// How many low bits of a word's number index its points.
    pub(crate) fn bits(&self) -> u32 {
        self.bits
    }

    /// The points of the value index `index`.
    #[inline]
    pub(crate) fn value(&self, index: u8) -> u32 {
        self.values[usize::from(index)]
    }

    /// The points of the word numbered `word`.
    #[inline]
    fn of(&self, word: u32) -> u32 {
        let mask = (1u64 << self.bits) - 1;
        self.values[(u64::from(word) & mask) as usize]
    }
}

/// A path's bytes from the least significant, for a radix sort: its word,
/// then its key's `u32`s from the last, so that the bytes sort the paths
/// as their `Ord` does.
impl<const W: usize> rdst::RadixKey for Rec<W> {
    const LEVELS: usize = 4 * (W + 1);

    #[inline]
    fn get_level(&self, level: usize) -> u8 {
        if level < 4 {
            (self.word >> (8 * level)) as u8
        } else {
            let byte = level - 4;
            (self.key[W - 1 - byte / 4] >> (8 * (byte % 4))) as u8
        }
    }
}

/// Sorts paths as their `Ord` does, by radix: a class's tens of millions
/// of paths sorted in 0.6 of the time a comparison sort took
/// (docs/bench-log.md). In place for large lists (rdst's ska sort), on this
/// thread only: a proof's threads each sort their own class's paths.
pub(crate) fn sort<const W: usize>(recs: &mut [Rec<W>]) {
    use rdst::RadixSort;
    recs.radix_sort_builder()
        .with_single_threaded_tuner()
        .with_parallel(false)
        .sort();
}

/// A class's words, path by path, to be sorted and made into a tree.
#[derive(Clone, Debug)]
pub(crate) enum Paths {
    /// Keys of two `u32`s (12 cells of up to 31 faces).
    W2(Vec<Rec<2>>),
    /// Keys of three (18 such cells: 4x4).
    W3(Vec<Rec<3>>),
    /// Keys of four.
    W4(Vec<Rec<4>>),
    /// Keys of eight.
    W8(Vec<Rec<8>>),
    /// Keys of sixteen (up to 64 cells of 64 faces).
    W16(Vec<Rec<16>>),
}

/// `$body` with `$v` bound to the paths' list, whatever its keys' size.
macro_rules! each {
    ($paths:expr, $v:ident => $body:expr) => {
        match $paths {
            Paths::W2($v) => $body,
            Paths::W3($v) => $body,
            Paths::W4($v) => $body,
            Paths::W8($v) => $body,
            Paths::W16($v) => $body,
        }
    };
}
pub(crate) use each;

impl Default for Paths {
    fn default() -> Paths {
        Paths::W2(Vec::new())
    }
}

impl Paths {
    /// Empties the list for paths of `layout`, keeping its memory when the
    /// layout's keys are the same size.
    pub(crate) fn clear(&mut self, layout: &Packing) {
        let fresh = match layout.words {
            1..=2 => Paths::W2(Vec::new()),
            3 => Paths::W3(Vec::new()),
            4 => Paths::W4(Vec::new()),
            5..=8 => Paths::W8(Vec::new()),
            _ => Paths::W16(Vec::new()),
        };
        if std::mem::discriminant(self) != std::mem::discriminant(&fresh) {
            *self = fresh;
        }
        each!(self, v => v.clear())
    }

    /// Empties the list, keeping its memory if it fits in the `left` bytes
    /// still to keep (see [`KEEP`]).
    pub(crate) fn trim(&mut self, left: &mut usize) {
        each!(self, v => keep(v, left))
    }
}

impl Paths {
    /// How many paths.
    pub(crate) fn len(&self) -> usize {
        each!(self, v => v.len())
    }

    /// The sorted paths' runs at `position`: for each face, the range of
    /// the paths that choose it there (they sort together, by face, since
    /// no path uses an earlier position), and the range of those that do
    /// not use it (they sort last).
    pub(crate) fn runs(
        &self,
        layout: &Packing,
        position: usize,
    ) -> (Vec<(u8, std::ops::Range<usize>)>, std::ops::Range<usize>) {
        fn of<const W: usize>(
            recs: &[Rec<W>],
            layout: &Packing,
            position: usize,
        ) -> (Vec<(u8, std::ops::Range<usize>)>, std::ops::Range<usize>) {
            let mut runs = Vec::new();
            let mut i = 0;
            while i < recs.len() {
                let face = layout.get(&recs[i].key, position);
                if face == layout.unused() {
                    break;
                }
                let mut j = i + 1;
                while j < recs.len() && layout.get(&recs[j].key, position) == face {
                    j += 1;
                }
                runs.push((face as u8, i..j));
                i = j;
            }
            (runs, i..recs.len())
        }
        each!(self, v => of(v, layout, position))
    }

    /// A record of the paths' memory given back as they are read for the
    /// last time, front to back, `step` bytes at a time or more ([`Spent`]).
    pub(crate) fn spent(&self, step: usize) -> Spent {
        each!(self, v => Spent::new(v, step))
    }

    /// Notes that the paths before `end` will not be read again, and gives
    /// their memory back once there is a step of it; what is left held.
    pub(crate) fn spend(&self, spent: &Spent, end: usize) -> u64 {
        each!(self, v => spent.read(&v[..end]));
        spent.held()
    }

    /// The sum node of the sorted paths `range`, which agree on every
    /// position before `from` (the last choice among them of face `face`),
    /// each word worth what `worth` says.
    pub(crate) fn build_sum(
        &self,
        range: std::ops::Range<usize>,
        layout: &Packing,
        worth: &Worth,
        from: usize,
        face: u8,
        arena: &mut Arena,
    ) -> Node {
        let reading = Reading {
            layout,
            worth,
            spent: None,
        };
        each!(self, v => build_sum(&v[range], reading, from, face, arena))
    }
}

#[cfg(test)]
mod tests;
