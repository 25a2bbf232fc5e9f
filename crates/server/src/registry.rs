//! The live tables: loaded from the store on first use, one task each, unloaded when idle.

use crate::actor::{Activity, TableCount, TableHandle, TableTask, TokenEntry};
use crate::error::ApiError;
use crate::limits::Limits;
use crate::rows::from_row;
use skald_store::Store;
use skald_table::Table;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use tokio::sync::{Mutex, broadcast, mpsc};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The live tables of this server.
pub struct Registry {
    store: Store,
    limits: Limits,
    live: Mutex<HashMap<Arc<str>, TableHandle>>,
    generation: AtomicU64,
    tasks: TaskTracker,
    shutdown: CancellationToken,
    count: Arc<TableCount>,
}

impl Registry {
    /// An empty registry over `store`. Table tasks are tracked by `tasks` so shutdown can wait for
    /// them to finish their queues.
    pub fn new(
        store: Store,
        limits: Limits,
        tasks: TaskTracker,
        shutdown: CancellationToken,
        count: Arc<TableCount>,
    ) -> Arc<Self> {
        Arc::new(Self {
            store,
            limits,
            live: Mutex::new(HashMap::new()),
            generation: AtomicU64::new(0),
            tasks,
            shutdown,
            count,
        })
    }

    /// The count of live tables (for the server's cap).
    pub fn count(&self) -> &Arc<TableCount> {
        &self.count
    }

    /// How many tables are loaded now.
    pub async fn live_count(&self) -> usize {
        self.live.lock().await.len()
    }

    /// The live table `id`, loading it from the store if needed.
    ///
    /// # Errors
    /// [`ApiError::NotFound`], [`ApiError::Store`], or [`ApiError::Busy`] while shutting down.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<TableHandle, ApiError> {
        if self.shutdown.is_cancelled() {
            return Err(ApiError::Busy("the server is shutting down".into()));
        }
        if id.is_empty() || id.len() > 64 {
            return Err(ApiError::NotFound(id.chars().take(64).collect()));
        }
        let mut live = self.live.lock().await;
        if let Some(handle) = live.get(id)
            && !handle.tx.is_closed()
        {
            return Ok(handle.clone());
        }
        let loaded = self
            .store
            .load(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(id.to_owned()))?;
        let records = loaded
            .rows
            .iter()
            .map(from_row)
            .collect::<Result<Vec<_>, _>>()
            .map_err(ApiError::Store)?;
        let table = Table::from_records(records)?;
        let tokens = crate::rows::token_entries(&loaded.tokens);
        let handle = self.spawn(id, table, tokens, loaded.active_ms);
        live.insert(Arc::clone(&handle.id), handle.clone());
        Ok(handle)
    }

    fn spawn(
        self: &Arc<Self>,
        id: &str,
        table: Table,
        tokens: Vec<TokenEntry>,
        active_ms: i64,
    ) -> TableHandle {
        let (tx, mut rx) = mpsc::channel(self.limits.table_queue);
        let (events, _) = broadcast::channel(self.limits.client_lag);
        let archive_after_ms =
            i64::try_from(self.limits.archive_after.as_millis()).unwrap_or(i64::MAX);
        let handle = TableHandle {
            id: Arc::from(id),
            generation: self.generation.fetch_add(1, Ordering::Relaxed),
            tx,
            events: events.clone(),
            tokens: Arc::new(RwLock::new(tokens)),
            activity: Arc::new(Activity::new(
                active_ms,
                archive_after_ms,
                Arc::clone(&self.count),
            )),
            sockets: Arc::default(),
        };
        let mut task = TableTask {
            id: Arc::clone(&handle.id),
            table,
            store: self.store.clone(),
            events,
            tokens: Arc::clone(&handle.tokens),
            activity: Arc::clone(&handle.activity),
        };
        let registry = Arc::clone(self);
        let generation = handle.generation;
        let idle = self.limits.idle_unload;
        self.tasks.spawn(async move {
            loop {
                tokio::select! {
                    msg = rx.recv() => match msg {
                        Some(msg) => task.handle(msg).await,
                        None => break,
                    },
                    () = tokio::time::sleep(idle) => {
                        if task.events.receiver_count() == 0 || registry.shutdown.is_cancelled() {
                            // The table stays listed until this task has answered its last
                            // message: a request meanwhile waits for the lock, then loads the
                            // table after this task's last commit, never beside it (two tasks of
                            // one table would append the same seqs).
                            let mut live = registry.live.lock().await;
                            rx.close();
                            while let Some(msg) = rx.recv().await {
                                task.handle(msg).await;
                            }
                            if live.get(&*task.id).is_some_and(|h| h.generation == generation) {
                                live.remove(&*task.id);
                            }
                            break;
                        }
                    }
                    () = registry.shutdown.cancelled() => {
                        rx.close();
                        while let Some(msg) = rx.recv().await {
                            task.handle(msg).await;
                        }
                        break;
                    }
                }
            }
        });
        handle
    }

    /// Registers a table just created (so its first request needs no load).
    pub async fn insert_new(
        self: &Arc<Self>,
        id: &str,
        table: Table,
        tokens: Vec<TokenEntry>,
        active_ms: i64,
    ) -> TableHandle {
        let handle = self.spawn(id, table, tokens, active_ms);
        self.live
            .lock()
            .await
            .insert(Arc::clone(&handle.id), handle.clone());
        handle
    }
}
