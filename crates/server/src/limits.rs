//! The server's bounds: sizes, rates, queues and counts, each refused with a clear error.

use std::time::Duration;

/// Every bound the server keeps. [`Limits::default`] is what `skald serve` uses.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest HTTP request body, bytes.
    pub max_body: usize,
    /// Largest WebSocket message, bytes.
    pub max_message: usize,
    /// Tables one server holds (stored, not only live).
    pub max_tables: i64,
    /// WebSocket clients on one table at once.
    pub max_clients_per_table: usize,
    /// Actions per second one connection may send (sustained).
    pub actions_per_second: u32,
    /// Actions one connection may send in a burst.
    pub action_burst: u32,
    /// Actions waiting for one table's task; past it, new ones are refused as busy.
    pub table_queue: usize,
    /// Records a WebSocket client may fall behind before it is caught up from the log.
    pub client_lag: usize,
    /// How long a table with no client and no action stays loaded.
    pub idle_unload: Duration,
    /// Records sent per catch-up read.
    pub catch_up_batch: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_body: 64 * 1024,
            max_message: 64 * 1024,
            max_tables: 100_000,
            max_clients_per_table: 64,
            actions_per_second: 20,
            action_burst: 40,
            table_queue: 256,
            client_lag: 1024,
            idle_unload: Duration::from_secs(300),
            catch_up_batch: 500,
        }
    }
}
