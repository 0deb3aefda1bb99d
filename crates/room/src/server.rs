//! The server: the routes (`/ws` for rooms, `/health`, `/metrics`,
//! `/rooms/options`, the site's files), the origin check, and the shutdown
//! that ends every round in progress and tells every page. Connections are
//! accepted, counted and held to their deadlines by `listen`.

use std::future::Future;
use std::io;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Query, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Json, Router};
use serde::{Deserialize, Serialize};
use tokio::net::TcpListener;
use tower_http::services::ServeDir;

use crate::code;
use crate::config::Config;
use crate::connection;
use crate::db::Db;
use crate::listen::{self, Peer};
use crate::metrics::Gauges;
use crate::packs::{Language, Packs};
use crate::refused::Refused;
use crate::shutdown::Shutdown;
use crate::store::Store;

/// What every handler shares.
#[derive(Clone)]
struct App {
    db: Arc<Db>,
    config: Arc<Config>,
}

/// A connection's read buffer: the largest message and its frame header.
const READ_BUFFER: usize = 8 * 1024;

/// How long a stopping server waits for its connections to say goodbye.
const DRAIN: Duration = Duration::from_secs(5);

/// Serves rooms (and the site, if `config` names one) on `listener` until
/// `signal` completes; then every round in progress ends with its results,
/// every page hears that the server is stopping, and it returns.
pub async fn serve(
    listener: TcpListener,
    config: Config,
    signal: impl Future<Output = impl Sized> + Send + 'static,
) -> io::Result<()> {
    let packs = Packs::new(config.site.as_deref()).map_err(io::Error::other)?;
    let (store, saved) = match (&config.database, &config.store) {
        (Some(url), rooms) => Store::open_shared(rooms.as_deref(), url),
        (None, Some(path)) => Store::open(path),
        (None, None) => Ok((Store::memory(), Vec::new())),
    }
    .map_err(io::Error::other)?;
    let shutdown = Shutdown::default();
    let db = Arc::new(
        Db::new(
            packs,
            config.limits.clone(),
            config.trust_proxy.clone(),
            shutdown.clone(),
            store.clone(),
        )
        .with_arena(config.arena.clone()),
    );
    let kept = saved.len();
    let restoring = db.clone();
    let clocks = tokio::task::spawn_blocking(move || restoring.restore(saved))
        .await
        .map_err(io::Error::other)?;
    // Said once the packs and the rooms are read: a server that says it
    // listens serves.
    let addr = listener.local_addr()?;
    tracing::info!(
        site = %config.site.as_ref().map_or("none".into(), |s| s.display().to_string()),
        languages = db.packs.languages().len(),
        max_connections = config.limits.max_connections,
        store = %config.store.as_ref().map_or("none (rooms in memory)".into(), |s| s.display().to_string()),
        arena_database = %config.database.as_deref().map_or("the store".into(), crate::store::redacted),
        rooms = kept,
        rounds = clocks.len(),
        "listening on http://{addr}/ (rooms at http://{addr}/room.html, the arena at http://{addr}/arena.html)"
    );
    for (room, number, ends) in clocks {
        tokio::spawn(crate::cmd::start::clock(room, number, ends));
    }
    // The arenas a restart interrupted go on (their rounds' words kept).
    crate::cmd::arena::clock::reopen(&db);
    let app = App {
        db: db.clone(),
        config: Arc::new(config),
    };
    let mut router = Router::new()
        .route("/health", get(health))
        .route("/metrics", get(metrics))
        .route("/rooms/options", get(options))
        .route("/rooms/code", get(room_code))
        .route("/ws", get(upgrade))
        .route(
            "/arena",
            get(crate::arena_http::status).with_state(db.clone()),
        )
        .route(
            "/arena/leaderboards",
            get(crate::arena_http::leaderboards).with_state(db.clone()),
        )
        .route(
            "/arena/daily",
            get(crate::arena_http::daily).with_state(db.clone()),
        );
    if let Some(site) = &app.config.site {
        router = router.fallback_service(ServeDir::new(site));
    }
    let router = router.with_state(app.clone());
    tokio::spawn(db.clone().supervise_sweeper());
    let accepting = tokio::spawn(listen::accept(
        listener,
        router,
        db.clients.clone(),
        db.metrics.clone(),
        app.config.limits.header_timeout,
        shutdown.clone(),
    ));
    signal.await;
    tracing::info!(rooms = db.len(), "shutting down");
    shutdown.trigger();
    match store.keeps() {
        true => db.suspend_all("The server is restarting. Your seat and your words are kept: this page goes on when it is back."),
        false => db.close_all("The server is shutting down. Rounds in progress have ended."),
    }
    let _ = accepting.await;
    // The connections close after the accept loop: wait for them (each
    // WebSocket says goodbye), for a while.
    let drained = tokio::time::timeout(DRAIN, async {
        while db.clients.open_count() > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
    let _ = drained.await;
    // Everything the rooms handed the store is in the file.
    if let Some(kept) = store.kept() {
        kept.wait().await;
    }
    tracing::info!("stopped");
    Ok(())
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    rooms: usize,
    connections: usize,
}

/// `/health`: 200 and the counts while serving, 503 once stopping.
async fn health(State(app): State<App>) -> Response {
    let body = Health {
        status: if app.db.shutdown.is_triggered() {
            "stopping"
        } else {
            "ok"
        },
        rooms: app.db.len(),
        connections: app.db.clients.open_count(),
    };
    let status = match app.db.shutdown.is_triggered() {
        true => StatusCode::SERVICE_UNAVAILABLE,
        false => StatusCode::OK,
    };
    (status, Json(body)).into_response()
}

/// `/metrics`: the counters, in the Prometheus text format.
async fn metrics(State(app): State<App>) -> Response {
    let gauges = Gauges {
        connections: app.db.clients.open_count(),
        rooms: app.db.len(),
    };
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        app.db.metrics.render(gauges),
    )
        .into_response()
}

#[derive(Serialize)]
struct GameOption {
    id: String,
    label: String,
    seconds: u32,
}

#[derive(Serialize)]
struct Options<'a> {
    games: Vec<GameOption>,
    languages: &'a [Language],
    /// The library's catalog: custom sizes and schemes, dice, seeds.
    catalog: solve::game::Catalog,
}

/// `/rooms/options`: the games and languages a host may choose.
async fn options(State(app): State<App>) -> Response {
    let games = solve::game::games()
        .iter()
        .map(|g| GameOption {
            id: g.id.clone(),
            label: g.label(),
            seconds: g.seconds,
        })
        .chain([GameOption {
            id: "custom".into(),
            label: "Custom".into(),
            seconds: solve::game::catalog::CUSTOM_SECONDS,
        }])
        .collect();
    Json(Options {
        games,
        languages: app.db.packs.languages(),
        catalog: solve::game::catalog(),
    })
    .into_response()
}

/// `/rooms/code`'s question: a code as a person typed it, to read.
#[derive(Deserialize)]
struct CodeAsked {
    read: Option<String>,
}

/// `/rooms/code`: a fresh code for a room to create, or (`?read=7kq2-xm9d`)
/// a typed code as the server reads it, `{"code":"7KQ2XM9D"}`. The page
/// opens `/ws?room=CODE` with it, so a proxy can send every connection of
/// a room to one instance (`hash $arg_room`). A typed code that cannot be
/// one is a 400 saying why.
async fn room_code(Query(asked): Query<CodeAsked>) -> Response {
    let code = match asked.read {
        None => code::room_code(),
        Some(typed) => match code::read(&typed) {
            Some(code) => code,
            None => {
                let why = Refused::NoRoom(typed.chars().take(16).collect()).to_string();
                return (
                    StatusCode::BAD_REQUEST,
                    Json(serde_json::json!({ "error": why })),
                )
                    .into_response();
            }
        },
    };
    Json(serde_json::json!({ "code": code })).into_response()
}

/// `/ws`: a room connection, if the page's origin may open one. The
/// connection was counted as it was accepted; the WebSocket keeps its count
/// until it closes.
async fn upgrade(
    State(app): State<App>,
    Extension(peer): Extension<Peer>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let client = app.db.clients.client_of(peer.addr.ip(), &headers);
    let host = app.db.clients.forwarded_host(peer.addr.ip(), &headers);
    if !origin_allowed(&headers, host.as_deref(), &app.config.origins) {
        app.db.metrics.refused("origin");
        tracing::info!(target: "access", %client, event = "refused", reason = "origin");
        return (
            StatusCode::FORBIDDEN,
            "pages of this origin may not open rooms here",
        )
            .into_response();
    }
    if app.db.shutdown.is_triggered() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down",
        )
            .into_response();
    }
    // Behind a trusted proxy every TCP connection is the proxy's (held to
    // no share): the client it forwards for is held to its share here.
    let share = match client != peer.addr.ip() {
        true => match app.db.clients.share(client) {
            Ok(share) => Some(share),
            Err(full) => {
                app.db.metrics.refused(full.reason());
                tracing::info!(target: "access", %client, event = "refused", reason = full.reason());
                return (StatusCode::SERVICE_UNAVAILABLE, full.to_string()).into_response();
            }
        },
        false => None,
    };
    let max = app.config.limits.max_message;
    let db = app.db.clone();
    // Buffers sized to the messages: tungstenite's defaults (128 KiB to
    // read, 128 KiB to write) were 0.5 MB a room of four.
    ws.max_message_size(max)
        .max_frame_size(max)
        .read_buffer_size(READ_BUFFER.min(max + 64))
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            connection::run(socket, db, client, peer.open).await;
            drop(share);
        })
}

/// Whether a request may open a room connection: a browser names its
/// page's origin, which must be this server's own (the host it asked for:
/// `forwarded`, as a trusted proxy names it, else `Host`) or one of
/// `allowed`. A client that names none is not a browser page, and no
/// page's cookies or trust ride on it.
fn origin_allowed(headers: &HeaderMap, forwarded: Option<&str>, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed.iter().any(|a| a.eq_ignore_ascii_case(origin)) {
        return true;
    }
    let host = forwarded.or_else(|| headers.get(header::HOST).and_then(|h| h.to_str().ok()));
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((authority, host), (Some(a), Some(h)) if a.eq_ignore_ascii_case(h))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, host.parse().unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, o.parse().unwrap());
        }
        h
    }

    fn origin_allowed_no_proxy(headers: &HeaderMap, allowed: &[String]) -> bool {
        origin_allowed(headers, None, allowed)
    }

    #[test]
    fn behind_a_proxy_the_host_it_names_is_the_servers_own() {
        let page = headers(Some("https://play.example"), "127.0.0.1:8081");
        assert!(!origin_allowed(&page, None, &[]));
        assert!(origin_allowed(&page, Some("play.example"), &[]));
        assert!(!origin_allowed(&page, Some("evil.example"), &[]));
    }

    #[test]
    fn only_the_servers_own_pages_and_the_allowed_ones_connect() {
        let allowed = vec!["https://play.example".to_string()];
        assert!(origin_allowed_no_proxy(&headers(None, "a:1"), &allowed));
        assert!(origin_allowed_no_proxy(
            &headers(Some("http://a:1"), "a:1"),
            &allowed
        ));
        assert!(origin_allowed_no_proxy(
            &headers(Some("https://play.example"), "a:1"),
            &allowed
        ));
        assert!(!origin_allowed_no_proxy(
            &headers(Some("http://evil.example"), "a:1"),
            &allowed
        ));
        assert!(!origin_allowed_no_proxy(
            &headers(Some("null"), "a:1"),
            &allowed
        ));
        assert!(!origin_allowed_no_proxy(
            &headers(Some("http://a:2"), "a:1"),
            &allowed
        ));
    }
}
