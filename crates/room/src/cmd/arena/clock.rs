//! An arena's clock: a round on the game's schedule while anyone is there,
//! each player told their place every few seconds, the results at the
//! round's end; the rounds a restart interrupted settled first.

use std::sync::Arc;
use std::time::{Duration, Instant};

use solve::game::{ArenaRound, Counted, Game, Judge, UtcTime};

use crate::arena::live::{self, Arena, Live};
use crate::arena::{lock, ArenaRef};
use crate::db::Db;
use crate::room::{board_shown, Outbox};
use crate::store::{now_ms, RoundKey};

/// Runs `arena`'s rounds until nobody is there at a round's end, or the
/// server stops.
pub(crate) async fn run(db: Arc<Db>, arena: ArenaRef) {
    let (game, lang) = {
        let a = lock(&arena);
        (a.game.clone(), a.lang.clone())
    };
    settle_kept(&db, &game, &lang).await;
    let mut shutdown = db.shutdown.clone();
    let tick = db.arenas.config.tick;
    loop {
        let now = now_ms();
        let round = game.arena_round(UtcTime::from_seconds(now.div_euclid(1000)), &lang);
        let (ends, next) = (round.ends.seconds() * 1000, round.next.seconds() * 1000);
        if now < ends {
            let key = key(&game, &lang, &round);
            match roll(&db, &game, &lang, round, key.clone()).await {
                Ok(live) => {
                    let kept = db.store.arena.take_kept(&key);
                    lock(&arena).start(live, kept, Instant::now());
                    loop {
                        let left = ends - now_ms();
                        if left <= 0 {
                            break;
                        }
                        let nap = tick.min(Duration::from_millis(left as u64));
                        tokio::select! {
                            _ = tokio::time::sleep(nap) => {}
                            _ = shutdown.wait() => return,
                        }
                        if now_ms() < ends {
                            others(&db, &arena, &key).await;
                            // Ranking and telling 10,000 players is a few
                            // milliseconds of CPU: off the async workers,
                            // whose connections would wait meanwhile.
                            let places = lock(&arena).places();
                            if let Some(places) = places {
                                let placed =
                                    tokio::task::spawn_blocking(move || live::placed(places)).await;
                                tell(placed.unwrap_or_default(), tick / 2).await;
                            }
                        }
                    }
                    let ending = Instant::now();
                    if db.store.shared() {
                        // The words other instances judged at the last
                        // moment, committed.
                        tokio::time::sleep(SHARED_GRACE).await;
                        others(&db, &arena, &key).await;
                    }
                    let ended = arena.clone();
                    let (held, results) =
                        tokio::task::spawn_blocking(move || lock(&ended).end(until(next)))
                            .await
                            .unwrap_or_default();
                    db.metrics.arena_round(results, held);
                    let took_ms = ending.elapsed().as_millis() as u64;
                    tracing::info!(game = %game.id, %lang, results, held, took_ms, "arena round ended");
                }
                Err(e) => {
                    tracing::error!(game = %game.id, %lang, error = %e, "no board for the arena's round");
                }
            }
        }
        if db.arenas.close_if_deserted(&arena) {
            tracing::info!(game = %game.id, %lang, "arena closed: nobody there");
            return;
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(until(next))) => {}
            _ = shutdown.wait() => return,
        }
    }
}

/// How long after a round's end an instance that shares its store waits
/// for the words the others accepted before it to be committed.
const SHARED_GRACE: Duration = Duration::from_millis(500);

/// The words of the round's players on the other instances that share the
/// store, into the arena (nothing without a shared store).
async fn others(db: &Arc<Db>, arena: &ArenaRef, key: &RoundKey) {
    if !db.store.shared() {
        return;
    }
    let round = key.clone();
    let Some(words) = db
        .store
        .read(move |sql, shared| crate::store::round_words(sql, shared, &round))
        .await
    else {
        return;
    };
    let arena = arena.clone();
    let _ = tokio::task::spawn_blocking(move || lock(&arena).merge(words)).await;
}

/// Sends each message to its connection, spread over `within`: ten
/// thousand players told at one instant would wake as many connections at
/// once, and the tries in flight would wait behind them.
async fn tell(messages: Vec<(Outbox, Arc<str>)>, within: Duration) {
    const CHUNK: usize = 250;
    let chunks = messages.len().div_ceil(CHUNK).max(1);
    let gap = within / chunks as u32;
    for (i, chunk) in messages.chunks(CHUNK).enumerate() {
        if i > 0 {
            tokio::time::sleep(gap).await;
        }
        for (out, text) in chunk {
            // A full queue is the round's end's to find (a place soon goes
            // stale).
            let _ = out.try_send(text.clone());
        }
    }
}

/// Milliseconds from now until `at` (ms since 1970), 0 if past.
fn until(at: i64) -> u64 {
    u64::try_from(at - now_ms()).unwrap_or(0)
}

fn key(game: &Game, lang: &str, round: &ArenaRound) -> RoundKey {
    RoundKey {
        game: game.id.clone(),
        lang: lang.to_string(),
        start: round.start.seconds() * 1000,
    }
}

/// Rolls `round`'s board and solves it (on a blocking thread).
async fn roll(
    db: &Arc<Db>,
    game: &Game,
    lang: &str,
    round: ArenaRound,
    key: RoundKey,
) -> Result<Live, String> {
    let (db, game, lang) = (db.clone(), game.clone(), lang.to_string());
    tokio::task::spawn_blocking(move || {
        let pack = db.packs.get(&lang).map_err(|e| e.to_string())?;
        pack.check().map_err(|e| e.to_string())?;
        let rolled = game
            .roll(&pack, round.seed)
            .map_err(|e| format!("no board for {}: {e}", game.name))?;
        let judge = Judge::new(&pack, &rolled).map_err(|e| e.to_string())?;
        // The monotonic clock's end: the wall clock's, from now.
        let left = Duration::from_millis(
            u64::try_from(round.ends.seconds() * 1000 - now_ms()).unwrap_or(0),
        );
        Ok(Live {
            key,
            round,
            board: board_shown(&judge),
            target: judge.target(Counted::Common).len(),
            judge: Arc::new(judge),
            ends: Instant::now() + left,
        })
    })
    .await
    .map_err(|e| e.to_string())?
}

/// Records the results of this arena's rounds that a restart interrupted
/// and that are over now, from the words the store kept of them.
async fn settle_kept(db: &Arc<Db>, game: &Game, lang: &str) {
    let now = now_ms();
    let over = db
        .store
        .arena
        .kept_rounds()
        .into_iter()
        .filter(|k| k.game == game.id && k.lang == lang);
    for key in over {
        let round = game.arena_round(UtcTime::from_seconds(key.start.div_euclid(1000)), lang);
        if round.ends.seconds() * 1000 > now {
            continue;
        }
        match roll(db, game, lang, round, key.clone()).await {
            Ok(live) => {
                let kept = db.store.arena.take_kept(&key);
                let rate = (db.limits.rate, db.limits.burst);
                let mut arena = Arena::new(game.clone(), lang, db.store.clone(), rate);
                let play =
                    Duration::from_secs((round.ends.seconds() - round.start.seconds()) as u64);
                let since = live.ends.checked_sub(play).unwrap_or_else(Instant::now);
                arena.start(live, kept, since);
                let (held, results) = arena.end(0);
                db.metrics.arena_round(results, held);
                tracing::info!(game = %game.id, %lang, start = %round.start, results, "an arena round a restart interrupted is recorded");
            }
            Err(e) => {
                tracing::error!(game = %game.id, %lang, error = %e, "a kept arena round could not be rolled again")
            }
        }
    }
}

/// Opens the arenas whose rounds' words the store kept: a round still on
/// goes on with them, one that ended while the server was down is
/// recorded.
pub(crate) fn reopen(db: &Arc<Db>) {
    for key in db.store.arena.kept_rounds() {
        let Ok(game) = db.arenas.game(&key.game) else {
            continue;
        };
        if !db.packs.has(&key.lang) {
            continue;
        }
        let rate = (db.limits.rate, db.limits.burst);
        let (arena, new) = db.arenas.get_or_open(&game.id, &key.lang, || {
            Arena::new(game.clone(), &key.lang, db.store.clone(), rate)
        });
        if new {
            tokio::spawn(run(db.clone(), arena));
        }
    }
}
