//! [`PackBuilder`]: from a raw word list and a recipe to a pack, in memory
//! or written atomically to a file.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use sha2::{Digest, Sha256};

use crate::error::BuildError;
use crate::fs::{write_atomic, Replace};
use crate::pack::{self, PackMeta, Source};
use crate::recipe::Recipe;
use crate::words::{apply_recipe, InvalidLines};

/// The name and version written into every pack this build makes.
pub const TOOL: &str = concat!("boggle-prep ", env!("CARGO_PKG_VERSION"));

/// Builds packs: a recipe, where the words came from, and how to treat bad lines.
pub struct PackBuilder<'a> {
    recipe: Recipe,
    source: Source,
    invalid: InvalidLines,
    progress: Option<Box<dyn FnMut(usize, usize) + 'a>>,
    cancel: Option<&'a AtomicBool>,
}

impl<'a> PackBuilder<'a> {
    /// A builder for `recipe`.
    pub fn new(recipe: Recipe) -> PackBuilder<'a> {
        PackBuilder {
            recipe,
            source: Source::default(),
            invalid: InvalidLines::Fail,
            progress: None,
            cancel: None,
        }
    }

    /// Stops the build when `flag` is set (by a signal handler, say): the
    /// build fails with [`BuildError::Interrupted`] and leaves no file, not
    /// even a temporary one.
    pub fn cancel_on(mut self, flag: &'a AtomicBool) -> PackBuilder<'a> {
        self.cancel = Some(flag);
        self
    }

    fn check_cancel(&self) -> Result<(), BuildError> {
        match self.cancel {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(BuildError::Interrupted),
            _ => Ok(()),
        }
    }

    /// Names the source list (name, version, licence); the file name and
    /// SHA-256 are filled in from the input.
    pub fn source(mut self, name: &str, version: &str, license: &str) -> PackBuilder<'a> {
        self.source.name = name.to_string();
        self.source.version = version.to_string();
        self.source.license = license.to_string();
        self
    }

    /// What to do with lines that are not UTF-8.
    pub fn invalid_lines(mut self, invalid: InvalidLines) -> PackBuilder<'a> {
        self.invalid = invalid;
        self
    }

    /// Calls `f(done, total)` with bytes consumed now and then.
    pub fn progress(mut self, f: impl FnMut(usize, usize) + 'a) -> PackBuilder<'a> {
        self.progress = Some(Box::new(f));
        self
    }

    /// Builds a pack in memory from a list's bytes; `file_name` names the
    /// list in the metadata and in errors.
    pub fn build_bytes(
        &mut self,
        raw: &[u8],
        file_name: &str,
    ) -> Result<(Vec<u8>, PackMeta), BuildError> {
        let total = raw.len();
        let mut progress = |done: usize| {
            if let Some(f) = self.progress.as_mut() {
                f(done, total)
            }
        };
        let list = apply_recipe(&self.recipe, raw, file_name, self.invalid, &mut progress)?;
        let mut source = self.source.clone();
        source.file = Path::new(file_name)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| file_name.to_string());
        source.sha256 = sha256_hex(raw);
        if source.name.is_empty() {
            source.name = source.file.clone();
        }
        let meta = PackMeta {
            recipe: self.recipe.clone(),
            source,
            word_count: list.words.len() as u64,
            stats: list.stats,
            tool: TOOL.to_string(),
        };
        let bytes = pack::encode(&meta, &list.words)?;
        Ok((bytes, meta))
    }

    /// Reads `input` (a path, or `-` for standard input), builds, and writes
    /// the pack to `output` atomically. A failed build leaves no file.
    pub fn build_file(&mut self, input: &Path, output: &Path) -> Result<PackMeta, BuildError> {
        let raw = read_input(input)?;
        self.check_cancel()?;
        let (bytes, meta) = self.build_bytes(&raw, &input.display().to_string())?;
        self.check_cancel()?;
        write_atomic(output, &bytes, Replace::Yes, self.cancel).map_err(|source| {
            if source.kind() == std::io::ErrorKind::Interrupted {
                BuildError::Interrupted
            } else {
                BuildError::Io {
                    path: output.display().to_string(),
                    source,
                }
            }
        })?;
        Ok(meta)
    }
}

/// Reads a whole file, or standard input for `-`.
pub fn read_input(input: &Path) -> Result<Vec<u8>, BuildError> {
    let io = |source| BuildError::Io {
        path: input.display().to_string(),
        source,
    };
    if input == Path::new("-") {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf).map_err(io)?;
        Ok(buf)
    } else {
        std::fs::read(input).map_err(io)
    }
}

/// SHA-256 of `bytes` as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
