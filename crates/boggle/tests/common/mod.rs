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

/// The ENABLE2K pack (the shared `enable2k.txt` under the `enable` recipe),
/// written to `dir/enable2k.pack`: its path. Panics without
/// `BOGGLE_WORDLISTS`, as the reference tests that ask for it should.
pub fn enable2k_pack(dir: &Path) -> std::path::PathBuf {
    let text = std::fs::read(wordlist("enable2k.txt")).expect("enable2k.txt reads");
    let recipe = prep::Recipe::builtin("enable").expect("the enable recipe");
    let (bytes, _) = prep::PackBuilder::new(recipe)
        .build_bytes(text.as_slice(), "enable2k.txt")
        .expect("the ENABLE2K pack builds");
    let pack = dir.join("enable2k.pack");
    std::fs::write(&pack, bytes).expect("the pack is written");
    pack
}
