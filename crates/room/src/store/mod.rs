//! The rooms kept outside the process, so a restart (a deploy, a crash,
//! `kill -9`) ends no round: an embedded SQLite file in WAL mode, its
//! schema in `migrations/`.
//!
//! Rooms change under their own locks, many times a second; none of them
//! waits for the disk. Each change is handed to one writer thread as a
//! [`Write`], and the writer commits whatever has queued up in one
//! transaction, at once. The verdict on a word judged new waits for that
//! commit (on the connection's task, no lock held), so a word a player was
//! told counts is never lost. With `synchronous = NORMAL` a commit in WAL
//! mode survives the process dying at any point (only the machine losing
//! power can lose the last few), and costs no `fsync`.
//!
//! At start [`Store::open`] reads back what was kept ([`Saved`]); the
//! server rebuilds each room from it (`db.rs`), rolling each round on
//! again from its settings and seed.

use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OpenFlags};

mod arena;
pub mod leaderboard;
mod saved;

pub(crate) use arena::ArenaWrite;
pub use arena::{Known, RoundKey, Shared};
pub use saved::{Saved, SavedRound, SavedSeat};

/// The schema, one step a file, applied in order; `PRAGMA user_version`
/// counts the steps a file has had.
const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/0001_rooms.sql"),
    include_str!("../../migrations/0002_arena.sql"),
    include_str!("../../migrations/0003_arena_play.sql"),
    include_str!("../../migrations/0004_arena_groups.sql"),
];

/// The most changes one transaction takes.
const BATCH: usize = 4096;

/// Why the store cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused it (not a database, no permission, a disk error).
    #[error("the room store {path}: {source}")]
    Sqlite {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// Another server has it open (each instance keeps a file of its own).
    #[error("the room store {0} is in use by another server (give each instance its own --store)")]
    Busy(PathBuf),
    /// A newer version of this program wrote it.
    #[error("the room store {path} has schema version {found}; this program knows up to {known} (a newer boggle-room wrote it)")]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: i64,
        /// Ours.
        known: i64,
    },
    /// Its directory could not be made.
    #[error("cannot make the directory for the room store {path}: {source}")]
    Directory {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// One change to a room, as the writer applies it.
#[derive(Debug)]
pub(crate) enum Write {
    /// A room's row and all its seats, as they are now.
    Room(Saved),
    /// A round began: the room's round, and no words yet.
    Round { room: String, round: SavedRound },
    /// A seat found a new word in round `round`.
    Word {
        room: String,
        round: u32,
        seat: u32,
        word: String,
    },
    /// The room closed.
    Closed(String),
    /// A change to the arena.
    Arena(ArenaWrite),
    /// Answers once everything before it is committed.
    Kept(tokio::sync::oneshot::Sender<()>),
}

/// Where rooms are kept: a handle every room holds (cheap to clone). A
/// store in memory keeps nothing.
#[derive(Clone, Debug, Default)]
pub struct Store {
    writer: Option<mpsc::Sender<Write>>,
    /// What the server keeps in memory of the arena's part.
    pub arena: Arc<Shared>,
}

impl Store {
    /// A store that keeps nothing: rooms live in memory only.
    pub fn memory() -> Store {
        Store::default()
    }

    /// Opens (or creates) the file at `path`, brings its schema up to date
    /// and reads back the rooms kept in it; then starts its writer. Only
    /// one server may have a file open.
    pub fn open(path: &Path) -> Result<(Store, Vec<Saved>), StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Directory {
                path: path.to_owned(),
                source,
            })?;
        }
        let sqlite = |source| StoreError::Sqlite {
            path: path.to_owned(),
            source,
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut conn = Connection::open_with_flags(path, flags).map_err(sqlite)?;
        set_up(&conn).map_err(|e| match busy(&e) {
            true => StoreError::Busy(path.to_owned()),
            false => sqlite(e),
        })?;
        migrate(&mut conn, path)?;
        let saved = saved::load(&conn).map_err(sqlite)?;
        let shared = Arc::new(Shared::default());
        arena::load(&conn, &shared, now_ms()).map_err(sqlite)?;
        let (writer, queue) = mpsc::channel();
        let name = path.display().to_string();
        let writing = shared.clone();
        std::thread::Builder::new()
            .name("room-store".into())
            .spawn(move || write_all(conn, queue, &name, &writing))
            .map_err(|e| StoreError::Directory {
                path: path.to_owned(),
                source: e,
            })?;
        Ok((
            Store {
                writer: Some(writer),
                arena: shared,
            },
            saved,
        ))
    }

    /// Whether it keeps anything.
    pub fn keeps(&self) -> bool {
        self.writer.is_some()
    }

    pub(crate) fn write(&self, write: Write) {
        if let Some(writer) = &self.writer {
            // The writer outlives every room; if it ever stopped, its
            // error was logged.
            let _ = writer.send(write);
        }
    }

    /// What answers once every change handed over so far is committed
    /// (`None` for a store that keeps nothing): a verdict on a new word
    /// waits for it, so a word a player was told counts survives a crash.
    pub(crate) fn kept(&self) -> Option<tokio::sync::oneshot::Receiver<()>> {
        self.writer.as_ref()?;
        let (done, kept) = tokio::sync::oneshot::channel();
        self.write(Write::Kept(done));
        Some(kept)
    }
}

/// Milliseconds since 1970, as the store keeps times.
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

fn busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

/// WAL, commits that survive the process (not a power cut) without an
/// fsync each, foreign keys, and the file held by this process alone (a
/// second server on the same file fails here rather than restoring the
/// same rooms).
fn set_up(conn: &Connection) -> rusqlite::Result<()> {
    conn.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // Takes the exclusive lock now, not at the first write.
    conn.execute_batch("BEGIN EXCLUSIVE; COMMIT;")
}

/// Applies the migrations the file has not had, each in its transaction.
fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let sqlite = |source| StoreError::Sqlite {
        path: path.to_owned(),
        source,
    };
    let known = MIGRATIONS.len() as i64;
    let found: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(sqlite)?;
    if found > known {
        return Err(StoreError::Newer {
            path: path.to_owned(),
            found,
            known,
        });
    }
    for (i, step) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        let tx = conn.transaction().map_err(sqlite)?;
        tx.execute_batch(step).map_err(sqlite)?;
        tx.pragma_update(None, "user_version", i as i64 + 1)
            .map_err(sqlite)?;
        tx.commit().map_err(sqlite)?;
    }
    Ok(())
}

/// The writer: takes what has queued, commits it in one transaction, and
/// waits for more, until every handle is gone.
fn write_all(mut conn: Connection, queue: mpsc::Receiver<Write>, name: &str, shared: &Shared) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match queue.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        let mut done = Vec::new();
        if let Err(e) = commit(&mut conn, batch, &mut done, name, shared) {
            tracing::error!(store = name, error = %e, "the room store could not commit");
        }
        for d in done {
            let _ = d.send(());
        }
    }
}

/// Commits `batch` in one transaction. A change SQLite refuses is logged
/// and skipped (a failed statement undoes only itself): the others stand.
fn commit(
    conn: &mut Connection,
    batch: Vec<Write>,
    done: &mut Vec<tokio::sync::oneshot::Sender<()>>,
    name: &str,
    shared: &Shared,
) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    for write in batch {
        if let Err(e) = apply(&tx, write, done, shared) {
            tracing::error!(store = name, error = %e, "the room store could not keep a change");
        }
    }
    tx.commit()
}

fn apply(
    tx: &rusqlite::Transaction,
    write: Write,
    done: &mut Vec<tokio::sync::oneshot::Sender<()>>,
    shared: &Shared,
) -> rusqlite::Result<()> {
    match write {
        Write::Room(room) => saved::save(tx, &room),
        Write::Round { room, round } => saved::save_round(tx, &room, &round),
        Write::Word {
            room,
            round,
            seat,
            word,
        } => tx
            .prepare_cached(
                "INSERT OR IGNORE INTO words (room, round, seat, word) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![room, round, seat, word])
            .map(drop),
        Write::Closed(code) => tx
            .prepare_cached("DELETE FROM rooms WHERE code = ?1")?
            .execute([code])
            .map(drop),
        Write::Arena(write) => arena::apply(tx, write, shared),
        Write::Kept(d) => {
            done.push(d);
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::Settings;

    fn room(code: &str) -> Saved {
        Saved {
            code: code.into(),
            settings: Settings::default(),
            host: 1,
            next_seat: 3,
            rounds: 2,
            creator: "192.0.2.7".parse().unwrap(),
            last_results: Some("{\"type\":\"results\"}".into()),
            seats: vec![SavedSeat {
                id: 1,
                name: "Ann".into(),
                token: "t1".into(),
                watch: false,
                total: 17,
                left: false,
                words: vec![],
            }],
            round: None,
        }
    }

    /// Opens `file` once the writer of the last handle let it go.
    fn reopen(file: &Path) -> Result<(Store, Vec<Saved>), StoreError> {
        let t = std::time::Instant::now();
        loop {
            match Store::open(file) {
                Err(StoreError::Busy(_)) if t.elapsed().as_secs() < 5 => {
                    std::thread::sleep(std::time::Duration::from_millis(10))
                }
                other => return other,
            }
        }
    }

    #[test]
    fn what_is_written_reads_back_and_a_closed_room_is_gone() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("deep/er/rooms.db");
        let (store, saved) = Store::open(&file).unwrap();
        assert!(saved.is_empty() && store.keeps());
        let mut on = room("AAAAAAAA");
        let round = SavedRound {
            number: 2,
            settings: Settings::default(),
            seed: u64::MAX - 5,
            seconds: 180,
            ends_at: 1_800_000_000_000,
        };
        // As a room does it: its row when it opens, its round when it
        // begins, its row again (with the round on).
        store.write(Write::Room(on.clone()));
        on.round = Some(round.clone());
        store.write(Write::Round {
            room: on.code.clone(),
            round: round.clone(),
        });
        store.write(Write::Room(on.clone()));
        for word in ["tone", "note", "tone"] {
            store.write(Write::Word {
                room: on.code.clone(),
                round: 2,
                seat: 1,
                word: word.into(),
            });
        }
        store.write(Write::Room(room("BBBBBBBB")));
        store.write(Write::Closed("BBBBBBBB".into()));
        store.kept().unwrap().blocking_recv().unwrap();
        drop(store);
        let (_store, saved) = reopen(&file).unwrap();
        let mut expected = on;
        expected.seats[0].words = vec!["tone".into(), "note".into()];
        assert_eq!(saved, vec![expected]);
    }

    #[test]
    fn a_store_from_a_newer_program_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("rooms.db");
        drop(Store::open(&file).unwrap());
        drop(reopen(&file).unwrap());
        // (The second writer may still hold it a moment: wait it out.)
        let t = std::time::Instant::now();
        while Connection::open(&file)
            .and_then(|c| c.pragma_update(None, "user_version", 99))
            .is_err()
        {
            assert!(t.elapsed().as_secs() < 5);
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        match reopen(&file) {
            Err(StoreError::Newer {
                found: 99, known, ..
            }) => assert_eq!(known, MIGRATIONS.len() as i64),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_store_of_the_first_schema_gains_the_arena() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("rooms.db");
        {
            let c = Connection::open(&file).unwrap();
            c.execute_batch(MIGRATIONS[0]).unwrap();
            c.pragma_update(None, "user_version", 1).unwrap();
        }
        drop(Store::open(&file).unwrap());
        let c = Connection::open(&file).unwrap();
        let version: i64 = c
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, MIGRATIONS.len() as i64);
        let tables: i64 = c
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name LIKE 'arena_%'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 7);
    }
}
