//! Search speed. Uses the built-in English pack, or with `BOGGLE_SHARED`
//! (the folder holding `wordlists/` and `bench/`) an ENABLE2K pack and the
//! shared 4x4 and 5x5 board files, as in `scripts/bench`.
//!
//! `cargo bench -p solve`; `BOGGLE_SHARED=../shared cargo bench -p solve`.
use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use prep::{Pack, PackBuilder, Recipe};
use solve::{packs, FaceRules, Solver};

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

fn bench(c: &mut Criterion) {
    let (pack, label) = pack();
    let faces = FaceRules::from_pack(&pack).expect("face rules");
    let mut solver = Solver::new(&pack).expect("solver");
    solver.warm_up().unwrap();

    for (name, fallback) in [
        (
            "boards-4x4-dice1987-200k.txt",
            &["perslatgsineters", "oatrihpshtnrenei", "piqetousrastends"][..],
        ),
        (
            "boards-5x5-dice1987-50k.txt",
            &["ligdrmanesietildsracsepes"][..],
        ),
    ] {
        let parsed: Vec<_> = boards(name, fallback)
            .iter()
            .map(|b| faces.parse(b).expect("board parses"))
            .collect();
        let mut group = c.benchmark_group(format!("{label} {}", &name[..11]));
        group.throughput(Throughput::Elements(parsed.len() as u64));
        group.bench_function("tally", |b| {
            b.iter(|| {
                parsed
                    .iter()
                    .map(|board| solver.tally(black_box(board)).unwrap().score)
                    .sum::<u64>()
            })
        });
        group.bench_function("solve with paths", |b| {
            b.iter(|| {
                parsed
                    .iter()
                    .map(|board| solver.solve(black_box(board)).unwrap().score)
                    .sum::<u64>()
            })
        });
        group.finish();
    }

    let board = faces.parse("perslatgsineters").expect("board parses");
    c.bench_function(&format!("{label} one board, cold lexicon"), |b| {
        b.iter(|| {
            Solver::new(&pack)
                .expect("solver")
                .tally(black_box(&board))
                .unwrap()
        })
    });
    c.bench_function(&format!("{label} warm up (decode every state)"), |b| {
        b.iter(|| {
            let mut s = Solver::new(&pack).expect("solver");
            s.warm_up().unwrap();
            s
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
