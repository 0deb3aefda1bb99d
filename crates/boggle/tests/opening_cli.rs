//! `boggle opening`: a game's opening rounds, written as a pack of their
//! words with the seeds on standard output; the same every time; refused
//! with one line for a language whose dice come from its letters, and as
//! a usage error for a bad count or game.

use crate::common::{boggle, run_cmd};

fn opening(args: &[&str]) -> (i32, String, String) {
    run_cmd(boggle().arg("opening").args(args))
}

#[test]
fn writes_the_pack_and_prints_its_seeds() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("en.opening.compact");
    let out_s = out.to_str().unwrap();
    let (code, stdout, stderr) = opening(&["--game", "boggle", "--rounds", "3", "-o", out_s]);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["game"], "boggle");
    assert_eq!(json["language"], "en");
    let seeds = json["seeds"].as_array().unwrap();
    assert_eq!(seeds.len(), 3, "{stdout}");
    assert!(seeds.iter().all(|s| s.as_u64().is_some()), "{stdout}");
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(json["bytes"].as_u64(), Some(bytes.len() as u64));
    // Three boards' words: some, and far fewer than English's.
    let words = json["words"].as_u64().unwrap();
    assert!((50..5_000).contains(&words), "{words} words");
    // The same seeds and bytes again: the page's index names these seeds.
    let again = tmp.path().join("again.compact");
    let (_, stdout_again, _) = opening(&[
        "--game",
        "boggle",
        "--rounds",
        "3",
        "-o",
        again.to_str().unwrap(),
    ]);
    let json_again: serde_json::Value = serde_json::from_str(&stdout_again).unwrap();
    assert_eq!(json_again["seeds"], json["seeds"]);
    assert_eq!(std::fs::read(&again).unwrap(), bytes);
    // More rounds: the first seeds are the same ones.
    let (_, stdout_more, _) = opening(&[
        "--game",
        "boggle",
        "--rounds",
        "5",
        "-o",
        again.to_str().unwrap(),
    ]);
    let json_more: serde_json::Value = serde_json::from_str(&stdout_more).unwrap();
    assert_eq!(json_more["seeds"].as_array().unwrap()[..3], seeds[..]);
}

#[test]
fn refuses_with_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("x.compact");
    let out_s = out.to_str().unwrap();
    for (args, code, says) in [
        (
            vec!["--game", "boggle", "--rounds", "0", "-o", out_s],
            2,
            "--rounds",
        ),
        (
            vec!["--game", "boggle", "--rounds", "257", "-o", out_s],
            2,
            "--rounds",
        ),
        (vec!["--game", "bogus", "-o", out_s], 2, "bogus"),
        // Dutch rolls its dice from its pack's letter frequencies.
        (
            vec!["--game", "boggle", "--lang", "nl", "-o", out_s],
            1,
            "no opening rounds",
        ),
    ] {
        let (got, stdout, stderr) = opening(&args);
        assert_eq!(got, code, "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("boggle: ") && stderr.contains(says),
            "{args:?}: {stderr}"
        );
        assert!(!out.exists(), "{args:?} wrote {}", out.display());
    }
}
