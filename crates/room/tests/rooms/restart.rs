//! Rounds survive a restart: the program killed (`kill -9`) or stopped
//! (SIGTERM) mid-round and started again on the same store goes on with
//! every room and round where it stood: the same board, each seat's words,
//! the true time left. And a store it cannot use is refused in one line,
//! untouched.

use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::binary::{command, start, Running};
use crate::common::{path, solved, Client};

/// The program on the store `file`, on a free port.
fn on(file: &Path) -> Running {
    on_with(file, &[])
}

/// The program on the store `file`, on a free port, with `more` flags.
pub(crate) fn on_with(file: &Path, more: &[&str]) -> Running {
    let mut args = vec![
        "--no-site",
        "--addr",
        "127.0.0.1:0",
        "--store",
        file.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    start(&args, None)
}

/// A seat's way back: its room, name and token.
struct Seat {
    code: String,
    name: String,
    token: String,
}

/// Takes `seat` again on the server at `addr`: the client, its welcome.
async fn back(addr: SocketAddr, seat: &Seat) -> (Client, Value) {
    let mut c = Client::connect_to(addr).await;
    c.send(json!({"type": "join", "code": seat.code, "name": seat.name, "token": seat.token}))
        .await;
    let welcome = c.until("welcome").await;
    (c, welcome)
}

/// Creates a room of `seconds`-long rounds with players A and B, and
/// starts a round: the two seats, their clients and the round.
async fn a_round(addr: SocketAddr, seconds: u32) -> ([Seat; 2], [Client; 2], Value) {
    let mut a = Client::connect_to(addr).await;
    a.send(json!({"type": "create", "name": "A", "settings": {"seconds": seconds}}))
        .await;
    let w = a.until("welcome").await;
    let code = w["code"].as_str().unwrap().to_string();
    let mut b = Client::connect_to(addr).await;
    b.send(json!({"type": "join", "code": code, "name": "B"}))
        .await;
    let wb = b.until("welcome").await;
    let seat = |name: &str, w: &Value| Seat {
        code: code.clone(),
        name: name.into(),
        token: w["token"].as_str().unwrap().into(),
    };
    let seats = [seat("A", &w), seat("B", &wb)];
    a.send(json!({"type": "start"})).await;
    let round = a.until("round").await;
    b.until("round").await;
    (seats, [a, b], round)
}

fn words(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_mid_round_and_a_restart_go_on_with_the_same_round_words_and_clock() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rooms.db");
    let mut server = on(&file);
    let ([a_seat, b_seat], [mut a, mut b], round) = a_round(server.addr, 120).await;
    let started = Instant::now();
    let board = solved(&round, "boggle").words;
    assert!(
        board.len() >= 4,
        "too few words on {}",
        round["board"]["text"]
    );
    assert_eq!(a.trace(&path(&board[0])).await["kind"], "new");
    assert_eq!(b.word(&board[1].word).await["kind"], "new");
    assert_eq!(b.trace(&path(&board[2])).await["kind"], "new");

    // kill -9: nothing said, nothing flushed.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    drop((a, b));
    let server = on(&file);
    let log = server.log.lock().unwrap().clone();
    assert!(log.contains("rooms=1") && log.contains("rounds=1"), "{log}");

    let (mut a, wa) = back(server.addr, &a_seat).await;
    assert_eq!(wa["seat"], 1, "{wa}");
    let again = a.until("round").await;
    for key in ["number", "seed", "board", "seconds", "target"] {
        assert_eq!(again[key], round[key], "{key} after the restart");
    }
    assert_eq!(words(&again["mine"]), [board[0].word.as_str()]);
    // The true time left: the clock ran on while the server was down.
    let expected = 120_000 - started.elapsed().as_millis() as i64;
    let left = again["left_ms"].as_i64().unwrap();
    assert!(
        (expected - 1500..=expected + 200).contains(&left),
        "{left} ms left, {expected} expected"
    );
    let (mut b, _) = back(server.addr, &b_seat).await;
    let b_round = b.until("round").await;
    assert_eq!(
        words(&b_round["mine"]),
        [board[1].word.as_str(), board[2].word.as_str()]
    );
    // The words are counted as before: again is again, new is new.
    assert_eq!(a.word(&board[0].word).await["kind"], "again");
    let v = b.trace(&path(&board[3])).await;
    assert_eq!(v["kind"], "new");
    let b_score: u64 = board[1..4].iter().map(|w| u64::from(w.score)).sum();
    assert_eq!(v["score"], b_score);

    a.send(json!({"type": "end"})).await;
    let results = a.until("results").await;
    let players = results["players"].as_array().unwrap();
    let of = |name: &str| players.iter().find(|p| p["name"] == name).unwrap();
    assert_eq!(words(&of("A")["words"]), [board[0].word.as_str()]);
    assert_eq!(
        words(&of("B")["words"]),
        [&board[1].word, &board[2].word, &board[3].word].map(String::as_str)
    );
    assert_eq!(of("B")["score"], b_score);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_keeps_every_round_and_one_that_ran_out_meanwhile_ends_with_its_words() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rooms.db");
    let mut server = on(&file);
    let ([a_long, _], [mut a, mut b], long) = a_round(server.addr, 600).await;
    let ([c_short, _], [mut c, _d], short) = a_round(server.addr, 4).await;
    let long_words = solved(&long, "boggle").words;
    let short_words = solved(&short, "boggle").words;
    assert_eq!(a.trace(&path(&long_words[0])).await["kind"], "new");
    assert_eq!(c.trace(&path(&short_words[0])).await["kind"], "new");

    // SIGTERM: every page hears that the server restarts, and it exits.
    // SAFETY: a signal to our own child.
    assert_eq!(
        unsafe { libc::kill(server.child.id() as i32, libc::SIGTERM) },
        0
    );
    for client in [&mut a, &mut b, &mut c] {
        let bye = client.until("bye").await;
        assert!(
            bye["message"].as_str().unwrap().contains("restarting"),
            "{bye}"
        );
        assert!(client.closed().await);
    }
    assert!(server.child.wait().unwrap().success());
    assert!(!server.log.lock().unwrap().contains("could not"));
    // The short round's time runs out while the server is down.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let server = on(&file);

    let (mut a, _) = back(server.addr, &a_long).await;
    let round = a.until("round").await;
    assert_eq!(round["board"], long["board"]);
    assert_eq!(words(&round["mine"]), [long_words[0].word.as_str()]);
    // Its host ends it: the results hold the word found before.
    a.send(json!({"type": "end"})).await;
    let ended = a.until("results").await;
    assert_eq!(
        words(&ended["players"][0]["words"]),
        [long_words[0].word.as_str()]
    );
    let (mut c, _) = back(server.addr, &c_short).await;
    let results = c.until("results").await;
    assert_eq!(results["timed_out"], true, "{results}");
    assert_eq!(results["number"], short["number"]);
    let c_words = &results["players"].as_array().unwrap()[0];
    assert_eq!(words(&c_words["words"]), [short_words[0].word.as_str()]);
    // That round is over: the room plays on.
    c.send(json!({"type": "word", "word": short_words[1].word}))
        .await;
    assert_eq!(c.until("error").await["code"], "no_round");
}

#[test]
fn a_store_in_use_or_not_a_database_is_refused_in_one_line_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rooms.db");
    let first = on(&file);
    let store = file.to_str().unwrap();
    let args = ["--no-site", "--addr", "127.0.0.1:0", "--store", store];
    let out = command(&args, None).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let last = err.trim().lines().last().unwrap();
    assert!(
        last.contains("rooms.db") && last.contains("in use by another server"),
        "{err}"
    );
    drop(first);

    let junk = dir.path().join("notes.txt");
    let text = "not a database, but someone's notes\n".repeat(200);
    std::fs::write(&junk, &text).unwrap();
    let args = [
        "--no-site",
        "--addr",
        "127.0.0.1:0",
        "--store",
        junk.to_str().unwrap(),
    ];
    let out = command(&args, None).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.trim().lines().last().unwrap().contains("notes.txt"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&junk).unwrap(),
        text,
        "the file was changed"
    );
}
