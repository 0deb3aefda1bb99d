//! `arena`: a device enters the arena of a game and a language, and its
//! tries there (`trace`, `word`) are judged as a room's are, each accepted
//! word kept in the store before the player hears it counts.

use std::time::Instant;

use super::play::{judged, verdict_reply, Try};
use super::Refused;

pub(crate) mod clock;
pub(crate) mod daily;
use crate::arena::live::Arena;
use crate::arena::{lock, ArenaRef};
use crate::clients::Act;
use crate::db::Db;
use crate::frame::{Reply, Settings};
use crate::session::{ArenaSeat, Session};
use crate::store::{ArenaWrite, Known, Write};

/// The language a device that names none plays in.
const DEFAULT_LANG: &str = "en";

/// The players a friends' board takes at most.
pub const GROUP_PLAYERS: usize = 100;

/// What a device asks entering the arena (`Request::Arena`).
pub(crate) struct Entry<'a> {
    pub name: &'a str,
    pub token: Option<&'a str>,
    pub game: Option<&'a str>,
    pub lang: Option<&'a str>,
    pub group: Option<&'a str>,
}

pub(crate) fn enter(session: &mut Session, entry: &Entry<'_>) -> Result<Vec<Reply>, Refused> {
    let Entry {
        name,
        token,
        game,
        lang,
        group,
    } = *entry;
    let now = Instant::now();
    let (game, lang, name) = admit(session, game, lang, name, now)?;
    let db = session.db.clone();
    let lang = lang.as_str();
    let (known, token, mut wrote) = device(&db, &name, token);
    let group = group
        .map(|typed| read_group(session, typed, &known.player, now))
        .transpose()?;
    let shared = &db.store.arena;
    if let Some(code) = &group {
        if shared.join_group(code, &known.player) {
            wrote = true;
            db.store.write(Write::Arena(ArenaWrite::Member {
                code: code.clone(),
                player: known.player.clone(),
            }));
        }
    }
    if wrote {
        // Welcomed once kept: another instance sharing the store may be
        // asked for this device or board a moment later.
        session.kept = db.store.kept();
    }
    let (out, outbox) = session.outbox();
    let rate = (db.limits.rate, db.limits.burst);
    let round = game.arena_round(solve::game::UtcTime::now(), lang);
    let next_ms = u64::try_from(round.next.seconds() * 1000 - crate::store::now_ms()).unwrap_or(0);
    let (arena, told) = loop {
        let (arena, new) = db.arenas.get_or_open(&game.id, lang, || {
            Arena::new(game.clone(), lang, db.store.clone(), rate)
        });
        if new {
            tokio::spawn(clock::run(db.clone(), arena.clone()));
        }
        let mut a = lock(&arena);
        // Its clock stopped (nobody was there) between the look-up and
        // now: a new one opens.
        if a.closed {
            continue;
        }
        let told = a.enter(
            &known.player,
            &name,
            out.clone(),
            session.conn,
            now,
            next_ms,
        );
        drop(a);
        break (arena, told);
    };
    session.arena = Some(ArenaSeat {
        arena,
        player: known.player.clone(),
    });
    session.outbox = Some(outbox);
    let mut replies = vec![Reply::ArenaWelcome {
        player: known.player,
        token,
        name,
        game: game.id.clone(),
        lang: lang.to_string(),
        game_label: game.label(),
        group,
    }];
    replies.extend(told);
    Ok(replies)
}

/// What entering the arena or a daily play asks first: a connection with
/// no seat, within its address's joins a minute, a server not stopping, a
/// game and language it has, a name as names go. The game, language and
/// name.
pub(crate) fn admit(
    session: &mut Session,
    game: Option<&str>,
    lang: Option<&str>,
    name: &str,
    now: Instant,
) -> Result<(solve::game::Game, String, String), Refused> {
    release_daily(session);
    session.seatless()?;
    let db = &session.db;
    if !db.clients.take(session.client, Act::Join, now) {
        return Err(Refused::TooMany("joined rooms"));
    }
    if db.shutdown.is_triggered() {
        return Err(Refused::ShuttingDown);
    }
    let game = db.arenas.game(game.unwrap_or(&db.arenas.config.game))?;
    let lang = lang.unwrap_or(DEFAULT_LANG).to_string();
    db.check(&Settings {
        game: game.id.clone(),
        lang: lang.clone(),
        ..Settings::default()
    })?;
    Ok((game, lang, crate::name::read(name)?))
}

/// Lets go of a daily play whose clock has run out: the connection may
/// enter the arena, or another daily board.
fn release_daily(session: &mut Session) {
    let over = session.arena.as_ref().is_some_and(|seat| {
        let a = lock(&seat.arena);
        a.daily.is_some() && a.live.is_none()
    });
    if over {
        session.arena = None;
        session.outbox = None;
    }
}

/// The device entering as `name`: known by its token, or new (a fresh
/// token and public id), and remembered with its name; whether the store
/// was handed anything of it.
pub(crate) fn device(db: &Db, name: &str, token: Option<&str>) -> (Known, String, bool) {
    let shared = &db.store.arena;
    let (known, token) = match token.and_then(|t| shared.known(t).map(|k| (k, t.to_string()))) {
        Some((known, token)) => (known, token),
        None => {
            let id = crate::code::token();
            let known = Known {
                player: id[..16].to_string(),
                name: name.to_string(),
            };
            (known, crate::code::token())
        }
    };
    let new = known.name != name || shared.known(&token).is_none();
    if new {
        let known = Known {
            name: name.to_string(),
            ..known.clone()
        };
        db.store.write(Write::Arena(ArenaWrite::Player {
            player: known.player.clone(),
            token: token.clone(),
            name: name.to_string(),
        }));
        shared.remember(&token, known);
    }
    (known, token, new)
}

/// The friends' board a device enters with: a known code (typed as people
/// type it), or a new one for `""`. Refused before anything is written: an
/// unknown code (counted with wrong room codes: a stranger guessing codes
/// is stopped as a room's guesser is), a full board, more new boards a
/// minute than an address may create rooms.
fn read_group(
    session: &Session,
    typed: &str,
    player: &str,
    now: Instant,
) -> Result<String, Refused> {
    let (db, client) = (&session.db, session.client);
    let shared = &db.store.arena;
    if typed.trim().is_empty() {
        if !db.clients.take(client, Act::Create, now) {
            return Err(Refused::TooMany("started rooms or friends' boards"));
        }
        let code = crate::code::room_code();
        shared.open_group(&code);
        db.store
            .write(Write::Arena(ArenaWrite::Group { code: code.clone() }));
        return Ok(code);
    }
    if !db.clients.allows(client, Act::Guess, now) {
        return Err(Refused::TooMany("named codes that do not exist"));
    }
    let unknown = || {
        db.clients.take(client, Act::Guess, now);
        Refused::NoGroup(typed.chars().take(20).collect())
    };
    let code = crate::code::read(typed).ok_or_else(unknown)?;
    match shared.group_size(&code) {
        None => Err(unknown()),
        Some(n) if n >= GROUP_PLAYERS && !shared.in_group(&code, player) => {
            Err(Refused::GroupFull(GROUP_PLAYERS))
        }
        Some(_) => Ok(code),
    }
}

/// A try in the arena's round.
pub(crate) fn play(session: &mut Session, try_: Try<'_>) -> Result<Vec<Reply>, Refused> {
    let Some(seat) = session.arena.clone() else {
        return Err(Refused::NoSeat);
    };
    let now = Instant::now();
    let reply = judge(&seat.arena, &seat.player, try_, now)?;
    session.db.metrics.judged(now.elapsed());
    if matches!(
        reply,
        Reply::Verdict {
            kind: solve::game::VerdictKind::New,
            ..
        }
    ) {
        session.kept = session.db.store.kept();
    }
    Ok(vec![reply])
}

fn judge(arena: &ArenaRef, player: &str, try_: Try<'_>, now: Instant) -> Result<Reply, Refused> {
    let mut a = lock(arena);
    let a = &mut *a;
    let Some(live) = &a.live else {
        return Err(Refused::NoRound);
    };
    if now >= live.ends {
        return Err(Refused::TimeUp);
    }
    let (judge, round) = (live.judge.clone(), live.key.clone());
    let e = a.entrants.get_mut(player).ok_or(Refused::NoSeat)?;
    if !e.tries.take(now) {
        return Err(Refused::TooFast(a.rate.0));
    }
    e.tried = true;
    let verdict = judged(&judge, &mut e.found, try_)?;
    let (reply, new) = verdict_reply(&judge, verdict, e.found.score());
    if let Some(word) = new {
        let seq = e.found.len() as u32 - 1;
        a.store.write(Write::Arena(match &a.daily {
            Some(key) => ArenaWrite::DailyWord {
                key: key.clone(),
                seq,
                word,
            },
            None => ArenaWrite::Word {
                round,
                player: player.to_string(),
                seq,
                word,
            },
        }));
    }
    Ok(reply)
}
