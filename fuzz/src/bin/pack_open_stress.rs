//! `pack_open` without libFuzzer, for the stable toolchain: takes valid seed
//! packs, damages them at random (1–4 mutations, sometimes with every
//! checksum made right again, see `boggle_fuzz::reseal`) and runs
//! `boggle_fuzz::pack_open` on each, catching panics. Every input is
//! reproducible from `--seed` and its iteration number.
//!
//! ```text
//! cargo run --release --bin pack_open_stress -- [--reseal never|always|half]
//!     [--seconds 60] [--iterations N] [--seed S] [--only I] [--write-seeds DIR] [FILE…]
//! ```
//!
//! With files, runs each file once (e.g. a crash found by `cargo fuzz`; with
//! `--reseal always` it is resealed first, as `pack_open_sealed` does). A
//! damaged pack that was not resealed and still verifies counts as a crash
//! (undetected damage). See `boggle_fuzz::runner` for the other options, where
//! crashing inputs go and the exit status.

use std::process::ExitCode;

use boggle_fuzz::{mutate, pack_open, reseal, runner, seed_packs, Outcome, Rng};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Reseal {
    Never,
    Always,
    Half,
}

/// Takes `--reseal MODE` out of the arguments (default `half`).
fn take_reseal(args: &mut Vec<String>) -> Reseal {
    let Some(at) = args.iter().position(|a| a == "--reseal") else {
        return Reseal::Half;
    };
    let mode = match args.get(at + 1).map(String::as_str) {
        Some("never") => Reseal::Never,
        Some("always") => Reseal::Always,
        Some("half") => Reseal::Half,
        _ => {
            eprintln!("pack_open_stress: --reseal is never, always or half");
            std::process::exit(2)
        }
    };
    args.drain(at..at + 2);
    mode
}

/// Whether input number `i` of run `seed` is resealed after its damage.
fn sealed(seed: u64, i: u64, mode: Reseal) -> bool {
    match mode {
        Reseal::Never => false,
        Reseal::Always => true,
        Reseal::Half => Rng::new(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).one_in(2),
    }
}

/// Input number `i` of run `seed`: a damaged seed pack, resealed if
/// [`sealed`] says so.
fn make_input(seed: u64, i: u64, seeds: &[Vec<u8>], mode: Reseal) -> Vec<u8> {
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
    if sealed(seed, i, mode) {
        reseal(&mut data);
    }
    data
}

fn main() -> ExitCode {
    let name = "pack_open";
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mode = take_reseal(&mut args);
    let o = runner::options_from(name, args);
    let seeds = seed_packs();
    let make = {
        let seeds = seeds.clone();
        move |seed, i| make_input(seed, i, &seeds, mode)
    };
    let seed = o.seed;
    runner::run(name, &o, &seeds, make, |i, data| {
        let (was_sealed, outcome) = match i {
            Some(i) => (sealed(seed, i, mode), pack_open(data)),
            None if mode == Reseal::Always => {
                let mut data = data.to_vec();
                reseal(&mut data);
                (true, pack_open(&data))
            }
            None => (false, pack_open(data)),
        };
        // Every byte of a pack is under a checksum: a damaged pack that
        // verifies without being resealed is a CRC collision, or a gap in
        // what opening checks.
        if i.is_some()
            && !was_sealed
            && outcome == Outcome::Verified
            && !seeds.iter().any(|s| s == data)
        {
            panic!("undetected damage: a damaged pack, not resealed, verified");
        }
        (if was_sealed { "resealed" } else { "raw" }, outcome)
    })
}
