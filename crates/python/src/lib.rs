//! The native half of the Python package `wordgrid`: the toolkit's
//! libraries (`prep` for packs, `solve` for everything on a board) as
//! Python classes and functions. The Python half (`python/wordgrid`) adds
//! the exception classes, type stubs and the Dask jobs.
//!
//! Long calls (`score_many`'s rounds, `count`, `best`, `prove`) release the
//! GIL; the ones that can run for minutes watch for Ctrl-C (see
//! the private `interrupt` module) and keep what they found.

use pyo3::prelude::*;

mod convert;
mod errors;
mod interrupt;
mod jobs;
mod pack;
mod proof;
mod solution;
mod solver;

/// The module `wordgrid._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<pack::PyPack>()?;
    m.add_class::<solver::PySolver>()?;
    m.add_class::<solution::PySolution>()?;
    m.add_class::<solution::PyWord>()?;
    m.add_class::<solver::ScoreIter>()?;
    m.add_class::<jobs::PyBest>()?;
    m.add_class::<proof::PyProof>()?;
    m.add_class::<jobs::PyFound>()?;
    m.add_function(wrap_pyfunction!(jobs::roll, m)?)?;
    m.add_function(wrap_pyfunction!(jobs::count, m)?)?;
    m.add_function(wrap_pyfunction!(jobs::best, m)?)?;
    m.add_function(wrap_pyfunction!(proof::prove, m)?)?;
    m.add_function(wrap_pyfunction!(proof::merge_proofs, m)?)?;
    m.add_function(wrap_pyfunction!(pack::builtin_packs, m)?)?;
    m.add_function(wrap_pyfunction!(pack::recipes, m)?)?;
    m.add_function(wrap_pyfunction!(pack::_from_bytes_named, m)?)?;
    Ok(())
}
