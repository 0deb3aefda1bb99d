//! Counting paths: exact state-space sizes, how many paths a board has,
//! with no dictionary.
//!
//! A *path* is a sequence of cells, each next to the one before it under the
//! board's [`Neighbors`] table (the same table the solver walks), no cell used
//! twice. It may start anywhere and has 1 to N cells; a path and its reverse
//! are different paths. [`count_paths`] gives the number of paths of each
//! length, which bounds the work any dictionary search on that shape can do.
//!
//! # How
//!
//! A depth-first walk with the used cells as a `u64` bit mask (so boards of
//! at most [`MAX_CELLS`] = 64 cells; larger boards are refused, and are far
//! beyond reach anyway), each cell's neighbors precomputed as a mask, the
//! free neighbors of the path's end found as `nbr[end] & !used`. A path's
//! one-step extensions are counted by a popcount without stepping onto them,
//! and a step is only taken onto a cell that has a free neighbor itself.
//!
//! The walk is cut into tasks at a short prefix depth, and prefixes that a
//! symmetry of the board carries onto each other are walked once and
//! weighted: the symmetries tried are the grid's rotations and reflections
//! (eight on a square, four on a rectangle) composed, on a torus, with every
//! translation; each candidate is kept only if it is checked to map the
//! neighbor table onto itself ([`symmetry::preserving`]). The tasks run in parallel on
//! rayon, in a local pool when a thread count is given.
//!
//! ```
//! use solve::count::{count_paths, cumulative, CountOptions};
//! use solve::{Adjacency, Shape};
//!
//! let shape = Shape { rows: 3, cols: 3, adjacency: Adjacency::King, wrap: false };
//! let per_length = count_paths(shape, 9, &CountOptions::default()).unwrap();
//! assert_eq!(per_length[1], 9); // every cell is a path of one cell
//! assert_eq!(per_length[2], 40); // every step between two neighbors
//! assert_eq!(*cumulative(&per_length).last().unwrap(), 10_305);
//! ```

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;
use thiserror::Error;

use crate::board::symmetry;
use crate::neighbors::{Neighbors, Shape};

/// The largest board (in cells) [`count_paths`] takes: the used cells are a
/// `u64` bit mask.
pub const MAX_CELLS: usize = 64;

/// Aim for at least this many tasks, so that two or more threads stay busy
/// to the end even though tasks differ in size by orders of magnitude.
const TARGET_TASKS: usize = 2048;
/// Stop making finer tasks before a level would hold more prefixes than this.
const MAX_PREFIXES: usize = 1_000_000;

/// Why a count could not be made.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CountError {
    /// The board has no cells.
    #[error("the board has no cells")]
    Empty,
    /// The board has more cells than a `u64` mask holds.
    #[error("a {rows}x{cols} board has {cells} cells; counting handles at most {MAX_CELLS}")]
    TooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// `rows * cols`.
        cells: usize,
    },
    /// [`CountOptions::cancel`] stopped the count: a part of a count is no
    /// count, so there is none.
    #[error("interrupted after {done} of {total} tasks: no count")]
    Interrupted {
        /// Tasks finished.
        done: usize,
        /// Tasks in all.
        total: usize,
    },
    /// The local thread pool could not be built.
    #[error("cannot start a pool of {threads} threads: {message}")]
    Threads {
        /// The thread count asked for.
        threads: usize,
        /// What rayon said.
        message: String,
    },
}

/// How to run [`count_paths`]. `CountOptions::default()` uses rayon's global
/// pool, the board's symmetries and no progress reports.
#[derive(Clone, Copy)]
pub struct CountOptions<'a> {
    /// Run on a local pool of this many threads (`None`: rayon's global pool,
    /// one thread per core unless `RAYON_NUM_THREADS` says otherwise).
    pub threads: Option<usize>,
    /// Walk one prefix per symmetry class and weight it (`true`, the
    /// default), or walk every prefix (`false`; for cross-checking).
    pub symmetry: bool,
    /// Called with `(tasks done, tasks in all)`: once with `0` before the
    /// walk starts, then after every task, from whichever thread ran it.
    pub progress: Option<&'a (dyn Fn(usize, usize) + Sync)>,
    /// Stop as soon as this is set (by a signal handler, say): the count
    /// ends with [`CountError::Interrupted`] within a fraction of a second.
    pub cancel: Option<&'a AtomicBool>,
}

impl Default for CountOptions<'_> {
    fn default() -> Self {
        CountOptions {
            threads: None,
            symmetry: true,
            progress: None,
            cancel: None,
        }
    }
}

/// Counts the paths on an empty board of the given shape by length.
///
/// Returns `v` with `v[len]` the number of paths of exactly `len` cells, for
/// `len` in `0..=min(max_len, cells)` (`v[0]` is always 0; lengths past the
/// number of cells have no paths and are left out). [`cumulative`] turns it
/// into "paths of at most `len` cells".
///
/// Each task keeps its tallies in `u64` (a single task would need centuries
/// to overflow one); the weighted sums are `u128`.
///
/// # Errors
///
/// [`CountError::Empty`] for a board without cells, [`CountError::TooLarge`]
/// for one with more than [`MAX_CELLS`] cells, [`CountError::Threads`] if a
/// local pool cannot be started.
pub fn count_paths(
    shape: Shape,
    max_len: usize,
    options: &CountOptions<'_>,
) -> Result<Vec<u128>, CountError> {
    let cells = shape.rows * shape.cols;
    if cells == 0 {
        return Err(CountError::Empty);
    }
    if cells > MAX_CELLS {
        return Err(CountError::TooLarge {
            rows: shape.rows,
            cols: shape.cols,
            cells,
        });
    }
    let max_len = max_len.min(cells);
    let neighbors = Neighbors::new(shape);
    let group = if options.symmetry {
        symmetry::preserving(&neighbors)
    } else {
        vec![(0..cells as u32).collect()]
    };
    let counter = Counter::new(&neighbors, max_len);
    let counted = match options.threads {
        None => Ok(counter.run(&group, options)),
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| CountError::Threads {
                threads,
                message: e.to_string(),
            })
            .map(|pool| pool.install(|| counter.run(&group, options))),
    };
    counted?
}

/// An estimate of the number of paths of 1 to `max_len` cells on an empty
/// board of the given shape, without counting them: the mean of `probes`
/// random walks (Knuth's estimator: a walk from a random cell that takes a
/// random free neighbor at each step stands for the product of the choices
/// it had), seeded for reproducibility. Unbiased; a few thousand probes
/// give the order of magnitude in milliseconds, enough to say whether an
/// exact count takes seconds or weeks.
pub fn estimate_paths(shape: Shape, max_len: usize, probes: usize, seed: u64) -> f64 {
    let cells = shape.rows * shape.cols;
    if cells == 0 || cells > MAX_CELLS || probes == 0 {
        return 0.0;
    }
    let counter = Counter::new(&Neighbors::new(shape), max_len.min(cells));
    let mut rng = crate::random::Rng::new(seed);
    let mut sum = 0f64;
    for _ in 0..probes {
        let mut cell = rng.below(cells as u64) as usize;
        let mut used = 1u64 << cell;
        let mut weight = cells as f64;
        let mut paths = weight;
        for _ in 1..counter.max_len {
            let avail = counter.nbr[cell] & !used;
            if avail == 0 {
                break;
            }
            let k = avail.count_ones();
            weight *= f64::from(k);
            paths += weight;
            let pick = rng.below(u64::from(k)) as usize;
            cell = bits(avail).nth(pick).unwrap_or(0);
            used |= 1 << cell;
        }
        sum += paths;
    }
    sum / probes as f64
}

/// Running sums: `out[len]` is the number of paths of at most `len` cells.
pub fn cumulative(per_length: &[u128]) -> Vec<u128> {
    per_length
        .iter()
        .scan(0u128, |sum, &n| {
            *sum += n;
            Some(*sum)
        })
        .collect()
}

/// One unit of parallel work: a prefix, and how many prefixes it stands for.
struct Task {
    /// The used cells.
    used: u64,
    /// The free neighbors of the prefix's last cell (never empty).
    avail: u64,
    /// How many prefixes (this and its symmetric images) it stands for.
    weight: u64,
}

/// The neighbor masks and the length limit, shared by all tasks.
struct Counter {
    /// `nbr[cell]`: the mask of its neighbors.
    nbr: [u64; 64],
    cells: usize,
    max_len: usize,
}

/// Per-length tallies of one task (index = length; 128 entries so that an
/// index masked with 127 needs no bounds check).
type Lengths = [u64; 128];

impl Counter {
    fn new(neighbors: &Neighbors, max_len: usize) -> Counter {
        let mut nbr = [0u64; 64];
        for (i, mask) in nbr.iter_mut().enumerate().take(neighbors.cells()) {
            *mask = neighbors.of(i).iter().fold(0, |m, &j| m | 1 << j);
        }
        Counter {
            nbr,
            cells: neighbors.cells(),
            max_len,
        }
    }

    /// The whole count: short paths while making the tasks, then the tasks in
    /// parallel on the current rayon pool.
    fn run(&self, group: &[Vec<u32>], options: &CountOptions<'_>) -> Result<Vec<u128>, CountError> {
        let (progress, cancel) = (options.progress, options.cancel);
        let mut counts = vec![0u128; self.max_len + 1];
        if self.max_len == 0 {
            return Ok(counts);
        }
        let tasks = self.tasks(group, &mut counts);
        let total = tasks.len();
        if let Some(report) = progress {
            report(0, total);
        }
        let done = AtomicUsize::new(0);
        let sums = tasks
            .par_iter()
            .with_max_len(1)
            .map(|task| {
                let mut tally: Lengths = [0; 128];
                let len = self.depth(task.used);
                match cancel {
                    None => self.count_from(task.used, task.avail, len, &mut tally),
                    // Look at the flag down to where 20 cells are left:
                    // each subtree below is small enough to finish quickly.
                    Some(flag) => {
                        let levels = self.cells.saturating_sub(20 + len);
                        self.count_checked(task.used, task.avail, len, &mut tally, flag, levels)
                    }
                }
                if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                    return vec![0u128; self.max_len + 1];
                }
                let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                if let Some(report) = progress {
                    report(finished, total);
                }
                let mut weighted = vec![0u128; self.max_len + 1];
                for (w, &n) in weighted.iter_mut().zip(&tally) {
                    *w = u128::from(n) * u128::from(task.weight);
                }
                weighted
            })
            .reduce(
                || vec![0u128; self.max_len + 1],
                |mut a, b| {
                    a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                    a
                },
            );
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(CountError::Interrupted {
                done: done.load(Ordering::Relaxed),
                total,
            });
        }
        counts.iter_mut().zip(&sums).for_each(|(x, y)| *x += y);
        Ok(counts)
    }

    /// The number of cells in a prefix.
    fn depth(&self, used: u64) -> usize {
        used.count_ones() as usize
    }

    /// Enumerates prefixes breadth-first, one per symmetry class with the
    /// size of its class as its weight, counting every path up to the task
    /// depth into `counts`, until there are enough classes to make tasks of
    /// (or the prefixes reach `max_len`). Returns one task per class of
    /// prefixes that can grow, heaviest first.
    ///
    /// Growing the representatives only is enough: the prefixes of one class
    /// are images of its representative under symmetries, so their one-step
    /// extensions are the images of the representative's, and every prefix
    /// has exactly one parent.
    fn tasks(&self, group: &[Vec<u32>], counts: &mut [u128]) -> Vec<Task> {
        let canon = Canon::new(group, self.cells);
        let mut level = canon.classes((0..self.cells as u8).map(|c| (vec![c], 1)));
        let mut len = 1;
        loop {
            counts[len] = level.iter().map(|(_, w)| u128::from(*w)).sum();
            // Only prefixes that can grow matter from here on.
            level.retain(|(p, _)| self.free(p) != 0);
            if len == self.max_len || level.is_empty() {
                return Vec::new();
            }
            let next: usize = level
                .iter()
                .map(|(p, _)| self.free(p).count_ones() as usize)
                .sum();
            if level.len() >= TARGET_TASKS || next > MAX_PREFIXES || len + 1 == self.max_len {
                let mut tasks: Vec<Task> = level
                    .into_iter()
                    .map(|(p, weight)| Task {
                        used: mask(&p),
                        avail: self.free(&p),
                        weight,
                    })
                    .collect();
                tasks.sort_by_key(|t| std::cmp::Reverse(t.weight));
                return tasks;
            }
            level = canon.classes(level.iter().flat_map(|(p, w)| {
                bits(self.free(p)).map(move |c| {
                    let mut q = p.clone();
                    q.push(c as u8);
                    (q, *w)
                })
            }));
            len += 1;
        }
    }

    /// The free neighbors of a prefix's last cell.
    fn free(&self, prefix: &[u8]) -> u64 {
        self.nbr[*prefix.last().expect("prefixes are never empty") as usize] & !mask(prefix)
    }

    /// [`count_from`](Counter::count_from) with a look at `cancel` at each
    /// of the first `levels` levels (so a cancelled count stops soon), and
    /// the plain walk below them.
    fn count_checked(
        &self,
        used: u64,
        avail: u64,
        len: usize,
        tally: &mut Lengths,
        cancel: &AtomicBool,
        levels: usize,
    ) {
        if levels == 0 {
            return self.count_from(used, avail, len, tally);
        }
        if cancel.load(Ordering::Relaxed) {
            return;
        }
        tally[(len + 1) & 127] += u64::from(avail.count_ones());
        if len + 1 >= self.max_len {
            return;
        }
        for c in bits(avail) {
            let used = used | 1 << c;
            let avail = self.nbr[c & 63] & !used;
            if avail != 0 {
                self.count_checked(used, avail, len + 1, tally, cancel, levels - 1);
            }
        }
    }

    /// Counts the paths that extend a path of `len` cells, the cells `used`,
    /// whose last cell has the free neighbors `avail` (not empty): adds the
    /// number of extensions of each length to `tally`.
    fn count_from(&self, used: u64, avail: u64, len: usize, tally: &mut Lengths) {
        tally[(len + 1) & 127] += u64::from(avail.count_ones());
        if len + 1 >= self.max_len {
            return;
        }
        let mut rest = avail;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let used = used | 1 << c;
            let avail = self.nbr[c & 63] & !used;
            if avail != 0 {
                self.count_from(used, avail, len + 1, tally);
            }
        }
    }
}

/// Canonical forms of prefixes under a group of symmetries.
struct Canon<'g> {
    group: &'g [Vec<u32>],
    /// For each cell, the symmetries that send it to the least cell of its
    /// orbit: the only ones that can give a prefix starting there its least
    /// image.
    to_least: Vec<Vec<usize>>,
}

impl<'g> Canon<'g> {
    fn new(group: &'g [Vec<u32>], cells: usize) -> Canon<'g> {
        let to_least = (0..cells)
            .map(|c| {
                let least = group.iter().map(|p| p[c]).min();
                (0..group.len())
                    .filter(|&g| Some(group[g][c]) == least)
                    .collect()
            })
            .collect();
        Canon { group, to_least }
    }

    /// Groups weighted prefixes by their least image under the symmetries
    /// (as a cell sequence), adding up the weights. Prefixes with the same
    /// least image are carried onto each other by a symmetry, so they have
    /// the same number of extensions of each length.
    fn classes(&self, prefixes: impl Iterator<Item = (Vec<u8>, u64)>) -> Vec<(Vec<u8>, u64)> {
        let mut classes = BTreeMap::new();
        let mut image = Vec::new();
        for (p, weight) in prefixes {
            let mut least: Option<Vec<u8>> = None;
            for &g in &self.to_least[p[0] as usize] {
                let perm = &self.group[g];
                image.clear();
                image.extend(p.iter().map(|&c| perm[c as usize] as u8));
                if least.as_ref().map_or(true, |l| image < *l) {
                    least = Some(image.clone());
                }
            }
            *classes.entry(least.unwrap_or(p)).or_insert(0) += weight;
        }
        classes.into_iter().collect()
    }
}

/// The mask of a prefix's cells.
fn mask(prefix: &[u8]) -> u64 {
    prefix.iter().fold(0, |m, &c| m | 1 << c)
}

/// The set bits of a mask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::neighbors::Adjacency;
    use crate::testing::{king, rook, shape};

    fn counts(shape: Shape, symmetry: bool) -> Vec<u128> {
        let options = CountOptions {
            symmetry,
            ..CountOptions::default()
        };
        count_paths(shape, usize::MAX, &options).unwrap()
    }

    fn total(shape: Shape) -> u128 {
        counts(shape, true).iter().sum()
    }

    /// The plainest possible count: recursion over the neighbor lists, a
    /// `Vec<bool>` of used cells, no masks, no symmetry, no tasks.
    fn naive(shape: Shape) -> Vec<u128> {
        fn go(n: &Neighbors, used: &mut [bool], cell: usize, len: usize, out: &mut [u128]) {
            out[len] += 1;
            for &j in n.of(cell) {
                if !used[j as usize] {
                    used[j as usize] = true;
                    go(n, used, j as usize, len + 1, out);
                    used[j as usize] = false;
                }
            }
        }
        let n = Neighbors::new(shape);
        let mut out = vec![0; n.cells() + 1];
        let mut used = vec![false; n.cells()];
        for i in 0..n.cells() {
            used[i] = true;
            go(&n, &mut used, i, 1, &mut out);
            used[i] = false;
        }
        out
    }

    #[test]
    fn count_king_totals() {
        assert_eq!(total(king(1, 1)), 1);
        assert_eq!(total(king(2, 2)), 64);
        assert_eq!(total(king(3, 3)), 10_305);
        assert_eq!(total(king(4, 4)), 12_029_640);
    }

    #[test]
    fn count_no_diagonal_totals() {
        assert_eq!(total(rook(1, 1)), 1);
        assert_eq!(total(rook(2, 2)), 28);
        assert_eq!(total(rook(3, 3)), 653);
        assert_eq!(total(rook(4, 4)), 28_512);
        assert_eq!(total(rook(5, 5)), 3_060_417);
    }

    #[test]
    fn count_4x4_by_length() {
        let king_table: [u128; 16] = [
            16, 100, 508, 2272, 8984, 31656, 99928, 283400, 720384, 1626160, 3220808, 5531072,
            8175592, 10425784, 11686456, 12029640,
        ];
        let rook_table: [u128; 16] = [
            16, 64, 168, 400, 832, 1632, 2880, 4856, 7496, 11192, 15288, 20040, 23816, 26728,
            27960, 28512,
        ];
        for (shape, table) in [(king(4, 4), king_table), (rook(4, 4), rook_table)] {
            let cum = cumulative(&counts(shape, true));
            assert_eq!(cum[0], 0);
            assert_eq!(cum[1..], table);
            // A shorter limit stops the count there, with the same numbers.
            for max_len in [1, 2, 3, 7] {
                let short = count_paths(shape, max_len, &CountOptions::default()).unwrap();
                assert_eq!(cumulative(&short)[1..], table[..max_len]);
            }
        }
    }

    #[test]
    fn count_matches_a_naive_walk() {
        for (r, c) in [(1, 1), (1, 6), (2, 3), (3, 3), (3, 4), (2, 5)] {
            for adjacency in [Adjacency::King, Adjacency::NoDiagonals] {
                for wrap in [false, true] {
                    let s = shape(r, c, adjacency, wrap);
                    if s == shape(3, 4, Adjacency::King, true) {
                        continue; // 55 million paths: too slow for the naive walk
                    }
                    assert_eq!(counts(s, true), naive(s), "{s:?}");
                }
            }
        }
    }

    #[test]
    fn count_symmetry_on_and_off_agree() {
        let shapes = [
            king(3, 4),
            rook(3, 4),
            king(2, 5),
            rook(2, 5),
            king(4, 3),
            rook(5, 5),
            shape(3, 3, Adjacency::King, true),
            shape(3, 4, Adjacency::NoDiagonals, true),
            shape(2, 5, Adjacency::King, true),
            shape(4, 4, Adjacency::NoDiagonals, true),
            shape(1, 7, Adjacency::King, true),
        ];
        for s in shapes {
            assert_eq!(counts(s, true), counts(s, false), "{s:?}");
        }
    }

    #[test]
    fn count_threads_and_limits() {
        let one = CountOptions {
            threads: Some(1),
            ..CountOptions::default()
        };
        assert_eq!(
            count_paths(king(3, 3), 9, &one).unwrap(),
            counts(king(3, 3), true)
        );
        let long = count_paths(king(2, 2), 100, &CountOptions::default()).unwrap();
        assert_eq!(long, [0, 4, 12, 24, 24]);
        assert_eq!(
            count_paths(king(3, 3), 0, &CountOptions::default()).unwrap(),
            [0]
        );
        assert_eq!(
            count_paths(king(9, 9), 3, &CountOptions::default()),
            Err(CountError::TooLarge {
                rows: 9,
                cols: 9,
                cells: 81
            })
        );
        assert_eq!(
            count_paths(king(0, 3), 3, &CountOptions::default()),
            Err(CountError::Empty)
        );
    }

    #[test]
    fn count_cancelled_is_no_count_and_checked_walks_agree() {
        let flag = AtomicBool::new(false);
        let options = CountOptions {
            cancel: Some(&flag),
            ..CountOptions::default()
        };
        for s in [king(4, 4), rook(4, 4), shape(3, 4, Adjacency::King, true)] {
            assert_eq!(
                count_paths(s, 16, &options).unwrap(),
                counts(s, true),
                "{s:?}"
            );
        }
        flag.store(true, Ordering::Relaxed);
        assert!(matches!(
            count_paths(king(5, 5), 25, &options),
            Err(CountError::Interrupted { done: 0, .. })
        ));
    }

    #[test]
    fn estimates_are_near_the_counts() {
        for s in [king(4, 4), rook(5, 5), king(4, 5)] {
            let exact: u128 = counts(s, true).iter().sum();
            let guess = estimate_paths(s, 64, 20_000, 1);
            let ratio = guess / exact as f64;
            assert!((0.5..2.0).contains(&ratio), "{s:?}: {guess} vs {exact}");
        }
    }

    #[test]
    fn count_reports_progress() {
        let seen = std::sync::Mutex::new(Vec::new());
        let report = |done, total| seen.lock().unwrap().push((done, total));
        let options = CountOptions {
            progress: Some(&report),
            ..CountOptions::default()
        };
        count_paths(king(4, 4), 16, &options).unwrap();
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        let total = seen[0].1;
        assert!(total > 0);
        assert_eq!(seen, (0..=total).map(|d| (d, total)).collect::<Vec<_>>());
    }
}
