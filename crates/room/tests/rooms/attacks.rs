//! The server as a stranger attacks it, with the default limits unless a
//! test says otherwise: idle and trickling TCP connections, one address
//! taking every room or guessing codes, a silent WebSocket, and forwarded
//! addresses from a proxy it does or does not trust. Each attack comes from
//! an address of its own on loopback (127.0.0.2, …), so the player it must
//! not harm (127.0.0.1) is another client.

use std::time::{Duration, Instant};

use boggle_room::Limits;
use futures_util::StreamExt;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::common::{connect_from, http_get, server, server_with, solved, Client, Server};

/// This process's resident memory, in MB.
fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Whether the server answers `/health` and seats a new player, each
/// within a second.
async fn still_serves(s: &Server) {
    let addr = s.addr;
    let t = Instant::now();
    let health = tokio::time::timeout(Duration::from_secs(1), http_get(addr, "/health"))
        .await
        .expect("/health answered within 1 s");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    let (_c, _, _) = tokio::time::timeout(
        Duration::from_secs(1),
        Client::create(s, "Newcomer", json!({})),
    )
    .await
    .expect("a new player seated within 1 s");
    assert!(t.elapsed() < Duration::from_secs(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_thousand_idle_connections_leave_health_and_a_new_player_answered() {
    let s = server(Limits::default()).await;
    let per_client = Limits::default().per_client;
    let before = rss_mb();
    // One address opens 20,000 connections and sends nothing on any. The
    // server holds the address's share (until the headers' deadline); every
    // other one is refused at once with a 503 and closed, so the attacker
    // is left holding closed sockets, which this test lets go.
    let mut held = Vec::with_capacity(per_client);
    let mut refused = 0;
    for i in 0..20_000 {
        let mut tcp = connect_from([127, 0, 0, 2], s.addr).await.unwrap();
        if i < per_client {
            held.push(tcp);
            continue;
        }
        let mut head = [0u8; 12];
        tokio::time::timeout(Duration::from_secs(1), tcp.read_exact(&mut head))
            .await
            .unwrap_or_else(|_| panic!("connection {i} neither held nor refused"))
            .unwrap();
        assert_eq!(&head, b"HTTP/1.1 503", "connection {i}");
        refused += 1;
    }
    assert_eq!(refused, 20_000 - per_client);
    still_serves(&s).await;
    // The address's share held, and the connections of this test: nothing
    // more.
    let health = http_get(s.addr, "/health").await;
    let open = health
        .split("\"connections\":")
        .nth(1)
        .and_then(|v| v.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap();
    assert!((per_client..=per_client + 3).contains(&open), "{health}");
    let grown = rss_mb() - before;
    eprintln!("20,000 idle connections: the process grew {grown:.0} MB");
    assert!(grown < 100.0, "{grown:.0} MB");
    drop(held);
}

#[tokio::test]
async fn idle_and_trickling_connections_are_cut_at_their_deadline() {
    let limits = Limits {
        header_timeout: Duration::from_millis(500),
        ..Limits::default()
    };
    let s = server(limits).await;
    // Idle: never a byte.
    let mut idle = connect_from([127, 0, 0, 3], s.addr).await.unwrap();
    // A slowloris: a header line, then a byte at a time.
    let mut slow = connect_from([127, 0, 0, 4], s.addr).await.unwrap();
    slow.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let t = Instant::now();
    let trickle = async {
        for _ in 0..40 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if slow.write_all(b"X").await.is_err() {
                break;
            }
        }
        let mut rest = Vec::new();
        let _ = slow.read_to_end(&mut rest).await;
    };
    let wait_idle = async {
        let mut rest = Vec::new();
        let _ = idle.read_to_end(&mut rest).await;
    };
    tokio::time::timeout(Duration::from_secs(3), async {
        tokio::join!(trickle, wait_idle)
    })
    .await
    .expect("both cut within 3 s");
    assert!(
        t.elapsed() < Duration::from_millis(2500),
        "{:?}",
        t.elapsed()
    );
    let health = http_get(s.addr, "/health").await;
    assert!(health.contains("\"connections\":1"), "{health}");
}

#[tokio::test]
async fn one_address_cannot_take_every_room_or_guess_codes() {
    let defaults = Limits::default();
    let s = server(defaults.clone()).await;
    // Its rooms open at once.
    let mut kept = Vec::new();
    for i in 0..defaults.rooms_per_client {
        kept.push(Client::create(&s, &format!("P{i}"), json!({})).await);
    }
    let mut c = Client::connect(&s).await;
    c.send(json!({"type": "create", "name": "One more", "settings": {}}))
        .await;
    let e = c.until("error").await;
    assert!(
        e["code"] == "too_many" && e["message"].as_str().unwrap().contains("rooms open"),
        "{e}"
    );
    // Another address still creates one.
    let mut other = Client::connect_from(&s, [127, 0, 0, 6]).await;
    other
        .send(json!({"type": "create", "name": "Other", "settings": {}}))
        .await;
    other.until("welcome").await;
    // Wrong codes: a minute's worth (each on a connection of its own, as a
    // script would), then nothing is told, not even of a room that exists.
    let real = kept[0].1.clone();
    for _ in 0..defaults.guesses_per_minute {
        let mut c = Client::connect(&s).await;
        c.send(json!({"type": "join", "code": "ZZZZ-ZZZZ", "name": "Eve"}))
            .await;
        assert_eq!(c.until("error").await["code"], "no_room");
    }
    let mut c = Client::connect(&s).await;
    c.send(json!({"type": "join", "code": real, "name": "Eve"}))
        .await;
    assert_eq!(c.until("error").await["code"], "too_many");
    // Rooms created a minute, however many it closes again.
    let s = server(Limits {
        rooms_per_client: 1000,
        ..defaults.clone()
    })
    .await;
    for i in 0..defaults.creates_per_minute {
        Client::create(&s, &format!("Q{i}"), json!({})).await;
    }
    let mut c = Client::connect(&s).await;
    c.send(json!({"type": "create", "name": "One more", "settings": {}}))
        .await;
    let e = c.until("error").await;
    assert!(
        e["code"] == "too_many" && e["message"].as_str().unwrap().contains("too often"),
        "{e}"
    );
}

#[tokio::test]
async fn a_silent_websocket_is_closed_and_a_live_one_kept() {
    let limits = Limits {
        ping: Duration::from_millis(200),
        silent: Duration::from_millis(700),
        ..Limits::default()
    };
    let s = server(limits).await;
    let (mut live, code, _) = Client::create(&s, "Live", json!({})).await;
    let (mut mute, _) = Client::join(&s, &code, "Mute").await;
    // The live client only reads (its library answers the pings); the mute
    // one reads nothing for 1.5 s, so answers none.
    let t = Instant::now();
    while t.elapsed() < Duration::from_millis(1500) {
        let _ = tokio::time::timeout(Duration::from_millis(1500), live.ws.next()).await;
    }
    // The mute one was let go (its client may not read the goodbye: it
    // fails to send the pongs it owes first), and the server says why.
    assert!(mute.closed().await);
    let metrics = http_get(s.addr, "/metrics").await;
    assert!(
        metrics.contains("boggle_room_refusals_total{reason=\"silent\"} 1"),
        "{metrics}"
    );
    live.send(json!({"type": "settings", "settings": {}})).await;
    live.until("room").await;
}

#[tokio::test]
async fn metrics_count_connections_tries_and_refusals() {
    let s = server(Limits::default()).await;
    let scrape = |text: &str, name: &str| -> f64 {
        text.lines()
            .find_map(|l| l.strip_prefix(name).and_then(|v| v.trim().parse().ok()))
            .unwrap_or(0.0)
    };
    let before = http_get(s.addr, "/metrics").await;
    assert!(before.contains("text/plain; version=0.0.4"), "{before}");
    let (mut a, _, _) = Client::create(&s, "A", json!({"seconds": 60})).await;
    a.send(json!({"type": "start"})).await;
    let round = a.until("round").await;
    let words = solved(&round, "boggle").words;
    for w in &words[..3] {
        assert_eq!(a.word(&w.word).await["kind"], "new");
    }
    a.send(json!({"type": "end"})).await;
    a.until("results").await;
    let mut b = Client::connect(&s).await;
    b.send(json!({"type": "join", "code": "ZZZZ-ZZZZ", "name": "B"}))
        .await;
    b.until("error").await;
    let after = http_get(s.addr, "/metrics").await;
    let tries = "boggle_room_tries_total ";
    assert_eq!(
        scrape(&after, tries) - scrape(&before, tries),
        3.0,
        "{after}"
    );
    assert_eq!(scrape(&after, "boggle_room_rooms "), 1.0, "{after}");
    assert!(scrape(&after, "boggle_room_websockets ") >= 2.0, "{after}");
    assert!(
        scrape(&after, "boggle_room_rounds_total ") >= 1.0,
        "{after}"
    );
    assert!(scrape(&after, "boggle_room_judge_seconds_count ") >= 3.0);
    assert_eq!(
        scrape(&after, "boggle_room_refusals_total{reason=\"no_room\"} "),
        1.0,
        "{after}"
    );
}

/// A WebSocket to `s` whose request says it was forwarded for `client`.
async fn forwarded(s: &Server, client: &str) -> Client {
    let mut request = format!("ws://{}/ws", s.addr).into_client_request().unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", client.parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    Client { ws, seen: vec![] }
}

#[tokio::test]
async fn behind_a_trusted_proxy_limits_go_by_the_forwarded_client() {
    let limits = Limits {
        creates_per_minute: 1,
        ..Limits::default()
    };
    let trusted = vec!["127.0.0.1/32".parse().unwrap()];
    let s = server_with(limits.clone(), trusted).await;
    // Two clients behind the proxy: a room each, then each is refused its
    // second.
    for client in ["198.51.100.1", "198.51.100.2"] {
        let mut c = forwarded(&s, client).await;
        create(&mut c).await;
        c.until("welcome").await;
        let mut again = forwarded(&s, client).await;
        create(&mut again).await;
        assert_eq!(again.until("error").await["code"], "too_many");
    }
    // Each forwarded client is held to its share of connections; the
    // others behind the same proxy are not.
    let three = Limits {
        per_client: 3,
        ..Limits::default()
    };
    let s = server_with(three, vec!["127.0.0.1/32".parse().unwrap()]).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(forwarded(&s, "198.51.100.7").await);
    }
    let mut request = format!("ws://{}/ws", s.addr).into_client_request().unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", "198.51.100.7".parse().unwrap());
    let refused = tokio_tungstenite::connect_async(request).await.unwrap_err();
    assert!(refused.to_string().contains("503"), "{refused}");
    let _other = forwarded(&s, "198.51.100.8").await;
    drop(held.pop());
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let _again = forwarded(&s, "198.51.100.7").await;
    // Without trust, a forwarded header is the client's own word: ignored,
    // so a second "client" is the same address.
    let s = server(limits).await;
    let mut c = forwarded(&s, "198.51.100.1").await;
    create(&mut c).await;
    c.until("welcome").await;
    let mut other = forwarded(&s, "198.51.100.9").await;
    create(&mut other).await;
    assert_eq!(other.until("error").await["code"], "too_many");
}

/// Asks for a room.
async fn create(c: &mut Client) {
    c.send(json!({"type": "create", "name": "P", "settings": {}}))
        .await;
}
