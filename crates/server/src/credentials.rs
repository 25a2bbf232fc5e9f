//! A request's token for a table, wherever it comes: `Authorization: Bearer TOKEN`, else
//! `?token=TOKEN`, else the table's cookie (so a browser's pages and WebSocket need no token in the
//! URL). Headers and cookies are read and written with axum-extra's typed headers and cookie jar.

use axum::http::HeaderMap;
use axum::http::header::COOKIE;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use axum_extra::headers::authorization::Bearer;
use axum_extra::headers::{Authorization, HeaderMapExt as _};

/// How long a browser keeps a table's cookie: 30 days, in seconds (the time a table stays live
/// without activity), counted again each time the table's page is opened with it
/// (docs/decisions.md).
pub const COOKIE_SECONDS: i64 = 30 * 86_400;

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
/// `SameSite=Lax` (sent when a link is followed, never on another site's POST; a page of another
/// port of the same host is the same site, which [`crate::same_origin::guard`] refuses), for the
/// whole site, for [`COOKIE_SECONDS`]; `Secure` (sent over https only) when `secure`, which is
/// when the server's public URL is `https://` ([`secure`]).
pub fn cookie(id: &str, token: &str, secure: bool) -> Cookie<'static> {
    Cookie::build((cookie_name(id), token.to_owned()))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(time::Duration::seconds(COOKIE_SECONDS))
        .build()
}

/// Whether the cookies of a server with `limits` are `Secure`: when its public URL is
/// `https://`.
pub fn secure(limits: &crate::Limits) -> bool {
    limits
        .public_url
        .as_ref()
        .is_some_and(crate::same_origin::PublicUrl::is_https)
}

/// Whether a request with `headers` and the `?token=` `query` is authenticated by table `id`'s
/// cookie (no bearer header, no `?token=`, and the cookie is there): the one whose cookie a
/// page renews.
pub fn by_cookie(headers: &HeaderMap, query: Option<&str>, id: &str) -> bool {
    headers.typed_get::<Authorization<Bearer>>().is_none()
        && query.is_none()
        && CookieJar::from_headers(headers)
            .get(&cookie_name(id))
            .is_some()
}
