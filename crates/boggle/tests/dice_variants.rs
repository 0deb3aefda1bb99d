//! Game variants on hand-checked boards: every scoring scheme (library and
//! `--scoring` on the command line), multi-letter faces counting their
//! letters, and Word Hunt's donut and cross shapes.

use std::collections::{BTreeSet, HashSet};

use crate::common::{boggle, brute_force, cells_of, tiny_pack, tiny_pack_bytes};
use grid::Adjacency;
use prep::Pack;
use solve::{Board, FaceRules, Rules, Scoring, Solver, TextStyle};

/// The 3x3 board `abc/fed/ghi`: the snake a→b→c→d→e→f→g→h→i visits every
/// cell by orthogonal steps, so the dictionary below holds one word of each
/// length 1 to 9 along it, plus `aei` (the diagonal) and `ihg` (the bottom
/// row, backwards). `aba` reuses a cell; `ag`, `ai` and `zzz` are not on the
/// board.
const SNAKE: &str = "abc/fed/ghi";
const SNAKE_WORDS: &[&str] = &[
    "a",
    "ab",
    "abc",
    "abcd",
    "abcde",
    "abcdef",
    "abcdefg",
    "abcdefgh",
    "abcdefghi",
    "aei",
    "ihg",
    "aba",
    "ag",
    "ai",
    "zzz",
];

/// `[qu]i/te`: `qui` (3 letters on 2 cells), `quit`, `quite`, `quiet`,
/// `tie`, `it`; `queue` is not on the board.
const QU: &str = "[qu]i/te";
const QU_WORDS: &[&str] = &["qui", "quit", "quite", "quiet", "tie", "it", "queue"];

fn solve_with(pack: &Pack, board: &str, scoring: Scoring, adjacency: Adjacency) -> (u64, usize) {
    let board = FaceRules::from_pack(pack).unwrap().parse(board).unwrap();
    let mut rules = Rules::for_pack(pack);
    rules.min_len = pack.recipe().board.min_word_len.max(scoring.min_len());
    rules.scoring = scoring;
    rules.adjacency = adjacency;
    let s = Solver::with_rules(pack, rules)
        .unwrap()
        .solve(&board)
        .unwrap();
    assert_eq!(s.word_count, s.words.len());
    assert_eq!(
        s.score,
        s.words.iter().map(|w| u64::from(w.score)).sum::<u64>()
    );
    (s.score, s.word_count)
}

/// (scheme, snake score, snake words, qu score, qu words), all by hand:
///
/// - snake words by letters: 1 (a), 2 (ab), 3 (abc aei ihg), 4, 5, 6, 7, 8, 9.
/// - qu words by letters: 2 (it), 3 (qui tie), 4 (quit), 5 (quite quiet).
const EXPECTED: &[(&str, u64, usize, u64, usize)] = &[
    // 3,4 → 1; 5 → 2; 6 → 3; 7 → 5; 8+ → 11.
    // snake: 3×1 + 1 + 2 + 3 + 5 + 11 + 11 = 36.  qu: 1+1 + 1 + 2+2 = 7.
    ("boggle", 36, 9, 7, 5),
    // Big Boggle drops 3-letter words: 1 + 2 + 3 + 5 + 11 + 11 = 33.
    // qu: quit 1, quite 2, quiet 2 = 5 (qui is 3 letters, dropped).
    ("big-boggle", 33, 6, 5, 3),
    // 8 → 11, then 2 more a letter past 8: 9 → 13 (TVTropes: 10 letters
    // → 15).  1 + 2 + 3 + 5 + 11 + 13 = 35.
    ("super-big-boggle", 35, 6, 5, 3),
    // 3 → 100 (×3), 4 → 400, 5 → 800, 6 → 1400, 7 → 1800, 8 → 2200, 9 → 2600.
    // qu: 100 + 100 + 400 + 800 + 800 = 2200.
    ("word-hunt", 9500, 9, 2200, 5),
    // One point a word, from one letter: the score is the word count.
    ("words", 11, 11, 6, 6),
    // A custom table, from 2 letters, nothing past 3: ab 5 + 3 × 7 = 26.
    // qu: it 5, qui 7, tie 7 = 19; quit, quite, quiet count as words.
    ("2=5,3=7", 26, 10, 19, 6),
    // The boggle table written out.
    ("3=1,4=1,5=2,6=3,7=5,8+=11", 36, 9, 7, 5),
];

#[test]
fn every_scheme_on_hand_checked_boards() {
    let snake = tiny_pack(SNAKE_WORDS, false);
    let qu = tiny_pack(QU_WORDS, true);
    for &(scheme, score, words, qu_score, qu_words) in EXPECTED {
        let scoring: Scoring = scheme.parse().unwrap();
        assert_eq!(
            solve_with(&snake, SNAKE, scoring.clone(), Adjacency::King),
            (score, words),
            "{scheme} on {SNAKE}"
        );
        assert_eq!(
            solve_with(&qu, QU, scoring, Adjacency::King),
            (qu_score, qu_words),
            "{scheme} on {QU}"
        );
    }
    // Without diagonals `aei` is gone: one word and one point fewer.
    assert_eq!(
        solve_with(&snake, SNAKE, Scoring::boggle(), Adjacency::NoDiagonals),
        (35, 8)
    );
    // Without diagonals `it`, `quit`, `quite` and `tie` need the i→t
    // diagonal; `qui` and `quiet` (qu→i→e→t) remain.
    assert_eq!(
        solve_with(&qu, QU, Scoring::words(), Adjacency::NoDiagonals),
        (2, 2)
    );
}

#[test]
fn words_scoring_counts_the_words() {
    // On rolled boards with a real pack, `words` scoring gives score = count,
    // and the word count matches every other scheme with the same minimum.
    let en = solve::packs::builtin("en").unwrap();
    let rules = FaceRules::from_pack(&en).unwrap();
    let set = solve::random::DiceSet::builtin("classic").unwrap();
    let roller =
        solve::random::Roller::dice(&set, &rules, grid::Shape::rect(4, 4).unwrap()).unwrap();
    let make = |scoring: &str, min_len: usize| {
        let mut r = Rules::for_pack(&en);
        r.scoring = scoring.parse().unwrap();
        r.min_len = min_len;
        Solver::with_rules(&en, r).unwrap()
    };
    let mut words = make("words", 3);
    let mut boggle = make("boggle", 3);
    let mut hunt = make("word-hunt", 3);
    let mut big = make("big-boggle", 4);
    let mut words4 = make("words", 4);
    for seed in 0..30 {
        let board = roller.roll(&mut solve::random::Rng::new(seed));
        let w = words.tally(&board).unwrap();
        assert_eq!(w.score, w.words);
        assert_eq!(boggle.tally(&board).unwrap().words, w.words);
        assert_eq!(hunt.tally(&board).unwrap().words, w.words);
        let b = big.tally(&board).unwrap();
        let w4 = words4.tally(&board).unwrap();
        assert_eq!(b.words, w4.words);
        assert_eq!(w4.score, w4.words);
        // Big Boggle drops exactly the 3-letter words.
        let threes = words
            .solve(&board)
            .unwrap()
            .words
            .iter()
            .filter(|x| x.len == 3)
            .count() as u64;
        assert_eq!(
            w.words - threes,
            b.words,
            "{}",
            rules.text(&board, TextStyle::Rows)
        );
    }
}

#[test]
fn scoring_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let snake = dir.path().join("snake.pack");
    std::fs::write(&snake, tiny_pack_bytes(SNAKE_WORDS, false)).unwrap();
    let qu = dir.path().join("qu.pack");
    std::fs::write(&qu, tiny_pack_bytes(QU_WORDS, true)).unwrap();
    for &(scheme, score, words, qu_score, qu_words) in EXPECTED {
        for (pack, board, score, words) in
            [(&snake, SNAKE, score, words), (&qu, QU, qu_score, qu_words)]
        {
            let out = boggle()
                .args(["solve", "--json", "--scoring", scheme, "--pack"])
                .arg(pack)
                .arg(board)
                .output()
                .unwrap();
            let json: serde_json::Value = serde_json::from_slice(&crate::common::ok_stdout(
                out,
                &format!("boggle solve --scoring {scheme}"),
            ))
            .unwrap();
            assert_eq!(json["score"], score, "{scheme} on {board}");
            assert_eq!(json["word_count"], words, "{scheme} on {board}");
        }
    }
}

fn parse_tiny(words: &[&str], board: &str) -> (Pack, Board) {
    let pack = tiny_pack(words, false);
    let board = FaceRules::from_pack(&pack).unwrap().parse(board).unwrap();
    (pack, board)
}

/// The solver and the brute force find the same words on a 5x5 shaped
/// board, with and without wrap-around.
fn agrees_with_brute_force(words: &[&str], pack: &Pack, board: &Board) {
    let dict: HashSet<String> = words.iter().map(|s| s.to_string()).collect();
    for wrap in [false, true] {
        let brute = brute_force(5, 5, &cells_of(board), &dict, true, wrap, 1);
        assert_eq!(found(pack, board, wrap), brute, "wrap {wrap}");
    }
}

fn found(pack: &Pack, board: &Board, wrap: bool) -> BTreeSet<String> {
    let mut rules = Rules::for_pack(pack);
    rules.wrap = wrap;
    rules.min_len = 1;
    Solver::with_rules(pack, rules)
        .unwrap()
        .solve(board)
        .unwrap()
        .words
        .into_iter()
        .map(|w| w.word)
        .collect()
}

#[test]
fn word_hunt_donut_parses_and_solves() {
    // The shape documented in solve::random: 5x5, center blank.
    let words = [
        "ghi", "glp", "hm", "lr", "lm", "hr", "gms", "abcde", "ejnty",
    ];
    let (pack, board) = parse_tiny(&words, "abcde/fghij/kl.mn/oprst/uvwxy");
    assert_eq!((board.rows(), board.cols()), (5, 5));
    assert_eq!(cells_of(&board)[12], None);
    assert_eq!(cells_of(&board).iter().flatten().count(), 24);
    // `lm` and `hr` would need to cross the hole; `gms` to step on it.
    let expect: BTreeSet<String> = ["ghi", "glp", "hm", "lr", "abcde", "ejnty"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(found(&pack, &board, false), expect);
    agrees_with_brute_force(&words, &pack, &board);
}

#[test]
fn word_hunt_cross_parses_and_solves() {
    // The shape documented in solve::random: 5x5, the four corners blank.
    let words = [
        "bf", "dj", "fk", "pv", "xt", "bcd", "ab", "fa", "vwx", "kp", "bd",
    ];
    let (pack, board) = parse_tiny(&words, ".bcd./fghij/klmno/prstu/.vwx.");
    assert_eq!((board.rows(), board.cols()), (5, 5));
    for corner in [0, 4, 20, 24] {
        assert_eq!(cells_of(&board)[corner], None);
    }
    assert_eq!(cells_of(&board).iter().flatten().count(), 21);
    let expect: BTreeSet<String> = ["bf", "dj", "fk", "pv", "xt", "bcd", "vwx", "kp"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(found(&pack, &board, false), expect);
    agrees_with_brute_force(&words, &pack, &board);
    // The board's text form reads back as the same shape.
    let faces = FaceRules::from_pack(&pack).unwrap();
    let again = faces.parse(&faces.text(&board, TextStyle::Rows)).unwrap();
    assert_eq!(again, board);
}
