//! The letter-value schemes (`letters`, `ruzzle`, `wordament`, a custom
//! TOML scheme) against the brute-force oracle of `crate::common::scored`, on
//! thousands of random boards with random bonus grids, Wordament special
//! tiles (prefix `re-`, suffix `-ing`, either/or `a/e`), values printed on
//! tiles and random letter values, under king and no-diagonal adjacency,
//! with and without wrap.
//!
//! For every board: the same words as the oracle, each with the oracle's
//! best score over every path; every reported path is a legal path that
//! spells its word and scores what is reported; the total and
//! `Solver::tally` agree.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::common::{
    brute_best, made_up_stored, neighbors, path_score, with_made_up_frequencies, OracleCell,
    OracleScheme,
};
use grid::Adjacency;
use prep::frequency::Zipf;
use prep::{Pack, PackBuilder, Recipe};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::FileFailurePersistence;
use solve::{Board, Bonus, Rules, Scoring, Solver, Words};

const LETTERS: [&str; 5] = ["a", "b", "c", "d", "e"];

/// Faces: letters, two-letter faces, prefix and suffix tiles, either/or
/// tiles, blanks.
fn face() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        10 => select(&LETTERS[..]).prop_map(|s| Some(s.to_string())),
        2 => select(&["ab", "ca", "ed"][..]).prop_map(|s| Some(s.to_string())),
        2 => select(&["ab-", "c-", "de-"][..]).prop_map(|s| Some(s.to_string())),
        2 => select(&["-de", "-e", "-ba"][..]).prop_map(|s| Some(s.to_string())),
        2 => select(&["a/e", "b/cd", "c/d/e"][..]).prop_map(|s| Some(s.to_string())),
        2 => Just(None),
    ]
}

#[derive(Clone, Debug)]
struct Case {
    rows: usize,
    cols: usize,
    cells: Vec<Option<String>>,
    printed: Vec<Option<u32>>,
    bonus: Vec<char>,
    pack_values: Vec<u32>,
    /// 0 letters, 1 ruzzle, 2 wordament, 3 custom TOML.
    scheme: usize,
    custom_values: Vec<u32>,
    words: Vec<String>,
    walks: Vec<(usize, Vec<usize>)>,
    king: bool,
    wrap: bool,
    min_len: usize,
    warm: bool,
    /// Count only words of at least this Zipf value, in tenths (`None`:
    /// all words); the pack carries made-up frequencies.
    min_zipf: Option<u32>,
}

fn case(max_side: usize) -> impl Strategy<Value = Case> {
    (1..=max_side, 1..=max_side).prop_flat_map(|(rows, cols)| {
        let n = rows * cols;
        (
            proptest::collection::vec(face(), n),
            proptest::collection::vec(
                prop_oneof![4 => Just(None), 1 => (0u32..16).prop_map(Some)],
                n,
            ),
            proptest::collection::vec(select(&['.', '.', '.', '.', 'd', 't', 'D', 'T'][..]), n),
            proptest::collection::vec(0u32..12, 5),
            0..4usize,
            proptest::collection::vec(0u32..12, 5),
            proptest::collection::vec(
                proptest::collection::vec(select(&LETTERS[..]), 1..=7).prop_map(|v| v.concat()),
                1..20,
            ),
            proptest::collection::vec(
                (
                    any::<usize>(),
                    proptest::collection::vec(any::<usize>(), 0..7),
                ),
                0..10,
            ),
            (
                any::<bool>(),
                any::<bool>(),
                1..=3usize,
                any::<bool>(),
                proptest::option::of(1..=60u32),
            ),
        )
            .prop_map(
                move |(
                    cells,
                    printed,
                    bonus,
                    pack_values,
                    scheme,
                    custom_values,
                    words,
                    walks,
                    (king, wrap, min_len, warm, min_zipf),
                )| Case {
                    rows,
                    cols,
                    cells,
                    printed,
                    bonus,
                    pack_values,
                    scheme,
                    custom_values,
                    words,
                    walks,
                    king,
                    wrap,
                    min_len,
                    warm,
                    min_zipf,
                },
            )
    })
}

fn values_toml(values: &[u32]) -> String {
    let entries: Vec<String> = LETTERS
        .iter()
        .zip(values)
        .map(|(l, v)| format!("{l} = {v}"))
        .collect();
    format!("{{ {}, ab = 7 }}", entries.join(", "))
}

fn pack(case: &Case, words: &[String]) -> Pack {
    let toml = format!(
        r#"
name = "tiny"
alphabet = "abcde"
[language]
code = "xx"
name = "Test"
[filter]
min_len = 1
[board]
min_word_len = 1
[letters]
values = {}
"#,
        values_toml(&case.pack_values)
    );
    let recipe = Recipe::from_toml(&toml, "test recipe").expect("the recipe parses");
    let (bytes, _) = with_made_up_frequencies(PackBuilder::new(recipe), words)
        .build_bytes(words.join("\n").as_bytes(), "random.txt")
        .expect("the list builds");
    Pack::from_vec(bytes, "random").expect("the pack opens")
}

const CUSTOM: &str = r#"
name = "test"
min_len = 1
length_bonus = "2=1,3=4,4+=9"
multiplier = "3=1.5,5=2.25"
"#;

fn scoring(case: &Case) -> Scoring {
    match case.scheme {
        0 => Scoring::letters(),
        1 => Scoring::ruzzle(),
        2 => Scoring::wordament(),
        _ => {
            let text = format!("{CUSTOM}values = {}\n", values_toml(&case.custom_values));
            Scoring::from_toml(&text, "custom.toml").expect("the custom scheme parses")
        }
    }
}

/// The scheme as the oracle reads it, from the games' stated rules.
fn oracle_scheme(case: &Case) -> OracleScheme {
    let table = |values: &[u32]| -> HashMap<String, u32> {
        let mut t: HashMap<String, u32> = LETTERS
            .iter()
            .zip(values)
            .map(|(l, &v)| (l.to_string(), v))
            .collect();
        t.insert("ab".into(), 7);
        t
    };
    fn one(_: usize) -> u32 {
        100
    }
    fn nothing(_: usize) -> u32 {
        0
    }
    fn ruzzle(len: usize) -> u32 {
        match len {
            0..=4 => 0,
            5..=8 => 5 * (len as u32 - 4),
            _ => 25,
        }
    }
    fn wordament(len: usize) -> u32 {
        match len {
            0..=4 => 100,
            5 => 150,
            6 | 7 => 200,
            _ => 250,
        }
    }
    fn custom_multiplier(len: usize) -> u32 {
        match len {
            0..=2 => 100,
            3 | 4 => 150,
            _ => 225,
        }
    }
    fn custom_bonus(len: usize) -> u32 {
        match len {
            0 | 1 => 0,
            2 => 1,
            3 => 4,
            _ => 9,
        }
    }
    match case.scheme {
        0 => OracleScheme {
            values: table(&case.pack_values),
            multiplier: one,
            length_bonus: nothing,
        },
        1 => OracleScheme {
            values: table(&case.pack_values),
            multiplier: one,
            length_bonus: ruzzle,
        },
        2 => OracleScheme {
            // Wordament's tiles: A2 B5 C3 D3 E1.
            values: [("a", 2), ("b", 5), ("c", 3), ("d", 3), ("e", 1)]
                .iter()
                .map(|&(l, v)| (l.to_string(), v))
                .collect(),
            multiplier: wordament,
            length_bonus: nothing,
        },
        _ => OracleScheme {
            values: table(&case.custom_values),
            multiplier: custom_multiplier,
            length_bonus: custom_bonus,
        },
    }
}

/// Words read off random walks (each cell as a random alternative).
fn walk_words(case: &Case, cells: &[Option<OracleCell>]) -> Vec<String> {
    let adj = neighbors(case.rows, case.cols, case.king, case.wrap);
    let mut out = Vec::new();
    for (start, steps) in &case.walks {
        let mut at = start % cells.len();
        let Some(c) = &cells[at] else { continue };
        let mut used = vec![at];
        let mut text = c.alternatives[start % c.alternatives.len()].clone();
        for step in steps {
            let next: Vec<usize> = adj[at]
                .iter()
                .copied()
                .filter(|j| !used.contains(j) && cells[*j].is_some())
                .collect();
            if next.is_empty() {
                break;
            }
            at = next[step % next.len()];
            let c = cells[at].as_ref().expect("not blank");
            let run = &c.alternatives[step % c.alternatives.len()];
            if text.len() + run.len() > 8 {
                break;
            }
            used.push(at);
            text.push_str(run);
        }
        out.push(text);
    }
    out
}

fn check(case: &Case) -> Result<(), TestCaseError> {
    let n = case.rows * case.cols;
    let cells: Vec<Option<OracleCell>> = (0..n)
        .map(|i| OracleCell::read(case.cells[i].as_deref(), case.printed[i], case.bonus[i]))
        .collect();
    let mut words = case.words.clone();
    words.extend(walk_words(case, &cells));
    words.sort();
    words.dedup();
    let pack = pack(case, &words);
    let scoring = scoring(case);
    let min_len = case.min_len.max(scoring.min_len());
    let bonus_text: String = case
        .bonus
        .chunks(case.cols)
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/");
    let rules = Rules {
        adjacency: if case.king {
            Adjacency::King
        } else {
            Adjacency::NoDiagonals
        },
        wrap: case.wrap,
        scoring,
        min_len,
        bonus: Some(Bonus::parse_for(&bonus_text, case.rows, case.cols).expect("the grid parses")),
        words: match case.min_zipf {
            Some(t) => Words::common(Zipf::from_value(f64::from(t) / 10.0)),
            None => Words::default(),
        },
    };
    let counted = rules.words;
    let mut solver = Solver::with_rules(&pack, rules).expect("a solver");
    if case.warm {
        solver.warm_up().unwrap();
    }
    let mut board = Board::new(case.rows, case.cols, case.cells.clone()).expect("a board");
    for (i, v) in case.printed.iter().enumerate() {
        if case.cells[i].is_some() {
            board.set_value(i, *v);
        }
    }
    let scheme = oracle_scheme(case);
    // The oracle's dictionary: the words the solver counts.
    let dict: HashSet<String> = words
        .iter()
        .filter(|w| !counted.only_common || made_up_stored(w).is_some_and(|z| z >= counted.common))
        .cloned()
        .collect();
    let expected = brute_best(
        case.rows, case.cols, &cells, &dict, &scheme, case.king, case.wrap, min_len,
    );
    let solution = solver.solve(&board).unwrap();
    let got: BTreeMap<String, u32> = solution
        .words
        .iter()
        .map(|w| (w.word.clone(), w.score))
        .collect();
    prop_assert_eq!(&got, &expected, "words and best scores");
    for w in &solution.words {
        let path: Vec<(usize, usize)> = w
            .path
            .iter()
            .map(|p| (p.row as usize, p.col as usize))
            .collect();
        let along = path_score(
            case.rows, case.cols, &cells, &scheme, case.king, case.wrap, &w.word, &path,
        )
        .map_err(TestCaseError::fail)?;
        prop_assert_eq!(
            along,
            w.score,
            "{}: the reported path scores its score",
            &w.word
        );
    }
    let total: u64 = expected.values().map(|&s| u64::from(s)).sum();
    prop_assert_eq!(solution.score, total);
    let tally = solver.tally(&board).unwrap();
    prop_assert_eq!((tally.score, tally.words), (total, expected.len() as u64));
    Ok(())
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(2500))]

    /// Boards of up to 4x4.
    #[test]
    fn best_paths_agree_with_the_oracle(case in case(4)) {
        check(&case)?;
    }
}

proptest! {
    #![proptest_config(config(200))]

    /// Boards of up to 6x6: more paths per word, more bonuses on them.
    #[test]
    fn best_paths_agree_on_larger_boards(case in case(6)) {
        check(&case)?;
    }
}
