//! `wordgrid.Solver`: one pack under one set of rules, solving boards one
//! at a time (`solve`, `score`) or as a stream (`score_many`).

use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use grid::Adjacency;
use prep::frequency::Zipf;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyString, PyTuple};
use solve::batch::{tally_texts, TallyError};
use solve::board::looks_like_a_path;
use solve::{FaceRules, RuleOptions, Rules, Scoring, Solver, Tally, TextStyle};

use crate::convert::{py_bool, py_repr, scheme, zipf_float};
use crate::errors;
use crate::pack::PyPack;
use crate::solution::{PySolution, PyWord};

/// Solves boards of one pack under one set of rules.
///
/// `neighbors` is `"all"` (king moves) or `"no-diag"`; `scoring` a scheme
/// name (`boggle`, `big-boggle`, `super-big-boggle`, `word-hunt`, `words`,
/// `letters`, `ruzzle`, `wordament`, `wordament-classic`), a table like
/// `"3=1,4=1,5=2,6=3,7=5,8+=11"` or a scheme file (`.toml`); `None` takes
/// the pack's. `min_len` overrides the shortest word; `bonus` is a grid of
/// bonus cells for a letter-value scheme (`"d..T/..../.D../t..."`);
/// `letter_values` a dict (or `"a=1,b=3"`); `qu` whether a lone `q` cell
/// reads `qu` (`None`: as the pack says).
///
/// Two solvers are equal when their packs are equal and their rules are
/// the same, however the options were spelled (`letter_values` as a dict
/// or as text, `qu=None` or the pack's own rule).
#[pyclass(module = "wordgrid", name = "Solver", frozen, eq, hash)]
pub(crate) struct PySolver {
    pub(crate) pack: PyPack,
    pub(crate) faces: FaceRules,
    pub(crate) rules: Rules,
    /// The bonus grid as given: fitted to each board's size.
    bonus: Option<String>,
    /// The options as given, to pickle the solver by.
    given: Given,
    solver: Mutex<Solver>,
}

/// A solver's options as its constructor took them.
#[derive(Clone)]
struct Given {
    neighbors: String,
    wrap: bool,
    scoring: Option<String>,
    min_len: Option<usize>,
    letter_values: Option<BTreeMap<String, u32>>,
    qu: Option<bool>,
    common: bool,
    min_zipf: Option<f64>,
}

/// The same pack and the same rules in force.
impl PartialEq for PySolver {
    fn eq(&self, other: &PySolver) -> bool {
        let (a, b) = (&self.rules, &other.rules);
        self.pack == other.pack
            && a.adjacency == b.adjacency
            && a.wrap == b.wrap
            && a.scoring == b.scoring
            && a.min_len == b.min_len
            && a.bonus == b.bonus
            && a.words == b.words
            && self.q_reads() == other.q_reads()
    }
}

impl Eq for PySolver {}

/// Over what `eq` compares (the scoring by its name).
impl std::hash::Hash for PySolver {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.pack.hash(state);
        self.rules.adjacency.hash(state);
        self.rules.wrap.hash(state);
        self.rules.scoring.name().hash(state);
        self.rules.min_len.hash(state);
        self.q_reads().hash(state);
    }
}

impl PySolver {
    /// What a lone `q` cell reads as under these rules (`qu` or `q`), or
    /// `None` when the pack has no `q`.
    fn q_reads(&self) -> Option<String> {
        self.faces.face("q", false).ok()
    }

    /// A solver for these rules, warmed up (its table decoded once).
    fn solver_for(&self, rules: Rules) -> PyResult<Solver> {
        let mut solver = Solver::with_rules(&self.pack.pack, rules).map_err(errors::pack)?;
        solver.warm_up().map_err(errors::pack)?;
        Ok(solver)
    }

    /// The rules for a board of this size: the bonus grid fitted to it.
    fn rules_for(&self, rows: usize, cols: usize) -> PyResult<Option<Rules>> {
        match (&self.rules.bonus, &self.bonus) {
            (Some(b), Some(_)) if !b.fits(rows, cols) => {
                let mut rules = self.rules.clone();
                rules.fit_bonus(rows, cols).map_err(errors::board)?;
                Ok(Some(rules))
            }
            _ => Ok(None),
        }
    }

    /// Runs `f` on the board without the GIL: with the warm solver, or with
    /// one made for a bonus grid fitted to this board's size.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        board: &solve::Board,
        f: impl FnOnce(&mut Solver, &solve::Board) -> Result<T, solve::LexiconError> + Send,
    ) -> PyResult<T> {
        let result = match self.rules_for(board.rows(), board.cols())? {
            Some(rules) => {
                let mut s = self.solver_for(rules)?;
                py.detach(|| f(&mut s, board))
            }
            None => {
                let mut guard = self.solver.lock().unwrap_or_else(|e| e.into_inner());
                let s: &mut Solver = &mut guard;
                py.detach(|| f(s, board))
            }
        };
        result.map_err(errors::pack)
    }

    /// A board given as text, or as a path (`os.PathLike`) to a file that
    /// holds one, of `size` if given. Text that looks like a path
    /// (`board.txt`, `./b`) is never read as a board, as on the command
    /// line.
    fn read(
        &self,
        board: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<solve::Board> {
        let size = size.map(crate::convert::size).transpose()?;
        if let Ok(text) = board.cast::<PyString>() {
            let text = text.to_cow()?;
            if looks_like_a_path(&text) {
                return Err(errors::board(format!(
                    "{text:?} looks like a file name, not a board: to read a board from a \
                     file, pass pathlib.Path({text:?})"
                )));
            }
            return self.faces.parse_sized(&text, size).map_err(errors::board);
        }
        let path: PathBuf = board.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "a board is text (str) or a file's path (pathlib.Path), not {}",
                board
                    .get_type()
                    .name()
                    .map_or("?".into(), |n| n.to_string())
            ))
        })?;
        let file = solve::board::BoardFile::read(&path).map_err(errors::board)?;
        self.faces
            .parse_sized(&file.text, size)
            .map_err(|e| errors::board(format!("{}: {e}", path.display())))
    }
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(signature = (pack, neighbors = "all", wrap = false, scoring = None, min_len = None, bonus = None, letter_values = None, qu = None, common = false, min_zipf = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        pack: &Bound<'_, PyPack>,
        neighbors: &str,
        wrap: bool,
        scoring: Option<&Bound<'_, PyAny>>,
        min_len: Option<i128>,
        bonus: Option<String>,
        letter_values: Option<&Bound<'_, PyAny>>,
        qu: Option<bool>,
        common: bool,
        min_zipf: Option<f64>,
    ) -> PyResult<PySolver> {
        let pack = pack.get().clone();
        let adjacency: Adjacency = neighbors.parse().map_err(errors::options)?;
        let scoring_text: Option<String> = scoring.map(scoring_arg).transpose()?;
        let scoring = scoring_text.as_deref().map(scheme).transpose()?;
        let letter_values = letter_values.map(values).transpose()?;
        let min_len = min_len
            .map(|n| errors::positive("min_len", n).map(|n| n as usize))
            .transpose()?
            .and_then(std::num::NonZeroUsize::new);
        let given = Given {
            neighbors: neighbors.to_string(),
            wrap,
            scoring: scoring_text,
            min_len: min_len.map(std::num::NonZeroUsize::get),
            letter_values: letter_values.clone(),
            qu,
            common,
            min_zipf,
        };
        if common && min_zipf.is_some() {
            return Err(errors::options(
                "give common=True (Zipf 2.5 and more) or min_zipf, not both",
            ));
        }
        let min_zipf = match min_zipf {
            Some(z) => Some(Zipf::try_from(z).map_err(errors::options)?),
            None => common.then_some(Zipf::COMMON),
        };
        let options = RuleOptions {
            adjacency,
            wrap,
            qu,
            min_len,
            scoring,
            letter_values,
            bonus: bonus.clone(),
            min_zipf,
        };
        let (faces, rules) = options.resolve(&pack.pack).map_err(errors::options)?;
        let solver = py.detach(|| -> Result<Solver, solve::LexiconError> {
            let mut s = Solver::with_rules(&pack.pack, rules.clone())?;
            s.warm_up()?;
            Ok(s)
        });
        let solver = solver.map_err(errors::pack)?;
        Ok(PySolver {
            pack,
            faces,
            rules,
            bonus,
            given,
            solver: Mutex::new(solver),
        })
    }

    /// Every word on the board with its score and one path.
    ///
    /// The board is text as the CLI reads it: rows separated by spaces or
    /// `/` (`"oatr ihps htnr enei"`), a run of N² letters, `[th]` for a
    /// multi-letter face, `.` for a blank; or a `pathlib.Path` to a file
    /// holding such text. A `str` that looks like a file name (`board.txt`)
    /// is a `BoardError`, not a board. `size` (`"3x4"`, `4` or `(3, 4)`)
    /// cuts a run of letters into its rows; without it a run must make a
    /// square.
    #[pyo3(signature = (board, *, size = None))]
    fn solve(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySolution> {
        let b = self.read(board, size)?;
        let text = self.faces.text(&b, TextStyle::Rows);
        let solution = self.run(py, &b, Solver::solve)?;
        Ok(PySolution {
            board: text,
            rows: solution.rows,
            cols: solution.cols,
            score: solution.score,
            word_count: solution.word_count,
            words: solution.words.into_iter().map(PyWord::of).collect(),
        })
    }

    /// The board's score (`size` as for `solve`).
    #[pyo3(signature = (board, *, size = None))]
    fn score(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        Ok(self.tally(py, board, size)?.0)
    }

    /// The board's score and its number of distinct words, as a tuple
    /// (`size` as for `solve`).
    #[pyo3(signature = (board, *, size = None))]
    fn tally(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(u64, u64)> {
        let b = self.read(board, size)?;
        let t = self.run(py, &b, Solver::tally)?;
        Ok((t.score, t.words))
    }

    /// Scores boards from any iterable of board texts (a list, a file
    /// object: blank lines are skipped), lazily: yields `(score,
    /// word_count)` for each board, in input order. Boards are taken in
    /// rounds and scored without the GIL on `threads` threads (`None`: one
    /// per core), so other Python threads run meanwhile; the next round is
    /// read while one is scored. A board that does
    /// not read raises `BoardError` at its place in the stream, naming it
    /// by its number (from 1); iterating on continues with the next.
    /// `size` (as for `solve`) is every board's size.
    #[pyo3(signature = (boards, threads = None, *, size = None))]
    fn score_many(
        &self,
        boards: &Bound<'_, PyAny>,
        threads: Option<i128>,
        size: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ScoreIter> {
        let size = size.map(crate::convert::size).transpose()?;
        let threads = job::Control::<()>::with_threads(errors::threads(threads)?).thread_count();
        let iter = boards
            .try_iter()
            .map_err(|_| PyTypeError::new_err("score_many takes an iterable of board texts"))?;
        // Clones of the warm solver share its decoded table.
        let one = self
            .solver
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        Ok(ScoreIter::new(
            iter.unbind(),
            self.faces.clone(),
            size,
            vec![one; threads],
        ))
    }

    /// The rules in force: neighbors, wrap, scoring, min_len, bonus, and
    /// min_zipf (the line under which words are not counted; `None`: every
    /// word counts).
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("neighbors", self.rules.adjacency.to_string())?;
        d.set_item("wrap", self.rules.wrap)?;
        d.set_item("scoring", self.rules.scoring.name())?;
        d.set_item("min_len", self.rules.min_len)?;
        d.set_item("bonus", self.bonus.clone())?;
        let words = self.rules.words;
        d.set_item(
            "min_zipf",
            words.only_common.then(|| zipf_float(words.common)),
        )?;
        Ok(d)
    }

    /// The pack.
    #[getter]
    fn pack(&self) -> PyPack {
        self.pack.clone()
    }

    /// The call that makes an equal solver: its pack, then the rules in
    /// force (`scoring` as given, or the pack's scheme by name when that
    /// name makes the same scheme) and the options given that have no
    /// place among them (`bonus`, `letter_values`, `qu`).
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let g = &self.given;
        let mut out = format!(
            "Solver({}, neighbors={}, wrap={}",
            self.pack.repr(py)?,
            py_repr(py, &self.rules.adjacency.to_string())?,
            py_bool(self.rules.wrap),
        );
        let name = self.rules.scoring.name();
        match &g.scoring {
            Some(text) => out += &format!(", scoring={}", py_repr(py, text)?),
            None if Scoring::from_arg(name).is_ok_and(|s| s == self.rules.scoring) => {
                out += &format!(", scoring={}", py_repr(py, name)?)
            }
            None => {}
        }
        out += &format!(", min_len={}", self.rules.min_len);
        if let Some(bonus) = &self.bonus {
            out += &format!(", bonus={}", py_repr(py, bonus)?);
        }
        if let Some(values) = &g.letter_values {
            out += &format!(
                ", letter_values={}",
                values.into_pyobject(py)?.repr()?.to_cow()?
            );
        }
        if let Some(qu) = g.qu {
            out += &format!(", qu={}", py_bool(qu));
        }
        if g.common {
            out += ", common=True";
        }
        if self.rules.words.only_common && !g.common {
            out += &format!(", min_zipf={}", self.rules.words.common);
        }
        out.push(')');
        Ok(out)
    }

    /// Pickles by its pack and the options it was made with, so that a
    /// solver can go to another process.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let me = slf.get();
        let g = &me.given;
        (
            slf.get_type(),
            (
                me.pack.clone(),
                g.neighbors.clone(),
                g.wrap,
                g.scoring.clone(),
                g.min_len,
                me.bonus.clone(),
                g.letter_values.clone(),
                g.qu,
                g.common,
                g.min_zipf,
            ),
        )
            .into_pyobject(py)
    }
}

/// `scoring` as given: a scheme's name or table (`str`), or a scheme file
/// (`str` ending in `.toml`, or any `os.PathLike`).
fn scoring_arg(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = v.cast::<PyString>() {
        return Ok(text.to_string());
    }
    let path: PathBuf = v.extract().map_err(|_| {
        PyTypeError::new_err("scoring: a scheme's name or table (str), or a scheme file (a path)")
    })?;
    let text = path.display().to_string();
    if text.ends_with(".toml") {
        Ok(text)
    } else {
        Err(errors::options(format!(
            "scoring: {text}: a scheme file ends in .toml"
        )))
    }
}

/// Letter values from a dict or from `"a=1,b=3"`.
fn values(v: &Bound<'_, PyAny>) -> PyResult<BTreeMap<String, u32>> {
    if let Ok(text) = v.cast::<PyString>() {
        return solve::scoring::parse_values(&text.to_string()).map_err(errors::options);
    }
    v.extract::<BTreeMap<String, u32>>()
        .map_err(|_| errors::options("letter_values: a dict of letter to points, or \"a=1,b=3\""))
}

/// Boards taken per thread in a round of `score_many`.
const ROUND: usize = 2048;

/// A round's boards: their numbers in the input (from 1) and texts.
type Round = (Vec<u64>, Vec<String>);
/// A scored round, with the solvers back.
type Scored = (Vec<Solver>, Vec<u64>, Vec<Result<Tally, TallyError>>);

/// The iterator `score_many` returns. Rounds are pipelined: while one
/// round is scored on its threads (without the GIL), the Python side reads
/// the next round from the source and hands out the last round's results.
#[pyclass(module = "wordgrid")]
pub(crate) struct ScoreIter {
    source: Option<Py<PyIterator>>,
    faces: Arc<FaceRules>,
    /// Every board's size, if given.
    size: Option<grid::Size>,
    /// The solvers, when no round holds them.
    solvers: Option<Vec<Solver>>,
    threads: usize,
    pending: Option<JoinHandle<Scored>>,
    ready: VecDeque<(u64, Result<Tally, TallyError>)>,
    /// Boards taken from the source so far.
    taken: u64,
    /// What went wrong reading the source: raised after the boards before
    /// it are handed out.
    error: Option<PyErr>,
}

#[pymethods]
impl ScoreIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<(u64, u64)>> {
        loop {
            match self.ready.pop_front() {
                Some((_, Ok(t))) => return Ok(Some((t.score, t.words))),
                Some((n, Err(TallyError::Board(e)))) => {
                    return Err(errors::board(format!("board {n}: {e}")))
                }
                Some((n, Err(e))) => return Err(errors::pack(format!("board {n}: {e}"))),
                None => {}
            }
            if self.pending.is_none() {
                let round = self.read(py)?;
                if round.0.is_empty() {
                    return match self.error.take() {
                        Some(e) => Err(e),
                        None => Ok(None),
                    };
                }
                self.spawn(round)?;
            }
            // Read the next round while this one is scored.
            let next = self.read(py)?;
            let Some(pending) = self.pending.take() else {
                continue;
            };
            let (solvers, numbers, results) = py
                .detach(|| pending.join())
                .map_err(|_| PyRuntimeError::new_err("a score_many thread panicked"))?;
            self.solvers = Some(solvers);
            self.ready.extend(numbers.into_iter().zip(results));
            if !next.0.is_empty() {
                self.spawn(next)?;
            }
        }
    }
}

impl ScoreIter {
    fn new(
        source: Py<PyIterator>,
        faces: FaceRules,
        size: Option<grid::Size>,
        solvers: Vec<Solver>,
    ) -> ScoreIter {
        ScoreIter {
            source: Some(source),
            faces: Arc::new(faces),
            size,
            threads: solvers.len(),
            solvers: Some(solvers),
            pending: None,
            ready: VecDeque::new(),
            taken: 0,
            error: None,
        }
    }

    /// Takes the next round's boards from the source (blank ones skipped);
    /// fewer, or none, at its end or at an item that is not text (kept in
    /// `error`).
    fn read(&mut self, py: Python<'_>) -> PyResult<Round> {
        let want = ROUND * self.threads;
        let mut round: Round = (Vec::with_capacity(want), Vec::with_capacity(want));
        let Some(source) = &self.source else {
            return Ok(round);
        };
        let mut source = source.bind(py).clone();
        while round.1.len() < want {
            let item = match source.next() {
                Some(Ok(item)) => item,
                Some(Err(e)) => {
                    self.error = Some(e);
                    self.source = None;
                    break;
                }
                None => {
                    self.source = None;
                    break;
                }
            };
            self.taken += 1;
            let Ok(text) = item.extract::<String>() else {
                self.error = Some(PyTypeError::new_err(format!(
                    "board {}: a board is text (str), not {}",
                    self.taken,
                    item.get_type().name().map_or("?".into(), |n| n.to_string())
                )));
                self.source = None;
                break;
            };
            if text.trim().is_empty() {
                continue;
            }
            round.0.push(self.taken);
            round.1.push(text);
        }
        Ok(round)
    }

    /// Scores a round on its own threads.
    fn spawn(&mut self, (numbers, texts): Round) -> PyResult<()> {
        let mut solvers = self
            .solvers
            .take()
            .ok_or_else(|| PyRuntimeError::new_err("score_many: a round is already running"))?;
        let faces = Arc::clone(&self.faces);
        let size = self.size;
        self.pending = Some(std::thread::spawn(move || {
            let results = tally_texts(&texts, size, &faces, &mut solvers);
            (solvers, numbers, results)
        }));
        Ok(())
    }
}
