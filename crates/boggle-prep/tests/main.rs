//! The end-to-end tests of the `boggle-prep` program, one module a topic,
//! in one test binary (one link, one harness whose tests run side by
//! side). `common` finds the binary Cargo built.

mod common;

mod cli;
mod cli_packs;
mod exit_codes;
mod lang_cli;
mod lang_reference;
mod languages;
mod letter_values;
mod reference;
mod stdout_cli;
mod verdicts;
