//! Notices of appends on PostgreSQL (docs/scaling.md, "Fan-out by pointer"): every committed
//! append is told to the listening nodes as a pointer, the writers' pointers sent together by the
//! notifier, and the last of them sent when the store closes. SQLite has none.

#![allow(clippy::unwrap_used)]

use crate::common;

use common::{Open as _, databases, meta, row};
use skald_store::{Backend, Heard, Notice};
use std::collections::BTreeMap;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_append_is_heard_and_the_last_ones_when_the_store_closes() {
    for db in databases().await {
        let store = db.open().await;
        if store.backend() == Backend::Sqlite {
            continue;
        }
        let mut notices = store.notices().await.unwrap().unwrap();
        // 40 tables spread over the writers, 3 appends each, all at once.
        let ids: Vec<String> = (0..40).map(|i| format!("n{i}")).collect();
        for id in &ids {
            store.create_table(&meta(id), &[], &[]).await.unwrap();
        }
        let mut appends = tokio::task::JoinSet::new();
        for id in &ids {
            let (store, id) = (store.clone(), id.clone());
            appends.spawn(async move {
                for seq in 1..=3 {
                    store
                        .append(&id, vec![row(seq, "{}")], Vec::new())
                        .await
                        .unwrap();
                }
            });
        }
        while let Some(done) = appends.join_next().await {
            done.unwrap();
        }
        // One more append, then the store closes at once: its notice still goes out.
        store
            .append("n0", vec![row(4, "{}")], Vec::new())
            .await
            .unwrap();
        store.close().await;
        let mut last: BTreeMap<String, i64> = BTreeMap::new();
        let mut heard = 0;
        while heard < 121 {
            let next = tokio::time::timeout(std::time::Duration::from_secs(10), notices.next());
            match next.await.expect("every notice within 10 s").unwrap() {
                Heard::Append(Notice { table, seq, tokens }) => {
                    assert!(!tokens);
                    let before = last.insert(table.clone(), seq).unwrap_or(0);
                    assert_eq!(seq, before + 1, "{table}'s notices in order, none twice");
                    heard += 1;
                }
                Heard::Reconnected => panic!("the listener lost its connection"),
            }
        }
        let mut expected: BTreeMap<String, i64> = ids.iter().map(|id| (id.clone(), 3)).collect();
        expected.insert("n0".into(), 4);
        assert_eq!(last, expected);
        db.finish().await;
    }
}
