//! Support shared by the workspace's tests (this package's reference
//! suites and the end-to-end tests of the `boggle` and `boggle-prep`
//! crates): where the workspace and the reference word lists are, running a
//! command and reading its output, comparing word lists; with the
//! brute-force solver ([`brute`]) and the tiny packs and dice matching
//! ([`dice`]) re-exported here.
//!
//! The end-to-end tests find their binaries through Cargo
//! (`CARGO_BIN_EXE_boggle`, `CARGO_BIN_EXE_boggle-prep`), in the crates
//! that own them; nothing here builds a binary.

pub mod brute;
pub mod dice;
pub mod frequencies;
pub mod hermetic;
pub mod scored;
pub mod signals;
pub mod stdout;

/// Makes every checksum of a damaged pack right again (see `prep`).
pub use prep::pack::reseal;

pub use brute::*;
pub use dice::*;
pub use frequencies::*;
pub use hermetic::hermetic;
pub use scored::*;
pub use signals::interrupt;

use std::env;
use std::path::{Path, PathBuf};

/// The workspace root (this package lives in `<root>/tests`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The reference word list directory named by `BOGGLE_WORDLISTS`, resolved
/// against the workspace root when relative. Panics (never skips) when the
/// variable is unset or the directory is missing.
pub fn wordlists_dir() -> PathBuf {
    let raw = env::var_os("BOGGLE_WORDLISTS").unwrap_or_else(|| {
        panic!(
            "BOGGLE_WORDLISTS is not set: the reference tests need the shared word lists, \
             e.g. BOGGLE_WORDLISTS=../shared/wordlists (relative to the workspace root {}); \
             .ci/run sets it",
            workspace_root().display()
        )
    });
    let dir = workspace_root().join(PathBuf::from(raw));
    assert!(
        dir.is_dir(),
        "BOGGLE_WORDLISTS points at {}, which is not a directory",
        dir.display()
    );
    dir
}

/// A reference word list by file name; panics if it is missing.
pub fn wordlist(name: &str) -> PathBuf {
    let path = wordlists_dir().join(name);
    assert!(
        path.is_file(),
        "reference word list {} is missing (BOGGLE_WORDLISTS={:?})",
        path.display(),
        env::var_os("BOGGLE_WORDLISTS").unwrap_or_default()
    );
    path
}

/// Runs `cmd` and returns (exit code, stdout, stderr), asserting that the
/// output is UTF-8 and that nothing panicked; -1 stands for "killed by a
/// signal".
pub fn run_cmd(cmd: &mut assert_cmd::Command) -> (i32, String, String) {
    let out = cmd.output().expect("the command runs");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 stdout");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8 stderr");
    assert!(!stderr.contains("panicked"), "{cmd:?} panicked:\n{stderr}");
    (out.status.code().unwrap_or(-1), stdout, stderr)
}

/// The standard output of a finished command, after asserting that it
/// succeeded (naming it `what` and showing its standard error if not).
pub fn ok_stdout(out: std::process::Output, what: &str) -> Vec<u8> {
    assert!(
        out.status.success(),
        "{what} failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Compares two sorted word lists and panics with a short, readable account
/// of the first differences (not megabytes of output).
pub fn assert_same_words(actual: &[&str], expected: &[&str], what: &str) {
    if actual == expected {
        return;
    }
    let a: std::collections::BTreeSet<&str> = actual.iter().copied().collect();
    let e: std::collections::BTreeSet<&str> = expected.iter().copied().collect();
    let extra: Vec<_> = a.difference(&e).take(10).collect();
    let missing: Vec<_> = e.difference(&a).take(10).collect();
    let first = actual
        .iter()
        .zip(expected)
        .position(|(x, y)| x != y)
        .unwrap_or(actual.len().min(expected.len()));
    panic!(
        "{what}: {} words, expected {}; first difference at line {} ({:?} vs {:?}); \
         extra (up to 10): {extra:?}; missing (up to 10): {missing:?}",
        actual.len(),
        expected.len(),
        first + 1,
        actual.get(first),
        expected.get(first),
    );
}
