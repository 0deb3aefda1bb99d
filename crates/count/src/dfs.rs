//! The depth-first count: every path walked, in parallel, one prefix per symmetry class.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;

use grid::{bits, symmetry, Grid, Neighbors, Rng};
use job::Progress;

use super::{CountError, CountOptions, MAX_CELLS};

/// Aim for at least this many tasks, so that two or more threads stay busy
/// to the end even though tasks differ in size by orders of magnitude.
const TARGET_TASKS: usize = 2048;
/// Stop making finer tasks before a level would hold more prefixes than this.
const MAX_PREFIXES: usize = 1_000_000;

/// The depth-first count (see [`super::count_paths`]); `max_len` is at most
/// the number of cells.
pub(super) fn count(
    shape: Grid,
    max_len: usize,
    options: &CountOptions<'_>,
) -> Result<Vec<u128>, CountError> {
    let cells = shape.rows * shape.cols;
    if cells > MAX_CELLS {
        return Err(CountError::TooLarge {
            rows: shape.rows,
            cols: shape.cols,
            cells,
        });
    }
    let neighbors = Neighbors::new(shape);
    let group = if options.symmetry {
        symmetry::preserving(&neighbors)
    } else {
        vec![(0..cells as u32).collect()]
    };
    let counter = Counter::new(&neighbors, max_len);
    options.control.install(|| counter.run(&group, options))?
}

/// See [`super::estimate_paths`].
pub(super) fn estimate(shape: Grid, max_len: usize, probes: usize, seed: u64) -> f64 {
    let cells = shape.rows * shape.cols;
    if cells == 0 || cells > MAX_CELLS || probes == 0 {
        return 0.0;
    }
    let counter = Counter::new(&Neighbors::new(shape), max_len.min(cells));
    let mut rng = Rng::new(seed);
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
        let control = &options.control;
        let cancel = control.cancel.flag();
        let mut counts = vec![0u128; self.max_len + 1];
        if self.max_len == 0 {
            return Ok(counts);
        }
        let tasks = self.tasks(group, &mut counts);
        let total = tasks.len();
        let report = |done: usize| {
            control.report(&Progress {
                done: done as u64,
                total: Some(total as u64),
            })
        };
        report(0);
        let done = AtomicUsize::new(0);
        let sums = tasks
            .par_iter()
            .with_max_len(1)
            .map(|task| {
                let mut tally: Lengths = [0; 128];
                let len = self.depth(task.used);
                // Look at the flag down to where 12 cells are left: each
                // subtree below is small enough to finish quickly.
                let levels = self.cells.saturating_sub(12 + len);
                self.count_checked(task.used, task.avail, len, &mut tally, cancel, levels);
                if cancel.load(Ordering::Relaxed) {
                    return vec![0u128; self.max_len + 1];
                }
                let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                report(finished);
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
        if cancel.load(Ordering::Relaxed) {
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
