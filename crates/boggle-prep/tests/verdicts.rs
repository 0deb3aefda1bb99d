//! Verdicts on the command line: `build` gives an English pack its verdicts
//! from the checkout's SCOWL lists, `inspect` counts them and `inspect
//! --word` says what the pack holds of a word; `--no-verdicts` leaves them
//! out, and missing evidence is a one-line error naming the file.

use crate::common::{prep_cmd, run_cmd};

/// A small English pack built with the recipe's frequencies and evidence
/// (the checkout's wordlists/), with `extra` flags.
fn build(dir: &std::path::Path, extra: &[&str]) -> (i32, String, std::path::PathBuf) {
    let list = dir.join("words.txt");
    std::fs::write(&list, "the\nhouse\ntet\ndui\ndae\nvespid\nyad\n").unwrap();
    let pack = dir.join("en.pack");
    let mut cmd = prep_cmd();
    cmd.arg("build")
        .arg(&list)
        .args(["--recipe", "enable", "-o"])
        .arg(&pack)
        .args(extra)
        .env_remove("BOGGLE_FREQUENCIES");
    let (code, _, stderr) = run_cmd(&mut cmd);
    (code, stderr, pack)
}

#[test]
fn inspect_word_says_frequency_verdict_and_standing() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr, pack) = build(dir.path(), &[]);
    assert_eq!(code, 0, "{stderr}");
    let (code, inspect, _) = run_cmd(prep_cmd().arg("inspect").arg(&pack));
    assert_eq!(code, 0);
    assert!(
        inspect.contains("verdicts   2 everyday, 1 name, 1 abbreviation, 3 not_everyday"),
        "{inspect}"
    );
    let words = ["House", "tet", "dui", "dae", "yad", "zebra"];
    let mut cmd = prep_cmd();
    cmd.arg("inspect").arg(&pack);
    for w in words {
        cmd.args(["--word", w]);
    }
    let (code, out, stderr) = run_cmd(&mut cmd);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), words.len(), "{out}");
    assert!(
        lines[0].starts_with("House (house)  Zipf 5.7; an everyday word"),
        "{out}"
    );
    assert!(lines[0].ends_with("common at Zipf 2.5"), "{out}");
    assert!(
        lines[1].contains("a name") && lines[1].ends_with("rare: not an everyday word"),
        "{out}"
    );
    assert!(lines[2].contains("an abbreviation"), "{out}");
    assert!(
        lines[3].contains("not in the language's everyday word lists"),
        "{out}"
    );
    // yad: Zipf 2.47 in wordfreq, stored 2.4, under the line.
    assert!(
        lines[4].starts_with("yad  Zipf 2.4;") && lines[4].ends_with("rare: under Zipf 2.5"),
        "{out}"
    );
    assert_eq!(lines[5], "zebra  not in the pack");

    // The same as JSON, and another line.
    let (code, json, _) = run_cmd(prep_cmd().arg("inspect").arg(&pack).args([
        "--word",
        "tet",
        "--word",
        "house",
        "--min-zipf",
        "6",
        "--json",
    ]));
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v[0]["verdict"], "name");
    assert_eq!(v[0]["reason"], "too_rare", "tet is under Zipf 6: {v}");
    assert_eq!(v[0]["common"], false);
    assert_eq!(v[1]["verdict"], "everyday");
    assert_eq!(v[1]["reason"], "too_rare", "house is under Zipf 6: {v}");
}

#[test]
fn no_verdicts_builds_without_them_and_missing_evidence_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr, pack) = build(dir.path(), &["--no-verdicts"]);
    assert_eq!(code, 0, "{stderr}");
    let (_, inspect, _) = run_cmd(prep_cmd().arg("inspect").arg(&pack));
    assert!(
        inspect.contains("verdicts   none: frequency alone says which words are common"),
        "{inspect}"
    );
    let (_, out, _) = run_cmd(prep_cmd().arg("inspect").arg(&pack).args(["--word", "tet"]));
    assert!(
        out.contains("no verdict") && out.ends_with("common at Zipf 2.5\n"),
        "{out}"
    );

    // A frequency directory with the frequency list and without SCOWL's.
    let freq = dir.path().join("freq");
    std::fs::create_dir_all(freq.join("wordfreq-3.1.1")).unwrap();
    let (wordlists, _) = prep::frequency::default_dir();
    std::fs::copy(
        wordlists.join("wordfreq-3.1.1/large_en.msgpack.gz"),
        freq.join("wordfreq-3.1.1/large_en.msgpack.gz"),
    )
    .unwrap();
    let (code, stderr, _) = build(dir.path(), &["--frequency-dir", freq.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("scowl-2020.12.07/american-english, not found")
            && stderr.ends_with("or build without verdicts (--no-verdicts)\n"),
        "{stderr}"
    );
    // --no-verdicts with --no-frequencies is a usage error.
    let (code, stderr, _) = build(dir.path(), &["--no-verdicts", "--no-frequencies"]);
    assert_eq!(code, 2, "{stderr}");
}
