//! Installed packs: pack files in the user's data directory, found by name.
//!
//! `boggle-prep install es.pack` copies a (checked) pack to
//! `$XDG_DATA_HOME/boggle/packs/es.pack`, or
//! `$HOME/.local/share/boggle/packs/es.pack` when `XDG_DATA_HOME` is unset,
//! empty or relative (as the XDG base directory specification says); then
//! `boggle --lang es` finds it. A pack's name is its file name without
//! `.pack`.
//!
//! ```
//! use prep::PackDir;
//!
//! let dir = PackDir::from_vars(Some("/data".as_ref()), Some("/home/me".as_ref())).unwrap();
//! assert_eq!(dir.path(), std::path::Path::new("/data/boggle/packs"));
//! let dir = PackDir::from_vars(None, Some("/home/me".as_ref())).unwrap();
//! assert_eq!(dir.path(), std::path::Path::new("/home/me/.local/share/boggle/packs"));
//! ```

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

#[cfg(feature = "build")]
use crate::error::BuildError;
use crate::error::PackError;
#[cfg(feature = "build")]
use crate::frequency::{FrequencyList, FrequencySource};
use crate::fs::{check_writable, write_atomic, Replace};
use crate::pack::Pack;

/// The extension of an installed pack file.
pub const EXTENSION: &str = "pack";

/// A pack compiled into the solver (`boggle --lang en`): what it is called
/// and how it is built. [`BUILTIN`] is the one list of them, read by the
/// solver's build script, the pack directory, `boggle packs` and the web
/// app's build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builtin {
    /// The name `--lang` takes.
    pub name: &'static str,
    /// The language, in English.
    pub language: &'static str,
    /// The built-in recipe it is built with.
    pub recipe: &'static str,
    /// Its word list: a file in the workspace's `wordlists/`.
    pub list: &'static str,
    /// The list's name, version and licence, as the pack records them.
    pub source: (&'static str, &'static str, &'static str),
    /// One line on what it holds.
    pub about: &'static str,
}

/// The built-in packs. They come before installed ones, so an installed
/// pack of one of these names would be hidden: [`PackDir::install`]
/// refuses them unless told to.
pub const BUILTIN: &[Builtin] = &[
    Builtin {
        name: "en",
        language: "English",
        recipe: "enable",
        list: "word-list-4.1.0.txt",
        source: ("word-list (npm)", "4.1.0", "MIT"),
        about: "npm word-list 4.1.0 with the enable recipe (q reads qu)",
    },
    Builtin {
        name: "nl",
        language: "Dutch",
        recipe: "opentaal",
        list: "opentaal-2.20.19.txt",
        source: (
            "OpenTaal (Debian wdutch)",
            "2.20.19",
            "BSD-3-Clause OR CC-BY-3.0",
        ),
        about: "OpenTaal 2.20.19 with the opentaal recipe",
    },
];

impl Builtin {
    #[cfg(feature = "build")]
    /// Its frequency list, the one its recipe names, read from `wordlists`
    /// (the workspace's `wordlists/`), with the source its pack records;
    /// `None` when it has none.
    pub fn frequency_list(
        &self,
        wordlists: &Path,
    ) -> Result<Option<(FrequencyList, FrequencySource)>, BuildError> {
        let recipe = crate::Recipe::builtin(self.recipe).map_err(BuildError::Recipe)?;
        match &recipe.frequencies {
            Some(rules) => rules.load(wordlists),
            None => Ok(None),
        }
    }
}

/// Whether `name` is a built-in pack's (case-insensitive).
pub fn is_builtin(name: &str) -> bool {
    BUILTIN.iter().any(|b| b.name.eq_ignore_ascii_case(name))
}

/// What went wrong finding, installing or removing a pack.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    /// Neither `XDG_DATA_HOME` nor `HOME` gives a data directory.
    #[error("no data directory: set XDG_DATA_HOME or HOME")]
    NoDataDir,
    /// A pack name that cannot be a plain file name.
    #[error("bad pack name {0:?}: use letters, digits, '-', '_' or '.' (not first), at most 64")]
    BadName(String),
    /// The pack to install does not open or does not verify.
    #[error("{}", with_path(path, source))]
    Pack {
        /// The file.
        path: PathBuf,
        /// Why.
        source: PackError,
    },
    /// The name is a built-in pack's, which would hide the installed one.
    #[error(
        "{0} is the name of a built-in pack, which comes first: an installed {0} would be hidden"
    )]
    Builtin(String),
    /// A pack of that name is installed already.
    #[error("{} exists", .0.display())]
    Exists(PathBuf),
    /// No installed pack has that name.
    #[error("no installed pack {name:?} in {}", dir.display())]
    NotInstalled {
        /// The name asked for.
        name: String,
        /// Where it was looked for.
        dir: PathBuf,
    },
    /// Reading or writing the directory failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// One installed pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Installed {
    /// Its name (the file name without `.pack`).
    pub name: String,
    /// Its file.
    pub path: PathBuf,
}

/// The directory installed packs live in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackDir {
    path: PathBuf,
}

impl PackDir {
    /// Whether `name` can name an installed pack: 1 to 64 ASCII letters,
    /// digits, `-`, `_` or `.`, not starting with `.` (so never a path).
    pub fn valid_name(name: &str) -> bool {
        !name.is_empty()
            && name.len() <= 64
            && !name.starts_with('.')
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
    }

    /// The name a pack file installs as by default: its file name without
    /// the `.pack` extension.
    pub fn default_name(from: &Path) -> Option<String> {
        let stem = if from.extension() == Some(OsStr::new(EXTENSION)) {
            from.file_stem()
        } else {
            from.file_name()
        };
        stem.and_then(OsStr::to_str).map(str::to_string)
    }

    /// The directory at `path`, as it is.
    pub fn new(path: impl Into<PathBuf>) -> PackDir {
        PackDir { path: path.into() }
    }

    /// The user's pack directory from the environment (`XDG_DATA_HOME`,
    /// `HOME`); `None` when neither gives one.
    pub fn from_env() -> Option<PackDir> {
        PackDir::from_vars(
            std::env::var_os("XDG_DATA_HOME").as_deref(),
            std::env::var_os("HOME").as_deref(),
        )
    }

    /// The pack directory for these values of `XDG_DATA_HOME` and `HOME`:
    /// `$XDG_DATA_HOME/boggle/packs` when that is an absolute path, else
    /// `$HOME/.local/share/boggle/packs`.
    pub fn from_vars(xdg_data_home: Option<&OsStr>, home: Option<&OsStr>) -> Option<PackDir> {
        let usable = |v: Option<&OsStr>| {
            v.filter(|v| !v.is_empty() && Path::new(v).is_absolute())
                .map(PathBuf::from)
        };
        let base = match usable(xdg_data_home) {
            Some(base) => base,
            None => usable(home)?.join(".local").join("share"),
        };
        Some(PackDir::new(base.join("boggle").join("packs")))
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file a pack called `name` has here (whether or not it exists).
    pub fn file(&self, name: &str) -> Result<PathBuf, InstallError> {
        if !PackDir::valid_name(name) {
            return Err(InstallError::BadName(name.to_string()));
        }
        Ok(self.path.join(format!("{name}.{EXTENSION}")))
    }

    /// The installed pack called `name`, if there is one; names are
    /// case-insensitive (`NL` finds `nl.pack`).
    pub fn find(&self, name: &str) -> Option<Installed> {
        let path = self.file(name).ok()?;
        if path.is_file() {
            return Some(Installed {
                name: name.to_string(),
                path,
            });
        }
        self.list()
            .ok()?
            .into_iter()
            .find(|i| i.name.eq_ignore_ascii_case(name))
    }

    /// Every installed pack, by name. A missing directory holds none; files
    /// that are not `NAME.pack` with a valid name are left out.
    pub fn list(&self) -> Result<Vec<Installed>, InstallError> {
        let io = |source| InstallError::Io {
            path: self.path.clone(),
            source,
        };
        let entries = match std::fs::read_dir(&self.path) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io(e)),
        };
        let mut found = Vec::new();
        for entry in entries {
            let path = entry.map_err(io)?.path();
            if path.extension() != Some(OsStr::new(EXTENSION)) || !path.is_file() {
                continue;
            }
            if let Some(name) = path.file_stem().and_then(OsStr::to_str) {
                if PackDir::valid_name(name) {
                    found.push(Installed {
                        name: name.to_string(),
                        path,
                    });
                }
            }
        }
        found.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(found)
    }

    /// The file a pack installed as `name` would be, if it may be installed
    /// there: a valid name, not a built-in pack's and not taken, unless
    /// `replace`, in a directory this process can write into (or create).
    /// [`PackDir::install`] checks this too; a caller that must build the
    /// pack first can check it before the work.
    pub fn target(&self, name: &str, replace: bool) -> Result<PathBuf, InstallError> {
        let target = self.file(name)?;
        if !replace && is_builtin(name) {
            return Err(InstallError::Builtin(name.to_string()));
        }
        if !replace && target.exists() {
            return Err(InstallError::Exists(target));
        }
        check_writable(&self.path).map_err(|source| InstallError::Io {
            path: self.path.clone(),
            source,
        })?;
        Ok(target)
    }

    /// Installs the pack file `from` as `name`: opens and fully verifies it,
    /// then copies it here atomically (a temporary file, then a rename), so
    /// a failure leaves no half-written pack. An existing pack of that name
    /// is replaced, and a built-in pack's name ([`BUILTIN`]) taken,
    /// only if `replace`.
    pub fn install(
        &self,
        from: &Path,
        name: &str,
        replace: bool,
    ) -> Result<(Installed, Pack), InstallError> {
        let target = self.target(name, replace)?;
        let bad = |source| InstallError::Pack {
            path: from.to_path_buf(),
            source,
        };
        let pack = Pack::open(from).map_err(bad)?;
        pack.verify().map_err(bad)?;
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| InstallError::Io { path, source }
        };
        std::fs::create_dir_all(&self.path).map_err(io(&self.path))?;
        let bytes = std::fs::read(from).map_err(io(from))?;
        let how = if replace { Replace::Yes } else { Replace::No };
        write_atomic(&target, &bytes, how, None).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                InstallError::Exists(target.clone())
            } else {
                io(&target)(e)
            }
        })?;
        let pack = Pack::open(&target).map_err(|source| InstallError::Pack {
            path: target.clone(),
            source,
        })?;
        Ok((
            Installed {
                name: name.to_string(),
                path: target,
            },
            pack,
        ))
    }

    /// Removes the installed pack `name`; returns the file it was.
    pub fn remove(&self, name: &str) -> Result<PathBuf, InstallError> {
        let Some(found) = self.find(name) else {
            return Err(InstallError::NotInstalled {
                name: name.to_string(),
                dir: self.path.clone(),
            });
        };
        std::fs::remove_file(&found.path).map_err(|source| InstallError::Io {
            path: found.path.clone(),
            source,
        })?;
        Ok(found.path)
    }
}

/// `source` prefixed by `path`, unless its text starts with the path
/// already (most of a pack's errors name their file).
fn with_path(path: &Path, source: &PackError) -> String {
    let text = source.to_string();
    let shown = path.display().to_string();
    if text.starts_with(&shown) {
        text
    } else {
        format!("{shown}: {text}")
    }
}

#[cfg(all(test, feature = "build"))]
mod tests {
    use super::*;
    use crate::{PackBuilder, Recipe};

    fn pack_file(dir: &Path, file: &str, words: &[u8]) -> PathBuf {
        let recipe = Recipe::builtin("enable").unwrap();
        let (bytes, _) = PackBuilder::new(recipe)
            .build_bytes(words, "list.txt")
            .unwrap();
        let path = dir.join(file);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn data_dir_follows_xdg_then_home() {
        let dir = |x: Option<&str>, h: Option<&str>| {
            PackDir::from_vars(x.map(OsStr::new), h.map(OsStr::new)).map(|d| d.path)
        };
        assert_eq!(
            dir(Some("/x"), Some("/h")),
            Some(PathBuf::from("/x/boggle/packs"))
        );
        // Empty or relative XDG_DATA_HOME is ignored (the XDG spec).
        for xdg in [Some(""), Some("rel/dir"), None] {
            assert_eq!(
                dir(xdg, Some("/h")),
                Some(PathBuf::from("/h/.local/share/boggle/packs"))
            );
        }
        assert_eq!(dir(None, None), None);
        assert_eq!(dir(Some("rel"), Some("")), None);
    }

    #[test]
    fn names_are_plain_file_names() {
        for good in ["es", "en-GB", "nl_2.20", "x"] {
            assert!(PackDir::valid_name(good), "{good}");
        }
        for bad in ["", ".hidden", "a/b", "..", "a b", "ü", &"x".repeat(65)] {
            assert!(!PackDir::valid_name(bad), "{bad}");
        }
        assert_eq!(
            PackDir::default_name(Path::new("/a/es.pack")).as_deref(),
            Some("es")
        );
        assert_eq!(
            PackDir::default_name(Path::new("es.fst")).as_deref(),
            Some("es.fst")
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_directory_that_cannot_be_written_is_refused_before_the_work() {
        // /proc exists and takes no new file: refused naming it, and
        // nothing is created on the way.
        let dir = PackDir::new("/proc/no-such-boggle/packs");
        let err = dir.target("de", false).unwrap_err();
        assert_eq!(
            err.to_string(),
            "/proc/no-such-boggle/packs: cannot write into /proc"
        );
        // A directory not made yet, under one that can be written: fine,
        // and still not made.
        let tmp = tempfile::tempdir().unwrap();
        let dir = PackDir::new(tmp.path().join("data/boggle/packs"));
        dir.target("de", false).unwrap();
        assert!(!tmp.path().join("data").exists());
        assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
    }

    #[test]
    fn install_list_find_remove() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = PackDir::new(tmp.path().join("data/boggle/packs"));
        assert_eq!(dir.list().unwrap(), vec![]);
        let src = pack_file(tmp.path(), "small.pack", b"quiz\nzebra\n");

        let (installed, pack) = dir.install(&src, "small", false).unwrap();
        assert_eq!(pack.len(), 2);
        assert_eq!(installed.path, dir.path().join("small.pack"));
        assert_eq!(
            std::fs::read(&src).unwrap(),
            std::fs::read(&installed.path).unwrap()
        );
        assert_eq!(dir.find("small"), Some(installed.clone()));
        assert_eq!(dir.find("other"), None);

        // Not twice without replace; with it, the new pack wins.
        assert!(matches!(
            dir.install(&src, "small", false),
            Err(InstallError::Exists(_))
        ));
        let bigger = pack_file(tmp.path(), "bigger.pack", b"quiz\nzebra\nzebras\n");
        let (_, pack) = dir.install(&bigger, "small", true).unwrap();
        assert_eq!(pack.len(), 3);

        // Junk in the directory is not a pack; a second pack sorts by name.
        std::fs::write(dir.path().join("notes.txt"), "hi").unwrap();
        dir.install(&src, "a-first", false).unwrap();
        let names: Vec<String> = dir.list().unwrap().into_iter().map(|i| i.name).collect();
        assert_eq!(names, ["a-first", "small"]);
        // No temporary files left behind.
        let files = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(files, 3);
        // Installed packs are readable by others, like any shared data.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join("small.pack"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o644, "{mode:o}");
        }

        assert_eq!(dir.remove("small").unwrap(), dir.path().join("small.pack"));
        assert!(matches!(
            dir.remove("small"),
            Err(InstallError::NotInstalled { .. })
        ));
    }

    #[test]
    fn refuses_bad_packs_and_names() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = PackDir::new(tmp.path().join("packs"));
        let junk = tmp.path().join("junk.pack");
        std::fs::write(&junk, b"not a pack at all").unwrap();
        assert!(matches!(
            dir.install(&junk, "junk", false),
            Err(InstallError::Pack { .. })
        ));
        let src = pack_file(tmp.path(), "ok.pack", b"quiz\n");
        assert!(matches!(
            dir.install(&src, "../escape", false),
            Err(InstallError::BadName(_))
        ));
        assert!(matches!(
            dir.install(&src, "EN", false),
            Err(InstallError::Builtin(_))
        ));
        assert!(
            !dir.path().exists(),
            "nothing created for a refused install"
        );
        // Asked to, it takes a built-in name; names are found in any case.
        dir.install(&src, "nl", true).unwrap();
        assert_eq!(dir.find("NL").map(|i| i.name), Some("nl".to_string()));
    }
}
