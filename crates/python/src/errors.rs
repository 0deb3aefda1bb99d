//! The library errors as the Python exception classes of
//! `wordgrid.errors` (defined in Python so that `BoardError` can be both a
//! `WordgridError` and a `ValueError`), each with the one-line message the
//! CLI prints.

use pyo3::PyErr;

pyo3::import_exception!(wordgrid.errors, BoardError);
pyo3::import_exception!(wordgrid.errors, PackError);
pyo3::import_exception!(wordgrid.errors, OptionsError);

/// A board that does not read (or does not fit the rules).
pub(crate) fn board(e: impl std::fmt::Display) -> PyErr {
    BoardError::new_err(e.to_string())
}

/// A pack that cannot be found, read, built or trusted.
pub(crate) fn pack(e: impl std::fmt::Display) -> PyErr {
    PackError::new_err(e.to_string())
}

/// Options that do not read or do not go together.
pub(crate) fn options(e: impl std::fmt::Display) -> PyErr {
    OptionsError::new_err(e.to_string())
}
