//! `create`: opens a room with the sender as host.

use super::Refused;
use crate::frame::{Reply, Settings};
use crate::session::Session;

pub(crate) fn apply(
    session: &mut Session,
    name: &str,
    settings: Settings,
) -> Result<Vec<Reply>, Refused> {
    session.seatless()?;
    let name = crate::name::read(name)?;
    let room = session.db.create(settings)?;
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
