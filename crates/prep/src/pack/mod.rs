//! Packs: a word automaton and its metadata in one versioned, checksummed,
//! memory-mappable file ([`format`] gives the byte layout).
//!
//! A [`Pack`] made from bytes that came from outside this program (a file, a
//! buffer) is never trusted, and the checks are paid for where they are
//! used:
//!
//! - [`Pack::open`] and [`Pack::from_vec`] check the header, the metadata
//!   and every checksum (a pass of CRC-32 over the automaton): damage is
//!   caught before a pack is handed out, in well under a millisecond.
//! - [`Pack::automaton`] reads the automaton state by state, checking each
//!   state as it decodes it ([`Automaton`]): a solver that visits a board's
//!   few thousand states checks just those.
//! - Everything that walks the automaton through the `fst` crate
//!   ([`Pack::map`], [`Pack::contains`], [`Pack::for_each_word`],
//!   [`Pack::words`]) first checks its whole structure, once per pack
//!   ([`Pack::check`]), so no caller can walk an automaton that could make
//!   the `fst` crate panic or loop.
//! - [`Pack::verify`] goes further still: the automaton's own checksum and
//!   a walk over every word.
//!
//! Only [`Pack::read_meta`] reads a file without its automaton, and it
//! returns the metadata alone.

mod automaton;
mod check;
pub mod compact;
mod format;
mod subset;

use std::fs::File;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use fst::{IntoStreamer, Streamer};
use memmap2::Mmap;
use serde::{Deserialize, Serialize};

#[cfg(feature = "build")]
use crate::error::BuildError;
use crate::error::{escape_controls, PackError};
use crate::frequency::{self, FrequencySource, Zipf};
use crate::recipe::Recipe;
use crate::verdict::Verdict;
use crate::words::BuildStats;

pub use automaton::{Automaton, StateError, Transition};
use check::{check_structure, quietly, MALFORMED};
pub use compact::{Rebuild, COMPACT_MAGIC, COMPACT_VERSION};
use format::{padding, Header};
pub use format::{reseal, FLAG_FREQUENCIES, FLAG_VERDICTS, FORMAT_VERSION, HEADER_LEN, MAGIC};

/// Where a pack's word list came from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    /// The list's name, e.g. `OpenTaal`.
    pub name: String,
    /// Its version, e.g. `2.20.19`.
    pub version: String,
    /// The input file's name (not its path).
    pub file: String,
    /// SHA-256 of the input file's bytes, lowercase hex.
    pub sha256: String,
    /// Its licence, e.g. `BSD-3-Clause OR CC-BY-3.0`.
    #[serde(rename = "licence", alias = "license")]
    pub license: String,
    /// For a hunspell dictionary (`file` is its `.dic`): the `.aff`
    /// file's name and SHA-256; empty otherwise.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub affix_file: String,
    /// SHA-256 of the `.aff` file, lowercase hex (hunspell sources only).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub affix_sha256: String,
}

impl Source {
    /// The list's name and version, as a person reads them (`OpenTaal
    /// 2.20.19`; just the name when there is no version).
    pub fn title(&self) -> String {
        crate::title::title(&self.name, &self.version)
    }
}

/// Everything a pack says about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackMeta {
    /// The rules the words were made with; they also tell how a board reads.
    pub recipe: Recipe,
    /// Where the words came from.
    pub source: Source,
    /// Number of words in the automaton.
    pub word_count: u64,
    /// What the build read, kept and dropped.
    pub stats: BuildStats,
    /// The tool and version that wrote the pack, e.g. `boggle-prep 0.1.0`.
    pub tool: String,
    /// Where the words' frequencies came from, if the pack has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frequency: Option<FrequencySource>,
}

/// Encodes a pack from sorted, distinct words, and their frequencies and
/// verdicts by rank if it has them (one byte a word each).
#[cfg(feature = "build")]
pub(crate) fn encode(
    meta: &PackMeta,
    words: &[String],
    frequencies: Option<&[u8]>,
    verdicts: Option<&[u8]>,
) -> Result<Vec<u8>, BuildError> {
    let mut builder = fst::MapBuilder::memory();
    for (rank, word) in words.iter().enumerate() {
        builder.insert(word, rank as u64)?;
    }
    let fst_bytes = builder.into_inner()?;
    let meta_bytes = serde_json::to_vec(meta)?;
    debug_assert!(frequencies.map_or(true, |f| f.len() == words.len()));
    debug_assert!(verdicts.map_or(true, |v| v.len() == words.len()));
    Ok(format::seal(&meta_bytes, &fst_bytes, frequencies, verdicts))
}

/// Folds a message onto one line (fst's version error spans two).
fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The bytes behind a pack: a memory map or a static slice.
#[derive(Clone)]
enum Backing {
    Static(&'static [u8]),
    Owned(Arc<[u8]>),
    Mapped(Arc<Mmap>),
}

impl Backing {
    fn bytes(&self) -> &[u8] {
        match self {
            Backing::Static(b) => b,
            Backing::Owned(b) => b,
            Backing::Mapped(m) => m,
        }
    }
}

/// A window on a pack's bytes; cheap to clone, never copies.
#[derive(Clone)]
pub struct PackBytes {
    backing: Backing,
    start: usize,
    end: usize,
}

impl AsRef<[u8]> for PackBytes {
    fn as_ref(&self) -> &[u8] {
        &self.backing.bytes()[self.start..self.end]
    }
}

impl std::fmt::Debug for PackBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PackBytes({}..{})", self.start, self.end)
    }
}

/// An open pack: its metadata and its word automaton, its checksums
/// checked. The automaton's structure is checked where it is read: a state
/// at a time as [`Pack::automaton`] decodes it, or whole, once, before any
/// walk through the `fst` crate ([`Pack::check`], run by [`Pack::map`],
/// [`Pack::contains`], [`Pack::for_each_word`] and [`Pack::words`]).
#[derive(Clone)]
pub struct Pack {
    meta: PackMeta,
    map: fst::Map<PackBytes>,
    /// One byte a word by rank (see [`Pack::zipf`]), if the pack has them.
    frequencies: Option<PackBytes>,
    /// One byte a word by rank (see [`Pack::verdict`]), if the pack has them.
    verdicts: Option<PackBytes>,
    name: String,
    /// The whole-structure check, run at most once ([`Pack::check`]); set
    /// from the start for a built-in pack, which the build made.
    structure: Arc<OnceLock<Result<(), String>>>,
}

impl std::fmt::Debug for Pack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pack")
            .field("name", &self.name)
            .field("words", &self.meta.word_count)
            .finish()
    }
}

/// A pack whose header and metadata are read, and whose automaton is not
/// checked yet: only [`Unchecked::check`] turns it into a [`Pack`].
struct Unchecked {
    meta: PackMeta,
    map: fst::Map<PackBytes>,
    fst_crc: u32,
    /// The word sections (frequencies, then verdicts) and their checksum in
    /// the header.
    sections: Option<(PackBytes, u32)>,
    /// The frequency section, within `sections`.
    frequencies: Option<PackBytes>,
    /// The verdict section, within `sections`.
    verdicts: Option<PackBytes>,
    name: String,
}

impl Pack {
    /// Opens a pack file by memory-mapping it and checks its header (magic,
    /// version, lengths), its metadata's checksum and contents, and the
    /// automaton's checksum: a fraction of a millisecond for a big pack.
    /// The automaton's structure is checked where it is read, so that
    /// walking it, looking words up or solving with it cannot panic or loop,
    /// even if the file was crafted to make it (see [`Pack`]).
    pub fn open(path: &Path) -> Result<Pack, PackError> {
        Pack::map_file(path)?.check()
    }

    /// The whole pack, as its file holds it (header, metadata, automaton):
    /// what [`from_vec`](Pack::from_vec) reads back, to send a pack to
    /// another process or machine, or to save one built in memory.
    pub fn as_bytes(&self) -> &[u8] {
        self.map.as_fst().as_inner().backing.bytes()
    }

    /// Reads only the metadata of a pack file (header, metadata checksum and
    /// contents): well under a millisecond, for listing and describing packs.
    /// The automaton is neither read nor checked.
    pub fn read_meta(path: &Path) -> Result<PackMeta, PackError> {
        Ok(Pack::map_file(path)?.meta)
    }

    /// A pack compiled into this program by its build script (the built-in
    /// packs): header and metadata are read, and the automaton, which the
    /// build made, is trusted as it is, so this costs microseconds. Bytes
    /// from anywhere else go through [`from_vec`](Pack::from_vec).
    pub fn from_static(bytes: &'static [u8], name: &str) -> Result<Pack, PackError> {
        let unchecked = Unchecked::parse(Backing::Static(bytes), name.to_string())?;
        Ok(Pack {
            meta: unchecked.meta,
            map: unchecked.map,
            frequencies: unchecked.frequencies,
            verdicts: unchecked.verdicts,
            name: unchecked.name,
            structure: Arc::new(OnceLock::from(Ok(()))),
        })
    }

    /// A pack held in memory, checked as [`open`](Pack::open) checks a file.
    pub fn from_vec(bytes: Vec<u8>, name: &str) -> Result<Pack, PackError> {
        Unchecked::parse(Backing::Owned(bytes.into()), name.to_string())?.check()
    }

    fn map_file(path: &Path) -> Result<Unchecked, PackError> {
        let name = path.display().to_string();
        let io = |source| PackError::Io {
            path: name.clone(),
            source,
        };
        let file = File::open(path).map_err(io)?;
        let metadata = file.metadata().map_err(io)?;
        if metadata.is_dir() {
            return Err(io(std::io::Error::other("is a directory, not a pack file")));
        }
        let len = metadata.len();
        if len < HEADER_LEN as u64 {
            return Err(PackError::TooShort {
                path: name,
                len: len as usize,
                header: HEADER_LEN,
            });
        }
        // SAFETY: the map is read-only. A pack changed by another process
        // while mapped is outside what this tool promises, as for any mmap.
        let mmap = unsafe { Mmap::map(&file) }.map_err(io)?;
        Unchecked::parse(Backing::Mapped(Arc::new(mmap)), name)
    }

    /// Everything [`open`](Pack::open) checks, then the automaton's own
    /// internal checksum and a walk over every word, checking they come out
    /// sorted with ranks 0, 1, 2… (a second, independent check of what the
    /// structure check proves). Reads every word: tens of milliseconds for a
    /// big pack.
    pub fn verify(&self) -> Result<(), PackError> {
        // A built-in pack is trusted by `check`; verify checks it anyway.
        check_structure(self.map.as_fst()).map_err(|message| PackError::Fst {
            path: self.name.clone(),
            message,
        })?;
        // Contain any panic quietly and report it as the corrupt pack it is.
        quietly(|| self.walk_words()).unwrap_or_else(|| {
            Err(PackError::Fst {
                path: self.name.clone(),
                message: MALFORMED.into(),
            })
        })
    }

    /// The deep checks of [`verify`](Pack::verify): the automaton's own
    /// checksum, and every word in order with ranks 0, 1, 2….
    fn walk_words(&self) -> Result<(), PackError> {
        let fst_err = |message: String| PackError::Fst {
            path: self.name.clone(),
            message,
        };
        self.map
            .as_fst()
            .verify()
            .map_err(|e| fst_err(e.to_string()))?;
        let mut stream = self.map.stream();
        let mut expected = 0u64;
        let mut previous = Vec::new();
        while let Some((word, rank)) = stream.next() {
            if expected >= self.map.len() as u64 {
                return Err(fst_err(format!(
                    "a walk finds more words than the {} it says it holds",
                    self.map.len()
                )));
            }
            if rank != expected {
                return Err(fst_err(format!("word {expected} has rank {rank}")));
            }
            if expected > 0 && word <= previous.as_slice() {
                return Err(fst_err(format!("word {expected} is out of order")));
            }
            previous.clear();
            previous.extend_from_slice(word);
            expected += 1;
        }
        if expected != self.map.len() as u64 {
            return Err(fst_err(format!(
                "automaton says it holds {} words, a walk finds {expected}",
                self.map.len()
            )));
        }
        Ok(())
    }

    /// The pack's metadata.
    pub fn meta(&self) -> &PackMeta {
        &self.meta
    }

    /// The pack's recipe (its language's rules).
    pub fn recipe(&self) -> &Recipe {
        &self.meta.recipe
    }

    /// Whether the pack says how common its words are (a pack built with a
    /// frequency list; [`PackMeta::frequency`] names its source).
    pub fn has_frequencies(&self) -> bool {
        self.frequencies.is_some()
    }

    /// How common the word of `rank` is, on the Zipf scale to a tenth
    /// (3.0: once per million words of text): `None` when the pack has no
    /// frequencies, its source does not list the word, or there is no such
    /// rank.
    pub fn zipf(&self, rank: u64) -> Option<Zipf> {
        frequency::at(self.frequencies.as_ref()?.as_ref(), rank)
    }

    /// The frequency section, one byte a word by rank (see
    /// [`frequency::at`]), if the pack has one: cheap to clone.
    pub fn frequency_bytes(&self) -> Option<PackBytes> {
        self.frequencies.clone()
    }

    /// Whether the pack says which of its words are everyday words of its
    /// language (a pack of format 3 built with a recipe's evidence; older
    /// packs and packs without frequencies have no verdicts).
    pub fn has_verdicts(&self) -> bool {
        self.verdicts.is_some()
    }

    /// Whether the word of `rank` is an everyday word of the pack's
    /// language, or why not (a name, an abbreviation, …), as the build
    /// decided: `None` when the pack has no verdicts or no such rank.
    pub fn verdict(&self, rank: u64) -> Option<Verdict> {
        crate::verdict::at(self.verdicts.as_ref()?.as_ref(), rank)
    }

    /// The verdict section, one byte a word by rank (see
    /// [`crate::verdict::at`]), if the pack has one: cheap to clone.
    pub fn verdict_bytes(&self) -> Option<PackBytes> {
        self.verdicts.clone()
    }

    /// Whether the word of `rank` is common at the line `line`: an
    /// everyday word of the language (or the pack has no verdicts) whose
    /// frequency reaches the line. In a pack without frequencies every word
    /// is common. The one rule every front asks ([`Pack::standing`] says
    /// why a word is not).
    pub fn is_common(&self, rank: u64, line: Zipf) -> bool {
        self.standing(rank, line).is_common()
    }

    /// Whether the word of `rank` is common at the line `line`, and if not,
    /// why not ([`crate::verdict::Standing`]).
    pub fn standing(&self, rank: u64, line: Zipf) -> crate::verdict::Standing {
        crate::verdict::Standing::of(
            self.has_frequencies(),
            self.zipf(rank),
            self.verdict(rank),
            line,
        )
    }

    /// Checks the automaton's whole structure, state by state (each state
    /// decoded once): every state decodes, transitions point to earlier
    /// states, inputs increase, and the outputs are exactly the ranks 0, 1,
    /// 2…. Runs at most once per pack (clones share the result); a built-in
    /// pack, which the build made, passes at once. Milliseconds for a big
    /// pack.
    pub fn check(&self) -> Result<(), PackError> {
        self.structure
            .get_or_init(|| check_structure(self.map.as_fst()))
            .clone()
            .map_err(|message| PackError::Fst {
                path: self.name.clone(),
                message,
            })
    }

    /// The word automaton, each word mapped to its rank, after
    /// [`check`](Pack::check) (the `fst` crate trusts what it reads).
    pub fn map(&self) -> Result<&fst::Map<PackBytes>, PackError> {
        self.check()?;
        Ok(&self.map)
    }

    /// The automaton, read state by state with each state checked as it is
    /// decoded: no whole-structure check first.
    pub fn automaton(&self) -> Automaton {
        Automaton::new(self.map.as_fst().clone())
    }

    /// The name the pack was opened under (its path, or a built-in name).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The pack as reports name it: `name (source title, N words)`.
    pub fn label(&self) -> String {
        let m = self.meta();
        format!(
            "{} ({}, {} words)",
            self.name(),
            m.source.title(),
            m.word_count
        )
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the pack holds no words.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Whether the pack holds `word` (already in the pack's spelling), after
    /// [`check`](Pack::check).
    pub fn contains(&self, word: &str) -> Result<bool, PackError> {
        Ok(self.map()?.contains_key(word))
    }

    /// How common `word` (in the pack's spelling) is, if the pack holds it
    /// and stores a frequency for it; after [`check`](Pack::check).
    pub fn zipf_of(&self, word: &str) -> Result<Option<Zipf>, PackError> {
        Ok(self.map()?.get(word).and_then(|rank| self.zipf(rank)))
    }

    /// Calls `f` with every word, in byte order, after
    /// [`check`](Pack::check).
    pub fn for_each_word(&self, mut f: impl FnMut(&[u8])) -> Result<(), PackError> {
        let mut stream = self.map()?.keys().into_stream();
        while let Some(w) = stream.next() {
            f(w);
        }
        Ok(())
    }

    /// Every word, as strings, in byte order, after [`check`](Pack::check).
    pub fn words(&self) -> Result<Vec<String>, PackError> {
        let mut out = Vec::with_capacity(self.len());
        self.for_each_word(|w| out.push(String::from_utf8_lossy(w).into_owned()))?;
        Ok(out)
    }
}

impl Unchecked {
    /// Reads the header and metadata, and frames the automaton without
    /// reading it.
    fn parse(backing: Backing, name: String) -> Result<Unchecked, PackError> {
        let all = backing.bytes();
        let header = Header::parse(all, &name)?;
        let meta_start = HEADER_LEN;
        let meta_end = meta_start + header.meta_len as usize;
        let meta_bytes = &all[meta_start..meta_end];
        if crc32fast::hash(meta_bytes) != header.meta_crc {
            return Err(PackError::MetaChecksum { path: name });
        }
        let meta: PackMeta = serde_json::from_slice(meta_bytes).map_err(|e| PackError::Meta {
            path: name.clone(),
            message: escape_controls(&e.to_string()),
        })?;
        let fst_start = header.fst_start();
        debug_assert_eq!(fst_start, meta_end + padding(header.meta_len as usize));
        if all[meta_end..fst_start].iter().any(|&b| b != 0) {
            return Err(PackError::Meta {
                path: name,
                message: "padding after the metadata is not zero".into(),
            });
        }
        let fst_end = fst_start + header.fst_len as usize;
        let sections = header.frequencies.map(|(len, crc)| {
            let bytes = PackBytes {
                backing: backing.clone(),
                start: fst_end,
                end: fst_end + len as usize,
            };
            (bytes, crc)
        });
        let bytes = PackBytes {
            backing,
            start: fst_start,
            end: fst_end,
        };
        let map = fst::Map::new(bytes).map_err(|e| PackError::Fst {
            path: name.clone(),
            message: one_line(&e.to_string()),
        })?;
        if map.len() as u64 != meta.word_count {
            return Err(PackError::Meta {
                path: name,
                message: format!(
                    "metadata says {} words, automaton holds {}",
                    meta.word_count,
                    map.len()
                ),
            });
        }
        if meta.frequency.is_some() != sections.is_some() {
            return Err(PackError::Frequencies {
                path: name,
                message: "the metadata and the header disagree on whether there are any".into(),
            });
        }
        let (mut frequencies, mut verdicts) = (None, None);
        if let Some((bytes, _)) = &sections {
            let per_word = if header.verdicts { 2 } else { 1 };
            let values = bytes.as_ref().len();
            if Some(values) != map.len().checked_mul(per_word) {
                let what = if header.verdicts {
                    "bytes of values and verdicts"
                } else {
                    "values"
                };
                return Err(PackError::Frequencies {
                    path: name,
                    message: format!("{values} {what} for {} words", map.len()),
                });
            }
            let middle = bytes.start + map.len();
            frequencies = Some(PackBytes {
                end: middle,
                ..bytes.clone()
            });
            if header.verdicts {
                verdicts = Some(PackBytes {
                    start: middle,
                    ..bytes.clone()
                });
            }
        }
        Ok(Unchecked {
            meta,
            map,
            fst_crc: header.fst_crc,
            sections,
            frequencies,
            verdicts,
            name,
        })
    }

    /// Checks the automaton's checksum: the only way to a [`Pack`] from
    /// bytes that did not come from this program's own build. Its structure
    /// is checked where it is read.
    fn check(self) -> Result<Pack, PackError> {
        let bytes = self.map.as_fst().as_bytes();
        let actual = crc32fast::hash(bytes);
        if actual != self.fst_crc {
            return Err(PackError::FstChecksum {
                path: self.name,
                expected: self.fst_crc,
                actual,
            });
        }
        if let Some((bytes, expected)) = &self.sections {
            let actual = crc32fast::hash(bytes.as_ref());
            if actual != *expected {
                return Err(PackError::Frequencies {
                    path: self.name,
                    message: format!("checksum {actual:08x}, expected {expected:08x}"),
                });
            }
        }
        if let Some(bytes) = &self.verdicts {
            if let Some(rank) = bytes
                .as_ref()
                .iter()
                .position(|&b| Verdict::from_byte(b).is_none())
            {
                return Err(PackError::Frequencies {
                    path: self.name,
                    message: format!(
                        "word {rank} has verdict {}, which no version of this build writes",
                        bytes.as_ref()[rank]
                    ),
                });
            }
        }
        Ok(Pack {
            meta: self.meta,
            map: self.map,
            frequencies: self.frequencies,
            verdicts: self.verdicts,
            name: self.name,
            structure: Arc::new(OnceLock::new()),
        })
    }
}

#[cfg(all(test, feature = "build"))]
mod tests;
