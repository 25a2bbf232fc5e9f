//! Skald's table server: the HTTP and WebSocket API over the table log ([`skald_table`]) and the
//! store ([`skald_store`]).
//!
//! One task per live table decides, commits and publishes ([`actor`]); tables load on first use
//! and unload when idle ([`registry`]); every record leaves redacted for its reader. [`serve`]
//! runs a server until its shutdown signal, then finishes the commits in flight.

pub mod actor;
pub mod admission;
pub mod api;
pub mod app;
pub mod body;
pub mod client;
pub mod cluster_api;
pub mod credentials;
pub mod error;
pub mod export;
pub mod follow;
pub mod forwarded;
pub mod handover;
pub mod held;
pub mod limits;
pub mod links;
pub mod live;
pub mod node;
pub mod numbers;
pub mod odds_gate;
pub mod openapi;
pub mod openapi_json;
pub mod query;
pub mod ready;
pub mod refusals;
pub mod registry;
pub mod report;
pub mod request_log;
pub mod resend;
pub mod responses;
pub mod role;
pub mod routes;
pub mod rows;
pub mod same_origin;
pub mod schemas;
pub mod seated;
pub mod shapes;
pub mod single_node;
pub mod templates;
pub mod token;
pub mod writes;
pub mod ws;

pub use app::App;
pub use error::ApiError;
pub use limits::{CreationKey, Limits};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::serve::ListenerExt as _;
use skald_store::Store;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The API's routes over `app`; a body that is not JSON is refused before any of them reads it
/// ([`same_origin::json_only`]). [`serve_with`] puts [`admission::admit`] (the client address's
/// rate), [`same_origin::guard`] and the [`headers`] over them and the pages alike.
pub fn router(app: App) -> Router {
    let max_body = app.limits().max_body;
    routes::api()
        .into_iter()
        .fold(Router::new(), |router, route| {
            router.route(&route.path, route.handler)
        })
        .layer(DefaultBodyLimit::max(max_body))
        .layer(axum::middleware::from_fn(same_origin::json_only))
        .route("/api/{*rest}", axum::routing::any(no_such_route))
        .layer(axum::middleware::map_response(move |response| {
            plain_errors_as_json(response, max_body)
        }))
        .with_state(app)
}

/// The Content-Security-Policy of every answer (but the session report's, which adds its own
/// style by its hash, [`report::content_security_policy`]): scripts, styles, images and
/// connections from the server itself only, no inline script or style, no plugin, no `<base>`,
/// forms posted to the server only, and no page may frame it.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; \
    base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// `router` with the headers every answer carries unless its handler set its own:
/// [`CONTENT_SECURITY_POLICY`], `Referrer-Policy: no-referrer` (a page's address may hold an
/// invite), `X-Content-Type-Options: nosniff`, and `Cache-Control: no-store` (pages and answers
/// show links and tokens; the static files say `no-cache` themselves). With tower-http's
/// `SetResponseHeaderLayer`.
pub fn headers(router: Router) -> Router {
    use axum::http::{HeaderValue, header};
    use tower_http::set_header::SetResponseHeaderLayer as Set;
    router
        .layer(Set::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(Set::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(Set::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(Set::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
}

/// Refusals made by axum itself before a handler runs (an oversized body, a query or path that does
/// not parse, a method the route does not take) in the API's error shape, like every other refusal.
async fn plain_errors_as_json(
    response: axum::response::Response,
    max_body: usize,
) -> axum::response::Response {
    use axum::http::{StatusCode, header};
    use axum::response::IntoResponse as _;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !status.is_client_error() || is_json || status == StatusCode::SWITCHING_PROTOCOLS {
        return response;
    }
    let (kind, message) = if status == StatusCode::PAYLOAD_TOO_LARGE {
        ("limit", body::too_large(max_body))
    } else {
        let text = axum::body::to_bytes(response.into_body(), 4096)
            .await
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default();
        let kind = match status {
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::UNAUTHORIZED => "unauthorized",
            _ => "bad_request",
        };
        let message = if text.is_empty() {
            status
                .canonical_reason()
                .unwrap_or("refused")
                .to_lowercase()
        } else {
            text
        };
        (kind, message)
    };
    let body = shapes::ErrorBody {
        error: shapes::ErrorDetail {
            kind: kind.to_owned(),
            message,
            field: None,
            code: None,
            range: None,
        },
    };
    (status, axum::Json(body)).into_response()
}

/// `/api/...` paths that are no route.
async fn no_such_route() -> ApiError {
    ApiError::NoRoute
}

/// Why the server could not run. Each variant's message says all of it: none is given as a
/// `source`, so a report of the error with its causes (`{:#}`) does not say it twice.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The store would not open.
    #[error("database: {0}")]
    Store(skald_store::Error),
    /// The SQLite file is served by another running server, or its lock could not be taken
    /// ([`single_node`]).
    #[error("database: {0}")]
    Lock(single_node::LockError),
    /// The server could not start.
    #[error("{0}")]
    Api(ApiError),
    /// The address could not be bound, or serving failed.
    #[error("{0}")]
    Io(std::io::Error),
}

impl From<skald_store::Error> for ServeError {
    fn from(e: skald_store::Error) -> Self {
        ServeError::Store(e)
    }
}

impl From<single_node::LockError> for ServeError {
    fn from(e: single_node::LockError) -> Self {
        ServeError::Lock(e)
    }
}

impl From<ApiError> for ServeError {
    fn from(e: ApiError) -> Self {
        ServeError::Api(e)
    }
}

impl From<std::io::Error> for ServeError {
    fn from(e: std::io::Error) -> Self {
        ServeError::Io(e)
    }
}

/// Serves on `listener` over the store at `db` until `stop` completes; then stops taking
/// connections, closes the WebSockets, lets every table task finish the actions it holds, and
/// closes the store after its last commit. `ready` is called with the bound address. On an SQLite
/// file, the server holds the file's lock from before it opens the store until after it closes it
/// ([`single_node`]): a second server on the same file is refused at start.
///
/// # Errors
/// [`ServeError`].
pub async fn serve(
    listener: TcpListener,
    db: &str,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    serve_with(listener, db, limits, |_| Router::new(), ready, stop).await
}

/// [`serve`], with more routes (the browser pages) built over the same [`App`] and merged with the
/// API's.
///
/// # Errors
/// [`ServeError`].
pub async fn serve_with(
    listener: TcpListener,
    db: &str,
    limits: Limits,
    more: impl FnOnce(App) -> Router,
    ready: impl FnOnce(SocketAddr),
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    // Before the store opens: a refused server touches nothing of the database.
    let lock = match skald_store::sqlite_file(db)? {
        Some(file) => Some(single_node::take(&file, db)?),
        None => None,
    };
    let store = Store::open(db).await?;
    let shutdown = CancellationToken::new();
    let tasks = TaskTracker::new();
    let bound = listener.local_addr()?;
    let node = node::join(&store, limits.advertise.as_deref(), bound).await?;
    let notices = match &node {
        Some(_) => store.notices().await?,
        None => None,
    };
    let app = App::new(
        store.clone(),
        limits,
        tasks.clone(),
        shutdown.clone(),
        node.clone(),
    )
    .await?;
    let follower = notices.map(|notices| {
        tokio::spawn(follow::run(
            notices,
            Arc::clone(app.registry()),
            store.clone(),
        ))
    });
    let watcher = node
        .is_some()
        .then(|| tokio::spawn(Arc::clone(app.registry()).watch_ownership()));
    let net = node
        .is_some()
        .then(|| tokio::spawn(Arc::clone(app.registry()).follow_net()));
    ready(bound);
    let sweeper = {
        let app = app.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(std::time::Duration::from_secs(60)).await;
                app.forget_idle_connections();
            }
        })
    };
    let signal = shutdown.clone();
    // Every route, API and pages, goes through the client address's rate first, then the
    // Origin rule; the request log is outside them (a rate refusal is counted, not logged per
    // request: admission.rs).
    let public_url = app.limits().public_url.clone();
    let service = request_log::logged(headers(
        router(app.clone())
            .merge(more(app.clone()))
            .layer(axum::middleware::from_fn_with_state(
                public_url,
                same_origin::guard,
            ))
            .layer(axum::middleware::from_fn_with_state(
                app.clone(),
                admission::admit,
            ))
            .merge(cluster_api::router(app)),
    ))
    .into_make_service_with_connect_info::<SocketAddr>();
    // Small frames (acks, records) go out at once: with Nagle's algorithm on, a frame written while
    // the last is unacknowledged waits for the client's delayed ACK, about 40 ms (docs/benchmarks.md).
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, service)
        .with_graceful_shutdown(async move {
            stop.await;
            signal.cancel();
        })
        .await?;
    sweeper.abort();
    tasks.close();
    tasks.wait().await;
    if let Some(follower) = follower {
        follower.abort();
    }
    if let Some(net) = net {
        net.abort();
    }
    if let Some(watcher) = watcher {
        watcher.abort();
    }
    // Every table this node held is free for the other nodes from here.
    if let Some(node) = node {
        node.close().await;
    }
    store.close().await;
    drop(lock);
    Ok(())
}
