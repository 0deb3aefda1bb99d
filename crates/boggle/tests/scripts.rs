//! Typed boards in every script: Cyrillic, Greek, Czech and Catalan's `L·L`,
//! in upper or lower case, with precomposed letters or combining marks, read
//! with the built-in recipes' rules exactly as their word lists are; then
//! solved end to end by `boggle` with tiny packs built from raw words, and
//! checked against the brute force.

use std::collections::BTreeSet;

use prep::{PackBuilder, Recipe};
use serde_json::Value;
use solve::{FaceRules, TextStyle};

/// The board `text` reads as with `recipe`'s rules, written back in rows.
fn read(recipe: &str, text: &str) -> Result<String, String> {
    let recipe = Recipe::builtin(recipe).expect("a built-in recipe");
    let rules = FaceRules::from_recipe(&recipe).expect("face rules");
    rules
        .parse(text)
        .map(|board| rules.text(&board, TextStyle::Rows))
        .map_err(|e| e.to_string())
}

#[test]
fn typed_boards_read_as_the_word_lists_do() {
    // (A run of four letters is a 2x2 board.)
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "russian",
            &[
                "КОТЫ ДОМА ЛЕСЬ РЕКА",
                "коты дома лесь река",
                "Коты/Дома/Лесь/Река",
                "котыдомалесьрека",
            ],
            "коты/дома/лесь/река",
        ),
        // ё is read as е, typed precomposed or with a combining diaeresis;
        // й stays a letter of its own either way.
        (
            "russian",
            &["ЁЖИЙ", "ёжий", "Е\u{308}ЖИИ\u{306}", "ежий"],
            "еж/ий",
        ),
        ("ukrainian", &["ҐЄІЇ", "ґєії", "ҐЄІІ\u{308}"], "ґє/ії"),
        ("ukrainian", &["ЙОГА", "И\u{306}ога"], "йо/га"),
        ("bulgarian", &["ЪЬЮЯ", "ъьюя"], "ъь/юя"),
        // Greek: tonos and dialytika stripped, final ς read as σ.
        (
            "greek",
            &[
                "ΆΒΓΔ ΕΖΗΘ ΙΚΛΜ ΝΞΟΠ",
                "άβγδ εζηθ ικλμ νξοπ",
                "Α\u{301}ΒΓΔ/ΕΖΗΘ/ΙΚΛΜ/ΝΞΟΠ",
            ],
            "αβγδ/εζηθ/ικλμ/νξοπ",
        ),
        ("greek", &["ΟΣΟΣ", "οσος", "Όσος", "οσοσ"], "οσ/οσ"),
        ("greek", &["ΐΰΫΊ", "ιυυι"], "ιυ/υι"),
        // Czech: 41 letters, its accented ones letters of their own.
        ("czech", &["ŘÍZE", "říze", "R\u{30C}I\u{301}ZE"], "ří/ze"),
        // Catalan: L·L is one cell, the letter ŀ; Ç stays, other accents go.
        (
            "catalan",
            &[
                "COL·LA/PLAÇ",
                "col·la/plaç",
                "co[l·l]a/plaç",
                "COĿA/PLAC\u{327}",
                "CO[L·L]À PLAÇ",
            ],
            "coŀa/plaç",
        ),
    ];
    for (recipe, typed, expected) in cases {
        for text in *typed {
            assert_eq!(
                read(recipe, text).as_deref(),
                Ok(*expected),
                "{recipe}: {text:?}"
            );
        }
    }
    // What is not a letter of the pack says which cell it is.
    for (recipe, text, what) in [
        ("catalan", "CO·A", "'·' is not a letter"),
        ("russian", "КОТQ", "not in the pack's alphabet"),
        ("greek", "ΑΒΓD", "not in the pack's alphabet"),
        ("czech", "QWER", "not in the pack's alphabet"),
    ] {
        let err = read(recipe, text).expect_err(text);
        assert!(err.contains(what), "{recipe} {text:?}: {err}");
        assert!(err.contains("column"), "{recipe} {text:?}: {err}");
    }
}

/// `boggle --pack` on a typed board, with a pack built by `recipe` from the
/// raw `words`; checked against the brute force over `spelled` (the same
/// words as the recipe's documented rules spell them, written by hand).
fn solve_typed(recipe: &str, raw: &[&str], spelled: &[&str], board: &str, cells: &str) {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, raw.join("\n") + "\n").unwrap();
    let pack = dir.path().join("tiny.pack");
    let meta = PackBuilder::new(Recipe::builtin(recipe).unwrap())
        .build_file(&list, &pack)
        .unwrap();
    assert_eq!(meta.word_count, spelled.len() as u64, "{recipe}: kept");

    let out = crate::common::boggle()
        .arg("--pack")
        .arg(&pack)
        .args([board, "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let j: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(j["board"], cells, "{recipe}: the board as read");
    let found: BTreeSet<String> = j["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_string())
        .collect();

    let rows: Vec<Vec<Option<String>>> = cells
        .split('/')
        .map(|row| row.chars().map(|c| Some(c.to_string())).collect())
        .collect();
    let (r, c) = (rows.len(), rows[0].len());
    let grid: Vec<Option<String>> = rows.into_iter().flatten().collect();
    let dict = crate::common::Dictionary::exhaustive(spelled.iter().map(|w| w.to_string()));
    let expected: BTreeSet<String> = crate::common::brute_solve(r, c, &grid, &dict, true, false, 3)
        .into_keys()
        .collect();
    assert_eq!(found, expected, "{recipe}: {board}");
    assert!(
        expected.len() >= 3,
        "{recipe}: a board with words: {expected:?}"
    );
}

#[test]
fn cyrillic_boards_solve() {
    solve_typed(
        "russian",
        &[
            "кот",
            "коты",
            "кто",
            "дом",
            "дома",
            "ток",
            "река",
            "рек",
            "лес",
            "ель",
            "ёлка",
            "мёд",
            "Москва",
        ],
        &[
            "кот", "коты", "кто", "дом", "дома", "ток", "река", "рек", "лес", "ель", "елка", "мед",
        ],
        "КОТЫ ДОМА ЛЕСЬ РЕКА",
        "коты/дома/лесь/река",
    );
    solve_typed(
        "ukrainian",
        &["їжак", "жак", "кіт", "сад", "ґава", "ява", "гава"],
        &["їжак", "жак", "кіт", "сад", "ґава", "ява", "гава"],
        "ЇЖАК/ҐАВС/ТІКД/ЯВАГ",
        "їжак/ґавс/тікд/яваг",
    );
}

#[test]
fn greek_boards_solve() {
    solve_typed(
        "greek",
        &[
            "λόγος",
            "λόγο",
            "νέα",
            "σαν",
            "τρία",
            "νέος",
            "Αθήνα",
            "ναός",
        ],
        &["λογοσ", "λογο", "νεα", "σαν", "τρια", "νεοσ", "ναοσ"],
        "ΛΟΓΟ ΣΑΝΕ ΙΤΡΜ ΚΑΗΥ",
        "λογο/σανε/ιτρμ/καηυ",
    );
}

#[test]
fn catalan_geminated_l_boards_solve() {
    solve_typed(
        "catalan",
        &[
            "col·la",
            "cola",
            "cel·la",
            "cella",
            "col·lecció",
            "sec",
            "tir",
            "tira",
            "plat",
            "rot",
            "Barcelona",
        ],
        &[
            "coŀa",
            "cola",
            "ceŀa",
            "cella",
            "coŀeccio",
            "sec",
            "tir",
            "tira",
            "plat",
            "rot",
        ],
        "COL·LA/ECIO/CSTR/PLAÇ",
        "coŀa/ecio/cstr/plaç",
    );
}
