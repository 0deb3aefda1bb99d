//! `solve`'s FST search against a brute-force solver (`crate::common::brute`) on
//! thousands of random small boards and dictionaries.
//!
//! Each case builds a pack in memory from a random word list with a tiny
//! custom recipe (alphabet `abcde`, `abcñ` to exercise a letter that takes
//! two UTF-8 bytes, or 40 letters to exercise the 64-bit letter masks), rolls a board of 1x1 to 4x5 cells holding single
//! letters, multi-letter faces (`ab`, `ñb`…), blanks and now and then a
//! letter outside the alphabet, and checks, under king or rook adjacency,
//! with and without wrap, `words` or `boggle` scoring and a minimum length of
//! 1 to 3:
//!
//! - the same set of words as the brute force, the same score and count;
//! - every path is valid (adjacent steps, no cell twice, no blank, spells
//!   the word) and every word's points are `Scoring::points(len)`;
//! - `Solver::tally` agrees with `Solver::solve`;
//! - every word carries its pack's (made-up) frequency, is marked rare
//!   exactly when under the line, and the common tally adds up the rest;
//!   one play in four counts only common words, and the brute force then
//!   searches those alone.
//!
//! Besides random words, each dictionary holds words read off random walks
//! on the board itself, so long words and multi-letter faces are found often.
//! Half the solvers are warmed up first (`Solver::warm_up`, the whole
//! lexicon decoded), half search the lazily decoded table.
//!
//! Case counts: 2,000 (`fresh_solver_per_board`) + 400 cases of 2 to 14
//! boards each (`one_solver_many_boards`) + 600 exhaustive, unpruned cases
//! (`exhaustive_paths_on_tiny_boards`) + 150 boards of 5x6 to 11x11
//! (`large_boards`), and 1,000 generated cases whose variety is asserted
//! (`random_cases_cover_the_interesting_paths`).

#[path = "solve_bruteforce/cases.rs"]
mod cases;

use crate::common::{compare, made_up_stored, neighbors, Dictionary};
use cases::*;
use prep::Pack;
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, TestCaseError};
use solve::{Board, Rules, Solver};

/// A solver with the case's rules, warmed up if the case says so.
fn solver(pack: &Pack, play: &Play) -> Solver {
    let mut solver = Solver::with_rules(pack, play.rules()).expect("a solver");
    warm_up(&mut solver, play);
    solver
}

/// Decodes the whole lexicon, in the layout the case asks for.
fn warm_up(solver: &mut Solver, play: &Play) {
    if play.wide {
        solver.warm_up_wide().unwrap();
    } else {
        solver.warm_up().unwrap();
    }
}

fn check(
    solver: &mut Solver,
    rules: &Rules,
    grid: &Grid,
    dict: &Dictionary,
    tally_first: bool,
) -> Result<solve::Solution, String> {
    let board = Board::new(grid.rows, grid.cols, grid.cells.clone()).expect("a valid shape");
    let (solution, tally) = if tally_first {
        let t = solver.tally(&board).unwrap();
        (solver.solve(&board).unwrap(), t)
    } else {
        let s = solver.solve(&board).unwrap();
        (s, solver.tally(&board).unwrap())
    };
    compare(
        grid.rows,
        grid.cols,
        &grid.cells,
        dict,
        rules,
        &solution,
        tally,
    )?;
    // Each word's frequency is the made-up one, it is rare exactly when
    // under the line, and the common tally adds up the others.
    let mut common = solve::Tally::default();
    for w in &solution.words {
        let zipf = made_up_stored(&w.word);
        if w.zipf != zipf {
            return Err(format!("{}: zipf {:?}, not {zipf:?}", w.word, w.zipf));
        }
        // The packs here have no verdicts: common is the line alone.
        if w.rare == zipf.is_some_and(|z| z >= rules.words.common) {
            return Err(format!("{}: rare is {} at zipf {zipf:?}", w.word, w.rare));
        }
        if rules.words.only_common && w.rare {
            return Err(format!("{}: a rare word counted", w.word));
        }
        if !w.rare {
            common.score += u64::from(w.score);
            common.words += 1;
        }
    }
    if solution.common != common {
        return Err(format!("common {:?}, not {common:?}", solution.common));
    }
    Ok(solution)
}

/// `cases` cases; a failing case is saved beside this file
/// (`solve_bruteforce.proptest-regressions`) and replayed first next time.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// Fails the case with `check`'s account and the dictionary.
fn verdict<T>(r: Result<T, String>, what: &str, pack: &Pack) -> Result<T, TestCaseError> {
    r.map_err(|e| {
        TestCaseError::fail(format!(
            "{what}: {e}\ndictionary: {:?}",
            pack.words().unwrap()
        ))
    })
}

fn fresh_solver(case: Case) -> Result<(), TestCaseError> {
    let (alphabet, ..) = ALPHABETS[case.alphabet];
    let (pack, listed) = pack(alphabet, &case.words());
    let listed = counted(&pack, listed, &case.play);
    // Small boards are checked against every path up to the longest word;
    // larger ones with prefix pruning (same answer, much faster).
    let dict = if case.grid.cells.len() <= 9 {
        Dictionary::exhaustive(listed)
    } else {
        Dictionary::pruned(listed)
    };
    let rules = case.play.rules();
    let mut solver = solver(&pack, &case.play);
    let tally_first = case.walks.len() & 1 == 0;
    let r = check(&mut solver, &rules, &case.grid, &dict, tally_first);
    verdict(r, "board", &pack)?;
    Ok(())
}

fn many_boards() -> impl Strategy<Value = (usize, Vec<String>, Vec<Grid>, Play)> {
    (0..ALPHABETS.len()).prop_flat_map(|a| {
        (
            Just(a),
            proptest::collection::vec(word(a), 1..60),
            proptest::collection::vec(grid(a, 4, 5), 2..15),
            play(),
        )
    })
}

fn one_solver(
    (alphabet, mut words, grids, play): (usize, Vec<String>, Vec<Grid>, Play),
) -> Result<(), TestCaseError> {
    let (letters, ..) = ALPHABETS[alphabet];
    // Walk words from the first board, so that board scores well and a leak
    // into the next board would show.
    let g = &grids[0];
    let walks: Vec<Walk> = (0..6)
        .map(|i| (i * 7 + 3, vec![i, 2 * i + 1, 5, i + 3, 1, 0]))
        .collect();
    words.extend(
        walk_words(g.rows, g.cols, &g.cells, play.king, play.wrap, &walks)
            .into_iter()
            .filter(|w| in_alphabet(alphabet, w)),
    );
    let (pack, listed) = pack(letters, &words);
    let dict = Dictionary::pruned(counted(&pack, listed, &play));
    let rules = play.rules();
    // Warm up (decode the whole lexicon) half way through, if at all: the
    // switch must not change any answer.
    let mut solver = Solver::with_rules(&pack, rules.clone()).expect("a solver");
    let mut first = None;
    for (i, grid) in grids.iter().enumerate() {
        if play.warm && i == grids.len() / 2 {
            warm_up(&mut solver, &play);
        }
        let what = format!("board {i} of {}", grids.len());
        let solution = verdict(
            check(&mut solver, &rules, grid, &dict, i % 3 == 1),
            &what,
            &pack,
        )?;
        if i == 0 {
            first = Some(solution);
        }
        // The same board twice in a row (same shape: cached table).
        if i % 4 == 2 {
            let again = check(&mut solver, &rules, grid, &dict, false);
            verdict(again, &format!("{what}, again"), &pack)?;
        }
    }
    // And the first board once more, after all the others.
    let again = check(&mut solver, &rules, &grids[0], &dict, false);
    let again = verdict(again, "first board again", &pack)?;
    prop_assert_eq!(Some(again), first);
    Ok(())
}

fn exhaustive_check(case: Case) -> Result<(), TestCaseError> {
    let (alphabet, ..) = ALPHABETS[case.alphabet];
    let (pack, listed) = pack(alphabet, &case.words());
    let listed = counted(&pack, listed, &case.play);
    let exhaustive = Dictionary::exhaustive(listed.clone());
    let pruned = Dictionary::pruned(listed);
    let rules = case.play.rules();
    let (g, diag, wrap) = (&case.grid, case.play.king, case.play.wrap);
    let brute = |d: &Dictionary| {
        crate::common::brute_solve(g.rows, g.cols, &g.cells, d, diag, wrap, rules.min_len)
    };
    let (a, b) = (brute(&exhaustive), brute(&pruned));
    prop_assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    let mut solver = solver(&pack, &case.play);
    let r = check(&mut solver, &rules, g, &exhaustive, false);
    verdict(r, "board", &pack)?;
    Ok(())
}

/// Boards of 5x6 to 11x11 (most over 64 cells), with up to 30 walk words.
fn large_case() -> impl Strategy<Value = Case> {
    (0..ALPHABETS.len()).prop_flat_map(|alphabet| {
        (
            (5..=11usize, 6..=11usize).prop_flat_map(move |(rows, cols)| {
                proptest::collection::vec(cell(alphabet), rows * cols).prop_map(move |cells| Grid {
                    rows,
                    cols,
                    cells,
                })
            }),
            proptest::collection::vec(word(alphabet), 1..60),
            proptest::collection::vec(
                (
                    any::<usize>(),
                    proptest::collection::vec(any::<usize>(), 0..7),
                ),
                0..30,
            ),
            play(),
        )
            .prop_map(move |(grid, words, walks, play)| Case {
                alphabet,
                grid,
                words,
                walks,
                play,
            })
    })
}

proptest! {
    #![proptest_config(config(2000))]

    /// One board, one fresh solver.
    #[test]
    fn fresh_solver_per_board(case in case(4, 5, 60)) {
        fresh_solver(case)?;
    }
}

proptest! {
    #![proptest_config(config(400))]

    /// One solver for many boards of varying shapes: the per-board stamps,
    /// scratch space and cached neighbor table must not leak between boards.
    #[test]
    fn one_solver_many_boards(input in many_boards()) {
        one_solver(input)?;
    }
}

proptest! {
    #![proptest_config(config(600))]

    /// Tiny boards against the unpruned brute force (every simple path up to
    /// the longest word), so the pruning itself is checked too.
    #[test]
    fn exhaustive_paths_on_tiny_boards(case in case(3, 3, 30)) {
        exhaustive_check(case)?;
    }
}

proptest! {
    #![proptest_config(config(150))]

    /// Larger boards (most over 64 cells, where the search keeps its used
    /// cells differently), with many walk words.
    #[test]
    fn large_boards(case in large_case()) {
        fresh_solver(case)?;
    }
}

/// Hand-picked corners: a 1x1 board, a multi-letter face that is a whole
/// word, a 2x2 torus (every other cell adjacent, once), a 1xN torus, a
/// two-byte letter, blanks, and the foreign face.
#[test]
fn corner_cases() {
    let w = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let cells = |s: &[&str]| {
        s.iter()
            .map(|x| (*x != ".").then(|| x.to_string()))
            .collect::<Vec<_>>()
    };
    // (alphabet, words, rows, cols, cells)
    type Corner = (&'static str, Vec<String>, usize, usize, Vec<Option<String>>);
    let cases: Vec<Corner> = vec![
        ("abcde", w(&["a", "ab", "b"]), 1, 1, cells(&["a"])),
        (
            "abcde",
            w(&["ab", "a", "abc", "cab"]),
            1,
            2,
            cells(&["ab", "c"]),
        ),
        (
            "abcde",
            w(&["abcd", "adcb", "acbd", "abdc", "ac", "aa"]),
            2,
            2,
            cells(&["a", "b", "c", "d"]),
        ),
        (
            "abcde",
            w(&["abcde", "aedcb", "ea", "ae", "eab", "bae", "cea"]),
            1,
            5,
            cells(&["a", "b", "c", "d", "e"]),
        ),
        (
            "abcñ",
            w(&["ñ", "ññ", "ñb", "añb", "ñba", "cñ", "bcñ"]),
            2,
            3,
            cells(&["ñ", "ñb", ".", "a", "x", "cñ"]),
        ),
        ("abcde", w(&["a", "aa"]), 2, 2, cells(&[".", ".", ".", "."])),
    ];
    let mut checked = 0;
    for (alphabet, words, rows, cols, cells) in cases {
        let (pack, listed) = pack(alphabet, &words);
        let dict = Dictionary::exhaustive(listed);
        for king in [true, false] {
            for wrap in [false, true] {
                for min_len in 1..=3 {
                    for words_scoring in [true, false] {
                        let play = Play {
                            king,
                            wrap,
                            words_scoring,
                            min_len,
                            warm: min_len >= 2,
                            wide: min_len == 3,
                            min_zipf: None,
                        };
                        let rules = play.rules();
                        let mut solver = solver(&pack, &play);
                        let grid = Grid {
                            rows,
                            cols,
                            cells: cells.clone(),
                        };
                        if let Err(e) = check(&mut solver, &rules, &grid, &dict, false) {
                            panic!("{e}");
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 6 * 24);
}

/// The brute force's adjacency, pinned on a few shapes (so both solvers
/// cannot agree on a wrong rule).
#[test]
fn brute_force_adjacency() {
    let n = neighbors(3, 3, true, false);
    assert_eq!(n[0], [1, 3, 4]);
    assert_eq!(n[4], [0, 1, 2, 3, 5, 6, 7, 8]);
    let n = neighbors(3, 3, false, false);
    assert_eq!(n[4], [1, 3, 5, 7]);
    assert_eq!(n[8], [5, 7]);
    let n = neighbors(3, 3, true, true);
    assert!(n.iter().all(|v| v.len() == 8));
    assert_eq!(n[0], [1, 2, 3, 4, 5, 6, 7, 8]);
    let n = neighbors(2, 2, true, true);
    assert_eq!(n[0], [1, 2, 3]);
    let n = neighbors(2, 2, false, true);
    assert_eq!(n[0], [1, 2]);
    let n = neighbors(1, 1, true, true);
    assert!(n[0].is_empty());
    let n = neighbors(1, 4, false, true);
    assert_eq!(n[0], [1, 3]);
    let n = neighbors(1, 2, true, true);
    assert_eq!(n, [vec![1], vec![0]]);
}

/// The random cases are not vacuous: most boards have words, and long words,
/// multi-letter faces, `ñ`, letters past the 32nd and steps across the
/// wrapped edge all occur.
#[test]
fn random_cases_cover_the_interesting_paths() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = case(4, 5, 60);
    let n = 1000;
    let (mut with_words, mut multi, mut long, mut enye, mut wrapped, mut blanks_and_foreign) =
        (0, 0, 0, 0, 0, 0);
    let mut total_words = 0;
    let mut wide = 0;
    let mut rare_skipped = 0;
    for _ in 0..n {
        let case = strategy.new_tree(&mut runner).unwrap().current();
        let g = &case.grid;
        let (alphabet, ..) = ALPHABETS[case.alphabet];
        let (pack, _) = pack(alphabet, &case.words());
        let mut solver = solver(&pack, &case.play);
        let board = Board::new(g.rows, g.cols, g.cells.clone()).unwrap();
        let s = solver.solve(&board).unwrap();
        total_words += s.word_count;
        // A board has words if it has any, common or rare.
        let mut any_words = s.word_count > 0;
        if case.play.min_zipf.is_some() {
            let all = Play {
                min_zipf: None,
                ..case.play.clone()
            };
            let every = self::solver(&pack, &all).solve(&board).unwrap();
            rare_skipped += usize::from(every.word_count > s.word_count);
            any_words |= every.word_count > 0;
        }
        with_words += usize::from(any_words);
        let face =
            |p: &solve::board::Pos| g.cells[p.row as usize * g.cols + p.col as usize].as_deref();
        multi += usize::from(s.words.iter().any(|w| {
            w.path
                .iter()
                .any(|p| face(p).is_some_and(|f| f.chars().count() > 1))
        }));
        long += usize::from(s.words.iter().any(|w| w.len >= 6));
        enye += usize::from(s.words.iter().any(|w| w.word.contains('ñ')));
        wide += usize::from(s.words.iter().any(|w| w.word.contains(['ж', 'й', 'н'])));
        wrapped += usize::from(s.words.iter().any(|w| {
            w.path
                .windows(2)
                .any(|s| s[0].row.abs_diff(s[1].row) > 1 || s[0].col.abs_diff(s[1].col) > 1)
        }));
        blanks_and_foreign += usize::from(
            s.word_count > 0
                && g.cells
                    .iter()
                    .any(|c| !matches!(c, Some(f) if in_alphabet(case.alphabet, f))),
        );
    }
    eprintln!(
        "{n} cases: {with_words} with words ({total_words} in all), \
         {multi} through a multi-letter face, {long} with a 6+ letter word, \
         {enye} with ñ, {wide} with a letter past the 32nd, \
         {wrapped} across a wrapped edge, {rare_skipped} skipping a rare word, \
         {blanks_and_foreign} with words and a blank or foreign cell"
    );
    assert!(
        with_words * 10 >= n * 8,
        "{with_words} of {n} boards have words"
    );
    assert!(
        multi * 10 >= n * 3,
        "{multi} of {n} use a multi-letter face"
    );
    assert!(long * 10 >= n * 2, "{long} of {n} have a 6+ letter word");
    assert!(enye * 10 >= n * 2, "{enye} of {n} have a word with ñ");
    assert!(
        wide * 10 >= n * 2,
        "{wide} of {n} have a word with a letter past the 32nd"
    );
    assert!(wrapped * 10 >= n, "{wrapped} of {n} cross a wrapped edge");
    assert!(
        rare_skipped * 10 >= n,
        "{rare_skipped} of {n} count only common words and skip a rare one"
    );
    assert!(
        blanks_and_foreign * 10 >= n * 3,
        "{blanks_and_foreign} of {n}"
    );
}
