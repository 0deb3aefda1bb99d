use super::*;

/// A tree of words given as (sorted (position, face) choices, word,
/// points), over 4 cells.
/// A word: its sorted (position, face) choices, its number, its points.
type Word<'a> = (&'a [(u8, u8)], u32, u32);

fn built(words: &[Word]) -> (Arena, Node) {
    built_as(words, false)
}

/// The tree of `words`, as a DAG when `share`.
fn built_as(words: &[Word], share: bool) -> (Arena, Node) {
    let mut arena = Arena::default();
    if share {
        arena.share();
    }
    let root = built_in(words, &mut arena);
    (arena, root)
}

/// The tree of `words`, made in `arena`.
fn built_in(words: &[Word], arena: &mut Arena) -> Node {
    let layout = Packing::new(4, 3);
    let mut worth = vec![0; 16];
    let mut recs: Vec<Rec<2>> = words
        .iter()
        .map(|&(choices, word, points)| {
            let key = choices.iter().fold(layout.empty(), |key, &(p, f)| {
                layout.with(key, usize::from(p), usize::from(f))
            });
            worth[word as usize] = points;
            Rec::new(key, word)
        })
        .collect();
    build(&mut recs, &layout, &Worth::new(worth), arena, None).0
}

/// The bound of the tree `root` with `position` forced to each of
/// `faces` faces in turn.
fn forced_bounds(arena: &mut Arena, root: Node, position: u8, faces: u8) -> Vec<u32> {
    let (choice, rest) = arena.split(root, position);
    (0..faces)
        .map(|f| {
            let t = arena.force(arena.face(choice, f), rest);
            t.bound()
        })
        .collect()
}

#[test]
fn a_dag_shares_alike_subtrees_and_bounds_the_same() {
    // Under faces a and c of cell 0, the same choice of cell 1 with the
    // same sum for its face b (3 points each): built once as a DAG.
    let words: &[Word] = &[
        (&[(0, 0), (1, 1)], 1, 3),
        (&[(0, 2), (1, 1)], 2, 3),
        (&[(1, 2)], 3, 1),
    ];
    let (mut tree, t) = built_as(words, false);
    let (mut dag, d) = built_as(words, true);
    // Records of the nodes under the root: cell 0's choice, its a and c
    // sums, a choice of cell 1 and its b sum under each, and cell 1's
    // choice and c sum under the root. In the DAG the choice under a and
    // c is one node, a record under each, with one record of its b sum.
    assert_eq!((tree.len(), dag.len()), (9, 8));
    assert_eq!(t.bound(), d.bound());
    // Forcing cell 0 to each face gives the same bounds both ways, and
    // freeing the merged nodes forgets them: built again, the DAG
    // shares with what is left and makes only what it must.
    for arena_root in [(&mut tree, t), (&mut dag, d)] {
        let (arena, root) = arena_root;
        let mark = arena.mark();
        let forced = forced_bounds(arena, root, 0, 3);
        // a or c: word 1 or 2 needs b on cell 1, word 3 needs c there.
        assert_eq!(forced, vec![3, 1, 3]);
        arena.reset(mark);
    }
    let before = dag.len();
    let layout = Packing::new(4, 3);
    let key = layout.with(layout.with(layout.empty(), 0, 0), 1, 1);
    let mut again = [Rec::<2>::new(key, 1)];
    build(&mut again, &layout, &Worth::new(vec![0, 3]), &mut dag, None);
    // Cell 1's choice, its b sum and cell 0's a sum over them are
    // found; only cell 0's choice (of a alone now) and the root are new:
    // a record of the a sum under the choice, and of the choice under
    // the root.
    assert_eq!(dag.len(), before + 2);
}

#[test]
fn trimming_keeps_what_fits_records_first_and_the_tree_comes_out_the_same() {
    let words: &[Word] = &[
        (&[(0, 0), (1, 1)], 1, 3),
        (&[(0, 2), (1, 1)], 2, 3),
        (&[(1, 2)], 3, 1),
    ];
    let (mut arena, root) = built(words);
    forced_bounds(&mut arena, root, 0, 3);
    let node = std::mem::size_of::<Node>();
    let edges = arena.edges.capacity() * node;
    let merging = arena.level.capacity() * std::mem::size_of::<Pair>();
    assert!(edges > 0 && merging > 0);
    // Room for the records alone: they are kept, the merge's lists freed.
    let mut left = edges;
    arena.trim(&mut left);
    assert_eq!((left, arena.edges.capacity() * node), (0, edges));
    assert_eq!((arena.edges.len(), arena.level.capacity()), (0, 0));
    // The records' memory is used again for the same tree, which bounds
    // and forces as it did.
    let again = built_in(words, &mut arena);
    assert_eq!(
        (again.bound(), arena.edges.capacity() * node),
        (root.bound(), edges)
    );
    assert_eq!(forced_bounds(&mut arena, again, 0, 3), vec![3, 1, 3]);
    // No room: everything is given back.
    let mut none = 0;
    arena.trim(&mut none);
    assert_eq!((arena.edges.capacity(), arena.level.capacity()), (0, 0));
    assert_eq!(built_in(words, &mut arena).bound(), root.bound());
}

#[test]
fn choices_take_one_face_a_cell_and_words_count_once_per_cells() {
    // Word 1 on cells 0 and 1 with faces a, b, along two paths (both
    // orders sort the same): counted once. Word 2 needs face c on cell
    // 0; word 3 face b on cell 1 alone.
    let (mut arena, root) = built(&[
        (&[(0, 0), (1, 1)], 1, 3),
        (&[(0, 0), (1, 1)], 1, 3),
        (&[(0, 2), (1, 1)], 2, 5),
        (&[(1, 1)], 3, 1),
    ]);
    // Under the root: cell 0's choice, its a and c sums, their cell 1
    // choices and b sums, and cell 1's choice and sum.
    assert_eq!(arena.len(), 9);
    // Free: best of cell 0 (a: 3, c: 5) plus word 3.
    assert_eq!(root.bound(), 6);
    // Cell 0 forced to a: 3 + 1; to c: 5 + 1; to b: 1.
    let (choice, rest) = arena.split(root, 0);
    assert!(choice.is_some());
    assert_eq!(rest.bound(), 1);
    assert_eq!(forced_bounds(&mut arena, root, 0, 3), vec![4, 1, 6]);
}

#[test]
fn a_radix_sort_orders_paths_as_their_ord_does() {
    // Keys of three u32s, crowded into few values so that ties run
    // down to the word, long enough to take every branch of the sort.
    let mut rng = grid::Rng::new(20);
    let mut next = |bound: u32| rng.below(u64::from(bound)) as u32;
    for len in [0, 1, 2, 100, 5_000, 200_000] {
        let mut recs: Vec<Rec<3>> = (0..len)
            .map(|_| {
                let key = [
                    next(4) << 28 | next(3),
                    u32::MAX - next(2),
                    next(1 << 20) << 7,
                ];
                Rec::new(key, next(300_000))
            })
            .collect();
        let mut want = recs.clone();
        want.sort_unstable();
        sort(&mut recs);
        assert_eq!(recs, want, "{len} paths");
    }
}

#[test]
fn a_words_number_carries_the_index_of_its_points() {
    // Five values take three bits; the number above them is the word.
    let worth = Worth::new(vec![1, 2, 3, 5, 11]);
    assert_eq!(worth.bits(), 3);
    assert_eq!(worth.of(77 << 3 | 4), 11);
    assert_eq!(worth.of(77 << 3 | 2), worth.value(2));
    // One value takes none: every word is worth it.
    let one = Worth::new(vec![7]);
    assert_eq!((one.bits(), one.of(12345)), (0, 7));
    assert_eq!(Worth::new(vec![0; 256]).bits(), 8);
    assert_eq!(Worth::new(vec![0; 257]).bits(), 9);
}

#[test]
fn nodes_take_twelve_bytes_and_saturate_upwards() {
    assert_eq!(std::mem::size_of::<Node>(), 12);
    // A word worth the most a node holds on cell 0, and one of 5 on
    // cell 1: the root's bound saturates rather than wrapping or
    // dropping below either word.
    let (mut arena, root) = built(&[(&[(0, 0)], 1, MOST), (&[(1, 1)], 2, 5)]);
    assert_eq!(root.bound(), MOST);
    // Forced to face 0, cell 0's word and cell 1's still saturate;
    // to face 1, only cell 1's word is left, exact.
    assert_eq!(forced_bounds(&mut arena, root, 0, 2), vec![MOST, 5]);
    // Points saturate too, and a node's fields stay apart.
    let n = Node::new(255, MOST, MOST, u32::MAX, 255);
    assert_eq!(
        (n.key(), n.points(), n.bound(), n.len()),
        (255, MOST, MOST, 255)
    );
    assert_eq!(add(MOST, MOST), MOST);
    assert_eq!(add(MOST - 1, 1), MOST);
}

#[test]
fn paths_given_back_as_their_tree_is_made_make_the_same_tree() {
    // Enough paths for dozens of grains: were any read after it was
    // given back, it would read as zeros (face 0 everywhere, word 0)
    // and the tree would differ.
    let mut rng = grid::Rng::new(7);
    let layout = Packing::new(8, 5);
    let worth = Worth::new((0..1000).map(|_| 1 + rng.below(11) as u32).collect());
    let recs: Vec<Rec<2>> = (0..300_000)
        .map(|_| {
            let mut key = layout.empty();
            for position in 0..8 {
                if rng.below(2) == 0 {
                    key = layout.with(key, position, rng.below(5) as usize);
                }
            }
            Rec::new(key, 1 + rng.below(999) as u32)
        })
        .collect();
    let bytes = std::mem::size_of_val(&recs[..]) as u64;
    let (mut kept, mut spent) = (Arena::default(), Arena::default());
    let (k, held) = build(&mut recs.clone(), &layout, &worth, &mut kept, None);
    assert_eq!(held, bytes);
    let mut given = recs.clone();
    let (s, held) = build(&mut given, &layout, &worth, &mut spent, Some(GRAIN));
    assert_eq!(plain(&spent, s), plain(&kept, k));
    // All but the last grains and the first page are given back.
    assert!(held < 3 * GRAIN as u64, "{held} of {bytes} held");
    #[cfg(target_os = "linux")]
    {
        // And they do read as zeros now: the memory was given back.
        let zeros = given.iter().filter(|r| r.word == 0).count();
        assert!(zeros * 2 > given.len(), "{zeros} of {}", given.len());
    }
}

#[test]
fn keys_sort_as_their_choices_and_hold_many_cells() {
    // 64 cells of 26 faces: 5-bit slots, 6 to a u32, 11 u32s.
    let layout = Packing::new(64, 26);
    assert_eq!((layout.bits, layout.words), (5, 11));
    // Position 6 is the first slot of the second u32.
    assert_eq!(layout.place(5), (0, 2));
    assert_eq!(layout.place(6), (1, 27));
    let empty: [u32; 16] = layout.empty();
    assert_eq!(layout.next(&empty, 0), None);
    let key = layout.with(layout.with(empty, 63, 5), 13, 25);
    assert_eq!(layout.get(&key, 63), 5);
    assert_eq!(layout.get(&key, 13), 25);
    assert_eq!(layout.get(&key, 12), layout.unused());
    assert_eq!(layout.next(&key, 0), Some(13));
    assert_eq!(layout.next(&key, 14), Some(63));
    assert_eq!(layout.next(&key, 64), None);
    // Face 0 at the last slot of a word and the first of the next.
    let key = layout.with(layout.with(empty, 5, 0), 6, 0);
    assert_eq!(
        (layout.next(&key, 0), layout.next(&key, 6)),
        (Some(5), Some(6))
    );
    // 31 faces still leave room for "unused"; 32 need 6 bits. A 4x4
    // key of 5-bit slots takes three u32s, a 64-cell one of 64 faces
    // (7-bit slots) sixteen.
    assert_eq!(Packing::new(12, 31).bits, 5);
    assert_eq!(Packing::new(12, 32).bits, 6);
    assert_eq!(Packing::new(16, 26).words, 3);
    assert_eq!(Packing::new(64, 64).words, 16);
    // A path sorts after its extensions, and by its first choice.
    let small = Packing::new(9, 26);
    let e: [u32; 2] = small.empty();
    let a = small.with(e, 0, 3);
    let b = small.with(a, 1, 3);
    let c = small.with(e, 1, 3);
    let d = small.with(e, 0, 4);
    assert!(b < a && a < d && d < c);
}

#[test]
fn forcing_merges_a_cells_choices_across_branches() {
    // Cell 1 with face 0 is worth 4 after cell 0's face 0, and with
    // face 1 it is worth 5 on its own: free, the bound takes both
    // (5 + 4); forced to face 0 on cell 0 the two choices of cell 1
    // merge and the bound picks one face for both (max(4, 5) = 5).
    let (mut arena, root) = built(&[(&[(0, 0), (1, 0)], 1, 4), (&[(1, 1)], 2, 5)]);
    assert_eq!(root.bound(), 9);
    let mark = arena.mark();
    let (choice, rest) = arena.split(root, 0);
    let t = arena.force(arena.face(choice, 0), rest);
    assert_eq!(t.bound(), 5);
    // Forcing cell 1 next: face 0 keeps word 1, face 1 word 2.
    let (c1, r1) = arena.split(t, 1);
    let t0 = arena.force(arena.face(c1, 0), r1);
    assert_eq!((t0.bound(), t0.points()), (4, 4));
    let t1 = arena.force(arena.face(c1, 1), r1);
    assert_eq!((t1.bound(), t1.points()), (5, 5));
    // The original tree is untouched, and freeing the merged nodes
    // leaves it as it was.
    assert_eq!(root.bound(), 9);
    arena.reset(mark);
    assert_eq!(root.bound(), 9);
    assert_eq!(arena.kids(&root).len(), 2);
    assert_eq!(arena.kids(&root)[1].key(), 1);
}

/// A tree as plain values: key, points, bound, children.
#[derive(Debug, PartialEq)]
struct Plain(u8, u32, u32, Vec<Plain>);

fn plain(arena: &Arena, node: Node) -> Plain {
    let kids = arena.kids(&node).iter().map(|&k| plain(arena, k)).collect();
    Plain(node.key(), node.points(), node.bound(), kids)
}

/// The merge of `a` and `b` (both sums when `sum`, both choices of one
/// position otherwise) made depth first, independently of
/// [`Arena::merge`]: the reference it is checked against.
fn merged(a: Plain, b: Plain, sum: bool) -> Plain {
    let (mut xs, mut ys) = (a.3.into_iter().peekable(), b.3.into_iter().peekable());
    let mut kids = Vec::new();
    loop {
        let next = match (xs.peek(), ys.peek()) {
            (None, None) => break,
            (Some(_), None) => xs.next().unwrap(),
            (None, Some(_)) => ys.next().unwrap(),
            (Some(x), Some(y)) if x.0 < y.0 => xs.next().unwrap(),
            (Some(x), Some(y)) if y.0 < x.0 => ys.next().unwrap(),
            _ => merged(xs.next().unwrap(), ys.next().unwrap(), !sum),
        };
        kids.push(next);
    }
    let points = a.1 + b.1;
    let bound = if sum {
        points + kids.iter().map(|k| k.2).sum::<u32>()
    } else {
        kids.iter().map(|k| k.2).max().unwrap_or(0)
    };
    Plain(a.0, points, bound, kids)
}

/// Forces the split-off cell to `face` and checks the merged tree
/// against the depth-first reference; returns it.
fn forced_checked(
    arena: &mut Arena,
    (choice, rest): (Option<Node>, Node),
    face: u8,
    context: &str,
) -> Node {
    let sub = arena.face(choice, face);
    let want = match sub {
        Some(s) => merged(plain(arena, s), plain(arena, rest), true),
        None => plain(arena, rest),
    };
    let forced = arena.force(sub, rest);
    assert_eq!(plain(arena, forced), want, "{context}, face {face}");
    forced
}

#[test]
fn a_merge_made_a_level_at_a_time_equals_one_made_depth_first() {
    // Random trees, half of them built as DAGs.
    let mut rng = grid::Rng::new(54);
    for round in 0..200 {
        // Words over six cells of four faces, each cell on a word's
        // path with a chance of one in three.
        let layout = Packing::new(6, 4);
        let worth = Worth::new((0..60).map(|_| 1 + rng.below(5) as u32).collect());
        let mut recs: Vec<Rec<2>> = (0..1 + rng.below(60))
            .map(|w| {
                let mut key = layout.empty();
                for position in 0..6 {
                    if rng.below(3) == 0 {
                        key = layout.with(key, position, rng.below(4) as usize);
                    }
                }
                Rec::new(key, w as u32)
            })
            .collect();
        // The same paths as a tree and as a DAG: the same tree, read
        // out; the merges below run on each in turn.
        let mut tree = Arena::default();
        let (t, _) = build(&mut recs.clone(), &layout, &worth, &mut tree, None);
        let mut arena = Arena::default();
        if round % 2 == 1 {
            arena.share();
        }
        let (root, _) = build(&mut recs, &layout, &worth, &mut arena, None);
        let before = plain(&arena, root);
        assert_eq!(before, plain(&tree, t), "round {round}");
        let mark = arena.mark();
        let split = arena.split(root, 0);
        for face in 0..4 {
            let forced = forced_checked(&mut arena, split, face, &format!("round {round}"));
            // Forced again, on the merged tree: the next cell.
            let next = arena.split(forced, 1);
            for f1 in 0..4 {
                let context = format!("round {round}, face {face} first");
                forced_checked(&mut arena, next, f1, &context);
            }
        }
        arena.reset(mark);
        assert_eq!(plain(&arena, root), before);
    }
}

/// A path as plain values: its (position, face) choices sorted by
/// position, its word, the word's points.
type PlainPath = (Vec<(u8, u8)>, u32, u32);

/// The tree of the paths `paths` over positions from `from` on, made from
/// their definition, independently of [`build`]: a sum's points are its
/// ending paths' distinct words; its children, a choice for each
/// position some path takes first, whose children are a sum for each
/// face taken there, of the paths going on from it.
fn reference(paths: &[PlainPath], from: usize, face: u8) -> Plain {
    let rest = |p: &PlainPath| p.0.iter().position(|&(q, _)| usize::from(q) >= from);
    let mut words: Vec<(u32, u32)> = paths
        .iter()
        .filter(|p| rest(p).is_none())
        .map(|p| (p.1, p.2))
        .collect();
    words.sort_unstable();
    words.dedup();
    let points = words.iter().map(|w| w.1).sum::<u32>();
    let mut positions: Vec<u8> = paths
        .iter()
        .filter_map(|p| rest(p).map(|i| p.0[i].0))
        .collect();
    positions.sort_unstable();
    positions.dedup();
    let kids: Vec<Plain> = positions
        .into_iter()
        .map(|q| {
            let using: Vec<_> = paths
                .iter()
                .filter(|p| rest(p).is_some_and(|i| p.0[i].0 == q))
                .cloned()
                .collect();
            let mut faces: Vec<u8> = using
                .iter()
                .map(|p| p.0.iter().find(|c| c.0 == q).unwrap().1)
                .collect();
            faces.sort_unstable();
            faces.dedup();
            let sums: Vec<Plain> = faces
                .into_iter()
                .map(|f| {
                    let on: Vec<_> = using
                        .iter()
                        .filter(|p| p.0.contains(&(q, f)))
                        .cloned()
                        .collect();
                    reference(&on, usize::from(q) + 1, f)
                })
                .collect();
            let bound = sums.iter().map(|s| s.2).max().unwrap_or(0);
            Plain(q, 0, bound, sums)
        })
        .collect();
    let bound = points + kids.iter().map(|k| k.2).sum::<u32>();
    Plain(face, points, bound, kids)
}

#[test]
fn a_tree_made_in_one_pass_over_its_paths_is_the_tree_they_define() {
    let mut rng = grid::Rng::new(81);
    for round in 0..300 {
        // Up to 40 cells of up to 40 faces: keys of one to eight u32s,
        // slots crossing their edges; few faces and cells make paths
        // alike, many make them long.
        let (cells, faces) = (1 + r(&mut rng, 40), 1 + r(&mut rng, 40));
        let layout = Packing::new(cells, faces);
        let values: Vec<u32> = (0..8).map(|_| 1 + r(&mut rng, 11) as u32).collect();
        let worth = Worth::new(values.clone());
        let mut paths: Vec<PlainPath> = Vec::new();
        for _ in 0..r(&mut rng, 80) {
            if !paths.is_empty() && r(&mut rng, 5) == 0 {
                // A path again, maybe with another word.
                let mut again = paths[r(&mut rng, paths.len())].clone();
                if r(&mut rng, 2) == 0 {
                    let w = r(&mut rng, 24) as u32;
                    again.1 = (w << worth.bits()) | (w % 8);
                    again.2 = values[(w % 8) as usize];
                }
                paths.push(again);
                continue;
            }
            let chance = 1 + r(&mut rng, 6);
            let mut choices: Vec<(u8, u8)> = Vec::new();
            for q in 0..cells {
                if r(&mut rng, chance) == 0 {
                    choices.push((q as u8, r(&mut rng, faces) as u8));
                }
            }
            let w = r(&mut rng, 24) as u32;
            paths.push((
                choices,
                (w << worth.bits()) | (w % 8),
                values[(w % 8) as usize],
            ));
        }
        let recs: Vec<Rec<8>> = paths
            .iter()
            .map(|(choices, word, _)| {
                let key = choices.iter().fold(layout.empty(), |key, &(q, f)| {
                    layout.with(key, usize::from(q), usize::from(f))
                });
                Rec::new(key, *word)
            })
            .collect();
        for share in [false, true] {
            let mut arena = Arena::default();
            if share {
                arena.share();
            }
            let (root, _) = build(&mut recs.clone(), &layout, &worth, &mut arena, None);
            assert_eq!(
                plain(&arena, root),
                reference(&paths, 0, 0),
                "round {round}"
            );
            assert!(arena.buf.is_empty(), "round {round}");
        }
        // A part of them, past the positions they agree on, as forcing
        // makes a face's subtree: the paths that take the first position
        // used with one face.
        let mut sorted = recs.clone();
        sort(&mut sorted);
        if let Some(first) = sorted.first().and_then(|r| layout.next(&r.key, 0)) {
            let face = layout.get(&sorted[0].key, first);
            let part: Vec<Rec<8>> = sorted
                .iter()
                .filter(|r| layout.get(&r.key, first) == face)
                .copied()
                .collect();
            let on: Vec<_> = paths
                .iter()
                .filter(|p| p.0.first() == Some(&(first as u8, face as u8)))
                .cloned()
                .collect();
            let mut arena = Arena::default();
            let reading = Reading {
                layout: &layout,
                worth: &worth,
                spent: None,
            };
            let node = build_sum(&part, reading, first + 1, face as u8, &mut arena);
            assert_eq!(
                plain(&arena, node),
                reference(&on, first + 1, face as u8),
                "round {round}, part"
            );
        }
    }
}

#[test]
fn a_keys_next_position_and_first_difference_are_found_a_word_at_a_time() {
    let mut rng = grid::Rng::new(82);
    for _ in 0..2000 {
        let (cells, faces) = (1 + r(&mut rng, 64), 1 + r(&mut rng, 64));
        let layout = Packing::new(cells, faces);
        let random = |rng: &mut grid::Rng| {
            (0..cells).fold(layout.empty::<16>(), |key, q| match r(rng, 3) {
                0 => layout.with(key, q, r(rng, faces)),
                _ => key,
            })
        };
        let (a, b) = (random(&mut rng), random(&mut rng));
        for from in 0..=cells + 1 {
            let slow = (from..cells).find(|&q| layout.get(&a, q) != layout.unused());
            assert_eq!(layout.next(&a, from), slow, "{cells} cells, from {from}");
        }
        let slow = (0..cells).find(|&q| layout.get(&a, q) != layout.get(&b, q));
        assert_eq!(layout.first_difference(&a, &b), slow);
        assert_eq!(layout.first_difference(&a, &a), None);
    }
}

/// A number below `n`.
fn r(rng: &mut grid::Rng, n: usize) -> usize {
    rng.below(n as u64) as usize
}
