//! Pack build, open (`Pack::open` of a file, `Pack::from_static`) and verify speed.
//! With `BOGGLE_WORDLISTS` set, ENABLE2K; otherwise a synthetic list of the same size.
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
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

fn bench(c: &mut Criterion) {
    let (raw, name) = input();
    let recipe = Recipe::builtin("enable").unwrap();
    c.bench_function(&format!("build enable {name}"), |b| {
        b.iter(|| {
            PackBuilder::new(recipe.clone())
                .build_bytes(black_box(&raw), &name)
                .unwrap()
        })
    });
    let (bytes, _) = PackBuilder::new(recipe).build_bytes(&raw, &name).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.pack");
    std::fs::write(&path, &bytes).unwrap();
    c.bench_function(&format!("open {name}"), |b| {
        b.iter(|| Pack::open(black_box(&path)).unwrap())
    });
    // A built-in pack: the same bytes, compiled in.
    let leaked: &'static [u8] = Box::leak(bytes.clone().into_boxed_slice());
    c.bench_function(&format!("from_static {name}"), |b| {
        b.iter(|| Pack::from_static(black_box(leaked), "static").unwrap())
    });
    // What every tool pays before reading a pack file's words.
    let pack = Pack::open(&path).unwrap();
    c.bench_function(&format!("verify {name}"), |b| {
        b.iter(|| pack.verify().unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
