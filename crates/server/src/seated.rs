//! [`Seated`]: the extractor every table route starts with: the connection's rate checked, the
//! table loaded, and the token (header, `?token=` or cookie) found to be the GM's or a player's.

use crate::actor::TableHandle;
use crate::api::bearer;
use crate::app::App;
use crate::error::ApiError;
use axum::extract::{ConnectInfo, FromRequestParts, Path};
use axum::http::request::Parts;
use skald_table::Actor;
use std::net::SocketAddr;

/// A request from someone seated at table `id`.
pub struct Seated {
    /// The table id, from the path.
    pub id: String,
    /// The live table.
    pub handle: TableHandle,
    /// Who asks: the GM or a player.
    pub reader: Actor,
}

impl FromRequestParts<App> for Seated {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, ApiError> {
        if let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() {
            app.check_rate(*peer)?;
        }
        let Path(id) = Path::<String>::from_request_parts(parts, app)
            .await
            .map_err(|e| ApiError::BadRequest(e.body_text()))?;
        let query_token = parts.uri.query().and_then(|query| {
            query
                .split('&')
                .filter_map(|pair| pair.split_once('='))
                .find(|(key, _)| *key == "token")
                .map(|(_, value)| value.to_owned())
        });
        let token = bearer(&parts.headers, query_token.as_deref(), &id);
        let (handle, reader) = app.seated(&id, token.as_deref()).await?;
        Ok(Self { id, handle, reader })
    }
}
