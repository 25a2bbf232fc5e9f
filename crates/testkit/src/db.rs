//! Fresh test databases: SQLite in a temporary file always, and PostgreSQL in a database of its own
//! on the server `SKALD_TEST_PG` names (`scripts/test` always sets it, starting a local server when
//! none answers). Each is removed when its [`Db`] is dropped, best effort, also after a panic.

use sqlx::{AnyConnection, Connection as _, Executor as _};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The longest creating or dropping a test database may take.
const WAIT: Duration = Duration::from_secs(10);

/// One fresh, empty database.
#[derive(Debug)]
pub struct Db {
    /// `"sqlite"` or `"postgres"`, for messages.
    pub label: &'static str,
    /// What `Store::open` and `skald serve --db` take: `sqlite:/tmp/.../skald.db` or
    /// `postgres://.../skald_t_<hex>`.
    pub url: String,
    /// The SQLite file's path (`url` without `sqlite:`), for what wants a plain path.
    pub path: Option<PathBuf>,
    cleanup: Option<Cleanup>,
}

#[derive(Debug)]
enum Cleanup {
    Dir(PathBuf),
    Database { admin: String, name: String },
}

static SEQ: AtomicU64 = AtomicU64::new(0);

/// A hex name no other test, or test run, uses.
fn unique() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let n = SEQ.fetch_add(1, Ordering::Relaxed);
    format!(
        "{:x}{:x}{n:x}",
        std::process::id(),
        nanos & 0xffff_ffff_ffff
    )
}

/// The databases to test on: SQLite always; PostgreSQL when `SKALD_TEST_PG` is set, else a line
/// on standard error saying that half is skipped.
///
/// # Panics
/// When `SKALD_TEST_PG` is set but its server cannot be reached or a database created there.
pub async fn databases() -> Vec<Db> {
    let mut out = vec![sqlite()];
    match std::env::var("SKALD_TEST_PG") {
        Ok(admin) if !admin.is_empty() => out.push(postgres(&admin).await),
        _ => eprintln!("SKALD_TEST_PG is not set: the PostgreSQL half of this test is skipped"),
    }
    out
}

/// A fresh SQLite database (a file in a new temporary folder), for what does not depend on the
/// back end.
///
/// # Panics
/// When the temporary folder cannot be made.
pub fn sqlite() -> Db {
    // A test may connect through `sqlx::Any` before any store opens (to build an old schema).
    sqlx::any::install_default_drivers();
    let dir = std::env::temp_dir().join(format!("skald-test-{}", unique()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot make {}: {e}", dir.display()));
    let path = dir.join("skald.db");
    Db {
        label: "sqlite",
        url: format!("sqlite:{}", path.display()),
        path: Some(path),
        cleanup: Some(Cleanup::Dir(dir)),
    }
}

/// A fresh database `skald_t_<hex>` on the PostgreSQL server `admin` names (a URL whose database
/// the test may connect to and create databases from).
///
/// # Panics
/// When the server cannot be reached or the database created, within 10 s.
pub async fn postgres(admin: &str) -> Db {
    sqlx::any::install_default_drivers();
    let name = format!("skald_t_{}", unique());
    let create = async {
        let mut conn = AnyConnection::connect(admin).await?;
        conn.execute(format!("CREATE DATABASE {name}").as_str())
            .await?;
        conn.close().await
    };
    match tokio::time::timeout(WAIT, create).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => panic!("SKALD_TEST_PG={admin}: {e}"),
        Err(_) => panic!("SKALD_TEST_PG={admin}: no answer within {WAIT:?}"),
    }
    Db {
        label: "postgres",
        url: with_database(admin, &name),
        path: None,
        cleanup: Some(Cleanup::Database {
            admin: admin.to_owned(),
            name,
        }),
    }
}

/// `admin` with its database name replaced by `name` (any `?query` kept).
fn with_database(admin: &str, name: &str) -> String {
    let start = admin.find("://").map_or(0, |i| i + 3);
    let (base, query) = admin.split_at(admin.find('?').unwrap_or(admin.len()));
    let host_end = base[start..].find('/').map_or(base.len(), |i| start + i);
    format!("{}/{name}{query}", &base[..host_end])
}

impl Cleanup {
    async fn run(self) {
        match self {
            Cleanup::Dir(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::Database { admin, name } => {
                let drop = async {
                    if let Ok(mut conn) = AnyConnection::connect(&admin).await {
                        let sql = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                        let _ = conn.execute(sql.as_str()).await;
                        let _ = conn.close().await;
                    }
                };
                let _ = tokio::time::timeout(WAIT, drop).await;
            }
        }
    }
}

/// Dropping happens inside a test's runtime, which must not block: the cleanup runs on a thread
/// of its own with a runtime of its own.
impl Drop for Db {
    fn drop(&mut self) {
        if let Some(cleanup) = self.cleanup.take() {
            let _ = std::thread::spawn(move || {
                if let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    runtime.block_on(cleanup.run());
                }
            })
            .join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn the_database_of_a_url_is_replaced_and_its_query_kept() {
        let cases = [
            ("postgres://u@h:5432/test", "postgres://u@h:5432/x"),
            (
                "postgres://u@h:5432/test?sslmode=disable",
                "postgres://u@h:5432/x?sslmode=disable",
            ),
            ("postgres://u@h:5432", "postgres://u@h:5432/x"),
        ];
        for (admin, expected) in cases {
            assert_eq!(with_database(admin, "x"), expected, "{admin}");
        }
    }
}
