//! The jobs beyond one board: `roll`, `count`, `best` and `prove`, as the
//! CLI has them.

use std::time::Duration;

use ::count::{
    count_paths, count_total, count_total_wide, cumulative, memory_budget, CountError,
    CountOptions, Engine,
};
use ::prove::Scored;
use grid::{Adjacency, Grid, Size};
use job::Control;
use pyo3::prelude::*;
use solve::best::{search, BestError, Budget, Options, Schedule, Space};
use solve::game::{Game, GameError};
use solve::random::{self, LetterMode, RollSpec, Target};
use solve::{FaceRules, RuleOptions, Rules, Scoring, Solver, Tally, TextStyle};

use crate::convert::{py_bool, py_float};
use crate::errors;
use crate::interrupt;
use crate::pack::PyPack;
use crate::solver::PySolver;

/// The pack, face rules and rules of a `Pack` (its own rules) or a `Solver`.
pub(crate) fn setup(target: &Bound<'_, PyAny>) -> PyResult<(PyPack, FaceRules, Rules)> {
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

fn letter_mode(text: Option<&str>) -> PyResult<Option<LetterMode>> {
    text.map(|t| t.parse().map_err(errors::options)).transpose()
}

/// Rolls a random board (or `count` boards, seeds `seed`, `seed+1`, …)
/// from a dice set or letters, as `boggle roll` does: the same seed rolls
/// the same board everywhere. `pack` is a `Pack` or a `Solver` (whose
/// rules judge `min_words` / `min_score`); `dice` a built-in set
/// (`classic`, `1987`, `big`, `super-big`…), `pack`, `frequency` or a dice
/// file; `letters` `"frequency"` or `"uniform"` instead of dice; `game` a
/// game's round instead (`solve::game`: its size, dice, bonus cells or
/// special tile; `custom` takes `size`, `dice` and `scoring`). Returns
/// `(text, seed, bonus)` a board (`bonus` the round's bonus grid, else
/// `None`), in a list; `wordgrid.roll` makes them `Rolled`.
#[pyfunction]
#[pyo3(signature = (pack, size = None, dice = None, letters = None, shape = None, seed = None, count = None, min_words = 0, min_score = 0, max_rolls = 1000, game = None, scoring = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn roll(
    py: Python<'_>,
    pack: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
    dice: Option<String>,
    letters: Option<&str>,
    shape: Option<String>,
    seed: Option<i128>,
    count: Option<i128>,
    min_words: i128,
    min_score: i128,
    max_rolls: i128,
    game: Option<&str>,
    scoring: Option<&str>,
) -> PyResult<Vec<(String, u64, Option<String>)>> {
    let seed = seed.map(|n| errors::natural("seed", n)).transpose()?;
    let count = count.map(|n| errors::natural("count", n)).transpose()?;
    if let Some(game) = game {
        let given = [
            (size.is_some(), "size"),
            (dice.is_some(), "dice"),
            (scoring.is_some(), "scoring"),
            (letters.is_some(), "letters"),
            (shape.is_some(), "shape"),
            (min_words != 0, "min_words"),
            (min_score != 0, "min_score"),
        ];
        let game = game_of(game, &given, size, dice, scoring)?;
        return roll_game(py, pack, &game, seed, count);
    }
    if scoring.is_some() {
        return Err(errors::options(
            "scoring= goes with game=\"custom\"; a Solver's rules judge min_words and min_score",
        ));
    }
    let min_words = errors::natural("min_words", min_words)?;
    let min_score = errors::natural("min_score", min_score)?;
    let max_rolls = u32::try_from(errors::positive("max_rolls", max_rolls)?)
        .map_err(|_| errors::options("max_rolls is too large"))?;
    let (pack, faces, rules) = setup(pack)?;
    let spec = RollSpec {
        dice,
        letters: letter_mode(letters)?,
        size: size.map(crate::convert::size).transpose()?,
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
        rules
            .fit_bonus(rolling.roller.shape().rows(), rolling.roller.shape().cols())
            .map_err(errors::options)?;
        let mut s = Solver::with_rules(&pack.pack, rules).map_err(errors::pack)?;
        s.warm_up().map_err(errors::pack)?;
        Some(s)
    };
    let seed = seed.unwrap_or_else(random::seed_from_time);
    let rolled = py.detach(|| {
        (0..count.unwrap_or(1))
            .map(|i| {
                let seed = seed.wrapping_add(i);
                let rolled = random::roll_until(&rolling.roller, seed, target, |b| {
                    solver
                        .as_mut()
                        .map_or_else(Tally::default, |s| s.tally(b).unwrap_or_default())
                })?;
                Ok((faces.text(&rolled.board, TextStyle::Rows), seed, None))
            })
            .collect::<Result<Vec<_>, random::RollError>>()
    });
    rolled.map_err(errors::options)
}

/// The game `name` names for `roll`, refusing the options it decides
/// itself (`given`: which were given); a custom game takes its size, dice
/// and scoring from them.
fn game_of(
    name: &str,
    given: &[(bool, &str)],
    size: Option<&Bound<'_, PyAny>>,
    dice: Option<String>,
    scoring: Option<&str>,
) -> PyResult<Game> {
    let custom = name == "custom";
    let own = |option: &str| custom && ["size", "dice", "scoring"].contains(&option);
    if let Some((_, option)) = given.iter().find(|(given, option)| *given && !own(option)) {
        return Err(errors::options(format!(
            "game={name:?} rolls its own boards: leave out {option}{}",
            if custom {
                ""
            } else {
                " (or use game=\"custom\")"
            }
        )));
    }
    Ok(match name {
        "custom" => {
            let mut g = Game::custom(
                size.map(crate::convert::size)
                    .transpose()?
                    .unwrap_or(Size { rows: 4, cols: 4 }),
                scoring.map_or(Ok(Scoring::boggle()), crate::convert::scheme)?,
            );
            g.dice = dice;
            g
        }
        name => Game::named(name).map_err(errors::options)?,
    })
}

/// `count` rounds of `game` from `seed` (the clock's if none), each its
/// board, seed and bonus cells.
fn roll_game(
    py: Python<'_>,
    pack: &Bound<'_, PyAny>,
    game: &Game,
    seed: Option<u64>,
    count: Option<u64>,
) -> PyResult<Vec<(String, u64, Option<String>)>> {
    let (pack, _, _) = setup(pack)?;
    let seed = seed.unwrap_or_else(random::seed_from_time);
    let rounds = py.detach(|| {
        (0..count.unwrap_or(1))
            .map(|i| {
                let round = game.roll(&pack.pack, seed.wrapping_add(i))?;
                let text = round.faces.text(&round.board, TextStyle::Rows);
                Ok((text, round.seed, round.bonus_text()))
            })
            .collect::<Result<Vec<_>, GameError>>()
    });
    rounds.map_err(|e| match e {
        GameError::Lexicon(e) => errors::pack(e),
        e => errors::options(e),
    })
}

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
    max_len: Option<i128>,
    by_length: bool,
    threads: Option<i128>,
    engine: &str,
) -> PyResult<Py<PyAny>> {
    let Size { rows, cols } = crate::convert::size(size)?;
    let adjacency: Adjacency = neighbors.parse().map_err(errors::options)?;
    let engine: Engine = engine.parse().map_err(errors::options)?;
    let threads = errors::threads(threads)?;
    let max_len = max_len
        .map(|n| errors::natural("max_len", n).map(|n| n as usize))
        .transpose()?;
    let shape = Grid::new(rows, cols, adjacency, wrap);
    let cells = rows * cols;
    let max_len = max_len.unwrap_or(cells).min(cells);
    let (counted, signal) = interrupt::run(py, |cancel| {
        let options = CountOptions {
            control: Control {
                threads,
                cancel,
                progress: None,
            },
            engine,
            memory: memory_budget(),
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
        let at_most = cumulative(&per_length[1..]);
        return Ok(at_most.into_pyobject(py)?.into_any().unbind());
    }
    let total: u128 = per_length.iter().sum();
    Ok(total.into_pyobject(py)?.into_any().unbind())
}

/// A board `best` or `prove` found: its score, its text (canonical: the
/// least of its rotations and reflections) and its number of words.
/// Unpacks as a tuple: `score, board, word_count = found`.
#[pyclass(
    module = "wordgrid",
    name = "FoundBoard",
    frozen,
    get_all,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyFound {
    /// Its score.
    score: u64,
    /// Its text, rows separated by `/`.
    board: String,
    /// Its number of distinct words.
    word_count: u64,
}

#[pymethods]
impl PyFound {
    /// A found board (as pickling rebuilds it).
    #[new]
    fn new(score: u64, board: String, word_count: u64) -> PyFound {
        PyFound {
            score,
            board,
            word_count,
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "FoundBoard(score={}, board={}, word_count={})",
            self.score,
            crate::convert::py_repr(py, &self.board)?,
            self.word_count
        ))
    }

    /// `score, board, word_count`, so that it unpacks as a tuple.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        (self.score, self.board.clone(), self.word_count)
            .into_pyobject(py)?
            .try_iter()
    }

    /// `found[0]` is the score, `[1]` the board, `[2]` the word count, as in
    /// the tuple it unpacks as.
    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
        match index {
            0 | -3 => Ok(self.score.into_pyobject(py)?.into_any()),
            1 | -2 => Ok(self.board.clone().into_pyobject(py)?.into_any()),
            2 | -1 => Ok(self.word_count.into_pyobject(py)?.into_any()),
            _ => Err(pyo3::exceptions::PyIndexError::new_err(
                "FoundBoard index out of range (0: score, 1: board, 2: word_count)",
            )),
        }
    }

    fn __len__(&self) -> usize {
        3
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let me = slf.get();
        (slf.get_type(), (me.score, me.board.clone(), me.word_count)).into_pyobject(slf.py())
    }
}

impl From<Scored> for PyFound {
    fn from(b: Scored) -> PyFound {
        PyFound {
            score: b.score,
            board: b.board,
            word_count: b.words,
        }
    }
}

impl PyFound {
    pub(crate) fn scored(&self) -> Scored {
        Scored {
            score: self.score,
            board: self.board.clone(),
            words: self.word_count,
        }
    }
}

/// The repr of a list of found boards: `[FoundBoard(…), …]`.
pub(crate) fn boards_repr(py: Python<'_>, boards: &[PyFound]) -> PyResult<String> {
    let each = boards
        .iter()
        .map(|b| b.__repr__(py))
        .collect::<PyResult<Vec<String>>>()?;
    Ok(format!("[{}]", each.join(", ")))
}

/// What `best` found.
#[pyclass(module = "wordgrid", name = "Best", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyBest {
    /// The best distinct boards, best first, each a `FoundBoard` in
    /// canonical form (the least of its rotations and reflections).
    boards: Vec<PyFound>,
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
    /// A search's result (as `wordgrid.dask.best` merges several, and as
    /// pickling rebuilds one).
    #[new]
    #[pyo3(signature = (boards, evaluations, seconds, seed, interrupted = false))]
    fn new(
        boards: Vec<PyFound>,
        evaluations: u64,
        seconds: f64,
        seed: u64,
        interrupted: bool,
    ) -> PyBest {
        PyBest {
            boards,
            evaluations,
            seconds,
            seed,
            interrupted,
        }
    }

    /// The call that makes it again: every field, by name.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Best(boards={}, evaluations={}, seconds={}, seed={}, interrupted={})",
            boards_repr(py, &self.boards)?,
            self.evaluations,
            py_float(py, self.seconds)?,
            self.seed,
            py_bool(self.interrupted)
        ))
    }

    /// The boards, best first.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        pyo3::types::PyList::new(py, self.boards.clone())?.try_iter()
    }

    fn __len__(&self) -> usize {
        self.boards.len()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let me = slf.get();
        (
            slf.get_type(),
            (
                me.boards.clone(),
                me.evaluations,
                me.seconds,
                me.seed,
                me.interrupted,
            ),
        )
            .into_pyobject(slf.py())
    }
}

/// Searches for the highest-scoring boards by simulated annealing, as
/// `boggle best` does, with its options' names: `pack` is a `Pack` or a
/// `Solver`; the budget is `time` seconds of wall-clock time or
/// `iterations` (reproducible with a `seed`); `target` stops the search
/// once a board scores that much; `dice` searches the arrangements of a
/// dice set instead of any letters. Ctrl-C stops it with the best boards
/// so far (`interrupted`).
#[pyfunction]
#[pyo3(signature = (pack, size = None, time = None, iterations = None, seed = None, threads = None, top = 5, dice = None, letters = None, target = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn best(
    py: Python<'_>,
    pack: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
    time: Option<f64>,
    iterations: Option<i128>,
    seed: Option<i128>,
    threads: Option<i128>,
    top: i128,
    dice: Option<String>,
    letters: Option<&str>,
    target: Option<i128>,
) -> PyResult<PyBest> {
    let seconds = time;
    let iterations = iterations
        .map(|n| errors::positive("iterations", n))
        .transpose()?;
    let seed = seed.map(|n| errors::natural("seed", n)).transpose()?;
    let threads = errors::threads(threads)?;
    let top = errors::positive("top", top)? as usize;
    let stop_at = target.map(|n| errors::natural("target", n)).transpose()?;
    let (pack, faces, mut rules) = setup(pack)?;
    let Size { rows, cols } = match size {
        Some(s) => crate::convert::size(s)?,
        None => Size { rows: 4, cols: 4 },
    };
    rules.fit_bonus(rows, cols).map_err(errors::options)?;
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
        (Some(_), None) => return Err(errors::options("time must be more than zero seconds")),
        (None, None) => Budget::Time(Duration::from_secs(60)),
    };
    let seed = seed.unwrap_or_else(random::seed_from_time);
    let solver = Solver::with_rules(&pack.pack, rules).map_err(errors::pack)?;
    let (outcome, _signal) = interrupt::run(py, |cancel| {
        let options = Options {
            budget,
            seed,
            top,
            schedule: Schedule::for_cells(rows * cols),
            stop_at,
            control: Control {
                threads,
                cancel,
                progress: None,
            },
            report_every: Duration::from_secs(1),
        };
        search(&space, &solver, &options)
    });
    let outcome = outcome.map_err(|e| match e {
        BestError::Lexicon(e) => errors::pack(e),
        e => errors::options(e),
    })?;
    // Ctrl-C: the search stopped and says so; the boards so far are kept.
    Ok(PyBest {
        boards: outcome.best.into_iter().map(PyFound::from).collect(),
        evaluations: outcome.evaluations,
        seconds: outcome.seconds,
        seed,
        interrupted: outcome.interrupted,
    })
}
