//! `start`: the host starts a round (a rematch rolls a new board). The
//! board is rolled and solved off the async threads; then the room's clock
//! runs until the round's end.

use std::time::Instant;

use solve::game::Judge;

use super::Refused;
use crate::code;
use crate::connection::Session;
use crate::db::RoomRef;
use crate::frame::Reply;
use crate::room::game_of;

pub(crate) fn apply(session: &mut Session) -> Result<Vec<Reply>, Refused> {
    let seat = session.seated()?;
    let settings = crate::db::lock(&seat.room).begin_start(seat.id)?;
    let db = session.db.clone();
    let room = seat.room.clone();
    tokio::spawn(async move {
        let wanted = settings.clone();
        let rolled = tokio::task::spawn_blocking(move || -> Result<(Judge, u32), Refused> {
            let game = game_of(&wanted)?;
            let board = |e: String| Refused::Board(e);
            let pack = db
                .packs
                .get(&wanted.lang)
                .map_err(|e| board(e.to_string()))?;
            // The whole-pack check a typed word's look-up needs runs here, on
            // a blocking thread before the round, not on an async worker
            // under the room's lock at the round's first typed non-word.
            pack.check().map_err(|e| board(e.to_string()))?;
            let round = game
                .roll(&pack, code::seed())
                .map_err(|e| board(format!("no board for {}: {e}", game.name)))?;
            let judge = Judge::new(&pack, &round).map_err(|e| board(e.to_string()))?;
            Ok((judge, game.seconds))
        })
        .await
        .unwrap_or_else(|e| {
            Err(Refused::Board(format!(
                "the board could not be rolled ({e})"
            )))
        });
        let started = match rolled {
            Ok((judge, seconds)) => {
                let mut r = crate::db::lock(&room);
                let started = r.begin_round(judge, &settings, seconds, Instant::now());
                if let Some((number, _)) = started {
                    tracing::info!(room = %r.code(), number, game = %settings.game, lang = %settings.lang, "round started");
                }
                started
            }
            Err(refused) => {
                crate::db::lock(&room).start_failed(refused);
                None
            }
        };
        if let Some((number, ends)) = started {
            clock(room, number, ends).await;
        }
    });
    Ok(vec![])
}

/// Ends round `number` when its time is up (if nothing ended it before).
async fn clock(room: RoomRef, number: u32, ends: Instant) {
    tokio::time::sleep_until(ends.into()).await;
    crate::db::lock(&room).end_round(Some(number), true);
}
