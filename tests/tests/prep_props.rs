//! Property tests for `prep`:
//!
//! * building a pack from a random messy list and listing its words gives
//!   exactly what a plain reference filter, written here independently of
//!   `prep`, keeps (for the `enable` and `opentaal` recipes);
//! * opening arbitrary bytes, or damaged valid packs, never panics: it
//!   returns an error, or a pack whose `verify` and word walk do not panic.
//!
//! `PROPTEST_CASES` raises the number of cases (default 256).

use crate::common::reseal;
use prep::{Pack, PackBuilder, Recipe};
use proptest::prelude::*;
use proptest::sample::Index;

// ---------------------------------------------------------------------------
// Random word lists

/// One line's text (no line end). Mostly plain lowercase words over a few
/// letters, so that many survive and duplicates happen; the rest anything
/// from a mix of upper case, digits, accents, a combining mark, `ß`, white
/// space and punctuation.
fn line_text() -> impl Strategy<Value = String> {
    let junk = prop::sample::select(vec![
        'a', 'b', 'e', 'i', 'o', 'u', 'y', 'q', 'z', 's', 't', 'A', 'E', 'Q', 'U', 'Z', '0', '7',
        'é', 'ü', 'ñ', 'ß', 'Ä', '\u{301}', ' ', '\t', '-', '\'', '.', '\u{feff}',
    ]);
    prop_oneof![
        4 => "[abeiouqyzst]{0,18}",
        1 => "[ \t]{0,2}[abeqt]{2,5}[ \t]{0,2}",
        3 => prop::collection::vec(junk, 0..20).prop_map(String::from_iter),
    ]
}

/// A list as lines, and its raw bytes (optional BOM, LF or CRLF per line,
/// optional line end after the last line).
#[derive(Clone, Debug)]
struct RawList {
    lines: Vec<String>,
    last_newline: bool,
    raw: Vec<u8>,
}

fn raw_list() -> impl Strategy<Value = RawList> {
    (
        prop::collection::vec((line_text(), any::<bool>()), 0..40),
        prop::collection::vec(any::<Index>(), 0..8),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(mut lines, dups, bom, last_newline)| {
            if !lines.is_empty() {
                for d in dups {
                    let copy = lines[d.index(lines.len())].clone();
                    lines.push(copy);
                }
            }
            (lines, bom, last_newline)
        })
        .prop_flat_map(|(lines, bom, last_newline)| {
            (Just(lines).prop_shuffle(), Just(bom), Just(last_newline))
        })
        .prop_map(|(lines, bom, last_newline)| {
            let mut raw = Vec::new();
            if bom {
                raw.extend_from_slice("\u{feff}".as_bytes());
            }
            let n = lines.len();
            for (i, (text, crlf)) in lines.iter().enumerate() {
                raw.extend_from_slice(text.as_bytes());
                if i + 1 < n || last_newline {
                    raw.extend_from_slice(if *crlf { b"\r\n" } else { b"\n" });
                }
            }
            let mut lines: Vec<String> = lines.into_iter().map(|(t, _)| t).collect();
            if let Some(first) = lines.first_mut().filter(|_| !bom) {
                // A first line that starts with U+FEFF *is* a byte-order
                // mark as far as the file is concerned.
                if let Some(rest) = first.strip_prefix('\u{feff}') {
                    *first = rest.to_string();
                }
            }
            RawList {
                lines,
                last_newline,
                raw,
            }
        })
}

// ---------------------------------------------------------------------------
// Reference filters, straight from the recipes' descriptions

fn is_lower_ascii(w: &str) -> bool {
    w.bytes().all(|b| b.is_ascii_lowercase())
}

/// enable: lowercase a-z only, 3+ letters, every q followed by u.
fn enable_keeps(w: &str) -> bool {
    let b = w.as_bytes();
    is_lower_ascii(w)
        && b.len() >= 3
        && b.iter()
            .enumerate()
            .all(|(i, &c)| c != b'q' || b.get(i + 1) == Some(&b'u'))
}

/// opentaal: `^[a-z]{3,16}$` with a vowel (aeiouy) and a non-vowel.
fn opentaal_keeps(w: &str) -> bool {
    let vowel = |c: char| "aeiouy".contains(c);
    is_lower_ascii(w)
        && (3..=16).contains(&w.len())
        && w.chars().any(vowel)
        && !w.chars().all(vowel)
}

fn reference(lines: &[String], keeps: fn(&str) -> bool) -> Vec<String> {
    let mut words: Vec<String> = lines
        .iter()
        .map(|l| l.trim())
        .filter(|w| keeps(w))
        .map(String::from)
        .collect();
    words.sort();
    words.dedup();
    words
}

/// Lines `prep` counts: every line, less an empty last one without a line
/// end (the raw bytes cannot tell it is there).
fn expected_lines(list: &RawList) -> u64 {
    let n = list.lines.len() as u64;
    match list.lines.last() {
        Some(last) if last.is_empty() && !list.last_newline => n - 1,
        _ => n,
    }
}

fn build(recipe: &str, raw: &[u8]) -> (Vec<u8>, prep::PackMeta) {
    // Random lists often keep nothing: that is a case to check, not refuse.
    PackBuilder::new(Recipe::builtin(recipe).unwrap())
        .allow_empty(true)
        .build_bytes(raw, "random.txt")
        .unwrap()
}

fn check_recipe(
    recipe: &str,
    keeps: fn(&str) -> bool,
    list: &RawList,
) -> Result<(), TestCaseError> {
    let (bytes, meta) = build(recipe, &list.raw);
    let pack = Pack::from_vec(bytes, "random").unwrap();
    pack.verify().unwrap();
    let ours = pack.words().unwrap();
    let theirs = reference(&list.lines, keeps);
    prop_assert_eq!(
        &ours,
        &theirs,
        "raw: {:?}",
        String::from_utf8_lossy(&list.raw)
    );
    prop_assert_eq!(meta.word_count, theirs.len() as u64);
    prop_assert_eq!(meta.stats.kept, theirs.len() as u64);
    prop_assert_eq!(meta.stats.lines, expected_lines(list));
    prop_assert_eq!(
        meta.stats.lines,
        meta.stats.kept + meta.stats.dropped_total()
    );
    for (rank, w) in theirs.iter().enumerate() {
        prop_assert_eq!(pack.map().unwrap().get(w), Some(rank as u64));
    }
    Ok(())
}

proptest! {
    #[test]
    fn enable_words_match_reference(list in raw_list()) {
        check_recipe("enable", enable_keeps, &list)?;
    }

    #[test]
    fn opentaal_words_match_reference(list in raw_list()) {
        check_recipe("opentaal", opentaal_keeps, &list)?;
    }
}

// ---------------------------------------------------------------------------
// Opening damaged packs

#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(Index, u8),
    SetByte(Index, u8),
    /// Overwrite an aligned u64 with a value a parser may trip on.
    SetWord(Index, u64),
    Truncate(Index),
    Insert(Index, Vec<u8>),
    Remove(Index, Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let interesting = prop_oneof![
        Just(0u64),
        Just(1),
        Just(2),
        Just(3),
        Just(u64::MAX),
        Just(u64::MAX / 2),
        Just(1 << 32),
        0u64..4096,
        any::<u64>(),
    ];
    prop_oneof![
        4 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        3 => (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::SetByte(i, b)),
        2 => (any::<Index>(), interesting).prop_map(|(i, v)| Mutation::SetWord(i, v)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        1 => (any::<Index>(), prop::collection::vec(any::<u8>(), 1..16))
            .prop_map(|(i, b)| Mutation::Insert(i, b)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Mutation::Remove(i, j)),
    ]
}

fn apply(pack: &mut Vec<u8>, m: &Mutation) {
    if pack.is_empty() {
        return;
    }
    let n = pack.len();
    match m {
        Mutation::FlipBit(i, b) => pack[i.index(n)] ^= 1 << b,
        Mutation::SetByte(i, b) => pack[i.index(n)] = *b,
        Mutation::SetWord(i, v) => {
            if n >= 8 {
                let at = i.index(n / 8) * 8;
                pack[at..at + 8].copy_from_slice(&v.to_le_bytes());
            }
        }
        Mutation::Truncate(i) => pack.truncate(i.index(n)),
        Mutation::Insert(i, b) => {
            let at = i.index(n + 1);
            pack.splice(at..at, b.iter().copied());
        }
        Mutation::Remove(i, j) => {
            let (a, b) = (i.index(n), j.index(n));
            pack.drain(a.min(b)..a.max(b));
        }
    }
}

/// Opens `bytes` and, if that works, verifies it and uses the pack every way
/// a tool would. Only a panic (or a multi-line error) fails the test.
fn open_and_use(bytes: Vec<u8>) -> bool {
    let pack = match Pack::from_vec(bytes, "fuzzed") {
        Ok(pack) => pack,
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains('\n'), "multi-line error: {message:?}");
            return false;
        }
    };
    let verified = match pack.verify() {
        Ok(()) => true,
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains('\n'), "multi-line error: {message:?}");
            false
        }
    };
    let _ = serde_json::to_string(pack.meta()).unwrap();
    // Reading the automaton is for verified packs only (as every tool does):
    // then no use of it may panic.
    if verified {
        let words = pack.words().unwrap();
        assert_eq!(words.len(), pack.len());
        for w in words.iter().take(50) {
            assert!(pack.contains(w).unwrap());
        }
        let mut n = 0usize;
        pack.for_each_word(|_| n += 1).unwrap();
        assert_eq!(n, pack.len());
        let _ = pack.contains("queen").unwrap();
        let _ = pack.map().unwrap().get("abc");
    }
    verified
}

fn small_pack() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec("[a-z]{1,10}", 0..30).prop_map(|words| {
        let raw = words.join("\n");
        build("enable", raw.as_bytes()).0
    })
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let _ = Pack::from_vec(bytes, "arbitrary");
    }

    /// Arbitrary bytes behind a valid magic and version, with every checksum
    /// made right, reach the metadata and automaton parsers.
    #[test]
    fn arbitrary_sealed_bytes_never_panic(
        body in prop::collection::vec(any::<u8>(), 0..512),
        meta_len in 0u64..600,
    ) {
        let mut bytes = Vec::with_capacity(48 + body.len());
        bytes.extend_from_slice(prep::pack::MAGIC);
        bytes.extend_from_slice(&prep::pack::FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&[0; 4]);
        bytes.extend_from_slice(&meta_len.to_le_bytes());
        bytes.extend_from_slice(&[0; 24]);
        bytes.extend_from_slice(&body);
        reseal(&mut bytes);
        open_and_use(bytes);
    }

    /// Random damage to a valid pack is caught by the checksums.
    #[test]
    fn damaged_packs_are_rejected(
        pack in small_pack(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let mut bad = pack.clone();
        for m in &mutations {
            apply(&mut bad, m);
        }
        prop_assume!(bad != pack);
        prop_assert!(!open_and_use(bad), "damage went unnoticed");
    }

    /// Header fields, any values, behind a right header checksum.
    #[test]
    fn any_header_fields_never_panic(
        fields in prop::collection::vec(
            prop_oneof![Just(0u64), Just(u64::MAX), Just(u64::MAX - 47), 0u64..2048, any::<u64>()],
            2,
        ),
        flags in any::<u32>(),
        pack in small_pack(),
    ) {
        let mut bad = pack;
        bad[12..16].copy_from_slice(&flags.to_le_bytes());
        bad[16..24].copy_from_slice(&fields[0].to_le_bytes());
        bad[24..32].copy_from_slice(&fields[1].to_le_bytes());
        let crc = crc32fast::hash(&bad[..40]);
        bad[40..44].copy_from_slice(&crc.to_le_bytes());
        open_and_use(bad);
    }

    /// Damaged metadata behind made-up checksums (a crafted file, not an
    /// accident) is rejected or read, never a panic. (Crafted *automata* are
    /// another matter: the `fst` crate trusts its input and can panic on
    /// one; `fuzz/` explores that, see `fuzz/README.md`.)
    #[test]
    fn damaged_and_resealed_metadata_never_panics(
        pack in small_pack(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let meta_len = u64::from_le_bytes(pack[16..24].try_into().unwrap()) as usize;
        let mut meta = pack[48..48 + meta_len].to_vec();
        for m in &mutations {
            apply(&mut meta, m);
        }
        let fst_len = u64::from_le_bytes(pack[24..32].try_into().unwrap()) as usize;
        let mut bad = pack[..48].to_vec();
        bad[16..24].copy_from_slice(&(meta.len() as u64).to_le_bytes());
        bad.extend_from_slice(&meta);
        bad.resize(bad.len() + (8 - bad.len() % 8) % 8, 0);
        bad.extend_from_slice(&pack[pack.len() - fst_len..]);
        reseal(&mut bad);
        open_and_use(bad);
    }
}

#[test]
fn reseal_keeps_a_good_pack_good() {
    let (mut bytes, _) = build("enable", b"cat\ndog\nqueen\n");
    let before = bytes.clone();
    reseal(&mut bytes);
    assert_eq!(bytes, before);
    assert!(open_and_use(bytes));
}

#[test]
fn a_lone_line_end_is_one_blank_line() {
    for raw in [&b"\n"[..], b"\r\n", b"\xEF\xBB\xBF\n", b" \n"] {
        let (_, meta) = build("enable", raw);
        assert_eq!(meta.stats.lines, 1, "{raw:?}");
        assert_eq!(
            meta.stats.dropped[&prep::filter::DropReason::Blank],
            1,
            "{raw:?}"
        );
    }
    for raw in [&b""[..], b"\xEF\xBB\xBF"] {
        assert_eq!(build("enable", raw).1.stats.lines, 0, "{raw:?}");
    }
    assert_eq!(build("enable", b"\n\n").1.stats.lines, 2);
    assert_eq!(build("enable", b"cat\n\ndog").1.stats.lines, 3);
}
