//! The rooms and the arena kept outside the process, so a restart (a
//! deploy, a crash, `kill -9`) ends no round: an embedded SQLite file in
//! WAL mode, its schema in `migrations/`; and, for the arena of several
//! instances, a PostgreSQL server they share (`--database`), with the
//! arena's part of the same schema.
//!
//! Rooms and arenas change under their own locks, many times a second;
//! none of them waits for the disk. Each change is handed to a writer
//! thread as a [`Write`], and the writer commits whatever has queued up in
//! one transaction, at once. The verdict on a word judged new waits for
//! that commit (on the connection's task, no lock held), so a word a
//! player was told counts is never lost. With `synchronous = NORMAL` a
//! commit in WAL mode survives the process dying at any point (only the
//! machine losing power can lose the last few), and costs no `fsync`.
//!
//! A room lives on the instance its players are connected to, so rooms
//! stay in that instance's own file even when the arena's store is
//! shared. With a shared store, a second connection reads what other
//! instances wrote ([`Store::read`]): a device or a friends' board first
//! seen elsewhere, the words of the round's players elsewhere, the
//! leaderboards after a round recorded elsewhere.
//!
//! At start [`Store::open`] reads back what was kept ([`Saved`]); the
//! server rebuilds each room from it (`db.rs`), rolling each round on
//! again from its settings and seed.

use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OpenFlags};

mod arena;
pub mod daily;
pub mod leaderboard;
mod pg;
mod saved;
pub mod sql;

pub(crate) use arena::{
    catch_up_boards, group_boards, read_device, read_group, round_words, ArenaWrite,
};
pub use arena::{Known, RoundKey, Shared};
pub use pg::redacted;
pub use saved::{Saved, SavedRound, SavedSeat};
use sql::{Sql, SqlError};

/// The schema, one step a file, applied in order; `PRAGMA user_version`
/// counts the steps a file has had (PostgreSQL: `boggle_room_schema`).
const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/0001_rooms.sql"),
    include_str!("../../migrations/0002_arena.sql"),
    include_str!("../../migrations/0003_arena_play.sql"),
    include_str!("../../migrations/0004_arena_groups.sql"),
    include_str!("../../migrations/0005_arena_daily.sql"),
    include_str!("../../migrations/0006_arena_word_source.sql"),
];

/// The steps of [`MIGRATIONS`] that are the arena's (a shared store holds
/// the arena only).
const ARENA_FROM: usize = 1;

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
        source: SqlError,
    },
    /// PostgreSQL refused (no server there, a wrong password, no right to
    /// create the tables).
    #[error("the arena's database {url}: {source}")]
    Postgres {
        /// The database, without its password.
        url: String,
        /// What PostgreSQL said.
        source: SqlError,
    },
    /// Another server has it open (each instance keeps a file of its own).
    #[error("the room store {0} is in use by another server (give each instance its own --store)")]
    Busy(PathBuf),
    /// A newer version of this program wrote it.
    #[error("the room store {store} has schema version {found}; this program knows up to {known} (a newer boggle-room wrote it)")]
    Newer {
        /// The file or database.
        store: String,
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
    /// A read, once everything before it is committed.
    Read(Read),
}

impl std::fmt::Debug for Read {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Read")
    }
}

/// A read of the store: on the shared store's reading connection, or on
/// the file's writer.
pub(crate) struct Read(Box<ReadFn>);

/// What a [`Read`] runs.
type ReadFn = dyn FnOnce(&mut Sql, &Shared) + Send;

/// Where rooms and the arena are kept: a handle every room holds (cheap to
/// clone). A store in memory keeps nothing.
#[derive(Clone, Debug, Default)]
pub struct Store {
    /// The writer of the rooms' file.
    rooms: Option<mpsc::Sender<Write>>,
    /// The writer of the arena's store when it is not the rooms' file:
    /// PostgreSQL's.
    arena_writer: Option<mpsc::Sender<Write>>,
    /// The reading connection of a store shared with other instances.
    reader: Option<mpsc::Sender<Read>>,
    /// What the server keeps in memory of the arena's part.
    pub arena: Arc<Shared>,
}

/// Answers once every change handed over before it is committed.
pub struct Kept(Vec<tokio::sync::oneshot::Receiver<()>>);

impl Kept {
    /// Waits for it (a store that stopped answering was logged).
    pub async fn wait(self) {
        for kept in self.0 {
            let _ = kept.await;
        }
    }

    /// Waits for it on a thread outside the runtime.
    #[cfg(test)]
    fn blocking_wait(self) {
        for kept in self.0 {
            let _ = kept.blocking_recv();
        }
    }
}

impl Store {
    /// A store that keeps nothing: rooms live in memory only.
    pub fn memory() -> Store {
        Store::default()
    }

    /// Opens (or creates) the file at `path`, brings its schema up to date
    /// and reads back the rooms and the arena kept in it; then starts its
    /// writer. Only one server may have a file open.
    pub fn open(path: &Path) -> Result<(Store, Vec<Saved>), StoreError> {
        let shared = Arc::new(Shared::default());
        let (conn, saved) = open_file(path)?;
        {
            let sqlite = |source| StoreError::Sqlite {
                path: path.to_owned(),
                source,
            };
            arena::load(&mut Sql::Lite(&conn), &shared, now_ms()).map_err(sqlite)?;
        }
        let writer = spawn_writer(Backend::Lite(conn), path.display().to_string(), &shared);
        Ok((
            Store {
                rooms: Some(writer),
                arena_writer: None,
                reader: None,
                arena: shared,
            },
            saved,
        ))
    }

    /// Rooms in the file at `rooms` (none: in memory), the arena in the
    /// PostgreSQL database at `url`, which other instances may share: its
    /// schema brought up to date, what the server keeps of it read.
    pub fn open_shared(rooms: Option<&Path>, url: &str) -> Result<(Store, Vec<Saved>), StoreError> {
        let shared = Arc::new(Shared::default());
        let (rooms, saved) = match rooms {
            Some(path) => {
                let (conn, saved) = open_file(path)?;
                let w = spawn_writer(Backend::Lite(conn), path.display().to_string(), &shared);
                (Some(w), saved)
            }
            None => (None, Vec::new()),
        };
        let (arena_writer, reader) = pg::open(url, &shared)?;
        Ok((
            Store {
                rooms,
                arena_writer: Some(arena_writer),
                reader: Some(reader),
                arena: shared,
            },
            saved,
        ))
    }

    /// Whether it keeps rooms.
    pub fn keeps(&self) -> bool {
        self.rooms.is_some()
    }

    /// Whether the arena's store is shared with other instances (so that
    /// what they wrote is to be read).
    pub fn shared(&self) -> bool {
        self.reader.is_some()
    }

    pub(crate) fn write(&self, write: Write) {
        let writer = match write {
            Write::Arena(_) => self.arena_writer.as_ref().or(self.rooms.as_ref()),
            _ => self.rooms.as_ref(),
        };
        if let Some(writer) = writer {
            // The writer outlives every room; if it ever stopped, its
            // error was logged.
            let _ = writer.send(write);
        }
    }

    /// What answers once every change handed over so far is committed
    /// (`None` for a store that keeps nothing): a verdict on a new word
    /// waits for it, so a word a player was told counts survives a crash.
    pub(crate) fn kept(&self) -> Option<Kept> {
        let mut kept = Vec::new();
        for writer in [&self.rooms, &self.arena_writer].into_iter().flatten() {
            let (done, answer) = tokio::sync::oneshot::channel();
            if writer.send(Write::Kept(done)).is_ok() {
                kept.push(answer);
            }
        }
        (!kept.is_empty()).then_some(Kept(kept))
    }

    /// Runs `f` on the store: on the reading connection of a store shared
    /// with other instances, else on the file's writer once what was
    /// handed over before is committed. `None` for a store in memory, or a
    /// read that failed (logged).
    pub(crate) async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Sql, &Shared) -> Result<T, SqlError> + Send + 'static,
    ) -> Option<T> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let read = Read(Box::new(move |sql, shared| {
            let _ = answer.send(f(sql, shared));
        }));
        match (
            &self.reader,
            self.arena_writer.as_ref().or(self.rooms.as_ref()),
        ) {
            (Some(reader), _) => reader.send(read).ok()?,
            (None, Some(writer)) => writer.send(Write::Read(read)).ok()?,
            (None, None) => return None,
        }
        match answered.await {
            Ok(Ok(v)) => Some(v),
            Ok(Err(e)) => {
                tracing::error!(error = %e, "the arena's store could not be read");
                None
            }
            Err(_) => None,
        }
    }

    /// Whether the arena is kept anywhere (not in memory only).
    pub fn keeps_arena(&self) -> bool {
        self.arena_writer.is_some() || self.rooms.is_some()
    }
}

/// Milliseconds since 1970, as the store keeps times.
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Opens the SQLite file at `path` for this process alone, its schema up
/// to date, and reads back its rooms.
fn open_file(path: &Path) -> Result<(Connection, Vec<Saved>), StoreError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::Directory {
            path: path.to_owned(),
            source,
        })?;
    }
    let sqlite = |source: rusqlite::Error| StoreError::Sqlite {
        path: path.to_owned(),
        source: source.into(),
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
    Ok((conn, saved))
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
    let sqlite = |source: rusqlite::Error| StoreError::Sqlite {
        path: path.to_owned(),
        source: source.into(),
    };
    let known = MIGRATIONS.len() as i64;
    let found: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(sqlite)?;
    if found > known {
        return Err(StoreError::Newer {
            store: path.display().to_string(),
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

/// The connection a writer commits on.
enum Backend {
    Lite(Connection),
    Pg(Box<pg::Pg>),
}

impl Backend {
    /// Runs `f` in one transaction, committed if it succeeds.
    fn transaction(
        &mut self,
        f: &mut dyn FnMut(&mut Sql) -> Result<(), SqlError>,
    ) -> Result<(), SqlError> {
        match self {
            Backend::Lite(conn) => {
                let tx = conn.transaction()?;
                f(&mut Sql::Lite(&tx))?;
                Ok(tx.commit()?)
            }
            Backend::Pg(pg) => pg.transaction(f),
        }
    }
}

/// Starts the writer of `backend`.
fn spawn_writer(backend: Backend, name: String, shared: &Arc<Shared>) -> mpsc::Sender<Write> {
    let (writer, queue) = mpsc::channel();
    let writing = shared.clone();
    std::thread::Builder::new()
        .name("room-store".into())
        .spawn(move || write_all(backend, queue, &name, &writing))
        .expect("a thread for the store's writer");
    writer
}

/// The writer: takes what has queued, commits it in one transaction, and
/// waits for more, until every handle is gone.
fn write_all(mut backend: Backend, queue: mpsc::Receiver<Write>, name: &str, shared: &Shared) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match queue.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        let (mut done, mut reads) = (Vec::new(), Vec::new());
        let writes: Vec<Write> = batch
            .into_iter()
            .filter_map(|w| match w {
                Write::Kept(d) => {
                    done.push(d);
                    None
                }
                Write::Read(r) => {
                    reads.push(r);
                    None
                }
                w => Some(w),
            })
            .collect();
        commit(&mut backend, &writes, name, shared);
        for d in done {
            let _ = d.send(());
        }
        for Read(read) in reads {
            let mut read = Some(read);
            // (A read that fails answers its error.)
            let _ = backend.transaction(&mut |sql| {
                if let Some(read) = read.take() {
                    read(sql, shared);
                }
                Ok(())
            });
        }
    }
}

/// Commits `writes` in one transaction. If the store refuses one, the
/// batch is undone and each change committed on its own: the refused one
/// is logged and lost, the others stand.
fn commit(backend: &mut Backend, writes: &[Write], name: &str, shared: &Shared) {
    let all = backend.transaction(&mut |sql| {
        for write in writes {
            apply(sql, write, shared)?;
        }
        Ok(())
    });
    let Err(e) = all else { return };
    tracing::debug!(store = name, error = %e, "a batch undone: its changes one by one");
    for write in writes {
        if let Err(e) = backend.transaction(&mut |sql| apply(sql, write, shared)) {
            tracing::error!(store = name, error = %e, "the room store could not keep a change");
        }
    }
}

/// The SQLite file a room's change is written to.
fn rooms<'a>(sql: &Sql<'a>) -> Result<&'a Connection, SqlError> {
    match sql {
        Sql::Lite(c) => Ok(c),
        Sql::Pg(_) => Err(SqlError::Type("rooms are kept in the SQLite file".into())),
    }
}

fn apply(sql: &mut Sql, write: &Write, shared: &Shared) -> Result<(), SqlError> {
    match write {
        Write::Room(room) => Ok(saved::save(rooms(sql)?, room)?),
        Write::Round { room, round } => Ok(saved::save_round(rooms(sql)?, room, round)?),
        Write::Word {
            room,
            round,
            seat,
            word,
        } => Ok(rooms(sql)?
            .prepare_cached(
                "INSERT OR IGNORE INTO words (room, round, seat, word) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![room, round, seat, word])
            .map(drop)?),
        Write::Closed(code) => Ok(rooms(sql)?
            .prepare_cached("DELETE FROM rooms WHERE code = ?1")?
            .execute([code])
            .map(drop)?),
        Write::Arena(write) => arena::apply(sql, write, shared),
        Write::Kept(_) | Write::Read(_) => Ok(()),
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
        store.kept().unwrap().blocking_wait();
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
        assert_eq!(tables, 9);
    }
}
