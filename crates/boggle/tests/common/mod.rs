//! The shared test support (the `boggle-tests` library), and the `boggle`
//! binary Cargo built for these tests.
#![allow(dead_code, unused_imports)]

pub use boggle_tests::*;

use std::path::Path;

/// The `boggle` binary under test.
pub fn boggle_bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_boggle"))
}

/// An `assert_cmd` command for `boggle`, in an environment of its own
/// (`boggle_tests::hermetic`).
pub fn boggle() -> assert_cmd::Command {
    assert_cmd::Command::from_std(boggle_std())
}

/// A `std::process::Command` for `boggle`, in an environment of its own.
pub fn boggle_std() -> std::process::Command {
    boggle_tests::hermetic::command(boggle_bin())
}
