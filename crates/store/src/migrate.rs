//! The schema: sqlx migrations, one folder per dialect (`migrations/sqlite`, `migrations/postgres`),
//! compiled into the binary and run when a store opens.

use sqlx::AnyConnection;
use sqlx::migrate::{Migrate as _, MigrateError, Migrator};

use crate::{Backend, Error, ErrorKind, adopt, sql};

/// The migrations of `backend`'s dialect.
fn migrator(backend: Backend) -> Migrator {
    match backend {
        Backend::Sqlite => sqlx::migrate!("./migrations/sqlite"),
        Backend::Postgres => sqlx::migrate!("./migrations/postgres"),
    }
}

/// Brings the database to this build's schema: adopts a database from before migrations
/// ([`adopt::legacy`]), then applies the migrations it lacks, all in one transaction. Processes
/// opening at once wait for each other: on PostgreSQL behind sqlx's migration lock (an advisory
/// lock per database), on SQLite behind the write lock the transaction takes at its start.
///
/// # Errors
/// A database made by a newer build (a migration this build does not know), a migration changed
/// since it was applied, or the database's own error.
pub(crate) async fn run(conn: &mut AnyConnection, backend: Backend) -> Result<(), Error> {
    let mut migrator = migrator(backend);
    // The lock is held here, around the adoption too; the migrator must not release it early.
    migrator.set_locking(false);
    conn.lock().await.map_err(|e| in_words(e, &migrator))?;
    let result = async {
        let mut tx = sql::begin_write(conn, backend).await?;
        adopt::legacy(&mut tx, backend, latest(&migrator)).await?;
        // Inside the transaction, each migration's own transaction is a savepoint. `run_direct`,
        // not `run`: `run`'s future is not `Send` for every lifetime (sqlx's own note on it).
        migrator
            .run_direct(&mut *tx)
            .await
            .map_err(|e| in_words(e, &migrator))?;
        tx.commit().await?;
        Ok::<_, Error>(())
    }
    .await;
    let unlocked = conn.unlock().await;
    result?;
    unlocked.map_err(|e| in_words(e, &migrator))
}

/// The last migration this build knows.
fn latest(migrator: &Migrator) -> i64 {
    migrator.iter().map(|m| m.version).max().unwrap_or(0)
}

/// The migrator's error in the words of whoever runs the server.
fn in_words(error: MigrateError, migrator: &Migrator) -> Error {
    let latest = latest(migrator);
    match error {
        MigrateError::Execute(e) => Error::database(&e),
        MigrateError::VersionMissing(version) => ErrorKind::Database(format!(
            "the database has schema version {version}, newer than this build's {latest}: \
             it was opened by a newer Skald; run that one (or a newer one) on it"
        ))
        .into(),
        MigrateError::VersionMismatch(version) => ErrorKind::Database(format!(
            "the database's schema version {version} differs from this build's migration \
             {version} (it was changed after being applied); nothing was changed"
        ))
        .into(),
        MigrateError::Dirty(version) => ErrorKind::Database(format!(
            "schema version {version} failed part way on this database; restore it from a \
             backup or repair it by hand"
        ))
        .into(),
        MigrateError::ExecuteMigration(e, version) => ErrorKind::Database(format!(
            "schema version {version} could not be applied (this build's last is {latest}): {e}"
        ))
        .into(),
        other => ErrorKind::Database(format!("schema migration: {other}")).into(),
    }
}
