//! Searching for the highest-scoring boards (`boggle best`).
//!
//! # What is searched
//!
//! A [`Space`] says which boards may be built:
//!
//! - **letters** ([`Space::letters`]): every cell holds any letter of the
//!   pack's alphabet, read as a typed cell would be (with the English packs a
//!   `q` is the `Qu` face). New letters are drawn by how often they occur in
//!   the pack's words ([`LetterMode::Frequency`](crate::random::LetterMode::Frequency), the default) or uniformly;
//!   either way every letter can be reached (in frequency mode, every letter
//!   that occurs in some word).
//! - **dice** ([`Space::dice`]): only boards a dice set can roll — each cell
//!   holds a die showing one of its faces, each die at most once (when the
//!   set has at least as many dice as the board has cells) or every die at
//!   least once (when it has fewer, as [`crate::random`] rolls them).
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
//! of a run, which keeps proposing the same few hundred neighbors, nearly
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
//! reported in a canonical form ([`canonical_text`](crate::board::canonical::canonical_text)): among the symmetries
//! that keep the board's shape (8 for a square board, 4 for a rectangle: the
//! identity, the two mirror images and the half turn) and, under a bonus
//! grid ([`crate::Bonus`], fixed while the letters are searched), that also
//! map the grid onto itself, the one whose text is smallest, comparing the
//! texts as strings. A square board's text is its
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

mod anneal;
mod pool;
mod space;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;
use thiserror::Error;

use grid::{splitmix64, symmetry, Rng, MAX_SIDE};
use job::{Cancel, Control};

pub use crate::board::Scored;
use crate::random::{DiceError, LettersError};
use crate::search::Solver;

pub use anneal::Schedule;
use anneal::Worker;
use pool::Pool;
pub use space::Space;

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
    #[error(transparent)]
    Letters(#[from] LettersError),
    /// Options that do not make sense together.
    #[error("{0}")]
    Options(String),
    /// The pack's automaton failed a check as it was decoded.
    #[error(transparent)]
    Lexicon(#[from] crate::error::LexiconError),
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

/// How to search.
#[derive(Clone, Debug)]
pub struct Options<'a> {
    /// When to stop.
    pub budget: Budget,
    /// The seed: thread `i` runs from the `i`-th SplitMix64 output of it.
    pub seed: u64,
    /// How many of the best distinct boards to keep (at least 1).
    pub top: usize,
    /// The annealing schedule.
    pub schedule: Schedule,
    /// Stop as soon as a board scores at least this much.
    pub stop_at: Option<u64>,
    /// Threads (`None`: one per core), the cancel token (a cancelled search
    /// ends with the boards found so far, marked
    /// [`Outcome::interrupted`]) and a progress callback, called with a
    /// [`Snapshot`] on the calling thread about every
    /// [`report_every`](Options::report_every) while the search runs.
    pub control: Control<'a, Snapshot>,
    /// How often the progress callback is called.
    pub report_every: Duration,
}

/// What a search found.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    /// The best distinct boards, best first (ties by canonical text).
    pub best: Vec<Scored>,
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
    /// Whether the job's cancel token stopped the search before its budget.
    pub interrupted: bool,
}

/// A snapshot for a progress display.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Time since the start.
    pub elapsed: Duration,
    /// Boards scored so far (approximate while running).
    pub evaluations: u64,
    /// The best board so far.
    pub best: Option<Scored>,
}

/// Searches for the best boards of `space` under `solver`'s rules (see the
/// module docs).
pub fn search(space: &Space, solver: &Solver, options: &Options) -> Result<Outcome, BestError> {
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
    solver.warm_up()?;
    let started = Instant::now();
    let shared = Shared {
        started,
        deadline: match options.budget {
            Budget::Time(d) => Some(started + d),
            Budget::Iterations(_) => None,
        },
        stop: AtomicBool::new(false),
        cancel: options.control.cancel.clone(),
        stop_at: options.stop_at,
        evaluations: AtomicU64::new(0),
        best_score: AtomicU64::new(0),
        best: Mutex::new(None),
    };
    // Two boards are the same when a symmetry maps one onto the other; with
    // bonus cells, only the symmetries that map the grid onto itself.
    let mut symmetries = symmetry::grid(space.rows(), space.cols());
    if let Some(bonus) = &solver.rules().bonus {
        symmetries.retain(|perm| {
            perm.iter()
                .enumerate()
                .all(|(i, &j)| bonus.at(i) == bonus.at(j as usize))
        });
    }
    let threads = options.control.thread_count();
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
                memo: Default::default(),
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
        if let Some(report) = options.control.progress {
            let interval = options.report_every;
            let snapshot = |shared: &Shared| Snapshot {
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
        interrupted: options.control.is_cancelled(),
    })
}

/// What a thread hands back.
struct Finished {
    pool: Pool,
    pub(super) evaluations: u64,
    iterations: u64,
    runs: u64,
}

/// What the threads share: the clock, the stop flag, progress counters.
pub(super) struct Shared {
    pub(super) started: Instant,
    pub(super) deadline: Option<Instant>,
    pub(super) stop: AtomicBool,
    pub(super) stop_at: Option<u64>,
    pub(super) cancel: Cancel,
    pub(super) evaluations: AtomicU64,
    pub(super) best_score: AtomicU64,
    pub(super) best: Mutex<Option<Scored>>,
}

#[cfg(test)]
mod tests {
    fn pack(words: &str) -> Pack {
        crate::testing::tiny_pack(words, false)
    }

    use super::space::Space;
    use super::*;
    use crate::random::{DiceSet, LetterMode};
    use crate::FaceRules;
    use prep::Pack;
    use std::collections::HashMap;

    const WORDS: &str = "at\nate\neat\ntea\ntee\nsat\nset\nsea\nseat\neats\nteas\n\
                         east\nseats\nsates\ntease\nteases\nsee\nseen\nnet\nnets\n\
                         ten\ntens\nsent\nant\nants\ntan\n";

    fn solver(pack: &Pack) -> Solver {
        let mut rules = crate::Rules::for_pack(pack);
        rules.scoring = "1=0,2=1,3=1,4=2,5=3,6+=5".parse().unwrap();
        rules.min_len = 2;
        Solver::with_rules(pack, rules).unwrap()
    }

    fn options(iterations: u64, seed: u64, threads: usize, top: usize) -> Options<'static> {
        Options {
            budget: Budget::Iterations(iterations),
            seed,
            control: Control::with_threads(std::num::NonZeroUsize::new(threads)),
            report_every: Duration::from_millis(250),
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
        let syms = symmetry::grid(space.rows, space.cols);
        let mut all = Vec::new();
        let mut cells = vec![0u16; k];
        'boards: loop {
            let score = solver.tally(&space.board(&cells)).unwrap().score;
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
            let out = search(&space, &solver, &options(3_000, 7, 1, 3)).unwrap();
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
        let run =
            |seed, threads| search(&space, &solver, &options(4_000, seed, threads, 4)).unwrap();
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
        let out = search(&space, &solver, &o).unwrap();
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
            let out = search(&space, &solver, &options(3_000, 5, 1, 5)).unwrap();
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
}
