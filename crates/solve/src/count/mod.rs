//! Counting paths: exact state-space sizes, how many paths a board has,
//! with no dictionary.
//!
//! A *path* is a sequence of cells, each next to the one before it under the
//! board's [`Neighbors`](crate::Neighbors) table (the same table the solver
//! walks), no cell used twice. It may start anywhere and has 1 to N cells; a
//! path and its reverse are different paths. [`count_paths`] gives the
//! number of paths of each length, which bounds the work any dictionary
//! search on that shape can do; [`count_total`] gives their sum.
//!
//! # Two engines
//!
//! [`Engine::Dfs`] walks every path depth-first, with the used cells as a
//! `u64` bit mask (so boards of at most [`MAX_CELLS`] = 64 cells), each
//! cell's neighbors precomputed as a mask, the free neighbors of the path's
//! end found as `nbr[end] & !used`. A path's one-step extensions are counted
//! by a popcount without stepping onto them, and a step is only taken onto a
//! cell that has a free neighbor itself. The walk is cut into tasks at a
//! short prefix depth, and prefixes that a symmetry of the board carries
//! onto each other are walked once and weighted: the symmetries tried are
//! the grid's rotations and reflections (eight on a square, four on a
//! rectangle) composed, on a torus, with every translation; each candidate
//! is kept only if it is checked to map the neighbor table onto itself
//! ([`symmetry::preserving`](crate::symmetry::preserving)). The tasks run in
//! parallel on rayon, in a local pool when a thread count is given. Its time
//! grows with the number of paths: 10^11 on a 5x5 king board take seconds,
//! the 10^16 of a 6x6 board would take weeks.
//!
//! [`Engine::Frontier`] counts without walking: a dynamic program over a
//! sweep line (a transfer matrix), whose states are how the cells on the
//! sweep line are used and joined by partial paths. Its time grows with the
//! width of the board, not with the number of paths: a 6x6 king board takes
//! well under a second, and so does a 9x9 one. It takes any number of
//! cells; a torus doubles the sweep line, and a sweep line of more than
//! [`MAX_WIDTH`] cells is refused. Each step runs on every core too.
//!
//! [`Engine::Auto`], the default, takes the depth-first walk where it is
//! estimated to finish in a moment (a few million paths, or a torus with
//! many symmetries) and the sweep everywhere else ([`Engine::resolve`]). Both give the same numbers; the tests check that they do on
//! every shape both can count in seconds.
//!
//! Counts are `u128`: enough for every king board up to 9x9 and every rook
//! board up to 12x12. [`count_total_wide`] sweeps in 256 bits, for the
//! 10x10 king board and beyond. A count past what its type holds is an
//! error ([`CountError::Overflow`]), never a wrong number.
//!
//! ```
//! use solve::count::{count_paths, count_total, cumulative, CountOptions, Engine};
//! use solve::{Adjacency, Shape};
//!
//! let shape = Shape { rows: 3, cols: 3, adjacency: Adjacency::King, wrap: false };
//! let per_length = count_paths(shape, 9, &CountOptions::default()).unwrap();
//! assert_eq!(per_length[1], 9); // every cell is a path of one cell
//! assert_eq!(per_length[2], 40); // every step between two neighbors
//! assert_eq!(*cumulative(&per_length).last().unwrap(), 10_305);
//!
//! let six = Shape { rows: 6, cols: 6, ..shape };
//! let sweep = CountOptions { engine: Engine::Frontier, ..CountOptions::default() };
//! assert_eq!(count_total(six, &sweep).unwrap(), 9_913_814_758_253_424);
//! ```

use std::sync::atomic::AtomicBool;

use thiserror::Error;

use crate::neighbors::Shape;

mod dfs;
mod frontier;
mod wide;

pub use frontier::MAX_WIDTH;
pub use wide::U256;

/// The largest board (in cells) the depth-first engine takes: the used cells
/// are a `u64` bit mask.
pub const MAX_CELLS: usize = 64;

/// [`Engine::Auto`] walks a flat board depth-first when the walk is
/// estimated at no more than this many paths per symmetry class (about a
/// millisecond), and sweeps it otherwise: a flat board's sweep takes
/// milliseconds up to 7 columns (0.04 s for the 5x5 king board, whose walk
/// takes 20 s).
pub const AUTO_DFS_WALKS: f64 = 1e6;

/// As [`AUTO_DFS_WALKS`], for a torus, whose sweep is far slower (0.9 s for
/// the 4x4 king torus, which the walk counts in 0.1 s): about a tenth of a
/// second of walking.
pub const AUTO_DFS_WALKS_TORUS: f64 = 2e8;

/// Which way to count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// The depth-first walk for small counts, the sweep for the others (see
    /// [`AUTO_DFS_WALKS`] and [`AUTO_DFS_WALKS_TORUS`]).
    #[default]
    Auto,
    /// Walk every path (boards of at most [`MAX_CELLS`] cells).
    Dfs,
    /// Sweep a line across the board, counting without walking.
    Frontier,
}

impl Engine {
    /// The engine `Auto` stands for when counting paths of up to `max_len`
    /// cells on a board of this shape (the others stand for themselves):
    /// the sweep past [`MAX_CELLS`] cells; else the walk where the sweep line
    /// would be too wide, or where a quick estimate of the paths
    /// ([`estimate_paths`]) over the board's symmetries is at most
    /// [`AUTO_DFS_WALKS`] ([`AUTO_DFS_WALKS_TORUS`] on a torus); else the
    /// sweep.
    pub fn resolve(self, shape: Shape, max_len: usize) -> Engine {
        if self != Engine::Auto {
            return self;
        }
        if shape.rows * shape.cols > MAX_CELLS {
            return Engine::Frontier;
        }
        if frontier::width(shape) > MAX_WIDTH {
            return Engine::Dfs;
        }
        let classes = crate::symmetry::preserving(&crate::Neighbors::new(shape)).len();
        let walks = estimate_paths(shape, max_len, 2_000, 1) / classes.max(1) as f64;
        let limit = if shape.wrap {
            AUTO_DFS_WALKS_TORUS
        } else {
            AUTO_DFS_WALKS
        };
        if walks <= limit {
            Engine::Dfs
        } else {
            Engine::Frontier
        }
    }

    /// The engine's name as the command line writes it: `auto`, `dfs` or
    /// `frontier`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Dfs => "dfs",
            Engine::Frontier => "frontier",
        }
    }
}

impl std::str::FromStr for Engine {
    type Err = String;

    fn from_str(s: &str) -> Result<Engine, String> {
        match s {
            "auto" => Ok(Engine::Auto),
            "dfs" => Ok(Engine::Dfs),
            "frontier" | "sweep" => Ok(Engine::Frontier),
            _ => Err(format!("unknown engine {s:?} (use auto, dfs or frontier)")),
        }
    }
}

/// Why a count could not be made.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CountError {
    /// The board has no cells.
    #[error("the board has no cells")]
    Empty,
    /// The board has more cells than the depth-first engine's `u64` mask
    /// holds.
    #[error(
        "a {rows}x{cols} board has {cells} cells; the dfs engine counts at most {MAX_CELLS} \
         (the frontier engine counts larger boards)"
    )]
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
    #[error("interrupted after {done} of {total} steps: no count")]
    Interrupted {
        /// Tasks (depth-first) or cells (sweep) finished.
        done: usize,
        /// Tasks or cells in all.
        total: usize,
    },
    /// The sweep line of the frontier engine would hold more cells than its
    /// states encode.
    #[error(
        "a {rows}x{cols}{torus} board needs a sweep line of {width} cells; the frontier \
         engine handles at most {MAX_WIDTH}",
        torus = if *wrap { " torus" } else { "" }
    )]
    TooWide {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Whether the board wraps.
        wrap: bool,
        /// The sweep line's width, in cells.
        width: usize,
    },
    /// The sweep's next step would need more memory than
    /// [`CountOptions::memory`] allows. (A torus keeps a row more on the
    /// sweep line, and chains there can join in any order: its states grow
    /// far faster than a flat board's.)
    #[error(
        "the sweep needs more than {} GB after {done} of {total} cells (the limit is {} GB)",
        gigabytes(*needed),
        gigabytes(*limit)
    )]
    Memory {
        /// Bytes the next step would need, at least.
        needed: usize,
        /// The limit, in bytes.
        limit: usize,
        /// Cells swept.
        done: usize,
        /// Cells in all.
        total: usize,
    },
    /// A count passed the largest its type holds: 2^128 - 1 (about
    /// 3.4e38), or 2^256 - 1 for [`count_total_wide`].
    #[error("the count passes 2^{bits}, the most this count holds")]
    Overflow {
        /// 128, or 256.
        bits: u32,
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
    /// Which engine counts (default [`Engine::Auto`]).
    pub engine: Engine,
    /// The most memory the sweep may take, in bytes (`None`, the default:
    /// no limit). A step that would take more stops the count with
    /// [`CountError::Memory`] before it takes it.
    pub memory: Option<usize>,
    /// Called with `(steps done, steps in all)`: once with `0` before the
    /// count starts, then after every step (a task of the depth-first walk,
    /// from whichever thread ran it; a cell of the sweep).
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
            engine: Engine::Auto,
            memory: None,
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
/// # Errors
///
/// [`CountError::Empty`] for a board without cells; with the depth-first
/// engine [`CountError::TooLarge`] for one with more than [`MAX_CELLS`]
/// cells and [`CountError::Threads`] if a local pool cannot be started;
/// with the sweep [`CountError::TooWide`] for a board whose sweep line is
/// too wide and [`CountError::Overflow`] for a count past `u128::MAX`;
/// [`CountError::Interrupted`] when [`CountOptions::cancel`] is set.
pub fn count_paths(
    shape: Shape,
    max_len: usize,
    options: &CountOptions<'_>,
) -> Result<Vec<u128>, CountError> {
    let cells = check(shape)?;
    let max_len = max_len.min(cells);
    match options.engine.resolve(shape, max_len) {
        Engine::Frontier => {
            if max_len == 0 {
                return Ok(vec![0]);
            }
            // Chains of 1 to max_len - 1 edges; a path of k cells is a chain
            // of k - 1 edges walked either way.
            let chains: Vec<u128> = sweep(shape, max_len, options)?;
            let mut per_length = vec![0u128; max_len + 1];
            per_length[1] = cells as u128;
            for (k, &n) in chains.iter().enumerate().skip(1) {
                per_length[k + 1] = n.checked_mul(2).ok_or(CountError::Overflow { bits: 128 })?;
            }
            Ok(per_length)
        }
        _ => dfs::count(shape, max_len, options),
    }
}

/// Counts the paths of every length on an empty board of the given shape:
/// the sum of [`count_paths`], which the sweep finds faster by not keeping
/// the lengths apart.
///
/// # Errors
///
/// As [`count_paths`].
pub fn count_total(shape: Shape, options: &CountOptions<'_>) -> Result<u128, CountError> {
    let cells = check(shape)?;
    match options.engine.resolve(shape, cells) {
        Engine::Frontier => {
            let chains: u128 = sweep(shape, 1, options)?[0];
            chains
                .checked_mul(2)
                .and_then(|n| n.checked_add(cells as u128))
                .ok_or(CountError::Overflow { bits: 128 })
        }
        _ => dfs::count(shape, cells, options)?
            .iter()
            .try_fold(0u128, |sum, &n| sum.checked_add(n))
            .ok_or(CountError::Overflow { bits: 128 }),
    }
}

/// A memory limit for the sweep that leaves the machine usable: three
/// quarters of the memory available now, as Linux's `/proc/meminfo` says
/// (`None` where it cannot be read). The command line and the Python
/// package pass it as [`CountOptions::memory`].
pub fn memory_budget() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 4 * 3 * 1024)
}

/// Bytes as gigabytes, one decimal.
fn gigabytes(bytes: usize) -> String {
    format!("{:.1}", bytes as f64 / 1e9)
}

/// As [`count_total`], in 256 bits, for counts past `u128::MAX` (the 10x10
/// king board's, say); a count past 2^256 is [`CountError::Overflow`]. The
/// depth-first engine's counts fit in a `u128`; the sweep adds up 256-bit
/// counts, which takes about a third longer than 128-bit ones.
///
/// # Errors
///
/// As [`count_paths`].
pub fn count_total_wide(shape: Shape, options: &CountOptions<'_>) -> Result<U256, CountError> {
    let cells = check(shape)?;
    match options.engine.resolve(shape, cells) {
        Engine::Frontier => {
            let chains: U256 = sweep(shape, 1, options)?[0];
            chains
                .checked_add(chains)
                .and_then(|n| n.checked_add(U256::from(cells as u128)))
                .ok_or(CountError::Overflow { bits: 256 })
        }
        _ => count_total(shape, options).map(U256::from),
    }
}

/// The number of cells, or why the shape cannot be counted at all.
fn check(shape: Shape) -> Result<usize, CountError> {
    match shape.rows * shape.cols {
        0 => Err(CountError::Empty),
        cells => Ok(cells),
    }
}

/// Runs `count` on a local pool of `threads` threads, or on rayon's global
/// pool when `None`.
fn in_pool<T: Send>(
    threads: Option<usize>,
    count: impl FnOnce() -> Result<T, CountError> + Send,
) -> Result<T, CountError> {
    match threads {
        None => count(),
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| CountError::Threads {
                threads,
                message: e.to_string(),
            })?
            .install(count),
    }
}

/// The sweep, its refusals as [`CountError`]s.
fn sweep<T: wide::Tally>(
    shape: Shape,
    stride: usize,
    options: &CountOptions<'_>,
) -> Result<Vec<T>, CountError> {
    let (cancel, progress) = (options.cancel, options.progress);
    in_pool(options.threads, || {
        frontier::count_chains(shape, stride, options.memory, cancel, progress).map_err(|r| match r
        {
            frontier::Refusal::TooWide(width) => CountError::TooWide {
                rows: shape.rows,
                cols: shape.cols,
                wrap: shape.wrap,
                width,
            },
            frontier::Refusal::Overflow => CountError::Overflow {
                bits: 8 * std::mem::size_of::<T>() as u32,
            },
            frontier::Refusal::Memory {
                needed,
                done,
                total,
            } => CountError::Memory {
                needed,
                limit: options.memory.unwrap_or(usize::MAX),
                done,
                total,
            },
            frontier::Refusal::Interrupted { done, total } => {
                CountError::Interrupted { done, total }
            }
        })
    })
}

/// An estimate of the number of paths of 1 to `max_len` cells on an empty
/// board of the given shape, without counting them: the mean of `probes`
/// random walks (Knuth's estimator: a walk from a random cell that takes a
/// random free neighbor at each step stands for the product of the choices
/// it had), seeded for reproducibility. Unbiased; a few thousand probes
/// give the order of magnitude in milliseconds, enough to say whether an
/// exact count takes seconds or weeks.
///
/// It estimates what the depth-first engine walks (and says 0 past
/// [`MAX_CELLS`]); the sweep's time does not follow the number of paths.
pub fn estimate_paths(shape: Shape, max_len: usize, probes: usize, seed: u64) -> f64 {
    dfs::estimate(shape, max_len, probes, seed)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::neighbors::{Adjacency, Neighbors};
    use crate::testing::{king, rook, shape};
    use std::sync::atomic::Ordering;

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
        // 81 cells, 272 edges walked two ways, and a middle cell of degree d
        // starts d(d-1) paths of three cells: 4 corners of degree 3, 28 edge
        // cells of degree 5, 49 inner cells of degree 8.
        assert_eq!(
            count_paths(king(9, 9), 3, &CountOptions::default()),
            Ok(vec![0, 81, 544, 4 * 6 + 28 * 20 + 49 * 56])
        );
        assert_eq!(
            count_paths(king(9, 9), 3, &with(Engine::Dfs)),
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

    fn with(engine: Engine) -> CountOptions<'static> {
        CountOptions {
            engine,
            ..CountOptions::default()
        }
    }

    /// Both engines, by length and in total, on one shape.
    fn engines_agree(s: Shape, max_len: usize) {
        let dfs = count_paths(s, max_len, &with(Engine::Dfs)).unwrap();
        let sweep = count_paths(s, max_len, &with(Engine::Frontier)).unwrap();
        assert_eq!(sweep, dfs, "{s:?} up to {max_len} cells");
        if max_len >= s.rows * s.cols {
            let total = count_total(s, &with(Engine::Frontier)).unwrap();
            assert_eq!(total, dfs.iter().sum::<u128>(), "{s:?}");
        }
    }

    #[test]
    fn frontier_matches_dfs_on_small_shapes() {
        for r in 1..=4 {
            for c in 1..=5 {
                for adjacency in [Adjacency::King, Adjacency::NoDiagonals] {
                    for wrap in [false, true] {
                        if (r, c, adjacency, wrap) == (4, 5, Adjacency::King, true) {
                            continue; // the walk takes half a minute: in the slow test
                        }
                        engines_agree(shape(r, c, adjacency, wrap), r * c);
                    }
                }
            }
        }
        // Paths cut short.
        for s in [king(4, 5), rook(5, 4), shape(3, 4, Adjacency::King, true)] {
            for max_len in [1, 2, 5, 11] {
                engines_agree(s, max_len);
            }
        }
    }

    /// Every board up to 5x5 king and 6x6 rook, flat and (as far as the walk
    /// goes in seconds) torus, by both engines.
    #[test]
    #[ignore = "slow: about two minutes in release (the 5x5 king walk alone takes 20 s); .ci/run runs it"]
    fn frontier_matches_dfs_up_to_5x5_king_and_6x6_rook() {
        for r in 1..=6 {
            for c in r..=6 {
                if c <= 5 {
                    engines_agree(king(r, c), r * c);
                }
                engines_agree(rook(r, c), r * c);
                if r * c <= 20 {
                    engines_agree(shape(r, c, Adjacency::King, true), r * c);
                }
                if c <= 5 {
                    engines_agree(shape(r, c, Adjacency::NoDiagonals, true), r * c);
                }
            }
        }
    }

    /// OEIS A236690 (king) and A236753 (rook): directed paths on the n x n
    /// board, one-cell paths included.
    const A236690: [u128; 9] = [
        1,
        64,
        10_305,
        12_029_640,
        115_066_382_913,
        9_913_814_758_253_424,
        7_908_201_732_771_623_795_865,
        59_973_177_127_583_169_531_861_733_624,
        4_374_964_523_946_648_320_195_747_609_012_311_225,
    ];
    const A236753: [u128; 12] = [
        1,
        28,
        653,
        28_512,
        3_060_417,
        873_239_772,
        687_430_009_069,
        1_532_025_110_398_168,
        9_829_526_954_625_359_697,
        183_563_561_823_425_961_932_572,
        10_056_737_067_604_248_527_218_979_485,
        1_626_248_896_102_138_091_401_810_358_337_184,
    ];

    #[test]
    fn frontier_gives_the_published_terms() {
        let sweep = with(Engine::Frontier);
        for n in 1..=7 {
            assert_eq!(count_total(king(n, n), &sweep), Ok(A236690[n - 1]), "{n}");
        }
        for n in 1..=9 {
            assert_eq!(count_total(rook(n, n), &sweep), Ok(A236753[n - 1]), "{n}");
        }
        // By length, the lengths add up to the total.
        let per_length = count_paths(king(6, 6), 36, &sweep).unwrap();
        assert_eq!(per_length.iter().sum::<u128>(), A236690[5]);
    }

    #[test]
    #[ignore = "slow: about 45 s in release; .ci/run runs it"]
    fn frontier_gives_the_largest_published_terms() {
        let sweep = with(Engine::Frontier);
        for n in 8..=9 {
            assert_eq!(count_total(king(n, n), &sweep), Ok(A236690[n - 1]), "{n}");
        }
        // 12x12 takes three minutes more: RECORDS.md gives the command.
        for n in 10..=11 {
            assert_eq!(count_total(rook(n, n), &sweep), Ok(A236753[n - 1]), "{n}");
        }
    }

    #[test]
    fn wide_counts_equal_narrow_ones_and_go_past_them() {
        let sweep = with(Engine::Frontier);
        for s in [
            king(7, 7),
            rook(9, 9),
            shape(3, 5, Adjacency::King, true),
            king(3, 30),
        ] {
            let narrow = count_total(s, &sweep).unwrap();
            assert_eq!(
                count_total_wide(s, &sweep).unwrap().to_u128(),
                Some(narrow),
                "{s:?}"
            );
        }
        // Small boards go through the walk, in 128 bits, and come out wide.
        assert_eq!(
            count_total_wide(king(3, 3), &CountOptions::default()).unwrap(),
            U256::from(10_305u128)
        );
        // Past 2^128 the narrow count refuses and the wide one counts; each
        // column more has more paths than the one before.
        assert_eq!(
            count_total(king(3, 60), &sweep),
            Err(CountError::Overflow { bits: 128 })
        );
        let mut last = 0u128;
        let mut wide = Vec::new();
        for c in [55, 60, 65] {
            let n = count_total_wide(king(3, c), &sweep).unwrap();
            assert_eq!(n.to_u128(), None, "{c}");
            wide.push(n.to_string());
        }
        for pair in wide.windows(2) {
            assert!(pair[0].len() < pair[1].len(), "{pair:?}");
        }
        for c in 1..=30 {
            let n = count_total(king(3, c), &sweep).unwrap();
            assert!(n > last);
            last = n;
        }
    }

    #[test]
    fn auto_takes_the_walk_for_small_counts_and_the_sweep_for_large() {
        assert_eq!(Engine::Auto.resolve(king(3, 3), 9), Engine::Dfs);
        assert_eq!(Engine::Auto.resolve(king(6, 6), 36), Engine::Frontier);
        // A short limit keeps the walk small.
        assert_eq!(Engine::Auto.resolve(king(6, 6), 3), Engine::Dfs);
        // Past 64 cells only the sweep counts.
        assert_eq!(Engine::Auto.resolve(king(9, 9), 3), Engine::Frontier);
        assert_eq!(Engine::Dfs.resolve(king(9, 9), 81), Engine::Dfs);
        for engine in [Engine::Auto, Engine::Dfs, Engine::Frontier] {
            assert_eq!(engine.name().parse::<Engine>(), Ok(engine));
        }
        assert!("bfs".parse::<Engine>().is_err());
    }

    #[test]
    fn frontier_refuses_rather_than_guesses() {
        // A 3-wide king strip passes 2^128 paths well before 60 columns.
        assert_eq!(
            count_total(king(3, 60), &with(Engine::Frontier)),
            Err(CountError::Overflow { bits: 128 })
        );
        let tight = CountOptions {
            memory: Some(100_000),
            ..with(Engine::Frontier)
        };
        assert!(matches!(
            count_total(king(6, 6), &tight),
            Err(CountError::Memory { limit: 100_000, .. })
        ));
        // A rook torus 14 cells around keeps 29 on its sweep line: a row, the
        // row being swept, and the cell before.
        assert!(matches!(
            count_total(
                shape(14, 14, Adjacency::NoDiagonals, true),
                &with(Engine::Frontier)
            ),
            Err(CountError::TooWide { width: 29, .. })
        ));
        let flag = AtomicBool::new(true);
        let cancelled = CountOptions {
            cancel: Some(&flag),
            ..with(Engine::Frontier)
        };
        assert_eq!(
            count_total(king(6, 6), &cancelled),
            Err(CountError::Interrupted { done: 0, total: 36 })
        );
    }

    #[test]
    fn frontier_reports_progress_by_cell() {
        let seen = std::sync::Mutex::new(Vec::new());
        let report = |done, total| seen.lock().unwrap().push((done, total));
        let options = CountOptions {
            progress: Some(&report),
            ..with(Engine::Frontier)
        };
        count_total(king(5, 6), &options).unwrap();
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen, (0..=30).map(|d| (d, 30)).collect::<Vec<_>>());
    }
}
