//! One WebSocket: reads requests under the size and rate limits, hands each
//! to `cmd`, and writes what the sender is told and what its room sends.
//! A message that does not read, a binary one, one too large or one past
//! the rate closes this connection with a `bye` saying why; nothing else is
//! touched (its seat waits out the grace period, like any dropped one).

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use tokio::sync::mpsc;

use crate::cmd;
use crate::db::Db;
use crate::frame::{Reply, Request};
use crate::rate::Bucket;
use crate::session::Session;

/// How a connection ended.
enum Closed {
    /// The client closed it, or it broke.
    Gone,
    /// The server closes it, telling the client why.
    Bye(String),
    /// Its room let it go (a `bye` is already queued, or it was too slow).
    Released,
}

/// Serves one WebSocket until it closes or the server stops.
pub(crate) async fn run(mut socket: WebSocket, db: Arc<Db>) {
    let conn = db.connection_id();
    let limits = db.limits.clone();
    let mut shutdown = db.shutdown.clone();
    let mut session = Session {
        db,
        conn,
        seat: None,
        outbox: None,
    };
    let mut bucket = Bucket::new(limits.rate, limits.burst);
    let closed = loop {
        tokio::select! {
            incoming = socket.recv() => {
                let message = match incoming {
                    None | Some(Ok(Message::Close(_))) => break Closed::Gone,
                    // Too large, or not WebSocket at all.
                    Some(Err(e)) => break Closed::Bye(format!("a message this server cannot read: {e}")),
                    Some(Ok(m)) => m,
                };
                if !bucket.take(Instant::now()) {
                    break Closed::Bye(format!(
                        "too many messages: at most {} a second",
                        limits.rate
                    ));
                }
                let text = match message {
                    Message::Text(text) => text,
                    Message::Binary(_) => break Closed::Bye("binary messages are not spoken here".into()),
                    // Answered by the WebSocket layer.
                    _ => continue,
                };
                let request = match serde_json::from_str::<Request>(text.as_str()) {
                    Ok(r) => r,
                    Err(e) => break Closed::Bye(format!("a message that does not read: {e}")),
                };
                let replies = match cmd::apply(&mut session, request) {
                    Ok(replies) => replies,
                    Err(refused) => vec![Reply::Error {
                        code: refused.code(),
                        message: refused.to_string(),
                    }],
                };
                // A reply that cannot be sent means the socket is gone: the
                // connection ends (not just this batch of replies).
                let mut sent = true;
                for reply in replies {
                    if socket.send(Message::Text(reply.text().into())).await.is_err() {
                        sent = false;
                        break;
                    }
                }
                if !sent {
                    break Closed::Gone;
                }
            }
            out = next(&mut session.outbox) => match out {
                Some(text) => {
                    if socket.send(Message::Text(text.as_ref().into())).await.is_err() {
                        break Closed::Gone;
                    }
                }
                None => break Closed::Released,
            },
            _ = shutdown.wait(), if session.seat.is_none() => {
                break Closed::Bye("The server is shutting down.".into());
            }
        }
    };
    if let Some(seat) = &session.seat {
        crate::db::lock(&seat.room).disconnect(seat.id, conn);
    }
    match closed {
        Closed::Gone => {}
        Closed::Bye(message) => {
            tracing::debug!(conn, %message, "closing a connection");
            let _ = socket
                .send(Message::Text(Reply::Bye { message }.text().into()))
                .await;
            let _ = socket
                .send(Message::Close(Some(CloseFrame {
                    code: 1008,
                    reason: "".into(),
                })))
                .await;
        }
        Closed::Released => {
            let _ = socket.send(Message::Close(None)).await;
        }
    }
}

/// The next message of an outbox, or never if there is none.
async fn next(outbox: &mut Option<mpsc::Receiver<Arc<str>>>) -> Option<Arc<str>> {
    match outbox {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}
