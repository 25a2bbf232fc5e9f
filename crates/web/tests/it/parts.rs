//! A live update sends what changed (issue 34): the page says the digests of the parts it shows,
//! and `/t/{id}/parts` answers those with their digest alone; a page whose digests the server does
//! not know gets every part. The parts are gzipped for a browser that takes it; the table page,
//! which holds the seat's link, never is.
#![allow(clippy::unwrap_used)]

use crate::common;
use common::{Server, fresh, generous};
use serde_json::{Value, json};

/// GET `path` as the holder of `token`, taking gzip when `gzip`: (status, Content-Encoding or
/// "", body as bytes).
async fn get(server: &Server, path: &str, token: &str, gzip: bool) -> (u16, String, Vec<u8>) {
    let mut request = fresh()
        .get(format!("{}{path}", server.base))
        .bearer_auth(token);
    if gzip {
        request = request.header("accept-encoding", "gzip");
    }
    let response = request.send().await.unwrap();
    let encoding = response
        .headers()
        .get("content-encoding")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (
        response.status().as_u16(),
        encoding,
        response.bytes().await.unwrap().to_vec(),
    )
}

async fn parts(server: &Server, id: &str, token: &str, query: &str) -> Value {
    let (status, _, body) = get(server, &format!("/t/{id}/parts?{query}"), token, false).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    serde_json::from_slice(&body).unwrap()
}

/// Every digest of an answer, joined by dots as the page sends them.
fn have(parts: &Value) -> String {
    let mut digests: Vec<&str> = ["board", "say", "head"]
        .iter()
        .map(|k| parts[k]["digest"].as_str().unwrap())
        .collect();
    for piece in parts["moves"].as_array().unwrap() {
        digests.push(piece["digest"].as_str().unwrap());
    }
    digests.join(".")
}

/// A Chi table with Ann seated: (table, GM token, Ann's token).
async fn table(server: &Server) -> (String, String, String) {
    common::chi_table_with_ann(server, "Deltas").await
}

#[tokio::test]
async fn an_update_sends_only_the_parts_the_page_does_not_show() {
    let server = Server::start(generous()).await;
    let (id, gm, ann) = table(&server).await;
    // A page that says nothing gets every part with its HTML.
    let all = parts(&server, &id, &ann, "after=0").await;
    for part in ["board", "say", "head"] {
        assert!(all[part]["html"].as_str().unwrap().len() > 20, "{part}");
        assert_eq!(all[part]["digest"].as_str().unwrap().len(), 16);
    }
    let keys: Vec<&str> = all["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["key"].as_str().unwrap())
        .collect();
    assert!(!keys.is_empty());
    for piece in all["moves"].as_array().unwrap() {
        let (key, html) = (
            piece["key"].as_str().unwrap(),
            piece["html"].as_str().unwrap(),
        );
        assert!(html.contains(&format!("data-part=\"{key}\"")), "{html}");
    }
    // The table page keeps the same digests, for its first update.
    let (status, encoding, page) = get(&server, &format!("/t/{id}"), &ann, true).await;
    assert_eq!((status, encoding.as_str()), (200, ""));
    let page = String::from_utf8(page).unwrap();
    for digest in have(&all).split('.') {
        assert!(page.contains(digest), "{digest} not on the page");
    }
    // The same page asking again: digests only.
    let same = parts(&server, &id, &ann, &format!("after=0&have={}", have(&all))).await;
    for part in ["board", "say", "head"] {
        assert_eq!(same[part]["html"], Value::Null, "{part}");
        assert_eq!(same[part]["digest"], all[part]["digest"]);
    }
    for piece in same["moves"].as_array().unwrap() {
        assert_eq!(piece["html"], Value::Null, "{piece}");
    }
    // The GM makes an NPC: the board and the head change; Ann's talk box and the pieces of her
    // moves that did not change stay out.
    let response = fresh()
        .post(format!("{}/api/tables/{id}/actions", server.base))
        .bearer_auth(&gm)
        .header("content-type", "application/json")
        .body(json!({"do": "enroll", "character": {"line": "Blackfang, orc4"}}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status().as_u16(),
        200,
        "{}",
        response.text().await.unwrap()
    );
    let seq = all["seq"].as_u64().unwrap();
    let next = parts(
        &server,
        &id,
        &ann,
        &format!("after={seq}&have={}", have(&all)),
    )
    .await;
    assert_eq!(next["seq"].as_u64().unwrap(), seq + 1);
    for part in ["board", "head"] {
        assert!(next[part]["html"].is_string(), "{part}");
        assert_ne!(next[part]["digest"], all[part]["digest"], "{part}");
    }
    assert!(
        next["board"]["html"]
            .as_str()
            .unwrap()
            .contains("Blackfang")
    );
    assert_eq!(next["say"]["html"], Value::Null);
    let before: Vec<&str> = all["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["digest"].as_str().unwrap())
        .collect();
    for piece in next["moves"].as_array().unwrap() {
        let known = before.contains(&piece["digest"].as_str().unwrap());
        assert_eq!(piece["html"].is_null(), known, "{piece}");
    }
    // Digests the server does not know (another page, a missed update): everything.
    let stranger = parts(&server, &id, &ann, "after=0&have=0123456789abcdef").await;
    assert!(stranger["board"]["html"].is_string());
    for piece in stranger["moves"].as_array().unwrap() {
        assert!(piece["html"].is_string(), "{piece}");
    }
}

/// POSTs `command` as the holder of `token`; the action must be accepted.
async fn act(server: &Server, id: &str, token: &str, command: Value) {
    let response = fresh()
        .post(format!("{}/api/tables/{id}/actions", server.base))
        .bearer_auth(token)
        .header("content-type", "application/json")
        .body(command.to_string())
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    assert_eq!(status, 200, "{}", response.text().await.unwrap());
}

/// A piece of the moves the page does not show, but whose forms it does (a fold redrawn around
/// them), comes with a stub for each form: its tag, id and key, marked `data-same`; and every
/// piece sent whole lists its forms' digests, which the table page keeps too.
#[tokio::test]
async fn a_piece_sent_stubs_the_forms_the_page_shows() {
    let server = Server::start(generous()).await;
    let (id, _gm, ann) = table(&server).await;
    let all = parts(&server, &id, &ann, "after=0").await;
    let mut forms: Vec<(String, String)> = Vec::new();
    for piece in all["moves"].as_array().unwrap() {
        let html = piece["html"].as_str().unwrap();
        let listed = piece["forms"].as_object().cloned().unwrap_or_default();
        assert_eq!(
            listed.len(),
            html.matches("<form class=\"move\" id=\"move-").count(),
            "{piece}"
        );
        for (key, digest) in listed {
            assert!(html.contains(&format!("data-key=\"{key}\"")), "{key}");
            forms.push((key, digest.as_str().unwrap().to_owned()));
        }
    }
    assert!(!forms.is_empty(), "Ann's moves hold forms: {all}");
    let (_, _, page) = get(&server, &format!("/t/{id}"), &ann, false).await;
    let page = String::from_utf8(page).unwrap();
    for (_, digest) in &forms {
        assert!(page.contains(digest.as_str()), "{digest} not on the page");
    }
    let have: Vec<&str> = forms.iter().map(|(_, d)| d.as_str()).collect();
    let stubbed = parts(
        &server,
        &id,
        &ann,
        &format!("after=0&have={}", have.join(".")),
    )
    .await;
    for piece in stubbed["moves"].as_array().unwrap() {
        let html = piece["html"].as_str().unwrap();
        assert!(!html.contains("data-command"), "{html}");
        for key in piece["forms"].as_object().unwrap().keys() {
            let stub = format!(
                "<form class=\"move\" id=\"move-{key}\" data-key=\"{key}\" data-same></form>"
            );
            assert!(html.contains(&stub), "{html}");
        }
    }
}

/// The text of the board's whole state (its `<pre>`), the pieces' tags taken out and the
/// escapes read back, as the page's `textContent` reads it.
fn state_text(board: &str) -> String {
    let start = board.find("<pre>").unwrap() + "<pre>".len();
    let end = board[start..].find("</pre>").unwrap() + start;
    let mut text = String::new();
    let mut rest = &board[start..end];
    while let Some(at) = rest.find('<') {
        text.push_str(&rest[..at]);
        rest = &rest[at + rest[at..].find('>').unwrap() + 1..];
    }
    text.push_str(rest);
    text.replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#x2f;", "/")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// A board that changed comes with a stub for each of its pieces the page shows (a sheet, an
/// entry of the whole state), its opening tag marked `data-same`, and the digest of each piece;
/// the whole state still reads as the state's JSON.
#[tokio::test]
async fn a_board_sent_stubs_the_pieces_the_page_shows() {
    let server = Server::start(generous()).await;
    let (id, gm, _ann) = table(&server).await;
    act(
        &server,
        &id,
        &gm,
        json!({"do": "enroll", "character": {"line": "Blackfang, orc4"}}),
    )
    .await;
    // A page whose fold of the whole state is closed (the table page as first drawn) gets the
    // fold empty; its pieces are the page's.
    let closed = parts(&server, &id, &gm, "after=0").await;
    let board = closed["board"]["html"].as_str().unwrap();
    assert!(
        board.contains(r#"<details class="raw-state" data-empty>"#),
        "{board}"
    );
    assert_eq!(state_text(board), "");
    let pieces = closed["board"]["pieces"].as_object().unwrap();
    assert!(pieces.contains_key("sheet Blackfang"), "{pieces:?}");
    assert!(
        !pieces.keys().any(|k| k.starts_with("state.")),
        "{pieces:?}"
    );
    let (_, _, page) = get(&server, &format!("/t/{id}"), &gm, false).await;
    let page = String::from_utf8(page).unwrap();
    // The page sends at most as many digests as the server reads (parts.rs MAX_HAVE, 400).
    assert!(page.contains(r#"data-max-have="400""#), "{page}");
    for digest in pieces.values() {
        assert!(
            page.contains(digest.as_str().unwrap()),
            "{digest} not on the page"
        );
    }
    // Opened (`state=1`), the fold holds the state's JSON, each entry a piece.
    let all = parts(&server, &id, &gm, "after=0&state=1").await;
    let board = all["board"]["html"].as_str().unwrap();
    assert!(!board.contains("data-empty"), "{board}");
    let state: Value = serde_json::from_str(&state_text(board)).unwrap();
    assert!(state.to_string().contains("Blackfang"), "{state}");
    let pieces = all["board"]["pieces"].as_object().unwrap();
    assert!(pieces.keys().any(|k| k.starts_with("state.")), "{pieces:?}");
    act(
        &server,
        &id,
        &gm,
        json!({"do": "enroll", "character": {"line": "Grik, orc2"}}),
    )
    .await;
    let have: Vec<&str> = pieces.values().map(|d| d.as_str().unwrap()).collect();
    let next = parts(
        &server,
        &id,
        &gm,
        &format!("after={}&have={}&state=1", all["seq"], have.join(".")),
    )
    .await;
    let html = next["board"]["html"].as_str().unwrap();
    // Blackfang's sheet is the page's already: a stub of its opening tag; Grik's is drawn.
    let stub = html
        .split("<li ")
        .find(|li| li.contains("data-piece=\"sheet Blackfang\""))
        .unwrap();
    assert!(stub.contains(" data-same></li>"), "{stub}");
    assert!(!stub.contains("orc"), "{stub}");
    assert!(html.contains("Grik"), "{html}");
    let sent = next["board"]["pieces"].as_object().unwrap();
    assert_eq!(sent["sheet Blackfang"], pieces["sheet Blackfang"]);
    assert!(sent.contains_key("sheet Grik"), "{sent:?}");
    assert!(
        html.contains(" data-same></span>"),
        "the state's unchanged entries: {html}"
    );
}

/// Talk leaves every move's odds as they were, and the parts say so; a command may change them.
#[tokio::test]
async fn the_parts_say_whether_the_odds_may_have_changed() {
    let server = Server::start(generous()).await;
    let (id, gm, ann) = table(&server).await;
    let seq = parts(&server, &id, &ann, "after=0").await["seq"]
        .as_u64()
        .unwrap();
    act(
        &server,
        &id,
        &gm,
        json!({"do": "say", "text": "the river rises"}),
    )
    .await;
    let said = parts(&server, &id, &ann, &format!("after={seq}")).await;
    assert_eq!(said["seq"].as_u64().unwrap(), seq + 1);
    assert_eq!(said["odds_kept"], true);
    act(
        &server,
        &id,
        &gm,
        json!({"do": "enroll", "character": {"line": "Blackfang, orc4"}}),
    )
    .await;
    let enrolled = parts(&server, &id, &ann, &format!("after={}", seq + 1)).await;
    assert_eq!(enrolled["odds_kept"], false);
    // Both records since `seq`: one may change the odds.
    assert_eq!(
        parts(&server, &id, &ann, &format!("after={seq}")).await["odds_kept"],
        false
    );
    // A page drawn whole keeps nothing.
    assert_eq!(
        parts(&server, &id, &ann, "after=0").await["odds_kept"],
        false
    );
}

#[tokio::test]
async fn a_bad_digest_is_refused_by_name() {
    let server = Server::start(generous()).await;
    let (id, _gm, ann) = table(&server).await;
    let (status, _, body) = get(&server, &format!("/t/{id}/parts?have=board"), &ann, false).await;
    assert_eq!(status, 400);
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        body["error"]["message"],
        "have: \u{201c}board\u{201d} is not a digest (16 hex digits, 0-9 and a-f, joined by dots)"
    );
    let (status, _, body) = get(&server, &format!("/t/{id}/parts?state=2"), &ann, false).await;
    assert_eq!(status, 400);
    let body: Value = serde_json::from_slice(&body).unwrap();
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("state") && message.contains('2'),
        "{message}"
    );
}

/// The parts and the script are gzipped for a browser that takes it; the table page, which holds
/// the seat's link beside what other players wrote, never is (BREACH, docs/decisions.md).
#[tokio::test]
async fn the_parts_are_compressed_and_the_page_with_the_seat_link_is_not() {
    let server = Server::start(generous()).await;
    let (id, _gm, ann) = table(&server).await;
    let (status, encoding, body) =
        get(&server, &format!("/t/{id}/parts?after=0"), &ann, true).await;
    assert_eq!((status, encoding.as_str()), (200, "gzip"));
    assert_eq!(&body[..2], &[0x1f, 0x8b]);
    let (_, plain, whole) = get(&server, &format!("/t/{id}/parts?after=0"), &ann, false).await;
    assert_eq!(plain, "");
    assert!(
        body.len() * 3 < whole.len(),
        "{} vs {}",
        body.len(),
        whole.len()
    );
    let (_, encoding, _) = get(&server, "/static/skald.js", &ann, true).await;
    assert_eq!(encoding, "gzip");
    let (_, encoding, page) = get(&server, &format!("/t/{id}"), &ann, true).await;
    assert_eq!(encoding, "");
    assert!(String::from_utf8(page).unwrap().contains("enter?token="));
    let (_, encoding, _) = get(&server, &format!("/t/{id}/seat-link"), &ann, true).await;
    assert_eq!(encoding, "");
}
