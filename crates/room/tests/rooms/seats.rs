//! Names and seats as a stranger might abuse them: a name that passes for
//! another, and a seat's token used to reconnect faster than the seat may
//! try words.

use std::time::{Duration, Instant};

use boggle_room::Limits;
use serde_json::{json, Value};

use crate::common::{server, solved, Client};

impl Client {
    /// The next `verdict` or `error`.
    async fn answer(&mut self) -> Value {
        loop {
            let v = self.recv().await.expect("an answer");
            if v["type"] == "verdict" || v["type"] == "error" {
                return v;
            }
        }
    }
}

#[tokio::test]
async fn names_that_pass_for_another_are_refused() {
    let s = server(Limits::default()).await;
    let (mut a, code, _) = Client::create(&s, "Ann", json!({})).await;
    let mut c = Client::connect(&s).await;
    // Each refused with its code; the connection stays for the next try.
    for (name, code_wanted) in [
        ("\u{202E}(tsoh) nnA", "name"),
        ("Bob\u{2066}", "name"),
        ("\u{200B}\u{200B}", "name"),
        ("\u{0301}", "name"),
        ("Z\u{0351}\u{0352}\u{0353}\u{0354}", "name"),
        ("ANN", "name_taken"),
        ("  ann ", "name_taken"),
    ] {
        c.send(json!({"type": "join", "code": code, "name": name}))
            .await;
        let e = c.until("error").await;
        assert_eq!(e["code"], code_wanted, "{name:?}: {e}");
    }
    c.send(json!({"type": "join", "code": code, "name": "  Ann  Lee "}))
        .await;
    c.until("welcome").await;
    // The host sees the new player, by the name as read.
    loop {
        let room = a.until("room").await;
        let players = room["players"].as_array().unwrap();
        if players.len() == 2 {
            assert!(players.iter().any(|p| p["name"] == "Ann Lee"), "{room}");
            break;
        }
    }
}

#[tokio::test]
async fn reconnecting_with_the_token_does_not_reset_the_seats_rate() {
    let limits = Limits {
        rate: 5,
        burst: 10,
        // Each reconnect is a join: this test is about the seat's rate.
        joins_per_minute: 10_000,
        ..Limits::default()
    };
    let s = server(limits).await;
    let (mut a, code, _) = Client::create(&s, "A", json!({"seconds": 60})).await;
    let (_b, token) = Client::join(&s, &code, "B").await;
    a.send(json!({"type": "start"})).await;
    let round = a.until("round").await;
    let word = solved(&round, "boggle").words[0].word.clone();
    // B reconnects again and again, each time with a fresh connection's
    // burst, and tries words as fast as it can.
    let began = Instant::now();
    let (mut judged, mut too_fast) = (0u32, 0u32);
    let mut reconnects = 0;
    while began.elapsed() < Duration::from_millis(1500) && reconnects < 500 {
        reconnects += 1;
        let mut b = Client::connect(&s).await;
        b.send(json!({"type": "join", "code": code, "name": "B", "token": token}))
            .await;
        b.until("welcome").await;
        for _ in 0..8 {
            b.send(json!({"type": "word", "word": word})).await;
        }
        for _ in 0..8 {
            let v = b.answer().await;
            match v["type"].as_str() {
                Some("verdict") => judged += 1,
                _ if v["code"] == "too_fast" => too_fast += 1,
                _ => panic!("{v}"),
            }
        }
    }
    let seconds = began.elapsed().as_secs_f64();
    // The burst, then the rate: never a fresh burst a connection.
    let allowed = 10.0 + 5.0 * seconds + 1.0;
    assert!(
        f64::from(judged) <= allowed,
        "{judged} tries judged in {seconds:.2} s, at most {allowed:.1} allowed"
    );
    assert!(too_fast > 0 && reconnects > 20, "{reconnects} reconnects");
    // The room goes on for the others.
    assert_eq!(a.word(&word).await["kind"], "new");
}

#[tokio::test]
async fn a_player_who_leaves_and_rejoins_keeps_one_row_and_a_closed_host_tab_passes_on() {
    let limits = Limits {
        host_grace: Duration::from_millis(300),
        ..Limits::default()
    };
    let s = server(limits).await;
    let (mut a, code, _) = Client::create(&s, "Ann", json!({"seconds": 60})).await;
    let (mut b, _) = Client::join(&s, &code, "Bob").await;
    let (mut c, _) = Client::join(&s, &code, "Cleo").await;
    a.send(json!({"type": "start"})).await;
    let round = b.until("round").await;
    let words = solved(&round, "boggle").words;
    assert_eq!(b.word(&words[0].word).await["kind"], "new");
    // Bob leaves for good, then thinks better of it: a new connection, no
    // token, the same name.
    b.send(json!({"type": "leave"})).await;
    drop(b);
    let (mut b, _) = Client::join(&s, &code, "bob").await;
    let back = b.until("round").await;
    assert_eq!(back["mine"][0]["word"], words[0].word.as_str(), "{back}");
    assert_eq!(b.word(&words[1].word).await["kind"], "new");
    a.send(json!({"type": "end"})).await;
    let results = c.until("results").await;
    let rows: Vec<&str> = results["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(rows.iter().filter(|n| **n == "Bob").count(), 1, "{rows:?}");
    let bob = &results["players"].as_array().unwrap()[0];
    assert_eq!(bob["words"].as_array().unwrap().len(), 2, "{results}");
    // Ann's tab closes: after the host's short grace, the next connected
    // player hosts (the seat itself waits out the long grace).
    let ann = a.seen[0]["seat"].clone();
    drop(a);
    let t = std::time::Instant::now();
    let passed = loop {
        let room = c.until("room").await;
        if room["host"] != ann {
            break room;
        }
    };
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    let host = passed["host"].as_u64().unwrap();
    let hosted = passed["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == host)
        .unwrap();
    assert_eq!(hosted["connected"], true, "{passed}");
}
