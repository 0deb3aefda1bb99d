//! `settings`: the host chooses the next round's game, language, target and
//! rule, between rounds.

use super::Refused;
use crate::frame::{Reply, Settings};
use crate::room::{game_of, Room};
use crate::session::Session;

pub(crate) fn apply(session: &mut Session, settings: Settings) -> Result<Vec<Reply>, Refused> {
    let seat = session.seated()?;
    session.db.check(&settings)?;
    set(&mut crate::db::lock(&seat.room), seat.id, settings)?;
    Ok(vec![])
}

/// Changes the settings, if `by` hosts and no round is on; everyone sees
/// them.
pub(crate) fn set(room: &mut Room, by: u32, settings: Settings) -> Result<(), Refused> {
    room.hosted_lobby(by)?;
    room.label = game_of(&settings)?.label();
    room.settings = settings;
    room.broadcast_room();
    Ok(())
}
