//! `boggle prove` end to end: the boards at or above the threshold, text and
//! JSON, and its usage errors. (Soundness against exhaustive enumeration is
//! `tests/tests/prove.rs`.)

mod common;

use serde_json::Value;

fn tiny_pack(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("tiny.pack");
    std::fs::write(
        &path,
        common::tiny_pack_bytes(&["tea", "eat", "ate", "tee"], false),
    )
    .unwrap();
    path
}

#[test]
fn prove_lists_the_best_boards() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let out = common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(&pack)
        .args(["--size", "2x2", "--threshold", "4", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["complete"], true);
    assert_eq!(j["threshold"], 4);
    let boards = j["boards"].as_array().unwrap();
    // a, e, e, t: the e's side by side or corner to corner.
    assert_eq!(boards.len(), 2, "{j}");
    for b in boards {
        assert_eq!(b["score"], 4);
        assert_eq!(b["words"], 4);
        let mut letters: Vec<char> = b["board"].as_str().unwrap().chars().collect();
        letters.sort_unstable();
        assert_eq!(letters, ['a', 'e', 'e', 't']);
    }
    let text = common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(&pack)
        .args(["--size", "2x2", "--threshold", "5"])
        .output()
        .unwrap();
    assert!(text.status.success());
    assert!(text.stdout.is_empty(), "no board scores 5");
    let said = String::from_utf8(text.stderr).unwrap();
    assert!(
        said.starts_with("0 boards of 2x2 scoring 5 or more (proven"),
        "{said}"
    );
}

/// With no --threshold, a short `best` run sets it to the best score it
/// finds, so the proof certifies the optimum.
#[test]
fn prove_without_a_threshold_proves_the_best_found() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let out = common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(&pack)
        .args(["--size", "2x2", "--search", "1s", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["threshold"], 4, "{j}");
    assert_eq!(j["complete"], true);
    assert_eq!(j["boards"].as_array().unwrap().len(), 2);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("threshold 4: the best score"), "{said}");
}

#[test]
fn prove_usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    for args in [
        &["--size", "2x2", "--search", "forever"][..],
        &["--size", "9x9", "--threshold", "1"],
        &["--size", "2x2", "--threshold", "1", "--scoring", "letters"],
    ] {
        let out = common::boggle()
            .arg("prove")
            .arg("--pack")
            .arg(&pack)
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
