//! [`App`]: what every request handler shares: the store, the live tables, the bounds, the
//! shutdown signal; and the few operations every route goes through (authenticate, act).

use crate::actor::{Role, TableHandle};
use crate::error::ApiError;
use crate::limits::Limits;
use crate::registry::Registry;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use skald_store::Store;
use skald_table::{Action, Actor, Record};
use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Shared server state; cheap to clone.
#[derive(Clone)]
pub struct App {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    registry: Arc<Registry>,
    limits: Limits,
    shutdown: CancellationToken,
    tables: AtomicI64,
    per_connection: DefaultKeyedRateLimiter<SocketAddr>,
}

impl App {
    /// The state for a server over `store` with `limits`; table tasks are tracked by `tasks`.
    ///
    /// # Errors
    /// [`ApiError::Store`] when the stored tables cannot be counted.
    pub async fn new(
        store: Store,
        limits: Limits,
        tasks: TaskTracker,
        shutdown: CancellationToken,
    ) -> Result<Self, ApiError> {
        let tables = store.table_count().await?;
        let registry = Registry::new(store.clone(), limits.clone(), tasks, shutdown.clone());
        let per_connection = RateLimiter::keyed(quota(&limits));
        Ok(Self {
            inner: Arc::new(Inner {
                store,
                registry,
                limits,
                shutdown,
                tables: AtomicI64::new(tables),
                per_connection,
            }),
        })
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The live tables.
    pub fn registry(&self) -> &Arc<Registry> {
        &self.inner.registry
    }

    /// The bounds.
    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// Cancelled when the server begins shutting down.
    pub fn shutdown(&self) -> &CancellationToken {
        &self.inner.shutdown
    }

    /// Reserves room for one more table.
    ///
    /// # Errors
    /// [`ApiError::Limit`] when the server holds its most tables.
    pub fn reserve_table(&self) -> Result<(), ApiError> {
        let max = self.inner.limits.max_tables;
        let taken = self.inner.tables.fetch_add(1, Ordering::SeqCst);
        if taken >= max {
            self.inner.tables.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::Limit(format!(
                "tables: this server holds {max} tables at most"
            )));
        }
        Ok(())
    }

    /// Gives back a reservation whose table was not created.
    pub fn release_table(&self) {
        self.inner.tables.fetch_sub(1, Ordering::SeqCst);
    }

    /// One HTTP request from `peer` (one TCP connection: address and port) against its rate.
    ///
    /// # Errors
    /// [`ApiError::Limit`].
    pub fn check_rate(&self, peer: SocketAddr) -> Result<(), ApiError> {
        self.inner
            .per_connection
            .check_key(&peer)
            .map_err(|_| rate_error(&self.inner.limits))
    }

    /// Forgets rate state of connections not seen lately (called now and then).
    pub fn forget_idle_connections(&self) {
        self.inner.per_connection.retain_recent();
    }

    /// The live table `id` and who `token` is there.
    ///
    /// # Errors
    /// [`ApiError::NotFound`], [`ApiError::Unauthorized`].
    pub async fn authenticate(
        &self,
        id: &str,
        token: Option<&str>,
    ) -> Result<(TableHandle, Role), ApiError> {
        let handle = self.inner.registry.get(id).await?;
        let role = token
            .and_then(|t| handle.authenticate(t))
            .ok_or(ApiError::Unauthorized)?;
        Ok((handle, role))
    }

    /// Like [`App::authenticate`], for someone seated (GM or player; not the invite).
    ///
    /// # Errors
    /// As [`App::authenticate`].
    pub async fn seated(
        &self,
        id: &str,
        token: Option<&str>,
    ) -> Result<(TableHandle, Actor), ApiError> {
        match self.authenticate(id, token).await? {
            (handle, Role::Seated(actor)) => Ok((handle, actor)),
            (_, Role::Invite) => Err(ApiError::Unauthorized),
        }
    }

    /// Sends `action` to table `id` as `by`, waiting for the commit. Retried once if the table
    /// was unloading at that moment (nothing was decided then).
    ///
    /// # Errors
    /// The table's refusal, [`ApiError::Busy`], [`ApiError::Store`].
    pub async fn act(
        &self,
        handle: &TableHandle,
        by: Actor,
        action: Action,
    ) -> Result<Vec<Arc<Record>>, ApiError> {
        match handle.act(by, action.clone()).await {
            Err(ApiError::Unloading) => {
                let handle = self.inner.registry.get(&handle.id).await?;
                handle.act(by, action).await
            }
            other => other,
        }
    }
}

impl App {
    /// Runs `ask` against the live table behind `handle`; if that table was unloading at the
    /// moment (nothing was asked of it), once more against the table loaded again.
    ///
    /// # Errors
    /// Those of `ask`, and of loading the table again.
    pub async fn ask<T, F, Fut>(&self, handle: &TableHandle, ask: F) -> Result<T, ApiError>
    where
        F: Fn(TableHandle) -> Fut,
        Fut: std::future::Future<Output = Result<T, ApiError>>,
    {
        match ask(handle.clone()).await {
            Err(ApiError::Unloading) => ask(self.inner.registry.get(&handle.id).await?).await,
            other => other,
        }
    }
}

/// The per-connection quota: `actions_per_second` sustained, `action_burst` at once.
pub fn quota(limits: &Limits) -> Quota {
    let rate = NonZeroU32::new(limits.actions_per_second).unwrap_or(NonZeroU32::MIN);
    let burst = NonZeroU32::new(limits.action_burst).unwrap_or(NonZeroU32::MIN);
    Quota::per_second(rate).allow_burst(burst)
}

/// The refusal for a connection past its rate.
pub fn rate_error(limits: &Limits) -> ApiError {
    ApiError::Limit(format!(
        "rate: at most {} requests per second per connection (bursts of {})",
        limits.actions_per_second, limits.action_burst
    ))
}
