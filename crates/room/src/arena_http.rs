//! The arena's HTTP answers: `/arena` (the round now, the players online
//! per language) and `/arena/leaderboards` (a game and language's boards,
//! as the last round left them: read from memory, never from the store).

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use solve::game::{Game, UtcTime};

use crate::db::Db;
use crate::frame::{ArenaBoards, ArenaLanguage, ArenaStatus, ArenaTimes, DailyBoard};

/// What the arena's answers are asked: a game and a language, each
/// optional (the server's arena game, English).
#[derive(Deserialize)]
pub(crate) struct Asked {
    game: Option<String>,
    lang: Option<String>,
    /// A friends' board's code: its leaderboards instead of everyone's.
    group: Option<String>,
    /// A date (`2026-12-04`) for the daily board's leaderboard (the UTC
    /// date if none).
    date: Option<String>,
}

fn bad(why: String) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Json(serde_json::json!({ "error": why })),
    )
        .into_response()
}

/// `/arena`: the game's round now (the same in every language) and how
/// many players each language's arena has online.
pub(crate) async fn status(State(db): State<Arc<Db>>, Query(asked): Query<Asked>) -> Response {
    let id = asked.game.unwrap_or_else(|| db.arenas.config.game.clone());
    let game = match db.arenas.game(&id) {
        Ok(game) => game,
        Err(e) => return bad(e.to_string()),
    };
    let now_ms = crate::store::now_ms();
    let round = game.arena_round(UtcTime::from_seconds(now_ms.div_euclid(1000)), "en");
    let ms = |t: UtcTime| u64::try_from(t.seconds() * 1000 - now_ms).unwrap_or(0);
    let online = db.arenas.online();
    let languages = db
        .packs
        .languages()
        .iter()
        .map(|l| ArenaLanguage {
            lang: l.key.clone(),
            name: l.name.clone(),
            players: online
                .iter()
                .find(|(g, lang, _)| *g == game.id && *lang == l.key)
                .map_or(0, |o| o.2),
        })
        .collect();
    Json(ArenaStatus {
        game_label: game.label(),
        round: ArenaTimes {
            start: round.start.to_string(),
            ends: round.ends.to_string(),
            next: round.next.to_string(),
            left_ms: ms(round.ends),
            next_ms: ms(round.next),
        },
        game: game.id,
        languages,
    })
    .into_response()
}

/// The game and language asked for (the server's arena game, English), or
/// why the server has no such one.
fn game_and_lang(db: &Db, asked: &Asked) -> Result<(Game, String), String> {
    let id = asked.game.as_deref().unwrap_or(&db.arenas.config.game);
    let lang = asked.lang.clone().unwrap_or_else(|| "en".into());
    let game = db.arenas.game(id).map_err(|e| e.to_string())?;
    if !db.packs.has(&lang) {
        return Err(format!("no language {lang:?} here"));
    }
    Ok((game, lang))
}

/// `/arena/leaderboards`: a game and language's leaderboards.
pub(crate) async fn leaderboards(
    State(db): State<Arc<Db>>,
    Query(asked): Query<Asked>,
) -> Response {
    let (game, lang) = match game_and_lang(&db, &asked) {
        Ok(asked) => asked,
        Err(why) => return bad(why),
    };
    if db.store.shared() {
        catch_up(&db, &game.id, &lang, asked.group.as_deref()).await;
    }
    let group = match asked.group.as_deref() {
        None => None,
        Some(typed) => match crate::code::read(typed) {
            Some(code) if db.store.arena.group_size(&code).is_some() => Some(code),
            _ => {
                let shown: String = typed.chars().take(20).collect();
                return bad(format!("no friends' board {shown:?}"));
            }
        },
    };
    // Read before the boards, which a round's end replaces first: boards
    // newer than `through` may be sent, never older.
    let through = db
        .store
        .arena
        .through(&game.id, &lang)
        .map(|ms| UtcTime::from_seconds(ms.div_euclid(1000)).to_string());
    let boards = match &group {
        None => db.store.arena.boards(&game.id, &lang),
        Some(code) => db.store.arena.group_boards(&game.id, &lang, code),
    };
    Json(ArenaBoards {
        boards: boards.to_vec(),
        group,
        through,
        min_rounds: crate::store::leaderboard::MIN_ROUNDS,
        game: game.id,
        lang,
    })
    .into_response()
}

/// Reads again, from a store shared with other instances, the leaderboards
/// of a round one of them recorded since, and a friends' board first seen
/// on another.
async fn catch_up(db: &Arc<Db>, game: &str, lang: &str, group: Option<&str>) {
    let (game, lang) = (game.to_string(), lang.to_string());
    let code = group.and_then(crate::code::read);
    db.store
        .read(move |sql, shared| {
            let behind = crate::store::catch_up_boards(sql, shared, &game, &lang)?;
            if let Some(code) = code {
                let unseen = shared.group_size(&code).is_none();
                if (behind || unseen) && crate::store::read_group(sql, shared, &code)? {
                    let now = crate::store::now_ms();
                    crate::store::group_boards(sql, shared, &game, &lang, &code, now)?;
                }
            }
            Ok(())
        })
        .await;
}

/// `/arena/daily`: the leaderboard of a game's daily board in a language on
/// a date, read from the store.
pub(crate) async fn daily(State(db): State<Arc<Db>>, Query(asked): Query<Asked>) -> Response {
    let (game, lang) = match game_and_lang(&db, &asked) {
        Ok(asked) => asked,
        Err(why) => return bad(why),
    };
    let day = match asked.date.as_deref().map(str::parse::<solve::game::Day>) {
        None => solve::game::Day::of(UtcTime::now()),
        Some(Ok(day)) => day,
        Some(Err(e)) => return bad(e.to_string()),
    };
    let (g, l, d) = (game.id.clone(), lang.clone(), day.to_string());
    let read = db
        .store
        .read(move |sql, _| {
            let standing = crate::store::daily::standing(sql, &g, &l, &d, 0)?;
            let top = crate::store::daily::top(sql, &g, &l, &d, 10)?;
            Ok((standing.players, top))
        })
        .await;
    let Some((players, lines)) = read else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(serde_json::json!({ "error": "this server keeps no daily board (--no-store), or its store cannot be read" })),
        )
            .into_response();
    };
    Json(DailyBoard {
        game: game.id,
        lang,
        date: day.to_string(),
        players,
        top: crate::store::daily::ranked(lines),
    })
    .into_response()
}
