//! The orderly walk: a class's tree finished cell by cell without
//! merging, each choice of a cell taking the same face, so the bound falls
//! as faces are fixed; boards that reach the threshold are scored exactly.

use grid::bits;
use solve::LexiconError;

use crate::tree::{Arena, Node};
use crate::{ProveOptions, Prover, Work};

impl Prover {
    /// Finishes the tree `root` with the first `k` positions forced by an
    /// orderly walk that merges nothing: the choice nodes still open wait
    /// by position, and fixing the next cell to a face takes that face's
    /// subtree under each of that position's choices, so that every choice
    /// of a cell agrees, as merging would make it, and the bound (the points
    /// taken plus the open choices' bounds) is updated as it goes. Boards
    /// reached at or above the threshold are scored exactly.
    pub(crate) fn orderly(
        &self,
        root: Node,
        k: usize,
        class: &mut Vec<u64>,
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        self.orderly_from(&[root], k, class, options, work)
    }

    /// The orderly walk of the sum of the trees `roots` (taken together as
    /// one tree whose root has all their children and points).
    pub(crate) fn orderly_from(
        &self,
        roots: &[Node],
        k: usize,
        class: &mut Vec<u64>,
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        let n = self.order.len();
        let mut pending = std::mem::take(&mut work.scratch.pending);
        pending.resize_with(n, Vec::new);
        pending.iter_mut().for_each(Vec::clear);
        let arena = std::mem::take(&mut work.scratch.arena);
        let mut open = 0u64;
        let mut base = 0u64;
        for root in roots {
            for &c in arena.kids(root) {
                pending[usize::from(c.key())].push(c);
                open += u64::from(c.bound());
            }
            base += u64::from(root.points());
        }
        let mut picks = std::mem::take(&mut work.scratch.picks);
        picks.clear();
        let result = self.walk(
            &arena,
            &mut pending,
            &mut picks,
            k,
            base,
            open,
            class,
            options,
            work,
        );
        work.scratch.arena = arena;
        work.scratch.pending = pending;
        work.scratch.picks = picks;
        result
    }

    /// One cell of the orderly walk: `base` is the points taken, `open` the
    /// bounds of the choices waiting in `pending`. `picks` holds, for each
    /// cell walked so far, the sums under its choices of the faces still to
    /// be taken, by face; this cell's go after them and are gone when it
    /// returns.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        arena: &Arena,
        pending: &mut [Vec<Node>],
        picks: &mut Vec<Node>,
        k: usize,
        base: u64,
        open: u64,
        class: &mut Vec<u64>,
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        let n = self.order.len();
        if k == n {
            return self.score(class, options, work);
        }
        if options.control.is_cancelled() {
            return Ok(());
        }
        let threshold = u64::from(options.threshold);
        let cell = self.order[k];
        let set = class[cell];
        // What each face would add and how many sums it has, and what
        // taking this cell removes.
        let mut gains = [0u64; 64];
        let mut counts = [0u32; 64];
        let mut removed = 0u64;
        // How far ahead the choices' children are asked for (8 and 16
        // measured alike).
        const AHEAD: usize = 8;
        for c in pending[k].iter().take(AHEAD) {
            arena.prefetch(c);
        }
        for (i, c) in pending[k].iter().enumerate() {
            if let Some(next) = pending[k].get(i + AHEAD) {
                arena.prefetch(next);
            }
            removed += u64::from(c.bound());
            for s in arena.kids(c) {
                let f = usize::from(s.key());
                gains[f] += u64::from(s.bound());
                counts[f] += 1;
            }
        }
        // The faces worth taking.
        let mut taken = 0u64;
        for f in bits(set) {
            if base + open - removed + gains[f] < threshold {
                continue;
            }
            class[cell] = 1 << f;
            if !self.symmetric_duplicate(class) {
                taken |= 1 << f;
            }
        }
        class[cell] = set;
        if taken == 0 {
            return Ok(());
        }
        if k + 1 == n {
            // The last cell: its bound is all there is to know before the
            // board is scored.
            let mut result = Ok(());
            for f in bits(taken) {
                class[cell] = 1 << f;
                work.counts.classes += 1;
                result = self.score(class, options, work);
                if result.is_err() {
                    break;
                }
            }
            class[cell] = set;
            return result;
        }
        // The sums of the faces taken, a run a face, each in the order of
        // its choices: a face then reads its own sums, not every choice's.
        let start = picks.len();
        let mut ends = [0usize; 64];
        let mut end = start;
        for f in bits(taken) {
            ends[f] = end;
            end += counts[f] as usize;
        }
        picks.resize(end, Node::default());
        for c in &pending[k] {
            for &s in arena.kids(c) {
                let f = usize::from(s.key());
                if taken >> f & 1 == 1 {
                    picks[ends[f]] = s;
                    ends[f] += 1;
                }
            }
        }
        let mut lens = [0u32; 64];
        let mut result = Ok(());
        for f in bits(taken) {
            class[cell] = 1 << f;
            work.counts.classes += 1;
            for (len, p) in lens.iter_mut().zip(pending.iter()).skip(k + 1) {
                *len = p.len() as u32;
            }
            let (mut b, mut o) = (base, open - removed);
            let run = ends[f] - counts[f] as usize..ends[f];
            for i in run.clone() {
                if i + AHEAD < run.end {
                    arena.prefetch(&picks[i + AHEAD]);
                }
                let s = picks[i];
                b += u64::from(s.points());
                for &c in arena.kids(&s) {
                    pending[usize::from(c.key())].push(c);
                    o += u64::from(c.bound());
                }
            }
            result = self.walk(arena, pending, picks, k + 1, b, o, class, options, work);
            for (len, p) in lens.iter().zip(pending.iter_mut()).skip(k + 1) {
                p.truncate(*len as usize);
            }
            if result.is_err() {
                break;
            }
        }
        picks.truncate(start);
        class[cell] = set;
        result
    }
}
