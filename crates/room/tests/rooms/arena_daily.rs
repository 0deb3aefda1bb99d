//! The daily board's leaderboard: a device plays a game's daily board on
//! its own date, once, on its own clock, judged by the server; a reconnect
//! goes on with the play; entering again after it gives its result back;
//! the date's leaderboard ranks every scored play.

use std::path::Path;
use std::time::Duration;

use serde_json::{json, Value};
use solve::game::{Day, Game, UtcTime};

use crate::arena::get_json;
use crate::common::{http_get, path, serve, traceable, Client, Server};
use boggle_room::{ArenaConfig, Config};

/// A server whose daily plays (and arena rounds) last `play` seconds.
async fn server(play: u32, store: &Path) -> Server {
    serve(Config {
        store: Some(store.to_owned()),
        arena: ArenaConfig {
            play: Some(play),
            results: Some(2),
            ..ArenaConfig::default()
        },
        ..Config::default()
    })
    .await
}

/// Sends a `daily` of `date` as `name` (with `token`): the client and the
/// welcome.
async fn daily(s: &Server, name: &str, date: &str, token: Option<&Value>) -> (Client, Value) {
    let mut c = Client::connect(s).await;
    let mut msg = json!({"type": "daily", "name": name, "lang": "en", "date": date});
    if let Some(t) = token {
        msg["token"] = t.clone();
    }
    c.send(msg).await;
    let w = c.until("arena_welcome").await;
    (c, w)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_board_is_played_once_a_date_and_ranked_on_its_leaderboard() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(5, &dir.path().join("rooms.db")).await;
    let today = Day::of(UtcTime::now()).to_string();

    // Ann's play: the date's board, the same seed the CLI and the page roll.
    let (mut ann, wa) = daily(&s, "Ann", &today, None).await;
    let round = ann.until("arena_round").await;
    let day: Day = today.parse().unwrap();
    let seed = Game::named("wordament").unwrap().daily_seed(day, "en");
    assert_eq!(round["seed"].as_u64(), Some(seed));
    let words = traceable(&round, "wordament");
    assert!(words.len() >= 4, "{}", round["board"]["text"]);
    assert_eq!(ann.trace(&path(&words[0])).await["kind"], "new");
    assert_eq!(ann.word(&words[1].word).await["kind"], "new");
    assert_eq!(ann.word(&words[1].word).await["kind"], "again");
    let ann_score = u64::from(words[0].score + words[1].score);

    // A reload mid-play: the same play, its words, the time left.
    drop(ann);
    let (mut ann, back) = daily(&s, "Ann", &today, Some(&wa["token"])).await;
    assert_eq!(back["player"], wa["player"]);
    let again = ann.until("arena_round").await;
    assert_eq!(again["seed"], round["seed"]);
    assert_eq!(again["mine"].as_array().unwrap().len(), 2, "{again}");
    assert!(again["left_ms"].as_u64().unwrap() < round["left_ms"].as_u64().unwrap());

    // Its clock runs out: the result, first of one.
    let results = ann.until("daily_results").await;
    assert_eq!(results["score"].as_u64(), Some(ann_score), "{results}");
    assert_eq!(results["again"], false);
    assert_eq!(results["place"]["rank"], 1);
    assert_eq!(results["place"]["players"], 1);
    assert_eq!(results["day"]["date"], today.as_str());
    assert_eq!(results["day"]["top"][0]["name"], "Ann");
    ann.send(json!({"type": "word", "word": words[2].word}))
        .await;
    assert_eq!(ann.until("error").await["code"], "no_round");

    // Once a date: entering again gives the same result back, no new clock.
    ann.send(
        json!({"type": "daily", "name": "Ann", "lang": "en", "date": today, "token": wa["token"]}),
    )
    .await;
    ann.until("arena_welcome").await;
    let replay = ann.until("daily_results").await;
    assert_eq!(replay["again"], true);
    assert_eq!(replay["score"], results["score"]);
    assert!(
        !ann.seen
            .iter()
            .rev()
            .take(2)
            .any(|m| m["type"] == "arena_round"),
        "no second play"
    );

    // Bob finds one word fewer: second of two; the date's board has both.
    let (mut bob, _) = daily(&s, "Bob", &today, None).await;
    let bob_round = bob.until("arena_round").await;
    assert_eq!(bob_round["board"], round["board"], "one board a date");
    assert_eq!(bob.word(&words[1].word).await["kind"], "new");
    let bob_results = bob.until("daily_results").await;
    let bob_score = u64::from(words[1].score);
    let bob_rank = if bob_score == ann_score { 1 } else { 2 };
    assert_eq!(bob_results["place"]["rank"], bob_rank, "{bob_results}");
    assert_eq!(bob_results["place"]["players"], 2);
    let board = get_json(s.addr, &format!("/arena/daily?lang=en&date={today}")).await;
    assert_eq!(board["players"], 2);
    let names: Vec<&str> = board["top"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "Bob"], "{board}");
    // A play that finds nothing uses the day's play and ranks nobody.
    let (mut cleo, _) = daily(&s, "Cleo", &today, None).await;
    cleo.until("arena_round").await;
    assert_eq!(cleo.word("zzzzq").await["kind"], "notword");
    let nothing = cleo.until("daily_results").await;
    assert!(nothing["place"].is_null(), "{nothing}");
    assert_eq!(nothing["day"]["players"], 2);
    // The arena's own leaderboards are another matter.
    let arena = get_json(s.addr, "/arena/leaderboards?lang=en").await;
    assert!(
        arena["boards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["entries"].as_array().unwrap().is_empty()),
        "{arena}"
    );

    // After a play the same connection may enter the arena.
    bob.send(json!({"type": "arena", "name": "Bob", "lang": "en"}))
        .await;
    bob.until("arena_welcome").await;

    // Nobody's date, and no date at all, are refused in words.
    let mut eve = Client::connect(&s).await;
    for date in ["2020-01-01", "tomorrow", "2026-02-30"] {
        eve.send(json!({"type": "daily", "name": "Eve", "lang": "en", "date": date}))
            .await;
        let e = eve.until("error").await;
        assert!(e["message"].as_str().unwrap().contains(date), "{date}: {e}");
    }
    let bad = http_get(s.addr, "/arena/daily?lang=en&date=yesterday").await;
    assert!(bad.starts_with("HTTP/1.1 400"), "{bad}");
    tokio::time::sleep(Duration::from_millis(10)).await;
}

#[tokio::test]
async fn a_server_that_keeps_nothing_says_it_has_no_daily_leaderboard() {
    let s = serve(Config::default()).await;
    let today = Day::of(UtcTime::now()).to_string();
    let mut c = Client::connect(&s).await;
    c.send(json!({"type": "daily", "name": "Ann", "lang": "en", "date": today}))
        .await;
    let e = c.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("store"), "{e}");
    let answer = http_get(s.addr, "/arena/daily?lang=en").await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
}
