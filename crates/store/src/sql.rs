//! The SQL: written once for both back ends (`$n` placeholders in order, never reused; BIGINT and TEXT).

use sqlx::{AnyConnection, Connection as _, Executor as _};

use crate::Backend;

/// The scratch table of `raw_commit_rate`; not part of the log, so not part of the migrations.
pub(crate) const SCRATCH: &str =
    "CREATE TABLE IF NOT EXISTS skald_scratch (n BIGINT NOT NULL, at_ms BIGINT NOT NULL)";

/// Per-connection settings. SQLite's durability is per connection (WAL itself is stored in the file);
/// PostgreSQL's default is already durable, and is set anyway so a server configured otherwise cannot
/// turn an Ok into a lost write. SQLite's are PRAGMAs, not `SqliteConnectOptions`, because
/// `sqlx::Any` rebuilds those options from the URL alone on every connection (only `mode`, `cache`,
/// `immutable` and `vfs` survive), so journal mode, synchronous and busy timeout set there are lost.
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

/// Rows per multi-row INSERT: few distinct statements to cache, far below both back ends' bind limits.
pub(crate) const CHUNK: usize = 32;

/// `INSERT ... VALUES ($1, ...), ($8, ...)` for `n` rows of `columns` columns each. Not sqlx's
/// `QueryBuilder`: over `sqlx::Any` it writes `?` placeholders, which PostgreSQL refuses
/// (launchbadge/sqlx#3000); `$n` in order is what both back ends accept.
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
pub(crate) const TOKEN_COLUMNS: &[&str] = &["table_id", "hash", "role", "player", "name", "since"];

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
