//! The notices task: hears every append on the shared database and tells the tables this node
//! follows to read the log (docs/scaling.md, "Several nodes").

use crate::registry::Registry;
use skald_store::{Heard, Notices};
use std::sync::Arc;
use std::time::Duration;

/// Runs until aborted: each notice goes to its table if this node follows it; after a lost
/// connection, every followed table reads the log again.
pub async fn run(mut notices: Notices, registry: Arc<Registry>) {
    loop {
        match notices.next().await {
            Ok(Heard::Append(notice)) => registry.heard(&notice).await,
            Ok(Heard::Reconnected) => registry.heard_nothing_for_a_while().await,
            Err(e) => {
                tracing::warn!(error = %e, "lost the database's notices; listening again in 1 s");
                tokio::time::sleep(Duration::from_secs(1)).await;
                registry.heard_nothing_for_a_while().await;
            }
        }
    }
}
