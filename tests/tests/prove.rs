//! The prover's soundness against exhaustive enumeration: on small
//! alphabets, random dictionaries and 2x2, 2x3 and 3x3 boards, `boggle
//! prove`'s branch and bound must report exactly the boards (up to symmetry)
//! that scoring every board with the brute force finds at or above the
//! threshold, with the same scores.
//!
//! The oracle shares nothing with `solve`: the brute force in
//! `boggle_tests::brute`, a points table and the board symmetries written
//! here. `solve` is used only to read the prover's board texts back into
//! cells.

use std::collections::{BTreeMap, BTreeSet};

use boggle_tests::brute::{brute_solve, Dictionary, Rng};
use grid::Adjacency;
use job::{Cancel, Control};
use prep::{Pack, PackBuilder, Recipe};
use prove::{ProveOptions, Prover, Switchover};
use solve::{FaceRules, Rules, Scoring};

/// A recipe over `alphabet`, every word of one letter or more kept; `q`
/// reads `qu` when the alphabet has a q.
fn recipe(alphabet: &str) -> Recipe {
    let aliases = if alphabet.contains('q') {
        "[board.aliases]\nq = \"qu\"\n"
    } else {
        ""
    };
    let text = format!(
        "name = \"small\"\nalphabet = \"{alphabet}\"\n[language]\ncode = \"xx\"\nname = \"Test\"\n\
         [filter]\nmin_len = 1\n[board]\nmin_word_len = 1\nscoring = \"words\"\n{aliases}"
    );
    Recipe::from_toml(&text, "small").unwrap()
}

/// Points by length in letters, as the README's schemes say.
fn points(scheme: &str, len: usize, min_len: usize) -> u64 {
    if len < min_len {
        return 0;
    }
    match scheme {
        "words" => 1,
        "boggle" => match len {
            0..=2 => 0,
            3 | 4 => 1,
            5 => 2,
            6 => 3,
            7 => 5,
            _ => 11,
        },
        _ => unreachable!(),
    }
}

/// The cell permutations that map a rows x cols grid onto itself (as
/// `to[i]`, the cell cell `i` goes to).
fn symmetries(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    // Flips and the half turn; on a square, the transposes and quarter turns.
    let kinds = if rows == cols { 8 } else { 4 };
    (0..kinds)
        .map(|kind| {
            (0..rows * cols)
                .map(|i| {
                    let (r, c) = (i / cols, i % cols);
                    let (r2, c2) = match kind {
                        0 => (r, c),
                        1 => (rows - 1 - r, c),
                        2 => (r, cols - 1 - c),
                        3 => (rows - 1 - r, cols - 1 - c),
                        4 => (c, r),
                        5 => (cols - 1 - c, r),
                        6 => (c, rows - 1 - r),
                        _ => (cols - 1 - c, rows - 1 - r),
                    };
                    r2 * cols + c2
                })
                .collect()
        })
        .collect()
}

/// A board's key up to symmetry: the smallest image's faces.
fn key(cells: &[String], syms: &[Vec<usize>]) -> Vec<String> {
    syms.iter()
        .map(|to| {
            let mut moved = vec![String::new(); cells.len()];
            for (i, &j) in to.iter().enumerate() {
                moved[j] = cells[i].clone();
            }
            moved
        })
        .min()
        .unwrap()
}

struct Case {
    rows: usize,
    cols: usize,
    alphabet: &'static str,
    /// The faces a cell may hold (a `q` cell reads `qu`).
    faces: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        rows: 2,
        cols: 2,
        alphabet: "aeqtu",
        faces: &["a", "e", "qu", "t", "u"],
    },
    Case {
        rows: 2,
        cols: 3,
        alphabet: "aest",
        faces: &["a", "e", "s", "t"],
    },
    Case {
        rows: 3,
        cols: 3,
        alphabet: "aet",
        faces: &["a", "e", "t"],
    },
    // Twelve cells, the bucket rule of ten to twelve (three in the inner
    // cells, two elsewhere; with two faces, one face a bucket).
    Case {
        rows: 3,
        cols: 4,
        alphabet: "at",
        faces: &["a", "t"],
    },
    // Sixteen, the rule beyond twelve (the corners whole, three buckets
    // in the cells of four neighbours or more).
    Case {
        rows: 4,
        cols: 4,
        alphabet: "at",
        faces: &["a", "t"],
    },
];

fn random_words(rng: &mut Rng, alphabet: &str, n: usize) -> Vec<String> {
    let letters: Vec<char> = alphabet.chars().collect();
    (0..n)
        .map(|_| {
            let len = 1 + rng.below(6);
            let mut w = String::new();
            for _ in 0..len {
                let c = letters[rng.below(letters.len())];
                w.push(c);
                if c == 'q' {
                    w.push('u');
                }
            }
            w
        })
        .collect()
}

#[test]
fn the_prover_finds_exactly_the_boards_enumeration_finds() {
    let mut rng = Rng::new(18);
    let mut nonempty = 0;
    for round in 0..6 {
        for case in CASES {
            let (rows, cols) = (case.rows, case.cols);
            let count = 6 + rng.below(25);
            let words = random_words(&mut rng, case.alphabet, count);
            let list: String = words.iter().map(|w| format!("{w}\n")).collect();
            let (bytes, _) = PackBuilder::new(recipe(case.alphabet))
                .build_bytes(list.as_bytes(), "words.txt")
                .unwrap();
            let pack = Pack::from_vec(bytes, "small").unwrap();
            let scheme = if rng.below(2) == 0 { "words" } else { "boggle" };
            let diagonals = rng.below(3) != 0;
            let min_len = 1 + rng.below(3);
            let rules = Rules {
                adjacency: if diagonals {
                    Adjacency::King
                } else {
                    Adjacency::NoDiagonals
                },
                scoring: if scheme == "words" {
                    Scoring::words()
                } else {
                    Scoring::boggle()
                },
                min_len,
                ..Rules::for_pack(&pack)
            };
            let min_len = rules.min_len;

            // Enumeration: every board, scored by the brute force.
            let dict = Dictionary::exhaustive(pack.words().unwrap());
            let syms = symmetries(rows, cols);
            let n = rows * cols;
            let mut scores: BTreeMap<Vec<String>, u64> = BTreeMap::new();
            let mut digits = vec![0usize; n];
            loop {
                let cells: Vec<String> =
                    digits.iter().map(|&d| case.faces[d].to_string()).collect();
                // One brute force a symmetry class: boards that are turns or
                // flips of each other score the same.
                if let std::collections::btree_map::Entry::Vacant(entry) =
                    scores.entry(key(&cells, &syms))
                {
                    let opt: Vec<Option<String>> = cells.iter().cloned().map(Some).collect();
                    let found = brute_solve(rows, cols, &opt, &dict, diagonals, false, min_len);
                    let score: u64 = found
                        .keys()
                        .map(|w| points(scheme, w.chars().count(), min_len))
                        .sum();
                    entry.insert(score);
                }
                // Next board, as a base-|faces| counter.
                let mut k = 0;
                while k < n {
                    digits[k] += 1;
                    if digits[k] < case.faces.len() {
                        break;
                    }
                    digits[k] = 0;
                    k += 1;
                }
                if k == n {
                    break;
                }
            }
            let mut ranked: Vec<u64> = scores.values().copied().collect();
            ranked.sort_unstable_by(|a, b| b.cmp(a));
            // A threshold somewhere in the top scores, or past the best.
            let threshold = match rng.below(4) {
                0 => ranked[0] + 1,
                _ => ranked[rng.below(ranked.len().min(30))].max(1),
            };
            let expected: BTreeMap<Vec<String>, u64> = scores
                .iter()
                .filter(|(_, &s)| s >= threshold)
                .map(|(k, &s)| (k.clone(), s))
                .collect();

            let prover = Prover::new(&pack, rules, rows, cols).unwrap();
            let mut faces: Vec<&str> = prover.faces().iter().map(String::as_str).collect();
            faces.sort_unstable();
            let mut want: Vec<&str> = case.faces.to_vec();
            want.sort_unstable();
            assert_eq!(faces, want, "the prover's faces");
            // Forcing by merging, then walking (the default); merging down
            // to single boards; walking from the class's tree.
            let strategy = [
                Switchover::default(),
                Switchover {
                    percent: 0,
                    cells: 0,
                },
                Switchover {
                    percent: u32::MAX,
                    cells: n,
                },
            ][round % 3];
            // Classes built whole; every class split down to single boards
            // before its tree is built (no room for a path); some split,
            // some built a face at a time and some merges walked instead
            // (600 and 2000 bytes: each fails the test if any of those is
            // skipped).
            let class_memory = [0, 2000, 600, 600, 1, 0][round];
            let proof = prover
                .run(&ProveOptions {
                    threshold: u32::try_from(threshold).unwrap(),
                    switchover: strategy,
                    class_memory,
                    ..ProveOptions::default()
                })
                .unwrap();
            assert!(proof.complete);
            let reader = FaceRules::from_pack(&pack).unwrap();
            let mut got: BTreeMap<Vec<String>, u64> = BTreeMap::new();
            for b in &proof.boards {
                let board = reader.parse(&b.board).unwrap();
                assert_eq!((board.rows(), board.cols()), (rows, cols), "{}", b.board);
                let cells: Vec<String> =
                    (0..n).map(|i| board.face(i).unwrap().to_string()).collect();
                let k = key(&cells, &syms);
                assert_eq!(
                    scores.get(&k),
                    Some(&b.score),
                    "{}: the prover's score against the brute force",
                    b.board
                );
                assert!(got.insert(k, b.score).is_none(), "{} twice", b.board);
            }
            let context = format!(
                "round {round}, {strategy:?}, class memory {class_memory}, {rows}x{cols}, {scheme}, min_len {min_len}, diagonals {diagonals}, \
                 threshold {threshold}, words {words:?}"
            );
            assert_eq!(got, expected, "{context}");
            let distinct: BTreeSet<_> = proof.boards.iter().map(|b| &b.board).collect();
            assert_eq!(distinct.len(), proof.boards.len());
            nonempty += usize::from(!expected.is_empty());
        }
    }
    assert!(
        nonempty >= 6,
        "too few cases with boards to find: {nonempty}"
    );
}

/// A 2x3 prover for 40 random words over a, e, s, t (from `seed`), words of
/// two letters and up.
fn small_prover(seed: u64) -> Prover {
    let mut rng = Rng::new(seed);
    let words = random_words(&mut rng, "aest", 40);
    let list: String = words.iter().map(|w| format!("{w}\n")).collect();
    let (bytes, _) = PackBuilder::new(recipe("aest"))
        .build_bytes(list.as_bytes(), "words.txt")
        .unwrap();
    let pack = Pack::from_vec(bytes, "small").unwrap();
    let rules = Rules {
        min_len: 2,
        ..Rules::for_pack(&pack)
    };
    Prover::new(&pack, rules, 2, 3).unwrap()
}

/// A run stopped after some parts and resumed with those parts marked done
/// finds what one uninterrupted run finds; so do shards, merged.
#[test]
fn resumed_and_sharded_runs_agree_with_one_run() {
    use std::num::NonZeroUsize;
    use std::sync::Mutex;

    let prover = small_prover(1818);
    let options = |threshold| ProveOptions {
        threshold,
        control: Control::with_threads(NonZeroUsize::new(1)),
        ..ProveOptions::default()
    };
    // A threshold that leaves a few dozen boards.
    let all = prover.run(&options(1)).unwrap();
    let threshold = u32::try_from(all.boards[all.boards.len().min(40) - 1].score).unwrap();
    let full = prover.run(&options(threshold)).unwrap();
    assert!(full.complete && full.parts > 20, "{} parts", full.parts);
    let set = |boards: &[prove::Scored]| -> BTreeSet<(String, u64)> {
        boards.iter().map(|b| (b.board.clone(), b.score)).collect()
    };
    let expected = set(&full.boards);
    assert!(!expected.is_empty());

    // Stop after 7 parts, keeping what a checkpoint would: the parts done
    // and their boards.
    let stop = Cancel::new();
    let saved: Mutex<(BTreeSet<u64>, Vec<prove::Scored>)> = Mutex::default();
    let record = |index: u64, boards: &[prove::Scored]| {
        let mut s = saved.lock().unwrap();
        s.0.insert(index);
        s.1.extend_from_slice(boards);
        if s.0.len() >= 7 {
            stop.cancel();
        }
    };
    let first = prover
        .run(&ProveOptions {
            control: Control {
                cancel: stop.clone(),
                ..Control::with_threads(NonZeroUsize::new(1))
            },
            on_part: Some(&record),
            ..options(threshold)
        })
        .unwrap();
    assert!(!first.complete);
    let (done, mut boards) = saved.into_inner().unwrap();
    assert_eq!(done.len() as u64, first.parts_done);
    let is_done = |i: u64| done.contains(&i);
    let second = prover
        .run(&ProveOptions {
            done: Some(&is_done),
            ..options(threshold)
        })
        .unwrap();
    assert!(second.complete);
    assert_eq!(second.parts_done, second.parts);
    boards.extend(second.boards);
    assert_eq!(set(&boards), expected, "resumed");

    // Three shards, merged.
    let mut merged = Vec::new();
    let mut parts = 0;
    for k in 1..=3 {
        let shard = prover
            .run(&ProveOptions {
                shard: Some(prove::Shard::new(k, 3).unwrap()),
                ..options(threshold)
            })
            .unwrap();
        assert!(shard.complete);
        parts += shard.parts;
        merged.extend(shard.boards);
    }
    assert_eq!(parts, full.parts);
    assert_eq!(set(&merged), expected, "shards");
}

/// A sample runs classes the proof runs: every board a sampled class finds
/// is one the proof finds, and the sample's estimate of how many classes
/// the proof runs is close to the count the proof reports.
#[test]
fn a_sample_runs_classes_the_proof_runs() {
    use std::num::NonZeroUsize;

    let prover = small_prover(2026);
    let options = |threshold| ProveOptions {
        threshold,
        control: Control::with_threads(NonZeroUsize::new(2)),
        ..ProveOptions::default()
    };
    let all = prover.run(&options(1)).unwrap();
    let threshold = u32::try_from(all.boards[all.boards.len().min(20) - 1].score).unwrap();
    let full = prover.run(&options(threshold)).unwrap();
    let proven: BTreeSet<(String, u64)> = full
        .boards
        .iter()
        .map(|b| (b.board.clone(), b.score))
        .collect();
    let sample = prover.sample(400, 7, &options(threshold)).unwrap();
    assert_eq!(sample.classes.len(), 400);
    assert!(sample.drawn >= 400);
    let mut found = 0;
    for class in &sample.classes {
        assert!(class.classes >= 1);
        for b in &class.boards {
            assert!(
                proven.contains(&(b.board.clone(), b.score)),
                "{} ({}) is not in the proof",
                b.board,
                b.score
            );
            found += 1;
        }
    }
    assert!(found > 0, "the sample found no board at all");
    // The proof bounds, for each class it runs, that class and the ones
    // forcing makes: the sample's mean of that, times its estimate of the
    // classes run, is an estimate of the proof's count.
    let projection = sample.projection().unwrap();
    let per_class = sample.classes.iter().map(|c| c.classes as f64).sum::<f64>() / 400.0;
    let estimate = projection.classes * per_class;
    let ratio = estimate / full.classes as f64;
    assert!(
        (0.8..1.25).contains(&ratio),
        "the sample estimates {estimate} classes bounded, the proof bounded {}",
        full.classes
    );
}

/// The slices of one seed partition the proof: each finds only boards the
/// proof finds, together they find them all, and their classes add up to
/// the proof's, which is the class count a projection multiplies.
#[test]
fn the_slices_of_a_seed_make_the_proof() {
    use std::num::NonZeroUsize;

    let prover = small_prover(7070);
    let options = |threshold| ProveOptions {
        threshold,
        control: Control::with_threads(NonZeroUsize::new(2)),
        ..ProveOptions::default()
    };
    let all = prover.run(&options(1)).unwrap();
    let threshold = u32::try_from(all.boards[all.boards.len().min(30) - 1].score).unwrap();
    let full = prover.run(&options(threshold)).unwrap();
    let set = |boards: &[prove::Scored]| -> BTreeSet<(String, u64)> {
        boards.iter().map(|b| (b.board.clone(), b.score)).collect()
    };
    let expected = set(&full.boards);
    assert!(full.complete && !expected.is_empty());
    assert!(full.assigned > 20, "{} classes", full.assigned);
    assert!(full.cpu_seconds > 0.0);
    for seed in [3, 4] {
        let (mut found, mut assigned, mut classes) = (BTreeSet::new(), 0, 0);
        for k in 1..=4 {
            let slice = prove::Slice::new(k, 4, seed).unwrap();
            let part = prover
                .run(&ProveOptions {
                    slice: Some(slice),
                    ..options(threshold)
                })
                .unwrap();
            assert!(part.complete);
            // About a quarter of the classes each.
            assert!(
                part.assigned > 0 && part.assigned < full.assigned,
                "{slice}: {} of {}",
                part.assigned,
                full.assigned
            );
            let boards = set(&part.boards);
            assert!(boards.is_subset(&expected), "{slice}");
            found.extend(boards);
            assigned += part.assigned;
            classes += part.classes;
        }
        assert_eq!(found, expected, "seed {seed}");
        assert_eq!((assigned, classes), (full.assigned, full.classes));
    }
    // The classes a projection counts are the classes the proof runs.
    assert_eq!(prover.class_count(), full.assigned as f64);
    let projection = prover
        .sample(40, 5, &options(threshold))
        .unwrap()
        .projection()
        .unwrap();
    assert_eq!(projection.classes, full.assigned as f64);
}
