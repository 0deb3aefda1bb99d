//! Helpers of the command-line tests (`cli.rs`, `cli_packs.rs`): a messy
//! word list, building packs and reading what a failing command says.

use super::{boggle_prep, prep_cmd};
use assert_cmd::assert::Assert;
use std::ffi::OsStr;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tempfile::TempDir;

/// A messy list: BOM, CRLF, blank and padded lines, a name, duplicates,
/// junk, a `q` without `u`, and a last line without a line end.
pub const MESSY: &[u8] = b"\xEF\xBB\xBFZebra\r\napple\r\n\r\n  apple  \r\nqueen\r\nqat\r\nhat\r\nmp3\r\nco-op\r\nit's\r\na.s.a.p\r\nab\r\nhmm";
pub const MESSY_WORDS: &str = "apple\nhat\nhmm\nqueen\n";

pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, bytes).unwrap();
    path
}

/// Runs `boggle-prep build LIST --recipe RECIPE EXTRA… -o PACK`.
pub fn build(list: &Path, recipe: impl AsRef<OsStr>, extra: &[&str], pack: &Path) -> Assert {
    prep_cmd()
        .arg("build")
        .arg(list)
        .arg("--recipe")
        .arg(recipe)
        .args(extra)
        .arg("-o")
        .arg(pack)
        .assert()
}

/// Builds MESSY with the enable recipe into `<dir>/en.pack`, without word
/// frequencies: a header, metadata and automaton only, the layout the
/// damage tests below cut into (frequency sections are damaged in
/// exit_codes.rs and the fuzz targets).
pub fn messy_pack(dir: &Path) -> PathBuf {
    let list = write(dir, "list.txt", MESSY);
    let pack = dir.join("en.pack");
    build(&list, "enable", &["--no-frequencies"], &pack).success();
    pack
}

/// Asserts that `boggle-prep words PACK` prints `expected`.
pub fn words_are(pack: &Path, expected: &str) {
    prep_cmd()
        .arg("words")
        .arg(pack)
        .assert()
        .success()
        .stdout(expected.to_string());
}

/// Runs `boggle-prep args…`, expects exit code 1 and a single-line message
/// on standard error; returns that line.
pub fn fails_with_one_line(args: &[&OsStr]) -> String {
    fails_with_code(args, 1)
}

/// As [`fails_with_one_line`], with exit code `code` (2 for the caller's
/// mistakes, such as a bad recipe).
pub fn fails_with_code(args: &[&OsStr], code: i32) -> String {
    let out = prep_cmd().args(args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: expected exit 1, stderr: {stderr}"
    );
    assert!(out.stdout.is_empty(), "{args:?}: stdout not empty");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    let line = stderr.strip_suffix('\n').unwrap_or(&stderr);
    assert!(
        !line.is_empty() && !line.contains('\n'),
        "{args:?}: expected one line on stderr, got {stderr:?}"
    );
    assert!(
        line.starts_with("boggle-prep: "),
        "{args:?}: message should name the tool: {line:?}"
    );
    line.to_string()
}

/// The one-line message of a failing `boggle-prep build LIST --recipe
/// RECIPE -o OUT` (see [`fails_with_one_line`]).
pub fn build_fails(list: &Path, recipe: impl AsRef<OsStr>, out: &Path) -> String {
    build_fails_with(list, recipe, out, 1)
}

/// A build whose recipe is the caller's mistake: exit 2, one line.
pub fn recipe_fails(list: &Path, recipe: impl AsRef<OsStr>, out: &Path) -> String {
    build_fails_with(list, recipe, out, 2)
}

pub fn build_fails_with(list: &Path, recipe: impl AsRef<OsStr>, out: &Path, code: i32) -> String {
    fails_with_code(
        &[
            os("build"),
            list.as_os_str(),
            os("--recipe"),
            recipe.as_ref(),
            os("-o"),
            out.as_os_str(),
        ],
        code,
    )
}

pub fn os(s: &(impl AsRef<OsStr> + ?Sized)) -> &OsStr {
    s.as_ref()
}

/// Names of the files in `dir`, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
