//! A pack in compact form, for sending: its words front-coded instead of
//! its automaton, which a reader rebuilds into the same pack, as the form
//! arrives if it likes ([`Rebuild`]).
//!
//! An automaton is fast to walk but compresses poorly: the English pack
//! is 1.28 MB, 809 KB gzipped, where this form of it gzips to 406 KB.
//! The web app's first download is mostly the pack, so it fetches this
//! form and rebuilds the pack in the browser while the rest is still on
//! its way.
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
//! | … | *w* | the words in byte order: the first whole, then for each next one a separator saying how many bytes to drop from the end of the word before, and the bytes to add |
//! | … | rest | with the frequency flag: a bitmap of the words with a frequency (bit *i* % 8 of byte *i* / 8 for word *i*), then those words' frequency bytes in order; with the verdict flag too, then *n* verdict bytes, one a word by rank |
//!
//! A separator is one byte below 0x20: *d* + 1 to drop *d* bytes, up to
//! 30, or 0 and then *d* as a LEB128 number. Words are letters, so no word
//! byte is below 0x20; a pack with an empty word or a control byte in one
//! has no compact form. English gzips to 307 KB of words this way, against
//! 369 KB written as bytes shared with the word before and a terminator
//! (what is dropped repeats more than what is kept) and 387 KB with a
//! length in front; and its frequencies to 98 KB as a bitmap and the
//! nonzero bytes, against 117 KB as a byte a word (two thirds of English
//! words have none).
//!
//! Rebuilding encodes the words into an automaton as the builder does and
//! seals it with the same metadata and frequencies: the same words, ranks,
//! metadata and frequencies as the pack the form was made from. On a 64-bit
//! machine the bytes are the same too; a 32-bit one (wasm32) may share the
//! automaton's states differently, since the `fst` builder's cache of
//! states hashes to a `usize`.

use fst::{IntoStreamer, Streamer};

use super::format::{seal, Header, FLAG_FREQUENCIES, FLAG_VERDICTS, FORMAT_VERSION, HEADER_LEN};
use super::Pack;
use crate::error::PackError;

/// The first eight bytes of a pack's compact form.
pub const COMPACT_MAGIC: &[u8; 8] = b"BOGGLEWL";
/// The compact form's version.
pub const COMPACT_VERSION: u32 = 2;
/// Its header's length in bytes.
const COMPACT_HEADER_LEN: usize = 48;
/// Bytes below this are separators between words, never in one.
const SEPARATORS: u8 = 0x20;

impl Pack {
    /// The pack in compact form (see [`compact`](self)): its words
    /// front-coded, for sending; [`Pack::from_compact`] rebuilds exactly
    /// this pack from it.
    pub fn to_compact(&self) -> Result<Vec<u8>, PackError> {
        let bad = |message: String| PackError::Compact {
            path: self.name.clone(),
            message,
        };
        let all = self.as_bytes();
        let header = Header::parse(all, &self.name)?;
        if all[8..12] != FORMAT_VERSION.to_le_bytes() {
            return Err(bad(format!(
                "a pack of format version {} has no compact form: rebuild it",
                u32::from_le_bytes(all[8..12].try_into().unwrap_or_default())
            )));
        }
        let meta = &all[HEADER_LEN..HEADER_LEN + header.meta_len as usize];
        let mut words = Vec::new();
        let mut before: Vec<u8> = Vec::new();
        let mut stream = self.map()?.keys().into_stream();
        let mut rank = 0u64;
        while let Some(word) = stream.next() {
            rank += 1;
            if word.is_empty() || word.iter().any(|&b| b < SEPARATORS) {
                return Err(bad(format!(
                    "word {rank} is empty or holds a control byte, which the compact form cannot"
                )));
            }
            let shared = before.iter().zip(word).take_while(|(a, b)| a == b).count();
            if rank > 1 {
                separator(&mut words, (before.len() - shared) as u64);
            }
            words.extend_from_slice(&word[shared..]);
            before.clear();
            before.extend_from_slice(word);
        }
        let mut rest = Vec::new();
        let frequencies = self.frequency_bytes();
        if let Some(f) = &frequencies {
            let f = f.as_ref();
            let mut bitmap = vec![0u8; f.len().div_ceil(8)];
            for (i, &z) in f.iter().enumerate() {
                if z != 0 {
                    bitmap[i / 8] |= 1 << (i % 8);
                }
            }
            rest.extend_from_slice(&bitmap);
            rest.extend(f.iter().filter(|&&z| z != 0));
        }
        let verdicts = self.verdict_bytes().filter(|_| frequencies.is_some());
        if let Some(v) = &verdicts {
            rest.extend_from_slice(v.as_ref());
        }
        let flags = match (&frequencies, &verdicts) {
            (None, _) => 0,
            (Some(_), None) => FLAG_FREQUENCIES,
            (Some(_), Some(_)) => FLAG_FREQUENCIES | FLAG_VERDICTS,
        };
        let mut out =
            Vec::with_capacity(COMPACT_HEADER_LEN + meta.len() + words.len() + rest.len());
        out.extend_from_slice(COMPACT_MAGIC);
        out.extend_from_slice(&COMPACT_VERSION.to_le_bytes());
        let mut crc = crc32fast::Hasher::new();
        crc.update(meta);
        crc.update(&words);
        crc.update(&rest);
        out.extend_from_slice(&crc.finalize().to_le_bytes());
        out.extend_from_slice(&(FORMAT_VERSION as u16).to_le_bytes());
        out.extend_from_slice(&(flags as u16).to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&(meta.len() as u64).to_le_bytes());
        out.extend_from_slice(&(self.len() as u64).to_le_bytes());
        out.extend_from_slice(&(words.len() as u64).to_le_bytes());
        out.extend_from_slice(meta);
        out.extend_from_slice(&words);
        out.extend_from_slice(&rest);
        Ok(out)
    }

    /// Rebuilds a pack from its compact form (see [`compact`](self)), and
    /// checks it as [`from_vec`](Pack::from_vec) checks a pack: the words,
    /// metadata and frequencies of the pack it was made from, or an error.
    pub fn from_compact(bytes: &[u8], name: &str) -> Result<Pack, PackError> {
        let mut rebuild = Rebuild::new(name);
        rebuild.push(bytes)?;
        rebuild.finish()
    }

    /// Whether `bytes` start as a pack's compact form does.
    pub fn is_compact(bytes: &[u8]) -> bool {
        bytes.starts_with(COMPACT_MAGIC)
    }
}

/// A pack being rebuilt from its compact form as the form arrives: give it
/// the bytes in order, in pieces of any size ([`push`](Rebuild::push)),
/// and take the pack at the end ([`finish`](Rebuild::finish)). Each word is
/// put into the automaton as soon as it is whole, so that little is left
/// to do when the last piece comes. [`Pack::from_compact`] is a rebuild
/// given the whole form at once.
pub struct Rebuild {
    name: String,
    /// Bytes received and not yet read.
    pending: Vec<u8>,
    header: Option<CompactHeader>,
    meta: Option<Vec<u8>>,
    crc: crc32fast::Hasher,
    map: fst::MapBuilder<Vec<u8>>,
    /// The last word read.
    word: Vec<u8>,
    /// Words read so far.
    rank: u64,
    /// How many bytes the next word drops from the end of the last.
    drop: u64,
    /// Bytes of the words section read so far.
    words_read: u64,
    /// The frequency section, as it came.
    rest: Vec<u8>,
}

/// A compact form's header, its fields checked.
struct CompactHeader {
    crc: u32,
    frequencies: bool,
    verdicts: bool,
    meta_len: u64,
    count: u64,
    words_len: u64,
}

impl Rebuild {
    /// A rebuild of the pack called `name` (for errors), nothing received.
    pub fn new(name: &str) -> Rebuild {
        Rebuild {
            name: name.to_string(),
            pending: Vec::new(),
            header: None,
            meta: None,
            crc: crc32fast::Hasher::new(),
            map: fst::MapBuilder::memory(),
            word: Vec::new(),
            rank: 0,
            drop: 0,
            words_read: 0,
            rest: Vec::new(),
        }
    }

    fn bad(&self, message: String) -> PackError {
        PackError::Compact {
            path: self.name.clone(),
            message,
        }
    }

    /// Takes the next bytes of the form, and reads every word they
    /// complete; an error if what came so far cannot be a compact form.
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), PackError> {
        // Read in place; only what no word completes yet waits, copied.
        if self.pending.is_empty() {
            let used = self.read(bytes)?;
            self.pending.extend_from_slice(&bytes[used..]);
            return Ok(());
        }
        let mut pending = std::mem::take(&mut self.pending);
        pending.extend_from_slice(bytes);
        let read = self.read(&pending);
        pending.drain(..*read.as_ref().unwrap_or(&0));
        self.pending = pending;
        read.map(drop)
    }

    /// Reads what it can of `bytes`; answers how many it used.
    fn read(&mut self, bytes: &[u8]) -> Result<usize, PackError> {
        let mut at = 0;
        loop {
            let left = &bytes[at..];
            let Some(header) = &self.header else {
                if left.len() < COMPACT_HEADER_LEN {
                    return Ok(at);
                }
                self.header = Some(self.read_header(&left[..COMPACT_HEADER_LEN])?);
                at += COMPACT_HEADER_LEN;
                continue;
            };
            let (meta_len, words_len) = (header.meta_len, header.words_len);
            if self.meta.is_none() {
                if (left.len() as u64) < meta_len {
                    return Ok(at);
                }
                let meta = &left[..meta_len as usize];
                self.crc.update(meta);
                self.meta = Some(meta.to_vec());
                at += meta.len();
                continue;
            }
            if self.words_read < words_len {
                let section = (words_len - self.words_read).min(left.len() as u64) as usize;
                let whole = section as u64 == words_len - self.words_read;
                let used = self.read_words(&left[..section], whole)?;
                self.crc.update(&left[..used]);
                self.words_read += used as u64;
                at += used;
                if self.words_read < words_len {
                    return Ok(at);
                }
                continue;
            }
            self.crc.update(left);
            self.rest.extend_from_slice(left);
            return Ok(bytes.len());
        }
    }

    fn read_header(&self, h: &[u8]) -> Result<CompactHeader, PackError> {
        if !h.starts_with(COMPACT_MAGIC) {
            return Err(self.bad("not a pack's compact form (wrong magic bytes)".into()));
        }
        let u32_at = |i: usize| u32::from_le_bytes(h[i..i + 4].try_into().unwrap_or_default());
        let u64_at = |i: usize| u64::from_le_bytes(h[i..i + 8].try_into().unwrap_or_default());
        let version = u32_at(8);
        if version != COMPACT_VERSION {
            return Err(self.bad(format!(
                "version {version} is not supported (this build reads {COMPACT_VERSION})"
            )));
        }
        let format = u32::from(u16::from_le_bytes([h[16], h[17]]));
        let flags = u32::from(u16::from_le_bytes([h[18], h[19]]));
        let known = FLAG_FREQUENCIES | FLAG_VERDICTS;
        let lone_verdicts = flags & FLAG_VERDICTS != 0 && flags & FLAG_FREQUENCIES == 0;
        if format != FORMAT_VERSION || flags & !known != 0 || lone_verdicts || u32_at(20) != 0 {
            return Err(self.bad(format!(
                "pack format {format} with flags {flags:#x} is not one this build writes"
            )));
        }
        Ok(CompactHeader {
            crc: u32_at(12),
            frequencies: flags & FLAG_FREQUENCIES != 0,
            verdicts: flags & FLAG_VERDICTS != 0,
            meta_len: u64_at(24),
            count: u64_at(32),
            words_len: u64_at(40),
        })
    }

    /// Reads the whole words at the front of `section` (part of the words
    /// section; `whole` if it runs to the section's end) into the
    /// automaton; answers the bytes they took.
    fn read_words(&mut self, section: &[u8], whole: bool) -> Result<usize, PackError> {
        let count = self.header.as_ref().map_or(0, |h| h.count);
        let mut at = 0;
        while at < section.len() {
            let word_no = self.rank + 1;
            let rest = &section[at..];
            // The word runs to its separator, or to the section's end.
            let (end, next) = match rest.iter().position(|&b| b < SEPARATORS) {
                Some(p) if rest[p] > 0 => (p, Some((u64::from(rest[p]) - 1, p + 1))),
                Some(p) => {
                    let mut number = &rest[p + 1..];
                    // A LEB128 number of a u64 takes at most 10 bytes.
                    let longest = number.len() >= 10;
                    match read_leb128(&mut number) {
                        Some(d) => (p, Some((d, rest.len() - number.len()))),
                        None if longest || whole => {
                            return Err(self.bad(format!("word {} does not read", word_no + 1)))
                        }
                        None => break,
                    }
                }
                None if whole => (rest.len(), None),
                None => break,
            };
            if self.drop > self.word.len() as u64 || self.rank == count {
                return Err(self.bad(format!("word {word_no} does not read")));
            }
            self.word.truncate(self.word.len() - self.drop as usize);
            self.word.extend_from_slice(&rest[..end]);
            // Out of order or repeated: the builder refuses, and so the form.
            self.map
                .insert(&self.word, self.rank)
                .map_err(|e| self.bad(format!("word {word_no}: {e}")))?;
            self.rank += 1;
            match next {
                Some((drop, used)) => {
                    self.drop = drop;
                    at += used;
                }
                None => at = section.len(),
            }
        }
        Ok(at)
    }

    /// The pack, once every byte has come: an error if the form was cut
    /// short, is corrupt, or does not add up.
    pub fn finish(self) -> Result<Pack, PackError> {
        let (Some(header), Some(meta)) = (&self.header, &self.meta) else {
            return Err(self.bad("it is cut short".into()));
        };
        if self.words_read < header.words_len {
            return Err(self.bad("it is cut short".into()));
        }
        if self.crc.clone().finalize() != header.crc {
            return Err(self.bad("it is corrupt (checksum mismatch)".into()));
        }
        if self.rank != header.count {
            return Err(self.bad(format!(
                "it says {} words and holds {}",
                header.count, self.rank
            )));
        }
        let count = header.count as usize;
        let (rest, verdicts) = match header.verdicts {
            true => {
                let split = self
                    .rest
                    .len()
                    .checked_sub(count)
                    .ok_or_else(|| self.bad("its verdicts do not match its words".into()))?;
                let (rest, verdicts) = self.rest.split_at(split);
                (rest, Some(verdicts))
            }
            false => (self.rest.as_slice(), None),
        };
        let frequencies = match header.frequencies {
            true => Some(self.frequencies(rest, count)?),
            false if rest.is_empty() => None,
            false => return Err(self.bad("it has bytes after its words".into())),
        };
        let fst = self.map.into_inner().map_err(|e| PackError::Compact {
            path: self.name.clone(),
            message: e.to_string(),
        })?;
        let pack = seal(meta, &fst, frequencies.as_deref(), verdicts);
        Pack::from_vec(pack, &self.name)
    }

    /// The frequency section as a pack has it, one byte a word, from `rest`:
    /// the bitmap and the nonzero bytes.
    fn frequencies(&self, rest: &[u8], count: usize) -> Result<Vec<u8>, PackError> {
        let mismatch = || self.bad("its frequencies do not match its words".into());
        let bitmap_len = count.div_ceil(8);
        let (bitmap, values) = rest.split_at_checked(bitmap_len).ok_or_else(mismatch)?;
        let mut values = values.iter();
        let mut out = vec![0u8; count];
        for (i, z) in out.iter_mut().enumerate() {
            if bitmap[i / 8] >> (i % 8) & 1 == 1 {
                *z = *values.next().filter(|&&v| v != 0).ok_or_else(mismatch)?;
            }
        }
        // Nothing left over, and no bit set past the last word.
        let spare = if count % 8 == 0 {
            0
        } else {
            bitmap[bitmap_len - 1] >> (count % 8)
        };
        if values.next().is_some() || spare != 0 {
            return Err(mismatch());
        }
        Ok(out)
    }
}

/// Appends the separator before a word that drops `drop` bytes of the one
/// before it.
fn separator(out: &mut Vec<u8>, drop: u64) {
    if drop < u64::from(SEPARATORS) - 1 {
        out.push(drop as u8 + 1);
    } else {
        out.push(0);
        leb128(out, drop);
    }
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
    fn rebuilds_the_same_pack_from_pieces_of_any_size() {
        // "cat" drops 39 bytes of the word before: a separator of two bytes.
        let long = format!("a{}\ncat\n", "b".repeat(40));
        let list = [
            &b"tea\neat\nate\nzebra\nzebras\nquiz\nquizzes\n"[..],
            long.as_bytes(),
        ]
        .concat();
        let p = pack(&list, true);
        let compact = p.to_compact().unwrap();
        let whole = Pack::from_compact(&compact, "whole").unwrap();
        for size in [1, 2, 3, 7, 48, 49, 100, compact.len()] {
            let mut rebuild = Rebuild::new("pieces");
            for piece in compact.chunks(size) {
                rebuild.push(piece).unwrap();
            }
            let back = rebuild.finish().unwrap();
            assert_eq!(back.as_bytes(), whole.as_bytes(), "pieces of {size}");
        }
        // Some words are in the automaton before the last piece comes.
        let mut rebuild = Rebuild::new("half");
        rebuild.push(&compact[..compact.len() - 8]).unwrap();
        assert!(rebuild.rank > 0);
    }

    #[test]
    fn frequencies_travel_as_a_bitmap_and_the_nonzero_bytes() {
        let p = pack(
            b"tea\neat\nate\nzebra\nzebras\nquiz\nquizzes\nzoo\nzoos\n",
            true,
        );
        let compact = p.to_compact().unwrap();
        let meta_len = u64::from_le_bytes(compact[24..32].try_into().unwrap()) as usize;
        let words_len = u64::from_le_bytes(compact[40..48].try_into().unwrap()) as usize;
        let rest = &compact[COMPACT_HEADER_LEN + meta_len + words_len..];
        let freq = p.frequency_bytes().unwrap();
        let nonzero: Vec<u8> = freq.as_ref().iter().copied().filter(|&z| z != 0).collect();
        // Three words have a frequency (tea, eat, zebra), nine words: two bytes of bitmap.
        assert_eq!(nonzero.len(), 3);
        assert_eq!(rest.len(), 2 + 3);
        assert_eq!(&rest[2..], &nonzero[..]);
    }

    #[test]
    fn refuses_a_word_with_a_control_byte() {
        let words = ["a\x1fb", "cat"];
        let mut map = fst::MapBuilder::memory();
        for (i, w) in words.iter().enumerate() {
            map.insert(w, i as u64).unwrap();
        }
        // Two words, as the metadata of a two-word pack says.
        let p = pack(b"tea\neat\n", false);
        let meta = &p.as_bytes()
            [HEADER_LEN..HEADER_LEN + Header::parse(p.as_bytes(), "p").unwrap().meta_len as usize];
        let zero =
            Pack::from_vec(seal(meta, &map.into_inner().unwrap(), None, None), "zero").unwrap();
        let err = zero.to_compact().unwrap_err().to_string();
        assert!(
            err.contains("word 1 is empty or holds a control byte"),
            "{err}"
        );
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
