//! `GET /api/ready`: whether this node can serve now, for a load balancer's or an orchestrator's
//! readiness check. `/api/health` says the process answers; this one asks the database too.

use crate::app::App;
use crate::error::ApiError;
use crate::responses::EveryRoute;
use crate::shapes::{ErrorBody, Ready};
use axum::Json;
use axum::extract::State;
use std::time::Duration;

/// How long the check waits for the database: a health checker's own timeout is a few seconds, and
/// a database that takes longer is as good as gone for a player waiting on an action.
pub const READY_WAIT: Duration = Duration::from_secs(5);

#[utoipa::path(
    get,
    path = "/api/ready",
    summary = "Readiness: the database answers and its schema is this build's",
    responses(
        (status = 200, description = "ready, backend", body = Ready),
        EveryRoute,
        (status = 503, description = "Not ready (`not_ready`): this node is stopping, the \
            database does not answer within 5 s, or its schema is not this build's (a newer \
            build migrated it). The message says which.", body = ErrorBody),
    ),
)]
/// `GET /api/ready`: 200 `{"ready": true, "backend"}` when the node is not stopping, the database
/// answers within [`READY_WAIT`] and its applied migrations are this build's; otherwise 503
/// `not_ready` saying which.
pub async fn ready(State(app): State<App>) -> Result<Json<Ready>, ApiError> {
    if app.shutdown().is_cancelled() {
        return Err(ApiError::NotReady(
            "this node is stopping: it finishes the actions it holds, then exits".to_owned(),
        ));
    }
    match tokio::time::timeout(READY_WAIT, app.store().ready()).await {
        Ok(Ok(())) => Ok(Json(Ready {
            ready: true,
            backend: app.store().backend().to_string(),
        })),
        Ok(Err(not_ready)) => Err(ApiError::NotReady(not_ready.to_string())),
        Err(_) => Err(ApiError::NotReady(format!(
            "the database did not answer within {} s",
            READY_WAIT.as_secs()
        ))),
    }
}
