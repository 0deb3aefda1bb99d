//! The leaderboards read against their definition (each summed from every
//! result, as `oracle` does), the index each query walks, and what is kept
//! apart.

use super::*;
use grid::Rng;
use rusqlite::{params, Connection};
use std::collections::BTreeMap;

fn store() -> Connection {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(include_str!("../../../migrations/0002_arena.sql"))
        .unwrap();
    conn.execute_batch(include_str!("../../../migrations/0004_arena_groups.sql"))
        .unwrap();
    conn
}

/// The leaderboard summed from every result, as the definition says.
fn oracle(
    all: &[(Millis, Played)],
    period: Period,
    by: By,
    now: Millis,
    limit: usize,
) -> Vec<Entry> {
    let counts = |start: Millis| match period {
        Period::Hour => period.since(now) <= start && start < period.since(now) + HOUR,
        Period::Day | Period::Week => period.first_start(now) <= start && start <= now,
        Period::All => true,
    };
    let mut by_player: BTreeMap<&str, (i64, i64, i64)> = BTreeMap::new();
    for (start, p) in all.iter().filter(|(s, p)| !p.held && counts(*s)) {
        let e = by_player.entry(&p.player).or_insert((0, 0, i64::MIN));
        e.0 += 1;
        e.1 += p.score;
        e.2 = e.2.max(p.score);
        let _ = start;
    }
    let mut lines: Vec<Entry> = by_player
        .into_iter()
        .filter(|(_, (rounds, _, _))| by != By::Average || *rounds >= MIN_ROUNDS)
        .map(|(player, (rounds, total, best))| Entry {
            player: player.to_owned(),
            value: match by {
                By::Total => total as f64,
                By::Average => total as f64 / rounds as f64,
                By::Best => best as f64,
            },
        })
        .collect();
    lines.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.player.cmp(&b.player)));
    lines.truncate(limit);
    lines
}

/// Asserts a leaderboard read is the oracle's, line for line.
fn same(got: &[Entry], want: &[Entry], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: {got:?} against {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            g.player == w.player && (g.value - w.value).abs() < 1e-9,
            "{what}: {got:?} against {want:?}"
        );
    }
}

#[test]
fn leaderboards_equal_the_sums_of_their_results() {
    let mut conn = store();
    let mut rng = Rng::new(78);
    let mut all: Vec<(Millis, Played)> = Vec::new();
    // Ten days of two-minute rounds from a Monday, with quiet stretches.
    let mut start: Millis = 1_795_000_000_000;
    let mut checked = 0;
    // A friends' board of four of the twelve.
    let members = ["p0", "p3", "p5", "p8"];
    conn.execute("INSERT INTO arena_groups (code, since) VALUES ('G', 0)", [])
        .unwrap();
    for m in members {
        conn.execute(
            "INSERT INTO arena_members (code, player, since) VALUES ('G', ?1, 0)",
            [m],
        )
        .unwrap();
    }
    for round in 0..2500 {
        start += 150_000 * (1 + rng.below(if round % 97 == 0 { 400 } else { 3 }) as i64);
        let mut played = Vec::new();
        for p in 0..12 {
            if rng.below(3) > 0 {
                played.push(Played {
                    player: format!("p{p}"),
                    score: rng.below(60) as i64 + (p % 4) as i64 * 10,
                    words: rng.below(30) as i64,
                    held: rng.below(40) == 0,
                });
            }
        }
        let tx = conn.transaction().unwrap();
        record(&mut Sql::Lite(&tx), "boggle", "en", start, &played).unwrap();
        tx.commit().unwrap();
        all.extend(played.into_iter().map(|p| (start, p)));
        if round % 50 != 49 {
            continue;
        }
        // Now and then a while after the round: the clock moves the windows.
        let now = start + rng.below(3 * DAY as u64) as i64 * (rng.below(2) as i64);
        let tx = conn.transaction().unwrap();
        advance(&mut Sql::Lite(&tx), "boggle", "en", now).unwrap();
        tx.commit().unwrap();
        for period in Period::ALL {
            for by in By::ALL {
                let got = top(&mut Sql::Lite(&conn), "boggle", "en", period, by, now, 10).unwrap();
                let want = oracle(&all, period, by, now, 10);
                same(&got, &want, &format!("{period:?} {by:?} at {now}"));
                checked += usize::from(!want.is_empty());
                // The friends' board: the same sums over its members' results.
                let theirs: Vec<(Millis, Played)> = all
                    .iter()
                    .filter(|(_, p)| members.contains(&p.player.as_str()))
                    .cloned()
                    .collect();
                let got = top_of_group(
                    &mut Sql::Lite(&conn),
                    "boggle",
                    "en",
                    period,
                    by,
                    now,
                    10,
                    "G",
                )
                .unwrap();
                let want = oracle(&theirs, period, by, now, 10);
                same(&got, &want, &format!("group {period:?} {by:?} at {now}"));
            }
        }
        // The clock went on past the next round's start: the next starts later still.
        start = start.max(now);
    }
    assert!(
        checked > 400,
        "too few leaderboards had anyone on them: {checked}"
    );
}

/// Reading a leaderboard walks an index from its top: no sort of a
/// period's players or results, however many there are.
#[test]
fn leaderboards_are_read_from_an_index_in_order() {
    let conn = store();
    let explain = |sql: &str, args: &[&dyn rusqlite::ToSql]| {
        let mut q = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
        let plan: Vec<String> = q
            .query_map(args, |r| r.get::<_, String>(3))
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        assert!(
            plan.iter().any(|l| l.contains("INDEX arena_")),
            "{sql}: {plan:?}"
        );
        assert!(
            !plan
                .iter()
                .any(|l| l.contains("TEMP B-TREE") || l.starts_with("SCAN")),
            "{sql}: {plan:?}"
        );
    };
    explain(BY_TOTAL, params!["g", "l", "all", 0, 10]);
    explain(BY_MEAN, params!["g", "l", "day", 0, 10]);
    explain(BY_BEST, params!["g", "l", "hour", 0, 10]);
    explain(BY_ROUND, params!["g", "l", 0, 9, 256, 0]);
}

#[test]
fn another_game_or_language_is_another_leaderboard() {
    let mut conn = store();
    let one = |player: &str, score| Played {
        player: player.into(),
        score,
        words: 1,
        held: false,
    };
    let tx = conn.transaction().unwrap();
    record(&mut Sql::Lite(&tx), "boggle", "en", 1_000, &[one("a", 5)]).unwrap();
    record(&mut Sql::Lite(&tx), "boggle", "de", 1_000, &[one("b", 7)]).unwrap();
    record(
        &mut Sql::Lite(&tx),
        "wordament",
        "en",
        1_000,
        &[one("c", 9)],
    )
    .unwrap();
    tx.commit().unwrap();
    let names = |game, lang| {
        top(
            &mut Sql::Lite(&conn),
            game,
            lang,
            Period::All,
            By::Total,
            2_000,
            10,
        )
        .unwrap()
        .into_iter()
        .map(|e| e.player)
        .collect::<Vec<_>>()
    };
    assert_eq!(names("boggle", "en"), ["a"]);
    assert_eq!(names("boggle", "de"), ["b"]);
    assert_eq!(names("wordament", "en"), ["c"]);
}

#[test]
fn a_held_result_is_kept_but_not_ranked() {
    let mut conn = store();
    let tx = conn.transaction().unwrap();
    record(
        &mut Sql::Lite(&tx),
        "boggle",
        "en",
        1_000,
        &[Played {
            player: "fast".into(),
            score: 900,
            words: 400,
            held: true,
        }],
    )
    .unwrap();
    tx.commit().unwrap();
    for by in By::ALL {
        assert!(top(
            &mut Sql::Lite(&conn),
            "boggle",
            "en",
            Period::All,
            by,
            2_000,
            10
        )
        .unwrap()
        .is_empty());
    }
    let kept: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM arena_results WHERE held = 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(kept, 1);
}
