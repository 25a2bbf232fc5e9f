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
        end_session(&db.url, "http://b:2").await;
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
        store.close().await;
    }
}

/// A fenced append (docs/scaling.md, "Fencing") is written only while the ownership session it
/// names still holds the table: once that session ends, the append is refused as `NotOwner` and
/// nothing of it is written, even when it shares its transaction with writes that are held; the
/// session opened again fences with its own pid, and an old session's number is refused without
/// asking the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fenced_append_is_written_only_while_its_session_holds_the_table() {
    use common::{meta, row};
    for db in databases().await {
        let store = db.open().await;
        if store.backend() == Backend::Sqlite {
            continue;
        }
        let a = store.owners("http://a:1", "key").await.unwrap().unwrap();
        let b = store.owners("http://b:2", "key").await.unwrap().unwrap();
        let held: Vec<String> = (0..8).map(|i| format!("held{i}")).collect();
        for id in held
            .iter()
            .chain(["lost".to_owned(), "free".to_owned()].iter())
        {
            store
                .create_table(&meta(id), &[row(1, "{}")], &[])
                .await
                .unwrap();
        }
        for id in &held {
            assert_eq!(a.take(id).await.unwrap(), Owner::Me);
        }
        assert_eq!(b.take("lost").await.unwrap(), Owner::Me);
        let (a0, b0) = (a.session(), b.session());
        let fence_b = b.fence("lost", b0).unwrap();
        store
            .append_fenced("lost", vec![row(2, "{}")], vec![], fence_b)
            .await
            .unwrap();
        // A's session does not hold "free": its fence there is refused.
        let e = store
            .append_fenced(
                "free",
                vec![row(2, "{}")],
                vec![],
                a.fence("free", a0).unwrap(),
            )
            .await
            .unwrap_err();
        assert_eq!(
            e.kind(),
            &ErrorKind::NotOwner {
                table: "free".into()
            }
        );

        end_session(&db.url, "http://b:2").await;
        // B does not know yet (its session number is the same), but the database does: A's
        // appends and B's, sent together, land but for B's.
        assert_eq!(b.session(), b0);
        let mut writes = Vec::new();
        for id in &held {
            let (store, fence) = (store.clone(), a.fence(id, a0).unwrap());
            let id = id.clone();
            writes.push(tokio::spawn(async move {
                store
                    .append_fenced(&id, vec![row(2, "{}")], vec![], fence)
                    .await
            }));
        }
        let lost = {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .append_fenced("lost", vec![row(3, "{}")], vec![], fence_b)
                    .await
            })
        };
        for write in writes {
            write.await.unwrap().unwrap();
        }
        let e = lost.await.unwrap().unwrap_err();
        assert_eq!(
            e.kind(),
            &ErrorKind::NotOwner {
                table: "lost".into()
            }
        );
        assert_eq!(store.load("lost").await.unwrap().unwrap().rows.len(), 2);
        for id in &held {
            assert_eq!(store.load(id).await.unwrap().unwrap().rows.len(), 2, "{id}");
        }

        // B opens its session again: the old number's fence is refused at once, the new one's
        // holds once B takes the table again.
        b.check().await.unwrap();
        assert_eq!(b.session(), b0 + 1);
        assert_eq!(
            b.fence("lost", b0).unwrap_err().kind(),
            &ErrorKind::NotOwner {
                table: "lost".into()
            }
        );
        assert_eq!(b.take("lost").await.unwrap(), Owner::Me);
        store
            .append_fenced(
                "lost",
                vec![row(3, "{}")],
                vec![],
                b.fence("lost", b0 + 1).unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(store.load("lost").await.unwrap().unwrap().rows.len(), 3);
        a.close().await;
        b.close().await;
        store.close().await;
    }
}

/// Ends the ownership session of the node at `address` as a killed node's or a cut network's
/// would end (`pg_terminate_backend`, waiting up to 5 s for it to end).
async fn end_session(url: &str, address: &str) {
    let mut admin = sqlx::PgConnection::connect(url).await.unwrap();
    sqlx::query("SELECT pg_terminate_backend(pid, 5000) FROM skald_nodes WHERE address = $1")
        .bind(address)
        .execute(&mut admin)
        .await
        .unwrap();
    admin.close().await.unwrap();
}
