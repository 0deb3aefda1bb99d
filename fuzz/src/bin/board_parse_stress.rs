//! `board_parse` without libFuzzer, for the stable toolchain: seed boards
//! (`boggle_fuzz::board::SEEDS`) changed 1–3 times by text-aware mutations
//! (parser tokens, Unicode letters and marks, deletions, duplicated runs,
//! sometimes byte damage), or random letter grids up to 24x24, each run
//! through `boggle_fuzz::board::board_parse` under `catch_unwind`.
//!
//! ```text
//! cargo run --release --bin board_parse_stress -- [--seconds 60] [--seed S] [--only I]
//!     [--iterations N] [--write-seeds DIR] [FILE…]
//! ```
//!
//! See `boggle_fuzz::runner` for the options and exit status.

use std::process::ExitCode;

use boggle_fuzz::board::{board_parse, make_board_input, SEEDS};
use boggle_fuzz::runner;

fn main() -> ExitCode {
    let name = "board_parse";
    let o = runner::options(name);
    let seeds: Vec<Vec<u8>> = SEEDS.iter().map(|s| s.as_bytes().to_vec()).collect();
    runner::run(name, &o, &seeds, make_board_input, |_, data| {
        board_parse(data)
    })
}
