#![allow(clippy::unwrap_used)]
//! The pages under the browser rules (issue 30): every page says what the browser may do with it
//! (Content-Security-Policy, no frame, no Referer, not stored); the seat's cookie lasts 30 days
//! from the last visit of its table, and is `Secure` when the public URL is https; the pages'
//! forms and odds are refused from another origin, the odds read JSON only; a parameter given
//! twice is refused on the pages too. Every wait is bounded.

use crate::common;

use common::{Server, answered, fresh, generous};
use serde_json::{Value, json};
use skald_server::Limits;
use skald_server::limits::PublicUrl;

const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' \
                      data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
                      form-action 'self'; frame-ancestors 'none'";

/// A table made through the API: (id, GM token, invite).
async fn table(server: &Server) -> (String, String, String) {
    let response = fresh()
        .post(format!("{}/api/tables", server.base))
        .header("content-type", "application/json")
        .body(json!({"system": "chi", "title": "Rules"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 201);
    let created: Value = serde_json::from_str(&response.text().await.unwrap()).unwrap();
    let text = |v: &Value| v.as_str().unwrap().to_owned();
    (
        text(&created["table"]),
        text(&created["gm_token"]),
        text(&created["invite"]),
    )
}

/// The lobby, the GM's link page, the join form, the table page, its parts and the rules: each
/// with the policy, no Referer, and not stored; the static files are checked each time instead.
#[tokio::test]
async fn every_page_says_what_the_browser_may_do_with_it() {
    let server = Server::start(generous()).await;
    let (id, gm, invite) = table(&server).await;
    let cookie = format!("skald_{id}={gm}");
    for path in [
        "/".to_owned(),
        format!("/t/{id}"),
        format!("/t/{id}/welcome"),
        format!("/t/{id}/join?invite={invite}"),
        format!("/t/{id}/parts?after=0"),
        "/rules/chi".to_owned(),
        "/fairness".to_owned(),
        "/t/nosuchtable00000".to_owned(),
    ] {
        let response = fresh()
            .get(format!("{}{path}", server.base))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        let headers = response.headers();
        assert_eq!(headers["content-security-policy"], POLICY, "{path}");
        assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
        assert_eq!(headers["cache-control"], "no-store", "{path}");
    }
    let response = fresh()
        .get(format!("{}/static/skald.js", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["cache-control"], "no-cache");
}

/// No page has an inline script, style or event handler for the policy to refuse.
#[tokio::test]
async fn no_page_has_inline_script_or_style() {
    let server = Server::start(generous()).await;
    let (id, gm, invite) = table(&server).await;
    let cookie = format!("skald_{id}={gm}");
    for path in [
        "/".to_owned(),
        format!("/t/{id}"),
        format!("/t/{id}/welcome"),
        format!("/t/{id}/join?invite={invite}"),
        "/rules/chi".to_owned(),
    ] {
        // The join form is for a browser with no seat yet.
        let mut request = fresh().get(format!("{}{path}", server.base));
        if !path.contains("/join") {
            request = request.header("cookie", &cookie);
        }
        let (status, _, html) = answered(request.send().await.unwrap()).await;
        assert_eq!(status, 200, "{path}");
        let lower = html.to_lowercase();
        for inline in [
            "<script>",
            "<style",
            " style=",
            " onclick=",
            " onload=",
            " onchange=",
        ] {
            assert!(!lower.contains(inline), "{path} has {inline}");
        }
        assert_eq!(
            lower.matches("<script ").count(),
            lower.matches("<script src=\"/static/").count(),
            "{path}"
        );
    }
}

/// The cookie lasts 30 days and each visit of the table renews it; `Secure` with an https public
/// URL, and the links the pages show start with it.
#[tokio::test]
async fn the_cookie_lasts_thirty_days_from_the_last_visit_and_is_secure_over_https() {
    let server = Server::start(generous()).await;
    let (id, gm, _) = table(&server).await;
    let entered = fresh()
        .get(format!("{}/t/{id}/enter?token={gm}", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(
        entered.headers()["set-cookie"],
        format!("skald_{id}={gm}; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000").as_str()
    );
    let visit = fresh()
        .get(format!("{}/t/{id}", server.base))
        .header("cookie", format!("skald_{id}={gm}"))
        .send()
        .await
        .unwrap();
    assert_eq!(visit.status().as_u16(), 200);
    assert_eq!(
        visit.headers()["set-cookie"],
        format!("skald_{id}={gm}; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000").as_str()
    );
    // A page opened with a bearer header sets no cookie.
    let bearer = fresh()
        .get(format!("{}/t/{id}", server.base))
        .bearer_auth(&gm)
        .send()
        .await
        .unwrap();
    assert!(bearer.headers().get("set-cookie").is_none());

    let public = PublicUrl::parse("https://skald.example").unwrap();
    let server = Server::start(Limits {
        public_url: Some(public),
        ..generous()
    })
    .await;
    let (id, gm, _) = table(&server).await;
    let entered = fresh()
        .get(format!("{}/t/{id}/enter?token={gm}", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(
        entered.headers()["set-cookie"],
        format!("skald_{id}={gm}; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=2592000")
            .as_str()
    );
    let (_, _, html) = answered(
        fresh()
            .get(format!("{}/t/{id}", server.base))
            .header("cookie", format!("skald_{id}={gm}"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let link = format!("https://skald.example/t/{id}/enter?token={gm}").replace('/', "&#x2f;");
    assert!(html.contains(&link), "{html}");
}

/// The pages' forms and odds, from another origin: refused; the odds read JSON only.
#[tokio::test]
async fn the_pages_forms_and_odds_are_refused_from_another_origin() {
    let server = Server::start(generous()).await;
    let (id, gm, invite) = table(&server).await;
    let cookie = format!("skald_{id}={gm}");
    let post = |path: String, kind: &'static str, body: String| {
        fresh()
            .post(format!("{}{path}", server.base))
            .header("content-type", kind)
            .header("cookie", cookie.clone())
            .body(body)
    };
    let form = "application/x-www-form-urlencoded";
    for (path, kind, body) in [
        (
            "/tables".to_owned(),
            form,
            "system=chi&title=Forged".to_owned(),
        ),
        (
            format!("/t/{id}/join"),
            form,
            format!("invite={invite}&name=Eve"),
        ),
        (
            format!("/t/{id}/odds"),
            "application/json",
            r#"{"roll": 1}"#.to_owned(),
        ),
    ] {
        let response = post(path.clone(), kind, body)
            .header("origin", "http://127.0.0.1:9999")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 403, "{path}");
    }
    let (status, _, body) = answered(
        post(
            format!("/t/{id}/odds"),
            "text/plain",
            r#"{"roll": 1}"#.to_owned(),
        )
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (
            415,
            r#"{"error":{"kind":"bad_request","message":"body: sent as \"text/plain\"; this route reads JSON only: send the body as JSON, with Content-Type: application/json"}}"#
        )
    );
    // From its own pages: the form goes through.
    let response = post(
        "/tables".to_owned(),
        form,
        "system=chi&title=Mine".to_owned(),
    )
    .header("origin", server.base.clone())
    .send()
    .await
    .unwrap();
    assert_eq!(response.status().as_u16(), 303);
}

/// A parameter given twice is refused by the pages with the API's message.
#[tokio::test]
async fn a_parameter_given_twice_is_refused_by_the_pages() {
    let server = Server::start(generous()).await;
    let (id, gm, _) = table(&server).await;
    for path in [
        format!("/t/{id}/enter?token={gm}&token=other"),
        format!("/t/{id}?token={gm}&token=other"),
        format!("/t/{id}/parts?token={gm}&token=other"),
    ] {
        let (status, _, body) = answered(
            fresh()
                .get(format!("{}{path}", server.base))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 400, "{path}");
        assert!(
            body.contains("token: given more than once; give it once"),
            "{path}: {body}"
        );
    }
}
