//! The live tables: loaded from the store on first use, one task each, unloaded when idle.

use crate::actor::{TableHandle, TableTask, TokenEntry};
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
}

impl Registry {
    /// An empty registry over `store`. Table tasks are tracked by `tasks` so shutdown can wait for
    /// them to finish their queues.
    pub fn new(
        store: Store,
        limits: Limits,
        tasks: TaskTracker,
        shutdown: CancellationToken,
    ) -> Arc<Self> {
        Arc::new(Self {
            store,
            limits,
            live: Mutex::new(HashMap::new()),
            generation: AtomicU64::new(0),
            tasks,
            shutdown,
        })
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
        let handle = self.spawn(id, table, tokens);
        live.insert(Arc::clone(&handle.id), handle.clone());
        Ok(handle)
    }

    fn spawn(self: &Arc<Self>, id: &str, table: Table, tokens: Vec<TokenEntry>) -> TableHandle {
        let (tx, mut rx) = mpsc::channel(self.limits.table_queue);
        let (events, _) = broadcast::channel(self.limits.client_lag);
        let handle = TableHandle {
            id: Arc::from(id),
            generation: self.generation.fetch_add(1, Ordering::Relaxed),
            tx,
            events: events.clone(),
            tokens: Arc::new(RwLock::new(tokens)),
        };
        let mut task = TableTask {
            id: Arc::clone(&handle.id),
            table,
            store: self.store.clone(),
            events,
            tokens: Arc::clone(&handle.tokens),
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
    ) -> TableHandle {
        let handle = self.spawn(id, table, tokens);
        self.live
            .lock()
            .await
            .insert(Arc::clone(&handle.id), handle.clone());
        handle
    }
}
