//! `prep` turns raw word lists into *language packs* and reads them back.
//!
//! # The model
//!
//! A raw list is any one-word-a-line file: UTF-8, maybe with a byte-order
//! mark, CRLF line ends, blank lines, names, abbreviations and duplicates. A
//! [`Recipe`] is a language's rules as data: how a line is normalized
//! ([`NormalizeRules`], compiled into a [`Normalizer`]), which words are kept
//! ([`FilterRules`], compiled into a [`Filter`]), and how a board in that
//! language reads ([`BoardRules`]: `q` → `qu`, minimum word length, dice).
//!
//! Applying a recipe ([`apply_recipe`]) gives sorted, distinct words and a
//! count of everything dropped, by [`DropReason`]. The words go into an
//! [`fst::Map`] that maps each word to its rank, so a search that sums the
//! outputs along a path gets a dense word id (0, 1, 2…) for free.
//!
//! A [`Pack`] is that automaton plus its metadata ([`PackMeta`]: the recipe,
//! the source's name, version, SHA-256 and licence, counts, the tool that
//! wrote it) in one versioned, checksummed file ([`MAGIC`], [`HEADER_LEN`]
//! and the `pack::format` module document the layout). [`PackBuilder`]
//! writes packs atomically; [`Pack::open`] maps one and checks its
//! checksums, and the automaton's structure is checked where it is read: a
//! state at a time as a solver decodes it ([`Pack::automaton`]), or whole,
//! once, before any walk through the `fst` crate ([`Pack::check`]). So a
//! solver can walk any pack it is given without fear of a crafted file, and
//! pays only for the states it visits. Packs installed for use by name live
//! in a [`PackDir`].
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
//! assert!(pack.contains("quiz")? && !pack.contains("qat")?);
//! # Ok::<(), prep::PackError>(())
//! ```

#![deny(missing_docs)]

mod builder;
mod error;
mod filter;
mod fs;
mod hunspell;
mod installed;
mod normalize;
mod pack;
mod recipe;
mod words;

pub use builder::{hunspell_affix, read_input, sha256_hex, PackBuilder, TOOL};
pub use error::{BuildError, HunspellError, PackError, RecipeError};
pub use filter::{DropReason, Filter, FilterRules};
pub use fs::{write_atomic, Replace};
pub use hunspell::Hunspell;
pub use installed::{InstallError, Installed, PackDir, BUILTIN_NAMES, EXTENSION};
pub use normalize::{NormalizeRules, Normalizer};
#[doc(hidden)]
pub use pack::reseal;
pub use pack::{
    Automaton, Pack, PackBytes, PackMeta, Source, Transition, FORMAT_VERSION, HEADER_LEN, MAGIC,
};
pub use recipe::{BoardRules, DefaultSource, Language, LetterRules, Recipe};
pub use words::{apply_recipe, BuildStats, InvalidLines, WordList, EXAMPLES_PER_REASON};
