//! A load test of the arena, on loopback only, bounded in count and time:
//! `scripts/load-arena` runs it against a release server it starts.
//!
//! `--players` devices enter the English arena, and all of them play the
//! first round that starts once everyone is in: each tries a word every
//! `--every` seconds (half typed words of the board, solved here from the
//! round's seed, half random traced paths), until the round's last second.
//! It reports the judge latency (a try sent to its verdict read), how long
//! after the round's end each player had their own results and everyone's
//! (`arena_mine`, `arena_results`), and, given the server's `--pid`, its
//! CPU time and memory.
//!
//! ```text
//! cargo run --release -p boggle-room --example arena_load -- --addr 127.0.0.1:8080 --pid 1234
//! ```

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::{Mutex, OnceCell};
use tokio_tungstenite::tungstenite::Message;

mod common;

use common::{connect, send, until, usage, words_of, Lcg, Ws};

struct Args {
    addr: String,
    pid: Option<u32>,
    players: usize,
    every: f64,
}

fn args() -> Args {
    let mut a = Args {
        addr: "127.0.0.1:8080".into(),
        pid: None,
        players: 10_000,
        every: 2.0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--addr" => a.addr = value,
            "--pid" => a.pid = Some(value.parse().expect("--pid N")),
            "--players" => a.players = value.parse().expect("--players N"),
            "--every" => a.every = value.parse().expect("--every SECONDS"),
            _ => panic!("unknown flag {flag}"),
        }
    }
    assert!(
        a.addr.starts_with("127.") || a.addr.starts_with("localhost"),
        "the load test runs on loopback only"
    );
    a
}

/// Milliseconds since 1970 now.
fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Milliseconds since 1970 of a UTC time as the server writes it.
fn ms_of(utc: &str) -> i64 {
    let t: solve::game::UtcTime = utc.parse().expect("a UTC time");
    t.seconds() * 1000
}

/// The body of `GET /arena`.
async fn status(addr: &str) -> Value {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let ask = format!("GET /arena HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(ask.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    serde_json::from_str(out.split("\r\n\r\n").nth(1).unwrap()).unwrap()
}

/// What one player measured.
#[derive(Default)]
struct Measured {
    latencies: Vec<f64>,
    /// Of those, the verdicts on new words (which wait for the store).
    latencies_new: Vec<f64>,
    new: u64,
    other: u64,
    refused: u64,
    /// The refusals' codes.
    codes: std::collections::BTreeMap<String, u64>,
    /// Milliseconds after the round's end: its own results, everyone's.
    mine: Option<f64>,
    results: Option<f64>,
}

/// Player `i` plays the round that starts at `start` (ms since 1970).
async fn play(
    mut ws: Ws,
    i: usize,
    n: usize,
    start: i64,
    every: Duration,
    words: Arc<OnceCell<Vec<String>>>,
) -> Measured {
    let mut m = Measured::default();
    let round = loop {
        let r = until(&mut ws, "arena_round").await;
        if ms_of(r["start"].as_str().unwrap()) >= start {
            break r;
        }
    };
    let ends = start + round["seconds"].as_i64().unwrap() * 1000;
    let words = words
        .get_or_init(|| async { words_of(&round, "wordament") })
        .await;
    let (rows, cols) = (
        round["board"]["rows"].as_u64().unwrap(),
        round["board"]["cols"].as_u64().unwrap(),
    );
    let mut rng = Lcg(i as u64 * 7919 + 1);
    // Spread over the interval; the last try a second before the end.
    let first = Instant::now() + every.mul_f64(i as f64 / n as f64);
    let last =
        Instant::now() + Duration::from_millis(u64::try_from(ends - now_ms() - 1000).unwrap_or(0));
    let mut tick = tokio::time::interval_at(first.into(), every);
    let mut sent: VecDeque<Instant> = VecDeque::new();
    let mut k = 0usize;
    while m.mine.is_none() || m.results.is_none() {
        tokio::select! {
            _ = tick.tick(), if Instant::now() < last => {
                // (The guard was read when the wait began: look again.)
                if Instant::now() >= last {
                    continue;
                }
                let try_ = if k % 2 == 0 && !words.is_empty() {
                    json!({"type": "word", "word": words[rng.below(words.len() as u64) as usize]})
                } else {
                    let path: Vec<[u64; 2]> = (0..3 + rng.below(4)).map(|_| [rng.below(rows), rng.below(cols)]).collect();
                    json!({"type": "trace", "path": path})
                };
                k += 1;
                sent.push_back(Instant::now());
                if ws.send(Message::text(try_.to_string())).await.is_err() {
                    m.refused += 1;
                    return m;
                }
            }
            msg = ws.next() => {
                let Some(Ok(Message::Text(t))) = msg else {
                    if matches!(msg, Some(Ok(_))) { continue }
                    return m;
                };
                // The kind is the message's first field: the large
                // messages are timed, not read (this load's clients share
                // the server's cores).
                let after = (now_ms() - ends) as f64;
                let kind = t.as_str().get(9..).and_then(|k| k.split('"').next()).unwrap_or("");
                match kind {
                    "verdict" => {
                        let ms = sent.pop_front().map_or(0.0, |at| at.elapsed().as_secs_f64() * 1000.0);
                        m.latencies.push(ms);
                        let v: Value = serde_json::from_str(&t).unwrap();
                        if v["kind"] == "new" {
                            m.new += 1;
                            m.latencies_new.push(ms);
                        } else {
                            m.other += 1;
                        }
                    }
                    "error" => {
                        sent.pop_front();
                        m.refused += 1;
                        let v: Value = serde_json::from_str(&t).unwrap();
                        *m.codes.entry(v["code"].as_str().unwrap_or("?").to_string()).or_default() += 1;
                    }
                    "arena_mine" => m.mine = Some(after),
                    "arena_results" => m.results = Some(after),
                    _ => {}
                }
            }
        }
    }
    m
}

fn quantiles(mut l: Vec<f64>) -> String {
    l.sort_by(f64::total_cmp);
    let q = |p: f64| {
        l.get(((l.len() as f64 * p) as usize).min(l.len().saturating_sub(1)))
            .copied()
            .unwrap_or(f64::NAN)
    };
    format!(
        "p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        q(0.5),
        q(0.9),
        q(0.99),
        l.last().copied().unwrap_or(f64::NAN)
    )
}

#[tokio::main]
async fn main() {
    let a = args();
    let before = a.pid.map(usage);
    println!(
        "arena load: {} players in the English arena, a try every {} s each, against {}",
        a.players, a.every, a.addr
    );
    let t0 = Instant::now();
    let mut entered = Vec::with_capacity(a.players);
    for chunk in (0..a.players).collect::<Vec<_>>().chunks(200) {
        let batch: Vec<_> = chunk
            .iter()
            .map(|&i| {
                let addr = a.addr.clone();
                tokio::spawn(async move {
                    let mut ws = connect(&addr).await;
                    send(
                        &mut ws,
                        json!({"type": "arena", "name": format!("p{i}"), "lang": "en"}),
                    )
                    .await;
                    until(&mut ws, "arena_welcome").await;
                    ws
                })
            })
            .collect();
        for t in batch {
            entered.push(t.await.unwrap());
        }
    }
    let round = status(&a.addr).await["round"].clone();
    let start = ms_of(round["next"].as_str().unwrap());
    let with_players = a.pid.map(usage);
    println!(
        "{} entered in {:.1} s; they play the round of {}",
        entered.len(),
        t0.elapsed().as_secs_f64(),
        round["next"].as_str().unwrap()
    );
    let words = Arc::new(OnceCell::new());
    let every = Duration::from_secs_f64(a.every);
    let n = entered.len();
    let samples = Arc::new(Mutex::new(Vec::<u64>::new()));
    if let Some(pid) = a.pid {
        let samples = samples.clone();
        tokio::spawn(async move {
            loop {
                samples.lock().await.push(usage(pid).1);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
    }
    let cpu_start = a.pid.map(usage);
    let own_start = usage(std::process::id()).0;
    let tasks: Vec<_> = entered
        .into_iter()
        .enumerate()
        .map(|(i, ws)| tokio::spawn(play(ws, i, n, start, every, words.clone())))
        .collect();
    let mut all = Measured::default();
    let (mut mine, mut results) = (Vec::new(), Vec::new());
    for t in tasks {
        let m = t.await.unwrap();
        all.latencies.extend(m.latencies);
        all.latencies_new.extend(m.latencies_new);
        all.new += m.new;
        all.other += m.other;
        all.refused += m.refused;
        for (code, n) in m.codes {
            *all.codes.entry(code).or_default() += n;
        }
        mine.extend(m.mine);
        results.extend(m.results);
    }
    let after = a.pid.map(usage);
    let own = usage(std::process::id()).0 - own_start;
    println!(
        "tries judged: {} ({} new words, {} others), {} refused {:?}",
        all.latencies.len(),
        all.new,
        all.other,
        all.refused,
        all.codes
    );
    println!("judge latency: {}", quantiles(all.latencies));
    println!(
        "  of new words (kept in the store first): {}",
        quantiles(all.latencies_new)
    );
    println!(
        "own results after the round's end ({} players): {}",
        mine.len(),
        quantiles(mine.clone())
    );
    println!(
        "everyone's results after the round's end ({} players): {}",
        results.len(),
        quantiles(results.clone())
    );
    if let (Some(b), Some(w), Some(s), Some(e)) = (before, with_players, cpu_start, after) {
        let mb = |x: u64| x as f64 / 1_048_576.0;
        let during = samples.lock().await.clone();
        println!(
            "server: {:.1} s CPU over the round (this load's clients {own:.1} s, on the same cores); memory (RSS) {:.1} MB before, {:.1} MB with the players in, {:.1} MB at most during the round, peak {:.1} MB",
            e.0 - s.0,
            mb(b.1),
            mb(w.1),
            mb(during.iter().copied().max().unwrap_or(0)),
            mb(e.2)
        );
    }
    assert_eq!(
        (mine.len(), results.len()),
        (n, n),
        "every player heard the results"
    );
}
