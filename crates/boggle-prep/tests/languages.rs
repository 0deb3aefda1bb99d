//! The language packs built from Debian's word lists and
//! hunspell dictionaries with `boggle-prep build --recipe X` and no input,
//! so each recipe reads its own source.
//!
//! For each language:
//! - the kept, read and dropped-by-reason counts are pinned to the numbers
//!   measured on the Debian version named;
//! - the kept words are compared, word for word, with a reference filter
//!   written here with its own letter tables (the alphabet, and every
//!   accented letter the list holds with what it folds to; nothing from
//!   `prep`). For a word list, the reference reads the list itself and must
//!   also give the same count for every drop reason. For Russian (a
//!   hunspell dictionary with affix rules), the reference reads the word
//!   forms Debian's `unmunch` (hunspell-tools) makes of a KOI8-R copy of
//!   the dictionary (unmunch works on bytes, so it needs a one-byte
//!   encoding to read Cyrillic conditions right); for Greek (a hunspell
//!   dictionary of whole words, no affixes) it reads the stems; for Czech
//!   (whose stems `iconv` cannot put in a one-byte encoding for `unmunch`)
//!   it reads the forms of `affixes`, a small expander written here;
//! - a 5x5 board rolled from the pack's frequency dice is solved and
//!   compared with the brute force in `common::brute`.
//!
//! ```text
//! .ci/run installs the packages (DICT_FILES there)
//! cargo test -p boggle-prep --release --test languages -- --ignored
//! ```

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use grid::Shape;
use prep::Pack;
use serde_json::Value;
use solve::random::DiceSet;
use solve::random::{Rng, Roller};
use solve::{FaceRules, Rules, Solver};

/// Where the reference filter reads its words.
enum Ref {
    /// The word list itself, one word a line.
    List,
    /// The forms `unmunch` makes of the dictionary transcoded into this
    /// one-byte encoding (with `iconv`).
    Unmunch(&'static str),
    /// The `.dic` stems, in this encoding (a dictionary without affixes).
    Stems(&'static str),
    /// The forms `affixes::expand` (written here) makes of a UTF-8
    /// dictionary that uses only prefixes, suffixes, two-fold suffixes,
    /// cross products and `FORBIDDENWORD`.
    Expand,
}

/// One language: its recipe and source, the reference rules, and the counts
/// measured on the Debian version named.
struct Lang {
    recipe: &'static str,
    path: &'static str,
    package: &'static str,
    measured_on: &'static str,
    encoding: &'static str,
    reference: Ref,
    alphabet: &'static str,
    /// Each letter that folds, and what it becomes.
    fold: &'static [(char, &'static str)],
    /// Strings read as one letter, replaced before folding.
    replace: &'static [(&'static str, &'static str)],
    q_needs_u: bool,
    lines: u64,
    kept: u64,
    dropped: &'static [(&'static str, u64)],
}

const LANGS: &[Lang] = &[
    Lang {
        recipe: "italian",
        path: "/usr/share/dict/italian",
        package: "witalian",
        measured_on: "1.10",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "abcdefghilmnopqrstuvz",
        fold: &[
            ('à', "a"),
            ('è', "e"),
            ('é', "e"),
            ('ì', "i"),
            ('ò', "o"),
            ('ù', "u"),
        ],
        replace: &[],
        q_needs_u: false,
        lines: 116_758,
        kept: 106_312,
        dropped: &[
            ("apostrophe", 8_109),
            ("uppercase", 447),
            ("foreign_letter", 19),
            ("too_short", 50),
            ("duplicate", 1_821),
        ],
    },
    Lang {
        recipe: "catalan",
        path: "/usr/share/dict/catalan",
        package: "wcatalan",
        measured_on: "0.20111230b-14",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "abcçdefghijlŀmnopqrstuvxyz",
        fold: &[
            ('à', "a"),
            ('è', "e"),
            ('é', "e"),
            ('í', "i"),
            ('ï', "i"),
            ('ò', "o"),
            ('ó', "o"),
            ('ú', "u"),
            ('ü', "u"),
            ('ö', "o"),
        ],
        replace: &[("l·l", "ŀ")],
        q_needs_u: true,
        lines: 612_509,
        kept: 550_896,
        dropped: &[
            ("apostrophe", 39),
            ("hyphen", 686),
            ("uppercase", 10_488),
            ("foreign_letter", 338),
            ("too_short", 127),
            ("q_without_u", 4),
            ("duplicate", 49_931),
        ],
    },
    Lang {
        recipe: "portuguese",
        path: "/usr/share/dict/portuguese",
        package: "wportuguese",
        measured_on: "20220621-1",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "abcçdefghijlmnopqrstuvxz",
        fold: &[
            ('à', "a"),
            ('á', "a"),
            ('â', "a"),
            ('ã', "a"),
            ('è', "e"),
            ('é', "e"),
            ('ê', "e"),
            ('í', "i"),
            ('î', "i"),
            ('ó', "o"),
            ('ô', "o"),
            ('õ', "o"),
            ('ú', "u"),
            ('ü', "u"),
        ],
        replace: &[],
        q_needs_u: false,
        lines: 431_384,
        kept: 384_220,
        dropped: &[
            ("hyphen", 20),
            ("uppercase", 2_988),
            ("foreign_letter", 123),
            ("too_short", 109),
            ("duplicate", 43_924),
        ],
    },
    Lang {
        recipe: "brazilian",
        path: "/usr/share/dict/brazilian",
        package: "wbrazilian",
        measured_on: "3.0~beta4-24",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "abcçdefghijlmnopqrstuvxz",
        fold: &[
            ('à', "a"),
            ('á', "a"),
            ('â', "a"),
            ('ã', "a"),
            ('é', "e"),
            ('ê', "e"),
            ('í', "i"),
            ('ó', "o"),
            ('ô', "o"),
            ('õ', "o"),
            ('ú', "u"),
            ('ü', "u"),
        ],
        replace: &[],
        q_needs_u: false,
        lines: 275_502,
        kept: 254_460,
        dropped: &[
            ("uppercase", 4_891),
            ("foreign_letter", 43),
            ("too_short", 81),
            ("duplicate", 16_027),
        ],
    },
    Lang {
        recipe: "swedish",
        path: "/usr/share/dict/swedish",
        package: "wswedish",
        measured_on: "1.4.5-3",
        encoding: "ISO-8859-1",
        reference: Ref::List,
        alphabet: "abcdefghijklmnoprstuvxyzåäö",
        fold: &[('ç', "c"), ('é', "e")],
        replace: &[],
        q_needs_u: false,
        lines: 121_426,
        kept: 116_608,
        dropped: &[
            ("uppercase", 4_613),
            ("foreign_letter", 88),
            ("too_short", 101),
            ("duplicate", 16),
        ],
    },
    Lang {
        recipe: "danish",
        path: "/usr/share/dict/danish",
        package: "wdanish",
        measured_on: "1.6.36-14",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "abcdefghijklmnoprstuvxyzæøå",
        fold: &[
            ('á', "a"),
            ('ä', "a"),
            ('è', "e"),
            ('é', "e"),
            ('ë', "e"),
            ('ì', "i"),
            ('í', "i"),
            ('ó', "o"),
            ('ô', "o"),
            ('ö', "o"),
            ('ü', "u"),
        ],
        replace: &[],
        q_needs_u: false,
        lines: 313_013,
        kept: 293_955,
        dropped: &[
            ("apostrophe", 864),
            ("hyphen", 304),
            ("uppercase", 15_859),
            ("foreign_letter", 1_117),
            ("too_short", 202),
            ("duplicate", 712),
        ],
    },
    Lang {
        recipe: "norwegian",
        path: "/usr/share/dict/bokmaal",
        package: "wnorwegian",
        measured_on: "2.2-4",
        encoding: "ISO-8859-1",
        reference: Ref::List,
        alphabet: "abcdefghijklmnoprstuvwyæøå",
        fold: &[
            ('ä', "a"),
            ('ç', "c"),
            ('è', "e"),
            ('é', "e"),
            ('ê', "e"),
            ('ë', "e"),
            ('ò', "o"),
            ('ô', "o"),
            ('ö', "o"),
            ('ü', "u"),
        ],
        replace: &[],
        q_needs_u: false,
        lines: 935_405,
        kept: 906_006,
        dropped: &[
            ("hyphen", 3_629),
            ("uppercase", 20_663),
            ("foreign_letter", 2_718),
            ("too_short", 149),
            ("duplicate", 2_240),
        ],
    },
    Lang {
        recipe: "polish",
        path: "/usr/share/dict/polish",
        package: "wpolish",
        measured_on: "20220301-1",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "aąbcćdeęfghijklłmnńoóprsśtuwyzźż",
        fold: &[],
        replace: &[],
        q_needs_u: false,
        lines: 4_327_699,
        kept: 4_008_074,
        dropped: &[
            ("hyphen", 1),
            ("uppercase", 310_153),
            ("foreign_letter", 9_160),
            ("too_short", 311),
        ],
    },
    Lang {
        recipe: "esperanto",
        path: "/usr/share/dict/esperanto",
        package: "wesperanto",
        measured_on: "2.1.2000.02.25-61",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "abcĉdefgĝhĥijĵklmnoprsŝtuŭvz",
        fold: &[],
        replace: &[],
        q_needs_u: false,
        lines: 1_057_057,
        kept: 962_545,
        dropped: &[
            ("apostrophe", 41_088),
            ("hyphen", 1_095),
            ("uppercase", 11_013),
            ("too_short", 67),
            ("duplicate", 41_249),
        ],
    },
    Lang {
        recipe: "galician",
        path: "/usr/share/dict/galician-minimos",
        package: "wgalician-minimos",
        measured_on: "0.5-48",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "abcdefghilmnñopqrstuvxz",
        fold: &[
            ('á', "a"),
            ('é', "e"),
            ('í', "i"),
            ('ó', "o"),
            ('ú', "u"),
            ('ü', "u"),
        ],
        replace: &[],
        q_needs_u: false,
        lines: 515_385,
        kept: 472_304,
        dropped: &[
            ("uppercase", 261),
            ("foreign_letter", 108),
            ("too_short", 71),
            ("duplicate", 42_641),
        ],
    },
    Lang {
        recipe: "irish",
        path: "/usr/share/dict/irish",
        package: "wirish",
        measured_on: "2.0-27.1",
        encoding: "UTF-8",
        reference: Ref::List,
        // The fada vowels are letters of their own (Irish Scrabble has
        // tiles for them), so `cead` and `céad` are two words.
        alphabet: "aábcdeéfghiílmnoóprstuú",
        fold: &[],
        replace: &[],
        q_needs_u: false,
        lines: 16_370,
        kept: 9_314,
        dropped: &[
            ("apostrophe", 2_107),
            ("hyphen", 100),
            ("symbol", 489),
            ("uppercase", 4_106),
            ("foreign_letter", 212),
            ("too_short", 42),
        ],
    },
    Lang {
        recipe: "ukrainian",
        path: "/usr/share/dict/ukrainian",
        package: "wukrainian",
        measured_on: "1.8.0+dfsg-1",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
        fold: &[('\'', ""), ('’', ""), ('ʼ', "")],
        replace: &[],
        q_needs_u: false,
        lines: 1_556_100,
        kept: 1_487_094,
        dropped: &[
            ("hyphen", 21_665),
            ("uppercase", 47_168),
            ("too_short", 107),
            ("duplicate", 66),
        ],
    },
    Lang {
        recipe: "bulgarian",
        path: "/usr/share/dict/bulgarian",
        package: "wbulgarian",
        measured_on: "4.1-7",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "абвгдежзийклмнопрстуфхцчшщъьюя",
        fold: &[],
        replace: &[],
        q_needs_u: false,
        lines: 867_136,
        kept: 861_048,
        dropped: &[("uppercase", 5_998), ("too_short", 90)],
    },
    Lang {
        recipe: "british",
        path: "/usr/share/dict/british-english",
        package: "wbritish",
        measured_on: "2020.12.07-2",
        encoding: "UTF-8",
        reference: Ref::List,
        alphabet: "abcdefghijklmnopqrstuvwxyz",
        fold: &[
            ('á', "a"),
            ('â', "a"),
            ('ä', "a"),
            ('å', "a"),
            ('ç', "c"),
            ('è', "e"),
            ('é', "e"),
            ('ê', "e"),
            ('í', "i"),
            ('ñ', "n"),
            ('ó', "o"),
            ('ô', "o"),
            ('ö', "o"),
            ('û', "u"),
            ('ü', "u"),
        ],
        replace: &[],
        q_needs_u: true,
        lines: 103_494,
        kept: 63_477,
        dropped: &[
            ("apostrophe", 19_736),
            ("uppercase", 20_142),
            ("too_short", 137),
            ("q_without_u", 2),
        ],
    },
    Lang {
        recipe: "russian",
        path: "/usr/share/hunspell/ru_RU.dic",
        package: "hunspell-ru",
        measured_on: "1:7.5.0-1",
        encoding: "UTF-8",
        reference: Ref::Unmunch("KOI8-R"),
        alphabet: "абвгдежзийклмнопрстуфхцчшщъыьэюя",
        fold: &[('ё', "е")],
        replace: &[],
        q_needs_u: false,
        lines: 1_491_586,
        kept: 1_350_139,
        dropped: &[
            ("uppercase", 21_104),
            ("too_short", 156),
            ("duplicate", 120_187),
        ],
    },
    Lang {
        recipe: "greek",
        path: "/usr/share/hunspell/el_GR.dic",
        package: "hunspell-el",
        measured_on: "1:7.5.0-1",
        encoding: "UTF-8",
        reference: Ref::Stems("ISO-8859-7"),
        alphabet: "αβγδεζηθικλμνξοπρστυφχψω",
        fold: &[
            ('ς', "σ"),
            ('ά', "α"),
            ('έ', "ε"),
            ('ή', "η"),
            ('ί', "ι"),
            ('ό', "ο"),
            ('ύ', "υ"),
            ('ώ', "ω"),
            ('ϊ', "ι"),
            ('ϋ', "υ"),
            ('ΐ', "ι"),
            ('ΰ', "υ"),
        ],
        replace: &[],
        q_needs_u: false,
        lines: 828_806,
        kept: 794_617,
        dropped: &[
            ("uppercase", 20_138),
            ("too_short", 94),
            ("duplicate", 13_957),
        ],
    },
    Lang {
        recipe: "czech",
        path: "/usr/share/hunspell/cs_CZ.dic",
        package: "hunspell-cs",
        measured_on: "1:7.5.0-1",
        encoding: "UTF-8",
        reference: Ref::Expand,
        alphabet: "aábcčdďeéěfghiíjklmnňoóprřsštťuúůvxyýzž",
        fold: &[],
        replace: &[],
        q_needs_u: false,
        lines: 4_828_960,
        kept: 3_263_978,
        dropped: &[
            ("hyphen", 627),
            ("symbol", 130),
            ("uppercase", 1_386_592),
            ("foreign_letter", 4_327),
            ("too_short", 173),
            ("duplicate", 173_133),
        ],
    },
];

fn lang(recipe: &str) -> &'static Lang {
    LANGS
        .iter()
        .find(|l| l.recipe == recipe)
        .expect("a language of the table")
}

/// Runs a shell pipeline; its standard output.
fn sh(script: &str) -> Vec<u8> {
    let out = Command::new("sh")
        .args(["-c", script])
        .output()
        .expect("sh runs");
    assert!(
        out.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The source's lines for the reference filter, as UTF-8 text.
fn reference_lines(lang: &Lang) -> Option<String> {
    require(lang);
    let bytes = match lang.reference {
        Ref::Expand => {
            let aff = Path::new(lang.path).with_extension("aff");
            let aff = std::fs::read_to_string(&aff).expect("the .aff is UTF-8");
            let dic = std::fs::read_to_string(lang.path).expect("the .dic is UTF-8");
            return Some(affixes::expand(&aff, &dic));
        }
        Ref::List => sh(&format!(
            "iconv -f {} -t UTF-8 < {}",
            lang.encoding, lang.path
        )),
        Ref::Stems(encoding) => sh(&format!(
            "tail -n +2 {} | iconv -f {encoding} -t UTF-8",
            lang.path
        )),
        Ref::Unmunch(encoding) => {
            let dir = scratch();
            let aff = Path::new(lang.path).with_extension("aff");
            let (aff8, dic8) = (
                dir.join(format!("{}.aff", lang.recipe)),
                dir.join(format!("{}.dic", lang.recipe)),
            );
            sh(&format!(
                "sed 's/^SET UTF-8/SET {encoding}/' {aff} | iconv -f UTF-8 -t {encoding} > {aff8} && \
                 iconv -f UTF-8 -t {encoding} < {dic} > {dic8} && \
                 unmunch {dic8} {aff8} 2>/dev/null | iconv -f {encoding} -t UTF-8",
                aff = aff.display(),
                aff8 = aff8.display(),
                dic = lang.path,
                dic8 = dic8.display(),
            ))
        }
    };
    Some(String::from_utf8(bytes).expect("iconv writes UTF-8"))
}

/// The reference filter (`common::reference_filter`) with this language's
/// letter tables.
fn reference(lang: &Lang, raw: &str) -> common::Filtered {
    let spell = |line: &str| {
        let line = lang
            .replace
            .iter()
            .fold(line.to_string(), |line, (from, to)| line.replace(from, to));
        let mut word = String::new();
        for c in line.chars() {
            match lang.fold.iter().find(|(from, _)| *from == c) {
                Some((_, to)) => word.push_str(to),
                None => word.push(c),
            }
        }
        word
    };
    common::reference_filter(raw, spell, |c| lang.alphabet.contains(c), lang.q_needs_u)
}

/// Fails, naming the package to install, when the language's source is
/// missing.
fn require(lang: &Lang) {
    assert!(
        Path::new(lang.path).is_file(),
        "{} is missing: apt-get install {} (.ci/run does)",
        lang.path,
        lang.package
    );
}

fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("languages");
    std::fs::create_dir_all(&dir).expect("the scratch directory");
    dir
}

/// The pack built by `boggle-prep build --recipe X` with no input, and its
/// `--json` report.
fn build(lang: &Lang) -> (Pack, Value) {
    require(lang);
    common::build_recipe(
        lang.recipe,
        &scratch().join(format!("{}.pack", lang.recipe)),
    )
}

fn check(recipe: &str) {
    let lang = lang(recipe);
    let (pack, report) = build(lang);
    let stats = &report["stats"];
    let dropped = common::dropped(&report);
    let version = report["source"]["version"].as_str().unwrap_or("");
    let words = pack.words().unwrap();

    // 1. The reference filter: the same words (and, for a word list, the
    //    same reasons), on whatever version is installed.
    if let Some(raw) = reference_lines(lang) {
        let (expected, ref_dropped, ref_lines) = reference(lang, &raw);
        let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
        common::assert_same_words(
            &words.iter().map(String::as_str).collect::<Vec<_>>(),
            &expected,
            &format!("{recipe} pack against the reference filter"),
        );
        if matches!(lang.reference, Ref::List) {
            assert_eq!(dropped, ref_dropped, "{recipe}: dropped by reason");
            assert_eq!(stats["lines"], ref_lines, "{recipe}: lines");
        }
    }

    // 2. The numbers measured on the Debian version named.
    let measured: BTreeMap<String, u64> = lang
        .dropped
        .iter()
        .map(|(k, v)| (k.to_string(), *v))
        .collect();
    let context = format!(
        "{recipe} from {} {version} (counts measured on {} {})",
        lang.package, lang.package, lang.measured_on
    );
    assert_eq!(report["word_count"], lang.kept, "kept: {context}");
    assert_eq!(stats["lines"], lang.lines, "lines: {context}");
    assert_eq!(dropped, measured, "dropped: {context}");
    assert_eq!(
        lang.lines,
        lang.kept + measured.values().sum::<u64>(),
        "every line is kept or dropped once"
    );
    assert_eq!(report["source"]["name"], lang.package);
    pack.verify().expect("the pack verifies");
    // Every letter of the alphabet occurs in some word.
    let letters: BTreeSet<char> = words.iter().flat_map(|w| w.chars()).collect();
    let alphabet: BTreeSet<char> = lang.alphabet.chars().collect();
    assert_eq!(letters, alphabet, "{recipe}: the letters the words use");

    // 3. Rolled 5x5 boards against the brute force.
    let dict = common::Dictionary::pruned(words);
    let faces = FaceRules::from_pack(&pack).expect("face rules");
    let set = DiceSet::frequency_for_board(&pack, 25).expect("frequency dice");
    let roller = Roller::dice(&set, &faces, Shape::rect(5, 5).unwrap()).expect("a roller");
    let rules = Rules::for_pack(&pack);
    let mut solver = Solver::with_rules(&pack, rules.clone()).expect("a solver");
    let mut rng = Rng::new(0x17_17_17);
    let mut found = 0;
    for i in 0..3 {
        let board = roller.roll(&mut rng);
        let cells = common::cells_of(&board);
        let solution = solver.solve(&board).unwrap();
        let tally = solver.tally(&board).unwrap();
        if let Err(e) = common::compare(5, 5, &cells, &dict, &rules, &solution, tally) {
            panic!("{recipe}, roll {i}: {e}");
        }
        found += solution.word_count;
    }
    assert!(found > 0, "{recipe}: no word on three rolled 5x5 boards");
    eprintln!(
        "{recipe}: {} words kept, {found} on three 5x5 boards",
        lang.kept
    );
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn italian() {
    check("italian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn catalan() {
    check("catalan");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn portuguese() {
    check("portuguese");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn brazilian() {
    check("brazilian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn swedish() {
    check("swedish");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn danish() {
    check("danish");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn norwegian() {
    check("norwegian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn polish() {
    check("polish");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn esperanto() {
    check("esperanto");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn galician() {
    check("galician");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn irish() {
    check("irish");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn ukrainian() {
    check("ukrainian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn bulgarian() {
    check("bulgarian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn british() {
    check("british");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn russian() {
    check("russian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn greek() {
    check("greek");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn czech() {
    check("czech");
}

/// A small hunspell affix expander, written for this test and sharing
/// nothing with `prep::hunspell::Hunspell`: enough for a UTF-8 dictionary with
/// one-character flags, prefixes and suffixes with conditions, two-fold
/// suffixes (a suffix's own flags name a second suffix), cross products (a
/// prefix on a suffixed form, both marked `Y`) and `FORBIDDENWORD`. A flag is
/// one character, as the dictionary's author wrote it (`í` is one flag).
mod affixes {
    use std::collections::HashMap;

    use regex::Regex;

    struct Rule {
        strip: String,
        add: String,
        flags: Vec<char>,
        condition: Regex,
    }

    struct Group {
        cross: bool,
        rules: Vec<Rule>,
    }

    /// Every word form of the dictionary, one a line.
    pub fn expand(aff: &str, dic: &str) -> String {
        let mut prefixes: HashMap<char, Group> = HashMap::new();
        let mut suffixes: HashMap<char, Group> = HashMap::new();
        let mut forbidden = None;
        for line in aff.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.as_slice() {
                ["FORBIDDENWORD", flag, ..] => forbidden = flag.chars().next(),
                // A group's header: flag, cross product, rule count (and
                // perhaps a comment).
                [kind @ ("PFX" | "SFX"), flag, cross @ ("Y" | "N"), count, ..]
                    if count.parse::<usize>().is_ok()
                        && !prefixes.contains_key(&flag.chars().next().unwrap())
                        && !suffixes.contains_key(&flag.chars().next().unwrap()) =>
                {
                    let groups = if *kind == "PFX" {
                        &mut prefixes
                    } else {
                        &mut suffixes
                    };
                    let flag = flag.chars().next().unwrap();
                    groups.insert(
                        flag,
                        Group {
                            cross: *cross == "Y",
                            rules: Vec::new(),
                        },
                    );
                }
                [kind @ ("PFX" | "SFX"), flag, strip, add, condition, ..] => {
                    let prefix = *kind == "PFX";
                    let (add, flags) = add.split_once('/').unwrap_or((add, ""));
                    let zero = |s: &str| {
                        if s == "0" {
                            String::new()
                        } else {
                            s.to_string()
                        }
                    };
                    let pattern = if prefix {
                        format!("^(?:{condition})")
                    } else {
                        format!("(?:{condition})$")
                    };
                    let groups = if prefix { &mut prefixes } else { &mut suffixes };
                    let group = groups.get_mut(&flag.chars().next().unwrap()).unwrap();
                    group.rules.push(Rule {
                        strip: zero(strip),
                        add: zero(add),
                        flags: flags.chars().collect(),
                        condition: Regex::new(&pattern).unwrap(),
                    });
                }
                _ => {}
            }
        }
        let apply = |word: &str, rule: &Rule, prefix: bool| -> Option<String> {
            if !rule.condition.is_match(word) {
                return None;
            }
            if prefix {
                let rest = word.strip_prefix(rule.strip.as_str())?;
                (!rest.is_empty()).then(|| format!("{}{rest}", rule.add))
            } else {
                let rest = word.strip_suffix(rule.strip.as_str())?;
                (!rest.is_empty()).then(|| format!("{rest}{}", rule.add))
            }
        };
        let mut out = String::new();
        let mut emit = |w: &str| {
            out.push_str(w);
            out.push('\n');
        };
        for line in dic.lines().skip(1) {
            let entry = line.split('\t').next().unwrap_or("");
            let (stem, flags) = entry.split_once('/').unwrap_or((entry, ""));
            let flags: Vec<char> = flags.chars().collect();
            if stem.is_empty() || forbidden.is_some_and(|f| flags.contains(&f)) {
                continue;
            }
            emit(stem);
            for flag in &flags {
                if let Some(group) = suffixes.get(flag) {
                    for rule in &group.rules {
                        let Some(word) = apply(stem, rule, false) else {
                            continue;
                        };
                        emit(&word);
                        for second in rule.flags.iter().filter_map(|f| suffixes.get(f)) {
                            for r2 in &second.rules {
                                if let Some(w2) = apply(&word, r2, false) {
                                    emit(&w2);
                                }
                            }
                        }
                        if !group.cross {
                            continue;
                        }
                        for pflag in flags.iter().chain(&rule.flags) {
                            let Some(pgroup) = prefixes.get(pflag).filter(|g| g.cross) else {
                                continue;
                            };
                            for p in &pgroup.rules {
                                if let Some(w2) = apply(&word, p, true) {
                                    emit(&w2);
                                }
                            }
                        }
                    }
                }
                if let Some(group) = prefixes.get(flag) {
                    for rule in &group.rules {
                        if let Some(word) = apply(stem, rule, true) {
                            emit(&word);
                        }
                    }
                }
            }
        }
        out
    }
}
