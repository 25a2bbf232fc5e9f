//! What the server refuses, on both back ends: actions not the sender's to do, tokens that are
//! not a seat at this table, bodies too large or malformed, bounds on tables; and secrets (a GM's
//! secret roll and note, a Chi allocation, the server's seed) that never reach anyone else through
//! any route. After every refusal the server keeps serving and nothing was recorded. Every test
//! also reads the server's log: it has a line per request, and no token or invite is in it.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::{Created, Http, Log, Reply, Server, assert_refused, databases, limits};
use serde_json::{Value, json};
use skald_server::Limits;
use skald_testkit::sheets::{DIRK, RAGNAR};
use tokio_tungstenite::tungstenite;

const BAD_INVITE: &str = "this is not an invite of this table: ask the GM for a new invite link";
const UNAUTHORIZED: &str =
    "a valid token for this table is required (Authorization: Bearer TOKEN, or ?token=)";

/// A Chi table with Ann (Ragnar) and Bob (Dirk) seated.
struct Chi {
    created: Created,
    ann: String,
    bob: String,
}

async fn chi_table(http: &Http, title: &str) -> Chi {
    let created = http.create("chi", title).await;
    let (_, ann) = http.join(&created, "Ann").await;
    let (_, bob) = http.join(&created, "Bob").await;
    http.act(
        &created.table,
        &ann,
        json!({"do": "enroll", "character": {"line": RAGNAR}}),
    )
    .await;
    http.act(
        &created.table,
        &bob,
        json!({"do": "enroll", "character": {"line": DIRK}}),
    )
    .await;
    Chi { created, ann, bob }
}

#[tokio::test]
async fn actions_not_the_senders_are_refused_and_record_nothing() {
    let log = Log::capture();
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let label = server.label;
        let http = server.http();
        let Chi { created, ann, bob } = chi_table(&http, "Authority").await;
        let table = &created.table;
        let gm = &created.gm;
        let secret = http
            .act(
                table,
                gm,
                json!({"do": "secret_roll_dice", "notation": "1d20"}),
            )
            .await["seq"]
            .as_u64()
            .unwrap(); // 6
        let ragnar_acts = json!({"do": "action", "who": "Ragnar", "spend": 1, "difficulty": 1});
        // (sender, action, status, kind, message; a message ending in ... is a prefix)
        let cases: Vec<(&str, Value, u16, &str, String)> = vec![
            (
                "ann",
                json!({"do": "new_round"}),
                403,
                "forbidden",
                "only the GM may send this command".into(),
            ),
            (
                "ann",
                json!({"do": "note", "text": "mine"}),
                403,
                "forbidden",
                "only the GM may write a GM note".into(),
            ),
            (
                "ann",
                json!({"do": "end_epoch"}),
                403,
                "forbidden",
                "only the GM may end an epoch".into(),
            ),
            (
                "ann",
                json!({"do": "undo"}),
                403,
                "forbidden",
                "only the GM may undo".into(),
            ),
            (
                "ann",
                json!({"do": "secret_roll_dice", "notation": "1d6"}),
                403,
                "forbidden",
                "only the GM may roll in secret".into(),
            ),
            (
                "ann",
                json!({"do": "reveal_roll", "of": secret}),
                403,
                "forbidden",
                "only the GM may reveal a secret roll".into(),
            ),
            (
                "ann",
                json!({"do": "lose", "who": "Ragnar", "amount": 1, "cause": "injury"}),
                403,
                "forbidden",
                "only the GM may send this command".into(),
            ),
            (
                "bob",
                ragnar_acts.clone(),
                403,
                "forbidden",
                "\"Ragnar\" is not your character: only its player or the GM may command it".into(),
            ),
            (
                "bob",
                json!({"do": "secret_reveal", "who": "Ragnar"}),
                403,
                "forbidden",
                "\"Ragnar\" is not your character: only its player or the GM may command it".into(),
            ),
            (
                "gm",
                json!({"do": "fly"}),
                422,
                "refused",
                "Chi has no move called “fly”".into(),
            ),
            (
                "gm",
                json!({"no": "do"}),
                422,
                "refused",
                "an action is a JSON object naming its move in its field do".into(),
            ),
            (
                "gm",
                json!([1, 2]),
                422,
                "refused",
                "an action is a JSON object naming its move in its field do".into(),
            ),
            (
                "gm",
                json!({"do": "roll"}),
                422,
                "refused",
                "Dice is empty: fill it in".into(),
            ),
            (
                "gm",
                json!({"do": "roll", "notation": "1d"}),
                422,
                "refused",
                "the dice notation does not roll:\n1d\n  ^\n...".into(),
            ),
            (
                "gm",
                json!({"do": "note", "text": ""}),
                422,
                "refused",
                "The note is empty: fill it in".into(),
            ),
            (
                "gm",
                json!({"do": "reveal_roll", "of": 2}),
                422,
                "refused",
                "record 2 is not a secret roll still hidden".into(),
            ),
            (
                "gm",
                json!({"do": "allocate", "who": "Ragnar", "spend": 1}),
                422,
                "refused",
                "...".into(),
            ),
        ];
        for (who, action, status, kind, message) in &cases {
            let token = match *who {
                "ann" => &ann,
                "bob" => &bob,
                _ => gm,
            };
            let reply = http.try_act(table, token, action).await;
            assert_refused(
                &reply,
                *status,
                kind,
                message,
                &format!("{label}: {who} {action}"),
            );
        }
        assert_eq!(
            http.last_seq(table, gm).await,
            secret,
            "{label}: nothing recorded"
        );
        // The server goes on; the rightful senders may.
        http.act(table, &ann, ragnar_acts).await;
        http.act(table, gm, json!({"do": "new_round"})).await;
        assert_eq!(http.last_seq(table, gm).await, secret + 2);
        server.stop().await;
    }
    log.assert_no_token();
}

#[tokio::test]
async fn only_a_seat_at_this_table_opens_its_routes() {
    let log = Log::capture();
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let label = server.label;
        let http = server.http();
        let created = http.create("loqi", "Tokens").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        let other = http.create("loqi", "Another").await;
        let forged = "A".repeat(43);
        let long = "A".repeat(65);
        let bad_tokens: [(&str, Option<&str>); 6] = [
            ("no token", None),
            ("a forged token", Some(&forged)),
            ("an overlong token", Some(&long)),
            ("the invite", Some(&created.invite)),
            ("another table's GM token", Some(&other.gm)),
            ("an empty token", Some("")),
        ];
        let roll = json!({"do": "roll", "notation": "1d6"})
            .to_string()
            .into_bytes();
        for (what, token) in bad_tokens {
            let what = format!("{label}: {what}");
            let routes: Vec<Reply> = vec![
                http.get(&format!("/api/tables/{table}"), token).await,
                http.get(&format!("/api/tables/{table}/log"), token).await,
                http.get(&format!("/api/tables/{table}/export?format=md"), token)
                    .await,
                http.get(&format!("/api/tables/{table}/moves"), token).await,
                http.post_bytes(&format!("/api/tables/{table}/actions"), token, roll.clone())
                    .await,
                http.post_bytes(&format!("/api/tables/{table}/odds"), token, roll.clone())
                    .await,
            ];
            for reply in routes {
                assert_refused(&reply, 401, "unauthorized", UNAUTHORIZED, &what);
                assert!(!reply.text.contains(&created.gm), "{what}");
            }
            // The same token in the query.
            if let Some(token) = token {
                let reply = http
                    .get(&format!("/api/tables/{table}?token={token}"), None)
                    .await;
                assert_refused(&reply, 401, "unauthorized", UNAUTHORIZED, &what);
            }
            match server.try_ws(table, token.unwrap_or(""), 0).await {
                Err(tungstenite::Error::Http(response)) => {
                    assert_eq!(response.status().as_u16(), 401, "{what}");
                }
                Err(e) => panic!("{what}: {e}"),
                Ok(_) => panic!("{what}: the WebSocket let it in"),
            }
        }
        // Joining needs the invite itself.
        for (invite, status, kind, message) in [
            (forged.as_str(), 401, "unauthorized", BAD_INVITE),
            (
                created.gm.as_str(),
                400,
                "bad_request",
                "this is the link to a seat, not the table's invite: ask the GM for an invite link",
            ),
            (
                ann.as_str(),
                400,
                "bad_request",
                "this is the link to a seat, not the table's invite: ask the GM for an invite link",
            ),
            (other.invite.as_str(), 401, "unauthorized", BAD_INVITE),
        ] {
            let reply = http
                .post(
                    &format!("/api/tables/{table}/join"),
                    None,
                    &json!({"invite": invite, "name": "Mallory"}),
                )
                .await;
            assert_refused(&reply, status, kind, message, label);
        }
        // A table that does not exist.
        let reply = http.get("/api/tables/nope", Some(&created.gm)).await;
        assert_refused(&reply, 404, "not_found", "no table \"nope\"", label);
        // A token sent where the table id goes is not echoed (nor logged).
        let reply = http
            .get(&format!("/api/tables/{}", created.gm), Some(&created.gm))
            .await;
        assert_refused(
            &reply,
            404,
            "not_found",
            "no table with this id (a table id has 16 characters)",
            label,
        );
        assert!(!reply.text.contains(&created.gm), "{label}: {}", reply.text);
        let reply = http
            .get(
                &format!("/api/tables/{}", "x".repeat(65)),
                Some(&created.gm),
            )
            .await;
        assert_eq!(reply.status, 404, "{label}");

        // Nothing was recorded; the right tokens still work.
        assert_eq!(http.last_seq(table, &ann).await, 2, "{label}");
        assert_eq!(
            http.summary(table, &ann).await["players"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
        assert_eq!(http.summary(&other.table, &other.gm).await["you"], "gm");
        server.stop().await;
    }
    log.assert_no_token();
}

#[tokio::test]
async fn bodies_too_large_or_malformed_are_refused_and_the_server_goes_on() {
    let log = Log::capture();
    for db in databases().await {
        let server = Server::start(
            &db,
            Limits {
                max_body: 2048,
                ..limits()
            },
        )
        .await;
        let label = server.label;
        let http = server.http();
        let created = http.create("twenty", "Bodies").await;
        let table = &created.table;
        let actions = format!("/api/tables/{table}/actions");
        let gm = Some(created.gm.as_str());

        let big_note = json!({"do": "note", "text": "x".repeat(4000)}).to_string();
        assert!(big_note.len() > 2048);
        let reply = http.post_bytes(&actions, gm, big_note.into_bytes()).await;
        let too_large = "the request is larger than 2048 bytes, the most a request may carry";
        assert_refused(&reply, 413, "limit", too_large, label);
        let reply = http.post_bytes("/api/tables", None, vec![b' '; 5000]).await;
        assert_refused(&reply, 413, "limit", too_large, label);
        // A route the GM alone may use refuses a player as such before it reads the body.
        let seats = http.create("chi", "Seats").await;
        let (_, ann) = http.join(&seats, "Ann").await;
        let reply = http
            .post_bytes(
                &format!("/api/tables/{}/seat-link", seats.table),
                Some(&ann),
                b"not json".to_vec(),
            )
            .await;
        assert_refused(
            &reply,
            403,
            "forbidden",
            "only the GM may make a new link...",
            label,
        );

        // (body, status, kind, message start)
        let cases: Vec<(&str, Vec<u8>, u16, &str, &str)> = vec![
            (
                "truncated JSON",
                b"{\"do\": ".to_vec(),
                400,
                "bad_request",
                "the request's body ends before its JSON does",
            ),
            (
                "not JSON",
                b"roll 1d6".to_vec(),
                400,
                "bad_request",
                "the request's body is not JSON (line 1, column 1)",
            ),
            (
                "empty",
                Vec::new(),
                400,
                "bad_request",
                "the request's body ends before its JSON does",
            ),
            (
                "invalid UTF-8",
                b"{\"do\": \"roll\", \"notation\": \"1d6\", \"label\": \"\xff\xfe\"}".to_vec(),
                400,
                "bad_request",
                "the request's body is not JSON (line 1, column ",
            ),
            (
                "an unknown do",
                br#"{"do": "dance"}"#.to_vec(),
                422,
                "refused",
                "Twenty has no move called “dance”",
            ),
            (
                "a table action with a stray field",
                br#"{"do": "roll", "notation": "1d6", "sneaky": true}"#.to_vec(),
                422,
                "refused",
                "“Roll dice” takes no blank called “sneaky”",
            ),
        ];
        for (what, body, status, kind, start) in cases {
            let reply = http.post_bytes(&actions, gm, body).await;
            assert_refused(
                &reply,
                status,
                kind,
                &format!("{start}..."),
                &format!("{label}: {what}"),
            );
        }
        // The systems it plays are the registry's, named in its order.
        let unknown = format!(
            "the system \"poker\" is not one Skald plays ({})...",
            skald_systems::REGISTRY.names_listed()
        );
        for (what, body, status, kind, message) in [
            (
                "an unknown system",
                json!({"system": "poker", "title": "x"}),
                422,
                "refused",
                unknown.as_str(),
            ),
            (
                "an empty title",
                json!({"system": "chi", "title": " "}),
                422,
                "refused",
                "Title is empty: fill it in",
            ),
            (
                "a stray field",
                json!({"system": "chi", "title": "x", "gm": "me"}),
                400,
                "bad_request",
                "the request takes no field called “gm”",
            ),
            (
                "bad options",
                json!({"system": "chi", "title": "x", "options": {"tie": "coin"}}),
                422,
                "refused",
                "the table's options do not fit Chi: the option “Ties on an action (C3)” is \"coin\", but it must be one of “a tie fails” or “a tie is rolled again”",
            ),
        ] {
            let reply = http.post("/api/tables", None, &body).await;
            assert_refused(&reply, status, kind, message, &format!("{label}: {what}"));
        }
        let reply = http
            .post(
                &format!("/api/tables/{table}/join"),
                None,
                &json!({"invite": created.invite, "name": "x".repeat(61)}),
            )
            .await;
        assert_refused(
            &reply,
            422,
            "refused",
            "name must be 1 to 60 characters long, not 61",
            label,
        );

        // Still serving, nothing recorded, and no table was made by the refused creates.
        assert_eq!(http.last_seq(table, &created.gm).await, 1, "{label}");
        http.act(table, &created.gm, json!({"do": "roll", "notation": "1d6"}))
            .await;
        assert_eq!(http.last_seq(table, &created.gm).await, 2, "{label}");
        server.stop().await;
    }
    log.assert_no_token();
}

/// The cap counts live tables: a server full of tables stays full only while they are active.
/// Quiet ones are archived out of the cap (also across a restart), stay exportable by their seats,
/// and their GM's token restores them, even with the server at its cap.
#[tokio::test]
async fn a_server_holds_at_most_its_live_tables_and_quiet_ones_are_archived_out() {
    let log = Log::capture();
    const QUIET: std::time::Duration = std::time::Duration::from_secs(3);
    let full_message = "this server holds 2 live tables at most (a table is archived out \
                        of them after 3 seconds without activity, or 24 hours after its creation if \
                        nobody joined it); try again later";
    for db in databases().await {
        let few = Limits {
            max_tables: 2,
            archive_after: QUIET,
            ..limits()
        };
        let server = Server::start(&db, few.clone()).await;
        let label = server.label;
        let http = server.http();
        let first = http.create("chi", "One").await;
        let (_, ann) = http.join(&first, "Ann").await;
        // A refused create does not use up room.
        let reply = http
            .post(
                "/api/tables",
                None,
                &json!({"system": "poker", "title": "x"}),
            )
            .await;
        assert_eq!(reply.status, 422);
        http.create("loqi", "Two").await;
        let started = std::time::Instant::now();
        let full = json!({"system": "twenty", "title": "Three"});
        let reply = http.post("/api/tables", None, &full).await;
        assert_refused(&reply, 429, "limit", full_message, label);
        // Existing tables still serve; and a restart does not empty a full server of live tables.
        http.act(
            &first.table,
            &first.gm,
            json!({"do": "roll", "notation": "1d6"}),
        )
        .await;
        server.stop().await;
        let server = Server::start(&db, few.clone()).await;
        let http = server.http();
        let reply = http.post("/api/tables", None, &full).await;
        assert_refused(&reply, 429, "limit", full_message, label);
        server.stop().await;
        assert!(
            started.elapsed() < QUIET,
            "{label}: too slow to test the cap before the tables went quiet"
        );

        // Both go quiet: archived out of the cap, across a restart too.
        tokio::time::sleep(QUIET + std::time::Duration::from_millis(200)).await;
        let server = Server::start(&db, few.clone()).await;
        let http = server.http();
        http.create("twenty", "Three").await;
        http.create("freelancer", "Four").await;
        let reply = http.post("/api/tables", None, &full).await;
        assert_refused(&reply, 429, "limit", full_message, label);

        // An archived table's seats still read and export it ...
        let export = http
            .get(&format!("/api/tables/{}/export", first.table), Some(&ann))
            .await
            .expect(200);
        assert_eq!(export["records"].as_array().unwrap().len(), 3, "{label}");
        let store = skald_store::Store::open(&db.url).await.unwrap();
        let quiet_since = store.load(&first.table).await.unwrap().unwrap().active_ms;
        // ... and its GM's link restores it, with the server at its cap.
        let restored_at = skald_server::actor::now_ms();
        let summary = http.summary(&first.table, &first.gm).await;
        assert_eq!(summary["seq"], 3, "{label}");
        let active = store.load(&first.table).await.unwrap().unwrap().active_ms;
        assert!(
            active >= restored_at && active > quiet_since,
            "{label}: {active} < {restored_at}"
        );
        assert_eq!(
            store.live_table_count(restored_at - 1).await.unwrap(),
            1,
            "{label}: the restored table is live again"
        );
        store.close().await;
        http.act(
            &first.table,
            &first.gm,
            json!({"do": "roll", "notation": "1d6"}),
        )
        .await;
        server.stop().await;
    }
    log.assert_no_token();
}

/// Everything one reader receives about a table, through every route, as one text.
async fn everything_seen(server: &Server, http: &Http, table: &str, token: &str) -> String {
    let mut seen = String::new();
    let get = |path: String| async move { http.get(&path, Some(token)).await };
    for path in [
        format!("/api/tables/{table}"),
        format!("/api/tables/{table}/log"),
        format!("/api/tables/{table}/log?after=3&limit=2"),
        format!("/api/tables/{table}/export"),
        format!("/api/tables/{table}/export?format=md"),
        format!("/api/tables/{table}/export?format=html"),
        format!("/api/tables/{table}/moves"),
    ] {
        let reply = get(path.clone()).await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.text);
        seen.push_str(&reply.text);
    }
    let last = http.last_seq(table, token).await;
    let mut ws = server.ws(table, token, 0).await;
    let hello = ws.next_text().await;
    seen.push_str(&hello);
    let (_, raw) = ws.records_until(last).await;
    seen.push_str(&raw);
    ws.close().await;
    seen
}

/// Asserts none of `secrets` is in `seen`, naming which one leaked.
fn assert_hidden(seen: &str, secrets: &[&str], what: &str) {
    for secret in secrets {
        assert!(!seen.contains(secret), "{what}: {secret:?} leaked");
    }
}

#[tokio::test]
async fn secrets_reach_only_their_audience_through_every_route() {
    let log = Log::capture();
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let label = server.label;
        let http = server.http();
        let Chi { created, ann, bob } = chi_table(&http, "Secrets").await;
        let table = &created.table;
        let gm = &created.gm;

        // The GM's secret roll, whose contents the GM sees at once.
        let made = http
            .act(
                table,
                gm,
                json!({"do": "secret_roll_dice", "notation": "7d13kh6+5", "label": "dragon-ambush-label"}),
            )
            .await;
        let secret_seq = made["seq"].as_u64().unwrap();
        let contents = &made["records"][0]["secret"]["body"]["contents"];
        assert_eq!(contents["label"], "dragon-ambush-label", "{made}");
        let nonce = contents["nonce"].as_str().unwrap().to_owned();
        let roll_text = contents["text"].as_str().unwrap().to_owned();
        assert_eq!(nonce.len(), 64);
        // A GM note.
        http.act(
            table,
            gm,
            json!({"do": "note", "text": "innkeeper-is-a-vampire"}),
        )
        .await;
        // Whispers: Ann's to the GM and the GM's to Ann are theirs; Bob's to the GM is his and
        // the GM's. Words said aloud are everyone's.
        for (token, action) in [
            (
                &ann,
                json!({"do": "say", "text": "whisper-ann-to-gm", "to": "gm"}),
            ),
            (
                gm,
                json!({"do": "say", "text": "whisper-gm-to-ann", "to": 1, "as": null}),
            ),
            (
                &bob,
                json!({"do": "say", "text": "whisper-bob-to-gm", "to": "gm", "as": "Capt. Dirk Rednova"}),
            ),
            (
                &ann,
                json!({"do": "say", "text": "said-aloud-by-ann", "as": "Ragnar"}),
            ),
        ] {
            http.act(table, token, action).await;
        }
        // Ann's allocation in a secret round: hers alone, not even the GM's.
        http.act(
            table,
            gm,
            json!({"do": "secret_open", "opposed": [{"actor": {"who": "Ragnar"}, "defender": {"who": "Capt. Dirk Rednova"}}]}),
        )
        .await;
        let allocated = http
            .act(
                table,
                &ann,
                json!({"do": "allocate", "who": "Ragnar", "spend": 4}),
            )
            .await;
        let allocation_seq = allocated["seq"].as_u64().unwrap();
        let allocation = &allocated["records"][0]["secret"];
        assert_eq!(allocation["audience"], json!({"player": 1}), "{allocated}");
        assert_eq!(allocation["body"]["spend"], 4);
        let salt = allocation["body"]["salt"].as_str().unwrap().to_owned();
        assert_eq!(salt.len(), 32);

        // Refused attempts to reach the secrets; their messages go to the players who sent them.
        let mut refusals = String::new();
        for (token, action) in [
            (&ann, json!({"do": "reveal_roll", "of": secret_seq})),
            (&bob, json!({"do": "reveal_roll", "of": secret_seq})),
            (&bob, json!({"do": "secret_reveal", "who": "Ragnar"})),
            (&bob, json!({"do": "allocate", "who": "Ragnar", "spend": 1})),
            (
                &bob,
                json!({"do": "secret_reveal", "who": "Capt. Dirk Rednova"}),
            ),
            (&ann, json!({"do": "undo"})),
        ] {
            let reply = http.try_act(table, token, &action).await;
            assert!(
                reply.status == 403 || reply.status == 422,
                "{action}: {}",
                reply.text
            );
            refusals.push_str(&reply.text);
        }
        let mut ws_refusal = server.ws(table, &bob, 100).await;
        ws_refusal.hello().await;
        let mut records = Vec::new();
        let reply = ws_refusal
            .act(
                1,
                &json!({"do": "reveal_roll", "of": secret_seq}),
                &mut records,
            )
            .await;
        assert_eq!(reply["error"]["kind"], "forbidden");
        refusals.push_str(&reply.to_string());
        ws_refusal.close().await;

        let roll_secrets = [
            "dragon-ambush-label",
            // Not only hex digits, which the log's hashes and nonces are full of ("7d13" alone
            // turned up in one by chance).
            "7d13kh6",
            nonce.as_str(),
            roll_text.as_str(),
        ];
        let note_secrets = ["innkeeper-is-a-vampire"];
        let allocation_secrets = [salt.as_str(), "puts in 4", "\"spend\":4"];

        let seen_ann = everything_seen(&server, &http, table, &ann).await;
        let seen_bob = everything_seen(&server, &http, table, &bob).await + &refusals;
        let seen_gm = everything_seen(&server, &http, table, gm).await;
        for (who, seen) in [("Ann", &seen_ann), ("Bob", &seen_bob)] {
            let what = format!("{label}: {who}");
            assert_hidden(seen, &roll_secrets, &what);
            assert_hidden(seen, &note_secrets, &what);
        }
        assert_hidden(&seen_bob, &allocation_secrets, &format!("{label}: Bob"));
        assert_hidden(
            &seen_bob,
            &["whisper-ann-to-gm", "whisper-gm-to-ann"],
            &format!("{label}: Bob"),
        );
        assert_hidden(&seen_ann, &["whisper-bob-to-gm"], &format!("{label}: Ann"));
        for (who, seen, heard) in [
            (
                "the GM",
                &seen_gm,
                &[
                    "whisper-ann-to-gm",
                    "whisper-gm-to-ann",
                    "whisper-bob-to-gm",
                ][..],
            ),
            (
                "Ann",
                &seen_ann,
                &["whisper-ann-to-gm", "whisper-gm-to-ann"][..],
            ),
            ("Bob", &seen_bob, &["whisper-bob-to-gm"][..]),
        ] {
            for words in heard.iter().chain(&["said-aloud-by-ann"]) {
                assert!(seen.contains(words), "{label}: {who} misses {words:?}");
            }
        }
        assert_hidden(&seen_gm, &allocation_secrets, &format!("{label}: the GM"));
        // The audience does see its secrets (so the searches above would find them).
        for secret in roll_secrets.iter().chain(&note_secrets) {
            assert!(
                seen_gm.contains(secret),
                "{label}: the GM misses {secret:?}"
            );
        }
        assert!(
            seen_ann.contains(&salt) && seen_ann.contains("puts in 4"),
            "{label}"
        );
        // The allocation's record as the others see it: a commitment and nothing more.
        for token in [gm, &bob] {
            let record = &http.log(table, token, allocation_seq - 1).await[0];
            assert!(record.get("secret").is_none(), "{record}");
            assert!(!record.to_string().contains("spend"), "{record}");
        }

        // The server's seed: nobody's until the epoch ends; then everyone's, and it was in no
        // byte anyone received before.
        // The secret roll is still hidden: the GM reveals it with the end of the epoch.
        let ended = http
            .act(table, gm, json!({"do": "end_epoch", "reveal_hidden": true}))
            .await;
        assert_eq!(ended["records"][0]["body"]["kind"], "secret_revealed");
        let seed = ended["records"][1]["body"]["seed"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(seed.len(), 64);
        for (who, seen) in [("Ann", &seen_ann), ("Bob", &seen_bob), ("the GM", &seen_gm)] {
            assert_hidden(seen, &[seed.as_str()], &format!("{label}: {who}"));
        }

        // Revealed, the secrets are everyone's.
        http.act(
            table,
            &bob,
            json!({"do": "allocate", "who": "Capt. Dirk Rednova", "spend": 2}),
        )
        .await;
        http.act(table, &ann, json!({"do": "secret_reveal", "who": "Ragnar"}))
            .await;
        let bob_log = serde_json::to_string(&http.log(table, &bob, 0).await).unwrap();
        assert!(bob_log.contains("dragon-ambush-label"), "{label}");
        assert!(
            bob_log.contains(&salt),
            "{label}: the reveal shows the salt"
        );
        assert!(
            !bob_log.contains("innkeeper-is-a-vampire"),
            "{label}: a note stays the GM's"
        );

        // The log still verifies for a player.
        http.act(
            table,
            &bob,
            json!({"do": "secret_reveal", "who": "Capt. Dirk Rednova"}),
        )
        .await;
        http.act(table, gm, json!({"do": "secret_roll"})).await;
        http.act(table, gm, json!({"do": "end_epoch"})).await;
        let export = http
            .get(&format!("/api/tables/{table}/export"), Some(&bob))
            .await
            .expect(200);
        let records: Vec<skald_table::Record> =
            serde_json::from_value(export["records"].clone()).unwrap();
        let report =
            skald_table::verify(skald_systems::REGISTRY, &records, export["head"].as_str());
        assert!(
            report.ok() && report.unverified.is_empty(),
            "{label}: {report:?}"
        );
        assert_eq!(
            report.rolls_verified, 2,
            "{label}: the secret roll and the round"
        );
        server.stop().await;
    }
    log.assert_no_token();
}

/// What a link the GM replaced is told, on every route.
const REPLACED: &str = "this link to a seat was replaced: the GM made a new link to this seat (to \
                        hand it back), and earlier links of the seat no longer work; ask the GM \
                        for the new link";

#[tokio::test]
async fn a_link_the_gm_makes_reads_nothing_of_the_seats_past_and_ends_its_earlier_links() {
    // The attack (issue 30): Ann allocated in secret; the GM asked for a new link to her seat,
    // read `{"spend": 3, "salt": ...}` and her whispers through it, while her own link (and any
    // other earlier one) kept full power.
    let log = Log::capture();
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let label = server.label;
        let http = server.http();
        let Chi { created, ann, bob } = chi_table(&http, "Handed").await;
        let table = &created.table;
        let gm = &created.gm;
        for (token, action) in [
            (
                &ann,
                json!({"do": "say", "text": "whisper-ann-to-gm", "to": "gm"}),
            ),
            (
                gm,
                json!({"do": "say", "text": "whisper-gm-to-ann", "to": 1}),
            ),
            (
                &bob,
                json!({"do": "say", "text": "whisper-bob-to-ann", "to": 1}),
            ),
            (
                &ann,
                json!({"do": "say", "text": "whisper-ann-to-bob", "to": 2}),
            ),
        ] {
            http.act(table, token, action).await;
        }
        http.act(
            table,
            gm,
            json!({"do": "secret_open", "opposed": [{"actor": {"who": "Ragnar"}, "defender": {"who": "Capt. Dirk Rednova"}}]}),
        )
        .await;
        let allocated = http
            .act(
                table,
                &ann,
                json!({"do": "allocate", "who": "Ragnar", "spend": 3}),
            )
            .await;
        let salt = allocated["records"][0]["secret"]["body"]["salt"]
            .as_str()
            .unwrap()
            .to_owned();
        // Ann's own link reads them all (so the searches below would find them).
        let mine = serde_json::to_string(&http.log(table, &ann, 0).await);
        let mine = mine.unwrap_or_default();
        assert!(
            mine.contains(&salt) && mine.contains("whisper-ann-to-bob"),
            "{label}"
        );

        // Ann's phone, live before the GM hands her seat on.
        let mut phone = server.ws(table, &ann, 0).await;
        phone.hello().await;
        let last = http.last_seq(table, &ann).await;
        phone.records_until(last).await;

        let handed = http
            .post(
                &format!("/api/tables/{table}/seat-link"),
                Some(gm),
                &json!({"player": 1}),
            )
            .await
            .expect(200);
        let link = handed["token"].as_str().unwrap().to_owned();
        let handed_at = http.last_seq(table, gm).await;
        http.act(
            table,
            gm,
            json!({"do": "say", "text": "whisper-gm-after", "to": 1}),
        )
        .await;

        // The new link reads the seat from its `seat_handed` on: no allocation, no earlier
        // whisper, on any route (state, log, export in every format, moves, WebSocket).
        let seen = everything_seen(&server, &http, table, &link).await;
        let what = format!("{label}: the new link");
        assert_hidden(
            &seen,
            &[
                salt.as_str(),
                "puts in 3",
                "\"spend\":3",
                "whisper-ann-to-gm",
                "whisper-gm-to-ann",
                "whisper-bob-to-ann",
                "whisper-ann-to-bob",
            ],
            &what,
        );
        assert!(seen.contains("whisper-gm-after"), "{what}");
        assert!(seen.contains("made a new link to Ann"), "{what}");
        assert_eq!(
            http.summary(table, &link).await["you"],
            json!({"player": 1})
        );
        // Every earlier link of the seat stopped: her phone is told and closed...
        let mut told = Vec::new();
        let error = loop {
            let message = phone.next_json().await;
            match message["type"].as_str() {
                Some("record") => told.push(message["record"]["seq"].as_u64().unwrap()),
                Some("error") => break message,
                _ => panic!("{label}: {message}"),
            }
        };
        assert_eq!(
            told.first(),
            Some(&handed_at),
            "{label}: the seat_handed record first"
        );
        assert_eq!(error["error"]["kind"], "unauthorized", "{label}");
        assert_eq!(error["error"]["message"], REPLACED, "{label}");
        assert_eq!(phone.assert_closed().await, Some(4401), "{label}");
        // ...and refused on every route, in the reader's words.
        let roll = json!({"do": "roll", "notation": "1d6"})
            .to_string()
            .into_bytes();
        let old = Some(ann.as_str());
        let routes: Vec<Reply> = vec![
            http.get(&format!("/api/tables/{table}"), old).await,
            http.get(&format!("/api/tables/{table}/log"), old).await,
            http.get(&format!("/api/tables/{table}/export"), old).await,
            http.get(&format!("/api/tables/{table}/export?format=md"), old)
                .await,
            http.get(&format!("/api/tables/{table}/moves"), old).await,
            http.post_bytes(&format!("/api/tables/{table}/actions"), old, roll.clone())
                .await,
            http.post_bytes(&format!("/api/tables/{table}/odds"), old, roll.clone())
                .await,
            http.post_bytes(&format!("/api/tables/{table}/check"), old, roll.clone())
                .await,
            http.get(&format!("/api/tables/{table}?token={ann}"), None)
                .await,
        ];
        for reply in routes {
            assert_refused(&reply, 401, "unauthorized", REPLACED, label);
        }
        match server.try_ws(table, &ann, 0).await {
            Err(tungstenite::Error::Http(response)) => {
                assert_eq!(response.status().as_u16(), 401, "{label}");
                let body = String::from_utf8_lossy(response.body().as_deref().unwrap_or_default())
                    .into_owned();
                assert!(body.contains(REPLACED), "{label}: {body}");
            }
            Err(e) => panic!("{label}: {e}"),
            Ok(_) => panic!("{label}: the WebSocket let a replaced link in"),
        }
        // A second link replaces the first the GM made, too; the GM and Bob go on.
        let again = http
            .post(
                &format!("/api/tables/{table}/seat-link"),
                Some(gm),
                &json!({"player": 1}),
            )
            .await
            .expect(200);
        let reply = http.get(&format!("/api/tables/{table}"), Some(&link)).await;
        assert_refused(&reply, 401, "unauthorized", REPLACED, label);
        let newest = again["token"].as_str().unwrap();
        assert_eq!(
            http.summary(table, newest).await["you"],
            json!({"player": 1})
        );
        assert_eq!(http.summary(table, &bob).await["you"], json!({"player": 2}));
        assert_eq!(http.summary(table, gm).await["you"], "gm");
        // The seat plays on through its newest link: the reveal is made from what Ann sealed.
        http.act(
            table,
            &bob,
            json!({"do": "allocate", "who": "Capt. Dirk Rednova", "spend": 2}),
        )
        .await;
        let shown = http
            .act(
                table,
                newest,
                json!({"do": "secret_reveal", "who": "Ragnar"}),
            )
            .await;
        assert_eq!(
            shown["records"][0]["body"]["command"]["spend"], 3,
            "{shown}"
        );
        // Once anyone has revealed, the GM cannot call the roll off to have it chosen anew.
        let reply = http
            .try_act(table, gm, &json!({"do": "secret_cancel"}))
            .await;
        assert_refused(
            &reply,
            422,
            "refused",
            "The secret roll cannot be called off: Ragnar revealed already, and calling it off \
             now would let everyone choose again knowing it; the GM rolls it once everyone has \
             revealed (ruling C4)",
            label,
        );
        server.stop().await;
    }
    log.assert_no_token();
}

/// Two nodes on one PostgreSQL database: a link the GM replaces through the node that owns the
/// table stops at once on the node that follows it too (that node reads the tokens again before it
/// takes a player's), and a WebSocket open there is told and closed.
#[tokio::test]
async fn a_replaced_link_stops_on_every_node() {
    let log = Log::capture();
    for db in databases().await {
        if db.label != "postgres" {
            continue;
        }
        let owner = Server::start(&db, limits()).await;
        let other = Server::start(&db, limits()).await;
        let (here, there) = (owner.http(), other.http());
        let created = here.create("loqi", "Two nodes").await;
        let table = &created.table;
        let (_, ann) = here.join(&created, "Ann").await;
        there
            .act(
                table,
                &ann,
                json!({"do": "say", "text": "from-the-follower"}),
            )
            .await;
        let mut phone = other.ws(table, &ann, 0).await;
        phone.hello().await;
        let handed = here
            .post(
                &format!("/api/tables/{table}/seat-link"),
                Some(&created.gm),
                &json!({"player": 1}),
            )
            .await
            .expect(200);
        let link = handed["token"].as_str().unwrap();
        let reply = there
            .get(&format!("/api/tables/{table}/log"), Some(&ann))
            .await;
        assert_refused(&reply, 401, "unauthorized", REPLACED, "the follower");
        assert_eq!(
            there.summary(table, link).await["you"],
            json!({"player": 1})
        );
        let error = loop {
            let message = phone.next_json().await;
            if message["type"] == "error" {
                break message;
            }
            assert_eq!(message["type"], "record", "{message}");
        };
        assert_eq!(error["error"]["message"], REPLACED);
        assert_eq!(phone.assert_closed().await, Some(4401));
        other.stop().await;
        owner.stop().await;
        // Inside the loop: without PostgreSQL nothing runs, and nothing is logged to read.
        log.assert_no_token();
    }
}

/// A POST /api/tables as client `from` (the trusted proxy's X-Forwarded-For) with `headers`.
async fn create_as(server: &Server, from: &str, headers: &[(&str, &str)], body: &Value) -> Reply {
    let client = reqwest::Client::builder()
        .no_proxy()
        .timeout(common::WAIT)
        .build()
        .unwrap();
    let mut request = client
        .post(format!("{}/api/tables", server.base))
        .header("x-forwarded-for", from)
        .json(body);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = common::within("a create", request.send()).await.unwrap();
    let status = response.status().as_u16();
    let text = common::within("a body", response.text()).await.unwrap();
    Reply {
        status,
        content_type: String::new(),
        text,
    }
}

/// Many addresses together create at most the server's tables per hour (issue 30: 141 addresses
/// made 4,230 tables in 20 s), each told when to try again; an address refused by its own
/// allowance is told that, not the server's.
#[tokio::test]
async fn the_server_creates_at_most_its_tables_per_hour_from_every_address() {
    let log = Log::capture();
    let db = common::sqlite();
    let server = Server::start(
        &db,
        Limits {
            tables_per_hour: 2,
            server_tables_per_hour: 3,
            trusted_proxy: Some("127.0.0.1".parse().unwrap()),
            ..limits()
        },
    )
    .await;
    let label = server.label;
    let table = json!({"system": "chi", "title": "Mine"});
    for from in ["203.0.113.5", "203.0.113.5", "203.0.113.6"] {
        let reply = create_as(&server, from, &[], &table).await;
        assert_eq!(reply.status, 201, "{label}: {}", reply.text);
    }
    let reply = create_as(&server, "203.0.113.5", &[], &table).await;
    assert_refused(
        &reply,
        429,
        "limit",
        "one address may make at most 2 new tables per hour; try again in 30 minutes",
        label,
    );
    let reply = create_as(&server, "203.0.113.7", &[], &table).await;
    assert_refused(
        &reply,
        429,
        "limit",
        "this server creates at most 3 new tables per hour, from every address \
         together, and has made them; try again in 20 minutes",
        label,
    );
    server.stop().await;
    log.assert_no_token();
}

/// A table nobody joined and nothing was done at stops counting towards the cap once it is
/// older than the empty tables' expiry (issue 30: the cap then blocked creation for 30 days); a
/// table someone joined keeps counting, and an expired empty table still opens with its GM link.
#[tokio::test]
async fn empty_tables_expire_out_of_the_cap() {
    const EXPIRY: std::time::Duration = std::time::Duration::from_secs(2);
    for db in databases().await {
        let few = Limits {
            max_tables: 2,
            empty_expiry: EXPIRY,
            ..limits()
        };
        let server = Server::start(&db, few).await;
        let label = server.label;
        let http = server.http();
        let joined = http.create("chi", "Joined").await;
        http.join(&joined, "Ann").await;
        let empty = http.create("loqi", "Empty").await;
        let full = json!({"system": "twenty", "title": "Three"});
        let reply = http.post("/api/tables", None, &full).await;
        assert_eq!(reply.status, 429, "{label}: {}", reply.text);
        tokio::time::sleep(EXPIRY + std::time::Duration::from_millis(300)).await;
        // The empty one expired: room for one more, and no more than one.
        let third = http.create("twenty", "Three").await;
        let reply = http.post("/api/tables", None, &full).await;
        assert_eq!(
            reply.status, 429,
            "{label}: the new table counts: {}",
            reply.text
        );
        // The expired table is still there for its GM.
        let summary = http.summary(&empty.table, &empty.gm).await;
        assert_eq!(summary["seq"], 1, "{label}");
        assert_eq!(http.last_seq(&third.table, &third.gm).await, 1, "{label}");
        server.stop().await;
    }
}

/// One address creates at most its tables per hour (a refused request uses up nothing), and is
/// told when to try again; another address is not held back.
#[tokio::test]
async fn an_address_creates_at_most_its_tables_per_hour() {
    let log = Log::capture();
    for db in databases().await {
        let server = Server::start(
            &db,
            Limits {
                tables_per_hour: 3,
                trusted_proxy: Some("127.0.0.1".parse().unwrap()),
                ..limits()
            },
        )
        .await;
        let label = server.label;
        let table = json!({"system": "chi", "title": "Mine"});
        for _ in 0..3 {
            let bad = create_as(
                &server,
                "203.0.113.5",
                &[],
                &json!({"system": "poker", "title": "x"}),
            )
            .await;
            assert_eq!(bad.status, 422, "{label}");
            let reply = create_as(&server, "203.0.113.5", &[], &table).await;
            assert_eq!(reply.status, 201, "{label}: {}", reply.text);
        }
        let reply = create_as(&server, "203.0.113.5", &[], &table).await;
        assert_refused(
            &reply,
            429,
            "limit",
            "one address may make at most 3 new tables per hour; try again in 20 minutes",
            label,
        );
        let reply = create_as(&server, "203.0.113.6", &[], &table).await;
        assert_eq!(reply.status, 201, "{label}: {}", reply.text);
        server.stop().await;
    }
    log.assert_no_token();
}

/// With a creation key, a table is created only by who gives it; the refusal says what is missing
/// and never quotes the key given.
#[tokio::test]
async fn a_server_with_a_creation_key_creates_tables_only_with_it() {
    let log = Log::capture();
    let db = common::sqlite();
    let server = Server::start(
        &db,
        Limits {
            creation_key: Some(skald_server::CreationKey::new("open sesame").unwrap()),
            ..limits()
        },
    )
    .await;
    let table = json!({"system": "chi", "title": "Keyed"});
    let reply = create_as(&server, "", &[], &table).await;
    assert_refused(
        &reply,
        403,
        "forbidden",
        "creation key: this server creates tables only with its creation key (the \
         X-Skald-Creation-Key header, or the lobby's \"Creation key\" field); ask its operator \
         for it",
        "no key",
    );
    let reply = create_as(
        &server,
        "",
        &[("x-skald-creation-key", "open sesame!")],
        &table,
    )
    .await;
    assert_refused(
        &reply,
        403,
        "forbidden",
        "creation key: the key given is not this server's creation key; ask its operator for it",
        "a wrong key",
    );
    assert!(!reply.text.contains("sesame"), "{}", reply.text);
    let reply = create_as(
        &server,
        "",
        &[("x-skald-creation-key", "open sesame")],
        &table,
    )
    .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    // Joining and playing need no key.
    let created = Created {
        table: reply.json()["table"].as_str().unwrap().to_owned(),
        gm: reply.json()["gm_token"].as_str().unwrap().to_owned(),
        invite: reply.json()["invite"].as_str().unwrap().to_owned(),
        json: reply.json(),
    };
    let http = server.http();
    let (_, ann) = http.join(&created, "Ann").await;
    http.act(
        &created.table,
        &ann,
        json!({"do": "roll", "notation": "1d6"}),
    )
    .await;
    server.stop().await;
    log.assert_no_token();
}

/// Every character of `text` percent-encoded.
fn percent_encoded(text: &str) -> String {
    text.bytes().map(|b| format!("%{b:02X}")).collect()
}

/// `?token=` reads the same on every route: percent-encoded, it opens HTTP routes as it opens the
/// WebSocket.
#[tokio::test]
async fn a_percent_encoded_token_works_on_every_route() {
    let log = Log::capture();
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Encoded").await;
    let table = &created.table;
    let (_, ann) = http.join(&created, "Ann").await;
    let encoded = percent_encoded(&ann);
    for path in [
        format!("/api/tables/{table}?token={encoded}"),
        format!("/api/tables/{table}/log?after=0&token={encoded}"),
        format!("/api/tables/{table}/export?format=json&token={encoded}"),
        format!("/api/tables/{table}/moves?token={encoded}"),
    ] {
        let reply = http.get(&path, None).await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.text);
    }
    assert_eq!(
        http.get(&format!("/api/tables/{table}?token={encoded}"), None)
            .await
            .json()["you"],
        json!({"player": 1})
    );
    let mut ws = server.ws(table, &encoded, 0).await;
    assert_eq!(ws.hello().await.0, json!({"player": 1}));
    server.stop().await;
    log.assert_no_token();
}

/// Query strings refused in the reader's words: the parameter, the value, what is allowed.
/// A token pasted into the wrong field comes back to its sender in the refusal, but never into
/// the log; nor can a line break typed into a field forge a log line (a fresh user's try).
#[tokio::test]
async fn a_token_pasted_into_any_field_is_not_logged_and_no_field_forges_a_line() {
    let log = Log::capture();
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Pasted").await;
    let (table, gm) = (&created.table, created.gm.as_str());
    let forged = "x\nINFO request{method=GET route=\"/api/health\"}: answered status=200 FORGED";
    let tries = [
        http.post("/api/tables", None, &json!({"system": gm, "title": "t"}))
            .await,
        http.post(
            "/api/tables",
            None,
            &json!({"system": forged, "title": "t"}),
        )
        .await,
        http.try_act(table, gm, &json!({"do": created.invite}))
            .await,
        http.try_act(table, gm, &json!({"do": forged})).await,
        http.get(&format!("/api/tables/{table}/log?after={gm}"), Some(gm))
            .await,
    ];
    for reply in &tries {
        assert!(reply.status >= 400, "{}", reply.text);
    }
    let text = log.text();
    assert!(
        !text.lines().any(|line| line.starts_with("INFO request")),
        "a refusal's text began a line of its own:\n{text}"
    );
    assert!(text.contains("FORGED"), "the refusals were logged:\n{text}");
    log.assert_no_token();
    server.stop().await;
}

#[tokio::test]
async fn query_errors_name_the_parameter_the_value_and_what_is_allowed() {
    let log = Log::capture();
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Queries").await;
    let table = &created.table;
    let gm = Some(created.gm.as_str());
    let seq_range = "a whole number from 0 to 9223372036854775807";
    for (query, message) in [
        ("log?after=-1", format!("after: \"-1\" is not {seq_range}")),
        (
            "log?after=two",
            format!("after: \"two\" is not {seq_range}"),
        ),
        (
            // Past the OpenAPI document's int64 (schemathesis, issue 30).
            "log?after=9223372036854775808",
            format!("after: \"9223372036854775808\" is not {seq_range}"),
        ),
        (
            "log?limit=0",
            "limit: \"0\" is not a whole number from 1 to 1000".into(),
        ),
        (
            "log?limit=5000",
            "limit: \"5000\" is not a whole number from 1 to 1000".into(),
        ),
        (
            "log?after=1&after=2",
            "after: given more than once; give it once".into(),
        ),
        (
            "log?aftr=1",
            "query: \"aftr\" is not a parameter of this route; it takes after, limit, token".into(),
        ),
        (
            "export?format=xml",
            "format: \"xml\" is not one of json, md, html".into(),
        ),
        (
            "export?limit=1",
            "query: \"limit\" is not a parameter of this route; it takes format, token".into(),
        ),
    ] {
        let reply = http.get(&format!("/api/tables/{table}/{query}"), gm).await;
        assert_refused(&reply, 400, "bad_request", &message, query);
    }
    let url = format!(
        "ws://{}/api/tables/{table}/ws?token={}&after=-5",
        server.addr, created.gm
    );
    match common::within("a connect", tokio_tungstenite::connect_async(url)).await {
        Err(tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 400);
            let body: Value = serde_json::from_slice(response.body().as_deref().unwrap()).unwrap();
            assert_eq!(
                body,
                json!({"error": {"kind": "bad_request", "message": format!("after: \"-5\" is not {seq_range}")}})
            );
        }
        other => panic!("not refused as expected: {:?}", other.map(|_| ())),
    }
    server.stop().await;
    log.assert_no_token();
}

/// Player-typed HTML (a player's name, the table's title, a roll's label) is escaped in the
/// Markdown report as in the HTML one: it never comes out as a tag.
#[tokio::test]
async fn the_markdown_report_escapes_player_typed_html() {
    let log = Log::capture();
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let script = "<script>alert(1)</script>";
    let img = "<img src=x onerror=alert(1)>";
    let created = http.create("chi", &format!("{script}{img}")).await;
    let table = &created.table;
    let (_, ann) = http.join(&created, &format!("{img}{script}")).await;
    http.act(
        table,
        &ann,
        json!({"do": "roll", "notation": "1d6", "label": format!("{script} & {img}")}),
    )
    .await;
    for token in [&created.gm, &ann] {
        let md = http
            .get(
                &format!("/api/tables/{table}/export?format=md"),
                Some(token),
            )
            .await;
        assert_eq!(md.status, 200);
        let lower = md.text.to_lowercase();
        assert_eq!(lower.matches("<script").count(), 0, "{}", md.text);
        assert_eq!(lower.matches("<img").count(), 0, "{}", md.text);
        let script_shown = "&lt;script&gt;alert(1)&lt;/script&gt;";
        let img_shown = "&lt;img src=x onerror=alert(1)&gt;";
        assert!(
            md.text
                .starts_with(&format!("# {script_shown}{img_shown}\n")),
            "{}",
            md.text
        );
        assert!(
            md.text
                .contains(&format!("- {img_shown}{script_shown} (seat 1)\n")),
            "{}",
            md.text
        );
        assert!(
            md.text
                .contains(&format!("rolled for {script_shown} &amp; {img_shown}: ")),
            "{}",
            md.text
        );
    }
    let md = http
        .get(&format!("/api/tables/{table}/export?format=md"), Some(&ann))
        .await;
    assert!(
        md.text.contains(
            "as &lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(1)&lt;/script&gt; reads it."
        ),
        "{}",
        md.text
    );
    server.stop().await;
    log.assert_no_token();
}

/// A roll whose record would be over the store's row bound is a clear refusal (4xx), never a 500
/// `store` error, and records nothing.
#[tokio::test]
async fn a_record_too_large_to_store_is_refused_not_a_store_error() {
    let log = Log::capture();
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Big").await;
    let table = &created.table;
    let reply = http
        .try_act(
            table,
            &created.gm,
            &json!({"do": "roll", "notation": "9900d1000000r<1000000"}),
        )
        .await;
    // Refused before a die is drawn, for the room its dice would take in the log.
    common::assert_refused(
        &reply,
        422,
        "refused",
        "the dice notation does not roll:\n9900d1000000r<1000000\nmay draw up to 999900 dice with its rerolls and explosions; a roll at the table draws at most 15000 (every die is kept in the log)",
        "sqlite",
    );
    assert_eq!(http.last_seq(table, &created.gm).await, 1);
    http.act(table, &created.gm, json!({"do": "roll", "notation": "1d6"}))
        .await;
    server.stop().await;
    log.assert_no_token();
}

/// The attack's probes (three d6 packed in one number then divided by zero; a constant at the
/// i64 edge plus a die; a rolled divisor that may be 0), over HTTP and over a WebSocket: each
/// refusal reads the same at two tables with different seeds (it quotes no die), records nothing,
/// and the next roll is the table's first (index 0), so the probes used no dice.
#[tokio::test]
async fn a_refused_roll_over_any_route_quotes_no_die_and_draws_none() {
    let log = Log::capture();
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let probes = [
        "(1d6*1 + 1d6*10 + 1d6*100)/0",
        "9223372036854775807 + 1d6",
        "1d6 / (1d6 - 1)",
    ];
    let mut refusals: Vec<Vec<String>> = Vec::new();
    for title in ["Probe A", "Probe B"] {
        let created = http.create("twenty", title).await;
        let (_, ann) = http.join(&created, "Ann").await;
        let table = &created.table;
        let before = http.last_seq(table, &ann).await;
        let mut ws = server.ws(table, &ann, before).await;
        ws.hello().await;
        let mut texts = Vec::new();
        for (id, probe) in (1..).zip(probes) {
            let action = json!({"do": "roll", "notation": probe});
            let (_, over_http) = http.try_act(table, &ann, &action).await.error();
            let mut records = Vec::new();
            let over_ws = ws.act(id, &action, &mut records).await;
            assert_eq!(over_ws["type"], "error", "{probe}: {over_ws}");
            assert!(records.is_empty(), "{probe}: recorded {records:?}");
            assert_eq!(
                over_ws["error"]["message"].as_str(),
                Some(over_http.as_str()),
                "{probe}: the WebSocket says otherwise than HTTP"
            );
            texts.push(over_http);
        }
        ws.close().await;
        assert_eq!(http.last_seq(table, &ann).await, before, "a probe recorded");
        let next = http
            .act(table, &ann, json!({"do": "roll", "notation": "3d6"}))
            .await;
        let roll = &next["records"][0]["body"]["roll"];
        assert_eq!(roll["index"], 0, "the probes used up dice: {next}");
        refusals.push(texts);
    }
    assert_eq!(refusals[0], refusals[1], "a refusal depends on the dice");
    server.stop().await;
    log.assert_no_token();
}
