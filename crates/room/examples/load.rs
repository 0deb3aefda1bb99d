//! A load test of the room server, on loopback only, bounded in count and
//! time: `scripts/load-rooms` runs it against a release server it starts.
//!
//! It opens `--rooms` rooms of `--players` / `--rooms` players each (one
//! host creates, the others join by code), starts a round in each, and then
//! every player submits one try every `--every` seconds for `--seconds`
//! seconds: half traced paths (a random walk over neighbouring cells, so
//! mostly not words, judged through the path rule), half typed words of the
//! board (solved here from the round's seed, so each one is a real word the
//! server must find and count). It reports the judge latency (from a try
//! sent to its verdict read) and, given the server's `--pid`, the server's
//! CPU time and memory before and after the rooms opened.
//!
//! ```text
//! cargo run --release -p boggle-room --example load -- --addr 127.0.0.1:8080 --pid 1234
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

mod common;

use common::{connect, send, until, usage, words_of, Lcg, Ws};

struct Args {
    addr: String,
    pid: Option<u32>,
    players: usize,
    rooms: usize,
    every: f64,
    seconds: f64,
}

fn args() -> Args {
    let mut a = Args {
        addr: "127.0.0.1:8080".into(),
        pid: None,
        players: 2000,
        rooms: 500,
        every: 2.0,
        seconds: 60.0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--addr" => a.addr = value,
            "--pid" => a.pid = Some(value.parse().expect("--pid N")),
            "--players" => a.players = value.parse().expect("--players N"),
            "--rooms" => a.rooms = value.parse().expect("--rooms N"),
            "--every" => a.every = value.parse().expect("--every SECONDS"),
            "--seconds" => a.seconds = value.parse().expect("--seconds SECONDS"),
            _ => panic!("unknown flag {flag}"),
        }
    }
    assert!(
        a.addr.starts_with("127.")
            || a.addr.starts_with("localhost")
            || a.addr.starts_with("[::1]"),
        "the load test runs on loopback only"
    );
    a
}

#[tokio::main]
async fn main() {
    let a = args();
    let per_room = (a.players / a.rooms).max(1);
    let before = a.pid.map(usage);
    println!(
        "load: {} players in {} rooms ({per_room} each), a try every {} s each for {} s, against {}",
        per_room * a.rooms,
        a.rooms,
        a.every,
        a.seconds,
        a.addr
    );
    // Open the rooms, a few at a time.
    let t0 = Instant::now();
    let mut seats: Vec<(Ws, usize)> = Vec::with_capacity(a.players);
    let mut hosts = Vec::new();
    let mut codes = Vec::new();
    for r in 0..a.rooms {
        let mut host = connect(&a.addr).await;
        send(
            &mut host,
            json!({"type": "create", "name": format!("h{r}"), "settings": {"game": "boggle", "lang": "en", "seconds": (a.seconds + 60.0) as u32}}),
        )
        .await;
        let w = until(&mut host, "welcome").await;
        codes.push(w["code"].as_str().unwrap().to_string());
        hosts.push(host);
    }
    for (r, code) in codes.iter().enumerate() {
        for p in 1..per_room {
            let mut c = connect(&a.addr).await;
            send(
                &mut c,
                json!({"type": "join", "code": code, "name": format!("p{r}.{p}")}),
            )
            .await;
            until(&mut c, "welcome").await;
            seats.push((c, r));
        }
    }
    let mut words: Vec<Arc<Vec<String>>> = Vec::with_capacity(a.rooms);
    let mut boards = Vec::with_capacity(a.rooms);
    for host in hosts.iter_mut() {
        send(host, json!({"type": "start"})).await;
        let round = until(host, "round").await;
        words.push(Arc::new(words_of(&round, "boggle")));
        boards.push((
            round["board"]["rows"].as_u64().unwrap() as u32,
            round["board"]["cols"].as_u64().unwrap() as u32,
        ));
    }
    for (r, host) in hosts.into_iter().enumerate() {
        seats.push((host, r));
    }
    let opened = t0.elapsed();
    // Let the server settle, then read its memory with every room open.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let with_rooms = a.pid.map(usage);
    println!(
        "opened {} rooms, {} seats, rounds started in {:.1} s",
        a.rooms,
        seats.len(),
        opened.as_secs_f64()
    );

    // The tries.
    let latencies = Arc::new(Mutex::new(Vec::<f64>::new()));
    let counts = Arc::new(Mutex::new([0u64; 3])); // new, other verdicts, errors
    let start = Instant::now() + Duration::from_millis(200);
    let end = start + Duration::from_secs_f64(a.seconds);
    let every = Duration::from_secs_f64(a.every);
    let n = seats.len();
    let mut tasks = Vec::new();
    for (i, (mut ws, room)) in seats.into_iter().enumerate() {
        let (rows, cols) = boards[room];
        let words = words[room].clone();
        let latencies = latencies.clone();
        let counts = counts.clone();
        tasks.push(tokio::spawn(async move {
            let mut rng = Lcg(i as u64 * 7919 + 1);
            // Spread the players over the interval.
            let mut next = start + every.mul_f64(i as f64 / n as f64);
            let mut k = 0usize;
            while next < end {
                tokio::time::sleep_until(next.into()).await;
                next += every;
                let try_ = if k % 2 == 0 && !words.is_empty() {
                    json!({"type": "word", "word": words[rng.below(words.len() as u64) as usize]})
                } else {
                    // A random walk over neighbours, 3 to 6 cells.
                    let len = 3 + rng.below(4) as usize;
                    let mut path =
                        vec![[rng.below(rows.into()) as u32, rng.below(cols.into()) as u32]];
                    while path.len() < len {
                        let [r, c] = *path.last().unwrap();
                        let (dr, dc) = (rng.below(3) as i64 - 1, rng.below(3) as i64 - 1);
                        let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                        if (0..rows as i64).contains(&nr)
                            && (0..cols as i64).contains(&nc)
                            && (dr, dc) != (0, 0)
                        {
                            path.push([nr as u32, nc as u32]);
                        }
                    }
                    json!({"type": "trace", "path": path})
                };
                k += 1;
                let sent = Instant::now();
                if ws.send(Message::text(try_.to_string())).await.is_err() {
                    counts.lock().await[2] += 1;
                    return;
                }
                let verdict = loop {
                    match ws.next().await {
                        Some(Ok(Message::Text(t))) => {
                            let v: Value = serde_json::from_str(&t).unwrap();
                            match v["type"].as_str() {
                                Some("verdict") => break Some(v),
                                Some("error") | Some("bye") => break None,
                                _ => {}
                            }
                        }
                        Some(Ok(_)) => {}
                        _ => break None,
                    }
                };
                let ms = sent.elapsed().as_secs_f64() * 1000.0;
                match verdict {
                    Some(v) => {
                        latencies.lock().await.push(ms);
                        counts.lock().await[usize::from(v["kind"] != "new")] += 1;
                    }
                    None => counts.lock().await[2] += 1,
                }
            }
            drop(ws);
        }));
    }
    let cpu_start = a.pid.map(usage);
    // The server's memory during the tries, every second.
    let samples = Arc::new(Mutex::new(Vec::<u64>::new()));
    if let Some(pid) = a.pid {
        let samples = samples.clone();
        tokio::spawn(async move {
            tokio::time::sleep_until(start.into()).await;
            while Instant::now() < end {
                samples.lock().await.push(usage(pid).1);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
    }
    for t in tasks {
        t.await.unwrap();
    }
    let elapsed = start.elapsed().as_secs_f64().min(a.seconds + 5.0);
    let after = a.pid.map(usage);
    let mut l = latencies.lock().await.clone();
    l.sort_by(f64::total_cmp);
    let q = |p: f64| {
        l.get(((l.len() as f64 * p) as usize).min(l.len().saturating_sub(1)))
            .copied()
            .unwrap_or(f64::NAN)
    };
    let c = *counts.lock().await;
    println!(
        "tries judged: {} ({} new words, {} others), {} failed; {:.0} a second",
        l.len(),
        c[0],
        c[1],
        c[2],
        l.len() as f64 / a.seconds
    );
    println!(
        "judge latency: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        q(0.50),
        q(0.90),
        q(0.99),
        l.last().copied().unwrap_or(f64::NAN)
    );
    if let (Some(b), Some(w), Some(s), Some(e)) = (before, with_rooms, cpu_start, after) {
        let mb = |x: u64| x as f64 / 1_048_576.0;
        println!(
            "server CPU over the tries: {:.1} s in {:.1} s ({:.0}% of one core)",
            e.0 - s.0,
            elapsed,
            (e.0 - s.0) / elapsed * 100.0
        );
        let during = samples.lock().await.clone();
        let mean = during.iter().sum::<u64>() / during.len().max(1) as u64;
        println!(
            "server memory (RSS): {:.1} MB before the rooms, {:.1} MB as the rounds started, {:.1} MB on average during the tries ({:.1} MB at most), peak {:.1} MB; {:.1} KB a room with its {per_room} connections",
            mb(b.1),
            mb(w.1),
            mb(mean),
            mb(during.iter().copied().max().unwrap_or(0)),
            mb(e.2),
            (mean.saturating_sub(b.1)) as f64 / a.rooms as f64 / 1024.0
        );
    }
    assert_eq!(c[2], 0, "every try was judged");
}
