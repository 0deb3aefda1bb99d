//! `boggle count`: both engines from the command line, big numbers, and the
//! refusals.

use crate::common::{boggle, run_cmd};
use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    run_cmd(boggle().args(args))
}

fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

#[test]
fn six_by_six_king_is_a236690_by_the_sweep() {
    let (code, stdout, stderr) = run(&["count", "--size", "6x6"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "9913814758253424\n");
    let j = json(&["count", "--size", "8x8", "-n", "no-diag", "--json"]);
    assert_eq!(j["engine"], "frontier");
    assert_eq!(j["total"], 1_532_025_110_398_168u64);
    let by_length = j["by_length"].as_array().unwrap();
    assert_eq!(by_length.len(), 64);
    assert_eq!(by_length[63], j["total"]);
    assert_eq!(by_length[0], 64);
}

#[test]
fn the_engines_agree_and_auto_says_which_it_took() {
    for extra in [
        &[][..],
        &["-n", "no-diag"],
        &["--wrap"],
        &["--max-len", "6"],
    ] {
        let mut outs = Vec::new();
        for engine in ["dfs", "frontier"] {
            let mut args = vec!["count", "--size", "3x5", "--json", "--engine", engine];
            args.extend_from_slice(extra);
            let mut j = json(&args);
            assert_eq!(j["engine"], engine);
            j.as_object_mut().unwrap().remove("engine");
            outs.push(j);
        }
        assert_eq!(outs[0], outs[1], "{extra:?}");
    }
    assert_eq!(json(&["count", "--size", "3", "--json"])["engine"], "dfs");
    assert_eq!(
        json(&["count", "--size", "6", "--json"])["engine"],
        "frontier"
    );
}

#[test]
fn counts_past_two_to_the_64_are_exact_decimal_strings() {
    // 7x7 king: 7,908,201,732,771,623,795,865 paths (A236690(7)).
    let j = json(&["count", "--size", "7", "--json"]);
    assert_eq!(j["total"], "7908201732771623795865");
    let by_length = j["by_length"].as_array().unwrap();
    assert!(by_length[0].is_u64(), "small counts stay numbers");
    assert_eq!(by_length[48], j["total"]);
}

#[test]
fn totals_go_past_2_to_the_128_and_tables_say_they_cannot() {
    // A 3x60 king strip has about 8.6e67 paths: 68 digits.
    let (code, stdout, stderr) = run(&["count", "--size", "3x60"]);
    assert_eq!(code, 0, "{stderr}");
    let total = stdout.trim();
    assert_eq!(total.len(), 68, "{total}");
    assert!(total.bytes().all(|b| b.is_ascii_digit()));
    let (code, stdout, stderr) = run(&["count", "--size", "3x60", "--json"]);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("2^128") && stderr.contains("2^256"),
        "{stderr}"
    );
}

#[test]
fn boards_only_one_engine_counts_are_refused_with_the_reason() {
    let (code, stdout, stderr) = run(&["count", "--size", "9x9", "--engine", "dfs"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("81 cells") && stderr.contains("frontier"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["count", "--size", "14", "--wrap", "-n", "no-diag"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("sweep line of 29 cells"), "{stderr}");
    // Past 2^256 even the total stops, saying so.
    let (code, stdout, stderr) = run(&["count", "--size", "3x80"]);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    assert!(stderr.contains("2^256"), "{stderr}");
    let (code, _, stderr) = run(&["count", "--size", "4", "--engine", "bfs"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("auto, dfs or frontier"), "{stderr}");
}
