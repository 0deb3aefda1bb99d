//! `prep` turns raw word lists into *language packs* and reads them back.
//!
//! # The model
//!
//! A raw list is any one-word-a-line file: UTF-8, maybe with a byte-order
//! mark, CRLF line ends, blank lines, names, abbreviations and duplicates. A
//! [`Recipe`] is a language's rules as data: how a line is normalised
//! ([`normalize`]), which words are kept ([`filter`]), and how a board in that
//! language reads (alphabet, `q` → `qu`, minimum word length, dice).
//!
//! Applying a recipe ([`builder::apply_recipe`]) gives sorted, distinct words
//! and a count of everything dropped, by reason. The words go into an
//! [`fst::Map`] that maps each word to its rank, so a search that sums the
//! outputs along a path gets a dense word id (0, 1, 2…) for free.
//!
//! A [`Pack`] is that automaton plus its metadata ([`PackMeta`]: the recipe,
//! the source's name, version, SHA-256 and licence, counts, the tool that
//! wrote it) in one versioned, checksummed file ([`pack`] documents the
//! layout). Packs are written atomically and opened with a memory map, so a
//! solver starts in well under a millisecond; built-in packs are served from
//! static bytes with [`Pack::from_static`].
//!
//! ```
//! use prep::{PackBuilder, Pack, Recipe};
//!
//! let recipe = Recipe::builtin("enable").unwrap();
//! let (bytes, meta) = PackBuilder::new(recipe)
//!     .build_bytes(b"quiz\r\nqat\r\nZebra\r\nzebra\r\nzebra\r\n", "list.txt")
//!     .unwrap();
//! assert_eq!(meta.word_count, 2);
//! let pack = Pack::from_vec(bytes, "example").unwrap();
//! assert!(pack.contains("quiz") && !pack.contains("qat"));
//! ```

#![deny(missing_docs)]

pub mod builder;
pub mod error;
pub mod filter;
pub mod installed;
pub mod normalize;
pub mod pack;
pub mod recipe;

use std::path::Path;

use sha2::{Digest, Sha256};

pub use builder::{BuildStats, InvalidLines, WordList};
pub use error::{BuildError, PackError, RecipeError};
pub use filter::DropReason;
pub use normalize::Normalizer;
pub use pack::{Pack, PackMeta, Source};
pub use recipe::Recipe;

/// The name and version written into every pack this build makes.
pub const TOOL: &str = concat!("boggle-prep ", env!("CARGO_PKG_VERSION"));

/// Builds packs: a recipe, where the words came from, and how to treat bad lines.
pub struct PackBuilder<'a> {
    recipe: Recipe,
    source: Source,
    invalid: InvalidLines,
    progress: Option<Box<dyn FnMut(usize, usize) + 'a>>,
}

impl<'a> PackBuilder<'a> {
    /// A builder for `recipe`.
    pub fn new(recipe: Recipe) -> PackBuilder<'a> {
        PackBuilder {
            recipe,
            source: Source::default(),
            invalid: InvalidLines::Fail,
            progress: None,
        }
    }

    /// Names the source list (name, version, licence); the file name and
    /// SHA-256 are filled in from the input.
    pub fn source(mut self, name: &str, version: &str, licence: &str) -> PackBuilder<'a> {
        self.source.name = name.to_string();
        self.source.version = version.to_string();
        self.source.licence = licence.to_string();
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
        let list =
            builder::apply_recipe(&self.recipe, raw, file_name, self.invalid, &mut progress)?;
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
        let (bytes, meta) = self.build_bytes(&raw, &input.display().to_string())?;
        pack::write_atomic(output, &bytes)?;
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
