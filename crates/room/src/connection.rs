//! One WebSocket: reads requests under the size and rate limits, hands each
//! to `cmd`, and writes what the sender is told and what its room sends.
//! A message that does not read, a binary one, one too large or one past
//! the rate closes this connection with a `bye` saying why; nothing else is
//! touched (its seat waits out the grace period, like any dropped one).
//! A quiet connection is pinged; one that answers nothing, not even a
//! pong, for the silence limit is closed the same way. The access log
//! hears each connection open and close, and each refusal.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use tokio::sync::mpsc;

use crate::clients::Open;
use crate::cmd;
use crate::db::Db;
use crate::frame::{Reply, Request};
use crate::rate::Bucket;
use crate::session::Session;

/// How a connection ended.
enum Closed {
    /// The client closed it, or it broke.
    Gone,
    /// The server closes it, telling the client why (the reason as the
    /// metrics and the log name it, and the words).
    Bye(&'static str, String),
    /// Its room let it go (a `bye` is already queued, or it was too slow).
    Released,
}

/// Serves one WebSocket from `client` until it closes or the server stops;
/// `open` is its TCP connection's count, held until then.
pub(crate) async fn run(socket: WebSocket, db: Arc<Db>, client: IpAddr, open: Arc<Open>) {
    let conn = db.connection_id();
    db.metrics.websocket_opened();
    tracing::info!(target: "access", %client, conn, event = "open");
    let metrics = db.metrics.clone();
    let (closed, room) = serve(socket, db, client, conn).await;
    metrics.websocket_closed();
    let reason = match &closed {
        Closed::Gone => "gone",
        Closed::Bye(reason, _) => reason,
        Closed::Released => "released",
    };
    if let Closed::Bye(reason, _) = &closed {
        metrics.refused(reason);
    }
    tracing::info!(target: "access", %client, conn, room = room.as_deref().unwrap_or(""), event = "close", reason);
    drop(open);
}

/// The connection's loop: how it ended, and the code of the room it sat in
/// last.
async fn serve(
    mut socket: WebSocket,
    db: Arc<Db>,
    client: IpAddr,
    conn: u64,
) -> (Closed, Option<String>) {
    let limits = db.limits.clone();
    let mut shutdown = db.shutdown.clone();
    let mut session = Session {
        db,
        conn,
        client,
        seat: None,
        arena: None,
        outbox: None,
        kept: None,
    };
    let mut heard = Instant::now();
    let start = tokio::time::Instant::now() + limits.ping;
    let mut ping = tokio::time::interval_at(start, limits.ping);
    let mut bucket = Bucket::new(limits.rate, limits.burst);
    let closed = loop {
        tokio::select! {
            incoming = socket.recv() => {
                heard = Instant::now();
                let replies = match read(incoming, &mut bucket, limits.rate) {
                    Read::Request(request) => {
                        match &request {
                            Request::Arena { token, group, .. } => {
                                catch_up(&session.db, token.as_deref(), group.as_deref()).await
                            }
                            Request::Daily { token, .. } => {
                                catch_up(&session.db, token.as_deref(), None).await
                            }
                            _ => {}
                        }
                        let done = cmd::apply_waiting(&mut session, request).await;
                        answer(&mut session, done)
                    }
                    Read::Skip => continue,
                    Read::Close(closed) => break closed,
                };
                if let Some(kept) = session.kept.take() {
                    kept.wait().await;
                }
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
                break Closed::Bye("shutdown", "The server is shutting down.".into());
            }
            _ = ping.tick() => {
                if heard.elapsed() >= limits.silent {
                    break Closed::Bye("silent", format!(
                        "nothing heard from this connection for {} s",
                        limits.silent.as_secs()
                    ));
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break Closed::Gone;
                }
            }
        }
    };
    let room = session
        .seat
        .as_ref()
        .map(|s| crate::db::lock(&s.room).code().to_string());
    if let Some(seat) = &session.seat {
        crate::db::lock(&seat.room).disconnect(seat.id, conn);
    }
    if let Some(seat) = &session.arena {
        crate::arena::lock(&seat.arena).disconnect(&seat.player, conn);
    }
    say_goodbye(&mut socket, &closed, conn).await;
    (closed, room)
}

/// Reads into memory the device and the friends' board a device enters the
/// arena with, if this instance has not seen them and another that shares
/// the store has.
async fn catch_up(db: &Arc<Db>, token: Option<&str>, group: Option<&str>) {
    if !db.store.shared() {
        return;
    }
    let shared = &db.store.arena;
    if let Some(token) = token.filter(|t| shared.known(t).is_none() && t.len() <= 64) {
        let token = token.to_string();
        db.store
            .read(move |sql, shared| crate::store::read_device(sql, shared, &token))
            .await;
    }
    let code = group.and_then(crate::code::read);
    if let Some(code) = code.filter(|c| shared.group_size(c).is_none()) {
        db.store
            .read(move |sql, shared| crate::store::read_group(sql, shared, &code))
            .await;
    }
}

/// What a message read from the socket is.
enum Read {
    /// A request to carry out.
    Request(Request),
    /// Nothing to answer (a ping or a pong, which the WebSocket layer
    /// handles).
    Skip,
    /// The end of the connection.
    Close(Closed),
}

/// Reads what the socket gave, under the connection's rate.
fn read(incoming: Option<Result<Message, axum::Error>>, bucket: &mut Bucket, rate: u32) -> Read {
    let message = match incoming {
        None | Some(Ok(Message::Close(_))) => return Read::Close(Closed::Gone),
        // Too large, or not WebSocket at all.
        Some(Err(e)) => {
            return Read::Close(Closed::Bye(
                "unreadable",
                format!("a message this server cannot read: {e}"),
            ))
        }
        Some(Ok(m)) => m,
    };
    if !bucket.take(Instant::now()) {
        return Read::Close(Closed::Bye(
            "flood",
            format!("too many messages: at most {rate} a second"),
        ));
    }
    let text = match message {
        Message::Text(text) => text,
        Message::Binary(_) => {
            return Read::Close(Closed::Bye(
                "binary",
                "binary messages are not spoken here".into(),
            ))
        }
        _ => return Read::Skip,
    };
    match serde_json::from_str::<Request>(text.as_str()) {
        Ok(r) => Read::Request(r),
        Err(e) => Read::Close(Closed::Bye(
            "unreadable",
            format!("a message that does not read: {e}"),
        )),
    }
}

/// The replies to a request carried out, or its refusal (which the
/// metrics and the access log hear of).
fn answer(session: &mut Session, done: Result<Vec<Reply>, cmd::Refused>) -> Vec<Reply> {
    match done {
        Ok(replies) => replies,
        Err(refused) => {
            let code = refused.code();
            let reason = code.name();
            session.db.metrics.refused(&reason);
            let room = session
                .seat
                .as_ref()
                .map(|s| crate::db::lock(&s.room).code().to_string());
            tracing::info!(target: "access", client = %session.client, conn = session.conn, room = room.as_deref().unwrap_or(""), event = "refused", %reason);
            vec![Reply::Error {
                code,
                message: refused.to_string(),
            }]
        }
    }
}

/// Tells the client why the server closes its connection, if it does.
async fn say_goodbye(socket: &mut WebSocket, closed: &Closed, conn: u64) {
    match closed {
        Closed::Gone => {}
        Closed::Bye(_, message) => {
            tracing::debug!(conn, %message, "closing a connection");
            let bye = Reply::Bye {
                message: message.clone(),
            };
            let _ = socket.send(Message::Text(bye.text().into())).await;
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
