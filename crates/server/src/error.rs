//! [`ApiError`]: every refusal the server sends, as an HTTP status and a JSON body
//! `{"error": {"kind": ..., "message": ...}}`.
//!
//! Messages name the field, the value and what is allowed. They never hold a token, and never a
//! secret the requester may not read (rule refusals go only to their sender).

use crate::shapes::{ErrorBody, ErrorDetail};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// Why the server refused a request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The table's rules or bounds refused the action.
    #[error("{0}")]
    Table(#[from] skald_table::Error),
    /// No token, or one that is not this table's.
    #[error("a valid token for this table is required (Authorization: Bearer TOKEN, or ?token=)")]
    Unauthorized,
    /// A player's token replaced by a newer one of its seat: the GM handed the seat back since
    /// (`POST /api/tables/{id}/seat-link`), and every earlier link of the seat stopped working.
    #[error(
        "this link to a seat was replaced: the GM made a new link to this seat (to hand it back), \
         and earlier links of the seat no longer work; ask the GM for the new link"
    )]
    Replaced,
    /// A join with something that is not one of the table's invites.
    #[error("this is not an invite of this table: ask the GM for a new invite link")]
    BadInvite,
    /// No table with this id. The id is echoed only when it is short enough to be a table id (16
    /// characters): a token sent in its place never goes back out, nor into the log.
    #[error("{}", not_found(.0))]
    NotFound(String),
    /// A path under `/api/` that is no route.
    #[error("no such API route: the routes are in /api/openapi.json")]
    NoRoute,
    /// A request that is not what the route takes.
    #[error("{0}")]
    BadRequest(String),
    /// A bound was reached (tables, clients, rate).
    #[error("{0}")]
    Limit(String),
    /// The table's queue is full, or the server is shutting down.
    #[error("{0}")]
    Busy(String),
    /// The table task stopped (idle unload) between finding it and asking it: ask again.
    #[error("the table was unloading, try again")]
    Unloading,
    /// A record over the store's bound (1 MiB of JSON); refused, nothing was recorded.
    #[error("{0}")]
    TooLarge(String),
    /// The server requires a creation key to create a table, and the request has none or another.
    #[error("{0}")]
    CreationKey(String),
    /// A POST or WebSocket upgrade from a page of another origin, with no token of its own
    /// ([`crate::same_origin::verdict`]): 403.
    #[error("{0}")]
    CrossOrigin(String),
    /// A body that is not sent as JSON ([`crate::same_origin::json_verdict`]): 415.
    #[error("{0}")]
    NotJson(String),
    /// This node cannot serve now (`GET /api/ready`): it is stopping, the database does not
    /// answer, or its schema is not this build's. The message says which.
    #[error("not ready: {0}")]
    NotReady(String),
    /// The database failed; the action was not recorded.
    #[error("the log could not be written, nothing was recorded: {0}")]
    Store(String),
    /// The table's log moved on without this node's copy (another node appended first); the copy
    /// was read again, and the write is decided anew against it (the sender never sees this
    /// unless that keeps happening).
    #[error("the table's log had moved on; it was read again: send the action again")]
    LogMoved,
    /// A refusal made by the node that owns the table, passed on as it gave it.
    #[error("{}", .detail.message)]
    Relayed {
        /// The owner's HTTP status.
        status: u16,
        /// The owner's refusal (boxed: it is the largest kind, and every handler returns one).
        detail: Box<ErrorDetail>,
    },
}

/// Every kind a refusal has (`ErrorKindSchema` in the OpenAPI document lists the same).
const KINDS: [&str; 10] = [
    "forbidden",
    "limit",
    "corrupt",
    "refused",
    "unauthorized",
    "not_found",
    "bad_request",
    "busy",
    "not_ready",
    "store",
];

impl ApiError {
    /// The machine-readable kind: `forbidden`, `refused`, `unauthorized`, ...
    pub fn kind(&self) -> &'static str {
        use skald_table::{ErrorKind as K, GameError as G};
        match self {
            ApiError::Table(e) => match e.kind() {
                K::Forbidden { .. } => "forbidden",
                K::Full { .. }
                | K::TalkTooFast { .. }
                | K::SeatBytes { .. }
                | K::TableBytes { .. }
                | K::SeatRecordsPerHour { .. } => "limit",
                K::Corrupt(_) | K::Game(G::Corrupt(_)) => "corrupt",
                K::Game(_) => "refused",
                _ => "refused",
            },
            ApiError::Unauthorized | ApiError::Replaced | ApiError::BadInvite => "unauthorized",
            ApiError::NotFound(_) | ApiError::NoRoute => "not_found",
            ApiError::BadRequest(_) | ApiError::NotJson(_) => "bad_request",
            ApiError::Limit(_) | ApiError::TooLarge(_) => "limit",
            ApiError::CreationKey(_) | ApiError::CrossOrigin(_) => "forbidden",
            ApiError::Busy(_) | ApiError::Unloading | ApiError::LogMoved => "busy",
            ApiError::NotReady(_) => "not_ready",
            ApiError::Store(_) => "store",
            ApiError::Relayed { detail, .. } => KINDS
                .into_iter()
                .find(|k| *k == detail.kind)
                .unwrap_or("refused"),
        }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::TooLarge(_) => return StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::NotJson(_) => return StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Relayed { status, .. } => {
                return StatusCode::from_u16(*status).unwrap_or(StatusCode::UNPROCESSABLE_ENTITY);
            }
            _ => {}
        }
        match self.kind() {
            "forbidden" => StatusCode::FORBIDDEN,
            "unauthorized" => StatusCode::UNAUTHORIZED,
            "not_found" => StatusCode::NOT_FOUND,
            "limit" => StatusCode::TOO_MANY_REQUESTS,
            "busy" | "not_ready" => StatusCode::SERVICE_UNAVAILABLE,
            "bad_request" => StatusCode::BAD_REQUEST,
            "store" | "corrupt" => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    /// Logs the refusal (a store error as an error, not being ready as a warning), inside the request's span when there is one.
    /// The reason is [`for_the_log`]: one line whatever the sender typed, and no token in it.
    /// A 429 (a rate or a bound reached, [`ApiError::counted`]) is not logged here:
    /// [`crate::refusals`] counts it against its client and logs the count, once a minute at most.
    pub fn log(&self) {
        if self.counted() {
            return;
        }
        let kind = self.kind();
        let reason = for_the_log(&self.to_string());
        match self {
            ApiError::Store(_) => tracing::error!(kind, reason = %reason, "store error"),
            // The node's own state, which whoever runs it wants to see among the warnings.
            ApiError::NotReady(_) => tracing::warn!(kind, reason = %reason, "not ready"),
            _ => tracing::info!(kind, reason = %reason, "refused"),
        }
    }

    /// Whether this refusal is a 429 (a rate or a bound reached), which a flood repeats as fast as
    /// it is refused: counted per client and logged once a minute ([`crate::refusals`]) rather
    /// than one line each.
    pub fn counted(&self) -> bool {
        self.status() == StatusCode::TOO_MANY_REQUESTS
    }

    /// What the body says: kind, message and, for a refusal about one field, the field; what is
    /// wrong as a code where the refusal has one.
    pub fn detail(&self) -> ErrorDetail {
        ErrorDetail {
            kind: self.kind().to_owned(),
            message: self.to_string(),
            field: match self {
                ApiError::Table(e) => e.field().map(str::to_owned),
                ApiError::Relayed { detail, .. } => detail.field.clone(),
                _ => None,
            },
            code: match self {
                ApiError::Table(e) => e.code().map(str::to_owned),
                ApiError::Relayed { detail, .. } => detail.code.clone(),
                _ => None,
            },
            range: match self {
                ApiError::Table(e) => match e.refusal().map(|r| &r.kind) {
                    Some(&skald_core::RefusalKind::OutOfRange { value, min, max }) => {
                        Some(crate::shapes::OutOfRange { value, min, max })
                    }
                    _ => None,
                },
                ApiError::Relayed { detail, .. } => detail.range.clone(),
                _ => None,
            },
        }
    }

    /// The JSON body.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.detail(),
        }
    }
}

/// The mark of a 429's answer ([`ApiError::counted`]): [`crate::admission::admit`] counts it
/// against its client, and the request log writes no line of its own for it.
#[derive(Debug, Clone, Copy)]
pub struct Throttled;

/// Shortest run of token characters (`A-Z a-z 0-9 - _`) taken out of a log line: a token or an
/// invite is 43, a table id 16 (kept: it says which table), a hash 64.
pub const TOKEN_LIKE: usize = 24;

/// `message` as a log line holds it: control characters (a line break a sender typed, which could
/// forge a line of its own) escaped as `\n`, `\u{1b}`..., and every run of [`TOKEN_LIKE`] or more
/// token characters replaced by `[...]`, since a sender may have pasted a token into any field and
/// a refusal may quote it back.
pub fn for_the_log(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| {
        if run.chars().count() >= TOKEN_LIKE {
            out.push_str("[...]");
        } else {
            out.push_str(run);
        }
        run.clear();
    };
    for c in message.chars() {
        if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
            run.push(c);
            continue;
        }
        flush(&mut run, &mut out);
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    flush(&mut run, &mut out);
    out
}

/// The message of [`ApiError::NotFound`].
fn not_found(id: &str) -> String {
    if id.chars().count() <= 24 {
        format!("no table \"{id}\"")
    } else {
        "no table with this id (a table id has 16 characters)".to_owned()
    }
}

impl IntoResponse for ApiError {
    /// The status and body; the refusal is logged (a store error as an error) inside the request's
    /// span, so the line also says which route it came from. Messages hold no token.
    fn into_response(self) -> Response {
        self.log();
        let mut response = (self.status(), axum::Json(self.body())).into_response();
        if self.counted() {
            response.extensions_mut().insert(Throttled);
        }
        response
    }
}

impl From<skald_store::Error> for ApiError {
    /// A row over the store's bound is the request's fault, said as such (413, `limit`); every
    /// other store error is the server's (500, `store`).
    fn from(e: skald_store::Error) -> Self {
        match e.kind() {
            skald_store::ErrorKind::TooLarge { field, len, max } => ApiError::TooLarge(format!(
                "this record's {} would be {len} bytes, more than the {max} bytes one record may \
                 hold; nothing was recorded (ask for less: fewer dice, shorter text)",
                match *field {
                    "row.secret" => "secret part",
                    "row.payload" => "text",
                    other => other,
                }
            )),
            _ => ApiError::Store(e.to_string()),
        }
    }
}

#[cfg(test)]
mod log_tests {
    use super::for_the_log;

    #[test]
    fn a_logged_reason_is_one_line_and_holds_no_token() {
        let token = "Ea7S4oq6_E5WoXUEtlZBBy90DHfUZpG9p2tRrXFPtlU";
        assert_eq!(
            for_the_log(&format!("system: \"{token}\" is not one Skald plays")),
            "system: \"[...]\" is not one Skald plays"
        );
        assert_eq!(
            for_the_log("the dice notation does not roll:\n1d6/0\n    ^\nthe divisor is 0"),
            "the dice notation does not roll:\\n1d6/0\\n    ^\\nthe divisor is 0"
        );
        // A table id (16 characters) stays: it says which table.
        assert_eq!(
            for_the_log("no table \"8kdNt-wHwZN0Kmd1\""),
            "no table \"8kdNt-wHwZN0Kmd1\""
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_over_the_store_bound_is_a_413_refusal_not_a_store_error() {
        let e = ApiError::from(skald_store::Error::from(skald_store::ErrorKind::TooLarge {
            field: "row.payload",
            len: 46_137_344,
            max: 1_048_576,
        }));
        assert_eq!(e.kind(), "limit");
        assert_eq!(e.status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            e.to_string(),
            "this record's text would be 46137344 bytes, more than the 1048576 bytes one record \
             may hold; nothing was recorded (ask for less: fewer dice, shorter text)"
        );
    }
}
