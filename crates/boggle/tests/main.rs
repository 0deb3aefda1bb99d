//! The end-to-end tests of the `boggle` program, one module a topic, in
//! one test binary: one link and one harness for all of them, whose tests
//! run side by side (a binary a file made a cold `cargo test` link 16 and
//! run them one after another). `common` finds the binary Cargo built.

mod common;

mod arena_cli;
mod best_cli;
mod common_words;
mod count_cli;
mod dice_cli;
mod dice_variants;
mod exit_codes;
mod lang_cli;
mod lang_reference;
mod letter_games;
mod newcomer;
mod opening_cli;
mod prove_cli;
mod prove_pool;
mod prove_resume_sample;
mod scripts;
mod show_cli;
mod solve_cli;
mod stdout_cli;
mod surprises;
