//! How fast the arena's leaderboards read over many results: fills a fresh
//! SQLite store (the room server's embedded one) with `RESULTS` results of
//! two-minute rounds over ten days, then asks every leaderboard (four
//! periods by total, average and best) at moments just after the last
//! round, and prints each one's p50, p99 and slowest time.
//!
//! ```text
//! cargo run --release -p boggle-room --example leaderboards -- [RESULTS] [PLAYERS]
//! ```
//!
//! Defaults: 1,000,000 results among 20,000 players.

use std::time::Instant;

use boggle_room::arena::leaderboard::{record, top, By, Period, Played, Sql};
use grid::Rng;
use rusqlite::Connection;

const ROUND: i64 = 120_000;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let results: usize = args
        .next()
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(1_000_000);
    let players: u64 = args
        .next()
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(20_000);
    let dir = std::env::temp_dir().join(format!("leaderboards-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let path = dir.join("arena.sqlite");
    let mut conn = Connection::open(&path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.execute_batch(include_str!("../migrations/0002_arena.sql"))?;

    // Ten days of rounds, each played by a share of the players: as many
    // a round as makes `results` in all.
    let rounds = (10 * 24 * 3600 * 1000 / ROUND) as usize;
    let per_round = results.div_ceil(rounds);
    let mut rng = Rng::new(1);
    let first: i64 = 1_795_000_000_000;
    let filled = Instant::now();
    let mut written = 0;
    let mut last = first;
    for round in 0..rounds {
        if written >= results {
            break;
        }
        let start = first + round as i64 * ROUND;
        let mut seen = std::collections::HashSet::new();
        let mut played = Vec::with_capacity(per_round);
        while played.len() < per_round.min(results - written) {
            let p = rng.below(players);
            if seen.insert(p) {
                played.push(Played {
                    player: format!("player-{p}"),
                    score: rng.below(120) as i64 + (p % 7) as i64 * 5,
                    words: rng.below(60) as i64,
                    held: rng.below(1000) == 0,
                });
            }
        }
        written += played.len();
        let tx = conn.transaction()?;
        record(&mut Sql::Lite(&tx), "boggle", "en", start, &played)?;
        tx.commit()?;
        last = start;
    }
    println!(
        "{written} results of {players} players in {rounds} rounds written in {:.1} s ({} bytes of store)",
        filled.elapsed().as_secs_f64(),
        std::fs::metadata(&path)?.len()
    );

    for period in Period::ALL {
        for by in By::ALL {
            let mut times = Vec::new();
            let mut shown = 0;
            for i in 0..400 {
                // Moments in the last round's hour (the hour's board has the last rounds).
                let now = last + (i % 25) * 1_000;
                let t = Instant::now();
                let lines = top(&mut Sql::Lite(&conn), "boggle", "en", period, by, now, 10)?;
                times.push(t.elapsed().as_secs_f64() * 1e3);
                shown = lines.len();
            }
            times.sort_by(f64::total_cmp);
            let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
            println!(
                "{period:?} by {by:?}: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({shown} lines)",
                at(0.5),
                at(0.99),
                times[times.len() - 1]
            );
        }
    }
    drop(conn);
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}
