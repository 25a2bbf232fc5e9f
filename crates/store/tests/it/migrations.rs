#![allow(clippy::unwrap_used)]
//! The schema's migrations: databases made before them (a `skald_schema` table at version 1 or 2,
//! written here with the statements of the builds that made them) open and keep their data; a
//! database newer than this build is refused in words.

use crate::common;

use common::{Open as _, TestDb, databases, row};
use skald_store::{ErrorKind, Store};
use sqlx::{AnyConnection, Connection as _, Executor as _, Row as _};

/// A connection to the test database, outside the store.
async fn connect(db: &TestDb) -> AnyConnection {
    sqlx::any::install_default_drivers();
    let url = if db.label == "sqlite" {
        format!("{}?mode=rwc", db.url)
    } else {
        db.url.clone()
    };
    AnyConnection::connect(&url).await.unwrap()
}

async fn run(db: &TestDb, statements: &[&str]) {
    let mut conn = connect(db).await;
    for statement in statements {
        conn.execute(*statement).await.unwrap();
    }
    conn.close().await.unwrap();
}

async fn count(db: &TestDb, sql: &str) -> i64 {
    let mut conn = connect(db).await;
    let n = sqlx::query(sql)
        .fetch_one(&mut conn)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    conn.close().await.unwrap();
    n
}

/// Whether the database has a table `name` (the catalogue differs per back end).
async fn has_table(db: &TestDb, name: &str) -> bool {
    let sql = if db.label == "sqlite" {
        format!("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '{name}'")
    } else {
        format!(
            "SELECT COUNT(*) FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_name = '{name}'"
        )
    };
    count(db, &sql).await > 0
}

/// The schema as the build before migrations wrote it, at version 2 (with `active_ms` and its
/// index), holding a table its GM came back to after its last record (`active_ms` later than it).
const VERSION_2: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS skald_tables (id TEXT PRIMARY KEY, system TEXT NOT NULL, \
     title TEXT NOT NULL, created_ms BIGINT NOT NULL, active_ms BIGINT NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS skald_events (table_id TEXT NOT NULL REFERENCES skald_tables(id), \
     seq BIGINT NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL, secret TEXT NULL, \
     audience TEXT NULL, at_ms BIGINT NOT NULL, PRIMARY KEY (table_id, seq))",
    "CREATE TABLE IF NOT EXISTS skald_tokens (table_id TEXT NOT NULL REFERENCES skald_tables(id), \
     hash TEXT NOT NULL, role TEXT NOT NULL, player BIGINT NULL, PRIMARY KEY (table_id, hash))",
    "CREATE TABLE IF NOT EXISTS skald_schema (version BIGINT NOT NULL)",
    "INSERT INTO skald_schema (version) VALUES (2)",
    "CREATE INDEX IF NOT EXISTS skald_tables_active ON skald_tables (active_ms)",
    "INSERT INTO skald_tables VALUES ('kept', 'chi', 'Kept', 1000, 7000)",
    "INSERT INTO skald_events VALUES ('kept', 1, 'created', '{}', NULL, NULL, 1000)",
    "INSERT INTO skald_events VALUES ('kept', 2, 'roll', '{\"d\":6}', '{\"s\":1}', 'gm', 5000)",
    "INSERT INTO skald_tokens VALUES ('kept', 'aa', 'gm', NULL)",
    "INSERT INTO skald_tokens VALUES ('kept', 'bb', 'player', 1)",
    // Ann's seat (player 2), whose name the second migration reads from her `joined` record.
    "INSERT INTO skald_events VALUES ('kept', 3, 'joined', \
     '{\"kind\":\"joined\",\"player\":2,\"name\":\"Ann\",\"prev\":\"ab\"}', NULL, NULL, 6000)",
    "INSERT INTO skald_tokens VALUES ('kept', 'cc', 'player', 2)",
];

/// A version 2 database opens with everything kept (its touched activity too, which recomputing
/// from the records would lose), is adopted once (`skald_schema` gone, the first migration
/// recorded) and takes writes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_2_database_opens_with_its_data() {
    for db in databases().await {
        let label = db.label;
        run(&db, VERSION_2).await;
        let store = db.open().await;
        let loaded = store.load("kept").await.unwrap().unwrap();
        assert_eq!(loaded.active_ms, 7000, "{label}");
        assert_eq!(loaded.meta.title, "Kept", "{label}");
        assert_eq!(loaded.rows.len(), 3, "{label}");
        assert_eq!(loaded.rows[1].payload, r#"{"d":6}"#, "{label}");
        assert_eq!(
            loaded.rows[1].secret.as_deref(),
            Some(r#"{"s":1}"#),
            "{label}"
        );
        assert_eq!(loaded.rows[1].audience.as_deref(), Some("gm"), "{label}");
        assert_eq!(loaded.tokens.len(), 3, "{label}");
        assert_eq!(loaded.tokens[1].player, Some(1), "{label}");
        // The seats' names: Ann's read from her `joined` record; player 1 has none to read.
        let names: Vec<Option<&str>> = loaded.tokens.iter().map(|t| t.name.as_deref()).collect();
        assert_eq!(names, [None, None, Some("Ann")], "{label}");
        // Each seat's token reads from its seat's last `joined` (migration 4): Ann's from seq 3;
        // player 1 has no record to read, the GM's token none to need.
        let since: Vec<i64> = loaded.tokens.iter().map(|t| t.since).collect();
        assert_eq!(since, [0, 0, 3], "{label}");
        store
            .append("kept", vec![row(4, "{}")], vec![])
            .await
            .unwrap();
        store.close().await;
        assert!(!has_table(&db, "skald_schema").await, "{label}");
        assert_eq!(
            count(
                &db,
                "SELECT COUNT(*) FROM _sqlx_migrations WHERE success = TRUE"
            )
            .await,
            4,
            "{label}"
        );
        // Opened again: nothing adopted or migrated twice.
        let store = db.open().await;
        assert_eq!(store.load("kept").await.unwrap().unwrap().rows.len(), 4);
        store.close().await;
        db.finish().await;
    }
}

/// A version 1 database (no `active_ms`) gets the column, each table's activity its last record's
/// time (or its creation), and keeps its rows and tokens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_gets_the_activity_column() {
    for db in databases().await {
        let label = db.label;
        run(
            &db,
            &[
                "CREATE TABLE skald_tables (id TEXT PRIMARY KEY, system TEXT NOT NULL, \
                 title TEXT NOT NULL, created_ms BIGINT NOT NULL)",
                VERSION_2[1],
                VERSION_2[2],
                "CREATE TABLE skald_schema (version BIGINT NOT NULL)",
                "INSERT INTO skald_schema (version) VALUES (1)",
                "INSERT INTO skald_tables VALUES ('kept', 'chi', 'Kept', 1000)",
                VERSION_2[7],
                VERSION_2[8],
                VERSION_2[9],
            ],
        )
        .await;
        let store = db.open().await;
        let loaded = store.load("kept").await.unwrap().unwrap();
        assert_eq!(loaded.active_ms, 5000, "{label}");
        assert_eq!(loaded.rows.len(), 2, "{label}");
        assert_eq!(loaded.tokens.len(), 1, "{label}");
        assert_eq!(store.live_table_count(5000).await.unwrap(), 1, "{label}");
        store.close().await;
        assert!(!has_table(&db, "skald_schema").await, "{label}");
        db.finish().await;
    }
}

/// A database a newer build migrated (a migration this build does not know) is refused, saying
/// so, and left as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_database_is_refused_in_words() {
    for db in databases().await {
        let label = db.label;
        let store = db.open().await;
        store.close().await;
        let mut conn = connect(&db).await;
        sqlx::query(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES ($1, $2, TRUE, $3, 0)",
        )
        .bind(9999_i64)
        .bind("from the future")
        .bind(vec![0_u8; 48])
        .execute(&mut conn)
        .await
        .unwrap();
        conn.close().await.unwrap();
        let e = Store::open(&db.url).await.unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Database(_)), "{label}: {e}");
        assert!(
            e.to_string()
                .contains("schema version 9999, newer than this build's 4"),
            "{label}: {e}"
        );
        db.finish().await;
    }
}

/// `Store::ready` while the store is open: ready on this build's schema; not ready, in words, once
/// a newer build migrated the database under it (a row of a migration this build does not know),
/// once a migration of this build's was changed, is missing or failed part way, and once the store
/// is closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ready_says_whether_the_schema_is_still_this_builds() {
    for db in databases().await {
        let label = db.label;
        let store = db.open().await;
        assert_eq!(store.ready().await, Ok(()), "{label}");
        let newer = "INSERT INTO _sqlx_migrations (version, description, success, checksum, \
                     execution_time) VALUES (5, 'from the future', TRUE, '', 0)";
        let steps: [(&[&str], &str); 4] = [
            (
                &[newer],
                "the database has schema version 5, newer than this build's 4: a newer Skald \
                 migrated it; run that one (or a newer one) on it",
            ),
            (
                &[
                    "DELETE FROM _sqlx_migrations WHERE version = 5",
                    "UPDATE _sqlx_migrations SET checksum = '' WHERE version = 4",
                ],
                "the database's schema version 4 differs from this build's migration 4 (it was \
                 changed after being applied)",
            ),
            (
                &["DELETE FROM _sqlx_migrations WHERE version = 4"],
                "the database lacks this build's schema version 4 (of 4): restart this node to \
                 apply it",
            ),
            (
                &["UPDATE _sqlx_migrations SET success = FALSE WHERE version = 1"],
                "schema version 1 failed part way on this database; restore it from a backup or \
                 repair it by hand",
            ),
        ];
        for (statements, expected) in steps {
            run(&db, statements).await;
            let got = store.ready().await.map_err(|e| e.to_string());
            assert_eq!(
                got,
                Err(expected.to_owned()),
                "{label}: after {statements:?}"
            );
        }
        store.close().await;
        assert_eq!(
            store.ready().await.map_err(|e| e.to_string()),
            Err("the store is closed: this node is stopping".to_owned()),
            "{label}"
        );
        db.finish().await;
    }
}

/// The same for a database from before migrations whose version no build ever wrote.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_legacy_version_past_2_is_refused_in_words() {
    for db in databases().await {
        let label = db.label;
        run(
            &db,
            &[
                VERSION_2[0],
                VERSION_2[1],
                VERSION_2[2],
                VERSION_2[3],
                "INSERT INTO skald_schema (version) VALUES (3)",
            ],
        )
        .await;
        let e = Store::open(&db.url).await.unwrap_err();
        assert!(
            e.to_string()
                .contains("schema version 3, newer than this build's"),
            "{label}: {e}"
        );
        assert!(has_table(&db, "skald_schema").await, "{label}");
        db.finish().await;
    }
}
