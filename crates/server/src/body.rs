//! [`JsonBody`]: a request's JSON body read into the type a handler takes, refused as every other
//! refusal is ([`ApiError`]): 400 `bad_request` saying in words what does not read (never serde's
//! own wording), 413 `limit` past the body bound. The media type was checked before it
//! ([`crate::same_origin::json_only`]).

use crate::app::App;
use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

/// A request body read as JSON into `T`, as axum's `Json<T>` reads it but refused with
/// [`ApiError`]: a handler takes it as its last argument, after the extractors that read the
/// token and the path, so those refuse first (a request with no valid token is 401 whatever its
/// body). A handler that must refuse something else before the body (the GM-only routes) takes
/// `Result<JsonBody<T>, ApiError>` and asks it after.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T> FromRequest<App> for JsonBody<T>
where
    T: DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, app: &App) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(request, app)
            .await
            .map_err(|e| unread(&e, app.limits().max_body))?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::BadRequest(body_refusal::<T>(&e, &bytes)))
    }
}

/// A body that could not be read at all: past the bound (`DefaultBodyLimit`, set from
/// [`crate::Limits::max_body`] by [`crate::router`]), or cut off by the client. Said as
/// [`crate::router`] says axum's own refusals, so the answer is the one a handler that took the
/// raw bytes gave.
fn unread(e: &BytesRejection, max_body: usize) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::TooLarge(too_large(max_body))
    } else {
        ApiError::BadRequest(e.body_text())
    }
}

/// The message of a request past the body bound (413, `limit`), `max_body` bytes.
pub(crate) fn too_large(max_body: usize) -> String {
    format!(
        "the request is larger than {}, the most a request may carry",
        skald_core::noun(max_body, "byte", "bytes")
    )
}

/// A request body that did not read as a `T`, in words: not JSON (and where), or the field that
/// is missing, unknown or of the wrong kind, as the parser found it ([`skald_core::read_json`],
/// never serde's own wording). `e` is the refusal of `bytes` read as a `T`.
pub(crate) fn body_refusal<T: DeserializeOwned>(e: &serde_json::Error, bytes: &[u8]) -> String {
    use serde_json::error::Category;
    match e.classify() {
        Category::Syntax => format!(
            "the request's body is not JSON (line {}, column {})",
            e.line(),
            e.column()
        ),
        Category::Eof => "the request's body ends before its JSON does".to_owned(),
        Category::Io => "the request's body could not be read".to_owned(),
        // JSON that is no `T`: read again as a value, then as the type, for the parser's
        // complaint as data. A value keeps the last of a field given twice, which the type
        // refused: that is the one complaint the second reading cannot repeat.
        Category::Data => match serde_json::from_slice::<serde_json::Value>(bytes) {
            Err(_) => "the request's body is not JSON".to_owned(),
            Ok(value) => match skald_core::read_json::<T>(&value) {
                Ok(_) => "a field of the request is given twice: give it once".to_owned(),
                Err(problem) => problem_words(problem),
            },
        },
    }
}

/// A request's `problem` in words, each field by its name in words.
fn problem_words(problem: skald_core::Problem) -> String {
    use skald_core::{Problem, human_path};
    match problem {
        Problem::Missing { field } => {
            format!("the request needs “{}”: fill it in", human_path(&field))
        }
        Problem::Unknown { field } => {
            format!("the request takes no field called “{}”", human_path(&field))
        }
        Problem::Duplicate { field } => {
            format!("“{}” is given twice: give it once", human_path(&field))
        }
        Problem::WrongType { found, expected } => {
            format!("a field of the request holds {found}, where {expected} belongs")
        }
        Problem::UnknownCommand { name } => {
            format!("a field of the request holds \"{name}\", which is not one of its choices")
        }
        Problem::Said(message) => skald_core::plain(&message, &|_| None),
    }
}
