//! The answers routes share, each written once: the descriptions of the refusals ([`BAD_REQUEST`],
//! [`TOO_MANY_REQUESTS`], ...) and the groups of them a handler's `#[utoipa::path]` names in its
//! `responses(...)` ([`EveryRoute`], [`TableRoute`], [`JsonPost`]), beside the answers that are its
//! own. A row written after a group replaces the group's row of the same status (the route's own
//! words for it). Every refusal's body is [`ErrorBody`]. Read only when the OpenAPI document is
//! generated (`crate::openapi`).

use crate::shapes::ErrorBody;
use std::collections::BTreeMap;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder, response::Response};
use utoipa::{IntoResponses, ToSchema};

/// What every route may answer: 429 past the client address's rate ([`crate::admission`]).
pub struct EveryRoute;

impl IntoResponses for EveryRoute {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        refusals(&[(429, TOO_MANY_REQUESTS)])
    }
}

/// What every route of one table (`/api/tables/{id}...`) may answer: [`EveryRoute`]'s 429 (the
/// address's rate, or the seat's), and 400 (a query parameter or a body it does not read), 401 (no
/// valid token), 404 (no such table), 500 (the database), 503 (the table busy or the server
/// stopping).
pub struct TableRoute;

impl IntoResponses for TableRoute {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut responses = EveryRoute::responses();
        responses.extend(refusals(&[
            (400, BAD_REQUEST),
            (401, UNAUTHORIZED),
            (404, NOT_FOUND),
            (500, STORE_FAILED),
            (503, BUSY),
        ]));
        responses
    }
}

/// What a POST that reads a JSON body ([`crate::body::JsonBody`]) may answer besides: 403 (from a
/// page of another origin, [`crate::same_origin`]), 413 (a body past the bound), 415 (a body not
/// sent as JSON).
pub struct JsonPost;

impl IntoResponses for JsonPost {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        refusals(&[(403, CROSS_ORIGIN), (413, TOO_LARGE), (415, NOT_JSON)])
    }
}

/// Each `(status, description)` as an answer whose body is [`ErrorBody`], as the row
/// `(status = S, description = D, body = ErrorBody)` of a `#[utoipa::path]` writes it.
fn refusals(rows: &[(u16, &str)]) -> BTreeMap<String, RefOr<Response>> {
    rows.iter()
        .map(|&(status, description)| {
            let body = ContentBuilder::new()
                .schema(Some(Ref::from_schema_name(ErrorBody::name())))
                .build();
            let response = ResponseBuilder::new()
                .description(description)
                .content("application/json", body)
                .build();
            (status.to_string(), RefOr::T(response))
        })
        .collect()
}

/// The answer to a request that is not what the route reads (400).
pub const BAD_REQUEST: &str = "A malformed request: its body is not the JSON the route reads, or a \
    query parameter is unknown, given twice or out of range; the message names the field, the \
    value and what is allowed.";
/// The answer to a request without a valid token (401).
pub const UNAUTHORIZED: &str = "No valid token for this table (`Authorization: Bearer TOKEN`, or \
     `?token=TOKEN`), or a seat's link that a newer one the GM made replaced.";
/// The answer to a POST (or WebSocket) from a page of another origin that acts with the browser's
/// cookie (403).
pub const CROSS_ORIGIN: &str = "From a page of another origin (`Sec-Fetch-Site` or `Origin`), with \
    the browser's cookie and no token of its own: only the server's own pages act with a cookie.";
/// The answer to a body not sent as JSON (415).
pub const NOT_JSON: &str = "The body is not sent as `Content-Type: application/json` (with \
    `charset=utf-8` or none); a route that reads no body takes none without a content type.";
/// The answer to a table id that is no table's (404).
pub const NOT_FOUND: &str = "No such table.";
/// The answer past a rate (429).
pub const TOO_MANY_REQUESTS: &str = "A rate reached: the client address's or the seat's (the \
    message gives the rate and its bursts); try again a moment later.";
/// The answer to a body past the bound (413).
pub const TOO_LARGE: &str = "The body is larger than the route takes.";
/// The answer when the table's queue is full or the server stops (503).
pub const BUSY: &str = "Table busy (too many actions waiting) or server stopping; try again.";
/// The answer when the database fails (500).
pub const STORE_FAILED: &str = "The database failed, or a stored log does not read; nothing was \
    recorded.";
