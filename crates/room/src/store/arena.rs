//! The arena in the store: its players (a device's token, its public id and
//! screen name), each word accepted in a round still in play, and each
//! round's results recorded into the leaderboards
//! ([`crate::arena::leaderboard`]) at its end. What the server needs of
//! them is read at start and kept in memory ([`Shared`]), and the
//! leaderboards are read again after each round a game and language
//! records, so that serving them asks nothing of the file.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rusqlite::{params, Connection};

use super::leaderboard::{self, By, Millis, Period, Played};
use crate::frame::{Leaderboard, Standing};

/// How many lines a leaderboard holds.
pub const BOARD_LINES: usize = 10;

/// One change to the arena, as the writer applies it.
#[derive(Debug)]
pub(crate) enum ArenaWrite {
    /// A device entered for the first time, or under a new name.
    Player {
        player: String,
        token: String,
        name: String,
    },
    /// A word accepted in the round of `game` and `lang` that started at
    /// `start`: the player's `seq`th.
    Word {
        round: RoundKey,
        player: String,
        seq: u32,
        word: String,
    },
    /// A round's results: recorded into the leaderboards, its words let go.
    Results {
        round: RoundKey,
        played: Vec<Played>,
    },
}

/// A round of the arena: its game, language and start (ms since 1970).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoundKey {
    /// The game's id.
    pub game: String,
    /// The language.
    pub lang: String,
    /// Its start, milliseconds since 1970.
    pub start: Millis,
}

/// A device as the arena knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Known {
    /// The public id.
    pub player: String,
    /// The screen name.
    pub name: String,
}

/// A game and language's leaderboards, shared with whoever reads them.
type Boards = Arc<Vec<Leaderboard>>;

/// What the server keeps in memory of the arena's store.
#[derive(Debug, Default)]
pub struct Shared {
    /// Devices by token.
    players: Mutex<HashMap<String, Known>>,
    /// Screen names by public id.
    names: Mutex<HashMap<String, String>>,
    /// The words of rounds not yet recorded, read at start: each round's,
    /// by player, in the order found. Taken by the round's clock.
    kept: Mutex<HashMap<RoundKey, HashMap<String, Vec<String>>>>,
    /// Each game and language's leaderboards, as the last round left them.
    boards: Mutex<HashMap<(String, String), Boards>>,
}

fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Shared {
    /// The device of `token`, if it entered before.
    pub fn known(&self, token: &str) -> Option<Known> {
        locked(&self.players).get(token).cloned()
    }

    /// The screen name of public id `player`.
    pub fn name_of(&self, player: &str) -> Option<String> {
        locked(&self.names).get(player).cloned()
    }

    /// Remembers a device (the writer keeps it in the file).
    pub(crate) fn remember(&self, token: &str, known: Known) {
        locked(&self.names).insert(known.player.clone(), known.name.clone());
        locked(&self.players).insert(token.to_string(), known);
    }

    /// The words kept of `round` (once: the clock that plays it takes them).
    pub fn take_kept(&self, round: &RoundKey) -> HashMap<String, Vec<String>> {
        locked(&self.kept).remove(round).unwrap_or_default()
    }

    /// The rounds whose words were kept and not yet taken.
    pub fn kept_rounds(&self) -> Vec<RoundKey> {
        locked(&self.kept).keys().cloned().collect()
    }

    /// The leaderboards of `game` and `lang` (none before its first round).
    pub fn boards(&self, game: &str, lang: &str) -> Arc<Vec<Leaderboard>> {
        locked(&self.boards)
            .get(&(game.to_string(), lang.to_string()))
            .cloned()
            .unwrap_or_default()
    }
}

/// Reads what the server keeps in memory from the file.
pub(super) fn load(conn: &Connection, shared: &Shared, now: Millis) -> rusqlite::Result<()> {
    {
        let mut q = conn.prepare("SELECT token, player, name FROM arena_players")?;
        let mut rows = q.query([])?;
        while let Some(r) = rows.next()? {
            let token: String = r.get(0)?;
            let known = Known {
                player: r.get(1)?,
                name: r.get(2)?,
            };
            shared.remember(&token, known);
        }
    }
    {
        let mut kept = locked(&shared.kept);
        let mut q = conn.prepare(
            "SELECT game, lang, start, player, word FROM arena_words ORDER BY game, lang, start, player, seq",
        )?;
        let mut rows = q.query([])?;
        while let Some(r) = rows.next()? {
            let round = RoundKey {
                game: r.get(0)?,
                lang: r.get(1)?,
                start: r.get(2)?,
            };
            let words = kept.entry(round).or_default();
            words.entry(r.get(3)?).or_default().push(r.get(4)?);
        }
    }
    let mut q = conn.prepare("SELECT DISTINCT game, lang FROM arena_windows")?;
    let pairs: Vec<(String, String)> = q
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (game, lang) in pairs {
        let boards = read_boards(conn, &game, &lang, now)?;
        locked(&shared.boards).insert((game, lang), Arc::new(boards));
    }
    Ok(())
}

/// Applies one change in the writer's transaction.
pub(super) fn apply(
    tx: &rusqlite::Transaction,
    write: ArenaWrite,
    shared: &Shared,
) -> rusqlite::Result<()> {
    match write {
        ArenaWrite::Player {
            player,
            token,
            name,
        } => tx
            .prepare_cached(
                "INSERT INTO arena_players (player, token, name, since) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (player) DO UPDATE SET name = excluded.name",
            )?
            .execute(params![player, token, name, super::now_ms()])
            .map(drop),
        ArenaWrite::Word {
            round,
            player,
            seq,
            word,
        } => tx
            .prepare_cached(
                "INSERT INTO arena_words (game, lang, start, player, seq, word) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT DO NOTHING",
            )?
            .execute(params![round.game, round.lang, round.start, player, seq, word])
            .map(drop),
        ArenaWrite::Results { round, played } => {
            // All of a round or none of it, whatever else the batch holds.
            tx.execute_batch("SAVEPOINT arena_round")?;
            match results(tx, &round, &played, shared) {
                Ok(()) => tx.execute_batch("RELEASE arena_round"),
                Err(e) => {
                    tx.execute_batch("ROLLBACK TO arena_round; RELEASE arena_round")?;
                    Err(e)
                }
            }
        }
    }
}

/// Records a round's results once (a round already in arena_results, from
/// another instance sharing the store or a restart that recorded it, is
/// not added twice), lets its kept words go, and reads the leaderboards
/// again.
fn results(
    tx: &rusqlite::Transaction,
    round: &RoundKey,
    played: &[Played],
    shared: &Shared,
) -> rusqlite::Result<()> {
    let done: i64 = tx.query_row(
        "SELECT COUNT(*) FROM arena_results WHERE game = ?1 AND lang = ?2 AND start = ?3",
        params![round.game, round.lang, round.start],
        |r| r.get(0),
    )?;
    if done == 0 {
        leaderboard::record(tx, &round.game, &round.lang, round.start, played)?;
    } else {
        leaderboard::advance(tx, &round.game, &round.lang, round.start)?;
    }
    tx.execute(
        "DELETE FROM arena_words WHERE game = ?1 AND lang = ?2 AND start = ?3",
        params![round.game, round.lang, round.start],
    )?;
    let boards = read_boards(tx, &round.game, &round.lang, round.start)?;
    locked(&shared.boards).insert((round.game.clone(), round.lang.clone()), Arc::new(boards));
    Ok(())
}

/// Every leaderboard of `game` and `lang` at `now`, with screen names.
fn read_boards(
    conn: &Connection,
    game: &str,
    lang: &str,
    now: Millis,
) -> rusqlite::Result<Vec<Leaderboard>> {
    let mut name = conn.prepare_cached("SELECT name FROM arena_players WHERE player = ?1")?;
    let mut boards = Vec::new();
    for period in Period::ALL {
        for by in [By::Total, By::Average, By::Best] {
            let entries = leaderboard::top(conn, game, lang, period, by, now, BOARD_LINES)?
                .into_iter()
                .map(|e| {
                    let shown: String = name
                        .query_row([&e.player], |r| r.get(0))
                        .unwrap_or_else(|_| e.player.clone());
                    Standing {
                        name: shown,
                        value: e.value,
                    }
                })
                .collect();
            boards.push(Leaderboard {
                period: period.key().to_string(),
                by: by.key().to_string(),
                entries,
            });
        }
    }
    Ok(boards)
}
