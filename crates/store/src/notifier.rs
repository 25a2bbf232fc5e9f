//! The notifier task: tells the other nodes what this node's writers committed (PostgreSQL's
//! `NOTIFY`, docs/scaling.md, "Fan-out by pointer"), for all writers at once.
//!
//! Each writer hands over its batch's pointers once the batch's callers have their answers; the
//! notifier sends what it was handed at most once every [`NOTIFY_EVERY`], in one statement (issue
//! 34: a `pg_notify` per batch and writer was a PostgreSQL transaction per action at a table's
//! pace, one node's as much as several's). Not inside the appends' transactions: PostgreSQL
//! serializes the commits of notifying transactions, so a notice there would hold every writer
//! behind each one's disk flush; alone, a notification writes nothing and waits for no flush. A
//! notice lost here (the process dies first, or the statement fails) delays the followers until
//! they read the log on their own (at their next read or write of the table, or their node's
//! 30-s net).

use sqlx::AnyPool;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::notices;

/// The least time between two notifications of one node: a follower hears of an append at most
/// this much later than a notice per batch would tell it.
pub(crate) const NOTIFY_EVERY: Duration = Duration::from_millis(10);

/// Batches' pointers waiting for the notifier, at most; a writer waits when it is full.
pub(crate) const QUEUE: usize = 1024;

/// Payloads one statement sends, at most (about 500 KB).
const PAYLOADS_PER_STATEMENT: usize = 64;

/// Runs until every writer has dropped its sender, sending what was handed over last.
pub(crate) async fn run(pool: AnyPool, mut rx: mpsc::Receiver<Vec<String>>) {
    let mut last = Instant::now() - NOTIFY_EVERY;
    let mut handed: Vec<Vec<String>> = Vec::new();
    while rx.recv_many(&mut handed, QUEUE).await > 0 {
        tokio::time::sleep_until(last + NOTIFY_EVERY).await;
        while handed.len() < QUEUE * 4
            && let Ok(more) = rx.try_recv()
        {
            handed.push(more);
        }
        last = Instant::now();
        send(&pool, handed.drain(..).flatten()).await;
    }
}

/// The pointers in as few notifications as fit, sent in as few statements as fit.
async fn send(pool: &AnyPool, pointers: impl Iterator<Item = String>) {
    let payloads = notices::joined(pointers);
    for chunk in payloads.chunks(PAYLOADS_PER_STATEMENT) {
        let calls: Vec<String> = (0..chunk.len())
            .map(|i| format!("pg_notify($1, ${})", i + 2))
            .collect();
        let statement = format!("SELECT {}", calls.join(", "));
        let mut query = sqlx::query(&statement).bind(notices::CHANNEL);
        for payload in chunk {
            query = query.bind(payload);
        }
        if let Err(e) = query.execute(pool).await {
            tracing::warn!(error = %e, "could not notify the other nodes; they read the log on their own");
        }
    }
}
