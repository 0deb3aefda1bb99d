//! Pack build, open (`Pack::open` of a file, `Pack::from_static`) and verify speed.
//! With `BOGGLE_WORDLISTS` set, ENABLE2K; otherwise a synthetic list of the same size.
//!
//! `cargo bench -p bench --bench build`. The first line printed names the input.
use std::path::PathBuf;
use std::sync::LazyLock;

use divan::{black_box, Bencher};
use prep::{Pack, PackBuilder, Recipe};

fn input() -> (Vec<u8>, String) {
    if let Ok(dir) = std::env::var("BOGGLE_WORDLISTS") {
        let path = std::path::Path::new(&dir).join("enable2k.txt");
        if let Ok(raw) = std::fs::read(&path) {
            return (raw, "enable2k.txt".into());
        }
    }
    let mut raw = Vec::new();
    let mut x: u64 = 1;
    for _ in 0..170_000 {
        let len = 3 + (x % 9) as usize;
        for _ in 0..len {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            raw.push(b'a' + ((x >> 33) % 26) as u8);
        }
        raw.extend_from_slice(b"\r\n");
    }
    (raw, "synthetic.txt".into())
}

/// The word list every bench builds from, and its name.
static INPUT: LazyLock<(Vec<u8>, String)> = LazyLock::new(input);

/// The pack built from [`INPUT`], written to a file that lives as long as the run.
static PACK: LazyLock<(Vec<u8>, tempfile::TempDir, PathBuf)> = LazyLock::new(|| {
    let (raw, name) = &*INPUT;
    let recipe = Recipe::builtin("enable").unwrap();
    let (bytes, _) = PackBuilder::new(recipe).build_bytes(raw, name).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.pack");
    std::fs::write(&path, &bytes).unwrap();
    (bytes, dir, path)
});

fn main() {
    println!("input: {}", INPUT.1);
    divan::main();
}

/// Word list to sealed pack bytes with the ENABLE recipe.
#[divan::bench(sample_count = 10)]
fn build(bencher: Bencher) {
    let (raw, name) = &*INPUT;
    let recipe = Recipe::builtin("enable").unwrap();
    bencher.bench_local(|| {
        PackBuilder::new(recipe.clone())
            .build_bytes(black_box(raw), name)
            .unwrap()
    });
}

/// Opening a pack file (memory-mapped).
#[divan::bench]
fn open(bencher: Bencher) {
    let path = &PACK.2;
    bencher.bench_local(|| Pack::open(black_box(path)).unwrap());
}

/// A built-in pack: the same bytes, compiled in.
#[divan::bench]
fn from_static(bencher: Bencher) {
    let leaked: &'static [u8] = Box::leak(PACK.0.clone().into_boxed_slice());
    bencher.bench_local(|| Pack::from_static(black_box(leaked), "static").unwrap());
}

/// What every tool pays before reading a pack file's words.
#[divan::bench]
fn verify(bencher: Bencher) {
    let pack = Pack::open(&PACK.2).unwrap();
    bencher.bench_local(|| pack.verify().unwrap());
}
