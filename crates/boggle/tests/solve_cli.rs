//! End-to-end tests of the `boggle` binary (package `solve`), with its
//! built-in packs only: no shared data needed. See `common` for how the `boggle` binary is found.

use std::collections::BTreeSet;

use crate::common::{boggle, run_cmd};
use serde_json::Value;

/// Runs `boggle` with `args` (and `stdin`), asserts the exit code and that
/// nothing panicked; returns stdout and stderr.
fn run(args: &[&str], stdin: Option<&str>, code: i32) -> (String, String) {
    let mut cmd = boggle();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let (status, stdout, stderr) = run_cmd(&mut cmd);
    assert_eq!(
        status, code,
        "boggle {args:?}: exit status\nstdout: {stdout}\nstderr: {stderr}"
    );
    (stdout, stderr)
}

/// Runs `boggle ... --json` successfully and checks the output's shape.
fn json(args: &[&str], stdin: Option<&str>) -> Value {
    let (stdout, stderr) = run(args, stdin, 0);
    assert!(
        stderr.is_empty(),
        "boggle {args:?} wrote to stderr: {stderr}"
    );
    let v: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("boggle {args:?}: output is not JSON ({e}):\n{stdout}"));
    check_shape(&v);
    v
}

/// `rows`, `cols`, `score`, `word_count`, `words[]` of `{word, score, path}`
/// with `path` a list of `[row, col]`; the scores add up, the count counts.
fn check_shape(v: &Value) {
    let rows = v["rows"].as_u64().expect("rows is a number");
    let cols = v["cols"].as_u64().expect("cols is a number");
    let score = v["score"].as_u64().expect("score is a number");
    let count = v["word_count"].as_u64().expect("word_count is a number");
    let words = v["words"].as_array().expect("words is an array");
    assert_eq!(count, words.len() as u64, "word_count == words.len()");
    let mut sum = 0;
    let mut distinct = BTreeSet::new();
    for w in words {
        let word = w["word"].as_str().expect("word is a string");
        assert!(distinct.insert(word), "{word:?} listed twice");
        sum += w["score"].as_u64().expect("score is a number");
        let path = w["path"].as_array().expect("path is an array");
        assert!(!path.is_empty(), "{word:?} has an empty path");
        let mut seen = BTreeSet::new();
        for p in path {
            let p = p.as_array().expect("a path step is [row, col]");
            assert_eq!(p.len(), 2, "a path step is [row, col]");
            let (r, c) = (p[0].as_u64().unwrap(), p[1].as_u64().unwrap());
            assert!(r < rows && c < cols, "{word:?}: ({r},{c}) is off the board");
            assert!(seen.insert((r, c)), "{word:?} uses ({r},{c}) twice");
        }
    }
    assert_eq!(sum, score, "the words' scores add up to the score");
}

/// The path of each word as (row, col) pairs.
fn paths(v: &Value) -> Vec<(String, Vec<(usize, usize)>)> {
    v["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            let path = w["path"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    (
                        p[0].as_u64().unwrap() as usize,
                        p[1].as_u64().unwrap() as usize,
                    )
                })
                .collect();
            (w["word"].as_str().unwrap().to_string(), path)
        })
        .collect()
}

fn word_set(v: &Value) -> BTreeSet<String> {
    paths(v).into_iter().map(|(w, _)| w).collect()
}

const BOARD: &str = "oatr ihps htnr enei";
const GRID: [&str; 4] = ["oatr", "ihps", "htnr", "enei"];

/// The paths spell the words on `GRID` (single-letter faces) and step like
/// a king, or like a rook when `diagonals` is off.
fn check_paths_on_grid(v: &Value, diagonals: bool) {
    let letter = |(r, c): (usize, usize)| GRID[r].as_bytes()[c] as char;
    for (word, path) in paths(v) {
        let spelled: String = path.iter().map(|&p| letter(p)).collect();
        assert_eq!(spelled, word, "path {path:?}");
        for s in path.windows(2) {
            let (dr, dc) = (s[0].0.abs_diff(s[1].0), s[0].1.abs_diff(s[1].1));
            let ok = if diagonals {
                dr.max(dc) == 1
            } else {
                dr + dc == 1
            };
            assert!(ok, "{word:?}: step {:?} -> {:?}", s[0], s[1]);
        }
    }
}

#[test]
fn default_command_prints_the_board_and_the_words() {
    let (stdout, stderr) = run(&[BOARD], None, 0);
    assert!(stderr.is_empty(), "{stderr}");
    for row in ["O A T R", "I H P S", "H T N R", "E N E I"] {
        assert!(stdout.contains(row), "board row {row:?} missing:\n{stdout}");
    }
    assert!(stdout.contains("words"), "{stdout}");
    assert!(stdout.contains("points"), "{stdout}");
    assert!(
        stdout.contains(" path"),
        "`path` is on this board:\n{stdout}"
    );
    // The `solve` subcommand says the same.
    let (again, _) = run(&["solve", BOARD], None, 0);
    assert_eq!(again, stdout);
}

#[test]
fn json_output() {
    let v = json(&["solve", "oatrihpshtnrenei", "--json"], None);
    assert_eq!(v["rows"], 4);
    assert_eq!(v["cols"], 4);
    assert!(v["word_count"].as_u64().unwrap() > 20, "{v}");
    assert_eq!(v["min_len"], 3);
    assert_eq!(v["neighbors"], "all");
    assert_eq!(v["wrap"], false);
    assert_eq!(v["scoring"], "boggle");
    assert!(word_set(&v).contains("path"));
    // Boggle points by length.
    for w in v["words"].as_array().unwrap() {
        let len = w["word"].as_str().unwrap().chars().count();
        let points = match len {
            0..=2 => 0,
            3 | 4 => 1,
            5 => 2,
            6 => 3,
            7 => 5,
            _ => 11,
        };
        assert_eq!(w["score"], points, "{w}");
    }
    check_paths_on_grid(&v, true);
    // Separators do not matter.
    let same = json(&["oatr/ihps/htnr/enei", "--json"], None);
    assert_eq!(same["words"], v["words"]);
    assert_eq!(same["score"], v["score"]);
}

#[test]
fn board_from_a_file_and_from_stdin() {
    let argv = json(&[BOARD, "--json"], None);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.txt");
    std::fs::write(&file, "OATR\r\nIHPS\r\nHTNR\r\nENEI\r\n").unwrap();
    let from_file = json(&["solve", file.to_str().unwrap(), "--json"], None);
    assert_eq!(from_file["words"], argv["words"]);
    assert_eq!(from_file["score"], argv["score"]);
    let from_stdin = json(&["solve", "-", "--json"], Some("oatr\nihps\nhtnr\nenei\n"));
    assert_eq!(from_stdin["words"], argv["words"]);
    assert_eq!(from_stdin["score"], argv["score"]);
    let from_stdin = json(&["-", "--json"], Some(BOARD));
    assert_eq!(from_stdin["score"], argv["score"]);
    // A bad board on stdin is still the caller's mistake.
    let (_, stderr) = run(&["-"], Some("ab1d"), 2);
    assert!(stderr.contains("row 1, column 3"), "{stderr}");
}

#[test]
fn dutch_pack() {
    // The built-in nl pack is OpenTaal 2.20.19 with the opentaal recipe: the
    // Dutch tool's reference board.
    let v = json(&["--lang", "nl", "EICE JAAI VSKR BREP", "--json"], None);
    assert_eq!(
        (v["word_count"].as_u64(), v["score"].as_u64()),
        (Some(101), Some(139))
    );
    assert!(v["pack"].as_str().unwrap().contains("nl"), "{}", v["pack"]);
    let v = json(&["-l", "nl", "-n", "no-diag", "AP EN", "--json"], None);
    assert_eq!(v["word_count"], 0);
    assert_eq!(v["score"], 0);
    // A q is a plain q in Dutch, qu in English.
    let nl = json(&["--lang", "nl", "qa bc", "--json"], None);
    let en = json(&["qa bc", "--json"], None);
    assert_eq!(nl["board"], "qa/bc");
    assert_eq!(en["board"], "[qu]a/bc");
}

#[test]
fn neighbors_spellings() {
    let king = json(&[BOARD, "--json"], None);
    let dash = json(&[BOARD, "--neighbors", "no-diag", "--json"], None);
    let underscore = json(&[BOARD, "--neighbors", "no_diag", "--json"], None);
    assert_eq!(dash, underscore);
    assert_eq!(dash["neighbors"], "no-diag");
    let (k, d) = (
        king["score"].as_u64().unwrap(),
        dash["score"].as_u64().unwrap(),
    );
    assert!(d <= k, "no-diag {d} > king {k}");
    assert!(
        d < k,
        "this board loses words without diagonals ({d} vs {k})"
    );
    assert!(word_set(&dash).is_subset(&word_set(&king)));
    check_paths_on_grid(&dash, false);
    let all = json(&[BOARD, "--neighbors", "all", "--json"], None);
    assert_eq!(all, king);
    // Wrapping only adds words.
    let wrap = json(&[BOARD, "--wrap", "--json"], None);
    assert_eq!(wrap["wrap"], true);
    assert!(word_set(&king).is_subset(&word_set(&wrap)));
}

#[test]
fn min_len_drops_shorter_words() {
    let all = json(&[BOARD, "--json"], None);
    let long = json(&[BOARD, "--min-len", "5", "--json"], None);
    assert_eq!(long["min_len"], 5);
    let expected: BTreeSet<String> = word_set(&all)
        .into_iter()
        .filter(|w| w.chars().count() >= 5)
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(word_set(&long), expected);
    assert!(long["word_count"].as_u64() < all["word_count"].as_u64());
    let (_, stderr) = run(&[BOARD, "--min-len", "0"], None, 2);
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}

/// Exit 2, one line on stderr that contains every one of `needles`.
fn usage_error(args: &[&str], needles: &[&str]) {
    let (stdout, stderr) = run(args, None, 2);
    assert!(stdout.is_empty(), "boggle {args:?} printed {stdout}");
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "boggle {args:?}: stderr is not one line:\n{stderr}"
    );
    for n in needles {
        assert!(
            stderr.contains(n),
            "boggle {args:?}: {n:?} not in {stderr:?}"
        );
    }
}

#[test]
fn bad_boards_and_options_exit_2_with_one_line() {
    usage_error(&["abc de"], &["row 2"]);
    usage_error(&["solve", "abc de"], &["row 2"]);
    usage_error(&["ab1d"], &["row 1, column 3"]);
    usage_error(&["abc d1f"], &["row 2, column 2"]);
    usage_error(&["abcd", "--lang", "xx"], &["\"xx\""]);
    usage_error(&["abcd", "--neighbors", "sideways"], &["\"sideways\""]);
    usage_error(&["abcd", "--scoring", "nonsense"], &["\"nonsense\""]);
    // "abcde" is a one-row board; an empty face is not.
    usage_error(&["ab [] cd"], &["row 2, column 1", "empty face"]);
    usage_error(&[], &["no board"]);
    usage_error(&["solve"], &["no board"]);
    usage_error(&["  /  "], &["empty"]);
}

#[test]
fn a_missing_pack_file_exits_2_and_a_bad_one_1() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.pack");
    let (stdout, stderr) = run(&["--pack", missing.to_str().unwrap(), BOARD], None, 2);
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("nope.pack: no such pack file"), "{stderr}");
    // Not a pack at all: bad data, exit 1.
    let junk = dir.path().join("junk.pack");
    std::fs::write(&junk, b"this is not a pack").unwrap();
    run(&["--pack", junk.to_str().unwrap(), BOARD], None, 1);
}

#[test]
fn help_and_version() {
    let (stdout, _) = run(&["--help"], None, 0);
    assert!(stdout.contains("boggle"), "{stdout}");
    let (stdout, _) = run(&["--version"], None, 0);
    assert_eq!(stdout, format!("boggle {}\n", boggle_cli::VERSION));
    // An unknown flag is clap's usage error: exit 2.
    run(&[BOARD, "--no-such-flag"], None, 2);
}

/// A pack file whose checksums are right but whose automaton is crafted (the
/// root address in the `fst` footer points past the end, which makes the
/// `fst` crate panic when a search starts): `boggle --pack` exits 1 with one
/// line instead of panicking.
#[test]
fn a_crafted_pack_file_exits_1_without_a_panic() {
    let recipe = prep::Recipe::builtin("enable").unwrap();
    let (mut bytes, _) = prep::PackBuilder::new(recipe)
        .build_bytes(b"cat\ndog\nqueen\nzebra\n", "list.txt")
        .unwrap();
    let end = bytes.len() - 4; // footer: count u64, root address u64, checksum u32
    let far = 4 * bytes.len() as u64;
    bytes[end - 8..end].copy_from_slice(&far.to_le_bytes());
    prep::pack::reseal(&mut bytes);
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("crafted.pack");
    std::fs::write(&path, &bytes).unwrap();
    let (_, stderr) = run(&["--pack", path.to_str().unwrap(), BOARD], None, 1);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("malformed automaton"), "{stderr}");
}

/// Published 3x4 boards are 12-letter runs: `perslatesind` with `--size
/// 3x4` is Vanderkam's proven ENABLE2K optimum, 1651 points and 600 words
/// (RECORDS.md), in `solve` and in `batch`; without the size it is refused
/// with both ways to write it.
#[test]
#[ignore = "needs ../shared/wordlists via BOGGLE_WORDLISTS; run by .ci/run"]
fn a_published_3x4_run_reads_with_its_size() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = crate::common::enable2k_pack(tmp.path());
    let pack = pack.to_str().unwrap();
    let (stdout, _) = run(
        &["--pack", pack, "perslatesind", "--size", "3x4", "--json"],
        None,
        0,
    );
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (v["score"].as_u64(), v["word_count"].as_u64()),
        (Some(1651), Some(600))
    );
    assert_eq!(v["board"], "pers/late/sind");
    let (stdout, _) = run(
        &["batch", "--pack", pack, "--size", "3x4"],
        Some("# Vanderkam's 3x4 optimum\nperslatesind\n"),
        0,
    );
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (v["line"].as_u64(), v["score"].as_u64()),
        (Some(2), Some(1651))
    );
    let (_, stderr) = run(&["--pack", pack, "perslatesind"], None, 2);
    assert!(
        stderr.contains("(pers/late/sind)") && stderr.contains("(--size 3x4)"),
        "{stderr}"
    );
}
