//! What a solve gives Python: `wordgrid.Word` (a word, its score, path and
//! how common it is) and `wordgrid.Solution` (every word on one board).

use prep::frequency::Zipf;
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList, PyTuple};

use crate::convert::{py_repr, zipf_arg, zipf_float};

/// A word found on a board.
///
/// Words are ordered as a solution lists them: highest score first, then
/// alphabetically (by code point), then by length and path; so
/// `sorted(solution) == solution.words` and `min(solution)` is its best
/// word.
#[pyclass(
    module = "wordgrid",
    name = "Word",
    frozen,
    eq,
    ord,
    hash,
    from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyWord {
    /// The word, in the pack's spelling.
    #[pyo3(get)]
    word: String,
    /// Its points (under a letter-value scheme, along its best path).
    #[pyo3(get)]
    score: u32,
    /// Its length in letters (`qu` is two).
    #[pyo3(get)]
    len: usize,
    /// One path that spells it: `(row, col)` from 0, first letter first.
    #[pyo3(get)]
    path: Vec<(u32, u32)>,
    /// How common it is, as the pack stores it (Zipf in tenths).
    stored_zipf: Option<Zipf>,
    /// Whether it is rare: under the solver's line, not in the pack's
    /// frequency list, or not an everyday word of the language (never, in
    /// a pack without frequencies).
    #[pyo3(get)]
    rare: bool,
    /// Why a rare word is rare: `too_rare`, `name`, `abbreviation` or
    /// `not_everyday`; `None` for a common word.
    #[pyo3(get)]
    why: Option<String>,
}

impl PyWord {
    /// The Python word for a solver's word.
    pub(crate) fn of(w: solve::FoundWord) -> PyWord {
        PyWord {
            path: w.path.iter().map(|p| (p.row, p.col)).collect(),
            word: w.word,
            score: w.score,
            len: w.len,
            stored_zipf: w.zipf,
            rare: w.rare,
            why: w.why.map(String::from),
        }
    }
}

impl PyWord {
    /// What words are ordered by: every field, so that the order agrees
    /// with equality.
    #[allow(clippy::type_complexity)]
    fn key(
        &self,
    ) -> (
        std::cmp::Reverse<u32>,
        &str,
        usize,
        &[(u32, u32)],
        Option<Zipf>,
        bool,
        Option<&str>,
    ) {
        (
            std::cmp::Reverse(self.score),
            &self.word,
            self.len,
            &self.path,
            self.stored_zipf,
            self.rare,
            self.why.as_deref(),
        )
    }
}

/// A solution's order: highest score first, then alphabetically.
impl Ord for PyWord {
    fn cmp(&self, other: &PyWord) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for PyWord {
    fn partial_cmp(&self, other: &PyWord) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

#[pymethods]
impl PyWord {
    /// A word as `solve` finds it (and as pickling rebuilds it). `zipf`
    /// is kept to a tenth, as a pack stores it.
    #[new]
    #[pyo3(signature = (word, score, len, path, zipf = None, rare = false, why = None))]
    fn new(
        word: String,
        score: u32,
        len: usize,
        path: Vec<(u32, u32)>,
        zipf: Option<f64>,
        rare: bool,
        why: Option<String>,
    ) -> PyResult<PyWord> {
        let stored_zipf = zipf.map(zipf_arg).transpose()?;
        Ok(PyWord {
            word,
            score,
            len,
            path,
            stored_zipf,
            rare,
            why,
        })
    }

    /// How common the word is on the Zipf scale, to a tenth (3.0: once per
    /// million words of text); `None` when the pack has no frequencies or
    /// its source does not list the word.
    #[getter]
    fn zipf(&self) -> Option<f64> {
        self.stored_zipf.map(zipf_float)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut out = format!(
            "Word({}, score={}, len={}, path={:?}",
            py_repr(py, &self.word)?,
            self.score,
            self.len,
            self.path
        );
        if let Some(z) = self.stored_zipf {
            out += &format!(", zipf={z}");
        }
        if self.rare {
            out += ", rare=True";
        }
        if let Some(why) = &self.why {
            out += &format!(", why={}", py_repr(py, why)?);
        }
        out.push(')');
        Ok(out)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let me = slf.get();
        (
            slf.get_type(),
            (
                me.word.clone(),
                me.score,
                me.len,
                me.path.clone(),
                me.zipf(),
                me.rare,
                me.why.clone(),
            ),
        )
            .into_pyobject(slf.py())
    }
}

/// Everything found on one board.
#[pyclass(module = "wordgrid", name = "Solution", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PySolution {
    /// The board as text, rows separated by spaces.
    pub(crate) board: String,
    /// Rows.
    pub(crate) rows: usize,
    /// Columns.
    pub(crate) cols: usize,
    /// Total points.
    pub(crate) score: u64,
    /// Distinct words.
    pub(crate) word_count: usize,
    /// The words, highest score first, then alphabetically.
    pub(crate) words: Vec<PyWord>,
}

#[pymethods]
impl PySolution {
    /// A solution as `solve` makes it (and as pickling rebuilds it).
    #[new]
    fn new(
        board: String,
        rows: usize,
        cols: usize,
        score: u64,
        word_count: usize,
        words: Vec<PyWord>,
    ) -> PySolution {
        PySolution {
            board,
            rows,
            cols,
            score,
            word_count,
            words,
        }
    }

    /// What it is, in a line: the board, its shape, the words and points
    /// (`<Solution 'oatr/ihps/htnr/enei' 4x4: 117 words, 187 points>`).
    /// Not the call that makes it again, as the other values' reprs are:
    /// that call lists every word with its path (127 KB for a rich 5x5
    /// board), too long to print. Pickling or `copy` rebuild a solution.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "<Solution {} {}x{}: {} {}, {} {}>",
            py_repr(py, &self.board)?,
            self.rows,
            self.cols,
            self.word_count,
            if self.word_count == 1 {
                "word"
            } else {
                "words"
            },
            self.score,
            if self.score == 1 { "point" } else { "points" },
        ))
    }

    fn __len__(&self) -> usize {
        self.word_count
    }

    /// The common words (those not `rare`), in the solution's order: every
    /// word when the pack has no frequencies or the solver counted only
    /// common ones.
    #[getter]
    fn common_words(&self) -> Vec<PyWord> {
        self.words.iter().filter(|w| !w.rare).cloned().collect()
    }

    /// The points of the common words.
    #[getter]
    fn common_score(&self) -> u64 {
        self.words
            .iter()
            .filter(|w| !w.rare)
            .map(|w| u64::from(w.score))
            .sum()
    }

    /// How many words are common.
    #[getter]
    fn common_word_count(&self) -> usize {
        self.words.iter().filter(|w| !w.rare).count()
    }

    /// The words, as `words` lists them.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, self.words.clone())?.try_iter()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let me = slf.get();
        (
            slf.get_type(),
            (
                me.board.clone(),
                me.rows,
                me.cols,
                me.score,
                me.word_count,
                me.words.clone(),
            ),
        )
            .into_pyobject(slf.py())
    }
}
