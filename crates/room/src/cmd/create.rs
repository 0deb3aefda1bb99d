//! `create`: opens a room with the sender as host, under the code the page
//! proposed (one `/rooms/code` drew, so a proxy can route by it) or a
//! fresh one.

use std::time::Instant;

use super::Refused;
use crate::clients::Act;
use crate::frame::{Reply, Settings};
use crate::session::Session;

pub(crate) fn apply(
    session: &mut Session,
    name: &str,
    settings: Settings,
    code: Option<&str>,
) -> Result<Vec<Reply>, Refused> {
    session.seatless()?;
    let name = crate::name::read(name)?;
    let clients = &session.db.clients;
    if !clients.take(session.client, Act::Create, Instant::now()) {
        return Err(Refused::TooMany("created rooms"));
    }
    let code = code
        .map(|c| crate::code::read(c).ok_or_else(|| Refused::BadCode(c.chars().take(16).collect())))
        .transpose()?;
    let room = session.db.create(settings, session.client, code)?;
    let (out, outbox) = session.outbox();
    let (id, token, code) = {
        let mut r = crate::db::lock(&room);
        let (id, token) = r.seat(name, false, out, session.conn)?;
        (id, token, r.code().to_string())
    };
    session.sit(room, id, outbox);
    Ok(vec![Reply::Welcome {
        code,
        seat: id,
        token,
        watch: false,
    }])
}
