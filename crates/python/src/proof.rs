//! Proofs from Python: `prove` (one run, or one shard of one), the
//! `Proof` it returns, and `merge_proofs`, the prove crate's one merge of
//! shards.

use ::prove::{
    Checkpoint, CheckpointError, MergeError, ProveError, ProveOptions, Prover, Report, Run, Scored,
    Shard,
};
use grid::Size;
use job::Control;
use pyo3::prelude::*;

use crate::convert::size;
use crate::convert::{py_bool, py_float};
use crate::errors;
use crate::interrupt;
use crate::jobs::{boards_repr, setup, PyFound};

/// What `prove` found.
#[pyclass(
    module = "wordgrid",
    name = "Proof",
    frozen,
    get_all,
    eq,
    from_py_object
)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyProof {
    /// Every distinct board (canonical form) scoring at least the
    /// threshold, best first, each a `FoundBoard`.
    boards: Vec<PyFound>,
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
    /// `(k, n)`: which shard this is (k from 1), or `None` (the whole
    /// space, or a merge).
    shard: Option<(u64, u64)>,
    /// Wall-clock seconds (summed over the shards of a merge).
    seconds: f64,
    /// The shards a merge put together, in order (empty for one run).
    shards: Vec<(u64, u64)>,
}

#[pymethods]
impl PyProof {
    /// A proof's result (as pickling rebuilds one).
    #[new]
    #[pyo3(signature = (boards, threshold, classes, solved, parts, parts_done, complete, shard, seconds, shards = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        boards: Vec<PyFound>,
        threshold: u32,
        classes: u64,
        solved: u64,
        parts: u64,
        parts_done: u64,
        complete: bool,
        shard: Option<(u64, u64)>,
        seconds: f64,
        shards: Option<Vec<(u64, u64)>>,
    ) -> PyProof {
        PyProof {
            boards,
            threshold,
            classes,
            solved,
            parts,
            parts_done,
            complete,
            shard,
            seconds,
            shards: shards.unwrap_or_default(),
        }
    }

    /// The call that makes it again: every field, by name.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Proof(boards={}, threshold={}, classes={}, solved={}, parts={}, parts_done={}, \
             complete={}, shard={}, seconds={}, shards=[{}])",
            boards_repr(py, &self.boards)?,
            self.threshold,
            self.classes,
            self.solved,
            self.parts,
            self.parts_done,
            py_bool(self.complete),
            self.shard
                .map_or("None".to_string(), |(k, n)| format!("({k}, {n})")),
            py_float(py, self.seconds)?,
            self.shards
                .iter()
                .map(|(k, n)| format!("({k}, {n})"))
                .collect::<Vec<_>>()
                .join(", ")
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
                me.threshold,
                me.classes,
                me.solved,
                me.parts,
                me.parts_done,
                me.complete,
                me.shard,
                me.seconds,
                me.shards.clone(),
            ),
        )
            .into_pyobject(slf.py())
    }
}

/// Proves which boards of a size reach `threshold`, by branch and bound
/// over board classes, as `boggle prove` does: every board scoring at least
/// `threshold`, and whether the run was complete. `pack` is a `Pack` or a
/// `Solver` (length-based scoring only). `shard=(k, n)` (k from 1) proves
/// only the k-th of n parts; the union of all n shards' boards is the
/// proof. `checkpoint`, a file path, keeps the run's progress there
/// (rewritten atomically as each part of the class space finishes, in
/// `boggle prove --checkpoint`'s format) and resumes from it when it
/// exists: a run stopped, or a worker lost, loses at most the parts it was
/// on. `class_memory` (bytes) is the most a class's paths and trees may
/// take, as `--class-memory` (default or 0: no limit). Ctrl-C stops it and
/// raises `KeyboardInterrupt`, whose `partial`
/// attribute holds what was found (`complete=False`).
#[pyfunction]
#[pyo3(signature = (pack, size, threshold, threads = None, shard = None, checkpoint = None, class_memory = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove(
    py: Python<'_>,
    pack: &Bound<'_, PyAny>,
    size: &Bound<'_, PyAny>,
    threshold: i128,
    threads: Option<i128>,
    shard: Option<(u64, u64)>,
    checkpoint: Option<std::path::PathBuf>,
    class_memory: Option<i128>,
) -> PyResult<PyProof> {
    let class_memory = match class_memory {
        Some(n) => errors::natural("class_memory", n)?,
        None => 0,
    };
    let threshold = u32::try_from(errors::natural("threshold", threshold)?)
        .map_err(|_| errors::options("threshold is too large"))?;
    let threads = errors::threads(threads)?;
    let (pack, _, rules) = setup(pack)?;
    let Size { rows, cols } = self::size(size)?;
    let shard = shard
        .map(|(k, n)| {
            Shard::new(k, n)
                .map_err(|_| errors::options(format!("shard ({k}, {n}): k from 1 to n")))
        })
        .transpose()?;
    let run = Run::new(&pack.pack, &rules, rows, cols, threshold);
    let prover = Prover::new(&pack.pack, rules, rows, cols).map_err(|e| match e {
        ProveError::Lexicon(e) => errors::pack(e),
        ProveError::Pack(e) => errors::pack(e),
        e => errors::options(e),
    })?;
    let saved = match &checkpoint {
        Some(path) => Some(Checkpoint::resume(path, &run, shard).map_err(checkpoint_error)?),
        None => None,
    };
    let done: Option<std::collections::BTreeSet<u64>> = saved.as_ref().map(|c| c.done.clone());
    let state = std::sync::Mutex::new((saved, None::<CheckpointError>));
    let started = std::time::Instant::now();
    let (proof, signal) = interrupt::run(py, |cancel| {
        let is_done = |i: u64| done.as_ref().is_some_and(|d| d.contains(&i));
        let record = |index: u64, boards: &[Scored]| {
            let mut guard = state.lock().unwrap_or_else(|e| e.into_inner());
            let (saved, error) = &mut *guard;
            if let (Some(c), Some(path)) = (saved.as_mut(), &checkpoint) {
                c.record(index, boards);
                if error.is_none() {
                    if let Err(e) = c.write(path, started.elapsed().as_secs_f64()) {
                        *error = Some(e);
                    }
                }
            }
        };
        let options = ProveOptions {
            threshold,
            control: Control {
                threads,
                cancel,
                progress: None,
            },
            shard,
            done: Some(&is_done),
            on_part: Some(&record),
            class_memory,
            ..ProveOptions::default()
        };
        prover.run(&options)
    });
    let proof = proof.map_err(errors::options)?;
    let seconds = started.elapsed().as_secs_f64();
    let (saved, error) = state.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = error {
        return Err(checkpoint_error(e));
    }
    // What this run found, with what the checkpoint held (its boards are
    // every part's so far; its counts the runs' before this one).
    let report = Report::of(run, shard, &proof, saved.as_ref(), seconds);
    if let (Some(mut c), Some(path)) = (saved, &checkpoint) {
        c.classes = report.classes;
        c.solved = report.solved;
        c.assigned = report.assigned;
        c.cpu_seconds = report.cpu_seconds;
        c.write(path, seconds).map_err(checkpoint_error)?;
    }
    let result = PyProof {
        boards: report.boards.into_iter().map(PyFound::from).collect(),
        threshold,
        classes: report.classes,
        solved: report.solved,
        parts: report.parts,
        parts_done: report.parts_done,
        complete: report.complete,
        shard: shard.map(|s| (s.k(), s.n())),
        seconds: report.seconds,
        shards: Vec::new(),
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

/// A checkpoint that could not be read or written: `OSError`; one that is
/// not a checkpoint, or another run's: `ValueError`.
fn checkpoint_error(e: CheckpointError) -> PyErr {
    match e {
        CheckpointError::Read { .. } | CheckpointError::Write { .. } => {
            pyo3::exceptions::PyOSError::new_err(e.to_string())
        }
        e => errors::options(e),
    }
}

/// Merges shards' proofs (each from `prove(..., shard=(k, n))`, of one
/// run) into one, as `boggle prove --merge` does (the same merge,
/// `prove::merge`): the union of the boards, the sums of the counts;
/// complete when all `n` shards are there and complete. One proof of the
/// whole space merges to itself.
#[pyfunction]
pub(crate) fn merge_proofs(proofs: Vec<PyProof>) -> PyResult<PyProof> {
    if let [one] = proofs.as_slice() {
        if one.shard.is_none() {
            return Ok(one.clone());
        }
    }
    let threshold = proofs.first().map_or(0, |p| p.threshold);
    let reports = proofs
        .iter()
        .map(|p| {
            Ok(Report {
                run: Run {
                    pack: String::new(),
                    rows: 0,
                    cols: 0,
                    scoring: String::new(),
                    min_len: 0,
                    neighbors: grid::Adjacency::King,
                    threshold: p.threshold,
                    slice: None,
                },
                shard: p
                    .shard
                    .map(|(k, n)| Shard::new(k, n))
                    .transpose()
                    .map_err(errors::options)?,
                complete: p.complete,
                parts: p.parts,
                parts_done: p.parts_done,
                classes: p.classes,
                solved: p.solved,
                seconds: p.seconds,
                // (A Python proof does not carry them.)
                assigned: 0,
                cpu_seconds: 0.0,
                boards: p.boards.iter().map(PyFound::scored).collect(),
            })
        })
        .collect::<PyResult<Vec<Report>>>()?;
    let merged = ::prove::merge(&reports).map_err(|e| {
        errors::options(match e {
            MergeError::OtherRun { index } => {
                format!("proof {index} has another threshold than proof 0")
            }
            MergeError::NotAShard { index } => {
                format!("proof {index} is of the whole space, not a shard")
            }
            e => e.to_string().replace("report", "proof"),
        })
    })?;
    let r = merged.report;
    Ok(PyProof {
        boards: r.boards.into_iter().map(PyFound::from).collect(),
        threshold,
        classes: r.classes,
        solved: r.solved,
        parts: r.parts,
        parts_done: r.parts_done,
        complete: r.complete,
        shard: None,
        seconds: r.seconds,
        shards: merged.shards.iter().map(|s| (s.k(), s.n())).collect(),
    })
}
