//! A request's token for a table, wherever it comes: `Authorization: Bearer TOKEN`, else
//! `?token=TOKEN`, else the table's cookie (so a browser's pages and WebSocket need no token in the
//! URL). Headers and cookies are read and written with axum-extra's typed headers and cookie jar.

use axum::http::HeaderMap;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use axum_extra::headers::authorization::Bearer;
use axum_extra::headers::{Authorization, HeaderMapExt as _};

/// How long a browser keeps a table's cookie: one year, in seconds.
pub const COOKIE_SECONDS: i64 = 31_536_000;

/// The name of the cookie that holds a browser's token for table `id` (set by the pages).
pub fn cookie_name(id: &str) -> String {
    format!("skald_{id}")
}

/// The token for table `id`: from `Authorization: Bearer ...`, else `query` (`?token=`, already
/// decoded), else the table's cookie.
pub fn bearer(headers: &HeaderMap, query: Option<&str>, id: &str) -> Option<String> {
    let header = headers
        .typed_get::<Authorization<Bearer>>()
        .map(|auth| auth.token().trim().to_owned());
    header.or_else(|| query.map(str::to_owned)).or_else(|| {
        CookieJar::from_headers(headers)
            .get(&cookie_name(id))
            .map(|cookie| cookie.value().to_owned())
    })
}

/// The cookie that keeps `token` for table `id` in a browser: `HttpOnly` (no script reads it),
/// `SameSite=Lax` (sent when a link is followed, never on another site's POST, so no other page can
/// act with it), for the whole site, for [`COOKIE_SECONDS`].
pub fn cookie(id: &str, token: &str) -> Cookie<'static> {
    Cookie::build((cookie_name(id), token.to_owned()))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(time::Duration::seconds(COOKIE_SECONDS))
        .build()
}
