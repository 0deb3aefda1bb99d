//! `boggle roll --game G --arena TIME`: the arena round under way at a
//! moment, the same board at every moment of it and for everyone in a
//! language, its times on a fixed clock, its seed reproducible by --seed.

use crate::common::{boggle, run_cmd};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run_cmd(boggle().args(args));
    assert_eq!(code, 0, "{args:?}: {stderr}");
    serde_json::from_str(&stdout).unwrap()
}

fn arena(game: &str, at: &str, more: &[&str]) -> Value {
    let mut args = vec!["roll", "--game", game, "--arena", at, "--json"];
    args.extend_from_slice(more);
    json(&args)
}

#[test]
fn a_round_is_one_board_for_its_whole_time() {
    // Wordament: 120 s of play and 40 of results, rounds from
    // 2026-01-01T00:00:00Z. 2026-12-03T08:00:00Z is 336 days and 8 hours
    // later, 29,059,200 s: 181,620 rounds of 160 s exactly, so a round
    // starts then.
    let first = arena("wordament", "2026-12-03T08:00:00Z", &[]);
    assert_eq!(first["arena"]["start"], "2026-12-03T08:00:00Z");
    assert_eq!(first["arena"]["ends"], "2026-12-03T08:02:00Z");
    assert_eq!(first["arena"]["next"], "2026-12-03T08:02:40Z");
    for at in ["2026-12-03T08:01:30Z", "2026-12-03T08:02:39Z"] {
        assert_eq!(arena("wordament", at, &[]), first, "{at}");
    }
    let next = arena("wordament", "2026-12-03T08:02:40Z", &[]);
    assert_eq!(next["arena"]["start"], "2026-12-03T08:02:40Z");
    assert_ne!(next["seed"], first["seed"]);
    assert_ne!(next["board"], first["board"]);
    let before = arena("wordament", "2026-12-03T07:59:59Z", &[]);
    assert_eq!(before["arena"]["next"], "2026-12-03T08:00:00Z");
    // Its seed rolls it again.
    let seed = first["seed"].as_u64().unwrap().to_string();
    let by_seed = json(&["roll", "--game", "wordament", "--seed", &seed, "--json"]);
    assert_eq!(by_seed["board"], first["board"]);
    // Another language plays another board; Boggle's rounds are 180 + 40 s.
    let dutch = arena("wordament", "2026-12-03T08:01:30Z", &["--lang", "nl"]);
    assert_ne!(dutch["seed"], first["seed"]);
    let boggle = arena("boggle", "2026-12-03T08:01:30Z", &[]);
    assert_eq!(boggle["seconds"], 180);
    let start: &str = boggle["arena"]["start"].as_str().unwrap();
    let next: &str = boggle["arena"]["next"].as_str().unwrap();
    assert!(
        start <= "2026-12-03T08:01:30Z" && "2026-12-03T08:01:30Z" < next,
        "{boggle}"
    );
}

#[test]
fn now_is_a_time_and_bad_times_are_usage_errors() {
    let now = arena("hunt", "now", &[]);
    assert!(now["arena"]["start"].as_str().unwrap() < now["arena"]["next"].as_str().unwrap());
    for bad in [
        &["roll", "--game", "boggle", "--arena", "2026-12-03 08:00:00"][..],
        &[
            "roll",
            "--game",
            "boggle",
            "--arena",
            "2026-12-03T25:00:00Z",
        ],
        &["roll", "--game", "boggle", "--arena", "tomorrow"],
        &["roll", "--arena", "now"],
        &["roll", "--game", "boggle", "--arena", "now", "--seed", "4"],
        &[
            "roll",
            "--game",
            "boggle",
            "--arena",
            "now",
            "--daily",
            "2026-12-01",
        ],
    ] {
        let (code, stdout, stderr) = run_cmd(boggle().args(bad));
        assert_eq!(code, 2, "{bad:?}: {stderr}");
        assert!(stdout.is_empty(), "{bad:?}: {stdout}");
        assert!(
            stderr.starts_with("boggle: ") && stderr.lines().count() == 1,
            "{bad:?}: {stderr}"
        );
    }
}
