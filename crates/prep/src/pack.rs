//! The pack file format: writing, opening (memory-mapped or static) and
//! verifying.
//!
//! A pack is one file, little-endian throughout:
//!
//! | offset | size | field |
//! |---:|---:|---|
//! | 0 | 8 | magic `BOGGLEPK` |
//! | 8 | 4 | format version ([`FORMAT_VERSION`]) |
//! | 12 | 4 | flags (0) |
//! | 16 | 8 | metadata length *m* |
//! | 24 | 8 | automaton length *f* |
//! | 32 | 4 | CRC-32 of the metadata |
//! | 36 | 4 | CRC-32 of the automaton |
//! | 40 | 4 | CRC-32 of bytes 0..40 |
//! | 44 | 4 | reserved (0) |
//! | 48 | *m* | metadata: UTF-8 JSON, [`PackMeta`] |
//! | 48+*m* | 0..7 | zero padding to a multiple of 8 |
//! | … | *f* | the `fst::Map`: each word maps to its rank (0, 1, 2… in byte order) |
//!
//! Opening checks magic, version, the header checksum, the file length, the
//! zero padding, the metadata checksum and the automaton's checksum, so every
//! byte of an open pack is the byte `boggle-prep` wrote (a CRC-32 over a
//! megabyte costs about a tenth of a millisecond). [`Pack::verify`] goes
//! further: the automaton's own checksum and a walk over every word.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use fst::{IntoStreamer, Streamer};
use memmap2::Mmap;
use serde::{Deserialize, Serialize};

use crate::builder::BuildStats;
use crate::error::{BuildError, PackError};
use crate::recipe::Recipe;

/// The first eight bytes of every pack.
pub const MAGIC: &[u8; 8] = b"BOGGLEPK";
/// The format version this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// The header's length in bytes.
pub const HEADER_LEN: usize = 48;

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
    pub licence: String,
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
}

/// Encodes a pack from sorted, distinct words.
pub fn encode(meta: &PackMeta, words: &[String]) -> Result<Vec<u8>, BuildError> {
    let mut builder = fst::MapBuilder::memory();
    for (rank, word) in words.iter().enumerate() {
        builder.insert(word, rank as u64)?;
    }
    let fst_bytes = builder.into_inner()?;
    let meta_bytes = serde_json::to_vec(meta)?;
    let pad = padding(meta_bytes.len());
    let mut out = Vec::with_capacity(HEADER_LEN + meta_bytes.len() + pad + fst_bytes.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&(meta_bytes.len() as u64).to_le_bytes());
    out.extend_from_slice(&(fst_bytes.len() as u64).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(&meta_bytes).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(&fst_bytes).to_le_bytes());
    let header_crc = crc32fast::hash(&out[..40]);
    out.extend_from_slice(&header_crc.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&meta_bytes);
    out.resize(out.len() + pad, 0);
    out.extend_from_slice(&fst_bytes);
    Ok(out)
}

/// Writes bytes to `path` atomically: a temporary file beside it, synced,
/// then renamed over it. On any failure no file is left behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), BuildError> {
    let io = |source| BuildError::Io {
        path: path.display().to_string(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".boggle-pack")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(io)?;
    #[cfg(unix)]
    {
        // Temporary files are private (0600); a pack is meant to be shared.
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).map_or(0o644, |m| m.permissions().mode());
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode))
            .map_err(io)?;
    }
    tmp.write_all(bytes).map_err(io)?;
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

/// Folds a message onto one line (fst's version error spans two).
fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Escapes control characters (a message may quote the file's bytes) so a
/// message stays on one line.
fn escape_controls(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

fn padding(meta_len: usize) -> usize {
    (8 - (HEADER_LEN + meta_len) % 8) % 8
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

/// An open pack: its metadata and its word automaton.
#[derive(Clone)]
pub struct Pack {
    meta: PackMeta,
    map: fst::Map<PackBytes>,
    fst_crc: u32,
    name: String,
}

impl std::fmt::Debug for Pack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pack")
            .field("name", &self.name)
            .field("words", &self.meta.word_count)
            .finish()
    }
}

impl Pack {
    /// Opens a pack file by memory-mapping it, checking the header (magic,
    /// version, lengths), the metadata's checksum and contents, and the
    /// automaton's bounds and word count. It does not read the automaton
    /// itself, so it takes well under a millisecond; call
    /// [`verify`](Pack::verify) before reading the words of a file from
    /// elsewhere (every tool in this workspace does).
    pub fn open(path: &Path) -> Result<Pack, PackError> {
        let name = path.display().to_string();
        let io = |source| PackError::Io {
            path: name.clone(),
            source,
        };
        let file = File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
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
        Pack::from_backing(Backing::Mapped(Arc::new(mmap)), name)
    }

    /// Serves a pack from static bytes (a built-in pack compiled into a binary).
    pub fn from_static(bytes: &'static [u8], name: &str) -> Result<Pack, PackError> {
        Pack::from_backing(Backing::Static(bytes), name.to_string())
    }

    /// Opens a pack held in memory (tests, tools).
    pub fn from_vec(bytes: Vec<u8>, name: &str) -> Result<Pack, PackError> {
        Pack::from_backing(Backing::Owned(bytes.into()), name.to_string())
    }

    fn from_backing(backing: Backing, name: String) -> Result<Pack, PackError> {
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
        let fst_start = meta_end + padding(header.meta_len as usize);
        if all[meta_end..fst_start].iter().any(|&b| b != 0) {
            return Err(PackError::Meta {
                path: name,
                message: "padding after the metadata is not zero".into(),
            });
        }
        // Opening stays cheap (well under a millisecond, whatever the pack's
        // size): it checks the header, bounds and metadata, not the
        // automaton. The automaton's checksum and structure are `verify`'s
        // job, and every tool that reads a pack file's words calls it first,
        // since the fst crate may panic on a crafted automaton.
        let bytes = PackBytes {
            backing,
            start: fst_start,
            end: fst_start + header.fst_len as usize,
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
        Ok(Pack {
            meta,
            map,
            fst_crc: header.fst_crc,
            name,
        })
    }

    /// Checks the automaton: its checksum, then its structure state by state
    /// (each state decoded once), so that walking it, looking words up or
    /// solving with it cannot panic, even if the file was crafted to make it.
    /// Milliseconds for a big pack; this is what a solver needs before it
    /// trusts a pack file.
    pub fn check(&self) -> Result<(), PackError> {
        let bytes = self.map.as_fst().as_bytes();
        let actual = crc32fast::hash(bytes);
        if actual != self.fst_crc {
            return Err(PackError::FstChecksum {
                path: self.name.clone(),
                expected: self.fst_crc,
                actual,
            });
        }
        // The checksums rule out accidental damage, not a crafted file: the
        // fst crate does not validate an automaton's structure and may panic
        // on a malformed one.
        check_structure(self.map.as_fst()).map_err(|message| PackError::Fst {
            path: self.name.clone(),
            message,
        })
    }

    /// Everything [`check`](Pack::check) does, then the automaton's own
    /// internal checksum and a walk over every word, checking they come out
    /// sorted with ranks 0, 1, 2… (a second, independent check of what the
    /// structure check proves). Reads every word: tens of milliseconds for a
    /// big pack.
    pub fn verify(&self) -> Result<(), PackError> {
        self.check()?;
        // Contain any panic quietly and report it as the corrupt pack it is.
        quietly(|| self.walk()).unwrap_or_else(|| {
            Err(PackError::Fst {
                path: self.name.clone(),
                message: MALFORMED.into(),
            })
        })
    }

    /// The deep checks of [`verify`](Pack::verify): the automaton's own
    /// checksum, and every word in order with ranks 0, 1, 2….
    fn walk(&self) -> Result<(), PackError> {
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

    /// The word automaton: each word maps to its rank.
    pub fn map(&self) -> &fst::Map<PackBytes> {
        &self.map
    }

    /// The raw automaton.
    pub fn fst(&self) -> &fst::raw::Fst<PackBytes> {
        self.map.as_fst()
    }

    /// The name the pack was opened under (its path, or a built-in name).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the pack holds no words.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Whether the pack holds `word` (already in the pack's spelling).
    pub fn contains(&self, word: &str) -> bool {
        self.map.contains_key(word)
    }

    /// Calls `f` with every word, in byte order.
    pub fn for_each_word(&self, mut f: impl FnMut(&[u8])) {
        let mut stream = self.map.keys().into_stream();
        while let Some(w) = stream.next() {
            f(w);
        }
    }
}

/// What a panic inside the `fst` crate is reported as.
const MALFORMED: &str = "malformed automaton (its checksums match, so the file was made this way)";

thread_local! {
    /// Set while [`quietly`] runs on this thread.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f`, turning a panic into `None` without printing it. The panic hook
/// is wrapped once per process (not swapped per call, which would race
/// between threads); the wrapper stays silent only on a thread inside
/// `quietly`.
fn quietly<R>(f: impl FnOnce() -> R) -> Option<R> {
    static WRAP: std::sync::Once = std::sync::Once::new();
    WRAP.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                previous(info)
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    result.ok()
}

/// Checks a rank map's structure without trusting it, in one pass over its
/// states (each decoded once, however many words share it): every state
/// decodes, every transition points to an earlier state (so there is no
/// cycle), inputs are strictly increasing within a state, no final state has
/// an output, and each transition's output is exactly the number of words
/// sorted before its subtree, so the words are the map's `len()` distinct
/// byte strings in order with ranks 0, 1, 2…. A state that would make the
/// `fst` crate panic is reported as [`MALFORMED`]. After this, walking the
/// map, looking words up or summing outputs along any path cannot panic or
/// overflow, and a rank is always below `len()`.
pub(crate) fn check_structure(fst: &fst::raw::Fst<PackBytes>) -> Result<(), String> {
    quietly(|| check_states(fst)).unwrap_or_else(|| Err(MALFORMED.into()))
}

fn check_states(fst: &fst::raw::Fst<PackBytes>) -> Result<(), String> {
    struct Frame<'f> {
        node: fst::raw::Node<'f>,
        next: usize,
        words: u64,
    }
    fn enter(node: fst::raw::Node<'_>) -> Result<Frame<'_>, String> {
        if node.is_final() && node.final_output().value() != 0 {
            return Err("a final state carries an output (ranks are not 0, 1, 2…)".into());
        }
        Ok(Frame {
            words: u64::from(node.is_final()),
            node,
            next: 0,
        })
    }
    let total = fst.len() as u64;
    if total >= u64::from(u32::MAX) {
        return Err(format!("{total} words is more than a pack may hold"));
    }
    let too_many = || format!("a walk finds more words than the {total} it says it holds");
    // Words below each state, plus one (0: not counted yet), by address.
    let mut counted = vec![0u32; fst.as_bytes().len() + 1];
    let mut stack = vec![enter(fst.root())?];
    while let Some(top) = stack.last_mut() {
        if top.next < top.node.len() {
            let i = top.next;
            top.next += 1;
            let t = top.node.transition(i);
            if i > 0 && top.node.transition(i - 1).inp >= t.inp {
                return Err("a state's transitions are out of order".into());
            }
            if t.out.value() != top.words {
                return Err("a transition's output is not the rank of its first word".into());
            }
            if t.addr != 0 && t.addr >= top.node.addr() {
                return Err("a transition points forward (a cycle is possible)".into());
            }
            match counted.get(t.addr) {
                None => {
                    return Err(format!(
                        "a transition points outside the automaton ({})",
                        t.addr
                    ))
                }
                Some(&0) => {
                    let child = enter(fst.node(t.addr))?;
                    stack.push(child);
                }
                Some(&seen) => {
                    top.words += u64::from(seen - 1);
                    if top.words > total {
                        return Err(too_many());
                    }
                }
            }
        } else {
            let (addr, words) = (top.node.addr(), top.words);
            stack.pop();
            if let Some(parent) = stack.last_mut() {
                parent.words += words;
                if parent.words > total {
                    return Err(too_many());
                }
                // words <= total < u32::MAX - 1, so this fits.
                counted[addr] = words as u32 + 1;
            } else if words != total {
                return Err(format!(
                    "automaton says it holds {total} words, a walk finds {words}"
                ));
            }
        }
    }
    Ok(())
}

struct Header {
    meta_len: u64,
    fst_len: u64,
    meta_crc: u32,
    fst_crc: u32,
}

impl Header {
    fn parse(all: &[u8], name: &str) -> Result<Header, PackError> {
        if all.len() < HEADER_LEN {
            return Err(PackError::TooShort {
                path: name.to_string(),
                len: all.len(),
                header: HEADER_LEN,
            });
        }
        if &all[..8] != MAGIC {
            return Err(PackError::BadMagic {
                path: name.to_string(),
            });
        }
        let u32_at = |i: usize| u32::from_le_bytes([all[i], all[i + 1], all[i + 2], all[i + 3]]);
        let u64_at = |i: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&all[i..i + 8]);
            u64::from_le_bytes(b)
        };
        if crc32fast::hash(&all[..40]) != u32_at(40) || u32_at(44) != 0 {
            return Err(PackError::HeaderChecksum {
                path: name.to_string(),
            });
        }
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(PackError::UnsupportedVersion {
                path: name.to_string(),
                found: version,
                supported: FORMAT_VERSION,
            });
        }
        let header = Header {
            meta_len: u64_at(16),
            fst_len: u64_at(24),
            meta_crc: u32_at(32),
            fst_crc: u32_at(36),
        };
        let expected = (HEADER_LEN as u64)
            .checked_add(header.meta_len)
            .and_then(|n| n.checked_add(padding(header.meta_len as usize) as u64))
            .and_then(|n| n.checked_add(header.fst_len));
        if expected != Some(all.len() as u64) {
            return Err(PackError::Length {
                path: name.to_string(),
                expected: expected.unwrap_or(u64::MAX),
                actual: all.len() as u64,
            });
        }
        Ok(header)
    }
}

/// Lists every word of a pack, as strings.
pub fn words(pack: &Pack) -> Vec<String> {
    let mut out = Vec::with_capacity(pack.len());
    let mut stream = pack.map().keys().into_stream();
    while let Some(w) = stream.next() {
        out.push(String::from_utf8_lossy(w).into_owned());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PackBuilder;

    fn sample() -> Vec<u8> {
        PackBuilder::new(Recipe::builtin("enable").unwrap())
            .build_bytes(b"cat\ndog\nqueen\nzebra\n", "sample.txt")
            .unwrap()
            .0
    }

    #[test]
    fn round_trip() {
        let pack = Pack::from_vec(sample(), "sample").unwrap();
        pack.verify().unwrap();
        assert_eq!(words(&pack), ["cat", "dog", "queen", "zebra"]);
        assert_eq!(pack.map().get("queen"), Some(2));
        assert_eq!(pack.meta().word_count, 4);
        assert_eq!(pack.meta().source.file, "sample.txt");
    }

    #[test]
    fn every_single_bit_flip_is_caught() {
        let good = sample();
        for i in 0..good.len() {
            for bit in [0, 3, 7] {
                let mut bad = good.clone();
                bad[i] ^= 1 << bit;
                let caught = match Pack::from_vec(bad, "bad") {
                    Err(_) => true,
                    Ok(pack) => pack.verify().is_err(),
                };
                assert!(caught, "flip of bit {bit} in byte {i} went unnoticed");
            }
        }
    }

    /// A pack whose checksums are all right but whose automaton's root
    /// address (in the `fst` footer) points past its end: the `fst` crate
    /// panics on it, so verifying must refuse it.
    fn crafted_root(good: &[u8]) -> Vec<u8> {
        let mut bad = good.to_vec();
        let end = bad.len() - 4; // the fst crate's own checksum comes last
        let far = (bad.len() as u64) * 4;
        bad[end - 8..end].copy_from_slice(&far.to_le_bytes());
        let meta_len = u64::from_le_bytes(bad[16..24].try_into().unwrap()) as usize;
        let fst_start = HEADER_LEN + meta_len + padding(meta_len);
        let crc = crc32fast::hash(&bad[fst_start..]);
        bad[36..40].copy_from_slice(&crc.to_le_bytes());
        let crc = crc32fast::hash(&bad[..40]);
        bad[40..44].copy_from_slice(&crc.to_le_bytes());
        bad
    }

    #[test]
    fn a_crafted_automaton_is_refused_without_a_panic() {
        let err = match Pack::from_vec(crafted_root(&sample()), "crafted") {
            Err(e) => e,
            Ok(pack) => pack.verify().unwrap_err(),
        };
        assert!(matches!(err, PackError::Fst { .. }), "{err}");
        assert!(err.to_string().contains("malformed automaton"), "{err}");
        assert!(!err.to_string().contains('\n'), "{err}");
    }

    #[test]
    fn the_structure_check_accepts_real_packs_of_every_shape() {
        let lists: [&[u8]; 5] = [
            b"",
            b"cat\n",
            b"cat\ncats\ncatsup\ndog\ndogs\n",
            b"aaa\naab\naaba\naabab\nbab\nbabab\nbbbbba\nquack\nquick\n",
            b"abc\nabd\nabe\nabf\nxbc\nxbd\nxbe\nxbf\nzzzzzzzzzzzzzzzzzzzzzzzz\n",
        ];
        for list in lists {
            let (bytes, meta) = PackBuilder::new(Recipe::builtin("enable").unwrap())
                .build_bytes(list, "l.txt")
                .unwrap();
            let pack = Pack::from_vec(bytes, "p").unwrap();
            assert_eq!(pack.len() as u64, meta.word_count);
            check_structure(pack.fst()).unwrap();
        }
    }

    #[test]
    fn each_kind_of_damage_has_its_own_error() {
        let good = sample();
        let open = |b: Vec<u8>| Pack::from_vec(b, "p").unwrap_err();
        assert!(matches!(open(Vec::new()), PackError::TooShort { .. }));
        assert!(matches!(
            open(good[..good.len() - 1].to_vec()),
            PackError::Length { .. }
        ));
        assert!(matches!(
            open(good[..HEADER_LEN + 3].to_vec()),
            PackError::Length { .. }
        ));
        let mut longer = good.clone();
        longer.push(0);
        assert!(matches!(open(longer), PackError::Length { .. }));
        let mut magic = good.clone();
        magic[0] = b'X';
        assert!(matches!(open(magic), PackError::BadMagic { .. }));
        let mut future = good.clone();
        future[8..12].copy_from_slice(&2u32.to_le_bytes());
        let crc = crc32fast::hash(&future[..40]);
        future[40..44].copy_from_slice(&crc.to_le_bytes());
        let err = open(future);
        assert!(
            matches!(err, PackError::UnsupportedVersion { found: 2, .. }),
            "{err}"
        );
        let mut meta = good.clone();
        meta[HEADER_LEN + 2] ^= 1;
        assert!(matches!(open(meta), PackError::MetaChecksum { .. }));
        let mut body = good.clone();
        // The last state's byte, just before fst's 20-byte footer.
        let last = body.len() - 21;
        body[last] ^= 0x10;
        // Opening does not read the automaton; verifying does.
        let pack = Pack::from_vec(body, "body").unwrap();
        assert!(matches!(pack.verify(), Err(PackError::FstChecksum { .. })));
    }
}
