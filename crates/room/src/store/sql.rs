//! One way to run the arena's SQL on either store: the embedded SQLite
//! file or a PostgreSQL server that several instances share. The
//! statements are written once, in the plain SQL both take, with SQLite's
//! numbered parameters (`?1`); PostgreSQL is given them as `$1`, each
//! argument converted to the type the server says the parameter has (an
//! `INTEGER` column is PostgreSQL's 4-byte integer, SQLite's any integer).

use std::collections::HashMap;

use postgres::types::{ToSql, Type};

/// A value passed to a statement or read from a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// SQL NULL.
    Null,
    /// Any integer column.
    Int(i64),
    /// A `DOUBLE PRECISION` (SQLite: `REAL`) column.
    Real(f64),
    /// A `TEXT` column.
    Text(String),
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(v)
    }
}
impl From<u32> for Value {
    fn from(v: u32) -> Value {
        Value::Int(v.into())
    }
}
impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Int(v.into())
    }
}
impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_string())
    }
}
impl From<&String> for Value {
    fn from(v: &String) -> Value {
        Value::Text(v.clone())
    }
}
impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

/// The arguments of a statement: `args![game, lang, start]`.
macro_rules! args {
    ($($v:expr),* $(,)?) => { &[$($crate::store::sql::Value::from($v)),*][..] };
}
pub(crate) use args;

/// Why a statement failed.
#[derive(Debug, thiserror::Error)]
pub enum SqlError {
    /// SQLite's error.
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL's error.
    #[error(transparent)]
    Postgres(#[from] postgres::Error),
    /// A value that is not of the type its column or parameter is.
    #[error("{0}")]
    Type(String),
}

/// A row read: its values by column.
#[derive(Clone, Debug, PartialEq)]
pub struct Row(pub Vec<Value>);

impl Row {
    /// Column `i` as an integer.
    pub fn int(&self, i: usize) -> Result<i64, SqlError> {
        match self.0.get(i) {
            Some(Value::Int(v)) => Ok(*v),
            other => Err(SqlError::Type(format!(
                "column {i}: {other:?}, not an integer"
            ))),
        }
    }

    /// Column `i` as an integer, or `None` for NULL.
    pub fn opt_int(&self, i: usize) -> Result<Option<i64>, SqlError> {
        match self.0.get(i) {
            Some(Value::Null) => Ok(None),
            _ => self.int(i).map(Some),
        }
    }

    /// Column `i` as a number (an integer column reads as one too).
    pub fn real(&self, i: usize) -> Result<f64, SqlError> {
        match self.0.get(i) {
            Some(Value::Real(v)) => Ok(*v),
            Some(Value::Int(v)) => Ok(*v as f64),
            other => Err(SqlError::Type(format!(
                "column {i}: {other:?}, not a number"
            ))),
        }
    }

    /// Column `i` as text.
    pub fn text(&self, i: usize) -> Result<String, SqlError> {
        match self.0.get(i) {
            Some(Value::Text(v)) => Ok(v.clone()),
            other => Err(SqlError::Type(format!("column {i}: {other:?}, not text"))),
        }
    }
}

/// A PostgreSQL connection with its prepared statements (each statement
/// is prepared once, as SQLite's `prepare_cached` does).
pub struct PgConn {
    pub(crate) client: postgres::Client,
    prepared: HashMap<String, postgres::Statement>,
}

impl PgConn {
    /// A connection as the store uses it.
    pub fn new(client: postgres::Client) -> PgConn {
        PgConn {
            client,
            prepared: HashMap::new(),
        }
    }

    fn statement(&mut self, sql: &str) -> Result<postgres::Statement, SqlError> {
        if let Some(s) = self.prepared.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(&dollars(sql))?;
        self.prepared.insert(sql.to_string(), s.clone());
        Ok(s)
    }
}

/// A connection (in a transaction or not) of either store.
pub enum Sql<'a> {
    /// The SQLite file.
    Lite(&'a rusqlite::Connection),
    /// A PostgreSQL server.
    Pg(&'a mut PgConn),
}

impl Sql<'_> {
    /// Runs a statement: how many rows it changed.
    pub fn run(&mut self, sql: &str, args: &[Value]) -> Result<u64, SqlError> {
        match self {
            Sql::Lite(c) => {
                Ok(c.prepare_cached(sql)?
                    .execute(rusqlite::params_from_iter(args.iter()))? as u64)
            }
            Sql::Pg(pg) => {
                let s = pg.statement(sql)?;
                let bound = bind(&s, args)?;
                Ok(pg.client.execute(&s, &refs(&bound))?)
            }
        }
    }

    /// Runs a query: its rows.
    pub fn rows(&mut self, sql: &str, args: &[Value]) -> Result<Vec<Row>, SqlError> {
        match self {
            Sql::Lite(c) => {
                let mut q = c.prepare_cached(sql)?;
                let n = q.column_count();
                let mut rows = q.query(rusqlite::params_from_iter(args.iter()))?;
                let mut out = Vec::new();
                while let Some(r) = rows.next()? {
                    let values = (0..n)
                        .map(|i| r.get_ref(i).map(lite_value))
                        .collect::<Result<_, _>>()?;
                    out.push(Row(values));
                }
                Ok(out)
            }
            Sql::Pg(pg) => {
                let s = pg.statement(sql)?;
                let bound = bind(&s, args)?;
                pg.client
                    .query(&s, &refs(&bound))?
                    .iter()
                    .map(pg_row)
                    .collect()
            }
        }
    }

    /// The first row of a query, if any.
    pub fn row(&mut self, sql: &str, args: &[Value]) -> Result<Option<Row>, SqlError> {
        Ok(self.rows(sql, args)?.into_iter().next())
    }

    /// Runs statements with no arguments, separated by `;`.
    pub fn batch(&mut self, sql: &str) -> Result<(), SqlError> {
        match self {
            Sql::Lite(c) => Ok(c.execute_batch(sql)?),
            Sql::Pg(pg) => Ok(pg.client.batch_execute(sql)?),
        }
    }

    /// Whether this is PostgreSQL (shared by several instances).
    pub fn shared(&self) -> bool {
        matches!(self, Sql::Pg(_))
    }
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match self {
            Value::Null => ValueRef::Null,
            Value::Int(v) => ValueRef::Integer(*v),
            Value::Real(v) => ValueRef::Real(*v),
            Value::Text(v) => ValueRef::Text(v.as_bytes()),
        }))
    }
}

fn lite_value(v: rusqlite::types::ValueRef<'_>) -> Value {
    use rusqlite::types::ValueRef;
    match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Int(i),
        ValueRef::Real(r) => Value::Real(r),
        ValueRef::Text(t) | ValueRef::Blob(t) => Value::Text(String::from_utf8_lossy(t).into()),
    }
}

/// `?1` as PostgreSQL numbers parameters: `$1`. (The statements hold no
/// `?` in a string.)
fn dollars(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '?' && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

/// Each argument as the type PostgreSQL gave its parameter.
fn bind(s: &postgres::Statement, args: &[Value]) -> Result<Vec<Box<dyn ToSql + Sync>>, SqlError> {
    let types = s.params();
    if types.len() != args.len() {
        return Err(SqlError::Type(format!(
            "{} arguments for {} parameters",
            args.len(),
            types.len()
        )));
    }
    types
        .iter()
        .zip(args)
        .map(|(t, v)| -> Result<Box<dyn ToSql + Sync>, SqlError> {
            let wrong = || SqlError::Type(format!("{v:?} for a parameter of type {t}"));
            Ok(match (v, t) {
                (Value::Null, _) => Box::new(None::<i64>),
                (Value::Int(i), &Type::INT8) => Box::new(*i),
                (Value::Int(i), &Type::INT4) => Box::new(i32::try_from(*i).map_err(|_| wrong())?),
                (Value::Int(i), &Type::INT2) => Box::new(i16::try_from(*i).map_err(|_| wrong())?),
                (Value::Int(i), &Type::FLOAT8) => Box::new(*i as f64),
                (Value::Real(r), &Type::FLOAT8) => Box::new(*r),
                (Value::Text(s), &Type::TEXT | &Type::VARCHAR) => Box::new(s.clone()),
                _ => return Err(wrong()),
            })
        })
        .collect()
}

fn refs(bound: &[Box<dyn ToSql + Sync>]) -> Vec<&(dyn ToSql + Sync)> {
    bound.iter().map(|b| b.as_ref()).collect()
}

fn pg_row(r: &postgres::Row) -> Result<Row, SqlError> {
    let values = r
        .columns()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            Ok(match *c.type_() {
                Type::INT8 => r.get::<_, Option<i64>>(i).map_or(Value::Null, Value::Int),
                Type::INT4 => r
                    .get::<_, Option<i32>>(i)
                    .map_or(Value::Null, |v| Value::Int(v.into())),
                Type::INT2 => r
                    .get::<_, Option<i16>>(i)
                    .map_or(Value::Null, |v| Value::Int(v.into())),
                Type::FLOAT8 => r.get::<_, Option<f64>>(i).map_or(Value::Null, Value::Real),
                Type::TEXT | Type::VARCHAR => r
                    .get::<_, Option<String>>(i)
                    .map_or(Value::Null, Value::Text),
                ref t => {
                    return Err(SqlError::Type(format!(
                        "column {} of type {t}, which the store does not read",
                        c.name()
                    )))
                }
            })
        })
        .collect::<Result<_, SqlError>>()?;
    Ok(Row(values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_parameters_become_dollars() {
        assert_eq!(
            dollars("SELECT a FROM t WHERE b = ?1 AND c IN (?2, ?10) AND d = '?'"),
            "SELECT a FROM t WHERE b = $1 AND c IN ($2, $10) AND d = '?'"
        );
    }

    #[test]
    fn sqlite_reads_back_what_it_was_given() {
        let c = rusqlite::Connection::open_in_memory().unwrap();
        let mut sql = Sql::Lite(&c);
        sql.batch("CREATE TABLE t (a TEXT, b BIGINT, c DOUBLE PRECISION, d INTEGER)")
            .unwrap();
        let n = sql
            .run(
                "INSERT INTO t VALUES (?1, ?2, ?3, ?4)",
                args!["x", 7i64, Value::Real(0.5), true],
            )
            .unwrap();
        assert_eq!(n, 1);
        let row = sql
            .row("SELECT a, b, c, d, NULL FROM t WHERE b = ?1", args![7i64])
            .unwrap()
            .unwrap();
        assert_eq!(row.text(0).unwrap(), "x");
        assert_eq!(row.int(1).unwrap(), 7);
        assert_eq!(row.real(2).unwrap(), 0.5);
        assert_eq!(row.int(3).unwrap(), 1);
        assert_eq!(row.opt_int(4).unwrap(), None);
        assert!(row.text(1).is_err());
    }
}
