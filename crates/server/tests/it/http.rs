//! The HTTP API end to end on both back ends: a session of each system from creation to a verified
//! export, undo, durability across a restart, idle unloading, readiness, one server per SQLite
//! file, and the OpenAPI description.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::{Http, Server, assert_contiguous, assert_refused, databases, limits, within};
use serde_json::{Value, json};
use skald_server::Limits;
use skald_testkit::sheets::{self, RAGNAR};
use std::time::Duration;

/// Who sends a step.
#[derive(Clone, Copy, Debug)]
enum By {
    Gm,
    Ann,
}

/// A short session of each system: commands as the examples write them, each sent by whoever the
/// system's authority says may. At least one of each rolls dice.
fn sessions() -> Vec<(&'static str, Vec<(By, Value)>)> {
    vec![
        (
            "chi",
            vec![
                (
                    By::Ann,
                    json!({"do": "enroll", "character": {"line": RAGNAR}}),
                ),
                (By::Gm, json!({"do": "new_round"})),
                (
                    By::Ann,
                    json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
                ),
            ],
        ),
        (
            "twenty",
            vec![
                (
                    By::Ann,
                    json!({"do": "add_character", "character": {
                        "name": "Gorand",
                        "stats": {"Physical": 5, "Mental": 2, "Social": 3, "Emotional": 1, "Spiritual": 4},
                        "keys": ["Warrior"],
                        "traits": [
                            {"name": "Arms", "boxes": 2}, {"name": "Swords", "boxes": 4},
                            {"name": "Strong", "boxes": 1}, {"name": "Friendly", "boxes": 2},
                            {"name": "Marching", "boxes": 1}
                        ],
                        "equipment": [{"name": "Honeybee", "boxes": 2}, {"name": "wine flask", "boxes": 1}],
                        "gear": ["traveling gear"]
                    }}),
                ),
                (
                    By::Gm,
                    json!({"do": "add_character", "character": {
                        "name": "Dragon", "kind": "npc", "keys": ["Dragon", "Enormous"],
                        "traits": [
                            {"name": "Enormous", "boxes": 2}, {"name": "Talons", "boxes": 2},
                            {"name": "Ancient and Wise", "boxes": 3}, {"name": "Fire Breath", "boxes": 4}
                        ]
                    }}),
                ),
                (
                    By::Gm,
                    json!({"do": "start_conflict", "participants": [
                        {"who": "Gorand", "goal": "get past the dragon"},
                        {"who": "Dragon", "goal": "keep the road"}
                    ]}),
                ),
                (
                    By::Ann,
                    json!({"do": "bring_in", "who": "Gorand", "trait": "Friendly"}),
                ),
            ],
        ),
        (
            "loqi",
            vec![
                (
                    By::Ann,
                    json!({"do": "enroll", "character": {
                        "name": "Mirela", "influence": 10,
                        "traits": [{"name": "Swordsman", "rating": 3}, {"name": "Clumsy", "rating": 2, "harmful": true}]
                    }}),
                ),
                (
                    By::Gm,
                    json!({"do": "introduce_problem", "scale": "scene",
                           "description": "Bandits block the pass.", "responder": "Mirela"}),
                ),
                (
                    By::Ann,
                    json!({"do": "propose_outcome", "outcome": "player", "by": "Mirela",
                           "description": "Mirela cuts through.", "impact": 4}),
                ),
                (
                    By::Gm,
                    json!({"do": "propose_outcome", "outcome": "gm", "by": "GM",
                           "description": "Mirela flees.", "impact": -3}),
                ),
                (By::Gm, json!({"do": "resolve"})),
            ],
        ),
        (
            "freelancer",
            vec![
                (By::Ann, json!({"do": "enroll", "character": sheets::ash()})),
                (
                    By::Ann,
                    json!({"do": "chance_check", "who": "Ash", "chance": 75, "against": "the ferryman"}),
                ),
            ],
        ),
    ]
}

/// Recomputes the export's hash chain the way docs/fairness.md ("The log's hash chain") tells an
/// auditor to, with no Skald code: each record's `body` exactly as the export wrote it (its keys in
/// the order written), inside `{"chain":"skald-log-v1","seq","at_ms","prev","client","body"}`
/// without spaces, SHA-256 in lower-case hex; each record's `prev` is the one before's, and the
/// export's `head` the last one's.
fn chain_as_documented(export: &str, what: &str) {
    use serde_json::value::RawValue;
    use sha2::{Digest as _, Sha256};
    #[derive(serde::Deserialize)]
    struct Exported<'a> {
        #[serde(borrow)]
        records: Vec<Link<'a>>,
        head: String,
    }
    #[derive(serde::Deserialize)]
    struct Link<'a> {
        seq: u64,
        at_ms: i64,
        prev: String,
        #[serde(default)]
        client: Option<String>,
        #[serde(borrow)]
        body: &'a RawValue,
    }
    let exported: Exported = serde_json::from_str(export).unwrap();
    let mut prev = "0".repeat(64);
    for link in &exported.records {
        assert_eq!(link.prev, prev, "{what}: record {}'s prev", link.seq);
        let chained = format!(
            r#"{{"chain":"skald-log-v1","seq":{},"at_ms":{},"prev":{},"client":{},"body":{}}}"#,
            link.seq,
            link.at_ms,
            json!(link.prev),
            json!(link.client),
            link.body.get()
        );
        prev = hex::encode(Sha256::digest(chained.as_bytes()));
    }
    assert_eq!(exported.head, prev, "{what}: the export's head");
    // And the auditor's script that docs/fairness.md gives (python3 is needed by scripts/test).
    let file = std::env::temp_dir().join(format!(
        "skald-chain-{}-{}.json",
        std::process::id(),
        what.replace('/', "-")
    ));
    std::fs::write(&file, export).unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/chain.py");
    let out = std::process::Command::new("python3")
        .arg(script)
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("python3 {script}: {e}"));
    let _ = std::fs::remove_file(&file);
    assert!(
        out.status.success(),
        "{what}: scripts/chain.py: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test]
async fn a_session_of_each_system_plays_exports_and_verifies() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let http = server.http();
        for (system, steps) in sessions() {
            play_session(&http, server.label, system, &steps).await;
        }
        server.stop().await;
    }
}

async fn play_session(http: &Http, label: &str, system: &str, steps: &[(By, Value)]) {
    let what = format!("{label}/{system}");
    let title = format!("{system}: Dragons & <Dungeons> \"night\"");
    let created = http.create(system, &title).await;
    assert_eq!(created.json["system"], system, "{what}");
    assert_eq!(created.json["title"], title.as_str(), "{what}");
    assert_eq!(created.json["commitment"].as_str().unwrap().len(), 64);
    let table = created.table.clone();
    let (ann, ann_token) = http.join(&created, "Ann").await;
    assert_eq!(ann, 1, "{what}");
    let (bob, _bob_token) = http.join(&created, "Bob").await;
    assert_eq!(bob, 2, "{what}");

    let summary = http.summary(&table, &ann_token).await;
    assert_eq!(summary["system"], system, "{what}");
    assert_eq!(summary["title"], title.as_str(), "{what}");
    assert_eq!(summary["table"], table.as_str(), "{what}");
    assert_eq!(summary["you"], json!({"player": 1}), "{what}");
    assert_eq!(summary["seq"], 3, "{what}: created and two joins");
    assert_eq!(summary["epoch"], 0, "{what}");
    assert_eq!(
        summary["players"],
        json!([{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}]),
        "{what}"
    );
    assert_eq!(http.summary(&table, &created.gm).await["you"], "gm");

    // An open roll by notation.
    let rolled = http
        .act(
            &table,
            &ann_token,
            json!({"do": "roll", "notation": "2d6+1", "label": "courage"}),
        )
        .await;
    assert_eq!(rolled["seq"], 4, "{what}");
    let body = &rolled["records"][0]["body"];
    assert_eq!(body["kind"], "dice_rolled", "{what}: {body}");
    assert_eq!(body["by"], json!({"player": 1}));
    assert_eq!(body["label"], "courage");
    let total = body["total"].as_i64().unwrap();
    assert!((3..=13).contains(&total), "{what}: {body}");

    // The system's own commands, each answered with its committed record.
    let mut seq = 4;
    for (by, action) in steps {
        let token = match by {
            By::Gm => &created.gm,
            By::Ann => &ann_token,
        };
        let reply = http.act(&table, token, action.clone()).await;
        seq += 1;
        assert_eq!(reply["seq"], seq, "{what}: {action}");
        let record = &reply["records"][0];
        assert_eq!(record["seq"], seq);
        assert_eq!(record["body"]["kind"], "command", "{what}: {record}");
        assert_eq!(record["body"]["command"]["do"], action["do"]);
    }

    // The log, whole and in pages.
    let log = http.log(&table, &ann_token, 0).await;
    assert_contiguous(&log, 1, &what);
    assert_eq!(log.len() as u64, seq, "{what}");
    let page = http
        .get(
            &format!("/api/tables/{table}/log?after=2&limit=2"),
            Some(&ann_token),
        )
        .await
        .expect(200);
    assert_eq!(page["last_seq"], seq, "{what}");
    assert_eq!(page["table"], table.as_str());
    let records = page["records"].as_array().unwrap();
    assert_contiguous(records, 3, &what);
    assert_eq!(records.len(), 2, "{what}");
    assert_eq!(records[0], log[2], "{what}: a page is the same records");
    let past_end = http
        .get(
            &format!("/api/tables/{table}/log?after={seq}"),
            Some(&ann_token),
        )
        .await
        .expect(200);
    assert_eq!(past_end["records"], json!([]), "{what}");

    // The GM ends the epoch: every roll so far can be checked.
    let ended = http
        .act(&table, &created.gm, json!({"do": "end_epoch"}))
        .await;
    assert_eq!(ended["records"][0]["body"]["kind"], "epoch_ended");
    assert!(
        ended["records"][0].get("secret").is_none(),
        "the next seed is nobody's to read: {ended}"
    );
    seq += 1;

    // JSON export, as `skald verify` reads it.
    let reply = http
        .get(
            &format!("/api/tables/{table}/export?format=json"),
            Some(&ann_token),
        )
        .await;
    let export = reply.expect(200);
    chain_as_documented(&reply.text, &what);
    assert_eq!(export["skald_export"], 1, "{what}");
    assert_eq!(export["table"], table.as_str());
    assert_eq!(export["system"], system);
    assert_eq!(export["title"], title.as_str());
    assert_eq!(export["exported_for"], json!({"player": 1}));
    let records: Vec<skald_table::Record> =
        serde_json::from_value(export["records"].clone()).unwrap();
    assert_eq!(records.len() as u64, seq, "{what}");
    let report = skald_table::verify(skald_systems::REGISTRY, &records, export["head"].as_str());
    assert!(report.ok(), "{what}: {report:?}");
    assert!(report.unverified.is_empty(), "{what}: {report:?}");
    assert!(report.rolls_verified >= 2, "{what}: {report:?}");
    assert_eq!(report.commands_replayed, steps.len(), "{what}: {report:?}");
    // The default format is JSON, and the token may come in the query.
    let by_query = http
        .get(
            &format!("/api/tables/{table}/export?token={ann_token}"),
            None,
        )
        .await
        .expect(200);
    assert_eq!(by_query, export, "{what}");

    // Markdown: the session report, its story one list item per record.
    let md = http
        .get(
            &format!("/api/tables/{table}/export?format=md"),
            Some(&ann_token),
        )
        .await;
    assert_eq!(md.status, 200, "{what}");
    assert!(md.content_type.starts_with("text/markdown"), "{md:?}");
    // Player-typed text is HTML-escaped in the Markdown too.
    assert!(
        md.text.starts_with(&format!(
            "# {system}: Dragons &amp; &lt;Dungeons&gt; \"night\"\n"
        )),
        "{}",
        md.text
    );
    // The story: one item per record, in order.
    let story =
        &md.text[md.text.find("## The story\n").unwrap()..md.text.find("## Appendix").unwrap()];
    let items: Vec<&str> = story.lines().filter(|l| l.starts_with("- #")).collect();
    assert_eq!(items.len() as u64, seq, "{what}: {}", md.text);
    for (i, item) in items.iter().enumerate() {
        assert!(item.starts_with(&format!("- #{} · ", i + 1)), "{item}");
    }
    assert!(
        md.text
            .contains(" UTC · **Ann** rolled for courage: 2d6 + 1: 2d6 \\["),
        "{}",
        md.text
    );

    // HTML: the title escaped, never raw.
    let html = http
        .get(
            &format!("/api/tables/{table}/export?format=html"),
            Some(&ann_token),
        )
        .await;
    assert_eq!(html.status, 200, "{what}");
    assert!(html.content_type.starts_with("text/html"), "{html:?}");
    assert!(
        html.text.contains("Dragons &amp; &lt;Dungeons&gt;"),
        "{}",
        html.text
    );
    assert!(!html.text.contains("<Dungeons>"), "{}", html.text);
    assert!(html.text.contains("rolled for courage"), "{}", html.text);

    // An unknown format is refused with its name.
    let bad = http
        .get(
            &format!("/api/tables/{table}/export?format=pdf"),
            Some(&ann_token),
        )
        .await;
    assert_refused(
        &bad,
        400,
        "bad_request",
        "format: \"pdf\" is not one of json, md, html",
        &what,
    );
}

#[tokio::test]
async fn undo_takes_back_a_command_but_never_a_roll() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let http = server.http();
        let created = http.create("chi", "Undo").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await; // 2
        http.act(table, &created.gm, json!({"do": "roll", "notation": "1d6"}))
            .await; // 3
        http.act(
            table,
            &ann,
            json!({"do": "enroll", "character": {"line": RAGNAR}}),
        )
        .await; // 4
        assert!(http.summary(table, &ann).await["owners"]["Ragnar"] == json!({"player": 1}));

        let refused = http.try_act(table, &ann, &json!({"do": "undo"})).await;
        assert_refused(&refused, 403, "forbidden", "only the GM may undo", "");

        let undone = http.act(table, &created.gm, json!({"do": "undo"})).await;
        assert_eq!(undone["seq"], 5);
        assert_eq!(
            undone["records"][0]["body"],
            json!({"kind": "undone", "of": 4})
        );
        let summary = http.summary(table, &ann).await;
        assert_eq!(summary["owners"], json!({}), "{summary}");
        assert!(
            !summary["state"].to_string().contains("Ragnar"),
            "{summary}"
        );

        let refused = http
            .try_act(table, &created.gm, &json!({"do": "undo"}))
            .await;
        assert_refused(
            &refused,
            422,
            "refused",
            "cannot undo: the last roll (record 3) is as far back as undo goes",
            server.label,
        );
        // A command that rolled is not taken back either.
        http.act(
            table,
            &ann,
            json!({"do": "enroll", "character": {"line": RAGNAR}}),
        )
        .await; // 6
        http.act(
            table,
            &ann,
            json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
        )
        .await; // 7
        let refused = http
            .try_act(table, &created.gm, &json!({"do": "undo"}))
            .await;
        assert_refused(
            &refused,
            422,
            "refused",
            "cannot undo: the last command (record 7) rolled dice, and rolls are never taken back",
            server.label,
        );
        assert_eq!(
            http.last_seq(table, &ann).await,
            7,
            "refusals record nothing"
        );
        server.stop().await;
    }
}

#[tokio::test]
async fn a_check_answers_before_the_dice_and_records_nothing() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Checked").await;
    let table = &created.table;
    let (_, ann) = http.join(&created, "Ann").await;
    let (_, bob) = http.join(&created, "Bob").await;
    http.act(
        table,
        &ann,
        json!({"do": "enroll", "character": {"line": RAGNAR}}),
    )
    .await;
    let before = http.last_seq(table, &ann).await;
    let check = |token: &str, action: Value| {
        let http = &http;
        let path = format!("/api/tables/{table}/check");
        let token = token.to_owned();
        async move { http.post(&path, Some(&token), &action).await.expect(200) }
    };
    let acts =
        |spend: u32| json!({"do": "action", "who": "Ragnar", "spend": spend, "difficulty": 1});
    assert_eq!(check(&ann, acts(2)).await, json!({"ok": true}));
    let too_many = check(&ann, acts(9)).await;
    assert_eq!(
        too_many["error"]["field"],
        json!("spend"),
        "a rule's refusal names its field"
    );
    assert_eq!(
        too_many["error"]["code"],
        json!("not_allowed"),
        "a rule's refusal says its kind, as every system does: {too_many}"
    );
    let hard = check(
        &ann,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 0}),
    )
    .await;
    assert_eq!(hard["error"]["code"], json!("out_of_range"), "{hard}");
    assert_eq!(
        hard["error"]["range"],
        json!({"value": 0, "min": 1, "max": 100}),
        "the range as numbers: {hard}"
    );
    assert!(
        too_many["error"].get("range").is_none(),
        "no range where the kind is not out_of_range: {too_many}"
    );
    assert_eq!(
        check(&bob, acts(2)).await,
        json!({"ok": false, "error": {"kind": "forbidden",
            "message": "\"Ragnar\" is not your character: only its player or the GM may command it"}})
    );
    assert_eq!(
        check(&ann, json!({"do": "action", "who": "Ragnar"})).await,
        json!({"ok": false, "error": {"kind": "refused",
            "message": "Dice put in (8 left) is empty: fill it in", "field": "spend",
            "code": "missing"}})
    );
    // JSON that is no action is refused as /actions refuses it, not answered `ok: false`: the
    // document says `do` is a string (schemathesis, issue 30).
    for nothing in [
        json!({"nothing": 1}),
        json!({"client_id": "0", "do": {}}),
        json!({"client_id": "\u{d7}\u{f8}", "do": ""}),
    ] {
        let reply = http
            .post(&format!("/api/tables/{table}/check"), Some(&ann), &nothing)
            .await;
        assert_eq!(reply.status, 422, "{nothing}: {}", reply.text);
    }
    assert_eq!(
        http.last_seq(table, &ann).await,
        before,
        "checks record nothing"
    );
}

/// The odds of a command say the seq of the state they are of, and are the table's exact odds as
/// before they were worked out off the table's task: the same chances at the next seq when the
/// record between changed nothing they depend on, and a refusal for what is no command.
#[tokio::test]
async fn odds_say_the_seq_they_are_of() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Odds").await;
    let table = &created.table;
    let (_, ann) = http.join(&created, "Ann").await;
    http.act(
        table,
        &ann,
        json!({"do": "enroll", "character": {"line": RAGNAR}}),
    )
    .await;
    let odds = |action: Value| {
        let http = &http;
        let path = format!("/api/tables/{table}/odds");
        let ann = ann.clone();
        async move { http.post(&path, Some(&ann), &action).await.expect(200) }
    };
    let acts = json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1});
    let before = http.last_seq(table, &ann).await;
    let first = odds(acts.clone()).await;
    assert_eq!(first["seq"], json!(before));
    let chances = first["odds"]["chances"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(!chances.is_empty(), "{first}");
    for chance in &chances {
        let mut keys: Vec<&str> = chance
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["decimal", "label", "p"],
            "an exact chance has no margin"
        );
    }
    http.act(table, &ann, json!({"do": "say", "text": "Here goes."}))
        .await;
    let second = odds(acts).await;
    assert_eq!(second["seq"], json!(before + 1));
    assert_eq!(second["odds"], first["odds"]);
    // A table action is no command of the system: refused, as before.
    let reply = http
        .post(
            &format!("/api/tables/{table}/odds"),
            Some(&ann),
            &json!({"do": "say", "text": "no dice"}),
        )
        .await;
    assert_eq!(reply.status, 422, "{}", reply.text);
}

#[tokio::test]
async fn a_restarted_server_has_every_table_as_it_was() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let http = server.http();
        let created = http.create("chi", "Durable").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        for action in [
            json!({"do": "enroll", "character": {"line": RAGNAR}}),
            json!({"do": "roll", "notation": "3d6", "label": "luck"}),
            json!({"do": "contribute_seed", "seed": "ann's socks"}),
        ] {
            http.act(table, &ann, action).await;
        }
        for action in [
            json!({"do": "note", "text": "the innkeeper lies"}),
            json!({"do": "secret_roll_dice", "notation": "1d20", "label": "ambush"}),
            json!({"do": "new_round"}),
        ] {
            http.act(table, &created.gm, action).await;
        }
        let before = (
            http.summary(table, &created.gm).await,
            http.summary(table, &ann).await,
            http.log(table, &created.gm, 0).await,
            http.log(table, &ann, 0).await,
        );
        assert_eq!(before.2.len(), 8);
        server.stop().await;

        let server = Server::start(&db, limits()).await;
        let http = server.http();
        let after = (
            http.summary(table, &created.gm).await,
            http.summary(table, &ann).await,
            http.log(table, &created.gm, 0).await,
            http.log(table, &ann, 0).await,
        );
        assert_eq!(
            after, before,
            "{}: the log reads back the same",
            server.label
        );
        let next = http
            .act(table, &ann, json!({"do": "roll", "notation": "1d6"}))
            .await;
        assert_eq!(next["seq"], 9, "{}", server.label);
        let revealed = http
            .act(table, &created.gm, json!({"do": "reveal_roll", "of": 7}))
            .await;
        assert_eq!(
            revealed["records"][0]["body"]["contents"]["label"],
            "ambush"
        );
        // The invite still seats a player after the restart.
        assert_eq!(http.join(&created, "Bob").await.0, 2);
        server.stop().await;
    }
}

/// `{"player": 1.0}` names seat 1: the OpenAPI document's `integer` takes it (schemathesis, issue
/// 30, found it refused with serde's words); `1.5` is still no seat.
#[tokio::test]
async fn a_seat_is_named_by_a_whole_number_written_either_way() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("loqi", "Whole").await;
    http.join(&created, "Ann").await;
    let path = format!("/api/tables/{}/seat-link", created.table);
    let handed = http
        .post(&path, Some(&created.gm), &json!({"player": 1.0}))
        .await
        .expect(200);
    assert_eq!(handed["player"], 1);
    let reply = http
        .post(&path, Some(&created.gm), &json!({"player": 1.5}))
        .await;
    assert_eq!(reply.status, 400, "{}", reply.text);
    assert!(
        reply
            .text
            .contains("1.5 is not a whole number from 0 to 4294967295"),
        "{}",
        reply.text
    );
    server.stop().await;
}

#[tokio::test]
async fn the_gm_hands_a_seat_back_with_a_new_link_that_outlives_a_restart() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let http = server.http();
        let created = http.create("loqi", "Lost phone").await;
        let table = &created.table;
        let path = format!("/api/tables/{table}/seat-link");
        let (_, ann) = http.join(&created, "Ann").await;
        let handed = http
            .post(&path, Some(&created.gm), &json!({"player": 1}))
            .await
            .expect(200);
        assert_eq!(handed["player"], 1, "{}", server.label);
        assert_eq!(handed["name"], "Ann", "{}", server.label);
        let token = handed["token"].as_str().unwrap().to_owned();
        assert_ne!(token, ann, "a new token, not the old one");
        // Every seat reads that the seat was handed: Ann may not have asked for it.
        let log = http.log(table, &token, 0).await;
        assert_eq!(
            log.last().unwrap()["body"],
            json!({"kind": "seat_handed", "player": 1}),
            "{}",
            server.label
        );
        // Nobody else sits there, a player may not, and a seat link is no invite.
        assert_refused(
            &http
                .post(&path, Some(&created.gm), &json!({"player": 2}))
                .await,
            422,
            "refused",
            "there is no player 2: the players are 1",
            "an empty seat",
        );
        assert_refused(
            &http.post(&path, Some(&token), &json!({"player": 1})).await,
            403,
            "forbidden",
            "only the GM may make a new link for a seat; a player finds its own under \u{201c}Your link to this seat\u{201d}",
            "a player",
        );
        assert_refused(
            &http
                .post(
                    &format!("/api/tables/{table}/join"),
                    None,
                    &json!({"invite": token, "name": "Eve"}),
                )
                .await,
            400,
            "bad_request",
            "this is the link to a seat, not the table's invite: ask the GM for an invite link",
            "a seat's token as an invite",
        );
        server.stop().await;
        // After a restart the new link sits in Ann's seat, and the old one still does not: both
        // were stored with the record that gave them.
        let server = Server::start(&db, limits()).await;
        let http = server.http();
        assert_eq!(
            http.summary(table, &token).await["you"],
            json!({"player": 1}),
            "{}: the new link",
            server.label
        );
        let old = http.get(&format!("/api/tables/{table}"), Some(&ann)).await;
        assert_eq!(old.status, 401, "{}: the old link", server.label);
        server.stop().await;
    }
}

/// Polls `/api/health` until `live_tables` is `want`.
async fn live_tables_become(http: &Http, want: u64) {
    within("live_tables to change", async {
        loop {
            if http.health().await["live_tables"] == want {
                return;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    })
    .await;
}

#[tokio::test]
async fn an_idle_table_unloads_and_loads_again_unchanged() {
    for db in databases().await {
        let server = Server::start(
            &db,
            Limits {
                idle_unload: Duration::from_millis(200),
                ..limits()
            },
        )
        .await;
        let http = server.http();
        let health = http.health().await;
        assert_eq!(health["ok"], true);
        assert_eq!(health["live_tables"], 0);
        let created = http.create("freelancer", "Idle").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        http.act(
            table,
            &ann,
            json!({"do": "enroll", "character": sheets::ash()}),
        )
        .await;
        http.act(
            table,
            &ann,
            json!({"do": "chance_check", "who": "Ash", "chance": 50}),
        )
        .await;
        let summary = http.summary(table, &ann).await;
        let log = http.log(table, &created.gm, 0).await;

        live_tables_become(&http, 0).await;
        assert_eq!(http.summary(table, &ann).await, summary, "{}", server.label);
        assert_eq!(http.health().await["live_tables"], 1);
        assert_eq!(http.log(table, &created.gm, 0).await, log);

        live_tables_become(&http, 0).await;
        let next = http
            .act(table, &ann, json!({"do": "roll", "notation": "1d4"}))
            .await;
        assert_eq!(next["seq"], 5);
        server.stop().await;
    }
}

/// Issue 34: a table another node owns and this node follows unloads here once idle, though its
/// follow tick keeps reading the log: the idle time is longer than the tick here.
#[tokio::test]
async fn a_followed_table_unloads_when_idle() {
    for db in databases().await {
        if db.label != "postgres" {
            continue;
        }
        let idle = Limits {
            idle_unload: Duration::from_millis(1_000),
            follow_every: Duration::from_millis(200),
            ..limits()
        };
        let owner = Server::start(&db, idle.clone()).await;
        let other = Server::start(&db, idle).await;
        let (here, there) = (owner.http(), other.http());
        let created = here.create("chi", "Followed").await;
        let (_, ann) = here.join(&created, "Ann").await;
        there
            .act(
                &created.table,
                &ann,
                json!({"do": "roll", "notation": "1d6"}),
            )
            .await;
        assert_eq!(there.health().await["live_tables"], 1, "followed there");
        live_tables_become(&there, 0).await;
        other.stop().await;
        owner.stop().await;
    }
}

/// Issue 34: a node whose ownership session ends (a database restart, a network cut; here
/// `pg_terminate_backend`) while another loads its table does not go on as a second owner: every
/// action through either node is acknowledged with its own seq, and both nodes then show one log.
#[tokio::test]
async fn a_lost_ownership_session_leaves_one_owner() {
    for db in databases().await {
        if db.label != "postgres" {
            continue;
        }
        let owner = Server::start(&db, limits()).await;
        let other = Server::start(&db, limits()).await;
        let (here, there) = (owner.http(), other.http());
        let created = here.create("chi", "Two owners?").await;
        let table = &created.table;
        let (_, ann) = here.join(&created, "Ann").await;
        let roll =
            |i: usize| json!({"do": "roll", "notation": "1d6", "label": format!("roll {i}")});
        here.act(table, &ann, roll(0)).await;
        execute(
            &db,
            &format!(
                "SELECT pg_terminate_backend(pid) FROM skald_nodes WHERE address = '{}'",
                owner.base
            ),
        )
        .await;
        let mut seqs = Vec::new();
        for i in 1..=12 {
            let node = if i % 2 == 0 { &here } else { &there };
            let reply = node.act(table, &ann, roll(i)).await;
            seqs.push(reply["seq"].as_u64().unwrap());
        }
        let mut sorted = seqs.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(
            sorted.len(),
            seqs.len(),
            "one seq per acknowledged action: {seqs:?}"
        );
        within("both nodes to show one log", async {
            loop {
                let (a, b) = (
                    here.log(table, &created.gm, 0).await,
                    there.log(table, &created.gm, 0).await,
                );
                if a == b && a.len() == b.len() {
                    let labels = a
                        .iter()
                        .filter(|r| r["body"]["kind"] == "dice_rolled")
                        .count();
                    assert_eq!(labels, 13, "every roll in the log once: {:?}", a.last());
                    return;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
        .await;
        other.stop().await;
        owner.stop().await;
    }
}

/// Issue 34, ownership follows the writers (docs/scaling.md, "Ownership follows the writers"):
/// actions alternating between the owner and another node never move a table; once a seat acts
/// only through the other node, the owner hands the table over after `HAND_OVER_AFTER` actions
/// in a row and the other node takes it on its next one. Every action is acknowledged with the
/// next seq, the first node's clients still act (through the new owner), and both nodes show
/// one log.
#[tokio::test]
async fn ownership_follows_the_node_a_table_s_actions_come_from() {
    use skald_server::handover::HAND_OVER_AFTER;
    for db in databases().await {
        if db.label != "postgres" {
            continue;
        }
        let owner = Server::start(&db, limits()).await;
        let other = Server::start(&db, limits()).await;
        let (here, there) = (owner.http(), other.http());
        let created = here.create("chi", "Moving").await;
        let table = &created.table;
        let (_, ann) = here.join(&created, "Ann").await;
        let mut seq = here.log(table, &created.gm, 0).await.len() as u64;
        let mut act = async |node: &Http, label: String| {
            let reply = node
                .act(
                    table,
                    &ann,
                    json!({"do": "roll", "notation": "1d6", "label": label}),
                )
                .await;
            seq += 1;
            assert_eq!(reply["seq"], seq, "{label}");
        };
        // The last through the owner: no run from the other node is under way after it.
        for i in 0..2 * HAND_OVER_AFTER {
            let node = if i % 2 == 0 { &there } else { &here };
            act(node, format!("alternating {i}")).await;
        }
        assert_eq!(owner_of(&db, table).await, Some(owner.base.clone()));
        for i in 1..=HAND_OVER_AFTER {
            act(&there, format!("through the other {i}")).await;
        }
        // Handed over after its answer to the last one: free until the other node's next action.
        within("the owner to give the table up", async {
            while owner_of(&db, table).await.is_some() {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await;
        act(&there, "taken".into()).await;
        assert_eq!(owner_of(&db, table).await, Some(other.base.clone()));
        act(&here, "through the first node".into()).await;
        assert_eq!(owner_of(&db, table).await, Some(other.base.clone()));
        within("both nodes to show one log", async {
            while here.log(table, &created.gm, 0).await != there.log(table, &created.gm, 0).await {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await;
        other.stop().await;
        owner.stop().await;
    }
}

/// The address of the node that owns `table` now, as the database's locks say (the lock class is
/// `skald_store`'s, 0x736b), or `None` when nobody does.
async fn owner_of(db: &common::Db, table: &str) -> Option<String> {
    use sqlx::Connection as _;
    let mut conn = within("a connection", sqlx::PgConnection::connect(&db.url))
        .await
        .unwrap();
    let owner: Option<String> = within(
        "the owner",
        sqlx::query_scalar(
            "SELECT n.address FROM pg_locks l JOIN skald_nodes n ON n.pid = l.pid \
             WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 29547::oid \
             AND l.objid = hashtext($1)::oid AND l.objsubid = 2",
        )
        .bind(table)
        .fetch_optional(&mut conn),
    )
    .await
    .unwrap();
    conn.close().await.unwrap();
    owner
}

/// Fencing (issue 34, docs/scaling.md "Fencing"): the owner's ownership session is ended with
/// `pg_terminate_backend` while four seats keep acting through it and a follower; right after,
/// a third node loads the table (taking it, if the old owner has not taken it again) and one
/// action goes through the old owner (before its 2-s check of the session), then the seats act
/// through all three. The old owner's writes are refused by the database (the fence), so it
/// gives the table up and each action goes to the new owner, or the table is taken again: every
/// action is acknowledged once (the only answer retried is an owner's "too busy, nothing was
/// done", counted), no roll is in the log twice or missing, the three nodes' exports are
/// identical at once (within a 5 s bound) and verify.
#[tokio::test]
async fn a_fenced_owner_loses_no_action_and_doubles_none() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    const EACH: usize = 30;
    for db in databases().await {
        if db.label != "postgres" {
            continue;
        }
        let log = common::Log::capture();
        let owner = Server::start(&db, limits()).await;
        let other = Server::start(&db, limits()).await;
        let late = Server::start(&db, limits()).await;
        let (here, there, third) = (owner.http(), other.http(), late.http());
        let created = here.create("chi", "Fenced").await;
        let table = created.table.clone();
        let mut seats = vec![created.gm.clone()];
        for name in ["Ann", "Bob", "Cat"] {
            seats.push(there.join(&created, name).await.1);
        }
        let roll = |label: &str| json!({"do": "roll", "notation": "1d6", "label": label});
        let acked = Arc::new(AtomicUsize::new(0));
        let retried = Arc::new(AtomicUsize::new(0));
        // 2 before the cut (the third node has not loaded the table), 3 after.
        let spread = Arc::new(AtomicUsize::new(2));
        let mut clients = Vec::new();
        for (c, seat) in seats.iter().enumerate() {
            let nodes = [here.clone(), there.clone(), third.clone()];
            let (seat, table) = (seat.clone(), table.clone());
            let (acked, retried) = (Arc::clone(&acked), Arc::clone(&retried));
            let spread = Arc::clone(&spread);
            clients.push(tokio::spawn(async move {
                let (mut done, mut refused) = (Vec::new(), Vec::new());
                for i in 0..EACH {
                    let label = format!("client {c} roll {i}");
                    loop {
                        let reply = nodes[(c + i) % spread.load(Ordering::SeqCst)]
                            .try_act(&table, &seat, &roll(&label))
                            .await;
                        if reply.status == 200 {
                            done.push((label.clone(), reply.json()["seq"].as_u64().unwrap()));
                            acked.fetch_add(1, Ordering::SeqCst);
                        } else if reply.status == 503
                            && reply.error().1.contains("nothing was done")
                        {
                            retried.fetch_add(1, Ordering::SeqCst);
                            tokio::time::sleep(Duration::from_millis(50)).await;
                            continue;
                        } else {
                            refused.push(format!("{label}: {} {}", reply.status, reply.text));
                        }
                        break;
                    }
                }
                (done, refused)
            }));
        }
        within("a third of the actions before the cut", async {
            while acked.load(Ordering::SeqCst) < seats.len() * EACH / 3 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await;
        execute(
            &db,
            &format!(
                "SELECT pg_terminate_backend(pid, 5000) FROM skald_nodes WHERE address = '{}'",
                owner.base
            ),
        )
        .await;
        let cut = std::time::Instant::now();
        let before = acked.load(Ordering::SeqCst);
        let by_2s = {
            let acked = Arc::clone(&acked);
            tokio::spawn(async move {
                tokio::time::sleep_until((cut + Duration::from_secs(2)).into()).await;
                acked.load(Ordering::SeqCst)
            })
        };
        // A node that never loaded the table takes it if it is free; then the old owner, which
        // still believes it owns the table, is sent an action at once.
        let mut done = Vec::new();
        for (node, label) in [
            (&third, "taken after the cut"),
            (&here, "right after the cut"),
        ] {
            let reply = node.act(&table, &created.gm, roll(label)).await;
            done.push((label.to_owned(), reply["seq"].as_u64().unwrap()));
        }
        let first_ms = cut.elapsed().as_millis();
        spread.store(3, Ordering::SeqCst);
        let mut refused = Vec::new();
        for client in clients {
            let (d, r) = client.await.unwrap();
            done.extend(d);
            refused.extend(r);
        }
        let within_2s = by_2s.await.unwrap() - before;
        assert_eq!(refused, Vec::<String>::new(), "no action refused");
        assert_eq!(done.len(), seats.len() * EACH + 2);
        let mut seqs: Vec<u64> = done.iter().map(|(_, seq)| *seq).collect();
        seqs.sort_unstable();
        seqs.dedup();
        assert_eq!(seqs.len(), done.len(), "one seq per acknowledged action");
        // The epoch's end reveals its seed: every roll can then be checked.
        there
            .act(&table, &created.gm, json!({"do": "end_epoch"}))
            .await;

        let export = |http: Http| {
            let (table, gm) = (table.clone(), created.gm.clone());
            async move {
                http.get(&format!("/api/tables/{table}/export"), Some(&gm))
                    .await
            }
        };
        let caught_up = std::time::Instant::now();
        let (text, waited) = tokio::time::timeout(Duration::from_secs(5), async {
            loop {
                let a = export(here.clone()).await;
                let (b, c) = (export(there.clone()).await, export(third.clone()).await);
                if a.status == 200 && a.text == b.text && a.text == c.text {
                    return (a.text, caught_up.elapsed());
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await
        .expect("the three nodes' exports identical within 5 s");
        let exported: Value = serde_json::from_str(&text).unwrap();
        let records: Vec<skald_table::Record> =
            serde_json::from_value(exported["records"].clone()).unwrap();
        let rolls: Vec<&Value> = exported["records"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["body"]["kind"] == "dice_rolled")
            .collect();
        assert_eq!(
            rolls.len(),
            done.len(),
            "every roll in the log once, no other"
        );
        for (label, seq) in &done {
            let at = &exported["records"][usize::try_from(*seq).unwrap() - 1];
            assert_eq!(at["seq"], *seq);
            assert_eq!(
                at["body"]["label"],
                label.as_str(),
                "the record at seq {seq}"
            );
        }
        let report =
            skald_table::verify(skald_systems::REGISTRY, &records, exported["head"].as_str());
        assert!(report.ok() && report.unverified.is_empty(), "{report:?}");
        assert_eq!(report.rolls_verified, done.len());
        chain_as_documented(&text, "fenced");
        let fenced = log.text().matches("a write was fenced off").count();
        eprintln!(
            "fencing: {} actions acknowledged, {before} before the cut; the first through the old \
             owner after it in {first_ms} ms (the third node's first before it); {within_2s} more in the 2 s after it; {} retried (owner too busy); \
             {fenced} writes fenced off; exports identical after {waited:?}",
            done.len(),
            retried.load(Ordering::SeqCst)
        );
        drop(log);
        late.stop().await;
        other.stop().await;
        owner.stop().await;
    }
}

/// Unloading races with requests: a table that unloads between almost every request still loses
/// nothing, and every action is answered with the next seq.
#[tokio::test]
async fn a_table_unloading_under_load_loses_nothing() {
    for db in databases().await {
        let server = Server::start(
            &db,
            Limits {
                idle_unload: Duration::from_millis(1),
                ..limits()
            },
        )
        .await;
        let http = server.http();
        let created = http.create("chi", "Flicker").await;
        let table = created.table.clone();
        let clients = 4;
        let each = 60;
        let mut tasks = Vec::new();
        for client in 0..clients {
            let http = server.http_fresh();
            let (table, gm) = (table.clone(), created.gm.clone());
            tasks.push(tokio::spawn(async move {
                let mut failures = Vec::new();
                for i in 0..each {
                    let action = json!({"do": "roll", "notation": "1d6", "label": format!("c{client} r{i}")});
                    let reply = http.try_act(&table, &gm, &action).await;
                    if reply.status != 200 {
                        failures.push(format!("{} {}", reply.status, reply.text));
                    }
                }
                failures
            }));
        }
        let mut failures = Vec::new();
        for task in tasks {
            failures.extend(within("the clients", task).await.unwrap());
        }
        // Busy (503) is an allowed answer under load; anything else is not.
        let accepted = clients * each - failures.iter().filter(|f| f.starts_with("503")).count();
        assert!(
            failures.iter().all(|f| f.starts_with("503")),
            "{}: {failures:?}",
            server.label
        );
        assert!(
            accepted >= clients * each / 2,
            "{}: {failures:?}",
            server.label
        );
        // Read once the table has unloaded (a read racing an unload may be answered 503).
        live_tables_become(&http, 0).await;
        let log = http.log(&table, &created.gm, 0).await;
        assert_contiguous(&log, 1, server.label);
        assert_eq!(log.len(), 1 + accepted, "{}", server.label);
        server.stop().await;
    }
}

/// A table's task may unload (idle, here after 1 ms) between finding the table and asking it:
/// the question then goes to the table loaded again. The API, the WebSocket and the pages all ask
/// through `LiveTable`, so each of them gets this; with the question sent only once, each
/// `Unloading` below would reach the caller.
#[tokio::test]
async fn a_table_asked_after_its_task_unloaded_is_asked_again_loaded() {
    use skald_server::shapes::CreateTable;
    use skald_table::{Actor, Request};
    let db = common::sqlite();
    let store = skald_store::Store::open(&db.url).await.unwrap();
    let app = skald_server::App::new(
        store,
        Limits {
            idle_unload: Duration::from_millis(1),
            ..limits()
        },
        tokio_util::task::TaskTracker::new(),
        tokio_util::sync::CancellationToken::new(),
        None,
    )
    .await
    .unwrap();
    let client = skald_server::client::ClientAddr::new([127, 0, 0, 1].into());
    let request = CreateTable {
        system: "chi".into(),
        title: "Flicker".into(),
        options: Value::Null,
    };
    let created = skald_server::api::create_table(&app, client, None, request)
        .await
        .unwrap();
    let (table, _) = app
        .authenticate(&created.table, Some(&created.gm_token))
        .await
        .unwrap();
    // Each question below finds the task it was handed gone: it unloads after each answer.
    let unloaded = || async {
        within("the table to unload", async {
            while !table.handle().tx.is_closed() {
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        })
        .await;
    };
    unloaded().await;
    assert_eq!(table.summary(Actor::Gm).await.unwrap().title, "Flicker");
    unloaded().await;
    let (player, _) = table.join("Ann").await.unwrap();
    assert_eq!(player, 1);
    unloaded().await;
    let roll = Request::from_json(json!({"do": "roll", "notation": "1d6"})).unwrap();
    let records = table.act(Actor::Gm, roll).await.unwrap();
    assert_eq!(records.last().map(|r| r.seq), Some(3));
    unloaded().await;
    assert_eq!(table.after(Actor::Gm.into(), 0, 10).await.unwrap().1, 3);
    unloaded().await;
    assert!(table.invite().await.is_ok());
    unloaded().await;
    assert!(table.moves(Actor::Gm).await.is_ok());
    unloaded().await;
    let odds = table.odds(&json!({"do": "no_such_command"})).await;
    assert!(
        !matches!(odds, Err(skald_server::ApiError::Unloading)),
        "{odds:?}"
    );
}

/// Text with `|` (names, labels, notes, commands) and line breaks (notes: the one text of several
/// lines) stays inside its item of the Markdown report's story: one item per record, one line each.
#[tokio::test]
async fn the_markdown_report_keeps_one_item_per_record() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Pipes | and | bars").await;
    let table = &created.table;
    let (_, ann) = http.join(&created, "Ann | the GM").await;
    http.act(
        table,
        &ann,
        json!({"do": "roll", "notation": "1d6", "label": "a | b | 99 | forged | GM | row |"}),
    )
    .await;
    http.act(
        table,
        &created.gm,
        json!({"do": "note", "text": "line one\nline | two\n| 98 | forged |"}),
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
        // No text starts an item, a row or a line of its own: the story is 4 items, one per
        // record, each on one line.
        let story = &md.text
            [md.text.find("## The story\n").unwrap() + 13..md.text.find("## Appendix").unwrap()];
        let items: Vec<&str> = story.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(items.len(), 4, "{}", md.text);
        for (i, item) in items.iter().enumerate() {
            assert!(item.starts_with(&format!("- #{} · ", i + 1)), "{item}");
            assert!(!item.contains("\n| 98"), "{item}");
        }
    }
    server.stop().await;
}

/// When the log moves on without the table's task (a killed server's last batch landing after a
/// restart loaded the table, or another node), the task reads the log again and decides the action
/// that ran into it anew against the log as it is: the sender is answered as if nothing happened
/// (never `busy`), and nothing is lost.
#[tokio::test]
async fn a_log_that_moved_on_is_read_again() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Two writers").await;
    let table = &created.table;
    http.act(table, &created.gm, json!({"do": "roll", "notation": "1d6"}))
        .await; // 2
    // Another writer appends record 3 behind the server's back: a GM note, as any server writes it,
    // linked to record 2 in the log's hash chain.
    let export = http
        .get(&format!("/api/tables/{table}/export"), Some(&created.gm))
        .await
        .json();
    let head = export["head"].as_str().unwrap();
    let other = skald_store::Store::open(&db.url).await.unwrap();
    let note = skald_store::Row {
        seq: 3,
        kind: "note".into(),
        payload: format!(r#"{{"kind":"note","prev":"{head}"}}"#),
        secret: Some(r#"{"kind":"note","text":"written elsewhere"}"#.into()),
        audience: Some("gm".into()),
        at_ms: 0,
    };
    other.append(table, vec![note], Vec::new()).await.unwrap();
    other.close().await;
    let taken = http
        .act(table, &created.gm, json!({"do": "roll", "notation": "1d6"}))
        .await;
    assert_eq!(taken["seq"], 4, "{taken}");
    let again = http
        .act(table, &created.gm, json!({"do": "roll", "notation": "1d6"}))
        .await;
    assert_eq!(again["seq"], 5);
    let log = http
        .get(&format!("/api/tables/{table}/log"), Some(&created.gm))
        .await;
    assert!(log.text.contains("written elsewhere"), "{}", log.text);
    server.stop().await;
}

/// Refusals axum makes before a handler runs come in the API's error shape too.
#[tokio::test]
async fn every_refusal_is_json_even_before_a_handler() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Shapes").await;
    let table = &created.table;
    let cases = [
        (
            http.get("/api/no/such/route", None).await,
            404,
            "not_found",
            "no such API route: the routes are in /api/openapi.json",
        ),
        (
            http.get("/api/tables", None).await,
            405,
            "bad_request",
            "method not allowed",
        ),
        (
            http.get(
                &format!("/api/tables/{table}/log?after=-1"),
                Some(&created.gm),
            )
            .await,
            400,
            "bad_request",
            "after: \"-1\" is not a whole number from 0 to 9223372036854775807",
        ),
        (
            http.get(&format!("/api/tables/{table}/ws"), Some(&created.gm))
                .await,
            400,
            "bad_request",
            "this route is a WebSocket: connect with a WebSocket client (GET with Upgrade: \
             websocket)",
        ),
    ];
    for (reply, status, kind, message) in cases {
        common::assert_refused(&reply, status, kind, message, "sqlite");
    }
    server.stop().await;
}

#[tokio::test]
async fn the_openapi_description_lists_every_route() {
    // Every route `skald_server::router` serves.
    let routes = [
        ("post", "/api/tables"),
        ("get", "/api/tables/{id}"),
        ("post", "/api/tables/{id}/join"),
        ("get", "/api/tables/{id}/log"),
        ("post", "/api/tables/{id}/actions"),
        ("get", "/api/tables/{id}/export"),
        ("post", "/api/tables/{id}/invite"),
        ("post", "/api/tables/{id}/seat-link"),
        ("get", "/api/tables/{id}/moves"),
        ("post", "/api/tables/{id}/odds"),
        ("get", "/api/tables/{id}/ws"),
        ("get", "/api/openapi.json"),
        ("get", "/api/health"),
        ("get", "/api/ready"),
    ];
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let reply = server.http().get("/api/openapi.json", None).await;
    assert_eq!(reply.status, 200);
    assert!(reply.content_type.starts_with("application/json"));
    let spec = reply.json();
    assert_eq!(spec["openapi"], "3.1.0");
    let paths = spec["paths"].as_object().unwrap();
    for (method, path) in routes {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path} is not in openapi.json"
        );
    }
    // The systems a table may play are the registry's, as a release lists them (not the tests'
    // Toy, which this test build plays too).
    let systems = &spec["paths"]["/api/tables"]["post"]["requestBody"]["content"]["application/json"]
        ["schema"]["properties"]["system"]["enum"];
    assert_eq!(
        systems,
        &json!(skald_systems::released().collect::<Vec<_>>()),
        "{systems}"
    );
    server.stop().await;
}

/// The OpenAPI document is generated from the handlers and their types: every route the router
/// serves (`skald_server::routes::api`, the list the router is built from) is in it with its
/// method, a named schema for the body it reads if it reads one, and a schema for every answer but
/// the WebSocket's 101; it describes no route the router does not serve, and every `$ref` in it
/// resolves.
#[tokio::test]
async fn the_openapi_document_describes_every_route_with_its_schemas() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let spec = server.http().get("/api/openapi.json", None).await.json();
    let routes = skald_server::routes::api();
    let paths = spec["paths"].as_object().unwrap();
    for route in &routes {
        let method = route.method.as_str().to_lowercase();
        let what = format!("{method} {}", route.path);
        let operation = paths
            .get(&route.path)
            .and_then(|p| p.get(&method))
            .unwrap_or_else(|| panic!("{what} is not in the document"));
        // A body's schema is named, or written out as the named one is (the create body, whose
        // systems clients read in the route).
        let body = &operation["requestBody"]["content"]["application/json"]["schema"];
        let body = match body["$ref"].as_str() {
            Some(to) => spec
                .pointer(to.strip_prefix('#').unwrap_or(to))
                .unwrap_or(&Value::Null),
            None => body,
        };
        if operation.get("requestBody").is_some() {
            let schemas = spec["components"]["schemas"].as_object().unwrap();
            assert!(
                body.is_object() && schemas.values().any(|schema| schema == body),
                "{what}: its body is no named schema: {body}"
            );
        }
        let responses = operation["responses"].as_object().unwrap();
        assert!(
            responses.keys().any(|s| s.starts_with('2') || s == "101"),
            "{what}: no success answer"
        );
        for (status, response) in responses {
            if status == "101" {
                continue;
            }
            let content = response["content"]
                .as_object()
                .unwrap_or_else(|| panic!("{what} {status}: no content"));
            assert!(
                !content.is_empty() && content.values().all(|c| c["schema"].is_object()),
                "{what} {status}: an answer without a schema: {response}"
            );
        }
    }
    // Nothing described that is not served.
    for (path, item) in paths {
        for method in item.as_object().unwrap().keys() {
            assert!(
                routes
                    .iter()
                    .any(|r| &r.path == path && r.method.as_str().eq_ignore_ascii_case(method)),
                "{method} {path} is described but not served"
            );
        }
    }
    // Every reference resolves.
    fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(to)) = map.get("$ref") {
                    out.push(to);
                }
                map.values().for_each(|v| refs(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    refs(&spec, &mut found);
    assert!(!found.is_empty());
    for to in found {
        let pointer = to.strip_prefix('#').unwrap_or(to);
        assert!(spec.pointer(pointer).is_some(), "{to} does not resolve");
    }
    server.stop().await;
}

/// The status of `method url` (a POST with `body`).
async fn send(
    http: &common::Http,
    method: &str,
    url: &str,
    token: Option<&str>,
    body: &[u8],
) -> u16 {
    if method == "get" {
        http.get(url, token).await.status
    } else {
        http.post_bytes(url, token, body.to_vec()).await.status
    }
}

/// What schemathesis found against the served document (docs/reliability.md): routes answered 400,
/// 401, 404 and 429 where the document listed none of them, a log's `after` beyond any maximum,
/// and a title with control characters that the schema called valid. Each answer a table route
/// really gives is now one its operation lists.
#[tokio::test]
async fn every_answer_a_route_gives_is_in_the_openapi_description() {
    let db = common::sqlite();
    let mut strict = limits();
    strict.actions_per_second = 1;
    strict.action_burst = 1;
    strict.reads_per_second = 1;
    strict.read_burst = 1;
    let server = Server::start(&db, strict).await;
    let http = server.http();
    let spec = http.get("/api/openapi.json", None).await.json();
    let listed = |method: &str, path: &str, status: u16| {
        spec["paths"][path][method]["responses"]
            .get(status.to_string())
            .is_some()
    };
    let created = http.create("chi", "Described").await;
    let id = &created.table;
    let gm = created.gm.as_str();
    let get = ["", "/log", "/export", "/moves"];
    let post = [
        "/join",
        "/actions",
        "/odds",
        "/check",
        "/invite",
        "/seat-link",
    ];
    for (method, suffix) in get
        .iter()
        .map(|s| ("get", *s))
        .chain(post.iter().map(|s| ("post", *s)))
    {
        let path = format!("/api/tables/{{id}}{suffix}");
        let url = |table: &str| format!("/api/tables/{table}{suffix}");
        let answers = [
            send(&http, method, &url(id), None, b"{}").await,
            send(&http, method, &url("no-such-table"), Some(gm), b"{}").await,
            send(
                &http,
                method,
                &format!("{}?bogus=1", url(id)),
                Some(gm),
                b"{}",
            )
            .await,
            send(&http, method, &url(id), Some(gm), b"not json").await,
            send(&http, method, &url(id), Some(gm), b"{}").await,
            send(&http, method, &url(id), Some(gm), b"{}").await,
        ];
        for status in answers {
            assert!(
                listed(method, &path, status),
                "{method} {path} answered {status}, which openapi.json does not list"
            );
        }
        // Joining takes the invite, which is no seat: no seat's rate to reach there.
        if suffix != "/join" {
            assert!(
                answers.contains(&429),
                "{method} {path}: the seat's rate was not reached: {answers:?}"
            );
        }
    }
    // Creating with a body past the bound, and joining under a name already seated.
    let too_big = http
        .post(
            "/api/tables",
            None,
            &json!({"system": "chi", "title": "x".repeat(70_000)}),
        )
        .await;
    let first = http
        .post(
            &format!("/api/tables/{id}/join"),
            None,
            &json!({"invite": created.invite, "name": "Ann"}),
        )
        .await;
    let again = http
        .post(
            &format!("/api/tables/{id}/join"),
            None,
            &json!({"invite": created.invite, "name": "Ann"}),
        )
        .await;
    for (path, reply) in [
        ("/api/tables", &too_big),
        ("/api/tables/{id}/join", &first),
        ("/api/tables/{id}/join", &again),
    ] {
        assert!(
            listed("post", path, reply.status),
            "post {path} answered {}, which openapi.json does not list",
            reply.status
        );
    }
    assert_eq!((too_big.status, again.status), (413, 422));
    let after = spec["paths"]["/api/tables/{id}/log"]["get"]["parameters"]
        .as_array()
        .into_iter()
        .chain(spec["paths"]["/api/tables/{id}/log"]["parameters"].as_array())
        .flatten()
        .find(|p| p["name"] == "after")
        .cloned()
        .expect("the log documents after");
    assert_eq!(
        after["schema"]["maximum"].as_u64(),
        Some(skald_server::api::MAX_SEQ)
    );
    let title = &spec["paths"]["/api/tables"]["post"]["requestBody"]["content"]["application/json"]
        ["schema"]["properties"]["title"];
    assert!(
        title["pattern"]
            .as_str()
            .is_some_and(|p| p.contains("\\u0000-\\u001f")),
        "the title's pattern refuses control characters: {title}"
    );
    server.stop().await;
}

/// An action resent with its client id after its answer was lost (a dropped connection, a server
/// killed between commit and reply) is answered with its first records, over HTTP and the
/// WebSocket, also after a restart; it is never done twice.
#[tokio::test]
async fn a_resent_action_is_answered_once_never_done_twice() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let label = server.label;
        let http = server.http();
        let created = http.create("twenty", "Resent").await;
        let table = &created.table;
        let (_, ann) = http.join(&created, "Ann").await;
        let roll = json!({"do": "roll", "notation": "3d6", "client_id": "ann-0001"});
        let first = http.act(table, &ann, roll.clone()).await;
        let again = http.act(table, &ann, roll.clone()).await;
        assert_eq!(first, again, "{label}");
        assert_eq!(http.last_seq(table, &ann).await, 3, "{label}");
        assert_eq!(
            first["records"][0]["client"], "ann-0001",
            "{label}: the log keeps the id"
        );
        // The id is Ann's: the GM's ann-0001 is a new action.
        let gm = http.act(table, &created.gm, roll.clone()).await;
        assert_eq!(gm["seq"], 4, "{label}");
        // Over the WebSocket: acknowledged with the first seq, nothing new recorded.
        let mut ws = server.ws(table, &ann, 4).await;
        ws.hello().await;
        let mut records = Vec::new();
        let ack = ws.act(7, &roll, &mut records).await;
        assert_eq!(
            (ack["type"].as_str(), ack["seq"].as_u64()),
            (Some("ack"), Some(3)),
            "{label}: {ack}"
        );
        drop(ws);
        server.stop().await;
        let server = Server::start(&db, limits()).await;
        let http = server.http();
        let after_restart = http.act(table, &ann, roll).await;
        assert_eq!(after_restart, first, "{label}");
        assert_eq!(http.last_seq(table, &ann).await, 4, "{label}");
        let bad = http
            .try_act(
                table,
                &ann,
                &json!({"do": "roll", "notation": "1d6", "client_id": "no spaces"}),
            )
            .await;
        common::assert_refused(
            &bad,
            422,
            "refused",
            "the client id \"no spaces\" is not one: give 1 to 64 letters, digits, - or _",
            label,
        );
        server.stop().await;
    }
}

/// A `client_id` sent again with another action is refused (issue 30: it silently returned the
/// first action's answer); the same action sent again still gets its first records.
#[tokio::test]
async fn an_id_sent_again_with_another_action_is_refused() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let label = server.label;
    let http = server.http();
    let created = http.create("twenty", "Reused").await;
    let table = &created.table;
    let (_, ann) = http.join(&created, "Ann").await;
    let say = json!({"do": "say", "text": "hello", "client_id": "ann-0001"});
    let first = http.act(table, &ann, say.clone()).await;
    let other = json!({"do": "say", "text": "goodbye", "client_id": "ann-0001"});
    let bad = http.try_act(table, &ann, &other).await;
    common::assert_refused(
        &bad,
        400,
        "bad_request",
        "the client id \"ann-0001\" was sent before with another action; give each new action an \
         id of its own (only an action sent again keeps its id)",
        label,
    );
    assert_eq!(http.act(table, &ann, say).await, first, "{label}");
    assert_eq!(http.last_seq(table, &ann).await, 3, "{label}");
    server.stop().await;
}

/// A join refused for its name says so as every refusal does, by the field (`name: ...`), with no
/// prefix of the server's own.
#[tokio::test]
async fn a_join_refusal_names_the_name() {
    let db = common::sqlite();
    let server = Server::start(&db, limits()).await;
    let http = server.http();
    let created = http.create("chi", "Names").await;
    http.join(&created, "Ann").await;
    let path = format!("/api/tables/{}/join", created.table);
    let again = http
        .post(
            &path,
            None,
            &json!({"invite": created.invite, "name": " ANN "}),
        )
        .await;
    common::assert_refused(
        &again,
        422,
        "refused",
        "the name \"ANN\" is already seated (seat 1): the log must tell players apart, pick another",
        "taken",
    );
    let empty = http
        .post(&path, None, &json!({"invite": created.invite, "name": ""}))
        .await;
    common::assert_refused(&empty, 422, "refused", "Name is empty: fill it in", "empty");
    server.stop().await;
}

/// Runs `statement` on `db` over a connection of its own, beside the running server.
async fn execute(db: &common::Db, statement: &str) {
    use sqlx::{Connection as _, Executor as _};
    let mut conn = within("a connection", sqlx::AnyConnection::connect(&db.url))
        .await
        .unwrap();
    within(statement, conn.execute(statement)).await.unwrap();
    conn.close().await.unwrap();
}

/// `GET /api/ready` on both back ends: ready while the database's schema is this build's; 503
/// `not_ready`, saying why, once a newer build migrated the database under the running node (the
/// row a newer build's migration leaves), while `/api/health` still says the process is alive; and
/// ready again once the schema is this build's again.
#[tokio::test]
async fn ready_answers_whether_the_database_is_this_builds() {
    for db in databases().await {
        let server = Server::start(&db, limits()).await;
        let label = server.label;
        let http = server.http();
        let ready = json!({"ready": true, "backend": label});
        assert_eq!(
            http.get("/api/ready", None).await.expect(200),
            ready,
            "{label}"
        );
        execute(
            &db,
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, \
             execution_time) VALUES (5, 'from the future', TRUE, '', 0)",
        )
        .await;
        assert_refused(
            &http.get("/api/ready", None).await,
            503,
            "not_ready",
            "not ready: the database has schema version 5, newer than this build's 4: a newer \
             Skald migrated it; run that one (or a newer one) on it",
            label,
        );
        assert_eq!(http.health().await["ok"], true, "{label}");
        execute(&db, "DELETE FROM _sqlx_migrations WHERE version = 5").await;
        assert_eq!(
            http.get("/api/ready", None).await.expect(200),
            ready,
            "{label}"
        );
        server.stop().await;
    }
}

/// SQLite serves one node: a second server on the file a running one serves is refused at start,
/// naming PostgreSQL as the way to run several, and the first still answers; once the first has
/// stopped, a server starts on the file again (in this process, as the tests that restart do).
#[tokio::test]
async fn a_second_server_on_a_served_sqlite_file_is_refused_at_start() {
    let db = common::sqlite();
    let first = Server::start(&db, limits()).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let second = skald_server::serve(
        listener,
        &db.url,
        limits(),
        |addr| panic!("a second server started on {addr} over the same SQLite file"),
        std::future::pending(),
    );
    let refused = within("the second server's refusal", second).await;
    assert_eq!(
        refused.err().map(|e| e.to_string()),
        Some(format!(
            "database: {} is already served by another `skald serve` (process {}); SQLite serves \
             one node: to run several nodes, use one PostgreSQL database (docs/deploy.md)",
            db.url,
            std::process::id()
        ))
    );
    let ready = json!({"ready": true, "backend": "sqlite"});
    assert_eq!(
        first.http().get("/api/ready", None).await.expect(200),
        ready
    );
    first.stop().await;
    let again = Server::start(&db, limits()).await;
    assert_eq!(
        again.http().get("/api/ready", None).await.expect(200),
        ready
    );
    again.stop().await;
}
