//! The library errors as the Python exception classes of
//! `wordgrid.errors` (defined in Python so that `BoardError` can be both a
//! `WordgridError` and a `ValueError`), each with the one-line message the
//! CLI prints.

use pyo3::{PyErr, PyResult};

pyo3::import_exception!(wordgrid.errors, BoardError);
pyo3::import_exception!(wordgrid.errors, PackError);
pyo3::import_exception!(wordgrid.errors, OptionsError);

/// A board that does not read (or does not fit the rules).
pub(crate) fn board(e: impl std::fmt::Display) -> PyErr {
    BoardError::new_err(text(&e))
}

/// A pack that cannot be found, read, built or trusted.
pub(crate) fn pack(e: impl std::fmt::Display) -> PyErr {
    PackError::new_err(text(&e))
}

/// Options that do not read or do not go together.
pub(crate) fn options(e: impl std::fmt::Display) -> PyErr {
    OptionsError::new_err(text(&e))
}

/// A number that must not be negative, as Python passes it: a negative one
/// is an `OptionsError` (a `ValueError`) naming the argument.
pub(crate) fn natural(name: &str, n: i128) -> PyResult<u64> {
    u64::try_from(n).map_err(|_| {
        options(if n < 0 {
            format!("{name} must be 0 or more, not {n}")
        } else {
            format!("{name} is too large: {n}")
        })
    })
}

/// At least 1, as [`natural`].
pub(crate) fn positive(name: &str, n: i128) -> PyResult<u64> {
    if n < 1 {
        return Err(options(format!("{name} must be at least 1, not {n}")));
    }
    natural(name, n)
}

/// A `threads=` argument: `None` for one per core, else at least 1.
pub(crate) fn threads(n: Option<i128>) -> PyResult<Option<std::num::NonZeroUsize>> {
    n.map(|n| {
        let n = usize::try_from(positive("threads", n)?)
            .map_err(|_| options(format!("threads={n} is too many")))?;
        Ok(std::num::NonZeroUsize::new(n).expect("positive"))
    })
    .transpose()
}

/// An error's text without the ` (os error N)` an operating-system error
/// carries (the words before it say what happened).
fn text(e: &impl std::fmt::Display) -> String {
    prep::without_os_code(&e.to_string())
}
