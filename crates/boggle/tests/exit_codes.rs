//! The exit-status table `boggle --help` ends with, case by case: each
//! class of error gives its status, on one line of standard error, and a
//! missing file is worded the same whatever its kind.

use std::process::Stdio;
use std::time::Duration;

use crate::common::{boggle, run_cmd};

fn run(args: &[&str]) -> (i32, String, String) {
    run_cmd(boggle().args(args))
}

/// `args` exits with `code` and one line of standard error holding `says`.
fn exits(code: i32, args: &[&str], says: &str) {
    let (got, _, stderr) = run(args);
    assert_eq!(got, code, "boggle {args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "boggle {args:?}: {stderr}");
    assert!(stderr.starts_with("boggle: "), "boggle {args:?}: {stderr}");
    assert!(stderr.contains(says), "boggle {args:?}: {stderr}");
    assert!(!stderr.contains("os error"), "boggle {args:?}: {stderr}");
}

#[test]
fn help_ends_with_the_table() {
    let (code, stdout, _) = run(&["--help"]);
    assert_eq!(code, 0);
    let table = stdout.split("Exit status:").nth(1).expect("the table");
    for status in ["0 ", "1 ", "2 ", "130 "] {
        assert!(
            table.lines().any(|l| l.trim_start().starts_with(status)),
            "{status}: {table}"
        );
    }
}

#[test]
fn usage_errors_and_unknown_names_exit_2() {
    exits(2, &["--frobnicate"], "--frobnicate");
    exits(2, &["--lang", "xx", "abcd"], "xx");
    exits(2, &["--size", "0x3", "abcd"], "0x3");
    exits(2, &["ab1d"], "row 1, column 3");
    exits(2, &["--neighbors", "diag", "abcd"], "also called king");
    exits(2, &["--dice", "nosuchdice", "--roll"], "nosuchdice");
    exits(2, &["--scoring", "nosuchscheme", "abcd"], "nosuchscheme");
}

#[test]
fn a_missing_file_is_worded_alike_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nosuch");
    let m = missing.to_str().unwrap();
    let pack = format!("{m}.pack");
    exits(
        2,
        &["--pack", &pack, "abcd"],
        &format!("{pack}: no such pack file"),
    );
    let boards = format!("{m}.txt");
    exits(2, &[&boards], &format!("{boards}: no such board file"));
    exits(
        2,
        &["batch", &boards],
        &format!("{boards}: no such board file"),
    );
    let dir_s = dir.path().to_str().unwrap();
    exits(
        2,
        &["--pack", dir_s, "abcd"],
        "is a directory, not a pack file",
    );
    let json = format!("{m}.json");
    exits(
        2,
        &["prove", "--merge", &json],
        &format!("{json}: no such JSON file"),
    );
}

#[test]
fn bad_data_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_pack = dir.path().join("words.pack");
    std::fs::write(&not_a_pack, "tea\neat\n").unwrap();
    let p = not_a_pack.to_str().unwrap();
    exits(1, &["--pack", p, "abcd"], p);
    let pack = dir.path().join("tiny.pack");
    let mut bytes = crate::common::tiny_pack_bytes(&["tea", "eat"], false);
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&pack, bytes).unwrap();
    let p = pack.to_str().unwrap();
    exits(1, &["--pack", p, "abcd"], p);
    // A batch line that is not a board: its record says why; the run fails.
    let (code, stdout, stderr) = run_cmd(boggle().args(["batch"]).write_stdin("abcd\nab1d\n"));
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(stderr.contains("line 2"), "{stderr}");
}

#[test]
fn an_interrupted_run_exits_130() {
    let child = crate::common::boggle_std()
        .args(["count", "--size", "7x7", "--engine", "dfs", "--yes"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    boggle_tests::interrupt(&child, "INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("interrupted"), "{stderr}");
}
