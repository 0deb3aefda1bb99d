//! The counts checked against each other, against brute force and against
//! published sequences.

use std::num::NonZeroUsize;

use grid::{Adjacency, Neighbors};

use job::{Cancel, Progress};

use super::*;

fn king(rows: usize, cols: usize) -> Grid {
    Grid::king(rows, cols)
}

fn rook(rows: usize, cols: usize) -> Grid {
    Grid::rook(rows, cols)
}

fn shape(rows: usize, cols: usize, adjacency: Adjacency, wrap: bool) -> Grid {
    Grid::new(rows, cols, adjacency, wrap)
}

/// Options whose count stops when `cancel` is set.
fn cancelled_by(cancel: &Cancel) -> CountOptions<'static> {
    CountOptions {
        control: Control {
            cancel: cancel.clone(),
            ..Control::default()
        },
        ..CountOptions::default()
    }
}

fn counts(shape: Grid, symmetry: bool) -> Vec<u128> {
    let options = CountOptions {
        symmetry,
        ..CountOptions::default()
    };
    count_paths(shape, usize::MAX, &options).unwrap()
}

fn total(shape: Grid) -> u128 {
    counts(shape, true).iter().sum()
}

/// The plainest possible count: recursion over the neighbor lists, a
/// `Vec<bool>` of used cells, no masks, no symmetry, no tasks.
fn naive(shape: Grid) -> Vec<u128> {
    fn go(n: &Neighbors, used: &mut [bool], cell: usize, len: usize, out: &mut [u128]) {
        out[len] += 1;
        for &j in n.of(cell) {
            if !used[j as usize] {
                used[j as usize] = true;
                go(n, used, j as usize, len + 1, out);
                used[j as usize] = false;
            }
        }
    }
    let n = Neighbors::new(shape);
    let mut out = vec![0; n.cells() + 1];
    let mut used = vec![false; n.cells()];
    for i in 0..n.cells() {
        used[i] = true;
        go(&n, &mut used, i, 1, &mut out);
        used[i] = false;
    }
    out
}

#[test]
fn count_king_totals() {
    assert_eq!(total(king(1, 1)), 1);
    assert_eq!(total(king(2, 2)), 64);
    assert_eq!(total(king(3, 3)), 10_305);
    assert_eq!(total(king(4, 4)), 12_029_640);
}

#[test]
fn count_no_diagonal_totals() {
    assert_eq!(total(rook(1, 1)), 1);
    assert_eq!(total(rook(2, 2)), 28);
    assert_eq!(total(rook(3, 3)), 653);
    assert_eq!(total(rook(4, 4)), 28_512);
    assert_eq!(total(rook(5, 5)), 3_060_417);
}

#[test]
fn count_4x4_by_length() {
    let king_table: [u128; 16] = [
        16, 100, 508, 2272, 8984, 31656, 99928, 283400, 720384, 1626160, 3220808, 5531072, 8175592,
        10425784, 11686456, 12029640,
    ];
    let rook_table: [u128; 16] = [
        16, 64, 168, 400, 832, 1632, 2880, 4856, 7496, 11192, 15288, 20040, 23816, 26728, 27960,
        28512,
    ];
    for (shape, table) in [(king(4, 4), king_table), (rook(4, 4), rook_table)] {
        let cum = cumulative(&counts(shape, true));
        assert_eq!(cum[0], 0);
        assert_eq!(cum[1..], table);
        // A shorter limit stops the count there, with the same numbers.
        for max_len in [1, 2, 3, 7] {
            let short = count_paths(shape, max_len, &CountOptions::default()).unwrap();
            assert_eq!(cumulative(&short)[1..], table[..max_len]);
        }
    }
}

#[test]
fn count_matches_a_naive_walk() {
    for (r, c) in [(1, 1), (1, 6), (2, 3), (3, 3), (3, 4), (2, 5)] {
        for adjacency in [Adjacency::King, Adjacency::NoDiagonals] {
            for wrap in [false, true] {
                let s = shape(r, c, adjacency, wrap);
                if s == shape(3, 4, Adjacency::King, true) {
                    continue; // 55 million paths: too slow for the naive walk
                }
                assert_eq!(counts(s, true), naive(s), "{s:?}");
            }
        }
    }
}

#[test]
fn count_symmetry_on_and_off_agree() {
    let shapes = [
        king(3, 4),
        rook(3, 4),
        king(2, 5),
        rook(2, 5),
        king(4, 3),
        rook(5, 5),
        shape(3, 3, Adjacency::King, true),
        shape(3, 4, Adjacency::NoDiagonals, true),
        shape(2, 5, Adjacency::King, true),
        shape(4, 4, Adjacency::NoDiagonals, true),
        shape(1, 7, Adjacency::King, true),
    ];
    for s in shapes {
        assert_eq!(counts(s, true), counts(s, false), "{s:?}");
    }
}

#[test]
fn count_threads_and_limits() {
    let one = CountOptions {
        control: Control::with_threads(NonZeroUsize::new(1)),
        ..CountOptions::default()
    };
    assert_eq!(
        count_paths(king(3, 3), 9, &one).unwrap(),
        counts(king(3, 3), true)
    );
    let long = count_paths(king(2, 2), 100, &CountOptions::default()).unwrap();
    assert_eq!(long, [0, 4, 12, 24, 24]);
    assert_eq!(
        count_paths(king(3, 3), 0, &CountOptions::default()).unwrap(),
        [0]
    );
    // 81 cells, 272 edges walked two ways, and a middle cell of degree d
    // starts d(d-1) paths of three cells: 4 corners of degree 3, 28 edge
    // cells of degree 5, 49 inner cells of degree 8.
    assert_eq!(
        count_paths(king(9, 9), 3, &CountOptions::default()),
        Ok(vec![0, 81, 544, 4 * 6 + 28 * 20 + 49 * 56])
    );
    assert_eq!(
        count_paths(king(9, 9), 3, &with(Engine::Dfs)),
        Err(CountError::TooLarge {
            rows: 9,
            cols: 9,
            cells: 81
        })
    );
    assert_eq!(
        count_paths(king(0, 3), 3, &CountOptions::default()),
        Err(CountError::Empty)
    );
}

#[test]
fn count_cancelled_is_no_count_and_checked_walks_agree() {
    let flag = Cancel::new();
    let options = cancelled_by(&flag);
    for s in [king(4, 4), rook(4, 4), shape(3, 4, Adjacency::King, true)] {
        assert_eq!(
            count_paths(s, 16, &options).unwrap(),
            counts(s, true),
            "{s:?}"
        );
    }
    flag.cancel();
    assert!(matches!(
        count_paths(king(5, 5), 25, &options),
        Err(CountError::Interrupted { done: 0, .. })
    ));
}

#[test]
fn estimates_are_near_the_counts() {
    for s in [king(4, 4), rook(5, 5), king(4, 5)] {
        let exact: u128 = counts(s, true).iter().sum();
        let guess = estimate_paths(s, 64, 20_000, 1);
        let ratio = guess / exact as f64;
        assert!((0.5..2.0).contains(&ratio), "{s:?}: {guess} vs {exact}");
    }
}

#[test]
fn count_reports_progress() {
    let seen = std::sync::Mutex::new(Vec::new());
    let report = |p: &Progress| seen.lock().unwrap().push((p.done, p.total.unwrap()));
    let options = CountOptions {
        control: Control {
            progress: Some(&report),
            ..Control::default()
        },
        ..CountOptions::default()
    };
    count_paths(king(4, 4), 16, &options).unwrap();
    let mut seen = seen.into_inner().unwrap();
    seen.sort();
    let total = seen[0].1;
    assert!(total > 0);
    assert_eq!(seen, (0..=total).map(|d| (d, total)).collect::<Vec<_>>());
}

fn with(engine: Engine) -> CountOptions<'static> {
    CountOptions {
        engine,
        ..CountOptions::default()
    }
}

/// Both engines, by length and in total, on one shape.
fn engines_agree(s: Grid, max_len: usize) {
    let dfs = count_paths(s, max_len, &with(Engine::Dfs)).unwrap();
    let sweep = count_paths(s, max_len, &with(Engine::Frontier)).unwrap();
    assert_eq!(sweep, dfs, "{s:?} up to {max_len} cells");
    if max_len >= s.rows * s.cols {
        let total = count_total(s, &with(Engine::Frontier)).unwrap();
        assert_eq!(total, dfs.iter().sum::<u128>(), "{s:?}");
    }
}

#[test]
fn frontier_matches_dfs_on_small_shapes() {
    for r in 1..=4 {
        for c in 1..=5 {
            for adjacency in [Adjacency::King, Adjacency::NoDiagonals] {
                for wrap in [false, true] {
                    if (r, c, adjacency, wrap) == (4, 5, Adjacency::King, true) {
                        continue; // the walk takes half a minute: in the slow test
                    }
                    engines_agree(shape(r, c, adjacency, wrap), r * c);
                }
            }
        }
    }
    // Paths cut short.
    for s in [king(4, 5), rook(5, 4), shape(3, 4, Adjacency::King, true)] {
        for max_len in [1, 2, 5, 11] {
            engines_agree(s, max_len);
        }
    }
}

/// Every board up to 5x5 king and 6x6 rook, flat and (as far as the walk
/// goes in seconds) torus, by both engines.
#[test]
#[ignore = "slow: about two minutes in release (the 5x5 king walk alone takes 20 s); .ci/run runs it"]
fn frontier_matches_dfs_up_to_5x5_king_and_6x6_rook() {
    for r in 1..=6 {
        for c in r..=6 {
            if c <= 5 {
                engines_agree(king(r, c), r * c);
            }
            engines_agree(rook(r, c), r * c);
            if r * c <= 20 {
                engines_agree(shape(r, c, Adjacency::King, true), r * c);
            }
            if c <= 5 {
                engines_agree(shape(r, c, Adjacency::NoDiagonals, true), r * c);
            }
        }
    }
}

/// OEIS A236690 (king) and A236753 (rook): directed paths on the n x n
/// board, one-cell paths included.
const A236690: [u128; 9] = [
    1,
    64,
    10_305,
    12_029_640,
    115_066_382_913,
    9_913_814_758_253_424,
    7_908_201_732_771_623_795_865,
    59_973_177_127_583_169_531_861_733_624,
    4_374_964_523_946_648_320_195_747_609_012_311_225,
];
const A236753: [u128; 12] = [
    1,
    28,
    653,
    28_512,
    3_060_417,
    873_239_772,
    687_430_009_069,
    1_532_025_110_398_168,
    9_829_526_954_625_359_697,
    183_563_561_823_425_961_932_572,
    10_056_737_067_604_248_527_218_979_485,
    1_626_248_896_102_138_091_401_810_358_337_184,
];

#[test]
fn frontier_gives_the_published_terms() {
    let sweep = with(Engine::Frontier);
    for n in 1..=7 {
        assert_eq!(count_total(king(n, n), &sweep), Ok(A236690[n - 1]), "{n}");
    }
    for n in 1..=9 {
        assert_eq!(count_total(rook(n, n), &sweep), Ok(A236753[n - 1]), "{n}");
    }
    // By length, the lengths add up to the total.
    let per_length = count_paths(king(6, 6), 36, &sweep).unwrap();
    assert_eq!(per_length.iter().sum::<u128>(), A236690[5]);
}

#[test]
#[ignore = "slow: about 45 s in release; .ci/run runs it"]
fn frontier_gives_the_largest_published_terms() {
    let sweep = with(Engine::Frontier);
    for n in 8..=9 {
        assert_eq!(count_total(king(n, n), &sweep), Ok(A236690[n - 1]), "{n}");
    }
    // 12x12 takes three minutes more: RECORDS.md gives the command.
    for n in 10..=11 {
        assert_eq!(count_total(rook(n, n), &sweep), Ok(A236753[n - 1]), "{n}");
    }
}

#[test]
fn wide_counts_equal_narrow_ones_and_go_past_them() {
    let sweep = with(Engine::Frontier);
    for s in [
        king(7, 7),
        rook(9, 9),
        shape(3, 5, Adjacency::King, true),
        king(3, 30),
    ] {
        let narrow = count_total(s, &sweep).unwrap();
        assert_eq!(
            count_total_wide(s, &sweep).unwrap().to_u128(),
            Some(narrow),
            "{s:?}"
        );
    }
    // Small boards go through the walk, in 128 bits, and come out wide.
    assert_eq!(
        count_total_wide(king(3, 3), &CountOptions::default()).unwrap(),
        U256::from(10_305u128)
    );
    // Past 2^128 the narrow count refuses and the wide one counts; each
    // column more has more paths than the one before.
    assert_eq!(
        count_total(king(3, 60), &sweep),
        Err(CountError::Overflow { bits: 128 })
    );
    let mut last = 0u128;
    let mut wide = Vec::new();
    for c in [55, 60, 65] {
        let n = count_total_wide(king(3, c), &sweep).unwrap();
        assert_eq!(n.to_u128(), None, "{c}");
        wide.push(n.to_string());
    }
    for pair in wide.windows(2) {
        assert!(pair[0].len() < pair[1].len(), "{pair:?}");
    }
    for c in 1..=30 {
        let n = count_total(king(3, c), &sweep).unwrap();
        assert!(n > last);
        last = n;
    }
}

#[test]
fn auto_takes_the_walk_for_small_counts_and_the_sweep_for_large() {
    assert_eq!(Engine::Auto.resolve(king(3, 3), 9), Engine::Dfs);
    assert_eq!(Engine::Auto.resolve(king(6, 6), 36), Engine::Frontier);
    // A short limit keeps the walk small.
    assert_eq!(Engine::Auto.resolve(king(6, 6), 3), Engine::Dfs);
    // Past 64 cells only the sweep counts.
    assert_eq!(Engine::Auto.resolve(king(9, 9), 3), Engine::Frontier);
    assert_eq!(Engine::Dfs.resolve(king(9, 9), 81), Engine::Dfs);
    for engine in [Engine::Auto, Engine::Dfs, Engine::Frontier] {
        assert_eq!(engine.name().parse::<Engine>(), Ok(engine));
    }
    assert!("bfs".parse::<Engine>().is_err());
}

#[test]
fn frontier_refuses_rather_than_guesses() {
    // A 3-wide king strip passes 2^128 paths well before 60 columns.
    assert_eq!(
        count_total(king(3, 60), &with(Engine::Frontier)),
        Err(CountError::Overflow { bits: 128 })
    );
    let tight = CountOptions {
        memory: Some(100_000),
        ..with(Engine::Frontier)
    };
    assert!(matches!(
        count_total(king(6, 6), &tight),
        Err(CountError::Memory { limit: 100_000, .. })
    ));
    // A rook torus 14 cells around keeps 29 on its sweep line: a row, the
    // row being swept, and the cell before.
    assert!(matches!(
        count_total(
            shape(14, 14, Adjacency::NoDiagonals, true),
            &with(Engine::Frontier)
        ),
        Err(CountError::TooWide { width: 29, .. })
    ));
    let flag = Cancel::new();
    flag.cancel();
    let cancelled = CountOptions {
        engine: Engine::Frontier,
        ..cancelled_by(&flag)
    };
    assert_eq!(
        count_total(king(6, 6), &cancelled),
        Err(CountError::Interrupted { done: 0, total: 36 })
    );
}

#[test]
fn frontier_reports_progress_by_cell() {
    let seen = std::sync::Mutex::new(Vec::new());
    let report = |p: &Progress| seen.lock().unwrap().push((p.done, p.total.unwrap()));
    let options = CountOptions {
        control: Control {
            progress: Some(&report),
            ..Control::default()
        },
        ..with(Engine::Frontier)
    };
    count_total(king(5, 6), &options).unwrap();
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen, (0..=30).map(|d| (d, 30)).collect::<Vec<_>>());
}
