//! The schemes against their published tables.

use super::*;

fn row(s: &Scoring, lens: std::ops::RangeInclusive<usize>) -> Vec<u32> {
    lens.map(|l| s.points(l)).collect()
}

#[test]
fn named_schemes() {
    assert_eq!(
        row(&Scoring::boggle(), 1..=10),
        [0, 0, 1, 1, 2, 3, 5, 11, 11, 11]
    );
    assert_eq!(
        row(&Scoring::big_boggle(), 1..=10),
        [0, 0, 0, 1, 2, 3, 5, 11, 11, 11]
    );
    // TVTropes: "'absolutely' (10 letters) is worth 15 points".
    assert_eq!(
        row(&Scoring::super_big_boggle(), 3..=11),
        [0, 1, 2, 3, 5, 11, 13, 15, 17]
    );
    assert_eq!(
        row(&Scoring::word_hunt(), 2..=10),
        [0, 100, 400, 800, 1400, 1800, 2200, 2600, 3000]
    );
    assert_eq!(row(&Scoring::words(), 1..=4), [1, 1, 1, 1]);
    assert_eq!(Scoring::big_boggle().min_len(), 4);
}

/// Ruzzle's English values are its own, not Scrabble's (eforbes/ruzzler
/// `LetterValues.java` and DavideCanton/ruzzle-solver `points.py`: B 4,
/// C 4, G 3, J 10, P 4, U 2, Z 10); other languages keep the pack's.
#[test]
fn ruzzle_uses_its_own_english_values() {
    let scrabble: BTreeMap<String, u32> = [("b", 3), ("p", 3), ("u", 1)]
        .iter()
        .map(|&(k, v)| (k.to_string(), v))
        .collect();
    for code in ["en", "en-GB", "EN"] {
        let s = Scoring::ruzzle().resolve(&scrabble, code);
        let got: Vec<u32> = ["b", "c", "g", "j", "p", "u", "z", "qu"]
            .iter()
            .map(|f| s.face_value(f))
            .collect();
        assert_eq!(got, [4, 4, 3, 10, 4, 2, 10, 12], "{code}");
    }
    let nl = Scoring::ruzzle().resolve(&scrabble, "nl");
    assert_eq!((nl.face_value("b"), nl.face_value("p")), (3, 3));
    // `letters` always takes the pack's.
    assert_eq!(
        Scoring::letters().resolve(&scrabble, "en").face_value("b"),
        3
    );
}

/// Zigazou/RuzzSolver's README: "a word combining a word multiplier of 3
/// and a word multiplier of 2 will have a resulting word multiplier of
/// 6", and the length bonus "25 points: 9+ letters word".
#[test]
fn ruzzle_multiplies_word_bonuses_and_caps_the_length_bonus() {
    let s = Scoring::ruzzle();
    assert_eq!(s.word_score(10, 3 * 2, 4), 60);
    assert_eq!(s.word_score(10, 1, 5), 15);
    assert_eq!(row(&s, 4..=11), [0, 5, 10, 15, 20, 25, 25, 25]);
}

/// Daves.WordamentSolver (`DigramTile.cs`, `PrefixTile.cs`,
/// `SuffixTile.cs`, `EitherOrTile.cs`): a digram or affix tile is its
/// letters summed + 5, an either/or tile 20; plain `wordament` sums.
#[test]
fn wordament_classic_guesses_special_tiles() {
    let pack = BTreeMap::new();
    let classic = Scoring::wordament_classic().resolve(&pack, "en");
    let plain = Scoring::wordament().resolve(&pack, "en");
    for (face, letters, guessed, summed) in [
        ("qu", "qu", 8 + 4 + 5, 8 + 4),
        ("-ing", "ing", 2 + 2 + 4 + 5, 2 + 2 + 4),
        ("re-", "re", 2 + 1 + 5, 2 + 1),
        ("a/e", "a", 20, 2),
        ("a/e", "e", 20, 1),
    ] {
        assert_eq!(classic.tile_value(face, letters), guessed, "{face}");
        assert_eq!(plain.tile_value(face, letters), summed, "{face}");
    }
    assert_eq!(
        "wordament-classic".parse::<Scoring>().unwrap(),
        classic
            .clone()
            .with_values(WORDAMENT.iter().map(|&(c, v)| (c.to_string(), v)).collect())
    );
}

#[test]
fn custom_tables() {
    let s: Scoring = "3=1,4=1,5=2,6=3,7=5,8+=11".parse().unwrap();
    assert_eq!(row(&s, 1..=10), row(&Scoring::boggle(), 1..=10));
    let s: Scoring = "4=1,5=2,6=3,7=5,8=11,9+=+2".parse().unwrap();
    assert_eq!(row(&s, 1..=12), row(&Scoring::super_big_boggle(), 1..=12));
    let s: Scoring = "4=1,5=2,6=3,7=5,8=11,9+=2x".parse().unwrap();
    assert_eq!(row(&s, 9..=10), [18, 20]);
    let s: Scoring = "3=100,4=400,5=800,6=1400,7=1800,8=2200,9+=+400"
        .parse()
        .unwrap();
    assert_eq!(row(&s, 1..=12), row(&Scoring::word_hunt(), 1..=12));
    let s: Scoring = "2=5,3=7".parse().unwrap();
    assert_eq!(row(&s, 1..=5), [0, 5, 7, 0, 0]);
    assert_eq!(s.min_len(), 2);
    for bad in ["", "x", "3=1,5=2", "3+=1,4=2", "0=1", "3=a", "3=1,4+=y"] {
        assert!(bad.parse::<Scoring>().is_err(), "{bad:?}");
    }
}
