//! A room as the store keeps it, and the SQL that writes and reads it.

use std::collections::HashMap;
use std::net::IpAddr;

use rusqlite::{params, Connection, OptionalExtension};

use crate::frame::Settings;

/// A room as kept: what a restarted server rebuilds it from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// Its code.
    pub code: String,
    /// The settings for the next round.
    pub settings: Settings,
    /// The seat that hosts.
    pub host: u32,
    /// The id the next seat gets.
    pub next_seat: u32,
    /// Rounds played, counting one on.
    pub rounds: u32,
    /// The client address that created it.
    pub creator: IpAddr,
    /// The last round's results frame, as sent.
    pub last_results: Option<String>,
    /// Its seats, in the order they came.
    pub seats: Vec<SavedSeat>,
    /// The round on its board, if one is on (read back; a round is written
    /// when it begins, by its own [`super::Write::Round`]).
    pub round: Option<SavedRound>,
}

/// A seat as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedSeat {
    /// Its id in the room.
    pub id: u32,
    /// Its player's name.
    pub name: String,
    /// Whoever holds it holds the seat.
    pub token: String,
    /// A watcher, not a player.
    pub watch: bool,
    /// Its points over the room's rounds.
    pub total: u64,
    /// Its player left during a round (the seat stays for its words).
    pub left: bool,
    /// Its words in the round on, in the order found (read back; each is
    /// written as it is judged).
    pub words: Vec<String>,
}

/// A round as kept: its board comes back from its settings and seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedRound {
    /// Its number in the room.
    pub number: u32,
    /// The settings it was rolled from.
    pub settings: Settings,
    /// The seed it was rolled from.
    pub seed: u64,
    /// How long it lasts.
    pub seconds: u32,
    /// When it ends, in milliseconds since 1970 (the clock runs on while
    /// the server is down).
    pub ends_at: i64,
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("settings serialize")
}

/// Writes `room`'s row and replaces its seats.
pub(super) fn save(tx: &Connection, room: &Saved) -> rusqlite::Result<()> {
    let playing = room.round.as_ref().map(|r| r.number);
    tx.prepare_cached(
        "INSERT INTO rooms (code, settings, host, next_seat, rounds, playing, creator, last_results, saved_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (code) DO UPDATE SET settings = ?2, host = ?3, next_seat = ?4, rounds = ?5,
           playing = ?6, creator = ?7, last_results = ?8, saved_at = ?9",
    )?
    .execute(params![
        room.code,
        json(&room.settings),
        room.host,
        room.next_seat,
        room.rounds,
        playing,
        room.creator.to_string(),
        room.last_results,
        super::now_ms(),
    ])?;
    tx.prepare_cached("DELETE FROM seats WHERE room = ?1")?
        .execute([&room.code])?;
    let mut insert = tx.prepare_cached(
        "INSERT INTO seats (room, id, name, token, watch, total, left_room) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for s in &room.seats {
        insert.execute(params![
            room.code,
            s.id,
            s.name,
            s.token,
            s.watch,
            s.total as i64,
            s.left
        ])?;
    }
    Ok(())
}

/// Writes the round that began in `room`, and forgets the words of the
/// one before.
pub(super) fn save_round(tx: &Connection, room: &str, round: &SavedRound) -> rusqlite::Result<()> {
    tx.prepare_cached("DELETE FROM words WHERE room = ?1")?
        .execute([room])?;
    tx.prepare_cached(
        "INSERT OR REPLACE INTO rounds (room, number, settings, seed, seconds, ends_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        room,
        round.number,
        json(&round.settings),
        // SQLite's integers are signed: the seed's bits, as they are.
        round.seed as i64,
        round.seconds,
        round.ends_at
    ])
    .map(drop)
}

/// Every room kept, with its seats and, for a room whose round is on, the
/// round and each seat's words in it. A row this program cannot read is
/// logged and left out.
pub(super) fn load(conn: &Connection) -> rusqlite::Result<Vec<Saved>> {
    let mut seats = seats(conn)?;
    let mut words = words(conn)?;
    let mut rooms = Vec::new();
    let mut stmt = conn.prepare(
        "SELECT code, settings, host, next_seat, rounds, playing, creator, last_results FROM rooms ORDER BY saved_at",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let code: String = row.get(0)?;
        let settings: String = row.get(1)?;
        let creator: String = row.get(6)?;
        let playing: Option<u32> = row.get(5)?;
        let (Ok(settings), Ok(creator)) = (serde_json::from_str(&settings), creator.parse()) else {
            tracing::warn!(room = %code, "a kept room could not be read; left out");
            continue;
        };
        let round = match playing {
            Some(number) => round(conn, &code, number)?,
            None => None,
        };
        let mut room_seats = seats.remove(&code).unwrap_or_default();
        if let Some(round) = &round {
            for seat in &mut room_seats {
                seat.words = words
                    .remove(&(code.clone(), round.number, seat.id))
                    .unwrap_or_default();
            }
        }
        rooms.push(Saved {
            code,
            settings,
            host: row.get(2)?,
            next_seat: row.get(3)?,
            rounds: row.get(4)?,
            creator,
            last_results: row.get(7)?,
            seats: room_seats,
            round,
        });
    }
    Ok(rooms)
}

/// Every room's seats, in the order they came.
fn seats(conn: &Connection) -> rusqlite::Result<HashMap<String, Vec<SavedSeat>>> {
    let mut by_room: HashMap<String, Vec<SavedSeat>> = HashMap::new();
    let mut stmt = conn.prepare(
        "SELECT room, id, name, token, watch, total, left_room FROM seats ORDER BY room, id",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        by_room.entry(row.get(0)?).or_default().push(SavedSeat {
            id: row.get(1)?,
            name: row.get(2)?,
            token: row.get(3)?,
            watch: row.get(4)?,
            total: row.get::<_, i64>(5)? as u64,
            left: row.get(6)?,
            words: Vec::new(),
        });
    }
    Ok(by_room)
}

/// Every seat's words by room, round and seat, in the order found.
fn words(conn: &Connection) -> rusqlite::Result<HashMap<(String, u32, u32), Vec<String>>> {
    let mut by_seat: HashMap<(String, u32, u32), Vec<String>> = HashMap::new();
    let mut stmt = conn.prepare("SELECT room, round, seat, word FROM words ORDER BY rowid")?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        by_seat
            .entry((row.get(0)?, row.get(1)?, row.get(2)?))
            .or_default()
            .push(row.get(3)?);
    }
    Ok(by_seat)
}

/// The round numbered `number` in `room`, if kept and readable.
fn round(conn: &Connection, room: &str, number: u32) -> rusqlite::Result<Option<SavedRound>> {
    let row = conn
        .query_row(
            "SELECT settings, seed, seconds, ends_at FROM rounds WHERE room = ?1 AND number = ?2",
            params![room, number],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, u32>(2)?,
                    r.get::<_, i64>(3)?,
                ))
            },
        )
        .optional()?;
    Ok(row.and_then(|(settings, seed, seconds, ends_at)| {
        let settings = serde_json::from_str(&settings).ok()?;
        Some(SavedRound {
            number,
            settings,
            seed: seed as u64,
            seconds,
            ends_at,
        })
    }))
}
