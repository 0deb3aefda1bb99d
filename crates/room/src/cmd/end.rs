//! `end`: the host ends the round before the clock does; everyone gets the
//! results as when time is up.

use super::Refused;
use crate::frame::Reply;
use crate::session::Session;

pub(crate) fn apply(session: &mut Session) -> Result<Vec<Reply>, Refused> {
    let seat = session.seated()?;
    let mut room = crate::db::lock(&seat.room);
    if seat.id != room.host {
        return Err(Refused::NotHost);
    }
    match room.end_round(None, false) {
        true => Ok(vec![]),
        false => Err(Refused::NoRound),
    }
}
