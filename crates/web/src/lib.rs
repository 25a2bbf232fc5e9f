//! Skald's table in the browser: server-rendered pages (minijinja templates in `templates/`) over
//! the table server, with one small script (`static/skald.js`) for live updates, forms and odds.
//!
//! Every page and asset is served by the binary itself; nothing comes from elsewhere. A browser
//! holds its token for a table in an HTTP-only cookie (set by the GM link, the invite, or creating
//! the table), so tokens leave the address bar at once and the WebSocket needs none in its URL.

mod arrange;
mod assets;
mod options;
mod pages;
mod parts;
mod reference;
mod render;
pub mod roller;
mod shapes;
mod when;

use axum::Router;
use axum::routing::{get, post};
use skald_server::App;
use tower_http::compression::CompressionLayer;

/// The pages' routes, over the same [`App`] as the API.
pub fn routes(app: App) -> Router {
    // Compressed (gzip, for a browser that takes it): nothing in the live parts, the odds, the
    // advice or the static files is a bearer secret (docs/decisions.md, "Compressed live parts,
    // never beside a secret"). The table page itself, which holds the seat's link beside what
    // other players wrote, and the seat-link file are not.
    let compressed = Router::new()
        .route("/t/{id}/parts", get(pages::parts))
        .route(
            "/t/{id}/odds",
            post(pages::odds).layer(axum::middleware::from_fn(
                skald_server::same_origin::json_only,
            )),
        )
        .route(
            "/t/{id}/advice",
            post(pages::advice).layer(axum::middleware::from_fn(
                skald_server::same_origin::json_only,
            )),
        )
        .route("/static/{file}", get(assets::asset))
        .layer(CompressionLayer::new().gzip(true));
    Router::new()
        .route("/", get(pages::lobby))
        .route("/tables", post(pages::create))
        .route("/t/{id}", get(pages::table))
        .route("/t/{id}/enter", get(pages::enter))
        .route("/t/{id}/welcome", get(pages::welcome))
        .route("/t/{id}/seat-link", get(pages::seat_link))
        .route("/t/{id}/head", get(pages::head))
        .route("/t/{id}/join", get(pages::join_form).post(pages::join))
        .route("/t/{id}/log", get(pages::older))
        .route("/rules/{system}", get(reference::rules))
        .route("/fairness", get(reference::fairness))
        .route("/favicon.ico", get(assets::icon))
        .merge(compressed)
        .with_state(app)
}

/// Renders the board of `system` (`board.html`, which includes the system's board template,
/// `board_<system>.html`, the registry's [`skald_core::Board`]) with `context` (a JSON object:
/// `state`, `gm`, `you`, `mine`, `players`, `owners`, `seq`), for tests and tools.
///
/// # Errors
/// The template engine's message.
pub fn render_board(system: &str, context: &serde_json::Value) -> Result<String, String> {
    let mut context = context.clone();
    if let Some(object) = context.as_object_mut() {
        object.insert("system".into(), serde_json::Value::from(system));
        let board = render::board(system);
        object.insert("board".into(), serde_json::Value::from(board));
    }
    render::render(
        "board.html",
        minijinja::Value::from(minijinja::value::Serde(context)),
    )
}
