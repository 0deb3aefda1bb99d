//! `prep` turns raw word lists into *language packs* and reads them back.
//!
//! # The model
//!
//! A raw list is any one-word-a-line file: UTF-8, maybe with a byte-order
//! mark, CRLF line ends, blank lines, names, abbreviations and duplicates. A
//! [`Recipe`] is a language's rules as data: how a line is normalized
//! ([`normalize`]), which words are kept ([`filter`]), and how a board in
//! that language reads ([`recipe::BoardRules`]: `q` → `qu`, minimum word
//! length, dice).
//!
//! Applying a recipe ([`words::apply_recipe`]) gives sorted, distinct words
//! and a count of everything dropped, by [`filter::DropReason`]. The words go into an
//! [`fst::Map`] that maps each word to its rank, so a search that sums the
//! outputs along a path gets a dense word id (0, 1, 2…) for free.
//!
//! A [`Pack`] is that automaton plus its metadata ([`PackMeta`]: the recipe,
//! the source's name, version, SHA-256 and licence, counts, the tool that
//! wrote it) in one versioned, checksummed file (the [`pack`] module
//! documents the layout). [`PackBuilder`]
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
//!
//! # Features
//!
//! - `build` (default): the builder ([`PackBuilder`], [`hunspell`], a
//!   recipe's compiled [`filter::Filter`], reading word-frequency lists),
//!   with what only it needs (regex, encoding_rs, flate2, msgpack, sha2).
//!   A program that only reads and installs packs leaves it off, as the
//!   solver and the web module do.

#![deny(missing_docs)]
// The docs teach the builder too, whose items are not there without it.
#![cfg_attr(not(feature = "build"), allow(rustdoc::broken_intra_doc_links))]

#[cfg(feature = "build")]
pub mod builder;
mod error;
pub mod filter;
pub mod frequency;
mod fs;
#[cfg(feature = "build")]
pub mod hunspell;
pub mod installed;
pub mod normalize;
pub mod pack;
pub mod recipe;
mod title;
pub mod verdict;
pub mod words;
mod zipf;

#[cfg(feature = "build")]
pub use builder::PackBuilder;
pub use error::{BuildError, HunspellError, PackError, RecipeError};
pub use fs::{nearest_directory, without_os_code, write_atomic, Replace};
pub use installed::{InstallError, Installed, PackDir};
pub use pack::{Pack, PackMeta, Source};
pub use recipe::Recipe;
pub use words::InvalidLines;
