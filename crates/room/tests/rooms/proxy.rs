//! Two instances behind Debian's nginx, run with `deploy/nginx.conf` as it
//! is (its addresses swapped for free loopback ports): the players of a
//! room meet on one instance; an instance killed and started again resumes
//! its rooms while the other's rooms notice nothing; the `Origin` check and
//! the client's address work through the proxy.

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::MaybeTlsStream;

use crate::binary::{start, Running};
use crate::common::{connect_from, http_get, path, solved, Client};

/// nginx on `port`, in front of the instances on `a` and `b`, its files in
/// `dir`; stopped when dropped.
struct Nginx(Child);

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM: the master stops its worker too (SIGKILL would leave
        // the worker behind).
        // SAFETY: a signal to our own child.
        unsafe { libc::kill(self.0.id() as i32, libc::SIGTERM) };
        let _ = self.0.wait();
    }
}

fn nginx_binary() -> PathBuf {
    ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .expect("nginx is not installed: `apt-get install nginx-light` (.ci/run installs it)")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn nginx(dir: &Path, port: u16, a: u16, b: u16) -> Nginx {
    let site = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../deploy/nginx.conf"
    ))
    .unwrap();
    for addr in ["127.0.0.1:8081", "127.0.0.1:8082", "listen 80;"] {
        assert!(site.contains(addr), "deploy/nginx.conf has no {addr}");
    }
    let site = site
        .replace("127.0.0.1:8081", &format!("127.0.0.1:{a}"))
        .replace("127.0.0.1:8082", &format!("127.0.0.1:{b}"))
        .replace("listen 80;", &format!("listen 127.0.0.1:{port};"));
    let d = dir.display();
    let conf = format!(
        "daemon off;\nworker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log;\n\
         events {{ worker_connections 512; }}\n\
         http {{\n access_log off;\n client_body_temp_path {d}/body;\n proxy_temp_path {d}/proxy;\n\
         fastcgi_temp_path {d}/fastcgi;\n uwsgi_temp_path {d}/uwsgi;\n scgi_temp_path {d}/scgi;\n{site}\n}}\n"
    );
    let file = dir.join("nginx.conf");
    std::fs::write(&file, conf).unwrap();
    let child = Command::new(nginx_binary())
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(&file)
        .spawn()
        .unwrap();
    let t = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(t.elapsed() < Duration::from_secs(10), "nginx did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    Nginx(child)
}

/// An instance on `port` keeping its rooms in `store`, trusting the proxy.
fn instance(port: u16, store: &Path) -> Running {
    start(
        &[
            "--no-site",
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--store",
            store.to_str().unwrap(),
            "--trust-proxy",
            "127.0.0.1/32",
        ],
        None,
    )
}

/// A page's connection through the proxy for `room`, from the loopback
/// address `from`, naming the page's `origin`.
async fn through(
    proxy: SocketAddr,
    room: &str,
    from: [u8; 4],
    origin: &str,
) -> Result<Client, String> {
    let tcp = connect_from(from, proxy).await.unwrap();
    let mut request = format!("ws://{proxy}/ws?room={room}")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("origin", origin.parse().unwrap());
    match tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(tcp)).await {
        Ok((ws, _)) => Ok(Client { ws, seen: vec![] }),
        Err(e) => Err(e.to_string()),
    }
}

/// A fresh code, asked of whichever instance the proxy picks.
async fn fresh_code(proxy: SocketAddr) -> String {
    let answer = http_get(proxy, "/rooms/code").await;
    let body = answer.split("\r\n\r\n").nth(1).unwrap();
    let v: Value = serde_json::from_str(body.trim()).unwrap_or_else(|e| panic!("{e}: {answer}"));
    v["code"].as_str().unwrap().to_string()
}

/// How many rooms the instance on `addr` has.
async fn rooms_on(addr: SocketAddr) -> u64 {
    let answer = http_get(addr, "/health").await;
    let body = answer.split("\r\n\r\n").nth(1).unwrap();
    serde_json::from_str::<Value>(body.trim()).unwrap()["rooms"]
        .as_u64()
        .unwrap()
}

/// A room of three through the proxy, its round started: its code, its
/// three clients, their tokens and the round.
async fn room_of_three(
    proxy: SocketAddr,
    origin: &str,
) -> (String, Vec<Client>, Vec<String>, Value) {
    let code = fresh_code(proxy).await;
    let mut clients = Vec::new();
    let mut tokens = Vec::new();
    for (i, name) in ["Ann", "Bob", "Cleo"].into_iter().enumerate() {
        let mut c = through(proxy, &code, [127, 0, 0, 2 + i as u8], origin)
            .await
            .unwrap();
        let ask = match i {
            0 => {
                json!({"type": "create", "name": name, "code": code, "settings": {"seconds": 300}})
            }
            _ => json!({"type": "join", "name": name, "code": code}),
        };
        c.send(ask).await;
        tokens.push(
            c.until("welcome").await["token"]
                .as_str()
                .unwrap()
                .to_string(),
        );
        clients.push(c);
    }
    // They meet: each sees the three of them.
    for c in &mut clients {
        loop {
            let room = c.until("room").await;
            if room["players"].as_array().unwrap().len() == 3 {
                break;
            }
        }
    }
    clients[0].send(json!({"type": "start"})).await;
    let mut round = Value::Null;
    for c in &mut clients {
        round = c.until("round").await;
    }
    (code, clients, tokens, round)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_behind_nginx_route_by_room_and_a_restart_of_one_leaves_the_other_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (pa, pb, pn) = (free_port(), free_port(), free_port());
    let mut a = instance(pa, &dir.path().join("a.db"));
    let b = instance(pb, &dir.path().join("b.db"));
    let _proxy = nginx(dir.path(), pn, pa, pb);
    let proxy: SocketAddr = ([127, 0, 0, 1], pn).into();
    let origin = format!("http://127.0.0.1:{pn}");
    let (addr_a, addr_b) = (a.addr, b.addr);

    // A page of another origin is refused through the proxy; the page's own
    // origin (the host the proxy names) is not.
    let refused = through(proxy, "AAAAAAAA", [127, 0, 0, 2], "http://evil.example").await;
    match refused {
        Err(e) => assert!(e.contains("403"), "{e}"),
        Ok(_) => panic!("a page of another origin connected through the proxy"),
    }

    // Rooms until each instance has one; every room's three players meet
    // on one instance.
    let mut on_a = None;
    let mut on_b = None;
    for _ in 0..16 {
        let before = (rooms_on(addr_a).await, rooms_on(addr_b).await);
        let room = room_of_three(proxy, &origin).await;
        let after = (rooms_on(addr_a).await, rooms_on(addr_b).await);
        match (after.0 - before.0, after.1 - before.1) {
            (1, 0) if on_a.is_none() => on_a = Some(room),
            (0, 1) if on_b.is_none() => on_b = Some(room),
            (1, 0) | (0, 1) => {}
            other => panic!("a room of three opened {other:?} rooms on the two instances"),
        }
        if on_a.is_some() && on_b.is_some() {
            break;
        }
    }
    let (code_a, mut players_a, tokens_a, round_a) = on_a.expect("no room hashed to instance A");
    let (_, mut players_b, _, round_b) = on_b.expect("no room hashed to instance B");
    let words_a = solved(&round_a, "boggle").words;
    let words_b = solved(&round_b, "boggle").words;
    assert_eq!(players_a[1].trace(&path(&words_a[0])).await["kind"], "new");
    assert_eq!(players_b[1].trace(&path(&words_b[0])).await["kind"], "new");

    // The instances saw each player's own address, not the proxy's.
    let log = a.log.lock().unwrap().clone() + &b.log.lock().unwrap();
    for client in ["127.0.0.2", "127.0.0.3", "127.0.0.4"] {
        assert!(
            log.contains(&format!("client={client}")),
            "{client} not in the log:\n{log}"
        );
    }

    // Instance A dies (with every room it has: the loop may have put more
    // than one there); B's room plays on, nothing said to it.
    let kept = rooms_on(addr_a).await;
    a.child.kill().unwrap();
    a.child.wait().unwrap();
    for c in &mut players_a {
        assert!(c.closed().await);
    }
    // Meanwhile a page of A's room cannot reach it (and is not sent to B,
    // where its room does not exist).
    assert!(through(proxy, &code_a, [127, 0, 0, 2], &origin)
        .await
        .is_err());
    assert_eq!(players_b[2].trace(&path(&words_b[1])).await["kind"], "new");
    assert_eq!(players_b[0].word(&words_b[2].word).await["kind"], "new");
    for c in &mut players_b {
        assert!(c.seen.iter().all(|m| m["type"] != "bye"), "{:?}", c.seen);
    }

    // A again, on its store: its room's pages come back through the proxy
    // to the same round, with their words.
    let a = instance(pa, &dir.path().join("a.db"));
    let log = a.log.lock().unwrap().clone();
    assert!(
        log.contains(&format!("rooms={kept} rounds={kept}")),
        "{kept} rooms with their rounds not read back:\n{log}"
    );
    let mut bob = through(proxy, &code_a, [127, 0, 0, 3], &origin)
        .await
        .unwrap();
    bob.send(json!({"type": "join", "code": code_a, "name": "Bob", "token": tokens_a[1]}))
        .await;
    bob.until("welcome").await;
    let round = bob.until("round").await;
    assert_eq!(round["board"], round_a["board"]);
    assert_eq!(round["mine"][0]["word"], words_a[0].word.as_str());
    assert_eq!(bob.word(&words_a[1].word).await["kind"], "new");
    // And B's room is still as it was: its players there, its round on.
    assert_eq!(players_b[1].word(&words_b[3].word).await["kind"], "new");
    drop(a);
}
