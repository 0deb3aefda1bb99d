//! The accept loop, in place of `axum::serve` (which takes every
//! connection and waits on it for ever): each TCP connection is counted
//! against its client's share and the server's total from accept to close
//! ([`Clients`]), refused at once with a 503 past either, and held to a
//! deadline for its request headers, so idle sockets and slowloris
//! trickles cannot pile up. An accept error (out of file descriptors) is
//! logged and backed off, never spun on.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tower_service::Service;

use crate::clients::{Clients, Open};
use crate::metrics::Metrics;
use crate::shutdown::Shutdown;

/// What a request knows of its connection: the peer's address, and the
/// connection's place in the count (a WebSocket holds it until it closes).
#[derive(Clone, Debug)]
pub(crate) struct Peer {
    /// The TCP peer.
    pub(crate) addr: SocketAddr,
    /// The connection's count.
    pub(crate) open: Arc<Open>,
}

/// What a refused connection is told before it is closed.
const REFUSED: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 39\r\nConnection: close\r\nRetry-After: 10\r\n\r\ntoo many connections; try again later\r\n";

/// The longest pause after failed accepts.
const MAX_BACKOFF: Duration = Duration::from_secs(1);

/// Accepts connections on `listener` and serves `router` on each until
/// `shutdown`; then asks every HTTP connection to close once its request is
/// answered (WebSockets hear the shutdown themselves).
pub(crate) async fn accept(
    listener: TcpListener,
    router: Router,
    clients: Arc<Clients>,
    metrics: Arc<Metrics>,
    header_timeout: Duration,
    shutdown: Shutdown,
) {
    let mut stop = shutdown.clone();
    let mut backoff = Duration::from_millis(5);
    let mut refusals = RefusalLog::default();
    loop {
        let (tcp, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => {
                    backoff = Duration::from_millis(5);
                    accepted
                }
                Err(e) => {
                    metrics.accept_error();
                    tracing::warn!(error = %e, pause_ms = backoff.as_millis() as u64, "accept failed; pausing");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue;
                }
            },
            _ = stop.wait() => return,
        };
        let open = match clients.open(addr.ip()) {
            Ok(open) => Arc::new(open),
            Err(full) => {
                metrics.refused(full.reason());
                refusals.note(addr, full);
                // A clean refusal if the socket takes it at once; never a wait.
                let _ = tcp.try_write(REFUSED);
                continue;
            }
        };
        // Small messages both ways: without TCP_NODELAY a reply could wait
        // on the peer's delayed ACK (40 ms).
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!("TCP_NODELAY not set: {e}");
        }
        tokio::spawn(serve(
            tcp,
            Peer { addr, open },
            router.clone(),
            header_timeout,
            shutdown.clone(),
        ));
    }
}

/// Serves one connection's requests (and hands an upgraded one to its
/// WebSocket) until it closes, its headers' deadline passes, or the server
/// stops.
async fn serve(
    tcp: TcpStream,
    peer: Peer,
    router: Router,
    header_timeout: Duration,
    mut shutdown: Shutdown,
) {
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(peer.clone());
        let mut router = router.clone();
        async move {
            let request: Request = request.map(Body::new);
            let response = router.call(request).await;
            Ok::<_, Infallible>(response.unwrap_or_else(|never| match never {}))
        }
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .serve_connection(TokioIo::new(tcp), service)
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        result = conn.as_mut() => {
            if let Err(e) = result {
                tracing::debug!(error = %e, "a connection ended");
            }
            return;
        }
        _ = shutdown.wait() => conn.as_mut().graceful_shutdown(),
    }
    let _ = tokio::time::timeout(Duration::from_secs(5), conn).await;
}

/// Logs refused connections without flooding the log in a flood: the
/// first at once, then a count at most every ten seconds.
#[derive(Default)]
struct RefusalLog {
    since: Option<Instant>,
    count: u64,
}

impl RefusalLog {
    fn note(&mut self, addr: SocketAddr, full: crate::clients::Full) {
        self.count += 1;
        let now = Instant::now();
        if self
            .since
            .map_or(true, |t| now.duration_since(t) >= Duration::from_secs(10))
        {
            tracing::warn!(
                target: "access",
                client = %addr.ip(),
                event = "refused",
                reason = full.reason(),
                refused = self.count,
                "connection refused: {full}"
            );
            self.since = Some(now);
            self.count = 0;
        }
    }
}
