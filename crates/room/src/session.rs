//! What a connection holds between requests (its seat, its room's queue to
//! it), apart from the socket: the `cmd/` files act on it, and
//! [`crate::connection`] owns it.

use std::sync::Arc;

use tokio::sync::mpsc;

use crate::db::{Db, RoomRef};
use crate::refused::Refused;
use crate::room::Outbox;

/// A connection's seat: its room and its number there.
#[derive(Clone)]
pub(crate) struct SeatRef {
    pub(crate) room: RoomRef,
    pub(crate) id: u32,
}

/// A connection's place in an arena: the arena and its device there.
#[derive(Clone)]
pub(crate) struct ArenaSeat {
    pub(crate) arena: crate::arena::ArenaRef,
    pub(crate) player: String,
}

/// What a connection holds between messages.
pub(crate) struct Session {
    pub(crate) db: Arc<Db>,
    pub(crate) conn: u64,
    /// The client's address (behind a trusted proxy, the one it names).
    pub(crate) client: std::net::IpAddr,
    pub(crate) seat: Option<SeatRef>,
    /// Its arena, if it entered one (then it has no room seat).
    pub(crate) arena: Option<ArenaSeat>,
    /// What its room sends it; the room holds the other end.
    pub(crate) outbox: Option<mpsc::Receiver<Arc<str>>>,
    /// What the replies to the last request wait for before they are sent:
    /// the store's commit of the new word they count.
    pub(crate) kept: Option<crate::store::Kept>,
}

impl Session {
    /// A fresh outbox, the sending end for a room.
    pub(crate) fn outbox(&self) -> (Outbox, mpsc::Receiver<Arc<str>>) {
        mpsc::channel(self.db.limits.outbox)
    }

    /// Takes seat `id` of `room`.
    pub(crate) fn sit(&mut self, room: RoomRef, id: u32, outbox: mpsc::Receiver<Arc<str>>) {
        self.seat = Some(SeatRef { room, id });
        self.outbox = Some(outbox);
    }

    /// The seat, or a refusal for a connection without one.
    pub(crate) fn seated(&self) -> Result<SeatRef, Refused> {
        self.seat.clone().ok_or(Refused::NoSeat)
    }

    /// A refusal for a connection that already has a seat (in a room or
    /// an arena).
    pub(crate) fn seatless(&self) -> Result<(), Refused> {
        match self.seat.is_some() || self.arena.is_some() {
            true => Err(Refused::Seated),
            false => Ok(()),
        }
    }
}
