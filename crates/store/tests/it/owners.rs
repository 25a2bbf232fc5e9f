//! Which node owns a table among nodes sharing one PostgreSQL database (docs/scaling.md, "Several
//! nodes"): one owner at a time, found by any other node, free when it gives the table up or its
//! session ends, and a session lost under a node opened again. SQLite has no owners.

#![allow(clippy::unwrap_used)]

use crate::common;

use common::{Open as _, databases};
use skald_store::{Backend, ErrorKind, Owner};
use sqlx::Connection as _;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_node_owns_a_table_and_the_others_find_it() {
    for db in databases().await {
        let store = db.open().await;
        if store.backend() == Backend::Sqlite {
            assert!(store.owners("http://a", "key-a").await.unwrap().is_none());
            assert!(store.notices().await.unwrap().is_none());
            continue;
        }
        let a = store.owners("http://a:1", "key-a").await.unwrap().unwrap();
        let b = store.owners("http://b:2", "key-b").await.unwrap().unwrap();
        // The first node's key is every node's.
        assert_eq!((a.key(), b.key()), ("key-a", "key-a"));
        assert_eq!(a.take("t1").await.unwrap(), Owner::Me);
        assert_eq!(b.take("t1").await.unwrap(), Owner::At("http://a:1".into()));
        assert_eq!(b.take("t2").await.unwrap(), Owner::Me);
        assert_eq!(a.take("t2").await.unwrap(), Owner::At("http://b:2".into()));
        // Taken twice, given up twice: the locks nest.
        assert_eq!(a.take("t1").await.unwrap(), Owner::Me);
        a.release("t1").await.unwrap();
        assert_eq!(b.take("t1").await.unwrap(), Owner::At("http://a:1".into()));
        a.release("t1").await.unwrap();
        assert_eq!(b.take("t1").await.unwrap(), Owner::Me);

        // B's session ends as a killed node's would: its tables are free at once; B, still running,
        // opens its session again on its next question. (The call waits up to 5 s for the session
        // to end.)
        let mut admin = sqlx::PgConnection::connect(&db.url).await.unwrap();
        sqlx::query(
            "SELECT pg_terminate_backend(pid, 5000) FROM skald_nodes WHERE address = 'http://b:2'",
        )
        .execute(&mut admin)
        .await
        .unwrap();
        assert_eq!(a.take("t1").await.unwrap(), Owner::Me);
        assert_eq!(a.take("t2").await.unwrap(), Owner::Me);
        assert_eq!(b.take("t1").await.unwrap(), Owner::At("http://a:1".into()));
        assert_eq!(b.take("t3").await.unwrap(), Owner::Me);
        assert_eq!(a.take("t3").await.unwrap(), Owner::At("http://b:2".into()));

        // Closed: nothing is held, and nothing more is taken.
        a.close().await;
        assert_eq!(b.take("t1").await.unwrap(), Owner::Me);
        assert!(matches!(
            a.take("t1").await.unwrap_err().kind(),
            ErrorKind::Closed
        ));
        b.close().await;
        admin.close().await.unwrap();
        store.close().await;
    }
}
