//! `boggle roll` and `boggle solve --roll` end to end: reproducible boards,
//! valid rolls of their set, sizes and shapes, letters, re-rolls to a
//! target, JSON, and errors.

use crate::common::{boggle, cells_match_dice, cells_of, ok_stdout};
use prep::Recipe;
use serde_json::Value;
use solve::random::DiceSet;
use solve::FaceRules;

fn run_ok(args: &[&str]) -> String {
    let out = boggle().args(args).output().unwrap();
    String::from_utf8(ok_stdout(out, &format!("boggle {args:?}"))).unwrap()
}

fn json_ok(args: &[&str]) -> Value {
    serde_json::from_str(&run_ok(args)).unwrap()
}

/// Runs a failing command; returns (exit code, standard error).
fn run_err(args: &[&str]) -> (i32, String) {
    let out = boggle().args(args).output().unwrap();
    assert!(!out.status.success(), "boggle {args:?} succeeded");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn en() -> FaceRules {
    FaceRules::from_recipe(&Recipe::builtin("enable").unwrap()).unwrap()
}

fn assert_valid_roll(board_text: &str, set: &str) {
    let rules = en();
    let board = rules.parse(board_text).unwrap();
    let dice = DiceSet::builtin(set).unwrap().board_faces(&rules).unwrap();
    assert_eq!(cells_of(&board).len(), dice.len(), "{board_text}");
    assert!(
        cells_match_dice(&cells_of(&board), &dice),
        "{board_text} is not a roll of the {set} dice"
    );
}

#[test]
fn the_same_seed_rolls_the_same_board() {
    let a = run_ok(&["roll", "--dice", "classic", "--seed", "7"]);
    let b = run_ok(&["roll", "--dice", "classic", "--seed", "7"]);
    assert_eq!(a, b);
    let board = a.lines().next().unwrap();
    assert_valid_roll(board, "classic");
    // The grid follows, then what was rolled.
    assert_eq!(a.lines().filter(|l| l.starts_with("  ")).count(), 4, "{a}");
    assert!(a.trim_end().ends_with("classic dice, 4x4, seed 7"), "{a}");
    // Regression: the board this implementation rolls for seed 7. The
    // generator and the rolling procedure are fixed (solve::random), so this
    // must never change; if it does, seeds people saved now roll other
    // boards.
    assert_eq!(board, REGRESSION_CLASSIC_7);
    let other = run_ok(&["roll", "--dice", "classic", "--seed", "8"]);
    assert_ne!(other.lines().next(), Some(board));
}

/// `boggle roll --dice classic --seed 7`. Also reproduced outside Rust: a
/// 30-line Python transcription of the procedure documented in `solve::random`
/// (SplitMix64 seeding, xoshiro256**, Lemire's bounded draw, Fisher–Yates,
/// then one face per die) rolls the same board.
const REGRESSION_CLASSIC_7: &str = "oeje/aflm/eode/liee";

#[test]
fn json_output() {
    let j = json_ok(&["roll", "--dice", "classic", "--seed", "7", "--json"]);
    assert_eq!(j["board"], REGRESSION_CLASSIC_7);
    assert_eq!(j["rows"], 4);
    assert_eq!(j["cols"], 4);
    assert_eq!(j["seed"], 7);
    assert_eq!(j["dice"], "classic");
    assert_eq!(j["letters"], Value::Null);
    assert_eq!(j["attempts"], 1);
    let text = run_ok(&["roll", "--dice", "classic", "--seed", "7"]);
    assert_eq!(text.lines().next().unwrap(), j["board"]);
}

#[test]
fn without_a_seed_the_seed_is_printed() {
    let out = run_ok(&["roll", "--dice", "1987"]);
    let last = out.lines().last().unwrap();
    let seed = last
        .split("--seed ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .unwrap_or_else(|| panic!("no seed in {last:?}"));
    let again = run_ok(&["roll", "--dice", "1987", "--seed", seed]);
    assert_eq!(again.lines().next(), out.lines().next());
    assert_valid_roll(out.lines().next().unwrap(), "1987");
    let j = json_ok(&["roll", "--json"]);
    assert!(j["seed"].as_u64().is_some(), "{j}");
    // English without --dice rolls the classic set.
    assert_eq!(j["dice"], "classic");
}

#[test]
fn sizes_follow_the_set_or_the_options() {
    for (set, n) in [("classic", 4), ("new", 4), ("big", 5), ("super-big", 6)] {
        let j = json_ok(&["roll", "--dice", set, "--seed", "1", "--json"]);
        assert_eq!((j["rows"].as_u64(), j["cols"].as_u64()), (Some(n), Some(n)));
        let canonical = if set == "new" { "1987" } else { set };
        assert_eq!(j["dice"], canonical);
        assert_valid_roll(j["board"].as_str().unwrap(), canonical);
    }
    let j = json_ok(&[
        "roll", "--dice", "classic", "--size", "5x5", "--seed", "1", "--json",
    ]);
    assert_eq!((j["rows"].as_u64(), j["cols"].as_u64()), (Some(5), Some(5)));
    let j = json_ok(&[
        "roll", "--dice", "big", "--size", "3x4", "--seed", "1", "--json",
    ]);
    assert_eq!((j["rows"].as_u64(), j["cols"].as_u64()), (Some(3), Some(4)));
    let j = json_ok(&[
        "roll", "--shape", "donut", "--dice", "big", "--seed", "1", "--json",
    ]);
    let board = en().parse(j["board"].as_str().unwrap()).unwrap();
    assert_eq!(cells_of(&board)[12], None);
    assert_eq!(j["shape"], "donut");
    let j = json_ok(&[
        "roll",
        "--shape",
        "cross",
        "--letters",
        "uniform",
        "--seed",
        "1",
        "--json",
    ]);
    let board = en().parse(j["board"].as_str().unwrap()).unwrap();
    assert_eq!(cells_of(&board).iter().flatten().count(), 21);
}

#[test]
fn letters_instead_of_dice() {
    for mode in ["uniform", "frequency"] {
        let j = json_ok(&[
            "roll",
            "--letters",
            mode,
            "--seed",
            "5",
            "--size",
            "8",
            "--json",
        ]);
        assert_eq!(j["letters"], mode);
        assert_eq!(j["dice"], Value::Null);
        let board = en().parse(j["board"].as_str().unwrap()).unwrap();
        assert_eq!(cells_of(&board).len(), 64);
        assert!(cells_of(&board).iter().all(|c| c.is_some()));
    }
    // A non-English pack without dice rolls frequency dice by default, one a
    // cell (tests/tests/lang_packs.rs checks the dice themselves).
    let j = json_ok(&["roll", "--lang", "nl", "--seed", "5", "--json"]);
    assert_eq!(j["dice"], "frequency");
    assert_eq!(j["letters"], Value::Null);
    assert_eq!((j["rows"].as_u64(), j["cols"].as_u64()), (Some(4), Some(4)));
}

#[test]
fn re_rolls_reach_the_target() {
    let args = [
        "roll",
        "--seed",
        "3",
        "--min-words",
        "60",
        "--min-score",
        "70",
        "--json",
    ];
    let j = json_ok(&args);
    assert!(j["word_count"].as_u64().unwrap() >= 60, "{j}");
    assert!(j["score"].as_u64().unwrap() >= 70, "{j}");
    // The count is the solver's.
    let board = j["board"].as_str().unwrap();
    let s = json_ok(&["solve", "--json", board]);
    assert_eq!(s["word_count"], j["word_count"]);
    assert_eq!(s["score"], j["score"]);
    // And the same again.
    let again = json_ok(&args);
    assert_eq!(again, j);
    let (code, err) = run_err(&[
        "roll",
        "--seed",
        "3",
        "--min-words",
        "5000",
        "--max-rolls",
        "5",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no board with at least 5000 words and 0 points in 5 rolls from seed 3"),
        "{err}"
    );
}

#[test]
fn solve_roll_and_roll_solve_agree() {
    let a = json_ok(&["solve", "--roll", "--dice", "big", "--seed", "9", "--json"]);
    let b = json_ok(&["roll", "--solve", "--dice", "big", "--seed", "9", "--json"]);
    assert_eq!(a, b);
    let r = json_ok(&["roll", "--dice", "big", "--seed", "9", "--json"]);
    assert_eq!(a["board"], r["board"]);
    assert_eq!(a["seed"], 9);
    assert!(a["word_count"].as_u64().unwrap() > 0);
    // Solving the printed board gives the same words.
    let s = json_ok(&["solve", "--json", r["board"].as_str().unwrap()]);
    assert_eq!(s["words"], a["words"]);
    let text = run_ok(&["solve", "--roll", "--dice", "super-big", "--seed", "9"]);
    assert!(text.starts_with(&format!(
        "{}  (super-big dice, 6x6, seed 9)",
        json_ok(&["roll", "--dice", "super-big", "--seed", "9", "--json"])["board"]
            .as_str()
            .unwrap()
    )));
    assert!(text.contains(" words, "), "{text}");
}

#[test]
fn errors_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dice.txt");
    std::fs::write(&path, "A B C\nD E F\n\nG H 9\n").unwrap();
    let p = path.to_str().unwrap();
    let (code, err) = run_err(&["roll", "--dice", p, "--size", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("{p}:4: ")), "{err}");
    // A good file works; 3 dice are no square, so --size is needed.
    std::fs::write(&path, "A B C\nD E F\nG H I\n").unwrap();
    let (code, err) = run_err(&["roll", "--dice", p]);
    assert_eq!(code, 2);
    assert!(err.contains("--size"), "{err}");
    let j = json_ok(&[
        "roll", "--dice", p, "--size", "1x3", "--seed", "2", "--json",
    ]);
    assert_eq!(j["dice"], p);
    for args in [
        &["roll", "--dice", "nope"][..],
        &["roll", "--dice", "classic", "--letters", "uniform"],
        &["roll", "--letters", "vowels"],
        &["roll", "--size", "0x4"],
        &["roll", "--shape", "x./xxx"],
        &["roll", "--dice", "pack"],
        &["solve", "--seed", "7", "abcd efgh ijkl mnop"],
        &["solve", "--roll", "abcd efgh ijkl mnop"],
    ] {
        let (code, err) = run_err(args);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
}

#[test]
fn a_pack_carries_its_own_dice() {
    let mut recipe = crate::common::tiny_recipe(true);
    recipe.board.dice = ["a b c", "d e f", "g h i", "qu . th"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (bytes, _) = prep::PackBuilder::new(recipe.clone())
        .build_bytes(b"abc\nthe\n", "tiny.txt")
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("dice.pack");
    std::fs::write(&pack, bytes).unwrap();
    let p = pack.to_str().unwrap();
    // The pack's dice are the default, and `--dice pack` names them.
    let a = json_ok(&["roll", "--pack", p, "--seed", "4", "--json"]);
    let b = json_ok(&[
        "roll", "--pack", p, "--dice", "pack", "--seed", "4", "--json",
    ]);
    assert_eq!(a, b);
    assert_eq!(a["dice"], "pack");
    assert_eq!((a["rows"].as_u64(), a["cols"].as_u64()), (Some(2), Some(2)));
    let rules = FaceRules::from_recipe(&recipe).unwrap();
    let dice = DiceSet::from_recipe(&recipe)
        .unwrap()
        .unwrap()
        .board_faces(&rules)
        .unwrap();
    for seed in 0..20 {
        let j = json_ok(&["roll", "--pack", p, "--seed", &seed.to_string(), "--json"]);
        let board = rules.parse(j["board"].as_str().unwrap()).unwrap();
        assert!(cells_match_dice(&cells_of(&board), &dice), "{j}");
    }
}

/// `roll --count N`: N boards, one a line, the boards of seeds S..S+N (each
/// what `roll --seed` alone gives), with their targets; NDJSON with --json;
/// no solving.
#[test]
fn roll_count_prints_one_board_a_line() {
    let lines = run_ok(&["roll", "--count", "5", "--seed", "40", "--dice", "1987"]);
    let boards: Vec<&str> = lines.lines().collect();
    assert_eq!(boards.len(), 5, "{lines}");
    for (i, board) in boards.iter().enumerate() {
        let seed = (40 + i).to_string();
        let alone = run_ok(&["roll", "--seed", &seed, "--dice", "1987"]);
        assert_eq!(Some(*board), alone.lines().next(), "seed {seed}");
        assert_valid_roll(board, "1987");
    }
    let json = run_ok(&[
        "roll",
        "--count",
        "3",
        "--seed",
        "9",
        "--min-words",
        "60",
        "--json",
    ]);
    let records: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["seed"], 9 + i as u64);
        assert!(r["word_count"].as_u64().unwrap() >= 60, "{r}");
        let solved = json_ok(&["--json", r["board"].as_str().unwrap()]);
        assert_eq!(solved["word_count"], r["word_count"]);
    }
    assert!(run_ok(&["roll", "--count", "0"]).is_empty());
    for args in [
        &["roll", "--count", "2", "--solve"][..],
        &["roll", "--count", "2", "--top", "3"],
        &["roll", "--count", "x"],
    ] {
        let (code, err) = run_err(args);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
}
