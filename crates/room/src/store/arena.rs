//! The arena in the store: its players (a device's token, its public id and
//! screen name), each word accepted in a round still in play, and each
//! round's results recorded into the leaderboards
//! ([`crate::arena::leaderboard`]) at its end. What the server needs of
//! them is read at start and kept in memory ([`Shared`]), and the
//! leaderboards are read again after each round a game and language
//! records, so that serving them asks nothing of the file.

use std::collections::{HashMap, HashSet};
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
    /// A new friends' board.
    Group { code: String },
    /// A player entered with a friends' board's code.
    Member { code: String, player: String },
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
    /// The start of each game and language's last round recorded: the
    /// leaderboards are as of that round.
    through: Mutex<HashMap<(String, String), Millis>>,
    /// Friends' boards: each group's members, by its code.
    groups: Mutex<HashMap<String, HashSet<String>>>,
    /// Each group's leaderboards by game and language (game, lang, code).
    group_boards: Mutex<HashMap<(String, String, String), Boards>>,
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

    /// How many players the friends' board `code` has, if there is one.
    pub fn group_size(&self, code: &str) -> Option<usize> {
        locked(&self.groups).get(code).map(HashSet::len)
    }

    /// Whether `player` is a member of the group `code`.
    pub fn in_group(&self, code: &str, player: &str) -> bool {
        locked(&self.groups)
            .get(code)
            .is_some_and(|m| m.contains(player))
    }

    /// Opens the friends' board `code` (the writer keeps it in the file).
    pub(crate) fn open_group(&self, code: &str) {
        locked(&self.groups).entry(code.to_string()).or_default();
    }

    /// Makes `player` a member of the group `code`: whether they were not one.
    pub(crate) fn join_group(&self, code: &str, player: &str) -> bool {
        locked(&self.groups)
            .entry(code.to_string())
            .or_default()
            .insert(player.to_string())
    }

    /// The groups with any of `players` among their members (a look-up a
    /// member: a round's players may be thousands, and so may the groups).
    fn groups_of(&self, players: &[Played]) -> Vec<String> {
        let played: HashSet<&str> = players.iter().map(|p| p.player.as_str()).collect();
        locked(&self.groups)
            .iter()
            .filter(|(_, members)| members.iter().any(|m| played.contains(m.as_str())))
            .map(|(code, _)| code.clone())
            .collect()
    }

    /// The friends' board `code`'s leaderboards of `game` and `lang` (with
    /// no lines before a member plays a round there).
    pub fn group_boards(&self, game: &str, lang: &str, code: &str) -> Boards {
        locked(&self.group_boards)
            .get(&(game.to_string(), lang.to_string(), code.to_string()))
            .cloned()
            .unwrap_or_else(no_boards)
    }

    /// The start of the last round of `game` and `lang` the leaderboards
    /// hold (none before its first).
    pub fn through(&self, game: &str, lang: &str) -> Option<Millis> {
        locked(&self.through)
            .get(&(game.to_string(), lang.to_string()))
            .copied()
    }

    /// The leaderboards of `game` and `lang` (with no lines before its
    /// first round).
    pub fn boards(&self, game: &str, lang: &str) -> Arc<Vec<Leaderboard>> {
        locked(&self.boards)
            .get(&(game.to_string(), lang.to_string()))
            .cloned()
            .unwrap_or_else(no_boards)
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
    {
        let mut q = conn.prepare("SELECT code FROM arena_groups")?;
        let mut rows = q.query([])?;
        while let Some(r) = rows.next()? {
            shared.open_group(&r.get::<_, String>(0)?);
        }
        let mut q = conn.prepare("SELECT code, player FROM arena_members")?;
        let mut rows = q.query([])?;
        while let Some(r) = rows.next()? {
            shared.join_group(&r.get::<_, String>(0)?, &r.get::<_, String>(1)?);
        }
    }
    let codes: Vec<String> = locked(&shared.groups).keys().cloned().collect();
    for (game, lang) in pairs(conn)? {
        let boards = read_boards(conn, &game, &lang, now, None)?;
        locked(&shared.boards).insert((game.clone(), lang.clone()), Arc::new(boards));
        let last: Option<Millis> = conn.query_row(
            "SELECT MAX(start) FROM arena_results WHERE game = ?1 AND lang = ?2",
            params![game, lang],
            |r| r.get(0),
        )?;
        if let Some(last) = last {
            locked(&shared.through).insert((game.clone(), lang.clone()), last);
        }
        for code in &codes {
            group_boards(conn, shared, &game, &lang, code, now)?;
        }
    }
    Ok(())
}

/// Every game and language the arena has recorded a round of.
fn pairs(conn: &Connection) -> rusqlite::Result<Vec<(String, String)>> {
    let mut q = conn.prepare_cached("SELECT DISTINCT game, lang FROM arena_windows")?;
    let pairs = q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    pairs.collect()
}

/// Reads the group `code`'s leaderboards of `game` and `lang` again.
fn group_boards(
    conn: &Connection,
    shared: &Shared,
    game: &str,
    lang: &str,
    code: &str,
    now: Millis,
) -> rusqlite::Result<()> {
    let boards = read_boards(conn, game, lang, now, Some(code))?;
    let key = (game.to_string(), lang.to_string(), code.to_string());
    locked(&shared.group_boards).insert(key, Arc::new(boards));
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
        ArenaWrite::Group { code } => tx
            .prepare_cached("INSERT INTO arena_groups (code, since) VALUES (?1, ?2) ON CONFLICT DO NOTHING")?
            .execute(params![code, super::now_ms()])
            .map(drop),
        ArenaWrite::Member { code, player } => {
            tx.prepare_cached(
                "INSERT INTO arena_members (code, player, since) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            )?
            .execute(params![code, player, super::now_ms()])?;
            // The new member's rounds so far, on the group's boards.
            for (game, lang) in pairs(tx)? {
                group_boards(tx, shared, &game, &lang, &code, super::now_ms())?;
            }
            Ok(())
        }
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
    let boards = read_boards(tx, &round.game, &round.lang, round.start, None)?;
    locked(&shared.boards).insert((round.game.clone(), round.lang.clone()), Arc::new(boards));
    locked(&shared.through).insert((round.game.clone(), round.lang.clone()), round.start);
    for code in shared.groups_of(played) {
        group_boards(tx, shared, &round.game, &round.lang, &code, round.start)?;
    }
    Ok(())
}

/// The leaderboard of `period` ranked `by`, with its lines.
fn board(period: Period, by: By, entries: Vec<Standing>) -> Leaderboard {
    Leaderboard {
        period: period.key().to_string(),
        by: by.key().to_string(),
        period_label: period.label().to_string(),
        by_label: by.label().to_string(),
        about: format!("{}, {}.", by.about(), period.about()),
        entries,
    }
}

/// Every leaderboard with no line: what a game and language has before
/// its first round (so a page still has every board to offer).
fn no_boards() -> Boards {
    let boards = Period::ALL
        .into_iter()
        .flat_map(|p| By::ALL.map(|b| board(p, b, Vec::new())))
        .collect();
    Arc::new(boards)
}

/// Every leaderboard of `game` and `lang` at `now`, with screen names:
/// everyone's, or the group `code`'s.
fn read_boards(
    conn: &Connection,
    game: &str,
    lang: &str,
    now: Millis,
    code: Option<&str>,
) -> rusqlite::Result<Vec<Leaderboard>> {
    let mut name = conn.prepare_cached("SELECT name FROM arena_players WHERE player = ?1")?;
    let mut boards = Vec::new();
    for period in Period::ALL {
        for by in By::ALL {
            let top = match code {
                None => leaderboard::top(conn, game, lang, period, by, now, BOARD_LINES)?,
                Some(code) => {
                    leaderboard::top_of_group(conn, game, lang, period, by, now, BOARD_LINES, code)?
                }
            };
            let entries = top
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
            boards.push(board(period, by, entries));
        }
    }
    Ok(boards)
}
