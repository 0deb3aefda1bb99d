//! Tests of setting a proof up and of how a class is split and its tree made.

use job::Cancel;
use prep::{Pack, PackBuilder, Recipe};
use solve::Rules;

use super::Prover;
use crate::{ProveOptions, Scratch};

/// A prover for rows x cols king boards of a pack of four words.
pub(crate) fn tiny(rows: usize, cols: usize) -> Prover {
    let recipe = Recipe::builtin("enable").unwrap();
    let (bytes, _) = PackBuilder::new(recipe)
        .build_bytes(b"tea\neat\nstar\nrats\n", "tiny.txt")
        .unwrap();
    let pack = Pack::from_vec(bytes, "tiny").unwrap();
    Prover::new(&pack, Rules::for_pack(&pack), rows, cols).unwrap()
}

/// A 3x4 king prover over the faces a and t, with a few words of them,
/// each worth a point.
fn at_board() -> Prover {
    at_board_of("at ta tat att taa ata tata atat atta tatt taat attat tatta attatt")
}

/// A 3x4 king prover over the faces a and t with the words `words`
/// (spaced), each worth a point.
fn at_board_of(words: &str) -> Prover {
    let text = "name = \"small\"\nalphabet = \"at\"\n[language]\ncode = \"xx\"\n\
                name = \"Test\"\n[filter]\nmin_len = 1\n[board]\nmin_word_len = 1\n\
                scoring = \"words\"\n";
    let recipe = Recipe::from_toml(text, "small").unwrap();
    let list: String = words.split(' ').map(|w| format!("{w}\n")).collect();
    let (bytes, _) = PackBuilder::new(recipe)
        .build_bytes(list.as_bytes(), "at.txt")
        .unwrap();
    let pack = Pack::from_vec(bytes, "at").unwrap();
    Prover::new(&pack, Rules::for_pack(&pack), 3, 4).unwrap()
}

/// The boards a proof at `threshold` finds, best first.
fn boards(prover: &Prover, threshold: u32) -> Vec<(String, u64)> {
    let proof = prover
        .run(&ProveOptions {
            threshold,
            ..ProveOptions::default()
        })
        .unwrap();
    assert!(proof.complete);
    proof
        .boards
        .into_iter()
        .map(|b| (b.board, b.score))
        .collect()
}

#[test]
fn whole_cells_split_and_trees_made_a_face_at_a_time_find_the_same_boards() {
    let prover = at_board();
    // The corners start whole.
    assert_eq!(prover.whole, 1 | 1 << 3 | 1 << 8 | 1 << 11);
    let all = boards(&prover, 1);
    assert!(all.len() > 40, "{} boards", all.len());
    let threshold = all[20].1;
    let want: Vec<(String, u64)> = all.into_iter().filter(|b| b.1 >= threshold).collect();
    let threshold = u32::try_from(threshold).unwrap();
    assert_eq!(boards(&prover, threshold), want);
    // Every class split on its cells' faces, its whole cells' too, down
    // to single boards; every tree made a face at a time; both; classes
    // of many paths split and the rest not.
    for (split_paths, heavy_paths) in [(0, 0), (u64::MAX, 1), (0, 1), (2048, 0), (2048, 1)] {
        let p = Prover {
            split_paths,
            heavy_paths,
            ..prover.clone()
        };
        assert_eq!(boards(&p, threshold), want, "{split_paths}, {heavy_paths}");
    }
    // The splits and the trees made a face at a time do happen.
    let split = Prover {
        split_paths: 0,
        ..prover.clone()
    };
    let options = ProveOptions {
        threshold,
        ..ProveOptions::default()
    };
    let sampled = split.sample(8, 1, &options).unwrap();
    assert!(sampled.classes.iter().any(|c| c.split > 0));
    let mut scratch = Scratch {
        heavy: 1,
        ..Scratch::default()
    };
    prover.tree(&[prover.all; 12], &mut scratch, &Cancel::new());
    assert!(scratch.by_face && scratch.paths.len() > 0);
}

#[test]
fn classes_of_many_paths_split_on_their_next_cells_faces_find_the_same_boards() {
    // 2x3 has no whole cells: a class past `split_paths` is split on
    // the faces of its next cell, and its parts again while they pass
    // it, each part's paths gathered on its own.
    let prover = tiny(2, 3);
    assert_eq!(prover.whole, 0);
    for threshold in [3, 4] {
        let want = boards(&prover, threshold);
        assert!(!want.is_empty());
        for (split_paths, heavy_paths) in [(256, 0), (256, 1), (96, 1), (96, 0)] {
            let p = Prover {
                split_paths,
                heavy_paths,
                ..prover.clone()
            };
            assert_eq!(boards(&p, threshold), want, "{split_paths} at {threshold}");
            let options = ProveOptions {
                threshold,
                ..ProveOptions::default()
            };
            let sampled = p.sample(64, 1, &options).unwrap();
            // Some classes split, some of their parts again, some not.
            assert!(sampled.classes.iter().any(|c| c.split > 1));
            assert!(sampled.classes.iter().any(|c| c.split == 0));
        }
    }
    // A class's bound is its whole tree's, whatever a proof would split.
    let class = vec![prover.all; 6];
    let whole = prover.bound(&class);
    assert!(whole >= 4);
    let p = Prover {
        split_paths: 96,
        ..prover.clone()
    };
    assert_eq!(p.bound(&class), whole);
}

#[test]
fn a_class_of_every_face_made_a_face_at_a_time_finds_every_board() {
    // One class of both faces in every cell, its tree made a face at a
    // time from thousands of paths, given back as it goes (a page at a
    // time in unit tests): every board the proof finds, at thresholds
    // from the best score down to the least, so that boards with either
    // face in the first cell are wanted.
    let mut rng = grid::Rng::new(54);
    for _ in 0..4 {
        let words: Vec<String> = (0..8 + rng.below(20))
            .map(|_| {
                (0..2 + rng.below(5))
                    .map(|_| if rng.below(2) == 0 { 'a' } else { 't' })
                    .collect()
            })
            .collect();
        let plain = at_board_of(&words.join(" "));
        let all = boards(&plain, 1);
        let prover = Prover {
            heavy_paths: 1,
            ..plain
        };
        let mut scores: Vec<u64> = all.iter().map(|b| b.1).collect();
        scores.dedup();
        let n = scores.len();
        for threshold in [scores[0], scores[n / 4], scores[n / 2], scores[n - 1]] {
            let want: Vec<(String, u64)> =
                all.iter().filter(|b| b.1 >= threshold).cloned().collect();
            let options = ProveOptions {
                threshold: u32::try_from(threshold).unwrap(),
                ..ProveOptions::default()
            };
            let mut scratch = Scratch::default();
            let mut solver = prover.solver.clone();
            let mut class = vec![prover.all; 12];
            let (counts, found) = prover
                .run_class(&mut class, 12, &options, &mut solver, &mut scratch)
                .unwrap();
            assert!(counts.classes > 1);
            let mut got: Vec<(String, u64)> =
                found.into_iter().map(|b| (b.board, b.score)).collect();
            got.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            got.dedup();
            assert_eq!(got, want, "{words:?} at {threshold}");
        }
    }
}

/// How many buckets each cell of a rows x cols king board gets.
fn counts(rows: usize, cols: usize) -> Vec<usize> {
    tiny(rows, cols).buckets.iter().map(Vec::len).collect()
}

#[test]
fn paths_are_freed_once_their_tree_is_made_only_with_no_limit() {
    // Unit tests keep no paths past their tree (`tree::HEAVY_PATHS`).
    let prover = tiny(2, 2);
    let class = vec![prover.all; 4];
    let mut free = Scratch::default();
    let (root, union) = prover.tree(&class, &mut free, &Cancel::new());
    assert_eq!((free.paths.len(), free.held), (0, 0));
    // A limit may build the class again from its paths: they stay.
    let mut kept = Scratch {
        budget: 1 << 30,
        ..Scratch::default()
    };
    let (again, union_again) = prover.tree(&class, &mut kept, &Cancel::new());
    assert!(kept.paths.len() > 0 && kept.held > 0);
    // The same tree either way, and the peak counts the paths while
    // their tree was made, freed or not.
    assert!(root.bound() > 0);
    assert_eq!((root.bound(), union), (again.bound(), union_again));
    assert_eq!(free.peak, kept.peak);
}

/// The fixing order of a rows x cols king board.
fn order(rows: usize, cols: usize) -> Vec<usize> {
    tiny(rows, cols).order
}

#[test]
fn cells_are_fixed_most_neighbours_first_around_the_centre() {
    // The inner cells, the edges, the corners, each clockwise from the
    // upper left.
    #[rustfmt::skip]
    assert_eq!(order(4, 4), vec![5, 6, 10, 9, 1, 2, 7, 11, 14, 13, 8, 4, 0, 3, 15, 12]);
    assert_eq!(order(3, 3), vec![4, 1, 5, 7, 3, 0, 2, 8, 6]);
    // Wider than tall: the upper-left corner lies left of the upper
    // left's direction, so it comes last of the corners.
    #[rustfmt::skip]
    assert_eq!(order(3, 4), vec![6, 5, 1, 2, 7, 10, 9, 4, 3, 11, 8, 0]);
    // Every cell once, on any board.
    for (rows, cols) in [(1, 1), (1, 5), (5, 5), (2, 7)] {
        let mut o = order(rows, cols);
        o.sort_unstable();
        assert_eq!(o, (0..rows * cols).collect::<Vec<_>>());
    }
}

#[test]
fn bucket_counts_follow_board_size_and_neighbours() {
    // Up to nine cells: two everywhere.
    assert_eq!(counts(3, 3), vec![2; 9]);
    // Up to twelve: three in the two inner cells (eight neighbours) only.
    #[rustfmt::skip]
    assert_eq!(counts(3, 4), vec![2, 2, 2, 2, 2, 3, 3, 2, 2, 2, 2, 2]);
    // The corners of boards of ten cells or more start whole: up to
    // twelve, the cells of fewer than four neighbours; beyond, the cells
    // of fewest neighbours (a line's two ends).
    assert_eq!(tiny(3, 3).whole, 0);
    assert_eq!(tiny(3, 4).whole, 1 | 1 << 3 | 1 << 8 | 1 << 11);
    assert_eq!(tiny(4, 4).whole, 1 | 1 << 3 | 1 << 12 | 1 << 15);
    assert_eq!(tiny(5, 5).whole, 1 | 1 << 4 | 1 << 20 | 1 << 24);
    assert_eq!(tiny(1, 13).whole, 1 | 1 << 12);
    // Beyond: two in the corners (three neighbours; the buckets a whole
    // corner's faces are compared by in the symmetry test), three
    // elsewhere.
    #[rustfmt::skip]
    assert_eq!(
        counts(4, 4),
        vec![2, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 2]
    );
}
