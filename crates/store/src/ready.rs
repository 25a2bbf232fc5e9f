//! [`Store::ready`]: whether the store can serve now, for a load balancer's readiness check.

use std::fmt;

use sqlx::Executor as _;

use crate::{Store, migrate};

/// Why a store is not ready to serve: a sentence for whoever runs the server (it never holds the
/// database's URL or password).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotReady(pub String);

impl fmt::Display for NotReady {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotReady {}

impl Store {
    /// Whether the store can serve now: the database answers a query (`SELECT 1`, on a read
    /// connection) and its applied schema migrations are exactly this build's. Reads only, one
    /// connection. The caller bounds how long it waits: a connection may take the pool's acquire
    /// timeout (30 s) to come when the database is gone.
    ///
    /// # Errors
    /// [`NotReady`]: the store is closed, the database does not answer, or its schema is not this
    /// build's (a newer build migrated it, a migration failed part way or is missing or changed).
    pub async fn ready(&self) -> Result<(), NotReady> {
        if self.is_closed() {
            return Err(NotReady(
                "the store is closed: this node is stopping".to_owned(),
            ));
        }
        let mut conn = self
            .inner
            .reads
            .acquire()
            .await
            .map_err(|e| NotReady(format!("the database does not answer: {e}")))?;
        conn.as_mut()
            .execute("SELECT 1")
            .await
            .map_err(|e| NotReady(format!("the database does not answer: {e}")))?;
        migrate::check_current(conn.as_mut(), self.inner.backend)
            .await
            .map_err(NotReady)
    }
}
