//! Counting paths without walking them: a dynamic program over a sweep line.
//!
//! A path of two or more cells is a set of edges of the neighbor graph that
//! forms one simple chain; it is walked in two directions, and a path of one
//! cell in one. So the number of paths of `k` cells is the number of cells
//! for `k = 1`, and twice the number of such edge sets with `k - 1` edges
//! for `k > 1`. The edge sets are counted, not listed.
//!
//! # The sweep
//!
//! The cells are taken in order (row by row along the longer side, so the
//! sweep line is the short side). Taking cell `v` decides which of its
//! edges to earlier cells are in the set: none, one or two of them (a cell
//! of a chain has at most two). A cell is on the *frontier* from when it is
//! taken until its last neighbor has been: only those cells can still gain
//! edges, and all the program needs to know of the partial edge set is how
//! it looks on the frontier. Each frontier cell is
//!
//! - *free*: no edge yet;
//! - *full*: two edges, it takes no more;
//! - an *end* of one of the partial chains, with a label it shares with the
//!   chain's other end when that end is on the frontier too;
//! - an *end whose other end has left*: that end is a final end of the path
//!   (a cell that leaves the frontier with one edge is an end of the whole
//!   path, and a path has two).
//!
//! Joining two ends with the same label would close a cycle and is not
//! allowed; joining two ends whose other ends have both left completes the
//! path, which counts if no other chain is left on the frontier (and is
//! dropped either way: nothing may be added to a complete path). A cell that
//! leaves as an end whose other end has left completes its chain the same
//! way. Labels are renumbered in order of first appearance, so partial edge
//! sets that look alike on the frontier share one state, with a count of how
//! many they stand for (or a count per number of edges, when lengths are
//! asked for).
//!
//! The number of states grows with the width of the frontier, not with the
//! number of paths: a 6x6 king board has about 10^16 paths and a few
//! thousand states. A torus keeps the first row on the frontier until the
//! last is taken, so its frontier is about twice as wide.

use std::collections::HashMap;
use std::mem::size_of;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;
use std::hash::{BuildHasherDefault, Hasher};

use super::wide::Number;
use grid::{Grid, Neighbors};
use job::{Control, Progress};

/// The widest frontier the state encoding holds: 4 bits a cell in a `u128`
/// gives 32 cells, and the labels (values 3 to 15) are enough for 26.
pub const MAX_WIDTH: usize = 26;

/// A frontier cell with no edge yet.
const FREE: u8 = 0;
/// A frontier cell with two edges.
const FULL: u8 = 1;
/// A chain end whose other end has left the frontier.
const OUT: u8 = 2;
/// The first label of a chain with both ends on the frontier.
const LABEL: u8 = 3;

/// Why the sweep cannot count a shape.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// The frontier would be this wide, past [`MAX_WIDTH`].
    TooWide(usize),
    /// A count passed the count type's largest value.
    Overflow,
    /// The next step would need more memory than allowed.
    Memory {
        /// Bytes the step would need, at least.
        needed: usize,
        /// Cells taken before it.
        done: usize,
        /// Cells in all.
        total: usize,
    },
    /// Cancelled.
    Interrupted {
        /// Cells taken.
        done: usize,
        /// Cells in all.
        total: usize,
    },
}

/// The order the cells are taken in and what changes at each step.
struct Plan {
    /// `back[v]`: the neighbors of `v` taken before it.
    back: Vec<Vec<usize>>,
    /// `leaving[v]`: the cells whose last neighbor is `v` (with `v` itself
    /// when it has no later neighbor), which leave the frontier after `v`.
    leaving: Vec<Vec<usize>>,
    /// The widest the frontier gets.
    width: usize,
}

impl Plan {
    /// The plan for a shape, swept along its longer side.
    fn new(shape: Grid) -> Plan {
        // The graph of a transposed board is the same graph with the cells
        // renamed, so it has as many paths; sweep the short side.
        let sweep = if shape.cols > shape.rows {
            Grid {
                rows: shape.cols,
                cols: shape.rows,
                ..shape
            }
        } else {
            shape
        };
        let neighbors = Neighbors::new(sweep);
        let cells = neighbors.cells();
        let mut back = vec![Vec::new(); cells];
        let mut last = vec![0; cells];
        for v in 0..cells {
            last[v] = v;
            for &u in neighbors.of(v) {
                let u = u as usize;
                if u < v {
                    back[v].push(u);
                }
                last[v] = last[v].max(u);
            }
            back[v].sort_unstable();
        }
        let mut leaving = vec![Vec::new(); cells];
        for (w, &l) in last.iter().enumerate() {
            leaving[l].push(w);
        }
        let mut width = 0;
        let mut on = 0usize;
        for step in &leaving {
            on += 1;
            width = width.max(on);
            on -= step.len();
        }
        Plan {
            back,
            leaving,
            width,
        }
    }
}

/// A hasher for state keys, which are packed 4-bit fields, most of them
/// zero, differing in few bits. It mixes every bit into every bit (the
/// MurmurHash3 finalizer), so that both the partition (middle bits) and
/// the partition's table (low and top bits) see well-spread hashes.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = fmix(self.0 ^ u64::from(b));
        }
    }

    fn write_u128(&mut self, key: u128) {
        self.0 = fmix(key as u64 ^ fmix((key >> 64) as u64 ^ 0x9e37_79b9_7f4a_7c15));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// MurmurHash3's 64-bit finalizer.
fn fmix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// The frontier of one state, unpacked.
type Cells = [u8; 32];

fn unpack(key: u128, width: usize) -> Cells {
    let mut cells = [0u8; 32];
    for (i, c) in cells.iter_mut().enumerate().take(width) {
        *c = (key >> (4 * i)) as u8 & 15;
    }
    cells
}

/// Packs the cells, renumbering the labels in order of first appearance.
fn pack(cells: &Cells, width: usize) -> u128 {
    let mut rename = [0u8; 16];
    let mut next = LABEL;
    let mut key = 0u128;
    for (i, &c) in cells.iter().enumerate().take(width) {
        let v = if c >= LABEL {
            if rename[c as usize] == 0 {
                rename[c as usize] = next;
                next += 1;
            }
            rename[c as usize]
        } else {
            c
        };
        key |= u128::from(v) << (4 * i);
    }
    key
}

/// What adding an edge did to a state.
enum Joined {
    /// The edge is in; go on.
    Open,
    /// The edge would close a cycle, or give a cell a third edge.
    Invalid,
    /// The edge completed the path.
    Complete,
}

/// Adds the edge between frontier positions `a` and `b`. `fresh` is a label
/// no cell holds.
fn join(cells: &mut Cells, width: usize, a: usize, b: usize, fresh: u8) -> Joined {
    let (x, y) = (cells[a], cells[b]);
    if x == FULL || y == FULL || (x == y && x >= LABEL) {
        return Joined::Invalid;
    }
    match (x, y) {
        (FREE, FREE) => {
            cells[a] = fresh;
            cells[b] = fresh;
        }
        (FREE, end) => {
            cells[a] = end;
            cells[b] = FULL;
        }
        (end, FREE) => {
            cells[b] = end;
            cells[a] = FULL;
        }
        (OUT, OUT) => {
            cells[a] = FULL;
            cells[b] = FULL;
            return Joined::Complete;
        }
        (x, y) => {
            cells[a] = FULL;
            cells[b] = FULL;
            // The chain ends that were not joined become each other's
            // other end: `y`'s end takes `x`'s label (OUT when x is).
            let (from, to) = if x == OUT { (y, OUT) } else { (y, x) };
            let (from, to) = if y == OUT { (x, OUT) } else { (from, to) };
            for c in cells.iter_mut().take(width) {
                if *c == from {
                    *c = to;
                }
            }
        }
    }
    Joined::Open
}

/// Whether any frontier cell is a chain end.
fn has_ends(cells: &Cells, width: usize) -> bool {
    cells.iter().take(width).any(|&c| c >= OUT)
}

/// The width of the sweep line for a shape, in cells.
pub(super) fn width(shape: Grid) -> usize {
    Plan::new(shape).width
}

/// One step of the sweep: taking one cell, in frontier positions.
struct Step {
    /// The frontier's width with the new cell, which is at `width - 1`.
    width: usize,
    /// The edge choices: no back edge, one, or two (positions of the other
    /// cells).
    choices: Vec<Vec<usize>>,
    /// Positions that leave after the step, highest first.
    leave: Vec<usize>,
    /// Positions that stay, in order.
    kept: Vec<usize>,
}

/// What a state becomes.
enum Next {
    /// A state of the next layer, with this many more edges.
    State(u128, usize),
    /// A complete path, with this many more edges than the state had.
    Complete(usize),
}

impl Step {
    /// Calls `out` with each successor of `key`.
    fn successors(&self, key: u128, mut out: impl FnMut(Next)) {
        let width = self.width;
        let pv = width - 1;
        let base = unpack(key, width);
        'choice: for choice in &self.choices {
            let mut cells = base;
            for &a in choice {
                // Label 15 is free: a frontier of at most MAX_WIDTH cells
                // has at most 12 chains besides a new one.
                match join(&mut cells, width, a, pv, 15) {
                    Joined::Open => {}
                    Joined::Invalid => continue 'choice,
                    Joined::Complete => {
                        if !has_ends(&cells, width) {
                            out(Next::Complete(choice.len()));
                        }
                        continue 'choice;
                    }
                }
            }
            for &p in &self.leave {
                let c = cells[p];
                cells[p] = FREE;
                if c == OUT {
                    // Both ends of this chain are final: it is the path.
                    if !has_ends(&cells, width) {
                        out(Next::Complete(choice.len()));
                    }
                    continue 'choice;
                }
                if c >= LABEL {
                    // The other end is final now.
                    for d in cells.iter_mut().take(width) {
                        if *d == c {
                            *d = OUT;
                        }
                    }
                }
            }
            let mut squeezed: Cells = [0; 32];
            let mut outs = 0;
            for (i, &p) in self.kept.iter().enumerate() {
                squeezed[i] = cells[p];
                outs += usize::from(cells[p] == OUT);
            }
            // A path has two final ends.
            if outs <= 2 {
                out(Next::State(pack(&squeezed, self.kept.len()), choice.len()));
            }
        }
    }
}

/// A successor on its way to the next layer: its key, and either its count
/// (`stride == 1`) or `source << 8 | edges added`.
#[derive(Clone, Copy)]
struct Record<T> {
    key: u128,
    value: T,
}

/// The sweep for one shape: `by_edges[e]` is the number of chains of `e`
/// edges, for `e` in `1..stride` when `stride > 1`; with `stride == 1` the
/// total number of chains (of any length) is in `by_edges[0]`.
///
/// Each step runs in two parallel phases on the current rayon pool. First
/// the layer's states, in chunks, make their successors, each sent to one
/// of `P` partitions by its hash. Then each partition adds up its
/// successors in a hash table of its own, small enough to stay in the
/// processor's cache (one big table missed the cache on almost every
/// successor; BENCHMARKS.md has the timings).
pub(super) fn count_chains<T: Number>(
    shape: Grid,
    stride: usize,
    memory: Option<usize>,
    control: &Control<'_>,
) -> Result<Vec<T>, Refusal> {
    let cancel = control.cancel.flag();
    let plan = Plan::new(shape);
    if plan.width > MAX_WIDTH {
        return Err(Refusal::TooWide(plan.width));
    }
    let cells = plan.back.len();
    let mut result = vec![T::default(); stride];
    // The frontier: cells in the order taken.
    let mut frontier: Vec<usize> = Vec::new();
    // The layer: each state's key, and `stride` counts a state.
    let mut keys: Vec<u128> = vec![0];
    let mut counts: Vec<T> = vec![T::default(); stride];
    counts[0] = T::from_u64(1);
    let report = |done: usize| {
        control.report(&Progress {
            done: done as u64,
            total: Some(cells as u64),
        })
    };
    report(0);
    for v in 0..cells {
        if cancel.load(Ordering::Relaxed) {
            return Err(Refusal::Interrupted {
                done: v,
                total: cells,
            });
        }
        frontier.push(v);
        let width = frontier.len();
        let at = |u: &usize| {
            frontier
                .iter()
                .position(|w| w == u)
                .expect("a taken cell is on the frontier until it leaves")
        };
        let back: Vec<usize> = plan.back[v].iter().map(at).collect();
        let mut leave: Vec<usize> = plan.leaving[v].iter().map(at).collect();
        leave.sort_unstable_by(|a, b| b.cmp(a));
        let mut choices: Vec<Vec<usize>> = vec![Vec::new()];
        for (i, &a) in back.iter().enumerate() {
            choices.push(vec![a]);
            for &b in &back[i + 1..] {
                choices.push(vec![a, b]);
            }
        }
        let step = Step {
            width,
            choices,
            kept: (0..width).filter(|p| !leave.contains(p)).collect(),
            leave,
        };
        let limit = memory.unwrap_or(usize::MAX);
        let (next_keys, next_counts, completed) =
            advance(&step, &keys, &counts, stride, limit, cancel).map_err(|e| match e {
                Refusal::Memory { needed, .. } => Refusal::Memory {
                    needed,
                    done: v,
                    total: cells,
                },
                Refusal::Interrupted { .. } => Refusal::Interrupted {
                    done: v,
                    total: cells,
                },
                e => e,
            })?;
        if add_shifted(&mut result, &completed, 0) {
            return Err(Refusal::Overflow);
        }
        keys = next_keys;
        counts = next_counts;
        frontier = step.kept.iter().map(|&p| frontier[p]).collect();
        report(v + 1);
    }
    Ok(result)
}

/// States a partition aims at: its hash table (32 bytes an entry, with its
/// keys and counts beside it) then fits in a core's own cache.
const PARTITION_STATES: usize = 8192;
/// Bytes a state of the next layer may take besides its record, at most: its
/// key and count and its share of a partition's hash table. (With lengths,
/// a state has more counts, but also far fewer states share a record.)
const PER_STATE: usize = 64;
/// States a chunk of the first phase takes.
const CHUNK_STATES: usize = 4096;

/// One step over a whole layer: the next layer's keys and counts, and the
/// paths completed (by edges, as the result).
#[allow(clippy::type_complexity)]
fn advance<T: Number>(
    step: &Step,
    keys: &[u128],
    counts: &[T],
    stride: usize,
    limit: usize,
    cancel: &AtomicBool,
) -> Result<(Vec<u128>, Vec<T>, Vec<T>), Refusal> {
    // A step of a big sweep takes seconds: look at the flag every chunk.
    let cancelled = || cancel.load(Ordering::Relaxed);
    let lengths = stride > 1;
    // Memory: this layer, the successors as they are made (checked as they
    // grow, so a step that cannot fit stops early), then the next layer.
    let layer = std::mem::size_of_val(keys) + std::mem::size_of_val(counts);
    let made = AtomicUsize::new(0);
    let too_big = AtomicBool::new(false);
    // Each state has a handful of successors, most of them shared.
    let parts = (keys.len() * 2 / PARTITION_STATES)
        .clamp(1, 4096)
        .next_power_of_two();
    let part = |key: u128| {
        let mut h = Mix::default();
        h.write_u128(key);
        // Bits the partition's own table does not use first.
        (h.finish() >> 32) as usize & (parts - 1)
    };
    // Phase 1: successors, by partition, and completed paths, by chunk.
    let chunks: Vec<(Vec<Vec<Record<T>>>, Vec<T>, bool)> = keys
        .par_chunks(CHUNK_STATES)
        .enumerate()
        .map(|(c, chunk)| {
            let mut out: Vec<Vec<Record<T>>> = vec![Vec::new(); parts];
            if too_big.load(Ordering::Relaxed) || cancelled() {
                return (out, Vec::new(), false);
            }
            let mut done = vec![T::default(); stride];
            let mut overflow = false;
            for (i, &key) in chunk.iter().enumerate() {
                let s = c * CHUNK_STATES + i;
                let own = &counts[s * stride..(s + 1) * stride];
                // With lengths, the fewest edges this state's partial sets
                // have: a successor past the longest path counted is dropped.
                let fewest = match lengths {
                    true => own
                        .iter()
                        .position(|c| *c != T::default())
                        .unwrap_or(stride),
                    false => 0,
                };
                step.successors(key, |next| match next {
                    Next::State(_, edges) if lengths && fewest + edges >= stride => {}
                    Next::State(key, edges) => {
                        let value = if lengths {
                            T::from_u64((s as u64) << 8 | edges as u64)
                        } else {
                            own[0]
                        };
                        out[part(key)].push(Record { key, value });
                    }
                    Next::Complete(edges) => {
                        overflow |= add_shifted(&mut done, own, if lengths { edges } else { 0 });
                    }
                });
            }
            let records: usize = out.iter().map(Vec::len).sum();
            let total = made.fetch_add(records, Ordering::Relaxed) + records;
            if layer + total * (size_of::<Record<T>>() + PER_STATE) > limit {
                too_big.store(true, Ordering::Relaxed);
            }
            (out, done, overflow)
        })
        .collect();
    if cancelled() {
        return Err(Refusal::Interrupted { done: 0, total: 0 });
    }
    if too_big.load(Ordering::Relaxed) {
        // Made so far, and at least that much again to add them up.
        let made = made.load(Ordering::Relaxed);
        return Err(Refusal::Memory {
            needed: layer + made * (size_of::<Record<T>>() + PER_STATE),
            done: 0,
            total: 0,
        });
    }
    // Phase 2: each partition adds up its successors.
    let merged: Vec<(Vec<u128>, Vec<T>, bool)> = (0..parts)
        .into_par_iter()
        .map(|p| {
            let size: usize = chunks.iter().map(|(out, _, _)| out[p].len()).sum();
            let mut index: HashMap<u128, u32, BuildHasherDefault<Mix>> =
                HashMap::with_capacity_and_hasher(size / 2, Default::default());
            let mut part_keys = Vec::new();
            let mut part_counts: Vec<T> = Vec::new();
            let mut overflow = false;
            for record in chunks.iter().flat_map(|(out, _, _)| &out[p]) {
                let at = *index.entry(record.key).or_insert_with(|| {
                    part_keys.push(record.key);
                    part_counts.resize(part_counts.len() + stride, T::default());
                    (part_keys.len() - 1) as u32
                }) as usize;
                let dst = &mut part_counts[at * stride..(at + 1) * stride];
                if lengths {
                    let s = (record.value.low() >> 8) as usize;
                    let edges = (record.value.low() & 255) as usize;
                    overflow |= add_shifted(dst, &counts[s * stride..(s + 1) * stride], edges);
                } else {
                    overflow |= dst[0].add(record.value);
                }
            }
            (part_keys, part_counts, overflow)
        })
        .collect();
    let mut completed = vec![T::default(); stride];
    let mut overflow = false;
    for (_, done, o) in &chunks {
        overflow |= o | add_shifted(&mut completed, done, 0);
    }
    drop(chunks);
    let states = merged.iter().map(|(k, _, _)| k.len()).sum();
    let mut next_keys = Vec::with_capacity(states);
    let mut next_counts = Vec::with_capacity(states * stride);
    for (k, c, o) in merged {
        next_keys.extend(k);
        next_counts.extend(c);
        overflow |= o;
    }
    if overflow {
        return Err(Refusal::Overflow);
    }
    Ok((next_keys, next_counts, completed))
}

/// Adds `counts`, moved up by `shift` places (the ones moved past the end
/// dropped), into `into`; says whether a sum overflowed.
fn add_shifted<T: Number>(into: &mut [T], counts: &[T], shift: usize) -> bool {
    let mut overflow = false;
    for (i, &c) in counts
        .iter()
        .enumerate()
        .take(into.len().saturating_sub(shift))
    {
        overflow |= into[i + shift].add(c);
    }
    overflow
}
