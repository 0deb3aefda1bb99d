//! The room server end to end: the real server on an ephemeral loopback
//! port, driven by WebSocket clients as the page drives it. Every verdict
//! and score is checked against the library's own solution of the board,
//! re-rolled from the round's seed.

mod arena;
mod arena_daily;
mod arena_groups;
mod arena_postgres;
mod attacks;
mod binary;
mod common;
mod proxy;
mod restart;
mod seats;

use boggle_room::Limits;
use futures_util::SinkExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use common::{http_get, path, server, solved, Client, WAIT};

#[tokio::test]
async fn a_round_judged_by_the_server_from_start_to_results() {
    let s = server(Limits::default()).await;
    let (mut host, code, _) = Client::create(
        &s,
        "Ann",
        json!({"game": "boggle", "lang": "en", "seconds": 4}),
    )
    .await;
    assert_eq!(code.len(), 8);
    // Joined by the code as a person types it.
    let typed = format!("{}-{}", &code[..4], &code[4..]).to_lowercase();
    let (mut guest, _) = Client::join(&s, &typed, "Bob").await;
    let room = host.until("room").await;
    assert_eq!(room["host"], 1);
    host.send(json!({"type": "start"})).await;
    let round = host.until("round").await;
    let round_b = guest.until("round").await;
    assert_eq!(round["board"], round_b["board"]);
    let left = round["left_ms"].as_u64().unwrap();
    assert!(left > 3000 && left <= 4000, "{left} ms left");
    let solution = solved(&round, "boggle");
    let words = &solution.words;
    assert!(words.len() >= 4, "{} words", words.len());
    // The board, not the answers: no word of the board's appears in what
    // was sent.
    let sent = serde_json::to_string(&round).unwrap();
    assert!(!sent.contains("\"word\""), "{sent}");

    // A good traced word: the solver's points.
    let v = host.trace(&path(&words[0])).await;
    assert_eq!(
        (v["kind"].as_str(), v["points"].as_u64()),
        (Some("new"), Some(words[0].score as u64))
    );
    assert_eq!(v["word"], words[0].word.as_str());
    // Again: no more points.
    let v = host.trace(&path(&words[0])).await;
    assert_eq!(v["kind"], "again");
    assert_eq!(v["score"], words[0].score);
    // The guest types the same word (shared), and one of their own.
    let v = guest.word(&words[0].word.to_uppercase()).await;
    assert_eq!(v["kind"], "new");
    let v = guest.word(&words[1].word).await;
    assert_eq!(v["kind"], "new");
    // Off the board, a jump, a cell twice, not a word, not on this board.
    let v = guest.trace(&[[0, 0], [9, 9]]).await;
    assert_eq!(v["kind"], "badpath", "{v}");
    let v = guest.trace(&[[0, 0], [3, 3], [0, 1]]).await;
    assert_eq!(v["kind"], "badpath", "{v}");
    assert!(v["why"].as_str().unwrap().contains("does not touch"), "{v}");
    let v = guest.trace(&[[0, 0], [0, 1], [0, 0]]).await;
    assert_eq!(v["kind"], "badpath");
    let v = guest.word("qzxqzx").await;
    assert_eq!(v["kind"], "notword");
    let pack = solve::packs::builtin("en").unwrap();
    let absent = ["zymurgy", "quixotic", "jukebox", "rhythm"]
        .into_iter()
        .find(|w| !words.iter().any(|f| f.word == *w) && pack.contains(w).unwrap())
        .unwrap();
    let v = guest.word(absent).await;
    assert_eq!(v["kind"], "notboard", "{v}");
    let v = guest.word("ab").await;
    assert_eq!(v["kind"], "short");

    // The clock ends the round; the results are the solver's points.
    let results = host.until("results").await;
    assert_eq!(results["timed_out"], true);
    let players = results["players"].as_array().unwrap();
    let of = |name: &str| players.iter().find(|p| p["name"] == name).unwrap().clone();
    let (ann, bob) = (of("Ann"), of("Bob"));
    assert_eq!(ann["score"], words[0].score);
    assert_eq!(bob["score"], words[0].score + words[1].score);
    assert_eq!(bob["words"][0]["shared"], true);
    assert_eq!(bob["words"][1]["shared"], false);
    // The words nobody found: the target's others, best first.
    let missed: Vec<&str> = results["missed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    let want: Vec<&str> = words[2..]
        .iter()
        .filter(|w| !w.rare)
        .map(|w| w.word.as_str())
        .collect();
    assert_eq!(missed, want);
    // During the round the host heard Bob's counts, never his words.
    let during: Vec<&Value> = host
        .seen
        .iter()
        .filter(|v| v["type"] != "results")
        .collect();
    let leaked = serde_json::to_string(&during).unwrap();
    assert!(
        !leaked.contains(&format!("\"{}\"", words[1].word)),
        "{leaked}"
    );
    let progress = host
        .seen
        .iter()
        .rev()
        .find(|v| v["type"] == "progress")
        .unwrap();
    assert!(progress["players"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["id"] == 2 && p["words"] == 2));
    // Running totals.
    let totals = results["totals"].as_array().unwrap();
    assert!(totals
        .iter()
        .any(|p| p["name"] == "Bob" && p["total"] == bob["score"]));
    // A try after the end is refused, and a rematch rolls a new board.
    guest
        .send(json!({"type": "word", "word": words[3].word}))
        .await;
    assert!(guest.until("error").await["message"]
        .as_str()
        .unwrap()
        .contains("no round"));
    host.send(json!({"type": "start"})).await;
    let again = host.until("round").await;
    assert_eq!(again["number"], 2);
    assert_ne!(again["seed"], round["seed"]);
}

/// A call of the web page's engine, as its worker makes it (JSON in and out).
fn engine(call: &str, request: Value) -> Value {
    let text = boggle_web::answer(call, request.to_string().as_bytes()).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[tokio::test]
async fn a_solo_round_and_a_room_give_the_same_verdicts_and_target() {
    // One board, one set of tries: the room's server and the page's engine
    // (its solo rounds) must agree on every verdict, its words and points,
    // the target's size and the board's maximum.
    let s = server(Limits::default()).await;
    let (mut host, _, _) = Client::create(
        &s,
        "Ann",
        json!({"game": "boggle", "lang": "en", "seconds": 30}),
    )
    .await;
    host.send(json!({"type": "start"})).await;
    let round = host.until("round").await;
    let words = solved(&round, "boggle").words;
    let opened = engine(
        "play_open",
        json!({"solve": {"board": round["board"]["text"], "pack": "en", "scoring": "boggle",
                          "min_len": round["min_len"]}, "counted": "common"}),
    );
    let id = opened["round"].clone();
    assert_eq!(opened["solution"]["board"], round["board"]["text"]);
    assert_eq!(
        opened["target"].as_array().unwrap().len() as u64,
        round["target"].as_u64().unwrap()
    );
    assert_eq!(opened["neighbors"], round["board"]["neighbors"]);
    let pack = solve::packs::builtin("en").unwrap();
    let absent = ["zymurgy", "quixotic", "jukebox", "rhythm"]
        .into_iter()
        .find(|w| !words.iter().any(|f| f.word == *w) && pack.contains(w).unwrap())
        .unwrap();
    let rare = words.iter().find(|w| w.rare).map(|w| w.word.clone());
    let typed = [
        words[0].word.to_uppercase(),
        words[0].word.clone(),
        "ab".into(),
        "qzxqzx".into(),
        absent.into(),
    ];
    let traced = [
        path(&words[1]),
        vec![[0, 0], [9, 9]],
        vec![[0, 0], [0, 1], [0, 0]],
        path(&words[1]),
    ];
    let mut tries: Vec<(Value, Value)> = Vec::new();
    for word in typed.iter().chain(rare.iter()) {
        let room = host.word(word).await;
        tries.push((room, engine("play_try", json!({"round": id, "word": word}))));
    }
    for cells in &traced {
        let room = host.trace(cells).await;
        tries.push((
            room,
            engine("play_try", json!({"round": id, "path": cells})),
        ));
    }
    for (room, solo) in &tries {
        for (r, e) in [
            ("kind", "kind"),
            ("word", "text"),
            ("points", "points"),
            ("rare", "rare"),
            ("why", "why"),
            ("score", "score"),
        ] {
            assert_eq!(room[r], solo[e], "{r}: room {room}, solo {solo}");
        }
    }
    let kinds: Vec<&str> = tries
        .iter()
        .map(|(r, _)| r["kind"].as_str().unwrap())
        .collect();
    for kind in ["new", "again", "short", "notword", "notboard", "badpath"] {
        assert!(kinds.contains(&kind), "{kind} among {kinds:?}");
    }
    host.send(json!({"type": "end"})).await;
    let results = host.until("results").await;
    let ended = engine("play_end", json!({"round": id}));
    assert_eq!(results["max"], opened["max"]);
    let missed: Vec<&Value> = results["missed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| &w["word"])
        .collect();
    let solo: Vec<Value> = ended["missed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| opened["solution"]["words"][i.as_u64().unwrap() as usize]["word"].clone())
        .collect();
    assert_eq!(missed, solo.iter().collect::<Vec<_>>());
    assert_eq!(
        results["missed_rare"].as_u64().unwrap() as usize,
        ended["missed_rare"].as_array().unwrap().len()
    );
}

#[tokio::test]
async fn the_classic_rule_cancels_shared_words() {
    let s = server(Limits::default()).await;
    let (mut a, code, _) = Client::create(
        &s,
        "A",
        json!({"lang": "en", "classic": true, "seconds": 30}),
    )
    .await;
    let (mut b, _) = Client::join(&s, &code, "B").await;
    a.send(json!({"type": "start"})).await;
    let round = a.until("round").await;
    let words = solved(&round, "boggle").words;
    assert_eq!(a.word(&words[0].word).await["kind"], "new");
    assert_eq!(b.word(&words[0].word).await["kind"], "new");
    assert_eq!(b.word(&words[1].word).await["kind"], "new");
    // Only the host ends a round early.
    b.send(json!({"type": "end"})).await;
    assert!(b.until("error").await["message"]
        .as_str()
        .unwrap()
        .contains("host"));
    a.send(json!({"type": "end"})).await;
    let results = b.until("results").await;
    assert_eq!(results["classic"], true);
    assert_eq!(results["timed_out"], false);
    let players = results["players"].as_array().unwrap();
    let of = |n: &str| players.iter().find(|p| p["name"] == n).unwrap();
    assert_eq!(of("A")["score"], 0);
    assert_eq!(of("B")["score"], words[1].score);
    assert_eq!(of("B")["words"][0]["points"], 0);
}

#[tokio::test]
async fn a_reconnect_keeps_the_seat_and_its_words_and_a_dead_client_harms_no_one() {
    let s = server(Limits::default()).await;
    let (mut a, code, _) = Client::create(&s, "A", json!({"seconds": 60})).await;
    let (mut b, token) = Client::join(&s, &code, "B").await;
    a.send(json!({"type": "start"})).await;
    let round = b.until("round").await;
    let words = solved(&round, "boggle").words;
    assert_eq!(b.word(&words[0].word).await["kind"], "new");
    // B's connection dies without a goodbye (a killed tab).
    drop(b);
    let gone = loop {
        let r = a.until("room").await;
        if r["players"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "B" && p["connected"] == false)
        {
            break r;
        }
    };
    assert_eq!(gone["phase"], "playing");
    // The room goes on.
    assert_eq!(a.word(&words[1].word).await["kind"], "new");
    // B comes back with the token: the same seat, its word, the true time.
    let mut b = Client::connect(&s).await;
    b.send(json!({"type": "join", "code": code, "name": "B", "token": token}))
        .await;
    let w = b.until("welcome").await;
    assert_eq!(w["seat"], 2);
    let back = b.until("round").await;
    assert_eq!(back["mine"][0]["word"], words[0].word.as_str());
    assert!(back["left_ms"].as_u64().unwrap() < 60_000);
    assert_eq!(b.word(&words[0].word).await["kind"], "again");
    let r = a.until("room").await;
    assert!(
        r["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["connected"] == true),
        "{r}"
    );
    // A second window with the same token takes the seat; the first hears why.
    let mut b2 = Client::connect(&s).await;
    b2.send(json!({"type": "join", "code": code, "name": "B", "token": token}))
        .await;
    b2.until("welcome").await;
    assert!(b.until("bye").await["message"]
        .as_str()
        .unwrap()
        .contains("another window"));
}

#[tokio::test]
async fn bad_messages_and_floods_close_only_their_own_connection() {
    let limits = Limits {
        max_message: 1024,
        rate: 5,
        burst: 10,
        ..Limits::default()
    };
    let s = server(limits).await;
    // A room in play elsewhere.
    let (mut a, _, _) = Client::create(&s, "A", json!({"seconds": 60})).await;
    a.send(json!({"type": "start"})).await;
    let round = a.until("round").await;
    let words = solved(&round, "boggle").words;

    // Oversized.
    let (mut big, code, _) = Client::create(&s, "Big", json!({})).await;
    let _ = big
        .ws
        .send(Message::text(format!(
            "{{\"type\":\"word\",\"word\":\"{}\"}}",
            "a".repeat(4000)
        )))
        .await;
    assert!(big.closed().await);
    // Not JSON, an unknown type, a binary frame.
    for bad in [
        Message::text("{not json"),
        Message::text(r#"{"type":"explode"}"#),
        Message::binary(vec![1, 2, 3]),
    ] {
        let mut c = Client::connect(&s).await;
        c.ws.send(bad).await.unwrap();
        let bye = c.until("bye").await;
        assert!(!bye["message"].as_str().unwrap().is_empty());
        assert!(c.closed().await);
    }
    // Markup as a name is text; a name too long is refused (the connection stays).
    let mut c = Client::connect(&s).await;
    c.send(json!({"type": "join", "code": code, "name": "x".repeat(40)}))
        .await;
    assert!(c.until("error").await["message"]
        .as_str()
        .unwrap()
        .contains("name"));
    c.send(json!({"type": "join", "code": code, "name": "<b>hi</b>"}))
        .await;
    c.until("welcome").await;
    let room = c.until("room").await;
    assert!(room["players"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["name"] == "<b>hi</b>"));
    // A flood.
    let mut f = Client::connect(&s).await;
    for _ in 0..40 {
        if f.ws
            .send(Message::text(r#"{"type":"leave"}"#))
            .await
            .is_err()
        {
            break;
        }
    }
    let bye = f.until("bye").await;
    assert!(
        bye["message"]
            .as_str()
            .unwrap()
            .contains("too many messages"),
        "{bye}"
    );
    // The other room never noticed.
    assert_eq!(a.word(&words[0].word).await["kind"], "new");
}

#[tokio::test]
async fn room_codes_cannot_be_guessed_from_one_another() {
    // Many rooms and wrong codes from one address: this test is about the
    // codes, not the per-address limits.
    let s = server(Limits {
        rooms_per_client: 1000,
        creates_per_minute: 1000,
        guesses_per_minute: 1000,
        ..Limits::default()
    })
    .await;
    let mut codes = Vec::new();
    for i in 0..40 {
        let (_c, code, _) = Client::create(&s, &format!("P{i}"), json!({})).await;
        codes.push(code);
    }
    let distinct: std::collections::HashSet<_> = codes.iter().collect();
    assert_eq!(distinct.len(), codes.len());
    // Consecutive codes share about as many places as random ones do
    // (1 in 32): nothing counts up.
    let same: usize = codes
        .windows(2)
        .map(|w| {
            w[0].bytes()
                .zip(w[1].bytes())
                .filter(|(a, b)| a == b)
                .count()
        })
        .sum();
    assert!(same < 39, "{same} places shared by consecutive codes");
    // A code one character off another opens nothing.
    let mut c = Client::connect(&s).await;
    for code in &codes[..5] {
        let mut near = code.clone().into_bytes();
        near[7] = if near[7] == b'2' { b'3' } else { b'2' };
        let near = String::from_utf8(near).unwrap();
        if distinct.contains(&near) {
            continue;
        }
        c.send(json!({"type": "join", "code": near, "name": "Eve"}))
            .await;
        assert!(c.until("error").await["message"]
            .as_str()
            .unwrap()
            .starts_with("no room"));
    }
}

#[tokio::test]
async fn limits_on_players_origins_and_rooms() {
    let s = server(Limits {
        max_players: 2,
        max_rooms: 2,
        ..Limits::default()
    })
    .await;
    let (_a, code, _) = Client::create(&s, "A", json!({})).await;
    let (_b, _) = Client::join(&s, &code, "B").await;
    let mut c = Client::connect(&s).await;
    c.send(json!({"type": "join", "code": code, "name": "C"}))
        .await;
    assert!(c.until("error").await["message"]
        .as_str()
        .unwrap()
        .contains("full"));
    c.send(json!({"type": "join", "code": code, "name": "C", "watch": true}))
        .await;
    assert_eq!(c.until("welcome").await["watch"], true);
    // A watcher sees the round but does not play.
    let (_d, _, _) = Client::create(&s, "D", json!({})).await;
    let mut e = Client::connect(&s).await;
    e.send(json!({"type": "create", "name": "E", "settings": {}}))
        .await;
    assert!(e.until("error").await["message"]
        .as_str()
        .unwrap()
        .contains("most rooms"));
    e.send(json!({"type": "create", "name": "E", "settings": {"lang": "xx"}}))
        .await;
    assert!(e.until("error").await["message"]
        .as_str()
        .unwrap()
        .contains("no language"));
    e.send(json!({"type": "create", "name": "E", "settings": {"game": "chess"}}))
        .await;
    assert!(e.until("error").await["message"]
        .as_str()
        .unwrap()
        .contains("no game"));
    // A page of another origin is refused before any WebSocket.
    let mut req = format!("ws://{}/ws", s.addr).into_client_request().unwrap();
    req.headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    let err = tokio_tungstenite::connect_async(req).await.unwrap_err();
    assert!(err.to_string().contains("403"), "{err}");
    // Health.
    let health = http_get(s.addr, "/health").await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(
        health.contains("\"status\":\"ok\"") && health.contains("\"rooms\":2"),
        "{health}"
    );
}

#[tokio::test]
async fn a_shutdown_ends_rounds_and_tells_every_client() {
    let mut s = server(Limits::default()).await;
    let (mut a, code, _) = Client::create(&s, "A", json!({"seconds": 120})).await;
    let (mut b, _) = Client::join(&s, &code, "B").await;
    let mut idle = Client::connect(&s).await;
    a.send(json!({"type": "start"})).await;
    let round = a.until("round").await;
    let words = solved(&round, "boggle").words;
    assert_eq!(b.word(&words[0].word).await["kind"], "new");
    s.stop.take().unwrap().send(()).unwrap();
    let results = a.until("results").await;
    assert_eq!(results["timed_out"], false);
    assert!(results["players"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["name"] == "B" && p["score"] == words[0].score));
    for c in [&mut a, &mut b, &mut idle] {
        let bye = c.until("bye").await;
        assert!(
            bye["message"].as_str().unwrap().contains("shutting down"),
            "{bye}"
        );
        assert!(c.closed().await);
    }
    tokio::time::timeout(WAIT, s.done)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    // A new server takes new rooms.
    let s2 = server(Limits::default()).await;
    let (_c, code2, _) = Client::create(&s2, "C", json!({})).await;
    assert_ne!(code2, code);
}
