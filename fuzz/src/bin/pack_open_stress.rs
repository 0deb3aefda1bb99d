//! `pack_open` without libFuzzer, for the stable toolchain: takes valid seed
//! packs, damages them at random (1–4 mutations, sometimes with every
//! checksum made right again, see `boggle_fuzz::reseal`) and runs
//! `boggle_fuzz::pack_open` on each, catching panics. Every input is
//! reproducible from `--seed` and its iteration number.
//!
//! ```text
//! cargo run --release --bin pack_open_stress -- [--seconds 60] [--iterations N]
//!     [--seed S] [--reseal never|always|half] [--only I] [--write-seeds DIR] [FILE…]
//! ```
//!
//! `--write-seeds DIR` writes the valid seed packs into DIR (a starting
//! corpus for `cargo fuzz run pack_open DIR`) and exits.
//! With files, runs each file once (e.g. a crash found by `cargo fuzz`;
//! with `--reseal always` it is resealed first, as `pack_open_sealed` does).
//! Crashing inputs are written to `artifacts/pack_open_stress/`. Exit status:
//! 0 all well, 1 some input panicked (or damage went undetected), 2 usage
//! error, 3 an input hung.

use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boggle_fuzz::{mutate, pack_open, reseal, seed_packs, Outcome, Rng};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Reseal {
    Never,
    Always,
    Half,
}

struct Args {
    seconds: f64,
    iterations: u64,
    seed: u64,
    reseal: Reseal,
    only: Option<u64>,
    write_seeds: Option<PathBuf>,
    files: Vec<PathBuf>,
}

fn usage(msg: &str) -> ! {
    eprintln!("pack_open_stress: {msg}");
    eprintln!(
        "usage: pack_open_stress [--seconds S] [--iterations N] [--seed S] \
         [--reseal never|always|half] [--only I] [--write-seeds DIR] [FILE...]"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut args = Args {
        seconds: 60.0,
        iterations: u64::MAX,
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64),
        reseal: Reseal::Half,
        only: None,
        write_seeds: None,
        files: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .unwrap_or_else(|| usage(&format!("{name} needs a value")))
        };
        match a.as_str() {
            "--seconds" => {
                args.seconds = value("--seconds")
                    .parse()
                    .unwrap_or_else(|_| usage("bad --seconds"))
            }
            "--iterations" => {
                args.iterations = value("--iterations")
                    .parse()
                    .unwrap_or_else(|_| usage("bad --iterations"))
            }
            "--seed" => {
                args.seed = value("--seed")
                    .parse()
                    .unwrap_or_else(|_| usage("bad --seed"))
            }
            "--only" => {
                args.only = Some(
                    value("--only")
                        .parse()
                        .unwrap_or_else(|_| usage("bad --only")),
                )
            }
            "--reseal" => {
                args.reseal = match value("--reseal").as_str() {
                    "never" => Reseal::Never,
                    "always" => Reseal::Always,
                    "half" => Reseal::Half,
                    _ => usage("--reseal is never, always or half"),
                }
            }
            "--write-seeds" => args.write_seeds = Some(PathBuf::from(value("--write-seeds"))),
            "-h" | "--help" => usage("help"),
            f if f.starts_with('-') => usage(&format!("unknown option {f}")),
            f => args.files.push(PathBuf::from(f)),
        }
    }
    args
}

/// Input number `i` of run `seed`: a damaged seed pack, and whether it was resealed.
fn make_input(seed: u64, i: u64, seeds: &[Vec<u8>], mode: Reseal) -> (Vec<u8>, bool) {
    let mut rng = Rng::new(seed ^ i.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let mut data = if rng.one_in(50) {
        let len = rng.below(256);
        (0..len).map(|_| rng.next_u64() as u8).collect()
    } else {
        seeds[rng.below(seeds.len())].clone()
    };
    for _ in 0..1 + rng.below(4) {
        mutate(&mut rng, &mut data);
    }
    let sealed = match mode {
        Reseal::Never => false,
        Reseal::Always => true,
        Reseal::Half => rng.one_in(2),
    };
    if sealed {
        reseal(&mut data);
    }
    (data, sealed)
}

fn artifacts() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("artifacts/pack_open_stress")
}

fn save(kind: &str, data: &[u8]) -> PathBuf {
    let dir = artifacts();
    let _ = std::fs::create_dir_all(&dir);
    let hash = boggle_fuzz::crc32(data);
    let path = dir.join(format!("{kind}-{hash:08x}"));
    let _ = std::fs::write(&path, data);
    path
}

struct Crash {
    count: u64,
    first: String,
    sealed: u64,
}

fn main() -> ExitCode {
    let args = parse_args();
    let last_panic: Arc<Mutex<Option<String>>> = Arc::default();
    {
        let last_panic = Arc::clone(&last_panic);
        panic::set_hook(Box::new(move |info| {
            let msg = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let at = info
                .location()
                .map(|l| format!("{}:{}", l.file(), l.line()))
                .unwrap_or_default();
            *last_panic.lock().unwrap() = Some(format!("{at}: {msg}"));
        }));
    }
    let run_one = |data: &[u8]| -> Result<Outcome, String> {
        panic::catch_unwind(AssertUnwindSafe(|| pack_open(data)))
            .map_err(|_| last_panic.lock().unwrap().take().unwrap_or_default())
    };

    if let Some(dir) = &args.write_seeds {
        std::fs::create_dir_all(dir).unwrap_or_else(|e| usage(&format!("{}: {e}", dir.display())));
        for (i, pack) in seed_packs().iter().enumerate() {
            let path = dir.join(format!("seed-{i}.pack"));
            std::fs::write(&path, pack)
                .unwrap_or_else(|e| usage(&format!("{}: {e}", path.display())));
            println!("{}", path.display());
        }
        return ExitCode::SUCCESS;
    }
    if !args.files.is_empty() {
        let mut failed = false;
        for f in &args.files {
            let mut data =
                std::fs::read(f).unwrap_or_else(|e| usage(&format!("{}: {e}", f.display())));
            if args.reseal == Reseal::Always {
                reseal(&mut data);
            }
            match run_one(&data) {
                Ok(o) => println!("{}: {o:?}", f.display()),
                Err(p) => {
                    failed = true;
                    println!("{}: PANIC {p}", f.display())
                }
            }
        }
        return if failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }

    let seeds = seed_packs();
    let started = Instant::now();
    let current = Arc::new(AtomicU64::new(u64::MAX));
    // Watchdog: one input taking seconds is a hang (or a runaway allocation).
    {
        let current = Arc::clone(&current);
        let seeds = seeds.clone();
        let (seed, mode) = (args.seed, args.reseal);
        std::thread::spawn(move || {
            let mut last = u64::MAX;
            let mut since = Instant::now();
            loop {
                std::thread::sleep(Duration::from_millis(250));
                let now = current.load(Ordering::Relaxed);
                if now != last {
                    last = now;
                    since = Instant::now();
                } else if now != u64::MAX && since.elapsed() > Duration::from_secs(10) {
                    let (data, sealed) = make_input(seed, now, &seeds, mode);
                    let path = save("hang", &data);
                    eprintln!(
                        "HANG: --seed {seed} --only {now} (resealed: {sealed}) has run for 10 s; \
                         input saved to {}",
                        path.display()
                    );
                    std::process::exit(3);
                }
            }
        });
    }

    let mut outcomes: BTreeMap<String, u64> = BTreeMap::new();
    let mut crashes: BTreeMap<String, Crash> = BTreeMap::new();
    let range: Box<dyn Iterator<Item = u64>> = match args.only {
        Some(i) => Box::new(i..=i),
        None => Box::new(0..args.iterations),
    };
    let deadline = Duration::from_secs_f64(args.seconds);
    let mut runs = 0u64;
    let mut sealed_runs = 0u64;
    let mut undetected = 0u64;
    for i in range {
        if args.only.is_none() && i % 256 == 0 && started.elapsed() >= deadline {
            break;
        }
        let (data, sealed) = make_input(args.seed, i, &seeds, args.reseal);
        current.store(i, Ordering::Relaxed);
        runs += 1;
        sealed_runs += u64::from(sealed);
        let tag = if sealed { "resealed" } else { "raw" };
        match run_one(&data) {
            Ok(Outcome::Verified) if !sealed && !seeds.contains(&data) => {
                // Every byte of a pack is under a checksum: this would be a
                // CRC collision, or a gap in what opening checks.
                let path = save("undetected", &data);
                eprintln!(
                    "UNDETECTED DAMAGE: --seed {} --only {i}, saved to {}",
                    args.seed,
                    path.display()
                );
                undetected += 1;
            }
            Ok(o) => *outcomes.entry(format!("{tag:<8} {o:?}")).or_default() += 1,
            Err(p) => {
                // Group by location; the message may hold varying numbers.
                let key = p.split(": ").next().unwrap_or_default().to_string();
                let c = crashes.entry(key).or_insert_with(|| {
                    let path = save("crash", &data);
                    Crash {
                        count: 0,
                        first: format!(
                            "--seed {} --only {i} (resealed: {sealed}), saved to {}: {p}",
                            args.seed,
                            path.display()
                        ),
                        sealed: 0,
                    }
                });
                c.count += 1;
                c.sealed += u64::from(sealed);
            }
        }
    }
    current.store(u64::MAX, Ordering::Relaxed);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "pack_open_stress: seed {} — {runs} inputs ({sealed_runs} resealed) in {secs:.1} s, {:.0}/s",
        args.seed,
        runs as f64 / secs
    );
    for (k, n) in &outcomes {
        println!("  {n:>10}  {k}");
    }
    println!("  {undetected:>10}  raw      damaged yet verified (undetected damage)");
    let panics: u64 = crashes.values().map(|c| c.count).sum();
    println!(
        "  {panics:>10}  panicked ({} distinct places)",
        crashes.len()
    );
    for c in crashes.values() {
        println!(
            "    {} times ({} resealed); first: {}",
            c.count, c.sealed, c.first
        );
    }
    if crashes.is_empty() && undetected == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
