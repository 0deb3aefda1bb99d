//! The arena the trees' nodes live in: nodes never change once made, so
//! later trees share them; forcing a cell splits a tree and merges a face's
//! subtree with the rest.

use std::hash::Hasher;

use hashbrown::HashTable;
use rustc_hash::FxHasher;

use super::*;

/// The most a node's points or bound hold: sums and maxima saturate here.
/// A saturated bound is still an upper bound on what it stands for as long
/// as the threshold is at most this (the prover refuses one above it):
/// every bound worked out over it is at least this too, so no threshold
/// is ever found out of its reach.
pub(crate) const MOST: u32 = (1 << 24) - 1;

/// `a + b`, saturating at [`MOST`] (both at most [`MOST`]).
#[inline]
pub(super) fn add(a: u32, b: u32) -> u32 {
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
    pub(super) points_key: u32,
    /// A sum's points plus its children's bounds, a choice's best child's,
    /// in the high 24 bits; below them, how many children.
    pub(super) bound_len: u32,
    /// Where its children start (0 when it has none, so that alike leaves
    /// are equal records).
    pub(super) first: u32,
}

impl Node {
    /// A node of `key` and `points` whose children are the `len` records
    /// from `first`, bounded by `bound` (points and bound at most
    /// [`MOST`]).
    #[inline]
    pub(super) fn new(key: u8, points: u32, bound: u32, first: u32, len: u8) -> Node {
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
    pub(super) fn len(&self) -> u8 {
        self.bound_len as u8
    }

    /// Sets its bound.
    #[inline]
    pub(super) fn set_bound(&mut self, bound: u32) {
        self.bound_len = bound << 8 | u32::from(self.len());
    }

    /// Sets where its children lie.
    #[inline]
    pub(super) fn set_kids(&mut self, first: u32, len: u8) {
        self.first = first;
        self.bound_len = self.bound_len & !0xff | u32::from(len);
    }

    /// Where its children lie in the arena's records.
    #[inline]
    pub(super) fn range(&self) -> std::ops::Range<usize> {
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
    pub(super) edges: Vec<Node>,
    /// Children being gathered for nodes being made (a stack).
    pub(super) buf: Vec<Node>,
    /// Every node made to be shared, found by its content.
    pub(super) table: HashTable<Node>,
    /// The records from here on hold no node's children that is in `table`.
    pub(super) shared: usize,
    /// Whether trees are built as DAGs (see [`Arena::share`]).
    pub(super) share: bool,
    /// The most bytes its nodes may take (0: no limit).
    pub(super) limit: u64,
    /// Whether making a tree passed `limit`: the tree is cut short, good
    /// for nothing but freeing.
    pub(super) overflow: bool,
    /// A merge's pairs of the level it is making, and of the next.
    pub(super) level: Vec<Pair>,
    pub(super) next: Vec<Pair>,
    /// The records of the nodes a merge made, level by level, and where
    /// each level starts.
    pub(super) made: Vec<u32>,
    pub(super) starts: Vec<usize>,
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

/// The bytes of a class's paths past which they are given back to the
/// system as their tree is made, and freed once it is, rather than held
/// while it is made and forced (see `Prover::tree_of`).
#[cfg(not(test))]
pub(crate) const HEAVY_PATHS: usize = 256 << 20;
#[cfg(test)]
pub(crate) const HEAVY_PATHS: usize = 0;

/// The most bytes of buffers (a class's paths, an arena's records and a
/// merge's lists) a thread keeps from one class to the next, all of them
/// together ([`Arena::trim`]). A buffer given back is faulted in again, a
/// page at a time, by the next class that needs it: with each buffer kept
/// up to 256 MB, 2.6% of a 4x4 sample's CPU time went to the kernel, and
/// 1.7% with this budget (docs/bench-log.md). With each buffer kept up to
/// a gigabyte instead, a 4x4 run's resident memory grew by half. None in
/// unit tests, whose classes are small, so that freeing them is tried.
#[cfg(not(test))]
pub(crate) const KEEP: usize = 1 << 30;
#[cfg(test)]
pub(crate) const KEEP: usize = 0;

/// Empties `v`, keeping its memory if it fits in the `left` bytes still
/// to keep, which it then takes from them.
pub(crate) fn keep<T>(v: &mut Vec<T>, left: &mut usize) {
    let bytes = v.capacity() * std::mem::size_of::<T>();
    if bytes > *left {
        *v = Vec::new();
    } else {
        v.clear();
        *left -= bytes;
    }
}

impl Arena {
    /// Empties the arena, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.edges.clear();
        self.buf.clear();
        self.table.clear();
        self.level.clear();
        self.next.clear();
        self.made.clear();
        self.shared = 0;
        self.share = false;
        self.overflow = false;
    }

    /// Empties the arena, keeping the memory of its buffers, records first,
    /// that fits in the `left` bytes still to keep (see [`KEEP`]).
    pub(crate) fn trim(&mut self, left: &mut usize) {
        self.clear();
        keep(&mut self.edges, left);
        let table = self.table.capacity() * (std::mem::size_of::<Node>() + 1);
        if table > *left {
            self.table = HashTable::new();
        } else {
            *left -= table;
        }
        keep(&mut self.level, left);
        keep(&mut self.next, left);
        keep(&mut self.made, left);
        keep(&mut self.buf, left);
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
        self.prefetch_run(node.first, node.len());
    }

    /// Asks for the run of `len` records that starts at record `first`:
    /// the lines of its first and last bytes, since a run of a few
    /// twelve-byte records often straddles two lines.
    #[inline]
    pub(super) fn prefetch_run(&self, first: u32, len: u8) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = self.edges.as_ptr().wrapping_add(first as usize);
            let end = p.wrapping_add(usize::from(len).max(1)).cast::<u8>();
            // SAFETY: a prefetch is a hint that reads nothing, whatever the
            // address; SSE, which it needs, is part of every x86-64
            // processor.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(p.cast());
                _mm_prefetch::<_MM_HINT_T0>(end.wrapping_sub(1).cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (first, len);
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
    #[inline]
    pub(super) fn make(
        &mut self,
        key: u8,
        points: u32,
        bound: u32,
        base: usize,
        share: bool,
    ) -> Node {
        if share {
            return self.make_shared(key, points, bound, base);
        }
        self.make_new(key, points, bound, base)
    }

    /// The node of [`Arena::make`], made anew.
    #[inline]
    fn make_new(&mut self, key: u8, points: u32, bound: u32, base: usize) -> Node {
        let len = self.buf.len() - base;
        let first = if len == 0 { 0 } else { self.edges.len() as u32 };
        self.edges.extend_from_slice(&self.buf[base..]);
        self.buf.truncate(base);
        if self.limit != 0 && self.bytes() > self.limit {
            self.overflow = true;
        }
        Node::new(key, points, bound, first, len as u8)
    }

    /// The node of [`Arena::make`] when shared: the one made already if
    /// any, else a new one, found by later calls.
    #[inline(never)]
    fn make_shared(&mut self, key: u8, points: u32, bound: u32, base: usize) -> Node {
        let len = self.buf.len() - base;
        let hash = content_hash(key, points, &self.buf[base..]);
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
        let node = self.make_new(key, points, bound, base);
        let edges = &self.edges;
        self.table.insert_unique(hash, node, |n| {
            content_hash(n.key(), n.points(), &edges[n.range()])
        });
        self.shared = self.edges.len();
        node
    }

    /// A sum whose children are `buf[base..]` (taken off the stack); one
    /// made already when `share`.
    #[inline]
    pub(super) fn sum_from_buf(&mut self, face: u8, points: u32, base: usize, share: bool) -> Node {
        let mut bound = points;
        for k in &self.buf[base..] {
            bound = add(bound, k.bound());
        }
        self.make(face, points, bound, base, share)
    }

    /// A choice of `position` whose children are `buf[base..]`; one made
    /// already when `share`.
    #[inline]
    pub(super) fn choice_from_buf(&mut self, position: u8, base: usize, share: bool) -> Node {
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
}
