//! The WebSocket end to end on both back ends: the stream from any seq, acks, live records,
//! reconnecting, a slow client caught up from the log, and every bound a client can reach.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::{Server, Ws, assert_contiguous, databases, limits, within};
use futures_util::SinkExt as _;
use serde_json::{Value, json};
use skald_server::Limits;
use skald_testkit::sheets::RAGNAR;
use std::time::Duration;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::{self, Message};

/// Reads until both the ack of `id` and the record `seq` arrived (in either order); returns the
/// ack and the records read.
async fn ack_and_record(ws: &mut Ws, id: u64, seq: u64) -> (Value, Vec<Value>) {
    let mut ack = None;
    let mut records: Vec<Value> = Vec::new();
    while ack.is_none() || records.last().and_then(|r| r["seq"].as_u64()) != Some(seq) {
        let message = ws.next_json().await;
        match message["type"].as_str() {
            Some("record") => records.push(message["record"].clone()),
            Some("ack") => {
                assert_eq!(message["id"], id, "{message}");
                ack = Some(message);
            }
            _ => panic!("expected an ack or a record, got {message}"),
        }
    }
    (ack.unwrap(), records)
}

#[tokio::test]
async fn clients_get_every_record_in_order_live_and_after_reconnecting() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let label = server.label;
        let http = server.http();
        let created = http.create("chi", "Stream").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        http.act(
            table,
            &ann,
            json!({"do": "enroll", "character": {"line": RAGNAR}}),
        )
        .await;
        http.act(table, &created.gm, json!({"do": "new_round"}))
            .await;
        let log = http.log(table, &ann, 0).await;
        assert_eq!(log.len(), 4);

        // From the start: hello, then every record, exactly as the log route gives them.
        let mut ann_ws = server.ws(table, &ann, 0).await;
        let (you, seq) = ann_ws.hello().await;
        assert_eq!((you, seq), (json!({"player": 1}), 4), "{label}");
        assert_eq!(ann_ws.records(4).await, log, "{label}");
        let mut gm_ws = server.ws(table, &created.gm, 4).await;
        assert_eq!(gm_ws.hello().await, (json!("gm"), 4));
        gm_ws.assert_silent(Duration::from_millis(100)).await;

        // An action over the socket: acknowledged with its seq; the other client sees it live.
        ann_ws
            .send_action(1, &json!({"do": "roll", "notation": "2d6", "label": "ws"}))
            .await;
        let (ack, records) = ack_and_record(&mut ann_ws, 1, 5).await;
        assert_eq!(ack, json!({"type": "ack", "id": 1, "seq": 5}), "{label}");
        assert_eq!(records.len(), 1);
        assert_eq!(records[0]["body"]["kind"], "dice_rolled");
        assert_eq!(gm_ws.records(1).await, records, "{label}");

        // A burst from both sides reaches both, in one order, with no gap.
        for i in 0..10u64 {
            let action = json!({"do": "roll", "notation": "1d6", "label": format!("burst {i}")});
            ann_ws.send_action(100 + i, &action).await;
            http.act(table, &created.gm, json!({"do": "roll", "notation": "1d8"}))
                .await;
        }
        let mut ann_seen = Vec::new();
        let mut acks = Vec::new();
        while ann_seen.len() < 20 || acks.len() < 10 {
            let message = ann_ws.next_json().await;
            match message["type"].as_str() {
                Some("record") => ann_seen.push(message["record"].clone()),
                Some("ack") => acks.push(message["id"].as_u64().unwrap()),
                _ => panic!("{label}: {message}"),
            }
        }
        assert_eq!(
            acks,
            (100..110).collect::<Vec<_>>(),
            "{label}: acks in order"
        );
        assert_contiguous(&ann_seen, 6, label);
        let gm_seen = gm_ws.records(20).await;
        assert_contiguous(&gm_seen, 6, label);
        let bodies = |records: &[Value]| -> Vec<Value> {
            records.iter().map(|r| r["body"].clone()).collect()
        };
        assert_eq!(bodies(&gm_seen), bodies(&ann_seen), "{label}");

        // Ann leaves at 25; the table goes on; she comes back from 25 and misses nothing.
        ann_ws.close().await;
        for _ in 0..7 {
            http.act(table, &created.gm, json!({"do": "roll", "notation": "1d4"}))
                .await;
        }
        let mut ann_ws = server.ws(table, &ann, 25).await;
        assert_eq!(ann_ws.hello().await.1, 32);
        let missed = ann_ws.records(7).await;
        assert_contiguous(&missed, 26, label);
        assert_eq!(missed, http.log(table, &ann, 25).await, "{label}");
        ann_ws.assert_silent(Duration::from_millis(150)).await;
        // Coming back up to date: nothing to catch up, then live again.
        let mut again = server.ws(table, &ann, 32).await;
        assert_eq!(again.hello().await.1, 32);
        again.assert_silent(Duration::from_millis(100)).await;
        http.act(table, &created.gm, json!({"do": "roll", "notation": "1d4"}))
            .await;
        assert_eq!(again.records(1).await[0]["seq"], 33, "{label}");
        assert_eq!(ann_ws.records(1).await[0]["seq"], 33, "{label}");
        assert_eq!(gm_ws.records(8).await.last().unwrap()["seq"], 33);
        server.stop().await;
    }
}

/// With `records=seq` every record comes as its seq alone, caught up and live, in order; a
/// `records` that is neither `whole` nor `seq` is refused by name.
#[tokio::test]
async fn a_client_may_ask_for_each_records_seq_alone() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let label = server.label;
        let http = server.http();
        let created = http.create("chi", "Brief").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        let connect = |records: &str| {
            let url = format!("{}&records={records}", server.ws_url(table, &ann, 0));
            within("a WebSocket connect", tokio_tungstenite::connect_async(url))
        };
        let mut brief = Ws {
            stream: connect("seq").await.unwrap().0,
        };
        // Created and joined: two records.
        assert_eq!(brief.hello().await, (json!({"player": 1}), 2), "{label}");
        assert_eq!(brief.next_json().await, json!({"type": "seq", "seq": 1}));
        assert_eq!(brief.next_json().await, json!({"type": "seq", "seq": 2}));
        http.act(table, &created.gm, json!({"do": "roll", "notation": "1d4"}))
            .await;
        assert_eq!(brief.next_json().await, json!({"type": "seq", "seq": 3}));
        // The default, said or not, is the whole record.
        let mut whole = Ws {
            stream: connect("whole").await.unwrap().0,
        };
        assert_eq!(whole.hello().await.1, 3);
        assert_eq!(whole.records(3).await, http.log(table, &ann, 0).await);
        match connect("all").await {
            Err(tungstenite::Error::Http(response)) => {
                assert_eq!(response.status().as_u16(), 400, "{label}");
                let body: Value =
                    serde_json::from_slice(response.body().as_deref().unwrap()).unwrap();
                assert_eq!(
                    body["error"]["message"], "records: \"all\" is not one of whole, seq",
                    "{label}"
                );
            }
            Err(e) => panic!("{label}: refused, but not as expected: {e}"),
            Ok(_) => panic!("{label}: records=all was let in"),
        }
        server.stop().await;
    }
}

/// A client that reads nothing while the table races ahead falls behind the table's buffer (8
/// records here); when it reads again it gets every record, in order, caught up from the log. The
/// GM's notes are 16 KB each for the GM: 6.4 MB in all, more than the socket's buffers hold (about
/// 4 MB on loopback), so the server's task for that client is held up and falls behind for certain.
#[tokio::test]
async fn a_slow_client_is_caught_up_from_the_log_never_dropped() {
    for db in databases().await {
        let server = Server::start(
            &db,
            Limits {
                client_lag: 8,
                catch_up_batch: 16,
                ..limits()
            },
        )
        .await;
        let label = server.label;
        let http = server.http();
        let created = http.create("loqi", "Slow").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        let mut slow = server.ws(table, &created.gm, 0).await;
        assert_eq!(slow.hello().await.1, 2);
        let mut prompt = server.ws(table, &ann, 2).await;
        assert_eq!(prompt.hello().await.1, 2);

        let notes = 400u64;
        let text = "\u{1f409}".repeat(4000); // 4000 characters, 16 000 bytes
        for i in 0..notes {
            let reply = http
                .act(table, &created.gm, json!({"do": "note", "text": text}))
                .await;
            assert_eq!(reply["seq"], 3 + i);
        }
        let last = 2 + notes;
        let (records, _) = prompt.records_until(last).await;
        assert_contiguous(&records, 3, label);

        let (records, raw) = slow.records_until(last).await;
        assert_contiguous(&records, 1, label);
        assert_eq!(records.len() as u64, last, "{label}");
        assert!(raw.len() > 6_000_000, "{label}: {} bytes", raw.len());
        assert!(
            records[2..]
                .iter()
                .all(|r| r["secret"]["body"]["text"] == text.as_str()),
            "{label}: every note whole"
        );
        slow.assert_silent(Duration::from_millis(100)).await;
        // And it is live again.
        http.act(table, &created.gm, json!({"do": "roll", "notation": "1d6"}))
            .await;
        assert_eq!(slow.records(1).await[0]["seq"], last + 1, "{label}");
        server.stop().await;
    }
}

#[tokio::test]
async fn bad_messages_are_answered_and_the_connection_stays() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let label = server.label;
        let http = server.http();
        let created = http.create("chi", "Bad messages").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        let mut ws = server.ws(table, &ann, 2).await;
        ws.hello().await;

        // (message sent, expected reply) — the reply's id echoes the message's where it reads.
        let cases: Vec<(Message, Value)> = vec![
            (
                Message::binary(b"{\"id\":1}".to_vec()),
                json!({"type": "error", "id": null, "error": {"kind": "bad_request", "message": "messages are JSON text frames"}}),
            ),
            (
                Message::text(r#"{"id": 2, "action": {"do": "new_round"}}"#),
                json!({"type": "error", "id": 2, "error": {"kind": "forbidden", "message": "only the GM may send this command"}}),
            ),
            (
                Message::text(r#"{"id": 3, "action": {"do": "note", "text": "mine"}}"#),
                json!({"type": "error", "id": 3, "error": {"kind": "forbidden", "message": "only the GM may write a GM note"}}),
            ),
            (
                Message::text(r#"{"id": "x", "action": {"no": "do"}}"#),
                json!({"type": "error", "id": "x", "error": {"kind": "refused", "message": "an action is a JSON object naming its move in its field do"}}),
            ),
            (
                Message::text(
                    r#"{"id": 5, "action": {"do": "roll", "notation": "1d6"}, "extra": 1}"#,
                ),
                json!({"type": "error", "id": null, "error": {"kind": "bad_request"}}),
            ),
            (
                Message::text("not json"),
                json!({"type": "error", "id": null, "error": {"kind": "bad_request"}}),
            ),
            (
                Message::text(r#"{"id": 7, "action": {"do": "fly"}}"#),
                json!({"type": "error", "id": 7, "error": {"kind": "refused"}}),
            ),
        ];
        for (message, expected) in cases {
            let sent = format!("{message:?}");
            within("a send", ws.stream.send(message)).await.unwrap();
            let reply = ws.next_json().await;
            assert_eq!(reply["type"], expected["type"], "{label}: {sent}: {reply}");
            assert_eq!(reply["id"], expected["id"], "{label}: {sent}: {reply}");
            assert_eq!(
                reply["error"]["kind"], expected["error"]["kind"],
                "{label}: {sent}: {reply}"
            );
            let message = reply["error"]["message"].as_str().unwrap();
            match expected["error"]["message"].as_str() {
                Some(want) => assert_eq!(message, want, "{label}: {sent}"),
                None => assert!(!message.is_empty(), "{label}: {sent}"),
            }
        }
        let unknown = {
            ws.send_action(8, &json!({"do": "fly"})).await;
            ws.next_json().await
        };
        assert_eq!(
            unknown["error"]["message"], "Chi has no move called “fly”",
            "{unknown}"
        );
        assert_eq!(unknown["error"]["code"], "unknown_command", "{unknown}");
        // Nothing was recorded, and the connection still takes actions.
        ws.send_action(9, &json!({"do": "roll", "notation": "1d6"}))
            .await;
        let (ack, _) = ack_and_record(&mut ws, 9, 3).await;
        assert_eq!(ack["seq"], 3, "{label}");
        server.stop().await;
    }
}

#[tokio::test]
async fn a_message_too_large_or_not_utf8_closes_only_its_connection() {
    for db in databases().await {
        let server = Server::start(
            &db,
            Limits {
                max_message: 1024,
                ..limits()
            },
        )
        .await;
        let label = server.label;
        let http = server.http();
        let created = http.create("chi", "Big").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        let mut gm = server.ws(table, &created.gm, 2).await;
        gm.hello().await;

        // Too large: that connection is closed.
        let mut big = server.ws(table, &ann, 2).await;
        big.hello().await;
        let label_text = "x".repeat(2000);
        let _ = within(
            "a send",
            big.stream.send(Message::text(
                json!({"id": 1, "action": {"do": "roll", "notation": "1d6", "label": label_text}})
                    .to_string(),
            )),
        )
        .await;
        big.assert_closed().await;

        // Not UTF-8 in a text frame (sent raw: tungstenite would not build such a message).
        let mut bad = server.ws(table, &ann, 2).await;
        bad.hello().await;
        let frame = Frame::message(vec![b'{', 0xff, 0xfe, b'}'], OpCode::Data(Data::Text), true);
        let _ = within("a send", bad.stream.send(Message::Frame(frame))).await;
        bad.assert_closed().await;

        // The others go on: the GM's socket acts, Ann connects again, nothing was recorded.
        gm.send_action(1, &json!({"do": "roll", "notation": "1d6"}))
            .await;
        let (ack, _) = ack_and_record(&mut gm, 1, 3).await;
        assert_eq!(ack["seq"], 3, "{label}");
        let mut ann_ws = server.ws(table, &ann, 2).await;
        assert_eq!(ann_ws.hello().await.1, 3);
        assert_eq!(ann_ws.records(1).await[0]["seq"], 3);
        server.stop().await;
    }
}

/// A GET with extra headers, on a connection of its own: (status, body).
async fn get_with(server: &Server, path: &str, headers: &[(&str, &str)]) -> (u16, Value) {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .no_proxy()
        .timeout(common::WAIT)
        .build()
        .unwrap();
    let mut request = client.get(format!("{}{path}", server.base));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = within("a GET", request.send()).await.unwrap();
    let status = response.status().as_u16();
    let text = within("a body", response.text()).await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn address_refusal(burst: u32) -> Value {
    json!({"error": {"kind": "limit", "message": format!("too fast: at most 1 request per second from one address (bursts of {burst})")}})
}

/// The attack: one client opening a new connection per request. The rate is the client
/// address's, whatever the connection: past its burst every request is refused until the rate
/// allows one again.
#[tokio::test]
async fn a_client_opening_a_connection_per_request_is_held_to_its_address_rate() {
    let db = common::sqlite();
    let server = Server::start(
        &db,
        Limits {
            address_per_second: 1,
            address_burst: 5,
            ..limits()
        },
    )
    .await;
    let fresh = server.http_fresh();
    let mut statuses = Vec::new();
    for _ in 0..30 {
        statuses.push(fresh.get("/api/health", None).await.status);
    }
    assert_eq!(statuses[..5], [200; 5]);
    assert_eq!(statuses[5..], [429; 25]);
    let refused = fresh.get("/api/health", None).await;
    assert_eq!(refused.json(), address_refusal(5));
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(fresh.get("/api/health", None).await.status, 200);
    server.stop().await;
}

/// X-Forwarded-For names the client only when the request comes from the trusted proxy; from
/// anyone else (or with no proxy configured) it is ignored and the peer is the client.
#[tokio::test]
async fn forwarded_for_is_believed_from_the_trusted_proxy_only() {
    for (proxy, believed) in [(None, false), (Some("127.0.0.1"), true)] {
        let db = common::sqlite();
        let server = Server::start(
            &db,
            Limits {
                address_per_second: 1,
                address_burst: 2,
                trusted_proxy: proxy.map(|p| p.parse().unwrap()),
                ..limits()
            },
        )
        .await;
        let one = [("x-forwarded-for", "198.51.100.7, 203.0.113.1")];
        let other = [("x-forwarded-for", "203.0.113.2")];
        assert_eq!(get_with(&server, "/api/health", &one).await.0, 200);
        assert_eq!(get_with(&server, "/api/health", &one).await.0, 200);
        let (status, body) = get_with(&server, "/api/health", &one).await;
        assert_eq!((status, body), (429, address_refusal(2)), "{proxy:?}");
        // Another client behind the proxy has its own rate; without a trusted proxy, the header
        // changes nothing.
        let status = get_with(&server, "/api/health", &other).await.0;
        assert_eq!(status, if believed { 200 } else { 429 }, "{proxy:?}");
        server.stop().await;
    }
}

/// A seat's rate of actions is one for all its connections: WebSocket actions and HTTP actions
/// with its token share it; its reads are counted apart (the page keeps reading while its
/// player acts); another seat is not held back.
#[tokio::test]
async fn a_seat_past_its_rate_is_refused_on_every_connection_then_allowed_again() {
    for db in databases().await {
        let server = Server::start(
            &db,
            Limits {
                actions_per_second: 1,
                action_burst: 3,
                reads_per_second: 1,
                read_burst: 3,
                ..limits()
            },
        )
        .await;
        let label = server.label;
        let http = server.http_fresh();
        let created = http.create("chi", "Rate").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        // The GM's seat: the upgrade is a read; three actions, then the fourth is refused.
        let mut ws = server.ws(table, &created.gm, 2).await;
        ws.hello().await;
        let roll = json!({"do": "roll", "notation": "1d6"});
        let mut records = Vec::new();
        for id in 1..=3 {
            assert_eq!(ws.act(id, &roll, &mut records).await["type"], "ack");
        }
        let refused = ws.act(4, &roll, &mut records).await;
        let seat_refusal = json!({"kind": "limit", "message": "too fast: at most 1 action per second from one seat (bursts of 3)"});
        assert_eq!(refused["type"], "error", "{label}: {refused}");
        assert_eq!(refused["error"], seat_refusal, "{label}");
        // The same seat's action over HTTP, on a new connection: refused too.
        let actions = format!("/api/tables/{table}/actions");
        let reply = http.post(&actions, Some(&created.gm), &roll).await;
        common::assert_refused(
            &reply,
            429,
            "limit",
            seat_refusal["message"].as_str().unwrap(),
            label,
        );
        // Its reads are counted apart: two more reads pass (the upgrade took one of three),
        // the third is refused in its own words.
        let path = format!("/api/tables/{table}");
        for _ in 0..2 {
            assert_eq!(
                http.get(&path, Some(&created.gm)).await.status,
                200,
                "{label}"
            );
        }
        common::assert_refused(
            &http.get(&path, Some(&created.gm)).await,
            429,
            "limit",
            "too fast: at most 1 request per second from one seat (bursts of 3)",
            label,
        );
        // Ann's seat has its own.
        assert_eq!(
            http.post(&actions, Some(&ann), &roll).await.status,
            200,
            "{label}"
        );
        tokio::time::sleep(Duration::from_millis(1100)).await;
        let ack = ws.act(5, &roll, &mut records).await;
        assert_eq!(ack["type"], "ack", "{label}: {ack}");
        assert_eq!(ack["seq"], 7, "{label}: the refused ones recorded nothing");
        server.stop().await;
    }
}

/// Asserts a WebSocket connect is refused with 429 and `message`.
async fn assert_ws_refused(server: &Server, table: &str, token: &str, message: &str) {
    match server.try_ws(table, token, 0).await {
        Err(tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 429, "{}", server.label);
            let body: Value = serde_json::from_slice(response.body().as_deref().unwrap()).unwrap();
            assert_eq!(
                body,
                json!({"error": {"kind": "limit", "message": message}}),
                "{}",
                server.label
            );
        }
        Err(e) => panic!("{}: refused, but not as expected: {e}", server.label),
        Ok(_) => panic!("{}: a client past the bound was let in", server.label),
    }
}

const SEAT_FULL_4: &str = "this seat has 4 connections open, the most one seat may \
                           have; close one (another tab or device) first";

/// The attack: a player's token opens as many WebSockets as it can. It gets its seat's few, and
/// the GM still connects.
#[tokio::test]
async fn a_player_cannot_lock_the_gm_out_of_the_table() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let label = server.label;
        let http = server.http();
        let created = http.create("chi", "Crowd").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        let mut open = Vec::new();
        let mut refused = 0;
        for _ in 0..64 {
            match server.try_ws(table, &ann, 0).await {
                Ok(ws) => open.push(ws),
                Err(tungstenite::Error::Http(response)) if response.status() == 429 => {
                    refused += 1;
                }
                Err(e) => panic!("{label}: {e}"),
            }
        }
        assert_eq!((open.len(), refused), (4, 60), "{label}");
        assert_ws_refused(&server, table, &ann, SEAT_FULL_4).await;
        let mut gm = server.ws(table, &created.gm, 2).await;
        assert_eq!(gm.hello().await.0, "gm", "{label}");
        server.stop().await;
    }
}

/// The players together never take the places kept for the GM; a place given back is taken again.
#[tokio::test]
async fn the_players_together_leave_the_gms_places_free() {
    for db in databases().await {
        let server = Server::start(
            &db,
            Limits {
                max_clients_per_table: 6,
                sockets_per_seat: 2,
                ..limits()
            },
        )
        .await;
        let label = server.label;
        let http = server.http();
        let created = http.create("chi", "Crowd").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        let (_, bob) = http.join(&created, "Bob").await;
        let (_, cy) = http.join(&created, "Cy").await;
        let mut anns = vec![
            server.ws(table, &ann, 0).await,
            server.ws(table, &ann, 0).await,
        ];
        let _bobs = [
            server.ws(table, &bob, 0).await,
            server.ws(table, &bob, 0).await,
        ];
        assert_ws_refused(
            &server,
            table,
            &cy,
            "the players of this table have 4 connections open, the most they may \
             have (2 more are kept for the GM)",
        )
        .await;
        let mut gm = server.ws(table, &created.gm, 4).await;
        gm.hello().await;
        let _gm2 = server.ws(table, &created.gm, 4).await;
        assert_ws_refused(
            &server,
            table,
            &created.gm,
            "this seat has 2 connections open, the most one seat may have; close one \
             (another tab or device) first",
        )
        .await;
        // Ann leaves one: Cy takes the place.
        anns.pop().unwrap().close().await;
        let mut cys = within("room for Cy", async {
            loop {
                if let Ok(ws) = server.try_ws(table, &cy, 4).await {
                    return ws;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await;
        cys.hello().await;
        http.act(table, &created.gm, json!({"do": "roll", "notation": "1d6"}))
            .await;
        assert_eq!(gm.records(1).await[0]["seq"], 5, "{label}");
        assert_eq!(cys.records(1).await[0]["seq"], 5, "{label}");
        server.stop().await;
    }
}

#[tokio::test]
async fn stopping_the_server_closes_the_sockets_and_keeps_every_commit() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let http = server.http();
        let created = http.create("chi", "Stop").await;
        let table = created.table.clone();
        let mut ws = server.ws(&table, &created.gm, 1).await;
        ws.hello().await;
        let mut records = Vec::new();
        for id in 0..5 {
            let ack = ws
                .act(id, &json!({"do": "roll", "notation": "1d6"}), &mut records)
                .await;
            assert_eq!(ack["type"], "ack");
        }
        server.stop().await;
        // Closed with 1012 "server restarting" as a rule; the table's task may end first, and
        // then the socket just closes.
        let code = ws.assert_closed().await;
        assert!(matches!(code, Some(1012) | None), "{code:?}");
        let server = Server::start(&db, limits()).await;
        assert_eq!(server.http().last_seq(&table, &created.gm).await, 6);
        server.stop().await;
    }
}
