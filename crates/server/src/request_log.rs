//! One log line per request: its method, its route (the route's pattern, such as
//! `/api/tables/{id}/log`), the table it is about, its status and how long it took. Refusals and
//! store errors are logged by [`ApiError`](crate::ApiError) inside the same span.
//!
//! A 429 (a rate or a bound reached) has no line of its own: they are counted per client and
//! logged once a minute at most ([`crate::refusals::Refusals`]).
//!
//! A request's raw path and query are never logged: a query may hold a token (`?token=`), and a
//! client may send anything in a path. The table id is taken from the path only when it has a table
//! id's shape.

use crate::error::Throttled;
use axum::Router;
use axum::extract::MatchedPath;
use axum::http::{Request, Response};
use std::time::Duration;
use tower_http::trace::TraceLayer;
use tracing::Span;

/// Characters a table id has (see `registry`): 16 of `A-Z a-z 0-9 - _`.
const TABLE_ID_CHARS: usize = 16;

/// `router` with every request logged at `info` (tracing target `skald_server::request_log`).
pub fn logged(router: Router) -> Router {
    router.layer(
        TraceLayer::new_for_http()
            .make_span_with(|request: &Request<_>| {
                let route = request
                    .extensions()
                    .get::<MatchedPath>()
                    .map_or("(no route)", MatchedPath::as_str);
                let table = table_of(route, request.uri().path()).unwrap_or("-");
                tracing::info_span!("request", method = %request.method(), route, table)
            })
            .on_request(())
            .on_response(|response: &Response<_>, latency: Duration, _span: &Span| {
                if response.extensions().get::<Throttled>().is_some() {
                    return;
                }
                tracing::info!(
                    status = response.status().as_u16(),
                    ms = u64::try_from(latency.as_millis()).unwrap_or(u64::MAX),
                    "answered"
                );
            })
            .on_failure(()),
    )
}

/// The table id in `path` where `route` has `{id}`, if it has a table id's shape.
fn table_of<'a>(route: &str, path: &'a str) -> Option<&'a str> {
    let at = route.split('/').position(|part| part == "{id}")?;
    let id = path.split('/').nth(at)?;
    let shaped = id.len() == TABLE_ID_CHARS
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    shaped.then_some(id)
}

#[cfg(test)]
mod tests {
    use super::table_of;

    #[test]
    fn only_an_id_of_a_tables_shape_is_taken_from_the_path() {
        let route = "/api/tables/{id}/log";
        assert_eq!(
            table_of(route, "/api/tables/8kdNt-wHwZN0Kmd1/log"),
            Some("8kdNt-wHwZN0Kmd1")
        );
        // A 43-character token where the id goes is not logged.
        let token = "v8N5xpaXyEIwmoP1zLsz8C8N8KUrEsxUXxppiw-YlsE";
        assert_eq!(table_of(route, &format!("/api/tables/{token}/log")), None);
        assert_eq!(table_of("/api/health", "/api/health"), None);
        assert_eq!(
            table_of("/t/{id}", "/t/8kdNt-wHwZN0Kmd1"),
            Some("8kdNt-wHwZN0Kmd1")
        );
    }
}
