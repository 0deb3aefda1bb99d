//! The shared test support (the `boggle-tests` library), and the
//! `boggle-prep` binary Cargo built for these tests.
#![allow(dead_code, unused_imports)]

pub use boggle_tests::*;

use std::path::Path;

/// The `boggle-prep` binary under test.
pub fn boggle_prep() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_boggle-prep"))
}

/// An `assert_cmd` command for `boggle-prep`.
pub fn prep_cmd() -> assert_cmd::Command {
    assert_cmd::Command::new(boggle_prep())
}
