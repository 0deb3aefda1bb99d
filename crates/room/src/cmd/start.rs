//! `start`: the host starts a round (a rematch rolls a new board). The
//! board is rolled and solved off the async threads; then the room's clock
//! runs until the round's end. If it cannot be rolled, the room goes back
//! to its lobby and everyone hears why.

use std::time::{Duration, Instant};

use solve::game::{Found, Judge};

use super::Refused;
use crate::code;
use crate::db::{Db, RoomRef};
use crate::frame::{Reply, Settings};
use crate::room::{round_reply, Phase, Play, Room};
use crate::session::Session;
use crate::store::Write;

pub(crate) fn apply(session: &mut Session) -> Result<Vec<Reply>, Refused> {
    let seat = session.seated()?;
    let settings = {
        let mut room = crate::db::lock(&seat.room);
        room.hosted_lobby(seat.id)?;
        room.phase = Phase::Starting;
        room.broadcast_room();
        room.settings.clone()
    };
    let db = session.db.clone();
    let room = seat.room.clone();
    tokio::spawn(async move {
        let (wanted, rolling) = (settings.clone(), db.clone());
        let rolled = tokio::task::spawn_blocking(move || roll(&rolling, &wanted))
            .await
            .unwrap_or_else(|e| {
                Err(Refused::Board(format!(
                    "the board could not be rolled ({e})"
                )))
            });
        let started = match rolled {
            Ok((judge, seconds)) => {
                let mut r = crate::db::lock(&room);
                let started = begin(&mut r, judge, &settings, seconds, Instant::now());
                if let Some((number, _)) = started {
                    db.metrics.round_started();
                    tracing::info!(room = %r.code(), number, game = %settings.game, lang = %settings.lang, "round started");
                }
                started
            }
            Err(refused) => {
                failed(&mut crate::db::lock(&room), refused);
                None
            }
        };
        if let Some((number, ends)) = started {
            clock(room, number, ends).await;
        }
    });
    Ok(vec![])
}

/// Rolls and solves the board of `settings` with a fresh seed (blocking):
/// its judge and the round's seconds.
fn roll(db: &Db, settings: &Settings) -> Result<(Judge, u32), Refused> {
    crate::room::roll(&db.packs, settings, code::seed())
}

/// Starts the round `judge` referees, rolled from `settings`, if the room
/// is still starting one: its number and when it ends. Every seat's words
/// start empty and everyone is sent the board.
fn begin(
    room: &mut Room,
    judge: Judge,
    settings: &Settings,
    seconds: u32,
    now: Instant,
) -> Option<(u32, Instant)> {
    if !matches!(room.phase, Phase::Starting) {
        return None;
    }
    room.rounds += 1;
    let ends_at = crate::store::now_ms() + i64::from(seconds) * 1000;
    let ends = now + Duration::from_secs(u64::from(seconds));
    let play = Play::new(room.rounds, judge, settings, seconds, (ends, ends_at));
    room.store.write(Write::Round {
        room: room.code.clone(),
        round: room.saved_round(&play),
    });
    for seat in &mut room.seats {
        seat.found = Found::default();
    }
    let (number, ends) = (play.number, play.ends);
    let reply = round_reply(&play, &Found::default(), now).text();
    room.phase = Phase::Playing(Box::new(play));
    room.last = None;
    room.broadcast_room();
    room.broadcast(reply.into());
    Some((number, ends))
}

/// The round could not be rolled: back to the lobby, and everyone hears
/// why.
fn failed(room: &mut Room, refused: Refused) {
    if matches!(room.phase, Phase::Starting) {
        room.phase = Phase::Lobby;
        room.broadcast_room();
        let error = Reply::Error {
            code: refused.code(),
            message: refused.to_string(),
        };
        room.broadcast(error.text().into());
    }
}

/// Ends round `number` when its time is up (if nothing ended it before).
pub(crate) async fn clock(room: RoomRef, number: u32, ends: Instant) {
    tokio::time::sleep_until(ends.into()).await;
    crate::db::lock(&room).end_round(Some(number), true);
}
