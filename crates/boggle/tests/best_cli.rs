//! End-to-end tests of `boggle best`: on a tiny dictionary, small boards are
//! enumerated exhaustively here (scored by the brute-force solver of
//! `common`, which shares nothing with `solve`) and the search must find
//! the optimum; boards come back canonical, distinct, rollable with `--dice`,
//! and the same seed with one thread and an evaluation budget gives the same
//! output. The ENABLE2K 4x4 check needs the shared word lists and runs in the
//! ignored (release) suite.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use crate::common::{boggle, brute_force, tiny_pack_bytes};
use serde_json::Value;

/// Words over a, e, s, t only, so a 2x3 board has 4^6 = 4,096 fillings.
const WORDS: &[&str] = &[
    "at", "ate", "eat", "tea", "tee", "sat", "set", "sea", "seat", "eats", "teas", "east", "seats",
    "sates", "tease", "teases", "see", "tees", "tat", "teat", "test", "state", "taste", "estate",
];
const LETTERS: &[char] = &['a', 'e', 's', 't'];
/// Points by length, as the `--scoring` table below says: 2 and 3 letters 1,
/// 4 letters 2, 5 letters 3, 6 or more 5.
const SCORING: &str = "2=1,3=1,4=2,5=3,6+=5";

fn points(word: &str) -> u64 {
    match word.chars().count() {
        0 | 1 => 0,
        2 | 3 => 1,
        4 => 2,
        5 => 3,
        _ => 5,
    }
}

fn score(rows: usize, cols: usize, letters: &[char], words: &HashSet<String>) -> u64 {
    let cells: Vec<Option<String>> = letters.iter().map(|c| Some(c.to_string())).collect();
    brute_force(rows, cols, &cells, words, true, false, 2)
        .iter()
        .map(|w| points(w))
        .sum()
}

/// The board's text under a symmetry, rows separated by '/' unless square.
fn text(rows: usize, cols: usize, cell: impl Fn(usize, usize) -> char) -> String {
    let mut s = String::new();
    for i in 0..rows {
        if i > 0 && rows != cols {
            s.push('/');
        }
        for j in 0..cols {
            s.push(cell(i, j));
        }
    }
    s
}

/// The smallest text among the board's rotations and reflections (those
/// that keep its shape), computed here from scratch.
fn canonical(rows: usize, cols: usize, b: &[char]) -> String {
    let at = |i: usize, j: usize| b[i * cols + j];
    let (r, c) = (rows - 1, cols - 1);
    let mut all = vec![
        text(rows, cols, at),
        text(rows, cols, |i, j| at(i, c - j)),
        text(rows, cols, |i, j| at(r - i, j)),
        text(rows, cols, |i, j| at(r - i, c - j)),
    ];
    if rows == cols {
        all.push(text(rows, cols, |i, j| at(j, i)));
        all.push(text(rows, cols, |i, j| at(j, c - i)));
        all.push(text(rows, cols, |i, j| at(r - j, i)));
        all.push(text(rows, cols, |i, j| at(r - j, c - i)));
    }
    all.into_iter().min().expect("at least one symmetry")
}

/// Every board of `rows` x `cols` over [`LETTERS`]: canonical text -> score.
fn every_board(rows: usize, cols: usize, words: &HashSet<String>) -> BTreeMap<String, u64> {
    let k = rows * cols;
    let mut all = BTreeMap::new();
    for mut n in 0..LETTERS.len().pow(k as u32) {
        let mut b = Vec::with_capacity(k);
        for _ in 0..k {
            b.push(LETTERS[n % LETTERS.len()]);
            n /= LETTERS.len();
        }
        all.entry(canonical(rows, cols, &b))
            .or_insert_with(|| score(rows, cols, &b, words));
    }
    all
}

fn word_set() -> HashSet<String> {
    WORDS.iter().map(|w| w.to_string()).collect()
}

fn write_pack(dir: &Path) -> String {
    let path = dir.join("tiny.pack");
    std::fs::write(&path, tiny_pack_bytes(WORDS, false)).expect("pack written");
    path.display().to_string()
}

fn run(args: &[&str], code: i32) -> (String, String) {
    let out = boggle().args(args).output().expect("boggle runs");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 stdout");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8 stderr");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    assert_eq!(
        out.status.code(),
        Some(code),
        "boggle {args:?}\nstdout: {stdout}\nstderr: {stderr}"
    );
    (stdout, stderr)
}

fn best_json(pack: &str, extra: &[&str]) -> Value {
    let mut args = vec![
        "best",
        "--pack",
        pack,
        "--scoring",
        SCORING,
        "--min-len",
        "2",
        "--json",
    ];
    args.extend_from_slice(extra);
    let (stdout, stderr) = run(&args, 0);
    assert!(stderr.is_empty(), "stderr: {stderr}");
    serde_json::from_str(&stdout).expect("one JSON object")
}

fn boards(v: &Value) -> Vec<(String, u64)> {
    v["boards"]
        .as_array()
        .expect("boards is an array")
        .iter()
        .map(|b| {
            (
                b["board"].as_str().expect("board text").to_string(),
                b["score"].as_u64().expect("score"),
            )
        })
        .collect()
}

#[test]
fn finds_the_exhaustive_optimum_canonical_and_distinct() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pack = write_pack(dir.path());
    let words = word_set();
    for (rows, cols, size) in [(2, 2, "2x2"), (2, 3, "2x3"), (3, 2, "3x2")] {
        let all = every_board(rows, cols, &words);
        let optimum = *all.values().max().expect("some boards");
        let v = best_json(
            &pack,
            &[
                "--size",
                size,
                "--iterations",
                "3000",
                "--seed",
                "4",
                "--threads",
                "1",
                "--top",
                "6",
            ],
        );
        assert_eq!(v["rows"], rows);
        assert_eq!(v["cols"], cols);
        assert_eq!(v["min_len"], 2);
        assert_eq!(v["iterations"], 3000);
        assert!(v["evaluations"].as_u64().expect("evaluations") <= 3000);
        let found = boards(&v);
        assert_eq!(found.len(), 6, "{size}: {found:?}");
        assert_eq!(found[0].1, optimum, "{size}: {found:?}");
        let mut distinct = HashSet::new();
        for (board, s) in &found {
            // Canonical: the board is the smallest of its own symmetries, and
            // it scores what it claims.
            let cells: Vec<char> = board.chars().filter(|&c| c != '/').collect();
            assert_eq!(cells.len(), rows * cols, "{board}");
            assert_eq!(&canonical(rows, cols, &cells), board);
            assert_eq!(all.get(board), Some(s), "{size}: {board}");
            assert!(distinct.insert(board.clone()), "{board} listed twice");
        }
        assert!(found.windows(2).all(|w| w[0].1 >= w[1].1), "{found:?}");
    }
}

#[test]
fn same_seed_one_thread_same_output() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pack = write_pack(dir.path());
    let args = [
        "best",
        "--pack",
        &pack,
        "--size",
        "3x3",
        "--letters",
        "uniform",
        "--iterations",
        "2500",
        "--seed",
        "99",
        "--threads",
        "1",
        "--top",
        "4",
    ];
    // Text: everything but the timing line is the same.
    let (a, _) = run(&args, 0);
    let (b, _) = run(&args, 0);
    let boards_of = |s: &str| s.split("\n\n").next().unwrap_or("").to_string();
    assert_eq!(boards_of(&a), boards_of(&b));
    assert_eq!(boards_of(&a).lines().count(), 4, "{a}");
    assert!(a.contains("seed 99, 1 thread: 2500 iterations"), "{a}");
    // JSON: the same boards, evaluations and runs.
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let (a, _) = run(&json_args, 0);
    let (b, _) = run(&json_args, 0);
    let (a, b): (Value, Value) = (
        serde_json::from_str(&a).expect("JSON"),
        serde_json::from_str(&b).expect("JSON"),
    );
    for key in [
        "boards",
        "iterations",
        "evaluations",
        "runs",
        "seed",
        "space",
    ] {
        assert_eq!(a[key], b[key], "{key}");
    }
    assert_eq!(a["space"], "uniform letters");
    assert_eq!(a["iterations"], 2500);
}

#[test]
fn target_stops_early() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pack = write_pack(dir.path());
    let optimum = *every_board(2, 2, &word_set())
        .values()
        .max()
        .expect("boards");
    let target = optimum.to_string();
    let v = best_json(
        &pack,
        &[
            "--size", "2x2", "--time", "60s", "--target", &target, "--seed", "1",
        ],
    );
    assert_eq!(v["reached_target"], true);
    assert_eq!(boards(&v)[0].1, optimum);
    assert!(v["seconds"].as_f64().expect("seconds") < 30.0);
    assert!(v["best_seconds"].as_f64().expect("best_seconds") <= v["seconds"].as_f64().unwrap());
}

#[test]
fn dice_boards_can_be_rolled() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pack = write_pack(dir.path());
    let dice_path = dir.path().join("dice.txt");
    let dice = ["a e t", "s s t", "e e e", "a s t", "t t t"];
    std::fs::write(&dice_path, dice.join("\n")).expect("dice written");
    let dice_file = dice_path.display().to_string();
    let v = best_json(
        &pack,
        &[
            "--size",
            "2x2",
            "--dice",
            &dice_file,
            "--iterations",
            "2000",
            "--seed",
            "3",
            "--threads",
            "1",
            "--top",
            "5",
        ],
    );
    let faces: Vec<Vec<char>> = dice
        .iter()
        .map(|d| d.chars().filter(|c| *c != ' ').collect())
        .collect();
    let found = boards(&v);
    assert!(!found.is_empty());
    for (board, _) in &found {
        let cells: Vec<char> = board.chars().collect();
        // Some assignment of distinct dice to the cells shows the letters.
        let ok = (0..faces.len()).any(|a| {
            (0..faces.len()).any(|b| {
                (0..faces.len()).any(|c| {
                    (0..faces.len()).any(|d| {
                        let pick = [a, b, c, d];
                        let mut used = pick.to_vec();
                        used.sort_unstable();
                        used.dedup();
                        used.len() == 4
                            && pick
                                .iter()
                                .zip(&cells)
                                .all(|(&i, ch)| faces[i].contains(ch))
                    })
                })
            })
        });
        assert!(ok, "{board} cannot be rolled with {dice:?}");
    }
}

#[test]
fn bad_options_exit_2_with_one_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pack = write_pack(dir.path());
    for (extra, needle) in [
        (&["--size", "0x3"][..], "size"),
        (&["--size", "4by4"][..], "size"),
        (&["--time", "soon"][..], "duration"),
        (&["--top", "0"][..], "--top"),
        (&["--threads", "0"][..], "--threads"),
        (&["--iterations", "0"][..], "--iterations"),
        (&["--letters", "vowels"][..], "letter mode"),
        (&["--dice", "no-such-set"][..], "no-such-set"),
        (&["--scoring", "nope"][..], "scoring"),
    ] {
        let mut args = vec!["best", "--pack", pack.as_str()];
        args.extend_from_slice(extra);
        let (stdout, stderr) = run(&args, 2);
        assert!(stdout.is_empty(), "{extra:?}: {stdout}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{extra:?}: {stderr}");
        assert!(stderr.contains(needle), "{extra:?}: {stderr}");
    }
}

/// The proven best 4x4 board under ENABLE2K (3,625 points) is found well
/// within the 5 minutes on 2 threads (in 1 to 7 seconds when
/// measured; 3 minutes bounds the CI time).
#[test]
#[ignore = "needs ../shared/wordlists via BOGGLE_WORDLISTS; run by .ci/run"]
fn enable2k_4x4_best_board() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pack = crate::common::enable2k_pack(tmp.path());
    let (stdout, stderr) = run(
        &[
            "best",
            "--pack",
            &pack.display().to_string(),
            "--size",
            "4x4",
            "--time",
            "3m",
            "--target",
            "3625",
            "--threads",
            "2",
            "--seed",
            "1",
            "--json",
        ],
        0,
    );
    let v: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    assert_eq!(v["reached_target"], true, "{stdout}");
    assert_eq!(
        boards(&v)[0],
        ("perslatgsineters".to_string(), 3625),
        "{stdout}"
    );
}
