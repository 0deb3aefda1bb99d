//! `daily`: a device plays the daily board of a game and a language on its
//! own date, once: the board of a date is the same for everyone
//! (`solve::game::Game::daily_seed`, as `boggle roll --daily` and the web
//! page's daily round roll it), the clock is the player's own (the game's
//! time from entering), every try is judged here, and the play's result
//! goes on the date's leaderboard (`store/daily.rs`). Entering again
//! during the play goes on with it; after it, the result comes back.
//!
//! The play is an [`Arena`] of one entrant, so its tries are judged as an
//! arena round's are (`cmd/arena/mod.rs`), each accepted word kept before
//! the player hears it counts.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use solve::game::{humanly_paced, percentile, ArenaRound, Counted, Day, Game, Judge, UtcTime};

use super::{admit, device};
use crate::arena::live::{Arena, Live};
use crate::arena::{lock, ArenaRef};
use crate::db::Db;
use crate::frame::{DailyBoard, DailyResults, Place, Reply};
use crate::refused::Refused;
use crate::room::{board_shown, found_shown};
use crate::session::{ArenaSeat, Session};
use crate::store::daily::{self, DailyKey, DailyPlay};
use crate::store::leaderboard::Played;
use crate::store::{now_ms, ArenaWrite, RoundKey, Write};

/// How many plays the date's leaderboard shows.
const TOP: usize = 10;

/// What a device asks playing the daily board (`Request::Daily`).
pub(crate) struct Entry<'a> {
    pub name: &'a str,
    pub token: Option<&'a str>,
    pub game: Option<&'a str>,
    pub lang: Option<&'a str>,
    pub date: &'a str,
}

pub(crate) async fn enter(session: &mut Session, entry: &Entry<'_>) -> Result<Vec<Reply>, Refused> {
    let now = Instant::now();
    let (game, lang, name) = admit(session, entry.game, entry.lang, entry.name, now)?;
    let day: Day = entry
        .date
        .parse()
        .map_err(|e: solve::game::DayError| Refused::Settings(e.to_string()))?;
    if !day.somewhere_at(UtcTime::now()) {
        return Err(Refused::Settings(format!(
            "{day} is nobody's date now: the daily board is played on the player's own date"
        )));
    }
    let db = session.db.clone();
    if !db.store.keeps_arena() {
        return Err(Refused::Settings(
            "this server keeps nothing (--no-store): the daily board's leaderboard needs a store"
                .into(),
        ));
    }
    let (known, token, _) = device(&db, &name, entry.token);
    let key = DailyKey {
        game: game.id.clone(),
        lang: lang.clone(),
        day: day.to_string(),
        player: known.player.clone(),
    };
    // (After the device's own row: the read follows the writes before it.)
    let asked = key.clone();
    let played = db
        .store
        .read(move |sql, _| daily::play(sql, &asked))
        .await
        .ok_or_else(|| Refused::Judge("the store could not be read".into()))?;
    let seed = game.daily_seed(day, &lang);
    let judge = roll(&db, &game, &lang, seed).await?;
    let mut replies = vec![Reply::ArenaWelcome {
        player: known.player.clone(),
        token,
        name: name.clone(),
        game: game.id.clone(),
        lang: lang.clone(),
        game_label: game.label(),
        group: None,
    }];
    let seconds = i64::from(game.seconds);
    let (started, words) = match played {
        Some(DailyPlay {
            done: Some(result),
            words,
            ..
        }) => {
            let found = typed(&judge, &words);
            let results = results(&db, &key, &judge, seed, &found, result, true).await;
            replies.push(results);
            return Ok(replies);
        }
        Some(DailyPlay { started, words, .. }) if started + seconds * 1000 > now_ms() => {
            (started, words)
        }
        Some(DailyPlay { words, .. }) => {
            // Its clock ran out while nobody scored it (a restart).
            let found = typed(&judge, &words);
            let result = score(&key, &found, seconds as f64);
            db.store.write(Write::Arena(ArenaWrite::DailyDone {
                key: key.clone(),
                played: result.clone(),
            }));
            replies.push(results(&db, &key, &judge, seed, &found, result, false).await);
            return Ok(replies);
        }
        None => {
            let started = now_ms();
            db.store.write(Write::Arena(ArenaWrite::DailyStart {
                key: key.clone(),
                started,
            }));
            (started, Vec::new())
        }
    };
    // Kept before the player hears the clock started: one play a date.
    if let Some(kept) = db.store.kept() {
        kept.wait().await;
    }
    let mut arena = open(&db, &game, &key, judge, (seed, started), words, now);
    let (out, outbox) = session.outbox();
    let told = arena.enter(&known.player, &name, out, session.conn, now, 0);
    let arena: ArenaRef = Arc::new(Mutex::new(arena));
    tokio::spawn(clock(db.clone(), arena.clone(), key, seed));
    session.arena = Some(ArenaSeat {
        arena,
        player: known.player,
    });
    session.outbox = Some(outbox);
    replies.extend(told);
    Ok(replies)
}

/// The play of `key` as an arena of one: its round from `started` (ms
/// since 1970) for the game's time on the board of `seed`, with the words
/// it found before (a reconnect, a restart).
fn open(
    db: &Db,
    game: &Game,
    key: &DailyKey,
    judge: Arc<Judge>,
    (seed, started): (u64, i64),
    words: Vec<String>,
    now: Instant,
) -> Arena {
    let start = UtcTime::from_seconds(started.div_euclid(1000));
    let ends = start.plus(i64::from(game.seconds));
    let left = u64::try_from(ends.seconds() * 1000 - now_ms()).unwrap_or(0);
    let live = Live {
        key: RoundKey {
            game: key.game.clone(),
            lang: key.lang.clone(),
            start: started,
        },
        round: ArenaRound {
            index: 0,
            start,
            ends,
            next: ends,
            seed,
        },
        board: board_shown(&judge),
        target: judge.target(Counted::Common).len(),
        judge,
        ends: now + Duration::from_millis(left),
    };
    let rate = (db.limits.rate, db.limits.burst);
    let mut arena = Arena::new(game.clone(), &key.lang, db.store.clone(), rate);
    arena.daily = Some(key.clone());
    arena.start(live, HashMap::from([(key.player.clone(), words)]), now);
    arena
}

/// The board of `seed`, solved (on a blocking thread).
async fn roll(db: &Arc<Db>, game: &Game, lang: &str, seed: u64) -> Result<Arc<Judge>, Refused> {
    let (db, game, lang) = (db.clone(), game.clone(), lang.to_string());
    tokio::task::spawn_blocking(move || {
        let pack = db
            .packs
            .get(&lang)
            .map_err(|e| Refused::Board(e.to_string()))?;
        let rolled = game
            .roll(&pack, seed)
            .map_err(|e| Refused::Board(e.to_string()))?;
        Judge::new(&pack, &rolled)
            .map(Arc::new)
            .map_err(|e| Refused::Judge(e.to_string()))
    })
    .await
    .map_err(|e| Refused::Judge(e.to_string()))?
}

/// `words` judged again on `judge`'s board.
fn typed(judge: &Judge, words: &[String]) -> solve::game::Found {
    let mut found = solve::game::Found::default();
    for w in words {
        let _ = judge.typed(&mut found, w);
    }
    found
}

/// A play's result: its points and words, held out if found faster than
/// a person finds words over `seconds` of play.
fn score(key: &DailyKey, found: &solve::game::Found, seconds: f64) -> Played {
    Played {
        player: key.player.clone(),
        score: found.score() as i64,
        words: found.len() as i64,
        held: !humanly_paced(found.len() as u32, seconds),
    }
}

/// Ends the play at its clock's end: scored, kept, and its results sent.
async fn clock(db: Arc<Db>, arena: ArenaRef, key: DailyKey, seed: u64) {
    let ends = lock(&arena).live.as_ref().map(|l| l.ends);
    let Some(ends) = ends else { return };
    let mut shutdown = db.shutdown.clone();
    tokio::select! {
        _ = tokio::time::sleep_until(ends.into()) => {}
        // The play goes on after a restart, from the store.
        _ = shutdown.wait() => return,
    }
    let (judge, found, played, out) = {
        let mut a = lock(&arena);
        let Some(live) = a.live.take() else { return };
        let Some(e) = a.entrants.get(&key.player) else {
            return;
        };
        let seconds = live.ends.saturating_duration_since(e.since).as_secs_f64();
        (live.judge, e.found.clone(), seconds, e.out.clone())
    };
    let result = score(&key, &found, played);
    db.store.write(Write::Arena(ArenaWrite::DailyDone {
        key: key.clone(),
        played: result.clone(),
    }));
    let reply = results(&db, &key, &judge, seed, &found, result, false).await;
    if let Some(out) = out {
        let _ = out.try_send(reply.text().into());
    }
}

/// The results of a play: where it stands among the date's scored plays
/// (read once it is kept), and the date's leaderboard.
async fn results(
    db: &Arc<Db>,
    key: &DailyKey,
    judge: &Judge,
    seed: u64,
    found: &solve::game::Found,
    result: Played,
    again: bool,
) -> Reply {
    if let Some(kept) = db.store.kept() {
        // (The play's result first: a reader of a shared store reads
        // what is committed.)
        kept.wait().await;
    }
    let asked = key.clone();
    let score = result.score;
    let read = db
        .store
        .read(move |sql, _| {
            let standing = daily::standing(sql, &asked.game, &asked.lang, &asked.day, score)?;
            let top = daily::top(sql, &asked.game, &asked.lang, &asked.day, TOP)?;
            Ok((standing, top))
        })
        .await;
    let (standing, lines) = read.unwrap_or_default();
    let top = daily::ranked(lines);
    let place = (!result.held && result.words > 0 && standing.players > 0).then(|| Place {
        rank: standing.above + 1,
        players: standing.players,
        percentile: percentile(
            standing.players - standing.above - standing.level,
            standing.level,
            standing.players,
        ),
        score: result.score as u64,
        words: result.words as usize,
    });
    let mut words = found_shown(judge, found);
    words.sort_by(|a, b| b.points.cmp(&a.points).then(a.word.cmp(&b.word)));
    Reply::DailyResults(Box::new(DailyResults {
        board: board_shown(judge),
        seed,
        place,
        score: result.score as u64,
        words,
        held: result.held,
        again,
        day: DailyBoard {
            game: key.game.clone(),
            lang: key.lang.clone(),
            date: key.day.clone(),
            players: standing.players,
            top,
        },
    }))
}
