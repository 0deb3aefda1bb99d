//! Packs by name: the built-in ones first, then those installed in the
//! user's data directory with `boggle-prep install` (see
//! [`prep::PackDir`]), so `boggle --lang es` finds `es.pack` there. [`list`]
//! also names every language a built-in recipe can make a pack for, with
//! its word list and the command that installs it.
//!
//! ```
//! use solve::packs;
//!
//! let pack = packs::open("nl", None).unwrap();
//! assert_eq!(pack.recipe().language.code, "nl");
//! let err = packs::open("xx", None).unwrap_err();
//! assert!(err.to_string().contains("built-in: en, nl"));
//! ```

use std::path::PathBuf;

use prep::{InstallError, Pack, PackDir, PackError, PackMeta, Recipe};
use serde::Serialize;

mod builtin;

pub use builtin::builtin;

/// Why a pack could not be had by name.
#[derive(Debug, thiserror::Error)]
pub enum PacksError {
    /// No built-in or installed pack has that name.
    #[error("no pack {name:?} (built-in: {}; installed{}: {}){}",
        .builtin.join(", "),
        .dir.as_ref().map(|d| format!(" in {}", d.display())).unwrap_or_default(),
        if .installed.is_empty() { "none".to_string() } else { .installed.join(", ") },
        .recipe.as_ref().map(|r| format!("; the built-in recipe {} builds one{}",
            r.name,
            if r.source_present { format!(" from {}, which is here", r.source) }
            else if r.source.is_empty() { String::new() }
            else { format!(" from {} (not installed)", r.source) })).unwrap_or_default())]
    Unknown {
        /// The name asked for.
        name: String,
        /// The built-in names.
        builtin: Vec<String>,
        /// The installed names.
        installed: Vec<String>,
        /// Where installed packs were looked for.
        dir: Option<PathBuf>,
        /// The built-in recipe of that name or language code, if any.
        recipe: Option<Box<RecipeHint>>,
    },
    /// An installed pack's file does not open.
    #[error("installed pack {name:?} ({}): {source}", path.display())]
    Open {
        /// Its name.
        name: String,
        /// Its file.
        path: PathBuf,
        /// Why.
        source: PackError,
    },
    /// The data directory cannot be read.
    #[error(transparent)]
    Dir(#[from] InstallError),
}

/// A built-in recipe that would make the pack a name asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecipeHint {
    /// The recipe's name (`german`).
    pub name: String,
    /// The word list it reads by default (empty if none).
    pub source: String,
    /// Whether that list is on this machine.
    pub source_present: bool,
}

impl RecipeHint {
    /// The built-in recipe `name` names (a recipe name or language code).
    fn for_name(name: &str) -> Option<RecipeHint> {
        let recipe = Recipe::builtin(name).ok()?;
        let source = recipe
            .source
            .as_ref()
            .map(|s| s.path.clone())
            .unwrap_or_default();
        Some(RecipeHint {
            source_present: !source.is_empty() && std::path::Path::new(&source).is_file(),
            name: recipe.name,
            source,
        })
    }
}

/// Where a pack comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// Compiled into the binary.
    Builtin,
    /// Installed in the data directory.
    Installed,
    /// Not a pack yet: a built-in recipe that no listed pack was built with;
    /// `boggle-prep install --recipe NAME` builds and installs one.
    Recipe,
}

/// One pack `boggle --lang NAME` can use.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// The name `--lang` takes.
    pub name: String,
    /// Built in or installed.
    pub origin: Origin,
    /// The pack's file (installed packs), or the word list a recipe reads.
    pub path: Option<PathBuf>,
    /// The language's name and code, e.g. "Dutch (nl)".
    pub language: Option<String>,
    /// How many words it has.
    pub words: Option<u64>,
    /// Its source list, e.g. "OpenTaal 2.20.19".
    pub source: Option<String>,
    /// The recipe it was built with (or, for a recipe, its name).
    pub recipe: Option<String>,
    /// Why it does not open (installed packs only), that a built-in pack of
    /// the same name hides it, or that a recipe's word list is missing.
    pub problem: Option<String>,
    /// For a recipe: the command that installs its pack.
    pub install: Option<String>,
}

/// The built-in pack names.
pub fn builtin_names() -> Vec<String> {
    prep::installed::BUILTIN
        .iter()
        .map(|b| b.name.to_string())
        .collect()
}

/// The pack called `name`: a built-in one, else one installed in `dir`
/// (`None`: no directory to look in). An installed pack is a file like any
/// other: [`Pack::open`] checks its automaton before it is handed out.
pub fn open(name: &str, dir: Option<&PackDir>) -> Result<Pack, PacksError> {
    if let Some(pack) = builtin(name) {
        return Ok(pack);
    }
    if let Some(found) = dir.and_then(|d| d.find(name)) {
        return Pack::open(&found.path).map_err(|source| PacksError::Open {
            name: name.to_string(),
            path: found.path,
            source,
        });
    }
    let installed = match dir {
        Some(d) => d.list()?.into_iter().map(|i| i.name).collect(),
        None => Vec::new(),
    };
    Err(PacksError::Unknown {
        name: name.to_string(),
        builtin: builtin_names(),
        installed,
        dir: dir.map(|d| d.path().to_path_buf()),
        recipe: RecipeHint::for_name(name).map(Box::new),
    })
}

/// Every pack by name: the built-in ones, then those installed in `dir`, by
/// name. An installed pack that does not open, or that a built-in one of the
/// same name hides, is listed with its problem.
pub fn list(dir: Option<&PackDir>) -> Result<Vec<Entry>, PacksError> {
    let describe = |m: &PackMeta| {
        let source = m.source.title();
        (
            Some(format!(
                "{} ({})",
                m.recipe.language.name, m.recipe.language.code
            )),
            Some(m.word_count),
            Some(source).filter(|s| !s.is_empty()),
            Some(m.recipe.name.clone()),
        )
    };
    let mut entries = Vec::new();
    for name in builtin_names() {
        let (language, words, source, recipe) = match builtin(&name) {
            Some(pack) => describe(pack.meta()),
            None => (None, None, None, None),
        };
        entries.push(Entry {
            name,
            origin: Origin::Builtin,
            path: None,
            language,
            words,
            source,
            recipe,
            problem: None,
            install: None,
        });
    }
    let installed = match dir {
        Some(d) => d.list()?,
        None => Vec::new(),
    };
    for i in installed {
        let hidden = builtin(&i.name).is_some();
        // Listing reads each pack's metadata only; using one checks it all.
        let (language, words, source, recipe, problem) = match Pack::read_meta(&i.path) {
            Ok(meta) => {
                let (l, w, s, r) = describe(&meta);
                let problem = hidden.then(|| format!("hidden by the built-in {}", i.name));
                (l, w, s, r, problem)
            }
            Err(e) => (None, None, None, None, Some(e.to_string())),
        };
        entries.push(Entry {
            name: i.name,
            origin: Origin::Installed,
            path: Some(i.path),
            language,
            words,
            source,
            recipe,
            problem,
            install: None,
        });
    }
    for name in Recipe::builtin_names() {
        if entries.iter().any(|e| e.recipe.as_deref() == Some(name)) {
            continue;
        }
        let Ok(recipe) = Recipe::builtin(name) else {
            continue;
        };
        let code = recipe.language.code.to_ascii_lowercase();
        let own = recipe.source.as_ref();
        let missing = own.filter(|s| !std::path::Path::new(&s.path).is_file());
        entries.push(Entry {
            name: code,
            origin: Origin::Recipe,
            path: own.map(|s| PathBuf::from(&s.path)),
            language: Some(format!(
                "{} ({})",
                recipe.language.name, recipe.language.code
            )),
            words: None,
            source: own.map(|s| s.name.clone()),
            recipe: Some(name.to_string()),
            problem: missing.map(|s| match s.debian_package.as_str() {
                "" => format!("{} is missing", s.path),
                package => format!("{} is missing: apt-get install {package}", s.path),
            }),
            install: Some(format!("boggle-prep install --recipe {name}")),
        });
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_name_opens() {
        assert_eq!(builtin_names(), ["en", "nl"]);
        for name in builtin_names() {
            let pack = open(&name.to_uppercase(), None).unwrap();
            let table = prep::installed::BUILTIN
                .iter()
                .find(|b| b.name == name)
                .unwrap();
            assert_eq!(pack.recipe().name, table.recipe);
            assert_eq!(pack.meta().source.name, table.source.0);
        }
    }

    #[test]
    fn builtins_first_then_installed() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = PackDir::new(tmp.path().join("packs"));
        // An empty (missing) directory: only the built-ins.
        let packs = |dir: &PackDir| -> Vec<Entry> {
            let all = list(Some(dir)).unwrap();
            // Every built-in recipe but the built-in packs' own is listed
            // as one to install, after the packs.
            let recipes: Vec<&str> = all
                .iter()
                .filter(|e| e.origin == Origin::Recipe)
                .map(|e| e.recipe.as_deref().unwrap())
                .collect();
            let expected: Vec<&str> = Recipe::builtin_names()
                .filter(|r| {
                    !all.iter()
                        .any(|e| e.origin != Origin::Recipe && e.recipe.as_deref() == Some(*r))
                })
                .collect();
            assert_eq!(recipes, expected);
            assert!(!recipes.contains(&"enable") && !recipes.contains(&"opentaal"));
            all.into_iter()
                .filter(|e| e.origin != Origin::Recipe)
                .collect()
        };
        let names: Vec<String> = packs(&dir).into_iter().map(|e| e.name).collect();
        assert_eq!(names, ["en", "nl"]);
        assert_eq!(
            list(Some(&dir)).unwrap().len(),
            Recipe::builtin_names().count(),
            "two packs, and a recipe to install for each other language"
        );
        let err = open("tiny", Some(&dir)).unwrap_err();
        assert!(matches!(err, PacksError::Unknown { .. }));
        assert!(err.to_string().contains("installed in "), "{err}");
        assert!(err.to_string().contains(": none)"), "{err}");

        // Install a tiny pack as "tiny" and as "nl" (hidden by the built-in).
        let recipe = prep::Recipe::builtin("enable").unwrap();
        let (bytes, _) = prep::PackBuilder::new(recipe)
            .build_bytes(b"quiz\nzebra\n", "tiny.txt")
            .unwrap();
        let src = tmp.path().join("tiny.pack");
        std::fs::write(&src, bytes).unwrap();
        dir.install(&src, "tiny", false).unwrap();
        dir.install(&src, "nl", true).unwrap();
        std::fs::write(dir.path().join("broken.pack"), b"BOGGLEPK junk").unwrap();

        assert_eq!(open("tiny", Some(&dir)).unwrap().len(), 2);
        assert!(
            open("nl", Some(&dir)).unwrap().len() > 1000,
            "built-in first"
        );
        assert!(matches!(
            open("broken", Some(&dir)),
            Err(PacksError::Open { .. })
        ));
        let err = open("xx", Some(&dir)).unwrap_err().to_string();
        assert!(err.contains("broken, nl, tiny"), "{err}");

        let entries = packs(&dir);
        let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["en", "nl", "broken", "nl", "tiny"]);
        assert_eq!(entries[4].words, Some(2));
        assert_eq!(entries[4].origin, Origin::Installed);
        assert!(entries[4].problem.is_none());
        assert!(entries[2].problem.is_some() && entries[2].words.is_none());
        assert!(entries[3].problem.as_deref().unwrap().contains("hidden"));
        assert_eq!(entries[1].language.as_deref(), Some("Dutch (nl)"));
        assert_eq!(entries[4].recipe.as_deref(), Some("enable"));

        // A pack built with a recipe takes that recipe off the list of
        // languages to install, whatever its name.
        let (bytes, _) = prep::PackBuilder::new(Recipe::builtin("it").unwrap())
            .build_bytes(b"casa\nmela\n", "it.txt")
            .unwrap();
        std::fs::write(&src, bytes).unwrap();
        let italian = |dir: &PackDir| {
            list(Some(dir))
                .unwrap()
                .into_iter()
                .find(|e| e.recipe.as_deref() == Some("italian"))
                .unwrap()
        };
        let before = italian(&dir);
        assert_eq!(before.origin, Origin::Recipe);
        assert_eq!(before.name, "it");
        assert_eq!(
            before.install.as_deref(),
            Some("boggle-prep install --recipe italian")
        );
        assert_eq!(before.language.as_deref(), Some("Italian (it)"));
        dir.install(&src, "italiano", false).unwrap();
        let after = italian(&dir);
        assert_eq!(
            (after.origin, after.name),
            (Origin::Installed, "italiano".into())
        );
        packs(&dir);
    }
}
