//! Searching for the highest-scoring boards (`boggle best`).
//!
//! # What is searched
//!
//! A [`Space`] says which boards may be built:
//!
//! - **letters** ([`Space::letters`]): every cell holds any letter of the
//!   pack's alphabet, read as a typed cell would be (with the English packs a
//!   `q` is the `Qu` face). New letters are drawn by how often they occur in
//!   the pack's words ([`LetterMode::Frequency`], the default) or uniformly;
//!   either way every letter can be reached (in frequency mode, every letter
//!   that occurs in some word).
//! - **dice** ([`Space::dice`]): only boards a dice set can roll — each cell
//!   holds a die showing one of its faces, each die at most once (when the
//!   set has at least as many dice as the board has cells) or every die at
//!   least once (when it has fewer, as [`crate::roll`] rolls them).
//!
//! # The algorithm
//!
//! Every thread runs its own chain of *annealing runs*, each followed by a
//! *polish*:
//!
//! 1. start from a random board (letters by weight, or a roll of the dice);
//! 2. for [`Schedule::run`] steps, propose a random move — change one cell's
//!    letter (drawn by weight), or swap two cells; with dice: swap two dice,
//!    re-roll one die to another face, or trade a die for one off the board —
//!    and accept it if it scores at least as well, or else with probability
//!    `exp(Δ / T)` (Metropolis). The temperature falls exponentially from
//!    [`Schedule::t0`] to [`Schedule::t_end`] over the run;
//! 3. polish the run's best board by steepest ascent: score every single move
//!    from it (all letter changes and all swaps), take the best improvement,
//!    and repeat until no move improves it — so every reported board is a
//!    local optimum;
//! 4. start again from a fresh random board.
//!
//! Boards are scored by [`Solver::tally`]. A per-thread memo of recent
//! boards' scores (keyed by a 128-bit hash of the cells) makes the frozen end
//! of a run, which keeps proposing the same few hundred neighbours, nearly
//! free: only boards actually scored count as *evaluations*, while every
//! board looked at (scored or remembered) counts as an *iteration*. A budget
//! is counted in iterations, so that it ends even on a space so small that
//! every board is soon remembered.
//!
//! Threads do not share boards: each runs independent restarts from its own
//! seed, so the result of a run bounded by iterations depends only on the
//! seed, the budget and the number of threads.
//!
//! # Canonical boards
//!
//! A board and its rotations and reflections score the same. Boards are
//! reported in a canonical form ([`canonical_text`]): among the symmetries
//! that keep the board's shape (8 for a square board, 4 for a rectangle: the
//! identity, the two mirror images and the half turn), the one whose text is
//! smallest, comparing the texts as strings. A square board's text is its
//! cells in row-major order as one run (`perslatgsineters`); a rectangle's
//! has its rows separated by `/` (`abcde/fghij/klmno/pqrst`), so that both
//! read back as the same board. A face that a single letter reads as is
//! written as that letter (`q` for `Qu` on an English board); other
//! multi-letter faces are bracketed (`[th]`), and a blank is `.`.
//!
//! # Reproducibility
//!
//! The random numbers come from [`Rng`] (xoshiro256\*\*), thread `i` seeded
//! with the `i`-th [`splitmix64`] output from the seed. A run bounded by
//! iterations ([`Budget::Iterations`], split evenly across the threads) is
//! a function of the space, the rules, the seed, the budget, the schedule and
//! the thread count: the same inputs give the same boards (on the same
//! platform: the acceptance test uses the platform's `exp`). A run bounded by
//! time ([`Budget::Time`]) is not reproducible: how far each thread gets
//! depends on the machine and its load.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use prep::Pack;
use serde::Serialize;
use thiserror::Error;

use crate::board::{Board, FaceRules};
use crate::dice::{DiceError, DiceSet};
use crate::roll::{deal, letter_counts, splitmix64, LetterMode, Rng, MAX_SIDE};
use crate::search::{Solver, Tally};

/// A search could not be set up.
#[derive(Debug, Error)]
pub enum BestError {
    /// A board size out of range.
    #[error("board size {rows}x{cols}: rows and columns must be 1 to {MAX_SIDE}")]
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The dice set does not fit the pack.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// No letters to build boards from.
    #[error("{0}")]
    Letters(String),
    /// A duration that cannot be read.
    #[error("duration {0:?}: expected a number with a unit, like 90s, 5m, 1h30m or 500ms")]
    Duration(String),
    /// Options that do not make sense together.
    #[error("{0}")]
    Options(String),
}

/// Which boards may be built, and how a random one is drawn.
#[derive(Clone, Debug)]
pub struct Space {
    rows: usize,
    cols: usize,
    /// The distinct faces; a board is a face index per cell.
    faces: Vec<Option<String>>,
    /// Each face as board text.
    text: Vec<String>,
    kind: Kind,
    label: String,
}

#[derive(Clone, Debug)]
enum Kind {
    Letters {
        /// Running totals of the faces' weights.
        cumulative: Vec<u64>,
    },
    Dice {
        /// Each die's faces, as written (duplicates kept: a roll is uniform
        /// over them).
        rolls: Vec<Vec<u16>>,
        /// Each die's distinct faces (for moves).
        distinct: Vec<Vec<u16>>,
    },
}

impl Space {
    /// Boards of `rows` x `cols` cells of the pack's letters, drawn by
    /// `mode`, each read under `rules` (so a `q` may be `Qu`).
    pub fn letters(
        pack: &Pack,
        rules: &FaceRules,
        mode: LetterMode,
        rows: usize,
        cols: usize,
    ) -> Result<Space, BestError> {
        check_size(rows, cols)?;
        let weighted: Vec<(char, u64)> = match mode {
            LetterMode::Uniform => rules.alphabet().iter().map(|&c| (c, 1)).collect(),
            LetterMode::Frequency => letter_counts(pack),
        };
        let mut faces: Vec<Option<String>> = Vec::new();
        let mut weights: Vec<u64> = Vec::new();
        for (c, w) in weighted {
            if w == 0 {
                continue;
            }
            let typed = c.to_string();
            let face = rules.face(&typed, false).unwrap_or(typed);
            match faces
                .iter()
                .position(|f| f.as_deref() == Some(face.as_str()))
            {
                Some(i) => weights[i] += w,
                None => {
                    faces.push(Some(face));
                    weights.push(w);
                }
            }
        }
        if faces.is_empty() {
            return Err(BestError::Letters(format!(
                "pack {} has no letters to build boards from ({mode} letters)",
                pack.name()
            )));
        }
        let cumulative = weights
            .iter()
            .scan(0u64, |total, &w| {
                *total += w;
                Some(*total)
            })
            .collect();
        Ok(Space::build(
            rows,
            cols,
            faces,
            rules,
            Kind::Letters { cumulative },
            format!("{mode} letters"),
        ))
    }

    /// Boards of `rows` x `cols` cells that `set` can roll, its faces read
    /// under `rules`. Fails when a face is not in the pack's alphabet.
    pub fn dice(
        set: &DiceSet,
        rules: &FaceRules,
        rows: usize,
        cols: usize,
    ) -> Result<Space, BestError> {
        check_size(rows, cols)?;
        let mut faces: Vec<Option<String>> = Vec::new();
        let mut rolls = Vec::new();
        let mut distinct = Vec::new();
        for die in set.board_faces(rules)? {
            let mut roll = Vec::with_capacity(die.len());
            for face in die {
                let i = match faces.iter().position(|f| *f == face) {
                    Some(i) => i,
                    None => {
                        faces.push(face);
                        faces.len() - 1
                    }
                };
                roll.push(i as u16);
            }
            let mut d = roll.clone();
            d.sort_unstable();
            d.dedup();
            rolls.push(roll);
            distinct.push(d);
        }
        if faces.len() > usize::from(u16::MAX) {
            return Err(BestError::Options(format!(
                "dice set {} has more than {} distinct faces",
                set.name(),
                u16::MAX
            )));
        }
        Ok(Space::build(
            rows,
            cols,
            faces,
            rules,
            Kind::Dice { rolls, distinct },
            format!("{} dice", set.name()),
        ))
    }

    fn build(
        rows: usize,
        cols: usize,
        faces: Vec<Option<String>>,
        rules: &FaceRules,
        kind: Kind,
        label: String,
    ) -> Space {
        let text = faces
            .iter()
            .map(|f| face_text(f.as_deref(), rules))
            .collect();
        Space {
            rows,
            cols,
            faces,
            text,
            kind,
            label,
        }
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// `frequency letters`, `uniform letters`, or the dice set's name and
    /// `dice`.
    pub fn label(&self) -> &str {
        &self.label
    }

    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The board of a state.
    fn board(&self, cells: &[u16]) -> Board {
        Board::new(
            self.rows,
            self.cols,
            cells
                .iter()
                .map(|&f| self.faces[f as usize].clone())
                .collect(),
        )
        .expect("a space's boards have its shape")
    }

    /// The canonical text of a state.
    fn canonical(&self, cells: &[u16], symmetries: &[Vec<usize>]) -> String {
        let texts: Vec<&str> = cells
            .iter()
            .map(|&f| self.text[f as usize].as_str())
            .collect();
        canonical_with(&texts, self.rows, self.cols, symmetries)
    }

    /// A face drawn by weight.
    fn draw_letter(&self, cumulative: &[u64], rng: &mut Rng) -> u16 {
        let total = cumulative.last().copied().unwrap_or(1);
        let r = rng.below(total);
        cumulative.partition_point(|&c| c <= r) as u16
    }

    /// A random state: letters drawn by weight, or the dice rolled as
    /// [`crate::roll`] rolls them.
    fn random(&self, rng: &mut Rng) -> State {
        let k = self.cells();
        match &self.kind {
            Kind::Letters { cumulative } => State {
                cells: (0..k).map(|_| self.draw_letter(cumulative, rng)).collect(),
                dice: Vec::new(),
                count: Vec::new(),
            },
            Kind::Dice { rolls, .. } => {
                let n = rolls.len();
                let order = deal(n, k, rng);
                let mut count = vec![0u16; n];
                let mut cells = Vec::with_capacity(k);
                for &d in &order {
                    count[d] += 1;
                    let die = &rolls[d];
                    cells.push(die[rng.below(die.len() as u64) as usize]);
                }
                State {
                    cells,
                    dice: order.iter().map(|&d| d as u16).collect(),
                    count,
                }
            }
        }
    }
}

fn check_size(rows: usize, cols: usize) -> Result<(), BestError> {
    if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(BestError::Size { rows, cols });
    }
    Ok(())
}

/// A face as board text: a single letter that reads as the face (`q` for
/// `Qu` when the rules alias it), else the face in brackets; `.` for a blank.
fn face_text(face: Option<&str>, rules: &FaceRules) -> String {
    let Some(face) = face else {
        return ".".to_string();
    };
    let mut chars = face.chars();
    if let Some(first) = chars.next() {
        let typed = first.to_string();
        if rules.face(&typed, false).as_deref() == Ok(face) {
            return typed;
        }
    }
    format!("[{face}]")
}

/// The symmetries of an R x C board that keep its shape, as cell maps: the
/// transformed board's cell `i` is the original's cell `map[i]` (row-major).
/// A square board has 8 (four rotations, each possibly mirrored), a
/// rectangle 4 (identity, left-right and top-bottom mirrors, half turn). The
/// identity comes first.
pub fn symmetries(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let (r, c) = (rows, cols);
    // The (row, col) of the original cell that lands at (i, j) under
    // symmetry `s`: 0-3 keep the shape of any board, 4-7 transpose it.
    let source = |s: usize, i: usize, j: usize| match s {
        0 => (i, j),
        1 => (i, c - 1 - j),
        2 => (r - 1 - i, j),
        3 => (r - 1 - i, c - 1 - j),
        4 => (j, i),
        5 => (j, c - 1 - i),
        6 => (r - 1 - j, i),
        _ => (r - 1 - j, c - 1 - i),
    };
    let count = if rows == cols { 8 } else { 4 };
    (0..count)
        .map(|s| {
            (0..rows * cols)
                .map(|k| {
                    let (i, j) = source(s, k / cols, k % cols);
                    i * cols + j
                })
                .collect()
        })
        .collect()
}

/// A board's text from its cells' texts (row-major): one run for a square
/// board, rows separated by `/` for a rectangle.
pub fn board_string(cells: &[&str], rows: usize, cols: usize) -> String {
    let mut s = String::with_capacity(cells.len() + rows);
    for (i, cell) in cells.iter().enumerate() {
        if rows != cols && i > 0 && i % cols == 0 {
            s.push('/');
        }
        s.push_str(cell);
    }
    s
}

/// The canonical text of a board given as its cells' texts (row-major, each
/// a letter, `[face]` or `.`): the smallest [`board_string`] among the
/// board's [`symmetries`]. Boards that are rotations or reflections of each
/// other have the same canonical text. Panics if `cells.len()` is not
/// `rows * cols`.
pub fn canonical_text(cells: &[&str], rows: usize, cols: usize) -> String {
    canonical_with(cells, rows, cols, &symmetries(rows, cols))
}

fn canonical_with(cells: &[&str], rows: usize, cols: usize, symmetries: &[Vec<usize>]) -> String {
    assert_eq!(cells.len(), rows * cols, "canonical_text: wrong cell count");
    let mut best: Option<String> = None;
    let mut moved: Vec<&str> = Vec::with_capacity(cells.len());
    for map in symmetries {
        moved.clear();
        moved.extend(map.iter().map(|&k| cells[k]));
        let s = board_string(&moved, rows, cols);
        if best.as_ref().map_or(true, |b| s < *b) {
            best = Some(s);
        }
    }
    best.unwrap_or_default()
}

/// The canonical text of a board (see [`canonical_text`]), its faces
/// written as `rules` read them.
pub fn canonical_board(board: &Board, rules: &FaceRules) -> String {
    let texts: Vec<String> = (0..board.len())
        .map(|i| face_text(board.face(i), rules))
        .collect();
    let cells: Vec<&str> = texts.iter().map(String::as_str).collect();
    canonical_text(&cells, board.rows(), board.cols())
}

/// When a search stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// After this many iterations (boards looked at, scored or remembered),
    /// in all, split evenly across the threads. Reproducible.
    Iterations(u64),
    /// After this long. Not reproducible.
    Time(Duration),
}

/// The annealing schedule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// The temperature a run starts at, in points.
    pub t0: f64,
    /// The temperature a run ends at, in points.
    pub t_end: f64,
    /// Steps (proposed moves) per run.
    pub run: u64,
    /// Percentage of moves that swap two cells (the rest change a letter, or
    /// with dice re-roll or trade a die).
    pub swap_percent: u64,
}

impl Schedule {
    /// The default schedule for a board of `cells` cells: for 4x4, runs of
    /// 50,000 steps from 100 points down to 1; a bigger board scores more
    /// and has more moves, so with `f = cells / 16` the temperatures scale
    /// by `f^1.5` and the run length by `f^3` (5x5: 195 to 1.95 over
    /// 190,735 steps), and never fewer than 1,000 steps.
    ///
    /// Tuned on ENABLE2K with Boggle scoring: on 4x4 this finds the proven
    /// best board in seconds. On 5x5, runs of 78,125 steps from 100 points
    /// down to 1 stalled near 10,030 points in 8 minutes, where runs of
    /// 200,000 steps from 200 down to 2 found the best published board
    /// (10,406) in 82 seconds.
    pub fn for_cells(cells: usize) -> Schedule {
        let f = cells.max(1) as f64 / 16.0;
        let t0 = 100.0 * f.powf(1.5);
        Schedule {
            t0,
            t_end: t0 / 100.0,
            run: ((50_000.0 * f.powi(3)).round() as u64).max(1_000),
            swap_percent: 30,
        }
    }
}

/// How to search.
#[derive(Clone, Debug)]
pub struct Options {
    /// When to stop.
    pub budget: Budget,
    /// The seed: thread `i` runs from the `i`-th SplitMix64 output of it.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// How many of the best distinct boards to keep (at least 1).
    pub top: usize,
    /// The annealing schedule.
    pub schedule: Schedule,
    /// Stop as soon as a board scores at least this much.
    pub stop_at: Option<u64>,
}

/// A board found, in canonical form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Found {
    /// The board's canonical text (see the module docs).
    pub board: String,
    /// Its score.
    pub score: u64,
    /// Its number of distinct words.
    pub words: u64,
}

/// What a search found.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    /// The best distinct boards, best first (ties by canonical text).
    pub best: Vec<Found>,
    /// Boards scored, in all.
    pub evaluations: u64,
    /// Boards looked at (scored, or remembered from the memo), in all.
    pub iterations: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Annealing runs started, in all.
    pub runs: u64,
    /// When the best board was first found, in seconds from the start.
    pub best_seconds: f64,
    /// Whether the search stopped because a board reached
    /// [`Options::stop_at`].
    pub reached_target: bool,
}

/// A snapshot for a progress display.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Time since the start.
    pub elapsed: Duration,
    /// Boards scored so far (approximate while running).
    pub evaluations: u64,
    /// The best board so far.
    pub best: Option<Found>,
}

/// Reads a duration: a number with a unit (`ms`, `s`, `m`, `h`), or several
/// (`1h30m`); a bare number is seconds. Fractions are allowed (`1.5m`).
pub fn parse_duration(text: &str) -> Result<Duration, BestError> {
    let bad = || BestError::Duration(text.to_string());
    let s = text.trim().to_ascii_lowercase();
    if s.is_empty() {
        return Err(bad());
    }
    let mut total = 0f64;
    let mut rest = s.as_str();
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if digits == 0 {
            return Err(bad());
        }
        let n: f64 = rest[..digits].parse().map_err(|_| bad())?;
        rest = &rest[digits..];
        let unit = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let scale = match rest[..unit].trim() {
            "" | "s" | "sec" | "secs" => 1.0,
            "ms" => 0.001,
            "m" | "min" | "mins" => 60.0,
            "h" | "hr" | "hours" | "hour" => 3600.0,
            _ => return Err(bad()),
        };
        rest = &rest[unit..];
        total += n * scale;
    }
    if !total.is_finite() || total <= 0.0 || total > 1e9 {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(total))
}

/// A progress callback for [`search`].
pub type ProgressFn<'a> = &'a mut dyn FnMut(&Progress);

/// Searches for the best boards of `space` under `solver`'s rules (see the
/// module docs). `progress`, when given, is called on the calling thread
/// about every `interval` while the search runs.
pub fn search(
    space: &Space,
    solver: &Solver,
    options: &Options,
    progress: Option<(ProgressFn<'_>, Duration)>,
) -> Result<Outcome, BestError> {
    if options.threads == 0 {
        return Err(BestError::Options("threads must be at least 1".into()));
    }
    if options.top == 0 {
        return Err(BestError::Options("top must be at least 1".into()));
    }
    let s = &options.schedule;
    if !(s.t0 > 0.0 && s.t_end > 0.0 && s.t_end <= s.t0 && s.t0.is_finite()) {
        return Err(BestError::Options(
            "temperatures must be positive, the final one at most the first".into(),
        ));
    }
    if s.run == 0 {
        return Err(BestError::Options("a run needs at least one step".into()));
    }
    let mut solver = solver.clone();
    solver.warm_up();
    let started = Instant::now();
    let shared = Shared {
        started,
        deadline: match options.budget {
            Budget::Time(d) => Some(started + d),
            Budget::Iterations(_) => None,
        },
        stop: AtomicBool::new(false),
        stop_at: options.stop_at,
        evaluations: AtomicU64::new(0),
        best_score: AtomicU64::new(0),
        best: Mutex::new(None),
    };
    let symmetries = symmetries(space.rows, space.cols);
    let threads = options.threads;
    let mut seeds = options.seed;
    let workers: Vec<Worker> = (0..threads)
        .map(|t| {
            let quota = match options.budget {
                Budget::Iterations(n) => {
                    let t = t as u64;
                    let k = threads as u64;
                    Some(n / k + u64::from(t < n % k))
                }
                Budget::Time(_) => None,
            };
            Worker {
                space,
                solver: solver.clone(),
                rng: Rng::new(splitmix64(&mut seeds)),
                schedule: options.schedule,
                quota,
                iterations: 0,
                evaluations: 0,
                reported: 0,
                runs: 0,
                memo: HashMap::default(),
                pool: Pool::new(options.top),
                symmetries: &symmetries,
                shared: &shared,
            }
        })
        .collect();
    let (tx, rx) = mpsc::channel::<()>();
    let results: Vec<Finished> = std::thread::scope(|scope| {
        let handles: Vec<_> = workers
            .into_iter()
            .map(|mut w| {
                let tx = tx.clone();
                scope.spawn(move || {
                    w.work();
                    let _ = tx.send(());
                    Finished {
                        pool: w.pool,
                        evaluations: w.evaluations,
                        iterations: w.iterations,
                        runs: w.runs,
                    }
                })
            })
            .collect();
        drop(tx);
        if let Some((report, interval)) = progress {
            let snapshot = |shared: &Shared| Progress {
                elapsed: shared.started.elapsed(),
                evaluations: shared.evaluations.load(Ordering::Relaxed),
                best: shared.best.lock().map(|b| b.clone()).unwrap_or(None),
            };
            let mut done = 0;
            while done < threads {
                match rx.recv_timeout(interval) {
                    Ok(()) => done += 1,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
                report(&snapshot(&shared));
            }
        }
        handles
            .into_iter()
            .map(|h| match h.join() {
                Ok(r) => r,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    let seconds = started.elapsed().as_secs_f64();
    let mut pool = Pool::new(options.top);
    let (mut evaluations, mut iterations, mut runs) = (0, 0, 0);
    for done in results {
        evaluations += done.evaluations;
        iterations += done.iterations;
        runs += done.runs;
        for entry in done.pool.entries {
            pool.offer_canonical(entry);
        }
    }
    let best_seconds = pool.entries.first().map_or(0.0, |e| e.seconds);
    let reached_target = options
        .stop_at
        .is_some_and(|t| pool.entries.first().is_some_and(|e| e.found.score >= t));
    Ok(Outcome {
        best: pool.entries.into_iter().map(|e| e.found).collect(),
        evaluations,
        iterations,
        seconds,
        seed: options.seed,
        threads,
        runs,
        best_seconds,
        reached_target,
    })
}

/// What a thread hands back.
struct Finished {
    pool: Pool,
    evaluations: u64,
    iterations: u64,
    runs: u64,
}

/// What the threads share: the clock, the stop flag, progress counters.
struct Shared {
    started: Instant,
    deadline: Option<Instant>,
    stop: AtomicBool,
    stop_at: Option<u64>,
    evaluations: AtomicU64,
    best_score: AtomicU64,
    best: Mutex<Option<Found>>,
}

/// One board of a state: face per cell, and with dice the die per cell and
/// how many times each die is on the board.
#[derive(Clone, Debug)]
struct State {
    cells: Vec<u16>,
    dice: Vec<u16>,
    count: Vec<u16>,
}

/// A move, as applied to a state.
#[derive(Clone, Copy, Debug)]
enum Move {
    /// Cell `0` shows face `1` (same die).
    Face(usize, u16),
    /// Swap two cells (faces and dice).
    Swap(usize, usize),
    /// Cell `0` holds die `1` showing face `2`.
    Die(usize, u16, u16),
}

impl State {
    /// Applies a move; returns the move that undoes it.
    fn apply(&mut self, m: Move) -> Move {
        match m {
            Move::Face(i, f) => {
                let old = self.cells[i];
                self.cells[i] = f;
                Move::Face(i, old)
            }
            Move::Swap(a, b) => {
                self.cells.swap(a, b);
                if !self.dice.is_empty() {
                    self.dice.swap(a, b);
                }
                Move::Swap(a, b)
            }
            Move::Die(i, d, f) => {
                let (old_d, old_f) = (self.dice[i], self.cells[i]);
                self.count[old_d as usize] -= 1;
                self.count[d as usize] += 1;
                self.dice[i] = d;
                self.cells[i] = f;
                Move::Die(i, old_d, old_f)
            }
        }
    }
}

/// A kept board: what is reported, and when it was first found.
#[derive(Clone, Debug)]
struct Entry {
    found: Found,
    seconds: f64,
}

/// The best distinct boards so far, best first (score, then text).
struct Pool {
    size: usize,
    entries: Vec<Entry>,
}

impl Pool {
    fn new(size: usize) -> Pool {
        Pool {
            size,
            entries: Vec::with_capacity(size + 1),
        }
    }

    /// Whether a board of this score could enter.
    #[inline]
    fn wants(&self, score: u64) -> bool {
        self.entries.len() < self.size
            || self.entries.last().is_some_and(|e| score >= e.found.score)
    }

    /// Offers a board already in canonical form; returns whether it entered.
    /// A board already kept is not kept again, but keeps the earlier of the
    /// two times it was found.
    fn offer_canonical(&mut self, entry: Entry) -> bool {
        if let Some(e) = self
            .entries
            .iter_mut()
            .find(|e| e.found.board == entry.found.board)
        {
            e.seconds = e.seconds.min(entry.seconds);
            return false;
        }
        let key = |e: &Entry| (std::cmp::Reverse(e.found.score), e.found.board.clone());
        let at = self.entries.partition_point(|e| key(e) < key(&entry));
        if at >= self.size {
            return false;
        }
        self.entries.insert(at, entry);
        self.entries.truncate(self.size);
        true
    }
}

/// Memo keys are already hashes: use them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u128(&mut self, n: u128) {
        self.0 = n as u64;
    }
}

/// Most boards a thread remembers before it forgets them all.
const MEMO_LIMIT: usize = 1 << 18;

/// Whether die `d` on a cell may be traded for die `e`: with more dice than
/// cells (`spare`), for one off the board; with fewer, only while `d` is on
/// the board twice, so every die stays on it.
fn can_trade(state: &State, d: usize, e: usize, spare: bool) -> bool {
    e != d
        && if spare {
            state.count[e] == 0
        } else {
            state.count[d] >= 2
        }
}

/// A 128-bit hash of a state's cells.
fn key(cells: &[u16]) -> u128 {
    let (mut a, mut b) = (0x243f_6a88_85a3_08d3u64, 0x1319_8a2e_0370_7344u64);
    for &c in cells {
        a = (a ^ u64::from(c)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        a ^= a >> 29;
        b = (b ^ u64::from(c))
            .wrapping_add(0x632b_e59b_d9b4_e019)
            .rotate_left(23);
        b = b.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    }
    let mut x = a ^ b.rotate_left(17);
    let lo = splitmix64(&mut x);
    let hi = splitmix64(&mut x) ^ b;
    (u128::from(hi) << 64) | u128::from(lo)
}

/// One thread's search.
struct Worker<'a> {
    space: &'a Space,
    solver: Solver,
    rng: Rng,
    schedule: Schedule,
    quota: Option<u64>,
    iterations: u64,
    evaluations: u64,
    /// Evaluations already added to the shared counter.
    reported: u64,
    runs: u64,
    memo: HashMap<u128, Tally, BuildHasherDefault<KeyHasher>>,
    pool: Pool,
    symmetries: &'a [Vec<usize>],
    shared: &'a Shared,
}

impl Worker<'_> {
    /// Whether this thread has scored all the boards it may.
    #[inline]
    fn spent(&self) -> bool {
        self.quota.is_some_and(|q| self.iterations >= q)
    }

    /// Whether to stop: budget spent, time up, or another thread hit the
    /// target.
    fn done(&mut self) -> bool {
        if self.spent() {
            return true;
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            return true;
        }
        if let Some(deadline) = self.shared.deadline {
            if Instant::now() >= deadline {
                self.shared.stop.store(true, Ordering::Relaxed);
                return true;
            }
        }
        false
    }

    fn work(&mut self) {
        while !self.done() {
            self.runs += 1;
            let best = self.anneal();
            self.polish(best);
        }
        self.flush();
    }

    fn flush(&mut self) {
        self.shared
            .evaluations
            .fetch_add(self.evaluations - self.reported, Ordering::Relaxed);
        self.reported = self.evaluations;
    }

    /// Scores a state (from the memo if it was scored lately).
    fn score(&mut self, state: &State) -> Tally {
        self.iterations += 1;
        let k = key(&state.cells);
        if let Some(t) = self.memo.get(&k) {
            return *t;
        }
        let board = self.space.board(&state.cells);
        let tally = self.solver.tally(&board);
        self.evaluations += 1;
        if self.evaluations - self.reported >= 1024 {
            self.flush();
        }
        if self.memo.len() >= MEMO_LIMIT {
            self.memo.clear();
        }
        self.memo.insert(k, tally);
        if self.pool.wants(tally.score) {
            self.keep(state, tally);
        }
        tally
    }

    /// Offers a scored state to the pool, and to the shared best.
    fn keep(&mut self, state: &State, tally: Tally) {
        let board = self.space.canonical(&state.cells, self.symmetries);
        let entry = Entry {
            found: Found {
                board,
                score: tally.score,
                words: tally.words,
            },
            seconds: self.shared.started.elapsed().as_secs_f64(),
        };
        let shared = self.shared;
        if tally.score > shared.best_score.load(Ordering::Relaxed) {
            if let Ok(mut best) = shared.best.lock() {
                if best.as_ref().map_or(true, |b| tally.score > b.score) {
                    *best = Some(entry.found.clone());
                    shared.best_score.store(tally.score, Ordering::Relaxed);
                }
            }
            if shared.stop_at.is_some_and(|t| tally.score >= t) {
                shared.stop.store(true, Ordering::Relaxed);
            }
        }
        self.pool.offer_canonical(entry);
    }

    /// One annealing run from a random board; returns the best state seen.
    fn anneal(&mut self) -> (State, Tally) {
        let mut state = self.space.random(&mut self.rng);
        let mut current = self.score(&state);
        let mut best = (state.clone(), current);
        let Schedule { t0, t_end, run, .. } = self.schedule;
        let ratio = (t_end / t0).ln();
        let mut t = t0;
        for step in 0..run {
            if self.spent() {
                break;
            }
            if step % 64 == 0 {
                if self.done() {
                    break;
                }
                t = t0 * (ratio * step as f64 / run as f64).exp();
            }
            let Some(m) = self.propose(&state) else {
                break;
            };
            let undo = state.apply(m);
            let next = self.score(&state);
            let accept = next.score >= current.score || {
                let delta = next.score as f64 - current.score as f64;
                self.uniform() < (delta / t).exp()
            };
            if accept {
                current = next;
                if current.score > best.1.score {
                    best = (state.clone(), current);
                }
            } else {
                state.apply(undo);
            }
        }
        best
    }

    /// A uniform number in [0, 1).
    fn uniform(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A random move from a state, or `None` when no move changes anything.
    fn propose(&mut self, state: &State) -> Option<Move> {
        let k = state.cells.len();
        let rng = &mut self.rng;
        let swap = k >= 2 && rng.below(100) < self.schedule.swap_percent;
        if swap {
            for _ in 0..8 {
                let a = rng.below(k as u64) as usize;
                let b = rng.below(k as u64 - 1) as usize;
                let b = if b >= a { b + 1 } else { b };
                if state.cells[a] != state.cells[b] {
                    return Some(Move::Swap(a, b));
                }
            }
        }
        match &self.space.kind {
            Kind::Letters { cumulative } => {
                if cumulative.len() < 2 {
                    return None;
                }
                let i = rng.below(k as u64) as usize;
                loop {
                    let f = self.space.draw_letter(cumulative, rng);
                    if f != state.cells[i] {
                        return Some(Move::Face(i, f));
                    }
                }
            }
            Kind::Dice { rolls, distinct } => {
                let n = rolls.len();
                let trade = n != k && rng.below(3) == 0;
                for _ in 0..16 {
                    let i = rng.below(k as u64) as usize;
                    let d = state.dice[i] as usize;
                    if trade {
                        // Another die for this cell: one off the board (more
                        // dice than cells), or any other when this one is on
                        // the board twice (fewer).
                        let e = rng.below(n as u64) as usize;
                        if can_trade(state, d, e, n > k) {
                            let faces = &rolls[e];
                            let f = faces[rng.below(faces.len() as u64) as usize];
                            return Some(Move::Die(i, e as u16, f));
                        }
                    } else {
                        let faces = &distinct[d];
                        if faces.len() >= 2 {
                            let j = rng.below(faces.len() as u64 - 1) as usize;
                            let cur = faces.iter().position(|&f| f == state.cells[i]);
                            let j = match cur {
                                Some(c) if j >= c => j + 1,
                                _ => j,
                            };
                            return Some(Move::Face(i, faces[j]));
                        }
                    }
                }
                None
            }
        }
    }

    /// Every single move from a state.
    fn neighbourhood(&self, state: &State, moves: &mut Vec<Move>) {
        moves.clear();
        let k = state.cells.len();
        for a in 0..k {
            for b in a + 1..k {
                if state.cells[a] != state.cells[b] {
                    moves.push(Move::Swap(a, b));
                }
            }
        }
        match &self.space.kind {
            Kind::Letters { cumulative } => {
                for i in 0..k {
                    for f in 0..cumulative.len() as u16 {
                        if f != state.cells[i] {
                            moves.push(Move::Face(i, f));
                        }
                    }
                }
            }
            Kind::Dice { distinct, .. } => {
                let n = distinct.len();
                for i in 0..k {
                    let d = state.dice[i] as usize;
                    for &f in &distinct[d] {
                        if f != state.cells[i] {
                            moves.push(Move::Face(i, f));
                        }
                    }
                    if n == k {
                        continue;
                    }
                    for (e, faces) in distinct.iter().enumerate() {
                        if can_trade(state, d, e, n > k) {
                            moves.extend(faces.iter().map(|&f| Move::Die(i, e as u16, f)));
                        }
                    }
                }
            }
        }
    }

    /// Steepest ascent from a state until no single move improves it.
    fn polish(&mut self, (mut state, mut current): (State, Tally)) {
        let mut moves = Vec::new();
        loop {
            self.neighbourhood(&state, &mut moves);
            let mut best: Option<(Move, Tally)> = None;
            for &m in &moves {
                if self.done() {
                    return;
                }
                let undo = state.apply(m);
                let t = self.score(&state);
                state.apply(undo);
                if t.score > best.map_or(current.score, |b| b.1.score) {
                    best = Some((m, t));
                }
            }
            match best {
                Some((m, t)) => {
                    state.apply(m);
                    current = t;
                }
                None => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        let s = |t: &str| parse_duration(t).map(|d| d.as_secs_f64()).ok();
        assert_eq!(s("5m"), Some(300.0));
        assert_eq!(s("90"), Some(90.0));
        assert_eq!(s("1h30m"), Some(5400.0));
        assert_eq!(s("500ms"), Some(0.5));
        assert_eq!(s("1.5m"), Some(90.0));
        assert_eq!(s("2 s"), Some(2.0));
        for bad in ["", "m", "5x", "-3s", "0s", "1e999"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn symmetry_counts() {
        assert_eq!(symmetries(4, 4).len(), 8);
        assert_eq!(symmetries(3, 5).len(), 4);
        for map in symmetries(3, 4) {
            let mut seen = map.clone();
            seen.sort_unstable();
            assert_eq!(seen, (0..12).collect::<Vec<_>>());
        }
    }

    #[test]
    fn pool_keeps_the_best_distinct() {
        let e = |b: &str, s: u64| Entry {
            found: Found {
                board: b.into(),
                score: s,
                words: 0,
            },
            seconds: 0.0,
        };
        let mut p = Pool::new(2);
        assert!(p.offer_canonical(e("b", 5)));
        assert!(!p.offer_canonical(e("b", 5)));
        assert!(p.offer_canonical(e("a", 5)));
        assert!(p.offer_canonical(e("c", 9)));
        assert!(!p.offer_canonical(e("d", 1)));
        let boards: Vec<&str> = p.entries.iter().map(|e| e.found.board.as_str()).collect();
        assert_eq!(boards, ["c", "a"]);
    }

    /// A pack of `words` over a-z, every word of a letter or more kept.
    fn pack(words: &str) -> Pack {
        let text = "name = \"t\"\nalphabet = \"abcdefghijklmnopqrstuvwxyz\"\n\
                    [language]\ncode = \"xx\"\nname = \"Test\"\n\
                    [filter]\nmin_len = 1\n";
        let recipe = prep::Recipe::from_toml(text, "test").unwrap();
        let (bytes, _) = prep::PackBuilder::new(recipe)
            .build_bytes(words.as_bytes(), "t.txt")
            .unwrap();
        Pack::from_vec(bytes, "t").unwrap()
    }

    const WORDS: &str = "at\nate\neat\ntea\ntee\nsat\nset\nsea\nseat\neats\nteas\n\
                         east\nseats\nsates\ntease\nteases\nsee\nseen\nnet\nnets\n\
                         ten\ntens\nsent\nant\nants\ntan\n";

    fn solver(pack: &Pack) -> Solver {
        let mut rules = crate::Rules::for_pack(pack);
        rules.scoring = "1=0,2=1,3=1,4=2,5=3,6+=5".parse().unwrap();
        rules.min_len = 2;
        Solver::with_rules(pack, rules).unwrap()
    }

    fn options(iterations: u64, seed: u64, threads: usize, top: usize) -> Options {
        Options {
            budget: Budget::Iterations(iterations),
            seed,
            threads,
            top,
            schedule: Schedule {
                run: 2_000,
                ..Schedule::for_cells(6)
            },
            stop_at: None,
        }
    }

    /// Every state of a letters space, scored: (canonical text, score).
    fn every_board(space: &Space, solver: &mut Solver) -> Vec<(String, u64)> {
        let (k, n) = (space.cells(), space.faces.len());
        let syms = symmetries(space.rows, space.cols);
        let mut all = Vec::new();
        let mut cells = vec![0u16; k];
        'boards: loop {
            let score = solver.tally(&space.board(&cells)).score;
            all.push((space.canonical(&cells, &syms), score));
            for c in cells.iter_mut() {
                *c += 1;
                if usize::from(*c) < n {
                    continue 'boards;
                }
                *c = 0;
            }
            break;
        }
        all
    }

    #[test]
    fn finds_the_exhaustive_optimum_on_small_boards() {
        let pack = pack(WORDS);
        let rules = FaceRules::from_pack(&pack).unwrap();
        let mut solver = solver(&pack);
        for (rows, cols) in [(2, 2), (2, 3)] {
            let space = Space::letters(&pack, &rules, LetterMode::Frequency, rows, cols).unwrap();
            // a, e, n, s, t: the letters the words use.
            assert_eq!(space.faces.len(), 5);
            let all = every_board(&space, &mut solver);
            let best = all.iter().map(|b| b.1).max().unwrap();
            let mut optimal: Vec<&str> = all
                .iter()
                .filter(|b| b.1 == best)
                .map(|b| b.0.as_str())
                .collect();
            optimal.sort_unstable();
            optimal.dedup();
            let out = search(&space, &solver, &options(3_000, 7, 1, 3), None).unwrap();
            assert_eq!(out.best[0].score, best, "{rows}x{cols}: {:?}", out.best);
            assert!(optimal.contains(&out.best[0].board.as_str()));
            assert!(out.evaluations <= out.iterations);
            assert_eq!(out.iterations, 3_000);
            // Every board listed is a real board with the score it claims,
            // in canonical form, and listed once.
            let scores: HashMap<&str, u64> = all.iter().map(|b| (b.0.as_str(), b.1)).collect();
            for f in &out.best {
                assert_eq!(scores.get(f.board.as_str()), Some(&f.score), "{f:?}");
            }
            let mut boards: Vec<&str> = out.best.iter().map(|f| f.board.as_str()).collect();
            boards.dedup();
            assert_eq!(boards.len(), 3);
            assert!(out.best.windows(2).all(|w| w[0].score >= w[1].score));
        }
    }

    #[test]
    fn an_evaluation_budget_is_reproducible() {
        let pack = pack(WORDS);
        let rules = FaceRules::from_pack(&pack).unwrap();
        let solver = solver(&pack);
        let space = Space::letters(&pack, &rules, LetterMode::Uniform, 3, 3).unwrap();
        let run = |seed, threads| {
            search(&space, &solver, &options(4_000, seed, threads, 4), None).unwrap()
        };
        let (a, b) = (run(11, 1), run(11, 1));
        assert_eq!(a.best, b.best);
        assert_eq!((a.evaluations, a.runs), (b.evaluations, b.runs));
        assert_eq!(a.iterations, 4_000);
        let (c, d) = (run(11, 2), run(11, 2));
        assert_eq!(c.best, d.best);
        assert_eq!(c.iterations, 4_000);
    }

    #[test]
    fn the_target_stops_the_search() {
        let pack = pack(WORDS);
        let rules = FaceRules::from_pack(&pack).unwrap();
        let solver = solver(&pack);
        let space = Space::letters(&pack, &rules, LetterMode::Frequency, 2, 2).unwrap();
        let mut o = options(1_000_000, 3, 2, 1);
        o.stop_at = Some(1);
        let out = search(&space, &solver, &o, None).unwrap();
        assert!(out.reached_target);
        assert!(out.best[0].score >= 1);
        assert!(out.iterations < 100_000, "{}", out.iterations);
    }

    #[test]
    fn dice_boards_are_rollable() {
        let pack = pack(WORDS);
        let rules = FaceRules::from_pack(&pack).unwrap();
        let solver = solver(&pack);
        let set =
            DiceSet::parse("t", "test", "a e t\nn s t\na a a\ne e s\nt e n\ns s s\n").unwrap();
        let dice: Vec<Vec<char>> = ["aet", "nst", "aaa", "ees", "ten", "sss"]
            .iter()
            .map(|d| d.chars().collect())
            .collect();
        // 2x2 from 6 dice (each at most once) and 3x3 from 6 (each at least once).
        for (rows, cols) in [(2, 2), (3, 3)] {
            let space = Space::dice(&set, &rules, rows, cols).unwrap();
            let out = search(&space, &solver, &options(3_000, 5, 1, 5), None).unwrap();
            assert!(!out.best.is_empty());
            for f in &out.best {
                let cells: Vec<char> = f.board.chars().filter(|c| *c != '/').collect();
                assert_eq!(cells.len(), rows * cols);
                assert!(
                    rollable(&cells, &dice),
                    "{rows}x{cols}: {} cannot be rolled",
                    f.board
                );
            }
        }
    }

    /// Whether each cell can be given a die showing its letter, each die used
    /// at most once when there are enough, else each at least once.
    fn rollable(cells: &[char], dice: &[Vec<char>]) -> bool {
        fn go(i: usize, cells: &[char], dice: &[Vec<char>], used: &mut Vec<usize>) -> bool {
            if i == cells.len() {
                return cells.len() < dice.len() || used.iter().all(|&u| u > 0);
            }
            for (d, faces) in dice.iter().enumerate() {
                if faces.contains(&cells[i]) && (cells.len() > dice.len() || used[d] == 0) {
                    used[d] += 1;
                    if go(i + 1, cells, dice, used) {
                        return true;
                    }
                    used[d] -= 1;
                }
            }
            false
        }
        go(0, cells, dice, &mut vec![0; dice.len()])
    }

    #[test]
    fn canonical_forms() {
        // A 2x2 board's 8 symmetries have the same canonical text, the
        // smallest of them.
        let boards = [
            "abcd", "bdac", "dcba", "cadb", "badc", "acbd", "dbca", "cdab",
        ];
        for b in boards {
            let cells: Vec<String> = b.chars().map(String::from).collect();
            let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
            assert_eq!(canonical_text(&cells, 2, 2), "abcd", "{b}");
        }
        // A rectangle: rows separated by '/', 4 symmetries.
        let cells = ["z", "y", "x", "c", "b", "a"];
        assert_eq!(canonical_text(&cells, 2, 3), "abc/xyz");
        // Multi-letter faces are compared as their text.
        let cells = ["[th]", "a", "b", "c"];
        assert_eq!(canonical_text(&cells, 2, 2), "[th]abc");
        let pack = pack(WORDS);
        let rules = FaceRules::from_pack(&pack).unwrap();
        let board = rules.parse("sta/ten").unwrap();
        assert_eq!(canonical_board(&board, &rules), "ats/net");
    }
}
