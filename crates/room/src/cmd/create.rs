//! `create`: opens a room with the sender as host.

use std::time::Instant;

use super::Refused;
use crate::clients::Act;
use crate::frame::{Reply, Settings};
use crate::session::Session;

pub(crate) fn apply(
    session: &mut Session,
    name: &str,
    settings: Settings,
) -> Result<Vec<Reply>, Refused> {
    session.seatless()?;
    let name = crate::name::read(name)?;
    let clients = &session.db.clients;
    if !clients.take(session.client, Act::Create, Instant::now()) {
        return Err(Refused::TooMany("created rooms"));
    }
    let room = session.db.create(settings, session.client)?;
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
