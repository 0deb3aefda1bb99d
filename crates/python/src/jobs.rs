//! The jobs beyond one board: `roll`, `count`, `best` and `prove`, as the
//! CLI has them.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use pyo3::prelude::*;
use solve::best::{search, BestError, Budget, Options, Schedule, Space};
use solve::count::{
    count_paths, count_total, count_total_wide, memory_budget, CountError, CountOptions, Engine,
};
use solve::prove::{ProveOptions, Proven, Prover};
use solve::random::{self, LetterMode, RollSpec, Target};
use solve::{Adjacency, FaceRules, RuleOptions, Rules, Shape, Size, Solver, Tally, TextStyle};

use crate::errors;
use crate::interrupt;
use crate::pack::PyPack;
use crate::solver::PySolver;

/// The pack, face rules and rules of a `Pack` (its own rules) or a `Solver`.
fn setup(target: &Bound<'_, PyAny>) -> PyResult<(PyPack, FaceRules, Rules)> {
    if let Ok(s) = target.cast::<PySolver>() {
        let s = s.get();
        return Ok((s.pack.clone(), s.faces.clone(), s.rules.clone()));
    }
    if let Ok(p) = target.cast::<PyPack>() {
        let p = p.get().clone();
        let (faces, rules) = RuleOptions::default()
            .resolve(&p.pack)
            .map_err(errors::options)?;
        return Ok((p, faces, rules));
    }
    Err(errors::options(
        "expected a Pack or a Solver (whose rules then apply)",
    ))
}

/// A size as `"4x4"`, `"4"`, `4` or `(rows, cols)`.
fn size(v: &Bound<'_, PyAny>) -> PyResult<Size> {
    if let Ok(n) = v.extract::<usize>() {
        return format!("{n}").parse().map_err(errors::options);
    }
    if let Ok((r, c)) = v.extract::<(usize, usize)>() {
        return format!("{r}x{c}").parse().map_err(errors::options);
    }
    let text: String = v
        .extract()
        .map_err(|_| errors::options("size: \"RxC\", N or (rows, cols)"))?;
    text.parse().map_err(errors::options)
}

fn letter_mode(text: Option<&str>) -> PyResult<Option<LetterMode>> {
    text.map(|t| t.parse().map_err(errors::options)).transpose()
}

/// Rolls a random board (or `count` boards, seeds `seed`, `seed+1`, …)
/// from a dice set or letters, as `boggle roll` does: the same seed rolls
/// the same board everywhere. `target` is a `Pack` or a `Solver` (whose
/// rules judge `min_words` / `min_score`); `dice` a built-in set
/// (`classic`, `1987`, `big`, `super-big`…), `pack`, `frequency` or a dice
/// file; `letters` `"frequency"` or `"uniform"` instead of dice. Returns
/// the board's text, or a list of them with `count`.
#[pyfunction]
#[pyo3(signature = (target, size = None, dice = None, letters = None, shape = None, seed = None, count = None, min_words = 0, min_score = 0, max_rolls = 1000))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn roll(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
    dice: Option<String>,
    letters: Option<&str>,
    shape: Option<String>,
    seed: Option<u64>,
    count: Option<u64>,
    min_words: u64,
    min_score: u64,
    max_rolls: u32,
) -> PyResult<Py<PyAny>> {
    let (pack, faces, rules) = setup(target)?;
    let spec = RollSpec {
        dice,
        letters: letter_mode(letters)?,
        size: size.map(self::size).transpose()?,
        shape,
    };
    let rolling = spec.resolve(&pack.pack, &faces).map_err(errors::options)?;
    let target = Target {
        min_words,
        min_score,
        max_attempts: max_rolls,
    };
    let mut solver = if target.is_trivial() {
        None
    } else {
        let mut rules = rules;
        solve::fit_bonus(
            &mut rules,
            rolling.roller.layout().rows(),
            rolling.roller.layout().cols(),
        )
        .map_err(errors::options)?;
        let mut s = Solver::with_rules(&pack.pack, rules).map_err(errors::pack)?;
        s.warm_up().map_err(errors::pack)?;
        Some(s)
    };
    let seed = seed.unwrap_or_else(random::seed_from_time);
    let texts = py.detach(|| {
        (0..count.unwrap_or(1))
            .map(|i| {
                let rolled =
                    random::roll_until(&rolling.roller, seed.wrapping_add(i), target, |b| {
                        solver
                            .as_mut()
                            .map_or_else(Tally::default, |s| s.tally(b).unwrap_or_default())
                    })?;
                Ok(faces.text(&rolled.board, TextStyle::Rows))
            })
            .collect::<Result<Vec<String>, random::RollError>>()
    });
    let texts = texts.map_err(errors::options)?;
    match count {
        None => Ok(texts[0].clone().into_pyobject(py)?.into_any().unbind()),
        Some(_) => Ok(texts.into_pyobject(py)?.into_any().unbind()),
    }
}

static COUNT_CANCEL: AtomicBool = AtomicBool::new(false);
static BEST_CANCEL: AtomicBool = AtomicBool::new(false);
static PROVE_CANCEL: AtomicBool = AtomicBool::new(false);

/// Counts the paths (simple paths of 1 to `max_len` cells) on an empty
/// board, as `boggle count` does: the total, or with `by_length` the
/// CLI's `by_length` list, whose item `i` is the number of paths of at most
/// `i + 1` cells. `engine` is `"auto"`, `"dfs"` or `"frontier"`, as the
/// CLI's `--engine`.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, one each
#[pyo3(signature = (size, neighbors = "all", wrap = false, max_len = None, by_length = false, threads = None, engine = "auto"))]
pub(crate) fn count(
    py: Python<'_>,
    size: &Bound<'_, PyAny>,
    neighbors: &str,
    wrap: bool,
    max_len: Option<usize>,
    by_length: bool,
    threads: Option<usize>,
    engine: &str,
) -> PyResult<Py<PyAny>> {
    let Size { rows, cols } = self::size(size)?;
    let adjacency: Adjacency = neighbors.parse().map_err(errors::options)?;
    let engine: Engine = engine.parse().map_err(errors::options)?;
    if threads == Some(0) {
        return Err(errors::options("threads must be at least 1"));
    }
    let shape = Shape {
        rows,
        cols,
        adjacency,
        wrap,
    };
    let cells = rows * cols;
    let max_len = max_len.unwrap_or(cells).min(cells);
    let (counted, signal) = interrupt::run(py, &COUNT_CANCEL, |cancel| {
        let options = CountOptions {
            threads,
            engine,
            memory: memory_budget(),
            cancel: Some(cancel),
            ..CountOptions::default()
        };
        if by_length || max_len < cells {
            count_paths(shape, max_len, &options).map(|table| (table, None))
        } else {
            // The total alone is a faster sweep than the table by length,
            // and goes past 2^128 (counted again in 256 bits).
            match count_total(shape, &options) {
                Err(CountError::Overflow { .. }) => count_total_wide(shape, &options)
                    .map(|total| (Vec::new(), Some(total.to_string()))),
                counted => counted.map(|total| (vec![0, total], None)),
            }
        }
    });
    if let Some(e) = signal {
        return Err(e);
    }
    let (per_length, wide) = counted.map_err(errors::options)?;
    if let Some(digits) = wide {
        let int = py.import("builtins")?.getattr("int")?;
        return Ok(int.call1((digits,))?.unbind());
    }
    if by_length {
        // As the CLI's by_length: item i is the paths of at most i+1 cells.
        let at_most = solve::count::cumulative(&per_length[1..]);
        return Ok(at_most.into_pyobject(py)?.into_any().unbind());
    }
    let total: u128 = per_length.iter().sum();
    Ok(total.into_pyobject(py)?.into_any().unbind())
}

/// What `best` found.
#[pyclass(module = "wordgrid", name = "Best", frozen, get_all)]
pub(crate) struct PyBest {
    /// The best distinct boards, best first: `(score, board, words)`, each
    /// board in canonical form (the least of its rotations and reflections).
    boards: Vec<(u64, String, u64)>,
    /// Boards scored.
    evaluations: u64,
    /// Wall-clock seconds.
    seconds: f64,
    /// The seed.
    seed: u64,
    /// Whether Ctrl-C stopped the search (the boards are the best so far).
    interrupted: bool,
}

#[pymethods]
impl PyBest {
    fn __repr__(&self) -> String {
        format!(
            "Best(boards={}, best={:?}, evaluations={}, seconds={:.1})",
            self.boards.len(),
            self.boards.first(),
            self.evaluations,
            self.seconds
        )
    }
}

/// Searches for the highest-scoring boards by simulated annealing, as
/// `boggle best` does. `target` is a `Pack` or a `Solver`; the budget is
/// `seconds` of wall-clock time or `iterations` (reproducible with a
/// `seed`); `dice` searches the arrangements of a dice set instead of any
/// letters. Ctrl-C stops it with the best boards so far (`interrupted`).
#[pyfunction]
#[pyo3(signature = (target, size = None, seconds = None, iterations = None, seed = None, threads = None, top = 10, dice = None, letters = None, stop_at = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn best(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
    seconds: Option<f64>,
    iterations: Option<u64>,
    seed: Option<u64>,
    threads: Option<usize>,
    top: usize,
    dice: Option<String>,
    letters: Option<&str>,
    stop_at: Option<u64>,
) -> PyResult<PyBest> {
    let (pack, faces, mut rules) = setup(target)?;
    let Size { rows, cols } = match size {
        Some(s) => self::size(s)?,
        None => Size { rows: 4, cols: 4 },
    };
    solve::fit_bonus(&mut rules, rows, cols).map_err(errors::options)?;
    let space = match &dice {
        Some(name) => {
            let set = random::DiceSet::for_pack(name, &pack.pack).map_err(errors::options)?;
            Space::dice(&set, &faces, rows, cols).map_err(errors::options)?
        }
        None => {
            let mode = letter_mode(letters)?.unwrap_or(LetterMode::Frequency);
            Space::letters(&pack.pack, &faces, mode, rows, cols).map_err(errors::options)?
        }
    };
    let budget = match (seconds, iterations) {
        (_, Some(n)) => Budget::Iterations(n),
        (Some(t), None) if t > 0.0 && t.is_finite() => Budget::Time(Duration::from_secs_f64(t)),
        (Some(_), None) => return Err(errors::options("seconds must be more than zero")),
        (None, None) => Budget::Time(Duration::from_secs(60)),
    };
    if threads == Some(0) || top == 0 {
        return Err(errors::options("threads and top must be at least 1"));
    }
    let seed = seed.unwrap_or_else(random::seed_from_time);
    let solver = Solver::with_rules(&pack.pack, rules).map_err(errors::pack)?;
    let options = Options {
        budget,
        seed,
        threads: threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
        top,
        schedule: Schedule::for_cells(rows * cols),
        stop_at,
        cancel: Some(&BEST_CANCEL),
    };
    let (outcome, _signal) = interrupt::run(py, &BEST_CANCEL, |_| {
        search(&space, &solver, &options, None)
    });
    let outcome = outcome.map_err(|e| match e {
        BestError::Lexicon(e) => errors::pack(e),
        e => errors::options(e),
    })?;
    // Ctrl-C: the search stopped and says so; the boards so far are kept.
    Ok(PyBest {
        boards: outcome
            .best
            .into_iter()
            .map(|f| (f.score, f.board, f.words))
            .collect(),
        evaluations: outcome.evaluations,
        seconds: outcome.seconds,
        seed,
        interrupted: outcome.interrupted,
    })
}

/// What `prove` found.
#[pyclass(module = "wordgrid", name = "Proof", frozen, get_all)]
pub(crate) struct PyProof {
    /// Every distinct board (canonical form) scoring at least the
    /// threshold, best first: `(score, board, words)`.
    boards: Vec<(u64, String, u64)>,
    /// The threshold.
    threshold: u32,
    /// Classes whose bound was computed.
    classes: u64,
    /// Single boards scored exactly.
    solved: u64,
    /// Parts of the class space in this run's shard, and how many finished.
    parts: u64,
    /// Parts finished.
    parts_done: u64,
    /// Whether this run covered its whole (shard of the) class space: with
    /// no shard, a complete proof that no other board reaches the
    /// threshold.
    complete: bool,
    /// `(k, n)`: which shard this is (k from 1), or `None`.
    shard: Option<(u64, u64)>,
    /// Wall-clock seconds.
    seconds: f64,
}

#[pymethods]
impl PyProof {
    fn __repr__(&self) -> String {
        format!(
            "Proof(boards={}, best={:?}, complete={}, shard={:?}, classes={}, solved={})",
            self.boards.len(),
            self.boards.first(),
            if self.complete { "True" } else { "False" },
            self.shard,
            self.classes,
            self.solved
        )
    }
}

/// Proves which boards of a size reach `threshold`, by branch and bound
/// over board classes, as `boggle prove` does: every board scoring at least
/// `threshold`, and whether the run was complete. `target` is a `Pack` or a
/// `Solver` (length-based scoring only). `shard=(k, n)` (k from 1) proves
/// only the k-th of n parts; the union of all n shards' boards is the
/// proof. Ctrl-C stops it; the result then says `complete=False`.
#[pyfunction]
#[pyo3(signature = (target, size, threshold, threads = None, shard = None))]
pub(crate) fn prove(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    size: &Bound<'_, PyAny>,
    threshold: u32,
    threads: Option<usize>,
    shard: Option<(u64, u64)>,
) -> PyResult<PyProof> {
    let (pack, _, rules) = setup(target)?;
    let Size { rows, cols } = self::size(size)?;
    if let Some((k, n)) = shard {
        if n == 0 || k == 0 || k > n {
            return Err(errors::options(format!("shard ({k}, {n}): k from 1 to n")));
        }
    }
    if threads == Some(0) {
        return Err(errors::options("threads must be at least 1"));
    }
    let prover = Prover::new(&pack.pack, rules, rows, cols).map_err(|e| match e {
        solve::prove::ProveError::Lexicon(e) => errors::pack(e),
        e => errors::options(e),
    })?;
    let started = std::time::Instant::now();
    let (proof, signal) = interrupt::run(py, &PROVE_CANCEL, |cancel| {
        let options = ProveOptions {
            threshold,
            cancel: Some(cancel),
            threads: threads.unwrap_or(0),
            shard: shard.map(|(k, n)| (k - 1, n)),
            ..ProveOptions::default()
        };
        prover.run(&options)
    });
    let proof = proof.map_err(errors::options)?;
    let result = PyProof {
        boards: proof
            .boards
            .into_iter()
            .map(
                |Proven {
                     score,
                     board,
                     words,
                 }| (score, board, words),
            )
            .collect(),
        threshold,
        classes: proof.classes,
        solved: proof.solved,
        parts: proof.parts,
        parts_done: proof.parts_done,
        complete: proof.complete,
        shard,
        seconds: started.elapsed().as_secs_f64(),
    };
    match signal {
        // Ctrl-C: raise it, carrying what was found (`err.partial`).
        Some(e) => {
            let value = e.value(py);
            value.setattr("partial", Py::new(py, result)?)?;
            Err(e)
        }
        None => Ok(result),
    }
}
