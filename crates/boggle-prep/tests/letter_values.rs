//! The letter values of every built-in recipe, pinned: a checksum of each
//! table, so that no value changes without this test (and the source cited
//! beside the table in its recipe) changing too; and `boggle-prep inspect`
//! showing the published values that were wrong or missing before.
//!
//! Source of the values (read 2026-11-25; each recipe cites its own, and
//! docs/sources/game-data.md checks them letter by letter): Wikipedia,
//! "Scrabble letter distributions"
//! (https://en.wikipedia.org/wiki/Scrabble_letter_distributions), as copied
//! by wI2L/scrabbler and cdot/Xanado; gtoal.com's Czech page for Czech.

use crate::common::prep_cmd;
use prep::Recipe;

/// A table as text, one `letter=value` a line in the table's order (its
/// keys sorted), and the SHA-256 of that text.
fn checksum(recipe: &Recipe) -> String {
    let text: String = recipe
        .letters
        .values
        .iter()
        .map(|(k, v)| format!("{k}={v}\n"))
        .collect();
    prep::builder::sha256_hex(text.as_bytes())[..16].to_string()
}

/// (recipe, letters with a value, the first 16 hex digits of the table's
/// checksum). A recipe with no values has none here: Galician (no
/// published set was found).
const PINNED: &[(&str, usize, &str)] = &[
    ("brazilian", 24, "340f648635ead30f"),
    ("british", 26, "52a2561310fcb6f1"),
    ("bulgarian", 30, "37612dfc319eda32"),
    ("catalan", 27, "a1de39bb01ba2552"),
    ("czech", 39, "77fa398cfead961e"),
    ("danish", 27, "07a626d1370f7051"),
    ("enable", 26, "52a2561310fcb6f1"),
    ("esperanto", 28, "e6e90d449e4aa380"),
    ("french", 26, "87992a90cfdea746"),
    ("german", 26, "af3927fe4872afa8"),
    ("greek", 24, "b0a7f4f6e6ef0fb7"),
    ("irish", 23, "de59e6e67ecb7e84"),
    ("italian", 21, "325189333e818efb"),
    ("norwegian", 26, "05544334510a4f09"),
    ("opentaal", 26, "7fa9ba57f89ef3fe"),
    ("polish", 32, "d316879d8d889f3a"),
    ("portuguese", 24, "340f648635ead30f"),
    ("russian", 32, "7493d43ec4de79cc"),
    ("spanish", 30, "ec1171dd86734fdf"),
    ("swedish", 27, "998df4dd919dd515"),
    ("ukrainian", 33, "61503e28a97bf43f"),
];

#[test]
fn every_table_is_pinned() {
    let mut seen = Vec::new();
    for name in Recipe::builtin_names() {
        let recipe = Recipe::builtin(name).unwrap();
        if recipe.letters.values.is_empty() {
            assert_eq!(name, "galician", "only Galician has no published values");
            continue;
        }
        let got = (name, recipe.letters.values.len(), checksum(&recipe));
        seen.push(format!("    (\"{}\", {}, \"{}\"),", got.0, got.1, got.2));
        let pinned = PINNED.iter().find(|(n, _, _)| *n == name);
        assert_eq!(
            pinned.map(|&(n, len, sum)| (n, len, sum.to_string())),
            Some(got),
            "{name}'s letter values changed: check them against the source its recipe cites, \
             then pin the new table. All tables now:\n{}",
            seen.join("\n")
        );
    }
    assert_eq!(seen.len(), PINNED.len(), "a pinned recipe is gone");
}

/// `boggle-prep inspect` of a pack built with each recipe shows the
/// published values: Danish M 3 and Czech Š 4 (fixed), and the tables
/// added for Ukrainian, Bulgarian, Esperanto and Irish.
#[test]
fn inspect_shows_the_published_values() {
    let dir = tempfile::tempdir().unwrap();
    for (recipe, words, shown) in [
        ("danish", "mand\nhus\n", &["m3 ", "c8 ", "æ4"][..]),
        ("czech", "šest\nmost\n", &["š4 ", "ď8 ", "x10"][..]),
        ("ukrainian", "ґанок\nмова\n", &["ґ10 ", "ю7 ", "а1 "][..]),
        ("bulgarian", "щит\nмама\n", &["ф10 ", "щ10 ", "ъ3 "][..]),
        ("esperanto", "ĥoro\nĉefo\n", &["ĥ10 ", "ĵ10 ", "ŭ8 "][..]),
        ("irish", "céad\nfear\n", &["é8 ", "á4 ", "b10 "][..]),
    ] {
        let list = dir.path().join(format!("{recipe}.txt"));
        std::fs::write(&list, words).unwrap();
        let pack = dir.path().join(format!("{recipe}.pack"));
        prep_cmd()
            .args(["build", "--recipe", recipe, "-o"])
            .arg(&pack)
            .arg(&list)
            .assert()
            .success();
        let out = prep_cmd().arg("inspect").arg(&pack).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let values = text
            .lines()
            .find(|l| l.starts_with("values"))
            .unwrap_or_else(|| panic!("{recipe}: no values line in {text}"));
        let values = format!("{} ", values);
        for want in shown {
            assert!(
                values.contains(&format!(" {want}")),
                "{recipe}: {want:?} in {values}"
            );
        }
    }
}
