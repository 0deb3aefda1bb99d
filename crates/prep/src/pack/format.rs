//! The pack file's byte layout: the header, and the one function that writes
//! it ([`seal`]).
//!
//! A pack is one file, little-endian throughout:
//!
//! | offset | size | field |
//! |---:|---:|---|
//! | 0 | 8 | magic `BOGGLEPK` |
//! | 8 | 4 | format version ([`FORMAT_VERSION`]; 1 is read too) |
//! | 12 | 4 | flags: bit 0 ([`FLAG_FREQUENCIES`], version 2) says a frequency section follows the automaton; bit 1 ([`FLAG_VERDICTS`], version 3, only with bit 0) says a verdict section follows it; any other bit is refused |
//! | 16 | 8 | metadata length *m* |
//! | 24 | 8 | automaton length *f* |
//! | 32 | 4 | CRC-32 of the metadata |
//! | 36 | 4 | CRC-32 of the automaton |
//! | 40 | 4 | CRC-32 of bytes 0..40 |
//! | 44 | 4 | CRC-32 of the word sections: the frequency section and, after it, the verdict section (0 without them) |
//! | 48 | *m* | metadata: UTF-8 JSON, [`PackMeta`](super::PackMeta) |
//! | 48+*m* | 0..7 | zero padding to a multiple of 8 |
//! | … | *f* | the `fst::Map`: each word maps to its rank (0, 1, 2… in byte order) |
//! | … | *n* | with [`FLAG_FREQUENCIES`]: one byte a word, by rank, its Zipf frequency in tenths, 0 for none ([`crate::frequency::quantize`]); *n* is the number of words |
//! | … | *n* | with [`FLAG_VERDICTS`]: one byte a word, by rank, whether it is an everyday word of the language or why not ([`crate::verdict::Verdict`]) |
//!
//! Version 1 is version 2 without flags, and version 2 is version 3
//! without [`FLAG_VERDICTS`]: such packs open, the first with no
//! frequencies, both with no verdicts.

use crate::error::PackError;

/// The first eight bytes of every pack.
pub const MAGIC: &[u8; 8] = b"BOGGLEPK";
/// The format version this build writes; it reads this one, 2 and 1.
pub const FORMAT_VERSION: u32 = 3;
/// Header flag: a frequency section follows the automaton.
pub const FLAG_FREQUENCIES: u32 = 1;
/// Header flag (version 3, only with [`FLAG_FREQUENCIES`]): a verdict
/// section follows the frequency section.
pub const FLAG_VERDICTS: u32 = 2;
/// The header's length in bytes.
pub const HEADER_LEN: usize = 48;

/// Zero bytes after a metadata block of `meta_len` bytes, so that the
/// automaton starts on a multiple of 8.
pub(crate) fn padding(meta_len: usize) -> usize {
    // Remainders first, so no length from a file can overflow the sum.
    (8 - (HEADER_LEN % 8 + meta_len % 8) % 8) % 8
}

/// A whole pack from its metadata, automaton, and word sections (one byte
/// a word each): the frequencies, then the verdicts, which need the
/// frequencies (`verdicts` without `frequencies` is ignored). Header,
/// metadata, padding, automaton, sections. Every pack this crate writes is
/// made here.
pub(crate) fn seal(
    meta: &[u8],
    fst: &[u8],
    frequencies: Option<&[u8]>,
    verdicts: Option<&[u8]>,
) -> Vec<u8> {
    let pad = padding(meta.len());
    let verdicts = verdicts.filter(|_| frequencies.is_some());
    let mut sections = frequencies.unwrap_or_default().to_vec();
    sections.extend_from_slice(verdicts.unwrap_or_default());
    let mut out = Vec::with_capacity(HEADER_LEN + meta.len() + pad + fst.len() + sections.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    let flags = match (frequencies, verdicts) {
        (None, _) => 0,
        (Some(_), None) => FLAG_FREQUENCIES,
        (Some(_), Some(_)) => FLAG_FREQUENCIES | FLAG_VERDICTS,
    };
    out.extend_from_slice(&flags.to_le_bytes());
    out.extend_from_slice(&(meta.len() as u64).to_le_bytes());
    out.extend_from_slice(&(fst.len() as u64).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(meta).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(fst).to_le_bytes());
    let header_crc = crc32fast::hash(&out[..40]);
    out.extend_from_slice(&header_crc.to_le_bytes());
    let sections_crc = frequencies.map_or(0, |_| crc32fast::hash(&sections));
    out.extend_from_slice(&sections_crc.to_le_bytes());
    out.extend_from_slice(meta);
    out.resize(out.len() + pad, 0);
    out.extend_from_slice(fst);
    out.extend_from_slice(&sections);
    out
}

/// Makes every checksum in a (damaged or crafted) pack right again, so that
/// opening it gets past the checksums to the metadata and automaton parsers:
/// magic and version are set, the header's lengths are fitted to the file,
/// the padding is zeroed, then the automaton's own checksum, the metadata,
/// automaton and word sections' CRC-32s and the header's are recomputed.
/// Flags but [`FLAG_FREQUENCIES`] and [`FLAG_VERDICTS`] are cleared; with
/// the first, the automaton keeps the header's length where it fits and the
/// rest is the word sections; without it, all after the metadata is the
/// automaton. Shorter than a header: left alone.
///
/// For tests and fuzzing, which need packs that are wrong only where they
/// mean them to be; a tool has no use for it.
#[doc(hidden)]
pub fn reseal(pack: &mut [u8]) {
    if pack.len() < HEADER_LEN {
        return;
    }
    let len = pack.len() as u64;
    let header = HEADER_LEN as u64;
    let mut meta_len = u64_at(pack, 16).min(len - header);
    if header + meta_len + padding(meta_len as usize) as u64 > len {
        meta_len = 0;
    }
    let meta_end = HEADER_LEN + meta_len as usize;
    let fst_start = meta_end + padding(meta_len as usize);
    let mut flags = u32_at(pack, 12) & (FLAG_FREQUENCIES | FLAG_VERDICTS);
    if flags & FLAG_FREQUENCIES == 0 {
        flags = 0;
    }
    let rest = len - fst_start as u64;
    let fst_len = if flags == 0 {
        rest
    } else {
        u64_at(pack, 24).min(rest)
    };
    let fst_end = fst_start + fst_len as usize;
    pack[..8].copy_from_slice(MAGIC);
    pack[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    pack[12..16].copy_from_slice(&flags.to_le_bytes());
    pack[16..24].copy_from_slice(&meta_len.to_le_bytes());
    pack[24..32].copy_from_slice(&fst_len.to_le_bytes());
    pack[meta_end..fst_start].fill(0);
    let fst = &mut pack[fst_start..fst_end];
    if fst.len() >= 4 {
        let n = fst.len() - 4;
        let sum = fst_checksum(&fst[..n]);
        fst[n..].copy_from_slice(&sum.to_le_bytes());
    }
    let meta_crc = crc32fast::hash(&pack[HEADER_LEN..meta_end]);
    let fst_crc = crc32fast::hash(&pack[fst_start..fst_end]);
    let freq_crc = if flags == 0 {
        0
    } else {
        crc32fast::hash(&pack[fst_end..])
    };
    pack[32..36].copy_from_slice(&meta_crc.to_le_bytes());
    pack[36..40].copy_from_slice(&fst_crc.to_le_bytes());
    let header_crc = crc32fast::hash(&pack[..40]);
    pack[40..44].copy_from_slice(&header_crc.to_le_bytes());
    pack[44..48].copy_from_slice(&freq_crc.to_le_bytes());
}

/// The `fst` crate's own checksum of an automaton (its last four bytes):
/// CRC-32C (Castagnoli) of the rest, bit by bit, then "masked" as the crate
/// does. Only [`reseal`] needs it.
fn fst_checksum(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0x82F6_3B78
            } else {
                crc >> 1
            };
        }
    }
    (!crc).rotate_right(15).wrapping_add(0xA282_EAD8)
}

fn u64_at(b: &[u8], i: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&b[i..i + 8]);
    u64::from_le_bytes(bytes)
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

/// A pack's header, read and checked against the file's length.
pub(crate) struct Header {
    pub(crate) meta_len: u64,
    pub(crate) fst_len: u64,
    pub(crate) meta_crc: u32,
    pub(crate) fst_crc: u32,
    /// The word sections' length and checksum, if it has them: their
    /// length is what follows the automaton (the words are counted later).
    pub(crate) frequencies: Option<(u64, u32)>,
    /// Whether a verdict section follows the frequency section.
    pub(crate) verdicts: bool,
}

impl Header {
    /// Reads the header of `all` (the whole file), checking magic, header
    /// checksum, version and that the lengths add up to the file's.
    pub(crate) fn parse(all: &[u8], name: &str) -> Result<Header, PackError> {
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
        if crc32fast::hash(&all[..40]) != u32_at(all, 40) {
            return Err(PackError::HeaderChecksum {
                path: name.to_string(),
            });
        }
        let version = u32_at(all, 8);
        if !(1..=FORMAT_VERSION).contains(&version) {
            return Err(PackError::UnsupportedVersion {
                path: name.to_string(),
                found: version,
                supported: FORMAT_VERSION,
            });
        }
        let flags = u32_at(all, 12);
        let defined = match version {
            1 => 0,
            2 => FLAG_FREQUENCIES,
            _ => FLAG_FREQUENCIES | FLAG_VERDICTS,
        };
        let lone_verdicts = flags & FLAG_VERDICTS != 0 && flags & FLAG_FREQUENCIES == 0;
        if flags & !defined != 0 || lone_verdicts {
            return Err(PackError::UnsupportedFlags {
                path: name.to_string(),
                flags,
            });
        }
        let with_frequencies = flags & FLAG_FREQUENCIES != 0;
        if !with_frequencies && u32_at(all, 44) != 0 {
            return Err(PackError::HeaderChecksum {
                path: name.to_string(),
            });
        }
        let mut header = Header {
            meta_len: u64_at(all, 16),
            fst_len: u64_at(all, 24),
            meta_crc: u32_at(all, 32),
            fst_crc: u32_at(all, 36),
            frequencies: None,
            verdicts: flags & FLAG_VERDICTS != 0,
        };
        let expected = (HEADER_LEN as u64)
            .checked_add(header.meta_len)
            .and_then(|n| n.checked_add(padding(header.meta_len as usize) as u64))
            .and_then(|n| n.checked_add(header.fst_len));
        let actual = all.len() as u64;
        match expected {
            Some(n) if with_frequencies && n <= actual => {
                header.frequencies = Some((actual - n, u32_at(all, 44)));
            }
            Some(n) if n == actual => {}
            _ => {
                return Err(PackError::Length {
                    path: name.to_string(),
                    expected: expected.unwrap_or(u64::MAX),
                    actual,
                })
            }
        }
        Ok(header)
    }

    /// Where the automaton starts.
    pub(crate) fn fst_start(&self) -> usize {
        HEADER_LEN + self.meta_len as usize + padding(self.meta_len as usize)
    }
}
