//! Reference tests against the shared word lists (`BOGGLE_WORDLISTS`, see
//! `/work/shared/wordlists/README.md`). Ignored by default; `.ci/run` runs
//! them with
//!
//! ```sh
//! BOGGLE_WORDLISTS=../shared/wordlists cargo test --workspace --release -- --ignored
//! ```
//!
//! When run, a missing variable or file is a failure, never a silent skip.

use std::process::Command;

use crate::common::{assert_same_words, ok_stdout, prep_cmd, wordlist};
use prep::{builder::sha256_hex, Pack, PackBuilder, Recipe};

/// SHA-256 of the inputs, copied from the shared word lists' README.
const ENABLE1_SHA256: &str = "f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49";
const ENABLE2K_SHA256: &str = "f1e9b50e535a31d0d8451f7b373bb7966637d225e256a7c485983a0c7545fcd3";
const OPENTAAL_SHA256: &str = "2e5128e8e7f9a5bdfc427c784c839986b0df1386cc53aef90ed2df71644f3987";

#[test]
#[ignore = "needs ../shared/wordlists via BOGGLE_WORDLISTS; run by .ci/run"]
fn opentaal_pack_equals_the_grep_pipeline() {
    let input = wordlist("opentaal-2.20.19.txt");
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("nl.pack");

    prep_cmd()
        .arg("build")
        .arg(&input)
        .args(["--recipe", "opentaal", "--output"])
        .arg(&pack)
        .args(["--source-name", "OpenTaal", "--source-version", "2.20.19"])
        .assert()
        .success();
    prep_cmd().arg("verify").arg(&pack).assert().success();
    let words = prep_cmd().arg("words").arg(&pack).output().unwrap();
    let words =
        String::from_utf8(ok_stdout(words, "boggle-prep words")).expect("words output is UTF-8");

    // The definition the recipe promises, run by the shell tools themselves.
    let script = r#"set -euo pipefail
LC_ALL=C grep -P '^[a-z]{3,16}$' "$1" | grep '[aeiouy]' | grep '[^aeiouy]' | LC_ALL=C sort -u"#;
    let reference = Command::new("bash")
        .args(["-c", script, "bash"])
        .arg(&input)
        .output()
        .expect("run bash");
    let reference = String::from_utf8(ok_stdout(reference, "reference pipeline")).unwrap();

    let ours: Vec<&str> = words.lines().collect();
    let theirs: Vec<&str> = reference.lines().collect();
    assert_eq!(theirs.len(), 308_994, "the grep pipeline itself changed");
    assert_same_words(&ours, &theirs, "opentaal pack vs grep pipeline");
    assert_eq!(words, reference, "byte-for-byte output");

    let meta = Pack::open(&pack).unwrap().meta().clone();
    assert_eq!(meta.word_count, 308_994);
    assert_eq!(meta.source.sha256, OPENTAAL_SHA256);
    assert_eq!(meta.source.file, "opentaal-2.20.19.txt");
    assert_eq!(meta.source.name, "OpenTaal");
    assert_eq!(
        meta.stats.lines,
        meta.stats.kept + meta.stats.dropped_total()
    );
}

/// The enable recipe by its definition, written independently of `prep`.
fn enable_reference(raw: &[u8]) -> Vec<String> {
    let text = std::str::from_utf8(raw).unwrap();
    let mut words: Vec<String> = text
        .lines() // splits on \n and drops one \r before it
        .map(str::trim)
        .filter(|w| w.len() >= 3 && w.bytes().all(|b| b.is_ascii_lowercase()))
        .filter(|w| {
            let b = w.as_bytes();
            (0..b.len()).all(|i| b[i] != b'q' || b.get(i + 1) == Some(&b'u'))
        })
        .map(String::from)
        .collect();
    words.sort();
    words.dedup();
    words
}

fn check_enable(file: &str, sha256: &str, expected_words: u64) {
    let path = wordlist(file);
    let raw = std::fs::read(&path).unwrap();
    assert_eq!(
        sha256_hex(&raw),
        sha256,
        "{} is not the file the shared README describes",
        path.display()
    );

    let started = std::time::Instant::now();
    let (bytes, meta) = PackBuilder::new(Recipe::builtin("enable").unwrap())
        .build_bytes(&raw, &path.display().to_string())
        .unwrap();
    let built = started.elapsed();
    assert_eq!(meta.word_count, expected_words);
    assert_eq!(meta.source.sha256, sha256);
    assert_eq!(meta.source.file, file);
    assert_eq!(meta.stats.kept, expected_words);
    assert_eq!(
        meta.stats.lines,
        meta.stats.kept + meta.stats.dropped_total()
    );

    let pack = Pack::from_vec(bytes, file).unwrap();
    pack.verify().unwrap();
    assert_eq!(pack.len() as u64, expected_words);
    assert_eq!(pack.meta(), &meta);

    let ours = pack.words().unwrap();
    let theirs = enable_reference(&raw);
    let ours: Vec<&str> = ours.iter().map(String::as_str).collect();
    let theirs: Vec<&str> = theirs.iter().map(String::as_str).collect();
    assert_same_words(&ours, &theirs, &format!("enable recipe on {file}"));
    for (rank, word) in ours.iter().enumerate().step_by(997) {
        assert_eq!(
            pack.map().unwrap().get(word),
            Some(rank as u64),
            "rank of {word}"
        );
    }
    eprintln!("{file}: built {expected_words} words in {built:.2?}");
}

#[test]
#[ignore = "needs ../shared/wordlists via BOGGLE_WORDLISTS; run by .ci/run"]
fn enable2k_gives_173402_words() {
    check_enable("enable2k.txt", ENABLE2K_SHA256, 173_402);
}

#[test]
#[ignore = "needs ../shared/wordlists via BOGGLE_WORDLISTS; run by .ci/run"]
fn enable1_gives_172695_words() {
    check_enable("enable1.txt", ENABLE1_SHA256, 172_695);
}
