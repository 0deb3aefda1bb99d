//! The languages rooms are played in: the packs the web app offers (its
//! `packs/index.json` and the `.pack` files beside it), or the built-in
//! packs when no site is served. Each pack is opened once, when a room first
//! asks for it, and shared by every room after.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use prep::Pack;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A language a room may choose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Language {
    /// Its key (`en`, `en-gb`, `nl`).
    pub key: String,
    /// Its name in itself (`Nederlands`).
    pub name: String,
    /// Whether its pack knows common words from rare ones.
    pub frequencies: bool,
}

/// Why the languages or a pack cannot be had.
#[derive(Debug, Error)]
pub enum PacksError {
    /// The site's pack index does not read.
    #[error("{}: {message}", path.display())]
    Index {
        /// The index file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// No such language here.
    #[error("no language {0:?} here")]
    Unknown(String),
    /// Its pack does not open.
    #[error("the {key} pack ({}): {message}", path.display())]
    Open {
        /// The language.
        key: String,
        /// Its file.
        path: PathBuf,
        /// Why.
        message: String,
    },
}

/// One entry of `packs/index.json`, as `scripts/build-web` writes it.
#[derive(Deserialize)]
struct IndexEntry {
    key: String,
    file: String,
    native: String,
    #[serde(default)]
    frequencies: Option<String>,
}

/// The languages, and their packs once opened.
#[derive(Debug)]
pub struct Packs {
    languages: Vec<Language>,
    files: HashMap<String, PathBuf>,
    open: Mutex<HashMap<String, Pack>>,
}

impl Packs {
    /// The packs of the site at `site` (its `packs/index.json`), or the
    /// built-in ones if `site` is `None`.
    pub fn new(site: Option<&Path>) -> Result<Packs, PacksError> {
        let Some(site) = site else {
            let languages = solve::packs::builtin_names()
                .into_iter()
                .filter_map(|key| {
                    let pack = solve::packs::builtin(&key)?;
                    Some(Language {
                        name: pack.recipe().language.native.clone(),
                        frequencies: pack.has_frequencies(),
                        key,
                    })
                })
                .collect();
            return Ok(Packs {
                languages,
                files: HashMap::new(),
                open: Mutex::new(HashMap::new()),
            });
        };
        let path = site.join("packs").join("index.json");
        let index_error = |message: String| PacksError::Index {
            path: path.clone(),
            message,
        };
        let text = std::fs::read_to_string(&path).map_err(|e| index_error(e.to_string()))?;
        let entries: Vec<IndexEntry> =
            serde_json::from_str(&text).map_err(|e| index_error(e.to_string()))?;
        let mut languages = Vec::new();
        let mut files = HashMap::new();
        for e in entries {
            // A file name, not a path: the index names files beside it.
            if e.file.contains(['/', '\\']) || e.file.starts_with('.') {
                return Err(index_error(format!("{:?} is not a file name", e.file)));
            }
            files.insert(e.key.clone(), site.join("packs").join(&e.file));
            languages.push(Language {
                key: e.key,
                name: e.native,
                frequencies: e.frequencies.is_some(),
            });
        }
        Ok(Packs {
            languages,
            files,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// The languages, in the site's order.
    pub fn languages(&self) -> &[Language] {
        &self.languages
    }

    /// Whether `key` is one of them.
    pub fn has(&self, key: &str) -> bool {
        self.languages.iter().any(|l| l.key == key)
    }

    /// The pack of language `key`, opened the first time it is asked for.
    pub fn get(&self, key: &str) -> Result<Pack, PacksError> {
        if !self.has(key) {
            return Err(PacksError::Unknown(key.to_string()));
        }
        if let Some(pack) = self.open.lock().expect("packs lock").get(key) {
            return Ok(pack.clone());
        }
        // Opened outside the lock: a first open maps and checks a file.
        let pack = match self.files.get(key) {
            Some(path) => Pack::open(path).map_err(|e| PacksError::Open {
                key: key.to_string(),
                path: path.clone(),
                message: e.to_string(),
            })?,
            None => {
                solve::packs::builtin(key).ok_or_else(|| PacksError::Unknown(key.to_string()))?
            }
        };
        self.open
            .lock()
            .expect("packs lock")
            .insert(key.to_string(), pack.clone());
        Ok(pack)
    }
}
