//! The arena in the store: its players (a device's token, its public id and
//! screen name), each word accepted in a round still in play, and each
//! round's results recorded into the leaderboards
//! ([`crate::arena::leaderboard`]) at its end. What the server needs of
//! them is read at start and kept in memory ([`Shared`]), and the
//! leaderboards are read again after each round a game and language
//! records, so that serving them asks nothing of the file.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::daily::{self, DailyKey};
use super::leaderboard::{self, By, Millis, Period, Played};
use super::sql::{args, Sql, SqlError};
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
    /// A device began its play of a daily board.
    DailyStart { key: DailyKey, started: Millis },
    /// A word accepted in a daily play: its `seq`th.
    DailyWord {
        key: DailyKey,
        seq: u32,
        word: String,
    },
    /// A daily play's clock ran out: its result.
    DailyDone { key: DailyKey, played: Played },
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
    /// This process among the instances sharing a store: drawn at start.
    source: std::sync::OnceLock<String>,
}

fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Shared {
    /// This process's name on the words it judges (drawn once).
    fn source(&self) -> &str {
        self.source
            .get_or_init(|| crate::code::token()[..12].to_string())
    }

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

/// Reads what the server keeps in memory from the store.
pub(super) fn load(sql: &mut Sql, shared: &Shared, now: Millis) -> Result<(), SqlError> {
    for r in sql.rows("SELECT token, player, name FROM arena_players", &[])? {
        let known = Known {
            player: r.text(1)?,
            name: r.text(2)?,
        };
        shared.remember(&r.text(0)?, known);
    }
    {
        // The rounds not yet recorded (a recorded round's words stay a
        // round longer, for the instances that share the store).
        let rows = sql.rows(
            "SELECT game, lang, start, player, word FROM arena_words AS w WHERE NOT EXISTS
               (SELECT 1 FROM arena_results AS r WHERE r.game = w.game AND r.lang = w.lang AND r.start = w.start)
             ORDER BY game, lang, start, player, seq",
            &[],
        )?;
        let mut kept = locked(&shared.kept);
        for r in rows {
            let round = RoundKey {
                game: r.text(0)?,
                lang: r.text(1)?,
                start: r.int(2)?,
            };
            let words = kept.entry(round).or_default();
            words.entry(r.text(3)?).or_default().push(r.text(4)?);
        }
    }
    for r in sql.rows("SELECT code FROM arena_groups", &[])? {
        shared.open_group(&r.text(0)?);
    }
    for r in sql.rows("SELECT code, player FROM arena_members", &[])? {
        shared.join_group(&r.text(0)?, &r.text(1)?);
    }
    let codes: Vec<String> = locked(&shared.groups).keys().cloned().collect();
    for (game, lang) in pairs(sql)? {
        read_everyones(sql, shared, &game, &lang, now)?;
        for code in &codes {
            group_boards(sql, shared, &game, &lang, code, now)?;
        }
    }
    Ok(())
}

/// Reads everyone's leaderboards of `game` and `lang` again, as of the
/// last round recorded.
fn read_everyones(
    sql: &mut Sql,
    shared: &Shared,
    game: &str,
    lang: &str,
    now: Millis,
) -> Result<(), SqlError> {
    let last = last_recorded(sql, game, lang)?;
    let boards = read_boards(sql, game, lang, now, None)?;
    let key = (game.to_string(), lang.to_string());
    locked(&shared.boards).insert(key.clone(), Arc::new(boards));
    if let Some(last) = last {
        locked(&shared.through).insert(key, last);
    }
    Ok(())
}

/// The start of the last round of `game` and `lang` recorded.
fn last_recorded(sql: &mut Sql, game: &str, lang: &str) -> Result<Option<Millis>, SqlError> {
    match sql.row(
        "SELECT MAX(start) FROM arena_results WHERE game = ?1 AND lang = ?2",
        args![game, lang],
    )? {
        Some(r) => r.opt_int(0),
        None => Ok(None),
    }
}

/// Every game and language the arena has recorded a round of.
fn pairs(sql: &mut Sql) -> Result<Vec<(String, String)>, SqlError> {
    sql.rows("SELECT DISTINCT game, lang FROM arena_windows", &[])?
        .iter()
        .map(|r| Ok((r.text(0)?, r.text(1)?)))
        .collect()
}

/// Reads the group `code`'s leaderboards of `game` and `lang` again.
pub(crate) fn group_boards(
    sql: &mut Sql,
    shared: &Shared,
    game: &str,
    lang: &str,
    code: &str,
    now: Millis,
) -> Result<(), SqlError> {
    let boards = read_boards(sql, game, lang, now, Some(code))?;
    let key = (game.to_string(), lang.to_string(), code.to_string());
    locked(&shared.group_boards).insert(key, Arc::new(boards));
    Ok(())
}

/// Applies one change in the writer's transaction.
pub(super) fn apply(sql: &mut Sql, write: &ArenaWrite, shared: &Shared) -> Result<(), SqlError> {
    match write {
        ArenaWrite::Player {
            player,
            token,
            name,
        } => sql
            .run(
                "INSERT INTO arena_players (player, token, name, since) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (player) DO UPDATE SET name = excluded.name",
                args![player, token, name, super::now_ms()],
            )
            .map(drop),
        ArenaWrite::Word {
            round,
            player,
            seq,
            word,
        } => sql
            .run(
                "INSERT INTO arena_words (game, lang, start, player, seq, word, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT DO NOTHING",
                args![&round.game, &round.lang, round.start, player, *seq, word, shared.source()],
            )
            .map(drop),
        ArenaWrite::Group { code } => sql
            .run(
                "INSERT INTO arena_groups (code, since) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
                args![code, super::now_ms()],
            )
            .map(drop),
        ArenaWrite::Member { code, player } => {
            sql.run(
                "INSERT INTO arena_members (code, player, since) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
                args![code, player, super::now_ms()],
            )?;
            // The new member's rounds so far, on the group's boards.
            for (game, lang) in pairs(sql)? {
                group_boards(sql, shared, &game, &lang, code, super::now_ms())?;
            }
            Ok(())
        }
        ArenaWrite::Results { round, played } => results(sql, round, played, shared),
        ArenaWrite::DailyStart { key, started } => daily::start(sql, key, *started),
        ArenaWrite::DailyWord { key, seq, word } => daily::word(sql, key, *seq, word),
        ArenaWrite::DailyDone { key, played } => daily::done(sql, key, played),
    }
}

/// Records a round's results once (a round already in arena_results, from
/// another instance sharing the store or a restart that recorded it, is
/// not added twice), lets the rounds before it go, and reads the
/// leaderboards again: everyone's, and those of the groups of its players.
fn results(
    sql: &mut Sql,
    round: &RoundKey,
    played: &[Played],
    shared: &Shared,
) -> Result<(), SqlError> {
    let (game, lang) = (round.game.as_str(), round.lang.as_str());
    leaderboard::claim(sql, game, lang, round.start)?;
    let done = sql
        .row(
            "SELECT COUNT(*) FROM arena_results WHERE game = ?1 AND lang = ?2 AND start = ?3",
            args![game, lang, round.start],
        )?
        .map_or(Ok(0), |r| r.int(0))?;
    if done == 0 {
        leaderboard::record(sql, game, lang, round.start, played)?;
    } else {
        leaderboard::advance(sql, game, lang, round.start)?;
    }
    // The round's own words stay until the next is recorded: an instance
    // sharing the store may still be reading them.
    sql.run(
        "DELETE FROM arena_words WHERE game = ?1 AND lang = ?2 AND start < ?3",
        args![game, lang, round.start],
    )?;
    read_everyones(sql, shared, game, lang, round.start)?;
    let codes = sql.rows(
        "SELECT DISTINCT m.code FROM arena_members AS m JOIN arena_results AS r ON r.player = m.player
         WHERE r.game = ?1 AND r.lang = ?2 AND r.start = ?3",
        args![game, lang, round.start],
    )?;
    for r in codes {
        let code = r.text(0)?;
        if sql.shared() {
            // (Members who joined on another instance.)
            read_group(sql, shared, &code)?;
        }
        group_boards(sql, shared, game, lang, &code, round.start)?;
    }
    Ok(())
}

/// Reads the group `code` and its members into memory: whether it exists.
pub(crate) fn read_group(sql: &mut Sql, shared: &Shared, code: &str) -> Result<bool, SqlError> {
    if sql
        .row("SELECT code FROM arena_groups WHERE code = ?1", args![code])?
        .is_none()
    {
        return Ok(false);
    }
    shared.open_group(code);
    for r in sql.rows(
        "SELECT player FROM arena_members WHERE code = ?1",
        args![code],
    )? {
        shared.join_group(code, &r.text(0)?);
    }
    Ok(true)
}

/// Reads the device of `token` into memory, if another instance sharing
/// the store knows it.
pub(crate) fn read_device(sql: &mut Sql, shared: &Shared, token: &str) -> Result<(), SqlError> {
    if let Some(r) = sql.row(
        "SELECT player, name FROM arena_players WHERE token = ?1",
        args![token],
    )? {
        let known = Known {
            player: r.text(0)?,
            name: r.text(1)?,
        };
        shared.remember(token, known);
    }
    Ok(())
}

/// Reads everyone's leaderboards of `game` and `lang` again if another
/// instance recorded a round since this one last read them: whether it
/// did.
pub(crate) fn catch_up_boards(
    sql: &mut Sql,
    shared: &Shared,
    game: &str,
    lang: &str,
) -> Result<bool, SqlError> {
    let last = last_recorded(sql, game, lang)?;
    let behind = last.is_some() && last > shared.through(game, lang);
    if behind {
        read_everyones(sql, shared, game, lang, super::now_ms())?;
    }
    Ok(behind)
}

/// The words of `round` that other instances sharing the store judged
/// (or this one before a restart), by player, with their screen names, in
/// the order found.
pub(crate) fn round_words(
    sql: &mut Sql,
    shared: &Shared,
    round: &RoundKey,
) -> Result<HashMap<String, (String, Vec<String>)>, SqlError> {
    let rows = sql.rows(
        "SELECT w.player, p.name, w.word FROM arena_words AS w LEFT JOIN arena_players AS p ON p.player = w.player
         WHERE w.game = ?1 AND w.lang = ?2 AND w.start = ?3 AND w.source <> ?4 ORDER BY w.player, w.seq",
        args![&round.game, &round.lang, round.start, shared.source()],
    )?;
    let mut words: HashMap<String, (String, Vec<String>)> = HashMap::new();
    for r in rows {
        let player = r.text(0)?;
        let name = r.text(1).unwrap_or_else(|_| player.clone());
        words
            .entry(player)
            .or_insert_with(|| (name, Vec::new()))
            .1
            .push(r.text(2)?);
    }
    Ok(words)
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
    sql: &mut Sql,
    game: &str,
    lang: &str,
    now: Millis,
    code: Option<&str>,
) -> Result<Vec<Leaderboard>, SqlError> {
    let mut boards = Vec::new();
    for period in Period::ALL {
        for by in By::ALL {
            let top = match code {
                None => leaderboard::top(sql, game, lang, period, by, now, BOARD_LINES)?,
                Some(code) => {
                    leaderboard::top_of_group(sql, game, lang, period, by, now, BOARD_LINES, code)?
                }
            };
            let mut entries = Vec::with_capacity(top.len());
            for e in top {
                let name = sql
                    .row(
                        "SELECT name FROM arena_players WHERE player = ?1",
                        args![&e.player],
                    )?
                    .and_then(|r| r.text(0).ok());
                entries.push(Standing {
                    name: name.unwrap_or(e.player),
                    value: e.value,
                });
            }
            boards.push(board(period, by, entries));
        }
    }
    Ok(boards)
}
