//! Support shared by all the integration tests: where the workspace and the
//! reference word lists are, how to build and run the `boggle-prep` and
//! `boggle` binaries, pack checksums; with the brute-force solver
//! ([`brute`]) and the tiny packs and dice matching ([`dice`]) re-exported
//! here, so a test file needs only `mod common;`.
//!
//! # Finding the binaries
//!
//! `CARGO_BIN_EXE_<name>` only exists for a package's own binaries, and
//! `cargo test --workspace` does not link `target/<profile>/boggle-prep` or
//! `target/<profile>/boggle` unless their packages have integration tests of
//! their own (and a file that is there may be stale), so
//! `assert_cmd::cargo_bin` does not work from this package. Instead the first
//! test that needs a binary runs `cargo build -p <package> --bin <name>` with
//! the same target directory and profile as the running test (a no-op when it
//! is fresh), once per test process. Set `BOGGLE_PREP_BIN` or `BOGGLE_BIN` to
//! use a binary you built yourself instead.
#![allow(dead_code)]

pub mod brute;
pub mod dice;

// Not every test file uses both.
#[allow(unused_imports)]
pub use brute::*;
#[allow(unused_imports)]
pub use dice::*;

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

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

/// Builds binary `bin` of workspace package `package` for the running test's
/// target directory and profile (see the module docs) and returns its path;
/// the environment variable `override_var`, when set, names a binary to use
/// instead.
fn cargo_built(package: &str, bin: &str, override_var: &str) -> PathBuf {
    if let Some(path) = env::var_os(override_var) {
        let path = PathBuf::from(path);
        assert!(
            path.is_file(),
            "{override_var}={} is not a file",
            path.display()
        );
        return path;
    }
    // This test runs as <target>/<profile dir>/deps/<test>-<hash>.
    let exe = env::current_exe().expect("the test binary's path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test binary lives in <target>/<profile>/deps");
    let target_dir = profile_dir.parent().expect("<target>/<profile>");
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        // `cargo test` builds with the `test` profile into `debug/`;
        // building the binary with it reuses the compiled dependencies.
        Some("debug") => "test",
        Some(other) => other,
        None => panic!("odd test binary path {}", exe.display()),
    };
    let cargo = env::var_os("CARGO").unwrap_or_else(|| env!("CARGO").into());
    let out = Command::new(&cargo)
        .arg("build")
        .arg("--quiet")
        .arg("--manifest-path")
        .arg(workspace_root().join("Cargo.toml"))
        .args(["-p", package, "--bin", bin, "--profile", profile])
        .arg("--target-dir")
        .arg(target_dir)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cargo:?}: {e}"));
    assert!(
        out.status.success(),
        "`cargo build -p {package} --bin {bin} --profile {profile}` failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = profile_dir.join(format!("{bin}{}", env::consts::EXE_SUFFIX));
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// Path to a freshly built `boggle-prep` binary (see the module docs).
pub fn boggle_prep() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| cargo_built("prep", "boggle-prep", "BOGGLE_PREP_BIN"))
}

/// An `assert_cmd` command for `boggle-prep`.
pub fn prep_cmd() -> assert_cmd::Command {
    assert_cmd::Command::new(boggle_prep())
}

/// Path to a freshly built `boggle` binary (see the module docs).
pub fn boggle_bin() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| cargo_built("solve", "boggle", "BOGGLE_BIN"))
}

/// An `assert_cmd` command for `boggle`.
pub fn boggle() -> assert_cmd::Command {
    assert_cmd::Command::new(boggle_bin())
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

/// The `fst` crate's own checksum: CRC-32C (Castagnoli), bit by bit, then
/// "masked" as the crate does.
pub fn fst_checksum(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0x82F6_3B78
            } else {
                crc >> 1
            };
        }
    }
    (!crc).rotate_right(15).wrapping_add(0xA282_EAD8)
}

fn u64_at(b: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(b[i..i + 8].try_into().unwrap())
}

/// Makes every checksum in a (damaged or crafted) pack right again, so that
/// opening it gets past the checksums to the metadata and automaton parsers:
/// the header's lengths are fitted to the file, then the automaton's own
/// checksum, the metadata and automaton CRC-32s and the header CRC-32 are
/// recomputed (layout: `prep::pack`). Shorter than a header: left alone.
pub fn reseal(pack: &mut [u8]) {
    if pack.len() < 48 {
        return;
    }
    let len = pack.len() as u64;
    let pad = |m: u64| (8 - (48 + m) % 8) % 8;
    let mut meta_len = u64_at(pack, 16).min(len - 48);
    if 48 + meta_len + pad(meta_len) > len {
        meta_len = 0;
    }
    let meta_end = 48 + meta_len as usize;
    let fst_start = meta_end + pad(meta_len) as usize;
    pack[16..24].copy_from_slice(&meta_len.to_le_bytes());
    pack[24..32].copy_from_slice(&(len - fst_start as u64).to_le_bytes());
    pack[meta_end..fst_start].fill(0);
    let fst = &mut pack[fst_start..];
    if fst.len() >= 4 {
        let n = fst.len() - 4;
        let sum = fst_checksum(&fst[..n]);
        fst[n..].copy_from_slice(&sum.to_le_bytes());
    }
    let meta_crc = crc32fast::hash(&pack[48..meta_end]);
    let fst_crc = crc32fast::hash(&pack[fst_start..]);
    pack[32..36].copy_from_slice(&meta_crc.to_le_bytes());
    pack[36..40].copy_from_slice(&fst_crc.to_le_bytes());
    let header_crc = crc32fast::hash(&pack[..40]);
    pack[40..44].copy_from_slice(&header_crc.to_le_bytes());
    pack[44..48].fill(0);
}
