//! `recipe_parse` without libFuzzer, for the stable toolchain: the built-in
//! recipes (as `to_toml` writes them) and the board target's test recipe,
//! changed 1–4 times by TOML- and recipe-aware mutations, each run through
//! `boggle_fuzz::recipe::recipe_parse` under `catch_unwind`.
//!
//! ```text
//! cargo run --release --bin recipe_parse_stress -- [--seconds 60] [--seed S] [--only I]
//!     [--iterations N] [--write-seeds DIR] [FILE…]
//! ```
//!
//! See `boggle_fuzz::runner` for the options and exit status.

use std::process::ExitCode;

use boggle_fuzz::recipe::{make_recipe_input, recipe_parse, seeds};
use boggle_fuzz::runner;

fn main() -> ExitCode {
    let name = "recipe_parse";
    let o = runner::options(name);
    let seeds = seeds();
    let bytes: Vec<Vec<u8>> = seeds.iter().map(|s| s.as_bytes().to_vec()).collect();
    runner::run(
        name,
        &o,
        &bytes,
        move |s, i| make_recipe_input(&seeds, s, i),
        |_, data| recipe_parse(data),
    )
}
