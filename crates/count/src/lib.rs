//! Counting paths: exact state-space sizes, how many paths a board has,
//! with no dictionary.
//!
//! A *path* is a sequence of cells, each next to the one before it under the
//! board's [`Neighbors`] table (the same table the solver
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
//! ([`symmetry::preserving`]). The tasks run in
//! parallel on rayon, on as many threads as the job's [`Control`] asks. Its time
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
//! use count::{count_paths, count_total, cumulative, CountOptions, Engine};
//! use grid::Grid;
//!
//! let shape = Grid::king(3, 3);
//! let per_length = count_paths(shape, 9, &CountOptions::default()).unwrap();
//! assert_eq!(per_length[1], 9); // every cell is a path of one cell
//! assert_eq!(per_length[2], 40); // every step between two neighbors
//! assert_eq!(*cumulative(&per_length).last().unwrap(), 10_305);
//!
//! let six = Grid::king(6, 6);
//! let sweep = CountOptions { engine: Engine::Frontier, ..CountOptions::default() };
//! assert_eq!(count_total(six, &sweep).unwrap(), 9_913_814_758_253_424);
//! ```

#![deny(missing_docs)]

use grid::{symmetry, Grid, Neighbors};
use job::{Control, PoolError};
use thiserror::Error;

mod dfs;
mod frontier;
mod wide;

pub use frontier::MAX_WIDTH;
pub use wide::U256;

/// The largest board (in cells) the depth-first engine takes: the used cells
/// are a `u64` bit mask.
pub const MAX_CELLS: usize = grid::MASK_CELLS;

/// [`Engine::Auto`] walks a flat board depth-first when the walk is
/// estimated at no more than this many paths per symmetry class (about a
/// millisecond), and sweeps it otherwise: a flat board's sweep takes
/// milliseconds up to 7 columns, where the walk may take many seconds
/// (BENCHMARKS.md).
pub const AUTO_DFS_WALKS: f64 = 1e6;

/// As [`AUTO_DFS_WALKS`], for a torus, whose sweep is far slower than a
/// flat board's (the walk wins on small tori): about a tenth of a second of
/// walking.
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
    pub fn resolve(self, shape: Grid, max_len: usize) -> Engine {
        if self != Engine::Auto {
            return self;
        }
        if shape.rows * shape.cols > MAX_CELLS {
            return Engine::Frontier;
        }
        if frontier::width(shape) > MAX_WIDTH {
            return Engine::Dfs;
        }
        let classes = symmetry::preserving(&Neighbors::new(shape)).len();
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
    type Err = grid::UnknownName;

    fn from_str(s: &str) -> Result<Engine, grid::UnknownName> {
        match s {
            "auto" => Ok(Engine::Auto),
            "dfs" => Ok(Engine::Dfs),
            "frontier" | "sweep" => Ok(Engine::Frontier),
            _ => Err(grid::UnknownName::new("engine", s, "auto, dfs or frontier")),
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
    /// The job's [`Cancel`](job::Cancel) token stopped the count: a part of a count is no
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
    /// The pool of worker threads could not be started.
    #[error(transparent)]
    Threads(#[from] PoolError),
}

/// How to run [`count_paths`]. `CountOptions::default()` runs on every core
/// with the board's symmetries and no progress reports.
#[derive(Clone, Debug)]
pub struct CountOptions<'a> {
    /// Threads, the cancel token (a cancelled count ends with
    /// [`CountError::Interrupted`] within a fraction of a second) and
    /// progress: [`Progress`](job::Progress) steps done of steps in all, once with 0 done
    /// before the count starts, then after every step (a task of the
    /// depth-first walk, from whichever thread ran it; a cell of the sweep).
    pub control: Control<'a>,
    /// Walk one prefix per symmetry class and weight it (`true`, the
    /// default), or walk every prefix (`false`; for cross-checking).
    pub symmetry: bool,
    /// Which engine counts (default [`Engine::Auto`]).
    pub engine: Engine,
    /// The most memory the sweep may take, in bytes (`None`, the default:
    /// no limit). A step that would take more stops the count with
    /// [`CountError::Memory`] before it takes it.
    pub memory: Option<usize>,
}

impl Default for CountOptions<'_> {
    fn default() -> Self {
        CountOptions {
            control: Control::default(),
            symmetry: true,
            engine: Engine::Auto,
            memory: None,
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
/// [`CountError::Interrupted`] when the job is cancelled.
pub fn count_paths(
    shape: Grid,
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
pub fn count_total(shape: Grid, options: &CountOptions<'_>) -> Result<u128, CountError> {
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
pub fn count_total_wide(shape: Grid, options: &CountOptions<'_>) -> Result<U256, CountError> {
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
fn check(shape: Grid) -> Result<usize, CountError> {
    match shape.rows * shape.cols {
        0 => Err(CountError::Empty),
        cells => Ok(cells),
    }
}

/// The sweep, its refusals as [`CountError`]s.
fn sweep<T: wide::Number>(
    shape: Grid,
    stride: usize,
    options: &CountOptions<'_>,
) -> Result<Vec<T>, CountError> {
    options.control.install(|| {
        frontier::count_chains(shape, stride, options.memory, &options.control).map_err(|r| match r
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
    })?
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
pub fn estimate_paths(shape: Grid, max_len: usize, probes: usize, seed: u64) -> f64 {
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
mod tests;
