//! `leave`: gives up the seat for good (a player's words stay in the round
//! on the board until it ends).

use super::Refused;
use crate::connection::Session;
use crate::frame::Reply;

pub(crate) fn apply(session: &mut Session) -> Result<Vec<Reply>, Refused> {
    let seat = session.seated()?;
    session.seat = None;
    session.outbox = None;
    crate::db::lock(&seat.room).leave(seat.id);
    Ok(vec![])
}
