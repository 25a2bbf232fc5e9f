//! What keeps a page of another origin from acting with a browser's cookie: [`guard`], the rule
//! every POST and WebSocket upgrade goes through (the request's `Sec-Fetch-Site`, else its
//! `Origin`, must say it comes from this server's own pages, unless it carries its own token), and
//! [`json_only`], the rule that the API reads `application/json` bodies only (a page of another
//! origin can send `text/plain` or a form without asking the browser first; JSON it cannot).
//! [`PublicUrl`] is the origin the server is reached at (`skald serve --public-url`).
//!
//! See docs/server.md ("Browsers: Origin, content type, headers, cookie").

use crate::error::ApiError;
use crate::query::Params;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse as _, Response};

/// The address browsers reach the server at (`skald serve --public-url`), as an origin:
/// `http://` or `https://`, a host and an optional port, nothing after it but a `/`. It is the one
/// origin whose pages may post and open WebSockets with a cookie, the scheme and host of the links
/// the pages show, and, when it is `https://`, what makes the cookie `Secure`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl {
    /// `scheme://host[:port]`, lower case, without a default port (how a browser writes `Origin`).
    origin: String,
    https: bool,
}

impl PublicUrl {
    /// Longest public URL accepted, in characters.
    pub const MAX_LEN: usize = 200;

    /// The public URL `text`, such as `https://skald.example` or `http://192.0.2.7:8080/`.
    ///
    /// # Errors
    /// A message naming the value and what is allowed: longer than [`PublicUrl::MAX_LEN`]
    /// characters, not a URL, not `http`/`https`, no host, a user or password, or a path, query or
    /// fragment.
    pub fn parse(text: &str) -> Result<Self, String> {
        let allowed = "give the address browsers open, such as https://skald.example or \
                       http://192.0.2.7:8080";
        if text.chars().count() > Self::MAX_LEN {
            return Err(format!(
                "public URL: {} characters, allowed 1 to {}; {allowed}",
                text.chars().count(),
                Self::MAX_LEN
            ));
        }
        let url = reqwest::Url::parse(text)
            .map_err(|_| format!("public URL: {text:?} is not a URL; {allowed}"))?;
        let https = match url.scheme() {
            "https" => true,
            "http" => false,
            other => {
                return Err(format!(
                    "public URL: {text:?} is {other}://, not http:// or https://; {allowed}"
                ));
            }
        };
        if url.host_str().is_none_or(str::is_empty) {
            return Err(format!("public URL: {text:?} has no host; {allowed}"));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(format!(
                "public URL: {text:?} has a user or password; {allowed}"
            ));
        }
        if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
            return Err(format!(
                "public URL: {text:?} has a path, query or fragment; the pages are served at the \
                 root of their host: {allowed}"
            ));
        }
        Ok(Self {
            origin: url.origin().ascii_serialization(),
            https,
        })
    }

    /// `scheme://host[:port]`, as a browser writes it in `Origin` (no default port, no `/`).
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// Whether it is `https://` (the cookie is then `Secure`).
    pub fn is_https(&self) -> bool {
        self.https
    }
}

/// Whether the request needs [`verdict`]: a method that changes something (anything but `GET`,
/// `HEAD`, `OPTIONS`), or a WebSocket upgrade (a `GET` that a browser sends from any page, with
/// its cookie, and whose answers no same-origin policy hides).
fn guarded(method: &Method, headers: &HeaderMap) -> bool {
    let safe = [Method::GET, Method::HEAD, Method::OPTIONS].contains(method);
    let upgrade = headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("websocket"));
    !safe || upgrade
}

/// Whether a request with `headers` and (`token_in_query`) a `?token=` may act here, as far as
/// where it comes from goes. In order:
/// - it carries its own token (`Authorization`, or `?token=`): yes, a cookie is not what it acts
///   with (a script or `curl`; a page of another origin cannot set `Authorization` without the
///   server's consent, which it never gives);
/// - `Sec-Fetch-Site` (every current browser sends it): `same-origin` or `none` (typed in the
///   address bar) yes; `same-site` (another port of the same host) or `cross-site` no;
/// - else `Origin`: yes when it is this server's ([`PublicUrl`] when set, else the request's own
///   `Host`); no when it is another, `null` or not an origin;
/// - neither header: yes. Every browser sends `Origin` on a POST and a WebSocket from another
///   origin, so a request without either is not one (an older browser's own page, or a client
///   that holds the cookie itself).
///
/// # Errors
/// The refusal's message, naming the origin the request came from (when it has one) and what is
/// allowed.
pub fn verdict(
    headers: &HeaderMap,
    token_in_query: bool,
    public: Option<&PublicUrl>,
) -> Result<(), String> {
    if headers.contains_key(header::AUTHORIZATION) || token_in_query {
        return Ok(());
    }
    let ours = public.map_or_else(
        || "this server's own pages".to_owned(),
        |p| format!("this server's own pages ({})", p.origin()),
    );
    let refusal = |from: &str| {
        format!(
            "origin: this request came from {from}; with this browser's cookie, only {ours} may \
             post or open the table's WebSocket (a script sends its token in Authorization: \
             Bearer TOKEN instead)"
        )
    };
    if let Some(site) = headers.get("sec-fetch-site") {
        return match site.to_str().unwrap_or_default() {
            "same-origin" | "none" => Ok(()),
            _ => Err(refusal(&from_origin(headers))),
        };
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let Some(origin) = origin.to_str().ok().and_then(origin_of) else {
        return Err(refusal("a page with no origin (Origin: null)"));
    };
    let same = match public {
        Some(public) => origin.serialized == public.origin(),
        None => headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .is_some_and(|host| origin.is_host(host)),
    };
    if same {
        Ok(())
    } else {
        Err(refusal(&format!("a page of {}", origin.serialized)))
    }
}

/// "a page of ORIGIN" for the request's `Origin`, or "another site's page" without one.
fn from_origin(headers: &HeaderMap) -> String {
    headers
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok())
        .and_then(origin_of)
        .map_or_else(
            || "another site's page".to_owned(),
            |o| format!("a page of {}", o.serialized),
        )
}

/// An `Origin` header's value, read.
struct Origin {
    /// `scheme://host[:port]`, as [`PublicUrl::origin`] writes it.
    serialized: String,
    /// `host[:port]` without a default port, and `host:port` with it always.
    authorities: [String; 2],
}

impl Origin {
    /// Whether a request's `Host` header names this origin's host and port.
    fn is_host(&self, host: &str) -> bool {
        self.authorities
            .iter()
            .any(|a| a.eq_ignore_ascii_case(host.trim()))
    }
}

/// `text` read as an origin (`http://host:port`); `None` for `null` or anything else. Bounded: an
/// origin longer than [`PublicUrl::MAX_LEN`] is none this server has.
fn origin_of(text: &str) -> Option<Origin> {
    if text.len() > PublicUrl::MAX_LEN || text == "null" {
        return None;
    }
    let url = reqwest::Url::parse(text).ok()?;
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    let host = url.host_str()?;
    let short = match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    };
    let long = format!("{host}:{}", url.port_or_known_default()?);
    Some(Origin {
        serialized: url.origin().ascii_serialization(),
        authorities: [short, long],
    })
}

/// The layer over every route (API and pages) that refuses a POST or WebSocket upgrade from a page
/// of another origin ([`verdict`]) with 403 and the reason; the rest goes on.
pub async fn guard(
    State(public): State<Option<PublicUrl>>,
    request: Request,
    next: Next,
) -> Response {
    if guarded(request.method(), request.headers()) {
        let token_in_query = Params::of(request.uri())
            .map(|params| params.text("token").is_some())
            .unwrap_or(false);
        if let Err(message) = verdict(request.headers(), token_in_query, public.as_ref()) {
            return ApiError::CrossOrigin(message).into_response();
        }
    }
    next.run(request).await
}

/// Whether a request with `headers` sends its body as JSON, as the API reads it: a
/// `Content-Type` of `application/json` (any case, with `charset=utf-8` or no charset), or no
/// `Content-Type` and no body at all (a POST that reads nothing, such as `.../invite`).
///
/// # Errors
/// The refusal's message, naming the content type given and the one allowed.
pub fn json_verdict(headers: &HeaderMap) -> Result<(), String> {
    let allowed = "send the body as JSON, with Content-Type: application/json";
    let Some(value) = headers.get(header::CONTENT_TYPE) else {
        let empty = !headers.contains_key(header::TRANSFER_ENCODING)
            && headers
                .get(header::CONTENT_LENGTH)
                .is_none_or(|n| n.as_bytes() == b"0");
        return if empty {
            Ok(())
        } else {
            Err(format!("body: sent without a Content-Type; {allowed}"))
        };
    };
    let text = value.to_str().unwrap_or_default();
    let shown: String = text.chars().take(60).collect();
    match text.parse::<mime::Mime>() {
        Ok(kind) if kind.essence_str() == "application/json" => {
            match kind.get_param(mime::CHARSET) {
                None => Ok(()),
                Some(charset) if charset == mime::UTF_8 => Ok(()),
                Some(charset) => Err(format!(
                    "body: sent as {charset}; JSON is read as utf-8 only: {allowed} (or \
                     application/json; charset=utf-8)"
                )),
            }
        }
        _ => Err(format!(
            "body: sent as \"{shown}\"; this route reads JSON only: {allowed}"
        )),
    }
}

/// The layer over the API's routes (and the pages' JSON route) that refuses a body which is not
/// JSON ([`json_verdict`]) with 415 and the reason, before any handler reads it. Only methods that
/// carry a body are checked.
pub async fn json_only(request: Request, next: Next) -> Response {
    let safe = [Method::GET, Method::HEAD, Method::OPTIONS].contains(request.method());
    if !safe && let Err(message) = json_verdict(request.headers()) {
        return ApiError::NotJson(message).into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn public(text: &str) -> PublicUrl {
        PublicUrl::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_public_url_is_an_origin_and_anything_else_is_refused_in_words() {
        let url = public("https://Skald.Example:443/");
        assert_eq!(
            (url.origin(), url.is_https()),
            ("https://skald.example", true)
        );
        assert_eq!(
            public("http://192.0.2.7:8080").origin(),
            "http://192.0.2.7:8080"
        );
        let refused = |text: &str| PublicUrl::parse(text).err().unwrap_or_default();
        assert_eq!(
            refused("ftp://skald.example"),
            "public URL: \"ftp://skald.example\" is ftp://, not http:// or https://; give the \
             address browsers open, such as https://skald.example or http://192.0.2.7:8080"
        );
        assert!(refused("https://skald.example/table").contains("has a path"));
        assert!(refused("skald.example").contains("is not a URL"));
        assert!(refused("https://me:pw@skald.example").contains("a user or password"));
        assert!(
            refused(&format!("https://{}.example", "a".repeat(200)))
                .contains("216 characters, allowed 1 to 200")
        );
    }

    #[test]
    fn another_origin_is_refused_and_its_own_pages_and_tokens_are_not() {
        let host = ("host", "127.0.0.1:8080");
        // The attack: a page on another port of the same host.
        let attack = headers(&[host, ("origin", "http://127.0.0.1:9999")]);
        assert_eq!(
            verdict(&attack, false, None),
            Err(
                "origin: this request came from a page of http://127.0.0.1:9999; with this \
                 browser's cookie, only this server's own pages may post or open the table's \
                 WebSocket (a script sends its token in Authorization: Bearer TOKEN instead)"
                    .to_owned()
            )
        );
        // Sec-Fetch-Site speaks first: another port is `same-site`.
        let fetch_site = headers(&[host, ("sec-fetch-site", "same-site")]);
        assert!(verdict(&fetch_site, false, None).is_err());
        let sandboxed = headers(&[host, ("origin", "null")]);
        assert!(verdict(&sandboxed, false, None).is_err());
        // Its own pages.
        assert_eq!(
            verdict(
                &headers(&[host, ("origin", "http://127.0.0.1:8080")]),
                false,
                None
            ),
            Ok(())
        );
        // `Referrer-Policy: no-referrer` makes a browser send `Origin: null` on its own POSTs;
        // it says `same-origin` all the same.
        let own = headers(&[host, ("origin", "null"), ("sec-fetch-site", "same-origin")]);
        assert_eq!(verdict(&own, false, None), Ok(()));
        // Scripts: no Origin, or their own token.
        assert_eq!(verdict(&headers(&[host]), false, None), Ok(()));
        assert_eq!(verdict(&attack, true, None), Ok(()));
        let bearer = headers(&[
            host,
            ("origin", "http://x.test"),
            ("authorization", "Bearer t"),
        ]);
        assert_eq!(verdict(&bearer, false, None), Ok(()));
        // Behind a proxy: the public URL's origin, whatever the Host.
        let url = public("https://skald.example");
        let proxied = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "https://skald.example"),
        ]);
        assert_eq!(verdict(&proxied, false, Some(&url)), Ok(()));
        let plain = headers(&[
            ("host", "skald.example"),
            ("origin", "http://skald.example"),
        ]);
        assert!(
            verdict(&plain, false, Some(&url))
                .err()
                .unwrap_or_default()
                .contains("only this server's own pages (https://skald.example) may post")
        );
        // Without one, a Host with or without the default port is the origin's.
        let default_port = headers(&[
            ("host", "skald.example:443"),
            ("origin", "https://skald.example"),
        ]);
        assert_eq!(verdict(&default_port, false, None), Ok(()));
    }

    #[test]
    fn only_json_bodies_are_read() {
        let ok = |pairs: &[(&'static str, &'static str)]| json_verdict(&headers(pairs));
        assert_eq!(ok(&[("content-type", "application/json")]), Ok(()));
        assert_eq!(
            ok(&[("content-type", "Application/JSON; charset=UTF-8")]),
            Ok(())
        );
        assert_eq!(ok(&[("content-length", "0")]), Ok(()));
        assert_eq!(ok(&[]), Ok(()));
        assert_eq!(
            ok(&[("content-type", "text/plain;charset=UTF-8")]),
            Err(
                "body: sent as \"text/plain;charset=UTF-8\"; this route reads JSON only: send \
                 the body as JSON, with Content-Type: application/json"
                    .to_owned()
            )
        );
        assert!(ok(&[("content-type", "application/x-www-form-urlencoded")]).is_err());
        assert!(ok(&[("content-type", "application/json; charset=latin1")]).is_err());
        assert_eq!(
            ok(&[("content-length", "12")]),
            Err(
                "body: sent without a Content-Type; send the body as JSON, with Content-Type: \
                 application/json"
                    .to_owned()
            )
        );
    }
}
