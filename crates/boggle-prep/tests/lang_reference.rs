//! The German, French and Spanish packs built from Debian's word lists
//! (`wngerman`, `wfrench`, `wspanish`) with `boggle-prep build --recipe X`
//! and no input, so each recipe reads its own list from /usr/share/dict.
//!
//! The kept and dropped counts are checked twice: against the numbers
//! measured on the Debian versions named below, and against a reference
//! filter written here from the recipes' documented rules, with its own
//! letter tables (no Unicode decomposition, nothing from `prep`). The
//! reference must give the same words, word for word, and the same count for
//! every drop reason; a letter in a list that the tables do not cover shows
//! up as a difference, not as a silent pass.
//!
//! Then hand-picked words, a Spanish board with `ñ` faces and a German board
//! typed with umlauts, each against the brute force in `crate::common::brute`, and
//! the packs' frequency dice.
//!
//! ```text
//! apt-get install wngerman wfrench wspanish      # .ci/run does this
//! cargo test -p boggle-prep --release --test lang_reference -- --ignored
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use grid::Shape;
use prep::Pack;
use serde_json::Value;
use solve::random::DiceSet;
use solve::random::{Rng, Roller};
use solve::{FaceRules, Rules, Solver};

/// One language: its recipe, its list, the reference rules and the counts
/// measured on the Debian version named.
struct Lang {
    recipe: &'static str,
    list: &'static str,
    package: &'static str,
    measured_on: &'static str,
    /// Lowercase the first letter (German nouns).
    lower_first: bool,
    /// Words with a q not followed by u are dropped (a q cell reads qu).
    q_needs_u: bool,
    /// Letters beyond a-z.
    extra_letters: &'static str,
    /// Each accented letter and what it becomes.
    fold: &'static [(char, &'static str)],
    lines: u64,
    kept: u64,
    dropped: &'static [(&'static str, u64)],
}

const GERMAN: Lang = Lang {
    recipe: "german",
    list: "/usr/share/dict/ngerman",
    package: "wngerman",
    measured_on: "20161207-11",
    lower_first: true,
    q_needs_u: true,
    extra_letters: "",
    fold: &[
        ('ä', "ae"),
        ('ö', "oe"),
        ('ü', "ue"),
        ('ß', "ss"),
        // Accents on loanwords are stripped.
        ('à', "a"),
        ('á', "a"),
        ('â', "a"),
        ('ç', "c"),
        ('è', "e"),
        ('é', "e"),
        ('ê', "e"),
        ('ë', "e"),
        ('í', "i"),
        ('î', "i"),
        ('ï', "i"),
        ('ñ', "n"),
        ('ó', "o"),
        ('ô', "o"),
        ('ú', "u"),
        ('û', "u"),
    ],
    lines: 356_010,
    kept: 355_538,
    dropped: &[
        ("uppercase", 363),
        ("too_short", 78),
        ("q_without_u", 3),
        ("duplicate", 28),
    ],
};

const FRENCH: Lang = Lang {
    recipe: "french",
    list: "/usr/share/dict/french",
    package: "wfrench",
    measured_on: "1.2.7-2",
    lower_first: false,
    q_needs_u: false,
    extra_letters: "",
    fold: &[
        ('à', "a"),
        ('â', "a"),
        ('ä', "a"),
        ('ç', "c"),
        ('é', "e"),
        ('è', "e"),
        ('ê', "e"),
        ('ë', "e"),
        ('î', "i"),
        ('ï', "i"),
        ('ô', "o"),
        ('ö', "o"),
        ('ù', "u"),
        ('û', "u"),
        ('ü', "u"),
        ('ÿ', "y"),
        ('œ', "oe"),
        ('æ', "ae"),
        // The Debian list's elided apostrophe (`jusqú`, `quelqúun`).
        ('ú', "'"),
    ],
    lines: 346_205,
    // The 9 words with a bare q (cinq, coq, coqs, iraqien…) are kept: a q
    // cell is a plain q, as on the French dice.
    kept: 325_177,
    dropped: &[
        ("apostrophe", 159),
        ("hyphen", 4_282),
        ("symbol", 47),
        ("too_short", 144),
        ("duplicate", 16_396),
    ],
};

const SPANISH: Lang = Lang {
    recipe: "spanish",
    list: "/usr/share/dict/spanish",
    package: "wspanish",
    measured_on: "1.0.30",
    lower_first: false,
    q_needs_u: true,
    extra_letters: "ñ",
    fold: &[
        ('á', "a"),
        ('é', "e"),
        ('í', "i"),
        ('ó', "o"),
        ('ú', "u"),
        ('ü', "u"),
    ],
    lines: 86_016,
    kept: 85_751,
    dropped: &[("too_short", 95), ("duplicate", 170)],
};

/// The raw list, or a panic that says how to install it.
fn raw_list(lang: &Lang) -> String {
    std::fs::read_to_string(lang.list).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; install it with `apt-get install {}` (.ci/run does)",
            lang.list, lang.package
        )
    })
}

/// The reference filter (`crate::common::reference_filter`) with this language's
/// letter tables.
fn reference(lang: &Lang, raw: &str) -> crate::common::Filtered {
    let spell = |line: &str| {
        let mut word = String::new();
        for (i, c) in line.chars().enumerate() {
            let lowered: String = if lang.lower_first && i == 0 {
                c.to_lowercase().collect()
            } else {
                c.to_string()
            };
            for c in lowered.chars() {
                match lang.fold.iter().find(|(from, _)| *from == c) {
                    Some((_, to)) => word.push_str(to),
                    None => word.push(c),
                }
            }
        }
        word
    };
    let in_alphabet = |c: char| c.is_ascii_lowercase() || lang.extra_letters.contains(c);
    crate::common::reference_filter(raw, spell, in_alphabet, lang.q_needs_u)
}

/// The pack built by `boggle-prep build --recipe X` with no input, and its
/// `--json` report. Built once per language per test process.
fn built(lang: &'static Lang) -> &'static (Pack, Value) {
    static GERMAN_PACK: OnceLock<(Pack, Value)> = OnceLock::new();
    static FRENCH_PACK: OnceLock<(Pack, Value)> = OnceLock::new();
    static SPANISH_PACK: OnceLock<(Pack, Value)> = OnceLock::new();
    let cell = match lang.recipe {
        "german" => &GERMAN_PACK,
        "french" => &FRENCH_PACK,
        _ => &SPANISH_PACK,
    };
    cell.get_or_init(|| {
        // Fail here, naming the package, rather than in boggle-prep.
        raw_list(lang);
        crate::common::build_recipe(lang.recipe, &pack_path(lang))
    })
}

/// Where the pack is written: Cargo's scratch directory for integration
/// tests, inside the target directory.
fn pack_path(lang: &Lang) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lang_reference");
    std::fs::create_dir_all(&dir).expect("the scratch directory");
    dir.join(format!("{}.pack", lang.recipe))
}

fn check_counts(lang: &'static Lang) {
    let (pack, report) = built(lang);
    let stats = &report["stats"];
    let dropped = crate::common::dropped(report);
    let version = report["source"]["version"].as_str().unwrap_or("");

    // 1. The tool against the reference filter: the same words, the same
    //    reasons, on whatever version of the list is installed.
    let raw = raw_list(lang);
    let (words, ref_dropped, ref_lines) = reference(lang, &raw);
    let actual = pack.words().unwrap();
    let expected: Vec<&str> = words.iter().map(String::as_str).collect();
    crate::common::assert_same_words(
        &actual.iter().map(String::as_str).collect::<Vec<_>>(),
        &expected,
        &format!("{} pack against the reference filter", lang.recipe),
    );
    assert_eq!(dropped, ref_dropped, "{}: dropped by reason", lang.recipe);
    assert_eq!(stats["lines"], ref_lines, "{}: lines", lang.recipe);

    // 2. The numbers measured on the Debian version named.
    let measured: BTreeMap<String, u64> = lang
        .dropped
        .iter()
        .map(|(k, v)| (k.to_string(), *v))
        .collect();
    let context = format!(
        "{} from {} {version} (counts measured on {} {})",
        lang.recipe, lang.package, lang.package, lang.measured_on
    );
    assert_eq!(report["word_count"], lang.kept, "kept: {context}");
    assert_eq!(stats["kept"], lang.kept, "kept: {context}");
    assert_eq!(stats["lines"], lang.lines, "lines: {context}");
    assert_eq!(dropped, measured, "dropped: {context}");
    assert_eq!(pack.len() as u64, lang.kept, "{context}");
    assert_eq!(
        lang.lines,
        lang.kept + measured.values().sum::<u64>(),
        "every line is kept or dropped once"
    );
    // The recipe's own list: the pack says where the words came from.
    assert_eq!(report["source"]["name"], lang.package);
    assert_eq!(
        report["source"]["file"],
        Path::new(lang.list).file_name().unwrap().to_str().unwrap()
    );
    pack.verify().expect("the pack verifies");
}

#[test]
#[ignore = "needs /usr/share/dict/{ngerman,french,spanish} (apt-get install wngerman wfrench wspanish; .ci/run installs them)"]
fn german_counts() {
    check_counts(&GERMAN);
}

#[test]
#[ignore = "needs /usr/share/dict/{ngerman,french,spanish} (apt-get install wngerman wfrench wspanish; .ci/run installs them)"]
fn french_counts() {
    check_counts(&FRENCH);
}

#[test]
#[ignore = "needs /usr/share/dict/{ngerman,french,spanish} (apt-get install wngerman wfrench wspanish; .ci/run installs them)"]
fn spanish_counts() {
    check_counts(&SPANISH);
}

/// Whether the raw list has this exact line.
fn listed(lang: &Lang, line: &str) -> bool {
    raw_list(lang).lines().any(|l| l == line)
}

#[test]
#[ignore = "needs /usr/share/dict/{ngerman,french,spanish} (apt-get install wngerman wfrench wspanish; .ci/run installs them)"]
fn hand_picked_words() {
    let de = &built(&GERMAN).0;
    assert!(listed(&GERMAN, "Straße"));
    for w in ["strasse", "aepfel", "fuss", "haende", "cafe", "laufen"] {
        assert!(de.contains(w).unwrap(), "German {w:?} missing");
    }
    for w in ["straße", "Straße", "adac", "aDAC", "nasdaq"] {
        assert!(!de.contains(w).unwrap(), "German {w:?} should not be there");
    }

    let fr = &built(&FRENCH).0;
    assert!(listed(&FRENCH, "élève"));
    for w in [
        "eleve", "garcon", "coeur", "foret", "piqure", "mais", "cinq", "coq",
    ] {
        assert!(fr.contains(w).unwrap(), "French {w:?} missing");
    }
    for w in ["élève", "aujourdhui", "aujourd'hui", "jusqu", "abatjour"] {
        assert!(!fr.contains(w).unwrap(), "French {w:?} should not be there");
    }

    let es = &built(&SPANISH).0;
    assert!(listed(&SPANISH, "año"));
    for w in ["año", "niño", "niña", "mañana", "cancion", "pinguino"] {
        assert!(es.contains(w).unwrap(), "Spanish {w:?} missing");
    }
    // `año` is not `ano`: `ano` is there exactly when the list has it (it
    // does: a word of its own), and `nino` is not (the list has no `nino`).
    assert_eq!(es.contains("ano").unwrap(), listed(&SPANISH, "ano"));
    assert_eq!(es.contains("nino").unwrap(), listed(&SPANISH, "nino"));
    assert!(!es.contains("nino").unwrap());
    for w in ["canción", "ano\u{303}"] {
        assert!(
            !es.contains(w).unwrap(),
            "Spanish {w:?} should not be there"
        );
    }
}

/// Solves a typed board and checks it against the brute force; the words.
fn solve_checked(pack: &Pack, dict: &crate::common::Dictionary, board: &str) -> Vec<String> {
    let faces = FaceRules::from_pack(pack).expect("face rules");
    crate::common::solve_checked(pack, &faces, dict, board)
}

#[test]
#[ignore = "needs /usr/share/dict/{ngerman,french,spanish} (apt-get install wngerman wfrench wspanish; .ci/run installs them)"]
fn spanish_boards_with_enye_against_brute_force() {
    let pack = &built(&SPANISH).0;
    let dict = crate::common::Dictionary::pruned(pack.words().unwrap());
    // A typed board: Ñ is its own face; `ano` is a word but not on it.
    let found = solve_checked(pack, &dict, "AÑOS NIÑA CASE TORE");
    for w in ["año", "niño", "niña"] {
        assert!(found.contains(&w.to_string()), "{w}: {found:?}");
    }
    assert!(pack.contains("ano").unwrap() && !found.contains(&"ano".to_string()));

    // Boards rolled from the pack's frequency dice; those with an ñ are
    // compared with the brute force.
    let faces = FaceRules::from_pack(pack).expect("face rules");
    let set = DiceSet::frequency_for_board(pack, 16).expect("frequency dice");
    let roller = Roller::dice(&set, &faces, Shape::rect(4, 4).unwrap()).expect("a roller");
    let rules = Rules::for_pack(pack);
    let mut solver = Solver::with_rules(pack, rules.clone()).expect("a solver");
    let mut rng = Rng::new(0xe5_e5_e5);
    let (mut boards, mut through_enye) = (0, 0);
    let mut failures = Vec::new();
    for i in 0..2000 {
        let board = roller.roll(&mut rng);
        let cells = crate::common::cells_of(&board);
        if !cells.iter().any(|c| c.as_deref() == Some("ñ")) {
            continue;
        }
        boards += 1;
        let solution = solver.solve(&board).unwrap();
        let tally = solver.tally(&board).unwrap();
        if let Err(e) = crate::common::compare(4, 4, &cells, &dict, &rules, &solution, tally) {
            failures.push(format!("roll {i}: {e}"));
        }
        through_enye += solution
            .words
            .iter()
            .filter(|w| w.word.contains('ñ'))
            .count();
        if boards == 100 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(boards, 100, "fewer than 100 of 2000 rolls had an ñ");
    assert!(
        through_enye >= 20,
        "only {through_enye} words through ñ on {boards} boards"
    );
    eprintln!("100 Spanish boards with ñ: {through_enye} words through the ñ");
}

#[test]
#[ignore = "needs /usr/share/dict/{ngerman,french,spanish} (apt-get install wngerman wfrench wspanish; .ci/run installs them)"]
fn german_board_typed_with_umlauts_solves_as_written_out() {
    let pack = &built(&GERMAN).0;
    let dict = crate::common::Dictionary::pruned(pack.words().unwrap());
    let typed = "ÄPFE STRL NßAÖ UEBL";
    let found = solve_checked(pack, &dict, typed);
    for w in ["aepfel", "strasse", "oel"] {
        assert!(found.contains(&w.to_string()), "{w}: {found:?}");
    }
    let written_out = solve_checked(pack, &dict, "[ae]pfe strl n[ss]a[oe] uebl");
    assert_eq!(found, written_out);
    // French: É is e.
    let fr = &built(&FRENCH).0;
    let fr_dict = crate::common::Dictionary::pruned(fr.words().unwrap());
    let found = solve_checked(fr, &fr_dict, "ÉLÈV ZSTE ÇAUX ŒRNT");
    assert!(found.contains(&"eleve".to_string()), "{found:?}");
}

#[test]
#[ignore = "needs /usr/share/dict/{ngerman,french,spanish} (apt-get install wngerman wfrench wspanish; .ci/run installs them)"]
fn frequency_dice_of_the_real_packs() {
    for lang in [&GERMAN, &FRENCH, &SPANISH] {
        let (pack, _) = built(lang);
        let counts = solve::random::face_counts(pack, solve::random::Spelling::Faces).unwrap();
        let total: u64 = counts.iter().map(|(_, n)| n).sum();
        for dice in [16, 25] {
            let set = DiceSet::frequency_for_board(pack, dice).expect("frequency dice");
            assert_eq!(set.len(), dice);
            assert_eq!(set, DiceSet::frequency_for_board(pack, dice).unwrap());
            let faces = FaceRules::from_pack(pack).unwrap();
            let dice_faces = set.board_faces(&faces).expect("faces in the alphabet");
            let slots = (dice * 6) as f64;
            // Every face that occurs has a slot, and none is more than one
            // slot (plus the floor of one) away from its share.
            for (face, n) in &counts {
                let on_dice = dice_faces
                    .iter()
                    .flatten()
                    .filter(|f| f.as_deref() == Some(face.as_str()))
                    .count();
                let share = slots * *n as f64 / total as f64;
                assert!(
                    (*n == 0 && on_dice == 0)
                        || (*n > 0
                            && on_dice >= 1
                            && (on_dice as f64 - share.max(1.0)).abs() < 2.0),
                    "{} {dice} dice: {face} on {on_dice} faces, share {share:.2}",
                    lang.recipe
                );
            }
            eprintln!(
                "{} frequency dice ({dice}):\n{}",
                lang.recipe,
                set.to_text()
            );
        }
    }
    // ñ at a sensible rate: on a die of the Spanish 16, never on the German.
    let es = DiceSet::frequency_for_board(&built(&SPANISH).0, 16).unwrap();
    assert!(es.to_text().contains('Ñ'));
    let de = DiceSet::frequency_for_board(&built(&GERMAN).0, 16).unwrap();
    assert!(!de.to_text().contains('Ñ'));
}
