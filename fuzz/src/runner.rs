//! The stable-toolchain stress loop behind `pack_open_stress`,
//! `board_parse_stress` and `recipe_parse_stress`: inputs made
//! from seeds by numbered, reproducible random mutations, each run under
//! `catch_unwind`, panics grouped by where they happened, a watchdog for
//! hangs.
//!
//! ```text
//! <name>_stress [--seconds 60] [--iterations N] [--seed S] [--only I]
//!               [--write-seeds DIR] [FILE…]
//! ```
//!
//! Exit status: 0 no panic, 1 some input panicked, 2 usage error, 3 an input
//! hung (ran over 10 s).

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the command line asked for.
pub struct Options {
    /// How long to run.
    pub seconds: f64,
    /// Most inputs to run.
    pub iterations: u64,
    /// The run's seed.
    pub seed: u64,
    /// Run only this input number.
    pub only: Option<u64>,
    /// Write the seeds here (a corpus for `cargo fuzz`) and stop.
    pub write_seeds: Option<PathBuf>,
    /// Run these files once each instead.
    pub files: Vec<PathBuf>,
}

fn usage(name: &str, msg: &str) -> ! {
    eprintln!("{name}: {msg}");
    eprintln!(
        "usage: {name} [--seconds S] [--iterations N] [--seed S] [--only I] \
         [--write-seeds DIR] [FILE...]"
    );
    std::process::exit(2)
}

/// Reads the command line.
pub fn options(name: &str) -> Options {
    options_from(name, std::env::args().skip(1))
}

/// Reads these arguments (a target with options of its own takes those out
/// first).
pub fn options_from(name: &str, args: impl IntoIterator<Item = String>) -> Options {
    let mut o = Options {
        seconds: 60.0,
        iterations: u64::MAX,
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64),
        only: None,
        write_seeds: None,
        files: Vec::new(),
    };
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |flag: &str| {
            it.next()
                .unwrap_or_else(|| usage(name, &format!("{flag} needs a value")))
        };
        match a.as_str() {
            "--seconds" => {
                o.seconds = value(&a)
                    .parse()
                    .unwrap_or_else(|_| usage(name, &format!("bad {a}")))
            }
            "--iterations" => {
                o.iterations = value(&a)
                    .parse()
                    .unwrap_or_else(|_| usage(name, &format!("bad {a}")))
            }
            "--seed" => {
                o.seed = value(&a)
                    .parse()
                    .unwrap_or_else(|_| usage(name, &format!("bad {a}")))
            }
            "--only" => {
                o.only = Some(
                    value(&a)
                        .parse()
                        .unwrap_or_else(|_| usage(name, &format!("bad {a}"))),
                )
            }
            "--write-seeds" => o.write_seeds = Some(PathBuf::from(value(&a))),
            "-h" | "--help" => usage(name, "help"),
            f if f.starts_with('-') => usage(name, &format!("unknown option {f}")),
            f => o.files.push(PathBuf::from(f)),
        }
    }
    o
}

fn save(name: &str, kind: &str, data: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("artifacts")
        .join(format!("{name}_stress"));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{kind}-{:08x}", crate::crc32(data)));
    let _ = std::fs::write(&path, data);
    path
}

/// Runs the loop: `make(seed, i)` is input number `i`; `check(Some(i),
/// input)` runs the target on it (`check(None, file)` on a file given on the
/// command line). A panic in `check` is a crash.
pub fn run<O: Debug>(
    name: &str,
    o: &Options,
    seeds: &[Vec<u8>],
    make: impl Fn(u64, u64) -> Vec<u8> + Send + Sync + 'static,
    check: impl Fn(Option<u64>, &[u8]) -> O,
) -> ExitCode {
    if let Some(dir) = &o.write_seeds {
        std::fs::create_dir_all(dir)
            .unwrap_or_else(|e| usage(name, &format!("{}: {e}", dir.display())));
        for (i, s) in seeds.iter().enumerate() {
            let path = dir.join(format!("seed-{i}"));
            std::fs::write(&path, s)
                .unwrap_or_else(|e| usage(name, &format!("{}: {e}", path.display())));
            println!("{}", path.display());
        }
        return ExitCode::SUCCESS;
    }
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
            if let Ok(mut last) = last_panic.lock() {
                *last = Some(format!("{at}: {msg}"));
            }
        }));
    }
    let run_one = |i: Option<u64>, data: &[u8]| -> Result<O, String> {
        panic::catch_unwind(AssertUnwindSafe(|| check(i, data))).map_err(|_| {
            last_panic
                .lock()
                .ok()
                .and_then(|mut l| l.take())
                .unwrap_or_default()
        })
    };
    if !o.files.is_empty() {
        let mut failed = false;
        for f in &o.files {
            let data =
                std::fs::read(f).unwrap_or_else(|e| usage(name, &format!("{}: {e}", f.display())));
            match run_one(None, &data) {
                Ok(out) => println!("{}: {out:?}", f.display()),
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

    let make = Arc::new(make);
    let started = Instant::now();
    let current = Arc::new(AtomicU64::new(u64::MAX));
    {
        let (current, make, seed) = (Arc::clone(&current), Arc::clone(&make), o.seed);
        let name = name.to_string();
        std::thread::spawn(move || {
            let (mut last, mut since) = (u64::MAX, Instant::now());
            loop {
                std::thread::sleep(Duration::from_millis(250));
                let now = current.load(Ordering::Relaxed);
                if now != last {
                    (last, since) = (now, Instant::now());
                } else if now != u64::MAX && since.elapsed() > Duration::from_secs(10) {
                    let path = save(&name, "hang", &make(seed, now));
                    eprintln!(
                        "HANG: --seed {seed} --only {now} has run for 10 s; input saved to {}",
                        path.display()
                    );
                    std::process::exit(3);
                }
            }
        });
    }
    let mut outcomes: BTreeMap<String, u64> = BTreeMap::new();
    let mut crashes: BTreeMap<String, (u64, String)> = BTreeMap::new();
    let range: Box<dyn Iterator<Item = u64>> = match o.only {
        Some(i) => Box::new(i..=i),
        None => Box::new(0..o.iterations),
    };
    let deadline = Duration::from_secs_f64(o.seconds);
    let mut runs = 0u64;
    for i in range {
        if o.only.is_none() && i % 64 == 0 && started.elapsed() >= deadline {
            break;
        }
        let data = make(o.seed, i);
        current.store(i, Ordering::Relaxed);
        runs += 1;
        match run_one(Some(i), &data) {
            Ok(out) => *outcomes.entry(format!("{out:?}")).or_default() += 1,
            Err(p) => {
                let key = p.split(": ").next().unwrap_or_default().to_string();
                let c = crashes.entry(key).or_insert_with(|| {
                    let path = save(name, "crash", &data);
                    let first = format!(
                        "--seed {} --only {i}, saved to {}: {p}",
                        o.seed,
                        path.display()
                    );
                    (0, first)
                });
                c.0 += 1;
            }
        }
    }
    current.store(u64::MAX, Ordering::Relaxed);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{name}_stress: seed {} — {runs} inputs in {secs:.1} s, {:.0}/s",
        o.seed,
        runs as f64 / secs
    );
    for (k, n) in &outcomes {
        println!("  {n:>10}  {k}");
    }
    let panics: u64 = crashes.values().map(|c| c.0).sum();
    println!(
        "  {panics:>10}  panicked ({} distinct places)",
        crashes.len()
    );
    for (n, first) in crashes.values() {
        println!("    {n} times; first: {first}");
    }
    if crashes.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
