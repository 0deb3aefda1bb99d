//! What every suite shares: the real server on an ephemeral loopback port,
//! and a WebSocket client that speaks to it as the page does.

use std::time::Duration;

use boggle_room::{Config, Limits};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use solve::board::path::spell;
use solve::game::{Game, Judge};
use solve::{Solution, Solver};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub(crate) struct Server {
    pub(crate) addr: std::net::SocketAddr,
    pub(crate) stop: Option<oneshot::Sender<()>>,
    pub(crate) done: tokio::task::JoinHandle<std::io::Result<()>>,
}

pub(crate) async fn server(limits: Limits) -> Server {
    server_with(limits, vec![]).await
}

/// A server that trusts the proxies `trusted` to name clients.
pub(crate) async fn server_with(limits: Limits, trusted: Vec<ipnet::IpNet>) -> Server {
    serve(Config {
        limits,
        trust_proxy: trusted,
        ..Config::default()
    })
    .await
}

/// A server of `config` on a free loopback port.
pub(crate) async fn serve(config: Config) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = oneshot::channel::<()>();
    let done = tokio::spawn(boggle_room::serve(listener, config, async move {
        let _ = rx.await;
    }));
    Server {
        addr,
        stop: Some(tx),
        done,
    }
}

pub(crate) struct Client {
    pub(crate) ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every message received, in order.
    pub(crate) seen: Vec<Value>,
}

pub(crate) const WAIT: Duration = Duration::from_secs(10);

impl Client {
    /// A client connecting from the loopback address `from` (another
    /// client address than 127.0.0.1's).
    pub(crate) async fn connect_from(s: &Server, from: [u8; 4]) -> Client {
        let tcp = connect_from(from, s.addr).await.unwrap();
        let (ws, _) = tokio_tungstenite::client_async(
            format!("ws://{}/ws", s.addr),
            MaybeTlsStream::Plain(tcp),
        )
        .await
        .unwrap();
        Client { ws, seen: vec![] }
    }

    pub(crate) async fn connect(s: &Server) -> Client {
        Client::connect_to(s.addr).await
    }

    /// A client of the server at `addr`.
    pub(crate) async fn connect_to(addr: std::net::SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        Client { ws, seen: vec![] }
    }

    pub(crate) async fn send(&mut self, v: Value) {
        self.ws.send(Message::text(v.to_string())).await.unwrap();
    }

    /// The next message; `None` once the server has closed the connection.
    pub(crate) async fn recv(&mut self) -> Option<Value> {
        loop {
            match tokio::time::timeout(WAIT, self.ws.next()).await {
                Err(_) => panic!("no message within {WAIT:?}; seen {:?}", self.seen),
                Ok(None) | Ok(Some(Err(_))) | Ok(Some(Ok(Message::Close(_)))) => return None,
                Ok(Some(Ok(Message::Text(t)))) => {
                    let v: Value = serde_json::from_str(&t).unwrap();
                    self.seen.push(v.clone());
                    return Some(v);
                }
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    /// The next message of `kind` (others are kept in `seen`).
    pub(crate) async fn until(&mut self, kind: &str) -> Value {
        loop {
            let v = self
                .recv()
                .await
                .unwrap_or_else(|| panic!("closed while waiting for {kind}; seen {:?}", self.seen));
            if v["type"] == kind {
                return v;
            }
        }
    }

    /// Whether the server closes the connection (after any messages).
    pub(crate) async fn closed(&mut self) -> bool {
        while let Some(_v) = self.recv().await {}
        true
    }

    pub(crate) async fn create(
        s: &Server,
        name: &str,
        settings: Value,
    ) -> (Client, String, String) {
        let mut c = Client::connect(s).await;
        c.send(json!({"type": "create", "name": name, "settings": settings}))
            .await;
        let w = c.until("welcome").await;
        let (code, token) = (
            w["code"].as_str().unwrap().to_string(),
            w["token"].as_str().unwrap().to_string(),
        );
        (c, code, token)
    }

    pub(crate) async fn join(s: &Server, code: &str, name: &str) -> (Client, String) {
        let mut c = Client::connect(s).await;
        c.send(json!({"type": "join", "code": code, "name": name}))
            .await;
        let w = c.until("welcome").await;
        (c, w["token"].as_str().unwrap().to_string())
    }

    pub(crate) async fn trace(&mut self, path: &[[u32; 2]]) -> Value {
        self.send(json!({"type": "trace", "path": path})).await;
        self.until("verdict").await
    }

    pub(crate) async fn word(&mut self, word: &str) -> Value {
        self.send(json!({"type": "word", "word": word})).await;
        self.until("verdict").await
    }
}

/// The round a `round` message announces, rolled again from its seed, and
/// its solution, by the library directly.
pub(crate) fn solved(round: &Value, game: &str) -> Solution {
    let pack = solve::packs::builtin("en").unwrap();
    let seed = round["seed"].as_u64().unwrap();
    let rolled = Game::named(game).unwrap().roll(&pack, seed).unwrap();
    let text = rolled.faces.text(&rolled.board, solve::TextStyle::Rows);
    assert_eq!(
        round["board"]["text"],
        text.as_str(),
        "the seed rolls the board shown"
    );
    Solver::with_rules(&pack, rolled.rules.clone())
        .unwrap()
        .solve(&rolled.board)
        .unwrap()
}

/// The round's words a test may trace and know what it finds: those whose
/// path reads no other word of the board (a path through an either/or tile
/// may spell two, and counts whichever the player has not found).
pub(crate) fn traceable(round: &Value, game: &str) -> Vec<solve::FoundWord> {
    let pack = solve::packs::builtin("en").unwrap();
    let seed = round["seed"].as_u64().unwrap();
    let rolled = Game::named(game).unwrap().roll(&pack, seed).unwrap();
    let judge = Judge::with_solution(&pack, &rolled, solved(round, game));
    let cols = rolled.board.cols();
    judge
        .words()
        .iter()
        .filter(|w| {
            let cells: Vec<usize> = w
                .path
                .iter()
                .map(|p| p.row as usize * cols + p.col as usize)
                .collect();
            let spelled = spell(&rolled.board, judge.neighbors(), &cells);
            spelled
                .words
                .iter()
                .filter(|s| judge.find(s).is_some())
                .count()
                == 1
        })
        .cloned()
        .collect()
}

pub(crate) fn path(w: &solve::FoundWord) -> Vec<[u32; 2]> {
    w.path.iter().map(|p| [p.row, p.col]).collect()
}

/// The answer to a plain `GET` of `path`, head and body.
pub(crate) async fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

/// A TCP connection to `to` from the loopback address `from` (another
/// client address than 127.0.0.1's).
pub(crate) async fn connect_from(
    from: [u8; 4],
    to: std::net::SocketAddr,
) -> std::io::Result<TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(std::net::SocketAddr::from((from, 0)))?;
    socket.connect(to).await
}
