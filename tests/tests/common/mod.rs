//! Helpers shared by the integration tests: where the reference word lists
//! are, and how to run the `boggle-prep` binary.
//!
//! # Finding `boggle-prep`
//!
//! `CARGO_BIN_EXE_<name>` only exists for a package's own binaries, and
//! `cargo test --workspace` does not link `target/<profile>/boggle-prep`
//! unless the `prep` package has integration tests of its own. So the first
//! test that needs the binary runs `cargo build -p prep --bin boggle-prep`
//! with the same target directory and profile as the running test (a no-op
//! when it is fresh), once per test process. Set `BOGGLE_PREP_BIN` to use a
//! binary you built yourself instead.
#![allow(dead_code)]

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

/// Path to a freshly built `boggle-prep` binary (see the module docs).
pub fn boggle_prep() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(bin) = env::var_os("BOGGLE_PREP_BIN") {
            let bin = PathBuf::from(bin);
            assert!(
                bin.is_file(),
                "BOGGLE_PREP_BIN={} is not a file",
                bin.display()
            );
            return bin;
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
            .args(["-p", "prep", "--bin", "boggle-prep", "--profile", profile])
            .arg("--target-dir")
            .arg(target_dir)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {cargo:?}: {e}"));
        assert!(
            out.status.success(),
            "`cargo build -p prep --bin boggle-prep --profile {profile}` failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let bin = profile_dir.join(format!("boggle-prep{}", env::consts::EXE_SUFFIX));
        assert!(bin.is_file(), "{} was not built", bin.display());
        bin
    })
}

/// An `assert_cmd` command for `boggle-prep`.
pub fn prep_cmd() -> assert_cmd::Command {
    assert_cmd::Command::new(boggle_prep())
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
