//! The notices task: hears every append on the shared database and reads what the tables this
//! node follows lack, for all of them at once (docs/scaling.md, "Several nodes").
//!
//! Two halves in one task. The listener gathers the notices as they come: per table, the last seq
//! heard and whether tokens were written. The reader takes what was gathered, at most once every
//! [`READ_EVERY`], and reads every followed table's missing rows in one statement
//! ([`Store::rows_between`]), then hands each table its rows. Issue 34: a read per notice per
//! node made each node added cost PostgreSQL a transaction per action; gathered, a node reads at
//! most 1 / [`READ_EVERY`] times a second however busy its tables are, and a quiet node's first
//! notice is read at once.

use crate::actor::Msg;
use crate::registry::Registry;
use skald_store::{Heard, Notices, Row, Store};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

/// The least time between two reads of a node's followed tables: a follower's clients see another
/// node's action at most this much later than a read per notice would show it.
pub const READ_EVERY: Duration = Duration::from_millis(20);

/// Rows of one table read with the others', at most: a copy further behind reads on its own, in
/// pages (`TableTask::catch_up`), so one statement's answer stays small.
pub const ROWS_PER_TABLE: u64 = 64;

/// What the notices said since the last read: per table, the last seq and whether tokens were
/// written. Bounded by the tables this node follows (others are dropped as heard).
#[derive(Default)]
struct Gathered {
    wanted: Mutex<HashMap<Arc<str>, (u64, bool)>>,
    ready: Notify,
}

impl Gathered {
    fn add(&self, table: Arc<str>, seq: u64, tokens: bool) {
        let mut wanted = self.wanted.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = wanted.entry(table).or_insert((0, false));
        entry.0 = entry.0.max(seq);
        entry.1 |= tokens;
        drop(wanted);
        self.ready.notify_one();
    }

    fn take(&self) -> HashMap<Arc<str>, (u64, bool)> {
        std::mem::take(&mut *self.wanted.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// Runs until aborted: the listener and the reader, side by side. After a lost connection, every
/// followed table reads the log again.
pub async fn run(notices: Notices, registry: Arc<Registry>, store: Store) {
    let gathered = Gathered::default();
    tokio::join!(
        listen(notices, &registry, &gathered),
        read(&registry, &store, &gathered)
    );
}

async fn listen(mut notices: Notices, registry: &Registry, gathered: &Gathered) {
    loop {
        match notices.next().await {
            Ok(Heard::Append(notice)) => {
                let seq = u64::try_from(notice.seq).unwrap_or(0);
                let followed = registry
                    .followed(std::iter::once(notice.table.as_str()))
                    .await;
                for (id, _, _) in followed {
                    gathered.add(id, seq, notice.tokens);
                }
            }
            Ok(Heard::Reconnected) => registry.heard_nothing_for_a_while().await,
            Err(e) => {
                tracing::warn!(error = %e, "lost the database's notices; listening again in 1 s");
                tokio::time::sleep(Duration::from_secs(1)).await;
                registry.heard_nothing_for_a_while().await;
            }
        }
    }
}

async fn read(registry: &Registry, store: &Store, gathered: &Gathered) {
    let mut last = Instant::now() - READ_EVERY;
    loop {
        gathered.ready.notified().await;
        tokio::time::sleep_until(last + READ_EVERY).await;
        last = Instant::now();
        let wanted = gathered.take();
        if !wanted.is_empty() {
            read_once(registry, store, &wanted).await;
        }
    }
}

/// One read of every table in `wanted` this node still follows: each gets its rows, or, when far
/// behind or when the database did not answer, a notice to read on its own.
async fn read_once(registry: &Registry, store: &Store, wanted: &HashMap<Arc<str>, (u64, bool)>) {
    let mut batch = Vec::new();
    for (id, tx, head) in registry.followed(wanted.keys().map(|id| &**id)).await {
        let Some(&(seq, tokens)) = wanted.get(&id) else {
            continue;
        };
        if seq <= head {
            if tokens {
                let _ = tx.try_send(Msg::Heard { seq, tokens });
            }
        } else if seq - head > ROWS_PER_TABLE {
            // A full queue is a busy table: the next notice, or the node's net, reads the rest.
            let _ = tx.try_send(Msg::Heard { seq, tokens });
        } else {
            batch.push((id, tx, head, seq, tokens));
        }
    }
    if batch.is_empty() {
        return;
    }
    let ranges: Vec<(&str, i64, i64)> = batch
        .iter()
        .map(|(id, _, head, seq, _)| {
            let bound = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
            (&**id, bound(*head), bound(*seq))
        })
        .collect();
    let mut rows: HashMap<String, Vec<Row>> = HashMap::new();
    match store.rows_between(&ranges).await {
        Ok(found) => {
            for (table, row) in found {
                rows.entry(table).or_default().push(row);
            }
        }
        Err(e) => {
            // Each table reads the log itself, as after a notice.
            tracing::warn!(error = %e, "could not read the followed tables' rows");
        }
    }
    for (id, tx, _, seq, tokens) in batch {
        let rows = rows.remove(&*id).unwrap_or_default();
        let _ = tx.try_send(Msg::Read { rows, seq, tokens });
    }
}
