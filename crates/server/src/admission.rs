//! [`admit`]: the layer every route (API and pages) goes through, which finds the request's
//! [`ClientAddr`] and checks its address's rate.

use crate::app::App;
use crate::client::ClientAddr;
use crate::error::ApiError;
use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse as _, Response};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The layer over every route: finds the request's [`ClientAddr`], refuses it when that address
/// is past its rate, and hands it on to the handlers.
pub async fn admit(State(app): State<App>, mut request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
    let client = ClientAddr::of(peer, request.headers(), app.limits().trusted_proxy);
    if let Err(e) = app.check_address_rate(client) {
        return ApiError::into_response(e);
    }
    request.extensions_mut().insert(client);
    next.run(request).await
}
