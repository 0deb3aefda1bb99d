//! Merging two trees, a level at a time with the children ahead
//! prefetched.

use super::*;

impl Arena {
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
    /// records of merged pairs hold their points and key but no bound yet.
    /// A node none of whose children paired knows its bound then (most of
    /// them: the deepest level's all); coming back up, deepest level first,
    /// each other merged node's bound is worked out from its run, whole by
    /// then. Going up only for those took a third off the way back up, and
    /// 2-4% off a heavy class (docs/bench-log.md).
    pub(super) fn merge(&mut self, a: Node, b: Node) -> Node {
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
            // Sums are on even levels, choices on odd ones.
            let sums = depth % 2 == 0;
            for (n, p) in level.iter().enumerate() {
                if let Some(q) = level.get(n + AHEAD) {
                    self.prefetch_run(q.a, q.a_len);
                    self.prefetch_run(q.b, q.b_len);
                }
                let (first, len, most) = self.merge_runs(p, sums, &mut next);
                let node = match p.slot {
                    ROOT => &mut root,
                    slot => &mut self.edges[slot as usize],
                };
                node.set_kids(first, len);
                match most {
                    // Every child's bound is known: so is its own.
                    Some(most) => {
                        let bound = if sums { add(node.points(), most) } else { most };
                        node.set_bound(bound);
                    }
                    None => made.push(p.slot),
                }
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

    /// The merged run of the children of pair `p`, nodes of a sum level
    /// when `sums`, appended to the records: where it starts, how long it
    /// is, and the sum (when `sums`) or the most of its children's bounds
    /// if every one is known already, that is, if no two children paired.
    /// Children of the same key are a pair of `next`, whose record holds
    /// its key and points but no bound yet, or, for sums of which one is a
    /// leaf, their join.
    #[inline]
    fn merge_runs(&mut self, p: &Pair, sums: bool, next: &mut Vec<Pair>) -> (u32, u8, Option<u32>) {
        let first = self.edges.len();
        let (mut i, mut j) = (p.a as usize, p.b as usize);
        let (ea, eb) = (i + usize::from(p.a_len), j + usize::from(p.b_len));
        // Both runs lie before `first`: a merge reads only the trees it
        // was given, never the records it makes.
        assert!(ea <= first && eb <= first);
        self.edges.reserve(ea - i + eb - j);
        let paired = next.len();
        // The children of choices are sums, which may be leaves.
        let kids_are_sums = !sums;
        let base = self.edges.as_mut_ptr();
        let mut out = first;
        // SAFETY: reads are of records before `first`, which are
        // initialised (asserted above); writes go to `out`, from `first`
        // on and at most one a record read, so within the capacity just
        // reserved, and `set_len` below covers exactly what was written.
        // Writing through the pointer, not `push`, keeps the length and
        // the capacity check out of the loop, which reads and writes the
        // same vector.
        unsafe {
            macro_rules! put {
                ($node:expr) => {{
                    base.add(out).write($node);
                    out += 1;
                }};
            }
            while i < ea && j < eb {
                let (x, y) = (*base.add(i), *base.add(j));
                if x.key() < y.key() {
                    put!(x);
                    i += 1;
                } else if y.key() < x.key() {
                    put!(y);
                    j += 1;
                } else {
                    match joined(x, y).filter(|_| kids_are_sums) {
                        Some(m) => put!(m),
                        None => {
                            next.push(Pair::of(x, y, out as u32));
                            put!(Node::new(x.key(), add(x.points(), y.points()), 0, 0, 0));
                        }
                    }
                    i += 1;
                    j += 1;
                }
            }
            // What is left of either run, a record at a time: runs are
            // short, and a call to copy each tail cost more than the copy.
            for t in (i..ea).chain(j..eb) {
                put!(*base.add(t));
            }
            self.edges.set_len(out);
        }
        let len = out - first;
        let most = (next.len() == paired).then(|| {
            let kids = &self.edges[first..];
            if sums {
                kids.iter().fold(0, |b, k| add(b, k.bound()))
            } else {
                kids.iter().map(Node::bound).max().unwrap_or(0)
            }
        });
        (first as u32, len as u8, most)
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
pub(super) struct Pair {
    pub(super) a: u32,
    pub(super) b: u32,
    pub(super) a_len: u8,
    pub(super) b_len: u8,
    pub(super) slot: u32,
}

impl Pair {
    pub(super) fn of(a: Node, b: Node, slot: u32) -> Pair {
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
