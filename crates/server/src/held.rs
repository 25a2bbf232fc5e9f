//! The seats a browser holds: its `skald_{id}` cookies ([`crate::credentials::held`]) checked
//! against the store's token hashes in one query ([`skald_store::Store::seats`]), for the lobby's
//! "Your tables". No table is loaded for this.
//!
//! A cookie whose token is not its table's (stale, forged, another table's) gives nothing: no
//! title, no error, nothing that says the table exists.

use crate::app::App;
use crate::credentials;
use crate::error::ApiError;
use crate::shapes::HeldSeat;
use crate::token;
use axum::http::HeaderMap;
use skald_table::Actor;

/// The seats that the tokens in `headers`' cookies hold, the most recently active table first
/// (at most [`credentials::MAX_HELD`]).
///
/// # Errors
/// [`ApiError::Store`] when the store cannot be read.
pub async fn seats(app: &App, headers: &HeaderMap) -> Result<Vec<HeldSeat>, ApiError> {
    let held: Vec<(String, String)> = credentials::held(headers)
        .into_iter()
        .map(|(table, token)| (table, token::hash(&token)))
        .collect();
    let rows = app.store().seats(&held).await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let seat = match (row.role.as_str(), row.player) {
                ("gm", _) => Actor::Gm,
                ("player", Some(p)) => Actor::Player(u32::try_from(p).ok()?),
                // An invite seats no one.
                _ => return None,
            };
            Some(HeldSeat {
                table: row.meta.id,
                title: row.meta.title,
                system: row.meta.system,
                seat,
                name: row.name.filter(|_| seat != Actor::Gm),
                active_ms: row.active_ms,
            })
        })
        .collect())
}
