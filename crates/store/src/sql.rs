//! The SQL: written once for both back ends (`$n` placeholders in order, never reused; BIGINT and TEXT).

use sqlx::{AnyConnection, Connection as _, Executor as _, Row as _};

use crate::{Backend, Error, ErrorKind};

/// The schema version this build writes. A database with a newer one is refused; an older one is
/// migrated on open ([`MIGRATE_TO_2`]).
pub(crate) const SCHEMA_VERSION: i64 = 2;

/// Key of the PostgreSQL advisory lock that serializes schema creation across processes.
const SCHEMA_LOCK: i64 = 0x736b_616c_6400_0001;

pub(crate) const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS skald_tables (
        id TEXT PRIMARY KEY,
        system TEXT NOT NULL,
        title TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        active_ms BIGINT NOT NULL DEFAULT 0
    )",
    "CREATE TABLE IF NOT EXISTS skald_events (
        table_id TEXT NOT NULL REFERENCES skald_tables(id),
        seq BIGINT NOT NULL,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        secret TEXT NULL,
        audience TEXT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )",
    "CREATE TABLE IF NOT EXISTS skald_tokens (
        table_id TEXT NOT NULL REFERENCES skald_tables(id),
        hash TEXT NOT NULL,
        role TEXT NOT NULL,
        player BIGINT NULL,
        PRIMARY KEY (table_id, hash)
    )",
    "CREATE TABLE IF NOT EXISTS skald_schema (version BIGINT NOT NULL)",
];

/// Version 1 to 2: `skald_tables.active_ms`, the time of the table's last activity (its last record,
/// or its GM's return), which says whether it is live or archived. Filled from each table's last
/// record, or its creation when it has none.
pub(crate) const MIGRATE_TO_2: &[&str] = &[
    "ALTER TABLE skald_tables ADD COLUMN active_ms BIGINT NOT NULL DEFAULT 0",
    "UPDATE skald_tables SET active_ms = COALESCE(
        (SELECT MAX(e.at_ms) FROM skald_events e WHERE e.table_id = skald_tables.id), created_ms)",
];

/// Statements run after any migration (they need its columns).
pub(crate) const AFTER_MIGRATION: &[&str] =
    &["CREATE INDEX IF NOT EXISTS skald_tables_active ON skald_tables (active_ms)"];

/// The scratch table of `raw_commit_rate`; not part of the log.
pub(crate) const SCRATCH: &[&str] =
    &["CREATE TABLE IF NOT EXISTS skald_scratch (n BIGINT NOT NULL, at_ms BIGINT NOT NULL)"];

/// Per-connection settings. SQLite's durability is per connection (WAL itself is stored in the file);
/// PostgreSQL's default is already durable, and is set anyway so a server configured otherwise cannot
/// turn an Ok into a lost write.
pub(crate) async fn prepare(conn: &mut AnyConnection, backend: Backend) -> Result<(), sqlx::Error> {
    match backend {
        Backend::Sqlite => {
            conn.execute("PRAGMA busy_timeout = 5000").await?;
            conn.execute("PRAGMA journal_mode = WAL").await?;
            conn.execute("PRAGMA synchronous = FULL").await?;
            conn.execute("PRAGMA foreign_keys = ON").await?;
        }
        Backend::Postgres => {
            conn.execute("SET synchronous_commit = on").await?;
        }
    }
    Ok(())
}

/// A write transaction. SQLite's takes the write lock at once (`BEGIN IMMEDIATE`), so a second process
/// waits on busy_timeout instead of failing when a read lock cannot be upgraded.
pub(crate) async fn begin_write(
    conn: &mut AnyConnection,
    backend: Backend,
) -> Result<sqlx::Transaction<'_, sqlx::Any>, sqlx::Error> {
    match backend {
        Backend::Sqlite => conn.begin_with("BEGIN IMMEDIATE").await,
        Backend::Postgres => conn.begin().await,
    }
}

/// Runs `statements` in one transaction, serialized across processes: SQLite by its write lock,
/// PostgreSQL by an advisory lock (concurrent `CREATE TABLE IF NOT EXISTS` can fail there otherwise).
pub(crate) async fn create(
    conn: &mut AnyConnection,
    backend: Backend,
    statements: &[&str],
    check_version: bool,
) -> Result<(), Error> {
    let mut tx = begin_write(conn, backend).await?;
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(SCHEMA_LOCK)
            .execute(&mut *tx)
            .await?;
    }
    for statement in statements {
        tx.execute(*statement).await?;
    }
    if check_version {
        let found = sqlx::query("SELECT version FROM skald_schema")
            .fetch_optional(&mut *tx)
            .await?;
        match found {
            None => {
                sqlx::query("INSERT INTO skald_schema (version) VALUES ($1)")
                    .bind(SCHEMA_VERSION)
                    .execute(&mut *tx)
                    .await?;
            }
            Some(row) => {
                let version: i64 = row.try_get(0)?;
                if version > SCHEMA_VERSION {
                    return Err(ErrorKind::Database(format!(
                        "the database has schema version {version}, newer than this build's {SCHEMA_VERSION}"
                    ))
                    .into());
                }
                if version < 2 {
                    for statement in MIGRATE_TO_2 {
                        tx.execute(*statement).await?;
                    }
                }
                if version < SCHEMA_VERSION {
                    sqlx::query("UPDATE skald_schema SET version = $1")
                        .bind(SCHEMA_VERSION)
                        .execute(&mut *tx)
                        .await?;
                }
            }
        }
        for statement in AFTER_MIGRATION {
            tx.execute(*statement).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// Rows per multi-row INSERT: few distinct statements to cache, far below both back ends' bind limits.
pub(crate) const CHUNK: usize = 32;

/// `INSERT ... VALUES ($1, ...), ($8, ...)` for `n` rows of `columns` columns each.
pub(crate) fn insert(table: &str, columns: &[&str], n: usize) -> String {
    let mut sql = format!("INSERT INTO {table} ({}) VALUES ", columns.join(", "));
    let mut p = 1;
    for r in 0..n {
        if r > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for c in 0..columns.len() {
            if c > 0 {
                sql.push_str(", ");
            }
            sql.push('$');
            sql.push_str(&p.to_string());
            p += 1;
        }
        sql.push(')');
    }
    sql
}

pub(crate) const EVENT_COLUMNS: &[&str] = &[
    "table_id", "seq", "kind", "payload", "secret", "audience", "at_ms",
];
pub(crate) const TOKEN_COLUMNS: &[&str] = &["table_id", "hash", "role", "player"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_in_order() {
        assert_eq!(
            insert("t", &["a", "b"], 2),
            "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)"
        );
    }
}
