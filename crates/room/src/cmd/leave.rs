//! `leave`: gives up the seat for good. A player's words stay in the round
//! on the board until it ends (they count against the others' in the
//! classic rule); the host passes to the next player.

use std::time::Instant;

use super::Refused;
use crate::frame::Reply;
use crate::room::{Phase, Room};
use crate::session::Session;

pub(crate) fn apply(session: &mut Session) -> Result<Vec<Reply>, Refused> {
    let seat = session.seated()?;
    session.seat = None;
    session.outbox = None;
    leave(&mut crate::db::lock(&seat.room), seat.id);
    Ok(vec![])
}

/// Seat `id` leaves for good.
fn leave(room: &mut Room, id: u32) {
    let playing = matches!(room.phase, Phase::Playing(_));
    match room.seats.iter().position(|s| s.id == id) {
        Some(i) if playing && !room.seats[i].found.is_empty() => {
            room.seats[i].out = None;
            room.seats[i].left = true;
            // Past its grace at once (a clock younger than the grace period
            // cannot go back that far: then it waits it out).
            let now = Instant::now();
            room.seats[i].dropped = Some(now.checked_sub(room.limits.grace).unwrap_or(now));
        }
        Some(i) => {
            room.seats.remove(i);
        }
        None => return,
    }
    room.expiry.notify_one();
    room.pass_host();
    room.broadcast_room();
}
