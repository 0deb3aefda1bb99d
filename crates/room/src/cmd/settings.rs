//! `settings`: the host chooses the next round's game, language, target and
//! rule.

use super::Refused;
use crate::connection::Session;
use crate::frame::{Reply, Settings};

pub(crate) fn apply(session: &mut Session, settings: Settings) -> Result<Vec<Reply>, Refused> {
    let seat = session.seated()?;
    session.db.check(&settings)?;
    crate::db::lock(&seat.room).set(seat.id, settings)?;
    Ok(vec![])
}
