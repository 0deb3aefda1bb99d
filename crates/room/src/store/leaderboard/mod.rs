//! The arena's leaderboards, kept in the store: each round's results are
//! written once, and each player's totals by period are brought up to
//! date at the same time (the round added; in the rolling periods, the
//! rounds that have left the window taken out), so that reading a
//! leaderboard walks an index from its top and never sums results. Plain
//! SQL that SQLite and PostgreSQL both take (`migrations/0002_arena.sql`).

use super::sql::{args, Row};
/// The connection a leaderboard is read and written on (SQLite or PostgreSQL).
pub use super::sql::{Sql, SqlError};

/// A millisecond count since 1970, as the arena's clock gives it.
pub type Millis = i64;

/// A period's players by total points (game, lang, period, since, limit).
const BY_TOTAL: &str = "SELECT player, total FROM arena_totals WHERE game = ?1 AND lang = ?2 AND period = ?3 AND since = ?4
     ORDER BY total DESC, player LIMIT ?5";
/// A period's players of enough rounds by points a round (game, lang, period, since, limit).
const BY_MEAN: &str = "SELECT player, mean FROM arena_totals WHERE game = ?1 AND lang = ?2 AND period = ?3 AND since = ?4
     AND mean >= 0 ORDER BY mean DESC, player LIMIT ?5";
/// A fixed period's players by their best round (game, lang, period, since, limit).
const BY_BEST: &str = "SELECT player, best FROM arena_totals WHERE game = ?1 AND lang = ?2 AND period = ?3 AND since = ?4
     ORDER BY best DESC, player LIMIT ?5";
/// A page of the rounds of a stretch of time, best first (game, lang, from,
/// to, limit, offset): from the top of the best rounds' index, the
/// stretch's kept (`+start`: not from the stretch, sorted).
const BY_ROUND: &str = "SELECT player, score FROM arena_results WHERE game = ?1 AND lang = ?2 AND held = 0 AND +start >= ?3
     AND +start <= ?4 ORDER BY score DESC, player LIMIT ?5 OFFSET ?6";

/// A group's members among a period's players by total points, points a
/// round and best round (game, lang, period, since, limit, code): a
/// friends' board.
const AMONG_TOTAL: &str = "SELECT player, total FROM arena_totals WHERE game = ?1 AND lang = ?2 AND period = ?3 AND since = ?4
     AND player IN (SELECT player FROM arena_members WHERE code = ?6) ORDER BY total DESC, player LIMIT ?5";
const AMONG_MEAN: &str = "SELECT player, mean FROM arena_totals WHERE game = ?1 AND lang = ?2 AND period = ?3 AND since = ?4
     AND mean >= 0 AND player IN (SELECT player FROM arena_members WHERE code = ?6) ORDER BY mean DESC, player LIMIT ?5";
const AMONG_BEST: &str = "SELECT player, best FROM arena_totals WHERE game = ?1 AND lang = ?2 AND period = ?3 AND since = ?4
     AND player IN (SELECT player FROM arena_members WHERE code = ?6) ORDER BY best DESC, player LIMIT ?5";
/// A group's members by their best round of a stretch of time (game, lang,
/// from, to, limit, code): a group is small, so its rounds are summed.
const AMONG_ROUND: &str = "SELECT player, MAX(score) FROM arena_results WHERE game = ?1 AND lang = ?2 AND held = 0
     AND start >= ?3 AND start <= ?4 AND player IN (SELECT player FROM arena_members WHERE code = ?6)
     GROUP BY player ORDER BY MAX(score) DESC, player LIMIT ?5";

/// The rounds a player plays in a period before their average is ranked:
/// fewer say little of how they play.
pub const MIN_ROUNDS: i64 = 10;

const HOUR: Millis = 3_600_000;
const DAY: Millis = 24 * HOUR;
const WEEK: Millis = 7 * DAY;

/// The stretch of time a leaderboard covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// The clock hour (UTC) now running.
    Hour,
    /// The last 24 hours.
    Day,
    /// The last 7 days.
    Week,
    /// Every round ever recorded.
    All,
}

impl Period {
    /// Every period, shortest first.
    pub const ALL: [Period; 4] = [Period::Hour, Period::Day, Period::Week, Period::All];

    /// Its name in the store and on the wire: `hour`, `day`, `week`, `all`.
    pub fn key(self) -> &'static str {
        match self {
            Period::Hour => "hour",
            Period::Day => "day",
            Period::Week => "week",
            Period::All => "all",
        }
    }

    /// How a page names it: `This hour`, `Today`, `This week`, `All time`.
    pub fn label(self) -> &'static str {
        match self {
            Period::Hour => "This hour",
            Period::Day => "Today",
            Period::Week => "This week",
            Period::All => "All time",
        }
    }

    /// What it covers, in words.
    pub fn about(self) -> &'static str {
        match self {
            Period::Hour => "this clock hour (UTC)",
            Period::Day => "the last 24 hours",
            Period::Week => "the last 7 days",
            Period::All => "all time",
        }
    }

    /// The length of a rolling period.
    fn window(self) -> Option<Millis> {
        match self {
            Period::Day => Some(DAY),
            Period::Week => Some(WEEK),
            Period::Hour | Period::All => None,
        }
    }

    /// The `since` of its totals at `now`: the hour's first millisecond, or 0.
    fn since(self, now: Millis) -> Millis {
        match self {
            Period::Hour => now - now.rem_euclid(HOUR),
            _ => 0,
        }
    }

    /// The first round start it counts at `now` (rolling periods: a round
    /// that started exactly a window ago has left it).
    fn first_start(self, now: Millis) -> Millis {
        match self {
            Period::Hour => self.since(now),
            Period::Day | Period::Week => now - self.window().unwrap_or(0) + 1,
            Period::All => Millis::MIN,
        }
    }
}

/// What a leaderboard ranks players by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// Points over the period's rounds.
    Total,
    /// Points a round, among players of at least [`MIN_ROUNDS`] rounds in the period.
    Average,
    /// The player's best round in the period.
    Best,
}

impl By {
    /// Every measure.
    pub const ALL: [By; 3] = [By::Total, By::Average, By::Best];

    /// How a page names it: `Total`, `Per round`, `Best round`.
    pub fn label(self) -> &'static str {
        match self {
            By::Total => "Total",
            By::Average => "Per round",
            By::Best => "Best round",
        }
    }

    /// What it ranks by, in words.
    pub fn about(self) -> String {
        match self {
            By::Total => "Points over all rounds".into(),
            By::Average => {
                format!("Points a round, among players of {MIN_ROUNDS} rounds or more")
            }
            By::Best => "Each player's best round".into(),
        }
    }

    /// Its name on the wire: `total`, `average`, `best`.
    pub fn key(self) -> &'static str {
        match self {
            By::Total => "total",
            By::Average => "average",
            By::Best => "best",
        }
    }
}

/// One player's line on a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The player (the arena's id for a device).
    pub player: String,
    /// What the board ranks by: total points, points a round, or the best round's points.
    pub value: f64,
}

/// One player's result in a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The player.
    pub player: String,
    /// Points.
    pub score: i64,
    /// Words found.
    pub words: i64,
    /// Held out of the leaderboards (a pace no person reaches): kept, not ranked.
    pub held: bool,
}

/// Writes the results of the round of `game` and `lang` that started at
/// `start`, and brings every period's totals up to `start` (rounds are
/// recorded in the order they start). Run in one transaction: a crash
/// leaves the round either wholly recorded or not at all.
pub fn record(
    sql: &mut Sql,
    game: &str,
    lang: &str,
    start: Millis,
    results: &[Played],
) -> Result<(), SqlError> {
    advance(sql, game, lang, start)?;
    let insert = "INSERT INTO arena_results (game, lang, start, player, score, words, held) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
    let add = format!(
        "INSERT INTO arena_totals (game, lang, period, since, player, rounds, total, mean, best)
         VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, {first}, ?6)
         ON CONFLICT (game, lang, period, since, player) DO UPDATE
         SET rounds = arena_totals.rounds + 1, total = arena_totals.total + excluded.total,
             mean = CASE WHEN arena_totals.rounds + 1 >= {MIN_ROUNDS}
                    THEN CAST(arena_totals.total + excluded.total AS DOUBLE PRECISION) / (arena_totals.rounds + 1) ELSE -1 END,
             best = CASE WHEN excluded.best > arena_totals.best THEN excluded.best ELSE arena_totals.best END",
        first = if MIN_ROUNDS <= 1 { "?6" } else { "-1" },
    );
    for r in results {
        sql.run(
            insert,
            args![game, lang, start, &r.player, r.score, r.words, r.held],
        )?;
        if r.held {
            continue;
        }
        for period in Period::ALL {
            sql.run(
                &add,
                args![
                    game,
                    lang,
                    period.key(),
                    period.since(start),
                    &r.player,
                    r.score
                ],
            )?;
        }
    }
    Ok(())
}

/// Takes the rows of `game` and `lang`'s rolling periods for the rest of
/// the transaction (made if missing, as of `now`): instances that share a
/// PostgreSQL store and record the same round wait for each other here,
/// and the second finds the round recorded. (SQLite's writer is alone.)
pub fn claim(sql: &mut Sql, game: &str, lang: &str, now: Millis) -> Result<(), SqlError> {
    for period in [Period::Day, Period::Week] {
        sql.run(
            "INSERT INTO arena_windows (game, lang, period, cutoff) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT DO NOTHING",
            args![game, lang, period.key(), period.first_start(now)],
        )?;
    }
    sql.run(
        "UPDATE arena_windows SET cutoff = cutoff WHERE game = ?1 AND lang = ?2",
        args![game, lang],
    )?;
    Ok(())
}

/// Brings the rolling periods of `game` and `lang` up to `now`: the rounds
/// that have left each window since it last moved are taken out of its
/// totals, and past hours are dropped. The arena's clock calls it at each
/// round's end, played or not, so that a quiet language's day is a day.
pub fn advance(sql: &mut Sql, game: &str, lang: &str, now: Millis) -> Result<(), SqlError> {
    for period in [Period::Day, Period::Week] {
        let cutoff = period.first_start(now);
        let last = sql
            .row(
                "SELECT cutoff FROM arena_windows WHERE game = ?1 AND lang = ?2 AND period = ?3",
                args![game, lang, period.key()],
            )?
            .map(|r| r.int(0))
            .transpose()?;
        let Some(last) = last else {
            sql.run(
                "INSERT INTO arena_windows (game, lang, period, cutoff) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT DO NOTHING",
                args![game, lang, period.key(), cutoff],
            )?;
            continue;
        };
        if cutoff <= last {
            continue;
        }
        // Moved by whoever moves it first (several instances share one
        // store): the others find it moved and take nothing out twice.
        let moved = sql.run(
            "UPDATE arena_windows SET cutoff = ?4 WHERE game = ?1 AND lang = ?2 AND period = ?3 AND cutoff = ?5",
            args![game, lang, period.key(), cutoff, last],
        )?;
        if moved == 1 {
            take_out(sql, game, lang, period, last, cutoff)?;
        }
    }
    sql.run(
        "DELETE FROM arena_totals WHERE game = ?1 AND lang = ?2 AND period = 'hour' AND since < ?3",
        args![game, lang, Period::Hour.since(now)],
    )?;
    Ok(())
}

/// Takes the rounds that started in `[from, to)` out of `period`'s totals.
fn take_out(
    sql: &mut Sql,
    game: &str,
    lang: &str,
    period: Period,
    from: Millis,
    to: Millis,
) -> Result<(), SqlError> {
    sql.run(
        &format!("UPDATE arena_totals SET rounds = arena_totals.rounds - gone.rounds, total = arena_totals.total - gone.total,
             mean = CASE WHEN arena_totals.rounds - gone.rounds >= {MIN_ROUNDS}
                    THEN CAST(arena_totals.total - gone.total AS DOUBLE PRECISION) / (arena_totals.rounds - gone.rounds) ELSE -1 END
         FROM (SELECT player, COUNT(*) AS rounds, SUM(score) AS total FROM arena_results
               WHERE game = ?1 AND lang = ?2 AND start >= ?4 AND start < ?5 AND held = 0 GROUP BY player) AS gone
         WHERE arena_totals.game = ?1 AND arena_totals.lang = ?2 AND arena_totals.period = ?3
           AND arena_totals.since = 0 AND arena_totals.player = gone.player"),
        args![game, lang, period.key(), from, to],
    )?;
    // (Of the players who were in them: not a walk over the period's.)
    sql.run(
        "DELETE FROM arena_totals WHERE game = ?1 AND lang = ?2 AND period = ?3 AND since = 0 AND rounds <= 0
         AND player IN (SELECT player FROM arena_results WHERE game = ?1 AND lang = ?2 AND start >= ?4 AND start < ?5)",
        args![game, lang, period.key(), from, to],
    )?;
    Ok(())
}

/// The top `limit` players of `game` and `lang` over `period` at `now`,
/// ranked `by`; ties by player, in order. The rolling periods are as the
/// last [`record`] or [`advance`] left them.
pub fn top(
    sql: &mut Sql,
    game: &str,
    lang: &str,
    period: Period,
    by: By,
    now: Millis,
    limit: usize,
) -> Result<Vec<Entry>, SqlError> {
    let query = match by {
        By::Total => BY_TOTAL,
        By::Average => BY_MEAN,
        By::Best if period.window().is_none() => BY_BEST,
        By::Best => return best_rounds(sql, game, lang, period, now, limit),
    };
    let rows = sql.rows(
        query,
        args![game, lang, period.key(), period.since(now), limit as i64],
    )?;
    entries(rows)
}

/// Each row's player and value.
fn entries(rows: Vec<Row>) -> Result<Vec<Entry>, SqlError> {
    rows.iter()
        .map(|r| {
            Ok(Entry {
                player: r.text(0)?,
                value: r.real(1)?,
            })
        })
        .collect()
}

/// [`top`] among the members of the group `code` only: a friends' board.
#[allow(clippy::too_many_arguments)]
pub fn top_of_group(
    sql: &mut Sql,
    game: &str,
    lang: &str,
    period: Period,
    by: By,
    now: Millis,
    limit: usize,
    code: &str,
) -> Result<Vec<Entry>, SqlError> {
    let rows = match by {
        By::Best if period.window().is_some() => sql.rows(
            AMONG_ROUND,
            args![game, lang, period.first_start(now), now, limit as i64, code],
        )?,
        _ => {
            let query = match by {
                By::Total => AMONG_TOTAL,
                By::Average => AMONG_MEAN,
                By::Best => AMONG_BEST,
            };
            sql.rows(
                query,
                args![
                    game,
                    lang,
                    period.key(),
                    period.since(now),
                    limit as i64,
                    code
                ],
            )?
        }
    };
    entries(rows)
}

/// A rolling period's players by their best round: the best rounds from
/// the top of their index, a page at a time, each player's first (best)
/// one kept, until `limit` players (a maximum cannot be taken out of a
/// total).
fn best_rounds(
    sql: &mut Sql,
    game: &str,
    lang: &str,
    period: Period,
    now: Millis,
    limit: usize,
) -> Result<Vec<Entry>, SqlError> {
    // A page of four rounds a line first (a player rarely holds more of
    // the best), twice as many each page after.
    let mut page = (limit as i64 * 4).max(16);
    let mut best: Vec<Entry> = Vec::new();
    let mut offset = 0;
    while best.len() < limit {
        let rows = sql.rows(
            BY_ROUND,
            args![game, lang, period.first_start(now), now, page, offset],
        )?;
        let last_page = (rows.len() as i64) < page;
        for entry in entries(rows)? {
            if best.len() < limit && best.iter().all(|e| e.player != entry.player) {
                best.push(entry);
            }
        }
        if last_page {
            break;
        }
        offset += page;
        page *= 2;
    }
    Ok(best)
}

/// The leaderboards against their definition: sums over every result.
#[cfg(test)]
mod tests;
