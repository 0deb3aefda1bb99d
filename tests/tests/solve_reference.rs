//! `solve` on the real reference lists: known scores from the Boggle
//! literature and the Dutch tool, and the brute force (`crate::common::brute`)
//! against the FST search on boards rolled from the 1987 dice.
//!
//! The lists are not in the repository: point `BOGGLE_WORDLISTS` at the
//! shared folder (relative paths resolve against the workspace root), e.g.
//!
//! ```text
//! BOGGLE_WORDLISTS=../shared/wordlists \
//!     cargo test -p boggle-tests --test solve_reference -- --include-ignored
//! ```
//!
//! The tests panic when the variable is unset or a list is missing; they
//! never pass silently without their data.

use std::sync::OnceLock;

use crate::common::{compare, roll_1987, wordlist, Dictionary, Rng};
use grid::Adjacency;
use prep::{Pack, PackBuilder, Recipe};
use solve::{FaceRules, Rules, Scoring, Solver};

/// A pack built in memory from a reference list with a built-in recipe.
fn build(recipe: &str, list: &str) -> Pack {
    let path = wordlist(list);
    let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let (bytes, _) = PackBuilder::new(Recipe::builtin(recipe).expect("a built-in recipe"))
        .build_bytes(&raw, list)
        .unwrap_or_else(|e| panic!("building {list} with {recipe}: {e}"));
    Pack::from_vec(bytes, list).expect("the pack opens")
}

fn enable2k() -> &'static Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| build("enable", "enable2k.txt"))
}

fn opentaal() -> &'static Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| build("opentaal", "opentaal-2.20.19.txt"))
}

/// Score and word count of a board in the pack's own rules, with `adjacency`.
fn score(pack: &Pack, board: &str, adjacency: Adjacency) -> (u64, usize) {
    let board = FaceRules::from_pack(pack)
        .expect("face rules")
        .parse(board)
        .unwrap_or_else(|e| panic!("{board:?}: {e}"));
    let mut rules = Rules::for_pack(pack);
    rules.adjacency = adjacency;
    let mut solver = Solver::with_rules(pack, rules).expect("a solver");
    let solution = solver.solve(&board).unwrap();
    let tally = solver.tally(&board).unwrap();
    assert_eq!(
        (tally.score, tally.words),
        (solution.score, solution.word_count as u64),
        "tally and solve disagree on {board:?}"
    );
    (solution.score, solution.word_count)
}

#[test]
#[ignore = "needs ../shared/wordlists via BOGGLE_WORDLISTS; run by .ci/run"]
fn enable2k_reference_boards() {
    let pack = enable2k();
    assert_eq!(pack.len(), 173_402, "enable2k with the enable recipe");
    assert_eq!(
        score(pack, "perslatgsineters", Adjacency::King),
        (3625, 1045),
        "perslatgsineters: (score, words)"
    );
    // `q` is the Qu face.
    assert_eq!(
        score(pack, "piqetousrastends", Adjacency::King),
        (311, 206),
        "piqetousrastends: (score, words)"
    );
}

#[test]
#[ignore = "needs ../shared/wordlists via BOGGLE_WORDLISTS; run by .ci/run"]
fn opentaal_reference_boards() {
    let pack = opentaal();
    assert_eq!(
        pack.len(),
        308_994,
        "opentaal-2.20.19 with the opentaal recipe"
    );
    assert_eq!(
        score(pack, "EICE JAAI VSKR BREP", Adjacency::King),
        (139, 101),
        "EICE JAAI VSKR BREP: (score, words)"
    );
    assert_eq!(
        score(pack, "AP EN", Adjacency::NoDiagonals),
        (0, 0),
        "AP EN without diagonals: (score, words)"
    );
}

/// The brute force against the FST search on 200 boards rolled from the 1987
/// dice with ENABLE2K: 150 under the classic rules (king moves, no wrap), and
/// 50 spread over the other three rule sets (no diagonals, wrap, both).
#[test]
#[ignore = "needs ../shared/wordlists via BOGGLE_WORDLISTS; run by .ci/run"]
fn enable2k_brute_force_on_dice_boards() {
    let pack = enable2k();
    let words = pack.words().unwrap();
    let longest = words.iter().map(|w| w.chars().count()).max().unwrap_or(0);
    let dict = Dictionary::pruned(words);
    assert_eq!(dict.max_letters(), longest);
    let rule_sets: Vec<Rules> = [
        (Adjacency::King, false),
        (Adjacency::NoDiagonals, false),
        (Adjacency::King, true),
        (Adjacency::NoDiagonals, true),
    ]
    .into_iter()
    .map(|(adjacency, wrap)| Rules {
        adjacency,
        wrap,
        ..Rules::for_pack(pack)
    })
    .collect();
    assert_eq!(rule_sets[0].scoring, Scoring::boggle());
    assert_eq!(rule_sets[0].min_len, 3);
    let mut solvers: Vec<Solver> = rule_sets
        .iter()
        .map(|r| Solver::with_rules(pack, r.clone()).expect("a solver"))
        .collect();
    let mut rng = Rng::new(0x1987_b066_1e5e_ed00);
    let (mut total_score, mut total_words) = (0u64, 0usize);
    let mut failures = Vec::new();
    for i in 0..200 {
        let cells = roll_1987(&mut rng);
        let which = if i % 4 == 3 { 1 + (i / 4) % 3 } else { 0 };
        let board = solve::Board::new(4, 4, cells.clone()).expect("4x4");
        let solver = &mut solvers[which];
        let solution = solver.solve(&board).unwrap();
        let tally = solver.tally(&board).unwrap();
        if let Err(e) = compare(4, 4, &cells, &dict, &rule_sets[which], &solution, tally) {
            failures.push(format!("board {i}: {e}"));
        }
        if which == 0 {
            total_score += solution.score;
            total_words += solution.word_count;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of 200 boards differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Dice boards average a few dozen words; a total near zero would mean the
    // comparison checked nothing.
    assert!(
        total_words > 150 * 20 && total_score > 150 * 20,
        "150 classic boards gave only {total_words} words, {total_score} points"
    );
    eprintln!("150 classic dice boards: {total_words} words, {total_score} points");
}
