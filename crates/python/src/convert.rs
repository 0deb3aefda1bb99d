//! How the library's values read in Python and back: Zipf values, the
//! `repr` of strings, floats and booleans, a scoring scheme given by name,
//! table or file. Every class's module uses them; they use none.

use grid::Size;
use prep::frequency::Zipf;
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyString};
use solve::Scoring;

use crate::errors;

/// A Zipf value as Python reads it: the float nearest its tenths (`5.7`,
/// not the `f32`'s 5.69999…).
pub(crate) fn zipf_float(z: Zipf) -> f64 {
    f64::from(z.tenths()) / 10.0
}

/// A Zipf value given to Python (`min_zipf=3`, `zipf=2.5`): 0 to 8, kept
/// to a tenth; anything else is a `ValueError`.
pub(crate) fn zipf_arg(z: f64) -> PyResult<Zipf> {
    Zipf::try_from(z).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
}

/// A Python `repr` of a string (`'plaster'`).
pub(crate) fn py_repr(py: Python<'_>, text: &str) -> PyResult<String> {
    Ok(PyString::new(py, text).repr()?.to_string())
}

/// A Python `repr` of a float: the shortest text that reads back as the
/// same float (`0.1`, `3.0`, `1e-07`).
pub(crate) fn py_float(py: Python<'_>, x: f64) -> PyResult<String> {
    Ok(PyFloat::new(py, x).repr()?.to_string())
}

/// `True` or `False`.
pub(crate) fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// A scheme by name or table, or a scheme file (`.toml`).
pub(crate) fn scheme(text: &str) -> PyResult<Scoring> {
    Scoring::from_arg(text).map_err(errors::options)
}

/// A size as `"4x4"`, `"4"`, `4` or `(rows, cols)`.
pub(crate) fn size(v: &Bound<'_, PyAny>) -> PyResult<Size> {
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
