//! [`admit`]: the layer every route (API and pages) goes through, which finds the request's
//! [`ClientAddr`] and checks its address's rate; every rate refusal is counted against its client
//! ([`crate::refusals`]), not logged one by one.

use crate::app::App;
use crate::client::ClientAddr;
use crate::error::{ApiError, Throttled};
use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse as _, Response};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The layer over every route: finds the request's [`ClientAddr`], refuses it when that address
/// is past its rate, and hands it on to the handlers. Every rate refusal answered to the client
/// (its address's here, its seat's in a handler) is counted by [`App::throttled`].
pub async fn admit(State(app): State<App>, mut request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
    let client = ClientAddr::of(peer, request.headers(), app.limits().trusted_proxy);
    let response = match app.check_address_rate(client) {
        Err(e) => ApiError::into_response(e),
        Ok(()) => {
            request.extensions_mut().insert(client);
            next.run(request).await
        }
    };
    if response.extensions().get::<Throttled>().is_some() {
        app.throttled(client);
    }
    response
}
