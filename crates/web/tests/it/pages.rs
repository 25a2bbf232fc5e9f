#![allow(clippy::unwrap_used)]
//! The pages under the server's bounds, served as `skald serve` serves them (API and pages over one
//! server on 127.0.0.1, SQLite in a temporary file): the page that creates a table is held to the
//! client address's rate and tables per hour like the API, and asks for the creation key when the
//! server has one. Every wait is bounded.

use crate::common;

use common::{Server, answered, fresh, generous};
use skald_server::{CreationKey, Limits};
use std::time::Duration;

/// `POST /tables` with a form body: (status, Location, body).
async fn create(server: &Server, form: &str) -> (u16, String, String) {
    let response = fresh()
        .post(format!("{}/tables", server.base))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form.to_owned())
        .send()
        .await
        .unwrap();
    answered(response).await
}

/// The lobby's create route goes through the client address's rate, whatever the connection.
#[tokio::test]
async fn the_page_that_creates_tables_is_held_to_the_address_rate() {
    let server = Server::start(Limits {
        address_per_second: 1,
        address_burst: 4,
        ..generous()
    })
    .await;
    let mut statuses = Vec::new();
    for _ in 0..10 {
        statuses.push(create(&server, "system=chi&title=Flood").await.0);
    }
    assert_eq!(statuses, [303, 303, 303, 303, 429, 429, 429, 429, 429, 429]);
    let (_, _, body) = create(&server, "system=chi&title=Flood").await;
    assert_eq!(
        body,
        r#"{"error":{"kind":"limit","message":"too fast: at most 1 request per second from one address (bursts of 4)"}}"#
    );
}

/// The lobby's create route counts against the address's tables per hour, shared with the API.
#[tokio::test]
async fn the_page_that_creates_tables_counts_tables_per_hour() {
    let server = Server::start(Limits {
        tables_per_hour: 2,
        ..generous()
    })
    .await;
    let (status, location, _) = create(&server, "system=chi&title=One").await;
    assert_eq!(status, 303);
    assert!(
        location.starts_with("/t/") && location.ends_with("/welcome"),
        "{location}"
    );
    let api = fresh()
        .post(format!("{}/api/tables", server.base))
        .header("content-type", "application/json")
        .body(r#"{"system": "loqi", "title": "Two"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(api.status().as_u16(), 201);
    let (status, _, body) = create(&server, "system=chi&title=Three").await;
    assert_eq!(status, 429);
    assert!(
        body.contains(
            "one address may make at most 2 new tables per hour; try again in 30 minutes"
        ),
        "{body}"
    );
    // The lobby is shown again with the title kept.
    assert!(body.contains(r#"value="Three""#), "{body}");
}

/// The lobby says when the server is full (issue 30), before anyone fills in the form.
#[tokio::test]
async fn the_lobby_says_when_the_server_is_full() {
    let server = Server::start(Limits {
        max_tables: 1,
        ..generous()
    })
    .await;
    let lobby = |server: &Server| {
        let url = format!("{}/", server.base);
        async move { fresh().get(url).send().await.unwrap().text().await.unwrap() }
    };
    assert!(!lobby(&server).await.contains("server-full"));
    let (status, _, _) = create(&server, "system=chi&title=Only").await;
    assert_eq!(status, 303);
    let html = lobby(&server).await;
    assert!(
        html.contains(
            "This server is full: it holds 1 live table, its most. A table counts until it has \
             been quiet for 30 days (or, if nobody joined it, for 24 hours); try again later."
        ),
        "{html}"
    );
}

/// With a creation key the lobby asks for it; the page creates a table only with it, and never
/// shows it back.
#[tokio::test]
async fn the_lobby_asks_for_the_creation_key_when_the_server_has_one() {
    let open = Server::start(generous()).await;
    let lobby = fresh().get(format!("{}/", open.base)).send().await.unwrap();
    assert!(!lobby.text().await.unwrap().contains("creation_key"));

    let keyed = Server::start(Limits {
        creation_key: Some(CreationKey::new("open sesame").unwrap()),
        ..generous()
    })
    .await;
    let lobby = fresh()
        .get(format!("{}/", keyed.base))
        .send()
        .await
        .unwrap();
    let html = lobby.text().await.unwrap();
    assert!(
        html.contains(r#"<input name="creation_key" type="password" required"#),
        "{html}"
    );
    let (status, _, body) = create(&keyed, "system=chi&title=Keyed").await;
    assert_eq!(status, 403);
    assert!(
        body.contains("creation key: this server creates tables only with its creation key"),
        "{body}"
    );
    let (status, _, body) =
        create(&keyed, "system=chi&title=Keyed&creation_key=open+sesame%21").await;
    assert_eq!(status, 403);
    assert!(
        body.contains("creation key: the key given is not this server&#x27;s creation key"),
        "{body}"
    );
    assert!(!body.contains("sesame"), "{body}");
    let (status, location, _) =
        create(&keyed, "system=chi&title=Keyed&creation_key=open+sesame").await;
    assert_eq!(status, 303);
    assert!(location.ends_with("/welcome"), "{location}");
}

/// The GM's link restores an archived table, with the server at its cap: the table is live again
/// (in the store too), so it counts towards the cap once more.
#[tokio::test]
async fn the_gms_link_restores_an_archived_table() {
    let server = Server::start(Limits {
        max_tables: 2,
        archive_after: Duration::from_secs(2),
        ..generous()
    })
    .await;
    let api = |title: &str| {
        fresh()
            .post(format!("{}/api/tables", server.base))
            .header("content-type", "application/json")
            .body(format!(r#"{{"system": "chi", "title": "{title}"}}"#))
            .send()
    };
    let old: serde_json::Value = api("Old").await.unwrap().json().await.unwrap();
    tokio::time::sleep(Duration::from_millis(2200)).await;
    assert_eq!(api("New").await.unwrap().status().as_u16(), 201);
    let (table, gm) = (
        old["table"].as_str().unwrap(),
        old["gm_token"].as_str().unwrap(),
    );
    let enter = fresh()
        .get(format!("{}/t/{table}/enter?token={gm}", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(enter.status().as_u16(), 303);
    // "Old" and "New" are live: the server is full. (Had "Old" stayed archived, the store's
    // count would have made room.)
    let full = api("Third").await.unwrap();
    assert_eq!(full.status().as_u16(), 429);
    let body = full.text().await.unwrap();
    assert!(
        body.contains("this server holds 2 live tables at most"),
        "{body}"
    );
}

/// `value` encoded for a form body: every byte but letters and digits as `%XX`.
fn encoded(value: &str) -> String {
    value
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The lobby offers Freelancer's stat formulas as a choice (none, or Skald's starting set, F8), and
/// the page that creates tables reads the choice's value: the starting set makes a table, a formula
/// the rules refuse does not.
#[tokio::test]
async fn the_lobby_offers_freelancers_starting_formulas() {
    let server = Server::start(generous()).await;
    let lobby = fresh()
        .get(format!("{}/", server.base))
        .send()
        .await
        .unwrap();
    let html = lobby.text().await.unwrap();
    assert!(
        html.contains(
            r#"<select name="opt_formulas" aria-describedby="help-freelancer-formulas">"#
        ),
        "{html}"
    );
    // One line of help under each option, tied to its blank.
    assert!(
        html.contains(
            "<p class=\"muted small option-help\" id=\"help-freelancer-ap_per_level\">Ability points a \
             character gains at each level: the book says at least 1 for long campaigns, and about 5 \
             for a one-shot.</p>"
        ),
        "{html}"
    );
    for key in [
        "initiative",
        "opposed",
        "both_miss",
        "ap_per_level",
        "formulas",
    ] {
        assert!(
            html.contains(&format!("id=\"help-freelancer-{key}\"")),
            "{key}"
        );
    }
    assert!(
        html.contains("<option value='{}' selected>none: the GM enters every stat</option>"),
        "{html}"
    );
    assert!(
        html.contains(
            "Skald&#x27;s starting set: each stat the sum of the attributes that affect it"
        ),
        "{html}"
    );
    let starting = skald_freelancer_starting();
    let (status, location, body) = create(
        &server,
        &format!(
            "system=freelancer&title=Formulas&opt_formulas={}",
            encoded(&starting)
        ),
    )
    .await;
    assert_eq!(status, 303, "{body}");
    assert!(location.ends_with("/welcome"), "{location}");
    let (status, _, body) = create(
        &server,
        &format!(
            "system=freelancer&title=Bad&opt_formulas={}",
            encoded(r#"{"HP": "MIT + VIG"}"#)
        ),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("names MIT at character 1"), "{body}");
}

/// The starting set as the lobby's choice holds it, from Freelancer's option fields (the registry's).
fn skald_freelancer_starting() -> String {
    let listed = skald_systems::REGISTRY.find("freelancer").unwrap();
    let formulas = (listed.option_fields)()
        .into_iter()
        .find(|f| f.name == "formulas")
        .unwrap();
    let skald_core::FieldKind::Choice { options, .. } = formulas.kind else {
        panic!("a choice")
    };
    options[1].value.to_string()
}

/// `GET path` on the server: (status, body).
async fn get(server: &Server, path: &str, token: Option<&str>) -> (u16, String) {
    let mut request = fresh().get(format!("{}{path}", server.base));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// A new table of `system` by the API: (table, GM token).
async fn table_of(server: &Server, system: &str) -> (String, String) {
    let created: skald_server::shapes::Created = fresh()
        .post(format!("{}/api/tables", server.base))
        .header("content-type", "application/json")
        .body(format!(r#"{{"system": "{system}", "title": "Rules"}}"#))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    (created.table, created.gm_token)
}

/// Each system's rules page states every ruling under its code as an anchor; the page on the
/// dice's fairness is served; a system Skald does not play has no page.
#[tokio::test]
async fn each_system_has_a_rules_page_with_an_anchor_per_ruling() {
    let server = Server::start(generous()).await;
    for system in skald_systems::REGISTRY.iter() {
        let (status, html) = get(&server, &format!("/rules/{}", system.name), None).await;
        assert_eq!(status, 200, "{html}");
        assert!(html.contains(&format!(
            "<h1>{}: the rules as Skald plays them</h1>",
            system.title
        )));
        for ruling in system.rulings.rulings {
            let anchor = format!(
                "<section class=\"ruling\" id=\"{}\" tabindex=\"-1\"",
                ruling.code
            );
            assert_eq!(
                html.matches(&anchor).count(),
                1,
                "{}: {anchor}",
                system.name
            );
            assert!(html.contains(&format!("<a href=\"#{0}\">{0}</a>", ruling.code)));
        }
    }
    let (status, html) = get(&server, "/rules/twenty", None).await;
    assert_eq!(status, 200);
    assert!(
        html.contains("<h3 id=\"T3-title\"><span class=\"code\">T3</span> Who is winning</h3>")
    );
    let (status, html) = get(&server, "/rules/dnd", None).await;
    assert_eq!(status, 404);
    assert!(html.contains(&format!(
        "no rules page for &quot;dnd&quot;: Skald plays {}",
        skald_systems::REGISTRY.names_listed()
    )));
    let (status, html) = get(&server, "/fairness", None).await;
    assert_eq!(status, 200);
    assert!(html.contains("<h1>How the dice are kept fair</h1>"));
}

/// The lobby, the table page and the report link each ruling their texts cite, and
/// docs/fairness.md, to the served pages.
#[tokio::test]
async fn the_pages_link_the_rulings_they_cite() {
    let server = Server::start(generous()).await;
    let (_, lobby) = get(&server, "/", None).await;
    assert!(
        lobby.contains(
            // One span: a check's label is a flex row, where a bare link would stand apart
            // from its parentheses ("( T9 )", a fresh user saw).
            "<span>Special equipment can break (<a class=\"rule-link\" href=\"/rules/twenty#T9\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">T9</a>)</span></label>"
        ),
        "{lobby}"
    );
    let (table, gm) = table_of(&server, "twenty").await;
    let (status, page) = get(&server, &format!("/t/{table}"), Some(&gm)).await;
    assert_eq!(status, 200);
    // A builder's help cites T1; the fair dice's note cites docs/fairness.md.
    assert!(
        page.contains("<a class=\"rule-link\" href=\"/rules/twenty#T1\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">T1</a>"),
        "{page}"
    );
    assert!(page.contains("(<a class=\"doc-link\" href=\"/fairness\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">how the dice are kept fair</a>)"));
    assert!(page.contains("data-rule-codes=\"T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14\""));
    let (_, report) = get(
        &server,
        &format!("/api/tables/{table}/export?format=html"),
        Some(&gm),
    )
    .await;
    assert!(
        report.contains("(<a class=\"doc-link\" href=\"/fairness\" target=\"_blank\" rel=\"noopener\" title=\"opens in a new tab\">how the dice are kept fair</a>)"),
        "{report}"
    );
}

/// `POST /t/{table}/odds` with `command`, as the GM: the fragment.
async fn odds(server: &Server, table: &str, gm: &str, command: &str) -> String {
    let response = fresh()
        .post(format!("{}/t/{table}/odds", server.base))
        .bearer_auth(gm)
        .header("content-type", "application/json")
        .body(command.to_owned())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    response.text().await.unwrap()
}

/// The free roller shows its notation's exact odds before rolling: each total of 2d6 as a
/// percentage with its fraction; exploding dice with a note after the list; a notation too big to
/// list says so at once.
#[tokio::test]
async fn the_free_roller_shows_the_odds_of_its_notation() {
    let server = Server::start(generous()).await;
    let (table, gm) = table_of(&server, "chi").await;
    let html = odds(
        &server,
        &table,
        &gm,
        r#"{"do": "roll", "notation": "2d6", "label": ""}"#,
    )
    .await;
    assert!(
        html.contains(
            "<figure class=\"odds-box\">\n<figcaption class=\"odds-summary\">2d6: 2 to 12, mean 7. \
             The chance of each total:</figcaption>"
        ),
        "{html}"
    );
    assert!(html.contains("<span class=\"chance-label\">7</span>"));
    assert!(html.contains(
        "<span class=\"chance-p\"><b>16.7%</b> <small class=\"exact\">1&#x2f;6</small></span>"
    ));
    assert_eq!(html.matches("<div class=\"chance\">").count(), 11);
    assert!(!html.contains("odds-note"), "{html}");
    // Exploding dice: the summary stays the list's heading; where explosions stop is a note after
    // the list.
    let html = odds(
        &server,
        &table,
        &gm,
        r#"{"do": "roll", "notation": "4d6!kh3", "label": ""}"#,
    )
    .await;
    assert!(
        html.contains(
            "<figcaption class=\"odds-summary\">4d6!kh3: 3 to 18, mean 12.83 (299383&#x2f;23328). \
             The chance of each total:</figcaption>"
        ),
        "{html}"
    );
    assert_eq!(html.matches("<div class=\"chance\">").count(), 16);
    assert!(
        html.ends_with(
            "<p class=\"odds-note small\">Each die rerolls or explodes at most 100 times, in these \
             odds as when you roll.</p>\n</figure>\n"
        ),
        "{html}"
    );
    // The chart says what it shows: a figure captioned by the summary (above), and a
    // distribution's bars named in words.
    let (freelancer, freelancer_gm) = table_of(&server, "freelancer").await;
    let html = odds(
        &server,
        &freelancer,
        &freelancer_gm,
        r#"{"do": "roll_die", "die": 6, "count": 2}"#,
    )
    .await;
    assert!(
        html.contains("<figcaption class=\"odds-summary\">2d6: on each die 6 is a Crit"),
        "{html}"
    );
    assert!(
        html.contains(
            " role=\"img\" aria-label=\"A bar chart of the chance of each of the 11 results, \
             2 to 12, each bar as tall as its chance\">"
        ),
        "{html}"
    );
    let html = odds(
        &server,
        &table,
        &gm,
        r#"{"do": "secret_roll_dice", "notation": "1000d6"}"#,
    )
    .await;
    assert!(html.contains("<p class=\"odds-refused small\">Too big to work out exactly here: 1000d6 has at least 5001 possible totals"), "{html}");
    let html = odds(&server, &table, &gm, r#"{"do": "roll", "notation": "2d"}"#).await;
    assert_eq!(
        html,
        "<p class=\"muted small\">Type dice such as 2d6+1 to see their odds.</p>"
    );
}

/// A blank's label holds its short name only: the help under it is outside the `<label>` (skald.js
/// ties it back with aria-describedby), so a screen reader does not read a paragraph as the name
/// (issue 16: the Physical field's name was its whole help). Every system's table page, as the GM.
#[tokio::test]
async fn no_label_holds_its_blanks_help() {
    let server = Server::start(generous()).await;
    for system in skald_systems::REGISTRY.iter() {
        let (table, gm) = table_of(&server, system.name).await;
        let (status, page) = get(&server, &format!("/t/{table}"), Some(&gm)).await;
        assert_eq!(status, 200);
        let mut labels = 0;
        for label in page.split("<label").skip(1) {
            let inside = &label[..label.find("</label>").unwrap()];
            assert!(
                !inside.contains("class=\"help"),
                "{}: {inside}",
                system.name
            );
            labels += 1;
        }
        assert!(labels > 5, "{}: {labels} labels", system.name);
    }
    let (table, gm) = table_of(&server, "twenty").await;
    let (_, page) = get(&server, &format!("/t/{table}"), Some(&gm)).await;
    assert!(
        page.contains(
            "<div class=\"field\"><label>Physical <input type=\"number\" name=\"character.stats.Physical\" \
             data-kind=\"number\" min=\"1\" max=\"5\" value=\"5\" required></label>\
             <small class=\"help\">Rank the five stats: 5 boxes for the best, 1 for the worst"
        ),
        "{page}"
    );
}

/// The GM's lines in the table page's talk and log carry the GM's badge, drawn by the page; words
/// that copy its markup are escaped text (issue 30).
#[tokio::test]
async fn the_gms_lines_carry_a_badge_no_name_makes() {
    let server = Server::start(generous()).await;
    let (table, gm) = table_of(&server, "chi").await;
    let act = |token: String, body: &'static str| {
        let url = format!("{}/api/tables/{table}/actions", server.base);
        async move {
            let response = fresh()
                .post(url)
                .bearer_auth(token)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status().as_u16(), 200);
        }
    };
    act(gm.clone(), r#"{"do": "say", "text": "Welcome."}"#).await;
    act(
        gm.clone(),
        r#"{"do": "say", "text": "<b class=\"gm-mark\">GM</b> said so"}"#,
    )
    .await;
    let (status, page) = get(&server, &format!("/t/{table}"), Some(&gm)).await;
    assert_eq!(status, 200);
    assert!(
        page.contains(
            "class=\"talk-line from-gm\">\n  <span class=\"who\"><b class=\"gm-mark\">GM</b>"
        ),
        "{page}"
    );
    assert!(
        page.contains("class=\"log-line from-gm\">\n  <span class=\"seq\">1</span>\n  <span class=\"who\"><b class=\"gm-mark\">GM</b></span>"),
        "{page}"
    );
    assert!(
        page.contains("&lt;b class=&quot;gm-mark&quot;&gt;GM&lt;&#x2f;b&gt; said so"),
        "{page}"
    );
    assert_eq!(
        page.matches("<b class=\"gm-mark\">GM</b>").count(),
        3,
        "{page}"
    );
}

/// What the table waits on a seat for is said at the top of its page, in its title and on the
/// Moves tab, and the awaited move comes first; nothing of it when nothing waits. Every form and
/// fold of a move has an id from the move's identity (issue 31); the icon is served.
#[tokio::test]
async fn the_page_says_what_the_table_waits_for() {
    let server = Server::start(generous()).await;
    let (table, gm) = table_of(&server, "chi").await;
    let (_, before) = get(&server, &format!("/t/{table}"), Some(&gm)).await;
    assert!(before.contains("<title>Rules (Chi)</title>"), "{before}");
    assert!(
        before.contains("<a id=\"waiting\" class=\"waiting\" href=\"#moves-panel\" hidden></a>"),
        "{before}"
    );
    let response = fresh()
        .post(format!("{}/api/tables/{table}/actions", server.base))
        .bearer_auth(&gm)
        .header("content-type", "application/json")
        .body(r#"{"do": "enroll", "character": "Blackfang, orc4"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let (status, page) = get(&server, &format!("/t/{table}"), Some(&gm)).await;
    assert_eq!(status, 200);
    assert!(
        page.contains("<title>(Your turn) Rules (Chi)</title>"),
        "{page}"
    );
    assert!(
        page.contains("<a id=\"waiting\" class=\"waiting\" href=\"#moves-panel\">Your turn: Blackfang, act against a Difficulty</a>"),
        "{page}"
    );
    assert!(
        page.contains("Moves <span class=\"badge turn-badge\">Your turn</span>"),
        "{page}"
    );
    let lead = page.find("<div class=\"lead\"").unwrap();
    assert!(
        page[lead..].starts_with("<div class=\"lead\" id=\"part-lead\" data-part=\"lead\" data-awaited=\"Your turn: Blackfang, act against a Difficulty\" data-awaited-short=\"Your turn\">"),
        "{}",
        &page[lead..]
    );
    assert!(
        page[lead..]
            .find("<form class=\"move\" id=\"move-")
            .is_some_and(|at| at < page[lead..].find("</div>\n").unwrap_or(0)),
        "the awaited move's form is the lead's"
    );
    // Every move's form and fold carries the key of its identity: 16 hex digits.
    let keyed = page.matches("<form class=\"move\" id=\"move-").count();
    assert!(keyed >= 5, "{page}");
    for part in page.split("<form class=\"move\" id=\"move-").skip(1) {
        let key = &part[..16];
        assert!(key.chars().all(|c| c.is_ascii_hexdigit()), "{key}");
        assert!(
            part[16..].starts_with(&format!("\" data-key=\"{key}")),
            "{part}"
        );
    }
    let response = fresh()
        .get(format!("{}/favicon.ico", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.headers()["content-type"], "image/x-icon");
    assert_eq!(response.bytes().await.unwrap().len(), 185);
    assert!(page.contains("<link rel=\"icon\" href=\"/favicon.ico\" sizes=\"32x32\">"));
}

/// A fair fight's proposal carries what it writes into its form (issue 32: the GM takes it with
/// "Use this"): the advice of a Chi character being enrolled against Ragnar's 8 dice proposes a
/// pool for each fight, each with a real button holding the builder's pool and the one-line
/// form's line as data, named for a screen reader by what it fills.
#[tokio::test]
async fn a_fair_fights_proposal_carries_its_values_for_the_form() {
    let server = Server::start(generous()).await;
    let (table, gm) = table_of(&server, "chi").await;
    let response = fresh()
        .post(format!("{}/api/tables/{table}/actions", server.base))
        .bearer_auth(&gm)
        .header("content-type", "application/json")
        .body(
            r#"{"do": "enroll", "character": {"name": "Ragnar", "words": ["fierce", "arrogant", "savage"], "occupation": "barbarian", "pool": 8}}"#,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let response = fresh()
        .post(format!("{}/t/{table}/advice?alone=1", server.base))
        .bearer_auth(&gm)
        .header("content-type", "application/json")
        .body(r#"{"do": "enroll", "character": {"name": "Orc", "words": [], "occupation": "orc", "pool": 3}}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let html = response.text().await.unwrap();
    assert!(
        html.contains(
            "<button type=\"button\" class=\"use-this\" data-fill='{\"character\": \"Orc, orc8\", \"character.pool\": 8}' \
             aria-label=\"Use this: give the character being made a pool of 8, for the even fight\">Use this</button>"
        ),
        "{html}"
    );
    assert_eq!(html.matches("class=\"use-this\"").count(), 3, "{html}");
    // A draft that is not a command yet (its pool emptied): no advice, said as a 422 with no
    // body, so the page keeps the advice it shows instead of dropping it.
    let response = fresh()
        .post(format!("{}/t/{table}/advice?alone=1", server.base))
        .bearer_auth(&gm)
        .header("content-type", "application/json")
        .body(r#"{"do": "enroll", "character": {"name": "Orc", "words": [], "occupation": "orc"}}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 422);
    assert_eq!(response.text().await.unwrap(), "");
}
