//! `wordgrid.Pack`: a language pack (words and rules), built in, installed,
//! from a file, from bytes, or built from a word list.

use std::path::PathBuf;

use prep::frequency::{FrequencyList, FrequencySource};
use prep::{Pack, PackBuilder, PackDir, Recipe, Replace};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyIterator, PyList, PyString, PyTuple};

use crate::errors;

/// A language pack: the words of one list, normalised and filtered by a
/// recipe, and the rules a board in that language follows (alphabet, how
/// `q` reads, dice, scoring, letter values, minimum length). Immutable, and
/// cheap to share between solvers and threads.
///
/// Two packs are equal when their contents are: the same words, recipe
/// (the rules) and metadata, that is the same `to_bytes()`, however each
/// was opened and whatever its `name` (a pack equals its own pickle and
/// `Pack.from_bytes(pack.to_bytes())`).
#[pyclass(module = "wordgrid", name = "Pack", frozen, eq, hash)]
#[derive(Clone)]
pub(crate) struct PyPack {
    pub(crate) pack: Pack,
    /// How it was made, for its `repr` and its pickle.
    origin: Origin,
}

/// How a pack was made.
#[derive(Clone)]
enum Origin {
    /// `Pack.builtin(name)` (or `load` of a built-in name): pickled by
    /// name.
    Builtin(String),
    /// `Pack.load(name)` of an installed pack: its `name` is the name, not
    /// its file's path.
    Loaded(String),
    /// `Pack.open(path)`.
    Opened(PathBuf),
    /// From bytes or built in memory.
    Other,
}

/// Equal contents: the whole pack file (header, metadata with the recipe,
/// automaton), byte for byte; the name is not compared.
impl PartialEq for PyPack {
    fn eq(&self, other: &PyPack) -> bool {
        let (a, b) = (self.pack.as_bytes(), other.pack.as_bytes());
        std::ptr::eq(a, b) || a == b
    }
}

impl Eq for PyPack {}

/// The header, which holds the lengths and checksums of the metadata and
/// the automaton: equal packs have equal headers, and it is 48 bytes
/// however big the pack is.
impl std::hash::Hash for PyPack {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let bytes = self.pack.as_bytes();
        bytes[..bytes.len().min(prep::pack::HEADER_LEN)].hash(state);
    }
}

impl PyPack {
    pub(crate) fn new(pack: Pack) -> PyPack {
        PyPack {
            pack,
            origin: Origin::Other,
        }
    }

    /// Its `repr`, as `Solver`'s shows it: the call that makes it again
    /// (`Pack.builtin('en')`, `Pack.load('de')`, `Pack.open('x.pack')`),
    /// else `<Pack name=…, language=…: N words>`.
    pub(crate) fn repr(&self, py: Python<'_>) -> PyResult<String> {
        let r = |text: &str| crate::convert::py_repr(py, text);
        Ok(match &self.origin {
            Origin::Builtin(name) => format!("Pack.builtin({})", r(name)?),
            Origin::Loaded(name) => format!("Pack.load({})", r(name)?),
            Origin::Opened(path) => format!("Pack.open({})", r(&path.display().to_string())?),
            Origin::Other => format!(
                "<Pack name={}, language={}: {} words>",
                r(&self.name())?,
                r(&self.pack.recipe().language.code)?,
                self.pack.len()
            ),
        })
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
            origin: Origin::Builtin(name.to_ascii_lowercase()),
        })
    }

    /// A pack by name, as `boggle --lang` finds it: built-in first, then
    /// installed with `boggle-prep install` (in `$XDG_DATA_HOME/boggle/packs`,
    /// else `~/.local/share/boggle/packs`). Its `name` is the name asked
    /// for.
    #[staticmethod]
    fn load(name: &str) -> PyResult<PyPack> {
        if let Ok(p) = PyPack::builtin(name) {
            return Ok(p);
        }
        let pack = solve::packs::open(name, PackDir::from_env().as_ref()).map_err(|e| {
            let hint = match &e {
                solve::packs::PacksError::Unknown {
                    recipe: Some(r), ..
                } => format!(
                    ": Pack.build(path, recipe={:?}) builds it, or Pack.open(path) opens a pack file",
                    r.name
                ),
                solve::packs::PacksError::Unknown { .. } => {
                    "; Pack.open(path) opens a pack file".to_string()
                }
                _ => String::new(),
            };
            errors::pack(format!("{e}{hint}"))
        })?;
        Ok(PyPack {
            pack,
            origin: Origin::Loaded(name.to_string()),
        })
    }

    /// Opens a pack file (memory-mapped, its checksums checked).
    #[staticmethod]
    fn open(path: PathBuf) -> PyResult<PyPack> {
        Ok(PyPack {
            pack: Pack::open(&path).map_err(errors::pack)?,
            origin: Origin::Opened(path),
        })
    }

    /// A pack from the bytes of a pack file (what `to_bytes` gives),
    /// checked as `open` checks a file.
    #[staticmethod]
    #[pyo3(signature = (data, name = "<bytes>"))]
    fn from_bytes(data: &Bound<'_, PyAny>, name: &str) -> PyResult<PyPack> {
        // Any bytes-like object: bytes, bytearray, memoryview, mmap.
        let bytes: Vec<u8> = match data.cast::<PyBytes>() {
            Ok(b) => b.as_bytes().to_vec(),
            Err(_) => data
                .py()
                .import("builtins")?
                .getattr("bytes")?
                .call1((data,))
                .and_then(|b| Ok(b.cast_into::<PyBytes>()?.as_bytes().to_vec()))
                .map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(
                        "Pack.from_bytes takes a bytes-like object (bytes, bytearray, memoryview)",
                    )
                })?,
        };
        Ok(PyPack::new(
            Pack::from_vec(bytes, name).map_err(errors::pack)?,
        ))
    }

    /// Builds a pack in memory from a word list: a path (`str` or
    /// `os.PathLike`; a hunspell `.dic` is read with the `.aff` beside it),
    /// or an iterable of lines. `recipe` is a built-in recipe's name
    /// (`boggle-prep recipes` lists them) or a recipe file (`.toml`).
    ///
    /// `frequencies` says how common each word is: `None` reads the list
    /// the recipe names (from `BOGGLE_FREQUENCIES`, else the source
    /// checkout's `wordlists/`), a path reads that list (one of wordfreq's
    /// data files, or `word<TAB>zipf` lines), `False` builds without.
    #[staticmethod]
    #[pyo3(signature = (source, recipe = "enable", name = None, allow_empty = false, frequencies = None))]
    fn build(
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        recipe: &str,
        name: Option<&str>,
        allow_empty: bool,
        frequencies: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPack> {
        let recipe = Recipe::resolve(recipe).map_err(errors::options)?;
        let frequencies = build_frequencies(py, &recipe, frequencies)?;
        let builder = || {
            let b = PackBuilder::new(recipe.clone()).allow_empty(allow_empty);
            match &frequencies {
                Some((list, source)) => b.frequencies(list.clone(), source.clone()),
                None => b,
            }
        };
        let path: Option<PathBuf> = if source.is_instance_of::<PyString>() {
            Some(source.extract()?)
        } else {
            source.extract::<PathBuf>().ok()
        };
        let (bytes, label) = match path {
            Some(path) => {
                let label = name.map_or_else(|| path.display().to_string(), str::to_string);
                let built = py.detach(|| builder().build_path(&path));
                (built.map_err(build_error)?.0, label)
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
                let built = py.detach(|| builder().build_bytes(&raw, &label));
                (built.map_err(build_error)?.0, label)
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

    /// The pack's name: the built-in name, the name `load` found it by,
    /// else its file's path (or the name given to `build`/`from_bytes`).
    #[getter]
    fn name(&self) -> String {
        match &self.origin {
            Origin::Builtin(_) | Origin::Opened(_) | Origin::Other => self.pack.name().to_string(),
            Origin::Loaded(name) => name.clone(),
        }
    }

    /// The built-in name of a built-in pack, else `None`.
    #[getter]
    fn builtin_name(&self) -> Option<String> {
        match &self.origin {
            Origin::Builtin(name) => Some(name.clone()),
            _ => None,
        }
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

    /// What `meta_json` holds, as a dict.
    #[getter]
    fn meta<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (self.meta_json()?,))
    }

    /// The words, as `words()` lists them.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, self.words()?)?.try_iter()
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

    /// Whether the pack knows how common its words are (its metadata's
    /// `frequency` says from where). A pack without frequencies has no rare
    /// words.
    #[getter]
    fn has_frequencies(&self) -> bool {
        self.pack.has_frequencies()
    }

    /// How common a word (in the pack's spelling) is, on the Zipf scale to
    /// a tenth (3.0: once per million words of text); `None` when the pack
    /// lacks the word or a frequency for it.
    fn zipf(&self, word: &str) -> PyResult<Option<f64>> {
        let z = self.pack.zipf_of(word).map_err(errors::pack)?;
        Ok(z.map(crate::convert::zipf_float))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.repr(py)
    }

    /// Pickles by name (built-in) or by bytes, so that a pack can go to
    /// another process (a Dask worker, a multiprocessing pool).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let cls = slf.get_type();
        let me = slf.get();
        match &me.origin {
            Origin::Builtin(name) => (cls.getattr("builtin")?, (name.clone(),)).into_pyobject(py),
            Origin::Loaded(name) => (
                py.import("wordgrid._native")?
                    .getattr("_from_bytes_named")?,
                (me.to_bytes(py), me.pack.name().to_string(), name.clone()),
            )
                .into_pyobject(py),
            Origin::Opened(_) | Origin::Other => (
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

/// Unpickles a pack that `load` found by name: its bytes, and the name.
#[pyfunction]
pub(crate) fn _from_bytes_named(
    data: &Bound<'_, PyBytes>,
    file: &str,
    name: &str,
) -> PyResult<PyPack> {
    Ok(PyPack {
        pack: Pack::from_vec(data.as_bytes().to_vec(), file).map_err(errors::pack)?,
        origin: Origin::Loaded(name.to_string()),
    })
}

/// A failed build as a `PackError`; one that kept too few words says how to
/// build it anyway.
/// The frequency list `Pack.build(frequencies=...)` asks for: the
/// recipe's (`None`), a file's (a path), or none (`False`).
fn build_frequencies(
    py: Python<'_>,
    recipe: &Recipe,
    given: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<(FrequencyList, FrequencySource)>> {
    use pyo3::types::PyBool;
    match given {
        Some(b) if b.is_instance_of::<PyBool>() => {
            if b.extract::<bool>()? {
                return Err(errors::options(
                    "frequencies is None (the recipe's list), a path, or False (none)",
                ));
            }
            Ok(None)
        }
        Some(path) => {
            let path: PathBuf = path.extract().map_err(|_| {
                errors::options("frequencies is None (the recipe's list), a path, or False (none)")
            })?;
            py.detach(|| FrequencyList::open(&path))
                .map(Some)
                .map_err(errors::pack)
        }
        None => match &recipe.frequencies {
            Some(rules) => {
                let (dir, _) = prep::frequency::default_dir();
                py.detach(|| rules.load(&dir)).map_err(|e| match e {
                    e @ prep::BuildError::FrequencyListMissing { .. } => errors::pack(format!(
                        "{e}: set BOGGLE_FREQUENCIES to the directory, pass frequencies=PATH, \
                         or frequencies=False"
                    )),
                    e => errors::pack(e),
                })
            }
            None => Ok(None),
        },
    }
}

fn build_error(e: prep::BuildError) -> PyErr {
    match e {
        prep::BuildError::TooFewWords { .. } => {
            errors::pack(format!("{e} (allow_empty=True builds it anyway)"))
        }
        e => errors::pack(e),
    }
}
