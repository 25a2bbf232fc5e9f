//! A request's token for a table, wherever it comes: `Authorization: Bearer TOKEN`, else
//! `?token=TOKEN`, else the table's cookie (so a browser's pages and WebSocket need no token in the
//! URL). Headers and cookies are read and written with axum-extra's typed headers and cookie jar.

use axum::http::HeaderMap;
use axum::http::header::COOKIE;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use axum_extra::headers::authorization::Bearer;
use axum_extra::headers::{Authorization, HeaderMapExt as _};

/// How long a browser keeps a table's cookie: one year, in seconds.
pub const COOKIE_SECONDS: i64 = 31_536_000;

/// The most `skald_*` cookies of one request that [`held`] reads (the store's bound of one
/// lookup, [`skald_store::MAX_SEAT_LOOKUPS`]).
pub const MAX_HELD: usize = skald_store::MAX_SEAT_LOOKUPS;

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

/// The tokens this browser holds, as (table id, token) pairs from its `skald_{id}` cookies: the
/// first [`MAX_HELD`] in the order the browser sends them (each table once; a cookie whose id or
/// token is past its bound is skipped, as no table could hold it). Nothing here says whether a
/// token is valid: [`crate::held::seats`] asks the store.
pub fn held(headers: &HeaderMap) -> Vec<(String, String)> {
    let mut held: Vec<(String, String)> = Vec::new();
    // In the order sent (a cookie jar would forget it): every Cookie header, each split at `;`.
    let cookies = headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok);
    for cookie in cookies {
        let Some(id) = cookie.name().strip_prefix("skald_") else {
            continue;
        };
        let token = cookie.value();
        let fits = !id.is_empty()
            && id.len() <= skald_store::MAX_ID_CHARS
            && !token.is_empty()
            && token.len() <= crate::token::MAX_TOKEN_LEN;
        if fits && !held.iter().any(|(table, _)| table == id) {
            held.push((id.to_owned(), token.to_owned()));
            if held.len() == MAX_HELD {
                break;
            }
        }
    }
    held
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
