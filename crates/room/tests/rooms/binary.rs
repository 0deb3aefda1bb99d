//! The `boggle-room` program as an operator runs it: a config file beside
//! the flags, and a connection limit past what the open-file limit allows.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running server and everything it has logged.
pub(crate) struct Running {
    pub(crate) child: Child,
    pub(crate) log: Arc<Mutex<String>>,
    pub(crate) addr: SocketAddr,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The program with `args`, its open-file limit set to `files` if given.
pub(crate) fn command(args: &[&str], files: Option<u64>) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_boggle-room"));
    cmd.args(args)
        .env("RUST_LOG", "info")
        .env_remove("NO_COLOR");
    if let Some(n) = files {
        // SAFETY: setrlimit is async-signal-safe and touches only the
        // child's own limits.
        unsafe {
            cmd.pre_exec(move || {
                let rl = libc::rlimit {
                    rlim_cur: n,
                    rlim_max: n,
                };
                match libc::setrlimit(libc::RLIMIT_NOFILE, &rl) {
                    0 => Ok(()),
                    _ => Err(std::io::Error::last_os_error()),
                }
            });
        }
    }
    cmd
}

/// Starts the program and waits for it to say where it listens.
pub(crate) fn start(args: &[&str], files: Option<u64>) -> Running {
    let mut child = command(args, files)
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let log = Arc::new(Mutex::new(String::new()));
    let stderr = child.stderr.take().unwrap();
    let shared = log.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let mut log = shared.lock().unwrap();
            log.push_str(&line);
            log.push('\n');
        }
    });
    let t = Instant::now();
    let addr = loop {
        let text = log.lock().unwrap().clone();
        if let Some(rest) = text.split("listening on http://").nth(1) {
            break rest.split('/').next().unwrap().parse().unwrap();
        }
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "no listening line:\n{text}"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    Running { child, log, addr }
}

#[test]
fn a_config_file_sets_what_the_flags_set_and_a_flag_given_wins() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("room.toml");
    std::fs::write(
        &file,
        "addr = \"127.0.0.1:0\"\nno-site = true\nno-store = true\nmax-connections = 50\nmax-rooms = 7\ntrust-proxy = [\"10.0.0.0/8\"]\n",
    )
    .unwrap();
    let config = file.to_str().unwrap();
    let s = start(&["--config", config], None);
    assert!(
        s.log.lock().unwrap().contains("max_connections=50"),
        "{}",
        s.log.lock().unwrap()
    );
    drop(s);
    let s = start(&["--config", config, "--max-connections", "40"], None);
    assert!(
        s.log.lock().unwrap().contains("max_connections=40"),
        "{}",
        s.log.lock().unwrap()
    );
    drop(s);
    // A key no flag has: a usage error naming the file and the key.
    std::fs::write(&file, "max-conections = 5\n").unwrap();
    let out = command(&["--config", config], None).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("room.toml") && err.contains("max-conections"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn under_a_1024_file_limit_1500_connections_get_a_clean_refusal_and_a_log_line() {
    let s = start(
        &[
            "--no-site",
            "--no-store",
            "--addr",
            "127.0.0.1:0",
            "--max-per-client",
            "5000",
        ],
        Some(1024),
    );
    let log = s.log.lock().unwrap().clone();
    assert!(
        log.contains("the open-file limit allows 960 connections"),
        "{log}"
    );
    let mut held = Vec::new();
    let mut refused = 0;
    for _ in 0..1500 {
        let mut tcp = TcpStream::connect(s.addr).unwrap();
        tcp.set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        // A held connection says nothing (it waits for a request); a
        // refused one is answered at once and closed.
        if held.len() < 960 {
            held.push(tcp);
            continue;
        }
        let mut head = [0u8; 12];
        match tcp.read_exact(&mut head) {
            Ok(()) if &head == b"HTTP/1.1 503" => refused += 1,
            other => panic!("connection {}: {other:?} {head:?}", held.len() + refused),
        }
    }
    assert_eq!(refused, 540);
    let t = Instant::now();
    while !s.log.lock().unwrap().contains("connection refused") {
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "{}",
            s.log.lock().unwrap()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // The server lives on: once the held ones go, it answers.
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    let mut tcp = TcpStream::connect(s.addr).unwrap();
    tcp.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut body = String::new();
    tcp.read_to_string(&mut body).unwrap();
    assert!(body.starts_with("HTTP/1.1 200"), "{body}");
}
