//! [`Seated`] and [`Acting`]: the extractors every table route starts with: the table loaded, the
//! token (header, `?token=` or cookie, read by [`token_of`] the same way on every route) found to
//! be the GM's or a player's, and the seat's rate checked: its rate of reads for [`Seated`], of
//! actions for [`Acting`] ([`Spend`]). (The client address's rate is checked before, by
//! [`crate::admission::admit`], for every route.)

use crate::app::{App, Spend};
use crate::credentials::bearer;
use crate::error::ApiError;
use crate::live::LiveTable;
use crate::query::Params;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use skald_table::Reader;

/// A request from someone seated at table `id`.
pub struct Seated {
    /// The table id, from the path.
    pub id: String,
    /// The live table.
    pub table: LiveTable,
    /// Who asks: the GM or a player, and since when its token reads its seat (a link the GM made
    /// reads none of the seat's earlier secrets).
    pub reader: Reader,
}

/// The token of a request to table `id`: `Authorization: Bearer`, else `?token=` (percent-decoded
/// like every query parameter), else the table's cookie.
///
/// # Errors
/// [`ApiError::BadRequest`] when the query string does not decode.
pub fn token_of(parts: &Parts, id: &str) -> Result<Option<String>, ApiError> {
    let params = Params::of(&parts.uri)?;
    Ok(bearer(&parts.headers, params.text("token"), id))
}

/// A request from someone seated at table `id` that changes the table or its seats (a move, an
/// invite, a seat link): it spends the seat's rate of actions, not of reads.
pub struct Acting(pub Seated);

impl Seated {
    async fn extract(parts: &mut Parts, app: &App, spend: Spend) -> Result<Self, ApiError> {
        let Path(id) = Path::<String>::from_request_parts(parts, app)
            .await
            .map_err(|e| ApiError::BadRequest(e.body_text()))?;
        let token = token_of(parts, &id)?;
        let (table, reader) = app.seated(&id, token.as_deref(), spend).await?;
        Ok(Self { id, table, reader })
    }
}

impl FromRequestParts<App> for Seated {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, ApiError> {
        Self::extract(parts, app, Spend::Read).await
    }
}

impl FromRequestParts<App> for Acting {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, ApiError> {
        Seated::extract(parts, app, Spend::Action).await.map(Acting)
    }
}
