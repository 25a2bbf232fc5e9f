#![allow(clippy::unwrap_used)]
//! What a browser's cookie may do, and what every answer tells the browser (issue 30): a page of
//! another origin (another port of the same host) can neither post nor open the GM's WebSocket with
//! the GM's cookie, while scripts with their own token go on as before; the API reads JSON bodies
//! only; every answer carries its Content-Security-Policy, `Referrer-Policy` and `Cache-Control`;
//! a query parameter given twice is refused on every route with one message; and a flood of
//! requests past the address's rate is one log line, not two per request.

use crate::common;

use common::{Log, Server, assert_refused, databases, limits};
use serde_json::{Value, json};
use skald_server::Limits;
use skald_server::limits::PublicUrl;
use tokio_tungstenite::tungstenite;
use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;

/// The refusal of a cookie's request from `from` (the server has no public URL).
fn cross_origin(from: &str) -> String {
    format!(
        "origin: this request came from {from}; with this browser's cookie, only this server's \
         own pages may post or open the table's WebSocket (a script sends its token in \
         Authorization: Bearer TOKEN instead)"
    )
}

/// `POST path` with `body`, `content_type` and extra `headers`: (status, body as JSON or Null).
async fn post(
    server: &Server,
    path: &str,
    content_type: Option<&str>,
    headers: &[(&str, String)],
    body: &str,
) -> (u16, Value) {
    let mut request = reqwest::Client::builder()
        .no_proxy()
        .build()
        .unwrap()
        .post(format!("{}{path}", server.base))
        .body(body.to_owned());
    if let Some(kind) = content_type {
        request = request.header("content-type", kind);
    }
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    let response = common::within("a POST", request.send()).await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Opens the table's WebSocket with `headers` (and no token in the URL unless `query` has one):
/// `Ok(())` when it opened, else the refusal's status and body.
async fn open_ws(
    server: &Server,
    table: &str,
    query: &str,
    headers: &[(&str, String)],
) -> Result<(), (u16, Value)> {
    let url = format!("ws://{}/api/tables/{table}/ws?after=0{query}", server.addr);
    let mut request = url.into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(
            tungstenite::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
            value.parse().unwrap(),
        );
    }
    match common::within("a connect", tokio_tungstenite::connect_async(request)).await {
        Ok(_) => Ok(()),
        Err(tungstenite::Error::Http(response)) => {
            let body = response
                .body()
                .as_deref()
                .and_then(|b| serde_json::from_slice(b).ok())
                .unwrap_or(Value::Null);
            Err((response.status().as_u16(), body))
        }
        Err(other) => panic!("not refused as expected: {other}"),
    }
}

fn forbidden(message: &str) -> Value {
    json!({"error": {"kind": "forbidden", "message": message}})
}

/// The attack as filed: a page on another port of 127.0.0.1, in the GM's browser, opened the GM's
/// WebSocket (whispers and notes included) and posted a GM note, all with the GM's cookie.
#[tokio::test]
async fn a_page_of_another_origin_cannot_act_with_the_gms_cookie() {
    for db in databases().await {
        refused_from_another_origin(&db).await;
    }
}

async fn refused_from_another_origin(db: &common::Db) {
    let server = Server::start(db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Cookies").await;
    let table = &created.table;
    let cookie = ("cookie", format!("skald_{table}={}", created.gm));
    let attacker = ("origin", "http://127.0.0.1:9999".to_owned());
    let note = r#"{"do": "note", "text": "forged"}"#;
    let actions = format!("/api/tables/{table}/actions");

    // Another origin: refused, over HTTP and WebSocket, by Origin or by Sec-Fetch-Site.
    let refused = forbidden(&cross_origin("a page of http://127.0.0.1:9999"));
    let got = post(
        &server,
        &actions,
        Some("application/json"),
        &[cookie.clone(), attacker.clone()],
        note,
    )
    .await;
    assert_eq!(got, (403, refused.clone()));
    let same_site = ("sec-fetch-site", "same-site".to_owned());
    let got = post(
        &server,
        &actions,
        Some("application/json"),
        &[cookie.clone(), same_site.clone()],
        note,
    )
    .await;
    assert_eq!(got, (403, forbidden(&cross_origin("another site's page"))));
    let sandboxed = ("origin", "null".to_owned());
    let got = post(
        &server,
        &actions,
        Some("application/json"),
        &[cookie.clone(), sandboxed],
        note,
    )
    .await;
    assert_eq!(
        got,
        (
            403,
            forbidden(&cross_origin("a page with no origin (Origin: null)"))
        )
    );
    assert_eq!(
        open_ws(&server, table, "", &[cookie.clone(), attacker.clone()]).await,
        Err((403, refused.clone()))
    );
    assert_eq!(
        open_ws(
            &server,
            table,
            "",
            &[cookie.clone(), same_site, attacker.clone()]
        )
        .await,
        Err((403, refused.clone()))
    );
    // The pages' own forms, too: no table is made in the victim's browser.
    let form = post(
        &server,
        "/api/tables",
        Some("application/json"),
        std::slice::from_ref(&attacker),
        r#"{"system": "chi", "title": "x"}"#,
    )
    .await;
    assert_eq!(form, (403, refused));
    // Nothing was recorded.
    assert_eq!(http.last_seq(table, &created.gm).await, 1);

    // Its own pages: the same origin, or `same-origin` (with `Origin: null` under no-referrer).
    let own = ("origin", server.base.clone());
    let got = post(
        &server,
        &actions,
        Some("application/json"),
        &[cookie.clone(), own.clone()],
        note,
    )
    .await;
    assert_eq!(got.0, 200, "{}", got.1);
    let own_fetch = [
        cookie.clone(),
        ("origin", "null".to_owned()),
        ("sec-fetch-site", "same-origin".to_owned()),
    ];
    let got = post(
        &server,
        &actions,
        Some("application/json"),
        &own_fetch,
        note,
    )
    .await;
    assert_eq!(got.0, 200, "{}", got.1);
    assert_eq!(
        open_ws(&server, table, "", &[cookie.clone(), own]).await,
        Ok(())
    );
    // Scripts: no Origin at all (curl with the cookie), or their own token from anywhere.
    let got = post(
        &server,
        &actions,
        Some("application/json"),
        std::slice::from_ref(&cookie),
        note,
    )
    .await;
    assert_eq!(got.0, 200, "{}", got.1);
    let bearer = ("authorization", format!("Bearer {}", created.gm));
    let got = post(
        &server,
        &actions,
        Some("application/json"),
        &[bearer, attacker.clone()],
        note,
    )
    .await;
    assert_eq!(got.0, 200, "{}", got.1);
    let query = format!("&token={}", created.gm);
    assert_eq!(open_ws(&server, table, &query, &[attacker]).await, Ok(()));
    assert_eq!(http.last_seq(table, &created.gm).await, 5);
    server.stop().await;
}

/// Behind a proxy, the public URL's origin is the pages' one, whatever `Host` the server sees.
#[tokio::test]
async fn behind_a_proxy_the_public_urls_origin_is_the_pages_own() {
    let db = common::sqlite();
    let public = PublicUrl::parse("https://skald.example").unwrap();
    let server = Server::start(
        &db,
        Limits {
            public_url: Some(public),
            ..limits()
        },
    )
    .await;
    let http = server.http();
    let created = http.create("chi", "Proxied").await;
    let table = &created.table;
    let cookie = ("cookie", format!("skald_{table}={}", created.gm));
    let actions = format!("/api/tables/{table}/actions");
    let note = r#"{"do": "note", "text": "hello"}"#;
    let public = ("origin", "https://skald.example".to_owned());
    let got = post(
        &server,
        &actions,
        Some("application/json"),
        &[cookie.clone(), public],
        note,
    )
    .await;
    assert_eq!(got.0, 200, "{}", got.1);
    // The address the server listens on is not the pages' origin any more.
    let direct = ("origin", server.base.clone());
    let got = post(
        &server,
        &actions,
        Some("application/json"),
        &[cookie, direct],
        note,
    )
    .await;
    assert_eq!(
        got,
        (
            403,
            forbidden(&format!(
                "origin: this request came from a page of {}; with this browser's cookie, only \
                 this server's own pages (https://skald.example) may post or open the table's \
                 WebSocket (a script sends its token in Authorization: Bearer TOKEN instead)",
                server.base
            ))
        )
    );
    server.stop().await;
}

/// A page of another origin may send `text/plain` or a form without asking first; the API reads
/// neither, on any route that reads a body.
#[tokio::test]
async fn the_api_reads_json_bodies_only() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Bodies").await;
    let table = &created.table;
    let bearer = [("authorization", format!("Bearer {}", created.gm))];
    let note = r#"{"do": "note", "text": "plain"}"#;
    let text_plain = json!({"error": {"kind": "bad_request", "message":
        "body: sent as \"text/plain;charset=UTF-8\"; this route reads JSON only: send the body as \
         JSON, with Content-Type: application/json"}});
    for route in ["actions", "check", "odds", "seat-link", "join"] {
        let path = format!("/api/tables/{table}/{route}");
        let got = post(
            &server,
            &path,
            Some("text/plain;charset=UTF-8"),
            &bearer,
            note,
        )
        .await;
        assert_eq!(got, (415, text_plain.clone()), "{route}");
    }
    let got = post(
        &server,
        "/api/tables",
        Some("text/plain;charset=UTF-8"),
        &[],
        r#"{"system": "chi", "title": "x"}"#,
    )
    .await;
    assert_eq!(got, (415, text_plain));
    let path = format!("/api/tables/{table}/actions");
    let form = post(
        &server,
        &path,
        Some("application/x-www-form-urlencoded"),
        &bearer,
        "do=note",
    )
    .await;
    assert_eq!(form.0, 415, "{}", form.1);
    let none = post(&server, &path, None, &bearer, note).await;
    assert_eq!(
        none,
        (
            415,
            json!({"error": {"kind": "bad_request", "message":
                "body: sent without a Content-Type; send the body as JSON, with Content-Type: \
                 application/json"}})
        )
    );
    // JSON, with or without its charset; and a route that reads nothing, with nothing.
    let got = post(
        &server,
        &path,
        Some("application/json; charset=utf-8"),
        &bearer,
        note,
    )
    .await;
    assert_eq!(got.0, 200, "{}", got.1);
    let got = post(
        &server,
        &format!("/api/tables/{table}/invite"),
        None,
        &bearer,
        "",
    )
    .await;
    assert_eq!(got.0, 200, "{}", got.1);
    assert_eq!(http.last_seq(table, &created.gm).await, 2);
    server.stop().await;
}

/// Every answer says what the browser may do with it: scripts and styles from the server only,
/// never in a frame, no Referer, not stored (the session report: its own style by its hash).
#[tokio::test]
async fn every_answer_carries_the_browser_headers() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Headers").await;
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    for path in [
        "/api/health".to_owned(),
        format!("/api/tables/{}", created.table),
        format!("/api/tables/{}/export?format=html", created.table),
        "/api/nowhere".to_owned(),
    ] {
        let response = client
            .get(format!("{}{path}", server.base))
            .bearer_auth(&created.gm)
            .send()
            .await
            .unwrap();
        let headers = response.headers();
        let policy = headers["content-security-policy"].to_str().unwrap();
        if path.ends_with("html") {
            assert_eq!(
                policy,
                skald_server::report::content_security_policy(),
                "{path}"
            );
        } else {
            assert_eq!(
                policy,
                "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                 connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
                 frame-ancestors 'none'",
                "{path}"
            );
        }
        assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
        assert_eq!(headers["cache-control"], "no-store", "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
    }
    server.stop().await;
}

/// `?token=A&token=B` (or any parameter twice) is refused on every route with one message; no
/// route takes the first or the last.
#[tokio::test]
async fn a_parameter_given_twice_is_refused_on_every_route_alike() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Twice").await;
    let table = &created.table;
    let twice = format!("token={}&token=nonsense", created.gm);
    let message = "token: given more than once; give it once";
    for route in ["", "/log", "/export", "/moves"] {
        let path = format!("/api/tables/{table}{route}?{twice}");
        let reply = http.get(&path, None).await;
        assert_refused(&reply, 400, "bad_request", message, &path);
    }
    for route in ["/actions", "/check", "/odds", "/invite", "/seat-link"] {
        let path = format!("/api/tables/{table}{route}?{twice}");
        let reply = http
            .post(&path, None, &json!({"do": "note", "text": "x"}))
            .await;
        assert_refused(&reply, 400, "bad_request", message, &path);
    }
    assert_eq!(
        open_ws(&server, table, &format!("&{twice}"), &[]).await,
        Err((
            400,
            json!({"error": {"kind": "bad_request", "message": message}})
        ))
    );
    server.stop().await;
}

/// A flood past the address's rate writes one line for its client, not two per request.
#[tokio::test]
async fn a_flood_past_the_rate_is_one_log_line() {
    let log = Log::capture();
    let db = common::sqlite();
    let server = Server::start(
        &db,
        Limits {
            address_per_second: 1,
            address_burst: 3,
            ..limits()
        },
    )
    .await;
    let http = server.http_fresh();
    let mut statuses = Vec::new();
    for _ in 0..40 {
        statuses.push(http.get("/api/health", None).await.status);
    }
    assert_eq!(statuses[..3], [200; 3]);
    assert_eq!(statuses[3..], [429; 37]);
    server.stop().await;
    let text = log.text();
    let lines: Vec<&str> = text
        .lines()
        // Words, not digits: a request line's duration may hold "429" ("1.429ms").
        .filter(|line| line.contains("rate:") || line.contains("status=429"))
        .collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(
        lines[0].contains(
            "rate: requests refused with 429 (a rate or a bound reached) since the client's last \
             such line (one line a minute at most) client=127.0.0.1 refused=1"
        ),
        "{text}"
    );
    assert_eq!(text.matches("answered status=200").count(), 3, "{text}");
}

/// A seat's flood over its WebSocket past the seat's rate: one line too, counted against the
/// client's address, and no line per refused message.
#[tokio::test]
async fn a_seats_flood_over_the_websocket_is_one_log_line() {
    let log = Log::capture();
    let db = common::sqlite();
    let server = Server::start(
        &db,
        Limits {
            actions_per_second: 1,
            action_burst: 3,
            ..limits()
        },
    )
    .await;
    let created = server.http().create("chi", "Flood").await;
    let mut ws = server.ws(&created.table, &created.gm, 0).await;
    assert_eq!(ws.next_json().await["type"], "hello");
    let mut records = Vec::new();
    let mut kinds = Vec::new();
    for id in 0..12 {
        let note = json!({"do": "note", "text": format!("note {id}")});
        let answer = ws.act(id, &note, &mut records).await;
        kinds.push(answer["type"].as_str().unwrap_or_default().to_owned());
    }
    // The upgrade is a read: the burst of 3 actions is the messages'.
    assert_eq!(kinds[..3], ["ack", "ack", "ack"]);
    assert_eq!(kinds[3..], ["error"; 9]);
    drop(ws);
    server.stop().await;
    let text = log.text();
    assert!(!text.contains("refused kind=\"limit\""), "{text}");
    assert_eq!(
        text.matches("rate: requests refused with 429").count(),
        1,
        "{text}"
    );
}
