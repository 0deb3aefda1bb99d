//! Common and rare words on the command line: `--common` and `--min-zipf`
//! in `solve` and `batch`, the common count beside the totals, rare words
//! marked in listings, `--sort zipf`, and a pack without frequencies, where
//! every word is common.

use crate::common::{boggle, run_cmd};
use serde_json::Value;

const BOARD: &str = "perslatgsineters";

fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run_cmd(boggle().args(args));
    assert_eq!(code, 0, "boggle {args:?}: {stderr}");
    serde_json::from_str(&stdout).unwrap()
}

/// Each word's Zipf value (`None`: not in the frequency list).
fn zipf(w: &Value) -> Option<f64> {
    w.get("zipf").map(|z| z.as_f64().unwrap())
}

fn words(v: &Value) -> Vec<&Value> {
    v["words"].as_array().unwrap().iter().collect()
}

#[test]
fn common_counts_only_words_of_the_line_and_more() {
    let all = json(&[BOARD, "--json"]);
    let common = json(&[BOARD, "--common", "--json"]);
    // Every word of --common is at the default line (2.5) or above, and the
    // common words of the full solve are exactly --common's words.
    for w in words(&common) {
        let z = zipf(w).unwrap_or_else(|| panic!("{w}: no zipf"));
        assert!(z >= 2.5, "{w}");
        assert!(w.get("rare").is_none(), "{w}");
    }
    let names = |v: &Value, keep: &dyn Fn(&Value) -> bool| -> Vec<String> {
        let mut n: Vec<String> = words(v)
            .into_iter()
            .filter(|w| keep(w))
            .map(|w| w["word"].as_str().unwrap().to_string())
            .collect();
        n.sort();
        n
    };
    let not_rare = names(&all, &|w| w.get("rare").is_none());
    assert_eq!(not_rare, names(&common, &|_| true));
    // Rare is exactly "under 2.5 or unlisted" (why: too_rare), or at the
    // line and not an everyday word (why: the verdict); every rare word
    // says why, and no common one does.
    let mut not_everyday = 0;
    for w in words(&all) {
        let rare = w.get("rare") == Some(&Value::Bool(true));
        let why = w.get("why").and_then(Value::as_str);
        assert_eq!(rare, why.is_some(), "{w}");
        let under = zipf(w).is_none_or(|z| z < 2.5);
        assert_eq!(why == Some("too_rare"), under, "{w}");
        if rare && !under {
            assert!(
                matches!(why, Some("name" | "abbreviation" | "not_everyday")),
                "{w}"
            );
            not_everyday += 1;
        }
    }
    // This board holds words at the line that are no everyday English
    // (pst, sae, tae…).
    assert!(not_everyday > 10, "{not_everyday}");
    // The common tally beside the totals is --common's total.
    assert_eq!(all["common"]["word_count"], common["word_count"]);
    assert_eq!(all["common"]["score"], common["score"]);
    assert_eq!(all["common"]["only"], false);
    assert_eq!(common["common"]["only"], true);
    assert_eq!(common["common"]["min_zipf"], 2.5);
    let sum: u64 = words(&common)
        .iter()
        .map(|w| w["score"].as_u64().unwrap())
        .sum();
    assert_eq!(common["score"], sum);
    let n = common["word_count"].as_u64().unwrap();
    assert!(n > 100 && n < all["word_count"].as_u64().unwrap(), "{n}");

    // --min-zipf draws another line.
    let three = json(&[BOARD, "--min-zipf", "3", "--json"]);
    assert!(words(&three).iter().all(|w| zipf(w).unwrap() >= 3.0));
    assert!(three["word_count"].as_u64().unwrap() < n);
}

#[test]
fn listings_count_and_mark_rare_words() {
    let (code, out, _) = run_cmd(boggle().arg(BOARD));
    assert_eq!(code, 0);
    let v = json(&[BOARD, "--json"]);
    let line = format!(
        "{} common (Zipf 2.5+), {} points; {} rare, marked * (--common leaves them out)",
        v["common"]["word_count"],
        v["common"]["score"],
        v["word_count"].as_u64().unwrap() - v["common"]["word_count"].as_u64().unwrap()
    );
    assert!(out.contains(&line), "{out}");
    // Each rare word shows with its mark, each common one without.
    let shown: Vec<&str> = out.split_whitespace().collect();
    for w in words(&v) {
        let word = w["word"].as_str().unwrap();
        let marked = format!("{word}*");
        if w.get("rare").is_some() {
            assert!(shown.contains(&marked.as_str()), "{word}");
        } else {
            assert!(shown.contains(&word), "{word}");
        }
    }
    let (_, out, _) = run_cmd(boggle().args([BOARD, "--common"]));
    assert!(out.contains("common words only: Zipf 2.5+"), "{out}");
    assert!(!out.contains('*'), "{out}");

    // Most common first, in bands of whole Zipf values.
    let (_, out, _) = run_cmd(boggle().args([BOARD, "--sort", "zipf"]));
    let bands: Vec<&str> = out.lines().filter(|l| l.starts_with("Zipf ")).collect();
    assert!(bands.len() >= 4, "{out}");
    let firsts: Vec<u32> = bands.iter().map(|l| l[5..6].parse().unwrap()).collect();
    assert!(firsts.windows(2).all(|w| w[0] > w[1]), "{bands:?}");
    assert!(out.contains("\nnot in the frequency list ("), "{out}");
}

#[test]
fn batch_takes_min_zipf() {
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("boards.txt");
    std::fs::write(&boards, format!("{BOARD}\nsetaleripnotsrde\n")).unwrap();
    let b = boards.to_str().unwrap();
    let (code, out, err) = run_cmd(boggle().args(["batch", b, "--min-zipf", "3", "--words"]));
    assert_eq!(code, 0, "{err}");
    let records: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    for r in &records {
        let ws = words(r);
        assert!(!ws.is_empty());
        assert!(ws.iter().all(|w| zipf(w).unwrap() >= 3.0), "{r}");
        let sum: u64 = ws.iter().map(|w| w["score"].as_u64().unwrap()).sum();
        assert_eq!(r["score"], sum);
    }
    // The same boards one by one.
    let one = json(&[BOARD, "--min-zipf", "3", "--json"]);
    assert_eq!(records[0]["score"], one["score"]);
    assert_eq!(records[0]["word_count"], one["word_count"]);
    // Without --words, the same totals.
    let (_, out, _) = run_cmd(boggle().args(["batch", b, "--min-zipf", "3"]));
    let first: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(first["score"], one["score"]);
}

#[test]
fn bad_zipf_values_are_usage_errors() {
    for bad in ["abc", "-1", "9", "nan"] {
        let flag = format!("--min-zipf={bad}");
        let (code, _, err) = run_cmd(boggle().args([BOARD, &flag]));
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("is not a Zipf value"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let (code, _, err) = run_cmd(boggle().args([BOARD, "--common", "--min-zipf", "3"]));
    assert_eq!(code, 2, "{err}");
}

/// A pack without frequencies (a language no source covers) has no rare
/// words: nothing is marked, and --common keeps every word.
#[test]
fn a_pack_without_frequencies_has_no_rare_words() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("words.txt");
    std::fs::write(&list, "cat\nact\ntac\ncats\nscat\n").unwrap();
    let pack = dir.path().join("tiny.pack");
    prep::PackBuilder::new(prep::Recipe::builtin("enable").unwrap())
        .allow_empty(true)
        .build_file(&list, &pack)
        .unwrap();
    let p = pack.to_str().unwrap();
    let all = json(&["cats", "--pack", p, "--size", "2x2", "--json"]);
    assert!(all.get("common").is_none(), "{all}");
    assert!(words(&all)
        .iter()
        .all(|w| w.get("rare").is_none() && w.get("zipf").is_none()));
    let common = json(&["cats", "--pack", p, "--size", "2x2", "--common", "--json"]);
    assert_eq!(common["word_count"], all["word_count"]);
    assert!(all["word_count"].as_u64().unwrap() >= 3);
    let (_, out, _) = run_cmd(boggle().args(["cats", "--pack", p, "--size", "2x2"]));
    assert!(!out.contains("common") && !out.contains('*'), "{out}");
}

/// A version-1 pack (before frequencies) still opens and solves: every word
/// common, nothing marked. Made from a version-3 pack without frequencies,
/// the same bytes but the version and the header's checksum.
#[test]
fn a_version_1_pack_opens_and_has_no_rare_words() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("words.txt");
    std::fs::write(&list, "cat\nact\ntac\ncats\nscat\n").unwrap();
    let (mut bytes, _) = prep::PackBuilder::new(prep::Recipe::builtin("enable").unwrap())
        .allow_empty(true)
        .build_bytes(&std::fs::read(&list).unwrap(), "words.txt")
        .unwrap();
    assert_eq!(bytes[8..12], 3u32.to_le_bytes());
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    let crc = crc32fast::hash(&bytes[..40]);
    bytes[40..44].copy_from_slice(&crc.to_le_bytes());
    let pack = dir.path().join("v1.pack");
    std::fs::write(&pack, &bytes).unwrap();
    let p = pack.to_str().unwrap();
    let all = json(&["cats", "--pack", p, "--size", "2x2", "--json"]);
    assert!(all["word_count"].as_u64().unwrap() >= 3, "{all}");
    assert!(all.get("common").is_none(), "{all}");
    let common = json(&["cats", "--pack", p, "--size", "2x2", "--common", "--json"]);
    assert_eq!(common["word_count"], all["word_count"]);
}
