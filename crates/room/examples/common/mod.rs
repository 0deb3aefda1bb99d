//! What the load examples share: a WebSocket client to the server, the
//! server's CPU and memory from /proc, the load's own random choices, and
//! a board's words solved here from its seed.

// (Each example uses some of these.)
#![allow(dead_code)]

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn connect(addr: &str) -> Ws {
    loop {
        // Nagle off, as a browser's WebSocket has it.
        match tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
            .await
        {
            Ok((ws, _)) => return ws,
            Err(e) => {
                eprintln!("connect: {e}; again");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

pub async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::text(v.to_string())).await.expect("send");
}

pub async fn until(ws: &mut Ws, kind: &str) -> Value {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] == kind {
                    return v;
                }
                if v["type"] == "bye" || v["type"] == "error" {
                    panic!("waiting for {kind}: {v}");
                }
            }
            Some(Ok(_)) => {}
            other => panic!("waiting for {kind}: {other:?}"),
        }
    }
}

/// A process's CPU seconds (user + system) and resident memory (now, peak)
/// in bytes, from /proc.
pub fn usage(pid: u32) -> (f64, u64, u64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let ticks = 100.0; // USER_HZ on Linux
    let cpu = fields
        .get(11..13)
        .map(|f| {
            f.iter()
                .map(|t| t.parse::<f64>().unwrap_or(0.0))
                .sum::<f64>()
                / ticks
        })
        .unwrap_or(0.0);
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(0)
            * 1024
    };
    (cpu, kb("VmRSS:"), kb("VmHWM:"))
}

/// A small deterministic generator (the load's own choices).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The words of a round's board, solved here from its seed.
pub fn words_of(round: &Value, game: &str) -> Vec<String> {
    let pack = solve::packs::builtin("en").unwrap();
    let seed = round["seed"].as_u64().unwrap();
    let rolled = solve::game::Game::named(game)
        .unwrap()
        .roll(&pack, seed)
        .unwrap();
    let judge = solve::game::Judge::new(&pack, &rolled).unwrap();
    judge.words().iter().map(|w| w.word.clone()).collect()
}
