//! The static assets, compiled into the binary: one stylesheet and one script.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const CSS: &str = concat!(
    include_str!("../static/skald.css"),
    include_str!("../static/board_twenty.css"),
    include_str!("../static/board_loqi.css"),
    include_str!("../static/board_chi.css"),
    include_str!("../static/board_freelancer.css"),
);
const JS: &str = include_str!("../static/skald.js");

/// `GET /static/{file}`: `skald.css` or `skald.js`.
pub async fn asset(Path(file): Path<String>) -> Response {
    let (body, kind) = match file.as_str() {
        "skald.css" => (CSS, "text/css; charset=utf-8"),
        "skald.js" => (JS, "text/javascript; charset=utf-8"),
        _ => return (StatusCode::NOT_FOUND, "no such asset").into_response(),
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
