//! Durability of `skald serve` through the real binary: a server killed with SIGKILL while
//! actions are in flight, then one stopped with SIGTERM under load, lose no acknowledged action.
//!
//! Twenty WebSocket clients over four tables send `roll` actions as fast as their acks come back.
//! After a kill and a restart on the same database, each table's log (`GET /api/tables/{id}/log`,
//! paged) must hold seqs 1..N with no gap or duplicate, and at every acknowledged seq the
//! `dice_rolled` record of the client that was acknowledged, with its label. Clients then
//! reconnect with `after=<last seq they saw>` and must receive exactly the records after it, in
//! order, up to the table's last. A graceful stop (SIGTERM) under load must exit 0 with every
//! action acknowledged before the close in the log.
//!
//! Runs on SQLite always, and on PostgreSQL in a fresh database when `SKALD_TEST_PG` names a
//! server (an admin URL, as for skald-store's tests); skipped with a printed line otherwise.

#![allow(clippy::unwrap_used)]
// SIGKILL and SIGTERM are Unix signals.
#![cfg(unix)]

use crate::serve_common;

use serve_common::*;
use skald_testkit::Db as TestDb;
use std::sync::Arc;

async fn crash_and_stop(db: TestDb) {
    let label = db.label;
    let server = Server::start(&db.url).await;
    let (tables, seats) = set_up(&server).await;
    let mut sockets = Vec::new();
    for seat in &seats {
        // From the start: the table's first records come after the hello, checked like the rest.
        let (socket, _) = connect(&server, &tables[seat.table], seat, 0).await;
        sockets.push((socket, 0));
    }

    // 1. SIGKILL while clients act.
    let (crashed, ()) = load_then(sockets, &seats, "kill", || server.kill()).await;
    summary(label, "SIGKILL", &crashed);
    for seen in &crashed {
        assert!(
            seen.errors.iter().all(|k| k == "limit"),
            "{label}: errors before the kill: {:?}",
            seen.errors
        );
    }
    assert!(
        crashed.iter().any(|s| !s.acked.is_empty()),
        "{label}: nothing was acknowledged before the kill"
    );
    let mut acked: Vec<Vec<(u64, String)>> = crashed.iter().map(|s| s.acked.clone()).collect();

    // 2. Restart: the log has every acknowledged action; clients catch up from where they were.
    let server = Server::start(&db.url).await;
    let logs = check_logs(&server, &tables, &seats, &acked).await;
    let sockets = reconnect(&server, &tables, &seats, &crashed, &logs).await;

    // 3. SIGTERM under load: exit 0, and every acknowledged action is in the log.
    let stderr = Arc::clone(&server.stderr);
    let (stopped, status) = load_then(sockets, &seats, "term", || server.terminate()).await;
    summary(label, "SIGTERM", &stopped);
    assert!(
        status.success(),
        "{label}: skald serve exited with {status} after SIGTERM; stderr: {}",
        stderr.lock().unwrap()
    );
    for seen in &stopped {
        assert!(
            seen.errors.iter().all(|k| k == "limit" || k == "busy"),
            "{label}: errors before the stop: {:?}",
            seen.errors
        );
    }
    for (all, seen) in acked.iter_mut().zip(&stopped) {
        all.extend(seen.acked.iter().cloned());
    }
    let server = Server::start(&db.url).await;
    let logs = check_logs(&server, &tables, &seats, &acked).await;
    let records: usize = logs.iter().map(Vec::len).sum();
    println!("{label}: {records} records in the logs after the restarts, all checked");
    let status = server.terminate().await;
    assert!(status.success(), "{label}: final stop exited with {status}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_keeps_every_acknowledged_action_through_kill_and_stop() {
    crash_and_stop(skald_testkit::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_keeps_every_acknowledged_action_through_kill_and_stop() {
    match std::env::var("SKALD_TEST_PG") {
        Ok(admin) if !admin.is_empty() => {
            crash_and_stop(skald_testkit::postgres(&admin).await).await
        }
        _ => println!(
            "SKALD_TEST_PG is not set: the PostgreSQL half of tests/it/serve_crash.rs was skipped"
        ),
    }
}
