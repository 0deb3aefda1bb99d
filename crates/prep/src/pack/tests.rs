use super::*;
use crate::frequency::FrequencyList;
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
    assert_eq!(pack.words().unwrap(), ["cat", "dog", "queen", "zebra"]);
    assert_eq!(pack.map().unwrap().get("queen"), Some(2));
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
    reseal(&mut bad);
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
fn a_crafted_automaton_opens_but_every_walk_refuses_it() {
    let pack = Pack::from_vec(crafted_root(&sample()), "crafted").unwrap();
    for err in [
        pack.check().unwrap_err(),
        pack.contains("cat").unwrap_err(),
        pack.words().unwrap_err(),
        pack.map().unwrap_err(),
        pack.for_each_word(|_| ()).unwrap_err(),
    ] {
        assert!(err.to_string().starts_with("crafted: "), "{err}");
        assert!(err.to_string().contains("malformed automaton"), "{err}");
    }
    // Read state by state, the root itself is refused, with no panic.
    let automaton = pack.automaton();
    let mut out = Vec::new();
    let err = match automaton.root() {
        Ok(root) => automaton.state(root, &mut out).unwrap_err(),
        Err(e) => e,
    };
    assert!(
        matches!(err, StateError::Malformed | StateError::OutOfRange(_)),
        "{err}"
    );
    assert!(out.is_empty());
}

#[test]
fn states_read_one_by_one_match_the_automaton() {
    let pack = Pack::from_vec(sample(), "sample").unwrap();
    let automaton = pack.automaton();
    assert_eq!(automaton.len(), 4);
    // Every word, by following transitions from the root, gets its rank.
    let map = pack.map().unwrap();
    for (rank, word) in pack.words().unwrap().iter().enumerate() {
        let (mut addr, mut sum) = (automaton.root().unwrap(), 0);
        for &b in word.as_bytes() {
            let mut out = Vec::new();
            automaton.state(addr, &mut out).unwrap();
            assert!(out.windows(2).all(|w| w[0].input < w[1].input));
            let t = out.iter().find(|t| t.input == b).unwrap();
            assert!(t.target < addr || t.target == 0);
            (addr, sum) = (t.target, sum + t.output);
        }
        assert!(automaton.state(addr, &mut Vec::new()).unwrap(), "{word}");
        assert_eq!(sum, rank as u64);
        assert_eq!(map.get(word), Some(sum));
    }
}

#[test]
fn reseal_changes_nothing_in_a_good_pack() {
    let good = sample();
    let mut again = good.clone();
    reseal(&mut again);
    assert_eq!(again, good);
}

#[test]
fn read_meta_reads_no_automaton() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.pack");
    let mut body = sample();
    let last = body.len() - 21;
    body[last] ^= 0x10;
    std::fs::write(&path, &body).unwrap();
    assert_eq!(Pack::read_meta(&path).unwrap().word_count, 4);
    assert!(matches!(
        Pack::open(&path),
        Err(PackError::FstChecksum { .. })
    ));
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
        // Empty packs are shapes too.
        let (bytes, meta) = PackBuilder::new(Recipe::builtin("enable").unwrap())
            .allow_empty(true)
            .build_bytes(list, "l.txt")
            .unwrap();
        let pack = Pack::from_vec(bytes, "p").unwrap();
        assert_eq!(pack.len() as u64, meta.word_count);
        check_structure(pack.map.as_fst()).unwrap();
        pack.check().unwrap();
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
    let mut flagged = good.clone();
    flagged[12] = 2;
    let crc = crc32fast::hash(&flagged[..40]);
    flagged[40..44].copy_from_slice(&crc.to_le_bytes());
    assert!(matches!(
        open(flagged),
        PackError::UnsupportedFlags { flags: 2, .. }
    ));
    let mut future = good.clone();
    future[8..12].copy_from_slice(&4u32.to_le_bytes());
    let crc = crc32fast::hash(&future[..40]);
    future[40..44].copy_from_slice(&crc.to_le_bytes());
    let err = open(future);
    assert!(
        matches!(err, PackError::UnsupportedVersion { found: 4, .. }),
        "{err}"
    );
    let mut meta = good.clone();
    meta[HEADER_LEN + 2] ^= 1;
    assert!(matches!(open(meta), PackError::MetaChecksum { .. }));
    let mut body = good.clone();
    // The last state's byte, just before fst's 20-byte footer.
    let last = body.len() - 21;
    body[last] ^= 0x10;
    // Opening checks the automaton too (a pack is checked by
    // construction).
    assert!(matches!(
        Pack::from_vec(body, "body"),
        Err(PackError::FstChecksum { .. })
    ));
}

fn with_frequencies() -> Vec<u8> {
    let list = FrequencyList::read(b"cat\t4.5\nzebra\t3.04\nqueen\t1\n", "f.tsv").unwrap();
    PackBuilder::new(Recipe::builtin("enable").unwrap())
        .frequencies(list, FrequencySource::default())
        .build_bytes(b"cat\ndog\nqueen\nzebra\n", "sample.txt")
        .unwrap()
        .0
}

#[test]
fn frequencies_by_rank() {
    let pack = Pack::from_vec(with_frequencies(), "f").unwrap();
    pack.verify().unwrap();
    assert!(pack.has_frequencies());
    let zipf: Vec<Option<f32>> = (0..5)
        .map(|rank| pack.zipf(rank).map(Zipf::value))
        .collect();
    assert_eq!(zipf, [Some(4.5), None, Some(1.0), Some(3.0), None]);
    assert_eq!(pack.meta().frequency.as_ref().map(|f| f.matched), Some(3));
    // Resealing a sound pack with frequencies changes nothing.
    let mut again = with_frequencies();
    reseal(&mut again);
    assert_eq!(again, with_frequencies());
    // A pack without them says so.
    let plain = Pack::from_vec(sample(), "p").unwrap();
    assert!(!plain.has_frequencies() && plain.zipf(0).is_none());
}

#[test]
fn a_version_1_pack_opens_without_frequencies() {
    // Version 1 is version 2 without flags or the frequency checksum.
    let mut v1 = sample();
    v1[8..12].copy_from_slice(&1u32.to_le_bytes());
    let crc = crc32fast::hash(&v1[..40]);
    v1[40..44].copy_from_slice(&crc.to_le_bytes());
    let pack = Pack::from_vec(v1.clone(), "v1").unwrap();
    pack.verify().unwrap();
    assert!(!pack.has_frequencies());
    assert_eq!(pack.words().unwrap(), ["cat", "dog", "queen", "zebra"]);
    // Version 1 defines no flags.
    v1[12] = 1;
    let crc = crc32fast::hash(&v1[..40]);
    v1[40..44].copy_from_slice(&crc.to_le_bytes());
    assert!(matches!(
        Pack::from_vec(v1, "v1").unwrap_err(),
        PackError::UnsupportedFlags { flags: 1, .. }
    ));
}

#[test]
fn a_damaged_frequency_section_is_refused() {
    let good = with_frequencies();
    let open = |b: Vec<u8>| Pack::from_vec(b, "f.pack").unwrap_err();
    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 0x01;
    let e = open(flipped);
    assert!(matches!(e, PackError::Frequencies { .. }), "{e}");
    assert!(
        e.to_string()
            .starts_with("f.pack: pack word frequencies are corrupt: checksum"),
        "{e}"
    );
    let mut short = good.clone();
    short.pop();
    let e = open(short);
    assert!(e.to_string().contains("3 values for 4 words"), "{e}");
    let mut long = good.clone();
    long.push(0);
    let e = open(long);
    assert!(e.to_string().contains("5 values for 4 words"), "{e}");
    // The flag without the section: the file ends at the automaton.
    let plain = sample();
    let mut flag = plain.clone();
    flag[12] = 1;
    let crc = crc32fast::hash(&flag[..40]);
    flag[40..44].copy_from_slice(&crc.to_le_bytes());
    assert!(matches!(open(flag), PackError::Frequencies { .. }));
}

/// A pack of "cat dog queen zebra" with frequencies and verdicts from an
/// everyday list that holds `cat` in lower case, `Queen` only capitalised
/// and `DOG` only in capitals (and no `zebra`).
fn with_verdicts() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("f.tsv"),
        "cat\t4.5\nzebra\t3.04\nqueen\t1\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("everyday.txt"), "cat\nQueen\nDOG\n").unwrap();
    let rules = crate::recipe::FrequencyRules {
        file: "f.tsv".into(),
        everyday: Some(crate::verdict::EverydayRules {
            lists: vec!["everyday.txt".into()],
            ..Default::default()
        }),
        ..Default::default()
    };
    let (list, source) = rules.load(dir.path()).unwrap().unwrap();
    PackBuilder::new(Recipe::builtin("enable").unwrap())
        .frequencies(list, source)
        .build_bytes(b"cat\ndog\nqueen\nzebra\n", "sample.txt")
        .unwrap()
        .0
}

#[test]
fn verdicts_by_rank_and_the_one_rule() {
    use crate::verdict::{Standing, Verdict};
    let pack = Pack::from_vec(with_verdicts(), "v").unwrap();
    pack.verify().unwrap();
    assert!(pack.has_verdicts());
    let verdicts: Vec<Option<Verdict>> = (0..5).map(|r| pack.verdict(r)).collect();
    use Verdict::*;
    assert_eq!(
        verdicts,
        [
            Some(Everyday),
            Some(Abbreviation),
            Some(Name),
            Some(NotEveryday),
            None
        ]
    );
    let counts = pack
        .meta()
        .frequency
        .as_ref()
        .unwrap()
        .verdicts
        .clone()
        .unwrap();
    assert_eq!(counts["everyday"], 1);
    assert_eq!(counts["not_everyday"], 1);
    // cat is common; dog has no frequency; queen is too rare at 2.5 but a
    // name at 1.0; zebra (3.04, stored 3.0) is not an everyday word.
    let line = Zipf::COMMON;
    assert_eq!(pack.standing(0, line), Standing::Common);
    assert_eq!(pack.standing(1, line), Standing::TooRare);
    assert_eq!(pack.standing(2, line), Standing::TooRare);
    assert_eq!(pack.standing(2, Zipf::from_value(1.0)), Standing::Not(Name));
    assert_eq!(pack.standing(3, line), Standing::Not(NotEveryday));
    assert!(pack.is_common(0, line) && !pack.is_common(3, line));
    // The compact form carries them.
    let again = Pack::from_compact(&pack.to_compact().unwrap(), "c").unwrap();
    assert_eq!(
        again.verdict_bytes().unwrap().as_ref(),
        pack.verdict_bytes().unwrap().as_ref()
    );
    // Resealing a sound pack with verdicts changes nothing.
    let mut same = with_verdicts();
    reseal(&mut same);
    assert_eq!(same, with_verdicts());
}

#[test]
fn a_version_2_pack_opens_without_verdicts() {
    // Version 2 is version 3 without the verdict flag.
    let mut v2 = with_frequencies();
    v2[8..12].copy_from_slice(&2u32.to_le_bytes());
    let crc = crc32fast::hash(&v2[..40]);
    v2[40..44].copy_from_slice(&crc.to_le_bytes());
    let pack = Pack::from_vec(v2.clone(), "v2").unwrap();
    pack.verify().unwrap();
    assert!(pack.has_frequencies() && !pack.has_verdicts());
    assert_eq!(pack.verdict(0), None);
    // Frequency alone decides: cat (4.5) is common, queen (1.0) is not.
    assert!(pack.is_common(0, Zipf::COMMON) && !pack.is_common(2, Zipf::COMMON));
    // Version 2 does not define the verdict flag.
    v2[12] = 3;
    let crc = crc32fast::hash(&v2[..40]);
    v2[40..44].copy_from_slice(&crc.to_le_bytes());
    assert!(matches!(
        Pack::from_vec(v2, "v2").unwrap_err(),
        PackError::UnsupportedFlags { flags: 3, .. }
    ));
}

#[test]
fn a_damaged_verdict_section_is_refused() {
    let good = with_verdicts();
    let open = |b: Vec<u8>| Pack::from_vec(b, "v.pack").unwrap_err();
    // A verdict no build writes, its checksums made right again.
    let mut unknown = good.clone();
    let last = unknown.len() - 1;
    unknown[last] = 9;
    reseal(&mut unknown);
    let e = open(unknown);
    assert!(matches!(e, PackError::Frequencies { .. }), "{e}");
    assert!(e.to_string().contains("word 3 has verdict 9"), "{e}");
    // A flipped bit: the checksum catches it.
    let mut flipped = good.clone();
    flipped[last] ^= 0x01;
    assert!(open(flipped).to_string().contains("checksum"));
    // Cut short: one byte missing.
    let mut short = good.clone();
    short.pop();
    reseal(&mut short);
    let e = open(short);
    assert!(
        e.to_string()
            .contains("7 bytes of values and verdicts for 4 words"),
        "{e}"
    );
    // The verdict flag without the frequency flag.
    let mut lone = good.clone();
    lone[12] = 2;
    let crc = crc32fast::hash(&lone[..40]);
    lone[40..44].copy_from_slice(&crc.to_le_bytes());
    assert!(matches!(
        open(lone),
        PackError::UnsupportedFlags { flags: 2, .. }
    ));
}

#[test]
fn a_subset_keeps_its_words_standing() {
    let pack = Pack::from_vec(with_frequencies(), "f").unwrap();
    let small = pack.subset(|w| w != b"dog" && w != b"queen").unwrap();
    small.verify().unwrap();
    assert_eq!(small.words().unwrap(), ["cat", "zebra"]);
    assert_eq!(small.meta().word_count, 2);
    assert_eq!(small.meta().recipe, pack.meta().recipe);
    for word in ["cat", "zebra"] {
        assert_eq!(
            small.zipf_of(word).unwrap(),
            pack.zipf_of(word).unwrap(),
            "{word}"
        );
    }
    // It travels as any pack does.
    let back = Pack::from_compact(&small.to_compact().unwrap(), "back").unwrap();
    assert_eq!(back.as_bytes(), small.as_bytes());
    // Keeping nothing is a pack of no words, not an error.
    assert!(pack.subset(|_| false).unwrap().is_empty());
}
