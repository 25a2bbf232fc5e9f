//! `POST /cluster/tables/{id}`: a write another node forwards to this one as the table's owner
//! (docs/scaling.md, "Several nodes"). Not part of the API: only a node showing the nodes' key
//! (kept in the shared database) is answered, and a reverse proxy should not pass `/cluster/` on
//! at all (docs/deploy.md). It is served outside the client address's rate, which is for clients:
//! a node forwards the writes of many.

use crate::app::App;
use crate::error::ApiError;
use crate::forwarded::{Answer, Forwarded};
use crate::node::{FROM_HEADER, KEY_HEADER};
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;

/// The node-to-node routes over `app`.
pub fn router(app: App) -> Router {
    Router::new()
        .route("/cluster/tables/{id}", axum::routing::post(forwarded))
        .with_state(app)
}

/// Answers a forwarded write. Refusals of the write itself are in the [`Answer`]; an HTTP error
/// means no node took it. Without the nodes' key the route is no route: nothing about it, not even
/// the shape of its body, is told to whoever else reaches a node.
async fn forwarded(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    // Raw bytes, not `crate::body::JsonBody`: the body is read only once the nodes' key is
    // checked, and one that does not read is a fault of the node that sent it, said in serde's
    // words for its operator ("forwarded write: ..."), not a player's refusal.
    body: Bytes,
) -> Result<Json<Answer>, ApiError> {
    let Some(node) = app.registry().node() else {
        return Err(ApiError::NoRoute);
    };
    let key = headers
        .get(KEY_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if !node.knows(key) {
        return Err(ApiError::NoRoute);
    }
    let forwarded: Forwarded = serde_json::from_slice(&body)
        .map_err(|e| ApiError::BadRequest(format!("forwarded write: {e}")))?;
    // Where the sender says it is, for the owner's count of who writes the table
    // (`crate::handover`); an address longer than any node may register is none.
    let from = headers
        .get(FROM_HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|from| from.chars().count() <= skald_store::MAX_ADDRESS_CHARS)
        .unwrap_or("");
    // A node owns only tables it has loaded (it takes a table as it loads it and gives it up as
    // it unloads it), so a table not loaded here is not this node's: the sender takes it or finds
    // its owner. Loading it to answer would take back a table this node just handed over and
    // unloaded (`crate::handover`).
    let Some(handle) = app.registry().loaded(&id).await else {
        return Ok(Json(Answer::NotOwner));
    };
    match handle.forwarded(forwarded, from.to_owned()).await {
        Err(ApiError::Unloading) => Ok(Json(Answer::NotOwner)),
        other => other.map(Json),
    }
}
