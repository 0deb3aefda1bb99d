//! The arena's store on a PostgreSQL server that several instances share
//! (`--database postgres://…`): a writer connection that commits the
//! arena's changes as the SQLite file's writer does, and a reading
//! connection for what other instances wrote. Each runs on a thread of its
//! own (the synchronous client runs its own small runtime, which cannot
//! run inside the server's).

use std::sync::{mpsc, Arc};

use super::sql::{PgConn, Sql, SqlError};
use super::{arena, now_ms, Backend, Read, Shared, StoreError, Write, ARENA_FROM, MIGRATIONS};

/// A lock the instances take while one of them brings the schema up to
/// date (any number, the same for all; "boggle" in ASCII).
const MIGRATION_LOCK: i64 = 0x626f_6767_6c65;

/// A connection that connects again when the server went away.
pub(super) struct Pg {
    conn: PgConn,
    url: String,
}

impl Pg {
    fn connect(url: &str) -> Result<Pg, SqlError> {
        let client = postgres::Client::connect(url, postgres::NoTls)?;
        Ok(Pg {
            conn: PgConn::new(client),
            url: url.to_string(),
        })
    }

    /// The connection, connected again if it was lost (a restart of the
    /// database server).
    fn live(&mut self) -> Result<&mut PgConn, SqlError> {
        if self.conn.client.is_closed() {
            tracing::warn!(database = %redacted(&self.url), "connecting to the arena's database again");
            *self = Pg::connect(&self.url)?;
        }
        Ok(&mut self.conn)
    }

    /// Runs `f` in one transaction, committed if it succeeds.
    pub(super) fn transaction(
        &mut self,
        f: &mut dyn FnMut(&mut Sql) -> Result<(), SqlError>,
    ) -> Result<(), SqlError> {
        let conn = self.live()?;
        conn.client.batch_execute("BEGIN")?;
        match f(&mut Sql::Pg(conn)) {
            Ok(()) => Ok(conn.client.batch_execute("COMMIT")?),
            Err(e) => {
                let _ = conn.client.batch_execute("ROLLBACK");
                Err(e)
            }
        }
    }
}

/// Connects to `url`, brings the arena's schema up to date, reads what the
/// server keeps in memory, and starts the writer and the reader.
pub(super) fn open(
    url: &str,
    shared: &Arc<Shared>,
) -> Result<(mpsc::Sender<Write>, mpsc::Sender<Read>), StoreError> {
    let failed = |source| StoreError::Postgres {
        url: redacted(url),
        source,
    };
    // Connected and read on a thread of its own: see the module's docs.
    let (url2, shared2) = (url.to_string(), shared.clone());
    let writer = std::thread::spawn(move || -> Result<Pg, StoreError> {
        let mut pg = Pg::connect(&url2).map_err(|e| StoreError::Postgres {
            url: redacted(&url2),
            source: e,
        })?;
        migrate(&mut pg, &url2)?;
        arena::load(&mut Sql::Pg(&mut pg.conn), &shared2, now_ms()).map_err(|e| {
            StoreError::Postgres {
                url: redacted(&url2),
                source: e,
            }
        })?;
        Ok(pg)
    })
    .join()
    .map_err(|_| failed(SqlError::Type("the connecting thread panicked".into())))??;
    let url2 = url.to_string();
    let reader = std::thread::spawn(move || Pg::connect(&url2))
        .join()
        .map_err(|_| failed(SqlError::Type("the connecting thread panicked".into())))?
        .map_err(failed)?;
    let writes = super::spawn_writer(Backend::Pg(Box::new(writer)), redacted(url), shared);
    let (reads, queue) = mpsc::channel::<Read>();
    let reading = shared.clone();
    std::thread::Builder::new()
        .name("arena-reader".into())
        .spawn(move || read_all(reader, queue, &reading))
        .expect("a thread for the store's reader");
    Ok((writes, reads))
}

/// The reader: each read on its own, outside any transaction.
fn read_all(mut pg: Pg, queue: mpsc::Receiver<Read>, shared: &Shared) {
    while let Ok(Read(read)) = queue.recv() {
        match pg.live() {
            Ok(conn) => read(&mut Sql::Pg(conn), shared),
            // The read's answer is dropped: its caller hears nothing.
            Err(e) => tracing::error!(error = %e, "the arena's database cannot be read"),
        }
    }
}

/// Applies the arena's migrations the database has not had, one instance
/// at a time, counting them in `boggle_room_schema` as SQLite counts them
/// in `user_version` (the rooms' step counted as had: rooms stay in each
/// instance's file).
fn migrate(pg: &mut Pg, url: &str) -> Result<(), StoreError> {
    let known = MIGRATIONS.len() as i64;
    let mut newer = None;
    pg.transaction(&mut |sql| {
        sql.batch(&format!(
            "SELECT pg_advisory_xact_lock({MIGRATION_LOCK});
             CREATE TABLE IF NOT EXISTS boggle_room_schema (version BIGINT NOT NULL)"
        ))?;
        let found = match sql.row("SELECT version FROM boggle_room_schema", &[])? {
            Some(r) => r.int(0)?,
            None => {
                sql.run(
                    "INSERT INTO boggle_room_schema (version) VALUES (?1)",
                    super::sql::args![ARENA_FROM as i64],
                )?;
                ARENA_FROM as i64
            }
        };
        if found > known {
            newer = Some(found);
            return Ok(());
        }
        for (i, step) in MIGRATIONS.iter().enumerate().skip(found as usize) {
            sql.batch(step)?;
            sql.run(
                "UPDATE boggle_room_schema SET version = ?1",
                super::sql::args![i as i64 + 1],
            )?;
        }
        Ok(())
    })
    .map_err(|source| StoreError::Postgres {
        url: redacted(url),
        source,
    })?;
    match newer {
        Some(found) => Err(StoreError::Newer {
            store: redacted(url),
            found,
            known,
        }),
        None => Ok(()),
    }
}

/// A PostgreSQL connection string as a log or an error shows it: without
/// its password.
pub fn redacted(url: &str) -> String {
    if let Some((scheme, rest)) = url.split_once("://") {
        if let Some((user, host)) = rest.rsplit_once('@') {
            let user = user.split(':').next().unwrap_or_default();
            return format!("{scheme}://{user}@{host}");
        }
        return url.to_string();
    }
    // The key=value form.
    url.split_whitespace()
        .map(|kv| match kv.split_once('=') {
            Some(("password", _)) => "password=…".to_string(),
            _ => kv.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::redacted;

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            redacted("postgres://arena:s3cret@db.example:5432/arena"),
            "postgres://arena@db.example:5432/arena"
        );
        assert_eq!(
            redacted("postgresql://arena@127.0.0.1/arena"),
            "postgresql://arena@127.0.0.1/arena"
        );
        assert_eq!(
            redacted("host=/tmp user=arena password=s3cret dbname=a"),
            "host=/tmp user=arena password=… dbname=a"
        );
    }
}
