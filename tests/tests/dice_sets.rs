//! Dice sets and rolled boards, through the library: the dice format, the
//! built-in sets, reproducible rolls that are valid rolls of their set, and
//! rolled Super Big Boggle boards (blank and multi-letter faces) solved by
//! the FST search and by brute force.

use std::collections::{BTreeSet, HashSet};

use crate::common::{brute_force, cells_match_dice, cells_of, max_matching, tiny_pack};
use grid::Adjacency;
use grid::Shape;
use prep::{Pack, Recipe};
use solve::random::{self as roll, DiceError, DiceSet, Face, LetterMode, Rng, Roller, Target};
use solve::{packs, Board, FaceRules, Rules, Scoring, Solver, Tally, TextStyle};

fn en_rules() -> FaceRules {
    FaceRules::from_recipe(&Recipe::builtin("enable").unwrap()).unwrap()
}

fn square(set: &DiceSet) -> Shape {
    let n = set.square_size().unwrap();
    Shape::rect(n, n).unwrap()
}

#[test]
fn builtin_sets_hold_the_published_dice() {
    let classic = DiceSet::builtin("classic").unwrap();
    assert_eq!(classic.len(), 16);
    assert_eq!(classic.dice()[2].to_string(), "A B J M O Qu");
    assert_eq!(classic.dice()[15].to_string(), "G I L R U W");
    let new = DiceSet::builtin("new").unwrap();
    assert_eq!(new.dice(), DiceSet::builtin("1987").unwrap().dice());
    assert_eq!(new.dice()[14].to_string(), "H I M N Qu U");
    let big = DiceSet::builtin("big").unwrap();
    assert_eq!((big.len(), big.square_size()), (25, Some(5)));
    assert_eq!(big.dice()[8].to_string(), "B J K Qu X Z");
    let sb = DiceSet::builtin("super-big").unwrap();
    assert_eq!((sb.len(), sb.square_size()), (36, Some(6)));
    let all: Vec<&Face> = sb.dice().iter().flat_map(|d| &d.faces).collect();
    assert_eq!(all.iter().filter(|f| **f == &Face::Blank).count(), 3);
    let multi: BTreeSet<String> = all
        .iter()
        .filter_map(|f| match f {
            Face::Letters(s) if s.len() > 1 => Some(s.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        multi.into_iter().collect::<Vec<_>>(),
        ["An", "Er", "He", "In", "Qu", "Th"]
    );
    for set in [&classic, &new, &big, &sb] {
        assert!(
            set.dice().iter().all(|d| d.faces.len() == 6),
            "{}",
            set.name()
        );
    }
    assert_eq!(DiceSet::builtin_names().count(), 7);
    // The published differences between the 5x5 sets, and the French set
    // with its plain Q.
    let dice = |name: &str| -> BTreeSet<String> {
        DiceSet::builtin(name)
            .unwrap()
            .dice()
            .iter()
            .map(|d| d.to_string().replace(' ', ""))
            .collect()
    };
    let (big, deluxe) = (dice("big"), dice("big-deluxe"));
    assert_eq!(
        big.difference(&deluxe).cloned().collect::<Vec<_>>(),
        ["CCENST", "DDHNOT", "IPRRRY"]
    );
    assert_eq!(
        deluxe.difference(&big).cloned().collect::<Vec<_>>(),
        ["CCNSTW", "DDLNOR", "DHHNOT", "HIPRRY"]
    );
    let french = DiceSet::builtin("french").unwrap();
    assert_eq!(french.len(), 16);
    assert!(
        french.to_text().contains("B M A Q J O"),
        "{}",
        french.to_text()
    );
    let en = prep::Recipe::builtin("en").unwrap();
    let fr = prep::Recipe::builtin("fr").unwrap();
    assert!(french.q_mismatch(&en).is_some());
    assert!(french.q_mismatch(&fr).is_none());
    assert_eq!(
        DiceSet::from_recipe(&fr).unwrap().unwrap().to_text(),
        french.to_text().to_lowercase()
    );
}

#[test]
fn the_dice_format() {
    let text = "\u{feff}# a comment\n\nA B C D E F   # trailing comment\nA,B,C,,D\nABJMOQu\naaciot\nE I O . blank BLANK\n[Th] [.] x\n";
    let set = DiceSet::parse("t", "t.txt", text).unwrap();
    let dice: Vec<String> = set.dice().iter().map(|d| d.to_string()).collect();
    assert_eq!(
        dice,
        [
            "A B C D E F",
            "A B C D",
            "A B J M O Qu",
            "a a c i o t",
            "E I O . . .",
            "Th . x"
        ]
    );
    assert_eq!(set.dice()[0].line, 3);
    assert_eq!(set.dice()[5].line, 8);
    let faces = set.board_faces(&en_rules()).unwrap();
    assert_eq!(faces[2][5].as_deref(), Some("qu"));
    assert_eq!(faces[4][3], None);
    assert_eq!(faces[5][0].as_deref(), Some("th"));
    // A round trip through the text form.
    let again = DiceSet::parse("t", "t", &set.to_text()).unwrap();
    assert_eq!(again.dice().len(), 6);
    assert!(again
        .dice()
        .iter()
        .zip(set.dice())
        .all(|(a, b)| a.faces == b.faces));
}

#[test]
fn dice_errors_name_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad-dice.txt");
    std::fs::write(&path, "A B C\n# fine\nA B 7\n").unwrap();
    let e = DiceSet::resolve(path.to_str().unwrap()).unwrap_err();
    let msg = e.to_string();
    assert!(msg.starts_with(&format!("{}:3: ", path.display())), "{msg}");
    assert!(msg.contains("\"7\""), "{msg}");

    let e = DiceSet::parse("x", "x.txt", "A B\n[Qu C\n").unwrap_err();
    assert!(e.to_string().starts_with("x.txt:2: "), "{e}");
    assert!(matches!(
        DiceSet::parse("x", "x.txt", "# nothing\n\n"),
        Err(DiceError::Empty { .. })
    ));
    assert!(matches!(
        DiceSet::resolve("no-such-dice"),
        Err(DiceError::Unknown { .. })
    ));
    // A face outside the pack's alphabet fails when the set meets the pack.
    let set = DiceSet::parse("x", "x.txt", "A B\nA É\n").unwrap();
    let e = set.board_faces(&en_rules()).unwrap_err();
    assert!(e.to_string().starts_with("x.txt:2: face É"), "{e}");
}

#[test]
fn a_recipe_can_carry_its_dice() {
    let mut recipe = crate::common::tiny_recipe(true);
    recipe.board.dice = vec!["a b c".into(), "d e qu".into(), "f . g".into(), "h".into()];
    let set = DiceSet::from_recipe(&recipe).unwrap().unwrap();
    assert_eq!(
        (set.name(), set.len(), set.square_size()),
        ("pack", 4, Some(2))
    );
    let rules = FaceRules::from_recipe(&recipe).unwrap();
    let dice = set.board_faces(&rules).unwrap();
    assert_eq!(dice[1][2].as_deref(), Some("qu"));
    let roller = Roller::dice(&set, &rules, square(&set)).unwrap();
    for seed in 0..50 {
        let b = roller.roll(&mut Rng::new(seed));
        assert!(
            cells_match_dice(&cells_of(&b), &dice),
            "{}",
            rules.text(&b, TextStyle::Rows)
        );
    }
    recipe.board.dice.push("  ".into());
    let e = DiceSet::from_recipe(&recipe).unwrap_err();
    assert!(e.to_string().contains(":5: "), "{e}");
    assert!(DiceSet::from_recipe(&crate::common::tiny_recipe(true))
        .unwrap()
        .is_none());
}

#[test]
fn rolls_are_reproducible_and_seeds_differ() {
    let set = DiceSet::builtin("classic").unwrap();
    let roller = Roller::dice(&set, &en_rules(), square(&set)).unwrap();
    let a = roller.roll(&mut Rng::new(7));
    let b = roller.roll(&mut Rng::new(7));
    assert_eq!(a, b);
    let boards: HashSet<String> = (0..200)
        .map(|s| en_rules().text(&roller.roll(&mut Rng::new(s)), TextStyle::Rows))
        .collect();
    assert!(boards.len() > 195, "{} distinct boards", boards.len());
    // The generator itself is pinned (see also the unit tests in random/rng.rs).
    let mut r = Rng::new(7);
    let first: Vec<u64> = (0..3).map(|_| r.below(1000)).collect();
    let mut r = Rng::new(7);
    let again: Vec<u64> = (0..3).map(|_| r.below(1000)).collect();
    assert_eq!(first, again);
}

#[test]
fn every_roll_is_a_valid_roll_of_its_set() {
    let rules = en_rules();
    for name in ["classic", "1987", "big", "super-big"] {
        let set = DiceSet::builtin(name).unwrap();
        let dice = set.board_faces(&rules).unwrap();
        let roller = Roller::dice(&set, &rules, square(&set)).unwrap();
        for seed in 0..300 {
            let board = roller.roll(&mut Rng::new(seed));
            assert_eq!(cells_of(&board).len(), set.len());
            assert!(
                cells_match_dice(&cells_of(&board), &dice),
                "{name} seed {seed}: {} is not a roll of the set",
                rules.text(&board, TextStyle::Rows)
            );
        }
    }
    // The matching is not vacuous: a board with four Qu faces is no roll of
    // the classic set, which has one.
    let set = DiceSet::builtin("classic").unwrap();
    let dice = set.board_faces(&rules).unwrap();
    let board = rules.parse("qqqq aaaa bbbb cccc").unwrap();
    assert!(!cells_match_dice(&cells_of(&board), &dice));
}

#[test]
fn boards_smaller_and_larger_than_the_set() {
    let rules = en_rules();
    let set = DiceSet::builtin("classic").unwrap();
    let dice = set.board_faces(&rules).unwrap();
    // Smaller: distinct dice.
    let small = Roller::dice(&set, &rules, Shape::rect(3, 3).unwrap()).unwrap();
    // Larger: every die is on the board, extra dice drawn with replacement.
    let large = Roller::dice(&set, &rules, Shape::parse_size("5x5").unwrap()).unwrap();
    for seed in 0..100 {
        let b = small.roll(&mut Rng::new(seed));
        assert_eq!((b.rows(), b.cols()), (3, 3));
        assert!(cells_match_dice(&cells_of(&b), &dice));
        let b = large.roll(&mut Rng::new(seed));
        assert_eq!((b.rows(), b.cols()), (5, 5));
        let cells = cells_of(&b);
        assert!(cells.iter().all(|c| dice.iter().any(|d| d.contains(c))));
        let every_die_placed =
            max_matching(dice.len(), cells.len(), |d, c| dice[d].contains(&cells[c]));
        assert_eq!(every_die_placed, 16, "{}", rules.text(&b, TextStyle::Rows));
    }
}

#[test]
fn shaped_layouts_keep_their_holes() {
    let rules = en_rules();
    let set = DiceSet::builtin("big").unwrap();
    let donut = Roller::dice(&set, &rules, Shape::named("donut").unwrap()).unwrap();
    let cross = Roller::dice(&set, &rules, Shape::named("cross").unwrap()).unwrap();
    let dice = set.board_faces(&rules).unwrap();
    for seed in 0..50 {
        let b = donut.roll(&mut Rng::new(seed));
        assert_eq!(cells_of(&b)[12], None);
        let open: Vec<Option<String>> = cells_of(&b)
            .into_iter()
            .enumerate()
            .filter(|(i, _)| *i != 12)
            .map(|(_, c)| c)
            .collect();
        assert!(cells_match_dice(&open, &dice));
        let b = cross.roll(&mut Rng::new(seed));
        for corner in [0, 4, 20, 24] {
            assert_eq!(cells_of(&b)[corner], None);
        }
        assert_eq!(rules.parse(&rules.text(&b, TextStyle::Rows)).unwrap(), b);
    }
}

#[test]
fn letters_uniform_and_by_frequency() {
    let en = packs::builtin("en").unwrap();
    let rules = FaceRules::from_pack(&en).unwrap();
    let uniform = Roller::letters(
        LetterMode::Uniform,
        &en,
        &rules,
        Shape::rect(10, 10).unwrap(),
    )
    .unwrap();
    let mut seen = HashSet::new();
    for seed in 0..20 {
        for c in cells_of(&uniform.roll(&mut Rng::new(seed))) {
            let f = c.unwrap();
            assert!(f.len() == 1 || f == "qu", "{f}");
            seen.insert(f);
        }
    }
    assert_eq!(seen.len(), 26, "2000 uniform draws cover the alphabet");
    assert!(seen.contains("qu") && !seen.contains("q"));

    // Frequency: a pack of "aaab" and "cab": a 4, b 2, c 1; no other letter.
    let tiny = tiny_pack(&["aaab", "cab"], false);
    let counts: Vec<(String, u64)> = roll::face_counts(&tiny, roll::Spelling::Letters)
        .unwrap()
        .into_iter()
        .filter(|c| c.1 > 0)
        .collect();
    let counts: Vec<(&str, u64)> = counts.iter().map(|(f, n)| (f.as_str(), *n)).collect();
    assert_eq!(counts, [("a", 4), ("b", 2), ("c", 1)]);
    let trules = FaceRules::from_pack(&tiny).unwrap();
    let freq = Roller::letters(
        LetterMode::Frequency,
        &tiny,
        &trules,
        Shape::rect(20, 20).unwrap(),
    )
    .unwrap();
    let board = freq.roll(&mut Rng::new(1));
    let cells = cells_of(&board);
    let n = |f: &str| cells.iter().filter(|c| c.as_deref() == Some(f)).count();
    assert_eq!(n("a") + n("b") + n("c"), 400);
    // Expected about 229 / 114 / 57.
    assert!((190..270).contains(&n("a")), "{}", n("a"));
    assert!((80..150).contains(&n("b")), "{}", n("b"));
    assert!((30..85).contains(&n("c")), "{}", n("c"));
}

#[test]
fn a_plain_q_face_is_what_the_die_says() {
    let rules = en_rules();
    let set = DiceSet::parse("q", "q.txt", "Q\nQu\nA\nB\n").unwrap();
    let roller = Roller::dice(&set, &rules, Shape::rect(2, 2).unwrap()).unwrap();
    let board = roller.roll(&mut Rng::new(3));
    let mut faces: Vec<String> = cells_of(&board).iter().flatten().cloned().collect();
    faces.sort();
    assert_eq!(faces, ["a", "b", "q", "qu"]);
    let text = rules.text(&board, TextStyle::Rows);
    assert!(text.contains("[q]") && text.contains("[qu]"), "{text}");
    assert_eq!(rules.parse(&text).unwrap(), board);
}

fn rules_with(scoring: Scoring, pack: &Pack) -> Rules {
    let mut rules = Rules::for_pack(pack);
    rules.min_len = pack.recipe().board.min_word_len.max(scoring.min_len());
    rules.scoring = scoring;
    rules
}

#[test]
fn re_rolls_until_the_board_qualifies_deterministically() {
    let en = packs::builtin("en").unwrap();
    let rules = FaceRules::from_pack(&en).unwrap();
    let set = DiceSet::builtin("classic").unwrap();
    let roller = Roller::dice(&set, &rules, square(&set)).unwrap();
    let mut solver = Solver::with_rules(&en, rules_with(Scoring::boggle(), &en)).unwrap();
    let target = Target {
        min_words: 80,
        min_score: 100,
        max_attempts: 2000,
    };
    let a = roll::roll_until(&roller, 11, target, |b| solver.tally(b).unwrap()).unwrap();
    let b = roll::roll_until(&roller, 11, target, |b| solver.tally(b).unwrap()).unwrap();
    assert_eq!(a.board, b.board);
    assert_eq!(a.attempts, b.attempts);
    let t = a.tally.unwrap();
    assert!(t.words >= 80 && t.score >= 100, "{t:?}");
    assert_eq!(solver.tally(&a.board).unwrap(), t);
    // The qualifying board is the `attempts`-th roll of the seed's stream.
    let mut rng = Rng::new(11);
    let mut nth = roller.roll(&mut rng);
    for _ in 1..a.attempts {
        nth = roller.roll(&mut rng);
    }
    assert_eq!(nth, a.board);
    // A trivial target takes the first roll and needs no solver.
    let first = roll::roll_until(&roller, 11, Target::default(), |_| Tally::default()).unwrap();
    assert_eq!(first.attempts, 1);
    assert_eq!(first.board, roller.roll(&mut Rng::new(11)));
    // An impossible target fails clearly.
    let e = roll::roll_until(
        &roller,
        11,
        Target {
            min_words: 100_000,
            min_score: 0,
            max_attempts: 20,
        },
        |b| solver.tally(b).unwrap(),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("no board with at least 100000 words"),
        "{e}"
    );
    assert!(e.to_string().contains("in 20 rolls from seed 11"), "{e}");
}

/// Strings that simple paths on `board` spell: `count` random walks of 1 to
/// 7 cells, each walk's text at every length — so the dictionary has words
/// through every kind of face the board has.
fn harvest(board: &Board, rng: &mut Rng, count: usize) -> Vec<String> {
    let adj = crate::common::neighbors(board.rows(), board.cols(), true, false);
    let open: Vec<usize> = (0..board.rows() * board.cols())
        .filter(|&i| board.face(i).is_some())
        .collect();
    let mut out = Vec::new();
    for _ in 0..count {
        let mut at = open[rng.below(open.len() as u64) as usize];
        let mut used = vec![at];
        let mut text = board.face(at).unwrap().to_string();
        out.push(text.clone());
        for _ in 0..rng.below(7) {
            let next: Vec<usize> = adj[at]
                .iter()
                .copied()
                .filter(|j| !used.contains(j) && board.face(*j).is_some())
                .collect();
            if next.is_empty() {
                break;
            }
            at = next[rng.below(next.len() as u64) as usize];
            used.push(at);
            text.push_str(board.face(at).unwrap());
            out.push(text.clone());
        }
    }
    out
}

#[test]
fn rolled_super_big_boards_solve_like_brute_force() {
    let rules = en_rules();
    let set = DiceSet::builtin("super-big").unwrap();
    let roller = Roller::dice(&set, &rules, square(&set)).unwrap();
    let fixed = [
        "the", "there", "then", "thin", "thing", "in", "inert", "inner", "tin", "her", "here",
        "hero", "er", "err", "queen", "quit", "quiet", "equip", "an", "and", "than", "plan", "he",
        "heat", "anther", "zzz",
    ];
    let mut rng = Rng::new(2024);
    let (mut multi_words, mut blanks) = (0, 0);
    for seed in 0..40u64 {
        let board = roller.roll(&mut Rng::new(seed));
        blanks += cells_of(&board).iter().filter(|c| c.is_none()).count();
        let mut words: Vec<String> = harvest(&board, &mut rng, 60);
        words.extend(fixed.iter().map(|w| w.to_string()));
        // Decoys: harvested words with a letter changed, which may or may
        // not be on the board.
        let decoys: Vec<String> = words
            .iter()
            .filter(|w| w.len() > 2)
            .take(30)
            .map(|w| format!("{}z{}", &w[..1], &w[2..]))
            .collect();
        words.extend(decoys);
        let dict: HashSet<String> = words.iter().cloned().collect();
        let pack = tiny_pack(&words, true);
        for (diagonals, wrap, min_len) in [(true, false, 1), (true, false, 3), (false, true, 2)] {
            let mut r = rules_with(Scoring::words(), &pack);
            r.min_len = min_len;
            r.adjacency = if diagonals {
                Adjacency::King
            } else {
                Adjacency::NoDiagonals
            };
            r.wrap = wrap;
            let solution = Solver::with_rules(&pack, r).unwrap().solve(&board).unwrap();
            let fst: BTreeSet<String> = solution.words.iter().map(|w| w.word.clone()).collect();
            let brute = brute_force(
                board.rows(),
                board.cols(),
                &cells_of(&board),
                &dict,
                diagonals,
                wrap,
                min_len,
            );
            assert_eq!(
                fst,
                brute,
                "seed {seed} {} diagonals={diagonals} wrap={wrap} min_len={min_len}",
                rules.text(&board, TextStyle::Rows)
            );
            assert_eq!(solution.score, brute.len() as u64);
            multi_words += solution
                .words
                .iter()
                .filter(|w| {
                    w.path.iter().any(|p| {
                        board
                            .face(p.row as usize * 6 + p.col as usize)
                            .unwrap()
                            .len()
                            > 1
                    })
                })
                .count();
        }
    }
    assert!(blanks > 0, "some rolls show a blank face");
    assert!(
        multi_words > 20,
        "words through multi-letter faces: {multi_words}"
    );
}

#[test]
fn rolled_super_big_boards_with_the_english_pack() {
    let en = packs::builtin("en").unwrap();
    let words: HashSet<String> = en.words().unwrap().into_iter().collect();
    let rules = FaceRules::from_pack(&en).unwrap();
    let set = DiceSet::builtin("super-big").unwrap();
    let roller = Roller::dice(&set, &rules, square(&set)).unwrap();
    let mut solver = Solver::with_rules(&en, rules_with(Scoring::super_big_boggle(), &en)).unwrap();
    for seed in [1u64, 2, 3] {
        let board = roller.roll(&mut Rng::new(seed));
        let solution = solver.solve(&board).unwrap();
        let fst: BTreeSet<String> = solution.words.iter().map(|w| w.word.clone()).collect();
        let brute = brute_force(6, 6, &cells_of(&board), &words, true, false, 4);
        assert_eq!(
            fst,
            brute,
            "seed {seed}: {}",
            rules.text(&board, TextStyle::Rows)
        );
        let score: u64 = brute
            .iter()
            .map(|w| u64::from(Scoring::super_big_boggle().points(w.chars().count())))
            .sum();
        assert_eq!(solution.score, score);
    }
}
