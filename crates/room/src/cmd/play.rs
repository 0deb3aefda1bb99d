//! `trace` and `word`: a try in the round, judged against the room's pack
//! and board; the sender hears the verdict, everyone else only the counts.

use std::time::Instant;

use super::Refused;
use crate::connection::Session;
use crate::frame::Reply;
use crate::room::Try;

pub(crate) fn apply(session: &mut Session, try_: Try<'_>) -> Result<Vec<Reply>, Refused> {
    let seat = session.seated()?;
    let judged = crate::db::lock(&seat.room).judge(seat.id, try_, Instant::now())?;
    Ok(vec![judged.reply])
}
