//! A room rebuilt from what the store kept. After a restart every seat
//! waits for its page to come back (the grace period, counted from the
//! restart); a round on goes on with the same board, each seat's words and
//! the true time left (the clock ran on while the server was down).

use super::*;

/// What a rebuilt room shares with the others: as [`Room::new`] takes it.
pub(crate) struct Shared {
    pub(crate) limits: Limits,
    pub(crate) expiry: Arc<Notify>,
    pub(crate) store: Store,
}

impl Room {
    /// The room `saved` kept, its round (if one was on) refereed by
    /// `judge`, rolled again from the round's settings and seed. `now` and
    /// `now_ms` are the same moment on the two clocks.
    pub(crate) fn restored(
        saved: Saved,
        judge: Option<Judge>,
        shared: Shared,
        now: Instant,
        now_ms: i64,
    ) -> Result<Room, Refused> {
        let label = game_of(&saved.settings)?.label();
        let phase = match (&saved.round, judge) {
            (Some(round), Some(judge)) => {
                let left = u64::try_from(round.ends_at - now_ms).unwrap_or(0);
                let ends = now + std::time::Duration::from_millis(left);
                Phase::Playing(Box::new(Play::new(
                    round.number,
                    judge,
                    &round.settings,
                    round.seconds,
                    (ends, round.ends_at),
                )))
            }
            _ => Phase::Lobby,
        };
        let seats = saved
            .seats
            .into_iter()
            .map(|s| {
                let found = match &phase {
                    Phase::Playing(play) => found_again(&saved.code, &play.judge, &s.words),
                    _ => Found::default(),
                };
                Seat {
                    id: s.id,
                    name: s.name,
                    token: s.token,
                    watch: s.watch,
                    out: None,
                    conn: 0,
                    dropped: Some(now),
                    found,
                    total: s.total,
                    tries: Bucket::new(shared.limits.rate, shared.limits.burst),
                    left: s.left,
                }
            })
            .collect();
        Ok(Room {
            code: saved.code,
            settings: saved.settings,
            label,
            host: saved.host,
            seats,
            next_id: saved.next_seat,
            phase,
            rounds: saved.rounds,
            last: saved.last_results.map(Arc::from),
            touched: now,
            limits: shared.limits,
            expiry: shared.expiry,
            creator: saved.creator,
            store: shared.store,
        })
    }

    /// The number and end of the round on, if one is.
    pub(crate) fn round_on(&self) -> Option<(u32, Instant)> {
        match &self.phase {
            Phase::Playing(play) => Some((play.number, play.ends)),
            _ => None,
        }
    }
}

/// A seat's words, counted again in the order found. A word the board no
/// longer holds (the pack changed between the two runs) is left out.
fn found_again(room: &str, judge: &Judge, words: &[String]) -> Found {
    let mut found = Found::default();
    for word in words {
        match judge.find(word) {
            Some(i) => {
                judge.recount(&mut found, i);
            }
            None => tracing::warn!(room, word, "a kept word is not on the board rolled again"),
        }
    }
    found
}
