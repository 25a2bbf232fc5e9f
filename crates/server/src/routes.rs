//! The API's routes, listed once: [`crate::router`] serves them, and the OpenAPI document's test
//! walks them to check that each is described (`crates/server/tests/it/http.rs`).

use crate::app::App;
use crate::{api, openapi, ready, ws};
use axum::handler::Handler;
use axum::http::Method;
use axum::routing::MethodRouter;

/// One route of the API.
pub struct Route {
    /// Its method.
    pub method: Method,
    /// Its path, as axum and the OpenAPI document write it (`/api/tables/{id}`).
    pub path: &'static str,
    /// The schema of the JSON body it reads, as the OpenAPI document names it, if it reads one.
    pub body: Option<&'static str>,
    /// What answers it.
    pub handler: MethodRouter<App>,
}

fn get<H, T>(path: &'static str, handler: H) -> Route
where
    H: Handler<T, App>,
    T: 'static,
{
    Route {
        method: Method::GET,
        path,
        body: None,
        handler: axum::routing::get(handler),
    }
}

fn post<H, T>(path: &'static str, body: Option<&'static str>, handler: H) -> Route
where
    H: Handler<T, App>,
    T: 'static,
{
    Route {
        method: Method::POST,
        path,
        body,
        handler: axum::routing::post(handler),
    }
}

/// Every route under `/api/` (but the fallback that answers `/api/...` paths that are none).
pub fn api() -> Vec<Route> {
    vec![
        post("/api/tables", Some("CreateTable"), api::create),
        get("/api/tables/{id}", api::summary),
        post("/api/tables/{id}/join", Some("Join"), api::join),
        post("/api/tables/{id}/invite", None, api::invite),
        post(
            "/api/tables/{id}/seat-link",
            Some("SeatLinkFor"),
            api::seat_link,
        ),
        get("/api/tables/{id}/log", api::log),
        post("/api/tables/{id}/actions", Some("Action"), api::act),
        get("/api/tables/{id}/export", api::export),
        get("/api/tables/{id}/moves", api::moves),
        post("/api/tables/{id}/odds", Some("Action"), api::odds),
        post("/api/tables/{id}/check", Some("Action"), api::check),
        get("/api/tables/{id}/ws", ws::upgrade),
        get("/api/openapi.json", openapi::serve),
        get("/api/health", api::health),
        get("/api/ready", ready::ready),
    ]
}
