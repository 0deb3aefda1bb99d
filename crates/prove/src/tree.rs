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

use std::hash::Hasher;

use hashbrown::HashTable;
use rustc_hash::FxHasher;

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
        Packing {
            bits,
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

    /// The first position from `from` on that `key` uses, if any.
    #[inline]
    fn next(&self, key: &[u32], from: usize) -> Option<usize> {
        (from..self.cells).find(|&p| self.get(key, p) != self.unused())
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
    /// Empties the list for paths of `layout`, keeping its memory (up to
    /// [`KEEP`] bytes) when the layout's keys are the same size.
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
        each!(self, v => empty(v))
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

/// Sorts the paths `recs` and makes their tree in `arena`; returns its
/// root and the bytes of paths still held. Each word is worth what
/// `worth` reads in its number (rather than a field of each path: paths
/// are the most numerous thing a class makes). A word found on several
/// paths over the same positions and faces counts once.
///
/// With `give_back`, nothing reads the paths once their tree is made: the
/// memory of those read for the last time is given back to the system as
/// the tree grows, at least `give_back` bytes at a time ([`Spent`]), and
/// reads as zeros after. A heavy class's paths are a gigabyte or more;
/// held to the end, their whole size added to its peak.
pub(crate) fn build<const W: usize>(
    recs: &mut [Rec<W>],
    layout: &Packing,
    worth: &Worth,
    arena: &mut Arena,
    give_back: Option<usize>,
) -> (Node, u64) {
    sort(recs);
    let spent = give_back.map(|step| Spent::new(recs, step));
    let reading = Reading {
        layout,
        worth,
        spent: spent.as_ref(),
    };
    let root = build_sum(recs, reading, 0, 0, arena);
    let held = std::mem::size_of_val(recs) as u64;
    (root, spent.map_or(held, |s| s.held()))
}

/// What making a tree reads besides the paths: how their keys are laid
/// out, each word's points, and where to note the paths read for the last
/// time, if anywhere.
#[derive(Clone, Copy)]
struct Reading<'a> {
    layout: &'a Packing,
    worth: &'a Worth,
    spent: Option<&'a Spent>,
}

/// A multiple of every page size in use (4, 16 and 64 KiB): what is given
/// back starts and ends on it.
const GRAIN: usize = 64 << 10;

/// The paths a tree's making has read for the last time, and their memory
/// given back to the system. The making reads the sorted paths once, front
/// to back, so every page before the one it is reading will not be read
/// again. Only where nothing reads the paths after (see [`build`]).
#[derive(Debug)]
pub(crate) struct Spent {
    /// The paths' bytes.
    bytes: usize,
    /// The first byte that may be given back: past the allocator's own
    /// record of the block, which may sit just before its first byte.
    first: usize,
    /// Up to where the memory is given back.
    done: std::cell::Cell<usize>,
    /// The least given back at once.
    step: usize,
}

impl Spent {
    /// For the paths `list`, given back `step` bytes at a time or more.
    fn new<T>(list: &[T], step: usize) -> Spent {
        let start = list.as_ptr() as usize;
        let first = (start + 1).next_multiple_of(GRAIN);
        Spent {
            bytes: std::mem::size_of_val(list),
            first,
            done: std::cell::Cell::new(first),
            step: step.max(GRAIN),
        }
    }

    /// Notes that the paths up to the end of `read` (a part of the list)
    /// have been read for the last time, and gives their memory back once
    /// there is a step of it.
    #[inline]
    fn read<T>(&self, read: &[T]) {
        let to = read.as_ptr_range().end as usize;
        let done = self.done.get();
        if to >= done + self.step {
            let to = to / GRAIN * GRAIN;
            give_back(done, to);
            self.done.set(to);
        }
    }

    /// The bytes of paths not given back.
    fn held(&self) -> u64 {
        (self.bytes - (self.done.get() - self.first)) as u64
    }
}

/// Gives the pages of `from..to` back to the system.
#[cfg(target_os = "linux")]
fn give_back(from: usize, to: usize) {
    // SAFETY: `from..to` is aligned to pages and lies inside the paths'
    // allocation, past its first byte (see `Spent::new`) and before the
    // end of what was read: plain integers that nothing reads again before
    // the list is dropped or written anew. MADV_DONTNEED only drops the
    // pages of a private mapping; they read as zeros if touched again.
    unsafe {
        libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_DONTNEED);
    }
}

/// Elsewhere nothing is given back (MADV_DONTNEED means something else).
#[cfg(not(target_os = "linux"))]
fn give_back(_from: usize, _to: usize) {}

/// The sum node of the paths `recs`, which agree on every position before
/// `from` (the last choice among them of face `face`).
fn build_sum<const W: usize>(
    recs: &[Rec<W>],
    reading: Reading,
    from: usize,
    face: u8,
    arena: &mut Arena,
) -> Node {
    if arena.overflow {
        return Node::default();
    }
    let (layout, worth) = (reading.layout, reading.worth);
    let base = arena.buf.len();
    let mut i = 0;
    while i < recs.len() {
        let Some(position) = layout.next(&recs[i].key, from) else {
            break;
        };
        // Sorted, the paths after it leave the positions before this one
        // unused too: those using this one come next.
        let mut j = i + 1;
        while j < recs.len() && layout.get(&recs[j].key, position) != layout.unused() {
            j += 1;
        }
        let node = build_choice(&recs[i..j], reading, position, arena);
        arena.buf.push(node);
        i = j;
    }
    // The paths that end here sort last.
    let mut points = 0u32;
    for k in i..recs.len() {
        if k == i || recs[k].word != recs[k - 1].word {
            points = add(points, worth.of(recs[k].word).min(MOST));
        }
    }
    let share = arena.share;
    arena.sum_from_buf(face, points, base, share)
}

/// The choice node of `position` for the paths `recs`, which all use it.
fn build_choice<const W: usize>(
    recs: &[Rec<W>],
    reading: Reading,
    position: usize,
    arena: &mut Arena,
) -> Node {
    if arena.overflow {
        return Node::default();
    }
    let layout = reading.layout;
    let base = arena.buf.len();
    let mut i = 0;
    while i < recs.len() {
        let face = layout.get(&recs[i].key, position);
        let mut j = i + 1;
        while j < recs.len() && layout.get(&recs[j].key, position) == face {
            j += 1;
        }
        let node = build_sum(&recs[i..j], reading, position + 1, face as u8, arena);
        arena.buf.push(node);
        if let Some(spent) = reading.spent {
            spent.read(&recs[..j]);
        }
        i = j;
    }
    let share = arena.share;
    arena.choice_from_buf(position as u8, base, share)
}

/// The most a node's points or bound hold: sums and maxima saturate here.
/// A saturated bound is still an upper bound on what it stands for as long
/// as the threshold is at most this (the prover refuses one above it):
/// every bound worked out over it is at least this too, so no threshold
/// is ever found out of its reach.
pub(crate) const MOST: u32 = (1 << 24) - 1;

/// `a + b`, saturating at [`MOST`] (both at most [`MOST`]).
#[inline]
fn add(a: u32, b: u32) -> u32 {
    (a + b).min(MOST)
}

/// A node of an [`Arena`]: a sum or a choice, whose children are the
/// records `edges[first..first + len]`, sorted by key. A node is a value:
/// its parent holds a copy of it among its own children, so reading a
/// node's children, their keys, bounds and points, and their own children's
/// place, is one read of one run of records, with no look-up of each child.
///
/// Twelve bytes: points and bound take 24 bits each (saturating at
/// [`MOST`]) beside the 8-bit key and count of children. A heavy class's
/// tree is gigabytes of these records, so their size is its memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Node {
    /// A sum's own points (0 for a choice) in the high 24 bits; below
    /// them, a choice's position in the fixing order or a sum's face.
    points_key: u32,
    /// A sum's points plus its children's bounds, a choice's best child's,
    /// in the high 24 bits; below them, how many children.
    bound_len: u32,
    /// Where its children start (0 when it has none, so that alike leaves
    /// are equal records).
    first: u32,
}

impl Node {
    /// A node of `key` and `points` whose children are the `len` records
    /// from `first`, bounded by `bound` (points and bound at most
    /// [`MOST`]).
    #[inline]
    fn new(key: u8, points: u32, bound: u32, first: u32, len: u8) -> Node {
        debug_assert!(points <= MOST && bound <= MOST);
        Node {
            points_key: points << 8 | u32::from(key),
            bound_len: bound << 8 | u32::from(len),
            first,
        }
    }

    /// An upper bound on the points of every board its tree stands for
    /// (at most [`MOST`]).
    #[inline]
    pub(crate) fn bound(&self) -> u32 {
        self.bound_len >> 8
    }

    /// A sum's own points.
    #[inline]
    pub(crate) fn points(&self) -> u32 {
        self.points_key >> 8
    }

    /// A choice's position, a sum's face.
    #[inline]
    pub(crate) fn key(&self) -> u8 {
        self.points_key as u8
    }

    /// How many children.
    #[inline]
    fn len(&self) -> u8 {
        self.bound_len as u8
    }

    /// Sets its bound.
    #[inline]
    fn set_bound(&mut self, bound: u32) {
        self.bound_len = bound << 8 | u32::from(self.len());
    }

    /// Sets where its children lie.
    #[inline]
    fn set_kids(&mut self, first: u32, len: u8) {
        self.first = first;
        self.bound_len = self.bound_len & !0xff | u32::from(len);
    }

    /// Where its children lie in the arena's records.
    #[inline]
    fn range(&self) -> std::ops::Range<usize> {
        self.first as usize..self.first as usize + usize::from(self.len())
    }
}

/// Trees whose nodes never change once made, so that a tree made by
/// merging shares every node it did not change, and a tree built may share
/// alike subtrees too ([`Arena::share`]). Made nodes are freed by going
/// back to a [`Mark`], last made first.
#[derive(Clone, Debug, Default)]
pub(crate) struct Arena {
    /// Every node's children, a run for each node with children.
    edges: Vec<Node>,
    /// Children being gathered for nodes being made (a stack).
    buf: Vec<Node>,
    /// Every node made to be shared, found by its content.
    table: HashTable<Node>,
    /// The records from here on hold no node's children that is in `table`.
    shared: usize,
    /// Whether trees are built as DAGs (see [`Arena::share`]).
    share: bool,
    /// The most bytes its nodes may take (0: no limit).
    limit: u64,
    /// Whether making a tree passed `limit`: the tree is cut short, good
    /// for nothing but freeing.
    overflow: bool,
    /// A merge's pairs of the level it is making, and of the next.
    level: Vec<Pair>,
    next: Vec<Pair>,
    /// The records of the nodes a merge made, level by level, and where
    /// each level starts.
    made: Vec<u32>,
    starts: Vec<usize>,
}

/// The hash of a node's content: its key, points and children (in a DAG,
/// alike children are one node, so equal records).
fn content_hash(key: u8, points: u32, kids: &[Node]) -> u64 {
    let mut h = FxHasher::default();
    h.write_u8(key);
    h.write_u32(points);
    for k in kids {
        h.write_u32(k.first);
        h.write_u32(k.points_key);
        h.write_u8(k.len());
    }
    h.finish()
}

/// How full an arena was, to go back to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mark(usize);

/// The most bytes of a buffer kept from one class to the next (a class's
/// paths, an arena's records): a heavy class's gigabytes are given back
/// rather than held resident through every class after it, which made a
/// process's resident memory the sum of each buffer's most over all its
/// classes rather than its heaviest class's. Below it, pages kept cost
/// less than faulting them in again. None in unit tests, whose classes are
/// small, so that freeing them is tried.
#[cfg(not(test))]
pub(crate) const KEEP: usize = 256 << 20;
#[cfg(test)]
pub(crate) const KEEP: usize = 0;

/// Empties `v`, keeping its memory up to [`KEEP`] bytes.
pub(crate) fn empty<T>(v: &mut Vec<T>) {
    if v.capacity() * std::mem::size_of::<T>() > KEEP {
        *v = Vec::new();
    } else {
        v.clear();
    }
}

impl Arena {
    /// Empties the arena, keeping its memory up to [`KEEP`] bytes a
    /// buffer.
    pub(crate) fn clear(&mut self) {
        empty(&mut self.edges);
        self.buf.clear();
        if self.table.capacity() * (std::mem::size_of::<Node>() + 1) > KEEP {
            self.table = HashTable::new();
        } else {
            self.table.clear();
        }
        empty(&mut self.level);
        empty(&mut self.next);
        empty(&mut self.made);
        self.shared = 0;
        self.share = false;
        self.overflow = false;
    }

    /// Builds the trees that follow as DAGs, until the next
    /// [`Arena::clear`]: a node alike to one already built (the same key,
    /// points and children) is not built again. A heavy class's tree then
    /// takes about a tenth of its nodes as a tree (the same few words end
    /// many branches alike), but every node built costs a look-up, and
    /// merging and walking a DAG, whose shared nodes lie far from their
    /// parents, is slower (a heavy 4x4 class took 1.4 times as long,
    /// docs/bench-log.md): for trees that would not fit otherwise. Merges never
    /// share.
    pub(crate) fn share(&mut self) {
        self.share = true;
    }

    /// Whether trees are built as DAGs ([`Arena::share`]).
    pub(crate) fn sharing(&self) -> bool {
        self.share
    }

    /// Sets the most bytes its nodes may take (0: no limit): a tree whose
    /// making would pass it is cut short and [`Arena::overflow`] says so.
    pub(crate) fn limit(&mut self, bytes: u64) {
        self.limit = bytes;
    }

    /// Whether a tree made since the last [`Arena::clear`] or
    /// [`Arena::reset`] passed the limit (and is cut short).
    pub(crate) fn overflow(&self) -> bool {
        self.overflow
    }

    /// Where the arena is now.
    pub(crate) fn mark(&self) -> Mark {
        Mark(self.edges.len())
    }

    /// Frees every node made since `mark`.
    pub(crate) fn reset(&mut self, mark: Mark) {
        if self.shared > mark.0 {
            // Shared nodes whose children are freed; leaves stay.
            self.table
                .retain(|n| n.len() == 0 || (n.first as usize) < mark.0);
            self.shared = mark.0;
        }
        self.edges.truncate(mark.0);
        self.buf.clear();
        self.overflow = false;
    }

    /// The bytes its nodes take, and the lists a merge keeps.
    pub(crate) fn bytes(&self) -> u64 {
        // A table's slot is a node and a control byte.
        let node = std::mem::size_of::<Node>();
        let merging = (self.level.capacity() + self.next.capacity()) * std::mem::size_of::<Pair>()
            + self.made.capacity() * 4;
        (self.edges.len() * node
            + self.buf.len() * node
            + self.table.capacity() * (node + 1)
            + merging) as u64
    }

    /// How many records of children (a tree's nodes but its root).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.edges.len()
    }

    /// A node's children, sorted by key.
    #[inline]
    pub(crate) fn kids(&self, node: &Node) -> &[Node] {
        &self.edges[node.range()]
    }

    /// Asks the processor to bring a node's children into cache, for a walk
    /// or a merge that will read them soon: their time is mostly waiting
    /// for children far apart in memory, and a read asked ahead overlaps
    /// them.
    #[inline]
    pub(crate) fn prefetch(&self, node: &Node) {
        self.prefetch_run(node.first);
    }

    /// Asks for the run of children that starts at record `first`.
    #[inline]
    fn prefetch_run(&self, first: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = self.edges.as_ptr().wrapping_add(first as usize);
            // SAFETY: a prefetch is a hint that reads nothing; SSE, which
            // it needs, is part of every x86-64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = first;
    }

    /// The sum under choice `choice` for `face`, if any.
    #[inline]
    pub(crate) fn child(&self, choice: &Node, face: u8) -> Option<Node> {
        self.kids(choice).iter().find(|k| k.key() == face).copied()
    }

    /// The node of `key`, `points` and the children `buf[base..]` (taken
    /// off the stack), whose bound is `bound`. When `share`, the one made
    /// already if any, else a new one found by later calls. Merging does
    /// not share: it makes nodes and frees them again by the million, and
    /// looking each up and forgetting it again more than doubled the time
    /// of a heavy class (docs/bench-log.md).
    fn make(&mut self, key: u8, points: u32, bound: u32, base: usize, share: bool) -> Node {
        let len = self.buf.len() - base;
        let hash = if share {
            content_hash(key, points, &self.buf[base..])
        } else {
            0
        };
        if share {
            let (edges, buf) = (&self.edges, &self.buf);
            let found = self.table.find(hash, |n| {
                n.key() == key
                    && n.points() == points
                    && usize::from(n.len()) == len
                    && edges[n.range()] == buf[base..]
            });
            if let Some(&node) = found {
                self.buf.truncate(base);
                return node;
            }
        }
        let first = if len == 0 { 0 } else { self.edges.len() as u32 };
        self.edges.extend_from_slice(&self.buf[base..]);
        self.buf.truncate(base);
        let node = Node::new(key, points, bound, first, len as u8);
        if share {
            let edges = &self.edges;
            self.table.insert_unique(hash, node, |n| {
                content_hash(n.key(), n.points(), &edges[n.range()])
            });
            self.shared = self.edges.len();
        }
        if self.limit != 0 && self.bytes() > self.limit {
            self.overflow = true;
        }
        node
    }

    /// A sum whose children are `buf[base..]` (taken off the stack); one
    /// made already when `share`.
    fn sum_from_buf(&mut self, face: u8, points: u32, base: usize, share: bool) -> Node {
        let mut bound = points;
        for k in &self.buf[base..] {
            bound = add(bound, k.bound());
        }
        self.make(face, points, bound, base, share)
    }

    /// A choice of `position` whose children are `buf[base..]`; one made
    /// already when `share`.
    fn choice_from_buf(&mut self, position: u8, base: usize, share: bool) -> Node {
        let bound = self.buf[base..].iter().map(Node::bound).max().unwrap_or(0);
        self.make(position, 0, bound, base, share)
    }

    /// Splits a tree whose first position is `position`: its choice node of
    /// that position, if it has one, and the rest of the root (a new sum,
    /// which shares the root's other children).
    pub(crate) fn split(&mut self, root: Node, position: u8) -> (Option<Node>, Node) {
        match self.kids(&root).first() {
            Some(&c) if c.key() == position => {
                let base = self.buf.len();
                let others = root.first as usize + 1..root.range().end;
                self.buf.extend_from_slice(&self.edges[others]);
                let rest = self.sum_from_buf(root.key(), root.points(), base, false);
                (Some(c), rest)
            }
            _ => (None, root),
        }
    }

    /// The subtree of a split-off choice (see [`Arena::split`]) for `face`,
    /// if it has one.
    #[inline]
    pub(crate) fn face(&self, choice: Option<Node>, face: u8) -> Option<Node> {
        choice.and_then(|c| self.child(&c, face))
    }

    /// The tree with the split-off cell forced to a face: that face's
    /// subtree `sub` (from [`Arena::face`]) merged with the rest. Past the
    /// limit it is cut short ([`Arena::overflow`]).
    pub(crate) fn force(&mut self, sub: Option<Node>, rest: Node) -> Node {
        match sub {
            Some(s) => self.merge(s, rest),
            None => rest,
        }
    }

    /// The merge of sums `a` and `b`: a sum of both one's points whose
    /// children are both one's children, choices of the same position
    /// merged, and under them sums of the same face merged, and so on down.
    ///
    /// It is made a level at a time, not depth first: every pair of a
    /// level is known before any is read, so the children of the pairs
    /// ahead are asked for while one is merged ([`Arena::prefetch_run`]).
    /// Depth first, each pair's children were read just after they were
    /// found, and the merge spent most of its time waiting for them. Going
    /// down, each merged node gets its run of children, in which the
    /// records of merged pairs hold their points and key but no bound yet;
    /// coming back up, deepest level first, each merged node's bound is
    /// worked out from its run, whole by then.
    fn merge(&mut self, a: Node, b: Node) -> Node {
        if self.overflow {
            return a;
        }
        if let Some(m) = joined(a, b) {
            return m;
        }
        let mut root = Node::new(a.key(), add(a.points(), b.points()), 0, 0, 0);
        let mut level = std::mem::take(&mut self.level);
        let mut next = std::mem::take(&mut self.next);
        let mut made = std::mem::take(&mut self.made);
        let mut starts = std::mem::take(&mut self.starts);
        level.clear();
        made.clear();
        starts.clear();
        level.push(Pair::of(a, b, ROOT));
        // Level 0 is the root's (a sum), level 1 its choices', and so on.
        let mut depth = 0;
        while !level.is_empty() && !self.overflow {
            starts.push(made.len());
            next.clear();
            // The children of choices are sums, which may be leaves.
            let kids_are_sums = depth % 2 == 1;
            for (n, p) in level.iter().enumerate() {
                if let Some(q) = level.get(n + AHEAD) {
                    self.prefetch_run(q.a);
                    self.prefetch_run(q.b);
                }
                let first = self.edges.len();
                let (mut i, mut j) = (p.a as usize, p.b as usize);
                let (ea, eb) = (i + usize::from(p.a_len), j + usize::from(p.b_len));
                self.edges.reserve(ea - i + eb - j);
                while i < ea && j < eb {
                    let (x, y) = (self.edges[i], self.edges[j]);
                    if x.key() < y.key() {
                        self.edges.push(x);
                        i += 1;
                    } else if y.key() < x.key() {
                        self.edges.push(y);
                        j += 1;
                    } else {
                        match joined(x, y).filter(|_| kids_are_sums) {
                            Some(m) => self.edges.push(m),
                            None => {
                                next.push(Pair::of(x, y, self.edges.len() as u32));
                                self.edges.push(Node::new(
                                    x.key(),
                                    add(x.points(), y.points()),
                                    0,
                                    0,
                                    0,
                                ));
                            }
                        }
                        i += 1;
                        j += 1;
                    }
                }
                self.edges.extend_from_within(i..ea);
                self.edges.extend_from_within(j..eb);
                let (first, len) = (first as u32, (self.edges.len() - first) as u8);
                let node = match p.slot {
                    ROOT => &mut root,
                    slot => &mut self.edges[slot as usize],
                };
                node.set_kids(first, len);
                made.push(p.slot);
                if self.limit != 0 && self.bytes() > self.limit {
                    self.overflow = true;
                    break;
                }
            }
            std::mem::swap(&mut level, &mut next);
            depth += 1;
        }
        if !self.overflow {
            for (depth, &start) in starts.iter().enumerate().rev() {
                let end = starts.get(depth + 1).copied().unwrap_or(made.len());
                let sum = depth % 2 == 0;
                for &slot in &made[start..end] {
                    let node = match slot {
                        ROOT => root,
                        slot => self.edges[slot as usize],
                    };
                    let kids = &self.edges[node.range()];
                    let bound = if sum {
                        kids.iter().fold(node.points(), |b, k| add(b, k.bound()))
                    } else {
                        kids.iter().map(Node::bound).max().unwrap_or(0)
                    };
                    match slot {
                        ROOT => root.set_bound(bound),
                        slot => self.edges[slot as usize].set_bound(bound),
                    }
                }
            }
        }
        (self.level, self.next, self.made, self.starts) = (level, next, made, starts);
        if self.overflow {
            a
        } else {
            root
        }
    }
}

/// How many pairs ahead a merge asks for the children it will read.
const AHEAD: usize = 16;

/// The record of a merge's root, which no parent's run holds.
const ROOT: u32 = u32::MAX;

/// Two nodes a merge joins (both sums, or both choices of one position),
/// as their runs of children, and the record of the merged node: in its
/// parent's new run, or [`ROOT`].
#[derive(Clone, Copy, Debug)]
struct Pair {
    a: u32,
    b: u32,
    a_len: u8,
    b_len: u8,
    slot: u32,
}

impl Pair {
    fn of(a: Node, b: Node, slot: u32) -> Pair {
        Pair {
            a: a.first,
            b: b.first,
            a_len: a.len(),
            b_len: b.len(),
            slot,
        }
    }
}

/// The merge of sums `a` and `b` when one of them has no children: the
/// other's children (its run shared, not copied) and both one's points.
#[inline]
fn joined(a: Node, b: Node) -> Option<Node> {
    let (leaf, other) = match (a.len(), b.len()) {
        (0, _) => (a, b),
        (_, 0) => (b, a),
        _ => return None,
    };
    Some(Node::new(
        a.key(),
        add(other.points(), leaf.points()),
        add(other.bound(), leaf.points()),
        other.first,
        other.len(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree of words given as (sorted (position, face) choices, word,
    /// points), over 4 cells.
    /// A word: its sorted (position, face) choices, its number, its points.
    type Word<'a> = (&'a [(u8, u8)], u32, u32);

    fn built(words: &[Word]) -> (Arena, Node) {
        built_as(words, false)
    }

    /// The tree of `words`, as a DAG when `share`.
    fn built_as(words: &[Word], share: bool) -> (Arena, Node) {
        let layout = Packing::new(4, 3);
        let mut worth = vec![0; 16];
        let mut recs: Vec<Rec<2>> = words
            .iter()
            .map(|&(choices, word, points)| {
                let key = choices.iter().fold(layout.empty(), |key, &(p, f)| {
                    layout.with(key, usize::from(p), usize::from(f))
                });
                worth[word as usize] = points;
                Rec::new(key, word)
            })
            .collect();
        let mut arena = Arena::default();
        if share {
            arena.share();
        }
        let (root, _) = build(&mut recs, &layout, &Worth::new(worth), &mut arena, None);
        (arena, root)
    }

    /// The bound of the tree `root` with `position` forced to each of
    /// `faces` faces in turn.
    fn forced_bounds(arena: &mut Arena, root: Node, position: u8, faces: u8) -> Vec<u32> {
        let (choice, rest) = arena.split(root, position);
        (0..faces)
            .map(|f| {
                let t = arena.force(arena.face(choice, f), rest);
                t.bound()
            })
            .collect()
    }

    #[test]
    fn a_dag_shares_alike_subtrees_and_bounds_the_same() {
        // Under faces a and c of cell 0, the same choice of cell 1 with the
        // same sum for its face b (3 points each): built once as a DAG.
        let words: &[Word] = &[
            (&[(0, 0), (1, 1)], 1, 3),
            (&[(0, 2), (1, 1)], 2, 3),
            (&[(1, 2)], 3, 1),
        ];
        let (mut tree, t) = built_as(words, false);
        let (mut dag, d) = built_as(words, true);
        // Records of the nodes under the root: cell 0's choice, its a and c
        // sums, a choice of cell 1 and its b sum under each, and cell 1's
        // choice and c sum under the root. In the DAG the choice under a and
        // c is one node, a record under each, with one record of its b sum.
        assert_eq!((tree.len(), dag.len()), (9, 8));
        assert_eq!(t.bound(), d.bound());
        // Forcing cell 0 to each face gives the same bounds both ways, and
        // freeing the merged nodes forgets them: built again, the DAG
        // shares with what is left and makes only what it must.
        for arena_root in [(&mut tree, t), (&mut dag, d)] {
            let (arena, root) = arena_root;
            let mark = arena.mark();
            let forced = forced_bounds(arena, root, 0, 3);
            // a or c: word 1 or 2 needs b on cell 1, word 3 needs c there.
            assert_eq!(forced, vec![3, 1, 3]);
            arena.reset(mark);
        }
        let before = dag.len();
        let layout = Packing::new(4, 3);
        let key = layout.with(layout.with(layout.empty(), 0, 0), 1, 1);
        let mut again = [Rec::<2>::new(key, 1)];
        build(&mut again, &layout, &Worth::new(vec![0, 3]), &mut dag, None);
        // Cell 1's choice, its b sum and cell 0's a sum over them are
        // found; only cell 0's choice (of a alone now) and the root are new:
        // a record of the a sum under the choice, and of the choice under
        // the root.
        assert_eq!(dag.len(), before + 2);
    }

    #[test]
    fn choices_take_one_face_a_cell_and_words_count_once_per_cells() {
        // Word 1 on cells 0 and 1 with faces a, b, along two paths (both
        // orders sort the same): counted once. Word 2 needs face c on cell
        // 0; word 3 face b on cell 1 alone.
        let (mut arena, root) = built(&[
            (&[(0, 0), (1, 1)], 1, 3),
            (&[(0, 0), (1, 1)], 1, 3),
            (&[(0, 2), (1, 1)], 2, 5),
            (&[(1, 1)], 3, 1),
        ]);
        // Under the root: cell 0's choice, its a and c sums, their cell 1
        // choices and b sums, and cell 1's choice and sum.
        assert_eq!(arena.len(), 9);
        // Free: best of cell 0 (a: 3, c: 5) plus word 3.
        assert_eq!(root.bound(), 6);
        // Cell 0 forced to a: 3 + 1; to c: 5 + 1; to b: 1.
        let (choice, rest) = arena.split(root, 0);
        assert!(choice.is_some());
        assert_eq!(rest.bound(), 1);
        assert_eq!(forced_bounds(&mut arena, root, 0, 3), vec![4, 1, 6]);
    }

    #[test]
    fn a_radix_sort_orders_paths_as_their_ord_does() {
        // Keys of three u32s, crowded into few values so that ties run
        // down to the word, long enough to take every branch of the sort.
        let mut rng = grid::Rng::new(20);
        let mut next = |bound: u32| rng.below(u64::from(bound)) as u32;
        for len in [0, 1, 2, 100, 5_000, 200_000] {
            let mut recs: Vec<Rec<3>> = (0..len)
                .map(|_| {
                    let key = [
                        next(4) << 28 | next(3),
                        u32::MAX - next(2),
                        next(1 << 20) << 7,
                    ];
                    Rec::new(key, next(300_000))
                })
                .collect();
            let mut want = recs.clone();
            want.sort_unstable();
            sort(&mut recs);
            assert_eq!(recs, want, "{len} paths");
        }
    }

    #[test]
    fn a_words_number_carries_the_index_of_its_points() {
        // Five values take three bits; the number above them is the word.
        let worth = Worth::new(vec![1, 2, 3, 5, 11]);
        assert_eq!(worth.bits(), 3);
        assert_eq!(worth.of(77 << 3 | 4), 11);
        assert_eq!(worth.of(77 << 3 | 2), worth.value(2));
        // One value takes none: every word is worth it.
        let one = Worth::new(vec![7]);
        assert_eq!((one.bits(), one.of(12345)), (0, 7));
        assert_eq!(Worth::new(vec![0; 256]).bits(), 8);
        assert_eq!(Worth::new(vec![0; 257]).bits(), 9);
    }

    #[test]
    fn nodes_take_twelve_bytes_and_saturate_upwards() {
        assert_eq!(std::mem::size_of::<Node>(), 12);
        // A word worth the most a node holds on cell 0, and one of 5 on
        // cell 1: the root's bound saturates rather than wrapping or
        // dropping below either word.
        let (mut arena, root) = built(&[(&[(0, 0)], 1, MOST), (&[(1, 1)], 2, 5)]);
        assert_eq!(root.bound(), MOST);
        // Forced to face 0, cell 0's word and cell 1's still saturate;
        // to face 1, only cell 1's word is left, exact.
        assert_eq!(forced_bounds(&mut arena, root, 0, 2), vec![MOST, 5]);
        // Points saturate too, and a node's fields stay apart.
        let n = Node::new(255, MOST, MOST, u32::MAX, 255);
        assert_eq!(
            (n.key(), n.points(), n.bound(), n.len()),
            (255, MOST, MOST, 255)
        );
        assert_eq!(add(MOST, MOST), MOST);
        assert_eq!(add(MOST - 1, 1), MOST);
    }

    #[test]
    fn paths_given_back_as_their_tree_is_made_make_the_same_tree() {
        // Enough paths for dozens of grains: were any read after it was
        // given back, it would read as zeros (face 0 everywhere, word 0)
        // and the tree would differ.
        let mut rng = grid::Rng::new(7);
        let layout = Packing::new(8, 5);
        let worth = Worth::new((0..1000).map(|_| 1 + rng.below(11) as u32).collect());
        let recs: Vec<Rec<2>> = (0..300_000)
            .map(|_| {
                let mut key = layout.empty();
                for position in 0..8 {
                    if rng.below(2) == 0 {
                        key = layout.with(key, position, rng.below(5) as usize);
                    }
                }
                Rec::new(key, 1 + rng.below(999) as u32)
            })
            .collect();
        let bytes = std::mem::size_of_val(&recs[..]) as u64;
        let (mut kept, mut spent) = (Arena::default(), Arena::default());
        let (k, held) = build(&mut recs.clone(), &layout, &worth, &mut kept, None);
        assert_eq!(held, bytes);
        let mut given = recs.clone();
        let (s, held) = build(&mut given, &layout, &worth, &mut spent, Some(GRAIN));
        assert_eq!(plain(&spent, s), plain(&kept, k));
        // All but the last grains and the first page are given back.
        assert!(held < 3 * GRAIN as u64, "{held} of {bytes} held");
        #[cfg(target_os = "linux")]
        {
            // And they do read as zeros now: the memory was given back.
            let zeros = given.iter().filter(|r| r.word == 0).count();
            assert!(zeros * 2 > given.len(), "{zeros} of {}", given.len());
        }
    }

    #[test]
    fn keys_sort_as_their_choices_and_hold_many_cells() {
        // 64 cells of 26 faces: 5-bit slots, 6 to a u32, 11 u32s.
        let layout = Packing::new(64, 26);
        assert_eq!((layout.bits, layout.words), (5, 11));
        // Position 6 is the first slot of the second u32.
        assert_eq!(layout.place(5), (0, 2));
        assert_eq!(layout.place(6), (1, 27));
        let empty: [u32; 16] = layout.empty();
        assert_eq!(layout.next(&empty, 0), None);
        let key = layout.with(layout.with(empty, 63, 5), 13, 25);
        assert_eq!(layout.get(&key, 63), 5);
        assert_eq!(layout.get(&key, 13), 25);
        assert_eq!(layout.get(&key, 12), layout.unused());
        assert_eq!(layout.next(&key, 0), Some(13));
        assert_eq!(layout.next(&key, 14), Some(63));
        assert_eq!(layout.next(&key, 64), None);
        // Face 0 at the last slot of a word and the first of the next.
        let key = layout.with(layout.with(empty, 5, 0), 6, 0);
        assert_eq!(
            (layout.next(&key, 0), layout.next(&key, 6)),
            (Some(5), Some(6))
        );
        // 31 faces still leave room for "unused"; 32 need 6 bits. A 4x4
        // key of 5-bit slots takes three u32s, a 64-cell one of 64 faces
        // (7-bit slots) sixteen.
        assert_eq!(Packing::new(12, 31).bits, 5);
        assert_eq!(Packing::new(12, 32).bits, 6);
        assert_eq!(Packing::new(16, 26).words, 3);
        assert_eq!(Packing::new(64, 64).words, 16);
        // A path sorts after its extensions, and by its first choice.
        let small = Packing::new(9, 26);
        let e: [u32; 2] = small.empty();
        let a = small.with(e, 0, 3);
        let b = small.with(a, 1, 3);
        let c = small.with(e, 1, 3);
        let d = small.with(e, 0, 4);
        assert!(b < a && a < d && d < c);
    }

    #[test]
    fn forcing_merges_a_cells_choices_across_branches() {
        // Cell 1 with face 0 is worth 4 after cell 0's face 0, and with
        // face 1 it is worth 5 on its own: free, the bound takes both
        // (5 + 4); forced to face 0 on cell 0 the two choices of cell 1
        // merge and the bound picks one face for both (max(4, 5) = 5).
        let (mut arena, root) = built(&[(&[(0, 0), (1, 0)], 1, 4), (&[(1, 1)], 2, 5)]);
        assert_eq!(root.bound(), 9);
        let mark = arena.mark();
        let (choice, rest) = arena.split(root, 0);
        let t = arena.force(arena.face(choice, 0), rest);
        assert_eq!(t.bound(), 5);
        // Forcing cell 1 next: face 0 keeps word 1, face 1 word 2.
        let (c1, r1) = arena.split(t, 1);
        let t0 = arena.force(arena.face(c1, 0), r1);
        assert_eq!((t0.bound(), t0.points()), (4, 4));
        let t1 = arena.force(arena.face(c1, 1), r1);
        assert_eq!((t1.bound(), t1.points()), (5, 5));
        // The original tree is untouched, and freeing the merged nodes
        // leaves it as it was.
        assert_eq!(root.bound(), 9);
        arena.reset(mark);
        assert_eq!(root.bound(), 9);
        assert_eq!(arena.kids(&root).len(), 2);
        assert_eq!(arena.kids(&root)[1].key(), 1);
    }

    /// A tree as plain values: key, points, bound, children.
    #[derive(Debug, PartialEq)]
    struct Plain(u8, u32, u32, Vec<Plain>);

    fn plain(arena: &Arena, node: Node) -> Plain {
        let kids = arena.kids(&node).iter().map(|&k| plain(arena, k)).collect();
        Plain(node.key(), node.points(), node.bound(), kids)
    }

    /// The merge of `a` and `b` (both sums when `sum`, both choices of one
    /// position otherwise) made depth first, independently of
    /// [`Arena::merge`]: the reference it is checked against.
    fn merged(a: Plain, b: Plain, sum: bool) -> Plain {
        let (mut xs, mut ys) = (a.3.into_iter().peekable(), b.3.into_iter().peekable());
        let mut kids = Vec::new();
        loop {
            let next = match (xs.peek(), ys.peek()) {
                (None, None) => break,
                (Some(_), None) => xs.next().unwrap(),
                (None, Some(_)) => ys.next().unwrap(),
                (Some(x), Some(y)) if x.0 < y.0 => xs.next().unwrap(),
                (Some(x), Some(y)) if y.0 < x.0 => ys.next().unwrap(),
                _ => merged(xs.next().unwrap(), ys.next().unwrap(), !sum),
            };
            kids.push(next);
        }
        let points = a.1 + b.1;
        let bound = if sum {
            points + kids.iter().map(|k| k.2).sum::<u32>()
        } else {
            kids.iter().map(|k| k.2).max().unwrap_or(0)
        };
        Plain(a.0, points, bound, kids)
    }

    /// Forces the split-off cell to `face` and checks the merged tree
    /// against the depth-first reference; returns it.
    fn forced_checked(
        arena: &mut Arena,
        (choice, rest): (Option<Node>, Node),
        face: u8,
        context: &str,
    ) -> Node {
        let sub = arena.face(choice, face);
        let want = match sub {
            Some(s) => merged(plain(arena, s), plain(arena, rest), true),
            None => plain(arena, rest),
        };
        let forced = arena.force(sub, rest);
        assert_eq!(plain(arena, forced), want, "{context}, face {face}");
        forced
    }

    #[test]
    fn a_merge_made_a_level_at_a_time_equals_one_made_depth_first() {
        // Random trees, half of them built as DAGs.
        let mut rng = grid::Rng::new(54);
        for round in 0..200 {
            // Words over six cells of four faces, each cell on a word's
            // path with a chance of one in three.
            let layout = Packing::new(6, 4);
            let worth = Worth::new((0..60).map(|_| 1 + rng.below(5) as u32).collect());
            let mut recs: Vec<Rec<2>> = (0..1 + rng.below(60))
                .map(|w| {
                    let mut key = layout.empty();
                    for position in 0..6 {
                        if rng.below(3) == 0 {
                            key = layout.with(key, position, rng.below(4) as usize);
                        }
                    }
                    Rec::new(key, w as u32)
                })
                .collect();
            // The same paths as a tree and as a DAG: the same tree, read
            // out; the merges below run on each in turn.
            let mut tree = Arena::default();
            let (t, _) = build(&mut recs.clone(), &layout, &worth, &mut tree, None);
            let mut arena = Arena::default();
            if round % 2 == 1 {
                arena.share();
            }
            let (root, _) = build(&mut recs, &layout, &worth, &mut arena, None);
            let before = plain(&arena, root);
            assert_eq!(before, plain(&tree, t), "round {round}");
            let mark = arena.mark();
            let split = arena.split(root, 0);
            for face in 0..4 {
                let forced = forced_checked(&mut arena, split, face, &format!("round {round}"));
                // Forced again, on the merged tree: the next cell.
                let next = arena.split(forced, 1);
                for f1 in 0..4 {
                    let context = format!("round {round}, face {face} first");
                    forced_checked(&mut arena, next, f1, &context);
                }
            }
            arena.reset(mark);
            assert_eq!(plain(&arena, root), before);
        }
    }
}
