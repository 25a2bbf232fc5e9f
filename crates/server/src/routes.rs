//! The API's routes, each declared once: its method and path in its handler's
//! `#[utoipa::path]`, its handler named once in `api_handlers!`. [`api`] builds the router's
//! routes from that list, and `crate::openapi` the OpenAPI document from the same list, so a route
//! is served exactly when it is described.
//!
//! The router reads only each attribute's method and path (`utoipa::Path::methods` and `path`), not
//! its operation: the binary never builds the document, which would cost it some 3 MB
//! (docs/decisions.md, "The release build"); it serves the text the document's test keeps
//! (`crate::openapi_json`). That is why this is not utoipa-axum's `OpenApiRouter`, which builds
//! the document as it builds the router.

use crate::app::App;
use axum::handler::Handler;
use axum::http::Method;
use axum::routing::{MethodFilter, MethodRouter};
use utoipa::openapi::path::HttpMethod;

/// Calls the macro `$then` with the handler of every API route (but the fallback that answers
/// `/api/...` paths that are none), each as `module::function` of this crate. Adding a route is
/// writing its handler with its `#[utoipa::path]` and one line here.
macro_rules! api_handlers {
    ($then:ident) => {
        $then! {
            api::create,
            api::summary,
            api::join,
            api::invite,
            api::seat_link,
            api::log,
            api::act,
            api::export,
            api::moves,
            api::odds,
            api::check,
            ws::upgrade,
            openapi_json::serve,
            api::health,
            ready::ready,
        }
    };
}
pub(crate) use api_handlers;

/// One route of the API.
pub struct Route {
    /// Its method.
    pub method: Method,
    /// Its path, as axum and the OpenAPI document write it (`/api/tables/{id}`).
    pub path: String,
    /// What answers it.
    pub handler: MethodRouter<App>,
}

/// The routes of `handler` as its `#[utoipa::path]` (the type `P` it writes) declares them: one
/// per method it names.
fn declared<P, H, T>(handler: H) -> Vec<Route>
where
    P: utoipa::Path,
    H: Handler<T, App>,
    T: 'static,
{
    let path = P::path();
    P::methods()
        .into_iter()
        .map(|method| {
            let (method, filter) = match method {
                HttpMethod::Get => (Method::GET, MethodFilter::GET),
                HttpMethod::Post => (Method::POST, MethodFilter::POST),
                HttpMethod::Put => (Method::PUT, MethodFilter::PUT),
                HttpMethod::Delete => (Method::DELETE, MethodFilter::DELETE),
                HttpMethod::Options => (Method::OPTIONS, MethodFilter::OPTIONS),
                HttpMethod::Head => (Method::HEAD, MethodFilter::HEAD),
                HttpMethod::Patch => (Method::PATCH, MethodFilter::PATCH),
                HttpMethod::Trace => (Method::TRACE, MethodFilter::TRACE),
            };
            Route {
                method,
                path: path.clone(),
                handler: axum::routing::on(filter, handler.clone()),
            }
        })
        .collect()
}

/// [`declared`] for each handler: `module::function` reads the type `module::__path_function`
/// that `#[utoipa::path]` writes beside it.
macro_rules! declared_routes {
    ($($module:ident :: $handler:ident),* $(,)?) => {
        pastey::paste! {
            [$(
                declared::<crate::$module::[<__path_ $handler>], _, _>(crate::$module::$handler)
            ),*]
        }
    };
}

/// Every route under `/api/` (but the fallback that answers `/api/...` paths that are none), in
/// the order of `api_handlers!`.
pub fn api() -> Vec<Route> {
    api_handlers!(declared_routes)
        .into_iter()
        .flatten()
        .collect()
}
