//! Friends' boards on the real program: a device starts one (the server
//! draws its code), a friend enters with the code as people type it, a
//! stranger plays the same round without; the group's leaderboards rank
//! its members only, and the group outlives a `kill -9` and a restart.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::arena::{get_json, program, round_with, the_end};
use crate::common::{http_get, path, traceable, Client};

/// Enters the arena with `msg`: the client and its welcome.
async fn enter_with(addr: std::net::SocketAddr, msg: Value) -> (Client, Value) {
    let mut c = Client::connect_to(addr).await;
    c.send(msg).await;
    let w = c.until("arena_welcome").await;
    (c, w)
}

/// The names and values of one leaderboard of an answer of
/// `/arena/leaderboards` (none before the first round recorded).
fn lines(boards: &Value, period: &str, by: &str) -> Vec<(String, f64)> {
    let Some(board) = boards["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["period"] == period && b["by"] == by)
    else {
        return Vec::new();
    };
    board["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["value"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// The leaderboards at `path` once they have lines (the writer records a
/// round's end a moment after the players hear it).
async fn boards_with_lines(addr: std::net::SocketAddr, path: &str) -> Value {
    let t = Instant::now();
    loop {
        let b = get_json(addr, path).await;
        if !lines(&b, "all", "total").is_empty() {
            return b;
        }
        assert!(t.elapsed() < Duration::from_secs(5), "no lines: {b}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friends_board_ranks_its_members_only_and_outlives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rooms.db");
    let mut server = program(&file, 6);
    let addr = server.addr;
    // Ann starts a friends' board: the server draws its code.
    let (mut ann, wa) = enter_with(
        addr,
        json!({"type": "arena", "name": "Ann", "lang": "en", "group": ""}),
    )
    .await;
    let code = wa["group"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 8, "{wa}");
    // Bob types it as people do; Cleo plays without one.
    let typed = format!("{}-{}", code[..4].to_lowercase(), &code[4..]);
    let (mut bob, wb) = enter_with(
        addr,
        json!({"type": "arena", "name": "Bob", "lang": "en", "group": typed}),
    )
    .await;
    assert_eq!(wb["group"], code.as_str());
    let (mut cleo, wc) =
        enter_with(addr, json!({"type": "arena", "name": "Cleo", "lang": "en"})).await;
    assert!(wc["group"].is_null(), "{wc}");
    // A code nobody was given is refused, and the connection may go on.
    let mut dan = Client::connect_to(addr).await;
    dan.send(json!({"type": "arena", "name": "Dan", "lang": "en", "group": "2222-2222"}))
        .await;
    let e = dan.until("error").await;
    assert_eq!(e["code"], "no_group", "{e}");
    let answer = http_get(addr, "/arena/leaderboards?lang=en&group=2222-2222").await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    // Guessing codes is stopped as guessing rooms' is (30 a minute; sent
    // at the connection's message rate).
    let mut refused = None;
    for i in 0..40 {
        tokio::time::sleep(Duration::from_millis(110)).await;
        dan.send(json!({"type": "arena", "name": "Dan", "lang": "en", "group": format!("3333-33{i:02}")}))
            .await;
        let e = dan.until("error").await;
        if e["code"] == "too_many" {
            refused = Some(i);
            break;
        }
        assert_eq!(e["code"], "no_group", "{e}");
    }
    assert!(refused.is_some_and(|i| i <= 30), "{refused:?}");

    // One round, everyone on it; Cleo finds the most.
    let round = round_with(&mut ann, 4000).await;
    for c in [&mut bob, &mut cleo] {
        loop {
            if c.until("arena_round").await["start"] == round["start"] {
                break;
            }
        }
    }
    let words = traceable(&round, "wordament");
    assert!(words.len() >= 5, "{}", round["board"]["text"]);
    assert_eq!(ann.trace(&path(&words[0])).await["kind"], "new");
    assert_eq!(bob.trace(&path(&words[1])).await["kind"], "new");
    for w in &words[2..5] {
        assert_eq!(cleo.trace(&path(w)).await["kind"], "new");
    }
    let (ann_mine, _) = the_end(&mut ann).await;
    assert_eq!(ann_mine["place"]["players"], 3, "the round ranks everyone");

    // The group's boards: Ann and Bob, by their points; everyone's has Cleo too.
    let group = format!("/arena/leaderboards?lang=en&group={code}");
    let ours = boards_with_lines(addr, &group).await;
    assert_eq!(ours["group"], code.as_str());
    let mut expected = vec![
        ("Ann".to_string(), f64::from(words[0].score)),
        ("Bob".to_string(), f64::from(words[1].score)),
    ];
    expected.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let total = lines(&ours, "all", "total");
    let mut got = total.clone();
    got.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    assert_eq!(got, expected, "{ours}");
    for (period, by) in [
        ("hour", "total"),
        ("day", "best"),
        ("week", "total"),
        ("all", "best"),
    ] {
        let names: Vec<String> = lines(&ours, period, by).into_iter().map(|l| l.0).collect();
        assert!(
            names.len() == 2 && !names.contains(&"Cleo".to_string()),
            "{period} {by}: {names:?}"
        );
    }
    let everyone = boards_with_lines(addr, "/arena/leaderboards?lang=en").await;
    assert_eq!(lines(&everyone, "all", "total").len(), 3);

    // kill -9 and a restart: the group, its members and its boards are kept.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    drop(server);
    let server = program(&file, 6);
    let again = boards_with_lines(server.addr, &group).await;
    assert_eq!(lines(&again, "all", "total"), total);
    let (_, back) = enter_with(
        server.addr,
        json!({"type": "arena", "name": "Bob", "lang": "en", "group": code, "token": wb["token"]}),
    )
    .await;
    assert_eq!(back["group"], code.as_str());
    assert_eq!(back["player"], wb["player"]);
}
