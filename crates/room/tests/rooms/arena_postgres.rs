//! Two instances of the real program sharing one PostgreSQL database (the
//! server Debian's `postgresql` installs, started here in a temporary
//! directory on loopback): they serve the same board at the same moment,
//! rank the players of both in one round's results, keep one set of
//! leaderboards, know a device or a friends' board first seen on the
//! other, and a `kill -9` of one loses nothing of the shared store.

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::arena::{get_json, round_with, the_end};
use crate::binary::{start, Running};
use crate::common::{path, solved, traceable, Client};

/// A PostgreSQL server of its own, stopped when dropped.
struct Postgres {
    bin: PathBuf,
    data: PathBuf,
    url: String,
    /// Commands run as this user (PostgreSQL refuses to run as root).
    user: Option<String>,
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .args(["-D", self.data.to_str().unwrap(), "-m", "immediate", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

impl Postgres {
    fn command(&self, program: &str) -> Command {
        let program = self.bin.join(program);
        match &self.user {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(program);
                c
            }
            None => Command::new(program),
        }
    }
}

/// Where Debian's `postgresql` puts `initdb` and `pg_ctl` (not on PATH).
fn postgres_bin() -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin"))
        .collect();
    dirs.sort();
    dirs.into_iter()
        .rev()
        .find(|d| d.join("initdb").is_file() && d.join("pg_ctl").is_file())
        .expect("PostgreSQL is not installed: `apt-get install postgresql` (.ci/run installs it)")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts a PostgreSQL server in `dir`, on a free loopback port.
fn postgres(dir: &Path) -> Postgres {
    // SAFETY: geteuid only reads the process's user id.
    let root = unsafe { libc::geteuid() } == 0;
    let user = root.then(|| "postgres".to_string());
    if let Some(user) = &user {
        let owned = Command::new("chown")
            .args(["-R", user])
            .arg(dir)
            .status()
            .unwrap();
        assert!(owned.success(), "chown {user} {}", dir.display());
    }
    let data = dir.join("data");
    let port = free_port();
    let pg = Postgres {
        bin: postgres_bin(),
        data: data.clone(),
        url: format!("postgres://arena@127.0.0.1:{port}/postgres"),
        user,
    };
    let init = pg
        .command("initdb")
        .args(["-D", data.to_str().unwrap(), "-U", "arena", "--auth=trust"])
        .args(["-E", "UTF8", "--no-locale"])
        .output()
        .unwrap();
    assert!(
        init.status.success(),
        "initdb: {}",
        String::from_utf8_lossy(&init.stderr)
    );
    let options = format!(
        "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
        dir.display()
    );
    let started = pg
        .command("pg_ctl")
        .args([
            "-D",
            data.to_str().unwrap(),
            "-o",
            &options,
            "-w",
            "-t",
            "30",
        ])
        .args(["-l", dir.join("log").to_str().unwrap(), "start"])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
    assert!(started.success(), "pg_ctl start:\n{log}");
    pg
}

/// An instance on the rooms file `file` and the shared `url`, rounds of 7
/// seconds and 2 of results.
fn instance(file: &Path, url: &str) -> Running {
    start(
        &[
            "--no-site",
            "--addr",
            "127.0.0.1:0",
            "--store",
            file.to_str().unwrap(),
            "--database",
            url,
            "--arena-play",
            "7",
            "--arena-results",
            "2",
        ],
        None,
    )
}

async fn enter(addr: SocketAddr, msg: Value) -> (Client, Value) {
    let mut c = Client::connect_to(addr).await;
    c.send(msg).await;
    let w = c.until("arena_welcome").await;
    (c, w)
}

/// The all-time total board's lines, once it has `n` (the writers record
/// a round a moment after its players hear it).
async fn all_time(addr: SocketAddr, n: usize) -> Vec<(String, f64)> {
    let t = Instant::now();
    loop {
        let b = get_json(addr, "/arena/leaderboards?lang=en").await;
        let board = b["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["period"] == "all" && x["by"] == "total")
            .cloned()
            .unwrap();
        let lines: Vec<(String, f64)> = board["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["name"].as_str().unwrap().into(),
                    e["value"].as_f64().unwrap(),
                )
            })
            .collect();
        if lines.len() >= n {
            return lines;
        }
        assert!(t.elapsed() < Duration::from_secs(8), "{b}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_sharing_postgresql_play_one_board_and_keep_one_leaderboard() {
    let dir = tempfile::tempdir().unwrap();
    let pg = postgres(dir.path());
    // Both start at once: one brings the schema up, the other waits for it.
    let rooms = tempfile::tempdir().unwrap();
    let (fa, fb) = (rooms.path().join("a.db"), rooms.path().join("b.db"));
    let (mut a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| instance(&fa, &pg.url));
        let b = s.spawn(|| instance(&fb, &pg.url));
        (a.join().unwrap(), b.join().unwrap())
    });
    // Ann plays on one, Bob on the other.
    let (mut ann, wa) = enter(
        a.addr,
        json!({"type": "arena", "name": "Ann", "lang": "en"}),
    )
    .await;
    let (mut bob, wb) = enter(
        b.addr,
        json!({"type": "arena", "name": "Bob", "lang": "en"}),
    )
    .await;
    let round = round_with(&mut ann, 5000).await;
    let theirs = loop {
        let r = bob.until("arena_round").await;
        if r["start"] == round["start"] {
            break r;
        }
    };
    assert_eq!(theirs["board"], round["board"], "the same board");
    assert_eq!(theirs["seed"], round["seed"]);
    let words = traceable(&round, "wordament");
    assert!(words.len() >= 4, "{}", round["board"]["text"]);
    assert_eq!(ann.trace(&path(&words[0])).await["kind"], "new");
    let mut bob_score = 0;
    for w in &words[1..3] {
        assert_eq!(bob.trace(&path(w)).await["kind"], "new");
        bob_score += u64::from(w.score);
    }
    // Places during the round count the other instance's player too.
    let t = Instant::now();
    loop {
        let p = ann.until("arena_place").await;
        if p["players"] == 2 {
            break;
        }
        assert!(t.elapsed() < Duration::from_secs(4), "{p}");
    }
    // One round's results, the same on both: two players, each ranked.
    let (ann_mine, ann_results) = the_end(&mut ann).await;
    let (bob_mine, bob_results) = the_end(&mut bob).await;
    assert_eq!(ann_results["players"], 2, "{ann_results}");
    assert_eq!(ann_results["top"], bob_results["top"]);
    assert_eq!(ann_mine["place"]["players"], 2);
    assert_eq!(bob_mine["place"]["score"].as_u64(), Some(bob_score));
    let ann_score = u64::from(words[0].score);
    assert_eq!(ann_mine["place"]["score"].as_u64(), Some(ann_score));

    // One leaderboard, read from either.
    let mut want = vec![
        ("Ann".to_string(), ann_score as f64),
        ("Bob".to_string(), bob_score as f64),
    ];
    want.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
    assert_eq!(all_time(a.addr, 2).await, want);
    assert_eq!(all_time(b.addr, 2).await, want);

    // Ann's device on the other instance is still Ann; a friends' board
    // started on one is joined on the other.
    let (_, again) = enter(
        b.addr,
        json!({"type": "arena", "name": "Ann", "lang": "en", "token": wa["token"], "group": ""}),
    )
    .await;
    assert_eq!(again["player"], wa["player"]);
    let code = again["group"].as_str().unwrap().to_string();
    let (_, joined) = enter(
        a.addr,
        json!({"type": "arena", "name": "Bob", "lang": "en", "token": wb["token"], "group": code}),
    )
    .await;
    assert_eq!(joined["group"], code.as_str(), "{joined}");
    assert_eq!(joined["player"], wb["player"]);

    // The daily board: played on one, on the date's leaderboard of the
    // other, and once a date on both.
    let today = solve::game::Day::of(solve::game::UtcTime::now()).to_string();
    let daily =
        json!({"type": "daily", "name": "Bob", "lang": "en", "date": today, "token": wb["token"]});
    let (mut bob, _) = enter(a.addr, daily.clone()).await;
    let board = bob.until("arena_round").await;
    let words = solved(&board, "wordament").words;
    assert_eq!(bob.word(&words[0].word).await["kind"], "new");
    let played = bob.until("daily_results").await;
    assert_eq!(played["score"], words[0].score, "{played}");
    let day = get_json(b.addr, &format!("/arena/daily?lang=en&date={today}")).await;
    assert_eq!(day["players"], 1, "{day}");
    assert_eq!(day["top"][0]["name"], "Bob");
    let (mut bob, _) = enter(b.addr, daily).await;
    let again = bob.until("daily_results").await;
    assert_eq!(
        (again["again"].clone(), again["score"].clone()),
        (json!(true), played["score"].clone())
    );

    // kill -9 one instance: the other and the shared store go on, and it
    // comes back with the same leaderboard.
    a.child.kill().unwrap();
    a.child.wait().unwrap();
    drop(a);
    assert_eq!(all_time(b.addr, 2).await, want);
    let a = instance(&fa, &pg.url);
    assert_eq!(all_time(a.addr, 2).await, want);
    drop(b);
}
