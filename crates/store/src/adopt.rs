//! The one-time adoption of a database made before migrations, which kept its schema version in
//! a table `skald_schema` (version 1: no `skald_tables.active_ms`; version 2: exactly what the
//! first migration, `0001_log.sql`, creates). Adopting brings a version 1 database to version 2,
//! then drops `skald_schema`; the first migration, all `IF NOT EXISTS`, then finds everything in
//! place and records itself as applied. Runs inside the migration's transaction and lock.

use sqlx::{AnyConnection, Executor as _, Row as _};

use crate::{Backend, Error, ErrorKind};

/// The last version `skald_schema` ever held.
const LAST_LEGACY_VERSION: i64 = 2;

/// Version 1 to 2: `skald_tables.active_ms`, the time of the table's last activity (its last record,
/// or its creation when it has none), which says whether it is live or archived.
const FROM_1_TO_2: &[&str] = &[
    "ALTER TABLE skald_tables ADD COLUMN active_ms BIGINT NOT NULL DEFAULT 0",
    "UPDATE skald_tables SET active_ms = COALESCE(
        (SELECT MAX(e.at_ms) FROM skald_events e WHERE e.table_id = skald_tables.id), created_ms)",
];

/// Adopts the database if it has a `skald_schema`; does nothing otherwise (a fresh database, or
/// one adopted already). `latest` is this build's last migration, for the message when the
/// legacy version is newer than any legacy build wrote.
pub(crate) async fn legacy(
    tx: &mut AnyConnection,
    backend: Backend,
    latest: i64,
) -> Result<(), Error> {
    let exists = match backend {
        Backend::Sqlite => {
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'skald_schema'"
        }
        Backend::Postgres => {
            "SELECT COUNT(*) FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_name = 'skald_schema'"
        }
    };
    let found: i64 = sqlx::query(exists).fetch_one(&mut *tx).await?.try_get(0)?;
    if found == 0 {
        return Ok(());
    }
    let version: Option<i64> = sqlx::query("SELECT MAX(version) FROM skald_schema")
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
    match version {
        Some(1) => {
            for statement in FROM_1_TO_2 {
                tx.execute(*statement).await?;
            }
        }
        Some(LAST_LEGACY_VERSION) => {}
        Some(version) if version > LAST_LEGACY_VERSION => {
            return Err(ErrorKind::Database(format!(
                "the database has schema version {version}, newer than this build's legacy \
                 version {LAST_LEGACY_VERSION} (its table skald_schema was written by a Skald \
                 newer than this one, whose last migration is {latest})"
            ))
            .into());
        }
        other => {
            return Err(ErrorKind::Database(format!(
                "the database's table skald_schema holds {}, not a schema version (1 or 2)",
                other.map_or_else(|| "no version".to_owned(), |v| format!("version {v}"))
            ))
            .into());
        }
    }
    tx.execute("DROP TABLE skald_schema").await?;
    Ok(())
}
