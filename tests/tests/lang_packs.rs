//! The German, French and Spanish recipes on tiny lists written here: each
//! language's folding (`Straße` → `strasse`, `élève` → `eleve`, `año` stays
//! `año`), what is dropped and under which reason, board faces typed with
//! accents, and frequency dice with `ñ` (the command lines are tested in
//! the `boggle` and `boggle-prep` crates' `lang_cli.rs`). Fast: no system
//! word list needed (`lang_reference.rs` has the real lists).

use grid::Shape;
use prep::{filter::DropReason, Pack, PackBuilder, PackMeta, Recipe};
use solve::random::DiceSet;
use solve::random::{Rng, Roller};
use solve::{FaceRules, Rules, Solver};
use std::collections::BTreeMap;

/// Builds a pack in memory from `lines` with a built-in recipe.
fn build(recipe: &str, lines: &[&str]) -> (Pack, PackMeta) {
    let mut raw = lines.join("\n");
    raw.push('\n');
    let recipe = Recipe::builtin(recipe).expect("a built-in recipe");
    let (bytes, meta) = PackBuilder::new(recipe)
        .build_bytes(raw.as_bytes(), "list.txt")
        .expect("the list builds");
    (Pack::from_vec(bytes, "test").expect("the pack opens"), meta)
}

fn words(pack: &Pack) -> Vec<String> {
    pack.words().unwrap()
}

fn dropped(meta: &PackMeta) -> BTreeMap<&'static str, u64> {
    meta.stats
        .dropped
        .iter()
        .map(|(r, n)| (r.name(), *n))
        .collect()
}

fn counts(pairs: &[(&'static str, u64)]) -> BTreeMap<&'static str, u64> {
    pairs.iter().copied().collect()
}

/// Every line is kept or dropped for exactly one reason.
fn assert_balanced(meta: &PackMeta) {
    assert_eq!(
        meta.stats.lines,
        meta.stats.kept + meta.stats.dropped_total(),
        "{:?}",
        meta.stats
    );
    assert_eq!(meta.word_count, meta.stats.kept);
}

#[test]
fn recipes_are_built_in_under_name_and_language_code() {
    for (name, code) in [("german", "de"), ("french", "fr"), ("spanish", "es")] {
        let by_name = Recipe::builtin(name).unwrap();
        let by_code = Recipe::resolve(code).unwrap();
        assert_eq!(by_name, by_code);
        assert_eq!(by_name.name, name);
        assert_eq!(by_name.language.code, code);
        assert_eq!(
            Recipe::builtin_aliases(name).collect::<Vec<_>>(),
            [code],
            "{name}"
        );
        // The built-in text is the file pack makers read in crates/prep/recipes.
        let file = crate::common::workspace_root().join(format!("crates/prep/recipes/{name}.toml"));
        assert_eq!(Recipe::from_file(&file).unwrap(), by_name);
        let source = by_name.source.as_ref().expect("a default list");
        assert!(source.path.starts_with("/usr/share/dict/"), "{source:?}");
        assert_eq!(source.debian_package, source.name);
    }
    assert_eq!(Recipe::resolve("en").unwrap().name, "enable");
    assert_eq!(Recipe::resolve("nl").unwrap().name, "opentaal");
}

#[test]
fn german_lowercases_nouns_and_writes_umlauts_and_eszett_out() {
    let (pack, meta) = build(
        "german",
        &[
            "Straße",
            "Äpfel",
            "Öl",
            "Übung",
            "Fuß",
            "Café",
            "Quelle",
            "laufen",
            "Strasse",  // the same word as Straße once folded
            "ADAC",     // an acronym: a capital after the first letter
            "BahnCard", // likewise
            "Nasdaq",   // q without u
            "Dr",       // too short
            "3D",       // digit
            "Abend-Rot",
            "Mut's",
            "z. B.",
            "Señor", // a loanword accent is stripped
        ],
    );
    assert_eq!(
        words(&pack),
        ["aepfel", "cafe", "fuss", "laufen", "oel", "quelle", "senor", "strasse", "uebung"]
    );
    assert!(pack.contains("strasse").unwrap() && !pack.contains("straße").unwrap());
    assert_eq!(
        dropped(&meta),
        counts(&[
            ("uppercase", 2),
            ("q_without_u", 1),
            ("too_short", 1),
            ("digit", 1),
            ("hyphen", 1),
            ("apostrophe", 1),
            ("symbol", 1),
            ("duplicate", 1),
        ])
    );
    assert_eq!(
        meta.stats.examples[&DropReason::Uppercase],
        ["ADAC", "BahnCard"]
    );
    assert_balanced(&meta);
}

#[test]
fn french_strips_accents_and_writes_ligatures_out() {
    let (pack, meta) = build(
        "french",
        &[
            "élève",
            "élevé", // folds to eleve too: a duplicate
            "garçon",
            "cœur",
            "nævus",
            "forêt",
            "naïf",
            "piqûre",
            "où", // ou: too short
            "aujourd'hui",
            "jusqú", // the Debian list's elided apostrophe
            "abat-jour",
            "pomme de terre",
            "c.-à-d.",
            "1er",
            "Paris", // a name
            "Œdipe", // a name, capital ligature
            "cinq",  // q without u: kept, a q cell is a plain q
            "coq",
        ],
    );
    assert_eq!(
        words(&pack),
        ["cinq", "coeur", "coq", "eleve", "foret", "garcon", "naevus", "naif", "piqure"]
    );
    assert_eq!(
        dropped(&meta),
        counts(&[
            ("duplicate", 1),
            ("too_short", 1),
            ("apostrophe", 2),
            ("hyphen", 1),
            ("space", 1),
            ("symbol", 1),
            ("digit", 1),
            ("uppercase", 2),
        ])
    );
    assert_eq!(
        meta.stats.examples[&DropReason::Apostrophe],
        ["aujourd'hui", "jusqú"]
    );
    assert_balanced(&meta);
}

#[test]
fn spanish_strips_accents_but_keeps_enye() {
    let lines = [
        "año",
        "niño",
        "ñandú",
        "canción",
        "pingüino",
        "an\u{303}os", // años with a combining tilde: one letter ñ after NFC
        "años",        // the same word, precomposed: a duplicate
        "España",      // a name
        "ñu",          // too short
        "rock'n'roll",
        "franco-español",
        "quijote",
    ];
    let (pack, meta) = build("spanish", &lines);
    assert_eq!(
        words(&pack),
        ["año", "años", "cancion", "niño", "pinguino", "quijote", "ñandu"]
    );
    // `año` is not `ano`: the list has no `ano`, so the pack has none.
    assert!(pack.contains("año").unwrap() && !pack.contains("ano").unwrap());
    assert!(!pack.contains("nino").unwrap());
    assert_eq!(
        dropped(&meta),
        counts(&[
            ("duplicate", 1),
            ("uppercase", 1),
            ("too_short", 1),
            ("apostrophe", 1),
            ("hyphen", 1),
        ])
    );
    assert_balanced(&meta);
    // With `ano` in the list, both are words.
    let (both, _) = build("spanish", &["año", "ano"]);
    assert_eq!(words(&both), ["ano", "año"]);
}

#[test]
fn typed_faces_fold_by_the_packs_rules() {
    let face = |recipe: &str, typed: &str| {
        FaceRules::from_recipe(&Recipe::builtin(recipe).unwrap())
            .unwrap()
            .face(typed, false)
    };
    for (recipe, typed, expected) in [
        ("german", "Ä", "ae"),
        ("german", "ä", "ae"),
        ("german", "A\u{308}", "ae"),
        ("german", "Ü", "ue"),
        ("german", "ß", "ss"),
        ("german", "É", "e"),
        ("german", "q", "qu"),
        ("french", "É", "e"),
        ("french", "è", "e"),
        ("french", "Ç", "c"),
        ("french", "Œ", "oe"),
        ("french", "æ", "ae"),
        ("spanish", "Ñ", "ñ"),
        ("spanish", "ñ", "ñ"),
        ("spanish", "N\u{303}", "ñ"),
        ("spanish", "Á", "a"),
        ("spanish", "n", "n"),
    ] {
        assert_eq!(
            face(recipe, typed).ok().as_deref(),
            Some(expected),
            "{recipe}: {typed:?}"
        );
    }
    // ñ is a letter only in Spanish; elsewhere it folds to n.
    assert_eq!(face("german", "Ñ").ok().as_deref(), Some("n"));
    assert!(face("french", "ú").is_err(), "ú folds to an apostrophe");
    // Whole boards: the cells typed with accents.
    let de = FaceRules::from_recipe(&Recipe::builtin("de").unwrap()).unwrap();
    let board = de.parse("ÄPFE LÜßX").unwrap();
    assert_eq!(
        crate::common::cells_of(&board),
        ["ae", "p", "f", "e", "l", "ue", "ss", "x"].map(|f| Some(f.to_string()))
    );
    let es = FaceRules::from_recipe(&Recipe::builtin("es").unwrap()).unwrap();
    let board = es.parse("AÑO NIÑ OSA").unwrap();
    assert_eq!(board.face(1), Some("ñ"));
    assert_eq!(board.face(5), Some("ñ"));
}

/// Solves `board` with the pack and checks the answer against the brute
/// force on the pack's words (`crate::common::solve_checked`); the words found.
fn solve_and_compare(pack: &Pack, faces: &FaceRules, board: &str) -> Vec<String> {
    crate::common::solve_checked(
        pack,
        faces,
        &crate::common::Dictionary::pruned(words(pack)),
        board,
    )
}

#[test]
fn a_german_board_typed_with_umlauts_solves_as_written_out() {
    let (pack, _) = build(
        "german",
        &["Äpfel", "Apfel", "Ära", "Aera", "Ufer", "Übel", "Fuß"],
    );
    let faces = FaceRules::from_pack(&pack).unwrap();
    // Ä P F / R E L / A ß Ü
    let found = solve_and_compare(&pack, &faces, "ÄPF REL AßÜ");
    assert!(found.contains(&"aepfel".to_string()), "{found:?}");
    assert!(found.contains(&"aera".to_string()), "{found:?}");
    // The one plain `a` is far from the `p`: `apfel` is not there.
    assert!(!found.contains(&"apfel".to_string()), "{found:?}");
    // The same board typed with written-out faces is the same board.
    assert_eq!(
        faces.parse("ÄPF REL AßÜ").unwrap(),
        faces.parse("[ae]pf rel a[ss][ue]").unwrap()
    );
}

#[test]
fn a_spanish_board_reads_enye_through_its_own_face() {
    let (pack, _) = build(
        "spanish",
        &["año", "ano", "años", "niño", "nino", "caña", "cana", "baño"],
    );
    let faces = FaceRules::from_pack(&pack).unwrap();
    // A Ñ O / B I S / C A N
    let found = solve_and_compare(&pack, &faces, "AÑO BIS CAN");
    for w in ["año", "años", "baño"] {
        assert!(found.contains(&w.to_string()), "{w}: {found:?}");
    }
    // Without an `n` next to `a` and `o`, `ano` is not on the board.
    assert!(!found.contains(&"ano".to_string()), "{found:?}");
}

/// A Spanish-like list where ñ is common enough to get faces.
fn enye_pack() -> Pack {
    build(
        "spanish",
        &[
            "año", "años", "niño", "niña", "caña", "baño", "señor", "sueño", "mañana", "ñandu",
            "paño", "leña", "peña", "piña", "moño", "daño", "casa", "mesa", "perro", "gato", "sol",
            "luna", "tierra", "agua", "queso", "libro", "mano", "pie",
        ],
    )
    .0
}

#[test]
fn frequency_dice_give_enye_a_face_and_boards_find_words_through_it() {
    let pack = enye_pack();
    let set = DiceSet::frequency_for_board(&pack, 16).unwrap();
    assert_eq!((set.name(), set.len()), ("frequency", 16));
    let faces = FaceRules::from_pack(&pack).unwrap();
    let dice = set.board_faces(&faces).unwrap();
    let enye_faces = dice
        .iter()
        .flatten()
        .filter(|f| f.as_deref() == Some("ñ"))
        .count();
    // ñ gets its share of the 96 slots, give or take the rounding.
    let counted = solve::random::face_counts(&pack, solve::random::Spelling::Faces).unwrap();
    let total: u64 = counted.iter().map(|(_, n)| n).sum();
    let enye = counted.iter().find(|(f, _)| f == "ñ").unwrap().1;
    let share = 96.0 * enye as f64 / total as f64;
    assert!(
        (enye_faces as f64 - share).abs() <= 1.0,
        "{enye_faces} ñ faces for a share of {share:.2}"
    );
    assert!(set.to_text().contains('Ñ'), "{}", set.to_text());
    // The same pack always gives the same dice.
    assert_eq!(DiceSet::frequency_for_board(&pack, 16).unwrap(), set);
    assert_eq!(DiceSet::frequency_for_board(&pack, 25).unwrap().len(), 25);

    // Rolled boards: every board with an ñ is solved and checked by brute
    // force, and some of them find words through the ñ.
    let roller = Roller::dice(&set, &faces, Shape::rect(4, 4).unwrap()).unwrap();
    let dict = crate::common::Dictionary::pruned(words(&pack));
    let rules = Rules::for_pack(&pack);
    let mut solver = Solver::with_rules(&pack, rules.clone()).unwrap();
    let mut rng = Rng::new(2024);
    let (mut boards_with_enye, mut enye_words) = (0, 0);
    for _ in 0..300 {
        let board = roller.roll(&mut rng);
        let cells = crate::common::cells_of(&board);
        assert!(crate::common::cells_match_dice(&cells, &dice));
        if !cells.iter().any(|c| c.as_deref() == Some("ñ")) {
            continue;
        }
        boards_with_enye += 1;
        let solution = solver.solve(&board).unwrap();
        let tally = solver.tally(&board).unwrap();
        crate::common::compare(4, 4, &cells, &dict, &rules, &solution, tally)
            .unwrap_or_else(|e| panic!("{e}"));
        enye_words += solution
            .words
            .iter()
            .filter(|w| w.word.contains('ñ'))
            .count();
    }
    assert!(boards_with_enye > 100, "{boards_with_enye} boards with ñ");
    assert!(
        enye_words > 0,
        "no word through ñ on {boards_with_enye} boards"
    );
}
