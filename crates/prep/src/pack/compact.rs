//! A pack in compact form, for sending: its words front-coded instead of
//! its automaton, which a reader rebuilds into the same pack.
//!
//! An automaton is fast to walk but compresses poorly: the English pack's
//! is 1.0 MB, 692 KB gzipped, where its words front-coded (each written as
//! how much it shares with the word before and the rest) gzip to 387 KB.
//! The web app's first download is mostly the pack, so it fetches this
//! form and rebuilds the pack in the browser ([`Pack::from_compact`]).
//!
//! The form, little-endian throughout:
//!
//! | offset | size | field |
//! |---:|---:|---|
//! | 0 | 8 | magic [`COMPACT_MAGIC`] |
//! | 8 | 4 | version ([`COMPACT_VERSION`]) |
//! | 12 | 4 | CRC-32 of everything after this header |
//! | 16 | 4 | the pack's format version and flags, as its header has them (two `u16`) |
//! | 20 | 4 | zero |
//! | 24 | 8 | metadata length *m* |
//! | 32 | 8 | word count *n* |
//! | 40 | 8 | words section length *w* |
//! | 48 | *m* | the pack's metadata, byte for byte |
//! | … | *w* | the words in byte order, each as two LEB128 numbers (bytes shared with the word before, then bytes that follow) and those bytes |
//! | … | *n* or 0 | the pack's frequency section, byte for byte (with the frequency flag) |
//!
//! Rebuilding encodes the words into an automaton as the builder does and
//! seals it with the same metadata and frequencies: the same words, ranks,
//! metadata and frequencies as the pack the form was made from. On a 64-bit
//! machine the bytes are the same too; a 32-bit one (wasm32) may share the
//! automaton's states differently, since the `fst` builder's cache of
//! states hashes to a `usize`.

use fst::{IntoStreamer, Streamer};

use super::format::{seal, Header, FLAG_FREQUENCIES, FORMAT_VERSION, HEADER_LEN};
use super::Pack;
use crate::error::PackError;

/// The first eight bytes of a pack's compact form.
pub const COMPACT_MAGIC: &[u8; 8] = b"BOGGLEWL";
/// The compact form's version.
pub const COMPACT_VERSION: u32 = 1;
/// Its header's length in bytes.
const COMPACT_HEADER_LEN: usize = 48;

impl Pack {
    /// The pack in compact form (see [`compact`](self)): its words
    /// front-coded, for sending; [`Pack::from_compact`] rebuilds exactly
    /// this pack from it.
    pub fn to_compact(&self) -> Result<Vec<u8>, PackError> {
        let all = self.as_bytes();
        let header = Header::parse(all, &self.name)?;
        if all[8..12] != FORMAT_VERSION.to_le_bytes() {
            return Err(PackError::Compact {
                path: self.name.clone(),
                message: format!(
                    "a pack of format version {} has no compact form: rebuild it",
                    u32::from_le_bytes(all[8..12].try_into().unwrap_or_default())
                ),
            });
        }
        let meta = &all[HEADER_LEN..HEADER_LEN + header.meta_len as usize];
        let mut words = Vec::new();
        let mut before: Vec<u8> = Vec::new();
        let mut stream = self.map()?.keys().into_stream();
        while let Some(word) = stream.next() {
            let shared = before.iter().zip(word).take_while(|(a, b)| a == b).count();
            leb128(&mut words, shared as u64);
            leb128(&mut words, (word.len() - shared) as u64);
            words.extend_from_slice(&word[shared..]);
            before.clear();
            before.extend_from_slice(word);
        }
        let frequencies = self.frequency_bytes();
        let flags = if frequencies.is_some() {
            FLAG_FREQUENCIES
        } else {
            0
        };
        let mut out = Vec::with_capacity(COMPACT_HEADER_LEN + meta.len() + words.len());
        out.extend_from_slice(COMPACT_MAGIC);
        out.extend_from_slice(&COMPACT_VERSION.to_le_bytes());
        let mut crc = crc32fast::Hasher::new();
        crc.update(meta);
        crc.update(&words);
        if let Some(f) = &frequencies {
            crc.update(f.as_ref());
        }
        out.extend_from_slice(&crc.finalize().to_le_bytes());
        out.extend_from_slice(&(FORMAT_VERSION as u16).to_le_bytes());
        out.extend_from_slice(&(flags as u16).to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&(meta.len() as u64).to_le_bytes());
        out.extend_from_slice(&(self.len() as u64).to_le_bytes());
        out.extend_from_slice(&(words.len() as u64).to_le_bytes());
        out.extend_from_slice(meta);
        out.extend_from_slice(&words);
        if let Some(f) = &frequencies {
            out.extend_from_slice(f.as_ref());
        }
        Ok(out)
    }

    /// Rebuilds a pack from its compact form (see [`compact`](self)), and
    /// checks it as [`from_vec`](Pack::from_vec) checks a pack: the words,
    /// metadata and frequencies of the pack it was made from, or an error.
    pub fn from_compact(bytes: &[u8], name: &str) -> Result<Pack, PackError> {
        Pack::from_vec(expand(bytes, name)?, name)
    }

    /// Whether `bytes` start as a pack's compact form does.
    pub fn is_compact(bytes: &[u8]) -> bool {
        bytes.starts_with(COMPACT_MAGIC)
    }
}

/// The pack a compact form rebuilds, the form's CRC-32 checked first.
fn expand(bytes: &[u8], name: &str) -> Result<Vec<u8>, PackError> {
    let bad = |message: String| PackError::Compact {
        path: name.to_string(),
        message,
    };
    if bytes.len() < COMPACT_HEADER_LEN || !Pack::is_compact(bytes) {
        return Err(bad("not a pack's compact form (wrong magic bytes)".into()));
    }
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap_or_default());
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap_or_default());
    let version = u32_at(8);
    if version != COMPACT_VERSION {
        return Err(bad(format!(
            "version {version} is not supported (this build reads {COMPACT_VERSION})"
        )));
    }
    let crc = u32_at(12);
    let format = u32::from(u16::from_le_bytes([bytes[16], bytes[17]]));
    let flags = u32::from(u16::from_le_bytes([bytes[18], bytes[19]]));
    if format != FORMAT_VERSION || flags & !FLAG_FREQUENCIES != 0 || u32_at(20) != 0 {
        return Err(bad(format!(
            "pack format {format} with flags {flags:#x} is not one this build writes"
        )));
    }
    // Lengths from the file are checked against what is there before use.
    let rest = (bytes.len() - COMPACT_HEADER_LEN) as u64;
    let (meta_len, count, words_len) = (u64_at(24), u64_at(32), u64_at(40));
    let freq_len = if flags & FLAG_FREQUENCIES != 0 {
        count
    } else {
        0
    };
    let total = meta_len
        .checked_add(words_len)
        .and_then(|n| n.checked_add(freq_len));
    if total != Some(rest) {
        return Err(bad(format!(
            "its lengths do not add up to its {} bytes",
            bytes.len()
        )));
    }
    if crc32fast::hash(&bytes[COMPACT_HEADER_LEN..]) != crc {
        return Err(bad("it is corrupt (checksum mismatch)".into()));
    }
    let meta_end = COMPACT_HEADER_LEN + meta_len as usize;
    let words_end = meta_end + words_len as usize;
    let meta = &bytes[COMPACT_HEADER_LEN..meta_end];
    let mut words = &bytes[meta_end..words_end];
    let frequencies = (flags & FLAG_FREQUENCIES != 0).then(|| &bytes[words_end..]);

    let mut map = fst::MapBuilder::memory();
    let mut word: Vec<u8> = Vec::new();
    let mut rank = 0u64;
    while !words.is_empty() {
        let shared = read_leb128(&mut words).ok_or_else(|| bad("a word is cut short".into()))?;
        let more = read_leb128(&mut words).ok_or_else(|| bad("a word is cut short".into()))?;
        if shared > word.len() as u64 || more > words.len() as u64 {
            return Err(bad(format!("word {} does not read", rank + 1)));
        }
        word.truncate(shared as usize);
        word.extend_from_slice(&words[..more as usize]);
        words = &words[more as usize..];
        // Out of order or repeated: the builder refuses, and so the form.
        map.insert(&word, rank)
            .map_err(|e| bad(format!("word {}: {e}", rank + 1)))?;
        rank += 1;
    }
    if rank != count {
        return Err(bad(format!("it says {count} words and holds {rank}")));
    }
    let fst = map.into_inner().map_err(|e| bad(e.to_string()))?;
    Ok(seal(meta, &fst, frequencies))
}

/// Appends `n` as LEB128 (seven bits a byte, low first).
fn leb128(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Reads a LEB128 number off the front of `bytes`; `None` if it is cut
/// short or longer than a `u64`.
fn read_leb128(bytes: &mut &[u8]) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = bytes.split_first()?;
        *bytes = rest;
        n |= u64::from(byte & 0x7f).checked_shl(shift)?;
        if byte & 0x80 == 0 {
            return Some(n);
        }
    }
    None
}

#[cfg(all(test, feature = "build"))]
mod tests {
    use super::*;
    use crate::{PackBuilder, Recipe};

    fn pack(list: &[u8], frequencies: bool) -> Pack {
        let mut builder = PackBuilder::new(Recipe::builtin("enable").unwrap());
        if frequencies {
            let text = b"tea\t5.1\neat\t4.2\nzebra\t3.3\n";
            let list = crate::frequency::FrequencyList::read(text, "f.txt").unwrap();
            let source = crate::frequency::FrequencySource::of(&list, "f.txt", text);
            builder = builder.frequencies(list, source);
        }
        let (bytes, _) = builder.build_bytes(list, "list.txt").unwrap();
        Pack::from_vec(bytes, "p").unwrap()
    }

    #[test]
    fn rebuilds_the_same_pack() {
        for freq in [false, true] {
            let p = pack(b"tea\neat\nate\nzebra\nzebras\nquiz\nquizzes\n", freq);
            let compact = p.to_compact().unwrap();
            assert!(Pack::is_compact(&compact));
            let back = Pack::from_compact(&compact, "back").unwrap();
            assert_eq!(back.words().unwrap(), p.words().unwrap());
            assert_eq!(back.meta(), p.meta());
            let freq = |p: &Pack| p.frequency_bytes().map(|f| f.as_ref().to_vec());
            assert_eq!(freq(&back), freq(&p));
            // On this (64-bit) machine, the very same bytes.
            if cfg!(target_pointer_width = "64") {
                assert_eq!(back.as_bytes(), p.as_bytes());
            }
        }
    }

    #[test]
    fn refuses_what_does_not_rebuild_its_pack() {
        let p = pack(b"tea\neat\nate\nzebra\n", true);
        let good = p.to_compact().unwrap();
        // Every single byte changed, and every cut: an error, never a panic
        // and never another pack.
        for i in 0..good.len() {
            let mut bad = good.clone();
            bad[i] ^= 0x5a;
            assert!(Pack::from_compact(&bad, "bad").is_err(), "byte {i}");
            assert!(Pack::from_compact(&good[..i], "cut").is_err(), "cut at {i}");
        }
        assert!(Pack::from_compact(p.as_bytes(), "a pack").is_err());
    }

    proptest::proptest! {
        /// Whatever follows a compact header, reading it answers a pack
        /// or an error, and never panics.
        #[test]
        fn arbitrary_bytes_never_panic(tail in proptest::collection::vec(proptest::num::u8::ANY, 0..200), count in 0u64..8) {
            let p = pack(b"tea\neat\n", false);
            let good = p.to_compact().unwrap();
            let mut bytes = good[..COMPACT_HEADER_LEN].to_vec();
            bytes[32..40].copy_from_slice(&count.to_le_bytes());
            let meta_len = u64::from_le_bytes(good[24..32].try_into().unwrap()) as usize;
            bytes.extend_from_slice(&good[COMPACT_HEADER_LEN..COMPACT_HEADER_LEN + meta_len]);
            bytes[40..48].copy_from_slice(&(tail.len() as u64).to_le_bytes());
            bytes.extend_from_slice(&tail);
            let _ = Pack::from_compact(&bytes, "arbitrary");
        }
    }

    #[test]
    fn leb128_round_trips() {
        for n in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            leb128(&mut out, n);
            let mut rest = &out[..];
            assert_eq!(read_leb128(&mut rest), Some(n));
            assert!(rest.is_empty());
        }
        assert_eq!(read_leb128(&mut &[0x80u8; 11][..]), None);
    }
}
