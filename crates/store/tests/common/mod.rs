//! The databases every test runs on: SQLite in a fresh temporary file, and PostgreSQL in a fresh database
//! when SKALD_TEST_PG names a server (scripts/test always sets it).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use skald_store::{Row, Store, TableMeta, TokenRow};
use sqlx::{AnyConnection, Connection as _, Executor as _};

/// One fresh, empty database.
pub struct TestDb {
    /// "sqlite" or "postgres", for messages.
    pub label: &'static str,
    /// What `Store::open` gets.
    pub url: String,
    cleanup: Option<Cleanup>,
}

enum Cleanup {
    Files(PathBuf),
    Database { admin: String, name: String },
}

static SEQ: AtomicU64 = AtomicU64::new(0);

/// A name no other test (or test run) uses.
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

/// The databases to test on: SQLite always, PostgreSQL when SKALD_TEST_PG is set.
pub async fn databases() -> Vec<TestDb> {
    sqlx::any::install_default_drivers();
    let dir = std::env::temp_dir().join(format!("skald-store-{}", unique()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut out = vec![TestDb {
        label: "sqlite",
        url: format!("sqlite:{}", dir.join("store.db").display()),
        cleanup: Some(Cleanup::Files(dir)),
    }];
    match std::env::var("SKALD_TEST_PG") {
        Ok(admin) if !admin.is_empty() => {
            let name = format!("skald_t_{}", unique());
            let mut conn = AnyConnection::connect(&admin).await.unwrap();
            conn.execute(format!("CREATE DATABASE {name}").as_str())
                .await
                .unwrap();
            conn.close().await.unwrap();
            out.push(TestDb {
                label: "postgres",
                url: with_database(&admin, &name),
                cleanup: Some(Cleanup::Database { admin, name }),
            });
        }
        _ => eprintln!("SKALD_TEST_PG is not set: the PostgreSQL half of this test was skipped"),
    }
    out
}

/// `admin` with its database replaced by `name`.
fn with_database(admin: &str, name: &str) -> String {
    let start = admin.find("://").map_or(0, |i| i + 3);
    let (base, query) = match admin.find('?') {
        Some(q) => (&admin[..q], &admin[q..]),
        None => (admin, ""),
    };
    let host_end = base[start..].find('/').map_or(base.len(), |i| start + i);
    format!("{}/{name}{query}", &base[..host_end])
}

impl TestDb {
    pub async fn open(&self) -> Store {
        Store::open(&self.url)
            .await
            .unwrap_or_else(|e| panic!("{}: open: {e}", self.label))
    }

    /// Removes the database, best effort.
    pub async fn finish(mut self) {
        if let Some(cleanup) = self.cleanup.take() {
            cleanup.run().await;
        }
    }
}

/// A test that panics never reaches `finish`: its database goes when it is dropped, on a thread of its
/// own (dropping happens inside the test's runtime, which must not be blocked on).
impl Drop for TestDb {
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

impl Cleanup {
    async fn run(self) {
        match self {
            Cleanup::Files(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::Database { admin, name } => {
                if let Ok(mut conn) = AnyConnection::connect(&admin).await {
                    let _ = conn
                        .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
                        .await;
                    let _ = conn.close().await;
                }
            }
        }
    }
}

pub fn meta(id: &str) -> TableMeta {
    TableMeta {
        id: id.to_owned(),
        system: "twenty".to_owned(),
        title: format!("Table {id}"),
        created_ms: 1_700_000_000_000,
    }
}

pub fn row(seq: i64, payload: &str) -> Row {
    Row {
        seq,
        kind: "note".to_owned(),
        payload: payload.to_owned(),
        secret: None,
        audience: None,
        at_ms: 1_700_000_000_000 + seq,
    }
}

pub fn token(hash: &str, role: &str, player: Option<i64>) -> TokenRow {
    TokenRow {
        hash: hash.to_owned(),
        role: role.to_owned(),
        player,
    }
}
