//! `join`: a seat in a room by its code; with a token, the seat it belongs
//! to (a reload or a reconnect within the grace period).

use std::time::Instant;

use super::Refused;
use crate::clients::Act;
use crate::code;
use crate::frame::Reply;
use crate::session::Session;

pub(crate) fn apply(
    session: &mut Session,
    typed: &str,
    name: &str,
    token: Option<&str>,
    watch: bool,
) -> Result<Vec<Reply>, Refused> {
    session.seatless()?;
    // A client that has used up its wrong codes is told nothing of the
    // next one, right or wrong, until the minute is over.
    let (clients, client, now) = (&session.db.clients, session.client, Instant::now());
    if !clients.allows(client, Act::Guess, now) {
        return Err(Refused::TooMany("named rooms that do not exist"));
    }
    if !clients.take(client, Act::Join, now) {
        return Err(Refused::TooMany("joined rooms"));
    }
    let no_room = || {
        clients.take(client, Act::Guess, now);
        Refused::NoRoom(typed.chars().take(16).collect())
    };
    let code = code::read(typed).ok_or_else(no_room)?;
    let room = session.db.room(&code).ok_or_else(no_room)?;
    let (out, outbox) = session.outbox();
    let mut r = crate::db::lock(&room);
    let back = token.and_then(|t| r.reseat(t, out.clone(), session.conn));
    let (id, token, watch) = match back {
        Some((id, watch)) => (id, token.unwrap_or_default().to_string(), watch),
        None => {
            let (id, token) = r.seat(crate::name::read(name)?, watch, out, session.conn)?;
            (id, token, watch)
        }
    };
    drop(r);
    session.sit(room, id, outbox);
    Ok(vec![Reply::Welcome {
        code,
        seat: id,
        token,
        watch,
    }])
}
