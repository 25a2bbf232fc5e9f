#![allow(clippy::unwrap_used)]
//! The store's contract, on every back end `common::databases` yields.

use crate::common;

use std::time::Duration;

use common::{Open as _, databases, meta, row, token};
use skald_store::{Backend, ErrorKind, MAX_JSON_BYTES, Row, Store};

fn rich_rows() -> Vec<Row> {
    vec![
        row(1, r#"{"options":{"players":3}}"#),
        Row {
            seq: 2,
            kind: "roll".to_owned(),
            payload: r#"{"who":"Ásta","text":"héllo 🎲 \"quoted\" \\ back"}"#.to_owned(),
            secret: Some(r#"{"dice":[3,5,6]}"#.to_owned()),
            audience: Some("player:2".to_owned()),
            at_ms: -5,
        },
        Row {
            seq: 3,
            kind: "k".repeat(64),
            payload: String::new(),
            secret: Some(String::new()),
            audience: Some("gm".to_owned()),
            at_ms: i64::MAX,
        },
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_and_load_round_trip_exactly() {
    for db in databases().await {
        let store = db.open().await;
        let backend = match db.label {
            "sqlite" => Backend::Sqlite,
            _ => Backend::Postgres,
        };
        assert_eq!(store.backend(), backend);
        assert_eq!(store.table_count().await.unwrap(), 0);
        assert_eq!(store.load("nope").await.unwrap(), None);

        let tokens = vec![
            token("ff00", "player", Some(2)),
            token("0abc", "gm", None),
            token("77", "invite", None),
        ];
        store
            .create_table(&meta("t1"), &rich_rows(), &tokens)
            .await
            .unwrap();
        let loaded = store.load("t1").await.unwrap().unwrap();
        assert_eq!(loaded.meta, meta("t1"), "{}", db.label);
        assert_eq!(loaded.rows, rich_rows(), "{}", db.label);
        let mut sorted = tokens.clone();
        sorted.sort_by(|a, b| a.hash.cmp(&b.hash));
        assert_eq!(loaded.tokens, sorted, "{}", db.label);

        // A table with no rows nor tokens.
        store.create_table(&meta("empty"), &[], &[]).await.unwrap();
        let empty = store.load("empty").await.unwrap().unwrap();
        assert!(empty.rows.is_empty() && empty.tokens.is_empty());

        // The id is taken: refused, and the first table is untouched.
        let again = store
            .create_table(&meta("t1"), &[row(1, "{}")], &[])
            .await
            .unwrap_err();
        assert_eq!(
            again.kind(),
            &ErrorKind::Exists {
                table: "t1".to_owned()
            }
        );
        assert!(again.to_string().contains("t1"), "{again}");
        assert_eq!(store.load("t1").await.unwrap().unwrap().rows, rich_rows());

        // First rows must start at 1.
        let bad = store
            .create_table(&meta("t2"), &[row(2, "{}")], &[])
            .await
            .unwrap_err();
        assert!(matches!(
            bad.kind(),
            ErrorKind::NotContiguous {
                expected: 1,
                got: 2,
                ..
            }
        ));
        assert_eq!(store.table_count().await.unwrap(), 2);
        store.close().await;
        db.finish().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn append_is_contiguous_and_conflicts_write_nothing() {
    for db in databases().await {
        let store = db.open().await;
        store
            .create_table(&meta("t"), &[row(1, "{}")], &[token("aa", "gm", None)])
            .await
            .unwrap();
        store
            .append("t", vec![row(2, "2"), row(3, "3")], vec![])
            .await
            .unwrap();
        // Nothing to write is fine.
        store.append("t", vec![], vec![]).await.unwrap();

        // A gap after the stored log.
        let gap = store
            .append("t", vec![row(5, "5")], vec![])
            .await
            .unwrap_err();
        assert_eq!(
            gap.kind(),
            &ErrorKind::NotContiguous {
                table: "t".to_owned(),
                expected: 4,
                got: 5
            }
        );
        // A gap within the call.
        let inner = store
            .append("t", vec![row(4, "4"), row(6, "6")], vec![])
            .await
            .unwrap_err();
        assert!(matches!(
            inner.kind(),
            ErrorKind::NotContiguous {
                expected: 5,
                got: 6,
                ..
            }
        ));
        // A seq already stored: Conflict, and neither its rows nor its tokens are written.
        let conflict = store
            .append(
                "t",
                vec![row(3, "again"), row(4, "4")],
                vec![token("bb", "player", Some(1))],
            )
            .await
            .unwrap_err();
        assert_eq!(
            conflict.kind(),
            &ErrorKind::Conflict {
                table: "t".to_owned(),
                seq: 3
            }
        );
        let loaded = store.load("t").await.unwrap().unwrap();
        assert_eq!(
            loaded.rows,
            vec![row(1, "{}"), row(2, "2"), row(3, "3")],
            "{}",
            db.label
        );
        assert_eq!(loaded.tokens, vec![token("aa", "gm", None)]);

        // Tokens alone, and a table that does not exist.
        store
            .append("t", vec![], vec![token("cc", "invite", None)])
            .await
            .unwrap();
        let missing = store
            .append("ghost", vec![row(1, "{}")], vec![])
            .await
            .unwrap_err();
        assert_eq!(
            missing.kind(),
            &ErrorKind::NoSuchTable {
                table: "ghost".to_owned()
            }
        );

        // Two appends racing for the same seq, many times: exactly one wins, the loser wrote nothing.
        // Even rounds race within one store (one writer, one batch); odd rounds race two stores on the
        // same database (two writers: the database's unique (table, seq) decides), while a third task
        // appends to another table so batches also hold requests that must still succeed.
        let second = db.open().await;
        store.create_table(&meta("u"), &[], &[]).await.unwrap();
        for round in 0..20i64 {
            let seq = 4 + round;
            let a = store.clone();
            let b = if round % 2 == 0 {
                store.clone()
            } else {
                second.clone()
            };
            let bystander = {
                let store = store.clone();
                tokio::spawn(
                    async move { store.append("u", vec![row(round + 1, "u")], vec![]).await },
                )
            };
            let ha = tokio::spawn(async move {
                a.append(
                    "t",
                    vec![row(seq, "a")],
                    vec![token(&format!("a{seq}"), "player", Some(1))],
                )
                .await
            });
            let hb = tokio::spawn(async move {
                b.append(
                    "t",
                    vec![row(seq, "b")],
                    vec![token(&format!("b{seq}"), "player", Some(2))],
                )
                .await
            });
            let (ra, rb) = (ha.await.unwrap(), hb.await.unwrap());
            bystander.await.unwrap().unwrap();
            assert!(ra.is_ok() != rb.is_ok(), "{}: {ra:?} {rb:?}", db.label);
            let (winner, loser) = if ra.is_ok() { ("a", rb) } else { ("b", ra) };
            assert_eq!(
                loser.unwrap_err().kind(),
                &ErrorKind::Conflict {
                    table: "t".to_owned(),
                    seq
                }
            );
            let loaded = store.load("t").await.unwrap().unwrap();
            assert_eq!(loaded.rows.last().unwrap(), &row(seq, winner));
            assert!(
                loaded
                    .tokens
                    .iter()
                    .any(|t| t.hash == format!("{winner}{seq}"))
            );
            let other = if winner == "a" { "b" } else { "a" };
            assert!(
                !loaded
                    .tokens
                    .iter()
                    .any(|t| t.hash == format!("{other}{seq}"))
            );
        }
        assert_eq!(store.load("u").await.unwrap().unwrap().rows.len(), 20);
        second.close().await;
        store.close().await;
        db.finish().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_appends_across_fifty_tables_all_land() {
    const TABLES: usize = 50;
    const APPENDS: i64 = 40;
    for db in databases().await {
        let store = db.open().await;
        for t in 0..TABLES {
            store
                .create_table(&meta(&format!("table-{t}")), &[row(1, "0")], &[])
                .await
                .unwrap();
        }
        let mut tasks = Vec::new();
        for t in 0..TABLES {
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                let id = format!("table-{t}");
                for seq in 2..=APPENDS + 1 {
                    // Some calls carry two rows, so batches mix sizes.
                    if seq % 7 == 0 {
                        continue;
                    }
                    let mut rows = vec![row(seq, &format!("{t}/{seq}"))];
                    if (seq + 1) % 7 == 0 && seq < APPENDS + 1 {
                        rows.push(row(seq + 1, &format!("{t}/{}", seq + 1)));
                    }
                    store.append(&id, rows, vec![]).await.unwrap();
                }
            }));
        }
        for task in tasks {
            task.await.unwrap();
        }
        assert_eq!(store.table_count().await.unwrap(), TABLES as i64);
        for t in 0..TABLES {
            let loaded = store.load(&format!("table-{t}")).await.unwrap().unwrap();
            let seqs: Vec<i64> = loaded.rows.iter().map(|r| r.seq).collect();
            let want: Vec<i64> = (1..=APPENDS + 1).collect();
            assert_eq!(seqs, want, "{}: table-{t}", db.label);
            for r in &loaded.rows[1..] {
                assert_eq!(r.payload, format!("{t}/{}", r.seq));
            }
        }
        store.close().await;
        db.finish().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heads_are_each_table_s_last_seq_asked_many_at_a_time() {
    for db in databases().await {
        let store = db.open().await;
        // More tables than one statement asks for, each with its own count of rows.
        let count = skald_store::HEADS_PER_STATEMENT + 3;
        let ids: Vec<String> = (0..count).map(|i| format!("t{i}")).collect();
        for (i, id) in ids.iter().enumerate() {
            let rows: Vec<Row> = (1..=1 + (i % 4) as i64).map(|s| row(s, "x")).collect();
            store.create_table(&meta(id), &rows, &[]).await.unwrap();
        }
        let mut asked: Vec<&str> = ids.iter().map(String::as_str).collect();
        asked.push("ghost");
        let mut heads = store.heads(&asked).await.unwrap();
        heads.sort();
        let mut expected: Vec<(String, i64)> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| (id.clone(), 1 + (i % 4) as i64))
            .collect();
        expected.sort();
        assert_eq!(heads, expected, "a table with no rows has no head");
        assert!(store.heads(&[]).await.unwrap().is_empty());
        store.close().await;
        db.finish().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rows_after_pages_in_order() {
    for db in databases().await {
        let store = db.open().await;
        let rows: Vec<Row> = (1..=10).map(|s| row(s, &s.to_string())).collect();
        store.create_table(&meta("t"), &rows, &[]).await.unwrap();
        assert_eq!(store.rows_after("t", 0, 100).await.unwrap(), rows);
        assert_eq!(
            store.rows_after("t", 3, 4).await.unwrap(),
            rows[3..7].to_vec()
        );
        assert_eq!(
            store.rows_after("t", 8, 100).await.unwrap(),
            rows[8..].to_vec()
        );
        assert!(store.rows_after("t", 10, 100).await.unwrap().is_empty());
        assert!(store.rows_after("t", 0, 0).await.unwrap().is_empty());
        assert!(store.rows_after("ghost", 0, 10).await.unwrap().is_empty());
        store.close().await;
        db.finish().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rows_between_reads_many_tables_ranges_at_once() {
    for db in databases().await {
        let store = db.open().await;
        // More tables than one statement asks for, each with 5 rows.
        let count = skald_store::HEADS_PER_STATEMENT + 2;
        let ids: Vec<String> = (0..count).map(|i| format!("t{i}")).collect();
        let rows: Vec<Row> = (1..=5).map(|s| row(s, &s.to_string())).collect();
        for id in &ids {
            store.create_table(&meta(id), &rows, &[]).await.unwrap();
        }
        // Table i wants the seqs after i % 5, up to 4: some one row, some none.
        let mut ranges: Vec<(&str, i64, i64)> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| (id.as_str(), (i % 5) as i64, 4))
            .collect();
        ranges.push(("ghost", 0, 10));
        let found = store.rows_between(&ranges).await.unwrap();
        let mut expected: Vec<(String, Row)> = ids
            .iter()
            .enumerate()
            .flat_map(|(i, id)| rows[i % 5..4].iter().map(|r| (id.clone(), r.clone())))
            .collect();
        expected.sort_by(|a, b| (&a.0, a.1.seq).cmp(&(&b.0, b.1.seq)));
        assert_eq!(found.len(), expected.len());
        let mut sorted = found.clone();
        sorted.sort_by(|a, b| (&a.0, a.1.seq).cmp(&(&b.0, b.1.seq)));
        assert_eq!(sorted, expected);
        // Within a table, in seq order as read (statements are per chunk, each ordered).
        for pair in found.windows(2) {
            if pair[0].0 == pair[1].0 {
                assert!(pair[0].1.seq < pair[1].1.seq);
            }
        }
        assert!(store.rows_between(&[]).await.unwrap().is_empty());
        store.close().await;
        db.finish().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_large_is_refused_before_the_database() {
    for db in databases().await {
        let store = db.open().await;
        store.create_table(&meta("t"), &[], &[]).await.unwrap();
        let field_of = |e: skald_store::Error| match e.kind() {
            ErrorKind::TooLarge { field, len, max } => (*field, *len, *max),
            other => panic!("not TooLarge: {other:?}"),
        };

        let mut long_kind = row(1, "{}");
        long_kind.kind = "é".repeat(65);
        let e = store
            .append("t", vec![long_kind], vec![])
            .await
            .unwrap_err();
        assert!(e.to_string().contains("row.kind"), "{e}");
        assert_eq!(field_of(e), ("row.kind", 65, 64));

        let big = "x".repeat(MAX_JSON_BYTES + 1);
        let e = store
            .append("t", vec![row(1, &big)], vec![])
            .await
            .unwrap_err();
        assert_eq!(
            field_of(e),
            ("row.payload", MAX_JSON_BYTES + 1, MAX_JSON_BYTES)
        );
        let mut secret = row(1, "{}");
        secret.secret = Some(big.clone());
        let e = store.append("t", vec![secret], vec![]).await.unwrap_err();
        assert_eq!(field_of(e).0, "row.secret");

        let long_id = "t".repeat(65);
        let e = store
            .create_table(&meta(&long_id), &[], &[])
            .await
            .unwrap_err();
        assert_eq!(field_of(e), ("table.id", 65, 64));
        let e = store.append(&long_id, vec![], vec![]).await.unwrap_err();
        assert_eq!(field_of(e).0, "table.id");
        assert!(store.load(&long_id).await.is_err());

        assert_eq!(store.table_count().await.unwrap(), 1);
        assert!(store.load("t").await.unwrap().unwrap().rows.is_empty());

        // Exactly at the bounds is fine.
        let mut edge = row(1, &"y".repeat(MAX_JSON_BYTES));
        edge.kind = "é".repeat(64);
        edge.secret = Some("z".repeat(MAX_JSON_BYTES));
        store.append("t", vec![edge.clone()], vec![]).await.unwrap();
        assert_eq!(store.load("t").await.unwrap().unwrap().rows, vec![edge]);
        store.close().await;
        db.finish().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reopen_after_close_keeps_everything() {
    for db in databases().await {
        let store = db.open().await;
        store
            .create_table(&meta("t"), &rich_rows(), &[token("aa", "gm", None)])
            .await
            .unwrap();
        store
            .append("t", vec![row(4, "4")], vec![token("bb", "player", Some(3))])
            .await
            .unwrap();
        let before = store.load("t").await.unwrap().unwrap();
        let clone = store.clone();
        store.close().await;

        // Closed for every clone.
        let e = clone
            .append("t", vec![row(5, "5")], vec![])
            .await
            .unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::Closed);
        assert_eq!(
            clone.load("t").await.unwrap_err().kind(),
            &ErrorKind::Closed
        );

        let store = db.open().await;
        assert_eq!(
            store.load("t").await.unwrap().unwrap(),
            before,
            "{}",
            db.label
        );
        store.append("t", vec![row(5, "5")], vec![]).await.unwrap();
        store.close().await;
        let store = db.open().await;
        assert_eq!(store.load("t").await.unwrap().unwrap().rows.len(), 5);
        store.close().await;
        db.finish().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_at_once_creates_the_schema_once() {
    for db in databases().await {
        let opens = (0..4).map(|_| {
            let url = db.url.clone();
            tokio::spawn(async move { Store::open(&url).await })
        });
        let mut stores = Vec::new();
        for open in opens {
            stores.push(
                open.await
                    .unwrap()
                    .unwrap_or_else(|e| panic!("{}: {e}", db.label)),
            );
        }
        stores[0]
            .create_table(&meta("t"), &[row(1, "{}")], &[])
            .await
            .unwrap();
        // Two stores on one database: the unique (table, seq) still decides.
        stores[1]
            .append("t", vec![row(2, "x")], vec![])
            .await
            .unwrap();
        let e = stores[2]
            .append("t", vec![row(2, "y")], vec![])
            .await
            .unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::Conflict { seq: 2, .. }),
            "{e}"
        );
        assert_eq!(stores[3].load("t").await.unwrap().unwrap().rows.len(), 2);
        for store in stores {
            store.close().await;
        }
        db.finish().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn raw_commit_rate_commits() {
    for db in databases().await {
        let store = db.open().await;
        let (commits, elapsed) = store
            .raw_commit_rate(Duration::from_millis(200))
            .await
            .unwrap();
        assert!(commits > 0, "{}", db.label);
        assert!(elapsed >= Duration::from_millis(200));
        // The scratch table is not a table of the log.
        assert_eq!(store.table_count().await.unwrap(), 0);
        store.close().await;
        db.finish().await;
    }
}

#[tokio::test]
async fn sqlite_in_memory_works_while_open() {
    let store = Store::open("sqlite::memory:").await.unwrap();
    store
        .create_table(&meta("m"), &[row(1, "{}")], &[])
        .await
        .unwrap();
    store.append("m", vec![row(2, "{}")], vec![]).await.unwrap();
    assert_eq!(store.load("m").await.unwrap().unwrap().rows.len(), 2);
    // Each in-memory store is its own database.
    let other = Store::open("sqlite::memory:").await.unwrap();
    assert_eq!(other.table_count().await.unwrap(), 0);
    store.close().await;
    other.close().await;
}

#[tokio::test]
async fn bad_urls_are_refused() {
    let e = Store::open("mysql://root:secret@db/x").await.unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Url { .. }), "{e}");
    assert!(!e.to_string().contains("secret"));
    let e = Store::open("/nonexistent-dir-skald/x/y.db")
        .await
        .unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Database(_)), "{e}");
}

/// A table is live while it was active lately: its last record's time, or a touch (its GM coming
/// back); a quiet one drops out of the live count and comes back when touched or appended to.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_count_follows_each_tables_last_activity() {
    let at = |seq: i64, at_ms: i64| Row {
        at_ms,
        ..row(seq, "{}")
    };
    for db in databases().await {
        let label = db.label;
        let store = db.open().await;
        // meta(..).created_ms is 1_700_000_000_000.
        store
            .create_table(&meta("quiet"), &[at(1, 1_700_000_000_000)], &[])
            .await
            .unwrap();
        store
            .create_table(&meta("busy"), &[at(1, 1_700_000_000_000)], &[])
            .await
            .unwrap();
        store
            .append("busy", vec![at(2, 1_700_000_500_000)], vec![])
            .await
            .unwrap();
        store.create_table(&meta("empty"), &[], &[]).await.unwrap();
        let live = |since: i64| {
            let store = store.clone();
            async move { store.live_table_count(since).await.unwrap() }
        };
        assert_eq!(live(1_700_000_000_000).await, 3, "{label}");
        assert_eq!(live(1_700_000_000_001).await, 1, "{label}");
        assert_eq!(live(1_700_000_500_001).await, 0, "{label}");
        let active = |id: &'static str| {
            let store = store.clone();
            async move { store.load(id).await.unwrap().unwrap().active_ms }
        };
        assert_eq!(active("busy").await, 1_700_000_500_000, "{label}");
        assert_eq!(active("empty").await, 1_700_000_000_000, "{label}");

        store.touch("quiet", 1_700_000_900_000).await.unwrap();
        // Never back in time: an older touch or record leaves it as it is.
        store.touch("quiet", 1_700_000_100_000).await.unwrap();
        store
            .append("quiet", vec![at(2, 1_700_000_200_000)], vec![])
            .await
            .unwrap();
        assert_eq!(active("quiet").await, 1_700_000_900_000, "{label}");
        assert_eq!(live(1_700_000_500_001).await, 1, "{label}");
        let e = store.touch("ghost", 1).await.unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::NoSuchTable { .. }), "{e}");
        store.close().await;
        db.finish().await;
    }
}

/// A database written by schema version 1 (no `active_ms`) is migrated on open: each table's
/// activity is its last record's time, or its creation when it has none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_is_migrated_on_open() {
    use sqlx::{Connection as _, Executor as _};
    for db in databases().await {
        let label = db.label;
        let url = if label == "sqlite" {
            format!("{}?mode=rwc", db.url)
        } else {
            db.url.clone()
        };
        let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
        for statement in [
            "CREATE TABLE skald_tables (id TEXT PRIMARY KEY, system TEXT NOT NULL, \
             title TEXT NOT NULL, created_ms BIGINT NOT NULL)",
            "CREATE TABLE skald_events (table_id TEXT NOT NULL REFERENCES skald_tables(id), \
             seq BIGINT NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL, secret TEXT NULL, \
             audience TEXT NULL, at_ms BIGINT NOT NULL, PRIMARY KEY (table_id, seq))",
            "CREATE TABLE skald_tokens (table_id TEXT NOT NULL REFERENCES skald_tables(id), \
             hash TEXT NOT NULL, role TEXT NOT NULL, player BIGINT NULL, \
             PRIMARY KEY (table_id, hash))",
            "CREATE TABLE skald_schema (version BIGINT NOT NULL)",
            "INSERT INTO skald_schema (version) VALUES (1)",
            "INSERT INTO skald_tables VALUES ('old', 'chi', 'Old', 1000)",
            "INSERT INTO skald_tables VALUES ('bare', 'chi', 'Bare', 2000)",
            "INSERT INTO skald_events VALUES ('old', 1, 'created', '{}', NULL, NULL, 1000)",
            "INSERT INTO skald_events VALUES ('old', 2, 'note', '{}', NULL, NULL, 5000)",
        ] {
            conn.execute(statement).await.unwrap();
        }
        conn.close().await.unwrap();

        let store = db.open().await;
        assert_eq!(
            store.load("old").await.unwrap().unwrap().active_ms,
            5000,
            "{label}"
        );
        assert_eq!(
            store.load("bare").await.unwrap().unwrap().active_ms,
            2000,
            "{label}"
        );
        assert_eq!(store.live_table_count(2001).await.unwrap(), 1, "{label}");
        store
            .append(
                "bare",
                vec![Row {
                    at_ms: 9000,
                    ..row(1, "{}")
                }],
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(store.live_table_count(6000).await.unwrap(), 1, "{label}");
        store.close().await;
        // Opened again: already version 2, nothing migrated twice.
        let store = db.open().await;
        assert_eq!(
            store.load("old").await.unwrap().unwrap().active_ms,
            5000,
            "{label}"
        );
        store.close().await;
        db.finish().await;
    }
}

/// A list of held tokens reads back each seat they give, newest activity first, in one call: a
/// pair whose hash belongs to another table, or to no table, gives nothing; past the bound of
/// pairs the call is refused before the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_read_back_what_held_tokens_give_newest_first() {
    use skald_store::{MAX_SEAT_LOOKUPS, SeatRow, TokenRow};
    let at = |seq: i64, at_ms: i64| Row {
        at_ms,
        ..row(seq, "{}")
    };
    for db in databases().await {
        let label = db.label;
        let store = db.open().await;
        let ann = TokenRow {
            name: Some("Ann".to_owned()),
            ..token("a1", "player", Some(1))
        };
        store
            .create_table(
                &meta("old"),
                &[at(1, 1_700_000_000_000)],
                &[token("g1", "gm", None), ann],
            )
            .await
            .unwrap();
        store
            .create_table(
                &meta("new"),
                &[at(1, 1_700_000_900_000)],
                &[token("g2", "gm", None)],
            )
            .await
            .unwrap();
        let pair = |table: &str, hash: &str| (table.to_owned(), hash.to_owned());
        let held = [
            pair("old", "a1"),
            pair("new", "g2"),
            // Another table's token, a token of no table, a table that does not exist.
            pair("new", "g1"),
            pair("old", "ffff"),
            pair("ghost", "g1"),
        ];
        let seats = store.seats(&held).await.unwrap();
        let seat =
            |id: &str, active_ms: i64, role: &str, player: Option<i64>, name: Option<&str>| {
                SeatRow {
                    meta: meta(id),
                    active_ms,
                    role: role.to_owned(),
                    player,
                    name: name.map(str::to_owned),
                }
            };
        assert_eq!(
            seats,
            [
                seat("new", 1_700_000_900_000, "gm", None, None),
                seat("old", 1_700_000_000_000, "player", Some(1), Some("Ann")),
            ],
            "{label}"
        );
        assert_eq!(store.seats(&[]).await.unwrap(), [], "{label}");
        let many: Vec<(String, String)> = (0..=MAX_SEAT_LOOKUPS)
            .map(|i| pair("old", &format!("{i}")))
            .collect();
        let e = store.seats(&many).await.unwrap_err();
        assert_eq!(
            e.kind(),
            &ErrorKind::TooLarge {
                field: "seats",
                len: 51,
                max: 50
            },
            "{label}"
        );
        assert_eq!(
            store.seats(&many[..MAX_SEAT_LOOKUPS]).await.unwrap(),
            [],
            "{label}"
        );
        // The name is loaded with the table's tokens too.
        let loaded = store.load("old").await.unwrap().unwrap();
        assert_eq!(loaded.tokens[0].name.as_deref(), Some("Ann"), "{label}");
        // A newer token of Ann's seat (the GM handed it at seq 2) replaces the first: the old one
        // seats nobody any more, the new one does; the GM's is no seat's replacement.
        let handed = TokenRow {
            name: Some("Ann".to_owned()),
            since: 2,
            ..token("a2", "player", Some(1))
        };
        store
            .append("old", vec![at(2, 1_700_000_000_500)], vec![handed])
            .await
            .unwrap();
        let seats = store
            .seats(&[pair("old", "a1"), pair("old", "a2"), pair("old", "g1")])
            .await
            .unwrap();
        let mut held: Vec<(&str, Option<i64>)> =
            seats.iter().map(|s| (s.role.as_str(), s.player)).collect();
        held.sort_unstable();
        assert_eq!(held, [("gm", None), ("player", Some(1))], "{label}");
        let since: Vec<(String, i64)> = store
            .tokens("old")
            .await
            .unwrap()
            .into_iter()
            .map(|t| (t.hash, t.since))
            .collect();
        assert_eq!(
            since,
            [("a1".into(), 0), ("a2".into(), 2), ("g1".into(), 0)],
            "{label}"
        );
        assert_eq!(
            store.seats(&[pair("old", "a1")]).await.unwrap(),
            [],
            "{label}"
        );
        store.close().await;
        db.finish().await;
    }
}
