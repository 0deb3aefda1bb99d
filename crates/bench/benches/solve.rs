//! Search speed. Uses the built-in English pack, or with `BOGGLE_SHARED`
//! (the folder holding `wordlists/` and `bench/`) an ENABLE2K pack and the
//! shared 4x4 and 5x5 board files, as in `scripts/bench`.
//!
//! `cargo bench -p bench --bench solve`; `BOGGLE_SHARED=../shared cargo bench -p bench --bench solve`.
//! The first line printed names the pack the figures are for.
use std::path::PathBuf;
use std::sync::LazyLock;

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use prep::{Pack, PackBuilder, Recipe};
use solve::{packs, Board, FaceRules, Solver};

fn pack() -> (Pack, String) {
    if let Ok(dir) = std::env::var("BOGGLE_SHARED") {
        let path = PathBuf::from(dir).join("wordlists/enable2k.txt");
        if let Ok(raw) = std::fs::read(&path) {
            let recipe = Recipe::builtin("enable").expect("built-in recipe");
            let (bytes, _) = PackBuilder::new(recipe)
                .build_bytes(&raw, "enable2k.txt")
                .expect("enable2k builds");
            return (
                Pack::from_vec(bytes, "enable2k").expect("pack opens"),
                "enable2k".into(),
            );
        }
    }
    (
        packs::builtin("en").expect("built-in en"),
        "built-in en".into(),
    )
}

fn boards(name: &str, fallback: &[&str]) -> Vec<String> {
    if let Ok(dir) = std::env::var("BOGGLE_SHARED") {
        let path = PathBuf::from(dir).join("bench").join(name);
        if let Ok(text) = std::fs::read_to_string(path) {
            return text.lines().take(2_000).map(str::to_string).collect();
        }
    }
    fallback.iter().map(|s| s.to_string()).collect()
}

/// The pack every bench searches, and its name.
static PACK: LazyLock<(Pack, String)> = LazyLock::new(pack);

fn main() {
    println!("pack: {}", PACK.1);
    divan::main();
}

/// A warm solver and the parsed boards of one size's board file.
fn setup(size: &str) -> (Solver, Vec<Board>) {
    let pack = &PACK.0;
    let faces = FaceRules::from_pack(pack).expect("face rules");
    let mut solver = Solver::new(pack).expect("solver");
    solver.warm_up().unwrap();
    let (name, fallback) = match size {
        "4x4" => (
            "boards-4x4-dice1987-200k.txt",
            &["perslatgsineters", "oatrihpshtnrenei", "piqetousrastends"][..],
        ),
        _ => (
            "boards-5x5-dice1987-50k.txt",
            &["ligdrmanesietildsracsepes"][..],
        ),
    };
    let parsed = boards(name, fallback)
        .iter()
        .map(|b| faces.parse(b).expect("board parses"))
        .collect();
    (solver, parsed)
}

/// Times `score` over every board of a size's file, a board an item.
fn each_board(bencher: Bencher, size: &str, score: fn(&mut Solver, &Board) -> u64) {
    let (mut solver, parsed) = setup(size);
    bencher
        .counter(ItemsCount::new(parsed.len()))
        .bench_local(|| {
            parsed
                .iter()
                .map(|board| score(&mut solver, black_box(board)))
                .sum::<u64>()
        });
}

/// Scores only: the batch and best-board searches' inner loop.
#[divan::bench(args = ["4x4", "5x5"], sample_count = 20)]
fn tally(bencher: Bencher, size: &str) {
    each_board(bencher, size, |s, b| s.tally(b).unwrap().score);
}

/// Every word with its path: what `boggle` prints.
#[divan::bench(args = ["4x4", "5x5"], sample_count = 20)]
fn solve_with_paths(bencher: Bencher, size: &str) {
    each_board(bencher, size, |s, b| s.solve(b).unwrap().score);
}

/// One board with a fresh solver: the lexicon decoded lazily.
#[divan::bench]
fn one_board_cold_lexicon(bencher: Bencher) {
    let pack = &PACK.0;
    let board = FaceRules::from_pack(pack)
        .expect("face rules")
        .parse("perslatgsineters")
        .expect("board parses");
    bencher.bench_local(|| {
        Solver::new(pack)
            .expect("solver")
            .tally(black_box(&board))
            .unwrap()
    });
}

/// Decoding every state of the automaton up front.
#[divan::bench(sample_count = 20)]
fn warm_up(bencher: Bencher) {
    let pack = &PACK.0;
    bencher.bench_local(|| {
        let mut s = Solver::new(pack).expect("solver");
        s.warm_up().unwrap();
        s
    });
}
