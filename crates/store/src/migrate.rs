//! The schema: sqlx migrations, one folder per dialect (`migrations/sqlite`, `migrations/postgres`),
//! compiled into the binary and run when a store opens.

use sqlx::AnyConnection;
use sqlx::migrate::{Migrate as _, MigrateError, Migration, MigrationType, Migrator};
use std::borrow::Cow;

use crate::{Backend, Error, ErrorKind, adopt, sql};

/// One dialect's migrations, compiled in: `(version, description, SQL)`, in version order. A file
/// `migrations/<dialect>/NNNN_<description>.sql` is listed here once; sqlx's `migrate!` would
/// list the folder itself, but it needs sqlx's `macros` feature, which builds SQLite's C library
/// a second time (for the compiler) on every clean build.
type Embedded = &'static [(i64, &'static str, &'static str)];

const SQLITE: Embedded = &[
    (1, "log", include_str!("../migrations/sqlite/0001_log.sql")),
    (
        2,
        "seat_names",
        include_str!("../migrations/sqlite/0002_seat_names.sql"),
    ),
    (
        3,
        "nodes",
        include_str!("../migrations/sqlite/0003_nodes.sql"),
    ),
    (
        4,
        "token_since",
        include_str!("../migrations/sqlite/0004_token_since.sql"),
    ),
];
const POSTGRES: Embedded = &[
    (
        1,
        "log",
        include_str!("../migrations/postgres/0001_log.sql"),
    ),
    (
        2,
        "seat_names",
        include_str!("../migrations/postgres/0002_seat_names.sql"),
    ),
    (
        3,
        "nodes",
        include_str!("../migrations/postgres/0003_nodes.sql"),
    ),
    (
        4,
        "token_since",
        include_str!("../migrations/postgres/0004_token_since.sql"),
    ),
];

/// [`Embedded`] migrations as sqlx's migrator takes them (each checksummed as `migrate!` does).
#[derive(Debug)]
struct Source(Embedded);

impl<'s> sqlx::migrate::MigrationSource<'s> for Source {
    fn resolve(
        self,
    ) -> std::pin::Pin<
        Box<
            dyn std::future::Future<Output = Result<Vec<Migration>, sqlx::error::BoxDynError>>
                + Send
                + 's,
        >,
    > {
        let migrations = self
            .0
            .iter()
            .map(|(version, description, sql)| {
                Migration::new(
                    *version,
                    Cow::Borrowed(*description),
                    MigrationType::Simple,
                    Cow::Borrowed(*sql),
                    false,
                )
            })
            .collect();
        Box::pin(std::future::ready(Ok(migrations)))
    }
}

/// The migrations of `backend`'s dialect.
pub(crate) async fn migrator(backend: Backend) -> Result<Migrator, MigrateError> {
    Migrator::new(Source(match backend {
        Backend::Sqlite => SQLITE,
        Backend::Postgres => POSTGRES,
    }))
    .await
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
    let mut migrator = migrator(backend)
        .await
        .map_err(|e| Error::from(ErrorKind::Database(format!("schema migrations: {e}"))))?;
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

/// Whether the database's schema is this build's, reading only: no migration failed part way, every
/// one this build has is applied with the text it has, and none it lacks (a newer build's) is.
/// The store is open, so the schema was this build's then; this tells whether it still is (a newer
/// node migrated the shared database since, or it was restored from an older backup).
///
/// # Errors
/// What differs, in the words of whoever runs the server; or the database's own error.
pub(crate) async fn check_current(
    conn: &mut AnyConnection,
    backend: Backend,
) -> Result<(), String> {
    let migrator = migrator(backend)
        .await
        .map_err(|e| format!("schema migrations: {e}"))?;
    let latest = latest(&migrator);
    let unreadable = |e: MigrateError| format!("the database's schema cannot be read: {e}");
    if let Some(version) = conn.dirty_version().await.map_err(unreadable)? {
        return Err(format!(
            "schema version {version} failed part way on this database; restore it from a \
             backup or repair it by hand"
        ));
    }
    let applied = conn.list_applied_migrations().await.map_err(unreadable)?;
    if let Some(newer) = applied
        .iter()
        .map(|a| a.version)
        .filter(|v| !migrator.iter().any(|m| m.version == *v))
        .max()
    {
        return Err(format!(
            "the database has schema version {newer}, newer than this build's {latest}: a newer \
             Skald migrated it; run that one (or a newer one) on it"
        ));
    }
    for migration in migrator.iter() {
        match applied.iter().find(|a| a.version == migration.version) {
            None => {
                return Err(format!(
                    "the database lacks this build's schema version {} (of {latest}): restart \
                     this node to apply it",
                    migration.version
                ));
            }
            Some(a) if a.checksum != migration.checksum => {
                return Err(format!(
                    "the database's schema version {0} differs from this build's migration {0} \
                     (it was changed after being applied)",
                    migration.version
                ));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The last migration this build knows.
pub(crate) fn latest(migrator: &Migrator) -> i64 {
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

#[cfg(test)]
mod tests {
    use super::{Embedded, POSTGRES, SQLITE};

    /// Every file in a dialect's folder is listed, with its version and description from its name,
    /// and its text as it is on disk: a migration cannot be added to the folder and forgotten here.
    fn listed_as_in(folder: &str, embedded: Embedded) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        let mut files: Vec<(i64, String, String)> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| {
                let path = entry.map(|e| e.path()).unwrap_or_default();
                let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                let (version, description) = name.split_once('_').unwrap_or((name, ""));
                (
                    version.parse().unwrap_or(-1),
                    description.to_owned(),
                    std::fs::read_to_string(&path).unwrap_or_default(),
                )
            })
            .collect();
        files.sort();
        let listed: Vec<(i64, String, String)> = embedded
            .iter()
            .map(|(v, d, sql)| (*v, (*d).to_owned(), (*sql).to_owned()))
            .collect();
        assert_eq!(listed, files, "{folder}");
    }

    #[test]
    fn every_migration_file_is_listed() {
        listed_as_in("migrations/sqlite", SQLITE);
        listed_as_in("migrations/postgres", POSTGRES);
    }
}
