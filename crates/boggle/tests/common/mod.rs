//! The shared test support (the `boggle-tests` library), and the `boggle`
//! binary Cargo built for these tests.
#![allow(dead_code, unused_imports)]

pub use boggle_tests::*;

use std::path::Path;

/// The `boggle` binary under test.
pub fn boggle_bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_boggle"))
}

/// An `assert_cmd` command for `boggle`.
pub fn boggle() -> assert_cmd::Command {
    assert_cmd::Command::new(boggle_bin())
}
