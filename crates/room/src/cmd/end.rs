//! `end`: the host ends the round before the clock does.

use super::Refused;
use crate::connection::Session;
use crate::frame::Reply;

pub(crate) fn apply(session: &mut Session) -> Result<Vec<Reply>, Refused> {
    let seat = session.seated()?;
    crate::db::lock(&seat.room).end_by(seat.id)?;
    Ok(vec![])
}
