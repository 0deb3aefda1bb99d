//! `wordgrid.Pack`: a language pack (words and rules), built in, installed,
//! from a file, from bytes, or built from a word list.

use std::path::PathBuf;

use prep::{Pack, PackBuilder, PackDir, Recipe, Replace};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};

use crate::errors;

/// A language pack: the words of one list, normalised and filtered by a
/// recipe, and the rules a board in that language follows (alphabet, how
/// `q` reads, dice, scoring, letter values, minimum length). Immutable, and
/// cheap to share between solvers and threads.
#[pyclass(module = "wordgrid", name = "Pack", frozen)]
#[derive(Clone)]
pub(crate) struct PyPack {
    pub(crate) pack: Pack,
    /// The built-in name, for a built-in pack (pickled by name).
    builtin: Option<String>,
}

impl PyPack {
    pub(crate) fn new(pack: Pack) -> PyPack {
        PyPack {
            pack,
            builtin: None,
        }
    }
}

#[pymethods]
impl PyPack {
    /// A built-in pack: `en` (English) or `nl` (Dutch).
    #[staticmethod]
    fn builtin(name: &str) -> PyResult<PyPack> {
        let pack = solve::packs::builtin(name).ok_or_else(|| {
            errors::pack(format!(
                "no built-in pack {name:?} (built-in: {})",
                solve::packs::builtin_names().join(", ")
            ))
        })?;
        Ok(PyPack {
            pack,
            builtin: Some(name.to_ascii_lowercase()),
        })
    }

    /// A pack by name, as `boggle --lang` finds it: built-in first, then
    /// installed with `boggle-prep install` (in `$BOGGLE_PACKS` or the
    /// user's data directory).
    #[staticmethod]
    fn load(name: &str) -> PyResult<PyPack> {
        if let Ok(p) = PyPack::builtin(name) {
            return Ok(p);
        }
        let pack = solve::packs::open(name, PackDir::from_env().as_ref()).map_err(errors::pack)?;
        Ok(PyPack::new(pack))
    }

    /// Opens a pack file (memory-mapped, its checksums checked).
    #[staticmethod]
    fn open(path: PathBuf) -> PyResult<PyPack> {
        Ok(PyPack::new(Pack::open(&path).map_err(errors::pack)?))
    }

    /// A pack from the bytes of a pack file (what `to_bytes` gives),
    /// checked as `open` checks a file.
    #[staticmethod]
    #[pyo3(signature = (data, name = "<bytes>"))]
    fn from_bytes(data: &[u8], name: &str) -> PyResult<PyPack> {
        Ok(PyPack::new(
            Pack::from_vec(data.to_vec(), name).map_err(errors::pack)?,
        ))
    }

    /// Builds a pack in memory from a word list: a path (`str` or
    /// `os.PathLike`; a hunspell `.dic` is read with the `.aff` beside it),
    /// or an iterable of lines. `recipe` is a built-in recipe's name
    /// (`boggle-prep recipes` lists them) or a recipe file (`.toml`).
    #[staticmethod]
    #[pyo3(signature = (source, recipe = "enable", name = None))]
    fn build(
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        recipe: &str,
        name: Option<&str>,
    ) -> PyResult<PyPack> {
        let recipe = Recipe::resolve(recipe).map_err(errors::options)?;
        let path: Option<PathBuf> = if source.is_instance_of::<PyString>() {
            Some(source.extract()?)
        } else {
            source.extract::<PathBuf>().ok()
        };
        let (bytes, label) = match path {
            Some(path) => {
                let label = name.map_or_else(|| path.display().to_string(), str::to_string);
                let built = py.detach(|| -> Result<Vec<u8>, prep::BuildError> {
                    let mut builder = PackBuilder::new(recipe);
                    let raw = prep::read_input(&path)?;
                    let (bytes, _) = match prep::hunspell_affix(&path) {
                        Some(aff_path) => {
                            let aff = prep::read_input(&aff_path)?;
                            builder.build_hunspell_bytes(
                                &aff,
                                &raw,
                                &aff_path.display().to_string(),
                                &path.display().to_string(),
                            )?
                        }
                        None => builder.build_bytes(&raw, &path.display().to_string())?,
                    };
                    Ok(bytes)
                });
                (built.map_err(errors::pack)?, label)
            }
            None => {
                let mut raw = Vec::new();
                for line in source.try_iter().map_err(|_| {
                    errors::options("Pack.build takes a path or an iterable of lines (str)")
                })? {
                    let line = line?;
                    let text = line.extract::<String>().map_err(|_| {
                        errors::options(format!(
                            "Pack.build: lines must be str, not {}",
                            line.get_type().name().map_or("?".into(), |n| n.to_string())
                        ))
                    })?;
                    raw.extend_from_slice(text.as_bytes());
                    raw.push(b'\n');
                }
                let label = name.unwrap_or("<lines>").to_string();
                let built = py.detach(|| PackBuilder::new(recipe).build_bytes(&raw, &label));
                (built.map_err(errors::pack)?.0, label)
            }
        };
        Ok(PyPack::new(
            Pack::from_vec(bytes, &label).map_err(errors::pack)?,
        ))
    }

    /// The whole pack as the bytes of a pack file: to send it to another
    /// process or machine (`Pack.from_bytes` reads it back) or save it.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.pack.as_bytes())
    }

    /// Writes the pack to a file, atomically (a pack file `boggle --pack`
    /// and `Pack.open` read).
    fn save(&self, path: PathBuf) -> PyResult<()> {
        prep::write_atomic(&path, self.pack.as_bytes(), Replace::Yes, None)
            .map_err(|e| errors::pack(format!("{}: {e}", path.display())))
    }

    /// The pack's name (its file, or the built-in name).
    #[getter]
    fn name(&self) -> String {
        self.pack.name().to_string()
    }

    /// The built-in name of a built-in pack, else `None`.
    #[getter]
    fn builtin_name(&self) -> Option<String> {
        self.builtin.clone()
    }

    /// The language code (`en`, `nl`, `de`…).
    #[getter]
    fn language(&self) -> String {
        self.pack.recipe().language.code.clone()
    }

    /// The recipe the words were made with.
    #[getter]
    fn recipe(&self) -> String {
        self.pack.recipe().name.clone()
    }

    /// Every letter a word may hold.
    #[getter]
    fn alphabet(&self) -> String {
        self.pack.recipe().alphabet.clone()
    }

    /// The shortest word the pack's game counts.
    #[getter]
    fn min_len(&self) -> usize {
        self.pack.recipe().board.min_word_len
    }

    /// Everything the pack says about itself (recipe, source with its
    /// SHA-256 and licence, word count, build statistics), as JSON text.
    #[getter]
    fn meta_json(&self) -> PyResult<String> {
        serde_json::to_string(self.pack.meta()).map_err(errors::pack)
    }

    /// Every word, in the pack's spelling, sorted.
    fn words(&self) -> PyResult<Vec<String>> {
        self.pack.words().map_err(errors::pack)
    }

    fn __len__(&self) -> usize {
        self.pack.len()
    }

    /// Whether the pack holds this word (in its spelling: lowercase,
    /// folded as the recipe folds).
    fn __contains__(&self, word: &str) -> PyResult<bool> {
        self.pack.contains(word).map_err(errors::pack)
    }

    fn __repr__(&self) -> String {
        format!(
            "Pack({:?}, language={:?}, words={})",
            self.pack.name(),
            self.pack.recipe().language.code,
            self.pack.len()
        )
    }

    /// Pickles by name (built-in) or by bytes, so that a pack can go to
    /// another process (a Dask worker, a multiprocessing pool).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let cls = slf.get_type();
        let me = slf.get();
        match &me.builtin {
            Some(name) => (cls.getattr("builtin")?, (name.clone(),)).into_pyobject(py),
            None => (
                cls.getattr("from_bytes")?,
                (me.to_bytes(py), me.pack.name().to_string()),
            )
                .into_pyobject(py),
        }
    }
}

/// The names of the built-in packs.
#[pyfunction]
pub(crate) fn builtin_packs() -> Vec<String> {
    solve::packs::builtin_names()
}

/// The names of the built-in recipes (for `Pack.build`).
#[pyfunction]
pub(crate) fn recipes() -> Vec<String> {
    Recipe::builtin_names().map(str::to_string).collect()
}
