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
    while began.elapsed() < Duration::from_millis(1500) {
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
    assert!(too_fast > 0);
    // The room goes on for the others.
    assert_eq!(a.word(&word).await["kind"], "new");
}
