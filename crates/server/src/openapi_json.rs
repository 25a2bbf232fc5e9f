//! `GET /api/openapi.json`: the OpenAPI document as `crate::openapi` generates it, served as the
//! text of `crates/server/openapi.json` ([`SERVED`]), which the test
//! `the_served_document_is_the_generated_one` keeps equal to it.

use crate::responses::EveryRoute;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The document as the server serves it: `crates/server/openapi.json`. Building the document costs
/// the binary some 3 MB of code (utoipa's builders and serializers for every schema); serving the
/// generated text costs 64 KB.
pub const SERVED: &str = include_str!("../openapi.json");

/// `GET /api/openapi.json`: [`SERVED`].
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    summary = "This description",
    responses(
        (status = 200, description = "OpenAPI 3.1", body = Object),
        EveryRoute,
    ),
)]
pub async fn serve() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], SERVED).into_response()
}
