//! The daily board's plays in the store: each device's one scored play of
//! a game's daily board in a language on a date, its words as they are
//! judged, and the date's leaderboard read from an index
//! (`migrations/0005_arena_daily.sql`).

use super::leaderboard::{Millis, Played};
use super::sql::{args, Sql, SqlError};

/// A device's play of a daily board: the game, language, date and player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DailyKey {
    /// The game's id.
    pub game: String,
    /// The language.
    pub lang: String,
    /// The date, `YYYY-MM-DD`.
    pub day: String,
    /// The player's public id.
    pub player: String,
}

/// A play as the store has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPlay {
    /// When its clock started (ms since 1970).
    pub started: Millis,
    /// Its words, in the order found.
    pub words: Vec<String>,
    /// Its result, once scored.
    pub done: Option<Played>,
}

/// A line of a date's leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyLine {
    /// The screen name.
    pub name: String,
    /// Points.
    pub score: i64,
    /// Words found.
    pub words: i64,
}

/// Where a score stands among a date's ranked plays: scored, not held out,
/// with a word found (a play that found nothing used the day's play, and
/// ranks nobody).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DailyStanding {
    /// The plays that scored more.
    pub above: usize,
    /// The plays that scored the same.
    pub level: usize,
    /// Every scored play.
    pub players: usize,
}

/// A play begins.
pub(super) fn start(sql: &mut Sql, key: &DailyKey, started: Millis) -> Result<(), SqlError> {
    sql.run(
        "INSERT INTO arena_daily (game, lang, day, player, started, done, score, words, held)
         VALUES (?1, ?2, ?3, ?4, ?5, 0, 0, 0, 0) ON CONFLICT DO NOTHING",
        args![&key.game, &key.lang, &key.day, &key.player, started],
    )
    .map(drop)
}

/// A word accepted in a play: its `seq`th.
pub(super) fn word(sql: &mut Sql, key: &DailyKey, seq: u32, word: &str) -> Result<(), SqlError> {
    sql.run(
        "INSERT INTO arena_daily_words (game, lang, day, player, seq, word) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT DO NOTHING",
        args![&key.game, &key.lang, &key.day, &key.player, seq, word],
    )
    .map(drop)
}

/// A play is scored (once: a play scored already keeps its result).
pub(super) fn done(sql: &mut Sql, key: &DailyKey, played: &Played) -> Result<(), SqlError> {
    sql.run(
        "UPDATE arena_daily SET done = 1, score = ?5, words = ?6, held = ?7
         WHERE game = ?1 AND lang = ?2 AND day = ?3 AND player = ?4 AND done = 0",
        args![
            &key.game,
            &key.lang,
            &key.day,
            &key.player,
            played.score,
            played.words,
            played.held
        ],
    )
    .map(drop)
}

/// The play of `key`, if the device began one.
pub fn play(sql: &mut Sql, key: &DailyKey) -> Result<Option<DailyPlay>, SqlError> {
    let Some(row) = sql.row(
        "SELECT started, done, score, words, held FROM arena_daily
         WHERE game = ?1 AND lang = ?2 AND day = ?3 AND player = ?4",
        args![&key.game, &key.lang, &key.day, &key.player],
    )?
    else {
        return Ok(None);
    };
    let words = sql
        .rows(
            "SELECT word FROM arena_daily_words WHERE game = ?1 AND lang = ?2 AND day = ?3 AND player = ?4
             ORDER BY seq",
            args![&key.game, &key.lang, &key.day, &key.player],
        )?
        .iter()
        .map(|r| r.text(0))
        .collect::<Result<_, _>>()?;
    let done = (row.int(1)? == 1).then(|| -> Result<Played, SqlError> {
        Ok(Played {
            player: key.player.clone(),
            score: row.int(2)?,
            words: row.int(3)?,
            held: row.int(4)? == 1,
        })
    });
    Ok(Some(DailyPlay {
        started: row.int(0)?,
        words,
        done: done.transpose()?,
    }))
}

/// The `limit` best scored plays of `game`'s daily board in `lang` on
/// `day`, best first (ties by player, as the arena's leaderboards), with
/// the screen names.
pub fn top(
    sql: &mut Sql,
    game: &str,
    lang: &str,
    day: &str,
    limit: usize,
) -> Result<Vec<DailyLine>, SqlError> {
    sql.rows(
        "SELECT COALESCE(p.name, d.player), d.score, d.words FROM arena_daily AS d
         LEFT JOIN arena_players AS p ON p.player = d.player
         WHERE d.game = ?1 AND d.lang = ?2 AND d.day = ?3 AND d.done = 1 AND d.held = 0 AND d.words > 0
         ORDER BY d.score DESC, d.player LIMIT ?4",
        args![game, lang, day, limit as i64],
    )?
    .iter()
    .map(|r| {
        Ok(DailyLine {
            name: r.text(0)?,
            score: r.int(1)?,
            words: r.int(2)?,
        })
    })
    .collect()
}

/// Where `score` stands among the scored plays of `game`'s daily board in
/// `lang` on `day` (counted from the date's index).
pub fn standing(
    sql: &mut Sql,
    game: &str,
    lang: &str,
    day: &str,
    score: i64,
) -> Result<DailyStanding, SqlError> {
    const SCORED: &str =
        "SELECT COUNT(*) FROM arena_daily WHERE game = ?1 AND lang = ?2 AND day = ?3
         AND done = 1 AND held = 0 AND words > 0";
    let mut count = |more: &str, args: &[super::sql::Value]| -> Result<usize, SqlError> {
        let row = sql.row(&format!("{SCORED}{more}"), args)?;
        Ok(row.map_or(Ok(0), |r| r.int(0))? as usize)
    };
    Ok(DailyStanding {
        above: count(" AND score > ?4", args![game, lang, day, score])?,
        level: count(" AND score = ?4", args![game, lang, day, score])?,
        players: count("", args![game, lang, day])?,
    })
}

/// A date's best lines as a leaderboard shows them: players level share a
/// rank (1, 2, 2, 4).
pub fn ranked(lines: Vec<DailyLine>) -> Vec<crate::frame::Leader> {
    let mut top: Vec<crate::frame::Leader> = Vec::with_capacity(lines.len());
    for (i, l) in lines.into_iter().enumerate() {
        let rank = match top.last() {
            Some(prev) if prev.score == l.score as u64 => prev.rank,
            _ => i + 1,
        };
        top.push(crate::frame::Leader {
            rank,
            name: l.name,
            score: l.score as u64,
            words: l.words as usize,
        });
    }
    top
}
