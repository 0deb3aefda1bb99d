//! The arena on the real server: devices enter a game and language's
//! arena, play its round on the clock, hear their places and the results,
//! and find themselves on the leaderboards; a restart (`kill -9`) mid-round
//! loses no accepted word. Rounds here are a few seconds long
//! (`--arena-play`), the boards still a function of game, language and
//! start alone.

use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use boggle_room::{ArenaConfig, Config};
use serde_json::{json, Value};
use solve::game::{Game, UtcTime};

use crate::binary::Running;
use crate::common::{http_get, path, serve, solved, traceable, Client, Server};
use crate::restart::on_with;

/// A server whose arena rounds are `play` seconds of play and 2 of
/// results, its places every second, kept in `store`.
async fn arena_server(play: u32, store: &Path) -> Server {
    serve(Config {
        store: Some(store.to_owned()),
        arena: ArenaConfig {
            play: Some(play),
            results: Some(2),
            tick: Duration::from_secs(1),
            ..ArenaConfig::default()
        },
        ..Config::default()
    })
    .await
}

/// Enters the arena of `lang` as `name` (with `token`, as the same device):
/// the client and its welcome.
async fn enter(
    addr: std::net::SocketAddr,
    name: &str,
    lang: &str,
    token: Option<&str>,
) -> (Client, Value) {
    let mut c = Client::connect_to(addr).await;
    let mut msg = json!({"type": "arena", "name": name, "lang": lang});
    if let Some(t) = token {
        msg["token"] = t.into();
    }
    c.send(msg).await;
    let w = c.until("arena_welcome").await;
    (c, w)
}

/// The next `arena_round` with at least `ms` left (an earlier one with
/// less is let go by: its results come first).
pub(crate) async fn round_with(c: &mut Client, ms: u64) -> Value {
    loop {
        let r = c.until("arena_round").await;
        if r["left_ms"].as_u64().unwrap() >= ms {
            return r;
        }
    }
}

/// A round's end as a player hears it: their own results and everyone's
/// (everyone's come first).
pub(crate) async fn the_end(c: &mut Client) -> (Value, Value) {
    let results = c.until("arena_results").await;
    let mine = c.until("arena_mine").await;
    assert_eq!(mine["start"], results["start"]);
    (mine, results)
}

/// The JSON body of a `GET`.
pub(crate) async fn get_json(addr: std::net::SocketAddr, path: &str) -> Value {
    let answer = http_get(addr, path).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let body = answer.split("\r\n\r\n").nth(1).unwrap();
    serde_json::from_str(body).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_a_round_and_find_themselves_ranked_and_on_the_leaderboards() {
    let dir = tempfile::tempdir().unwrap();
    let server = arena_server(6, &dir.path().join("rooms.db")).await;
    let addr = server.addr;
    let (mut ann, wa) = enter(addr, "Ann", "en", None).await;
    let (mut bob, _) = enter(addr, "Bob", "en", None).await;
    let (mut cleo, _) = enter(addr, "Cleo", "en", None).await;
    let (mut dora, wd) = enter(addr, "Dora", "nl", None).await;
    assert_eq!(wa["game"], "wordament");
    assert_eq!(wd["lang"], "nl");
    assert_ne!(wa["player"], wd["player"]);
    // The round everyone plays (the first with time enough for the test).
    let round = round_with(&mut ann, 4000).await;
    for c in [&mut bob, &mut cleo] {
        let theirs = c.until("arena_round").await;
        let theirs = if theirs["start"] == round["start"] {
            theirs
        } else {
            c.until("arena_round").await
        };
        assert_eq!(theirs["board"], round["board"], "one board for everyone");
    }
    // The board is the game's, language's and start's: its seed is the
    // library's arena seed, and rolls the board shown.
    let start: UtcTime = round["start"].as_str().unwrap().parse().unwrap();
    let seed = Game::named("wordament").unwrap().arena_seed(start, "en");
    assert_eq!(round["seed"].as_u64(), Some(seed));
    let words = traceable(&round, "wordament");
    assert!(words.len() >= 4, "{}", round["board"]["text"]);
    let german = loop {
        let r = dora.until("arena_round").await;
        if r["start"] == round["start"] {
            break r;
        }
    };
    assert_ne!(german["seed"], round["seed"], "each language its own board");

    // Ann finds three words, Bob one of hers, Cleo tries a non-word.
    let mut ann_score = 0;
    for w in &words[..3] {
        let v = ann.trace(&path(w)).await;
        assert_eq!(v["kind"], "new", "{v}");
        ann_score += u64::from(w.score);
    }
    assert_eq!(bob.word(&words[0].word).await["kind"], "new");
    assert_eq!(cleo.word("zzzzq").await["kind"], "notword");
    assert_eq!(ann.word(&words[0].word).await["kind"], "again");
    // Places every second: Ann leads.
    let place = ann.until("arena_place").await;
    assert_eq!(
        (place["rank"].as_u64(), place["players"].as_u64()),
        (Some(1), Some(3))
    );

    // The end: each hears their own results and everyone's.
    let (mine, results) = the_end(&mut ann).await;
    assert_eq!(mine["place"]["rank"], 1);
    assert_eq!(mine["place"]["score"].as_u64(), Some(ann_score));
    assert!(
        (mine["place"]["percentile"].as_f64().unwrap() - 250.0 / 3.0).abs() < 1e-6,
        "{mine}"
    );
    assert_eq!(mine["held"], false);
    // Her rarest find is one only she made.
    assert_eq!(mine["rarest"]["finders"], 1, "{mine}");
    assert_ne!(mine["rarest"]["word"], words[0].word.as_str());
    let shared = mine["words"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["word"] == words[0].word.as_str())
        .unwrap();
    assert_eq!(shared["finders"], 2);
    assert!((shared["share"].as_f64().unwrap() - 2.0 / 3.0).abs() < 1e-9);
    assert_eq!(results["players"], 3);
    let top: Vec<(&str, u64)> = results["top"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["name"].as_str().unwrap(), l["rank"].as_u64().unwrap()))
        .collect();
    assert_eq!(top, [("Ann", 1), ("Bob", 2), ("Cleo", 3)]);
    // Nobody found: none of the three found words.
    let found: HashSet<&str> = words[..3].iter().map(|w| w.word.as_str()).collect();
    let nobody = results["nobody"].as_array().unwrap();
    assert!(
        !nobody.is_empty()
            && nobody
                .iter()
                .all(|w| !found.contains(w["word"].as_str().unwrap()))
    );
    let (bob_mine, bob_results) = the_end(&mut bob).await;
    assert_eq!(bob_mine["place"]["rank"], 2);
    assert_eq!(bob_results["top"], results["top"]);

    // The leaderboards, from the store, once the writer has recorded it.
    let t = Instant::now();
    let boards = loop {
        let b = get_json(addr, "/arena/leaderboards?lang=en").await;
        // (An earlier round nobody played leaves boards with no lines.)
        let lines = b["boards"].as_array().map_or(0, |a| {
            a.iter()
                .map(|b| b["entries"].as_array().unwrap().len())
                .sum()
        });
        if lines > 0 {
            break b;
        }
        assert!(t.elapsed() < Duration::from_secs(5), "no leaderboards: {b}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let board = |period: &str, by: &str| {
        boards["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["period"] == period && b["by"] == by)
            .unwrap()["entries"]
            .clone()
    };
    let all = board("all", "total");
    assert_eq!(all[0]["name"], "Ann");
    assert_eq!(all[0]["value"].as_f64(), Some(ann_score as f64));
    assert_eq!(all.as_array().unwrap().len(), 3);
    assert_eq!(board("day", "best")[0]["name"], "Ann", "{boards}");
    // Nobody has ten rounds: no average yet.
    assert!(board("week", "average").as_array().unwrap().is_empty());
    let status = get_json(addr, "/arena").await;
    let online = |lang: &str| {
        status["languages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["lang"] == lang)
            .unwrap()["players"]
            .clone()
    };
    assert_eq!((online("en"), online("nl")), (json!(3), json!(1)));
    // Asking of a game that is none is a 400, said.
    assert!(http_get(addr, "/arena/leaderboards?game=chess")
        .await
        .starts_with("HTTP/1.1 400"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arena_refuses_what_it_cannot_play_and_tries_between_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let server = arena_server(3, &dir.path().join("rooms.db")).await;
    let mut c = Client::connect_to(server.addr).await;
    c.send(json!({"type": "arena", "name": "Ann", "lang": "xx"}))
        .await;
    assert_eq!(c.until("error").await["code"], "settings");
    c.send(json!({"type": "arena", "name": "", "lang": "en"}))
        .await;
    assert_eq!(c.until("error").await["code"], "name");
    c.send(json!({"type": "arena", "name": "Ann", "game": "chess"}))
        .await;
    assert_eq!(c.until("error").await["code"], "settings");
    c.send(json!({"type": "arena", "name": "Ann"})).await;
    c.until("arena_welcome").await;
    // Once in, a second entry or a room is refused.
    c.send(json!({"type": "arena", "name": "Ann"})).await;
    assert_eq!(c.until("error").await["code"], "seated");
    c.send(json!({"type": "create", "name": "Ann"})).await;
    assert_eq!(c.until("error").await["code"], "seated");
    // A try in the results' seconds is refused as time up or no round.
    c.until("arena_results").await;
    c.send(json!({"type": "word", "word": "tone"})).await;
    let e = c.until("error").await;
    assert!(e["code"] == "no_round" || e["code"] == "time_up", "{e}");
}

/// The program on the store `file`, with rounds of `play` seconds.
pub(crate) fn program(file: &Path, play: u32) -> Running {
    let play = play.to_string();
    on_with(file, &["--arena-play", &play, "--arena-results", "2"])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_mid_round_and_a_restart_lose_no_accepted_word() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rooms.db");
    let mut server = program(&file, 12);
    let (mut ann, welcome) = enter(server.addr, "Ann", "en", None).await;
    let token = welcome["token"].as_str().unwrap().to_string();
    let round = round_with(&mut ann, 8000).await;
    let words = solved(&round, "wordament").words;
    let mut told = Vec::new();
    for w in words.iter().take(3) {
        // Each verdict "new" comes after the word is in the file.
        assert_eq!(ann.word(&w.word).await["kind"], "new");
        told.push(w.word.clone());
    }
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    drop(server);
    let server = program(&file, 12);
    let (mut back, again) = enter(server.addr, "Ann", "en", Some(&token)).await;
    assert_eq!(again["player"], welcome["player"], "the same device");
    let resumed = back.until("arena_round").await;
    assert_eq!(resumed["start"], round["start"], "the same round goes on");
    let mine: Vec<&str> = resumed["mine"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(mine, told.iter().map(String::as_str).collect::<Vec<_>>());
    // And they count at its end.
    let results = back.until("arena_mine").await;
    assert_eq!(results["place"]["words"], 3, "{results}");
}
